"""Engine throughput, measured in one process against a fixed baseline so figures from a
shared, noisy machine can be compared as ratios (spec: "Speed is measured in benchmarks")."""

from __future__ import annotations

import random
import time
from typing import Any

from snowdonia.core.protocol import Position
from snowdonia.registry import title


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


def playouts(players: int, seconds: float, seed: int = 0, game: str = "snowdonia",
             scenario: str | None = None) -> dict[str, float]:
    """Random games with full rules checking: every action goes through `apply`."""
    new_game = title(game).new_game
    rng = random.Random(seed)
    decisions = games = 0
    start = time.perf_counter()
    end = start + seconds
    s = seed
    while time.perf_counter() < end:
        g = new_game(players, seed=s, scenario=scenario)
        s += 1
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            decisions += 1
        games += 1
    el = time.perf_counter() - start
    return {"decisions_per_s": decisions / el, "games_per_s": games / el,
            "decisions_per_game": decisions / max(games, 1)}


def clones(players: int, seconds: float, seed: int = 0, game: str = "snowdonia",
           scenario: str | None = None) -> float:
    """Clones per second of a mid-game position (a third of a random game's decisions in)."""
    rng = random.Random(seed)
    new_game = title(game).new_game
    probe = new_game(players, seed=seed, scenario=scenario)
    length = 0
    while not probe.is_over:
        probe.apply(rng.choice(probe.legal_actions()))
        length += 1
    rng = random.Random(seed)
    g: Position = new_game(players, seed=seed, scenario=scenario)
    for _ in range(length // 3):
        g.apply(rng.choice(g.legal_actions()))
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        for _ in range(500):
            g.clone()
        n += 500
    return n / (time.perf_counter() - start)


def catanatron_bench(seconds: float) -> dict[str, float] | None:
    """The anchor, measured in this process: Catanatron random 4-player games (its engine
    actions/s and games/s) and copies/s of a mid-game state. None when not installed
    (`pip install -e ".[bench]"`)."""
    try:
        from catanatron import Color, Game, RandomPlayer  # type: ignore[import-untyped]
    except ImportError:
        return None
    colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
    random.seed(0)  # Catanatron draws from the global random module
    actions = games = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        game = Game([RandomPlayer(c) for c in colors])
        game.play()
        actions += len(game.state.actions)
        games += 1
    el = time.perf_counter() - start
    mid = Game([RandomPlayer(c) for c in colors])
    for _ in range(150):
        if mid.winning_color() is not None:
            break
        mid.play_tick()
    n = 0
    start = time.perf_counter()
    end = start + seconds / 2
    while time.perf_counter() < end:
        for _ in range(100):
            mid.copy()
        n += 100
    return {"actions_per_s": actions / el, "games_per_s": games / el,
            "copies_per_s": n / (time.perf_counter() - start)}


def run_bench(player_counts: list[int], seconds: float = 2.0, compare: bool = False, game: str = "snowdonia",
              scenario: str | None = None) -> dict[str, Any]:
    base = _baseline(min(seconds, 1.0))
    rows = []
    for n in player_counts:
        row: dict[str, Any] = {"players": n, **playouts(n, seconds, game=game, scenario=scenario)}
        row["clones_per_s"] = clones(n, seconds / 2, game=game, scenario=scenario)
        rows.append(row)
    three = next((r for r in rows if r["players"] == 3), rows[0])
    out: dict[str, Any] = {"game": game, "scenario": scenario, "baseline_ops_per_s": base, "rows": rows,
                           "ratio_3p_to_baseline": three["decisions_per_s"] / base}
    if compare:
        cat = catanatron_bench(seconds)
        out["catanatron"] = cat
        if cat:
            out["vs_catanatron"] = {
                "decisions_per_action": three["decisions_per_s"] / cat["actions_per_s"],
                "clones_per_copy": three["clones_per_s"] / cat["copies_per_s"],
            }
    return out
