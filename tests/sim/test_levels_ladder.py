"""scripts/levels_ladder.py (issue 19): one JSON line per game with each side's time per
decision, seats rotated, resumable, one ladder per file, and a summary (Wilson interval, shared
wins as shares, mean scores) that the README's table is recomputed from."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from tests.script_loader import SCRIPTS, load_script

from snowdonia.sim.stats import wilson


def _script() -> ModuleType:
    return load_script("levels_ladder")


def rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def test_play_resume_and_refuse_another_ladder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lad = _script()
    out = tmp_path / "l.jsonl"
    lad.main(["--focus", "greedy", "--opponent", "random", "--games", "3", str(out)])
    first = rows(out)
    assert [r["index"] for r in first] == [0, 1, 2]
    assert [r["focus_seat"] for r in first] == [0, 1, 2]  # seats rotated
    for r in first:
        for key in ("index", "seed", "focus", "opponent", "focus_seat", "winners", "scores", "rounds",
                    "seconds", "focus_spd", "opponent_spd", "focus_decisions", "opponent_decisions"):
            assert key in r
        assert r["focus_decisions"] > 0 and r["opponent_decisions"] > 0
        assert len(r["scores"]) == 3  # type: ignore[arg-type]
        assert r["focus_its"] is None and r["opponent_its"] is None  # neither bot searches
    lad.main(["--focus", "greedy", "--opponent", "random", "--games", "4", str(out)])
    again = rows(out)
    assert [r["index"] for r in again] == [0, 1, 2, 3] and again[:3] == first
    with pytest.raises(SystemExit, match="holds another ladder"):
        lad.main(["--focus", "random", "--opponent", "random", "--games", "5", str(out)])
    assert len(rows(out)) == 4
    with pytest.raises(SystemExit, match="bad search level"):
        lad.main(["--focus", "search:0", "--games", "1", str(tmp_path / "bad.jsonl")])
    assert not (tmp_path / "bad.jsonl").exists()
    capsys.readouterr()
    lad.main(["--summary", str(out)])
    summ = json.loads(capsys.readouterr().out.strip())
    assert summ["games"] == 4 and summ["focus"] == "greedy" and summ["by_seat"] == {"0": 2, "1": 1, "2": 1}


def test_foothills_ladder_seats_swap(tmp_path: Path) -> None:
    lad = _script()
    out = tmp_path / "f.jsonl"
    lad.main(["--game", "foothills", "--focus", "greedy", "--opponent", "random", "--games", "2", str(out)])
    got = rows(out)
    assert [(r["players"], r["focus_seat"], r["game"]) for r in got] == [(2, 0, "foothills"), (2, 1, "foothills")]


def test_rows_record_the_iterations_each_side_searched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An iteration level searches its whole budget at every decision with a choice; the
    reference-style `mcts` stops early once its leader cannot be caught, so it records fewer.
    The summary carries both means (how strong a wall-clock side was on the day)."""
    lad = _script()
    out = tmp_path / "its.jsonl"
    lad.main(["--game", "foothills", "--focus", "search:30", "--opponent", "mcts:24", "--games", "1", str(out)])
    (r,) = rows(out)
    assert r["focus_its"] == 30.0
    assert isinstance(r["opponent_its"], float) and 0 < r["opponent_its"] <= 24
    capsys.readouterr()
    lad.main(["--summary", str(out)])
    summ = json.loads(capsys.readouterr().out.strip())
    assert summ["focus_its"] == 30.0 and summ["opponent_its"] == r["opponent_its"]
    old = {k: v for k, v in r.items() if k not in ("focus_its", "opponent_its")}
    assert lad.summarize([old])["focus_its"] is None  # rows written before the field existed


def test_paired_compares_two_ladders_on_the_games_both_hold(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lad = _script()
    # the focus seat of game i is i % 3 (_row)
    a = [_row(0, [0], [50, 40, 30]), _row(1, [1], [40, 50, 30]), _row(2, [2, 0], [50, 40, 50]),
         _row(3, [0], [50, 40, 30])]
    b = [_row(0, [0], [50, 40, 30]), _row(1, [0], [50, 40, 30]), _row(2, [2], [30, 40, 50])]
    got = lad.paired(a, b)
    # game 3 is in one file only; game 1 is won by a alone; in game 2 a shares the win (a half)
    # where b won it whole, so b did better there; the focus seats scored 50, 50, 50 in a and
    # 50, 40, 50 in b
    assert got == {"games": 3, "focus": ["expert", "expert"], "wins": [2.5, 2.0], "won_alone": [1, 1],
                   "mean_vp": [50.0, 46.67]}
    fa, fb = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    fa.write_text("".join(json.dumps(r) + "\n" for r in a))
    fb.write_text("".join(json.dumps(r) + "\n" for r in b))
    capsys.readouterr()
    lad.main(["--paired", str(fa), str(fb)])
    assert json.loads(capsys.readouterr().out) == got
    other = [dict(r, seed=999) for r in b]
    with pytest.raises(ValueError, match="another seed or seat"):
        lad.paired(a, other)
    fb.write_text("".join(json.dumps(r) + "\n" for r in other))
    with pytest.raises(SystemExit, match="not a paired comparison"):
        lad.main(["--paired", str(fa), str(fb)])
    with pytest.raises(SystemExit):
        lad.main(["--paired", str(fa)])


def _row(i: int, winners: list[int], scores: list[float], spd: float = 0.5) -> dict[str, object]:
    return {"index": i, "seed": 100 + i, "game": "snowdonia", "scenario": "mount_snowdon", "players": 3,
            "focus": "expert", "opponent": "greedy", "focus_seat": i % 3, "winners": winners, "scores": scores,
            "rounds": 10, "seconds": 1.0, "focus_spd": spd, "opponent_spd": 0.001,
            "focus_decisions": 10, "opponent_decisions": 20}


def test_summary_counts_shared_wins_as_shares_and_gives_wilson() -> None:
    lad = _script()
    games = [
        _row(0, [0], [90, 50, 40]),  # focus seat 0 wins
        _row(1, [1, 2], [60, 70, 70]),  # focus seat 1 shares with seat 2: half a win
        _row(2, [0], [80, 50, 60], spd=1.5),  # focus seat 2 loses
        _row(2, [0], [80, 50, 60], spd=1.5),  # a resumed run wrote index 2 twice: counted once
    ]
    s = lad.summarize(games)
    assert s["games"] == 3 and s["wins"] == 1.5
    assert s["wilson95"] == list(wilson(1.5, 3))
    assert s["focus_mean_score"] == pytest.approx((90 + 70 + 60) / 3)
    assert s["mean_winning_score"] == pytest.approx((90 + 70 + 80) / 3)
    assert s["focus_spd"] == pytest.approx((0.5 + 0.5 + 1.5) / 3)
    table = lad.markdown([s])
    assert "| expert | expert | greedy | 3 | 1.5 | 0.500 [" in table
    with pytest.raises(ValueError, match="several ladders"):
        lad.summarize([games[0], {**games[1], "focus": "strong"}])


def test_summary_reads_the_issue_4_rows_and_names_a_level_by_its_spec() -> None:
    """The first ladders (docs/ladder/greedy-vs-random.jsonl) kept no title, player count or
    times: they sum up as 3-player Mount Snowdon with no time per decision, and a focus given
    as a named level's spec is shown under the level's name."""
    lad = _script()
    old = [{"index": i, "seed": 20000 + i, "focus": "greedy", "opponent": "random", "focus_seat": i % 3,
            "winners": [i % 3], "scores": [40, 20, 10], "rounds": 8, "seconds": 0.05} for i in range(3)]
    s = lad.summarize(old)
    assert (s["game"], s["scenario"], s["players"], s["wins"]) == ("snowdonia", "mount_snowdon", 3, 3.0)
    row = lad.markdown([s]).splitlines()[-1]
    assert row.startswith("| snowdonia (mount_snowdon) | 3 | beginner | greedy | random | 3 | 3 | ")
    assert row.endswith("| – | – |")
    spec = lad.named_levels()["strong"].spec
    assert lad.level_name(spec) == "strong" and lad.level_name("mcts-v1:1s") == ""
    # `:x1` changes no choice: the master with it and its ladders without it are one level
    master = lad.named_levels()["master"].spec
    assert ":x1" in master and lad.level_name(master.replace(":x1", "")) == "master"
    assert lad.level_name(master.replace(":x1", "").replace(":h2", ":h3")) == ""
    assert lad.level_name("search:1000:s0.3:x1") == "strong" and lad.level_name("search:1000:s0.3:x0") == "strong"
    assert lad.level_name("search:1000:s0.2") == "" and lad.level_name("search:nonsense") == ""


def _readme_ladder_tables(text: str) -> list[tuple[str, list[str]]]:
    """Every (table, files) of the README where a Markdown table is followed by the
    `levels_ladder.py --summary --markdown <files>` command that makes it."""
    out = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if not line.startswith("python3 scripts/levels_ladder.py --summary --markdown"):
            continue
        cmd = line
        j = i
        while cmd.endswith("\\"):
            j += 1
            cmd = cmd[:-1] + " " + lines[j].strip()
        files = cmd.split("--markdown", 1)[1].split()
        k = i - 1
        while not lines[k].startswith("|"):
            k -= 1
        end = k
        while lines[k].startswith("|"):
            k -= 1
        out.append(("\n".join(lines[k + 1:end + 1]), files))
    return out


def test_the_readme_ladder_tables_are_the_ladder_files() -> None:
    """Issue 19: 'the README's bot table is recomputed from [the ladder files] by a command named
    beside it'. Every table the README names such a command for is that command's output now: a
    ladder file that grew without its table being recomputed fails here."""
    lad = _script()
    root = SCRIPTS.parent
    found = _readme_ladder_tables((root / "README.md").read_text())
    assert len(found) >= 2
    for table, files in found:
        summaries = [lad.summarize(lad.read_rows(root / f)) for f in files]
        assert table == lad.markdown(summaries), files


def test_a_root_parallel_bots_helper_cpu_and_wall_time_are_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """A root-parallel bot (bots/parallel.py) spends CPU in helper processes that the calling
    process's clock does not see: the ladder adds the bot's `last_helper_cpu` to its time a
    decision, reports the wall clock beside it, and closes the bot's helpers after the game."""
    import random as _random

    import snowdonia.bots as bots_mod

    closed: list[bool] = []

    class Helped:
        name = "helped"

        def __init__(self, seed: int) -> None:
            self.rng = _random.Random(seed)
            self.last_helper_cpu = 0.0

        def choose(self, game: object) -> object:
            self.last_helper_cpu = 0.5
            return self.rng.choice(game.legal_actions())  # type: ignore[attr-defined]

        def close(self) -> None:
            closed.append(True)

    monkeypatch.setitem(bots_mod._GENERIC, "helped", lambda _level, seed: Helped(seed))
    row = _script().play_one((0, 5, "foothills", None, 2, "helped", "random"))
    assert row["focus_spd"] >= 0.5 and row["opponent_spd"] < 0.5
    assert 0.0 <= row["focus_wall_spd"] < 0.5  # the helpers' half second is CPU, not wall time
    assert closed == [True]
