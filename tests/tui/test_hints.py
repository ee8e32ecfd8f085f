"""The terminal `hint` command (issue 20): on with `play --hints` and always in solo games,
off otherwise; it shows the analysis' best options with their menu numbers and changes
nothing in the game."""

from __future__ import annotations

from rich.console import Console
from typer.testing import CliRunner

from snowdonia import registry
from snowdonia.analysis import analyse
from snowdonia.cli import _register_optional, app
from snowdonia.tui import hints
from snowdonia.tui.loop import PlaySession

from .conftest import Script, output

_register_optional()


def test_hint_shows_the_best_options_with_menu_numbers(console: Console) -> None:
    g = registry.title("snowdonia").new_game(3, seed=4)
    snaps: list[bytes] = []
    script = Script(["hint", "quit", ""], then=None, on_prompt=lambda _: snaps.append(g.snapshot()))
    PlaySession(g, ["human", "greedy", "greedy"], console, script, hints=True).run()
    text = output(console)
    assert g.current_player == 0 and snaps[0] == snaps[1]  # asking for a hint changed nothing
    legal = [str(a) for a in g.legal_actions()]
    expected = analyse(g, 0, hints.HINT_BUDGET, seed=g.moves)
    assert "Hint: the best options" in text and "win chance" in text
    for o in expected.options[: hints.SHOWN]:
        assert o.label[:30] in text
        assert f"{o.value_vp:+.1f}" in text
    rows = [line for line in text.splitlines() if line.strip().startswith("│")]
    first = next(r for r in rows if expected.best.label[:20] in r)
    assert first.split("│")[1].strip() == str(legal.index(expected.best.text) + 1)


def test_hint_is_refused_when_hints_are_off(console: Console) -> None:
    g = registry.title("foothills").new_game(2, seed=4)
    PlaySession(g, ["human", "greedy"], console, Script(["?", "hint", "quit", ""], then=None)).run()
    text = output(console)
    assert hints.OFF in text and "Hint: the best options" not in text
    assert "the analysis' best options" not in text  # not offered in the help either


def test_solo_games_always_have_hints(console: Console) -> None:
    g = registry.title("snowdonia").new_game(1, seed=4)
    PlaySession(g, ["human"], console, Script(["?", "hint", "quit", ""], then=None), hints=False).run()
    text = output(console)
    assert "the analysis' best options" in text and "Hint: the best options" in text
    assert "expected final score" in text


def test_play_hints_option_turns_the_command_on() -> None:
    res = CliRunner(env={"COLUMNS": "160"}).invoke(
        app, ["play", "--game", "snowdonia", "--players", "2", "--seed", "3", "--no-board", "--hints"],
        input="hint\nquit\n\n")
    assert res.exit_code == 0, res.output
    assert "Hint: the best options" in res.output
