"""A cheap playout policy for Foothills (issue 19): uniformly random, except that a player
takes as many resources as the stockyard offers and lays track when it can.

A uniformly random player takes one resource when three are free and passes at the Works
instead of laying the track it holds the iron for (seed: Foothills rules, "A take up to 3
resources from the stockyard"; "C up to three times: build 1 track for 2 iron (+1 VP)"). The
search's truncated playouts are scored by the title's evaluation; playouts by this policy end
in positions nearer to those a real player reaches.

- **Take** (main action A and the take side actions): a random one of the fullest takes.
- **Works** (main action C and its side actions): a random track option when any; otherwise a
  random option other than passing, if any.
- Every other decision: uniformly random, as in `Position.playout`.

Compiled with the engine (snowdonia/_engine.py).
"""

from __future__ import annotations

import random

from snowdonia.core.rng import randbelow
from snowdonia.games.foothills.rules.actions import FAction
from snowdonia.games.foothills.rules.decisions import TAKE, WORKS
from snowdonia.games.foothills.rules.flow import legal_actions, step
from snowdonia.games.foothills.rules.state import State


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
            if d == TAKE:
                step(g, _fullest_take(legal, rng))
            elif d == WORKS:
                step(g, _works(legal, rng))
            else:
                step(g, legal[randbelow(rng, n)])
        steps += 1
    return steps


def _fullest_take(legal: list[FAction], rng: random.Random) -> FAction:
    most = -1
    for a in legal:
        if a.kind == "take":
            most = max(most, int(a.args[0]) + int(a.args[1]))
    full = [a for a in legal if a.kind == "take" and int(a.args[0]) + int(a.args[1]) == most]
    if not full:
        return legal[randbelow(rng, len(legal))]
    return full[randbelow(rng, len(full))]


def _works(legal: list[FAction], rng: random.Random) -> FAction:
    track = [a for a in legal if a.kind == "track"]
    if track:
        return track[randbelow(rng, len(track))]
    acting = [a for a in legal if a.kind != "pass"]
    pool = acting if acting else legal
    return pool[randbelow(rng, len(pool))]
