"""The terminal in the player's language (issue 23): under the pseudo-locale every word of
every title's board, compact board, score sheet, menu and help is a catalogue message; `play
--lang de` and `LANG=pl_PL.UTF-8` give the prompt in that language in a real tmux terminal."""

from __future__ import annotations

import io
import os
import random
import re
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from snowdonia import i18n, registry
from snowdonia.core.i18n import using
from snowdonia.tui import view
from snowdonia.tui.loop import HELP

from .conftest import new_tmux_session

SRC = Path(__file__).resolve().parents[2] / "src"
CASES = [(g, s.key) for g in registry.names() for s in registry.title(g).scenarios]
# The boards' notation, explained by their (translated) legends: rubble r, stone st, steel
# bar sl, contractors ev, victory points VP.
NOTATION = {"VP", "ev", "st", "sl"}


def _outside(text: str) -> str:
    prev = None
    while prev != text:
        prev, text = text, re.sub(r"⟦[^⟦⟧]*⟧", "", text)
    return re.sub(r"\b[IVX]+(-\d+)?\b|\b[A-E]\d\b", " ", text)


def _printed_names(game: str, scenario: str) -> set[str]:
    t = registry.title(game)
    g = t.new_game(2, seed=1, scenario=scenario)
    names = set(getattr(t.words, "proper_names", lambda: [])())
    cfg = getattr(g, "cfg", None)
    if cfg is not None and hasattr(cfg, "stations"):
        names |= {s.name for s in cfg.stations} | {tr.name for tr in cfg.train.values()}
    return names


@pytest.mark.parametrize(("game", "scenario"), CASES, ids=[f"{g}-{s}" for g, s in CASES])
def test_the_terminal_boards_say_only_catalogue_words(game: str, scenario: str) -> None:
    t = registry.title(game)
    g = t.new_game(2, seed=4, scenario=scenario)
    rng = random.Random(4)
    allowed = _printed_names(game, scenario)
    shown = []
    with using(i18n.translator(i18n.PSEUDO)):
        for stop in (6, 40, None):
            while not g.is_over and (stop is None or g.moves < stop):
                g.apply(rng.choice(g.legal_actions()))
            console = Console(file=io.StringIO(), width=400, color_system=None)  # wide: no marker is wrapped
            console.print(view.board(g, 0, ["human", "greedy"], width=400))
            console.print(view.score_sheet(g, ["human", "greedy"]))
            if not g.is_over:
                console.print(view.board(g, 0, ["human", "greedy"], width=400, compact=True, names=["Ann", "Bob"]))
                console.print("\n".join(view.action_text(g, a) for a in g.legal_actions()))
            console.print(view.log_text(g, g.log(), ["Ann", "Bob"]))
            shown.append(console.file.getvalue())  # type: ignore[attr-defined]
        shown.append(i18n.translator(i18n.PSEUDO).gettext(HELP))
    assert g.is_over
    rest = _outside("\n".join(shown))
    for name in sorted(allowed | {"Ann", "Bob"}, key=len, reverse=True):
        rest = rest.replace(name, " ")
    # (the compact board cuts long railway names: their first letters stay)
    name_words = {w for name in allowed for w in re.findall(r"[A-Za-z][A-Za-z']+", name)}
    leaks = {w for w in re.findall(r"[A-Za-z][A-Za-z']+", rest)
             if w not in NOTATION and not re.fullmatch(r"[sS]+", w)  # Foothills' compact key: s/S stations
             and not any(nw.startswith(w) for nw in name_words)}
    assert leaks == set(), " ".join(sorted(leaks))


@pytest.fixture
def tmux() -> Iterator[str]:
    if not shutil.which("tmux"):
        if os.environ.get("CI"):
            pytest.fail("CI is set but tmux is missing")
        pytest.skip("tmux is not installed")
    name = f"snowdonia-i18n-{uuid.uuid4().hex[:8]}"
    yield name
    subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)


@pytest.mark.slow
@pytest.mark.parametrize(("how", "lang"), [("--lang de", "de"), ("LANG=pl_PL.UTF-8", "pl")])
def test_play_in_a_language_in_a_real_terminal(tmux: str, how: str, lang: str) -> None:
    env = "LANG=pl_PL.UTF-8 " if how.startswith("LANG") else "LANG=C.UTF-8 "
    flag = how if how.startswith("--") else ""
    cmd = (f"cd {SRC.parent} && {env}PYTHONPATH={SRC} TERM=xterm-256color {sys.executable} -c "
           f"'from snowdonia.cli import main; main()' play --players 2 --seats human,random --seed 3 {flag}")
    new_tmux_session(tmux, 100, 40, cmd)
    prompt = i18n.translator(lang).gettext("%(who)s, your move (1-%(n)s, ? for help):").split("%(who)s")[1]
    prompt = prompt.split("%(n)s")[0]
    assert prompt.strip() and "your move" not in prompt
    end = time.monotonic() + 30
    screen = ""
    while time.monotonic() < end:
        screen = subprocess.run(["tmux", "capture-pane", "-t", tmux, "-p"], capture_output=True, text=True).stdout
        if prompt in screen:
            break
        time.sleep(0.2)
    assert prompt in screen, screen
    player = i18n.translator(lang).gettext("Player %(n)s") % {"n": 1}
    assert player in screen and "Player 1" not in screen


def test_the_review_offer_and_printout_say_only_catalogue_words() -> None:
    """Issue 23 with issue 20's review: the terminal's "Review this game?" offer and the review
    it prints (tables, verdict words, the note on losses) under the pseudo-locale."""
    from snowdonia.analysis.commands import offer_review
    from snowdonia.bots import make_bot

    g = registry.title("snowdonia").new_game(1, seed=6)
    bot = make_bot("greedy", seed=1, game="snowdonia")
    while not g.is_over:
        g.apply(bot.choose(g))
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "y"

    console = Console(file=io.StringIO(), width=400, color_system=None)
    with using(i18n.translator(i18n.PSEUDO)):
        result = offer_review(g.record(), ["human"], console, read, saved_to=Path("game.json"), budget="1")
    assert result is not None and result.rows
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert len(prompts) == 1 and "⟦" in prompts[0] and "⟦" in text
    rest = _outside("\n".join([*prompts, text]))
    for name in sorted(_printed_names("snowdonia", "mount_snowdon"), key=len, reverse=True):
        rest = rest.replace(name, " ")
    # the command to type, the file named, the title's key and the docs' path stay as they are
    allowed = {"snowdonia", "review", "game", "json", "docs", "analysis", "md"}
    leaks = {w for w in re.findall(r"[A-Za-z][A-Za-z']+", rest) if w not in allowed and w not in NOTATION}
    assert leaks == set(), " ".join(sorted(leaks))


def test_a_refused_move_is_said_in_the_players_language() -> None:
    """The engine's reason for refusing a typed move, in German (and a text that is no move of
    the game): the engine's sentence stays English, the terminal says it in the language."""
    from tests.tui.conftest import Script

    from snowdonia.tui.loop import PlaySession

    g = registry.title("snowdonia").new_game(2, seed=1)
    console = Console(file=io.StringIO(), width=200, color_system=None)
    with using(i18n.translator("de")):
        PlaySession(g, ["human", "greedy"], console, Script(["place A4", "fly away", "quit", ""], then=None),
                    show_board=False).run()
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Abgelehnt: Lagerplatz (A) hat 2 Aktionsfelder (2 Spieler)" in text
    assert "Abgelehnt: 'fly away' ist kein Zug dieses Spiels" in text
    assert "is not legal now" not in text and g.moves == 0
