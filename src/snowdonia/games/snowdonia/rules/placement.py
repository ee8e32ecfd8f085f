"""Assign Labourers (seed 004 "Rounds: Assign Labourers"): hiring the Pub labourer with coal,
then placing one labourer at a time, clockwise from the Start Player."""

from __future__ import annotations

from typing import Final

from snowdonia.games.snowdonia.rules.actions import Action
from snowdonia.games.snowdonia.rules.board import AREAS, B, D, G, ask, emit, space_name
from snowdonia.games.snowdonia.rules.decisions import HIRE, PLACE
from snowdonia.games.snowdonia.rules.state import NONE, PH_RESOLVE, State

PASS: Final = Action("pass")
HIRE_ACT: Final = Action("hire")
_PLACE: Final = {(a, n): Action("place", (AREAS[a], n)) for a in range(6) for n in range(1, 5)}
PLACE_G: Final = Action("place", ("G", 0))
_PLACE_ROW: Final = [[_PLACE[(a, n)] for n in range(1, 5)] for a in range(6)]


def step(g: State) -> None:
    """The next placement turn: the next seat (clockwise) with labourers left is asked first
    whether to hire (once per round, before its first labourer), then where to place."""
    n = g.cfg.players
    tp = g.to_place
    if not any(tp):
        g.phase = PH_RESOLVE
        g.res_area = g.res_stage = g.res_pos = g.win_count = 0
        g.win_first = g.start
        return
    p = g.place_turn
    while tp[p] == 0:
        p = (p + 1) % n
    g.place_turn = p
    if not g.hire_asked[p]:
        g.hire_asked[p] = 1
        t = g.train[p]
        if t and g.coal[p] >= g.cfg.train[t].hire_coal:
            ask(g, HIRE, p)
            return
    ask(g, PLACE, p)


# --------------------------------------------------------------------------- hire


def hire_options(g: State, p: int) -> list[Action]:
    return [HIRE_ACT, PASS]


def apply_hire(g: State, p: int, act: Action) -> None:
    """"Before placing their first Labourer, each player with a Train may return one Coal (two
    Coal for Train No. 6) ... to take the temporary Labourer ... from the Pub" (seed 004)."""
    if act.kind != "hire":
        return
    cost = g.cfg.train[g.train[p]].hire_coal
    g.coal[p] -= cost
    g.bag_c += cost
    g.labourers[p] = 3
    g.to_place[p] += 1
    if g.journal is not None:
        emit(g, "hire", seat=p, coal=cost)


# --------------------------------------------------------------------------- place


def place_options(g: State, p: int) -> list[Action]:
    """Every empty numbered space of A-F that fog leaves open, and G (unlimited)."""
    out: list[Action] = []
    sp = g.spaces
    cfg = g.cfg
    off = cfg.space_offset
    caps = cfg.base_caps
    b_build = g.b_build
    # `board.blocked`, worked out once per call: fog shuts B (unless it holds the Build side)
    # and D; Light Fog only their last space.
    fog = g.weather_current == "fog"
    light = cfg.light_fog
    for a in range(6):
        base = off[a]
        cap = cfg.b_build_caps if a == B and b_build else caps[a]
        shut = -1  # spaces from this index on are fogged (-1: none)
        if fog and (a == D or (a == B and not b_build)):
            shut = cap - 1 if light else 0
        row = _PLACE_ROW[a]
        for i in range(cap):
            if sp[base + i] == NONE and (shut < 0 or i < shut):
                out.append(row[i])
    out.append(PLACE_G)
    return out


_AREA_INDEX: Final = {name: a for a, name in enumerate(AREAS)}


def apply_place(g: State, p: int, act: Action) -> None:
    area, num = act.args
    if area == "G":
        g.g_list.append(p)
        a, idx = G, 0
    else:
        a, idx = _AREA_INDEX[str(area)], (num if isinstance(num, int) else int(num)) - 1
        g.spaces[g.cfg.space_offset[a] + idx] = p
    g.to_place[p] -= 1
    g.place_turn = (p + 1) % g.cfg.players
    if g.journal is not None:
        emit(g, "place", seat=p, space=space_name(a, idx))
