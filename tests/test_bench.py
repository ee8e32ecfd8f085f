"""Engine speed benchmarks (pytest-benchmark). In the normal suite they run once as plain
tests (`--benchmark-disable` in pyproject); `pytest tests/test_bench.py --benchmark-enable`
measures. Figures are reported as ratios by `snowdonia bench --compare`, never asserted as
times (shared machines are noisy)."""

from __future__ import annotations

import random
from typing import Any

from snowdonia import new_game
from snowdonia.bench import run_bench


def _playout(seed: int) -> int:
    rng = random.Random(seed)
    g = new_game(3, seed=seed)
    n = 0
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        n += 1
    return n


def test_bench_random_playout_3p(benchmark: Any) -> None:
    decisions = benchmark(_playout, 7)
    assert decisions > 10


def test_bench_clone_midgame(benchmark: Any) -> None:
    rng = random.Random(1)
    g = new_game(3, seed=1)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    c = benchmark(g.clone)
    assert c.observation(None) == g.observation(None)


def test_run_bench_reports_every_player_count() -> None:
    out = run_bench([1, 5], seconds=0.05)
    assert [r["players"] for r in out["rows"]] == [1, 5]
    for r in out["rows"]:
        assert r["decisions_per_s"] > 0 and r["clones_per_s"] > 0 and r["games_per_s"] > 0
