"""How many iterations a search level runs a searched decision, and its CPU time a decision
(issue 19, `:x1`): one game of the level in seat 0 against `greedy` in the other seats. With
`:x1` a search stops once its most visited option cannot be overtaken, so the mean falls below
the budget; compare a level with and without the flag on the same seed.

    nice -n 10 python3 scripts/decided_share.py search:6000:s0.3:r1 --game foothills --seed 7
    nice -n 10 python3 scripts/decided_share.py search:6000:s0.3:r1:x1 --game foothills --seed 7
"""

from __future__ import annotations

import argparse
import statistics
import time

from snowdonia.bots import make_bot
from snowdonia.bots.search import SearchBot
from snowdonia.registry import title


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("level")
    ap.add_argument("--game", default="snowdonia")
    ap.add_argument("--players", type=int, default=0, help="default: 3 (Foothills: 2)")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    players = args.players or (2 if args.game == "foothills" else 3)
    g = title(args.game).new_game(players, seed=args.seed)
    bot = make_bot(args.level, seed=1, game=args.game)
    if not isinstance(bot, SearchBot):
        raise SystemExit(f"{args.level!r} is not a search level")
    others = [make_bot("greedy", seed=2 + p, game=args.game) for p in range(players)]
    iterations: list[int] = []
    cpu = 0.0
    asked = 0
    while not g.is_over:
        p = g.current_player
        assert p is not None
        if p == 0:
            open_ = len(g.legal_actions()) > 1
            t = time.process_time()
            a = bot.choose(g)
            cpu += time.process_time() - t
            asked += 1
            if open_:
                iterations.append(bot.last_iterations)
        else:
            a = others[p].choose(g)
        g.apply(a)
    print(f"{args.level} ({args.game}, {players} players, seed {args.seed}): {len(iterations)} searched decisions, "
          f"{statistics.fmean(iterations):,.0f} iterations each on average (budget {bot.config.iterations:,}); "
          f"{cpu / asked:.3f} CPU-s a decision asked; scores {g.outcome().scores}")


if __name__ == "__main__":
    main()
