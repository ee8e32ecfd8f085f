"""Whole games between versions of a title's cheap playout policy (issue 19): one version per
seat, seats rotated game by game, every decision made by `Position.policy_playout(rng, 1,
version)` of the deciding seat's version. A fast screen for a new policy version before it is
played inside the search, where a ladder takes hours: the new version's share of wins against
two seats of the old one, with its 95% Wilson interval, and its mean VP.

    nice -n 5 python3 scripts/policy_arena.py 4,3,3 --games 2000 --seed 0
    nice -n 5 python3 scripts/policy_arena.py 3,2,2 --games 2000 --seed 0
"""

from __future__ import annotations

import argparse
import collections
import random

from snowdonia.registry import title
from snowdonia.sim.stats import wilson


def main(argv: list[str] | None = None) -> dict[int, dict[str, float]]:
    """Play the games and print the summary; returns per version its `seats`, `wins` (a shared
    win counts as a share) and `vp` (mean)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("versions", help="comma-separated policy versions, one per seat (e.g. 4,3,3)")
    ap.add_argument("--game", default="snowdonia")
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    try:
        versions = [int(v) for v in args.versions.split(",")]
    except ValueError:
        ap.error(f"versions must be whole numbers separated by commas, not {args.versions!r}")
    if any(not 1 <= v <= 5 for v in versions):
        # Versions 6 and 7 keep each seat's plan for one whole playout; called one decision at a time,
        # as the arena does, it would draw a new plan at every decision and play another policy.
        ap.error("the arena plays versions 1 to 5: versions 6 and 7 keep each seat's plan for a whole "
                 "playout, and the arena asks the policy one decision at a time")
    players = len(versions)
    t = title(args.game)
    wins: dict[int, float] = collections.defaultdict(float)
    seats: collections.Counter[int] = collections.Counter()
    vp: dict[int, list[int]] = collections.defaultdict(list)
    winning: list[int] = []
    for i in range(args.games):
        g = t.new_game(players, seed=args.seed + i, scenario=args.scenario)
        rng = random.Random(args.seed * 7919 + i)
        who = [versions[(s + i) % players] for s in range(players)]
        while not g.is_over:
            p = g.current_player
            assert p is not None
            g.policy_playout(rng, 1, who[p])
        out = g.outcome()
        scores = [int(s) for s in out.scores]
        winners = out.winners
        winning.append(max(scores))
        for p in range(players):
            seats[who[p]] += 1
            vp[who[p]].append(scores[p])
            if p in winners:
                wins[who[p]] += 1 / len(winners)
        if (i + 1) % max(1, args.games // 10) == 0:
            print(f"  {i + 1}/{args.games} games", flush=True)
    print(f"{args.games} games, {players} players, versions {args.versions}; mean winning VP "
          f"{sum(winning) / len(winning):.1f}")
    for v in sorted(seats):
        n = seats[v]
        share = wins[v] / n
        lo, hi = wilson(wins[v], n)
        print(f"  version {v}: {n} seats, wins {wins[v]:.1f} ({share:.3f} [{lo:.3f}, {hi:.3f}]; "
              f"fair share {1 / players:.3f}), mean VP {sum(vp[v]) / n:.1f}")
    return {v: {"seats": seats[v], "wins": wins[v], "vp": sum(vp[v]) / seats[v]} for v in seats}


if __name__ == "__main__":
    main()
