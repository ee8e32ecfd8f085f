"""G Move the Surveyor (seed 004 "G MOVE THE SURVEYOR")."""

from __future__ import annotations

from snowdonia.games.snowdonia.rules.board import emit
from snowdonia.games.snowdonia.rules.state import State


def resolve_all(g: State) -> None:
    """Every labourer on G, in the order placed: "Move the player's Surveyor on to the next
    Station card numerically along the route" (stations not in play are skipped); at Yr
    Wyddfa it stays."""
    gl = g.g_list
    last = g.cfg.n_stations - 1
    while g.res_pos < len(gl):
        p = gl[g.res_pos]
        before = g.surveyor[p]
        g.surveyor[p] = min(before + 1, last)
        if g.surveyor[p] != before:
            emit(g, "surveyor", seat=p, station=g.cfg.stations[g.surveyor[p]].key)
        g.res_pos += 1
