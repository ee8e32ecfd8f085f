"""The terminal game loop: bots move by themselves, humans answer a numbered menu.

Input and output are injected (a `read_line(prompt)` function and a Rich `Console`), so the
same loop runs in a terminal, under Typer's CliRunner and in tests with scripted answers.
The loop speaks only the game protocol: the menu is `Position.legal_actions()` in the
title's words, the heading is `Position.pending(seat)`, the log is `Position.log()`, and the
game changes only through `Position.apply`, which refuses illegal moves without touching it.
It saves the record after every decision when asked to."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from snowdonia.bots import Bot, bot_kinds, check_bot, make_bot
from snowdonia.bots.levels import levels_line
from snowdonia.core.errors import ActionParseError, IllegalAction
from snowdonia.core.i18n import N_, _, ngettext, say, say_exception
from snowdonia.core.i18n import lang as current_lang
from snowdonia.core.protocol import Position
from snowdonia.i18n import translate_doc
from snowdonia.tui import view
from snowdonia.tui.howto import how_to_play_text
from snowdonia.tui.saving import record_with_seats, write_record

HUMAN = "human"
COMPACT_BELOW = 60  # terminal lines: below this the compact board (the whole one is ~90 lines)
ReadLine = Callable[[str], "str | None"]  # returns None at the end of input
SheetMaker = Callable[[Position], RenderableType]

# i18n: the command words (help, board, menu, log, score, rules, about, quit) are typed as they are
HELP = N_("""Answer with the number of a move, or type the move itself (e.g. %(examples)s).
Commands:
  ?  or help          this help
  board               draw the whole board (a small terminal shows a compact one)
  menu                the choices in full
  log [N]             the game log (the last N lines; all without N)
  score               the score so far
  rules [SECTION]     how to play: the goal, a round step by step, the areas, the end,
                      scoring and tips (`rules tips` shows one section)
  about [KIND [ID]]   the game's components in words: `about` lists the kinds,
                      `about %(kind)s` lists them, `about %(kind)s %(key)s` shows one
                      (a kind's name alone works too: `%(kind)s`)
  quit                stop playing (offers to save)
Enter alone shows the menu again.""")


class SeatError(ValueError):
    """Seats that do not fit the game; the message says what to change."""


def parse_seats(text: str | Sequence[str], players: int, game: str = "snowdonia") -> list[str]:
    """`human,greedy,random` -> one spec per seat, each `human` or a bot `make_bot` accepts."""
    seats = [s.strip() for s in (text.split(",") if isinstance(text, str) else text)]
    if any(not s for s in seats):
        raise SeatError(_("empty seat in %(seats)s: give one of human or a bot name per seat, comma separated",
                          seats=repr(text)))
    if len(seats) != players:
        raise SeatError(ngettext("%(n)s player needs %(n)s seat, but %(given)s were given (%(seats)s)",
                                 "%(n)s players need %(n)s seats, but %(given)s were given (%(seats)s)", players,
                                 given=len(seats), seats=", ".join(seats)))
    for s in seats:
        if s == HUMAN:
            continue
        try:
            make_bot(s, game=game)
        except ValueError as exc:
            # i18n: the level names, 'human' and the bots' names are typed as they are
            raise SeatError(_("seat %(seat)s: %(error)s; or 'human'. Levels, weakest first: %(levels)s; bots for "
                              "%(game)s: %(bots)s", seat=repr(s), error=say_exception(exc), levels=levels_line(game, _),
                              game=game, bots=", ".join(bot_kinds(game)))) from exc
    return seats


def check_seats(seats: Sequence[str], position: Position) -> None:
    """Refuse in words a seat's bot that cannot play this game's configuration (e.g. `ppo`
    in a scenario its network was not trained on), before the game starts."""
    for p, s in enumerate(seats):
        if s == HUMAN:
            continue
        try:
            check_bot(s, position)
        except ValueError as exc:
            raise SeatError(_("seat %(n)s (%(bot)s): %(error)s", n=p + 1, bot=s, error=say_exception(exc))) from exc


@dataclass
class Outcome:
    finished: bool  # the game reached its end
    saved_to: Path | None


class PlaySession:
    """One terminal game. `run()` plays until the game ends or a human quits.

    `final_sheet(position)` draws the score sheet (default: the title's own, or for one
    player the solo sheet, which never names a winner); `save_hint` says how to go on after a
    quit (default: `snowdonia play --resume FILE`)."""

    def __init__(
        self,
        position: Position,
        seats: Sequence[str],
        console: Console,
        read_line: ReadLine,
        save_path: Path | None = None,
        bot_seed: int = 0,
        final_sheet: SheetMaker | None = None,
        save_hint: str | None = None,
        clear_screen: bool = True,
        show_board: bool = True,
        banner: Callable[[], RenderableType] | None = None,
        hints: bool | None = None,
    ) -> None:
        self.position = position
        self.game_name = position.title.name
        self.seats = list(seats)
        self.console = console
        self.read_line = read_line
        self.save_path = save_path
        self.names = view.seat_names(position.players)
        self.bots: dict[int, Bot] = {
            p: make_bot(spec, seed=bot_seed * 10 + p, game=self.game_name, scenario=position.scenario)
            for p, spec in enumerate(self.seats) if spec != HUMAN
        }
        self.humans = [p for p, spec in enumerate(self.seats) if spec == HUMAN]
        self.shown_log = 0  # log events already printed
        self.final_sheet = final_sheet
        self.save_hint = save_hint
        self.clear_screen = clear_screen
        self.show_board = show_board  # False: the board only on `board` (small screens, screen readers)
        self.banner = banner  # a line shown under the board (the solo series' standing)
        # The `hint` command: asked for (play --hints), and always on in solo games.
        self.hints = position.players == 1 if hints is None else hints or position.players == 1
        self._used = 0  # lines the compact board and the log took on this screen
        self.review_budget = "normal"  # the review offered after a solo game (analysis budgets)

    # ------------------------------------------------------------------ the loop
    def run(self) -> Outcome:
        g = self.position
        self._intro()
        while not g.is_over:
            p = g.current_player
            assert p is not None
            if p in self.bots:
                self._bot_move(p)
                if not self.humans:
                    self._flush_log()
                continue
            if not self._human_move(p):
                return Outcome(finished=False, saved_to=self._quit())
            self._save()
        self._flush_log()
        self.console.print(self._board(self.humans[0] if self.humans else None))
        self.console.print(self.sheet())
        self._save()
        if self.save_path:
            self.console.print(_("The record is saved in %(path)s; watch it with: snowdonia replay %(path)s",
                                 path=self.save_path))
        if g.players == 1 and self.humans:  # issue 20: offered after every solo (and series) game
            from snowdonia.analysis.commands import offer_review

            offer_review(record_with_seats(g, self.seats), self.seats, self.console, self.read_line, self.save_path,
                         self.review_budget)
        return Outcome(finished=True, saved_to=self.save_path)

    def sheet(self) -> RenderableType:
        """The score sheet (final, or the score so far)."""
        if self.final_sheet is not None:
            return self.final_sheet(self.position)
        if self.position.players == 1:
            return solo_sheet(self.position)
        return view.score_sheet(self.position, self.seats)

    def _intro(self) -> None:
        g = self.position
        who = Text(_("%(title)s, %(players)s. Seats:", title=_(g.title.display_name),
                     players=ngettext("%(n)s player", "%(n)s players", g.players)) + " ")
        who.append_text(Text(", ").join(view.seat_text(p, spec) for p, spec in enumerate(self.seats)))
        self.console.print(who)
        self.console.print(_("Game seed %(seed)s. Type ? at any prompt for help.", seed=g.seed), style="dim")

    def _bot_move(self, p: int) -> None:
        g = self.position
        if self.console.is_terminal and self.humans:
            # A searching bot can take seconds; say so rather than look frozen.
            with self.console.status(_("%(who)s (%(bot)s) is thinking...", who=view.seat_name(p), bot=self.seats[p])):
                action = self.bots[p].choose(g)
        else:
            action = self.bots[p].choose(g)
        try:
            g.apply(action)
        except IllegalAction as exc:
            # A bot bug must not end a person's game: report it and take the first option.
            self.console.print(Text(_("Bot %(bot)s chose an illegal move (%(why)s); playing the first legal move instead.",
                                      bot=self.seats[p], why=exc), style="red"))
            g.apply(g.legal_actions()[0])
        self._save()

    # ------------------------------------------------------------------ a human decision
    def _human_move(self, p: int) -> bool:
        """Ask seat p until a legal move is applied (True) or they quit (False)."""
        g = self.position
        compact = self._compact()
        self._used = 0
        if self.show_board:
            if self.console.is_terminal and self.clear_screen:
                # A fresh screen per decision keeps the board in one place for a person.
                self.console.clear()
            drawn = self._board(p, compact=compact)
            if compact:
                self._used = len(self.console.render_lines(drawn, self.console.options, pad=False))
            self.console.print(drawn)
        if self.banner is not None:
            self.console.print(self.banner())
        self._flush_log(last=2 if compact else None)
        legal = g.legal_actions()
        self._menu(p, legal, compact=compact)
        prompt = _("%(who)s, your move (1-%(n)s, ? for help):", who=view.seat_name(p), n=len(legal)) + " "
        while True:
            line = self._ask(prompt)
            if line is None:
                return False
            text = line.strip()
            low = text.lower()
            words = low.split()
            if not text:
                self._menu(p, legal, compact=compact)
            elif low in ("?", "help", "h"):
                self._help(legal)
            elif low in ("quit", "q", "exit"):
                return False
            elif low in ("board", "board full"):
                self.console.print(self._board(p))
                self._menu(p, legal)
            elif low == "menu":
                self._menu(p, legal)
            elif low == "score":
                self.console.print(self.sheet())
            elif low == "hint":
                self._hint(p)
            elif words[0] == "log" and (len(words) == 1 or (len(words) == 2 and words[1].isdigit())):
                self._show_log(int(words[1]) if len(words) == 2 else None)
            elif words[0] == "rules" and len(words) <= 2:
                self._rules(words[1] if len(words) == 2 else None)
            elif words[0] == "about" or words[0] in self._component_kinds():
                self._about(words[1:] if words[0] == "about" else words)
            elif text.isdigit():
                n = int(text)
                if 1 <= n <= len(legal):
                    g.apply(legal[n - 1])
                    return True
                self.console.print(Text(_("There is no move %(n)s: choose a number from 1 to %(last)s.", n=n,
                                          last=len(legal)), style="red"))
            else:
                try:
                    g.apply(text)
                except IllegalAction as exc:
                    # the engine's reason in the language (its whole English sentence in English)
                    why = str(exc)
                    if current_lang() != "en" and exc.reason is not None:
                        why = say(exc.reason)
                    elif current_lang() != "en" and isinstance(exc, ActionParseError):  # the parser's help is English
                        why = _("%(text)s is not a move of this game", text=repr(text))
                    self.console.print(Text(_("Refused: %(why)s", why=why), style="red"))
                    self.console.print(_("The game is unchanged; choose again (Enter shows the menu)."))
                    continue
                return True

    def _compact(self) -> bool:
        """A terminal too short for the whole board with the menu (80x24, 100x40): the compact
        board, the last log lines and the menu in columns; `board` shows everything."""
        return self.console.is_terminal and self.console.height < COMPACT_BELOW

    def _menu(self, p: int, legal: list[Any], compact: bool = False) -> None:
        g = self.position
        menu = Text()
        pending = g.pending(p)
        if pending is not None:
            menu.append_text(view.decision_heading(pending, g.title))
        if compact:
            self.console.print(view.colour_names(menu, g.players))
            self._menu_columns(legal)
            return
        for i, a in enumerate(legal, 1):
            menu.append(f"\n{i:>3}) ", style="bold")
            menu.append(view.action_text(g, a))
            menu.append(f"   [{a}]", style="dim")
        self.console.print(view.colour_names(menu, g.players))

    def _hint(self, p: int) -> None:
        from snowdonia.tui import hints

        if not self.hints:
            self.console.print(Text(_(hints.OFF), style="yellow"))
            return
        hints.hint(self.position, p, self.console, seed=self.position.moves)
    def _menu_columns(self, legal: list[Any]) -> None:
        """The choices one line each, in two columns when there are many, cut to the width
        (`menu` prints them whole)."""
        g = self.position
        width = self.console.width
        cols = 2 if len(legal) > 6 and width >= 70 else 1
        cell = width // cols - 1
        labels = [f"{i:>2}) {view.action_text(g, a)}" for i, a in enumerate(legal, 1)]
        rows = (len(labels) + cols - 1) // cols
        # What the screen has left under the board and the log (heading, hint, prompt: 3 lines).
        room = max(3, self.console.height - self._used - 4)
        if rows > room:
            rows = room - 1
            hidden = len(labels) - rows * cols
            labels = labels[:rows * cols]
        else:
            hidden = 0
        for r in range(rows):
            line = Text()
            for c in range(cols):
                k = r + c * rows
                if k < len(labels):
                    s = labels[k]
                    s = s if len(s) <= cell else s[:cell - 1] + "…"
                    line.append(s.ljust(cell) + (" " if c + 1 < cols else ""))
            self.console.print(view.colour_names(line, g.players), no_wrap=True, overflow="ellipsis")
        if hidden:
            self.console.print(Text(_("… and %(n)s more: type `menu` to list them all", n=hidden), style="bold"))
        self.console.print(Text(_("`menu`: the choices in full · `board`: the whole table · `rules`: how to play"),
                                style="dim"), no_wrap=True, overflow="ellipsis")

    def _help(self, legal: list[Any]) -> None:
        kinds = self._component_kinds()
        kind = kinds[0] if kinds else "cards"
        entries = self._components().get(kind)
        key = next(iter(entries)) if isinstance(entries, dict) and entries else "1"
        examples = ", ".join(f"`{a}`" for a in legal[:2]) or "`pass`"  # the moves' text form: not translated
        text = _(HELP, examples=examples, kind=kind, key=key)
        if self.hints:
            from snowdonia.tui.hints import HELP_LINE

            text = text.replace("\n  quit", "\n" + _(HELP_LINE) + "\n  quit", 1)
        self.console.print(text, markup=False, highlight=False)

    def _ask(self, prompt: str) -> str | None:
        try:
            return self.read_line(prompt)
        except (EOFError, KeyboardInterrupt):
            return None

    def _rules(self, section: str | None) -> None:
        g = self.position
        try:
            doc = translate_doc(g.title.how_to_play(g.scenario))
            self.console.print(how_to_play_text(doc, section))
        except NotImplementedError:
            self.console.print(_("This game has no rules summary; `about` lists its components in words."))
        except KeyError as exc:
            self.console.print(Text(str(exc.args[0]), style="red"))

    # ------------------------------------------------------------------ components in words
    def _components(self) -> dict[str, Any]:
        try:
            comps = self.position.title.words.components(self.position)
        except (AttributeError, NotImplementedError):
            return {}
        return comps if isinstance(comps, dict) else {}

    def _component_kinds(self) -> list[str]:
        return [k for k, v in self._components().items() if isinstance(v, dict) and v]

    def _about(self, args: list[str]) -> None:
        comps = self._components()
        kinds = self._component_kinds()
        if not args:
            self.console.print(_("Components in words: %(kinds)s. Type `about KIND` or `about KIND KEY`.",
                                 kinds=", ".join(kinds) or _("none")), markup=False, highlight=False)
            return
        kind = args[0]
        if kind not in kinds:
            self.console.print(Text(_("There is no kind %(kind)s; choose one of %(kinds)s.", kind=repr(kind),
                                      kinds=", ".join(kinds)), style="red"))
            return
        entries: dict[str, Any] = comps[kind]
        keys = [str(k) for k in entries]
        if len(args) > 1:
            want = args[1].lstrip("#").lower()
            match = [k for k in keys if k.lower() == want]
            if not match:
                # i18n: %(kind)s is a component kind as typed after `about` (contracts, stations, ...)
                self.console.print(Text(_("No %(kind)s %(key)s; there are: %(keys)s.", kind=kind, key=repr(args[1]),
                                          keys=", ".join(keys)), style="red"))
                return
            keys = match
        lines = []
        for k in keys:
            text = _entry_text(entries[k])
            # An entry that names itself ("#28 (A): ...") needs no key in front.
            lines.append(text if text.lstrip("#").startswith(k) else f"{k}: {text}")
        self.console.print(Text("\n".join(lines)))

    # ------------------------------------------------------------------ output helpers
    def _board(self, seat: int | None, compact: bool = False) -> RenderableType:
        return view.board(self.position, seat, self.seats, width=self.console.width, compact=compact,
                          names=self.names)

    def _flush_log(self, last: int | None = None) -> None:
        """The log since it was last shown (`last`: only its last lines; `log` shows all)."""
        events = self.position.log()
        new = events[self.shown_log:]
        self.shown_log = len(events)
        if new and last is not None:
            shown = new[-last:]
            self._used += len(shown) + 1
            more = " " + _("(last %(n)s of %(all)s; `log` for all)", n=len(shown), all=len(new)) if len(new) > len(shown) else ""
            self.console.print(Text(_("What happened") + more + ":", style="dim"), no_wrap=True, overflow="ellipsis")
            for line in view.log_text(self.position, shown, self.names).split("\n"):
                self.console.print(line, no_wrap=True, overflow="ellipsis")
        elif new:
            self.console.rule(_("What happened"), style="dim")
            self.console.print(view.log_text(self.position, new, self.names))

    def _show_log(self, last: int | None) -> None:
        events = self.position.log()
        if last is not None:
            events = events[-last:] if last else []
        if not events:
            self.console.print("(the log is empty)")
            return
        self.console.print(view.log_text(self.position, events, self.names))

    # ------------------------------------------------------------------ saving
    def _save(self) -> None:
        if self.save_path is not None:
            write_record(self.save_path, self.position, self.seats)

    def _quit(self) -> Path | None:
        """Stop; save where asked, or offer to."""
        if self.save_path is not None:
            self._save()
            hint = self.save_hint or f"snowdonia play --resume {self.save_path}"
            self.console.print(_("Game saved to %(path)s. Continue it with: %(hint)s", path=self.save_path, hint=hint))
            return self.save_path
        answer = self._ask(_("Save the game before quitting? File name (Enter: quit without saving):") + " ")
        if answer and answer.strip():
            path = Path(answer.strip())
            try:
                write_record(path, self.position, self.seats)
            except OSError as exc:
                self.console.print(Text(_("Could not save to %(path)s: %(error)s", path=str(path), error=str(exc)), style="red"))
                return None
            self.console.print(_("Game saved to %(path)s. Continue it with: %(hint)s", path=path,
                                 hint="snowdonia play --resume " + str(path)))
            return path
        self.console.print(_("Quit without saving."))
        return None


def _entry_text(entry: Any) -> str:
    if isinstance(entry, dict):
        for key in ("text", "name", "effect"):
            if entry.get(key):
                return str(entry[key])
        return ", ".join(f"{k} {v}" for k, v in entry.items())
    return str(entry)


def solo_sheet(position: Position, comparison: RenderableType | None = None) -> RenderableType:
    """A 1-player game's sheet: the score lines and the score, never a winner."""
    res = position.result()
    final = res.get("final", position.is_over)
    parts: list[RenderableType] = [view.solo_lines(position)]
    if final:
        extra = [ngettext("after %(n)s round", "after %(n)s rounds", res["rounds"]) if res.get("rounds") else "",
                 _(str(res.get("end_reason"))) if res.get("end_reason") else ""]
        if any(extra):
            parts.append(Text(_("Game over") + " " + "; ".join(x for x in extra if x), style="dim"))
    if comparison is not None:
        parts.append(comparison)
    return Panel(Group(*parts), title=_("Solo score sheet") if final else _("Score so far (the game is not over)"),
                 title_align="left", expand=False)
