"""The errors every title raises through the protocol, so each layer catches one set."""

from __future__ import annotations


class Reason(str):
    """An English sentence of the engine (a refusal's reason) that keeps its msgid and
    parameters, so that a front end can say it in another language (`core.i18n.say`). It *is*
    the English sentence (a str); the engine stays language-free. Made by `refusal` and
    `nrefusal`, which `scripts/i18n.py extract` reads as msgids. A parameter that is itself a
    Reason is said in the language too (a word such as an area's name: `refusal("Stock Yard")`)."""

    template: str
    plural: str | None
    n: int | None
    params: dict[str, object]

    def __new__(cls, template: str, plural: str | None = None, n: int | None = None,
                params: dict[str, object] | None = None) -> Reason:
        values = dict(params or {})
        if plural is not None:
            values["n"] = n
        chosen = plural if plural is not None and n != 1 else template
        self = super().__new__(cls, chosen % values if values else chosen)
        self.template, self.plural, self.n, self.params = template, plural, n, dict(params or {})
        return self


def refusal(template: str, **params: object) -> Reason:
    """An English sentence `template % params` that a front end can translate (msgid `template`)."""
    return Reason(template, params=params)


def nrefusal(singular: str, plural: str, n: int, **params: object) -> Reason:
    """`refusal` with a count: `%(n)s` is `n`; the English form by n == 1."""
    return Reason(singular, plural, n, params)


class IllegalAction(ValueError):
    """An action that is not legal now. The message says why and lists what is legal; `reason`
    (when the title gives one) is the why alone, translatable (`core.i18n.say`)."""

    def __init__(self, message: str = "", reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class ActionParseError(IllegalAction):
    """A string that is not the text form of any action of the title."""


class SettingsError(ValueError):
    """A game cannot be created with these settings; the message says which and why."""


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message says where and why."""
