"""scripts/ladder.py: --game/--scenario choose what is played (default: Mount Snowdon, rows as
before), a run resumes where it stopped, and a file never mixes two ladders (issue 11)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "ladder.py"


def ladder(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          env=dict(os.environ), timeout=120, check=False)


def rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def test_scenario_resume_and_refusal(tmp_path: Path) -> None:
    out = tmp_path / "bf.jsonl"
    common = ["--focus", "greedy", "--opponent", "random", "--out", str(out)]
    assert ladder("--scenario", "blaenau_ffestiniog", "--games", "2", *common).returncode == 0
    first = rows(out)
    assert [r["index"] for r in first] == [0, 1]
    assert {(r["game"], r["scenario"]) for r in first} == {("snowdonia", "blaenau_ffestiniog")}
    assert ladder("--scenario", "blaenau_ffestiniog", "--games", "3", *common).returncode == 0
    assert [r["index"] for r in rows(out)] == [0, 1, 2] and rows(out)[:2] == first
    mixed = ladder("--games", "4", *common)
    assert mixed.returncode != 0 and "holds another ladder" in mixed.stderr
    assert len(rows(out)) == 3
    summary = json.loads(ladder("--out", str(out), "--summary").stdout)
    assert summary["scenario"] == "blaenau_ffestiniog" and summary["games"] == 3
    bad = ladder("--scenario", "nowhere", "--games", "1", "--out", str(tmp_path / "x.jsonl"))
    assert bad.returncode != 0 and "blaenau_ffestiniog" in bad.stderr


def test_default_is_mount_snowdon_with_the_old_rows(tmp_path: Path) -> None:
    out = tmp_path / "ms.jsonl"
    common = ["--focus", "greedy", "--opponent", "random", "--out", str(out)]
    assert ladder("--games", "1", *common).returncode == 0
    (row,) = rows(out)
    assert "game" not in row and "scenario" not in row
    assert set(row) == {"index", "seed", "focus", "opponent", "focus_seat", "winners", "scores", "rounds", "seconds"}
    # an explicit --scenario mount_snowdon is the same ladder
    assert ladder("--scenario", "mount_snowdon", "--games", "2", *common).returncode == 0
    assert len(rows(out)) == 2
