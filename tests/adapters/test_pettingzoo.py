"""PettingZoo's own API and seeding tests on every title's AEC environment, unmodified."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from adapter_kit import configurations, ids, scenarios, two_or_more  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import snowdonia  # noqa: E402
from snowdonia.adapters.features import Features, options  # noqa: E402
from snowdonia.adapters.pettingzoo import env, raw_env  # noqa: E402
from snowdonia.registry import title  # noqa: E402


@pytest.mark.filterwarnings("ignore:Observation")  # PettingZoo warns about Dict observations
@pytest.mark.parametrize("config", configurations(), ids=ids)
def test_pettingzoo_api_test(config: tuple[str, str, int]) -> None:
    game, scenario, players = config
    api_test(env(game=game, scenario=scenario, players=players), num_cycles=1000)
    api_test(raw_env(game=game, scenario=scenario, players=players, returns="win_loss"), num_cycles=1000)


@pytest.mark.parametrize("config", configurations(), ids=ids)
def test_pettingzoo_seed_test(config: tuple[str, str, int]) -> None:
    game, scenario, players = config
    seed_test(lambda: env(game=game, scenario=scenario, players=players), num_cycles=500)


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


@pytest.mark.parametrize("config", scenarios(), ids=ids)
def test_reset_seed_reproduces_and_is_the_engine_seed(config: tuple[str, str]) -> None:
    game, scenario = config
    players = two_or_more(game, scenario)
    kw = {"game": game, "scenario": scenario, "players": players}
    a = _run(env(**kw), seed=11, policy_seed=5)
    assert a == _run(env(**kw), seed=11, policy_seed=5)
    assert a != _run(env(**kw), seed=12, policy_seed=5)
    e = raw_env(**kw)
    e.reset(seed=99)
    g = snowdonia.new_game(players, seed=99, game=game, scenario=scenario)
    assert e.game.observation(None) == g.observation(None)
    assert e.agent_selection == f"player_{g.current_player}"
    assert e.metadata["name"] == f"{game}_v0"


@pytest.mark.parametrize("config", scenarios(), ids=ids)
def test_action_mask_is_the_legal_actions_of_the_agent_to_move(config: tuple[str, str]) -> None:
    game, scenario = config
    e = raw_env(game=game, scenario=scenario, players=two_or_more(game, scenario))
    cat = title(game).catalogue()
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    steps = 0
    while not all(e.terminations.values()):
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        legal = sorted(cat.id(a) for a in e.game.legal_actions())
        assert list(np.flatnonzero(mask)) == legal
        for other in e.possible_agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        obs = e.observe(agent)["observation"]
        assert e.observation_space(agent)["observation"].contains(obs)
        e.step(int(rng.choice(legal)))
        steps += 1
    assert steps > 30
    assert not e.observe(e.agent_selection)["action_mask"].any()  # nothing is legal at the end
    winners = e.game.outcome().winners
    e2 = raw_env(game=game, scenario=scenario, players=two_or_more(game, scenario), returns="win_loss")
    e2.reset(seed=3)
    rng = np.random.default_rng(0)
    while not all(e2.terminations.values()):
        e2.step(int(rng.choice(np.flatnonzero(e2.observe(e2.agent_selection)["action_mask"]))))
    assert [e2.rewards[a] for a in e2.possible_agents] == [1.0 if p in winners else -1.0
                                                          for p in range(len(e2.possible_agents))]


@pytest.mark.parametrize("game", sorted({n for n, _ in scenarios()}))
def test_bad_settings_are_refused(game: str) -> None:
    with pytest.raises(ValueError, match="returns"):
        raw_env(game=game, returns="elo")
    with pytest.raises(snowdonia.SettingsError):
        raw_env(game=game, players=max(title(game).player_counts) + 1)
    with pytest.raises(snowdonia.SettingsError, match="scenario"):
        raw_env(game=game, scenario="atlantis")
    with pytest.raises(snowdonia.SettingsError):
        raw_env(game=game, no_such_setting=1)
    with pytest.raises(snowdonia.SettingsError, match="unknown game"):
        raw_env(game="monopoly")


@pytest.mark.parametrize("observation", ["raw", "learning"])
@pytest.mark.parametrize("scenario", ["mount_snowdon", "blaenau_ffestiniog"])
def test_every_seats_observation_equals_a_fresh_encoding_of_that_seat(scenario: str, observation: str) -> None:
    """Snowdonia's observations come from one public buffer (updated once per move) with each
    seat's private entries (its observer one-hot, its own #5 draw) written in: every seat's,
    asked in any order, must equal an encoding from scratch for that seat, and the #5 draw
    must show only to the seat that drew it. Games are played until one met a #5 draw."""
    e = raw_env(game="snowdonia", scenario=scenario, players=3, observation=observation)
    assert e._private is not None  # the shared-buffer path is the one under test
    raw = Features(e.setup.title, 3, e.setup.scenario, e.setup.settings, options("raw"))
    drawn = raw.layout.split(np.arange(raw.layout.size))["drawn_cards"].ravel()
    rng = np.random.default_rng(4)
    draws_seen = games = 0
    while draws_seen == 0 and games < 40:
        e.reset(seed=games)
        games += 1
        while not all(e.terminations.values()):
            order = list(e.possible_agents)
            rng.shuffle(order)
            for agent in order:
                seat = e.possible_agents.index(agent)
                obs = e.observe(agent)["observation"]
                assert np.array_equal(obs, e.features.encode(e.game, seat)), (games, e.game.moves, agent)
                if raw.encode(e.game, seat)[drawn].any():
                    assert agent == e.agent_selection  # only the drawing seat sees its draw
                    draws_seen += 1
            mask = e.observe(e.agent_selection)["action_mask"]
            e.step(int(rng.choice(np.flatnonzero(mask))))
    assert draws_seen > 0  # a game met a #5 draw, so the private cards were checked
