"""The terminal shell for every registered title: a game to the end through the loop,
refusals, commands, saving and resuming, replay and `replay --check`, and the settings
options generated from the title's specs. Nothing here knows a title's rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from snowdonia import registry
from snowdonia.cli import _register_optional, app
from snowdonia.core.protocol import Position, Title
from snowdonia.tui import view
from snowdonia.tui.loop import PlaySession
from snowdonia.tui.replayer import check

from .conftest import BotReader, Script, output

_register_optional()
runner = CliRunner(env={"COLUMNS": "160"})
TITLES = registry.names()


def _players(t: Title) -> int:
    """The smallest player count with someone to play against (or 1)."""
    counts = t.scenario(None).players
    return next((n for n in counts if n >= 2), counts[0])


def _new(name: str, seed: int) -> Position:
    t = registry.title(name)
    return t.new_game(_players(t), seed=seed)


def _cli(*args: str, input: str = "") -> tuple[int, str]:
    res = runner.invoke(app, list(args), input=input)
    if res.exception and not isinstance(res.exception, SystemExit):
        raise res.exception
    return res.exit_code, res.output


@pytest.mark.parametrize("name", TITLES)
def test_a_game_runs_to_the_end_through_the_loop(name: str, console: Console) -> None:
    g = _new(name, seed=11)
    seats = ["human"] + ["random"] * (g.players - 1)
    session: PlaySession | None = None
    reader = BotReader(lambda: session.position if session else g, bot="random", seed=3, game=name)
    # The board is drawn once at the end (its drawing is tested on its own, and a whole game
    # of boards is slow); every decision still goes through the menu, the prompt and the log.
    session = PlaySession(g, seats, console, reader, show_board=False)
    outcome = session.run()
    text = " ".join(output(console).split())  # long lines wrap: compare words
    assert outcome.finished and g.is_over
    assert reader.moves >= 1 and all(p.startswith("Player 1, your move") for p in reader.prompts)
    # The human's moves were typed as text and reached the record as they were chosen.
    assert len(g.record()["actions"]) == g.moves
    # The log, in the title's words, was printed in full, every event once in order.
    names = view.seat_names(g.players)
    lines = [view.event_text(g, e, names) for e in g.log()]
    assert lines and all(line for line in lines)
    pos = 0
    for line in lines:
        found = text.find(" ".join(line.split()), pos)
        assert found >= 0, line
        pos = found
    if g.players > 1:
        assert "Winner" in text or "draw" in text


@pytest.mark.parametrize("name", TITLES)
def test_bots_only_game_prints_the_log_and_the_sheet(name: str, console: Console) -> None:
    g = _new(name, seed=4)
    outcome = PlaySession(g, ["greedy" if "greedy" in _kinds(name) else "random"] + ["random"] * (g.players - 1),
                          console, Script([])).run()
    text = output(console)
    assert outcome.finished
    names = view.seat_names(g.players)
    assert view.event_text(g, g.log()[-1], names).splitlines()[0] in text
    assert "score sheet" in text.lower()


def _kinds(name: str) -> list[str]:
    from snowdonia.bots import bot_kinds

    return bot_kinds(name)


@pytest.mark.parametrize("name", TITLES)
def test_refused_moves_show_the_reason_and_leave_the_game_unchanged(name: str, console: Console) -> None:
    g = _new(name, seed=5)
    seen: list[str] = []

    def snapshot(_prompt: str) -> None:
        seen.append(json.dumps(g.observation(None), sort_keys=True, default=str) + repr(g.record()["actions"]))

    legal = g.legal_actions()
    bad = ["dance", "99", "0", "log x"]
    script = Script(bad + [str(legal[-1])], then=None, on_prompt=snapshot)
    outcome = PlaySession(g, ["human"] + ["random"] * (g.players - 1), console, script).run()
    text = output(console)
    assert not outcome.finished
    assert len(set(seen[: len(bad) + 1])) == 1  # every refusal left the very same position
    assert "Refused:" in text and "The game is unchanged" in text
    assert f"There is no move 99: choose a number from 1 to {len(legal)}" in text
    assert "There is no move 0" in text
    assert g.record()["actions"][0] == str(legal[-1])


@pytest.mark.parametrize("name", TITLES)
def test_commands_help_log_score_about_board_and_quit_with_save(name: str, console: Console,
                                                               tmp_path: Path) -> None:
    g = _new(name, seed=3)
    target = tmp_path / "saved.json"
    kinds = [k for k, v in g.title.words.components(g).items() if isinstance(v, dict) and v]
    script = Script(["1", "?", "log", "log 2", "score", "about", *(f"about {k}" for k in kinds[:2]),
                     "about nothing", "board", "", "quit", str(target)], then=None)
    humans = ["human"] * g.players
    outcome = PlaySession(g, humans, console, script).run()
    text = output(console)
    assert not outcome.finished and outcome.saved_to == target
    assert "Commands:" in text and "this help" in text
    assert "Score so far (the game is not over)" in text
    if kinds:
        assert f"Components in words: {', '.join(kinds)}" in text
        assert "There is no kind 'nothing'" in text
    assert f"Game saved to {target}" in text
    record = json.loads(target.read_text())
    assert record["seats"] == humans and record.get("game", "snowdonia") == name
    assert registry.title(name).replay(record).record()["actions"] == g.record()["actions"]


@pytest.mark.parametrize("name", TITLES)
def test_save_quit_resume_and_replay_check_from_the_command_line(name: str, tmp_path: Path) -> None:
    t = registry.title(name)
    n = _players(t)
    path = tmp_path / "half.json"
    seats = ",".join(["human"] + ["random"] * (n - 1))
    code, out = _cli("play", "--game", name, "--players", str(n), "--seats", seats, "--seed", "21",
                     "--save", str(path), input="1\n1\n1\nquit\n")
    assert code == 0 and f"Game saved to {path}" in out, out
    half = json.loads(path.read_text())
    assert "result" not in half and half["seats"] == seats.split(",") and half["game"] == name
    code, out = _cli("replay", str(path), "--check")
    assert code == 0 and f"OK: {len(half['actions'])} decisions replay; {t.display_name}; the game is not over" in out

    code, out = _cli("play", "--resume", str(path), "--no-board", input="1\n" * 5000)
    assert code == 0, out
    whole = json.loads(path.read_text())
    assert whole["actions"][: len(half["actions"])] == half["actions"]
    g = t.replay(whole)
    assert g.is_over
    code, out = _cli("replay", str(path), "--check")
    assert code == 0 and out.startswith(f"OK: {len(whole['actions'])} decisions replay; {t.display_name}; final")
    assert view.summary(g) in out

    code, out = _cli("play", "--resume", str(path), "--players", str(n + 1))
    assert code == 2 and f"holds a {n}-player game, not {n + 1}" in out
    code, out = _cli("play", "--resume", str(path), "--seed", "3")
    assert code == 2 and "a resumed game keeps the settings it was started with" in out
    other = next((x for x in TITLES if x != name), None)
    if other is not None:
        code, out = _cli("play", "--resume", str(path), "--game", other)
        assert code == 2 and f"holds a game of {name}, not {other}" in out


@pytest.mark.parametrize("name", TITLES)
def test_replay_check_fails_on_a_tampered_record(name: str, tmp_path: Path) -> None:
    t = registry.title(name)
    g = t.new_game(_players(t), seed=7)
    while not g.is_over:
        g.apply(g.legal_actions()[-1])
    record = g.record()
    assert check(record).ok
    bad = tmp_path / "bad.json"
    broken = dict(record, actions=[*record["actions"][:5], "no such move", *record["actions"][5:]])
    bad.write_text(json.dumps(broken))
    code, out = _cli("replay", str(bad), "--check")
    assert code == 1 and out.startswith("FAILED: decision 6 ('no such move') does not replay")

    scores = dict(record, result=dict(record["result"], scores=[s + 1 for s in record["result"]["scores"]]))
    bad.write_text(json.dumps(scores))
    code, out = _cli("replay", str(bad), "--check")
    assert code == 1 and "differ from the replayed scores" in out

    bad.write_text("{not json")
    code, out = _cli("replay", str(bad), "--check")
    assert code == 1 and "is not valid JSON" in out
    bad.write_text(json.dumps(dict(record, game="chess")))
    code, out = _cli("replay", str(bad), "--check")
    assert code == 1 and "unknown game 'chess'" in out


@pytest.mark.parametrize("name", TITLES)
def test_replay_steps_forward_back_and_jumps(name: str, tmp_path: Path) -> None:
    t = registry.title(name)
    g = t.new_game(_players(t), seed=9)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(g.record()))
    n = g.moves
    code, out = _cli("replay", str(path), "--to", "5")
    fifth = g.record()["actions"][4]
    assert code == 0 and f"Position 5 of {n} - decision 5: " in out and "chose " in out and f"[{fifth}]" in out
    code, out = _cli("replay", str(path), "--to", str(n + 10))
    assert code == 2 and "--to must be 0.." in out
    code, out = _cli("replay", str(path), input="\n\nb\n12\nzzz\nb\nq\n")
    assert code == 0, out
    shown = [line.split(" - ")[0] for line in out.splitlines() if line.startswith("Position ")]
    assert shown == [f"Position {k} of {n}" for k in (0, 1, 2, 1, 12, 11)]
    assert "Unknown command 'zzz'" in out
    code, out = _cli("replay", str(path), "--to", str(n))
    assert code == 0 and "score sheet" in out.lower()
    code, out = _cli("replay", str(path), "--seat", "9")
    assert code == 2 and f"--seat must be 1..{g.players}" in out


@pytest.mark.parametrize("name", TITLES)
def test_every_setting_of_the_title_is_an_option_and_set_takes_any(name: str, tmp_path: Path) -> None:
    t = registry.title(name)
    res = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "250"})
    assert res.exit_code == 0
    assert f"Settings of {t.display_name}" in res.output
    for spec in t.settings:
        assert "--" + spec.key.replace("_", "-") in res.output
    n = _players(t)
    path = tmp_path / "g.json"
    # Every setting at its default, by --set, makes the same game as no setting at all.
    pairs = [x for spec in t.settings if not spec.players or n in spec.players
             for x in ("--set", f"{spec.key}={spec.default}")]
    code, out = _cli("play", "--game", name, "--players", str(n), "--seats", ",".join(["random"] * n),
                     "--seed", "2", "--save", str(path), *pairs)
    assert code == 0, out
    plain = t.new_game(n, seed=2)
    while not plain.is_over:
        plain.apply(plain.legal_actions()[0])
    assert json.loads(path.read_text())["settings"] == plain.record()["settings"]

    code, out = _cli("play", "--game", name, "--set", "no_such_setting=1")
    assert code == 2 and f"--set no_such_setting is not a setting of {name}" in out
    code, out = _cli("play", "--game", name, "--set", "novalue")
    assert code == 2 and "--set takes key=value" in out
    choice = next((s for s in t.settings if s.kind == "choice" and (not s.players or n in s.players)), None)
    if choice is not None:
        code, out = _cli("play", "--game", name, "--players", str(n), "--set", f"{choice.key}=zzz")
        assert code == 2 and f"must be one of {', '.join(str(c) for c in choice.choices)}" in out


def test_unknown_game_and_scenario_are_refused() -> None:
    code, out = _cli("play", "--game", "chess")
    assert code == 2 and "unknown game 'chess'" in out and "snowdonia" in out
    code, out = _cli("play", "--scenario", "the_moon")
    assert code == 2 and "unknown scenario 'the_moon' of snowdonia" in out


def test_the_terminal_layer_imports_no_game() -> None:
    """The shared layer speaks the protocol: no module of snowdonia.tui imports a title."""
    import ast

    import snowdonia.tui

    folder = Path(snowdonia.tui.__file__).parent
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("snowdonia.games"), (path.name, node.module)
                assert node.module != "snowdonia" or path.name == "__init__.py", (path.name, node.module)
            if isinstance(node, ast.Import):
                assert all(not a.name.startswith("snowdonia.games") for a in node.names), path.name


@pytest.mark.parametrize("name", TITLES)
def test_rules_shows_how_to_play_in_words(name: str, console: Console) -> None:
    """`rules` prints the title's *How to play* (issue 21): the goal, a round or turn step by
    step, the end, scoring and the tips; `rules tips` one section; a wrong section is named."""
    g = _new(name, seed=3)
    doc = g.title.how_to_play(g.scenario)
    script = Script(["rules", "rules tips", "rules nothing", "quit", ""], then=None)
    PlaySession(g, ["human"] * g.players, console, script).run()
    text = output(console)
    assert doc["title"] in text
    for sec in doc["sections"]:
        assert sec["heading"] in text
    tips = next(s for s in doc["sections"] if s["key"] == "tips")
    assert text.count(tips["items"][0][:40]) == 2  # once in `rules`, once in `rules tips`
    assert "there is no section 'nothing'" in text
    assert "area:" not in text
