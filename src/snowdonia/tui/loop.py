"""The terminal game loop: bots move by themselves, humans answer a numbered menu.

Input and output are injected (a `read_line(prompt)` function and a Rich `Console`), so the
same loop runs in a terminal, under Typer's CliRunner and in tests with scripted answers.
The loop never changes the game except through `Game.apply`, which refuses illegal moves
without touching the game, and it saves the record after every decision when asked to."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.text import Text

from snowdonia.bots import Bot, bot_kinds, make_bot
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.actions import Action, IllegalAction
from snowdonia.games.snowdonia.ui import terminal as render
from snowdonia.games.snowdonia.ui.words import DECISION_NAMES, contract_text, describe
from snowdonia.tui.saving import write_record

HUMAN = "human"
ReadLine = Callable[[str], "str | None"]  # returns None at the end of input

HELP = """Answer with the number of a move, or type the move itself (e.g. `place A2`, `play 13`).
Commands:
  ?  or help        this help
  board             draw the board again
  contracts         the texts of every contract on the table
  log [N]           the game log (last N lines; all without N)
  score             the score so far
  quit              stop playing (offers to save)
Enter alone shows the menu again."""


class SeatError(ValueError):
    """Seats that do not fit the game; the message says what to change."""


def parse_seats(text: str | Sequence[str], players: int) -> list[str]:
    """`human,greedy,random` -> one spec per seat, each `human` or a bot `make_bot` accepts."""
    seats = [s.strip() for s in (text.split(",") if isinstance(text, str) else text)]
    if any(not s for s in seats):
        raise SeatError(f"empty seat in {text!r}: give one of human or a bot name per seat, comma separated")
    if len(seats) != players:
        raise SeatError(f"{players} player(s) need {players} seat(s), but {len(seats)} were given ({', '.join(seats)})")
    for s in seats:
        if s == HUMAN:
            continue
        try:
            make_bot(s)
        except ValueError as exc:
            raise SeatError(f"seat {s!r}: {exc}; or 'human' (known bots: {', '.join(bot_kinds())})") from exc
    return seats


@dataclass
class Outcome:
    finished: bool  # the game reached its end
    saved_to: Path | None


class PlaySession:
    """One terminal game. `run()` plays until the game ends or a human quits."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        console: Console,
        read_line: ReadLine,
        save_path: Path | None = None,
        bot_seed: int = 0,
    ) -> None:
        self.game = game
        self.seats = list(seats)
        self.console = console
        self.read_line = read_line
        self.save_path = save_path
        self.bots: dict[int, Bot] = {
            p: make_bot(spec, seed=bot_seed * 10 + p) for p, spec in enumerate(self.seats) if spec != HUMAN
        }
        self.humans = [p for p, spec in enumerate(self.seats) if spec == HUMAN]
        self.shown_log = 0  # log lines already printed

    # ------------------------------------------------------------------ the loop
    def run(self) -> Outcome:
        g = self.game
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
        self.console.print(render.score_sheet(g, self.seats))
        self._save()
        if self.save_path:
            self.console.print(f"The record is saved in {self.save_path}; watch it with: "
                               f"snowdonia replay {self.save_path}")
        return Outcome(finished=True, saved_to=self.save_path)

    def _intro(self) -> None:
        who = Text("Seats: ")
        who.append_text(Text(", ").join(
            render.player_text(p) + Text(f" = {spec}") for p, spec in enumerate(self.seats)))
        self.console.print(who)
        self.console.print(f"Game seed {self.game.seed}. Type ? at any prompt for help.", style="dim")

    def _bot_move(self, p: int) -> None:
        g = self.game
        if self.console.is_terminal and self.humans:
            # A searching bot can take seconds; say so rather than look frozen.
            with self.console.status(f"{render.player_label(p)} ({self.seats[p]}) is thinking..."):
                action = self.bots[p].choose(g)
        else:
            action = self.bots[p].choose(g)
        try:
            g.apply(action)
        except IllegalAction as exc:
            # A bot bug must not end a person's game: report it and take the first option.
            self.console.print(f"[red]Bot {self.seats[p]} chose an illegal move ({exc}); "
                               "playing the first legal move instead.[/red]")
            g.apply(g.legal_actions()[0])
        self._save()

    # ------------------------------------------------------------------ a human decision
    def _human_move(self, p: int) -> bool:
        """Ask seat p until a legal move is applied (True) or they quit (False)."""
        g = self.game
        if self.console.is_terminal:
            # A fresh screen per decision keeps the board in one place for a person.
            self.console.clear()
        self.console.print(self._board(p))
        self._flush_log()
        legal = g.legal_actions()
        self._menu(p, legal)
        while True:
            line = self._ask(f"P{p + 1} {render.COLOURS[p]}, your move (1-{len(legal)}, ? for help): ")
            if line is None:
                return False
            text = line.strip()
            low = text.lower()
            if not text:
                self._menu(p, legal)
            elif low in ("?", "help", "h"):
                self.console.print(HELP, markup=False)
            elif low in ("quit", "q", "exit"):
                return False
            elif low == "board":
                self.console.print(self._board(p))
                self._menu(p, legal)
            elif low == "contracts":
                self._all_contracts(p)
            elif low == "score":
                self.console.print(render.score_sheet(g, self.seats))
            elif low == "log" or (low.startswith("log ") and low[4:].strip().isdigit()):
                lines = g.log_lines
                if low != "log":
                    lines = lines[-int(low[4:]):]
                self.console.print(render.log_text(lines) if lines else "(the log is empty)")
            elif text.isdigit():
                n = int(text)
                if 1 <= n <= len(legal):
                    g.apply(legal[n - 1])
                    return True
                self.console.print(f"[red]There is no move {n}: choose a number from 1 to {len(legal)}.[/red]")
            else:
                try:
                    g.apply(text)
                except IllegalAction as exc:
                    self.console.print(Text(f"Refused: {exc}", style="red"))
                    self.console.print("The game is unchanged; choose again (Enter shows the menu).")
                    continue
                return True

    def _menu(self, p: int, legal: list[Action]) -> None:
        g = self.game
        head = render.player_text(p)
        head.append(f": {DECISION_NAMES.get(g.decision or '', g.decision or '')}", style="bold")
        obs_dec = g.observation(p)["decision"]
        if obs_dec and obs_dec.get("area"):
            head.append(f" for area {obs_dec['area']}", style="bold")
        self.console.print(head)
        for i, a in enumerate(legal, 1):
            line = Text(f"{i:>3}) ", style="bold")
            line.append(describe(g, a))
            line.append(f"   [{a}]", style="dim")
            self.console.print(line)

    def _ask(self, prompt: str) -> str | None:
        try:
            return self.read_line(prompt)
        except (EOFError, KeyboardInterrupt):
            return None

    # ------------------------------------------------------------------ output helpers
    def _board(self, seat: int | None) -> object:
        return render.board(self.game, seat, self.seats, contract_seats=self.humans or None,
                            width=self.console.width)

    def _flush_log(self) -> None:
        lines = self.game.log_lines[self.shown_log:]
        self.shown_log = len(self.game.log_lines)
        if lines:
            self.console.rule("What happened", style="dim")
            self.console.print(render.log_text(lines))

    def _all_contracts(self, p: int) -> None:
        g = self.game
        obs = g.observation(p)
        self.console.print(render.contracts_panel(obs, g, range(g.players)))
        office = [c for c in obs["site_office"] if c]
        if office:
            self.console.print("Site Office:\n" + "\n".join("  " + contract_text(g, c) for c in office),
                               markup=False)

    # ------------------------------------------------------------------ saving
    def _save(self) -> None:
        if self.save_path is not None:
            write_record(self.save_path, self.game, self.seats)

    def _quit(self) -> Path | None:
        """Stop; save where asked, or offer to."""
        if self.save_path is not None:
            self._save()
            self.console.print(f"Game saved to {self.save_path}. Continue it with: "
                               f"snowdonia play --resume {self.save_path}")
            return self.save_path
        answer = self._ask("Save the game before quitting? File name (Enter: quit without saving): ")
        if answer and answer.strip():
            path = Path(answer.strip())
            try:
                write_record(path, self.game, self.seats)
            except OSError as exc:
                self.console.print(f"[red]Could not save to {path}: {exc}[/red]")
                return None
            self.console.print(f"Game saved to {path}. Continue it with: snowdonia play --resume {path}")
            return path
        self.console.print("Quit without saving.")
        return None
