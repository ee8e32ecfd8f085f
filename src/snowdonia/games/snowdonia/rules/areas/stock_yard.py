"""A Stock Yard (seed 004 "A STOCKYARD")."""

from __future__ import annotations

from typing import Final

from snowdonia.games.snowdonia.rules import contracts
from snowdonia.games.snowdonia.rules.actions import Action
from snowdonia.games.snowdonia.rules.board import A, ask, capacity, emit, train_ability
from snowdonia.games.snowdonia.rules.decisions import STOCK_YARD
from snowdonia.games.snowdonia.rules.state import State

UNLIMITED_COAL: Final = 99
# The take actions by cube counts, made once: _TAKE[i][s][c] (the most any card lets a player
# take is well below this; larger counts are made on demand).
_MAX_TAKE: Final = 8
_TAKE: Final = [[[Action("take", (i, s, c)) for c in range(_MAX_TAKE)] for s in range(_MAX_TAKE)] for i in range(_MAX_TAKE)]


def _take_action(i: int, s: int, c: int) -> Action:
    if i < _MAX_TAKE and s < _MAX_TAKE and c < _MAX_TAKE:
        return _TAKE[i][s][c]
    return Action("take", (i, s, c))


def resolve(g: State, idx: int, p: int) -> bool:
    """The labourer on the last space of A also takes the Start Player marker ("If a Labourer
    is in the last space of the Stock Yard, the owning player additionally becomes the Start
    Player"), unless #22 fixed it this round. Then take up to 3 cubes (No. 3 Wyddfa and #7
    add one each; #29 lifts the one-coal limit)."""
    cfg = g.cfg
    if idx == capacity(g, A) - 1 and not g.start_fixed and g.start != p:
        g.start = p
        if g.journal is not None:
            emit(g, "start_player", seat=p)
    count = cfg.stock_yard_cubes + contracts.stock_yard_bonus(g, p) + train_ability(g, p, "stock_yard_bonus")
    climit = UNLIMITED_COAL if contracts.stock_yard_no_coal_limit(g, p) else cfg.stock_yard_coal_limit
    if g.yard_i + g.yard_s + min(g.yard_c, climit) == 0:
        return False
    ask(g, STOCK_YARD, p, (count, climit))
    return True


def stock_yard_options(g: State, p: int) -> list[Action]:
    """Stock Yard: "Take up to three cubes" (seed 004 sidebar; seeds 000/002 "Nimm bis zu 3
    Klötzchen"; seed 003 "Weź do 3 zasobów"): any mix of 1 to `count` cubes, at most `climit`
    coal, at least one since actions are mandatory (issue 8 ruling)."""
    count, climit = g.ctx
    return _options(g, count, climit, exact=False)


def take_options(g: State, p: int) -> list[Action]:
    """#20/#23: take the full amount the card names (or what is left)."""
    count, climit = g.ctx
    return _options(g, count, climit, exact=True)


def _options(g: State, count: int, climit: int, exact: bool) -> list[Action]:
    yi, ys = g.yard_i, g.yard_s
    yc = min(g.yard_c, climit)
    target = min(count, yi + ys + yc)
    out = []
    for c in range(min(yc, target) + 1):
        for i in range(min(yi, target - c) + 1):
            if exact:
                s = target - c - i
                if s <= ys:
                    out.append(_take_action(i, s, c))
                continue
            for s in range(max(0, 1 - c - i), min(ys, target - c - i) + 1):
                out.append(_take_action(i, s, c))
    return out


def apply_stock_yard(g: State, p: int, act: Action) -> None:
    _take(g, p, act, False)
    g.res_pos += 1  # this labourer's action is done


def apply_take(g: State, p: int, act: Action) -> None:
    _take(g, p, act, True)


def _take(g: State, p: int, act: Action, by_contract: bool) -> None:
    i, s, c = int(act.args[0]), int(act.args[1]), int(act.args[2])
    g.yard_i -= i
    g.yard_s -= s
    g.yard_c -= c
    g.iron[p] += i
    g.stone[p] += s
    g.coal[p] += c
    if g.journal is not None:
        emit(g, "take", seat=p, iron=i, stone=s, coal=c, contract=by_contract)
