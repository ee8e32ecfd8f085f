"""scripts/reply_coverage.py (issue 19, stop 45): how often the reference's move is among the
playout policy's draws. The position is never changed, more draws never cover less (the draws
of a larger count begin with those of a smaller one, from the same seed), the summary's shares
are the rows' shares, and a stopped run resumes without measuring a position twice. Stop 46:
each row also names the one-ply bot's move and, with `--again`, the reference's from another
seed; rows of an earlier run get them when the run resumes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from tests.script_loader import load_script

from snowdonia.bots import make_bot

from .conftest import positions, state


def test_kinds_name_a_placement_by_its_area() -> None:
    cov = load_script("reply_coverage")
    assert cov.kind("place A2") == "place A" and cov.kind("place G") == "place G"
    assert cov.kind("take iron=1 stone=2") == "take" and cov.kind("pass") == "pass"


@pytest.mark.parametrize("scenario", ["mount_snowdon", "blaenau_ffestiniog"])
def test_measuring_never_changes_the_game_and_more_draws_cover_at_least_as_much(scenario: str) -> None:
    cov = load_script("reply_coverage")
    for seed, g in enumerate(positions("snowdonia", scenario, 3, 17, 3)):
        before = state(g)
        row = cov.measure(g, "mcts:40", seed, [1, 4, 16, 64], 2, again=True)
        assert state(g) == before
        legal = [str(a) for a in g.legal_actions()]
        assert row["reference"] in legal and row["options"] == len(legal)
        assert row["one_ply"] == str(make_bot("greedy", seed, game="snowdonia", scenario=scenario).choose(g))
        assert row["again"] == str(make_bot("mcts:40", seed + 7777, game="snowdonia", scenario=scenario).choose(g))
        # the draws of a larger count start with a smaller count's: coverage never falls
        assert [row[f"in{n}"] for n in (1, 4, 16, 64)] == sorted(row[f"in{n}"] for n in (1, 4, 16, 64))
        assert 1 <= row["distinct1"] <= row["distinct4"] <= row["distinct16"] <= row["distinct64"] <= len(legal)
        first = str(g.policy_choices(random.Random(seed), 1, 2)[0])
        assert row["in1"] == (row["reference"] == first)


def test_the_summary_counts_the_rows() -> None:
    cov = load_script("reply_coverage")
    rows = [
        {"scenario": "a", "kind": "place A", "options": 10, "in1": False, "in4": True},
        {"scenario": "a", "kind": "place A", "options": 6, "in1": True, "in4": True},
        {"scenario": "a", "kind": "take", "options": 5, "in1": False, "in4": False},
        {"scenario": "b", "kind": "pass", "options": 2, "in1": True, "in4": True},
    ]
    got = cov.summary(rows, [1, 4])
    assert got["a"]["positions"] == 3 and got["a"]["mean options"] == 7.0
    assert got["a"]["among 1 draws"] == 0.333 and got["a"]["among 4 draws"] == 0.667
    assert got["a"]["by kind"]["place A"] == {"positions": 2, "among 1": 0.5, "among 4": 1.0}
    assert got["a"]["missed by 4 draws"] == {"take": 1}
    assert got["b"]["among 1 draws"] == 1.0 and got["b"]["missed by 4 draws"] == {}
    # without the one-ply bot's move in every row, no share of it
    assert "the one-ply bot's move" not in got["a"]
    for r, one_ply, again in zip(rows, ("place A1", "x", "y", "pass"), ("z", "x", "take", "pass"), strict=True):
        r["reference"] = {"place A": "x", "take": "take", "pass": "pass"}[str(r["kind"])]
        r["one_ply"], r["again"] = one_ply, again
    got = cov.summary(rows, [1, 4])
    assert got["a"]["the one-ply bot's move"] == 0.333 and got["a"]["the reference from another seed"] == 0.667
    assert got["b"]["the one-ply bot's move"] == 1.0


def test_a_run_resumes_and_refuses_bad_counts_in_words(tmp_path: Path) -> None:
    cov = load_script("reply_coverage")
    out = tmp_path / "cov.jsonl"
    args = ["--scenario", "blaenau_ffestiniog", "--seeds", "500:502", "--reference", "mcts:30", "--draws", "1,4",
            "--out", str(out)]
    first = cov.main(args)
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert rows and {r["scenario"] for r in rows} == {"blaenau_ffestiniog"}
    assert first["blaenau_ffestiniog"]["positions"] == len(rows)
    again = cov.main(args)
    assert [json.loads(x) for x in out.read_text().splitlines()] == rows and again == first
    # A file of an earlier run, without the one-ply bot's move: resuming adds it (and `--again`'s
    # choice), measuring nothing else again.
    bare = [{k: v for k, v in r.items() if k != "one_ply"} for r in rows]
    out.write_text("".join(json.dumps(r) + "\n" for r in bare))
    filled = cov.main([*args, "--again"])
    after = [json.loads(x) for x in out.read_text().splitlines()]
    assert [{k: v for k, v in r.items() if k not in ("one_ply", "again")} for r in after] == bare
    assert all("one_ply" in r and "again" in r for r in after) and after != rows
    assert [r["one_ply"] for r in after] == [r["one_ply"] for r in rows]
    assert "the one-ply bot's move" in filled["blaenau_ffestiniog"]
    assert "the reference from another seed" in filled["blaenau_ffestiniog"]
    with pytest.raises(SystemExit, match="at least 1"):
        cov.main(["--draws", "0", "--seeds", "1:2"])
    with pytest.raises(SystemExit, match="--seeds wants first:last"):
        cov.main(["--seeds", "12"])
