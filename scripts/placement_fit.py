"""How a bot places its labourers, as weights the playout policy could use (issue 19, stop 37).

The search plays its playouts with a cheap policy (`games/snowdonia/bots/playout.py`): each
labourer goes to an area drawn by a weight per area (A Stock Yard to G Surveyor) among the areas
the seat can use. Versions 2 and 3 of those weights made the search stronger, version 4 (tuned to
win games of the policy itself) made it weaker. The hypothesis of stop 36: playouts help the
search most when they play like strong games. This script measures that directly.

`record` plays Mount Snowdon games between the given bots (one per seat, rotated game by game,
seeds `--seed`..) and writes one JSON line per placement a bot chose among several options: the
round, the seat, the bot, how many legal options each area offered, how many of them the policy
could draw (version 3's and version 4's tests of what a seat can use: `area_weights`), and the
area chosen. Resumable: the games already in the file are not played again.

`fit` reads such files and, for one bot, finds the weights per area that make its choices most
likely under the policy's model (an option's chance is its area's weight over the sum of the
weights of the usable options: a Luce model, fitted by Hunter's MM algorithm), for the whole
game and by stage of the game; and how well each policy version predicts the bot's choices (the
mean log-likelihood of a choice, per area chosen among the areas; higher is a closer model).

    nice -n 5 python3 scripts/placement_fit.py record search:3000:f1:w0.8:k8:x1:h2 --games 12 \\
        --seed 300 docs/ladder/dev/placements-ms3-master-selfplay.jsonl
    python3 scripts/placement_fit.py fit docs/ladder/dev/placements-ms3-master-selfplay.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from snowdonia.bots import make_bot
from snowdonia.games.snowdonia.bots.playout import AREA_WEIGHTS, area_weights
from snowdonia.games.snowdonia.game import Game
from snowdonia.registry import title

AREAS = "ABCDEFG"
# Stages of the game for the fit by stage: a 3-player game lasts 7 to 12 rounds.
STAGES = (("rounds 1-3", 1, 3), ("rounds 4-6", 4, 6), ("rounds 7+", 7, 99))


def record_game(job: tuple[int, int, list[str], int, str | None]) -> list[dict[str, Any]]:
    """Play game `index` (seed `seed`) and return one row per placement with a choice."""
    index, seed, specs, players, scenario = job
    g = title("snowdonia").new_game(players, seed=seed, scenario=scenario)
    assert isinstance(g, Game)
    seats = [specs[(s + index) % len(specs)] for s in range(players)]
    bots = [make_bot(s, seed * 7 + k, game="snowdonia") for k, s in enumerate(seats)]
    rows: list[dict[str, Any]] = []
    while not g.is_over:
        p = g.current_player
        assert p is not None
        legal = g.legal_actions()
        a = legal[0] if len(legal) == 1 else bots[p].choose(g)
        if len(legal) > 1 and g.decision == "place":
            options = [0] * 7
            for o in legal:
                options[AREAS.index(str(o.args[0]))] += 1
            usable = {}
            for v in (3, 4):
                w = area_weights(g, v)
                usable[v] = [n if w[k] > 0 else 0 for k, n in enumerate(options)]
            rows.append({"game": index, "seed": seed, "round": g.round, "seat": p, "bot": seats[p],
                         "options": options, "usable3": usable[3], "usable4": usable[4],
                         "chose": str(a.args[0])})
        g.apply(a)
    return rows


def record(out: Path, specs: list[str], games: int, seed: int, players: int, scenario: str | None,
           workers: int) -> int:
    """Play the games not yet in `out` and append their rows; returns how many games were played."""
    done = {r["game"] for r in read_rows([out])} if out.exists() else set()
    jobs = [(i, seed + i, specs, players, scenario) for i in range(games) if i not in done]
    out.parent.mkdir(parents=True, exist_ok=True)

    def write(rows: list[dict[str, Any]]) -> None:
        with out.open("a") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")

    if workers <= 1:
        for n, job in enumerate(jobs, 1):
            write(record_game(job))
            print(f"  {n}/{len(jobs)} games", flush=True)
    else:
        with multiprocessing.Pool(workers) as pool:
            for n, rows in enumerate(pool.imap_unordered(record_game, jobs), 1):
                write(rows)
                print(f"  {n}/{len(jobs)} games", flush=True)
    return len(jobs)


def read_rows(paths: Iterable[Path]) -> list[dict[str, Any]]:
    rows = []
    for path in paths:
        for line in path.read_text().splitlines():
            if line.strip():
                rows.append(json.loads(line))
    return rows


def fit_weights(rows: list[dict[str, Any]], usable: str = "usable4", iterations: int = 500) -> list[float | None]:
    """The Luce weights per area (A = 1, or the first area chosen at all) that make the rows'
    choices most likely, each choice made among the usable options of its row; rows whose
    choice was not usable are left out. None for an area never usable in the rows."""
    data = [(r[usable], AREAS.index(r["chose"])) for r in rows if r[usable][AREAS.index(r["chose"])] > 0]
    chosen = [0] * 7
    seen = [0] * 7
    for n, k in data:
        chosen[k] += 1
        for j in range(7):
            seen[j] += n[j]
    w = [1.0] * 7
    for _ in range(iterations):
        denom = [0.0] * 7
        for n, _k in data:
            total = sum(n[j] * w[j] for j in range(7))
            for j in range(7):
                if n[j]:
                    denom[j] += n[j] / total
        w = [chosen[j] / denom[j] if denom[j] > 0 else 0.0 for j in range(7)]
        ref = next((x for x in w if x > 0), 1.0)
        w = [x / ref for x in w]
    return [w[j] if seen[j] else None for j in range(7)]


def log_likelihood(rows: list[dict[str, Any]], weights: list[float], usable: str) -> tuple[float, float]:
    """Under a policy drawing areas by `weights` among the usable options: the share of the rows'
    choices it could make at all, and the mean log-likelihood of those (the area chosen)."""
    total_ll = 0.0
    possible = 0
    for r in rows:
        n = r[usable]
        k = AREAS.index(r["chose"])
        mass = sum(n[j] * weights[j] for j in range(7))
        if mass > 0:
            p = n[k] * weights[k] / mass
        else:  # no usable area: the policy draws among all options alike
            p = r["options"][k] / sum(r["options"])
        if p > 0:
            possible += 1
            total_ll += math.log(p)
    return possible / len(rows), (total_ll / possible if possible else float("nan"))


def fit(paths: list[Path], bot: str | None) -> dict[str, Any]:
    """Print and return the fit for `bot` (default: the first bot of the files)."""
    rows = read_rows(paths)
    if not rows:
        raise SystemExit("no rows in the files")
    bot = bot or rows[0]["bot"]
    rows = [r for r in rows if r["bot"] == bot]
    games = len({r["game"] for r in rows})
    unusable = sum(1 for r in rows if r["usable4"][AREAS.index(r["chose"])] == 0) / len(rows)
    print(f"{bot}: {len(rows)} placements with a choice, {games} games; "
          f"{unusable:.3f} of them on an area version 4 counts as unusable")
    shares = [sum(1 for r in rows if r["chose"] == a) / len(rows) for a in AREAS]
    print("  share of placements: " + ", ".join(f"{a} {s:.3f}" for a, s in zip(AREAS, shares, strict=True)))

    def show(ws: list[float | None]) -> str:
        return ", ".join(f"{a} {'-' if x is None else f'{x:.2f}'}" for a, x in zip(AREAS, ws, strict=True))

    result: dict[str, Any] = {"bot": bot, "placements": len(rows), "games": games, "shares": shares,
                              "unusable4": unusable, "stages": {}, "versions": {}}
    overall = fit_weights(rows)
    result["fitted"] = overall
    usable_in = [sum(1 for r in rows if r["usable4"][j] > 0) for j in range(7)]
    result["usable_in"] = usable_in
    print("  placements where the area was usable: " + ", ".join(f"{a} {n}" for a, n in zip(AREAS, usable_in, strict=True)))
    print(f"  fitted weights (version 4's usable areas), whole game: {show(overall)}")
    for name, lo, hi in STAGES:
        part = [r for r in rows if lo <= r["round"] <= hi]
        if part:
            ws = fit_weights(part)
            result["stages"][name] = {"placements": len(part), "fitted": ws}
            print(f"    {name} ({len(part)}): {show(ws)}")
    print("  how well each table predicts the choices (share it could make; mean log-likelihood):")
    tables: list[tuple[str, list[float], str]] = [
        (f"version {v}", [float(x) for x in AREA_WEIGHTS[v - 1]], "usable4" if v >= 4 else "usable3")
        for v in range(1, len(AREA_WEIGHTS) + 1)]
    tables.append(("fitted, whole game", [x or 0.0 for x in overall], "usable4"))
    for label, ws, usable in tables:
        could, ll = log_likelihood(rows, ws, usable)
        result["versions"][label] = {"could": could, "ll": ll}
        print(f"    {label}: {could:.3f}; {ll:.3f}")
    return result


def main(argv: list[str] | None = None) -> dict[str, Any] | int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="play games and write the placements")
    rec.add_argument("bots", help="comma-separated, one per seat (one bot: every seat)")
    rec.add_argument("out", type=Path)
    rec.add_argument("--games", type=int, default=12)
    rec.add_argument("--seed", type=int, default=300)
    rec.add_argument("--players", type=int, default=3)
    rec.add_argument("--scenario", default=None)
    rec.add_argument("--workers", type=int, default=1)
    fp = sub.add_parser("fit", help="fit the policy's weights to one bot's placements")
    fp.add_argument("files", type=Path, nargs="+")
    fp.add_argument("--bot", default=None, help="whose placements (default: the first bot in the files)")
    args = ap.parse_args(argv)
    if args.command == "record":
        return record(args.out, args.bots.split(","), args.games, args.seed, args.players, args.scenario,
                      args.workers)
    return fit(args.files, args.bot)


if __name__ == "__main__":
    main()
