"""Records: settings, seed and every decision of a game, enough to rebuild it exactly.

One format for every title. Version 1 records (written before titles existed) have no
`game` key and are Snowdonia's; they still load.
"""

from __future__ import annotations

from typing import Any

from snowdonia.core.errors import RecordError, refusal

RECORD_FORMAT = "snowdonia-record"
RECORD_VERSION = 2


def make_record(game: str, players: int, scenario: str, seed: int, settings: dict[str, Any],
                actions: list[str], result: dict[str, Any] | None = None) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": game,
        "players": players,
        "scenario": scenario,
        "seed": seed,
        "settings": dict(settings),
        "actions": list(actions),
    }
    if result is not None:
        rec["result"] = result
    return rec


def check_record(record: object) -> dict[str, Any]:
    """The record if its shape is right; RecordError says what is missing or wrong."""
    if not isinstance(record, dict):
        raise RecordError(refusal("a record must be a JSON object"))
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise RecordError(refusal("not a Snowdonia record (format %(format)s)", format=repr(record.get("format"))))
    for key in ("players", "seed", "actions"):
        if key not in record:
            # i18n: %(key)s is the record's JSON key ('players', 'seed', 'actions'), as written in the file
            raise RecordError(refusal("the record has no %(key)s", key=repr(key)))
    if not isinstance(record["actions"], list) or not all(isinstance(a, str) for a in record["actions"]):
        raise RecordError(refusal("'actions' must be a list of action strings"))
    if not isinstance(record.get("settings", {}), dict):
        raise RecordError(refusal("'settings' must be an object"))
    return record


def record_game(record: dict[str, Any]) -> str:
    """The title a record belongs to (version 1 records are Snowdonia's)."""
    game = record.get("game", "snowdonia")
    if not isinstance(game, str):
        raise RecordError(refusal("'game' must be a title name"))
    return game
