"""Flatten game results to one row per game and player, and write them as CSV or Parquet.

The columns depend on the title: its settings (`set_<key>`), its per-seat statistics (e.g.
Snowdonia's `train`) and its score lines (`vp_<line>`), around a fixed core."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HEAD = ("game", "title", "scenario", "seed", "players", "seat", "bot", "score")
TAIL = ("rounds", "winner", "winners", "end_reason", "decisions")


def _cell(v: Any) -> Any:
    return v if v is None or isinstance(v, (bool, int, float, str)) else json.dumps(v)


def rows(results: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for r in results:
        n = len(r["bots"])
        for seat in range(n):
            row: dict[str, Any] = {
                "game": r["index"], "title": r.get("game", "snowdonia"), "scenario": r.get("scenario"),
                "seed": r["seed"], "players": n, "seat": seat, "bot": r["bots"][seat],
                "score": r["scores"][seat],
            }
            for k, v in sorted(r["settings"].items()):
                row[f"set_{k}"] = _cell(v)
            for k, values in sorted(r.get("per_seat", {}).items()):
                row[k] = _cell(values[seat])
            for k, v in r["breakdown"][seat].items():
                row[f"vp_{k}"] = v
            row.update({
                "rounds": r["rounds"], "winner": seat in r["winners"], "winners": len(r["winners"]),
                "end_reason": r.get("end_reason") or "", "decisions": r["decisions"],
            })
            out.append(row)
    return out


def columns(table: Sequence[dict[str, Any]]) -> list[str]:
    """Every column of the rows, in a stable order: core, settings, statistics, score lines."""
    seen: dict[str, None] = {}
    for row in table:
        for k in row:
            seen.setdefault(k, None)
    middle = [k for k in seen if k not in HEAD and k not in TAIL]
    return [*HEAD, *middle, *TAIL]


def write(table: list[dict[str, Any]], path: Path, fmt: str = "csv") -> Path:
    """Write the rows; returns the file written (games.csv or games.parquet)."""
    cols = columns(table)
    if fmt == "csv":
        with path.open("w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=cols)
            w.writeheader()
            w.writerows(table)
        return path
    if fmt == "parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        data = {c: [row.get(c) for row in table] for c in cols}
        pq.write_table(pa.table(data), path)
        return path
    raise ValueError(f"unknown format {fmt!r}: use csv or parquet")


def counts(results: Sequence[dict[str, Any]]) -> dict[str, int]:
    """How often each counted thing happened over all games (Snowdonia: each event space)."""
    total: dict[str, int] = {}
    for r in results:
        for k, v in r.get("counts", {}).items():
            total[k] = total.get(k, 0) + v
    return dict(sorted(total.items(), key=lambda kv: _natural(kv[0])))


def _natural(key: str) -> tuple[str, int]:
    head, _, tail = key.rpartition(" ")
    return (head, int(tail)) if tail.isdigit() else (key, 0)
