"""A heuristic value of a Foothills position for one seat, in VP: the score it would have if
the game ended now, plus what its resources, open scoring-pile places and markers are likely
to become. Shared by `greedy` and by truncated playouts of search bots."""

from __future__ import annotations

from snowdonia.games.foothills.rules import scoring
from snowdonia.games.foothills.rules.state import State

# What one unit is worth in VP while the game is young; it fades as the end approaches.
IRON, STONE, RUBBLE, RUBBLE_CAP = 0.55, 0.7, 0.2, 6
PILE_ROOM = 1.2  # an open place in the scoring pile (a station built, no card laid yet)
MARKER = 0.25  # a track/station marker still to place
TICKET_LATER = 0.4  # a ticket makes ticket-gated side actions usable


def progress(g: State) -> float:
    """0 at the start, towards 1 as buffer stops and navvies run out."""
    box = g.cfg.box
    stops = 1.0 - g.buffers_left / float(box["buffer_stops"])
    navvies = 1.0 - g.navvies_left / float(box["navvies"])
    return max(stops, navvies)


def evaluate(g: State, p: int) -> float:
    value = float(scoring.score_player(g, p)["total"])
    if g.over:
        return value
    fade = 1.0 - 0.85 * progress(g)
    room = max(0, g.stations_built[p] - g.pile[p].bit_count())
    res = (IRON * g.iron[p] + STONE * g.stone[p] + RUBBLE * min(g.rubble[p], RUBBLE_CAP)
           + PILE_ROOM * min(room, 2) + MARKER * g.markers[p] + TICKET_LATER * min(g.tickets[p].bit_count(), 1))
    return value + fade * res


def margin(g: State, p: int) -> float:
    """p's value minus the opponent's: what a two-player bot maximises."""
    return evaluate(g, p) - evaluate(g, 1 - p)
