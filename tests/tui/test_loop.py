"""The game loop driven by scripted input: menus, refusals, commands, saving, quitting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

import snowdonia
from snowdonia.tui.loop import PlaySession, SeatError, parse_seats

from .conftest import Script, output


def test_full_game_by_menu_numbers_reaches_the_score_sheet(console: Console) -> None:
    g = snowdonia.new_game(3, seed=5)
    script = Script([], then="1")
    outcome = PlaySession(g, ["human", "greedy", "random"], console, script).run()
    text = output(console)
    assert outcome.finished and g.is_over
    assert script.prompts, "the human seat was asked at least once"
    assert all(p.startswith("P1 yellow, your move") for p in script.prompts)
    assert "Final score sheet" in text
    res = g.result()
    for label in ("station sites", "track cards", "surveyor", "train No. 4", "contract bonuses", "total"):
        assert label in text
    total_row = next(line for line in text.splitlines() if line.startswith("│ total"))
    assert [int(x) for x in total_row.replace("│", " ").split()[1:]] == res["scores"]
    winners = ", ".join(f"P{p + 1} {c}" for p, c in ((w, ("yellow", "blue", "green")[w]) for w in res["winners"]))
    assert f"Winner{'s' if len(res['winners']) > 1 else ''}: {winners}" in text
    # The bots' moves were reported in words between the human's prompts.
    assert "What happened" in text and "Player 2 (blue)" in text


def test_refused_moves_show_the_reason_and_leave_the_game_unchanged(console: Console) -> None:
    g = snowdonia.new_game(3, seed=11)
    seen: list[str] = []

    def snapshot(_prompt: str) -> None:
        seen.append(json.dumps(g.observation(None), sort_keys=True) + repr(g.history))

    bad = ["place Z9", "dance", "take iron=9 stone=0 coal=0", "build hebron.1 iron=0 rubble=0", "99", "0"]
    script = Script(bad + ["place G"], then=None, on_prompt=snapshot)
    outcome = PlaySession(g, ["human", "random", "random"], console, script).run()
    text = output(console)
    assert not outcome.finished
    # Every refused answer was followed by a prompt on the very same position.
    assert len(set(seen[: len(bad) + 1])) == 1
    assert text.count("Refused:") == 4
    assert "unknown action 'dance'" in text
    assert "malformed action 'place Z9'" in text
    assert "is not legal now" in text
    assert "There is no move 99: choose a number from 1 to" in text
    assert "There is no move 0" in text
    assert "place G" in g.history


def test_commands_help_log_score_and_quit_with_save(console: Console, tmp_path: Path) -> None:
    g = snowdonia.new_game(2, seed=3)
    target = tmp_path / "saved.json"
    script = Script(["1", "1", "?", "log", "log 2", "score", "contracts", "board", "", "quit", str(target)])
    outcome = PlaySession(g, ["human", "greedy"], console, script).run()
    text = output(console)
    assert not outcome.finished and outcome.saved_to == target
    assert "Commands:" in text and "this help" in text
    assert "Score so far (the game is not over)" in text
    assert f"Game saved to {target}" in text
    record = json.loads(target.read_text())
    assert record["seats"] == ["human", "greedy"]
    again = snowdonia.replay(record)
    assert again.history == g.history and len(g.history) >= 2


def test_quit_without_saving_and_end_of_input_do_not_crash(console: Console) -> None:
    g = snowdonia.new_game(3, seed=2)
    outcome = PlaySession(g, ["human", "random", "random"], console, Script(["quit", ""])).run()
    assert not outcome.finished and outcome.saved_to is None
    assert "Quit without saving." in output(console)
    g2 = snowdonia.new_game(3, seed=2)
    outcome2 = PlaySession(g2, ["human", "random", "random"], console, Script([], then=None)).run()
    assert not outcome2.finished and g2.current_player == 0  # still waiting for the human


def test_save_is_written_after_every_decision(console: Console, tmp_path: Path) -> None:
    g = snowdonia.new_game(3, seed=8)
    target = tmp_path / "game.json"
    checks: list[bool] = []

    def on_prompt(_prompt: str) -> None:
        # When the human is asked, everything decided so far (bots included) is on disk.
        checks.append(json.loads(target.read_text())["actions"] == g.history)

    script = Script([], then="1", on_prompt=on_prompt)
    PlaySession(g, ["greedy", "human", "random"], console, script, save_path=target).run()
    assert checks and all(checks)
    final = json.loads(target.read_text())
    assert final["actions"] == g.history and final["result"]["scores"] == g.result()["scores"]
    assert not list(tmp_path.glob(".*.tmp")), "no temporary file is left behind"


def test_bots_only_game_prints_the_log_and_the_score_sheet(console: Console) -> None:
    g = snowdonia.new_game(2, seed=4)
    outcome = PlaySession(g, ["greedy", "random"], console, Script([])).run()
    text = output(console)
    assert outcome.finished
    assert "Round 2 begins" in text and "Game over" in text and "Final score sheet" in text


def test_parse_seats_validates_count_and_bot_names() -> None:
    assert parse_seats("human, greedy,random", 3) == ["human", "greedy", "random"]
    with pytest.raises(SeatError, match="3 player.* need 3 seat"):
        parse_seats("human,greedy", 3)
    with pytest.raises(SeatError, match="unknown bot 'robot'"):
        parse_seats("human,robot", 2)
    with pytest.raises(SeatError, match="empty seat"):
        parse_seats("human,,greedy", 3)


def test_two_humans_at_one_terminal_each_see_their_own_prompt(console: Console) -> None:
    g = snowdonia.new_game(2, seed=6)
    script = Script([], then="1")
    outcome = PlaySession(g, ["human", "human"], console, script).run()
    assert outcome.finished
    asked = {p.split(",")[0] for p in script.prompts}
    assert asked == {"P1 yellow", "P2 blue"}
    # Every decision of the game was a prompt answered with "1" (forced moves are not asked).
    assert len(script.prompts) == len(g.history)
