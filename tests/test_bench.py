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


class _Fake:
    """A workload that records when it ran and claims a fixed rate."""

    def __init__(self, name: str, rate: float, order: list[str]) -> None:
        self.name, self.rate, self.order = name, rate, order

    def slice(self, seconds: float) -> tuple[int, float]:
        self.order.append(self.name)
        return int(self.rate * seconds), seconds


def test_interleaved_alternates_the_order_and_reports_the_median_ratio() -> None:
    from snowdonia.bench import interleaved

    order: list[str] = []
    out = interleaved(_Fake("ours", 3000, order), _Fake("theirs", 1000, order), slices=4, seconds=1.0)
    assert order == ["ours", "theirs", "theirs", "ours", "ours", "theirs", "theirs", "ours"]
    assert out["ratio"]["median"] == 3.0 and out["ratio"]["min"] == 3.0 and len(out["ratio"]["slices"]) == 4
    assert out["ours_per_cpu_s"] == 3000 and out["theirs_per_cpu_s"] == 1000


def test_compare_measures_both_engines_in_slices() -> None:
    from snowdonia.bench import catanatron_installed, compare

    out = compare("foothills", 2, slices=2, seconds=0.05)
    if not catanatron_installed():
        assert out is None
        return
    assert out is not None
    for part in ("playouts", "clones"):
        r = out[part]["ratio"]
        assert len(r["slices"]) == 2 and r["min"] <= r["median"] <= r["max"] and r["min"] > 0


def test_mcts_rates_cover_each_player_count_asked() -> None:
    from snowdonia.bench import build, mcts_rates

    rows = mcts_rates(0.2, games=("snowdonia",), counts={"snowdonia": (2, 3)})
    assert [(r["game"], r["players"]) for r in rows] == [("snowdonia", 2), ("snowdonia", 3)]
    assert all(r["iterations_per_cpu_s"] > 0 and r["depth"] is None for r in rows)
    assert build().split()[0] in ("compiled", "pure")


def test_mcts_rates_add_each_other_scenario_at_three_players() -> None:
    from snowdonia.bench import mcts_rates

    rows = mcts_rates(0.1, games=("snowdonia",))
    assert [(r["scenario"], r["players"]) for r in rows] == [
        ("mount_snowdon", n) for n in (1, 2, 3, 4, 5)] + [("blaenau_ffestiniog", 3)]
