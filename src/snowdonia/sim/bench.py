"""Bot speed figures for the docs: MCTS iterations per second at each player count, and
whole games per second on one core for `random` and `greedy` self-play.

    python3 -m snowdonia.sim.bench [--seconds 3]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from snowdonia import new_game
from snowdonia.bots.mcts import Budget, MctsBot
from snowdonia.game import Game
from snowdonia.sim.runner import GameSpec, play


def positions(players: int, count: int, seed: int = 0) -> list[Game]:
    """Decision points spread over random games (early, middle and late positions)."""
    rng = random.Random(seed)
    out: list[Game] = []
    s = seed
    while len(out) < count:
        g = new_game(players, seed=s)
        s += 1
        while not g.is_over:
            if len(g.legal_actions()) > 1 and rng.random() < 0.05:
                out.append(g.clone())
            g.apply(rng.choice(g.legal_actions()))
    return out[:count]


def mcts_rate(players: int, seconds: float) -> dict[str, float]:
    """Iterations per second over several positions, with early stopping off (so a whole
    1-second budget is spent) -- the figure a `mcts:1s` move can count on."""
    ps = positions(players, 8, seed=players)
    per = seconds / len(ps)
    its = 0
    el = 0.0
    low = float("inf")
    for k, g in enumerate(ps):
        bot = MctsBot(Budget(seconds=per), seed=k, early_stop=False)
        bot.search(g)
        its += bot.last_iterations
        el += bot.last_seconds
        low = min(low, bot.last_iterations / bot.last_seconds)
    return {"players": players, "iterations_per_s": its / el, "slowest_position_per_s": low}


def games_rate(bot: str, players: int, seconds: float) -> dict[str, Any]:
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        play(GameSpec((bot,) * players, n))
        n += 1
    return {"bot": bot, "players": players, "games_per_s": n / (time.perf_counter() - start)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    args = ap.parse_args()
    out = {
        "mcts": [mcts_rate(n, args.seconds) for n in range(1, 6)],
        "games": [games_rate(b, n, args.seconds) for b in ("random", "greedy") for n in (2, 3, 4)],
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
