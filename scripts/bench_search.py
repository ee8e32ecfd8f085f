"""Iterations per CPU-second of `search` levels (issue 18: the search bot's inner loop
compiled), optionally against another source tree in the same run (issue 18's rule: ratios
measured in one run, alternated).

Each measurement runs in a fresh process on the engine build of its source tree: the level
searches a fixed set of 3-player Mount Snowdon positions (seeds 900..) from fixed seeds, and
the process reports the iterations it ran divided by the CPU seconds it spent searching.
With `--before SRC` (a `src/` folder of another checkout, e.g. main's, built in place) each
round measures both trees, in alternating order, and prints the ratio after/before.

    PYTHONPATH=$PWD/src python3 scripts/bench_search.py search:2000:e0 search:300:s0.3 \
        --before /path/to/main/src --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

CHILD = r"""
import json, random, sys, time
import snowdonia, snowdonia._engine as engine
from snowdonia.bots import make_bot
level, count = sys.argv[1], int(sys.argv[2])
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
its, cpu = 0, 0.0
for i, g in enumerate(games):
    bot = make_bot(level, seed=i)
    t = time.process_time()
    bot.choose(g)
    cpu += time.process_time() - t
    its += bot.last_iterations
print(json.dumps({"build": engine.describe(), "iterations": its, "cpu": cpu}))
"""


def measure(src: str, level: str, positions: int) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=src)
    out = subprocess.run([sys.executable, "-c", CHILD, level, str(positions)], env=env, capture_output=True,
                         text=True, check=True)
    data: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return data


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("levels", nargs="+", help="search levels, e.g. search:2000:e0")
    ap.add_argument("--before", help="another checkout's src/ folder to compare with (same run, alternated)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--positions", type=int, default=8, help="positions searched per measurement")
    args = ap.parse_args()
    here = str(Path(__file__).resolve().parent.parent / "src")
    for level in args.levels:
        ratios, after_rates, before_rates = [], [], []
        for r in range(args.rounds):
            trees = [("after", here)] + ([("before", args.before)] if args.before else [])
            if r % 2:
                trees.reverse()
            rates = {}
            for name, src in trees:
                m = measure(src, level, args.positions)
                rate = float(m["iterations"]) / float(m["cpu"])  # type: ignore[arg-type]
                rates[name] = rate
                print(f"  {level} round {r + 1} {name}: {rate:,.0f} it/CPU-s ({m['build']})", flush=True)
            after_rates.append(rates["after"])
            if "before" in rates:
                before_rates.append(rates["before"])
                ratios.append(rates["after"] / rates["before"])
        line = f"{level}: {statistics.median(after_rates):,.0f} it/CPU-s"
        if ratios:
            line += (f" (before {statistics.median(before_rates):,.0f}); ratio median {statistics.median(ratios):.2f}"
                     f" [{min(ratios):.2f}-{max(ratios):.2f}] over {len(ratios)} rounds")
        print(line, flush=True)


if __name__ == "__main__":
    main()
