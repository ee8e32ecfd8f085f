"""The solo series in the terminal (seed 004 "Solitaire Play": "You play a series of 7 games
each with a different starting Train card, starting with No. 1 and ending with No. 7 ... to
see if you can beat your previous scores"): the whole series with a bot choosing the human's
moves, resuming after the program is killed (mid-game and between the last save and the
book-keeping), personal bests per train and per series, and the command line."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from snowdonia import registry
from snowdonia.bots import make_bot
from snowdonia.cli import _register_optional, app
from snowdonia.core.protocol import Position
from snowdonia.tui.series import SeriesBook, SeriesRequest, SeriesRunner

from .conftest import BotReader, Killed, output

_register_optional()
runner = CliRunner(env={"COLUMNS": "160"})
TITLE = registry.title("snowdonia")


def _console() -> Console:
    return Console(file=io.StringIO(), width=160, color_system=None, force_terminal=False)


def _runner(path: Path, reader: Any = None, seed: int | None = 100, new: bool = False,
            seat: str = "human", bot: str = "random", bot_seed: int = 1) -> tuple[SeriesRunner, Console]:
    console = _console()
    request = SeriesRequest(TITLE, None, {}, seat, explicit=False, seed=seed)
    r = SeriesRunner(SeriesBook(path), request, console, lambda p: "", new=new, show_board=False)
    r.read_line = reader or BotReader(lambda: _session_position(r), bot=bot, seed=bot_seed)
    return r, console


def _session_position(r: SeriesRunner) -> Position:
    assert r.session is not None
    return r.session.position


def _flat(console: Console) -> str:
    return " ".join(output(console).split())


def test_the_whole_series_with_a_bot_choosing_the_humans_moves(series_file: Path) -> None:
    r, console = _runner(series_file)
    assert r.run() is True
    text = _flat(console)
    data = json.loads(series_file.read_text())
    [series] = data["series"]
    assert series["status"] == "finished" and series["number"] == 1
    assert [g["value"] for g in series["games"]] == [1, 2, 3, 4, 5, 6, 7]
    assert [g["seed"] for g in series["games"]] == [100 + i for i in range(7)]
    total = 0
    pos = 0
    for i, game in enumerate(series["games"]):
        record = json.loads((series_file.parent / "solo-series-games" / game["record"]).read_text())
        g = TITLE.replay(record)
        # Game i plays train No. i+1, to the end, and the file keeps its score.
        assert g.is_over and g.settings["solo_train"] == i + 1 and record["seats"] == ["human"]
        assert game["status"] == "finished" and game["score"] == g.result()["scores"][0]
        total += game["score"]
        heading = f"Solo series 1, game {i + 1} of 7: Solo train No. {i + 1}"
        found = text.find(heading, pos)
        assert found >= 0, heading
        pos = found
    assert text.count("Solo score sheet") == 7 and "Winner" not in text
    assert f"Running total: {total} after 7 of 7 games" in text
    assert "Series complete: a new personal best series!" in text
    # Before each game the player was offered its train, after seeing the table.
    offers = [p for p in r.read_line.prompts if p.startswith("Play game")]  # type: ignore[attr-defined]
    assert offers == [f"Play game {k} of 7 with Solo train No. {k} now? (Enter: yes, q: stop for now): "
                      for k in range(1, 8)]
    # After every game of the series its review was offered (issue 20; declined here).
    reviews = [p for p in r.read_line.prompts if p.startswith("Review this game?")]  # type: ignore[attr-defined]
    assert len(reviews) == 7 and "Every decision" not in text
    # Under the board of every decision: where the series stands.
    assert "Solo series 1 · game 3 of 7 · Solo train No. 3 · running total " in text
    assert not list(series_file.parent.rglob(".*.tmp"))


class KillInGame:
    """A bot answers; in game `game` (1-based) after `moves` of its moves, the program 'dies'."""

    def __init__(self, r: SeriesRunner, game: int, moves: int) -> None:
        self.r, self.game, self.moves = r, game, moves
        self.bot = make_bot("random", seed=5)
        self.played = 0
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str | None:
        self.prompts.append(prompt)
        if "your move" not in prompt:
            return ""
        pos = _session_position(self.r)
        if pos.settings["solo_train"] == self.game:
            if self.played >= self.moves:
                raise Killed
            self.played += 1
        return str(self.bot.choose(pos))


def test_a_series_resumes_after_the_program_is_killed_mid_game(series_file: Path) -> None:
    r, _ = _runner(series_file)
    killer = KillInGame(r, game=2, moves=7)
    r.read_line = killer
    with pytest.raises(Killed):
        r.run()
    # On disk: game 1 finished, game 2 half played with its 7 decisions.
    data = json.loads(series_file.read_text())
    [series] = data["series"]
    assert [g["status"] for g in series["games"]] == ["finished", "playing"]
    half = json.loads((series_file.parent / "solo-series-games" / "series-1-game-2.json").read_text())
    assert len(half["actions"]) == 7 and "result" not in half

    again, console = _runner(series_file, seed=None)
    assert again.run() is True
    text = _flat(console)
    assert text.startswith("Solo series 1 - Snowdonia") and "Solo series 2" not in text
    assert "Solo series 1, game 2 of 7: Solo train No. 2" in text
    assert "Continue game 2 of 7 with Solo train No. 2 (7 decisions made)?" in again.read_line.prompts[0]  # type: ignore[attr-defined]
    data = json.loads(series_file.read_text())
    [series] = data["series"]
    assert series["status"] == "finished" and len(series["games"]) == 7
    whole = json.loads((series_file.parent / "solo-series-games" / "series-1-game-2.json").read_text())
    assert whole["actions"][:7] == half["actions"] and whole["seed"] == half["seed"] == 101
    assert series["games"][1]["score"] == TITLE.replay(whole).result()["scores"][0]


def test_a_kill_after_the_last_move_but_before_the_bookkeeping_loses_nothing(
        series_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    r, _ = _runner(series_file)
    real = SeriesBook.finish_game
    calls = {"n": 0}

    def dies_at_the_second(self: SeriesBook, series: dict[str, Any], game: dict[str, Any], pos: Position) -> None:
        calls["n"] += 1
        if calls["n"] == 2:
            raise Killed
        real(self, series, game, pos)

    monkeypatch.setattr(SeriesBook, "finish_game", dies_at_the_second)
    with pytest.raises(Killed):
        r.run()
    monkeypatch.setattr(SeriesBook, "finish_game", real)
    data = json.loads(series_file.read_text())
    assert [g["status"] for g in data["series"][0]["games"]] == ["finished", "playing"]
    record = json.loads((series_file.parent / "solo-series-games" / "series-1-game-2.json").read_text())
    assert "result" in record  # the game itself was over and saved

    again, console = _runner(series_file, seed=None)
    assert again.run() is True
    data = json.loads(series_file.read_text())
    games = data["series"][0]["games"]
    assert games[1]["score"] == record["result"]["scores"][0]
    assert json.loads((series_file.parent / "solo-series-games" / "series-1-game-2.json").read_text())[
        "actions"] == record["actions"]


def test_personal_bests_per_train_and_per_series_are_updated_and_shown(series_file: Path) -> None:
    first, _ = _runner(series_file, seed=200, bot="random", bot_seed=2)
    assert first.run()
    second, console = _runner(series_file, seed=300, bot="random", bot_seed=9)
    assert second.run()
    text = _flat(console)
    data = json.loads(series_file.read_text())
    s1, s2 = data["series"]
    assert s2["number"] == 2 and s2["status"] == "finished"
    book = SeriesBook(series_file)
    improved = 0
    for i in range(7):
        a, b = s1["games"][i]["score"], s2["games"][i]["score"]
        best = book.best_for(s2["compare"], "human", "solo_train", i + 1)
        assert best is not None and best.score == max(a, b)
        assert best.where == (f"series 2, game {i + 1}" if b > a else f"series 1, game {i + 1}")
        # Each game's sheet compared its score with the best before it, for its train.
        label = f"Solo train No. {i + 1}"
        if b > a:
            improved += 1
            assert f"Score {b}: a new personal best with {label}! (+{b - a} on {a}, series 1, game {i + 1})" in text
            assert f"{b} {'(series 2, game ' + str(i + 1) + ')'} new best (+{b - a})" in text
        elif b == a:
            assert f"Score {b}: equals your best with {label} (series 1, game {i + 1})." in text
        else:
            assert f"Score {b}: {a - b} short of your best with {label}, {a} (series 1, game {i + 1})." in text
    assert 0 < improved < 7, "the two series should differ both ways for this test to bite"
    t1 = sum(g["score"] for g in s1["games"])
    t2 = sum(g["score"] for g in s2["games"])
    assert f"Running total: {t2} after 7 of 7 games Best series: {t1} (series 1)" in text
    best_series = book.best_series(s2["compare"], "human", "solo_train")
    assert best_series is not None and best_series[1] == max(t1, t2)
    assert ("a new personal best series!" in text) == (t2 > t1)
    # Along the way the running total was set against the best series at the same point.
    after2 = sum(g["score"] for g in s1["games"][:2])
    run2 = sum(g["score"] for g in s2["games"][:2])
    assert f"after 2 games it had {after2} ({'+' if run2 >= after2 else ''}{run2 - after2})" in text

    # The status view shows the bests per train and the best series.
    res = runner.invoke(app, ["play", "--series-status"])
    status = " ".join(res.output.replace("│", " ").split())
    assert res.exit_code == 0
    for i in range(7):
        best = book.best_for(s2["compare"], "human", "solo_train", i + 1)
        assert best is not None
        assert f"Solo train No. {i + 1} {best.score} {best.where}" in status
    assert f"Best series: {max(t1, t2)}" in status

    # A single solo game with train No. 3 is compared with (and then counts for) that best.
    best3 = book.best_for(s2["compare"], "human", "solo_train", 3)
    assert best3 is not None
    res = runner.invoke(app, ["play", "--players", "1", "--solo-train", "3", "--seed", "5", "--no-board"],
                        input="1\n" * 2000)
    out = " ".join(res.output.split())
    assert res.exit_code == 0 and "Winner" not in out
    single = json.loads(series_file.read_text())["singles"]
    assert len(single) == 1 and single[0]["value"] == 3
    score = single[0]["score"]
    if score > best3.score:
        assert f"Score {score}: a new personal best with Solo train No. 3!" in out
    elif score < best3.score:
        assert f"Score {score}: {best3.score - score} short of your best with Solo train No. 3" in out


def test_the_series_from_the_command_line(series_file: Path) -> None:
    res = runner.invoke(app, ["play", "--series", "--seats", "random", "--seed", "3"])
    assert res.exit_code == 0, res.output
    out = " ".join(res.output.split())
    assert "Solo series 1 begins: 7 games, Solo train No. 1 to Solo train No. 7." in out
    assert "played by random" in out and "Series complete" in out and "Winner" not in out
    data = json.loads(series_file.read_text())
    assert data["series"][0]["seat"] == "random" and data["series"][0]["status"] == "finished"

    # A person starts a new series (deluxe this time) and stops in game 1 after 3 moves.
    res = runner.invoke(app, ["play", "--series", "--edition", "deluxe", "--no-board"], input="\n1\n1\n1\nquit\n")
    assert res.exit_code == 0, res.output
    out = " ".join(res.output.split())
    assert "Solo series 2 begins" in out and "Edition deluxe" in out
    assert "Series 2 is saved with game 1 half played; continue it with `snowdonia play --series`" in out
    res = runner.invoke(app, ["play", "--series", "--edition", "original"])
    assert res.exit_code == 2
    assert "series 2 (Snowdonia, Edition deluxe, played by human) is in progress" in " ".join(res.output.split())
    # Naming the series' own settings again is the same series.
    res = runner.invoke(app, ["play", "--series", "--no-board", "--edition", "deluxe", "--set", "light_fog=false"],
                        input="\n1\n1\nquit\n")
    assert res.exit_code == 0 and "Solo series 2, game 1 of 7" in res.output
    data = json.loads(series_file.read_text())
    record = json.loads((series_file.parent / "solo-series-games" / "series-2-game-1.json").read_text())
    assert len(record["actions"]) == 5 and record["settings"]["edition"] == "deluxe"
    # Stopping between games: "q" at the offer of the next train.
    res = runner.invoke(app, ["play", "--series", "--no-board"], input="q\n")
    assert res.exit_code == 0 and "The series waits for you" in res.output
    assert "Continue game 1 of 7 with Solo train No. 1 (5 decisions made)?" in res.output

    res = runner.invoke(app, ["play", "--series", "--new-series", "--seats", "random", "--seed", "4"])
    assert res.exit_code == 0, res.output
    out = " ".join(res.output.split())
    assert "Series 2 is abandoned" in out and "Solo series 3 begins" in out
    data = json.loads(series_file.read_text())
    assert [s["status"] for s in data["series"]] == ["finished", "abandoned", "finished"]


def test_series_options_that_do_not_fit_are_refused(series_file: Path, tmp_path: Path) -> None:
    for args, words in (
        (["--players", "3"], "the solo series is for 1 player, not 3"),
        (["--solo-train", "2"], "the series chooses the solo train itself"),
        (["--save", str(tmp_path / "x.json")], "--series keeps its own files"),
        (["--seats", "human,random"], "the solo series has one seat, but 2 were given"),
        (["--seats", "wizard"], "unknown bot 'wizard'"),
    ):
        res = runner.invoke(app, ["play", "--series", *args])
        assert res.exit_code == 2, (args, res.output)
        assert words in " ".join(res.output.split()), (args, res.output)
    series_file.parent.mkdir(parents=True, exist_ok=True)
    series_file.write_text('{"format": "something else"}')
    res = runner.invoke(app, ["play", "--series"])
    assert res.exit_code == 1 and "is not a solo series file" in res.output
    series_file.write_text("{broken")
    res = runner.invoke(app, ["play", "--series"])
    assert res.exit_code == 1 and "is not valid JSON" in res.output
    # A single solo game still plays with an unreadable series file, without bests.
    res = runner.invoke(app, ["play", "--players", "1", "--seats", "random", "--seed", "1"])
    assert res.exit_code == 0 and "Personal bests are not available" in res.output


def test_a_title_without_a_solo_game_has_no_series() -> None:
    for name in registry.names():
        t = registry.title(name)
        from snowdonia.tui.settings import series_spec

        spec = series_spec(t)
        if spec is None:
            res = runner.invoke(app, ["play", "--series", "--game", name])
            assert res.exit_code == 2 and "has no solo series" in res.output
        else:
            assert 1 in t.scenario(None).players and tuple(spec.players) == (1,)
