"""Engine throughput, measured in one process against a fixed baseline so figures from a
shared, noisy machine can be compared as ratios (spec: "Speed is measured in benchmarks")."""

from __future__ import annotations

import random
import time
from typing import Any

from snowdonia.game import Game, new_game


def _baseline(seconds: float) -> float:
    """Copies of a 60-key dict per second: a yardstick for this machine right now."""
    d = {f"k{i}": i for i in range(60)}
    n = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        for _ in range(1000):
            d.copy()
        n += 1000
    return n / seconds


def playouts(players: int, seconds: float, seed: int = 0) -> dict[str, float]:
    rng = random.Random(seed)
    decisions = games = 0
    start = time.perf_counter()
    end = start + seconds
    s = seed
    while time.perf_counter() < end:
        g = new_game(players, seed=s)
        s += 1
        while not g.over:
            g.apply(rng.choice(g.legal_actions()))
            decisions += 1
        games += 1
    el = time.perf_counter() - start
    return {"decisions_per_s": decisions / el, "games_per_s": games / el,
            "decisions_per_game": decisions / max(games, 1)}


def clones(players: int, seconds: float, seed: int = 0) -> float:
    """Clones per second of mid-game positions (round 3 or later)."""
    rng = random.Random(seed)
    g: Game = new_game(players, seed=seed)
    while not g.over and g.round < 3:
        g.apply(rng.choice(g.legal_actions()))
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        for _ in range(500):
            g.clone()
        n += 500
    return n / (time.perf_counter() - start)


def run_bench(player_counts: list[int], seconds: float = 2.0) -> dict[str, Any]:
    base = _baseline(min(seconds, 1.0))
    rows = []
    for n in player_counts:
        row: dict[str, Any] = {"players": n, **playouts(n, seconds)}
        row["clones_per_s"] = clones(n, seconds / 2)
        rows.append(row)
    three = next((r for r in rows if r["players"] == 3), rows[0])
    return {"baseline_ops_per_s": base, "rows": rows,
            "ratio_3p_to_baseline": three["decisions_per_s"] / base}
