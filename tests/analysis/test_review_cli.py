"""`snowdonia review` (issue 20) on the committed golden records of every title: every
decision of the chosen seats, best first, loss never negative, verdicts by the documented
thresholds, the biggest swings first; clear errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from snowdonia.analysis.review import BIGGEST, unwrap, verdict
from snowdonia.cli import _register_optional, app
from snowdonia.registry import title

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = sorted((ROOT / "golden").glob("*.json")) + sorted((ROOT / "games" / "foothills" / "golden").glob("*.json"))
# one per title in the quick run: Mount Snowdon, Blaenau Ffestiniog, Foothills
FAST = {"2p_original_greedy_vs_random.json", "bf_2p_deluxe_light_fog_greedy_vs_random.json", "random_vs_random.json"}

_register_optional()


def run(*args: str) -> Any:
    return CliRunner().invoke(app, ["review", *map(str, args)])


def deciding_moves(record: dict[str, Any], seats: set[int]) -> list[int]:
    """The moves at which one of `seats` (numbered from 1) had more than one option."""
    t = title(record.get("game", "snowdonia"))
    g = t.replay(record, upto=0)
    out = []
    for m, text in enumerate(record["actions"]):
        p = g.current_player
        assert p is not None
        if p + 1 in seats and len(g.legal_actions()) > 1:
            out.append(m)
        g.apply(text)
    return out


def check_review(path: Path, seat: int) -> dict[str, Any]:
    res = run(path, "--seat", str(seat), "--budget", "1", "--depth", "2", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["evaluator"] == "search" and data["budget"] == "1"  # the search bot's, by default
    record, _ = unwrap(json.loads(path.read_text()))
    rows = data["decisions"]
    assert [r["move"] for r in rows] == deciding_moves(record, {seat})
    assert rows, "a game without a decision of this seat"
    for r in rows:
        assert r["seat"] == seat and set(r) >= {"move", "seat", "round", "chosen", "best", "loss_vp", "verdict", "options"}
        values = {o["text"]: o["value_vp"] for o in r["options"]}
        assert r["chosen"] == record["actions"][r["move"]] and r["chosen"] in values
        assert r["best"] == r["options"][0]["text"]
        assert r["loss_vp"] >= 0
        assert r["loss_vp"] == pytest.approx(max(0.0, values[r["best"]] - values[r["chosen"]]), abs=0.011)
        assert r["verdict"] == verdict(r["loss_vp"])
        assert isinstance(r["round"], int) and r["round"] >= 0
    assert [r["round"] for r in rows] == sorted(r["round"] for r in rows)
    biggest = data["biggest"]
    assert len(biggest) <= BIGGEST
    losses = [r["loss_vp"] for r in biggest]
    assert losses == sorted(losses, reverse=True)
    if biggest:
        assert biggest[0]["loss_vp"] == max(r["loss_vp"] for r in rows)
        assert all(b in rows for b in biggest)
    return data


@pytest.mark.parametrize("path", [pytest.param(p, id=p.name, marks=() if p.name in FAST else pytest.mark.slow)
                                  for p in GOLDEN])
def test_review_of_every_golden_record(path: Path) -> None:
    check_review(path, 1)


def test_golden_files_hold_a_record_replay_can_read_once_unwrapped() -> None:
    assert len(GOLDEN) >= 12
    games = set()
    for path in GOLDEN:
        record, seats = unwrap(json.loads(path.read_text()))
        g = title(record.get("game", "snowdonia")).replay(record)
        assert g.is_over and seats is not None and len(seats) == g.players
        games.add(g.title.name)
    assert games == {"snowdonia", "foothills"}


def test_review_prints_a_table_with_the_biggest_swings_first(tmp_path: Path) -> None:
    path = ROOT / "golden" / "2p_original_greedy_vs_random.json"
    res = run(path, "--seat", "2", "--budget", "1", "--depth", "2")
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "The biggest swings" in out and "Every decision" in out and "Per seat" in out
    assert out.index("The biggest swings") < out.index("Every decision")


def test_default_seats_are_the_humans_of_a_saved_game(tmp_path: Path) -> None:
    """A record as `play --save` writes it names who sat where; only the human is reviewed."""
    record, _ = unwrap(json.loads((ROOT / "golden" / "2p_original_greedy_vs_random.json").read_text()))
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps({**record, "seats": ["greedy", "human"]}))
    res = run(saved, "--budget", "1", "--depth", "1", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["seats"] == [2] and {r["seat"] for r in data["decisions"]} == {2}


def words(text: str) -> str:
    """The output with Rich's line wrapping (which depends on the path's length) undone."""
    return " ".join(text.split())


def test_bad_input_is_refused_in_words(tmp_path: Path) -> None:
    path = ROOT / "golden" / "2p_original_greedy_vs_random.json"
    res = run(path, "--seat", "3", "--budget", "1")
    assert res.exit_code == 2 and "seat 3 is not at this table" in words(res.output)
    res = run(path, "--budget", "lots")
    assert res.exit_code == 2 and "budget" in words(res.output)
    res = run(tmp_path / "missing.json")
    assert res.exit_code == 1 and "cannot read" in words(res.output)
    broken = tmp_path / "broken.json"
    record, _ = unwrap(json.loads(path.read_text()))
    broken.write_text(json.dumps({**record, "actions": record["actions"][:5] + ["place Z9"]}))
    res = run(broken, "--budget", "1")
    assert res.exit_code == 1 and "decision 6" in words(res.output)
