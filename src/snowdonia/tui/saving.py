"""Game records on disk: the engine's `Game.record()` plus the seats, written so that a
crash at any moment leaves either the previous or the new file, never half of one."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from snowdonia.games.snowdonia.game import Game

SEATS_KEY = "seats"  # extra key beside the engine's record: who sat where (human or bot spec)


class RecordFileError(ValueError):
    """A record file that cannot be read; the message says which file and why."""


def write_record(path: Path, game: Game, seats: list[str] | None = None) -> None:
    """Write `game.record()` (plus the seats) as JSON via a temporary file and a rename."""
    record: dict[str, Any] = game.record()
    if seats is not None:
        record[SEATS_KEY] = list(seats)
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    directory.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(record, fh, indent=1)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        # Never leave a stray temporary file behind, whatever went wrong.
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def read_record(path: Path) -> dict[str, Any]:
    """The JSON object stored in `path`; RecordFileError if it is missing or not a record."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordFileError(f"cannot read {path}: {exc.strerror or exc}") from exc
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordFileError(f"{path} is not valid JSON (line {exc.lineno}: {exc.msg})") from exc
    if not isinstance(record, dict):
        raise RecordFileError(f"{path} does not hold a JSON object, so it is not a game record")
    return record


def stored_seats(record: dict[str, Any]) -> list[str] | None:
    seats = record.get(SEATS_KEY)
    if isinstance(seats, list) and all(isinstance(s, str) for s in seats):
        return seats
    return None
