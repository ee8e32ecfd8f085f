"""`snowdonia review GAME.json`: the post-game review in the terminal (or as JSON)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from snowdonia.analysis.engine import DEFAULT_BUDGET, MAX_DEPTH, NAMED_BUDGETS, Budget
from snowdonia.analysis.review import THRESHOLDS, Review, ReviewRow, review_record, unwrap
from snowdonia.core.errors import RecordError
from snowdonia.tui.saving import RecordFileError, read_json_object

VERDICT_STYLE = {"fine": "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def review_command(
    file: Annotated[Path, typer.Argument(help="A game record (JSON) as play --save writes it and replay reads it.")],
    seat: Annotated[list[int] | None, typer.Option(
        "--seat", help="Review this player (1, 2, ... as replay numbers them); repeat for more. "
                       "Default: every human seat of the record, or every seat.")] = None,
    budget: Annotated[str, typer.Option(
        "--budget", help=f"Work per decision: {', '.join(NAMED_BUDGETS)} or a number of iterations of the "
                         f"search bot (default {DEFAULT_BUDGET} = {NAMED_BUDGETS[DEFAULT_BUDGET]}); "
                         "rollout:N for N greedy rollouts per option instead.")] = DEFAULT_BUDGET,
    depth: Annotated[int | None, typer.Option(
        "--depth", min=0, max=MAX_DEPTH, help="Decisions per playout before the title's evaluation scores it "
                                             "(default 20; 0: to the end of the game).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the analysis (same seed, same review).")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
) -> None:
    """Review a finished game: every decision, the best option, the VP each choice cost."""
    err = Console(stderr=True)
    try:
        b = Budget.parse(budget)
        if depth is not None:
            b = replace(b, depth=depth)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--budget") from None
    try:
        record, kinds = unwrap(read_json_object(file))
    except RecordFileError as exc:
        err.print(Text(str(exc), style="red"))
        raise typer.Exit(1) from None
    try:
        result = run_with_bar(record, seat or None, b, seed, kinds, err)
    except (RecordError, ValueError) as exc:
        err.print(Text(f"cannot review {file}: {exc}", style="red"))
        raise typer.Exit(1 if isinstance(exc, RecordError) else 2) from None
    if as_json:
        print(json.dumps(result.as_dict(), indent=1))
        return
    show(result, Console())


def run_with_bar(record: dict[str, Any], seats: list[int] | None, budget: Budget, seed: int,
                 kinds: list[str] | None, console: Console) -> Review:
    """`review_record` with a progress bar on `console` (gone when it is done)."""
    with Progress(TextColumn("reviewing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TextColumn("left"), TimeRemainingColumn(), console=console, transient=True) as bar:
        task = bar.add_task("review", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return review_record(record, seats, budget, seed=seed, progress=progress, seat_kinds=kinds)


def offer_review(record: dict[str, Any], kinds: list[str], console: Console, read_line: Callable[[str], str | None],
                 saved_to: Path | None = None, budget: str = DEFAULT_BUDGET) -> Review | None:
    """After a game in the terminal (every solo and solo-series game): offer the review of the
    person's decisions; run it with a progress bar and show it if they say yes."""
    where = f" (or later: snowdonia review {saved_to})" if saved_to else ""
    try:
        answer = read_line(f"Review this game? The analysis rates each of your decisions by the VP it cost{where}. "
                           "[y/N]: ")
    except (EOFError, KeyboardInterrupt):
        answer = None
    if answer is None or answer.strip().lower() not in ("y", "yes", "r", "review"):
        return None
    result = run_with_bar(record, None, Budget.parse(budget), 0, kinds, console)
    show(result, console)
    return result


def show(result: Review, console: Console) -> None:
    seats = ", ".join(str(s) for s in result.seats)
    console.print(Text(f"Review of a {result.game} game, seat{'s' if len(result.seats) > 1 else ''} {seats} "
                       f"(budget {result.budget}; {result.forced} forced decisions skipped)", style="bold"))
    if result.biggest:
        console.print(_table("The biggest swings", result.biggest))
    console.print(_table("Every decision", result.rows))
    summary = Table(title="Per seat")
    for col in ("seat", "decisions", "fine", "inaccuracy", "mistake", "blunder", "VP lost", "per decision"):
        summary.add_column(col, justify="right")
    for s, row in result.summary().items():
        summary.add_row(str(s), str(row["decisions"]), str(row["fine"]), str(row["inaccuracy"]), str(row["mistake"]),
                        str(row["blunder"]), f"{row['loss_vp']:.1f}", f"{row['mean_loss_vp']:.1f}")
    console.print(summary)
    limits = "; ".join(f"{name} from {at:g} VP" for name, at in THRESHOLDS)
    console.print(Text(f"Loss = value of the best option minus the chosen one's, in VP of final margin ({limits}). "
                       f"Values are estimates by {_BY.get(result.evaluator, result.evaluator)}: see docs/analysis.md.",
                       style="dim"))


_BY = {"search": "greedy rollouts of the options the search bot (the expert level's search) favours",
       "rollout:greedy": "greedy rollouts"}


def _table(title: str, rows: list[ReviewRow]) -> Table:
    table = Table(title=title)
    for col, justify in (("move", "right"), ("seat", "right"), ("round", "right"), ("chosen", "left"),
                         ("best", "left"), ("loss VP", "right"), ("verdict", "left")):
        table.add_column(col, justify=justify, overflow="fold")  # type: ignore[arg-type]
    for r in rows:
        best = "(same)" if r.best == r.chosen else r.best_label
        table.add_row(str(r.move), str(r.seat), "" if r.round is None else str(r.round), r.chosen_label, best,
                      f"{r.loss_vp:.1f}", Text(r.verdict, style=VERDICT_STYLE[r.verdict]))
    return table


def register(app: typer.Typer) -> None:
    app.command("review")(review_command)
