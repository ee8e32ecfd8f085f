"""The command line's own words in the user's language (issue 23; docs/i18n.md).

`snowdonia --help`, every subcommand's help and the errors the command line prints follow the
terminal's language: `--lang` when the command line has one, else the locale (LANGUAGE,
LC_ALL, LC_MESSAGES, LANG), else English. Typer builds its help when the command line is
parsed, so `cli.main` chooses the language from the environment and argv *before* it builds
the app (`cli.build_app`), and every help text is said through `_()` while it is built.

Typer's own words (the "Usage:" line, the "Options"/"Arguments"/"Commands" panels, "Show this
message and exit.", "[default: …]", the "Error" panel and the sentences of its parse errors)
are English strings inside Typer 0.29 (pinned in pyproject.toml; its vendored click has no
gettext). `typer_words()` says them in the current language while a command line is
handled, and restores Typer's own afterwards; `LocalisedGroup` enters it around `main()`, so
`snowdonia ...` and `CliRunner().invoke(build_app(), ...)` behave alike.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from snowdonia.core.i18n import N_, Translator, _, current, lang, using
from snowdonia.i18n import terminal_language

# The sentences of Typer's parse errors (typer/_click/exceptions.py, core.py, _coercion.py and
# pydantic's messages for numbers), each with the catalogue's msgid that says it. Matched on the
# whole message; the named groups fill the placeholders (a nested message is said too).
_ERRORS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"Invalid value for (?P<hint>.+?): (?P<error>.*)", re.S),
     N_("Invalid value for %(hint)s: %(error)s")),
    (re.compile(r"Invalid value: (?P<error>.*)", re.S), N_("Invalid value: %(error)s")),
    (re.compile(r"Missing argument (?P<hint>.+)\."), N_("Missing argument %(hint)s.")),
    (re.compile(r"Missing option (?P<hint>.+)\."), N_("Missing option %(hint)s.")),
    (re.compile(r"Missing parameter (?P<hint>.+)\."), N_("Missing parameter %(hint)s.")),
    (re.compile(r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.+)\)"),
     N_("No such option: %(name)s (possible options: %(options)s)")),
    (re.compile(r"No such option: (?P<name>\S+) Did you mean (?P<options>.+)\?"),
     N_("No such option: %(name)s. Did you mean %(options)s?")),
    (re.compile(r"No such option: (?P<name>\S+)"), N_("No such option: %(name)s")),
    (re.compile(r"No such command (?P<name>'.*')\. Did you mean (?P<options>.+)\?"),
     N_("No such command %(name)s. Did you mean %(options)s?")),
    (re.compile(r"No such command (?P<name>'.*')\."), N_("No such command %(name)s.")),
    (re.compile(r"Missing command\."), N_("Missing command.")),
    (re.compile(r"Got unexpected extra argument(?:\(s\)|s)? \((?P<args>.*)\)"),
     N_("Got unexpected extra arguments (%(args)s)")),
    (re.compile(r"Option (?P<name>'.+') requires an argument\."), N_("Option %(name)s requires an argument.")),
    (re.compile(r"Option (?P<name>'.+') requires (?P<n>\d+) arguments\."),
     N_("Option %(name)s requires %(n)s arguments.")),
    (re.compile(r"Input should be a valid integer.*", re.S), N_("a whole number is needed here")),
    (re.compile(r"Input should be a valid number.*", re.S), N_("a number is needed here")),
    (re.compile(r"Input should be a valid boolean.*", re.S), N_("yes or no (true or false) is needed here")),
    (re.compile(r"Input should be greater than or equal to (?P<n>\S+)"), N_("at least %(n)s")),
    (re.compile(r"Input should be less than or equal to (?P<n>\S+)"), N_("at most %(n)s")),
    (re.compile(r"Input should be greater than (?P<n>\S+)"), N_("more than %(n)s")),
    (re.compile(r"Input should be less than (?P<n>\S+)"), N_("less than %(n)s")),
    (re.compile(r"Value (?P<value>.+) is not a valid (?P<kind>.+)\."), N_("%(value)s is not a valid %(kind)s.")),
]


def say_error(message: str) -> str:
    """One of Typer's English error sentences in the current language (our own sentences are
    already translated where they are raised; a sentence matched by no pattern stays). In
    English Typer's own sentence is kept as it is."""
    if lang() == "en":
        return message
    for pattern, msgid in _ERRORS:
        m = pattern.fullmatch(message.strip())
        if m is not None:
            params = {k: say_error(v) if k == "error" else v for k, v in m.groupdict().items()}
            return _(msgid, **params)
    return message


def cli_language(argv: Sequence[str], env: Mapping[str, str] | None = None) -> str:
    """The command line's language: a `--lang X` (or `--lang=X`) in `argv`, else the locale.
    A `--lang` there is no catalogue of is left to the command to refuse (in the locale's
    language)."""
    explicit: str | None = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            explicit = argv[i + 1]
        elif arg.startswith("--lang="):
            explicit = arg.partition("=")[2]
    environment = dict(os.environ if env is None else env)
    try:
        return terminal_language(explicit, environment)
    except ValueError:
        return terminal_language(None, environment)


def _typer_constants() -> dict[str, str]:
    """typer.rich_utils' fixed strings, in the current language."""
    return {
        "DEPRECATED_STRING": _("(deprecated)") + " ",
        # i18n: after an option's help; %(value)s is the default value as typed
        "DEFAULT_STRING": _("[default: %(value)s]", value="{}"),
        # i18n: after an option's help; %(name)s is an environment variable's name
        "ENVVAR_STRING": _("[env var: %(name)s]", name="{}"),
        "REQUIRED_LONG_STRING": _("[required]"),
        # i18n: the help's panel of a command's arguments
        "ARGUMENTS_PANEL_TITLE": _("Arguments"),
        # i18n: the help's panel of a command's options
        "OPTIONS_PANEL_TITLE": _("Options"),
        # i18n: the help's panel of the subcommands
        "COMMANDS_PANEL_TITLE": _("Commands"),
        # i18n: the title of the box an error of the command line is shown in
        "ERRORS_PANEL_TITLE": _("Error"),
        "ABORTED_TEXT": _("Aborted."),
        # i18n: %(command)s is e.g. 'snowdonia play --help'
        "RICH_HELP": _("Try %(command)s for help.", command="[blue]'{command_path} {help_option}'[/]"),
    }


@contextlib.contextmanager
def typer_words() -> Iterator[None]:
    """Typer's own words in the current language while the block runs (then Typer's again)."""
    from typer import rich_utils
    from typer._click import core as click_core
    from typer._click import formatting

    saved: list[tuple[Any, str, Any]] = []

    def put(owner: Any, name: str, value: Any) -> None:
        saved.append((owner, name, getattr(owner, name)))
        setattr(owner, name, value)

    try:
        for name, value in _typer_constants().items():
            put(rich_utils, name, value)
        write_usage: Callable[..., None] = formatting.HelpFormatter.write_usage
        get_help_option: Callable[..., Any] = click_core.Command.get_help_option
        format_error: Callable[[Any], None] = rich_utils.rich_format_error

        def usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
            # i18n: the first word of the help and of an error: how to type the command
            write_usage(self, prog, args, (_("Usage:") + " ") if prefix is None else prefix)

        def help_option(self: Any, ctx: Any) -> Any:
            option = get_help_option(self, ctx)
            if option is not None:
                # i18n: the help of --help
                option.help = _("Show this message and exit.")
            return option

        def rich_error(self: Any) -> None:
            said = say_error(self.format_message())
            self.format_message = lambda: said
            format_error(self)

        put(formatting.HelpFormatter, "write_usage", usage)
        put(click_core.Command, "get_help_option", help_option)
        put(rich_utils, "rich_format_error", rich_error)
        yield
    finally:
        for owner, name, value in reversed(saved):
            setattr(owner, name, value)


def localised_group(translator: Translator | None = None) -> type:
    """Typer's group class speaking `translator`'s language (default: the current one) while it
    handles a command line: the app's help texts were said in it when the app was built."""
    from typer.core import TyperGroup

    said = translator or current()

    class LocalisedGroup(TyperGroup):
        language = said

        def main(self, *args: Any, **kwargs: Any) -> Any:
            with using(self.language), typer_words():
                return super().main(*args, **kwargs)

    return LocalisedGroup


__all__ = ["cli_language", "localised_group", "say_error", "typer_words"]
