"""Speed of this checkout against another one, each measured against Catanatron in the same
process (issue 9: "measure snowdonia bench --compare for the old and new code in one run on
the same machine"). Runs the two code bases alternately, `--rounds` times each, so both see
the same machine load; reports decisions/s and clones/s, their ratios to Catanatron, and the
run-to-run spread.

    python3 scripts/speed_compare.py --other /path/to/old/checkout --rounds 3 --seconds 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

PROBE = r'''
import json, random, sys, time
import snowdonia
from snowdonia.bench import catanatron_bench

def playouts(players, seconds):
    rng = random.Random(0); n = games = 0; s = 0
    end = time.perf_counter() + seconds; t0 = time.perf_counter()
    while time.perf_counter() < end:
        g = snowdonia.new_game(players, seed=s); s += 1
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions())); n += 1
        games += 1
    return n / (time.perf_counter() - t0)

def clones(players, seconds):
    rng = random.Random(0)
    g = snowdonia.new_game(players, seed=0)
    while not g.is_over and g.round < 3:
        g.apply(rng.choice(g.legal_actions()))
    n = 0; t0 = time.perf_counter(); end = t0 + seconds
    while time.perf_counter() < end:
        for _ in range(500):
            g.clone()
        n += 500
    return n / (time.perf_counter() - t0)

sec = float(sys.argv[1])
cat = catanatron_bench(sec)
out = {"decisions_per_s": playouts(3, sec), "clones_per_s": clones(3, sec / 2), "catanatron": cat}
print(json.dumps(out))
'''


def measure(src: Path, seconds: float) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(src))
    res = subprocess.run([sys.executable, "-c", PROBE, str(seconds)], env=env, capture_output=True,
                         text=True, check=True)
    d = json.loads(res.stdout.strip().splitlines()[-1])
    cat = d["catanatron"]
    return {"decisions_per_s": d["decisions_per_s"], "clones_per_s": d["clones_per_s"],
            "decisions_vs_catanatron": d["decisions_per_s"] / cat["actions_per_s"],
            "clones_vs_catanatron": d["clones_per_s"] / cat["copies_per_s"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--other", type=Path, required=True, help="the other checkout (its root folder)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    here = Path(__file__).resolve().parents[1] / "src"
    other = args.other.resolve() / "src"
    runs: dict[str, list[dict[str, float]]] = {"this": [], "other": []}
    for _ in range(args.rounds):
        runs["other"].append(measure(other, args.seconds))
        runs["this"].append(measure(here, args.seconds))
    summary = {}
    for name, rows in runs.items():
        summary[name] = {k: {"mean": statistics.mean(r[k] for r in rows),
                             "min": min(r[k] for r in rows), "max": max(r[k] for r in rows)}
                         for k in rows[0]}
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
