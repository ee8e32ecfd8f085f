"""Bots that fill any seat: `random`, `greedy`, and search bots registered by name.

A bot is anything with `choose(game) -> Action` that reads only `game.observation`-level
information for its seat (search bots go through `Game.resample`). `make_bot("mcts:1s")`
turns a level string, as typed in any interface, into a bot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.actions import Action


class Bot(Protocol):
    name: str

    def choose(self, game: Game) -> Action: ...


_REGISTRY: dict[str, Callable[[str, int], Bot]] = {}


def register(kind: str, factory: Callable[[str, int], Bot]) -> None:
    """Add a bot kind; factory(level_text, seed) -> Bot (level_text is what follows ':')."""
    _REGISTRY[kind] = factory


def bot_kinds() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


def make_bot(spec: str, seed: int = 0) -> Bot:
    """Build a bot from its level string: 'random', 'greedy', 'mcts:200', 'mcts:1s'."""
    _load_builtin()
    kind, _, level = spec.strip().partition(":")
    if kind not in _REGISTRY:
        raise ValueError(f"unknown bot {spec!r}; known bots: {', '.join(sorted(_REGISTRY))}")
    return _REGISTRY[kind](level, seed)


def is_bot_spec(spec: str) -> bool:
    try:
        make_bot(spec)
    except ValueError:
        return False
    return True


def _load_builtin() -> None:
    """Import the built-in bots, which register themselves. No "already loaded" shortcut:
    a bot module imported on its own registers only itself, and re-importing is a lookup."""
    from snowdonia.bots import mcts, random_bot  # noqa: F401
    from snowdonia.games.snowdonia.bots import greedy  # noqa: F401
