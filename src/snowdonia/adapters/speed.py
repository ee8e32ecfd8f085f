"""The adapters' speed against the raw engine, measured in one process
(`snowdonia bench --adapters`): random playouts through the engine, through the PettingZoo
AEC environment (an observation and an action mask for every step, as a learner reads
them) and through the Gymnasium seat environment (the learner and its random opponents).

The loops are interleaved in short slices and timed in CPU-seconds of this process
(`time.process_time`), so other work on a shared machine moves all of them alike; the
figure that matters is each adapter's ratio to the raw engine.
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np

from snowdonia.registry import title as title_of


def _raw(game: str, players: int, scenario: str | None, seconds: float, state: dict[str, Any]) -> tuple[int, float]:
    new_game = title_of(game).new_game
    rng = state.setdefault("rng", random.Random(0))
    steps = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        g = new_game(players, seed=state.setdefault("seed", 0), scenario=scenario)
        state["seed"] += 1
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
    return steps, time.process_time() - start


def _pick(rng: random.Random, mask: np.ndarray) -> int:
    """A uniform legal action from a mask (the same generator as the raw loop's)."""
    legal = mask.nonzero()[0]  # the ids of a 1-D mask, as np.flatnonzero (without its ravel)
    return int(legal[int(rng.random() * len(legal))])


def _pettingzoo(env: Any, seconds: float, state: dict[str, Any]) -> tuple[int, float]:
    rng = state.setdefault("rng", random.Random(0))
    steps = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        env.reset(seed=state.setdefault("seed", 0))
        state["seed"] += 1
        for _agent in env.agent_iter():
            obs, _, done, cut, _ = env.last()
            if done or cut:
                env.step(None)
                continue
            env.step(_pick(rng, obs["action_mask"]))
            steps += 1
    return steps, time.process_time() - start


def _gymnasium(env: Any, seconds: float, state: dict[str, Any]) -> tuple[int, int, float]:
    rng = state.setdefault("rng", random.Random(0))
    learner = decisions = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        env.reset(seed=state.setdefault("seed", 0))
        state["seed"] += 1
        done = False
        while not done:
            before = env.game.moves
            _, _, done, _, info = env.step(_pick(rng, env.action_masks()))
            decisions += env.game.moves - before
            learner += 1
    return learner, decisions, time.process_time() - start


def adapter_bench(players: int = 3, seconds: float = 6.0, game: str = "snowdonia", scenario: str | None = None,
                  observation: str = "raw", slices: int = 6) -> dict[str, Any]:
    """Steps per CPU-second of the raw engine, the PettingZoo env and the Gymnasium env
    (random play, `players` seats), each measured for `seconds` CPU-seconds in `slices`
    interleaved slices, and the adapters' ratios to the raw engine."""
    from snowdonia.adapters.gymnasium import SeatEnv
    from snowdonia.adapters.pettingzoo import raw_env

    pz = raw_env(game=game, scenario=scenario, players=players, observation=observation)
    gym = SeatEnv(game=game, scenario=scenario, players=players, opponents="random", observation=observation)
    gym.reset(seed=0)
    totals = {"raw": [0, 0.0], "pettingzoo": [0, 0.0], "gym_learner": [0, 0.0], "gym_decisions": [0, 0.0]}
    states: dict[str, dict[str, Any]] = {"raw": {}, "pettingzoo": {}, "gymnasium": {}}
    piece = seconds / slices
    for _ in range(slices):
        n, t = _raw(game, players, scenario, piece, states["raw"])
        totals["raw"][0] += n
        totals["raw"][1] += t
        n, t = _pettingzoo(pz, piece, states["pettingzoo"])
        totals["pettingzoo"][0] += n
        totals["pettingzoo"][1] += t
        learner, decisions, t = _gymnasium(gym, piece, states["gymnasium"])
        totals["gym_learner"][0] += learner
        totals["gym_learner"][1] += t
        totals["gym_decisions"][0] += decisions
        totals["gym_decisions"][1] += t
    rate = {k: n / t for k, (n, t) in totals.items()}
    raw = rate["raw"]
    return {
        "game": game, "scenario": scenario, "players": players, "observation": observation,
        "cpu_seconds_each": seconds,
        "raw_steps_per_cpu_s": raw,
        "pettingzoo_steps_per_cpu_s": rate["pettingzoo"],
        "gymnasium_decisions_per_cpu_s": rate["gym_decisions"],
        "gymnasium_learner_steps_per_cpu_s": rate["gym_learner"],
        "pettingzoo_ratio": rate["pettingzoo"] / raw,
        "gymnasium_ratio": rate["gym_decisions"] / raw,
    }


def report(results: dict[str, Any]) -> str:
    """The figures in words (what `snowdonia bench --adapters` prints)."""
    r = results
    return (
        f"adapters, {r['game']} {r['players']} players, {r['observation']} observation, random play, "
        f"{r['cpu_seconds_each']:g} CPU-s each, interleaved:\n"
        f"  raw engine   {r['raw_steps_per_cpu_s']:>9,.0f} steps/CPU-s\n"
        f"  PettingZoo   {r['pettingzoo_steps_per_cpu_s']:>9,.0f} steps/CPU-s (observe + mask every step) "
        f"= {r['pettingzoo_ratio']:.2f} x raw\n"
        f"  Gymnasium    {r['gymnasium_decisions_per_cpu_s']:>9,.0f} decisions/CPU-s (learner + random bots; "
        f"{r['gymnasium_learner_steps_per_cpu_s']:,.0f} learner steps) = {r['gymnasium_ratio']:.2f} x raw"
    )
