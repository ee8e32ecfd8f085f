"""Resolving Events (seed 004 "Resolving Events"): event cubes drawn from the bag go on the
Event Track one at a time, each resolved before the next is placed."""

from __future__ import annotations

from typing import Final

from snowdonia.games.snowdonia.rules.board import emit, excavation_rate, lay_track_rate, order_from_start
from snowdonia.games.snowdonia.rules.state import State

EVENT_SPACES: Final = 10


def place_event(g: State) -> None:
    """"Put them on the Events Track, one cube per space, starting immediately after the last
    occupied space; as you place each Event cube, resolve the Event immediately". The events
    on 4, 7 and 10 put cubes back in the bag, so the track loops through 8, 9 and 10."""
    cfg = g.cfg
    ev = g.events
    right = -1
    for i in range(EVENT_SPACES):
        if ev[i]:
            right = i
    idx = right + 1
    if idx >= EVENT_SPACES:  # cannot happen with the printed returns; keep the cube accounted for
        g.bag_e += 1
        return
    ev[idx] = 1
    space = idx + 1
    kind = cfg.events[space]
    # RESOLVE[kind], called directly (the compiled engine then passes no boxed arguments)
    if kind == "excavate":
        excavate(g, space)
    elif kind == "lay_track":
        lay_track(g, space)
    elif kind == "complete_station":
        complete_station(g, space)
    else:
        RESOLVE[kind](g, space)
    for back in cfg.event_returns.get(space, ()):
        if ev[back - 1]:
            ev[back - 1] = 0
            g.bag_e += 1
    cfg.hooks.after_event(g)  # Blaenau Ffestiniog: the game's Surveyor changes ends


def excavate(g: State, space: int) -> None:
    """"Remove all Rubble cubes from a number of Track cards/Building spaces, starting with the
    card closest to the start of the route, where the number is equal to the current
    Excavation Work Rate" - no player gains rubble or scores."""
    cleared = g.cfg.hooks.event_excavate(g, excavation_rate(g))
    if g.journal is not None:
        emit(g, "event", space=space, kind="excavate", cleared=cleared)
    g.cfg.hooks.after_rubble(g)


def lay_track(g: State, space: int) -> None:
    """"Turn over a number of Track cards equal to the current Lay Track Work Rate, starting
    with the Track card closest to the start of the route. Remove Rubble ... if necessary"."""
    laid = g.cfg.hooks.event_lay_track(g, lay_track_rate(g))
    if g.journal is not None:
        emit(g, "event", space=space, kind="lay_track", tracks=laid)
    g.cfg.hooks.after_rubble(g)


def complete_station(g: State, space: int) -> None:
    """"Put one of the Game markers on to the first Station in the route that has not yet had
    all of its Building sites completed. Remove any Rubble on the Station card"."""
    si = g.cfg.hooks.complete_station(g)
    if g.journal is not None:
        emit(g, "event", space=space, kind="complete_station",
             station=g.cfg.stations[si].key if si >= 0 else None)
    g.cfg.hooks.after_rubble(g)


def trains_available(g: State, space: int) -> None:
    """"Trains cannot be bought by any player until this event has occurred"."""
    g.trains_available = True
    if g.journal is not None:
        emit(g, "event", space=space, kind="trains_available")


def maintenance(g: State, space: int) -> None:
    """"Each player with a Train card must immediately pay one Steel Bar ... or discard a Train
    Maintenance Contract card (16 and 21)" - asked in turn order (rules/maintenance.py)."""
    g.maint_queue = [p for p in order_from_start(g) if g.train[p]]
    if g.journal is not None:
        emit(g, "event", space=space, kind="maintenance")


RESOLVE = {
    "excavate": excavate,
    "lay_track": lay_track,
    "complete_station": complete_station,
    "trains_available": trains_available,
    "maintenance": maintenance,
}
