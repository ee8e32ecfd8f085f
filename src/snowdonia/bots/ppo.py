"""`ppo`: the learned baseline as a bot level (issue 22).

The policy network that `scripts/train_ppo.py` trained (MaskablePPO, Mount Snowdon,
2 players, against `greedy`; docs/ppo/) is shipped as its weights in a small NumPy file
(`ppo_<game>_<scenario>.npz` beside this module, written by `train_ppo.py --export`), so
playing needs neither torch nor stable-baselines3: the bot reads the seat's learning
observation (`snowdonia.adapters.features`, normalised, egocentric, padded to the title's
most seats, so the one network plays every seat and player count), runs the two tanh
layers and the action layer, and takes the most probable legal action (the deterministic
policy the results file evaluated).

What it cannot play it refuses in words: a title or scenario it has no network for (the
action ids or the observation layout differ), or settings that change the observation
layout (the layout's digest is stored with the weights).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from snowdonia.core.i18n import _
from snowdonia.core.protocol import Position, Title

HERE = Path(__file__).parent
FORMAT = "snowdonia-ppo-policy-1"


def policy_files() -> dict[tuple[str, str], Path]:
    """(game, scenario) -> the shipped weights."""
    out = {}
    for path in sorted(HERE.glob("ppo_*.npz")):
        meta = _meta(path)
        out[(meta["game"], meta["scenario"])] = path
    return out


@cache
def _meta(path: Path) -> dict[str, Any]:
    with np.load(path) as data:
        meta: dict[str, Any] = json.loads(str(data["meta"]))
    if meta.get("format") != FORMAT:
        raise ValueError(f"{path.name} is not a policy file of format {FORMAT}")
    return meta


@cache
def _weights(path: Path) -> tuple[list[tuple[np.ndarray, np.ndarray]], np.ndarray, np.ndarray]:
    with np.load(path) as data:
        hidden = []
        k = 0
        while f"w{k}" in data:
            hidden.append((data[f"w{k}"].astype(np.float32), data[f"b{k}"].astype(np.float32)))
            k += 1
        return hidden, data["w_out"].astype(np.float32), data["b_out"].astype(np.float32)


def games() -> set[str]:
    return {g for g, _ in policy_files()}


def supports(game: str) -> bool:
    return game in games()


def describe(game: str) -> str:
    """One sentence for a person choosing an opponent, with the measured figures (in the
    current language)."""
    from snowdonia.registry import title as title_named

    parts = []
    for (g, scenario), path in policy_files().items():
        if g != game:
            continue
        meta = _meta(path)
        ev = meta.get("eval")
        opponents = str(meta.get("opponents", "greedy"))
        text = _("a neural network trained by reinforcement learning (MaskablePPO) against the "
                 "%(opponents)s bot at %(players)s players", opponents=opponents, players=meta["trained_players"])
        if ev:
            lo, hi = ev["wilson95"]
            text += _("; it won %(rate)s (95%% interval %(lo)s-%(hi)s) of %(games)s "
                      "%(players)s-player games against %(opponents)s", rate=format(ev["win_rate"], ".0%"),
                      lo=format(lo, ".0%"), hi=format(hi, ".0%"), games=ev["games"], players=meta["trained_players"],
                      opponents=opponents)
        try:
            name = _(title_named(game).scenario(scenario).name)
        except (KeyError, ValueError):
            name = scenario.replace("_", " ").title()
        parts.append(text + _("; %(scenario)s only (instant)", scenario=name))
    return "; ".join(parts) or _("a learned policy (not available for this game)")


class PPOBot:
    """A seat played by the shipped policy network (deterministic: the most probable legal
    action), for every front end."""

    name = "ppo"

    def __init__(self, seed: int = 0, policy: Path | None = None) -> None:
        self.seed = seed  # deterministic play: kept for the bot interface only
        self.policy = policy  # another weights file than the shipped one (tests, experiments)
        self._features: dict[tuple[int, str, str], Any] = {}

    def configure_for(self, title: Title) -> None:
        if not supports(title.name):
            have = ", ".join(sorted(games())) or "none"
            raise ValueError(_("the ppo bot has no trained network for %(game)s (it plays: %(have)s)",
                               game=title.display_name, have=have))

    def check(self, game: Position) -> None:
        """Refuse in words a position this network cannot read."""
        self._network(game)

    def _network(self, game: Position) -> tuple[Any, Path]:
        t = game.title
        path = self.policy if self.policy is not None else policy_files().get((t.name, game.scenario))
        if path is not None and (_meta(path)["game"], _meta(path)["scenario"]) != (t.name, game.scenario):
            path = None
        if path is None:
            trained = [s for g, s in policy_files() if g == t.name]
            names = ", ".join(_(t.scenario(s).name) for s in trained) or _("no scenario")
            raise ValueError(_("the ppo bot was trained on %(names)s only, not %(scenario)s "
                               "(its action ids and observation differ)",
                               names=names, scenario=_(t.scenario(game.scenario).name)))
        settings = dict(getattr(game, "settings", {}) or {})
        key = (game.players, game.scenario, json.dumps(settings, sort_keys=True, default=str))
        feats = self._features.get(key)
        if feats is None:
            from snowdonia.adapters.features import LEARNING, Features

            feats = Features(t, game.players, game.scenario, settings, LEARNING)
            meta = _meta(path)
            if feats.digest() != meta["digest"] or t.action_count(game.scenario) != meta["actions"]:
                given = ", ".join(f"{k}={v}" for k, v in settings.items()) or _("defaults")
                raise ValueError(_("the ppo bot's network reads another observation layout than these settings "
                                   "give (%(given)s); it plays the default settings", given=given))
            self._features[key] = feats
        return feats, path

    def probabilities(self, game: Position) -> tuple[list[Any], np.ndarray]:
        """The legal actions and the policy's probability of each."""
        seat = game.current_player
        if seat is None:
            raise ValueError("the game is over: no one is to move")
        feats, path = self._network(game)
        x = feats.encode(game, seat)
        hidden, w_out, b_out = _weights(path)
        for w, b in hidden:
            x = np.tanh(w @ x + b)
        logits = w_out @ x + b_out
        legal = game.legal_actions()
        catalogue = game.title.catalogue()
        ids = np.fromiter((catalogue.id(a) for a in legal), dtype=np.int64, count=len(legal))
        chosen = logits[ids].astype(np.float64)
        chosen -= chosen.max()
        p = np.exp(chosen)
        return legal, p / p.sum()

    def choose(self, game: Position) -> Any:
        legal, p = self.probabilities(game)
        return legal[int(np.argmax(p))]


def factory(level: str, seed: int) -> PPOBot:
    if level:
        raise ValueError(_("the ppo bot takes no budget (got %(spec)s); write 'ppo'", spec=repr(f"ppo:{level}")))
    return PPOBot(seed)
