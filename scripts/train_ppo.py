"""A learned baseline anyone can reproduce: MaskablePPO (sb3-contrib) on one seat of
Snowdonia against bots, from a seed, within a CPU budget, evaluated over many games with
a 95% interval, its results written to a JSON file (docs/ppo/) and summed up as the README
table (`--table`).

    nice -n 10 python3 scripts/train_ppo.py --players 2 --opponents greedy --seed 0 \\
        --cpu-minutes 30 --eval-games 300 --out docs/ppo/ppo-2p-vs-greedy-seed0.json \\
        --model docs/ppo/ppo-2p-vs-greedy-seed0.zip
    python3 scripts/train_ppo.py --table docs/ppo/*.json      # the README table
    python3 scripts/train_ppo.py --short --out /tmp/ppo.json   # seconds: what CI runs
    python3 scripts/train_ppo.py --players 3 --init docs/ppo/ppo-2p-vs-greedy-seed0.zip ...  # warm start
    python3 scripts/train_ppo.py --export MODEL.zip src/snowdonia/bots/ppo_snowdonia_mount_snowdon.npz
                                                   # the policy network as the `ppo` bot's weights

What it does:
- the observation is the normalised, egocentric layout padded to the title's most seats
  (`observation="learning"`: one network for every seat and player count);
- the learner's seat is drawn at every reset;
- the reward comes at the end: +1 for a win (shared wins split), -1 for a loss, plus the
  VP margin (own score minus the best other score) over `--margin-scale` VP, clipped to
  -1..1;
- the other seats are, at each episode, the target bot (`--opponents`) with probability
  1 - `--self-play`, else an earlier checkpoint of the learner itself (one is kept every
  `--checkpoint-every` steps, the last `--pool` of them);
- training stops when this process has used `--cpu-minutes` of CPU (torch limited to one
  thread), then the deterministic policy plays `--eval-games` games against the target bot
  alone, the learner's seat rotating, on seeds never seen in training.

The CPU budget makes the stopping point depend on the machine; to repeat a run exactly,
give its step count (`timesteps` in its results file) as `--max-steps` with a budget large
enough not to stop it first.
"""

from __future__ import annotations

import argparse
import glob
import io
import json
import os
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402

from snowdonia.adapters.features import LEARNING, Features  # noqa: E402
from snowdonia.adapters.gymnasium import SeatEnv  # noqa: E402
from snowdonia.bots import Bot, make_bot  # noqa: E402
from snowdonia.core.protocol import Position  # noqa: E402
from snowdonia.sim.stats import wilson  # noqa: E402

EVAL_SEED_BASE = 1_000_000_000  # evaluation games use seeds far from the training ones


def outcome_reward(scores: list[float], winners: list[int], seat: int, margin_scale: float) -> float:
    """+1 for a win (split among tied winners), -1 for a loss, plus the VP margin over
    `margin_scale` VP clipped to -1..1."""
    win = 1.0 / len(winners) if seat in winners else 0.0
    best = max((s for p, s in enumerate(scores) if p != seat), default=0.0)
    margin = max(-1.0, min(1.0, (scores[seat] - best) / margin_scale))
    return (2.0 * win - 1.0) + margin


class ShapedReward(gymnasium.Wrapper):  # type: ignore[type-arg]
    """The final reward replaced by `outcome_reward` (the env's own is ignored)."""

    def __init__(self, env: SeatEnv, margin_scale: float) -> None:
        super().__init__(env)
        self.margin_scale = margin_scale

    def step(self, action: Any) -> Any:
        obs, reward, done, cut, info = self.env.step(action)
        if done and "scores" in info:
            reward = outcome_reward(info["scores"], info["winners"], info["seat"], self.margin_scale)
        return obs, reward, done, cut, info

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks()  # type: ignore[attr-defined, no-any-return]


class PolicyBot:
    """A seat played by a trained MaskablePPO policy (what the learner plays against in
    self-play, and how a saved policy plays anywhere a bot does)."""

    name = "ppo"

    def __init__(self, model: Any, features_by_players: dict[int, Features], deterministic: bool = False,
                 seed: int = 0) -> None:
        self.model = model
        self.features = features_by_players
        self.deterministic = deterministic
        self.rng = random.Random(seed)

    def choose(self, game: Position) -> Any:
        seat = game.current_player
        assert seat is not None
        feats = self.features[game.players]
        obs = feats.encode(game, seat)
        catalogue = game.title.catalogue()
        legal = game.legal_actions()
        ids = [catalogue.id(a) for a in legal]
        mask = np.zeros(game.title.action_count(game.scenario), dtype=bool)
        mask[ids] = True
        action, _ = self.model.predict(obs, action_masks=mask, deterministic=self.deterministic)
        return catalogue.from_id(int(action))


def make_env(players: int, opponents: list[Any], seed: int, margin_scale: float, scenario: str | None) -> Any:
    env = SeatEnv(game="snowdonia", scenario=scenario, players=players, opponents=opponents, seat="random",
                  observation="learning")
    env.reset(seed=seed)
    return ShapedReward(env, margin_scale)


def train(args: argparse.Namespace) -> dict[str, Any]:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(1)
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    cpu0 = time.process_time()
    players = args.players
    probe = SeatEnv(game="snowdonia", scenario=args.scenario, players=players, observation="learning")
    feats = {players: probe.features}
    pool: list[Any] = []  # earlier checkpoints (policies), newest last
    pick = random.Random(args.seed + 1)

    def opponent(seed: int) -> Bot:
        if pool and pick.random() < args.self_play:
            return PolicyBot(pick.choice(pool), feats, deterministic=False, seed=seed)
        return make_bot(args.opponents, seed=seed, game="snowdonia")

    env = make_env(players, [opponent] * (players - 1), args.seed, args.margin_scale, args.scenario)
    hyper = {"n_steps": args.n_steps, "batch_size": args.batch_size, "n_epochs": args.epochs,
             "learning_rate": args.lr, "gamma": args.gamma, "ent_coef": args.ent_coef}
    if args.init:
        # Warm start: the learning layout is the same at every player count (padded to the
        # title's most seats), so a policy trained at 2 players can continue at 3.
        model = MaskablePPO.load(args.init, env=env, device="cpu", seed=args.seed, custom_objects=hyper)
    else:
        model = MaskablePPO("MlpPolicy", env, seed=args.seed, device="cpu", verbose=0,
                            policy_kwargs={"net_arch": [args.hidden, args.hidden]}, **hyper)
    budget = args.cpu_minutes * 60.0

    def snapshot() -> Any:
        buf = io.BytesIO()
        model.save(buf)
        buf.seek(0)
        return MaskablePPO.load(buf, device="cpu")

    class Budget(BaseCallback):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.last_checkpoint = 0
            self.last_log = 0

        def _on_step(self) -> bool:
            if self.num_timesteps - self.last_checkpoint >= args.checkpoint_every and args.self_play > 0:
                pool.append(snapshot())
                del pool[:-args.pool]
                self.last_checkpoint = self.num_timesteps
            used = time.process_time() - cpu0
            if self.num_timesteps - self.last_log >= 5_000:
                self.last_log = self.num_timesteps
                print(f"{self.num_timesteps} steps, {used / 60:.1f} CPU-min", file=sys.stderr, flush=True)
            if args.stop_file and Path(args.stop_file).exists():
                stopped.append(self.num_timesteps)
                return False
            return used < budget and self.num_timesteps < args.max_steps

    stopped: list[int] = []
    model.learn(total_timesteps=args.max_steps, callback=Budget())
    train_cpu = time.process_time() - cpu0
    steps = int(model.num_timesteps)
    if args.model:
        model.save(args.model)
    result = evaluate(model, args, feats)
    return {
        "name": Path(args.out).stem if args.out else "ppo",
        "game": "snowdonia", "scenario": args.scenario or "mount_snowdon", "players": players,
        "opponents": args.opponents, "seed": args.seed, "short": args.short,
        "train_cpu_seconds": round(train_cpu, 1), "timesteps": steps,
        "stopped_early": bool(stopped),
        "settings": {k: getattr(args, k) for k in ("cpu_minutes", "n_steps", "batch_size", "epochs", "lr", "gamma",
                                                   "ent_coef", "hidden", "self_play", "pool", "checkpoint_every",
                                                   "margin_scale", "init")},
        "observation": LEARNING.describe(),
        "eval": result,
        "versions": _versions(),
        "command": "python3 scripts/train_ppo.py " + " ".join(args.argv),
    }


def evaluate(model: Any, args: argparse.Namespace, feats: dict[int, Features]) -> dict[str, Any]:
    """The deterministic policy against the target bot alone, `eval_games` games, the
    learner's seat rotating; wins split among tied winners; a Wilson 95% interval."""
    players = args.players
    wins = 0.0
    margins = []
    cpu0 = time.process_time()
    for i in range(args.eval_games):
        seat = i % players
        env = SeatEnv(game="snowdonia", scenario=args.scenario, players=players, opponents=args.opponents,
                      seat=seat, observation="learning")
        obs, info = env.reset(seed=EVAL_SEED_BASE + i)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, _, done, _, info = env.step(int(action))
        if seat in info["winners"]:
            wins += 1.0 / len(info["winners"])
        scores = info["scores"]
        margins.append(scores[seat] - max(s for p, s in enumerate(scores) if p != seat))
    n = args.eval_games
    lo, hi = wilson(wins, n)
    return {"games": n, "wins": wins, "win_rate": wins / n if n else 0.0, "wilson95": [round(lo, 4), round(hi, 4)],
            "mean_vp_margin": float(np.mean(margins)) if margins else 0.0,
            "equal_share": 1.0 / players, "eval_cpu_seconds": round(time.process_time() - cpu0, 1),
            "seeds": f"{EVAL_SEED_BASE}..{EVAL_SEED_BASE + n - 1}"}


def export(model_path: str, out_path: str, args: argparse.Namespace) -> dict[str, Any]:
    """The policy network of a saved MaskablePPO model as the NumPy weights the `ppo` bot
    plays with (snowdonia/bots/ppo.py): its tanh layers and action layer, and what it reads
    (the learning layout's digest, the action count)."""
    import torch
    from sb3_contrib import MaskablePPO

    from snowdonia.bots.ppo import FORMAT

    model = MaskablePPO.load(model_path, device="cpu")
    policy: Any = model.policy
    layers = [m for m in policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    acts = [type(m).__name__ for m in policy.mlp_extractor.policy_net if not isinstance(m, torch.nn.Linear)]
    if set(acts) != {"Tanh"} or len(acts) != len(layers):
        raise SystemExit(f"only tanh MLP policies can be exported, not {acts}")
    probe = SeatEnv(game="snowdonia", scenario=args.scenario, players=args.players, observation="learning")
    feats = probe.features
    meta = {"format": FORMAT, "game": "snowdonia", "scenario": feats.scenario, "trained_players": args.players,
            "digest": feats.digest(), "size": feats.size,
            "actions": feats.title.action_count(feats.scenario), "source": Path(model_path).name,
            "hidden": [int(m.out_features) for m in layers]}
    results = Path(model_path).with_suffix(".json")  # the run's results file, if beside the model
    if results.exists():
        r = json.loads(results.read_text())
        meta.update({"opponents": r["opponents"], "eval": {k: r["eval"][k] for k in ("games", "wins", "win_rate",
                                                                                   "wilson95")},
                     "results": results.name})
    arrays: dict[str, np.ndarray] = {"meta": np.array(json.dumps(meta))}
    for k, m in enumerate(layers):
        arrays[f"w{k}"] = m.weight.detach().numpy().astype(np.float32)
        arrays[f"b{k}"] = m.bias.detach().numpy().astype(np.float32)
    arrays["w_out"] = policy.action_net.weight.detach().numpy().astype(np.float32)
    arrays["b_out"] = policy.action_net.bias.detach().numpy().astype(np.float32)
    np.savez_compressed(out_path, **arrays)  # type: ignore[arg-type]
    return meta


def _versions() -> dict[str, str]:
    import sb3_contrib
    import stable_baselines3
    import torch
    return {"python": platform.python_version(), "torch": torch.__version__, "sb3": stable_baselines3.__version__,
            "sb3_contrib": sb3_contrib.__version__, "numpy": np.__version__}


def table(paths: list[str]) -> str:
    """The README table: one row per results file."""
    rows = ["| players | against | seed | start | training (CPU-min, steps) | games | learner's wins | 95% interval "
            "| equal share | mean VP margin |", "|---|---|---|---|---|---|---|---|---|---|"]
    for p in sorted(paths):
        r = json.loads(Path(p).read_text())
        if r.get("short"):
            continue
        e = r["eval"]
        lo, hi = e["wilson95"]
        init = r["settings"].get("init")
        start = f"from {Path(init).stem}" if init else "new network"
        rows.append(f"| {r['players']} | {r['opponents']} | {r['seed']} | {start} | {r['train_cpu_seconds'] / 60:.1f}, "
                    f"{r['timesteps']:,} | {e['games']} | {e['wins']:g} ({e['win_rate']:.3f}) | "
                    f"[{lo:.3f}, {hi:.3f}] | {e['equal_share']:.3f} | {e['mean_vp_margin']:+.1f} |")
    return "\n".join(rows)


def parse(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--opponents", default="greedy", help="the target bot level: random, greedy, ...")
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cpu-minutes", type=float, default=30.0, help="training budget in CPU-minutes of this process")
    ap.add_argument("--max-steps", type=int, default=10_000_000)
    ap.add_argument("--eval-games", type=int, default=300)
    ap.add_argument("--n-steps", type=int, default=2048)
    ap.add_argument("--batch-size", type=int, default=256)
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--gamma", type=float, default=0.995)
    ap.add_argument("--ent-coef", type=float, default=0.01)
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--self-play", type=float, default=0.2, help="share of episodes against earlier checkpoints")
    ap.add_argument("--pool", type=int, default=5)
    ap.add_argument("--checkpoint-every", type=int, default=25_000)
    ap.add_argument("--margin-scale", type=float, default=20.0, help="VP margin that earns a full extra +-1")
    ap.add_argument("--init", default=None,
                    help="start from this saved policy (.zip) instead of a fresh network (e.g. the 2-player one)")
    ap.add_argument("--out", default=None, help="the results file (JSON)")
    ap.add_argument("--model", default=None, help="save the trained policy here (.zip)")
    ap.add_argument("--stop-file", default=None, help="when this file appears, stop training and evaluate")
    ap.add_argument("--short", action="store_true", help="a smoke run in seconds (CI): 256 steps, 4 games")
    ap.add_argument("--table", nargs="*", default=None, help="print the README table of these results files")
    ap.add_argument("--evaluate", default=None, metavar="MODEL",
                    help="only evaluate a saved model (.zip) at --players against --opponents")
    ap.add_argument("--export", nargs=2, metavar=("MODEL", "NPZ"), default=None,
                    help="write a saved model's policy network as the ppo bot's NumPy weights")
    args = ap.parse_args(argv)
    args.argv = argv
    if args.short:
        args.max_steps, args.n_steps, args.batch_size, args.epochs = 256, 128, 64, 1
        args.eval_games, args.checkpoint_every, args.hidden = 4, 128, 32
        args.cpu_minutes = min(args.cpu_minutes, 2.0)
    return args


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parse(argv)
    if args.table is not None:
        paths = [p for pattern in args.table for p in glob.glob(pattern)] or glob.glob("docs/ppo/*.json")
        print(table(paths))
        return 0
    if args.export:
        print(json.dumps(export(args.export[0], args.export[1], args), indent=2))
        return 0
    if args.evaluate:
        from sb3_contrib import MaskablePPO

        model = MaskablePPO.load(args.evaluate, device="cpu")
        print(json.dumps({"model": Path(args.evaluate).name, "players": args.players, "opponents": args.opponents,
                          "eval": evaluate(model, args, {})}, indent=2))
        return 0
    result = train(args)
    text = json.dumps(result, indent=2)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
