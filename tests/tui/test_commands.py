"""`snowdonia play` and `snowdonia replay` through Typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import snowdonia
from snowdonia.cli import _register_optional, app

_register_optional()
runner = CliRunner(env={"COLUMNS": "160"})
MANY_ONES = "1\n" * 3000


def _play(*args: str, input: str = MANY_ONES) -> tuple[int, str]:
    res = runner.invoke(app, ["play", *args], input=input)
    if res.exception and not isinstance(res.exception, SystemExit):
        raise res.exception
    return res.exit_code, res.output


@pytest.fixture
def finished(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    code, out = _play("--players", "3", "--seats", "human,greedy,random", "--seed", "7", "--save", str(path))
    assert code == 0, out
    assert "Final score sheet" in out
    return path


def test_play_saves_a_record_that_replay_check_accepts(finished: Path) -> None:
    record = json.loads(finished.read_text())
    assert record["seats"] == ["human", "greedy", "random"] and record["seed"] == 7
    game = snowdonia.replay(record)
    assert game.is_over
    res = runner.invoke(app, ["replay", str(finished), "--check"])
    assert res.exit_code == 0, res.output
    assert res.output.startswith(f"OK: {len(record['actions'])} decisions replay; final scores")
    for p, score in enumerate(game.result()["scores"]):
        assert f"P{p + 1} " in res.output and f" {score}" in res.output


def test_a_tampered_record_fails_the_check_with_exit_1(finished: Path, tmp_path: Path) -> None:
    record = json.loads(finished.read_text())
    # An action that cannot be legal at its place: a second placement on the same space.
    i = next(k for k, a in enumerate(record["actions"]) if a.startswith("place A"))
    record["actions"][i + 1: i + 1] = [record["actions"][i]]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    res = runner.invoke(app, ["replay", str(bad), "--check"])
    assert res.exit_code == 1
    assert f"FAILED: decision {i + 2} ({record['actions'][i]!r}) does not replay" in res.output

    scores = json.loads(finished.read_text())
    scores["result"]["scores"][0] += 1
    bad.write_text(json.dumps(scores))
    res = runner.invoke(app, ["replay", str(bad), "--check"])
    assert res.exit_code == 1 and "differ from the replayed scores" in res.output

    bad.write_text("{not json")
    res = runner.invoke(app, ["replay", str(bad), "--check"])
    assert res.exit_code == 1 and "is not valid JSON" in res.output


def test_replay_to_n_and_interactive_stepping(finished: Path) -> None:
    record = json.loads(finished.read_text())
    res = runner.invoke(app, ["replay", str(finished), "--to", "5"])
    assert res.exit_code == 0, res.output
    assert f"Position 5 of {len(record['actions'])} - decision 5: " in res.output
    assert f"chose {record['actions'][4]}" in res.output
    res = runner.invoke(app, ["replay", str(finished), "--to", "9999"])
    assert res.exit_code == 2 and "--to must be 0.." in res.output

    res = runner.invoke(app, ["replay", str(finished)], input="\n\nb\n12\nzzz\nb\nq\n")
    assert res.exit_code == 0, res.output
    shown = [line.split(" - ")[0] for line in res.output.splitlines() if line.startswith("Position ")]
    n = len(record["actions"])
    assert shown == [f"Position {k} of {n}" for k in (0, 1, 2, 1, 12, 11)]
    assert "Unknown command 'zzz'" in res.output

    last = runner.invoke(app, ["replay", str(finished), "--to", str(n)])
    assert "Final score sheet" in last.output


def test_resume_continues_a_saved_game(tmp_path: Path) -> None:
    path = tmp_path / "half.json"
    code, out = _play("--seats", "human,random", "--seed", "21", "--save", str(path), input="1\n2\n1\nquit\n")
    assert code == 0 and f"Game saved to {path}" in out
    half = json.loads(path.read_text())
    assert "result" not in half and half["seats"] == ["human", "random"]
    code, out = _play("--resume", str(path))
    assert code == 0 and "Final score sheet" in out, out
    whole = json.loads(path.read_text())
    assert whole["actions"][: len(half["actions"])] == half["actions"]
    assert snowdonia.replay(whole).is_over

    code, out = _play("--resume", str(path), "--players", "4")
    assert code == 2 and "holds a 2-player game, not 4" in out


def test_play_rejects_bad_options_with_clear_errors() -> None:
    code, out = _play("--players", "3", "--seats", "human,greedy")
    assert code == 2 and "3 player(s) need 3 seat(s), but 2 were given" in out
    code, out = _play("--seats", "human,wizard")
    assert code == 2 and "unknown bot 'wizard'" in out
    code, out = _play("--players", "3", "--solo-train", "4")
    assert code == 2 and "--solo-train is for a 1-player game" in out
    code, out = _play("--players", "7")
    assert code == 2 and "players must be a whole number from 1 to 5" in out
    code, out = _play("--edition", "gold", "--players", "2")
    assert code == 2 and "edition must be one of original, deluxe" in out
    code, out = _play("--contracts-per-window", "3", "--players", "2")
    assert code == 2 and "contracts_per_window must be 0 (unlimited) or 1" in out
    code, out = _play("--resume", "/nonexistent/game.json")
    assert code == 1 and "cannot resume" in out


def test_solo_deluxe_light_fog_game_with_settings(tmp_path: Path) -> None:
    path = tmp_path / "solo.json"
    code, out = _play("--players", "1", "--solo-train", "4", "--edition", "deluxe", "--light-fog",
                      "--contracts-per-window", "1", "--seed", "2", "--save", str(path))
    assert code == 0 and "Final score sheet" in out
    settings = json.loads(path.read_text())["settings"]
    assert settings["edition"] == "deluxe" and settings["light_fog"] is True
    assert settings["solo_train"] == 4 and settings["contracts_per_window"] == 1
    assert "Edition deluxe, light fog, one contract per window, solo train No. 4" in out


def test_check_of_an_unfinished_record_says_so(tmp_path: Path) -> None:
    g = snowdonia.new_game(2, seed=1)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    path = tmp_path / "part.json"
    path.write_text(json.dumps(g.record()))
    res = runner.invoke(app, ["replay", str(path), "--check"])
    assert res.exit_code == 0
    assert res.output.startswith(f"OK: 6 decisions replay; the game is not over (round {g.round})")
