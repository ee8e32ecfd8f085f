"""Can a learned value judge a Foothills position better than the hand-made `evaluate`? (issue 19,
stop 31; docs/bots-and-simulation.md, "A learned value for Foothills").

Three steps, each reproducible from its seed:

    # 1. self-play rows: evaluation terms of both seats at recorded decisions, the final scores
    #    (games made like those of `train_value.py`'s Foothills recipe - greedy and
    #    search:200:s0.3 seats, half the games after an epsilon-greedy prefix - but from this
    #    script's own draws, so not the same games); one process per range of games
    nice -n 5 python3 scripts/foothills_value_study.py generate --seed 19100 --games 0:275 --out /tmp/fh-terms-a.npy
    nice -n 5 python3 scripts/foothills_value_study.py generate --seed 19100 --games 600:875 --out /tmp/fh-terms-b.npy
    # 2. a linear correction of `evaluate` fitted to the final margin; 10-fold by game
    python3 scripts/foothills_value_study.py linear /tmp/fh-terms-a.npy /tmp/fh-terms-b.npy
    # 3. the MLP of train_value.py on the learning observation, fitted to the final margin
    nice -n 5 python3 scripts/train_value.py generate --game foothills --seed 19100 --games 350 \\
        --out /tmp/fh-value-data --workers 2
    python3 scripts/foothills_value_study.py network /tmp/fh-value-data

What is compared: on positions of games held out from the fit, how often the sign of the
predicted margin (seat 0's value minus seat 1's) names the final winner, and the correlation
of the prediction with the final margin, by stage of the game (decisions played).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

from snowdonia.bots import make_bot
from snowdonia.games.foothills.bots.evaluate import RUBBLE_CAP, evaluate, progress
from snowdonia.games.foothills.rules import scoring
from snowdonia.games.foothills.rules.state import State
from snowdonia.registry import title

TERMS = ("score", "iron", "stone", "rubble6", "rubble", "room2", "markers", "ticket1", "tickets", "passengers",
         "stations", "tracks", "pile", "vp", "turns")
STAGES = ((0, 50), (50, 100), (100, 150), (150, 200), (200, 1000))
RIDGE = 10.0


def terms(g: State, p: int) -> list[float]:
    """What the linear fit reads of seat `p` (`TERMS`): the score now and what `evaluate` adds
    to it, and counts it leaves out (tickets held, passengers, stations, tracks, cards in the
    scoring pile, VP tokens, turns taken)."""
    tickets = g.tickets[p].bit_count()
    return [float(scoring.score_player(g, p)["total"]), g.iron[p], g.stone[p], min(g.rubble[p], RUBBLE_CAP), g.rubble[p],
            min(max(0, g.stations_built[p] - g.pile[p].bit_count()), 2), g.markers[p], min(tickets, 1), tickets,
            g.passengers[p], g.stations_built[p], g.tracks_built[p], g.pile[p].bit_count(), g.vp[p],
            g.turns_taken[p]]


def play(seed: int, i: int) -> list[list[float]]:
    """Game `i`: one row per recorded decision (decision, progress, player to move, both
    evaluations, both seats' terms, both final scores, the game's index)."""
    rng = random.Random(seed * 1_000_003 + i)
    g: Any = title("foothills").new_game(2, seed=seed + i, scenario="foothills")
    cut = 0 if rng.random() < 0.5 else rng.randint(5, 150)
    bots = [make_bot("search:200:s0.3" if rng.random() < 0.5 else "greedy", rng.randrange(1 << 30), game="foothills")
            for _ in range(2)]
    rows = []
    k = 0
    while not g.is_over:
        if k >= cut and rng.random() < 0.3:
            rows.append([k, progress(g), g.current_player, evaluate(g, 0), evaluate(g, 1), *terms(g, 0),
                         *terms(g, 1)])
        legal = g.legal_actions()
        eps = 0.3 if k < cut else 0.03
        a = legal[rng.randrange(len(legal))] if len(legal) > 1 and rng.random() < eps else bots[g.current_player].choose(g)
        g.apply(a)
        k += 1
    final = [float(s) for s in g.outcome().scores]
    return [r + final + [i] for r in rows]


def generate(seed: int, games: str, out: Path) -> None:
    lo, hi = (int(x) for x in games.split(":"))
    rows: list[list[float]] = []
    for i in range(lo, hi):
        rows += play(seed, i)
        sys.stderr.write(f"\rgame {i + 1 - lo}/{hi - lo}, rows {len(rows)} ")
        if (i - lo) % 25 == 24:
            np.save(out, np.asarray(rows, np.float64))
    np.save(out, np.asarray(rows, np.float64))
    sys.stderr.write("\n")


def report(name: str, pred: np.ndarray, y: np.ndarray, stage: np.ndarray) -> None:
    with np.errstate(invalid="ignore", divide="ignore"):  # a constant prediction has no correlation (nan)
        _report(name, pred, y, stage)


def _report(name: str, pred: np.ndarray, y: np.ndarray, stage: np.ndarray) -> None:
    out = [f"{name:24s} sign {np.mean(np.sign(pred) == np.sign(y)):.3f} corr {np.corrcoef(pred, y)[0, 1]:.3f} |"]
    for lo, hi in STAGES:
        s = (stage >= lo) & (stage < hi)
        if s.sum() > 2:
            out.append(f"{lo}-{hi}: {np.mean(np.sign(pred[s]) == np.sign(y[s])):.3f}/{np.corrcoef(pred[s], y[s])[0, 1]:.2f}")
    print(" ".join(out))


def linear(files: list[Path]) -> None:
    a = np.concatenate([np.load(f) for f in files])
    n = len(TERMS)
    stage, prog, mover, ev0, ev1 = a[:, 0], a[:, 1], a[:, 2], a[:, 3], a[:, 4]
    diff = a[:, 5:5 + n] - a[:, 5 + n:5 + 2 * n]
    y = a[:, -3] - a[:, -2]
    game = a[:, -1].astype(int)
    evd = ev0 - ev1
    tempo = np.where(mover == 0, 1.0, -1.0)
    x = np.column_stack([evd, evd * prog, tempo, tempo * prog, diff[:, 1:]])
    names = ["evaluate", "evaluate x progress", "to move", "to move x progress", *TERMS[1:]]
    print(f"rows {len(a)}, games {len(np.unique(game))}; 10 folds by game (game % 10)")
    pred = np.empty(len(y))
    for fold in range(10):
        held = game % 10 == fold
        xs = np.vstack([x[~held], -x[~held]])  # the same position seen from the other seat
        ys = np.concatenate([y[~held], -y[~held]])
        w = np.linalg.solve(xs.T @ xs + RIDGE * np.eye(x.shape[1]), xs.T @ ys)
        pred[held] = x[held] @ w
    report("evaluate (its margin)", evd, y, stage)
    report("linear fit (held out)", pred, y, stage)
    xs, ys = np.vstack([x, -x]), np.concatenate([y, -y])
    w = np.linalg.solve(xs.T @ xs + RIDGE * np.eye(x.shape[1]), xs.T @ ys)
    print("weights on all rows: " + ", ".join(f"{k} {v:.3f}" for k, v in zip(names, w, strict=True)))


def network(data: Path, epochs: int, seed: int) -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    import train_value as tv

    d = tv.load(tv.RECIPES["foothills"], data)
    x, vp, seat, game, stage, ev = (d["obs"].astype(np.float32), d["vp"], d["seat"], d["game"], d["decision"],
                                    d["evaluate"])
    if not ((seat[0::2] == 0).all() and (seat[1::2] == 1).all()):
        raise SystemExit("the rows are not in seat pairs")
    other = np.empty_like(vp)
    other[0::2], other[1::2] = vp[1::2], vp[0::2]
    ev_other = np.empty_like(ev)
    ev_other[0::2], ev_other[1::2] = ev[1::2], ev[0::2]
    y = (vp - other).astype(np.float32)
    held = game % 10 == 0
    keep = np.flatnonzero(x[~held].std(axis=0) > 0)
    params, mean, std = tv.fit(x[~held][:, keep], y[~held], seed, epochs)
    pred = tv.forward(params, x[held][:, keep])[0] * std + mean
    print(f"rows {len(y)}, games {len(np.unique(game))}, held out {int(held.sum())} rows (game % 10 == 0)")
    report("evaluate (its margin)", (ev - ev_other)[held], y[held], stage[held])
    report("network (held out)", pred, y[held], stage[held])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    gen = sub.add_parser("generate", help="self-play rows of evaluation terms")
    gen.add_argument("--seed", type=int, default=19100)
    gen.add_argument("--games", default="0:300", help="the games' indices, lo:hi")
    gen.add_argument("--out", type=Path, required=True)
    lin = sub.add_parser("linear", help="the linear correction of evaluate, 10-fold")
    lin.add_argument("files", type=Path, nargs="+")
    net = sub.add_parser("network", help="the MLP on the learning observation (train_value.py's data)")
    net.add_argument("data", type=Path)
    net.add_argument("--epochs", type=int, default=8)
    net.add_argument("--seed", type=int, default=19100)
    args = ap.parse_args()
    if args.cmd == "generate":
        generate(args.seed, args.games, args.out)
    elif args.cmd == "linear":
        linear(args.files)
    else:
        network(args.data, args.epochs, args.seed)


if __name__ == "__main__":
    main()
