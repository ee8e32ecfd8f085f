"""The terminal's `hint` command: the analysis (snowdonia.analysis) ranks the options of the
decision in front of a human, and the best few are shown with their menu numbers."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from snowdonia.analysis import Analysis, analyse
from snowdonia.core.i18n import N_, _
from snowdonia.core.protocol import Position

HINT_BUDGET = "normal"  # the expert search + rollouts: about half a second per hint on one core (docs/analysis.md)
SHOWN = 3
# i18n: a line of the help: the command `hint` stays as it is, the explanation starts at column 23
HELP_LINE = N_("  hint                the analysis' best options for this decision (with their value in VP)")
OFF = N_("Hints are off in this game (start it with `snowdonia play --hints`; solo games always have them).")


def hint(position: Position, seat: int, console: Console, seed: int = 0) -> Analysis:
    """Analyse `seat`'s decision and print the best options, numbered as in the menu."""
    legal = [str(a) for a in position.legal_actions()]
    if console.is_terminal:
        with console.status(_("Thinking about your options...")):
            a = analyse(position, seat, HINT_BUDGET, seed=seed)
    else:
        a = analyse(position, seat, HINT_BUDGET, seed=seed)
    console.print(hint_table(a, legal, position.players))
    return a


def hint_table(a: Analysis, legal: list[str], players: int) -> Any:
    solo = players == 1
    table = Table(title=_("Hint: the best options by the analysis"), title_justify="left")
    table.add_column("#", justify="right")
    table.add_column(_("move"))
    table.add_column(_("expected final score") if solo else _("VP margin vs best opponent"), justify="right")
    if not solo:  # a solo game has no one to beat
        table.add_column(_("win chance"), justify="right")
    for o in a.options[:SHOWN]:
        cells: list[str | Text] = [str(legal.index(o.text) + 1), Text(o.label)]
        cells += [f"{o.value_vp:.1f}"] if solo else [f"{o.value_vp:+.1f}", f"{o.win_chance:.0%}"]
        table.add_row(*cells)
    if a.evaluator == "search":
        by = _("the search bot (%(n)s iterations) choosing, greedy rollouts valuing (%(samples)s for the best)",
               n=a.budget.iterations, samples=a.options[0].samples)
    else:
        by = _("greedy rollouts (%(samples)s per option)", samples=a.options[0].samples)
    table.caption = (_("Estimates by %(by)s: a guide, not a verdict.", by=by) if not a.forced
                     else _("Only one option: nothing to choose."))
    return table
