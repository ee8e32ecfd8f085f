"""Shared helpers: a console that writes plain text to a buffer, and scripted input."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable

import pytest
from rich.console import Console


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


@pytest.fixture
def console() -> Console:
    return Console(file=io.StringIO(), width=160, color_system=None, force_terminal=False)


def output(console: Console) -> str:
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()
