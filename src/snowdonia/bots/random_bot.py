"""The `random` bot: a uniform choice among the legal actions, from its own seeded stream."""

from __future__ import annotations

import random
from typing import Any

from snowdonia.bots import register
from snowdonia.core.protocol import Position


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, game: Position) -> Any:
        return self.rng.choice(game.legal_actions())


def _factory(level: str, seed: int) -> RandomBot:
    if level:
        raise ValueError("the random bot takes no level")
    return RandomBot(seed)


register("random", _factory)
