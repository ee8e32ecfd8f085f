"""`snowdonia play` and `snowdonia replay`, registered on the main Typer app by
`snowdonia.cli._register_optional`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from snowdonia.games.snowdonia.game import Game, RecordError, new_game, replay
from snowdonia.games.snowdonia.rules.config import SettingsError
from snowdonia.tui.loop import HUMAN, PlaySession, ReadLine, SeatError, parse_seats
from snowdonia.tui.replayer import ReplayViewer, check
from snowdonia.tui.saving import RecordFileError, read_record, stored_seats


def _reader(console: Console) -> ReadLine:
    def read_line(prompt: str) -> str | None:
        try:
            # Text, not markup: prompts contain brackets such as "[Enter: next ...]".
            return console.input(Text(prompt))
        except EOFError:
            return None

    return read_line


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"Error: {message}", err=True)
    return typer.Exit(code)


def play(
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of players, 1-5 (default: the number of seats, or 3).")] = None,
    seats: Annotated[str | None, typer.Option("--seats", help="One per seat, comma separated: human or a bot (random, greedy, mcts:200...). Default: human then greedy bots.")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Game seed (default: random, kept in the record).")] = None,
    save: Annotated[Path | None, typer.Option("--save", help="Write the record to this file after every decision and at the end.")] = None,
    resume: Annotated[Path | None, typer.Option("--resume", help="Continue a saved game (seats from --seats or from the file).")] = None,
    edition: Annotated[str, typer.Option("--edition", help="original or deluxe.")] = "original",
    light_fog: Annotated[bool, typer.Option("--light-fog", help="Fog blocks only the last space of B and D.")] = False,
    contracts_per_window: Annotated[int, typer.Option("--contracts-per-window", help="0 = any number of contracts per window, 1 = at most one.")] = 0,
    solo_train: Annotated[int | None, typer.Option("--solo-train", help="Solo game: the train you start with (1-7).")] = None,
    deluxe_track_cards: Annotated[bool, typer.Option("--deluxe-track-cards", help="Deluxe: add the optional 0/6/7 track cards.")] = False,
) -> None:
    """Play Snowdonia in the terminal; seats are humans or bots."""
    console = Console()
    save_path: Path | None
    if resume is not None:
        game, seat_list = _resume(resume, players, seats)
        save_path = save or resume
    else:
        if players is None:
            players = len(seats.split(",")) if seats else 3
        if seats is None:
            seats = ",".join([HUMAN] + ["greedy"] * (players - 1))
        try:
            seat_list = parse_seats(seats, players)
        except SeatError as exc:
            raise _fail(str(exc)) from exc
        settings: dict[str, Any] = {"edition": edition, "light_fog": light_fog,
                                    "contracts_per_window": contracts_per_window,
                                    "deluxe_track_cards": deluxe_track_cards}
        if solo_train is not None:
            if players != 1:
                raise _fail(f"--solo-train is for a 1-player game, but this game has {players} players")
            settings["solo_train"] = solo_train
        try:
            game = new_game(players, seed=seed, **settings)
        except (SettingsError, ValueError) as exc:
            raise _fail(str(exc)) from exc
        save_path = save
    session = PlaySession(game, seat_list, console, _reader(console), save_path=save_path,
                          bot_seed=game.seed % 1_000_003)
    try:
        session.run()
    except OSError as exc:  # the save file became unwritable mid-game
        raise _fail(f"could not save the game: {exc}", 1) from exc
    except KeyboardInterrupt:
        # Ctrl-C while a bot thinks: every finished decision is already saved (if --save).
        where = f"; the game so far is in {save_path}" if save_path else ""
        raise _fail(f"interrupted{where}", 130) from None


def _resume(path: Path, players: int | None, seats: str | None) -> tuple[Game, list[str]]:
    try:
        record = read_record(path)
        game = replay(record)
    except (RecordFileError, RecordError) as exc:
        raise _fail(f"cannot resume {path}: {exc}", 1) from exc
    if players is not None and players != game.players:
        raise _fail(f"{path} holds a {game.players}-player game, not {players}")
    given = seats.split(",") if seats else stored_seats(record)
    if given is None:
        raise _fail(f"{path} does not say who sits where; give --seats (one per seat, {game.players} in all)")
    try:
        return game, parse_seats(given, game.players)
    except SeatError as exc:
        raise _fail(str(exc)) from exc


def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record (JSON) written by play --save or the web app.")],
    check_only: Annotated[bool, typer.Option("--check", help="Re-validate the record with the rules engine; exit 1 if it fails.")] = False,
    to: Annotated[int | None, typer.Option("--to", help="Print the position after N decisions and stop.")] = None,
    seat: Annotated[int | None, typer.Option("--seat", help="Show the board as this player (1-5) sees it; default: the public view.")] = None,
) -> None:
    """Step through a game record (Enter next, b back, a number jumps, q quits)."""
    console = Console()
    try:
        record = read_record(file)
    except RecordFileError as exc:
        raise _fail(str(exc), 1) from exc
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
        raise _fail(f"cannot replay {file}: {exc}", 1) from exc
    if seat is not None and not 1 <= seat <= viewer.positions[0].players:
        raise _fail(f"--seat must be 1..{viewer.positions[0].players}")
    if to is not None:
        viewer.position(to)
        if to < 0 or to > viewer.last:
            raise _fail(f"--to must be 0..{viewer.last} for this record" +
                        (f" ({viewer.error})" if viewer.error else ""), 1 if viewer.error else 2)
        viewer.show(to)
        return
    viewer.run(_reader(console))


def register(app: typer.Typer) -> None:
    app.command("play")(play)
    app.command("replay")(replay_command)
