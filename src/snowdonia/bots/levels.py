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
from dataclasses import dataclass, field
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
    # per title, where the ladders found another setting stronger there: the level string it
    # stands for in that title (Foothills' master searches for the win alone, no own-score share)
    specs: dict[str, str] = field(default_factory=dict)
    # per title and scenario, where the ladders found another setting stronger in one scenario
    # only: {title: {scenario key: level string}} (Mount Snowdon's master keeps the other seats'
    # decisions out of its tree, which costs games in Blaenau Ffestiniog)
    scenario_specs: dict[str, dict[str, str]] = field(default_factory=dict)

    def spec_for(self, game: str | None, scenario: str | None = None) -> str:
        """The level string this level stands for in `game` and `scenario` (None: the general
        one; a scenario without a string of its own: the title's)."""
        if game is None:
            return self.spec
        own = self.scenario_specs.get(game, {})
        return own[scenario] if scenario in own else self.specs.get(game, self.spec)

    def scenarios(self, game: str) -> dict[str, str]:
        """The scenarios of `game` where this level stands for a string of their own."""
        return dict(self.scenario_specs.get(game, {}))

    def spec_text(self, game: str | None = None) -> str:
        """The level string and every title's and scenario's own ('search:3000; foothills:
        search:6000:r1; snowdonia/mount_snowdon: search:3000:o1'); with `game`, that title's string
        and its scenarios' ('search:3000; mount_snowdon: search:3000:o1')."""
        if game is not None:
            return "; ".join([self.spec_for(game), *(f"{k}: {s}" for k, s in sorted(self.scenarios(game).items()))])
        return "; ".join([self.spec, *(f"{g}: {s}" for g, s in sorted(self.specs.items())),
                          *(f"{g}/{k}: {s}" for g, own in sorted(self.scenario_specs.items())
                            for k, s in sorted(own.items()))])

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
                               {str(k): str(v) for k, v in entry.get("evidence", {}).items()},
                               {str(k): str(v) for k, v in entry.get("title_spec", {}).items()},
                               {str(g): {str(k): str(v) for k, v in own.items()}
                                for g, own in entry.get("scenario_spec", {}).items()})
    return out


def resolve(spec: str, game: str | None = None, scenario: str | None = None) -> str:
    """The level string a named level stands for (in `game` and `scenario`, if given); any
    other string unchanged."""
    found = named_levels().get(spec.strip().lower())
    return found.spec_for(game, scenario) if found is not None else spec


def levels_line(game: str | None = None, say: Callable[[str], str] = str) -> str:
    """The named levels in one line for the terminal: 'beginner (greedy), intermediate
    (search:300, ...), ...', with the measured figures of `game` when given (said by `say`:
    the caller's translation, the figures being catalogue messages; names and specs as typed)."""
    parts = []
    for lv in named_levels().values():
        fig = say(lv.evidence.get(game, "")) if game and lv.evidence.get(game) else ""
        spec = lv.spec_text(game) if game else lv.spec_text()
        parts.append(f"{lv.name} ({spec}{'; ' + fig if fig else ''})")
    return ", ".join(parts)
