"""Flatten game results to one row per game and player, and write them as CSV or Parquet."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

SCORE_LINES = ("stations", "track", "surveyor", "train", "contracts")
COLUMNS = (
    "game", "seed", "players", "edition", "light_fog", "contracts_per_window", "seat", "bot",
    "train", "score", *(f"vp_{k}" for k in SCORE_LINES), "rounds", "winner", "winners", "end_reason",
    "decisions",
)


def rows(results: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for r in results:
        n = len(r["bots"])
        st = r["settings"]
        for seat in range(n):
            row: dict[str, Any] = {
                "game": r["index"], "seed": r["seed"], "players": n,
                "edition": st.get("edition", "original"), "light_fog": bool(st.get("light_fog", False)),
                "contracts_per_window": int(st.get("contracts_per_window", 0)),
                "seat": seat, "bot": r["bots"][seat], "train": r["trains"][seat],
                "score": r["scores"][seat],
            }
            for k in SCORE_LINES:
                row[f"vp_{k}"] = r["breakdown"][seat].get(k, 0)
            row.update({
                "rounds": r["rounds"], "winner": seat in r["winners"], "winners": len(r["winners"]),
                "end_reason": r.get("end_reason") or "", "decisions": r["decisions"],
            })
            out.append(row)
    return out


def write(table: list[dict[str, Any]], path: Path, fmt: str = "csv") -> Path:
    """Write the rows; returns the file written (games.csv or games.parquet)."""
    if fmt == "csv":
        with path.open("w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(COLUMNS))
            w.writeheader()
            w.writerows(table)
        return path
    if fmt == "parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        cols = {c: [row[c] for row in table] for c in COLUMNS}
        pq.write_table(pa.table(cols), path)
        return path
    raise ValueError(f"unknown format {fmt!r}: use csv or parquet")


def event_counts(results: Sequence[dict[str, Any]]) -> dict[int, int]:
    """How often each event fired over all games (from the log's 'Event N: ...' lines)."""
    total: dict[int, int] = {}
    for r in results:
        for k, v in r["events"].items():
            total[int(k)] = total.get(int(k), 0) + v
    return dict(sorted(total.items()))
