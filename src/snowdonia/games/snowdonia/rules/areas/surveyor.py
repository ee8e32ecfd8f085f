"""G Move the Surveyor (seed 004 "G MOVE THE SURVEYOR")."""

from __future__ import annotations

from snowdonia.games.snowdonia.rules.state import State


def resolve_all(g: State) -> None:
    """Every labourer on G, in the order placed: "Move the player's Surveyor on to the next
    Station card numerically along the route" (stations not in play are skipped); at Yr
    Wyddfa it stays."""
    gl = g.g_list
    move = g.cfg.hooks.move_surveyor
    while g.res_pos < len(gl):
        p = gl[g.res_pos]
        g.res_pos += 1
        move(g, p)
        if g.over:  # Blaenau Ffestiniog solo/2p: the start marker may be the last one
            return
