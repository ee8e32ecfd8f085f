"""What the terminal shows, drawn through the game protocol only.

Every title brings its own pieces (`Title.terminal_board`, `Title.score_sheet`,
`Title.words`); this module calls them with the arguments they accept and falls back to a
plain rendering of the protocol's data (`Position.observation`, `Position.result`,
`Title.score_lines`) when a title has none, so a new title plays in the terminal with no
code here.
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from snowdonia.core.i18n import _, ngettext
from snowdonia.core.protocol import Decision, LogEvent, Position, Title

# Seat styles in seat order (Snowdonia's box: yellow, blue, green, pink, purple); only a
# colour for the eye: seats are always *named* "Player N", whatever colour a title gives them.
STYLES = ("bold yellow", "bold dodger_blue1", "bold green3", "bold hot_pink", "bold medium_purple1",
          "bold dark_orange", "bold cyan", "bold red")


def call_accepting(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call `fn` with the positional arguments and only those keyword arguments it accepts:
    titles may implement an optional hook with fewer parameters than the richest caller."""
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return fn(*args, **kwargs)
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return fn(*args, **kwargs)
    positional = [p for p in params.values()
                  if p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    has_varargs = any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in params.values())
    if not has_varargs:
        args = args[: len(positional)]
    return fn(*args, **{k: v for k, v in kwargs.items() if k in params})


# --------------------------------------------------------------------------- seats


def seat_name(p: int) -> str:
    return _("Player %(n)s", n=p + 1)


def seat_names(players: int) -> list[str]:
    return [seat_name(p) for p in range(players)]


def seat_style(p: int) -> str:
    return STYLES[p % len(STYLES)]


def seat_text(p: int | None, kind: str | None = None) -> Text:
    """A seat as coloured text, with who plays it: 'Player 2 (greedy)'."""
    if p is None:
        return Text(_("nobody"), style="dim")
    out = Text(seat_name(p), style=seat_style(p))
    if kind:
        out.append(f" ({_(kind.capitalize()) if kind in ('human', 'greedy', 'random') else kind})", style="dim")
    return out


def colour_names(text: str | Text, players: int) -> Text:
    """`text` with every 'Player N' in that seat's colour."""
    out = text if isinstance(text, Text) else Text(text)
    for p in range(players):
        out.highlight_regex(re.escape(seat_name(p)) + r"\b", seat_style(p))
    return out


# --------------------------------------------------------------------------- words


def action_text(position: Position, action: Any) -> str:
    """One menu line for `action`: the title's words, or the pending decision's pass text."""
    title = position.title
    text = str(title.words.action(position, action))
    if str(action) == "pass" and text == "pass":
        pending = position.pending(position.current_player)
        kind = title.decisions.get(pending.kind) if pending is not None else None
        if kind is not None and kind.pass_text:
            return _(kind.pass_text)
    return text


def event_text(position: Position, event: LogEvent, names: Sequence[str]) -> str:
    """A log event in the title's words; a title that cannot word it still shows the data."""
    try:
        return str(call_accepting(position.title.words.event, event, names, position=position))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        shown = {k: v for k, v in event.items() if k not in ("type", "move", "round")}
        return f"{event.get('type', 'event')}: {json.dumps(shown, default=str)}"


def log_text(position: Position, events: Sequence[LogEvent], names: Sequence[str]) -> Text:
    """Log events, one line each, seats in their colours."""
    lines = "\n".join(event_text(position, e, names) for e in events)
    return colour_names(lines, position.players)


def _context_words(context: dict[str, Any]) -> str:
    """The simple public facts of a pending decision, e.g. 'area D' or 'cubes 3, coal limit 1'."""
    parts = []
    for key, value in context.items():
        if isinstance(value, bool) or not isinstance(value, (int, str)) or value == "":
            continue
        parts.append(f"{key.replace('_', ' ')} {value}")
    return ", ".join(parts)


def decision_heading(decision: Decision, title: Title) -> Text:
    """'Player 1: Place a labourer' (with the decision's public context, if any)."""
    kind = title.decisions.get(decision.kind)
    prompt = _(decision.prompt or (kind.prompt if kind is not None else decision.kind))
    head = seat_text(decision.player)
    head.append(f": {prompt}", style="bold")
    extra = _context_words(decision.context)
    if extra:
        head.append(f" ({extra})", style="bold")
    return head


# --------------------------------------------------------------------------- board


def board(position: Position, seat: int | None, seat_kinds: Sequence[str], width: int,
          compact: bool = False, names: Sequence[str] | None = None) -> RenderableType:
    """The title's terminal board as `seat` sees it (`compact`: the short one that fits a small
    terminal with the prompt, when the title has one); without one, the observation itself."""
    title = position.title
    extra: dict[str, Any] = {"compact": True, "names": list(names or [])} if compact else {}
    drawn = call_accepting(title.terminal_board, position, seat, seat_kinds=list(seat_kinds), width=width, **extra)
    if drawn is not None:
        return drawn  # type: ignore[no-any-return]
    heading = Text(_("%(title)s: move %(n)s", title=_(title.display_name), n=position.moves), style="bold")
    pending = position.pending(seat)
    if pending is not None:
        heading.append("   " + _("now:") + " ")
        heading.append_text(decision_heading(pending, title))
    return Group(heading, Panel(Pretty(position.observation(seat)), title=_("What you see"), title_align="left"))


# --------------------------------------------------------------------------- score sheets


def line_label(key: str, title: Any = None) -> str:
    """A score line in words: the title's label, else its key."""
    labels = getattr(title, "score_labels", None) or {}
    return _(str(labels.get(key, key.replace("_", " "))))


def _total(sheet: dict[str, Any], score: Any) -> Any:
    return sheet.get("total", score)


def generic_sheet(position: Position, seat_kinds: Sequence[str]) -> RenderableType:
    """Every score line of `Position.result()` per seat, the totals and the winners."""
    res = position.result()
    final = res.get("final", position.is_over)
    table = Table(title=_("Final score sheet") if final else _("Score so far (the game is not over)"),
                  title_justify="left")
    table.add_column(_("line"))
    sheets = res.get("breakdown") or [{"seat": p, "lines": {}} for p in range(position.players)]
    for sheet in sheets:
        p = sheet["seat"]
        table.add_column(seat_text(p, seat_kinds[p] if p < len(seat_kinds) else None), justify="right")
    keys = list(position.title.score_lines) or list(sheets[0].get("lines", {}))
    for key in keys:
        table.add_row(line_label(key, position.title), *(str(s.get("lines", {}).get(key, "")) for s in sheets))
    table.add_row(Text(_("total"), style="bold"),
                  *(Text(str(_total(s, res["scores"][s["seat"]])), style="bold") for s in sheets),
                  end_section=True)
    parts: list[RenderableType] = [table]
    if final:
        winners = res.get("winners") or []
        line = Text()
        if not winners:
            line.append(_("No winner: a draw"), style="bold")
        else:
            line.append(ngettext("Winner:", "Winners:", len(winners)) + " ", style="bold")
            line.append_text(Text(", ").join(seat_text(p) for p in winners))
        extra = [ngettext("after %(n)s round", "after %(n)s rounds", res["rounds"]) if res.get("rounds") else "",
                 _(str(res.get("end_reason"))) if res.get("end_reason") else ""]
        if any(extra):
            line.append("  " + "; ".join(x for x in extra if x))
        parts.append(line)
    return Group(*parts)


def score_sheet(position: Position, seat_kinds: Sequence[str]) -> RenderableType:
    """The title's own score sheet if it has one (an optional hook), else the generic one."""
    own = getattr(position.title, "score_sheet", None)
    if callable(own):
        drawn = call_accepting(own, position, list(seat_kinds))
        if drawn is not None:
            return drawn  # type: ignore[no-any-return]
    return generic_sheet(position, seat_kinds)


def solo_lines(position: Position) -> Table:
    """The score lines of a 1-player game (no winner: a solo game is played for the score)."""
    res = position.result()
    sheet = (res.get("breakdown") or [{"lines": {}}])[0]
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, show_header=False, pad_edge=False)
    table.add_column("line")
    table.add_column("VP", justify="right")
    keys = list(position.title.score_lines) or list(sheet.get("lines", {}))
    # A line that counts only with one solo train (Snowdonia's "Train No. 4 Snowdon") is left
    # out of another train's sheet.
    train = position.settings.get("solo_train")
    only = getattr(position.title, "solo_train_lines", {}) or {}
    keys = [k for k in keys if k not in only or only[k] == train]
    for key in keys:
        table.add_row(line_label(key, position.title), str(sheet.get("lines", {}).get(key, "")))
    table.add_row(Text(_("score"), style="bold"), Text(str(res["scores"][0]), style="bold"))
    return table


def summary(position: Position) -> str:
    """One line: the scores (and winners, or how far the game is)."""
    res = position.result()
    scores = res["scores"]
    if position.players == 1:
        # i18n: `replay --check`'s one line on a solo game: its score
        text = _("score %(score)s", score=scores[0])
    else:
        # i18n: `replay --check`'s one line: "scores Player 1 76, Player 2 21"
        text = _("scores %(scores)s", scores=", ".join(f"{seat_name(p)} {s}" for p, s in enumerate(scores)))
    if position.is_over and position.players > 1:
        winners = res.get("winners") or []
        if res.get("draw"):
            text += "; " + _("a draw")
        elif res.get("tie") and res.get("tie_rematch") is not None:
            # Foothills: a tie is played again with colours swapped; the rematch's tie is a draw
            text += "; " + _("a tie: play the rematch with colours swapped")
        elif winners:
            text += "; " + ngettext("winner: %(names)s", "winners: %(names)s", len(winners),
                                    names=", ".join(seat_name(p) for p in winners))
        else:
            text += "; " + _("a draw")
    return text
