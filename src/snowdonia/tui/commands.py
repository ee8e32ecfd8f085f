"""`snowdonia play` and `snowdonia replay`, registered on the main Typer app by
`snowdonia.cli._register_optional`.

`play`'s settings options are generated from the registered titles' `SettingSpec`s (see
`tui.settings`), so a title added to the registry brings its options to `--help` with no code
here. Everything else is the protocol: `registry.title(name).new_game(...)`, the title's
`replay`, and `snowdonia.bots`."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from snowdonia.bots import bot_kinds
from snowdonia.bots.levels import named_levels
from snowdonia.core.errors import RecordError, SettingsError
from snowdonia.core.i18n import _, ngettext
from snowdonia.core.i18n import say_exception as said
from snowdonia.core.protocol import Position, Title
from snowdonia.i18n import PSEUDO, available, terminal_language, use
from snowdonia.registry import names as title_names
from snowdonia.registry import title as title_named
from snowdonia.tui.loop import HUMAN, PlaySession, ReadLine, SeatError, check_seats, parse_seats, solo_sheet
from snowdonia.tui.replayer import ReplayViewer, check, title_of
from snowdonia.tui.saving import RecordFileError, read_record, stored_seats
from snowdonia.tui.series import (
    SERIES_ENV,
    SeriesBook,
    SeriesError,
    SeriesRequest,
    SeriesRunner,
    bests_text,
    check_seat,
    series_table,
    settings_words,
    value_label,
)
from snowdonia.tui.settings import SettingOption, gather, parameters, series_spec, setting_options


def _reader(console: Console) -> ReadLine:
    def read_line(prompt: str) -> str | None:
        try:
            # Text, not markup: prompts contain brackets such as "[Enter: next ...]".
            return console.input(Text(prompt))
        except EOFError:
            return None

    return read_line


def _fail(message: str, code: int = 2) -> typer.Exit:
    # i18n: how the terminal starts an error of the command line
    typer.echo(_("Error: %(error)s", error=message), err=True)
    return typer.Exit(code)




# --------------------------------------------------------------------------- play's options


def _opt(default: Any, *decls: str, help: str, panel: str | None = None, **kw: Any) -> Any:
    # i18n: the panel of `snowdonia play --help` with the game's options
    return typer.Option(default, *decls, help=help, rich_help_panel=panel or _("Game"), **kw)


def levels_help() -> str:
    """The named bot levels, weakest first, each with what it does (the web's level menu's
    sentences, bots/levels.toml): names and specs as typed, the sentence in the language."""
    return "; ".join(f"{lv.name} ({lv.spec_text()}): {_(lv.help)}" for lv in named_levels().values())


def _base_parameters() -> list[inspect.Parameter]:
    known = ", ".join(title_names())
    # i18n: the panel of `snowdonia play --help` with the solo series' options
    series = _("Solo series")
    base: list[tuple[str, Any, Any]] = [
        ("game", str | None, _opt(None, "--game", "-g", help=_("The title to play: %(titles)s (default snowdonia).",
                                                             titles=known))),
        ("scenario", str | None, _opt(None, "--scenario", help=_("The title's scenario (default: its first)."))),
        ("players", int | None, _opt(None, "--players", "-p", help=_(
            "Number of players (default: the number of seats, or 3 if the title allows it)."))),
        # i18n: %(levels)s lists the levels as "name (spec): what it does"; the names and the bots' specs
        # (random, greedy, search:2000, ...) are typed as they are, so they stay untranslated
        ("seats", str | None, _opt(None, "--seats", help=_(
            "One per seat, comma separated: human or a bot level, weakest first: %(levels)s. Or a bot by budget "
            "(%(bots)s); or ppo (Snowdonia, Mount Snowdon: the learned policy). The levels' measured strength: "
            "README, 'Bot levels'. Default: human then greedy bots.",
            levels=levels_help(), bots="random, greedy, search:2000, mcts:200, mcts-v1:1s, parallel:2:master"))),
        ("seed", int | None, _opt(None, "--seed", help=_("Game seed (default: random, kept in the record)."))),
        ("save", Path | None, _opt(None, "--save", help=_(
            "Write the record to this file after every decision and at the end."))),
        ("resume", Path | None, _opt(None, "--resume", help=_(
            "Continue a saved game of any title (seats from --seats or from the file)."))),
        ("no_board", bool, _opt(False, "--no-board", help=_(
            "Do not redraw the board before each of your decisions (type `board` to see it): for small screens "
            "and screen readers."))),
        ("lang", str | None, _opt(None, "--lang", help=_(
            "The language of the board, menus and help: en, de or pl (default: the locale, LANGUAGE / LC_ALL / "
            "LC_MESSAGES / LANG; else English)."))),
        ("hints", bool, _opt(False, "--hints", help=_(
            "Allow the `hint` command at your prompt: the analysis' best options with their value in VP (always "
            "on in solo games)."))),
        ("set", list[str] | None, _opt(None, "--set", metavar="KEY=VALUE", help=_(
            "Any setting of the title by its key, e.g. --set edition=deluxe (repeatable)."))),
        ("series", bool, _opt(False, "--series", panel=series, help=_(
            "Play the solo series: one game per solo train, No. 1 to No. 7, with your scores, running total and "
            "personal bests. Starts a series or resumes the one in progress."))),
        ("new_series", bool, _opt(False, "--new-series", panel=series, help=_(
            "With --series: abandon the series in progress and start a new one."))),
        ("series_status", bool, _opt(False, "--series-status", panel=series, help=_(
            "Show the series in progress and the personal bests, then stop."))),
        ("series_file", Path | None, _opt(None, "--series-file", envvar=SERIES_ENV, panel=series, help=_(
            "The series and personal-best file (default: solo-series.json in the user's data folder)."))),
    ]
    return [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=ann)
            for name, ann, default in base]


RESERVED = frozenset({"--no-board", "--game", "--scenario", "--players", "--seats", "--seed", "--save", "--resume", "--set",
                      "--series", "--new-series", "--series-status", "--series-file", "--help", "--check", "--to",
                      "--seat", "--hints", "--lang"})


def build_play() -> Callable[..., None]:
    """The `play` command with one option per setting of every registered title."""
    titles = [title_named(n) for n in title_names()]
    options = setting_options(titles, RESERVED)
    params = _base_parameters() + parameters(options, {t.name: _("Settings of %(title)s", title=_(t.display_name))
                                                       for t in titles})

    def play(**kw: Any) -> None:
        _play(kw, options)

    play.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    play.__annotations__ = {p.name: p.annotation for p in params}
    play.__doc__ = _("Play a game in the terminal (any title); seats are humans or bots. With --series: the solo "
                     "series.")
    return play


# --------------------------------------------------------------------------- play


def _default_players(t: Title, scenario: str | None) -> int:
    counts = t.scenario(scenario).players
    return 3 if 3 in counts else counts[0]


def _default_seats(t: Title, players: int) -> str:
    bot = "greedy" if "greedy" in bot_kinds(t.name) else "random"
    return ",".join([HUMAN] + [bot] * (players - 1))


def _play(kw: dict[str, Any], options: list[SettingOption]) -> None:
    try:
        use(terminal_language(kw.get("lang")))
    except ValueError as exc:
        raise _fail(_("no catalogue for language %(lang)s; known: %(known)s", lang=repr(kw.get("lang")),
                      known=", ".join([*available(), PSEUDO]))) from exc
    given = {opt.key: kw[opt.param] for opt in options if kw.get(opt.param) is not None}
    pairs: list[str] = list(kw.get("set") or [])
    if kw["series"] or kw["series_status"] or kw["new_series"]:
        _series(kw, given, pairs)
        return
    console = Console()
    save_path: Path | None
    if kw["resume"] is not None:
        if given or pairs or kw["scenario"] is not None or kw["seed"] is not None:
            shown = [f"--{k.replace('_', '-')}" for k in given] + (["--set"] if pairs else []) + \
                    (["--scenario"] if kw["scenario"] is not None else []) + (["--seed"] if kw["seed"] is not None else [])
            raise _fail(_("a resumed game keeps the settings it was started with; leave out %(options)s",
                          options=", ".join(shown)))
        position, seat_list = _resume(kw["resume"], kw["players"], kw["seats"], kw["game"])
        save_path = kw["save"] or kw["resume"]
    else:
        try:
            t = title_named(kw["game"] or "snowdonia")
            scenario = kw["scenario"]
            t.scenario(scenario)
        except (SettingsError, KeyError) as exc:
            raise _fail(said(exc)) from exc
        seats = kw["seats"]
        players = kw["players"]
        if players is None:
            players = len(seats.split(",")) if seats else _default_players(t, scenario)
        if seats is None:
            seats = _default_seats(t, max(players, 1))
        try:
            seat_list = parse_seats(seats, players, t.name)
            settings = gather(t, players, scenario, given, pairs)
            position = t.new_game(players, seed=kw["seed"], scenario=scenario, **settings)
            check_seats(seat_list, position)
        except (SeatError, SettingsError, ValueError, TypeError) as exc:
            raise _fail(said(exc)) from exc
        save_path = kw["save"]
    final_sheet = None
    book: SeriesBook | None = None
    if position.players == 1 and series_spec(position.title, position.scenario) is not None:
        try:
            book = SeriesBook(kw["series_file"])
        except SeriesError as exc:
            console.print(Text(_("Personal bests are not available: %(error)s", error=said(exc)), style="yellow"))
        if book is not None:
            bk = book

            def final_sheet(pos: Position) -> RenderableType:
                return solo_sheet(pos, bests_text(bk, pos, seat_list[0]))

    session = PlaySession(position, seat_list, console, _reader(console), save_path=save_path,
                          bot_seed=position.seed % 1_000_003, final_sheet=final_sheet,
                          show_board=not kw["no_board"], hints=kw["hints"])
    try:
        outcome = session.run()
    except OSError as exc:  # the save file became unwritable mid-game
        raise _fail(_("could not save the game: %(error)s", error=str(exc)), 1) from exc
    except KeyboardInterrupt:
        # Ctrl-C while a bot thinks: every finished decision is already saved (if --save).
        raise _fail(_("interrupted; the game so far is in %(file)s", file=str(save_path)) if save_path
                    else _("interrupted"), 130) from None
    if outcome.finished and book is not None:
        spec = series_spec(position.title, position.scenario)
        assert spec is not None
        try:
            book.add_single(position, seat_list[0], spec.key)
        except OSError as exc:
            console.print(Text(_("Could not keep the score in %(file)s: %(error)s", file=str(book.path),
                                 error=str(exc)), style="yellow"))


def _resume(path: Path, players: int | None, seats: str | None, game: str | None) -> tuple[Position, list[str]]:
    try:
        record = read_record(path)
        t = title_of(record)
        position = t.replay(record)
    except (RecordFileError, RecordError) as exc:
        raise _fail(_("cannot resume %(file)s: %(error)s", file=str(path), error=said(exc)), 1) from exc
    if game is not None and game != t.name:
        raise _fail(_("%(file)s holds a game of %(title)s, not %(game)s", file=str(path), title=t.name, game=game))
    if players is not None and players != position.players:
        raise _fail(ngettext("%(file)s holds a %(n)s-player game, not %(players)s",
                             "%(file)s holds a %(n)s-player game, not %(players)s", position.players,
                             file=str(path), players=players))
    given = seats.split(",") if seats else stored_seats(record)
    if given is None:
        raise _fail(ngettext("%(file)s does not say who sits where; give --seats (one per seat, %(n)s in all)",
                             "%(file)s does not say who sits where; give --seats (one per seat, %(n)s in all)",
                             position.players, file=str(path)))
    try:
        seat_list = parse_seats(given, position.players, t.name)
        check_seats(seat_list, position)
        return position, seat_list
    except SeatError as exc:
        raise _fail(said(exc)) from exc


# --------------------------------------------------------------------------- the solo series


def _series(kw: dict[str, Any], given: dict[str, Any], pairs: list[str]) -> None:
    console = Console()
    if kw["resume"] is not None or kw["save"] is not None:
        raise _fail(_("--series keeps its own files (see --series-file); leave out --resume and --save"))
    if kw["players"] not in (None, 1):
        raise _fail(_("the solo series is for 1 player, not %(players)s", players=kw["players"]))
    try:
        book = SeriesBook(kw["series_file"])
    except SeriesError as exc:
        raise _fail(said(exc), 1) from exc
    if kw["series_status"]:
        console.print(status_view(book))
        return
    seats = (kw["seats"] or HUMAN).split(",")
    if len(seats) != 1:
        raise _fail(_("the solo series has one seat, but %(n)s were given (%(seats)s)", n=len(seats),
                      seats=kw["seats"]))
    try:
        t = title_named(kw["game"] or "snowdonia")
        t.scenario(kw["scenario"])
        settings = gather(t, 1, kw["scenario"], given, pairs)
        seat = check_seat(seats[0].strip(), t.name)
    except (SettingsError, SeriesError, KeyError) as exc:
        raise _fail(said(exc)) from exc
    explicit = bool(given or pairs or kw["game"] or kw["scenario"] or kw["seats"])
    request = SeriesRequest(t, kw["scenario"], settings, seat, explicit, kw["seed"])
    runner = SeriesRunner(book, request, console, _reader(console), new=kw["new_series"],
                          show_board=not kw["no_board"])
    try:
        runner.run()
    except SeriesError as exc:
        raise _fail(said(exc)) from exc
    except OSError as exc:
        raise _fail(_("could not save the series: %(error)s", error=str(exc)), 1) from exc
    except KeyboardInterrupt:
        raise _fail(_("interrupted; the series so far is in %(file)s", file=str(book.path)), 130) from None


def status_view(book: SeriesBook) -> RenderableType:
    """The series in progress (or the last one) and every personal best kept in the file."""
    parts: list[RenderableType] = [Text(_("Series file: %(file)s", file=str(book.path)), style="dim")]
    shown = book.current() or (book.series[-1] if book.series else None)
    if shown is not None and shown["game"] in title_names():
        t = title_named(shown["game"])
        shown_spec = next((s for s in t.settings if s.key == shown["setting"]), None)
        if shown_spec is not None:
            parts.append(series_table(book, shown, shown_spec))
    groups: dict[str, dict[str, Any]] = {}
    for item in [*book.series, *book.data["singles"]]:
        key = repr((item["compare"], item["seat"], item["setting"]))
        groups.setdefault(key, {"compare": item["compare"], "seat": item["seat"], "setting": item["setting"]})
    if not groups:
        parts.append(Text(_("No solo games yet: start a series with %(command)s.",
                            command="`snowdonia play --series`")))
    for group in groups.values():
        compare, seat, key = group["compare"], group["seat"], group["setting"]
        if compare["game"] not in title_names():
            continue  # a title that is not installed here
        t = title_named(compare["game"])
        spec = next((s for s in t.settings if s.key == key), None)
        if spec is None:
            continue
        words = settings_words(t, compare["settings"])
        heading = Text(_("Personal bests - %(title)s, %(settings)s, played by you", title=_(t.display_name),
                         settings=words) if seat == HUMAN else
                       _("Personal bests - %(title)s, %(settings)s, played by %(bot)s", title=_(t.display_name),
                         settings=words, bot=seat), style="bold")
        table = Table()
        table.add_column(_(spec.label))
        # i18n: the personal bests' columns: the best score, and where (which series or game) it was made
        table.add_column(_("best"), justify="right")
        table.add_column(_("where"))
        for value in spec.choices:
            best = book.best_for(compare, seat, key, value)
            table.add_row(value_label(spec, value), str(best.score) if best else "-", best.where if best else "")
        best_series = book.best_series(compare, seat, key)
        foot = (_("Best series: %(score)s (series %(number)s)", score=best_series[1],
                  number=best_series[0]["number"]) if best_series else _("Best series: none finished yet"))
        parts.append(Group(heading, table, Text(foot, style="bold")))
    return Group(*parts)


# --------------------------------------------------------------------------- replay


def build_replay() -> Callable[..., None]:
    """The `replay` command, its help in the current language."""

    def replay_command(
        file: Path = typer.Argument(..., metavar="FILE", help=_(  # noqa: B008 - built per call, in the language
            "A game record (JSON) of any title, written by play --save or the web app.")),
        check_only: bool = typer.Option(False, "--check", help=_(
            "Re-validate the record with the rules; exit 1 if it fails.")),
        to: int | None = typer.Option(None, "--to", help=_("Print the position after N decisions and stop.")),
        seat: int | None = typer.Option(None, "--seat", help=_(
            "Show the board as this player (1, 2, ...) sees it; default: the public view.")),
        lang: str | None = typer.Option(None, "--lang", help=_(
            "The language of the board and help: en, de or pl (default: the locale, LANGUAGE / LC_ALL / "
            "LC_MESSAGES / LANG; else English).")),
    ) -> None:
        replay(file, check_only, to, seat, lang)

    return replay_command


def replay(file: Path, check_only: bool = False, to: int | None = None, seat: int | None = None,
           lang: str | None = None) -> None:
    """Step through a game record (Enter next, b back, a number jumps, q quits)."""
    try:
        use(terminal_language(lang))
    except ValueError as exc:
        raise _fail(_("no catalogue for language %(lang)s; known: %(known)s", lang=repr(lang),
                      known=", ".join([*available(), PSEUDO]))) from exc
    console = Console()
    try:
        record = read_record(file)
    except RecordFileError as exc:
        raise _fail(said(exc), 1) from exc
    if check_only:
        result = check(record)
        typer.echo(result.message)
        if not result.ok:
            raise typer.Exit(1)
        return
    try:
        viewer = ReplayViewer(record, console, seat=None if seat is None else seat - 1,
                              seat_kinds=stored_seats(record))
    except (RecordError, ValueError) as exc:
        raise _fail(_("cannot replay %(file)s: %(error)s", file=str(file), error=said(exc)), 1) from exc
    if seat is not None and not 1 <= seat <= viewer.players:
        raise _fail(_("--seat must be 1..%(n)s", n=viewer.players))
    if to is not None:
        viewer.position(to)
        if to < 0 or to > viewer.last:
            message = _("--to must be 0..%(n)s for this record", n=viewer.last)
            raise _fail(message + (f" ({viewer.error})" if viewer.error else ""), 1 if viewer.error else 2)
        viewer.show(to)
        return
    viewer.run(_reader(console))


def register(app: typer.Typer) -> None:
    app.command("play")(build_play())
    app.command("replay", help=_("Step through a game record (Enter next, b back, a number jumps, q quits)."))(
        build_replay())

