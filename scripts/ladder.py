"""The bot ladder with evidence (issue 4): one `focus` bot against copies of an `opponent`
bot in N-player games, the focus seat rotated so it sits in every seat equally often.

Each finished game is appended as one JSON line to --out, so a long run (mcts at 1 s per
decision costs about half a minute per game) can be stopped and resumed: games already in
the file are skipped. `--summary` prints the win rate with its Wilson 95% interval.

    python3 scripts/ladder.py --focus greedy --opponent random --games 600 --out ladder-greedy.jsonl
    nohup python3 scripts/ladder.py --focus mcts:1s --opponent greedy --games 300 \
        --out ladder-mcts.jsonl > ladder.log 2>&1 &
    python3 scripts/ladder.py --out ladder-mcts.jsonl --summary [--markdown]

`--game` and `--scenario` choose the title and scenario (default: Snowdonia's Mount Snowdon,
as before), e.g. the Blaenau Ffestiniog ladder of issue 11:

    python3 scripts/ladder.py --scenario blaenau_ffestiniog --focus greedy --opponent random \
        --games 300 --out docs/ladder/bf-greedy-vs-random.jsonl

A file holds one ladder: resuming it with another game, scenario or pair of bots is refused.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from snowdonia.registry import title
from snowdonia.sim.runner import GameSpec, play
from snowdonia.sim.stats import wilson


def seats_for(i: int, focus: str, opponent: str, players: int) -> tuple[tuple[str, ...], int]:
    seat = i % players
    return tuple(focus if s == seat else opponent for s in range(players)), seat


def summarize(paths: list[Path]) -> dict[str, object]:
    """The ladder over one or more files (runs side by side with different --seed values), one
    row per game: keyed by index within a file (a resumed run may have written an index twice)
    and by seed across files."""
    unique = {(r["index"], r["seed"]) if len(paths) == 1 else r["seed"]: r
              for path in paths for r in (json.loads(x) for x in path.read_text().splitlines() if x.strip())}
    rows = [unique[k] for k in sorted(unique)]
    n = len(rows)
    wins = sum(1 for r in rows if r["focus_seat"] in r["winners"])
    shared = sum(1 for r in rows if r["focus_seat"] in r["winners"] and len(r["winners"]) > 1)
    lo, hi = wilson(wins, n)
    by_seat: dict[int, list[int]] = {}
    for r in rows:
        s = by_seat.setdefault(r["focus_seat"], [0, 0])
        s[0] += 1
        s[1] += r["focus_seat"] in r["winners"]
    secs = sum(r.get("seconds", 0.0) for r in rows)
    return {
        "game": rows[0].get("game", "snowdonia") if rows else None,
        "scenario": rows[0].get("scenario", "mount_snowdon") if rows else None,
        "focus": rows[0]["focus"] if rows else None, "opponent": rows[0]["opponent"] if rows else None,
        "games": n, "wins": wins, "shared_wins": shared, "win_rate": wins / n if n else 0.0,
        "wilson95": [lo, hi], "by_seat": {k: {"games": v[0], "wins": v[1]} for k, v in sorted(by_seat.items())},
        "seconds": secs,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--focus", default="mcts:1s")
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=20_000)
    ap.add_argument("--game", default="snowdonia", help="the title (default: snowdonia)")
    ap.add_argument("--scenario", default=None, help="the title's scenario (default: its first, Mount Snowdon)")
    ap.add_argument("--out", type=Path, nargs="+", required=True,
                    help="the file to append to; with --summary, one or more files to sum up")
    ap.add_argument("--summary", action="store_true", help="only print the summary of --out")
    ap.add_argument("--markdown", action="store_true", help="print the summary as a Markdown table row")
    args = ap.parse_args()
    outs: list[Path] = args.out
    if not args.summary:
        if len(outs) != 1:
            ap.error("play into one --out file at a time (several are for --summary)")
        args.out = outs[0]
        default = title("snowdonia").scenario(None).key
        try:
            scenario = title(args.game).scenario(args.scenario).key
        except (KeyError, ValueError) as exc:  # names the known titles or scenarios
            sys.exit(str(exc).strip('"'))
        done: set[int] = set()
        if args.out.exists():
            rows = [json.loads(x) for x in args.out.read_text().splitlines() if x.strip()]
            done = {r["index"] for r in rows}
            mine = (args.game, scenario, args.focus, args.opponent)
            for r in rows:
                # rows without game and scenario are the default's (all rows written before
                # --game/--scenario existed are Snowdonia's Mount Snowdon)
                theirs = (r.get("game", "snowdonia"), r.get("scenario") or default, r["focus"], r["opponent"])
                if theirs != mine:
                    sys.exit(f"{args.out} holds another ladder ({theirs}); give a new --out for {mine}")
        for i in range(args.games):
            if i in done:
                continue
            bots, seat = seats_for(i, args.focus, args.opponent, args.players)
            t0 = time.perf_counter()
            res = play(GameSpec(bots, args.seed + i, index=i, game=args.game, scenario=args.scenario))
            row = {"index": i, "seed": res["seed"], "focus": args.focus, "opponent": args.opponent,
                   "focus_seat": seat, "winners": res["winners"], "scores": res["scores"],
                   "rounds": res["rounds"], "seconds": round(time.perf_counter() - t0, 2)}
            if (args.game, scenario) != ("snowdonia", default):
                row = {"game": args.game, "scenario": scenario, **row}
            with args.out.open("a") as f:
                f.write(json.dumps(row) + "\n")
            print(json.dumps(row), flush=True)
    summ = summarize(outs)
    if args.markdown:
        ci: list[float] = summ["wilson95"]  # type: ignore[assignment]
        lo, hi = ci
        print(f"| {summ['focus']} vs 2 x {summ['opponent']} | {summ['games']} | {summ['wins']} "
              f"| {summ['win_rate']:.3f} | [{lo:.3f}, {hi:.3f}] |")
    else:
        print(json.dumps(summ, indent=2))


if __name__ == "__main__":
    main()
