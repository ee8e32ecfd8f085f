"""The terminal as a person sees it (issue 21): `snowdonia play` in a real tmux terminal of
80x24 and 100x40; the compact board (the route or railways, the action areas, your own
supplies) and the prompt are on one screen, for every title and scenario; `board` shows the
whole table and `rules` how to play. Skipped without tmux, unless CI is set."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from snowdonia.registry import names, title

from .conftest import new_tmux_session

pytestmark = pytest.mark.slow
SRC = Path(__file__).resolve().parents[2] / "src"
CASES = [(g, s.key) for g in names() for s in title(g).scenarios]
SIZES = [(80, 24), (100, 40)]


@pytest.fixture
def tmux() -> Iterator[str]:
    if not shutil.which("tmux"):
        if os.environ.get("CI"):
            pytest.fail("CI is set but tmux is missing")
        pytest.skip("tmux is not installed")
    name = f"snowdonia-test-{uuid.uuid4().hex[:8]}"
    yield name
    subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)


def _screen(session: str) -> str:
    return subprocess.run(["tmux", "capture-pane", "-t", session, "-p"], capture_output=True, text=True,
                          check=True).stdout


def _wait_for(session: str, text: str, timeout: float = 30.0) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        screen = _screen(session)
        if text in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never appeared; the screen:\n{_screen(session)}")


def _send(session: str, keys: str) -> None:
    subprocess.run(["tmux", "send-keys", "-t", session, keys, "Enter"], check=True)


def _expectations(game: str) -> list[str]:
    if game == "snowdonia":
        return ["Round ", "Route [0", "A Yard", "G Surveyor", "You (P1"]
    return ["Turn ", " r", "You (", "bar: "]


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize(("game", "scenario"), CASES, ids=[f"{g}-{s}" for g, s in CASES])
def test_the_compact_board_and_the_prompt_share_the_screen(tmux: str, game: str, scenario: str,
                                                          width: int, height: int) -> None:
    t = title(game)
    players = next(n for n in t.scenario(scenario).players if n >= 2)
    seats = ",".join(["human"] + ["random"] * (players - 1))
    cmd = (f"cd {SRC.parent} && PYTHONPATH={SRC} TERM=xterm-256color {sys.executable} -c "
           f"'from snowdonia.cli import main; main()' play --game {game} --scenario {scenario} "
           f"--players {players} --seats {seats} --seed 3")
    new_tmux_session(tmux, width, height, cmd)
    for _ in range(4):  # the first decisions, each on a fresh screen
        screen = _wait_for(tmux, "your move")
        lines = screen.rstrip("\n").split("\n")
        assert len(lines) <= height
        prompt = next(i for i, ln in enumerate(lines) if "your move" in ln)
        for want in _expectations(game) if scenario != "blaenau_ffestiniog" else ["Route [0", "A Yard", "You (P1"]:
            assert any(want in ln for ln in lines[:prompt]), (want, screen)
        assert all(len(ln) <= width for ln in lines)
        _send(tmux, "1")
        time.sleep(0.3)
    _send(tmux, "rules tips")
    screen = _wait_for(tmux, "Three tips for your first game")
    _send(tmux, "quit")
    _wait_for(tmux, "ave")  # "Save the game?" / "Quit without saving"
