"""PettingZoo's own API and seeding tests on the Snowdonia AEC environment, unmodified."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import snowdonia  # noqa: E402
from snowdonia.adapters.pettingzoo import env, raw_env  # noqa: E402

CONFIGS: list[dict[str, Any]] = [
    {"players": 1},
    {"players": 2, "returns": "win_loss"},
    {"players": 3},
    {"players": 4, "edition": "deluxe", "deluxe_track_cards": True},
    {"players": 5, "light_fog": True, "contracts_per_window": 1},
]


@pytest.mark.filterwarnings("ignore:Observation")  # PettingZoo warns about Dict observations
@pytest.mark.parametrize("kwargs", CONFIGS)
def test_pettingzoo_api_test(kwargs: dict[str, Any]) -> None:
    api_test(env(**kwargs), num_cycles=1000)
    api_test(raw_env(**kwargs), num_cycles=1000)


@pytest.mark.parametrize("kwargs", CONFIGS)
def test_pettingzoo_seed_test(kwargs: dict[str, Any]) -> None:
    seed_test(lambda: env(**kwargs), num_cycles=500)


def _run(e: Any, seed: int, policy_seed: int) -> list[Any]:
    """Play a game with a seeded masked-random policy; return what was observed."""
    e.reset(seed=seed)
    for i, agent in enumerate(e.possible_agents):
        e.action_space(agent).seed(policy_seed + i)
    seen = []
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        seen.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward))
        e.step(None if term or trunc else e.action_space(agent).sample(obs["action_mask"]))
    return seen


def test_reset_seed_reproduces_and_seeds_differ() -> None:
    a = _run(env(players=3), seed=11, policy_seed=5)
    b = _run(env(players=3), seed=11, policy_seed=5)
    c = _run(env(players=3), seed=12, policy_seed=5)
    assert a == b
    assert a != c


def test_reset_seed_is_the_engine_seed() -> None:
    e = raw_env(players=3)
    e.reset(seed=99)
    g = snowdonia.new_game(3, seed=99)
    assert e.game.observation(None) == g.observation(None)
    assert e.agent_selection == f"player_{g.current_player}"


def test_action_mask_is_the_legal_actions_of_the_agent_to_move() -> None:
    e = raw_env(players=3)
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    steps = 0
    while not all(e.terminations.values()):
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        legal = sorted(a.id for a in e.game.legal_actions())
        assert list(np.flatnonzero(mask)) == legal
        for other in e.possible_agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        e.step(int(rng.choice(legal)))
        steps += 1
    assert steps > 30
    assert not e.observe(e.agent_selection)["action_mask"].any()  # nothing is legal at the end


def test_win_loss_rewards() -> None:
    e = raw_env(players=2, returns="win_loss")
    e.reset(seed=8)
    rng = np.random.default_rng(1)
    while not all(e.terminations.values()):
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    winners = e.game.result()["winners"]
    assert [e.rewards[a] for a in e.possible_agents] == [1.0 if p in winners else -1.0 for p in range(2)]


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError):
        raw_env(players=3, returns="elo")
    with pytest.raises(snowdonia.SettingsError):
        raw_env(players=6)
