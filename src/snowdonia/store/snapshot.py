"""A whole position as bytes, so a stored game reloads without replaying from the start.

Each title writes its own snapshot (`Position.snapshot`): a compressed pickle of a dict
whose `game` key names the title (snapshots written before titles existed have none and are
Snowdonia's; Foothills snapshots written before issue 17 have none either, which is why the
store passes the title of the game's row). The bytes come only from our own database and
never go to a client.
"""

from __future__ import annotations

import pickle
import zlib

from snowdonia.core.protocol import Position
from snowdonia.registry import title


def snapshot(position: Position) -> bytes:
    """Everything needed to continue `position` exactly, including its log and history."""
    return position.snapshot()


def snapshot_title(blob: bytes) -> str | None:
    """The title a snapshot names (None: it names none, as the oldest ones do)."""
    data = pickle.loads(zlib.decompress(blob))  # noqa: S301 - bytes we wrote ourselves
    if not isinstance(data, dict):
        raise ValueError("not a snapshot")
    name = data.get("game")
    return name if isinstance(name, str) else None


def restore(blob: bytes, game: str | None = None) -> Position:
    """The position a snapshot was taken of; an independent object each call. `game` is the
    title the caller knows the snapshot belongs to (the store's row); without it the
    snapshot's own `game` key decides, and a snapshot with none is Snowdonia's."""
    named = snapshot_title(blob)
    if game is not None and named is not None and named != game:
        raise ValueError(f"a {named!r} snapshot stored for a {game!r} game")
    return title(game or named or "snowdonia").restore(blob)
