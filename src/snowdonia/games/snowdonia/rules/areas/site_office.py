"""F Site Office (seed 004 "F SITE OFFICE")."""

from __future__ import annotations

from snowdonia.games.snowdonia.rules.actions import Action, made
from snowdonia.games.snowdonia.rules.board import ask, emit
from snowdonia.games.snowdonia.rules.decisions import SITE_OFFICE
from snowdonia.games.snowdonia.rules.state import State


def resolve(g: State, idx: int, p: int) -> bool:
    """"Take a card of the player's choice ... from the three face-up Contract cards"; an
    empty office gives nothing."""
    if any(g.office):
        ask(g, SITE_OFFICE, p)
        return True
    return False


def pick_options(g: State, p: int) -> list[Action]:
    return [made("pick", (c,)) for c in sorted(c for c in g.office if c)]


def apply_pick(g: State, p: int, act: Action) -> None:
    """The card goes face up into p's area ("until it is played ... it counts as 'in your
    hand'"), visible to all."""
    c = int(act.args[0])
    g.office[g.office.index(c)] = 0
    g.hand[p] |= 1 << c
    if g.journal is not None:
        emit(g, "pick", seat=p, contract=c)
    g.res_pos += 1  # this labourer's action is done
