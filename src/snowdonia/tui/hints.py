"""The terminal's `hint` command: the analysis (snowdonia.analysis) ranks the options of the
decision in front of a human, and the best few are shown with their menu numbers."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from snowdonia.analysis import Analysis, analyse
from snowdonia.core.protocol import Position

HINT_BUDGET = "normal"  # the expert search + rollouts: about half a second per hint on one core (docs/analysis.md)
SHOWN = 3
HELP_LINE = "  hint                the analysis' best options for this decision (with their value in VP)"
OFF = "Hints are off in this game (start it with `snowdonia play --hints`; solo games always have them)."


def hint(position: Position, seat: int, console: Console, seed: int = 0) -> Analysis:
    """Analyse `seat`'s decision and print the best options, numbered as in the menu."""
    legal = [str(a) for a in position.legal_actions()]
    if console.is_terminal:
        with console.status("Thinking about your options..."):
            a = analyse(position, seat, HINT_BUDGET, seed=seed)
    else:
        a = analyse(position, seat, HINT_BUDGET, seed=seed)
    console.print(hint_table(a, legal, position.players))
    return a


def hint_table(a: Analysis, legal: list[str], players: int) -> Any:
    solo = players == 1
    table = Table(title="Hint: the best options by the analysis", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("move")
    table.add_column("expected final score" if solo else "VP margin vs best opponent", justify="right")
    if not solo:  # a solo game has no one to beat
        table.add_column("win chance", justify="right")
    for o in a.options[:SHOWN]:
        cells: list[str | Text] = [str(legal.index(o.text) + 1), Text(o.label)]
        cells += [f"{o.value_vp:.1f}"] if solo else [f"{o.value_vp:+.1f}", f"{o.win_chance:.0%}"]
        table.add_row(*cells)
    by = (f"the search bot ({a.budget.iterations} iterations) choosing, greedy rollouts valuing "
          f"({a.options[0].samples} for the best)" if a.evaluator == "search"
          else f"greedy rollouts ({a.options[0].samples} per option)")
    table.caption = (f"Estimates by {by}: a guide, not a verdict." if not a.forced
                     else "Only one option: nothing to choose.")
    return table
