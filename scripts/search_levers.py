"""Measure one lever of the `search` bot (issue 19): N Mount Snowdon 3-player games of one
search level against two `greedy`, seats rotated, seeds `--seed`..`--seed+N-1` (the games of
`levels_ladder.py`), with optional overrides of the playout value's weights
(`games/snowdonia/bots/value.py` WEIGHTS). Prints the focus bot's mean score with its standard
error, its win share, mean rounds and CPU seconds per decision.

    nice -n 5 python3 scripts/search_levers.py search:300:s0.3 --games 30 --seed 7000
    nice -n 5 python3 scripts/search_levers.py search:300 --games 30 --seed 7000 --weights '{"unmet_share": 0.7}'
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from levels_ladder import play_one  # noqa: E402

from snowdonia.games.snowdonia.bots import value  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("focus")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--weights", default="{}", help="JSON object: value.WEIGHTS overrides")
    args = ap.parse_args()
    over = json.loads(args.weights)
    unknown = set(over) - set(value.WEIGHTS)
    if unknown:
        ap.error(f"unknown weights {sorted(unknown)}; known: {sorted(value.WEIGHTS)}")
    value.WEIGHTS.update({k: float(v) for k, v in over.items()})
    scores, spd, rounds = [], [], []
    wins = 0.0
    for i in range(args.games):
        r = play_one((i, args.seed + i, "snowdonia", "mount_snowdon", 3, args.focus, args.opponent))
        s = r["focus_seat"]
        scores.append(r["scores"][s])
        spd.append(r["focus_spd"])
        rounds.append(r["rounds"])
        if s in r["winners"]:
            wins += 1 / len(r["winners"])
    n = args.games
    se = statistics.stdev(scores) / n ** 0.5 if n > 1 else 0.0
    print(f"{args.focus} {over} games={n} mean VP={statistics.mean(scores):.1f} (se {se:.1f}) "
          f"wins={wins / n:.2f} rounds={statistics.mean(rounds):.1f} s/decision={statistics.mean(spd):.3f}")


if __name__ == "__main__":
    main()
