"""The declared bounds hold in many games (issue 22, item 2): `Encoder.max_decisions`
(OpenSpiel's `max_game_length`) bounds the player decisions and `Encoder.score_bounds`
(`min_utility` / `max_utility` with `returns="scores"`) every final score, in random and
bot games of every title, scenario and player count - at the default safety limit and at
the smallest one a title allows, where the per-round (per-turn) part of the bound is all
that is left and a wrong count would show first."""

from __future__ import annotations

import random
from typing import Any

import pytest
from adapter_kit import configurations, ids

from snowdonia.adapters.common import resolve
from snowdonia.bots import make_bot
from snowdonia.registry import title

GAMES = 24  # random games per configuration and limit
BOT_GAMES = 4  # greedy games per configuration


def _smallest_limit(game: str) -> dict[str, Any]:
    """The safety limit setting (`*_limit`) at the smallest value the title accepts."""
    out: dict[str, Any] = {}
    for spec in title(game).settings:
        if spec.key.endswith("_limit") and spec.kind == "int":
            for value in range(1, 1000):
                try:
                    resolve(game, None, None, **{spec.key: value})
                except Exception:  # the title refuses a limit this small
                    continue
                out[spec.key] = value
                break
    return out


def _play(setup: Any, seed: int, bots: list[Any] | None) -> Any:
    g = setup.new_game(seed)
    rng = random.Random(seed)
    while not g.is_over:
        seat = g.current_player
        g.apply(bots[seat].choose(g) if bots else rng.choice(g.legal_actions()))
    return g


def _check(setup: Any, g: Any) -> None:
    enc = setup.encoder()
    lo, hi = enc.score_bounds
    assert g.moves <= enc.max_decisions, (setup.describe(), g.moves, enc.max_decisions)
    assert all(lo <= s <= hi for s in g.outcome().scores), (setup.describe(), g.outcome().scores, hi)


@pytest.mark.parametrize("config", configurations(), ids=ids)
def test_no_random_or_bot_game_exceeds_the_declared_bounds(config: tuple[str, str, int]) -> None:
    game, scenario, players = config
    setups = [resolve(game, players, scenario), resolve(game, players, scenario, **_smallest_limit(game))]
    assert setups[1].encoder().max_decisions < setups[0].encoder().max_decisions
    for k, setup in enumerate(setups):
        for seed in range(GAMES):
            _check(setup, _play(setup, 1000 * k + seed, None))
    for seed in range(BOT_GAMES):
        bots = [make_bot("greedy", seed * 10 + p, game=game) for p in range(players)]
        _check(setups[0], _play(setups[0], seed, bots))


def test_snowdonia_bounds_are_derived_from_the_rules_and_data() -> None:
    """The derivation of docs/ai.md ("Bounds"), figure by figure, for Mount Snowdon at 3
    players: 16 ownership markers on the best sites and track cards, the best surveyor
    station and train bonus, the contracts' bonuses as far as 16 markers and the box's
    rubble can meet them; per round one hire question, three placements, a window turn in
    each contract area and three labourers per player, and No. 6's extra Build."""
    enc = resolve("snowdonia", 3, "mount_snowdon").encoder()
    small = resolve("snowdonia", 3, "mount_snowdon", round_limit=5).encoder()
    per_round = (enc.max_decisions - small.max_decisions) // (60 - 5)
    assert per_round == 3 * (1 + 3 + 7 + 3) + 1
    per_game = enc.max_decisions - 60 * per_round
    assert per_game == small.max_decisions - 5 * per_round
    # every contract in the game played, one follow-up each; one maintenance per train owner
    assert per_game == 2 * 30 + 3
    assert enc.score_bounds == (0.0, 438.0)
    # a stricter limit on the rounds can only lower the bound; the scores do not depend on it
    assert small.score_bounds == enc.score_bounds
