"""The mcts bot: levels, legality, determinism, and the forward-model check (after TAG's
ForwardModelTester): searching a position must leave the real game exactly as it was."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from snowdonia import new_game
from snowdonia.bots import bot_kinds, make_bot
from snowdonia.bots.mcts import Budget, MctsBot
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.state import SLOTS

from .conftest import positions


def _snapshot(g: Game) -> dict[str, Any]:
    """Everything a search could disturb: every state slot (deep-copied), the history,
    the log, the generator, and every seat's observation."""
    state = {s: copy.deepcopy(getattr(g, s)) for s in SLOTS if s not in ("cfg", "_legal")}
    return {
        "state": state,
        "history": list(g.history),
        "log": list(g.log_lines),
        "rng": g.rng,
        "legal": list(g.legal_actions()),
        "obs": [g.observation(s) for s in range(g.cfg.players)] + [g.observation(None)],
        "record": g.record(),
    }


def _positions(players: int, seed: int, count: int) -> list[Any]:
    """`count` Mount Snowdon positions spread over a random game (each one a separate live Game)."""
    return positions("snowdonia", None, players, seed, count, share=0.25)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_search_never_changes_the_real_game(players: int) -> None:
    checked = 0
    for seed in (players * 100 + 1, players * 100 + 2):
        for g in _positions(players, seed, 5):
            before = _snapshot(g)
            bot = MctsBot(Budget(iterations=15), seed=seed)
            action = bot.choose(g)
            assert _snapshot(g) == before
            assert action in g.legal_actions()
            checked += 1
    assert checked >= 6


def test_level_strings() -> None:
    assert "mcts" in bot_kinds()
    assert Budget.parse("200") == Budget(iterations=200)
    assert Budget.parse("1s") == Budget(seconds=1.0)
    assert Budget.parse("0.5s") == Budget(seconds=0.5)
    assert make_bot("mcts:0.5s").name == "mcts:0.5s"
    assert make_bot("mcts:20").name == "mcts:20"
    for bad in ("abc", "0", "-3", "0s", "1m"):
        with pytest.raises(ValueError):
            make_bot(f"mcts:{bad}")


def test_iteration_budget_is_a_maximum_and_search_is_reproducible() -> None:
    g = _positions(3, 7, 3)[1]
    a = MctsBot(Budget(iterations=60), seed=3)
    b = MctsBot(Budget(iterations=60), seed=3)
    assert a.choose(g) == b.choose(g)
    assert 0 < a.last_iterations <= 60


def test_time_budget_runs_iterations_within_the_time() -> None:
    g = _positions(3, 9, 2)[0]
    bot = make_bot("mcts:0.2s", 1)
    assert isinstance(bot, MctsBot)
    bot.choose(g)
    assert bot.last_iterations >= 1
    # Generous bound: the budget is checked between iterations, which take milliseconds.
    assert bot.last_seconds < 2.0


def test_early_stop_when_the_leader_cannot_be_caught() -> None:
    """With one dominant option the search stops before using its whole budget."""
    from snowdonia.bots.mcts import Node

    root = Node(3)
    for visits, key in ((500, "x"), (10, "y")):
        child = Node(3)
        child.visits = visits
        root.children[key] = child  # type: ignore[index]
    assert MctsBot._decided(root, 510, 0.0, None, 600)
    assert not MctsBot._decided(root, 510, 0.0, None, 2000)


def test_mcts_beats_random() -> None:
    """A fixed small match (deterministic: iteration budgets and seeds)."""
    from snowdonia.sim.runner import GameSpec, play

    wins = 0
    for i in range(3):
        seats = tuple("mcts:40" if s == i else "random" for s in range(3))
        res = play(GameSpec(seats, 500 + i))
        wins += i in res["winners"]
    assert wins >= 2


def test_the_snapshot_notices_a_search_that_touches_the_game() -> None:
    """The checker above can fail: a step on the real game, or a generator draw, shows up."""
    from snowdonia.core.rng import next_u64
    from snowdonia.games.snowdonia.rules import flow

    g = _positions(3, 5, 2)[0]
    before = _snapshot(g)
    g.rng, _ = next_u64(g.rng)
    assert _snapshot(g) != before
    g2 = _positions(3, 5, 2)[0]
    before2 = _snapshot(g2)
    flow.apply(g2, g2.legal_actions()[0])
    assert _snapshot(g2) != before2


def test_compiled_playout_equals_the_protocol_loop() -> None:
    """`Position.playout` (the protocol's loop of `legal_actions`, `randbelow`, `step`) and
    each title's compiled `Engine.playout` make the same draws and the same steps: same final
    state, same generator state, same count, to the end and with a depth."""
    from snowdonia.core.protocol import Position
    from snowdonia.games.foothills.rules.state import SLOTS as FSLOTS
    from snowdonia.registry import title

    games: list[tuple[Any, tuple[str, ...]]] = [(p, SLOTS) for p in _positions(3, 9, 3)]
    games += [(new_game(4, seed=3, scenario="blaenau_ffestiniog"), SLOTS), (title("foothills").new_game(2, seed=5), FSLOTS)]
    for g, slots in games:
        for depth in (None, 0, 7):
            a, b = g.clone(), g.clone()
            ra, rb = random.Random(11), random.Random(11)
            na = Position.playout(a, ra, depth)
            nb = b.playout(rb, depth)
            assert na == nb and ra.getstate() == rb.getstate()
            assert all(getattr(a, s) == getattr(b, s) for s in slots if s not in ("cfg", "_legal"))
            assert (depth is None and a.is_over) or na == depth or a.is_over
