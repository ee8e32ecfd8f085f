"""The learned value function of the `search` bot (issue 19, level flag `:v1`).

A small multilayer perceptron, trained by `scripts/train_value.py` on self-play positions
(reproducible from its seed; docs/bots-and-simulation.md, "The learned value"), predicts each
seat's final VP from that seat's learning observation (`snowdonia.adapters.features`:
egocentric, padded to the title's most seats, normalised), so one network reads every seat
and every player count it was trained on. The weights ship beside this module as
`value_<game>_<scenario>.npz`; playing needs NumPy only.

Speaking only the game protocol: the observation comes from the title's `encoder` through
`Features`; nothing here knows a game's internals. What a network cannot read is refused in
words: another title or scenario (no file for it), a player count it was not trained on, or
settings that change the observation layout (the layout's digest is stored with the weights),
and a damaged or foreign file (format, shapes and a digest of the weights are checked).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any, cast

import numpy as np

from snowdonia.core.protocol import Position, Title

HERE = Path(__file__).parent
FORMAT = "snowdonia-value-1"


class ValueNet:
    """One shipped network: its weights (float32), its output scale and what it was trained on."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        try:
            with np.load(self.path, allow_pickle=False) as data:
                arrays = {k: data[k] for k in data.files}
        except (OSError, ValueError) as exc:
            raise ValueError(f"{self.path.name} is not a value network file (it cannot be read as "
                             f"NumPy weights: {exc})") from None
        if "meta" not in arrays:
            raise ValueError(f"{self.path.name} is not a value network file (it has no description)")
        try:
            meta: dict[str, Any] = json.loads(str(arrays["meta"]))
        except json.JSONDecodeError:
            raise ValueError(f"{self.path.name} is not a value network file (its description is "
                             "not JSON)") from None
        if meta.get("format") != FORMAT:
            raise ValueError(f"{self.path.name} is not a value network of format {FORMAT} "
                             f"(it says {meta.get('format')!r})")
        self.meta = meta
        layers: list[tuple[np.ndarray, np.ndarray]] = []
        k = 0
        while f"w{k}" in arrays:
            if f"b{k}" not in arrays:
                raise ValueError(f"{self.path.name} is damaged: layer {k} has weights but no biases")
            layers.append((arrays[f"w{k}"].astype(np.float32), arrays[f"b{k}"].astype(np.float32)))
            k += 1
        if not layers or "y_mean" not in arrays or "y_std" not in arrays:
            raise ValueError(f"{self.path.name} is damaged: it lacks its layers or its output scale")
        size = int(meta.get("size", -1))
        keep = arrays.get("keep")
        if keep is None:
            keep = np.arange(max(size, 0))
        keep = keep.astype(np.int64)
        if keep.ndim != 1 or (len(keep) and (keep.min() < 0 or keep.max() >= size)):
            raise ValueError(f"{self.path.name} is damaged: the observation entries it reads are not "
                             f"within the layout's {size} numbers")
        width = len(keep)
        for i, (w, b) in enumerate(layers):
            if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
                raise ValueError(f"{self.path.name} is damaged: layer {i} is {w.shape} with {b.shape} "
                                 f"biases, it should read {width} numbers")
            width = w.shape[1]
        if width != 1:
            raise ValueError(f"{self.path.name} is damaged: its last layer gives {width} numbers, not 1")
        if weights_digest(layers, keep) != meta.get("weights"):
            raise ValueError(f"{self.path.name} is damaged: its weights do not match the digest it "
                             "was written with")
        self.layers = layers
        self.keep = keep
        self.y_mean = float(arrays["y_mean"])
        self.y_std = float(arrays["y_std"])
        self.game = str(meta["game"])
        self.scenario = str(meta["scenario"])
        self.players = tuple(int(n) for n in meta.get("players", ()))

    def predict(self, x: np.ndarray) -> np.ndarray:
        """Final VP predicted for each row of `x` (rows: whole observations, float32)."""
        h = x[:, self.keep]
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w
            h += b
            if i < last:
                np.maximum(h, 0.0, out=h)
        out: np.ndarray = h[:, 0] * self.y_std + self.y_mean
        return out


def weights_digest(layers: list[tuple[np.ndarray, np.ndarray]], keep: np.ndarray) -> str:
    """A fingerprint of the weights and of the observation entries they read, stored in the
    file's description when it is written."""
    h = hashlib.sha256()
    h.update(np.ascontiguousarray(keep, np.int64).tobytes())
    for w, b in layers:
        h.update(np.ascontiguousarray(w, np.float32).tobytes())
        h.update(np.ascontiguousarray(b, np.float32).tobytes())
    return h.hexdigest()[:16]


def network_path(game: str, scenario: str) -> Path:
    return HERE / f"value_{game}_{scenario}.npz"


@cache
def _shipped(path: Path) -> ValueNet:
    return ValueNet(path)


def networks() -> dict[tuple[str, str], Path]:
    """(game, scenario) -> the shipped weights file."""
    out = {}
    for path in sorted(HERE.glob("value_*.npz")):
        net = _shipped(path)
        out[(net.game, net.scenario)] = path
    return out


class LearnedValue:
    """The network bound to one configuration (title, scenario, players, settings): `scores`
    gives every seat's predicted final VP in one forward pass. Keeps one observation buffer per
    seat, brought up to date in place (only what changed is re-encoded)."""

    def __init__(self, position: Position, path: Path | None = None) -> None:
        from snowdonia.adapters.features import LEARNING, Features

        t: Title = position.title
        shipped = path is None
        path = network_path(t.name, position.scenario) if path is None else Path(path)
        if shipped and not path.exists():
            have = ", ".join(f"{g} {s.replace('_', ' ').title()}" for g, s in networks()) or "none"
            raise ValueError(f"the learned value has no network for {t.display_name} "
                             f"{t.scenario(position.scenario).name} (trained: {have})")
        net = _shipped(path) if shipped else ValueNet(path)
        if (net.game, net.scenario) != (t.name, position.scenario):
            raise ValueError(f"{path.name} was trained on {net.game} {net.scenario}, not "
                             f"{t.name} {position.scenario}")
        n = position.players
        if n not in net.players:
            counts = ", ".join(str(k) for k in net.players)
            raise ValueError(f"the learned value was trained on {counts}-player games of "
                             f"{t.scenario(position.scenario).name}, not {n} players")
        settings = dict(getattr(position, "settings", {}) or {})
        feats = Features(t, n, position.scenario, settings, LEARNING)
        if feats.digest() != net.meta.get("digest") or feats.size != int(net.meta.get("size", -1)):
            given = ", ".join(f"{k}={v}" for k, v in settings.items()) or "defaults"
            raise ValueError(f"the learned value reads another observation layout than these settings give "
                             f"({given}): it was trained with layout {net.meta.get('digest')}, these give "
                             f"{feats.digest()}")
        self.net = net
        self.features = feats
        self.players = n
        self.x = np.zeros((n, feats.size), np.float32)
        # An encoder that says what only one seat sees (`private_entries`) is brought up to date
        # once per position in one public buffer (seat -1), and each seat's observation is that
        # buffer with the seat's few private entries written in (as the PettingZoo adapter
        # does); else one buffer per seat.
        enc = feats.layout.encoder
        private = getattr(enc, "private_entries", None) if feats.layout.incremental else None
        self._private = private if callable(private) else None
        self._shared = feats.new_buffer(-1)
        self._shared_mv: Any = memoryview(cast(Any, self._shared.flat))  # float32, one dimension: single writes
        self.buffers = [feats.new_buffer(s) for s in range(n)] if self._private is None else []

    def observations(self, position: Position) -> np.ndarray:
        """Every seat's learning observation of `position` (one row per seat; a view of a
        buffer the next call overwrites)."""
        feats = self.features
        x = self.x
        private = self._private
        if private is None:
            for s, buf in enumerate(self.buffers):
                buf.update(position)
                feats.transform(buf, x[s])
            return x
        shared = self._shared
        shared.update(position)
        mv = self._shared_mv
        for s in range(self.players):
            entries = private(position, s)
            for i, v in entries:
                mv[i] = v
            try:
                feats.transform(shared, x[s], seat=s)
            finally:
                for i, _ in entries:
                    mv[i] = 0.0
        return x

    def scores(self, position: Position) -> list[float]:
        """Every seat's predicted final VP (each from its own observation), in one forward
        pass."""
        return [float(v) for v in self.net.predict(self.observations(position))]


def key(position: Position) -> tuple[str, str, int, str]:
    """What a `LearnedValue` is bound to."""
    settings = dict(getattr(position, "settings", {}) or {})
    return (position.title.name, position.scenario, position.players,
            json.dumps(settings, sort_keys=True, default=str))
