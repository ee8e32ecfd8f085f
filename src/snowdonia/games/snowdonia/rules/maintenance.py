"""Train maintenance (seed 004 "Resolving Events: Train maintenance is needed")."""

from __future__ import annotations

from typing import Final

from snowdonia.games.snowdonia.rules import bag, contracts
from snowdonia.games.snowdonia.rules.actions import Action, made
from snowdonia.games.snowdonia.rules.board import emit
from snowdonia.games.snowdonia.rules.state import State

STEEL: Final = Action("maintain", ("steel",))
GIVE_BACK: Final = Action("maintain", ("return",))


def maintain_options(g: State, p: int) -> list[Action]:
    """Pay one steel bar, discard #16 or #21, or give the train back."""
    out = []
    if g.steel[p] > 0:
        out.append(STEEL)
    for c in contracts.maintenance_cards(g, p):
        out.append(made("maintain", (c,)))
    out.append(GIVE_BACK)
    return out


def apply_maintain(g: State, p: int, act: Action) -> None:
    """"If a player cannot, or chooses not, to pay, return the Train card to the Engine Shed"
    (solo: "you cannot buy another one", so it leaves the game). Coal held is unaffected."""
    how = act.args[0]
    t = g.train[p]
    if how == "steel":
        g.steel[p] -= 1
        g.steel_supply += 1
        if g.journal is not None:
            emit(g, "maintain", seat=p, train=t, paid="steel")
    elif how == "return":
        g.train[p] = 0
        if not g.cfg.solo:
            g.shed.append(t)
            g.shed.sort()
            g.maint_returned = g.maint_returned + (t,)
        if g.journal is not None:
            emit(g, "maintain", seat=p, train=t, paid="return")
    else:
        c = int(how)
        g.hand[p] &= ~(1 << c)
        discard_public(g, c)
        if g.journal is not None:
            emit(g, "maintain", seat=p, train=t, paid=c)
    g.maint_queue.pop(0)


def refill_returned(g: State) -> None:
    """"Put more Coal from the Supply Bag (if available) on to any returned Train cards ... If
    there is less Coal than needed, re-stock the trains in numerical order starting with the
    lowest"."""
    for t in sorted(g.maint_returned):
        g.shed_coal[t] = bag.take_coal(g, g.cfg.train[t].coal)
        if g.journal is not None:
            emit(g, "train_returned", train=t, coal=g.shed_coal[t])
    g.maint_returned = ()


def discard_public(g: State, c: int) -> None:
    """A card discarded face down where everyone saw which card it was."""
    g.discard.append(c)
    bit = 1 << c
    g.kdisc = [k | bit for k in g.kdisc]
