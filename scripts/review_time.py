"""Time a post-game review at budgets 1 and quick: a 2-player Mount Snowdon game of random moves
(seed 3), both seats reviewed (docs/analysis.md, "The review in the web app")."""

from __future__ import annotations

import random
import time

from snowdonia.analysis.review import review_record
from snowdonia.registry import title


def main() -> None:
    p = title("snowdonia").new_game(2, seed=3)
    rng = random.Random(1)
    while not p.is_over:
        p.apply(rng.choice(list(p.legal_actions())))
    for budget in ("1", "quick"):
        cpu, wall = time.process_time(), time.time()
        r = review_record(p.record(), [1, 2], budget)
        print(f"budget {budget}: {p.moves} decisions, {len(r.rows)} reviewed, "
              f"cpu {time.process_time() - cpu:.1f} s, wall {time.time() - wall:.1f} s")


if __name__ == "__main__":
    main()
