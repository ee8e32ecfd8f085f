"""The cloth bag and the other random picks: the only places randomness enters the game.

Every pick draws from the seeded generator kept as one int (`State.rng`), or, when
`State.chance` is set (OpenSpiel's explicit chance nodes), asks the hook instead; either way
`State.draws` counts the picks, which is the position's chance state.
"""

from __future__ import annotations

from typing import Final

from snowdonia.core.rng import below, shuffle
from snowdonia.games.foothills.rules.state import State

IRON, STONE, EVENT = 0, 1, 2
CUBE_NAMES: Final = ("iron", "stone", "event")


def draw(g: State) -> int:
    """Draw one cube blind from the bag: IRON, STONE or EVENT, or -1 if the bag is empty."""
    weights = (g.bag_i, g.bag_s, g.bag_e)
    total = g.bag_i + g.bag_s + g.bag_e
    if total == 0:
        return -1
    g.draws += 1
    if g.chance is not None:
        kind = int(g.chance.pick(g, "bag", weights))
    else:
        g.rng, r = below(g.rng, total)
        kind = IRON if r < g.bag_i else STONE if r < g.bag_i + g.bag_s else EVENT
    if kind == IRON:
        g.bag_i -= 1
    elif kind == STONE:
        g.bag_s -= 1
    else:
        g.bag_e -= 1
    return kind


def pick(g: State, what: str, n: int) -> int:
    """A uniform choice among n things (set-up: the start player, railways left out)."""
    g.draws += 1
    if g.chance is not None:
        return int(g.chance.pick(g, what, (1,) * n))
    g.rng, r = below(g.rng, n)
    return r


def arrange(g: State, what: str, items: list[int]) -> None:
    """Shuffle `items` in place (set-up: the spare action cards)."""
    g.draws += 1
    if g.chance is not None:
        g.chance.arrange(g, what, items)
        return
    g.rng = shuffle(g.rng, items)
