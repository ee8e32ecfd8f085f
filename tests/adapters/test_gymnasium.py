"""The single-agent Gymnasium environment of every title and scenario: registration,
Gymnasium's own env checker, action masks as MaskablePPO reads them, bots in the other
seats, and (slow, when sb3-contrib is installed) a few hundred steps of MaskablePPO."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from adapter_kit import ids, scenarios, two_or_more  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import snowdonia  # noqa: E402
import snowdonia.adapters.gymnasium as sg  # noqa: E402 - registers the ids
from snowdonia.registry import names, title  # noqa: E402


def _id(game: str, scenario: str | None = None) -> str:
    t = title(game)
    if scenario is None:
        return f"snowdonia/{sg._camel(t.display_name)}-v0"
    return f"snowdonia/{sg._camel(t.display_name)}-{sg._camel(t.scenario(scenario).name)}-v0"


def test_every_title_and_scenario_has_an_id() -> None:
    assert "snowdonia/Snowdonia-v0" in gymnasium.registry
    assert "snowdonia/Snowdonia-MountSnowdon-v0" in gymnasium.registry
    for game, scenario in scenarios():
        assert gymnasium.registry[_id(game)].kwargs == {"game": game}
        assert gymnasium.registry[_id(game, scenario)].kwargs == {"game": game, "scenario": scenario}
    assert set(sg.ENV_IDS) == {i for n in names() for i in sg.env_ids(title(n))}


def test_make_works_with_no_import_of_ours() -> None:
    """Gymnasium's "module:id" form imports the module that registers the ids."""
    code = (
        "import gymnasium\n"
        "env = gymnasium.make('snowdonia.adapters.gymnasium:snowdonia/Snowdonia-v0', players=3, opponents='greedy')\n"
        "obs, info = env.reset(seed=1)\n"
        "assert obs.shape == env.observation_space.shape and info['action_mask'].any()\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("config", scenarios(), ids=ids)
def test_gymnasium_env_checker(config: tuple[str, str]) -> None:
    game, scenario = config
    for players in title(game).scenario(scenario).players:
        env = gymnasium.make(_id(game, scenario), players=players, opponents="random", render_mode="ansi")
        check_env(env.unwrapped)
        env.close()


def _play(env: Any, seed: int, policy: np.random.Generator) -> tuple[list[bytes], float, dict[str, Any]]:
    obs, info = env.reset(seed=seed)
    seen = [obs.tobytes()]
    done = False
    reward = 0.0
    while not done:
        mask = env.unwrapped.action_masks()
        assert mask.dtype == bool and np.array_equal(mask, info["action_mask"]) and mask.any()
        obs, reward, done, truncated, info = env.step(int(policy.choice(np.flatnonzero(mask))))
        assert not truncated and env.observation_space.contains(obs)
        seen.append(obs.tobytes())
    return seen, float(reward), info


@pytest.mark.parametrize("config", scenarios(), ids=ids)
def test_an_episode_against_greedy_bots(config: tuple[str, str]) -> None:
    game, scenario = config
    players = max(title(game).scenario(scenario).players)
    env = gymnasium.make(_id(game), scenario=scenario, players=players, opponents="greedy", seat=players - 1)
    seen, reward, info = _play(env, 5, np.random.default_rng(0))
    again, reward2, info2 = _play(env, 5, np.random.default_rng(0))
    assert (seen, reward, info["scores"]) == (again, reward2, info2["scores"])  # same seed, same episode
    assert len(seen) > 10
    assert info["seat"] == players - 1 and reward == info["scores"][players - 1]
    # The engine game of that seed, with the recorded decisions, ends with the same scores.
    g = snowdonia.new_game(players, seed=5, game=game, scenario=scenario)
    for text in env.unwrapped.game.history:
        g.apply(text)
    assert g.is_over and [float(s) for s in g.outcome().scores] == info["scores"]


@pytest.mark.parametrize("config", scenarios(), ids=ids)
def test_win_loss_random_seat_and_illegal_actions(config: tuple[str, str]) -> None:
    game, scenario = config
    players = two_or_more(game, scenario)
    env = gymnasium.make(_id(game, scenario), players=players, seat="random", returns="win_loss")
    seats = set()
    for seed in range(8):
        _, reward, info = _play(env, seed, np.random.default_rng(seed))
        seats.add(info["seat"])
        assert reward == (1.0 if info["seat"] in info["winners"] else -1.0)
    assert len(seats) > 1 or players == 1
    obs, info = env.reset(seed=1)
    before = env.unwrapped.game.history[:]
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    obs2, reward, done, _, info2 = env.step(illegal)
    assert done and reward == -1.0 and info2["illegal_action"] == illegal
    assert env.unwrapped.game.history == before  # nothing applied


@pytest.mark.parametrize("game", names())
def test_bad_arguments_are_refused(game: str) -> None:
    with pytest.raises(ValueError, match="opponents"):
        sg.SeatEnv(game=game, players=2 if 2 in title(game).player_counts else None,
                   opponents=["random"] * 5)
    with pytest.raises(ValueError, match="unknown bot"):
        sg.SeatEnv(game=game, opponents="grandmaster")
    with pytest.raises(ValueError, match="seat"):
        sg.SeatEnv(game=game, seat=9)
    with pytest.raises(ValueError, match="returns"):
        sg.SeatEnv(game=game, returns="elo")
    with pytest.raises(snowdonia.SettingsError):
        sg.SeatEnv(game=game, players=max(title(game).player_counts) + 1)


@pytest.mark.slow
def test_maskable_ppo_trains_and_its_policy_plays() -> None:
    """sb3-contrib's MaskablePPO (the `rl` extra) learns for a few hundred steps on the
    CPU, then its policy plays a whole game, every move legal."""
    sb3_contrib = pytest.importorskip("sb3_contrib")
    env = gymnasium.make("snowdonia/Snowdonia-v0", players=2, opponents="random", returns="win_loss")
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=128, batch_size=64, n_epochs=2, seed=0,
                                    device="cpu", verbose=0)
    model.learn(total_timesteps=256)
    assert model.num_timesteps >= 256
    obs, info = env.reset(seed=3)
    done, moves = False, 0
    while not done:
        mask = env.unwrapped.action_masks()
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        assert mask[int(action)]
        obs, reward, done, _, info = env.step(action)
        moves += 1
    assert moves > 10 and "illegal_action" not in info and reward in (-1.0, 1.0)
