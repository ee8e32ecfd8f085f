"""Wall-clock and CPU time a decision of search levels, root-parallel ones included (issue 19,
stop 40: `parallel:<jobs>:<level>`, bots/parallel.py).

Each level decides the same 3-player Mount Snowdon positions (those of scripts/bench_search.py:
seeds 900.., a random number of random moves in) from the same seeds, one after another in this
process; a root-parallel level's helper processes search beside it. For each level the script
prints (after one untimed decision that starts the helpers) the mean wall seconds a decision, the mean CPU seconds a decision (this process's and
the helpers'), iterations a decision, and wall and CPU relative to the first level. A
root-parallel level can only think faster on the wall clock when the machine has a free core
for each helper: run it with nothing else on the machine.

    python3 scripts/parallel_speed.py search:3000:f1:w0.8:k8:h2 parallel:2:search:3000:f1:w0.8:k8:h2 \\
        search:6000:f1:w0.8:k8:h2 --positions 6
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import snowdonia
from snowdonia.bots import make_bot


def positions(count: int) -> list[Any]:
    games = []
    for seed in range(900, 900 + count):
        rng = random.Random(seed)
        g = snowdonia.new_game(3, seed=seed)
        target = rng.randrange(10, 150)
        k = 0
        while not g.is_over and (k < target or len(g.legal_actions()) < 2):
            g.apply(rng.choice(g.legal_actions()))
            k += 1
        if not g.is_over:
            games.append(g)
    return games


def measure(level: str, games: list[Any]) -> dict[str, Any]:
    """One bot decides every position; a first, untimed decision starts a root-parallel bot's
    helpers (a process start and an import: once a game in play, not once a decision)."""
    wall = cpu = 0.0
    its = 0
    bot = make_bot(level, seed=1)
    try:
        bot.choose(games[0])
        for g in games:
            w0, c0 = time.perf_counter(), time.process_time()
            bot.choose(g)
            wall += time.perf_counter() - w0
            cpu += time.process_time() - c0 + getattr(bot, "last_helper_cpu", 0.0)
            its += getattr(bot, "last_iterations", 0)
    finally:
        close = getattr(bot, "close", None)
        if close is not None:
            close()
    n = max(len(games), 1)
    return {"level": level, "decisions": len(games), "wall_spd": round(wall / n, 3), "cpu_spd": round(cpu / n, 3),
            "its": round(its / n, 1)}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("levels", nargs="+", help="level strings; the first is the baseline of the ratios")
    ap.add_argument("--positions", type=int, default=6)
    args = ap.parse_args(argv)
    games = positions(args.positions)
    base: dict[str, Any] | None = None
    for level in args.levels:
        row = measure(level, games)
        if base is None:
            base = row
        row["wall_ratio"] = round(row["wall_spd"] / max(base["wall_spd"], 1e-9), 2)
        row["cpu_ratio"] = round(row["cpu_spd"] / max(base["cpu_spd"], 1e-9), 2)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
