"""Snowdonia in the terminal: its settings flags, its board drawn through
`Title.terminal_board`, its score sheet, its menus in words, version-1 records, hot seat."""

from __future__ import annotations

import io
import json
import random
import shutil
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from snowdonia import registry
from snowdonia.cli import _register_optional, app
from snowdonia.core.protocol import Position
from snowdonia.tui import view
from snowdonia.tui.loop import PlaySession, SeatError, parse_seats

from .conftest import Script, output

_register_optional()
runner = CliRunner(env={"COLUMNS": "160"})
MANY_ONES = "1\n" * 3000
TITLE = registry.title("snowdonia")
KINDS = ["human", "greedy", "random", "random", "random"]
FIXTURES = Path(__file__).parent.parent / "fixtures" / "pre_platform"


def _cli(*args: str, input: str = MANY_ONES) -> tuple[int, str]:
    res = runner.invoke(app, list(args), input=input)
    if res.exception and not isinstance(res.exception, SystemExit):
        raise res.exception
    return res.exit_code, res.output


def _random_game(players: int, seed: int, stop: int | None = None) -> Position:
    g = TITLE.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over and (stop is None or g.moves < stop):
        g.apply(rng.choice(g.legal_actions()))
    return g


def _draw(g: Position, seat: int | None, width: int = 160) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(view.board(g, seat, KINDS[: g.players], width=width))
    return output(console)


# --------------------------------------------------------------------------- settings flags


def test_todays_flags_set_the_settings(tmp_path: Path) -> None:
    path = tmp_path / "solo.json"
    code, out = _cli("play", "--players", "1", "--seats", "random", "--solo-train", "4", "--edition", "deluxe",
                     "--light-fog", "--contracts-per-window", "1", "--deluxe-track-cards", "--seed", "2",
                     "--save", str(path))
    assert code == 0, out
    settings = json.loads(path.read_text())["settings"]
    assert settings["edition"] == "deluxe" and settings["light_fog"] is True
    assert settings["solo_train"] == 4 and settings["contracts_per_window"] == 1
    assert settings["deluxe_track_cards"] is True
    assert "Edition deluxe, light fog, one contract per window, solo train No. 4" in out
    # The same game through --set.
    other = tmp_path / "set.json"
    code, out = _cli("play", "--players", "1", "--seats", "random", "--set", "solo_train=4", "--set", "edition=deluxe",
                     "--set", "light_fog=yes", "--set", "contracts-per-window=1", "--set", "deluxe_track_cards=true",
                     "--seed", "2", "--save", str(other))
    assert code == 0, out
    assert json.loads(other.read_text()) == json.loads(path.read_text())


def test_wrong_options_stop_with_a_clear_message_and_exit_2() -> None:
    code, out = _cli("play", "--players", "3", "--seats", "human,greedy")
    assert code == 2 and "3 players need 3 seats, but 2 were given" in out
    code, out = _cli("play", "--seats", "human,wizard")
    assert code == 2 and "unknown bot 'wizard'" in out
    code, out = _cli("play", "--players", "3", "--solo-train", "4")
    assert code == 2 and "--solo-train is for a 1-player game, but this game has 3 players" in out
    code, out = _cli("play", "--players", "7")
    assert code == 2 and "players must be a whole number from 1 to 5" in out
    code, out = _cli("play", "--edition", "gold", "--players", "2")
    assert code == 2 and "--edition must be one of original, deluxe (Edition), not 'gold'" in out
    code, out = _cli("play", "--contracts-per-window", "3", "--players", "2")
    assert code == 2 and "--contracts-per-window must be one of 0, 1" in out
    code, out = _cli("play", "--set", "light_fog=maybe", "--players", "2")
    assert code == 2 and "--set light_fog takes true or false, not 'maybe'" in out
    code, out = _cli("play", "--round-limit", "ten")
    assert code == 2 and "--round-limit" in out and "valid integer" in " ".join(out.replace("│", " ").split())
    code, out = _cli("play", "--resume", "/nonexistent/game.json")
    assert code == 1 and "cannot resume" in out


def test_a_version_1_record_replays_checks_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "v1.json"
    shutil.copy(FIXTURES / "record_v1_unfinished.json", path)
    v1 = json.loads(path.read_text())
    assert "game" not in v1
    code, out = _cli("replay", str(path), "--check")
    assert code == 0 and out.startswith(f"OK: {len(v1['actions'])} decisions replay; Snowdonia; the game is not over")
    code, out = _cli("play", "--resume", str(path), "--seats", "random,random,random")
    assert code == 0 and "Final score sheet" in out, out
    saved = json.loads(path.read_text())
    assert saved["game"] == "snowdonia" and saved["actions"][: len(v1["actions"])] == v1["actions"]
    finished = FIXTURES / "record_v1_finished.json"
    code, out = _cli("replay", str(finished), "--check")
    assert code == 0 and "final scores Player 1" in out


# --------------------------------------------------------------------------- the loop


def test_two_humans_at_one_terminal_each_see_their_own_prompt(console: Console) -> None:
    g = TITLE.new_game(2, seed=6)
    script = Script([], then="1")
    outcome = PlaySession(g, ["human", "human"], console, script, show_board=False).run()
    assert outcome.finished
    assert {p.split(",")[0] for p in script.prompts} == {"Player 1", "Player 2"}
    assert len(script.prompts) == g.moves  # every decision was asked, one prompt each


def test_save_is_written_after_every_decision(console: Console, tmp_path: Path) -> None:
    g = TITLE.new_game(3, seed=8)
    target = tmp_path / "game.json"
    checks: list[bool] = []

    def on_prompt(_prompt: str) -> None:
        # When the human is asked, everything decided so far (bots included) is on disk.
        checks.append(json.loads(target.read_text())["actions"] == g.record()["actions"])

    script = Script([], then="1", on_prompt=on_prompt)
    PlaySession(g, ["greedy", "human", "random"], console, script, save_path=target, show_board=False).run()
    assert checks and all(checks)
    final = json.loads(target.read_text())
    assert final["actions"] == g.record()["actions"] and final["result"]["scores"] == g.result()["scores"]
    assert not list(tmp_path.glob(".*.tmp")), "no temporary file is left behind"


def test_menu_heading_and_words_come_from_the_title(console: Console) -> None:
    g = TITLE.new_game(3, seed=14)
    PlaySession(g, ["human", "random", "random"], console, Script(["quit", ""])).run()
    text = output(console)
    pending = g.pending(0)
    assert pending is not None
    assert f"Player 1: {pending.prompt}" in text
    flat = " ".join(text.split())  # a long label wraps at the console's width
    for i, a in enumerate(g.legal_actions(), 1):
        assert " ".join(f"{i:>3}) {TITLE.words.action(g, a)}   [{a}]".split()) in flat


def test_pass_lines_use_the_decision_registrys_pass_text() -> None:
    g = TITLE.new_game(3, seed=1)
    rng = random.Random(1)
    seen = 0
    while not g.is_over and seen < 3:
        pending = g.pending(g.current_player)
        assert pending is not None
        for a in g.legal_actions():
            if str(a) == "pass":
                assert view.action_text(g, a) == TITLE.decisions[pending.kind].pass_text
                seen += 1
        g.apply(rng.choice(g.legal_actions()))
    assert seen


def test_parse_seats_validates_count_and_bot_names() -> None:
    assert parse_seats("human, greedy,random", 3) == ["human", "greedy", "random"]
    with pytest.raises(SeatError, match="3 player.* need 3 seat"):
        parse_seats("human,greedy", 3)
    with pytest.raises(SeatError, match="unknown bot 'robot'"):
        parse_seats("human,robot", 2)
    with pytest.raises(SeatError, match="empty seat"):
        parse_seats("human,,greedy", 3)


# --------------------------------------------------------------------------- the board


@pytest.mark.parametrize("players", [1, 3, 5])
def test_board_shows_route_areas_weather_and_supplies(players: int) -> None:
    g = TITLE.new_game(players, seed=1)
    text = _draw(g, 0)
    obs = g.observation(0)
    for item in obs["route"]:
        if item["type"] == "station":
            assert f"{item['number']} {item['name']}" in text
    for area in obs["areas"]:
        assert any(line.startswith(f"{area['area']}   {area['name']}") for line in text.splitlines())
    w = obs["weather"]
    assert f"Weather now: -   coming: {w['forecast'][0]}, then {w['forecast'][1]}" in text
    y, b = obs["stock_yard"], obs["bag"]
    assert f"Stock Yard: {y['iron']} iron, {y['stone']} stone, {y['coal']} coal" in text
    assert f"Bag: {b['iron']} iron, {b['stone']} stone, {b['coal']} coal, {b['event']} event" in text
    assert "Engine Shed: " in text and "Event track:" in text
    contracts = TITLE.words.components(g)["contracts"]
    for c in obs["site_office"]:
        assert contracts[str(c)]["effect"][:40] in " ".join(text.split())
    assert "Now: P1" in text


def test_fog_owners_and_events_are_marked() -> None:
    end = _random_game(5, seed=3)
    text = _draw(end, None)
    obs = end.observation(None)
    tracks = [t for t in obs["route"] if t["type"] == "track"]
    assert text.count("[P") == sum(1 for t in tracks if isinstance(t["owner"], int))
    assert text.count("[ev ") == sum(1 for t in tracks if t["owner"] == "event")
    assert text.count("[X]") == sum(e["occupied"] for e in obs["event_track"])
    assert "GAME OVER" in text


@pytest.mark.parametrize("width", [80, 100, 160])
def test_the_board_fits_the_terminal(width: int) -> None:
    g = _random_game(5, seed=3, stop=100)
    text = _draw(g, 0, width)
    assert all(len(line) <= width for line in text.splitlines())
    for item in g.observation(0)["route"]:
        if item["type"] == "station":
            assert item["name"].split()[0] in text


def test_score_sheet_lists_every_line_contract_and_winner(console: Console) -> None:
    g = _random_game(4, seed=9)
    console.print(view.score_sheet(g, KINDS[:4]))
    text = output(console)
    res = g.result()
    for sheet in res["breakdown"]:
        for c in sheet["contracts"]:
            assert f"#{c['contract']}: {c['vp']} VP ({'scored' if c['met'] and c['vp'] else 'not met'})" in text
    assert "Winner" in text and res["end_reason"] in text


def test_a_solo_game_never_names_a_winner(tmp_path: Path) -> None:
    code, out = _cli("play", "--players", "1", "--seats", "human", "--seed", "5", "--solo-train", "3", "--no-board")
    assert code == 0, out
    assert "Winner" not in out and "Solo score sheet" in out
    assert "the first finished game with Solo train No. 3, so it is your best" in out


@pytest.mark.parametrize("width", [80, 100, 120, 150, 155, 160])
def test_no_surveyor_or_name_is_cut_off_in_a_narrow_terminal(width: int) -> None:
    g = TITLE.new_game(3, seed=42)
    text = _draw(g, 0, width)
    llanberis = next(line for line in text.splitlines() if "Llanberis 0VP" in line)
    assert all(f"P{p}" in llanberis for p in (1, 2, 3))
    assert "…" not in text


def test_about_shows_a_contract_in_words(console: Console) -> None:
    g = TITLE.new_game(2, seed=3)
    PlaySession(g, ["human", "random"], console, Script(["contracts 28", "about trains 4", "quit", ""]),
                show_board=False).run()
    flat = " ".join(output(console).split())
    comps = TITLE.words.components(g)
    assert " ".join(comps["contracts"]["28"]["text"].split()) in flat
    assert " ".join(comps["trains"]["4"]["text"].split()) in flat
    assert "28: #28" not in flat  # an entry that names itself is not prefixed again


def test_the_solo_sheet_shows_the_train_no_4_line_only_with_train_no_4(console: Console) -> None:
    """Issue 21: a train No. 1 solo sheet had a "Train No. 4 Snowdon" row; the line counts
    only when the solo train is No. 4 (seed 004 Scoring, "Train No. 4, Snowdon": "If the player
    has No. 4 Snowdon, add 9 victory points to that player's total")."""
    from snowdonia.tui.view import solo_lines

    for train, shown in ((1, False), (4, True)):
        g = TITLE.new_game(1, seed=2, solo_train=train)
        console.print(solo_lines(g))
        text = output(console)
        assert ("Train No. 4 Snowdon" in text) is shown, (train, text)
        console.file.truncate(0)  # type: ignore[attr-defined]
        console.file.seek(0)  # type: ignore[attr-defined]
