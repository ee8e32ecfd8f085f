"""Is the analysis' ranking sensible? Two measurements (docs/analysis.md):

1. Play: a seat that always takes the analysis' best option (`--budget`) against the
   title's greedy bot, seats swapped every other game; prints games won (ties count half).
2. Review: the mean loss per decision the review finds for each bot kind of the golden
   records (random seats should lose far more than greedy ones).

    PYTHONPATH=src python3 scripts/analysis_check.py play --games 20 --budget quick
    PYTHONPATH=src python3 scripts/analysis_check.py golden --budget 2
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from snowdonia.analysis import analyse
from snowdonia.analysis.review import review_record, unwrap
from snowdonia.bots import make_bot
from snowdonia.registry import title

ROOT = Path(__file__).resolve().parent.parent


def play(args: argparse.Namespace) -> None:
    won = 0.0
    start = time.process_time()
    for i in range(args.games):
        g = title(args.game).new_game(args.players, seed=1000 + i)
        me = i % args.players
        bots = {p: make_bot("greedy", seed=i * 10 + p, game=args.game) for p in range(args.players) if p != me}
        while not g.is_over:
            p = g.current_player
            assert p is not None
            a: Any = analyse(g, p, args.budget, seed=i).best.action if p == me else bots[p].choose(g)
            g.step(a)
        out = g.outcome()
        share = 1.0 / len(out.winners) if me in out.winners else 0.0
        won += share
        print(f"game {i + 1}: analysis seat {me + 1}, scores {out.scores}, won {share:g}", flush=True)
    print(f"analysis:{args.budget} vs greedy, {args.game} {args.players}p: {won:g} of {args.games} won "
          f"({won / args.games:.3f}; an equal player wins {1 / args.players:.3f}); "
          f"{time.process_time() - start:.0f} s CPU")


def golden(args: argparse.Namespace) -> None:
    per_kind: dict[str, list[float]] = {}
    files = sorted((ROOT / "tests" / "golden").glob("*.json")) + \
        sorted((ROOT / "tests" / "games" / "foothills" / "golden").glob("*.json"))
    for path in files:
        record, kinds = unwrap(json.loads(path.read_text()))
        if kinds is None or len(kinds) < 2 or len(set(kinds)) < 2:
            continue  # only records that seat different bots against each other
        r = review_record(record, budget=args.budget)
        for s, row in r.summary().items():
            per_kind.setdefault(kinds[s - 1], []).append(row["mean_loss_vp"])
        print(path.name, {kinds[s - 1]: row["mean_loss_vp"] for s, row in r.summary().items()}, flush=True)
    for kind, losses in sorted(per_kind.items()):
        print(f"{kind}: mean loss {sum(losses) / len(losses):.2f} VP per decision over {len(losses)} seats")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="what", required=True)
    p = sub.add_parser("play")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--game", default="snowdonia")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--budget", default="quick")
    p.set_defaults(run=play)
    g = sub.add_parser("golden")
    g.add_argument("--budget", default="2")
    g.set_defaults(run=golden)
    args = ap.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
