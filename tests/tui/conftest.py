"""Shared helpers: a console that writes plain text to a buffer, scripted input, a reader
that lets a bot answer a human seat's prompts, and a series file in a temporary folder (no
test touches the user's data folder)."""

from __future__ import annotations

import io
import random
import subprocess
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from snowdonia.bots import make_bot
from snowdonia.core.protocol import Position
from snowdonia.tui.series import SERIES_ENV


class Script:
    """Answers prompts from a list, then keeps answering `then` (or ends the input)."""

    def __init__(self, answers: Iterable[str], then: str | None = None,
                 on_prompt: Callable[[str], None] | None = None) -> None:
        self.answers = list(answers)
        self.then = then
        self.prompts: list[str] = []
        self.on_prompt = on_prompt

    def __call__(self, prompt: str) -> str | None:
        self.prompts.append(prompt)
        if self.on_prompt is not None:
            self.on_prompt(prompt)
        if self.answers:
            return self.answers.pop(0)
        return self.then


class BotReader:
    """Answers a human seat's move prompts with a bot's choice (typed as the action's text,
    as a person would), and Enter to every other question ("play the next game?").
    `position()` gives the game being played; `stop_after` moves, it ends the input (None),
    or raises `interrupt` (an exception nothing catches, as when the program is killed)."""

    def __init__(self, position: Callable[[], Position], bot: str = "random", seed: int = 0,
                 stop_after: int | None = None, interrupt: BaseException | None = None,
                 game: str = "snowdonia") -> None:
        self.position = position
        self.bot = make_bot(bot, seed=seed, game=game) if bot != "first" else None
        self.rng = random.Random(seed)
        self.stop_after = stop_after
        self.interrupt = interrupt
        self.moves = 0
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str | None:
        self.prompts.append(prompt)
        if "your move" not in prompt:
            return ""
        if self.stop_after is not None and self.moves >= self.stop_after:
            if self.interrupt is not None:
                raise self.interrupt
            return None
        self.moves += 1
        pos = self.position()
        action: Any = self.bot.choose(pos) if self.bot is not None else pos.legal_actions()[0]
        return str(action)


class Killed(BaseException):
    """Stands for the program being killed: nothing in the terminal layer catches it."""


@pytest.fixture(autouse=True)
def series_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "data" / "solo-series.json"
    monkeypatch.setenv(SERIES_ENV, str(path))
    return path


@pytest.fixture
def console() -> Console:
    return Console(file=io.StringIO(), width=160, color_system=None, force_terminal=False)


def output(console: Console) -> str:
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


@pytest.fixture(autouse=True)
def no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files are still written through a temporary file and a rename; only the fsync (which
    guards against power cuts, not kills, and costs milliseconds per decision) is skipped."""
    from snowdonia.tui import saving

    monkeypatch.setattr(saving, "DURABLE", False)


def new_tmux_session(name: str, width: int, height: int, cmd: str) -> None:
    """Start a detached tmux session running `cmd`. tmux may fail to start one while the
    previous test's server is still exiting (seen once in a CI rehearsal), so try three times."""
    for attempt in range(3):
        done = subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", str(width), "-y", str(height), cmd])
        if done.returncode == 0:
            return
        time.sleep(0.5 * (attempt + 1))
    raise RuntimeError(f"tmux new-session failed three times ({done.returncode})")
