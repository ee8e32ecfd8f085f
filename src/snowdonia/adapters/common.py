"""What the research adapters share: one configuration of a title (players, scenario,
settings) checked once, its encoder's layout, and the two kinds of returns.

Everything game-specific comes through the title (`snowdonia.core.protocol.Title`): its
catalogue (action ids), its encoder (`Title.encoder`) and its chance model. Nothing here
imports a game's rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from snowdonia.core.errors import SettingsError
from snowdonia.core.protocol import Encoder, Outcome, Position, SettingSpec, Title
from snowdonia.registry import title as title_of

RETURNS = ("scores", "win_loss", "margin")


def default_players(t: Title) -> int:
    """The player count a configuration gets when none is named: 3 where the title allows
    it (Snowdonia's usual table), else the allowed count nearest to 3."""
    counts = t.player_counts
    return min(counts, key=lambda n: (abs(n - 3), -n))


def coerce_setting(spec: SettingSpec, value: Any) -> Any:
    """A setting's value as the title expects it, from the forms interfaces pass around
    (OpenSpiel's typed parameters, text): "0" for the choice 0, 1 for True. Anything else is
    passed through for the title to refuse in words."""
    if spec.choices:
        for choice in spec.choices:
            if value == choice and type(value) is type(choice):
                return choice
        for choice in spec.choices:
            if str(value).lower() == str(choice).lower():
                return choice
        return value
    if spec.kind == "bool" and isinstance(value, int | str):
        text = str(value).lower()
        if text in ("1", "true"):
            return True
        if text in ("0", "false"):
            return False
    if spec.kind == "int" and isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    return value


@dataclass(frozen=True)
class Setup:
    """One configuration of a title, checked: the title set a game of it up without complaint."""

    title: Title
    players: int
    scenario: str
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def game(self) -> str:
        return self.title.name

    def new_game(self, seed: int) -> Position:
        return self.title.new_game(self.players, seed=seed, scenario=self.scenario, **self.settings)

    def encoder(self) -> Encoder:
        enc = self.title.encoder(self.players, self.scenario, **self.settings)
        if enc is None:
            raise SettingsError(f"{self.title.name} has no encoder (Title.encoder), so it offers no "
                                "observation tensors to OpenSpiel, PettingZoo or Gymnasium")
        return enc

    def describe(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "scenario": self.scenario,
                "settings": dict(self.settings)}


def resolve(game: str | None = None, players: int | None = None, scenario: str | None = None,
            **settings: Any) -> Setup:
    """Check a configuration once: the title by name (None: Snowdonia), its scenario (None:
    the first), players (None: `default_players`), settings coerced by their specs. Raises
    SettingsError saying what is wrong."""
    t = title_of(game)
    try:
        sc = t.scenario(scenario).key
    except KeyError as exc:
        raise SettingsError(str(exc.args[0])) from exc
    n = default_players(t) if players is None else players
    specs = {s.key: s for s in t.settings}
    given = {k: coerce_setting(specs[k], v) if k in specs else v for k, v in settings.items()}
    t.new_game(n, seed=0, scenario=sc, **given)  # the title's own checks, with its own words
    return Setup(t, n, sc, given)


def layout_size(enc: Encoder) -> int:
    return sum(int(np.prod(shape)) for _, shape in enc.views)


def split(enc: Encoder, flat: np.ndarray) -> dict[str, np.ndarray]:
    """Named views (no copies) into a flat vector of the encoder's layout."""
    out: dict[str, np.ndarray] = {}
    i = 0
    for name, shape in enc.views:
        k = int(np.prod(shape))
        out[name] = flat[i:i + k].reshape(shape)
        i += k
    return out


def encode_into(enc: Encoder, views: dict[str, np.ndarray], position: Position | None, seat: int) -> None:
    """Zero the views and let the encoder fill them (a game still being set up stays zero)."""
    for arr in views.values():
        arr.fill(0)
    if position is not None:
        enc.encode(position, seat, views)


def returns(outcome: Outcome, players: int, mode: str, score_range: float = 1.0) -> list[float]:
    """Final scores; or +1 for each winner and -1 for everyone else; or ("margin") each
    player's final score minus the best other player's, over the score range (-1..1: a
    shaped reward that says by how much a game was won or lost)."""
    if mode == "win_loss":
        return [1.0 if p in outcome.winners else -1.0 for p in range(players)]
    scores = [float(s) for s in outcome.scores]
    if mode == "margin":
        out = []
        for p in range(players):
            best = max((s for q, s in enumerate(scores) if q != p), default=0.0)
            out.append(max(-1.0, min(1.0, (scores[p] - best) / max(score_range, 1e-9))))
        return out
    return scores


def check_returns(mode: str) -> str:
    if mode not in RETURNS:
        raise ValueError(f"returns must be one of {', '.join(RETURNS)}, not {mode!r}")
    return mode


def utility_bounds(enc: Encoder, mode: str) -> tuple[float, float]:
    if mode in ("win_loss", "margin"):
        return -1.0, 1.0
    lo, hi = enc.score_bounds
    return float(lo), float(hi)


def score_range(enc: Encoder) -> float:
    lo, hi = enc.score_bounds
    return float(hi - lo)


class MaskCache:
    """Action masks (arrays over the catalogue's ids, 1 on each legal id) of lists of legal
    actions, remembered by the actions themselves: the same legal actions (a placement
    choice, a pass-or-play window) recur all game long, and looking the whole list up once
    costs less than looking each action's id up. The arrays are read-only: callers hand out
    copies. At most `limit` lists are kept (then the cache starts again), so memory stays
    bounded however long the run (8,192 lists, about 15 MB: 93% hits in 2,000 random
    3-player games of Snowdonia); `shared` gives every environment of a process the same
    cache per catalogue, size and dtype."""

    @classmethod
    def shared(cls, catalogue: Any, n_actions: int, dtype: Any = np.int8) -> MaskCache:
        """The process's cache for this catalogue, size and dtype (made on first use)."""
        key = (id(catalogue), n_actions, np.dtype(dtype).str)
        cache = _SHARED_MASKS.get(key)
        if cache is None or cache.catalogue is not catalogue:
            cache = _SHARED_MASKS[key] = cls(catalogue, n_actions, dtype)
        return cache

    def __init__(self, catalogue: Any, n_actions: int, dtype: Any = np.int8, limit: int = 1 << 13) -> None:
        self.catalogue = catalogue
        self._id = catalogue.index.__getitem__  # action -> catalogue id
        self._n = n_actions
        self._dtype = np.dtype(dtype)
        self._limit = limit
        self.known: dict[tuple[Any, ...], np.ndarray] = {}  # tuple(legal) -> its mask

    def mask(self, legal: list[Any]) -> np.ndarray:
        """The mask of `legal` (read-only: `.copy()` it for an array the caller may change)."""
        key = tuple(legal)
        out = self.known.get(key)
        if out is None:
            mask = bytearray(self._n)
            for i in map(self._id, legal):
                mask[i] = 1
            if len(self.known) >= self._limit:
                self.known.clear()
            out = self.known[key] = np.frombuffer(bytes(mask), np.int8).astype(self._dtype)
            out.flags.writeable = False
        return out


_SHARED_MASKS: dict[tuple[int, int, str], MaskCache] = {}
