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


def test_foothills_bounds_are_derived_from_the_rules_and_data() -> None:
    """The derivation of docs/ai.md ("Bounds") for Foothills, figure by figure (seed 001
    "Spielablauf": a turn is one action card, its action, the flip; "Spielende und Wertung":
    no rule ends the game by turns, so the safety net `turn_limit` does). Per action, from
    data/action_cards.toml and data/railways.toml: a take asks at most once per resource, a
    rubble action once per pick, works once per time; Landscaper (a D side with a flip)
    building Barmouth Ferry asks the most - the station, a flip for each of the 5 cards in
    the bar and the stop, then the flip of another card: 8, and 9 with the card's choice."""
    from snowdonia.games.foothills.ai import encoding as fe
    from snowdonia.games.foothills.data import CATEGORIES
    from snowdonia.games.foothills.rules.config import config

    cfg = config(("I", "II", "III", "IV", "V", "VI", "VII", "VIII"), "blue-green", 0)
    sides = {cfg.ac_grey[ac].key: cfg.ac_grey[ac] for ac in range(cfg.n_ac)}
    mains = {cfg.ac_gold[ac].family: cfg.ac_gold[ac] for ac in range(cfg.n_ac)}
    assert fe._action_decisions(cfg, mains["take"]) == cfg.params["stockyard"].take == 3
    assert fe._action_decisions(cfg, mains["rubble"]) == cfg.params["rubble"].picks == 1
    assert fe._action_decisions(cfg, mains["works"]) == cfg.params["works"].times == 3
    assert fe._action_decisions(cfg, sides["landschaftsplaner"]) == 1 + (len(CATEGORIES) + 1) + 1 == 8
    # the main station action has no flip: the station and the ferry
    assert fe._action_decisions(cfg, mains["station"]) == 1 + len(CATEGORIES) + 1 == 7
    # Draughtsman (Bauzeichner): the move, then a space's 2 decisions and its flip
    assert fe._action_decisions(cfg, sides["bauzeichner"]) == 4
    assert fe.max_decisions_per_turn(cfg) == 1 + 8
    assert fe.max_turns(cfg) == cfg.turn_limit == 500
    assert fe.max_turns(config(cfg.railways, "blue-green", 11)) == 12  # the other seat's last turn
    enc = resolve("foothills", 2, None).encoder()
    assert enc.max_decisions == 2 + 500 * 9 == 4502
    small = resolve("foothills", 2, None, turn_limit=10).encoder()
    assert small.max_decisions == 2 + 10 * 9
    # Scores (seed "Spielende und Wertung"): 16 markers at best 5 VP + the Architect's 2 (a
    # track: at most 2), 34 cards cleared at 1 VP, and 250 turns a seat at the best space's
    # 3 VP plus Field Worker's 1; passengers: 16 stations at 2 and 250 turns at a space's 2
    # plus a Tourist's 1; 2 route bonuses at 3, the summit 2; a pile of 16 cards, the 5 with
    # the passengers field at 782 // 2, the other 11 at 16 (stations built).
    vp = 16 * (5 + 2) + 34 * 1 + 250 * (3 + 1)
    passengers = 16 * 2 + 250 * (2 + 1)
    assert enc.score_bounds == (0.0, vp + 2 * 3 + 2 + passengers / 2 + 5 * (passengers // 2) + 11 * 16) == (0.0, 3676.0)
    vp, passengers = 16 * 7 + 34 + 5 * 4, 16 * 2 + 5 * 3
    assert small.score_bounds == (0.0, vp + 8 + passengers / 2 + 5 * (passengers // 2) + 11 * 16) == (0.0, 488.5)


@pytest.mark.parametrize("seed", range(40))
def test_no_foothills_turn_asks_more_than_the_per_turn_figure(seed: int) -> None:
    """Turn by turn (a random game and a greedy one per seed): the decisions between two
    turns never exceed `max_decisions_per_turn`, and the set-up asks one per player."""
    from snowdonia.games.foothills.ai import encoding as fe

    setup = resolve("foothills", 2, None)
    for bots in (None, [make_bot("greedy", seed * 10 + p, game="foothills") for p in range(2)]):
        g = setup.new_game(seed)
        per_turn = fe.max_decisions_per_turn(g.cfg)
        rng = random.Random(seed)
        counts: dict[int, int] = {}
        while not g.is_over:
            turn = g.turn
            g.apply(bots[g.current_player].choose(g) if bots else rng.choice(g.legal_actions()))
            counts[turn] = counts.get(turn, 0) + 1
        assert counts.get(0, 0) <= 2
        assert max(counts.values()) <= per_turn, (seed, max(counts.values()))
