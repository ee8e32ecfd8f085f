"""scripts/choice_agreement.py (issue 19, stop 32): the same positions for every level, a choice
per seed from a fresh bot, positions never changed, and a summary that counts agreements."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from tests.script_loader import load_script


def _script() -> ModuleType:
    return load_script("choice_agreement")


def test_rows_and_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = _script()
    out = tmp_path / "a.jsonl"
    mod.main(["--game", "foothills", "--seeds", "40:42", "--level", "a=search:40@1,2",
              "--level", "b=search:40@1", "--out", str(out)])
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["seed"] for r in rows] == [40, 41]
    for r in rows:
        assert r["options"] >= 3 and len(r["a"]) == 2 and len(r["b"]) == 1
        assert r["a"][0] == r["b"][0]  # the same level and seed in the same position: the same choice
    summ = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summ["positions"] == 2
    assert summ["b (most chosen) = a (first seed)"] == 2
    assert summ["a agrees with itself"] == sum(len(set(r["a"])) == 1 for r in rows)
    # the positions are the games' own, rebuilt from the seeds alone
    again = mod.positions("foothills", 40, 42)
    assert [(s, k) for s, k, _ in again] == [(r["seed"], r["move"]) for r in rows]


def test_majority_and_refusals(tmp_path: Path) -> None:
    mod = _script()
    assert mod.majority(["x", "y", "y"]) == "y"
    assert mod.majority(["x", "y", "z"]) == "x"  # a tie goes to the lowest seed's choice
    with pytest.raises(SystemExit, match="name=spec@seed"):
        mod.parse_level("search:40")
    with pytest.raises(SystemExit, match="search"):
        mod.main(["--level", "a=search:0@1", "--out", str(tmp_path / "x.jsonl")])
    with pytest.raises(SystemExit, match="first:last"):
        mod.main(["--seeds", "40-60", "--level", "a=search:40@1", "--out", str(tmp_path / "x.jsonl")])
    assert not (tmp_path / "x.jsonl").exists()
