"""A level's think time over one whole game (issue 19: "no level takes more than 2 s a move on
average"): the level in seat 0 against `greedy` in every other seat, and the CPU seconds of
each of its decisions with more than one option, in order; the mean and the longest.

    nice -n 5 python3 scripts/think_time.py master --players 5 --seed 5
    nice -n 5 python3 scripts/think_time.py master --players 3 --scenario blaenau_ffestiniog

CPU time (`time.process_time`), so another process on the same core does not count; a machine's
speed does (compare `scripts/bench_search.py`).
"""

from __future__ import annotations

import argparse
import statistics
import time

import snowdonia
from snowdonia.bots import make_bot


def main(argv: list[str] | None = None) -> list[float]:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("level", help="a level string or a named level ('master')")
    ap.add_argument("--game", default="snowdonia")
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    g = snowdonia.new_game(args.players, seed=args.seed, scenario=args.scenario, game=args.game)
    bot = make_bot(args.level, args.seed * 7 + 1, game=args.game, scenario=g.scenario)
    greedy = make_bot("greedy", args.seed * 7 + 2, game=args.game)
    times: list[float] = []
    while not g.is_over:
        legal = g.legal_actions()
        if len(legal) > 1 and g.current_player == 0:
            start = time.process_time()
            action = bot.choose(g)
            times.append(time.process_time() - start)
        else:
            action = legal[0] if len(legal) == 1 else greedy.choose(g)
        g.apply(action)
    print(" ".join(f"{t:.2f}" for t in times))
    print(f"{args.level} ({bot.name}), {args.players} players, seed {args.seed}: {len(times)} decisions, "
          f"mean {statistics.mean(times):.2f} CPU-s, longest {max(times):.2f}")
    return times


if __name__ == "__main__":
    main()
