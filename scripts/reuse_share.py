"""How much of a tree-reusing search's tree is inherited (issue 19, `:r1`): one game of the given
`search:…:r1` level in seat 0 against `greedy` in the other seats; for each of the level's first
`--decisions` searched decisions, the root visits it inherited from its kept tree. The mean of
those over the budget is the share of a search that reuse adds for free.

    nice -n 10 python3 scripts/reuse_share.py search:6000:s0.3:r1 --game foothills --seed 7
    nice -n 10 python3 scripts/reuse_share.py search:6000:s0.3:r1 --players 3 --seed 7
"""

from __future__ import annotations

import argparse
import statistics

from snowdonia.bots import make_bot
from snowdonia.bots.search import SearchBot
from snowdonia.registry import title


def inherited(level: str, game: str, players: int, seed: int, decisions: int) -> list[int]:
    """The visits each of the level's searched decisions inherited, in order."""
    g = title(game).new_game(players, seed=seed)
    bot = make_bot(level, seed=1, game=game)
    if not isinstance(bot, SearchBot) or not bot.config.reuse:
        raise SystemExit(f"{level!r} is not a search level with tree reuse (':r1')")
    others = [make_bot("greedy", seed=2 + p, game=game) for p in range(players)]
    out: list[int] = []
    while not g.is_over and len(out) < decisions:
        p = g.current_player
        assert p is not None
        if p == 0:
            a = bot.choose(g)
            if bot.last_iterations:  # a forced decision is not searched
                out.append(bot.last_reused)
        else:
            a = others[p].choose(g)
        g.apply(a)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("level")
    ap.add_argument("--game", default="snowdonia")
    ap.add_argument("--players", type=int, default=0, help="default: 3 (Foothills: 2)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--decisions", type=int, default=25)
    args = ap.parse_args()
    players = args.players or (2 if args.game == "foothills" else 3)
    got = inherited(args.level, args.game, players, args.seed, args.decisions)
    budget = make_bot(args.level, seed=1, game=args.game).config.iterations  # type: ignore[attr-defined]
    print(f"{args.level} ({args.game}, {players} players, seed {args.seed}): {len(got)} searched decisions")
    print(f"inherited visits: {got}")
    print(f"mean {statistics.fmean(got):.0f} ({statistics.fmean(got) / budget:.0%} of the {budget:,} budget), "
          f"median {statistics.median(got):.0f}")


if __name__ == "__main__":
    main()
