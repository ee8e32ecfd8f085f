"""A whole position as bytes, so a stored game reloads without replaying from the start.

The mutable state is a flat set of slots (rules/state.py); the shared `Config` is rebuilt
from the settings instead of being stored, which keeps a snapshot small (a few kB) and lets
the component data evolve without invalidating old snapshots' format. The bytes are a
compressed pickle: they come only from our own database and never go to a client.
"""

from __future__ import annotations

import pickle
import zlib
from functools import lru_cache
from typing import Any

from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.config import Config, make_settings
from snowdonia.games.snowdonia.rules.state import SLOTS

FORMAT = 1
# The config is shared and the legal-action cache is rebuilt on demand.
_SKIP = frozenset({"cfg", "_legal"})
_STORED = tuple(s for s in SLOTS if s not in _SKIP)
# Slots added after snapshots were first written, with the value an older game had.
_ADDED: dict[str, Any] = {
    "win_first": lambda g: g.start,  # the open window began with the Start Player
}


@lru_cache(maxsize=64)
def _config(players: int, scenario: str, settings: tuple[tuple[str, Any], ...]) -> Config:
    return Config(players, scenario, make_settings(players, scenario, **dict(settings)))


def snapshot(game: Game) -> bytes:
    """Everything needed to continue `game` exactly, including its log and history."""
    data = {
        "format": FORMAT,
        "players": game.cfg.players,
        "scenario": game.cfg.scenario,
        "settings": game.cfg.settings.as_dict(),
        "seed": game.seed,
        "history": list(game.history),
        "state": {s: getattr(game, s) for s in _STORED},
    }
    return zlib.compress(pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL), 6)


def restore(blob: bytes) -> Game:
    """The game a snapshot was taken of; an independent object each call."""
    data = pickle.loads(zlib.decompress(blob))  # noqa: S301 - bytes we wrote ourselves
    if data.get("format") != FORMAT:
        raise ValueError(f"unknown snapshot format {data.get('format')!r}")
    g = Game.__new__(Game)
    g.cfg = _config(data["players"], data["scenario"], tuple(sorted(data["settings"].items())))
    for slot, value in data["state"].items():
        setattr(g, slot, value)
    for slot, default in _ADDED.items():  # snapshots written before the slot existed
        if slot not in data["state"]:
            setattr(g, slot, default(g))
    g._legal = None
    g.seed = data["seed"]
    g.history = data["history"]
    return g
