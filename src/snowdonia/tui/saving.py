"""Game records on disk: the title's `Position.record()` plus the seats, written so that a
crash at any moment leaves either the previous or the new file, never half of one."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from snowdonia.core.i18n import N_, _
from snowdonia.core.protocol import Position

SEATS_KEY = "seats"  # extra key beside the title's record: who sat where (human or bot spec)
# fsync each file before renaming it over the old one, so a power cut cannot leave an empty
# file behind (the rename alone already protects against the program being killed).
DURABLE = True


class RecordFileError(ValueError):
    """A record file that cannot be read; the message says which file and why (in the current
    language: it is made where the terminal shows it)."""


# Why a file cannot be read, in words (the system's own sentence, English, for the rest).
_OS_REASONS = {errno.ENOENT: N_("there is no such file"), errno.EACCES: N_("permission denied"),
               errno.EISDIR: N_("it is a folder, not a file"), errno.ENOTDIR: N_("a folder on its path is a file")}
# i18n: what a JSON file should have held ("... so it is not a game record")
WHAT_RECORD = N_("a game record")


def write_json(path: Path, data: Any) -> None:
    """Write `data` as JSON via a temporary file in the same folder, fsync and a rename."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    directory.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
            fh.write("\n")
            fh.flush()
            if DURABLE:
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        # Never leave a stray temporary file behind, whatever went wrong.
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def record_with_seats(position: Position, seats: list[str] | None = None) -> dict[str, Any]:
    record: dict[str, Any] = position.record()
    if seats is not None:
        record[SEATS_KEY] = list(seats)
    return record


def write_record(path: Path, position: Position, seats: list[str] | None = None) -> None:
    """Write `position.record()` (plus the seats) as JSON, atomically."""
    write_json(path, record_with_seats(position, seats))


def read_json_object(path: Path, what: str = WHAT_RECORD) -> dict[str, Any]:
    """The JSON object stored in `path`; RecordFileError if it is missing or not an object.
    `what` (a msgid) names what the file should hold."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise RecordFileError(_("%(file)s is not a text file (byte %(at)s is not UTF-8), so it is not %(what)s",
                                file=str(path), at=exc.start, what=_(what))) from exc
    except OSError as exc:
        why = _(_OS_REASONS[exc.errno]) if exc.errno in _OS_REASONS else (exc.strerror or str(exc))
        raise RecordFileError(_("cannot read %(file)s: %(reason)s", file=str(path), reason=why)) from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        # i18n: Python's JSON reader says what it found there (English: "Expecting value", ...)
        raise RecordFileError(_("%(file)s is not valid JSON (line %(line)s, column %(column)s: %(detail)s)",
                                file=str(path), line=exc.lineno, column=exc.colno, detail=exc.msg)) from exc
    if not isinstance(data, dict):
        raise RecordFileError(_("%(file)s does not hold a JSON object, so it is not %(what)s", file=str(path),
                                what=_(what)))
    return data


def read_record(path: Path) -> dict[str, Any]:
    """The record stored in `path`; RecordFileError if it is missing or not a record."""
    return read_json_object(path)


def stored_seats(record: dict[str, Any]) -> list[str] | None:
    seats = record.get(SEATS_KEY)
    if isinstance(seats, list) and seats and all(isinstance(s, str) for s in seats):
        return seats
    return None
