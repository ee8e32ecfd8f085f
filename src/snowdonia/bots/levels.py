"""Named bot levels (issue 19): `beginner`, `intermediate`, `strong`, `expert`, `master`.

A level is a bot and a budget, written as an ordinary level string (`LEVELS`), so it plays
the same on every machine: the search levels count iterations, never seconds. Each level's
measured strength (win rate against the level below, mean time per move) comes from the
ladder files in docs/ladder/ (scripts/levels_ladder.py --summary) and is kept in
`bots/levels.toml` beside this module, where the lobby, the terminal and the README read it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

# weakest first: the order of fallbacks in the web
ORDER = ("beginner", "intermediate", "strong", "expert", "master")


@dataclass(frozen=True)
class NamedLevel:
    name: str
    spec: str  # the level string it stands for ("search:3000")
    help: str  # one sentence for a person choosing an opponent
    evidence: dict[str, str]  # per title: the measured figures in words ("" if not measured)

    def describe(self, game: str) -> str:
        fig = self.evidence.get(game, "")
        return f"{self.help} ({fig})" if fig else self.help


@cache
def named_levels() -> dict[str, NamedLevel]:
    """Every named level, weakest first, from levels.toml."""
    data: dict[str, Any] = tomllib.loads((Path(__file__).with_name("levels.toml")).read_text())
    out: dict[str, NamedLevel] = {}
    for name in ORDER:
        entry = data["level"].get(name)
        if entry is None:
            continue
        out[name] = NamedLevel(name, str(entry["spec"]), str(entry["help"]),
                               {str(k): str(v) for k, v in entry.get("evidence", {}).items()})
    return out


def resolve(spec: str) -> str:
    """The level string a named level stands for; any other string unchanged."""
    found = named_levels().get(spec.strip().lower())
    return found.spec if found is not None else spec


def levels_line(game: str | None = None, say: Callable[[str], str] = str) -> str:
    """The named levels in one line for the terminal: 'beginner (greedy), intermediate
    (search:300, ...), ...', with the measured figures of `game` when given (said by `say`:
    the caller's translation, the figures being catalogue messages; names and specs as typed)."""
    parts = []
    for lv in named_levels().values():
        fig = say(lv.evidence.get(game, "")) if game and lv.evidence.get(game) else ""
        parts.append(f"{lv.name} ({lv.spec}{'; ' + fig if fig else ''})")
    return ", ".join(parts)
