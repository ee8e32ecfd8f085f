"""The `greedy` bot: one ply of look-ahead with the heuristic evaluation.

For each option of the pending decision it applies the option to a resampled clone (so it
never peeks at the bag's future draws), finishes the rest of its own turn by taking at each
further decision the option that evaluates best right away, and keeps the option whose
end-of-turn position has the best margin over the opponent."""

from __future__ import annotations

import random
from typing import Any

from snowdonia.games.foothills.bots.evaluate import margin
from snowdonia.games.foothills.game import FoothillsGame
from snowdonia.games.foothills.rules.actions import FAction

EPS = 1e-9
MAX_STEPS = 40  # decisions followed within one turn (a turn has far fewer)


class GreedyBot:
    def __init__(self, seed: int = 0) -> None:
        self.name = "greedy"
        self.rng = random.Random(seed)

    def choose(self, position: Any) -> FAction:
        g = position
        assert isinstance(g, FoothillsGame)
        legal = g.legal_actions()
        if len(legal) == 1:
            return legal[0]
        p = g.decider
        base = g.resample(p, self.rng.getrandbits(63))
        best: list[FAction] = []
        best_v = float("-inf")
        for a in legal:
            c = base.clone()
            c.step(a)
            finish_turn(c, p, base.turn)
            v = margin(c, p)
            if v > best_v + EPS:
                best_v, best = v, [a]
            elif v > best_v - EPS:
                best.append(a)
        return self.rng.choice(best)


def finish_turn(g: FoothillsGame, p: int, turn: int) -> None:
    """Play p's remaining decisions of this turn, each by immediate evaluation."""
    for _ in range(MAX_STEPS):
        if g.over or g.decider != p or g.turn != turn:
            return
        legal = g.legal_actions()
        best = legal[0]
        best_v = float("-inf")
        for a in legal:
            c = g.clone()
            c.step(a)
            v = margin(c, p)
            if v > best_v + EPS:
                best, best_v = a, v
        g.step(best)


def factory(level: str, seed: int) -> GreedyBot:
    if level:
        raise ValueError("the greedy bot takes no level")
    return GreedyBot(seed)
