"""Iterations per CPU-second of `search` levels on the same positions (issue 19): the
positions of one greedy Mount Snowdon game (every 15th decision with a choice), each level
searching each of them once from the same seed. CPU time (`time.process_time`), so a loaded
machine slows the wall clock but not the figure much.

    nice -n 5 python3 scripts/search_speed.py search:2000:e0 search:2000:v1 search:2000:d6:v1
"""

from __future__ import annotations

import argparse
import time

from snowdonia.bots import make_bot
from snowdonia.core.protocol import Position
from snowdonia.registry import title


def positions(players: int, seed: int, every: int) -> list[Position]:
    t = title("snowdonia")
    g = t.new_game(players, seed=seed)
    greedy = [make_bot("greedy", s) for s in range(players)]
    out = []
    k = 0
    while not g.is_over:
        if k % every == every // 2 and len(g.legal_actions()) > 1:
            out.append(t.restore(g.snapshot()))
        p = g.current_player
        assert p is not None
        g.apply(greedy[p].choose(g))
        k += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("levels", nargs="+")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--every", type=int, default=15)
    args = ap.parse_args()
    todo = positions(args.players, args.seed, args.every)
    for spec in args.levels:
        bot = make_bot(spec, 3)
        its = 0
        t0 = time.process_time()
        for p in todo:
            bot.choose(p)
            its += getattr(bot, "last_iterations", 0)
        dt = time.process_time() - t0
        print(f"{spec}: {len(todo)} decisions, {dt / len(todo):.3f} CPU s a decision, "
              f"{its / dt:,.0f} iterations a CPU-second")


if __name__ == "__main__":
    main()
