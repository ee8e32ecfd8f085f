"""The solo series in the terminal (seed 004 "Solitaire Play": "You play a series of 7 games
each with a different starting Train card, starting with No. 1 and ending with No. 7 ... to
see if you can beat your previous scores").

A series walks through the choices of the title's solo setting (`settings.series_spec`:
Snowdonia's solo train, No. 1 to No. 7), one game per choice. Everything is kept in one
file in the user's data folder (`SeriesBook`, JSON written atomically), and each game's
record in a folder beside it, written after every decision, so a series resumes after the
program is killed, a half-played game included. Personal bests are per choice (per train)
and per whole series, over games of the same title, scenario, other settings and seat kind
(a bot's series never beats your own); single solo games played with `snowdonia play`
count towards the best per train too.
"""

from __future__ import annotations

import datetime as _dt
import os
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs
from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from snowdonia.bots import make_bot
from snowdonia.core.errors import RecordError, SettingsError
from snowdonia.core.i18n import N_, _, lang, ngettext, say_exception
from snowdonia.core.protocol import Position, SettingSpec, Title
from snowdonia.registry import title as title_named
from snowdonia.tui.loop import HUMAN, PlaySession, ReadLine, solo_sheet
from snowdonia.tui.saving import RecordFileError, read_json_object, read_record, write_json
from snowdonia.tui.settings import series_spec

SERIES_ENV = "SNOWDONIA_SERIES_FILE"
FORMAT = "snowdonia-solo-series"
VERSION = 1


class SeriesError(ValueError):
    """A series cannot be started or continued; the message says why and what to do."""


def default_path() -> Path:
    """$SNOWDONIA_SERIES_FILE, else solo-series.json in the user's data folder."""
    env = os.environ.get(SERIES_ENV)
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir("snowdonia", appauthor=False)) / "solo-series.json"


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")


def value_label(spec: SettingSpec, value: Any) -> str:
    """'Solo train No. 4' (a numbered choice) or 'Label value'."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{_(spec.label)} {_short(value)}"
    return f"{_(spec.label)} {value}"


def _short(value: Any) -> str:
    return _("No. %(n)s", n=value) if isinstance(value, int) and not isinstance(value, bool) else str(value)


def comparable(position: Position, key: str) -> dict[str, Any]:
    """What makes two solo games' scores comparable: the title, the scenario and every
    setting except the one the series walks through."""
    return {"game": position.title.name, "scenario": position.scenario,
            "settings": {k: v for k, v in sorted(position.settings.items()) if k != key}}


def settings_words(title: Title, settings: dict[str, Any]) -> str:
    """The settings that differ from the title's defaults, in words ('default settings')."""
    specs = {s.key: s for s in title.settings}
    parts = [f"{_(specs[k].label) if k in specs else k} {v}" for k, v in settings.items()
             if k not in specs or specs[k].default != v]
    return ", ".join(parts) or _("default settings")


@dataclass
class Best:
    score: int | float
    where: str  # "series 2, game 4" or "a single game on 2026-11-26" (in the current language)


class SeriesBook:
    """The series file: every series and every single solo game, with their scores."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.data: dict[str, Any] = self._load()

    @property
    def games_dir(self) -> Path:
        return self.path.with_name(self.path.stem + "-games")

    def _load(self) -> dict[str, Any]:
        if not self.path.exists():
            return {"format": FORMAT, "version": VERSION, "series": [], "singles": []}
        try:
            data = read_json_object(self.path, N_("a solo series file"))
        except RecordFileError as exc:
            raise SeriesError(str(exc)) from exc
        if data.get("format") != FORMAT or not isinstance(data.get("series"), list):
            raise SeriesError(_("%(file)s is not a solo series file (format %(format)s); give another file with "
                                "--series-file or $%(env)s", file=str(self.path), format=repr(data.get("format")),
                                env=SERIES_ENV))
        if data.get("version", VERSION) > VERSION:
            raise SeriesError(_("%(file)s was written by a newer snowdonia (series file version %(version)s); "
                                "update snowdonia to read it", file=str(self.path), version=data.get("version")))
        data.setdefault("singles", [])
        return data

    def save(self) -> None:
        write_json(self.path, self.data)

    # ------------------------------------------------------------------ queries
    @property
    def series(self) -> list[dict[str, Any]]:
        return self.data["series"]  # type: ignore[no-any-return]

    def current(self) -> dict[str, Any] | None:
        """The series being played (at most one at a time)."""
        return next((s for s in self.series if s["status"] == "playing"), None)

    def record_path(self, game: dict[str, Any]) -> Path:
        return self.games_dir / str(game["record"])

    def best_for(self, compare: dict[str, Any], seat: str, key: str, value: Any,
                 skip: tuple[int, int] | None = None, skip_single: int | None = None) -> Best | None:
        """The best finished score with `value` of the series setting among comparable games
        (leaving out one series game `skip` = (series number, game index), or one single)."""
        best: Best | None = None
        for s in self.series:
            if s["compare"] != compare or s["seat"] != seat or s["setting"] != key:
                continue
            for i, g in enumerate(s["games"]):
                if g["status"] != "finished" or g["value"] != value or skip == (s["number"], i):
                    continue
                if best is None or g["score"] > best.score:
                    best = Best(g["score"], _("series %(number)s, game %(n)s", number=s["number"], n=i + 1))
        for i, single in enumerate(self.data["singles"]):
            if (single["compare"] != compare or single["seat"] != seat or single["setting"] != key
                    or single["value"] != value or i == skip_single):
                continue
            if best is None or single["score"] > best.score:
                best = Best(single["score"], _("a single game on %(date)s", date=single["ended"][:10]))
        return best

    def best_series(self, compare: dict[str, Any], seat: str, key: str,
                    skip: int | None = None) -> tuple[dict[str, Any], int | float] | None:
        """The finished comparable series with the highest total, and that total."""
        best: tuple[dict[str, Any], int | float] | None = None
        for s in self.series:
            if (s["status"] != "finished" or s["number"] == skip or s["compare"] != compare
                    or s["seat"] != seat or s["setting"] != key):
                continue
            total = sum(g["score"] for g in s["games"])
            if best is None or total > best[1]:
                best = (s, total)
        return best

    # ------------------------------------------------------------------ changes
    def start_series(self, first: Position, key: str, values: Sequence[Any], settings: dict[str, Any],
                     seat: str, seed: int | None) -> dict[str, Any]:
        number = max((s["number"] for s in self.series), default=0) + 1
        series = {
            "number": number, "game": first.title.name, "scenario": first.scenario, "setting": key,
            "values": list(values), "settings": dict(settings), "compare": comparable(first, key),
            "seat": seat, "seed": seed, "status": "playing", "started": _now(), "ended": None, "games": [],
        }
        self.series.append(series)
        self._add_game(series, first.seed)
        self.save()
        return series

    def _add_game(self, series: dict[str, Any], seed: int) -> dict[str, Any]:
        i = len(series["games"])
        game = {"value": series["values"][i], "seed": seed, "status": "playing",
                "record": f"series-{series['number']}-game-{i + 1}.json", "score": None, "lines": None,
                "started": _now(), "ended": None}
        series["games"].append(game)
        return game

    def next_game(self, series: dict[str, Any], seed: int) -> dict[str, Any]:
        """The next game of the series begins (its record file is written at its first decision)."""
        game = self._add_game(series, seed)
        self.save()
        return game

    def finish_game(self, series: dict[str, Any], game: dict[str, Any], position: Position) -> None:
        res = position.result()
        game["status"] = "finished"
        game["score"] = res["scores"][0]
        game["lines"] = ((res.get("breakdown") or [{}])[0]).get("lines")
        game["ended"] = _now()
        if len(series["games"]) == len(series["values"]):
            series["status"] = "finished"
            series["ended"] = _now()
        self.save()

    def abandon(self, series: dict[str, Any]) -> None:
        series["status"] = "abandoned"
        series["ended"] = _now()
        self.save()

    def single_index(self, position: Position, seat: str, key: str) -> int | None:
        for i, s in enumerate(self.data["singles"]):
            if (s["seed"] == position.seed and s["moves"] == position.moves and s["seat"] == seat
                    and s["compare"] == comparable(position, key) and s["value"] == position.settings.get(key)):
                return i
        return None

    def add_single(self, position: Position, seat: str, key: str) -> None:
        """Keep a finished single solo game's score (once, however often it is resumed)."""
        if self.single_index(position, seat, key) is not None:
            return
        self.data["singles"].append({
            "compare": comparable(position, key), "setting": key, "value": position.settings.get(key),
            "seat": seat, "seed": position.seed, "moves": position.moves,
            "score": position.result()["scores"][0], "ended": _now()})
        self.save()


# --------------------------------------------------------------------------- words


def comparison(position: Position, best: Best | None, label: str, seat: str) -> Text:
    """How this solo score compares with the personal best for its train (the best before
    this game): a new best, equal, or how far short; 'so far' while the game goes on."""
    score = position.result()["scores"][0]
    you = seat == HUMAN
    if not position.is_over:
        if best is None:
            return Text(_("No finished game with %(label)s yet: this one will set your best.", label=label) if you
                        else _("No finished game with %(label)s yet: this one will set %(bot)s's best.", label=label,
                               bot=seat), style="dim")
        p = {"label": label, "best": best.score, "where": best.where, "score": score}
        return Text(_("Your best with %(label)s: %(best)s (%(where)s); %(score)s so far.", **p) if you
                    else _("%(bot)s's best with %(label)s: %(best)s (%(where)s); %(score)s so far.", bot=seat, **p),
                    style="dim")
    out = Text()
    if best is None:
        out.append(_("Score %(score)s: the first finished game with %(label)s, so it is your best.", score=score,
                     label=label) if you else
                   _("Score %(score)s: the first finished game with %(label)s, so it is %(bot)s's best.", score=score,
                     label=label, bot=seat), style="bold")
    elif score > best.score:
        out.append(_("Score %(score)s: a new personal best with %(label)s!", score=score, label=label) + " ",
                   style="bold green")
        out.append(_("(+%(gain)s on %(best)s, %(where)s)", gain=score - best.score, best=best.score, where=best.where))
    elif score == best.score:
        out.append(_("Score %(score)s: equals your best with %(label)s (%(where)s).", score=score, label=label,
                     where=best.where) if you else
                   _("Score %(score)s: equals %(bot)s's best with %(label)s (%(where)s).", score=score, label=label,
                     where=best.where, bot=seat), style="bold")
    else:
        p = {"score": score, "short": best.score - score, "label": label, "best": best.score, "where": best.where}
        out.append(_("Score %(score)s: %(short)s short of your best with %(label)s, %(best)s (%(where)s).", **p)
                   if you else
                   _("Score %(score)s: %(short)s short of %(bot)s's best with %(label)s, %(best)s (%(where)s).",
                     bot=seat, **p), style="bold")
    return out


def series_table(book: SeriesBook, series: dict[str, Any], spec: SettingSpec) -> RenderableType:
    """Every game of the series with its score, the best per train, the running total and
    the best series."""
    key, compare, seat = series["setting"], series["compare"], series["seat"]
    t = title_named(series["game"])
    p = {"number": series["number"], "title": _(t.display_name), "scenario": _(t.scenario(series["scenario"]).name),
         "settings": settings_words(t, compare["settings"])}
    head = (_("Solo series %(number)s - %(title)s, %(scenario)s; %(settings)s; played by you", **p) if seat == HUMAN
            else _("Solo series %(number)s - %(title)s, %(scenario)s; %(settings)s; played by %(bot)s", bot=seat, **p))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    # i18n: the solo series table's columns: the game's number, the train, its score, the personal best
    for col, just in ((_("game"), "right"), (_(spec.label), "left"), (_("score"), "right"),
                      (_("personal best"), "right"), ("", "left")):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    total = 0
    for i, value in enumerate(series["values"]):
        game = series["games"][i] if i < len(series["games"]) else None
        best = book.best_for(compare, seat, key, value)
        best_text = f"{best.score} ({best.where})" if best else "-"
        note = Text("")
        if game is None:
            score = Text("-", style="dim")
        elif game["status"] != "finished":
            # i18n: the series table: a game in progress
            score = Text(_("playing"), style="yellow")
        else:
            total += game["score"]
            score = Text(str(game["score"]), style="bold")
            before = book.best_for(compare, seat, key, value, skip=(series["number"], i))
            if before is None:
                # i18n: the series table: the first finished game with this train
                note = Text(_("first"), style="dim")
            elif game["score"] > before.score:
                note = Text(_("new best (+%(gain)s)", gain=game["score"] - before.score), style="bold green")
            elif game["score"] == before.score:
                note = Text(_("equals best"))
            else:
                note = Text(_("%(diff)s on best", diff=game["score"] - before.score), style="dim")
        table.add_row(str(i + 1), _short(value), score, best_text, note)
    done = [g for g in series["games"] if g["status"] == "finished"]
    foot = Text(_("Running total: %(total)s after %(done)s of %(n)s games", total=total, done=len(done),
                  n=len(series["values"])), style="bold")
    best_series = book.best_series(compare, seat, key, skip=series["number"])
    if best_series is None:
        foot.append("   " + _("Best series: none finished yet"))
    else:
        other, best_total = best_series
        foot.append("   " + _("Best series: %(score)s (series %(number)s)", score=best_total, number=other["number"]))
        pace = sum(g["score"] for g in other["games"][: len(done)])
        if done and series["status"] != "finished":
            diff = total - pace
            signed = ("+" if diff >= 0 else "") + str(diff)
            foot.append("; " + ngettext("after %(n)s game it had %(pace)s (%(diff)s)",
                                        "after %(n)s games it had %(pace)s (%(diff)s)", len(done), pace=pace,
                                        diff=signed))
    if series["status"] == "finished":
        if best_series is None or total > best_series[1]:
            foot.append("\n" + _("Series complete: a new personal best series!"), style="bold green")
        else:
            foot.append("\n" + (_("Series complete: %(short)s short of your best series", short=best_series[1] - total)
                                if total < best_series[1] else _("Series complete: equals your best series")))
    return Group(Text(head, style="bold"), table, foot)


# --------------------------------------------------------------------------- the series in the terminal


@dataclass
class SeriesRequest:
    """What `snowdonia play --series` was asked: None = not given (keep the series' own)."""

    title: Title
    scenario: str | None
    settings: dict[str, Any]
    seat: str
    explicit: bool  # the user gave a game, scenario, settings or a seat
    seed: int | None = None


class SeriesRunner:
    """Starts or resumes the series and plays its games one after another."""

    def __init__(self, book: SeriesBook, request: SeriesRequest, console: Console, read_line: ReadLine,
                 new: bool = False, clear_screen: bool = True, show_board: bool = True) -> None:
        self.book = book
        self.request = request
        self.console = console
        self.read_line = read_line
        self.new = new
        self.clear_screen = clear_screen
        self.show_board = show_board
        self.session: PlaySession | None = None  # the game being played

    def _spec(self, title: Title, scenario: str | None) -> SettingSpec:
        spec = series_spec(title, scenario)
        if spec is None:
            raise SeriesError(_("%(title)s has no solo series (no 1-player game with a setting to walk through)",
                                title=_(title.display_name)))
        return spec

    def _matches(self, series: dict[str, Any]) -> bool:
        """Whether the request asks for this series: the same title, seat, scenario and
        settings (compared as the title fills them in, so an explicit default matches)."""
        r = self.request
        if series["game"] != r.title.name or series["seat"] != r.seat:
            return False
        if r.scenario is not None and r.scenario != series["scenario"]:
            return False
        try:
            probe = r.title.new_game(1, seed=0, scenario=series["scenario"],
                                     **{**r.settings, series["setting"]: series["values"][0]})
        except (SettingsError, ValueError):
            return False
        return comparable(probe, series["setting"]) == series["compare"]

    def _game_position(self, series: dict[str, Any], index: int, seed: int | None) -> Position:
        t = title_named(series["game"])
        settings = dict(series["settings"])
        settings[series["setting"]] = series["values"][index]
        try:
            return t.new_game(1, seed=seed, scenario=series["scenario"], **settings)
        except (SettingsError, ValueError) as exc:
            raise SeriesError(_("cannot set up game %(n)s of the series: %(error)s", n=index + 1,
                                error=say_exception(exc))) from exc

    def _seed_for(self, series: dict[str, Any], index: int) -> int | None:
        base = series.get("seed")
        return None if base is None else base + index

    def start(self) -> dict[str, Any]:
        """The series to play: the one in progress, or a new one."""
        current = self.book.current()
        if current is not None and self.new:
            self.book.abandon(current)
            self.console.print(_("Series %(number)s is abandoned (it no longer counts for the best series; its "
                                 "finished games still count for the best per train).", number=current["number"]))
            current = None
        if current is not None:
            if self.request.explicit and not self._matches(current):
                t = title_named(current["game"])
                done = sum(1 for g in current["games"] if g["status"] == "finished")
                # i18n: `snowdonia play --series` and `--new-series` are typed as they are
                raise SeriesError(_(
                    "series %(number)s (%(title)s, %(settings)s, played by %(seat)s) is in progress with %(done)s "
                    "of %(n)s games finished. Continue it with %(command)s (no settings), or abandon it and start a "
                    "new one with %(new)s.", number=current["number"], title=_(t.display_name),
                    settings=settings_words(t, current["compare"]["settings"]), seat=current["seat"], done=done,
                    n=len(current["values"]), command="`snowdonia play --series`", new="`--new-series`"))
            return current
        r = self.request
        spec = self._spec(r.title, r.scenario)
        if spec.key in r.settings:
            # i18n: %(label)s is the setting's name (English lower-cases it: "the solo train")
            raise SeriesError(_("the series chooses the %(label)s itself (%(choices)s in turn): leave out %(option)s",
                                label=spec.label.lower() if lang() == "en" else _(spec.label),
                                choices=", ".join(map(str, spec.choices)), option="--" + spec.key.replace("_", "-")))
        first_seed = r.seed if r.seed is not None else random.SystemRandom().getrandbits(62)
        settings = dict(r.settings)
        try:
            first = r.title.new_game(1, seed=first_seed, scenario=r.scenario, **{**settings, spec.key: spec.choices[0]})
        except (SettingsError, ValueError) as exc:
            raise SeriesError(say_exception(exc)) from exc
        series = self.book.start_series(first, spec.key, spec.choices, settings, r.seat, r.seed)
        self.console.print(Text(_("Solo series %(number)s begins: %(n)s games, %(first)s to %(last)s.",
                                  number=series["number"], n=len(spec.choices), first=value_label(spec, spec.choices[0]),
                                  last=value_label(spec, spec.choices[-1])), style="bold"))
        return series

    def run(self) -> bool:
        """Play until the series ends (True) or the player stops (False)."""
        series = self.start()
        t = title_named(series["game"])
        spec = next(s for s in t.settings if s.key == series["setting"])
        self.console.print(series_table(self.book, series, spec))
        seat = series["seat"]
        values = series["values"]
        while True:
            games = series["games"]
            game: dict[str, Any] | None = None
            position: Position | None = None
            if games and games[-1]["status"] == "playing":
                index, game = len(games) - 1, games[-1]
                position = self._load_game(series, index, game)
            elif len(games) < len(values):
                index = len(games)
            else:
                return True
            # A person starts (or goes on with) each game when ready, having seen the table.
            if seat == HUMAN and not self._want_next(series, spec, index, position):
                self.console.print(_("The series waits for you: continue it with %(command)s.",
                                     command="`snowdonia play --series`"))
                return False
            if game is None:
                seed = self._seed_for(series, index)
                game = self.book.next_game(series, seed if seed is not None else random.SystemRandom().getrandbits(62))
            if position is None:
                position = self._load_game(series, index, game)
            label = value_label(spec, values[index])
            best = self.book.best_for(series["compare"], seat, series["setting"], values[index],
                                      skip=(series["number"], index))
            self.console.rule(_("Solo series %(number)s, game %(n)s of %(total)s: %(label)s", number=series["number"],
                                n=index + 1, total=len(values), label=label))

            def sheet(pos: Position, best: Best | None = best, label: str = label) -> RenderableType:
                return solo_sheet(pos, comparison(pos, best, label, seat))

            def banner(index: int = index, best: Best | None = best, label: str = label) -> RenderableType:
                return self._banner(series, index, label, best)

            bot_seed = (position.seed if isinstance(position.seed, int) else 0) % 1_000_003
            session = PlaySession(position, [seat], self.console, self.read_line,
                                  save_path=self.book.record_path(game), bot_seed=bot_seed, final_sheet=sheet,
                                  save_hint="snowdonia play --series", clear_screen=self.clear_screen,
                                  show_board=self.show_board, banner=banner)
            self.session = session
            outcome = session.run()
            if not outcome.finished:
                self.console.print(_("Series %(number)s is saved with game %(n)s half played; continue it with "
                                     "%(command)s.", number=series["number"], n=index + 1,
                                     command="`snowdonia play --series`"))
                return False
            self.book.finish_game(series, game, position)
            self.console.print(series_table(self.book, series, spec))
            if series["status"] == "finished":
                self.console.print(_("A new series begins the next time you run %(command)s.",
                                     command="`snowdonia play --series`"))
                return True

    def _banner(self, series: dict[str, Any], index: int, label: str, best: Best | None) -> Text:
        """One line under the board: where the series stands and the best to beat."""
        total = sum(g["score"] for g in series["games"] if g["status"] == "finished")
        text = Text(_("Solo series %(number)s · game %(n)s of %(total)s · %(label)s · running total %(sum)s",
                      number=series["number"], n=index + 1, total=len(series["values"]), label=label, sum=total)
                    + " · ", style="bold")
        if best is None:
            text.append(_("no finished game with this train yet"))
        elif series["seat"] == HUMAN:
            text.append(_("your best with this train: %(best)s (%(where)s)", best=best.score, where=best.where))
        else:
            text.append(_("%(bot)s's best with this train: %(best)s (%(where)s)", bot=series["seat"], best=best.score,
                          where=best.where))
        return text

    def _load_game(self, series: dict[str, Any], index: int, game: dict[str, Any]) -> Position:
        """The game in progress: from its record file if a decision was saved, else from its seed."""
        path = self.book.record_path(game)
        if not path.exists():
            return self._game_position(series, index, game["seed"])
        try:
            record = read_record(path)
            t = title_named(series["game"])
            return t.replay(record)
        except (RecordFileError, RecordError) as exc:
            raise SeriesError(_("game %(n)s of series %(number)s cannot be resumed from %(file)s: %(error)s",
                                n=index + 1, number=series["number"], file=str(path),
                                error=say_exception(exc))) from exc

    def _want_next(self, series: dict[str, Any], spec: SettingSpec, index: int,
                   position: Position | None) -> bool:
        label = value_label(spec, series["values"][index])
        n = len(series["values"])
        # i18n: the keys Enter and q are typed as they are
        keys = _("(Enter: yes, q: stop for now):") + " "
        if position is None or position.moves == 0:
            question = _("Play game %(n)s of %(total)s with %(label)s now?", n=index + 1, total=n, label=label)
        else:
            question = ngettext("Continue game %(game)s of %(total)s with %(label)s (%(n)s decision made)?",
                                "Continue game %(game)s of %(total)s with %(label)s (%(n)s decisions made)?",
                                position.moves, game=index + 1, total=n, label=label)
        question += " " + keys
        while True:
            try:
                answer = self.read_line(question)
            except (EOFError, KeyboardInterrupt):
                answer = None
            if answer is None:
                return False
            a = answer.strip().lower()
            if a in ("", "y", "yes", _("y").lower(), _("yes").lower()):
                return True
            if a in ("q", "n", "no", "quit", "stop"):
                return False
            self.console.print(_("Press Enter to play, or q to stop for now."))


def check_seat(seat: str, game: str) -> str:
    """`human` or a bot spec of the title (a series has one seat)."""
    if seat == HUMAN:
        return seat
    try:
        make_bot(seat, game=game)
    except ValueError as exc:
        raise SeriesError(_("seat %(seat)s: %(error)s; or 'human'", seat=repr(seat), error=say_exception(exc))) from exc
    return seat


def bests_text(book: SeriesBook, position: Position, seat: str) -> Text | None:
    """For a single solo game: how it compares with the best for its choice (None if the
    title has no series setting)."""
    spec = series_spec(position.title, position.scenario)
    if spec is None:
        return None
    value = position.settings.get(spec.key)
    skip = book.single_index(position, seat, spec.key)
    best = book.best_for(comparable(position, spec.key), seat, spec.key, value, skip_single=skip)
    return comparison(position, best, value_label(spec, value), seat)

