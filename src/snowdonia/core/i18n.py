"""The words' language, chosen per request or per player (docs/i18n.md).

The rules never call anything here: records, actions and the log's structured events stay
language-free. The presentation layers (a title's `ui/words.py`, the terminal, the web server)
say their words through `_`, `ngettext`, `pgettext` and `npgettext`; which language those
answer in is the `Translator` in force in the current context (a `ContextVar`, so each request,
websocket and terminal session has its own, and the default is English). The catalogues and
their loading live in `snowdonia.i18n`; core only holds the hook, so a game (which may import
core only) can say its words in any language without knowing where the catalogues come from.

msgids are the English text; placeholders are Python's `%(name)s` (see I18N-CONTRACT.md).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from typing import Any, Protocol


class Translator(Protocol):
    """What a language must answer (gettext's `NullTranslations` and Babel's `Translations`
    both do, plus `number` and `lang`)."""

    lang: str

    def gettext(self, message: str) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...
    def pgettext(self, context: str, message: str) -> str: ...
    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str: ...
    def number(self, value: float) -> str: ...


class English:
    """The source language: every msgid is already its English text."""

    lang = "en"

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def number(self, value: float) -> str:
        return f"{value:,}" if isinstance(value, int) else f"{value:,.{_decimals(value)}f}"


def _decimals(value: float) -> int:
    text = repr(float(value))
    return min(3, len(text.split(".")[1].rstrip("0"))) if "." in text and "e" not in text else 3


ENGLISH = English()
_current: ContextVar[Translator] = ContextVar("snowdonia_translator", default=ENGLISH)


def current() -> Translator:
    """The translator in force here."""
    return _current.get()


def set_translator(translator: Translator) -> None:
    """Make `translator` the language of the current context (and of the tasks it starts)."""
    _current.set(translator)


@contextlib.contextmanager
def using(translator: Translator) -> Iterator[Translator]:
    """`with using(t): ...` says everything inside in `t`'s language, then restores the last."""
    token = _current.set(translator)
    try:
        yield translator
    finally:
        _current.reset(token)


def _fill(text: str, params: dict[str, Any]) -> str:
    return text % params if params else text


def _(message: str, **params: Any) -> str:
    """`message` (English, the msgid) in the current language, `%(name)s` filled from `params`."""
    return _fill(_current.get().gettext(message), params)


def ngettext(singular: str, plural: str, n: int, **params: Any) -> str:
    """The plural form for `n` by the language's rule; `%(n)s` is `n` written the language's way."""
    t = _current.get()
    return t.ngettext(singular, plural, n) % {"n": t.number(n), **params}


def pgettext(context: str, message: str, **params: Any) -> str:
    """`message` where its words depend on `context` (msgctxt), e.g. a title's own terms."""
    return _fill(_current.get().pgettext(context, message), params)


def npgettext(context: str, singular: str, plural: str, n: int, **params: Any) -> str:
    t = _current.get()
    return t.npgettext(context, singular, plural, n) % {"n": t.number(n), **params}


def colour_name(colour: str) -> str:
    """A seat colour in words ("yellow", "blue", …), as the web client's `pt("colour", …)` says it."""
    said = {
        "yellow": lambda: pgettext("colour", "yellow"), "blue": lambda: pgettext("colour", "blue"),
        "green": lambda: pgettext("colour", "green"), "pink": lambda: pgettext("colour", "pink"),
        "purple": lambda: pgettext("colour", "purple"), "orange": lambda: pgettext("colour", "orange"),
        "teal": lambda: pgettext("colour", "teal"), "grey": lambda: pgettext("colour", "grey"),
    }.get(colour)
    return said() if said is not None else colour


def N_(message: str) -> str:  # noqa: N802 - gettext's name for "mark for extraction only"
    """Marks `message` for the catalogue without translating it now (tables of words that are
    translated where they are shown, with `_(TABLE[key])`)."""
    return message


def number(value: float) -> str:
    """A number written the current language's way (1,234.5 · 1.234,5 · 1 234,5)."""
    return _current.get().number(value)


def lang() -> str:
    """The current language's code ("en", "de", "pl", or "xx" for the pseudo-locale)."""
    return _current.get().lang


def say(text: object, seat_names: Sequence[str] | None = None) -> str:
    """An engine sentence in the current language: a `core.errors.Reason` by its msgid and
    parameters (nested Reasons said too; "Player %(n)s" as the table's name of that seat when
    `seat_names` are given); any other text as it is."""
    template = getattr(text, "template", None)
    if not isinstance(text, str) or template is None:
        return str(text)
    params: dict[str, Any] = {k: say(v, seat_names) if isinstance(v, str) else v
                              for k, v in getattr(text, "params", {}).items()}
    plural = getattr(text, "plural", None)
    if template == "Player %(n)s" and seat_names is not None:
        i = params.get("n")
        if isinstance(i, int) and 1 <= i <= len(seat_names):
            return seat_names[i - 1]
    if plural is not None:
        return ngettext(template, plural, int(getattr(text, "n", 0) or 0), **params)
    return _(template, **params)


def say_exception(exc: BaseException, seat_names: Sequence[str] | None = None) -> str:
    """An error's sentence in the current language: its message said by `say` (an engine
    `Reason` by its msgid; a KeyError's message without the quotes `str(KeyError)` adds)."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return say(first, seat_names) if isinstance(first, str) else str(exc)


__all__ = ["ENGLISH", "N_", "colour_name", "Translator", "_", "current", "lang", "ngettext", "npgettext", "number",
           "pgettext", "say", "say_exception", "set_translator", "using"]
