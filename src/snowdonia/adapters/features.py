"""Observation layouts for learning, computed once per configuration, over any title's
encoder (`core.protocol.Encoder`); numpy only, so bots may use them without OpenSpiel,
PettingZoo or Gymnasium.

- `Layout`: the encoder's raw layout (views laid end to end), its offsets computed once.
- `SeatBuffer`: one seat's preallocated raw vector. It is brought up to date in place;
  with an encoder that offers `encode_changed` (Snowdonia's) only the views whose part of
  the position changed are rewritten.
- `Features`: the raw vector rearranged for a learner, by three options:
  `egocentric` (every axis over seats starts at the observer: row 0 is "me", row 1 the
  next seat in turn order, ...), `padded` (every axis over seats padded to the title's
  most seats, every board axis laid over the union of the boards of all player counts,
  matched by what each index is, so one network fits every seat and player count) and
  `normalised` (every value divided by its upper bound: all in 0..1). One `numpy.take`
  (and one multiply) per observation.
- `table()`: the layout as rows (first index, last index, view, shape, meaning, range),
  which `docs/ai.md` holds for Snowdonia's default learning layout.
- `save_samples` / `load_samples`: the training-data format shared by learned policies and
  value functions (docs/ai.md, "Training data").

An encoder may describe itself beyond the protocol (all optional): `seat_axes` (view ->
the axis over seats; its first `players` entries are seats, any after them are not),
`axis_keys` (view -> per axis a tuple naming each index, or None), `view_high` (view -> an
upper bound of its values, a number or one per field, broadcast to the view's shape),
`meanings` (view -> words) and `encode_changed(position, seat, views, memo)`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from snowdonia.core.errors import SettingsError
from snowdonia.core.protocol import Encoder, Position, Title

SAMPLES_FORMAT = "snowdonia-samples-1"


def _count(shape: Sequence[int]) -> int:
    k = 1
    for d in shape:
        k *= int(d)
    return k


class Layout:
    """An encoder's flat layout, computed once: each view's (name, start, stop, shape)."""

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        self.views: list[tuple[str, int, int, tuple[int, ...]]] = []
        i = 0
        for name, shape in encoder.views:
            k = _count(shape)
            self.views.append((name, i, i + k, tuple(shape)))
            i += k
        self.size = i
        self.incremental = callable(getattr(encoder, "encode_changed", None))

    def split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Named views (no copies) into a flat vector of this layout."""
        return {name: flat[a:b].reshape(shape) for name, a, b, shape in self.views}

    def high(self) -> np.ndarray:
        """An upper bound of every value (the encoder's `view_high`, else its `high`)."""
        out = np.empty(self.size, np.float32)
        given = getattr(self.encoder, "view_high", {}) or {}
        for name, a, b, shape in self.views:
            out[a:b] = np.broadcast_to(np.asarray(given.get(name, self.encoder.high), np.float32), shape).ravel()
        return out


class SeatBuffer:
    """One seat's raw vector, preallocated, with a trailing zero (what padding reads) and a
    trailing one (what `Features.gather` reads for a private entry of value 1).
    `update(position)` brings it up to date in place; `raw` is the layout's part."""

    def __init__(self, layout: Layout, seat: int) -> None:
        self.layout = layout
        self.seat = seat
        self.flat = np.zeros(layout.size + 2, np.float32)
        self.flat[layout.size + 1] = 1
        self.raw = self.flat[:layout.size]
        self.views = layout.split(self.raw)
        self.memo: dict[str, Any] = {}
        self.version: object = None

    def update(self, position: Position | None, version: object = None) -> np.ndarray:
        """Encode `position` for this seat (None: zeros). With a `version` (any value the
        caller changes whenever the position changes), a repeat call is free."""
        if version is not None and version == self.version:
            return self.raw
        self.version = version
        enc = self.layout.encoder
        if position is None:
            self.raw.fill(0)
            self.memo.clear()
        elif self.layout.incremental:
            enc.encode_changed(position, self.seat, self.views, self.memo)  # type: ignore[attr-defined]
        else:
            self.raw.fill(0)
            enc.encode(position, self.seat, self.views)
        return self.raw

    def reset(self) -> None:
        """Forget what was encoded (the next update writes everything)."""
        self.raw.fill(0)
        self.memo.clear()
        self.version = None


@dataclass(frozen=True)
class Options:
    """How a learner sees the encoder's vector (all off: the raw vector)."""

    egocentric: bool = False
    padded: bool = False
    normalised: bool = False

    @property
    def raw(self) -> bool:
        return not (self.egocentric or self.padded or self.normalised)

    def describe(self) -> dict[str, bool]:
        return {"egocentric": self.egocentric, "padded": self.padded, "normalised": self.normalised}


LEARNING = Options(egocentric=True, padded=True, normalised=True)


def options(observation: str | Options | None = None, **flags: bool) -> Options:
    """Options from a name ("raw", "learning": all three) and/or flags."""
    base = Options()
    if isinstance(observation, Options):
        base = observation
    elif observation in (None, "raw"):
        base = Options()
    elif observation == "learning":
        base = LEARNING
    else:
        raise ValueError(f"observation must be 'raw' or 'learning', not {observation!r}")
    return Options(**{**base.describe(), **{k: bool(v) for k, v in flags.items() if v is not None}})


def _encoders(title: Title, players: int, scenario: str, settings: dict[str, Any],
              padded: bool) -> dict[int, Encoder]:
    """The encoder of this configuration, and with `padded` those of every other player
    count of the scenario (with the same settings where they apply, else the defaults)."""
    counts = [players]
    if padded:
        counts = sorted(title.player_counts, reverse=True)
    out: dict[int, Encoder] = {}
    for n in counts:
        enc = None
        for given in (settings, {}):
            try:
                title.new_game(n, seed=0, scenario=scenario, **given)
                enc = title.encoder(n, scenario, **given)
                break
            except (SettingsError, ValueError):
                continue
        if enc is not None:
            out[n] = enc
    if players not in out:
        raise SettingsError(f"{title.name} has no encoder for {players} players at {scenario}")
    return out


class Features:
    """A learner's layout of one configuration (title, players, scenario, settings) with
    `Options`. `transform(buffer, out)` writes one seat's vector into `out` (float32, size
    `size`); `low`/`high` bound every value."""

    def __init__(self, title: Title, players: int, scenario: str, settings: dict[str, Any] | None = None,
                 opts: Options = Options()) -> None:
        self.title = title
        self.players = players
        self.scenario = scenario
        self.settings = dict(settings or {})
        self.options = opts
        encoders = _encoders(title, players, scenario, self.settings, opts.padded)
        self.layout = Layout(encoders[players])
        self.max_seats = max(encoders) if opts.padded else players
        layouts = {n: (self.layout if n == players else Layout(e)) for n, e in encoders.items()}
        # The full views: names in order of first appearance, axes padded / unioned.
        self.views: list[tuple[str, tuple[int, ...]]] = []
        self._axis_labels: dict[str, list[Any]] = {}
        full_keys: dict[str, list[list[Hashable] | None]] = {}
        order = sorted(layouts, reverse=True)
        seen: dict[str, list[tuple[int, tuple[int, ...]]]] = {}
        for n in order:
            for name, _, _, shape in layouts[n].views:
                seen.setdefault(name, []).append((n, shape))
        names = []
        for n in order:
            for name, _, _, _ in layouts[n].views:
                if name not in names:
                    names.append(name)
        for name in names:
            shapes = seen[name]
            rank = len(shapes[0][1])
            if any(len(s) != rank for _, s in shapes):
                raise ValueError(f"{title.name}'s view {name} changes rank with the player count")
            dims: list[int] = []
            keys_per_axis: list[list[Hashable] | None] = []
            for ax in range(rank):
                seat_ax = self._seat_axis(encoders[shapes[0][0]], name) == ax
                keyed = [(_axis_keys(encoders[n], name, ax)) for n, _ in shapes]
                if seat_ax:
                    extras = {s[ax] - n for n, s in shapes}
                    if len(extras) != 1:
                        raise ValueError(f"{title.name}'s view {name}: the entries after the seats vary")
                    dims.append(self.max_seats + extras.pop())
                    keys_per_axis.append(None)
                elif all(k is not None for k in keyed):
                    union: list[Hashable] = []
                    for ks in keyed:
                        assert ks is not None
                        union += [k for k in ks if k not in union]
                    dims.append(len(union))
                    keys_per_axis.append(union)
                else:
                    dims.append(max(s[ax] for _, s in shapes))
                    keys_per_axis.append(None)
            self.views.append((name, tuple(dims)))
            full_keys[name] = keys_per_axis
        self.size = sum(_count(s) for _, s in self.views)
        # Gather indices into each configuration's raw vector (+1 trailing zero), per seat.
        self._index = {n: [self._gather(layouts[n], encoders[n], n, seat, full_keys) for seat in range(n)]
                       for n in layouts}
        high = np.ones(self.size, np.float32)
        for n, per_seat in self._index.items():
            raw_high = np.append(layouts[n].high(), np.float32(0))
            high = np.maximum(high, raw_high[per_seat[0]])
        self._bound = high
        self.index = self._index[players]
        self.clip = bool(getattr(self.layout.encoder, "clip_normalised", False))
        if opts.normalised:
            self.scale: np.ndarray | None = (1.0 / high).astype(np.float32)
            self.low = np.zeros(self.size, np.float32)
            self.high = np.ones(self.size, np.float32)
        else:
            self.scale = None
            self.low = np.full(self.size, self.layout.encoder.low, np.float32)
            self.high = np.full(self.size, self.layout.encoder.high, np.float32)
        self._full_keys = full_keys
        # For `gather`: each seat's indices as contiguous intp (what `take` reads without a
        # conversion), and, filled on first use, where a raw index lands in a seat's vector
        # with its scale (a seat's private entries are written there after the gather).
        self._take = [np.ascontiguousarray(ix, dtype=np.intp) for ix in self.index]
        self._lands: list[dict[int, tuple[tuple[int, float], ...]]] = [{} for _ in self.index]
        # Per seat: its usual private entries (all of value 1) and the indices with those
        # entries read from the buffer's trailing one instead (no writes after the gather);
        # `_other`: other entries seen in a row, and how many times.
        self.baked: list[tuple[list[tuple[int, float]] | None, np.ndarray]] = [(None, ix) for ix in self._take]
        self._other: list[tuple[list[tuple[int, float]] | None, int]] = [(None, 0)] * len(self._take)
        self._raw_options = opts.raw

    @staticmethod
    def _seat_axis(enc: Encoder, name: str) -> int | None:
        axes = getattr(enc, "seat_axes", None)
        if axes is None:  # undeclared: a first axis as long as the seats is over seats
            return None
        return axes.get(name)

    def _gather(self, layout: Layout, enc: Encoder, n: int, seat: int,
                full_keys: dict[str, list[list[Hashable] | None]]) -> np.ndarray:
        pad = layout.size  # the trailing zero
        src = {name: (a, shape) for name, a, _, shape in layout.views}
        parts = []
        for name, dims in self.views:
            if name not in src:
                parts.append(np.full(_count(dims), pad, np.int64))
                continue
            start, shape = src[name]
            seat_ax = self._seat_axis(enc, name)
            per_axis = []
            for ax, d in enumerate(dims):
                idx = np.full(d, -1, np.int64)
                keys = full_keys[name][ax]
                if ax == seat_ax:
                    for k in range(self.max_seats):
                        if k < n:
                            idx[k] = (k + seat) % n if self.options.egocentric else k
                    for k in range(self.max_seats, d):
                        idx[k] = n + (k - self.max_seats)
                elif keys is not None:
                    own = _axis_keys(enc, name, ax)
                    assert own is not None
                    where = {key: i for i, key in enumerate(own)}
                    for k, key in enumerate(keys):
                        idx[k] = where.get(key, -1)
                else:
                    idx[:min(d, shape[ax])] = np.arange(min(d, shape[ax]))
                per_axis.append(idx)
            grids = np.meshgrid(*per_axis, indexing="ij") if per_axis else []
            strides = np.cumprod((*shape[1:], 1)[::-1])[::-1] if shape else np.array([], np.int64)
            flat = np.zeros(dims, np.int64) + start
            bad = np.zeros(dims, bool)
            for g, stride in zip(grids, strides, strict=True):
                flat += g * int(stride)
                bad |= g < 0
            flat[bad] = pad
            parts.append(flat.ravel())
        return np.concatenate(parts) if parts else np.zeros(0, np.int64)

    def for_players(self, players: int) -> np.ndarray:
        """The gather indices of another player count of a padded layout, per seat."""
        return np.asarray(self._index[players])

    def new_buffer(self, seat: int) -> SeatBuffer:
        return SeatBuffer(self.layout, seat)

    def transform(self, buffer: SeatBuffer, out: np.ndarray | None = None, seat: int | None = None) -> np.ndarray:
        """`buffer`'s seat's vector in this layout, written into `out` (allocated if None).
        `seat` (default: the buffer's) is whose egocentric order the learning layout uses: for
        a shared public buffer with one seat's private entries written in."""
        if self.options.raw:
            if out is None:
                return buffer.raw.copy()
            out[:] = buffer.raw
            return out
        index = self._take[buffer.seat if seat is None else seat]
        if out is None:
            out = buffer.flat.take(index)
        else:
            buffer.flat.take(index, out=out)
        if self.scale is not None:
            out *= self.scale
            if self.clip:  # counts with no printed bound (the encoder's `view_high` is a scale)
                np.minimum(out, 1.0, out=out)
        return out

    def gather(self, buffer: SeatBuffer, seat: int, entries: list[tuple[int, float]] | None = None) -> np.ndarray:
        """`seat`'s vector in this layout (a fresh array) from `buffer`'s raw vector with
        `entries` ((raw index, value) pairs: a seat's private entries over a public buffer)
        written over it. The same numbers as writing the entries into the buffer,
        `transform` for `seat` and taking them out again, without touching the buffer: one
        `take` and one multiply. A seat's usual entries, when all of value 1 (Snowdonia's
        observer one-hot), are read by the take from the buffer's trailing one: the indices
        with them redirected (`baked`) are made at the seat's first call and again when the
        same other entries come four times in a row; other entries (the cards of a #5 draw)
        are written where the layout puts them, scaled as the multiply would have."""
        if self._raw_options:
            out = buffer.raw.copy()
            if entries:
                for i, x in entries:
                    out[i] = x
            return out
        rest: list[tuple[int, float]] | None = None
        if entries:
            baked = self.baked[seat]
            if entries == baked[0]:
                index = baked[1]
            else:  # others (a #5 draw) written after the gather; redirected if they persist
                index = self._take[seat]
                rest = entries
                other, times = self._other[seat]
                times = times + 1 if entries == other else 1
                self._other[seat] = (list(entries), times)
                if (baked[0] is None or times > 3) and all(x == 1 for _, x in entries):
                    index = self._redirect(seat, entries)
                    self.baked[seat] = (list(entries), index)
                    self._other[seat] = (None, 0)
                    rest = None
        else:
            index = self._take[seat]
        out = buffer.flat.take(index, mode="clip")  # every index is in range: no check needed
        scale = self.scale
        if scale is not None:
            out *= scale
            if self.clip:
                np.minimum(out, 1.0, out=out)
        if rest:
            lands = self._lands[seat]
            clip = self.clip and scale is not None  # as the multiply: clipped only when normalised
            for i, x in rest:
                where = lands.get(i)
                if where is None:
                    where = lands[i] = self._landing(seat, i)
                for j, s in where:
                    # x (a small integer) times the float32 scale is exact in double precision,
                    # so one rounding to float32 gives what numpy's float32 multiply gives.
                    v = x * s
                    out[j] = 1.0 if clip and v > 1.0 else v
        return out

    def _redirect(self, seat: int, entries: list[tuple[int, float]]) -> np.ndarray:
        """`seat`'s gather indices with every position that reads one of `entries`' raw
        indices reading the buffer's trailing one instead."""
        index = self._take[seat].copy()
        one = self.layout.size + 1
        for i, _ in entries:
            for j, _s in self._landing(seat, i):
                index[j] = one
        return index

    def _landing(self, seat: int, i: int) -> tuple[tuple[int, float], ...]:
        """Where raw index `i` lands in `seat`'s vector (every position that gathers it, with
        its scale as a float: 1.0 unless normalised)."""
        if not 0 <= i < self.layout.size:
            raise IndexError(f"raw index {i} is outside the encoder's {self.layout.size} numbers")
        at = np.flatnonzero(self._take[seat] == i)
        scale = self.scale
        return tuple((int(j), 1.0 if scale is None else float(scale[j])) for j in at)

    def encode(self, position: Position, seat: int) -> np.ndarray:
        """One position for one seat, from scratch (a fresh buffer): for data sets."""
        buf = self.new_buffer(seat)
        buf.update(position)
        return self.transform(buf)

    # ------------------------------------------------------------------ description
    def table(self) -> list[dict[str, Any]]:
        """The layout as rows: first and last index, view, shape, what the axes run over,
        meaning and the range of its values."""
        enc = self.layout.encoder
        meanings = getattr(enc, "meanings", {}) or {}
        rows = []
        i = 0
        for name, dims in self.views:
            k = _count(dims)
            seat_ax = self._seat_axis(enc, name)
            axes = []
            for ax, d in enumerate(dims):
                if ax == seat_ax:
                    extra = d - self.max_seats
                    who = "seats, you first" if self.options.egocentric else "seats"
                    axes.append(who + (f" (+{extra})" if extra else ""))
                elif self._full_keys[name][ax] is not None:
                    axes.append("board (by key)")
                else:
                    axes.append(str(d))
            hi = self._bound[i:i + k]
            if self.options.normalised:
                rng = "0-1"
            else:
                rng = f"0-{_fmt(float(hi.max()))}" if float(hi.min()) == float(hi.max()) else \
                    f"0-{_fmt(float(hi.min()))}..{_fmt(float(hi.max()))}"
            rows.append({"first": i, "last": i + k - 1, "view": name, "shape": list(dims), "axes": axes,
                         "meaning": meanings.get(name, ""), "range": rng,
                         "bound": _fmt(float(hi.max()))})
            i += k
        return rows

    def describe(self) -> dict[str, Any]:
        return {"game": self.title.name, "players": self.players, "scenario": self.scenario,
                "settings": self.settings, "options": self.options.describe(), "size": self.size,
                "max_seats": self.max_seats, "digest": self.digest()}

    def digest(self) -> str:
        """A fingerprint of the layout (views, shapes, bounds, options): data sets written
        with one layout are refused by another."""
        text = json.dumps({"views": self.views, "options": self.options.describe(),
                           "bound": [round(float(x), 4) for x in self._bound],
                           "max_seats": self.max_seats, "game": self.title.name, "scenario": self.scenario})
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def _axis_keys(enc: Encoder, name: str, ax: int) -> tuple[Hashable, ...] | None:
    keys = (getattr(enc, "axis_keys", None) or {}).get(name)
    if keys is None or ax >= len(keys):
        return None
    k = keys[ax]
    return None if k is None else tuple(k)


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def markdown_table(features: Features) -> str:
    """The layout table as Markdown (index range | view | shape | meaning | range)."""
    lines = ["| indices | view | shape (axes) | meaning | range (raw bound) |", "|---|---|---|---|---|"]
    for r in features.table():
        shape = " x ".join(f"{d} {a}" if not a.isdigit() else str(d) for d, a in zip(r["shape"], r["axes"],
                                                                                       strict=True))
        lines.append(f"| {r['first']}-{r['last']} | `{r['view']}` | {shape} | {r['meaning']} | "
                     f"{r['range']} ({r['bound']}) |")
    return "\n".join(lines)


# ---------------------------------------------------------------------- training data
def save_samples(path: str | Path, features: Features, obs: np.ndarray, seat: np.ndarray, value: np.ndarray,
                 margin: np.ndarray, policy: np.ndarray | None = None, **extra: np.ndarray) -> None:
    """Write training samples (numpy .npz): `obs` (N, size) float32 in `features`' layout,
    `seat` (N,) int8, `value` (N,) float32 (the final result from that seat's view: +1 won,
    -1 lost, ties split), `margin` (N,) float32 (final VP minus the best other player's, over
    the title's score range), `policy` (N, actions) float32 (optional: visit or action
    probabilities), and `meta` (the layout's `describe()` as JSON, with the format name)."""
    n = len(obs)
    if obs.shape != (n, features.size):
        raise ValueError(f"obs must be ({n}, {features.size}), not {obs.shape}")
    for name, arr in (("seat", seat), ("value", value), ("margin", margin)):
        if len(arr) != n:
            raise ValueError(f"{name} has {len(arr)} rows, obs {n}")
    meta = {"format": SAMPLES_FORMAT, **features.describe()}
    arrays: dict[str, np.ndarray] = {"obs": obs.astype(np.float32), "seat": seat.astype(np.int8),
                                     "value": value.astype(np.float32), "margin": margin.astype(np.float32),
                                     "meta": np.array(json.dumps(meta))}
    if policy is not None:
        arrays["policy"] = policy.astype(np.float32)
    arrays.update(extra)
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]


def load_samples(path: str | Path, features: Features | None = None) -> dict[str, Any]:
    """Read samples written by `save_samples`; with `features`, refuse a file of another
    layout (its digest differs) in words."""
    with np.load(path, allow_pickle=False) as data:
        out: dict[str, Any] = {k: data[k] for k in data.files}
    meta = json.loads(str(out.pop("meta")))
    if meta.get("format") != SAMPLES_FORMAT:
        raise ValueError(f"{path} is not a {SAMPLES_FORMAT} file (format {meta.get('format')!r})")
    if features is not None and meta["digest"] != features.digest():
        raise ValueError(f"{path} was written with layout {meta['digest']} ({meta['options']}, "
                         f"{meta['size']} numbers), not this one ({features.digest()})")
    out["meta"] = meta
    return out


def result_targets(scores: Sequence[float], winners: Sequence[int], seat: int,
                   score_range: float) -> tuple[float, float]:
    """(value, margin) of a finished game from `seat`'s view: value +1 for a sole winner,
    1/k*2-1 shared among k winners, -1 for a loser; margin = (own score - best other score)
    / score_range, clipped to -1..1."""
    if seat in winners:
        value = 2.0 / len(winners) - 1.0
    else:
        value = -1.0
    others = [s for p, s in enumerate(scores) if p != seat]
    best = max(others) if others else 0.0
    margin = (scores[seat] - best) / max(score_range, 1e-9)
    return value, float(max(-1.0, min(1.0, margin)))
