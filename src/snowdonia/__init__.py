"""The Snowdonia games by Tony Boydell - Mount Snowdon, the Blaenau Ffestiniog scenario and
Foothills - as engines on one platform (compiled with mypyc where a C compiler is present, else pure Python), with bots, a web app, a simulator and
research adapters.

    import snowdonia
    g = snowdonia.new_game(3, seed=42)                   # Snowdonia, Mount Snowdon
    f = snowdonia.new_game(2, game="foothills")          # another title
    snowdonia.titles()                                   # what there is, with settings
"""

from __future__ import annotations

from typing import Any

# First: chooses the compiled engine or its sources before any engine module loads.
from snowdonia import _engine as _engine
from snowdonia.core.errors import ActionParseError, IllegalAction, RecordError, SettingsError
from snowdonia.core.protocol import Position
from snowdonia.core.records import check_record, record_game
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.actions import Action
from snowdonia.registry import title, titles

__all__ = [
    "Action",
    "ActionParseError",
    "Game",
    "IllegalAction",
    "Position",
    "RecordError",
    "SettingsError",
    "new_game",
    "replay",
    "title",
    "titles",
]
__version__ = "0.2.0"


def new_game(players: int, seed: int | None = None, game: str = "snowdonia", scenario: str | None = None,
             **settings: Any) -> Any:
    """Set up a game of any title (`game`), in a scenario (None: the title's first). With no
    seed one is drawn from the operating system and kept in the record."""
    return title(game).new_game(players, seed=seed, scenario=scenario, **settings)


def replay(record: dict[str, Any], upto: int | None = None) -> Any:
    """Rebuild a game of any title from its record (optionally only the first `upto`
    decisions); RecordError names the first decision that does not replay."""
    check_record(record)
    try:
        t = title(record_game(record))
    except SettingsError as exc:
        raise RecordError(str(exc)) from exc
    return t.replay(record, upto)
