"""The railway route: excavation, laying track, markers (seed 004 B, D; Resolving Events)."""

from __future__ import annotations

from snowdonia.games.snowdonia.rules.board import emit
from snowdonia.games.snowdonia.rules.state import EVENT, UNOWNED, State


def place_marker(g: State, p: int) -> None:
    """Put one of p's ownership markers on the board. Solo and 2 players: the game ends
    immediately after the last marker is placed - "if the last Track card in the route has not
    yet been placed" (seed 004 End of Game); once it has, the round is played out."""
    g.markers[p] -= 1
    g.markers_placed += 1
    me = g.cfg.marker_end
    if me and g.markers_placed >= me and not g.over and not g.end_trigger:
        g.over = True
        g.end_reason = "last ownership marker placed"
        if g.journal is not None:
            emit(g, "game_over", reason="last_marker")


def _after_rubble_change(g: State) -> None:
    cfg = g.cfg
    ptr = g.exc_ptr
    sr = g.slot_rubble
    ns = cfg.n_slots
    while ptr < ns and sr[ptr] == 0:
        ptr += 1
    g.exc_ptr = ptr
    t = g.first_rubble_track
    ts = cfg.track_slot
    nt = cfg.n_tracks
    while t < nt and sr[ts[t]] == 0:
        t += 1
    g.first_rubble_track = t
    q = g.exc_ptr_p  # the frontier seen from the far end (Blaenau Ffestiniog's Porthmadog)
    while q >= 0 and sr[q] == 0:
        q -= 1
    g.exc_ptr_p = q


def slot_name(g: State, i: int) -> dict[str, object]:
    """A route slot for the log: {"track": t} or {"station": key, "site": k (1 = left)}."""
    cfg = g.cfg
    if cfg.slot_is_track[i]:
        return {"track": cfg.slot_track[i]}
    si = cfg.slot_station[i]
    return {"station": cfg.stations[si].key, "site": cfg.station_slots[si].index(i) + 1}


def excavate(g: State, p: int, amount: int) -> tuple[int, list[dict[str, object]]]:
    """A player's Excavate action: take `amount` rubble in route order (or all that is left).
    Whoever takes the last cube of a station excavation site marks it. Returns the rubble
    taken and the spaces it emptied (for the log)."""
    return excavate_from(g, p, amount, g.exc_ptr, 1)


def excavate_from(g: State, p: int, amount: int, i: int, step: int) -> tuple[int, list[dict[str, object]]]:
    """Excavation walking the route from slot `i` in direction `step` (+1 from the start of the
    route; -1 from its far end, Blaenau Ffestiniog's Porthmadog players)."""
    cfg = g.cfg
    sr = g.slot_rubble
    need = amount
    took = 0
    ns = cfg.n_slots
    emptied: list[int] = []
    while need > 0 and 0 <= i < ns:
        r = sr[i]
        if r == 0:
            i += step
            continue
        t = r if r < need else need
        sr[i] = r - t
        need -= t
        took += t
        if r == t:
            emptied.append(i)
            if not cfg.slot_is_track[i] and g.markers[p] > 0:
                g.slot_owner[i] = p
                place_marker(g, p)
                if g.over:  # "ends immediately after the last Ownership marker is placed"
                    break
            i += step
    g.rubble[p] += took
    g.route_rubble -= took
    _after_rubble_change(g)
    if g.journal is None:
        return took, []
    return took, [dict(slot_name(g, s), owner=g.slot_owner[s] if g.slot_owner[s] >= 0 else None) for s in emptied]


def clear_next_space(g: State, p: int) -> tuple[int, dict[str, object] | None]:
    """Contract #3: clear the whole next space that still holds rubble; the player keeps the
    rubble and, on a station site, the marker."""
    i = g.exc_ptr
    if i >= g.cfg.n_slots:
        return 0, None
    took = g.slot_rubble[i]
    g.slot_rubble[i] = 0
    g.rubble[p] += took
    g.route_rubble -= took
    if not g.cfg.slot_is_track[i] and g.markers[p] > 0:
        g.slot_owner[i] = p
        place_marker(g, p)
    _after_rubble_change(g)
    return took, slot_name(g, i)


def event_excavate(g: State, spaces: int) -> list[dict[str, object]]:
    """Event: remove all rubble from `spaces` spaces (track cards and station excavation
    sites, one each) in route order; it goes to the general supply, no markers, no VP.
    Returns the spaces cleared, for the log (none when no log is kept)."""
    sr = g.slot_rubble
    i = g.exc_ptr
    ns = g.cfg.n_slots
    cleared: list[int] = []
    removed = 0
    while len(cleared) < spaces and i < ns:
        if sr[i]:
            removed += sr[i]
            sr[i] = 0
            cleared.append(i)
        i += 1
    g.supply_rubble += removed
    g.route_rubble -= removed
    _after_rubble_change(g)
    if g.journal is None:
        return []
    return [slot_name(g, s) for s in cleared]


def lay_track(g: State, p: int, amount: int) -> int:
    """A player's Lay Track action: for each steel bar, flip the next fully excavated track
    card and mark it. Limited by steel and by excavated cards, not by markers: a player out
    of markers "cannot take ownership of any more Track cards" (seed 004 set-up step 3) but
    still lays them, unowned and without VP."""
    cfg = g.cfg
    laid = 0
    ts = cfg.track_slot
    nt = cfg.n_tracks
    while laid < amount and g.laid < nt and not g.over:
        if g.steel[p] == 0 or g.slot_rubble[ts[g.laid]] != 0:
            break
        g.steel[p] -= 1
        g.steel_supply += 1
        owned = g.markers[p] > 0
        g.track_owner[g.laid] = p if owned else UNOWNED
        g.laid += 1
        laid += 1
        if g.laid == nt and not g.end_trigger:
            g.end_trigger = 1  # before the marker: the last track card is now placed
        if owned:
            place_marker(g, p)
    return laid


def event_lay_track(g: State, cards: int) -> list[int]:
    """Event: flip `cards` track cards from the first unlaid one, excavated or not; their
    rubble goes to the supply; no markers, no VP. Returns the track cards laid."""
    cfg = g.cfg
    ts = cfg.track_slot
    laid: list[int] = []
    while len(laid) < cards and g.laid < cfg.n_tracks:
        slot = ts[g.laid]
        r = g.slot_rubble[slot]
        if r:
            g.slot_rubble[slot] = 0
            g.supply_rubble += r
            g.route_rubble -= r
        g.track_owner[g.laid] = EVENT
        laid.append(g.laid)
        g.laid += 1
        if g.laid == cfg.n_tracks and not g.end_trigger:
            g.end_trigger = 2
    _after_rubble_change(g)
    return laid


def complete_station(g: State) -> int:
    """Event: a game marker goes on the first station not all of whose building sites are
    built; its rubble goes to the supply. Returns the station index or -1."""
    cfg = g.cfg
    if g.game_markers_left <= 0:
        return -1
    for si in range(1, cfg.n_stations):
        if g.station_done[si]:
            continue
        if all(g.bsite_owner[b] >= 0 for b in cfg.station_bsites[si]):
            continue
        g.station_done[si] = 1
        g.game_markers_left -= 1
        for slot in cfg.station_slots[si]:
            r = g.slot_rubble[slot]
            if r:
                g.slot_rubble[slot] = 0
                g.supply_rubble += r
                g.route_rubble -= r
        _after_rubble_change(g)
        return si
    return -1


def station_buildable(g: State, si: int) -> bool:
    """Build needs every track card before the station excavated and the station not
    completed by an event (seed 004 E BUILD)."""
    return (
        si > 0
        and not g.station_done[si]
        and g.first_rubble_track >= g.cfg.station_track_before_end[si]
    )
