"""Snowdonia's own explicit chance model (games/snowdonia/ai/chance.py) behind the OpenSpiel
adapter: the hidden deck, #5's private draws, the true probabilities, and settings."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest

import snowdonia
from snowdonia.adapters.common import Setup, resolve
from snowdonia.adapters.explicit import Table, seeded_trace
from snowdonia.core.chance import NeedChance
from snowdonia.games.snowdonia.ai.chance import BACKS, BASE, CUBES, MODEL, _Replay

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (1, {}),
    (1, {"edition": "deluxe", "solo_train": 5}),
    (2, {"contracts_per_window": 1}),
    (3, {}),
    (4, {"edition": "deluxe", "deluxe_track_cards": True, "light_fog": True}),
    (5, {}),
]


def _setup(players: int, **settings: Any) -> Setup:
    return resolve("snowdonia", players, None, **settings)


def _random_engine_game(players: int, seed: int, settings: dict[str, Any]) -> snowdonia.Game:
    g = snowdonia.new_game(players, seed=seed, **settings)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def _sample(t: Table, rng: random.Random) -> None:
    assert t.need is not None
    outcomes, probs = zip(*t.need.outcomes, strict=True)
    t.apply_chance(rng.choices(outcomes, probs)[0])


def test_new_game_has_no_hook() -> None:
    assert snowdonia.new_game(3, seed=1).chance is None
    assert snowdonia.title("snowdonia").chance_model() is MODEL


@pytest.mark.parametrize("players,settings", CONFIGS)
def test_hook_replays_the_engine_exactly(players: int, settings: dict[str, Any]) -> None:
    """A seeded engine game re-expressed as chance outcomes gives the same game: the hook
    path changes where randomness comes from, not what the rules do with it."""
    setup = _setup(players, **settings)
    for seed in (3, 77, 2024):
        g = _random_engine_game(players, seed, settings)
        trace, followed = seeded_trace(setup, seed, g.history)
        assert followed.observation(None) == g.observation(None)
        assert followed.result()["scores"] == g.result()["scores"]
        t = Table.replay(setup, trace)
        assert t.is_over
        assert t.returns("scores") == [float(s) for s in g.result()["scores"]]
        assert t.position is not None and t.position.observation(None) == g.observation(None)


@pytest.mark.parametrize("params", [
    {"players": 1, "edition": "deluxe", "solo_train": 4},
    {"players": 2, "returns": "win_loss"},
    {"players": 4, "edition": "deluxe", "deluxe_track_cards": True, "light_fog": True},
    {"players": 5, "contracts_per_window": 1},
])
def test_openspiel_random_sim_with_settings(params: dict[str, Any]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import snowdonia.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("python_snowdonia", params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.position().settings == {**snowdonia.new_game(params["players"], seed=0).settings,
                                         **{k: v for k, v in params.items() if k not in ("players", "returns")}}


def test_chance_probabilities_are_the_true_ones() -> None:
    """Every chance node's distribution is computed from the position: bag counts, unseen
    deck cards with the public top back, counts of backs, uniform start player."""
    rng = random.Random(5)
    t = Table.new(_setup(3))
    assert t.need is not None and t.need.what == "start"
    assert t.need.outcomes == tuple((BASE["start"] + p, 1 / 3) for p in range(3))
    assert t.need.labels == ("start:player0", "start:player1", "start:player2")
    kinds_seen = set()
    while not t.is_over:
        need = t.need
        if need is None:
            t.apply_decision(rng.choice(t.legal_ids()))
            continue
        assert abs(sum(p for _, p in need.outcomes) - 1) < 1e-12
        assert len(need.outcomes) > 1  # single-outcome picks are not chance nodes
        if need.what in ("bag", "card") and t.step is not None:
            probe = _position_at_pick(t)
            kinds_seen.add(need.what)
            if need.what == "bag":
                counts = (probe.bag_i, probe.bag_s, probe.bag_c, probe.bag_e)
                total = sum(counts)
                assert dict(need.outcomes) == {BASE["bag"] + k: c / total for k, c in enumerate(counts) if c}
            else:
                back = probe.cfg.contract[probe.deck[-1]].back
                same = [c for c in probe.deck if probe.cfg.contract[c].back == back]
                assert dict(need.outcomes) == {BASE["card"] + c: 1 / len(same) for c in same}
        _sample(t, rng)
    assert kinds_seen == {"bag", "card"}


def _position_at_pick(t: Table) -> snowdonia.Game:
    """The partial position at the pending pick (the step replayed without finishing)."""
    assert t.base is not None and t.step is not None
    captured: list[snowdonia.Game] = []

    class Capture(_Replay):
        def _choose(self, g: Any, what: str, options: list[tuple[int, int]], private: int = -1) -> int:
            if self.pos >= len(self.queue) and len(options) > 1:
                captured.append(g.clone())
            return super()._choose(g, what, options, private)

    g = t.base.clone()
    g.chance = Capture(t.pending)
    with pytest.raises(NeedChance):
        g.apply(snowdonia.Action.from_id(t.step))
    return captured[-1]


def test_back_and_cube_names() -> None:
    assert CUBES == ("iron", "stone", "coal", "event")
    assert set(BACKS) == {c.back for c in snowdonia.new_game(3, seed=1).cfg.contract.values()}
    assert MODEL.outcome_name(BASE["bag"] + 2) == "bag:coal"
    assert MODEL.outcome_name(BASE["back"] + 2) == "back:fog"


def test_illegal_chance_outcome_is_refused() -> None:
    t = Table.new(_setup(2))
    assert t.need is not None
    impossible = max(o for o, _ in t.need.outcomes) + 1
    with pytest.raises(snowdonia.IllegalAction):
        t.apply_chance(impossible)
    with pytest.raises(snowdonia.IllegalAction):
        t.apply_decision(0)


def _table_at_keep() -> Table:
    """A random 3-player game stopped at a #5 keep decision (the first seed that has one)."""
    for seed in range(100):
        rng = random.Random(seed)
        t = Table.new(_setup(3))
        while not t.is_over:
            if t.need is not None:
                _sample(t, rng)
            elif t.position is not None and t.position.decision == "keep_contract":  # type: ignore[attr-defined]
                return t
            else:
                t.apply_decision(rng.choice(t.legal_ids()))
    raise AssertionError("no #5 draw in 100 random games")


def test_private_draws_are_hidden_from_the_others() -> None:
    """#5's draw is seen by its player only; everything else is public."""
    t = _table_at_keep()
    g = t.position
    drawn = g.pending_cards[1:]  # type: ignore[union-attr]
    private = [tk for tk in t.tokens if tk.seen_by >= 0]
    assert drawn and [int(tk.text.split(":")[1]) for tk in private[-len(drawn):]] == list(drawn)
    assert all(tk.seen_by == g.decider for tk in private[-len(drawn):])  # type: ignore[union-attr]


def test_secret_draws_stay_out_of_other_seats_views() -> None:
    """#5's drawn cards: in the drawer's information state and tensor only."""
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import make_observation

    import snowdonia.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("python_snowdonia", {"players": 3})
    observer = make_observation(game)
    state = _state_at_keep(game)
    g = state.position()
    drawer = g.decider
    drawn = g.pending_cards[1:]
    observer.set_from(state, drawer)
    assert all(observer.dict["drawn_cards"][c] == 1 for c in drawn)
    for seat in range(3):
        info = state.information_state_string(seat)
        cards = [w for w in info.split(" | ")[1].split() if w == "?" or w.startswith("card:")]
        tail = cards[-len(drawn):]
        if seat == drawer:
            assert tail == [f"card:{c}" for c in drawn]
        else:
            assert tail == ["?"] * len(drawn)
            observer.set_from(state, seat)
            assert not observer.dict["drawn_cards"].any()
            seen = json.loads(state.observation_string(seat))["decision"]["cards"]
            assert seen == len(g.pending_cards)  # a count, not the cards


def _state_at_keep(game: Any) -> Any:
    for seed in range(100):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            elif state.position().decision == "keep_contract":
                return state
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no #5 draw in 100 random games")


def test_resample_really_changes_the_hidden_deck() -> None:
    t = Table.new(_setup(3))
    rng = random.Random(8)
    changed = 0
    for _ in range(60):
        if t.need is not None:
            _sample(t, rng)
            continue
        world = t.copy()
        seat = t.current_player
        assert seat is not None
        world.resample(seat, rng.getrandbits(63))
        assert world.position is not None and t.position is not None
        assert world.position.observation(seat) == t.position.observation(seat)
        changed += world.position.deck != t.position.deck  # type: ignore[attr-defined]
        t.apply_decision(rng.choice(t.legal_ids()))
    assert changed > 0


def test_core_package_does_not_import_the_ai_libraries() -> None:
    code = (
        "import sys, snowdonia, snowdonia.adapters, snowdonia.adapters.common, snowdonia.adapters.explicit\n"
        "import snowdonia.games.snowdonia.ai.chance\n"
        "bad = [m for m in ('pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium', 'torch') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def _invariants() -> Any:
    """The shared invariant checker (tests/invariants.py), loaded by path."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "invariants.py"
    spec = importlib.util.spec_from_file_location("snowdonia_test_invariants", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("players,settings", CONFIGS)
def test_chance_driven_games_keep_the_invariants(players: int, settings: dict[str, Any]) -> None:
    """Games whose randomness comes through the hook, and worlds resampled from them, keep
    every component accounted for and every observation secret (tests/invariants.py)."""
    check = _invariants().check_invariants
    rng = random.Random(players)
    t = Table.new(_setup(players, **settings))
    decisions = 0
    while not t.is_over:
        if t.need is not None:
            _sample(t, rng)
            continue
        g = t.position
        check(g)
        if decisions % 10 == 0:
            world = t.copy()
            seat = t.current_player
            assert seat is not None
            world.resample(seat, rng.getrandbits(63))
            check(world.position)
            assert world.position is not None and g is not None
            assert world.position.observation(seat) == g.observation(seat)
        t.apply_decision(rng.choice(t.legal_ids()))
        decisions += 1
    check(t.position)
