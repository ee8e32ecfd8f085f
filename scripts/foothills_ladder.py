"""The Foothills bot ladder: one `focus` bot against an `opponent` bot in two-player games,
seats swapped every game (the focus bot plays seat 0 in even games, seat 1 in odd ones).

Each finished game is appended as one JSON line to --out, so a long run can be stopped and
resumed (games already in the file are skipped). The summary gives the focus bot's win rate
with its Wilson 95% interval; a tie counts as half a win.

    PYTHONPATH=src python scripts/foothills_ladder.py --focus greedy --opponent random \
        --games 400 --out docs/ladder/foothills-greedy-vs-random.jsonl
    PYTHONPATH=src python scripts/foothills_ladder.py --out ... --summary
    PYTHONPATH=src python scripts/foothills_ladder.py --out a.jsonl b.jsonl --summary   # runs side by side
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

from snowdonia.registry import title


def make_bot(spec: str, seed: int) -> Any:
    """Any bot that can play Foothills: random, greedy, mcts:<budget> (snowdonia.bots)."""
    from snowdonia.bots import make_bot as make

    return make(spec, seed, game="foothills")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(index: int, focus: str, opponent: str, seed: int) -> dict[str, Any]:
    t = title("foothills")
    seat = index % 2
    g = t.new_game(2, seed=seed)
    bots = [make_bot(focus if s == seat else opponent, seed * 2 + s) for s in (0, 1)]
    t0 = time.perf_counter()
    while not g.is_over:
        g.apply(bots[g.current_player].choose(g))
    res = g.result()
    return {"index": index, "seed": seed, "focus": focus, "opponent": opponent, "focus_seat": seat,
            "scores": res["scores"], "winners": res["winners"], "turns": res["turns"],
            "end_reason": res["end_reason"], "seconds": round(time.perf_counter() - t0, 3)}


def summarize(paths: list[Path]) -> dict[str, Any]:
    """The ladder over one or more files (runs side by side with different --seed), each game
    counted once (keyed by its seed)."""
    rows = {r["seed"]: r for path in paths for r in (json.loads(x) for x in path.read_text().splitlines() if x.strip())}
    games = [rows[k] for k in sorted(rows)]
    n = len(games)
    wins = sum(1.0 if r["winners"] == [r["focus_seat"]] else 0.5 if len(r["winners"]) == 2 else 0.0 for r in games)
    ties = sum(1 for r in games if len(r["winners"]) == 2)
    lo, hi = wilson(wins, n)
    margin = sum(r["scores"][r["focus_seat"]] - r["scores"][1 - r["focus_seat"]] for r in games) / max(n, 1)
    by_seat = {s: sum(1 for r in games if r["focus_seat"] == s and r["winners"] == [s]) for s in (0, 1)}
    return {"focus": games[0]["focus"] if games else None, "opponent": games[0]["opponent"] if games else None,
            "games": n, "wins": wins, "ties": ties, "win_rate": wins / n if n else 0.0, "wilson95": [lo, hi],
            "mean_margin": margin, "wins_by_seat": by_seat,
            "mean_turns": sum(sum(r["turns"]) for r in games) / max(n, 1),
            "seconds": sum(r["seconds"] for r in games)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--focus", default="greedy")
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=30_000)
    ap.add_argument("--out", type=Path, nargs="+", required=True,
                    help="the file to append to; with --summary, one or more files to sum up")
    ap.add_argument("--summary", action="store_true", help="only print the summary of --out")
    args = ap.parse_args()
    if not args.summary:
        if len(args.out) != 1:
            ap.error("play into one --out file at a time (several are for --summary)")
        args.out = args.out[0]
        done: set[int] = set()
        if args.out.exists():
            done = {json.loads(x)["index"] for x in args.out.read_text().splitlines() if x.strip()}
        args.out.parent.mkdir(parents=True, exist_ok=True)
        for i in range(args.games):
            if i in done:
                continue
            row = play(i, args.focus, args.opponent, args.seed + i)
            with args.out.open("a") as f:
                f.write(json.dumps(row) + "\n")
    print(json.dumps(summarize(args.out if args.summary else [args.out]), indent=1))


if __name__ == "__main__":
    main()
