"""Game settings on the command line, generated from the titles' `SettingSpec`s.

Every setting of every registered title becomes an option named after its key
(`light_fog` -> `--light-fog`), shown in `--help` under that title's panel; `--set key=value`
takes any setting by its key. A title added to the registry brings its options with it, and
nothing here names a setting. Values are checked against the spec of the title chosen with
`--game`, so the message names the option, the allowed values and the title."""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import typer

from snowdonia.core.errors import SettingsError
from snowdonia.core.i18n import _, ngettext
from snowdonia.core.protocol import SettingSpec, Title

_TRUE = {"true", "yes", "on", "1", "y"}
_FALSE = {"false", "no", "off", "0", "n"}


def flag_of(key: str) -> str:
    return "--" + key.replace("_", "-")


@dataclass(frozen=True)
class SettingOption:
    """One generated option: the setting `key`, and the titles that have it."""

    key: str
    kind: str  # the first title's kind: "bool" options are flags
    titles: tuple[str, ...]
    help: str
    metavar: str = "VALUE"
    default: Any = None

    @property
    def flag(self) -> str:
        return flag_of(self.key)

    @property
    def param(self) -> str:
        return "setting__" + self.key


_LONG = 30  # longer lists of choices go into the help text, not the option's column


def _metavar(spec: SettingSpec) -> str:
    if spec.kind == "choice" and spec.choices:
        joined = "|".join(str(c) for c in spec.choices)
        return joined if len(joined) <= _LONG else "CHOICE"
    return "N" if spec.kind == "int" else "VALUE"


def _describe(title: Title, spec: SettingSpec, named: bool = False) -> str:
    """A setting's help in `play --help` (the title's sentence, in the current language; the
    values are typed as they are)."""
    parts = [_(spec.help or spec.label)]
    if spec.kind == "choice" and _metavar(spec) == "CHOICE":
        shown = " | ".join(str(c) for c in spec.choices[:3])
        parts.append(ngettext("%(n)s choice: %(shown)s | ...", "%(n)s choices: %(shown)s | ...", len(spec.choices),
                              shown=shown))
    # i18n: a setting's default value, as typed (true, 3, deluxe)
    parts.append(_("default %(value)s", value=str(spec.default).lower() if isinstance(spec.default, bool)
                   else spec.default))
    if spec.players:
        parts.append(ngettext("only with %(counts)s player", "only with %(counts)s players", max(spec.players),
                              counts=", ".join(str(n) for n in spec.players)))
    if spec.scenarios:
        parts.append(_("only in %(scenarios)s", scenarios=", ".join(spec.scenarios)))
    return (f"{_(title.display_name)}: " if named else "") + "; ".join(parts) + "."


def setting_options(titles: Iterable[Title], reserved: Iterable[str] = ()) -> list[SettingOption]:
    """One option per setting key over all titles (a key several titles share is one
    option); keys whose flag would clash with a command's own options are left to --set."""
    taken = set(reserved)
    found: dict[str, SettingOption] = {}
    title_help: dict[str, str] = {}
    for title in titles:
        for spec in title.settings:
            if flag_of(spec.key) in taken:
                continue
            known = found.get(spec.key)
            if known is None:
                found[spec.key] = SettingOption(spec.key, spec.kind, (title.name,), _describe(title, spec),
                                                _metavar(spec), spec.default)
            else:
                # A key several titles share: one option, its help naming each title.
                kind = known.kind if known.kind == spec.kind else "text"
                first = title_help.get(spec.key, known.help)
                found[spec.key] = SettingOption(spec.key, kind, (*known.titles, title.name),
                                                first + " " + _describe(title, spec, named=True),
                                                known.metavar if known.metavar == _metavar(spec) else "VALUE",
                                                known.default if known.default == spec.default else None)
            title_help.setdefault(spec.key, _describe(title, spec, named=True))
    return list(found.values())


def parameters(options: Sequence[SettingOption], panel: Mapping[str, str]) -> list[inspect.Parameter]:
    """Typer parameters for the generated options (all default None: "not given")."""
    out = []
    for opt in options:
        # i18n: the panel of `play --help` with the settings several titles share
        shared = _("Game settings")
        help_panel = panel.get(opt.titles[0], shared) if len(opt.titles) == 1 else shared
        if opt.kind == "bool":
            # A setting that is off by default is a plain flag (--light-fog); one that is on
            # by default can also be turned off (--x/--no-x); --set takes either way.
            decl = opt.flag if opt.default is False else f"{opt.flag}/--no-{opt.flag[2:]}"
            annotation: Any = bool | None
        elif opt.kind == "int":
            decl, annotation = opt.flag, int | None
        else:
            decl, annotation = opt.flag, str | None
        default = typer.Option(None, decl, help=opt.help, rich_help_panel=help_panel, show_default=False,
                               metavar=None if opt.kind == "bool" else opt.metavar)
        out.append(inspect.Parameter(opt.param, inspect.Parameter.KEYWORD_ONLY, default=default,
                                     annotation=annotation))
    return out


def parse_value(spec: SettingSpec, raw: Any, name: str) -> Any:
    """`raw` (as typed, or as Typer parsed it) as a value of `spec`; SettingsError otherwise.
    `name` is how the user gave it (`--edition` or `edition=`), for the message."""
    text = str(raw).strip()
    if spec.kind == "bool":
        if isinstance(raw, bool):
            return raw
        if text.lower() in _TRUE:
            return True
        if text.lower() in _FALSE:
            return False
        raise SettingsError(_("%(name)s takes true or false, not %(text)s", name=name, text=repr(text)))
    if spec.kind == "int" or (spec.kind == "choice" and spec.choices
                              and all(isinstance(c, int) and not isinstance(c, bool) for c in spec.choices)):
        try:
            value: Any = int(text)
        except ValueError:
            raise SettingsError(_("%(name)s takes a whole number, not %(text)s", name=name, text=repr(text))) from None
    else:
        value = text
    if spec.kind == "choice" and spec.choices:
        for choice in spec.choices:
            if str(choice).lower() == str(value).lower():
                return choice
        raise SettingsError(_("%(name)s must be one of %(choices)s (%(label)s), not %(text)s", name=name,
                              choices=", ".join(str(c) for c in spec.choices), label=_(spec.label), text=repr(text)))
    return value


def gather(title: Title, players: int, scenario: str | None, given: Mapping[str, Any],
           pairs: Sequence[str] = ()) -> dict[str, Any]:
    """The settings for `title.new_game` from the generated options that were given
    (`given`: key -> raw value) and the `--set key=value` pairs; SettingsError says what
    does not fit this title, player count or scenario."""
    specs = {s.key: s for s in title.settings}
    settings: dict[str, Any] = {}
    named: list[tuple[str, Any, str]] = [(k, v, flag_of(k)) for k, v in given.items() if v is not None]
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            example = "--set " + next(iter(specs), "key") + "=..."
            raise SettingsError(_("--set takes key=value (e.g. %(example)s), not %(pair)s", example=example,
                                  pair=repr(pair)))
        named.append((key, raw, f"--set {key}"))
    sc = title.scenario(scenario).key if scenario is not None or title.scenarios else None
    for key, raw, name in named:
        spec = specs.get(key)
        if spec is None:
            raise SettingsError(_("%(name)s is not a setting of %(title)s (its settings: %(known)s)", name=name,
                                  title=title.name, known=", ".join(specs) or _("none")))
        if spec.players and players not in spec.players:
            raise SettingsError(ngettext("%(name)s is for a %(counts)s-player game, but this game has %(n)s player",
                                         "%(name)s is for a %(counts)s-player game, but this game has %(n)s players",
                                         players, name=name, counts=" / ".join(str(n) for n in spec.players)))
        if spec.scenarios and sc not in spec.scenarios:
            raise SettingsError(_("%(name)s is for the scenarios %(scenarios)s, not %(scenario)s", name=name,
                                  scenarios=", ".join(spec.scenarios), scenario=sc))
        settings[key] = parse_value(spec, raw, name)
    return settings


def series_spec(title: Title, scenario: str | None = None) -> SettingSpec | None:
    """The setting a solo series walks through: the first choice setting offered only to a
    1-player game (Snowdonia's solo train, No. 1 to No. 7), or None if the title has none."""
    info = title.scenario(scenario)
    if 1 not in info.players:
        return None
    for spec in title.settings:
        if (spec.kind == "choice" and len(spec.choices) > 1 and tuple(spec.players) == (1,)
                and (not spec.scenarios or info.key in spec.scenarios)):
            return spec
    return None
