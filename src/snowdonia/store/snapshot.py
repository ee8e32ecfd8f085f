"""A whole position as bytes, so a stored game reloads without replaying from the start.

Each title writes its own snapshot (`Position.snapshot`): a compressed pickle of a dict
whose `game` key names the title (snapshots written before titles existed have none and are
Snowdonia's). The bytes come only from our own database and never go to a client.
"""

from __future__ import annotations

import pickle
import zlib

from snowdonia.core.protocol import Position
from snowdonia.registry import title


def snapshot(position: Position) -> bytes:
    """Everything needed to continue `position` exactly, including its log and history."""
    return position.snapshot()


def restore(blob: bytes) -> Position:
    """The position a snapshot was taken of; an independent object each call."""
    data = pickle.loads(zlib.decompress(blob))  # noqa: S301 - bytes we wrote ourselves
    if not isinstance(data, dict):
        raise ValueError("not a snapshot")
    return title(data.get("game", "snowdonia")).restore(blob)
