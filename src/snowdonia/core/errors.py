"""The errors every title raises through the protocol, so each layer catches one set."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is not legal now. The message says why and lists what is legal."""


class ActionParseError(IllegalAction):
    """A string that is not the text form of any action of the title."""


class SettingsError(ValueError):
    """A game cannot be created with these settings; the message says which and why."""


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message says where and why."""
