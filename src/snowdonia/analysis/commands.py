"""`snowdonia review GAME.json`: the post-game review in the terminal (or as JSON)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

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
from snowdonia.core.i18n import N_, _, ngettext
from snowdonia.core.i18n import say_exception as _said
from snowdonia.tui.saving import RecordFileError, read_json_object

VERDICT_STYLE = {"fine": "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}
# The verdicts' words (the review's rows keep the English keys; the web says them with the same msgids).
VERDICT_WORD = {"fine": N_("fine"), "inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}


def build_review() -> Callable[..., None]:
    """The `review` command, its help in the current language."""

    def review_command(
        file: Path = typer.Argument(..., metavar="FILE", help=_(  # noqa: B008 - built per call, in the language
            "A game record (JSON) as play --save writes it and replay reads it.")),
        seat: list[int] | None = typer.Option(None, "--seat", help=_(  # noqa: B008
            "Review this player (1, 2, ... as replay numbers them); repeat for more. Default: every human seat of "
            "the record, or every seat.")),
        # i18n: %(named)s lists the budgets' names and %(default)s is one of them: typed as they are
        budget: str = typer.Option(DEFAULT_BUDGET, "--budget", help=_(
            "Work per decision: %(named)s or a number of iterations of the search bot (default %(default)s = "
            "%(iterations)s); rollout:N for N greedy rollouts per option instead.", named=", ".join(NAMED_BUDGETS),
            default=DEFAULT_BUDGET, iterations=NAMED_BUDGETS[DEFAULT_BUDGET])),
        depth: int | None = typer.Option(None, "--depth", min=0, max=MAX_DEPTH, help=_(
            "Decisions per playout before the title's evaluation scores it (default 20; 0: to the end of the "
            "game).")),
        seed: int = typer.Option(0, "--seed", help=_("Seed of the analysis (same seed, same review).")),
        as_json: bool = typer.Option(False, "--json", help=_("Print the review as JSON.")),
        lang: str | None = typer.Option(None, "--lang", help=_(
            "The language of the review: en, de or pl (default: the locale, LANGUAGE / LC_ALL / LC_MESSAGES / "
            "LANG; else English).")),
    ) -> None:
        review(file, seat, budget, depth, seed, as_json, lang)

    return review_command


def review(file: Path, seat: list[int] | None = None, budget: str = DEFAULT_BUDGET, depth: int | None = None,
           seed: int = 0, as_json: bool = False, lang: str | None = None) -> None:
    """Review a finished game: every decision, the best option, the VP each choice cost."""
    from snowdonia.i18n import PSEUDO, available, terminal_language, use

    err = Console(stderr=True)
    try:
        use(terminal_language(lang))
    except ValueError:
        raise typer.BadParameter(_("no catalogue for language %(lang)s; known: %(known)s", lang=repr(lang),
                                   known=", ".join([*available(), PSEUDO])), param_hint="--lang") from None
    try:
        b = Budget.parse(budget)
        if depth is not None:
            b = replace(b, depth=depth)
    except ValueError as exc:
        raise typer.BadParameter(_said(exc), param_hint="--budget") from None
    try:
        record, kinds = unwrap(read_json_object(file))
    except RecordFileError as exc:
        err.print(Text(str(exc), style="red"))
        raise typer.Exit(1) from None
    try:
        result = run_with_bar(record, seat or None, b, seed, kinds, err)
    except (RecordError, ValueError) as exc:
        err.print(Text(_("cannot review %(file)s: %(error)s", file=str(file), error=_said(exc)), style="red"))
        raise typer.Exit(1 if isinstance(exc, RecordError) else 2) from None
    if as_json:
        print(json.dumps(result.as_dict(), indent=1))
        return
    show(result, Console())




def run_with_bar(record: dict[str, Any], seats: list[int] | None, budget: Budget, seed: int,
                 kinds: list[str] | None, console: Console) -> Review:
    """`review_record` with a progress bar on `console` (gone when it is done)."""
    with Progress(TextColumn(_("reviewing")), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TextColumn(_("left")), TimeRemainingColumn(), console=console, transient=True) as bar:
        task = bar.add_task("review", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return review_record(record, seats, budget, seed=seed, progress=progress, seat_kinds=kinds)


def offer_review(record: dict[str, Any], kinds: list[str], console: Console, read_line: Callable[[str], str | None],
                 saved_to: Path | None = None, budget: str = DEFAULT_BUDGET) -> Review | None:
    """After a game in the terminal (every solo and solo-series game): offer the review of the
    person's decisions; run it with a progress bar and show it if they say yes."""
    if saved_to:
        question = _("Review this game? The analysis rates each of your decisions by the VP it cost "
                     "(or later: %(command)s).", command="snowdonia review " + str(saved_to))
    else:
        question = _("Review this game? The analysis rates each of your decisions by the VP it cost.")
    try:
        # i18n: the answers y/yes (and the language's own word for yes) are understood
        answer = read_line(question + " " + _("[y/N]: "))
    except (EOFError, KeyboardInterrupt):
        answer = None
    yes = {"y", "yes", "r", "review", _("y").lower(), _("yes").lower()}
    if answer is None or answer.strip().lower() not in yes:
        return None
    result = run_with_bar(record, None, Budget.parse(budget), 0, kinds, console)
    show(result, console)
    return result


def show(result: Review, console: Console) -> None:
    seats = ", ".join(str(s) for s in result.seats)
    console.print(Text(ngettext("Review of a %(game)s game, seat %(seats)s (budget %(budget)s; %(forced)s forced "
                                "decisions skipped)",
                                "Review of a %(game)s game, seats %(seats)s (budget %(budget)s; %(forced)s forced "
                                "decisions skipped)", len(result.seats),
                                game=result.game, seats=seats, budget=result.budget,
                                forced=result.forced), style="bold"))
    if result.biggest:
        console.print(_table(_("The biggest swings"), result.biggest))
    console.print(_table(_("Every decision"), result.rows))
    summary = Table(title=_("Per seat"))
    for col in (_("seat"), _("decisions"), _(VERDICT_WORD["fine"]), _(VERDICT_WORD["inaccuracy"]),
                _(VERDICT_WORD["mistake"]), _(VERDICT_WORD["blunder"]), _("VP lost"), _("per decision")):
        summary.add_column(col, justify="right")
    for s, row in result.summary().items():
        summary.add_row(str(s), str(row["decisions"]), str(row["fine"]), str(row["inaccuracy"]), str(row["mistake"]),
                        str(row["blunder"]), f"{row['loss_vp']:.1f}", f"{row['mean_loss_vp']:.1f}")
    console.print(summary)
    limits = "; ".join(_("%(verdict)s from %(vp)s VP", verdict=_(VERDICT_WORD[name]), vp=f"{at:g}")
                       for name, at in THRESHOLDS)
    by = _BY.get(result.evaluator)
    console.print(Text(_("Loss = value of the best option minus the chosen one's, in VP of final margin "
                         "(%(limits)s).", limits=limits) + " "
                       + _("Values are estimates by %(by)s: see docs/analysis.md.",
                           by=_(by) if by else result.evaluator), style="dim"))


_BY = {"search": N_("greedy rollouts of the options the search bot (the expert level's search) favours"),
       "rollout:greedy": N_("greedy rollouts")}


def _table(title: str, rows: list[ReviewRow]) -> Table:
    table = Table(title=title)
    for col, justify in ((_("move"), "right"), (_("seat"), "right"), (_("round"), "right"), (_("chosen"), "left"),
                         (_("best option"), "left"), (_("loss VP"), "right"), (_("verdict"), "left")):
        table.add_column(col, justify=justify, overflow="fold")  # type: ignore[arg-type]
    for r in rows:
        best = _("(same)") if r.best == r.chosen else r.best_label
        table.add_row(str(r.move), str(r.seat), "" if r.round is None else str(r.round), r.chosen_label, best,
                      f"{r.loss_vp:.1f}", Text(_(VERDICT_WORD[r.verdict]), style=VERDICT_STYLE[r.verdict]))
    return table


def register(app: typer.Typer) -> None:
    app.command("review", help=_("Review a finished game: every decision, the best option, the VP each choice "
                                 "cost."))(build_review())
