"""How often bots choose the same option in the same positions (issue 19, stop 32): whether a
level is held back by noise (its own choice changes with the seed) or by what it aims at (it
agrees with itself but not with a much longer search).

Positions come from games of two `greedy` bots that take a random option a fifth of the time,
stopped after a random number of decisions (20-219, from the game's seed) at the first decision
with at least three options. Each `--level` chooses there with each of its seeds, from
a fresh bot (no kept tree); the positions are never changed. One JSON line per position, then a
summary: how often each level agrees with itself over its seeds, and how often its most
frequent choice is another level's first.

    nice -n 5 python3 scripts/choice_agreement.py --game foothills --seeds 40:60 \\
        --level m6k=search:6000@1,2,3 --level ref5k=mcts:5000@1,2 \\
        --level s30k=search:30000@7 --level r30k=mcts:30000@7 --out /tmp/agree.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from snowdonia.bots import make_bot
from snowdonia.registry import title


def positions(game: str, first: int, last: int) -> list[tuple[int, int, Any]]:
    """(game seed, decisions played, position) for the seeds first..last-1 whose game was not
    over at its stopping point."""
    t = title(game)
    out = []
    for seed in range(first, last):
        rng = random.Random(seed)
        g = t.new_game(2 if game == "foothills" else 3, seed=seed)
        bots = [make_bot("greedy", seed=seed * 2 + s, game=game) for s in range(g.players)]
        target = rng.randrange(20, 220)
        k = 0
        while not g.is_over and (k < target or len(g.legal_actions()) < 3):
            legal = g.legal_actions()
            g.apply(bots[g.current_player].choose(g) if rng.random() < 0.8 else rng.choice(legal))
            k += 1
        if not g.is_over:
            out.append((seed, k, g))
    return out


def parse_level(text: str) -> tuple[str, str, list[int]]:
    """`name=spec@seed,seed,...`"""
    try:
        name, rest = text.split("=", 1)
        spec, seeds = rest.rsplit("@", 1)
        return name, spec, [int(s) for s in seeds.split(",")]
    except ValueError:
        raise SystemExit(f"--level wants name=spec@seed,seed (e.g. m6k=search:6000@1,2,3), not {text!r}") from None


def majority(choices: list[str]) -> str:
    # The most frequent choice; a tie goes to the one chosen first (the lowest seed).
    counts = Counter(choices)
    return max(choices, key=lambda c: (counts[c], -choices.index(c)))


def summary(rows: list[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"positions": len(rows)}
    for a in names:
        if len(rows[0][a]) > 1:
            out[f"{a} agrees with itself"] = sum(len(set(r[a])) == 1 for r in rows)
        for b in names:
            if a != b:
                out[f"{a} (most chosen) = {b} (first seed)"] = sum(majority(r[a]) == r[b][0] for r in rows)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="foothills")
    ap.add_argument("--seeds", default="40:60", help="game seeds first:last (last not included)")
    ap.add_argument("--level", action="append", required=True, help="name=spec@seed,seed,...")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    try:
        first, last = (int(x) for x in args.seeds.split(":"))
    except ValueError:
        sys.exit(f"--seeds wants first:last game seeds (e.g. 40:60), not {args.seeds!r}")
    levels = [parse_level(x) for x in args.level]
    for _, spec, _ in levels:
        try:
            make_bot(spec, 0, game=args.game)  # a bad level string stops here, in words
        except (KeyError, ValueError) as exc:
            sys.exit(str(exc).strip('"'))
    rows = []
    with args.out.open("w") as f:
        for seed, k, g in positions(args.game, first, last):
            row: dict[str, Any] = {"seed": seed, "move": k, "decision": g.pending().kind if g.pending() else None,
                                   "options": len(g.legal_actions())}
            for name, spec, seeds in levels:
                row[name] = [str(make_bot(spec, seed=s, game=args.game).choose(g)) for s in seeds]
            rows.append(row)
            f.write(json.dumps(row) + "\n")
            print(json.dumps(row), flush=True)
    print(json.dumps(summary(rows, [n for n, _, _ in levels])))


if __name__ == "__main__":
    main()
