"""How often the reference's move is among the playout policy's likeliest options (issue 19,
stop 45): the question stops 43 and 44 left about Blaenau Ffestiniog. `:o3` searches the other
seats' first replies only among a few draws of the title's playout policy
(`Position.policy_choices`); it plays as well as `:o1` in Mount Snowdon and worse than the
master in the scenario, so the replies that cost a seat there may be ones the policy rarely
draws. This script measures that directly.

Positions come from games of `greedy` bots that take a random option a fifth of the time,
stopped after a random number of decisions (10-159, from the game's seed) at the first
decision with at least three options. At each the reference (`--reference`, `mcts:5000` by
default) chooses from a fresh bot, and the policy draws `--draws` times (`policy_choices`, one
count after another from the same seed). One JSON line per position, then a summary per
scenario: how often the reference's choice is among the policy's options for each count, by
the decision's kind (a placement by its area letter), and the reference's choices the policy
missed most often.

Beside the draws, every row records the title's one-ply bot's move there (`one_ply`, the choice
of `greedy` from the same seed: stop 46's question, whether a cheap model of the others predicts
the reference better than the policy's first draw), and with `--again` the reference's choice
from another seed (`again`: how often the reference agrees with itself, the most any model of it
could reach). Rows of an earlier run that lack them get them, and the file is written anew.

    nice -n 5 python3 scripts/reply_coverage.py --scenario mount_snowdon --scenario blaenau_ffestiniog \\
        --seeds 500:560 --draws 1,4,8 --out docs/ladder/dev/reply-coverage-mcts5000.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from snowdonia.bots import make_bot
from snowdonia.core.protocol import Position
from snowdonia.registry import title


def positions(game: str, scenario: str, first: int, last: int) -> list[tuple[int, Position]]:
    """(game seed, position) for the seeds first..last-1 whose game was not over at its stop."""
    t = title(game)
    out = []
    for seed in range(first, last):
        rng = random.Random(seed)
        g = t.new_game(3, seed=seed, scenario=scenario)
        bots = [make_bot("greedy", seed=seed * 3 + s, game=game) for s in range(g.players)]
        target = rng.randrange(10, 160)
        k = 0
        while not g.is_over and (k < target or len(g.legal_actions()) < 3):
            legal = g.legal_actions()
            p = g.current_player
            assert p is not None
            g.apply(bots[p].choose(g) if rng.random() < 0.8 else rng.choice(legal))
            k += 1
        if not g.is_over:
            out.append((seed, g))
    return out


def kind(action: str) -> str:
    """A decision's kind for the summary: a placement by its area ('place A'), else the
    action's first word ('take', 'convert', 'pass')."""
    words = action.split()
    if words[0] == "place" and len(words) > 1:
        return f"place {words[1][0]}"
    return words[0]


def measure(g: Position, reference: str, seed: int, draws: list[int], version: int,
            again: bool = False) -> dict[str, Any]:
    """The reference's choice at `g` and, for each count of draws, whether the policy's
    options include it; the one-ply bot's move (and with `again` the reference's from another
    seed) as `extras` gives them; `g` is never changed."""
    chosen = str(make_bot(reference, seed, game=g.title.name, scenario=g.scenario).choose(g))
    row: dict[str, Any] = {"reference": chosen, "kind": kind(chosen), "options": len(g.legal_actions())}
    for n in draws:
        options = [str(a) for a in g.policy_choices(random.Random(seed), n, version)]
        row[f"in{n}"] = chosen in options
        row[f"distinct{n}"] = len(options)
    row.update(extras(g, reference, seed, again))
    return row


def extras(g: Position, reference: str, seed: int, again: bool) -> dict[str, Any]:
    """The one-ply bot's move at `g` (`one_ply`, from `seed`) and with `again` the reference's
    choice from another seed (`again`); `g` is never changed."""
    out: dict[str, Any] = {"one_ply": str(make_bot("greedy", seed, game=g.title.name, scenario=g.scenario).choose(g))}
    if again:
        out["again"] = str(make_bot(reference, seed + 7777, game=g.title.name, scenario=g.scenario).choose(g))
    return out


def summary(rows: list[dict[str, Any]], draws: list[int]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for scenario in sorted({r["scenario"] for r in rows}):
        mine = [r for r in rows if r["scenario"] == scenario]
        by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in mine:
            by_kind[r["kind"]].append(r)
        widest = max(draws)
        out[scenario] = {
            "positions": len(mine),
            "mean options": round(sum(r["options"] for r in mine) / len(mine), 1),
            **{f"among {n} draws": round(sum(r[f"in{n}"] for r in mine) / len(mine), 3) for n in draws},
            **({"the one-ply bot's move": round(sum(r["one_ply"] == r["reference"] for r in mine) / len(mine), 3)}
               if all("one_ply" in r for r in mine) else {}),
            **({"the reference from another seed": round(sum(r["again"] == r["reference"] for r in mine) / len(mine), 3)}
               if all("again" in r for r in mine) else {}),
            "by kind": {k: {"positions": len(v), **{f"among {n}": round(sum(r[f"in{n}"] for r in v) / len(v), 2)
                                                    for n in draws}}
                        for k, v in sorted(by_kind.items(), key=lambda kv: -len(kv[1]))},
            f"missed by {widest} draws": dict(Counter(r["kind"] for r in mine if not r[f"in{widest}"]).most_common(6)),
        }
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="snowdonia")
    ap.add_argument("--scenario", action="append", default=None, help="repeat for several (default: the first)")
    ap.add_argument("--seeds", default="500:560", help="first:last game seeds (last excluded)")
    ap.add_argument("--reference", default="mcts:5000")
    ap.add_argument("--draws", default="1,4,8", help="counts of policy draws, comma separated")
    ap.add_argument("--version", type=int, default=2, help="the playout policy's version (the master's: 2)")
    ap.add_argument("--out", type=Path, default=None, help="one JSON line per position (resumable: kept rows are skipped)")
    ap.add_argument("--again", action="store_true", help="also the reference's choice from another seed")
    args = ap.parse_args(argv)
    try:
        first, last = (int(x) for x in args.seeds.split(":"))
        draws = sorted({int(x) for x in args.draws.split(",")})
    except ValueError:
        raise SystemExit(f"--seeds wants first:last and --draws counts such as 1,4,8, not {args.seeds!r} "
                         f"and {args.draws!r}") from None
    if not draws or min(draws) < 1:
        raise SystemExit("--draws wants counts of at least 1")
    t = title(args.game)
    scenarios = args.scenario or [t.scenarios[0].key]
    make_bot(args.reference, 0, game=args.game)  # a bad level string stops here, in words
    rows: list[dict[str, Any]] = []
    if args.out is not None and args.out.exists():
        rows = [json.loads(x) for x in args.out.read_text().splitlines() if x.strip()]
    done = {(r["scenario"], r["seed"]): r for r in rows}
    filled = False
    for scenario in scenarios:
        key = t.scenario(scenario).key
        for seed, g in positions(args.game, key, first, last):
            kept = done.get((key, seed))
            if kept is not None:
                if "one_ply" not in kept or (args.again and "again" not in kept):
                    kept.update(extras(g, args.reference, seed, args.again or "again" in kept))
                    filled = True
                continue
            row = {"scenario": key, "seed": seed, **measure(g, args.reference, seed, draws, args.version, args.again)}
            rows.append(row)
            if args.out is not None:
                with args.out.open("a") as f:
                    f.write(json.dumps(row) + "\n")
            print(f"{key} {seed}: {row['reference']} {'in' if row[f'in{draws[-1]}'] else 'NOT in'} "
                  f"{draws[-1]} draws", file=sys.stderr)
    if filled and args.out is not None:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    found = summary(rows, draws)
    print(json.dumps(found, indent=1))
    return found


if __name__ == "__main__":
    main()
