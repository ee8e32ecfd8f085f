"""Time post-game reviews (docs/analysis.md): CPU and wall seconds of `review_record` on a
record file (default: the golden 3-player Mount Snowdon game, every seat) at each budget.

    PYTHONPATH=src python3 scripts/review_time.py                      # quick and normal
    PYTHONPATH=src python3 scripts/review_time.py GAME.json --budget 1 quick

The compiled engine (`snowdonia --version`) is several times faster than the pure one; the
figure printed says which ran."""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from snowdonia import _engine
from snowdonia.analysis.review import review_record, unwrap

GOLDEN_3P = Path(__file__).resolve().parent.parent / "tests" / "golden" / "3p_original_greedy.json"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", nargs="?", type=Path, default=GOLDEN_3P)
    ap.add_argument("--budget", nargs="+", default=["quick", "normal"])
    args = ap.parse_args()
    record, kinds = unwrap(json.loads(args.file.read_text()))
    print(f"{args.file.name}: engine {_engine.describe()}, load average {os.getloadavg()[0]:.1f}")
    for budget in args.budget:
        cpu, wall = time.process_time(), time.time()
        r = review_record(record, None, budget, seat_kinds=kinds)
        print(f"budget {budget}: {len(record['actions'])} decisions, {len(r.rows)} reviewed, "
              f"cpu {time.process_time() - cpu:.1f} s, wall {time.time() - wall:.1f} s "
              f"(load average after {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
