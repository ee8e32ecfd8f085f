"""The titles on the platform. Shared layers find a game here, by name, and then speak only
the protocol (`snowdonia.core.protocol`): none of them imports a game's rules.

A title's module is imported the first time it is asked for, so starting one game's tools
never loads the others.
"""

from __future__ import annotations

import importlib
from typing import Any

from snowdonia.core.errors import SettingsError, refusal
from snowdonia.core.protocol import Title

# name -> module defining TITLE, in the order the lobby lists them.
BUILTIN: dict[str, str] = {
    "snowdonia": "snowdonia.games.snowdonia.title",
    "foothills": "snowdonia.games.foothills.title",
}
_loaded: dict[str, Title] = {}


def title(name: str | None = None) -> Title:
    """The title called `name` (None: Snowdonia); SettingsError names the known ones."""
    key = "snowdonia" if name is None else name
    found = _loaded.get(key)
    if found is not None:
        return found
    if not isinstance(key, str) or key not in BUILTIN:
        raise SettingsError(refusal("unknown game %(name)s; choose one of %(titles)s", name=repr(name),
                                    titles=", ".join(names())))
    module = importlib.import_module(BUILTIN[key])
    t: Title = module.TITLE
    _loaded[key] = t
    return t


def names() -> list[str]:
    """The registered titles that are installed."""
    out = []
    for key, mod in BUILTIN.items():
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name is not None and mod.startswith(exc.name):
                continue  # not built yet
            raise
        out.append(key)
    return out


def titles() -> list[dict[str, Any]]:
    """Every title with its scenarios and settings (JSON-safe)."""
    return [title(n).describe() for n in names()]
