"""The adapters' generic chance model (`snowdonia.adapters.explicit.PublicChance`), for
titles whose every random pick is public: each pick a chance node with the weights'
probabilities, each arrangement a sequence of uniform picks. Checked on its own and end to
end through a toy title (tests/adapters/toy_title.py) that has no chance model of its own."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from snowdonia import registry
from snowdonia.adapters.common import resolve
from snowdonia.adapters.explicit import GENERIC_MAX_OUTCOMES, PUBLIC, Table, chance_model, seeded_trace
from snowdonia.core.chance import NeedChance
from snowdonia.core.errors import IllegalAction
from snowdonia.core.rng import seed_state, shuffle, weighted


@pytest.fixture(scope="module")
def pebbles() -> Iterator[str]:
    """The toy title, registered for this module only."""
    registry.BUILTIN["pebbles"] = "toy_title"
    yield "pebbles"
    registry.BUILTIN.pop("pebbles", None)
    registry._loaded.pop("pebbles", None)


def _need(hook: Any, call: Any) -> NeedChance:
    with pytest.raises(NeedChance) as info:
        call(hook)
    return info.value


def test_a_pick_is_a_chance_node_with_the_weights_probabilities() -> None:
    need = _need(PUBLIC.replay([]), lambda h: h.pick(None, "bag", (3, 0, 1)))
    assert need.outcomes == ((0, 0.75), (2, 0.25))
    assert need.labels == ("bag:0", "bag:2")
    assert need.private == -1
    assert PUBLIC.replay([2]).pick(None, "bag", (3, 0, 1)) == 2
    assert PUBLIC.replay([]).pick(None, "bag", (0, 5, 0)) == 1  # one possible outcome: no node
    with pytest.raises(IllegalAction):
        PUBLIC.replay([1]).pick(None, "bag", (3, 0, 1))
    with pytest.raises(ValueError, match="own chance model"):
        PUBLIC.replay([]).pick(None, "big", (1,) * (GENERIC_MAX_OUTCOMES + 1))


def test_an_arrangement_is_a_sequence_of_uniform_picks_with_equal_items_merged() -> None:
    need = _need(PUBLIC.replay([]), lambda h: h.arrange(None, "row", [1, 2, 3, 3]))
    assert need.outcomes == ((0, 0.25), (1, 0.25), (2, 0.5))  # the two 3s are one outcome
    assert need.labels == ("row[0]:1", "row[0]:2", "row[0]:3")
    need = _need(PUBLIC.replay([2]), lambda h: h.arrange(None, "row", [1, 2, 3, 3]))
    assert dict(need.outcomes) == {0: pytest.approx(1 / 3), 1: pytest.approx(1 / 3), 2: pytest.approx(1 / 3)}
    items = [1, 2, 3, 3]
    PUBLIC.replay([2, 0, 2]).arrange(None, "row", items)  # 3, then 1, then 3 (2 is left)
    assert items == [3, 1, 3, 2]


def _arrangements(items: list[int]) -> dict[tuple[int, ...], Fraction]:
    """Every arrangement the chance tree can reach, with its probability (exact)."""
    out: dict[tuple[int, ...], Fraction] = {}

    def walk(chosen: list[int], p: Fraction) -> None:
        arranged = items[:]
        try:
            PUBLIC.replay(chosen).arrange(None, "pile", arranged)
        except NeedChance as need:
            for o, _ in need.outcomes:
                remaining = Counter(arranged[len(chosen):])
                walk([*chosen, o], p * Fraction(remaining[items[o]], sum(remaining.values())))
            return
        out[tuple(arranged)] = out.get(tuple(arranged), Fraction(0)) + p

    walk([], Fraction(1))
    return out


@pytest.mark.parametrize("items", [[1, 2, 3, 3], [5, 5, 5], [0, 1, 2, 3, 4], [7, 1, 7, 1, 2]])
def test_arrangements_are_uniform_permutations(items: list[int]) -> None:
    """The chance tree of an arrangement reaches each distinct order with the probability a
    uniform shuffle gives it."""
    reached = _arrangements(items)
    perms = Counter(itertools.permutations(items))
    assert set(reached) == set(perms)
    total = math.factorial(len(items))
    assert all(reached[order] == Fraction(k, total) for order, k in perms.items())
    assert sum(reached.values()) == 1


def test_the_follower_makes_the_generators_draws() -> None:
    """`follow(seed)` draws as the engine would (core.rng) and records outcome ids that
    replay to the same result."""
    for seed in range(30):
        items = [3, 1, 4, 1, 5, 9, 2, 6]
        expected = items[:]
        state = shuffle(seed_state(seed), expected)
        _, kind = weighted(state, (2, 5, 1))
        hook = PUBLIC.follow(seed)
        hook.arrange(None, "pile", items)
        assert items == expected
        assert hook.pick(None, "bag", (2, 5, 1)) == kind
        again = [3, 1, 4, 1, 5, 9, 2, 6]
        replay = PUBLIC.replay(hook.record)
        replay.arrange(None, "pile", again)
        assert again == expected
        assert replay.pick(None, "bag", (2, 5, 1)) == kind


def test_a_title_without_a_model_gets_the_generic_one(pebbles: str) -> None:
    assert registry.title(pebbles).chance_model() is None
    assert chance_model(registry.title(pebbles)) is PUBLIC
    assert chance_model(registry.title("snowdonia")) is registry.title("snowdonia").chance_model()


@pytest.mark.parametrize("players", [2, 3])
def test_seeded_games_replay_through_the_generic_model(pebbles: str, players: int) -> None:
    setup = resolve(pebbles, players, None, target=15)
    for seed in range(20):
        g = setup.new_game(seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        trace, followed = seeded_trace(setup, seed, g.history)
        assert followed.observation(None) == g.observation(None)
        t = Table.replay(setup, trace)
        assert t.is_over and t.position is not None
        assert t.position.observation(None) == g.observation(None)
        assert t.returns("scores") == [float(s) for s in g.outcome().scores]


@pytest.mark.filterwarnings("ignore:Observation")  # PettingZoo warns about Dict observations
def test_openspiel_pettingzoo_and_gymnasium_run_the_toy_title(pebbles: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import gymnasium
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, seed_test

    import snowdonia.adapters.gymnasium as sg
    import snowdonia.adapters.openspiel as sos
    from snowdonia.adapters.pettingzoo import env, raw_env

    name = sos.register(registry.title(pebbles))
    assert name == "python_pebbles"
    for players in (2, 3):
        game = pyspiel.load_game(name, {"players": players, "target": 9})
        assert game.max_chance_outcomes() == GENERIC_MAX_OUTCOMES
        pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)
        state = game.new_initial_state()
        assert state.chance_outcomes() == [(p, pytest.approx(1 / players)) for p in range(players)]
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, 1) == "start:1"
        api_test(env(game=pebbles, players=players), num_cycles=200)
        seed_test(lambda p=players: raw_env(game=pebbles, players=p), num_cycles=100)  # type: ignore[misc]
    ids = [i for i in sg.register_all() if "Pebbles" in i]
    assert ids == ["snowdonia/Pebbles-v0", "snowdonia/Pebbles-Pebbles-v0"]
    e = gymnasium.make("snowdonia/Pebbles-v0", players=3, opponents=["random", "mcts:20"])
    check_env(e.unwrapped, skip_render_check=True)
