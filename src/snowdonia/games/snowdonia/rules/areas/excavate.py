"""B Excavation (seed 004 "B EXCAVATION"), and #3's extra clearing after it."""

from __future__ import annotations

from typing import Final

from snowdonia.games.snowdonia.rules import contracts
from snowdonia.games.snowdonia.rules.actions import Action
from snowdonia.games.snowdonia.rules.board import B, emit, excavation_rate, fully_fogged, train_ability
from snowdonia.games.snowdonia.rules.route import slot_name
from snowdonia.games.snowdonia.rules.state import State

CLEAR_ACT: Final = Action("clear")
PASS: Final = Action("pass")


def resolve(g: State, idx: int, p: int) -> bool:
    """"Take the number of Rubble cubes equal to the current Excavation Work Rate, including
    any bonuses from an owned Train and/or a played Contract card" - No. 1 L.A.D.A.S. +2, then
    #26/#30 double the total - in route order; all that is left if fewer."""
    amount = excavation_rate(g) + train_ability(g, p, "excavate_bonus")
    if contracts.excavate_double(g, p):
        amount *= 2
    before = list(g.slot_rubble) if g.journal is not None else None
    took, sites = g.cfg.hooks.excavate(g, p, amount)
    if before is not None:
        # For the log: which spaces the rubble came from ("where", not only how much).
        taken = [dict(slot_name(g, i), rubble=b - a) for i, (b, a) in enumerate(zip(before, g.slot_rubble, strict=True))
                 if b > a]
        emit(g, "excavate", seat=p, rubble=took, sites=sites, taken=taken)
    g.cfg.hooks.after_rubble(g)
    return False


def clear_wanted(g: State, p: int) -> bool:
    """Whether #3 can do anything now: rubble left, and B not under full fog."""
    return bool(g.route_rubble) and not fully_fogged(g, B)


def clear_options(g: State, p: int) -> list[Action]:
    return [CLEAR_ACT, PASS]


def apply_clear(g: State, p: int, act: Action) -> None:
    """#3 (B): clear the whole next space that still holds rubble; the player keeps the
    rubble and, on a station site, puts its marker there."""
    if act.kind == "clear" and not fully_fogged(g, B):
        took, space = g.cfg.hooks.clear_next_space(g, p)
        if g.journal is not None:
            emit(g, "clear", seat=p, rubble=took, space=space, contract=3)
        g.cfg.hooks.after_rubble(g)
