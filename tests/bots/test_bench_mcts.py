"""MCTS speed (pytest-benchmark; with the default --benchmark-disable it runs once as a
plain test). Run the measurement with:
    python3 -m pytest tests/bots/test_bench_mcts.py --benchmark-enable -q
"""

from __future__ import annotations

import random

import pytest

from snowdonia import new_game
from snowdonia.bots.mcts import Budget, MctsBot
from snowdonia.games.snowdonia.game import Game


def _midgame(players: int, seed: int = 4) -> Game:
    rng = random.Random(seed)
    g = new_game(players, seed=seed)
    while g.round < 3 or len(g.legal_actions()) < 2:
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bench_mcts_100_iterations(benchmark: object, players: int) -> None:
    g = _midgame(players)
    bot = MctsBot(Budget(iterations=100), seed=1)

    def search() -> object:
        return bot.search(g)

    action = benchmark(search)  # type: ignore[operator]
    assert action in g.legal_actions()
    assert 0 < bot.last_iterations <= 100
