"""Stepping through a game record, and re-validating one (`snowdonia replay`).

Positions are rebuilt with the engine itself (`snowdonia.replay` up to a decision, then one
`Game.apply` per step), so a record that shows here is a record the rules accept."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.text import Text

from snowdonia.games.snowdonia.game import Game, RecordError, replay
from snowdonia.games.snowdonia.rules.actions import ActionParseError, IllegalAction
from snowdonia.games.snowdonia.ui import terminal as render
from snowdonia.games.snowdonia.ui.words import DECISION_NAMES
from snowdonia.tui.loop import ReadLine

HELP = "Enter: next decision   b: back   a number: jump to that decision   q: quit"


@dataclass
class CheckResult:
    ok: bool
    message: str
    game: Game | None


def check(record: dict[str, Any]) -> CheckResult:
    """Replay the whole record with the rules engine; say OK with the scores or what fails."""
    try:
        g = replay(record)
    except RecordError as exc:
        return CheckResult(False, f"FAILED: {exc}", None)
    res = g.result()
    n = len(g.history)
    decisions = f"{n} decision{'s' if n != 1 else ''} replay{'s' if n == 1 else ''}"
    scores = ", ".join(f"{render.player_label(p)} {s}" for p, s in enumerate(res["scores"]))
    if g.is_over:
        winners = ", ".join(render.player_label(p) for p in res["winners"])
        msg = (f"OK: {decisions}; final scores {scores}; "
               f"winner{'s' if len(res['winners']) > 1 else ''}: {winners}")
    else:
        msg = (f"OK: {decisions}; the game is not over "
               f"(round {g.round}); score so far {scores}")
    return CheckResult(True, msg, g)


class ReplayViewer:
    """Positions 0..N of a record (N = number of decisions), shown one at a time."""

    def __init__(self, record: dict[str, Any], console: Console, seat: int | None = None,
                 seat_kinds: Sequence[str] | None = None) -> None:
        self.console = console
        self.seat = seat
        self.actions: list[str] = [str(a) for a in record.get("actions", [])]
        self.seat_kinds = list(seat_kinds or [])
        start = replay(record, upto=0)  # RecordError if the record cannot even be set up
        self.positions: list[Game] = [start]
        self.error: str | None = None  # why the record stops replaying, if it does

    @property
    def last(self) -> int:
        """The last position that can be shown (all of them unless a decision fails)."""
        return len(self.actions) if self.error is None else len(self.positions) - 1

    def position(self, n: int) -> Game:
        """The game after n decisions, built forward from the nearest known position."""
        n = max(0, min(n, len(self.actions)))
        while len(self.positions) <= n and self.error is None:
            g = self.positions[-1].clone(keep_log=True)
            i = len(self.positions)
            try:
                g.apply(self.actions[i - 1])
            except (IllegalAction, ActionParseError) as exc:
                self.error = f"decision {i} ({self.actions[i - 1]!r}) does not replay: {exc}"
                break
            self.positions.append(g)
        return self.positions[min(n, len(self.positions) - 1)]

    def show(self, n: int) -> None:
        g = self.position(n)
        n = min(n, len(self.positions) - 1)
        if self.console.is_terminal:
            self.console.clear()
        head = Text(f"Position {n} of {len(self.actions)}", style="bold")
        if n > 0:
            before = self.positions[n - 1]
            p = before.decider
            head.append(f" - decision {n}: ")
            head.append_text(render.player_text(p))
            head.append(f" ({DECISION_NAMES.get(before.decision or '', before.decision)}) chose ")
            head.append(self.actions[n - 1], style="bold")
            new_lines = g.log_lines[len(before.log_lines):]
        else:
            head.append(" - the set-up")
            new_lines = g.log_lines
        self.console.print(render.board(g, self.seat, self.seat_kinds, width=self.console.width))
        if new_lines:
            self.console.rule("What happened", style="dim")
            self.console.print(render.log_text(new_lines))
        self.console.print(head)
        if g.is_over:
            self.console.print(render.score_sheet(g, self.seat_kinds))
        if self.error is not None and n == len(self.positions) - 1:
            self.console.print(Text(f"The record stops here: {self.error}", style="red"))

    def run(self, read_line: ReadLine) -> None:
        """Interactive stepping: Enter = next, b = back, a number = jump, q = quit."""
        n = 0
        self.show(n)
        while True:
            try:
                line = read_line(f"[{HELP}] > ")
            except (EOFError, KeyboardInterrupt):
                line = None
            if line is None:
                return
            cmd = line.strip().lower()
            if cmd in ("q", "quit", "exit"):
                return
            if cmd in ("?", "help", "h"):
                self.console.print(HELP)
                continue
            if cmd == "":
                self.position(n + 1)
                if n >= self.last:
                    self.console.print("This is the last position (b: back, q: quit).")
                    continue
                n += 1
            elif cmd in ("b", "back"):
                if n == 0:
                    self.console.print("This is the set-up; there is nothing before it.")
                    continue
                n -= 1
            elif cmd.isdigit():
                want = int(cmd)
                self.position(want)
                if want > self.last:
                    self.console.print(f"There are only positions 0 to {self.last}.")
                    continue
                n = want
            else:
                self.console.print(f"Unknown command {line.strip()!r}. {HELP}")
                continue
            self.show(n)
