"""Snowdonia: the board game by Tony Boydell, as a pure-Python engine with bots, a web app,
a simulator and research adapters."""

from snowdonia.games.snowdonia.game import Game, RecordError, new_game, replay
from snowdonia.games.snowdonia.rules.actions import Action, ActionParseError, IllegalAction
from snowdonia.games.snowdonia.rules.config import SettingsError

__all__ = [
    "Action",
    "ActionParseError",
    "Game",
    "IllegalAction",
    "RecordError",
    "SettingsError",
    "new_game",
    "replay",
]
__version__ = "0.1.0"
