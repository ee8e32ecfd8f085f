"""The conformance suite's research part (issue 9): every registered title and scenario
passes OpenSpiel's own `random_sim_test` (with serialisation) and PettingZoo's own
`api_test` and `seed_test`, unmodified, and Gymnasium's `check_env`. (The adapters' own
tests in tests/adapters go further: every player count, ISMCTS, chance probabilities.)"""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the [ai] extra is part of the dev install")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

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


@pytest.mark.parametrize(("game", "scenario", "players"), CASES, ids=IDS)
def test_pettingzoo_api_and_seed_tests(game: str, scenario: str, players: int) -> None:
    api_test(env(game=game, scenario=scenario, players=players), num_cycles=300)
    seed_test(lambda: raw_env(game=game, scenario=scenario, players=players), num_cycles=100)


@pytest.mark.parametrize(("game", "scenario", "players"), CASES, ids=IDS)
def test_gymnasium_make_and_check_env(game: str, scenario: str, players: int) -> None:
    e = gymnasium.make(f"snowdonia/{title(game).display_name}-v0", players=players, scenario=scenario,
                       opponents="random")
    check_env(e.unwrapped, skip_render_check=True)
    obs, _ = e.reset(seed=1)
    assert e.observation_space.contains(obs)
