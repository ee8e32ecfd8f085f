"""Train the learned value function of the `search` bot (issue 19): self-play data, a small
NumPy MLP, the shipped weights file. Reproducible from `--seed`.

Two steps (docs/bots-and-simulation.md, "The learned value"):

    # 1. self-play positions (resumable: one file per 50 games in --out; one process)
    nice -n 10 python3 scripts/train_value.py generate --seed 19000 --games 2000 --out /tmp/value-data
    # 2. the network, held-out figures, and the shipped file
    python3 scripts/train_value.py train --seed 19000 --data /tmp/value-data \
        --export src/snowdonia/bots/value_snowdonia_mount_snowdon.npz

    # Foothills (`--game foothills`; no network ships for it: docs, "A learned value for
    # Foothills"), two processes (the files do not depend on --workers):
    nice -n 5 python3 scripts/train_value.py generate --game foothills --seed 19100 --games 350 \
        --out /tmp/fh-value-data --workers 2

Data (Mount Snowdon; Foothills: `RECIPES`). Game `i` is set up from seed `seed + i` at 3 players (60%), 2, 4 (15% each) or 5
(10%). Half the games are played on policy from the start; in the other half the first `K`
decisions (K uniform in 10..110) are made by an epsilon-greedy policy with epsilon 0.3, so that
positions no good player would reach (what a search's random playouts reach) are covered.
From decision K on, each seat plays its own policy: `greedy` (70%) or `search:200:s0.3` (30%,
the intermediate level's kind, enough to win most games against `greedy`), each with 3% random
moves. A recorded decision (30% of those from K on) gives one row per seat: the seat's learning
observation (`snowdonia.adapters.features`, egocentric, padded, normalised) and the game's end
from that seat's view: final VP (`vp`), value (+1 won, -1 lost, ties split) and margin over the
best opponent (over 100 VP). Only the engine through the protocol is used.

Model. An MLP (the observation's entries that vary in the training data -> 32 -> 1, ReLU) predicting final VP, trained with Adam on the
mean squared error in NumPy; games are split into train and held-out by index (every tenth game
is held out), so no held-out game lends positions to training. `train` prints the held-out R^2
and MAE of the network and of the title's hand-made evaluations (`evaluate`, `search_evaluate`,
each after a least-squares line to final VP) on the same rows.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from snowdonia.adapters.features import LEARNING, Features, load_samples, result_targets, save_samples
from snowdonia.bots import make_bot
from snowdonia.bots.learned_value import weights_digest
from snowdonia.registry import title


@dataclass(frozen=True)
class Recipe:
    """How one title's self-play data is made: its scenario, the player counts (with their
    shares), the share of seats played by the search level, where the epsilon-greedy prefix may
    end (decisions), and the player count whose layout the data files are written with."""

    game: str
    scenario: str
    player_mix: tuple[tuple[int, float], ...]
    search_share: float
    search_level: str
    cut: tuple[int, int]
    reference: int


RECIPES = {
    "snowdonia": Recipe("snowdonia", "mount_snowdon", ((3, 0.60), (2, 0.15), (4, 0.15), (5, 0.10)),
                        0.30, "search:200:s0.3", (10, 110), 3),
    # Foothills: two players only; a game is about 200 decisions. Half the seats are the search
    # level (its games are the ones a strong search reaches), the prefix ends anywhere in the
    # first 150 decisions.
    "foothills": Recipe("foothills", "foothills", ((2, 1.0),), 0.50, "search:200:s0.3", (5, 150), 2),
}
EPS_PREFIX, EPS_POLICY = 0.3, 0.03
RECORD = 0.30
CHUNK = 50
SCORE_RANGE = 100.0
HIDDEN = (32,)


def _progress(done: int, total: int, t0: float, extra: str) -> None:
    spent = time.perf_counter() - t0
    width = 30
    fill = int(width * done / max(total, 1))
    eta = spent / max(done, 1) * (total - done)
    sys.stderr.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{total} {extra} "
                     f"{spent / 60:.1f} min, eta {eta / 60:.1f} min ")
    sys.stderr.flush()


def play_game(recipe: Recipe, seed: int, index: int, features: dict[int, Features]) -> dict[str, Any]:
    """One self-play game (seed + index) and its recorded rows."""
    rng = random.Random(seed * 1_000_003 + index)
    r = rng.random()
    acc = 0.0
    players = recipe.reference
    for n, share in recipe.player_mix:
        acc += share
        if r < acc:
            players = n
            break
    t = title(recipe.game)
    g = t.new_game(players, seed=seed + index, scenario=recipe.scenario)
    cut = 0 if rng.random() < 0.5 else rng.randint(*recipe.cut)
    bots = []
    for _seat in range(players):
        spec = recipe.search_level if rng.random() < recipe.search_share else "greedy"
        bots.append(make_bot(spec, rng.randrange(1 << 30), game=recipe.game))
    f = features[players]
    rows: list[np.ndarray] = []
    seats: list[int] = []
    at: list[int] = []
    ev: list[tuple[float, float]] = []
    k = 0
    while not g.is_over:
        p = g.current_player
        assert p is not None
        if k >= cut and rng.random() < RECORD:
            for s in range(players):
                rows.append(f.encode(g, s).astype(np.float16))
                seats.append(s)
                at.append(k)
                ev.append((t.evaluate(g, s), t.search_evaluate(g, s)))
        eps = EPS_PREFIX if k < cut else EPS_POLICY
        legal = g.legal_actions()
        if len(legal) > 1 and rng.random() < eps:
            a = legal[rng.randrange(len(legal))]
        else:
            a = bots[p].choose(g)
        g.apply(a)
        k += 1
    res = g.outcome()
    scores = [float(x) for x in res.scores]
    value, margin = [], []
    for s in seats:
        v, m = result_targets(scores, res.winners, s, SCORE_RANGE)
        value.append(v)
        margin.append(m)
    return {"obs": rows, "seat": seats, "vp": [scores[s] for s in seats], "value": value, "margin": margin,
            "decision": at, "players": players, "evaluate": [e[0] for e in ev],
            "search_evaluate": [e[1] for e in ev]}


def layouts(recipe: Recipe) -> dict[int, Features]:
    t = title(recipe.game)
    return {n: Features(t, n, recipe.scenario, {}, LEARNING) for n, _ in recipe.player_mix}


def _chunk(recipe: Recipe, seed: int, games: int, c: int, out: Path) -> int:
    """Play chunk `c` (games c*CHUNK.. of the run) and write its file; the games it played."""
    feats = layouts(recipe)
    ref = feats[recipe.reference]
    path = out / f"part-{seed}-{c:04d}.npz"
    lo, hi = c * CHUNK, min(games, (c + 1) * CHUNK)
    parts: dict[str, list[Any]] = {k: [] for k in ("obs", "seat", "vp", "value", "margin", "decision",
                                                   "players", "game", "evaluate", "search_evaluate")}
    for i in range(lo, hi):
        r = play_game(recipe, seed, i, feats)
        m = len(r["seat"])
        for key in ("obs", "seat", "vp", "value", "margin", "decision", "evaluate", "search_evaluate"):
            parts[key] += r[key]
        parts["players"] += [r["players"]] * m
        parts["game"] += [i] * m
    obs = np.stack(parts["obs"]).astype(np.float32) if parts["obs"] else np.zeros((0, ref.size), np.float32)
    tmp = path.with_name(path.stem + ".partial.npz")
    save_samples(tmp, ref, obs, np.asarray(parts["seat"]), np.asarray(parts["value"]),
                 np.asarray(parts["margin"]), vp=np.asarray(parts["vp"], np.float32),
                 decision=np.asarray(parts["decision"], np.int16),
                 players=np.asarray(parts["players"], np.int8), game=np.asarray(parts["game"], np.int32),
                 evaluate=np.asarray(parts["evaluate"], np.float32),
                 search_evaluate=np.asarray(parts["search_evaluate"], np.float32))
    tmp.replace(path)  # a chunk file exists whole or not at all: the run resumes from it
    return hi - lo


def generate(recipe: Recipe, seed: int, games: int, out: Path, workers: int = 1) -> None:
    """Self-play data in chunk files; chunks already written are kept (resumable). Every game
    depends only on its seed and index, so the files are the same with any number of workers."""
    out.mkdir(parents=True, exist_ok=True)
    chunks = (games + CHUNK - 1) // CHUNK
    todo = [c for c in range(chunks) if not (out / f"part-{seed}-{c:04d}.npz").exists()]
    done = games - sum(min(games, (c + 1) * CHUNK) - c * CHUNK for c in todo)
    t0 = time.perf_counter()
    _progress(done, games, t0, f"chunks left {len(todo)}")
    if workers <= 1:
        for c in todo:
            done += _chunk(recipe, seed, games, c, out)
            _progress(done, games, t0, f"chunk {c}")
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            jobs = [pool.apply_async(_chunk, (recipe, seed, games, c, out)) for c in todo]
            for c, job in zip(todo, jobs, strict=True):
                done += job.get()
                _progress(done, games, t0, f"chunk {c}")
    sys.stderr.write("\n")


def load(recipe: Recipe, data: Path) -> dict[str, np.ndarray]:
    ref = layouts(recipe)[recipe.reference]
    files = sorted(data.glob("part-*.npz"))
    files = [f for f in files if not f.name.endswith(".partial.npz")]
    if not files:
        raise SystemExit(f"no part-*.npz files in {data}")
    out: dict[str, list[np.ndarray]] = {}
    for path in files:
        d = load_samples(path, ref)
        for k, v in d.items():
            if k != "meta":
                out.setdefault(k, []).append(v)
    return {k: np.concatenate(v) for k, v in out.items()}


# ---------------------------------------------------------------------- the network
def init(size: int, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    params = []
    dims = (size, *HIDDEN, 1)
    for a, b in zip(dims[:-1], dims[1:], strict=True):
        params.append((rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32))
        params.append(np.zeros(b, np.float32))
    return params


def forward(params: list[np.ndarray], x: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    acts = [x]
    h = x
    layers = len(params) // 2
    for i in range(layers):
        h = h @ params[2 * i] + params[2 * i + 1]
        if i < layers - 1:
            h = np.maximum(h, 0.0)
        acts.append(h)
    return h[:, 0], acts


def backward(params: list[np.ndarray], acts: list[np.ndarray], grad_out: np.ndarray) -> list[np.ndarray]:
    grads: list[np.ndarray] = [np.empty(0)] * len(params)
    g = grad_out[:, None]
    layers = len(params) // 2
    for i in reversed(range(layers)):
        a_in = acts[i]
        grads[2 * i] = a_in.T @ g
        grads[2 * i + 1] = g.sum(axis=0)
        if i > 0:
            g = (g @ params[2 * i].T) * (acts[i] > 0)
    return grads


def fit(x: np.ndarray, y: np.ndarray, seed: int, epochs: int, lr: float = 1e-3, batch: int = 256,
        decay: float = 1e-3) -> tuple[list[np.ndarray], float, float]:
    mean, std = float(y.mean()), float(y.std() or 1.0)
    yt = ((y - mean) / std).astype(np.float32)
    params = init(x.shape[1], seed)
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    rng = np.random.default_rng(seed + 1)
    step = 0
    b1, b2 = 0.9, 0.999
    n = len(x)
    t0 = time.perf_counter()
    for ep in range(epochs):
        order = rng.permutation(n)
        rate = lr * (0.5 * (1 + np.cos(np.pi * ep / epochs)))
        total = 0.0
        for s in range(0, n, batch):
            idx = order[s:s + batch]
            pred, acts = forward(params, x[idx])
            err = pred - yt[idx]
            total += float((err ** 2).sum())
            grads = backward(params, acts, 2.0 * err / len(idx))
            step += 1
            for j, (p, gr) in enumerate(zip(params, grads, strict=True)):
                if p.ndim == 2:
                    gr = gr + decay * p
                m[j] = b1 * m[j] + (1 - b1) * gr
                v[j] = b2 * v[j] + (1 - b2) * gr * gr
                mh = m[j] / (1 - b1 ** step)
                vh = v[j] / (1 - b2 ** step)
                p -= (rate * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)
        _progress(ep + 1, epochs, t0, f"train mse {total / n:.3f}")
    sys.stderr.write("\n")
    return params, mean, std


def r2_mae(pred: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    ss = float(((y - y.mean()) ** 2).sum())
    return 1.0 - float(((pred - y) ** 2).sum()) / ss, float(np.abs(pred - y).mean())


def linear(train_x: np.ndarray, train_y: np.ndarray, x: np.ndarray) -> np.ndarray:
    a, b = np.polyfit(train_x, train_y, 1)
    return np.asarray(a * x + b)


def train(recipe: Recipe, seed: int, data: Path, epochs: int, export: Path | None, sample: Path | None) -> None:
    d = load(recipe, data)
    x = d["obs"].astype(np.float32)
    y = d["vp"].astype(np.float32)
    held = d["game"] % 10 == 0
    tr = ~held
    print(f"rows {len(y)} (train {int(tr.sum())}, held out {int(held.sum())}), games "
          f"{len(np.unique(d['game']))}, size {x.shape[1]}")
    keep = np.flatnonzero(x[tr].std(axis=0) > 0)  # entries constant in training say nothing
    print(f"entries read: {len(keep)} of {x.shape[1]}")
    params, mean, std = fit(x[tr][:, keep], y[tr], seed, epochs)
    pred = forward(params, x[held][:, keep])[0] * std + mean
    report: dict[str, Any] = {}
    predictors = (("network", pred),
                  ("evaluate (linear fit)", linear(d["evaluate"][tr], y[tr], d["evaluate"][held])),
                  ("search_evaluate (linear fit)", linear(d["search_evaluate"][tr], y[tr],
                                                          d["search_evaluate"][held])),
                  ("constant (train mean)", np.full(int(held.sum()), float(y[tr].mean()))))
    for name, p in predictors:
        r2, mae = r2_mae(p, y[held])
        report[name] = {"r2": round(r2, 3), "mae": round(mae, 2)}
        print(f"held out, {name}: R^2 {r2:.3f}, MAE {mae:.2f} VP")
    by_players = {}
    for n in sorted(set(d["players"].tolist())):
        sel = d["players"][held] == n
        if sel.sum() > 10:
            r2, mae = r2_mae(pred[sel], y[held][sel])
            by_players[int(n)] = {"rows": int(sel.sum()), "r2": round(r2, 3), "mae": round(mae, 2)}
            others = ", ".join(f"{name} {r2_mae(p[sel], y[held][sel])[0]:.3f}" for name, p in predictors[1:])
            print(f"held out, {n} players ({int(sel.sum())} rows): network R^2 {r2:.3f}, MAE {mae:.2f} VP; "
                  f"R^2 of {others}")
    report["network_by_players"] = by_players
    if export is not None:
        feats = layouts(recipe)[recipe.reference]
        layers = [(params[2 * i], params[2 * i + 1]) for i in range(len(params) // 2)]
        meta = {"format": "snowdonia-value-1", "game": recipe.game, "scenario": recipe.scenario, "digest": feats.digest(),
                "size": feats.size, "hidden": list(HIDDEN), "target": "final VP",
                "players": sorted(int(n) for n in by_players if by_players[n]["r2"] > 0), "seed": seed, "epochs": epochs,
                "weights": weights_digest(layers, keep), "rows": int(len(y)), "games": int(len(np.unique(d["game"]))), "held_out": report,
                "command": f"train_value.py generate --game {recipe.game} --seed {seed}; "
                              f"train --game {recipe.game} --seed {seed} --epochs {epochs}"}
        arrays: dict[str, np.ndarray] = {"meta": np.array(json.dumps(meta))}
        for i in range(len(params) // 2):
            arrays[f"w{i}"] = params[2 * i].astype(np.float32)
            arrays[f"b{i}"] = params[2 * i + 1].astype(np.float32)
        arrays["keep"] = keep.astype(np.int32)
        arrays["y_mean"] = np.asarray(mean, np.float32)
        arrays["y_std"] = np.asarray(std, np.float32)
        np.savez_compressed(export, **arrays)  # type: ignore[arg-type]
        print(f"wrote {export} ({export.stat().st_size} bytes)")
    if sample is not None:
        # A small held-out sample for the tests: rows of held-out games at the reference count.
        sel = np.flatnonzero(held & (d["players"] == recipe.reference))
        pick = np.random.default_rng(seed).choice(sel, size=min(400, len(sel)), replace=False)
        pick.sort()
        np.savez_compressed(sample, obs=x[pick].astype(np.float16), vp=y[pick], game=d["game"][pick],
                            meta=np.array(json.dumps({"digest": layouts(recipe)[recipe.reference].digest(), "seed": seed,
                                                     "games": sorted({int(v) for v in d["game"][pick]})})))
        print(f"wrote {sample} ({sample.stat().st_size} bytes, {len(pick)} rows)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    gen = sub.add_parser("generate", help="self-play positions")
    gen.add_argument("--seed", type=int, default=19000)
    gen.add_argument("--games", type=int, default=2000)
    gen.add_argument("--out", type=Path, required=True)
    tr = sub.add_parser("train", help="fit the network, report, export")
    tr.add_argument("--seed", type=int, default=19000)
    tr.add_argument("--data", type=Path, required=True)
    tr.add_argument("--epochs", type=int, default=4)
    tr.add_argument("--export", type=Path, default=None)
    tr.add_argument("--sample", type=Path, default=None, help="write a small held-out sample (tests)")
    for p in (gen, tr):
        p.add_argument("--game", choices=sorted(RECIPES), default="snowdonia",
                       help="the title (snowdonia: Mount Snowdon)")
    gen.add_argument("--workers", type=int, default=1, help="processes (the files do not depend on it)")
    args = ap.parse_args()
    recipe = RECIPES[args.game]
    if args.cmd == "generate":
        generate(recipe, args.seed, args.games, args.out, args.workers)
    else:
        train(recipe, args.seed, args.data, args.epochs, args.export, args.sample)


if __name__ == "__main__":
    main()
