"""Speed of the Foothills engine (pytest-benchmark; figures, not timed asserts). Disabled in
ordinary runs by `--benchmark-disable` (pyproject); run them with

    PYTHONPATH=src python -m pytest tests/games/foothills/test_bench.py --benchmark-enable
"""

from __future__ import annotations

import random
from typing import Any

from snowdonia.games.foothills.title import TITLE


def random_playout(seed: int) -> int:
    """One random game by the fast path (`step`); returns the number of decisions."""
    g = TITLE.new_game(2, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not g.is_over:
        g.step(rng.choice(g.legal_actions()))
        n += 1
    return n


def test_bench_random_playouts(benchmark: Any) -> None:
    seeds = iter(range(10**9))
    decisions = benchmark(lambda: random_playout(next(seeds)))
    assert decisions > 0


def test_bench_clones(benchmark: Any) -> None:
    g = TITLE.new_game(2, seed=1)
    rng = random.Random(1)
    for _ in range(60):
        g.apply(rng.choice(g.legal_actions()))
    c = benchmark(g.clone)
    assert c.observation() == g.observation()


def test_bench_legal_actions(benchmark: Any) -> None:
    g = TITLE.new_game(2, seed=2)
    rng = random.Random(2)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))

    def fresh() -> int:
        g._legal = None
        return len(g.legal_actions())

    assert benchmark(fresh) > 0


def test_bench_greedy_decision(benchmark: Any) -> None:
    g = TITLE.new_game(2, seed=3)
    bot = TITLE.bots()["greedy"]("", 3)
    a = benchmark(lambda: bot.choose(g))
    assert a in g.legal_actions()
