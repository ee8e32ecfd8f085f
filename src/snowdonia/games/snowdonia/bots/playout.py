"""A cheap playout policy for Mount Snowdon (issue 19): uniformly random, except that a seat
never spends a labourer on an area it cannot use and never takes or converts less than it
may.

Uniformly random playouts waste most labourers: a random seat places on D Lay Track with no
Steel Bars, on C Works with no iron, takes one cube from the Stock Yard when three are free,
and converts nothing at the Works (seed 004 "C WORKS": "Do this up to three times"). So a
random game is decided by the events, not by the chains that good players build (Stock Yard
-> Works -> Lay Track -> contract; docs/bots-and-simulation.md, "Why the bots score 55-70
VP"). Here:

- **Placing a labourer** (seed 004 "Assign Labourers"): the options are those of areas the
  seat can use when they resolve (A Stock Yard, B Excavate, F Site Office and G Surveyor
  always; C Works with 3 iron (2 with No. 2 Enid) or 2 rubble; D Lay Track with a Steel Bar,
  or the iron for one and a labourer already on C; E Build with a stone or a Steel Bar); a
  random one of them (all options when none is usable).
- **Stock Yard** (seed 004 "A STOCK YARD"): a random one of the fullest takes (the takes
  `value.search_actions` keeps).
- **Works** (seed 004 "C WORKS"): as many Steel Bars as the iron allows, then a random number
  of stone conversions.
- Every other decision: uniformly random, as in `Position.playout`.

The policy reads only what the deciding seat sees in the determinization it plays; it never
changes anything but the game it is given. Compiled with the engine (snowdonia/_engine.py).
"""

from __future__ import annotations

import random

from snowdonia.core.rng import randbelow
from snowdonia.games.snowdonia.rules.actions import Action
from snowdonia.games.snowdonia.rules.board import C, train_ability
from snowdonia.games.snowdonia.rules.decisions import PLACE, STOCK_YARD, WORKS
from snowdonia.games.snowdonia.rules.flow import legal_actions, step
from snowdonia.games.snowdonia.rules.state import State

# The areas by their letter in a `place` action's first argument.
_ALWAYS = frozenset({"A", "B", "F", "G"})


def policy_playout(g: State, rng: random.Random, depth: int) -> int:
    """Play `depth` decisions (every decision to the game's end when `depth` < 0) by the
    policy; returns how many were made. A forced decision is taken without a draw."""
    steps = 0
    while (depth < 0 or steps < depth) and not g.over:
        legal = legal_actions(g)
        n = len(legal)
        if n == 1:
            step(g, legal[0])
        else:
            d = g.decision
            if d == PLACE:
                step(g, _place(g, legal, rng))
            elif d == STOCK_YARD:
                step(g, _fullest_take(legal, rng))
            elif d == WORKS:
                step(g, _most_steel(legal, rng))
            else:
                step(g, legal[randbelow(rng, n)])
        steps += 1
    return steps


def _place(g: State, legal: list[Action], rng: random.Random) -> Action:
    p = g.decider
    iron_per = train_ability(g, p, "steel_iron_cost", 3)
    works = g.iron[p] >= iron_per or g.rubble[p] >= 2
    on_c = False
    cfg = g.cfg
    base = cfg.space_offset[C]
    for i in range(cfg.base_caps[C]):
        if g.spaces[base + i] == p:
            on_c = True
    lay = g.steel[p] > 0 or (on_c and g.iron[p] >= iron_per)
    build = g.steel[p] > 0 or g.stone[p] > 0
    useful: list[Action] = []
    for a in legal:
        area = a.args[0]
        if area in _ALWAYS or (area == "C" and works) or (area == "D" and lay) or (area == "E" and build):
            useful.append(a)
    if not useful:
        return legal[randbelow(rng, len(legal))]
    return useful[randbelow(rng, len(useful))]


def _fullest_take(legal: list[Action], rng: random.Random) -> Action:
    """A random take among those no other take covers cube for cube: with as much coal, no
    other take has more iron and stone."""
    most: dict[object, int] = {}
    for a in legal:
        i, st, coal = a.args
        total = int(i) + int(st)
        if total > most.get(coal, -1):
            most[coal] = total
    full = [a for a in legal if int(a.args[0]) + int(a.args[1]) == most[a.args[2]]]
    return full[randbelow(rng, len(full))]


def _most_steel(legal: list[Action], rng: random.Random) -> Action:
    top = max(int(a.args[0]) for a in legal)
    best = [a for a in legal if int(a.args[0]) == top]
    return best[randbelow(rng, len(best))]
