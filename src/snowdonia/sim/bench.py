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

from snowdonia.bots import make_bot
from snowdonia.bots.mcts import Budget, MctsBot
from snowdonia.core.protocol import Position
from snowdonia.registry import title
from snowdonia.sim.runner import GameSpec, play


def positions(players: int, count: int, seed: int = 0, game: str = "snowdonia") -> list[Position]:
    """Decision points spread over random games (early, middle and late positions)."""
    rng = random.Random(seed)
    out: list[Position] = []
    s = seed
    while len(out) < count:
        g = title(game).new_game(players, seed=s)
        s += 1
        while not g.is_over:
            if len(g.legal_actions()) > 1 and rng.random() < 0.05:
                out.append(g.clone())
            g.apply(rng.choice(g.legal_actions()))
    return out[:count]


def mcts_rate(players: int, seconds: float, game: str = "snowdonia") -> dict[str, Any]:
    """Iterations per second over several positions, with early stopping off (so a whole
    1-second budget is spent) -- the figure a `mcts:1s` move can count on."""
    ps = positions(players, 8, seed=players, game=game)
    per = seconds / len(ps)
    its = 0
    el = cpu = 0.0
    low = float("inf")
    for k, g in enumerate(ps):
        bot = MctsBot(Budget(seconds=per), seed=k, early_stop=False)
        c0 = time.process_time()
        bot.search(g)
        c = time.process_time() - c0
        its += bot.last_iterations
        el += bot.last_seconds
        cpu += c
        low = min(low, bot.last_iterations / max(c, 1e-9))
    # Per CPU second as well as per wall second: on a shared machine the wall figure
    # mostly measures the other processes.
    return {"game": game, "players": players, "iterations_per_s": its / el, "iterations_per_cpu_s": its / max(cpu, 1e-9),
            "slowest_position_per_cpu_s": low}


def games_rate(bot: str, players: int, seconds: float, game: str = "snowdonia") -> dict[str, Any]:
    n = 0
    start = time.perf_counter()
    c0 = time.process_time()
    while time.perf_counter() - start < seconds:
        play(GameSpec((bot,) * players, n, game=game))
        n += 1
    return {"bot": bot, "players": players, "games_per_s": n / (time.perf_counter() - start),
            "games_per_cpu_s": n / max(time.process_time() - c0, 1e-9)}


def move_iterations(players: int, seconds: float, seed: int = 0) -> dict[str, Any]:
    """Iterations actually used by `mcts:<seconds>s` moves in one real game against
    `greedy` (early stopping on, as in play). Moves that ran to the time limit show what
    the budget buys; early-stopped moves are counted separately."""
    g = title("snowdonia").new_game(players, seed=seed)
    me = MctsBot(Budget(seconds=seconds), seed=seed)
    others = [make_bot("greedy", seed + s) for s in range(players)]
    full: list[int] = []
    early: list[int] = []
    while not g.is_over:
        p = g.current_player
        assert p is not None
        if p == 0:
            g.apply(me.choose(g))
            (full if me.last_seconds >= 0.95 * seconds else early).append(me.last_iterations)
        else:
            g.apply(others[p].choose(g))
    full.sort()
    return {"players": players, "seconds": seconds, "full_moves": len(full), "early_stopped_moves": len(early),
            "min_iterations_full_move": full[0] if full else None,
            "median_iterations_full_move": full[len(full) // 2] if full else None,
            "median_iterations_early_move": sorted(early)[len(early) // 2] if early else None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    ap.add_argument("--moves", action="store_true", help="also play one mcts:1s game at 3 players")
    ap.add_argument("--game", default="snowdonia", help="the title")
    args = ap.parse_args()
    counts = title(args.game).player_counts
    out: dict[str, Any] = {
        "mcts": [mcts_rate(n, args.seconds, args.game) for n in counts],
        "games": [games_rate(b, n, args.seconds, args.game) for b in ("random", "greedy") for n in counts if n > 1],
    }
    if args.moves:
        out["moves"] = move_iterations(3, 1.0)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
