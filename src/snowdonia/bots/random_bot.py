"""The `random` bot: a uniform choice among the legal actions, from its own seeded stream."""

from __future__ import annotations

import random

from snowdonia.bots import register
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.actions import Action


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())


def _factory(level: str, seed: int) -> RandomBot:
    if level:
        raise ValueError("the random bot takes no level")
    return RandomBot(seed)


register("random", _factory)
