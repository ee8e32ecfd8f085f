"""Blaenau Ffestiniog (seed 004 "BLAENAU FFESTINIOG"; seed 000 "VARIANTE: BLAENAU
FFESTINIOG"): the blue side of the station cards, a line with two ends.

Only what differs from Mount Snowdon lives here, bound once per Config as `HOOKS`, plus the
two set-up decisions (each player's end; the game's Surveyor). The rulings this follows are
in docs/rulings.md ("Blaenau Ffestiniog", R1-R28); every function names its ruling.

The route is the same flat list of slots as Mount Snowdon's, in Blaenau -> Porthmadog order.
Blaenau players work it forwards from `exc_ptr` (the lowest slot holding rubble) and lay
track cards 0, 1, 2 ... (`laid`); Porthmadog players work it backwards from `exc_ptr_p` (the
highest slot holding rubble) and lay cards n-1, n-2 ... (`laid_p`).
"""

from __future__ import annotations

from snowdonia.core.errors import refusal
from snowdonia.games.snowdonia.rules import route
from snowdonia.games.snowdonia.rules.actions import Action, made
from snowdonia.games.snowdonia.rules.board import ask, emit, order_from_start
from snowdonia.games.snowdonia.rules.decisions import CHOOSE_END, GAME_SURVEYOR
from snowdonia.games.snowdonia.rules.state import EVENT, PH_PLACE, UNOWNED, State
from snowdonia.games.snowdonia.scenarios.hooks import Hooks, Slots

BLAENAU, PORTHMADOG = 0, 1


def end_key(g: State, end: int) -> str:
    return g.cfg.stations[g.cfg.end_stations[end]].key


# --------------------------------------------------------------------------- set-up (R3-R5)


def step_setup(g: State) -> None:
    """"Beginning with the Start Player and continuing clockwise round the table, each player
    selects their starting position"; then "The last player to place their Surveyor chooses
    one end of the route to place one of the game's Game markers" (R4, R5)."""
    n = g.cfg.players
    if g.setup_pos < n:
        ask(g, CHOOSE_END, (g.start + g.setup_pos) % n)
    elif g.setup_pos == n:
        ask(g, GAME_SURVEYOR, (g.start + n - 1) % n)
    else:
        g.phase = PH_PLACE
        g.place_turn = g.start


def end_options(g: State, p: int) -> list[Action]:
    """An end holding three surveyors is full ("a fixed limit of three spaces ... so with 4
    players it is possible that one player will not get a choice")."""
    out = []
    for end in (BLAENAU, PORTHMADOG):
        here = sum(1 for q in range(g.setup_pos) if g.end_of[(g.start + q) % g.cfg.players] == end)
        if here < g.cfg.surveyor_spaces_per_end:
            out.append(made("start", (end_key(g, end),)))
    return out


def apply_end(g: State, p: int, act: Action) -> None:
    """The log says when the choice was forced (the other end was full, R4)."""
    forced = len(end_options(g, p)) == 1
    end = BLAENAU if act.args[0] == end_key(g, BLAENAU) else PORTHMADOG
    g.end_of = g.end_of[:p] + (end,) + g.end_of[p + 1:]
    g.surveyor[p] = g.cfg.end_stations[end]
    g.setup_pos += 1
    if g.journal is not None:
        emit(g, "start_end", seat=p, end=end_key(g, end), forced=forced)


def game_surveyor_options(g: State, p: int) -> list[Action]:
    """Both ends are always open to the game's Surveyor ("no surveyor space is required")."""
    return [made("game_surveyor", (end_key(g, end),)) for end in (BLAENAU, PORTHMADOG)]


def apply_game_surveyor(g: State, p: int, act: Action) -> None:
    g.gs_end = BLAENAU if act.args[0] == end_key(g, BLAENAU) else PORTHMADOG
    g.setup_pos += 1
    if g.journal is not None:
        emit(g, "game_surveyor", seat=p, end=end_key(g, g.gs_end))


# --------------------------------------------------------------------------- B Excavate (R9, R10, R12)


def excavate(g: State, p: int, amount: int) -> tuple[int, Slots]:
    """"Each player carries out the action along the route in the direction away from that
    player's starting position" (R10): from the player's own frontier; the last cube of an
    excavation site marks it, whichever side it was taken from."""
    if g.end_of[p] == BLAENAU:
        return route.excavate(g, p, amount)
    return route.excavate_from(g, p, amount, g.exc_ptr_p, -1)


def clear_next_space(g: State, p: int) -> tuple[int, dict[str, object] | None]:
    """#3: "the whole next space that still holds rubble" - the player's own frontier (R12)."""
    if g.end_of[p] == BLAENAU:
        took, space = route.clear_next_space(g, p)
    else:
        i = g.exc_ptr_p
        if i < 0:
            return 0, None
        took = g.slot_rubble[i]
        g.slot_rubble[i] = 0
        g.rubble[p] += took
        g.route_rubble -= took
        if not g.cfg.slot_is_track[i] and g.markers[p] > 0:
            g.slot_owner[i] = p
            route.place_marker(g, p)
        route._after_rubble_change(g)
        space = route.slot_name(g, i)
    return took, space


# --------------------------------------------------------------------------- D Lay Track (R11, R19)


def next_track(g: State, end: int) -> int:
    """The first unlaid track card counted from `end`, or -1 when the lines have met."""
    nt = g.cfg.n_tracks
    if g.laid + g.laid_p >= nt:
        return -1
    return g.laid if end == BLAENAU else nt - 1 - g.laid_p


def _mark_laid(g: State, end: int, t: int, owner: int, trigger: int) -> None:
    g.track_owner[t] = owner
    if end == BLAENAU:
        g.laid += 1
    else:
        g.laid_p += 1
    if g.laid + g.laid_p == g.cfg.n_tracks and not g.end_trigger:
        # "The game ends at the end of the round when the last Track card ... has had track
        # laid on it": here the card that closes the gap between the two lines (R19).
        g.end_trigger = trigger


def lay_track(g: State, p: int, amount: int) -> list[int]:
    """For each steel bar, the first unlaid card from the player's own end, if it holds no
    rubble; a player out of markers still lays, unowned (R11)."""
    end = g.end_of[p]
    laid: list[int] = []
    while len(laid) < amount and not g.over:
        t = next_track(g, end)
        if t < 0 or g.steel[p] == 0 or g.slot_rubble[g.cfg.track_slot[t]] != 0:
            break
        g.steel[p] -= 1
        g.steel_supply += 1
        owned = g.markers[p] > 0
        _mark_laid(g, end, t, p if owned else UNOWNED, 1)
        laid.append(t)
        if owned:
            route.place_marker(g, p)
    return laid


# --------------------------------------------------------------------------- events (R6, R8, R17, R18)


def event_excavate(g: State, spaces: int) -> Slots:
    """From the game's Surveyor's end: all the rubble of `spaces` slots, in that end's order."""
    if g.gs_end == BLAENAU:
        cleared = route.event_excavate(g, spaces)
    else:
        sr = g.slot_rubble
        i = g.exc_ptr_p
        idx: list[int] = []
        removed = 0
        while len(idx) < spaces and i >= 0:
            if sr[i]:
                removed += sr[i]
                sr[i] = 0
                idx.append(i)
            i -= 1
        g.supply_rubble += removed
        g.route_rubble -= removed
        route._after_rubble_change(g)
        cleared = [route.slot_name(g, s) for s in idx] if g.journal is not None else []
    return cleared


def event_lay_track(g: State, cards: int) -> list[int]:
    """From the game's Surveyor's end: `cards` unlaid cards, excavated or not, unowned."""
    end = g.gs_end
    laid: list[int] = []
    while len(laid) < cards:
        t = next_track(g, end)
        if t < 0:
            break
        slot = g.cfg.track_slot[t]
        r = g.slot_rubble[slot]
        if r:
            g.slot_rubble[slot] = 0
            g.supply_rubble += r
            g.route_rubble -= r
        _mark_laid(g, end, t, EVENT, 2)
        laid.append(t)
    route._after_rubble_change(g)
    return laid


def complete_station(g: State) -> int:
    """Counted from the game's Surveyor's end, its own end station first: the first station
    neither completed nor fully built (R17)."""
    cfg = g.cfg
    if g.game_markers_left <= 0:
        return -1
    order = range(cfg.n_stations) if g.gs_end == BLAENAU else range(cfg.n_stations - 1, -1, -1)
    for si in order:
        if g.station_done[si] or all(g.bsite_owner[b] >= 0 for b in cfg.station_bsites[si]):
            continue
        g.station_done[si] = 1
        g.game_markers_left -= 1
        for slot in cfg.station_slots[si]:
            r = g.slot_rubble[slot]
            if r:
                g.slot_rubble[slot] = 0
                g.supply_rubble += r
                g.route_rubble -= r
        route._after_rubble_change(g)
        return si
    return -1


def after_event(g: State) -> None:
    """"After the Event has been resolved, move the game's Surveyor to the starting Station at
    the opposite end; Events alternate" - after every event from the track, even one that
    did nothing (R17)."""
    g.gs_end ^= 1
    if g.journal is not None:
        emit(g, "game_surveyor_moves", end=end_key(g, g.gs_end))


def after_rubble(g: State) -> None:
    """"As soon as all rubble counters have been removed from Station 4, the 'Train
    maintenance is needed' event happens" - once, whatever removed the last cube (R18).
    The rules call it after the step that removed rubble has been logged (a player's
    Excavate, #3's clearing, one event), so the log tells cause before effect."""
    si = g.cfg.maint_station
    if g.maint_done or si < 0 or g.over:
        return
    if any(g.slot_rubble[s] for s in g.cfg.station_slots[si]):
        return
    g.maint_done = True
    g.maint_queue = [p for p in order_from_start(g) if g.train[p]]
    if g.journal is not None:
        emit(g, "event", space=None, kind="maintenance", station=g.cfg.stations[si].key)


# --------------------------------------------------------------------------- E Build (R15, R16)


def buildable(g: State, p: int, si: int) -> bool:
    """"Track cards do not have to be excavated before a Station card can be built upon. A
    player can only build on Station cards from the player's starting position up to and
    including the location of that player's Surveyor" (R15)."""
    if g.station_done[si]:
        return False
    if g.end_of[p] == BLAENAU:
        return si <= g.surveyor[p]
    return si >= g.surveyor[p]


def build_refusal(g: State, p: int, si: int) -> str:
    """Why p may not build on si under R15 (the same rule as `buildable`): the station lies
    beyond p's Surveyor, seen from p's own end."""
    cfg = g.cfg
    name = cfg.stations[si].name
    own = cfg.stations[cfg.end_stations[g.end_of[p]]].name
    at = cfg.stations[g.surveyor[p]].name
    return refusal("%(station)s lies beyond your surveyor (at %(at)s): you build only from your end "
                   "(%(own)s) up to your surveyor", station=name, at=at, own=own)


def after_build(g: State, p: int, b: int) -> None:
    """"Some Station cards give a player free resources each time that player builds on a
    non-excavation site. Take these from the Supply Bag, if available, otherwise receive
    nothing" - by type, after paying; what the bag lacks is lost (R16)."""
    gives = g.cfg.bsite_gives[b]
    if not gives:
        return
    got = {"iron": 0, "stone": 0, "coal": 0}
    for kind, n in gives:
        if kind == "iron":
            k = min(n, g.bag_i)
            g.bag_i -= k
            g.iron[p] += k
        elif kind == "stone":
            k = min(n, g.bag_s)
            g.bag_s -= k
            g.stone[p] += k
        elif kind == "coal":
            k = min(n, g.bag_c)
            g.bag_c -= k
            g.coal[p] += k
        else:
            raise ValueError(f"a building site can give iron, stone or coal, not {kind!r}")
        got[kind] += k
    if g.journal is not None:
        emit(g, "gift", seat=p, **got, wanted=dict(gives))


# --------------------------------------------------------------------------- G Surveyor (R13, R14)


def move_surveyor(g: State, p: int) -> bool:
    """One station away from the player's own end; at the far end it stays (R13). "When a
    player moves their Surveyor off Blaenau Ffestiniog or Porthmadog Harbour, put one of that
    player's Ownership markers in the starting Station" - scores nothing, counts as placed;
    a player with none left still moves (R14)."""
    end = g.end_of[p]
    before = g.surveyor[p]
    target = before + (1 if end == BLAENAU else -1)
    if not 0 <= target < g.cfg.n_stations:
        return False
    g.surveyor[p] = target
    if g.journal is not None:
        emit(g, "surveyor", seat=p, station=g.cfg.stations[target].key)
    # Surveyors never move back, so "off the starting station" happens once: the move that
    # starts on the player's own end. `start_marker[p]` records a marker actually placed.
    if before == g.cfg.end_stations[end] and g.markers[p] > 0:
        g.start_marker = g.start_marker[:p] + (1,) + g.start_marker[p + 1:]
        if g.journal is not None:
            emit(g, "start_marker", seat=p, station=end_key(g, end))
        route.place_marker(g, p)
    return True


HOOKS = Hooks(
    excavate=excavate,
    clear_next_space=clear_next_space,
    lay_track=lay_track,
    event_excavate=event_excavate,
    event_lay_track=event_lay_track,
    complete_station=complete_station,
    after_event=after_event,
    after_rubble=after_rubble,
    buildable=buildable,
    build_refusal=build_refusal,
    after_build=after_build,
    move_surveyor=move_surveyor,
)
