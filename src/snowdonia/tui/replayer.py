"""Stepping through a game record, and re-validating one (`snowdonia replay`), for any title.

Positions are rebuilt with the title's own rules (`Title.replay` for the set-up, then one
`Position.apply` per step), so a record that shows here is a record the rules accept. Each
shown position is an independent copy (`Title.restore(snapshot())`), log included."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.text import Text

from snowdonia.core.errors import IllegalAction, RecordError, SettingsError
from snowdonia.core.i18n import N_, _, ngettext, say
from snowdonia.core.protocol import Position, Title
from snowdonia.core.records import check_record, record_game
from snowdonia.registry import title as title_named
from snowdonia.tui import view
from snowdonia.tui.loop import ReadLine, solo_sheet

# i18n: the replay's keys: Enter, b, a number and q are typed as they are (not translated)
HELP = N_("Enter: next decision   b: back   a number: jump to that decision   q: quit")


def title_of(record: dict[str, Any]) -> Title:
    """The title a record belongs to (records without "game" are Snowdonia's)."""
    check_record(record)
    try:
        return title_named(record_game(record))
    except SettingsError as exc:
        raise RecordError(say(exc.args[0]) if exc.args else str(exc)) from exc


def replay_record(record: dict[str, Any], upto: int | None = None) -> Position:
    """The game a record describes, rebuilt by its own title; RecordError says what fails."""
    return title_of(record).replay(record, upto)


@dataclass
class CheckResult:
    ok: bool
    message: str
    position: Position | None


def check(record: dict[str, Any]) -> CheckResult:
    """Replay the whole record with the title's rules; say OK with the scores or what fails."""
    try:
        g = replay_record(record)
    except RecordError as exc:
        # i18n: `replay --check`'s verdict on a record that does not replay (FAILED is a fixed word scripts look for)
        return CheckResult(False, "FAILED: " + (say(exc.args[0]) if exc.args else str(exc)), None)
    n = g.moves
    decisions = ngettext("%(n)s decision replays", "%(n)s decisions replay", n)
    if g.is_over:
        msg = "OK: " + _("%(decisions)s; %(title)s; final %(scores)s", decisions=decisions,
                         title=_(g.title.display_name), scores=view.summary(g))
    else:
        msg = "OK: " + _("%(decisions)s; %(title)s; the game is not over; %(scores)s so far", decisions=decisions,
                         title=_(g.title.display_name), scores=view.summary(g))
    return CheckResult(True, msg, g)


class ReplayViewer:
    """Positions 0..N of a record (N = number of decisions), shown one at a time."""

    def __init__(self, record: dict[str, Any], console: Console, seat: int | None = None,
                 seat_kinds: Sequence[str] | None = None) -> None:
        self.console = console
        self.seat = seat
        self.actions: list[str] = [str(a) for a in record.get("actions", [])]
        self.title = title_of(record)
        start = self.title.replay(record, upto=0)  # RecordError if it cannot even be set up
        self.positions: list[Position] = [start]
        self.seat_kinds = list(seat_kinds or [])
        self.names = view.seat_names(start.players)
        self.error: str | None = None  # why the record stops replaying, if it does

    @property
    def players(self) -> int:
        return self.positions[0].players

    @property
    def last(self) -> int:
        """The last position that can be shown (all of them unless a decision fails)."""
        return len(self.actions) if self.error is None else len(self.positions) - 1

    def position(self, n: int) -> Position:
        """The game after n decisions, built forward from the nearest known position."""
        n = max(0, min(n, len(self.actions)))
        while len(self.positions) <= n and self.error is None:
            g = self.title.restore(self.positions[-1].snapshot())
            i = len(self.positions)
            try:
                g.apply(self.actions[i - 1])
            except IllegalAction as exc:
                self.error = _("decision %(n)s (%(action)s) does not replay: %(error)s", n=i,
                               action=repr(self.actions[i - 1]), error=say(exc.reason or str(exc)))
                break
            self.positions.append(g)
        return self.positions[min(n, len(self.positions) - 1)]

    def show(self, n: int) -> None:
        g = self.position(n)
        n = min(n, len(self.positions) - 1)
        if self.console.is_terminal:
            self.console.clear()
        head = Text(_("Position %(n)s of %(last)s", n=n, last=len(self.actions)), style="bold")
        if n > 0:
            before = self.positions[n - 1]
            pending = before.pending(None)
            head.append(" - " + _("decision %(n)s:", n=n) + " ")
            if pending is not None:
                head.append_text(view.seat_text(pending.player))
                head.append(f" ({_(pending.prompt)})")
            action = self.actions[n - 1]
            try:
                words = view.action_text(before, before.title.parse_action(action))
            except (IllegalAction, ValueError):
                words = ""
            # i18n: "Position 3 of 40 - decision 3: Player 1 (prompt) chose <action>"
            head.append(" " + _("chose") + " ")
            head.append(words or action, style="bold")
            if words and words != action:
                head.append(f"   [{action}]", style="dim")
            new_events = g.log()[len(before.log()):]
        else:
            head.append(" - " + _("the set-up"))
            new_events = g.log()
        self.console.print(view.board(g, self.seat, self.seat_kinds, width=self.console.width))
        if new_events:
            self.console.rule(_("What happened"), style="dim")
            self.console.print(view.log_text(g, new_events, self.names))
        self.console.print(head)
        if g.is_over:
            self.console.print(solo_sheet(g) if g.players == 1 else view.score_sheet(g, self.seat_kinds))
        if self.error is not None and n == len(self.positions) - 1:
            self.console.print(Text(_("The record stops here: %(error)s", error=self.error), style="red"))

    def run(self, read_line: ReadLine) -> None:
        """Interactive stepping: Enter = next, b = back, a number = jump, q = quit."""
        n = 0
        self.show(n)
        while True:
            try:
                line = read_line(f"[{_(HELP)}] > ")
            except (EOFError, KeyboardInterrupt):
                line = None
            if line is None:
                return
            cmd = line.strip().lower()
            if cmd in ("q", "quit", "exit"):
                return
            if cmd in ("?", "help", "h"):
                self.console.print(_(HELP))
                continue
            if cmd == "":
                self.position(n + 1)
                if n >= self.last:
                    self.console.print(_("This is the last position (b: back, q: quit)."))
                    continue
                n += 1
            elif cmd in ("b", "back"):
                if n == 0:
                    self.console.print(_("This is the set-up; there is nothing before it."))
                    continue
                n -= 1
            elif cmd.isdigit():
                want = int(cmd)
                self.position(want)
                if want > self.last:
                    self.console.print(_("There are only positions 0 to %(n)s.", n=self.last))
                    continue
                n = want
            else:
                self.console.print(_("Unknown command %(command)s.", command=repr(line.strip())) + " " + _(HELP))
                continue
            self.show(n)
