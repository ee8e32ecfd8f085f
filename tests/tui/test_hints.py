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


def play_solo_to_the_end(console: Console, answer_review: str, budget: str = "1") -> tuple[Script, str]:
    """A solo game whose person's moves a greedy bot types; `answer_review` answers the offer."""
    from snowdonia.bots import make_bot

    g = registry.title("snowdonia").new_game(1, seed=6)
    bot = make_bot("greedy", seed=1, game="snowdonia")
    prompts: list[str] = []

    def read(prompt: str) -> str | None:
        prompts.append(prompt)
        if "Review this game?" in prompt:
            return answer_review
        if g.is_over:
            return ""
        return str(bot.choose(g))

    session = PlaySession(g, ["human"], console, read, show_board=False)
    session.review_budget = budget
    out = session.run()
    assert out.finished and g.is_over
    script = Script([])
    script.prompts = prompts
    return script, output(console)


def test_a_solo_game_offers_its_review_and_shows_it_when_asked(console: Console) -> None:
    """Issue 20: "the review is offered after every solo and solo-series game"."""
    script, text = play_solo_to_the_end(console, "y")
    assert sum("Review this game?" in p for p in script.prompts) == 1
    assert script.prompts[-1].startswith("Review this game?")  # after the last move, once
    assert "Review of a snowdonia game, seat 1" in text and "Every decision" in text and "Per seat" in text


def test_declining_the_review_shows_nothing_of_it(console: Console) -> None:
    script, text = play_solo_to_the_end(console, "")
    assert any("Review this game?" in p for p in script.prompts)
    assert "Every decision" not in text


def test_a_game_of_several_players_does_not_offer_the_review(console: Console) -> None:
    g = registry.title("snowdonia").new_game(2, seed=4)
    script = Script([], then=None)
    PlaySession(g, ["greedy", "greedy"], console, script, show_board=False).run()
    assert g.is_over and not any("Review this game?" in p for p in script.prompts)
