"""The conformance suite's research part (issue 9): every registered title and scenario
passes OpenSpiel's own `random_sim_test` (with serialisation) and its Python
`games_sim_test` checks (`GamesSimTest.sim_game`: clone, OpenSpiel and pickle
serialisation of game, game type and state, returns in range, no legal actions at the
end; at every player count, as its `test_multiplayer_game` does), PettingZoo's own
`api_test`, `seed_test` and `render_test`, unmodified, and Gymnasium's `check_env`. (The adapters' own
tests in tests/adapters go further: every player count, ISMCTS, chance probabilities.)"""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the [ai] extra is part of the dev install")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import snowdonia.adapters.gymnasium  # noqa: E402,F401  (registers the environments)
import snowdonia.adapters.openspiel  # noqa: E402,F401  (registers python_<game>)
from snowdonia.adapters.pettingzoo import env, raw_env  # noqa: E402
from snowdonia.registry import names, title  # noqa: E402

CASES = [(g, s.key, min(s.players, key=lambda n: (n < 2, n))) for g in names() for s in title(g).scenarios]
IDS = [f"{g}-{s}-{n}p" for g, s, n in CASES]


@pytest.mark.parametrize(("game", "scenario", "players"), CASES, ids=IDS)
def test_openspiel_random_sim_test(game: str, scenario: str, players: int) -> None:
    g = pyspiel.load_game(f"python_{game}", {"players": players, "scenario": scenario})
    pyspiel.random_sim_test(g, num_sims=2, serialize=True, verbose=False)


ALL_COUNTS = [(g, s.key, n) for g in names() for s in title(g).scenarios for n in s.players]


@pytest.mark.parametrize(("game", "scenario", "players"), ALL_COUNTS, ids=[f"{g}-{s}-{n}p" for g, s, n in ALL_COUNTS])
def test_openspiel_games_sim_test(game: str, scenario: str, players: int) -> None:
    """OpenSpiel's python/tests/games_sim_test.py, unmodified: its `sim_game` on a random
    game of every player count, and its `test_has_at_least_an_action` check."""
    import numpy as np
    from open_spiel.python.tests.games_sim_test import GamesSimTest

    case = GamesSimTest("test_breakthrough")
    g = pyspiel.load_game(f"python_{game}", {"players": players, "scenario": scenario})
    info = g.get_type()
    assert info.min_num_players <= g.num_players() <= info.max_num_players
    np.random.seed(players)
    case.sim_game(g)
    state = g.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.legal_actions()


@pytest.mark.parametrize(("game", "scenario", "players"), CASES, ids=IDS)
def test_pettingzoo_api_seed_and_render_tests(game: str, scenario: str, players: int) -> None:
    api_test(env(game=game, scenario=scenario, players=players), num_cycles=300)
    seed_test(lambda: raw_env(game=game, scenario=scenario, players=players), num_cycles=100)
    render_test(lambda render_mode=None: raw_env(game=game, scenario=scenario, players=players,
                                                 render_mode=render_mode))
    api_test(env(game=game, scenario=scenario, players=players, observation="learning"), num_cycles=300)


@pytest.mark.parametrize(("game", "scenario", "players"), CASES, ids=IDS)
def test_gymnasium_make_and_check_env(game: str, scenario: str, players: int) -> None:
    e = gymnasium.make(f"snowdonia/{title(game).display_name}-v0", players=players, scenario=scenario,
                       opponents="random")
    check_env(e.unwrapped, skip_render_check=True)
    obs, _ = e.reset(seed=1)
    assert e.observation_space.contains(obs)
    learning = gymnasium.make(f"snowdonia/{title(game).display_name}-v0", players=players, scenario=scenario,
                              opponents="random", observation="learning")
    check_env(learning.unwrapped, skip_render_check=True)
    obs, _ = learning.reset(seed=1)
    assert learning.observation_space.contains(obs) and obs.min() >= 0.0 and obs.max() <= 1.0
