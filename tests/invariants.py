"""Invariants that must hold at every position of every game (issue 2, "How it must be checked").

`check_invariants(game)` is shared by the property tests, the golden tests and any other test
that drives a game: it counts every component across all the places it can be and checks the
observations for secrecy. It reads the flat State fields directly, never re-derives a rule.

Box totals come from the component data (seed 004 "Components"; data/supply.toml), not from
constants here, so a corrected count in the data is picked up.
"""

from __future__ import annotations

import re
from typing import Any

from snowdonia.games.snowdonia.data import components
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.board import blocked, capacity
from snowdonia.games.snowdonia.rules.contracts import weather_supply
from snowdonia.games.snowdonia.rules.state import EVENT, NONE, SLOTS

# Keys that would carry hidden information: the deck order, the discard pile's content,
# the generator state and the seed (from which everything hidden can be recomputed).
FORBIDDEN_KEYS = frozenset({"deck", "discard", "rng", "seed", "discard_pile", "bag_order", "kdisc"})


class InvariantError(AssertionError):
    """An invariant does not hold; the message names it and the numbers involved."""


def _fail(game: Game, what: str) -> InvariantError:
    return InvariantError(f"{what} (round {game.round}, move {game.moves}, decision {game.decision})")


def check_invariants(game: Game, observations: bool = True) -> None:
    """Raise InvariantError naming the first broken invariant at this position."""
    check_components(game)
    check_board(game)
    check_two_ends(game)
    if observations:
        check_observations(game)


def check_components(game: Game) -> None:
    """Cubes, steel, markers, event cubes and rubble are neither created nor destroyed."""
    g = game
    box = components().box
    n = g.cfg.players
    iron = g.bag_i + g.yard_i + sum(g.iron) + g.box_i
    if iron != box["iron"]:
        raise _fail(g, f"iron not conserved: bag {g.bag_i} + yard {g.yard_i} + players {g.iron} "
                       f"+ box {g.box_i} = {iron} != {box['iron']}")
    stone = g.bag_s + g.yard_s + sum(g.stone) + g.box_s
    if stone != box["stone"]:
        raise _fail(g, f"stone not conserved: bag {g.bag_s} + yard {g.yard_s} + players {g.stone} "
                       f"+ box {g.box_s} = {stone} != {box['stone']}")
    shed_coal = sum(g.shed_coal[t] for t in g.shed)
    if sum(g.shed_coal) != shed_coal:
        raise _fail(g, f"coal left on a train that is not in the Engine Shed: {g.shed_coal}, shed {g.shed}")
    coal = g.bag_c + g.yard_c + sum(g.coal) + shed_coal + g.box_c
    if coal != box["coal"]:
        raise _fail(g, f"coal not conserved: bag {g.bag_c} + yard {g.yard_c} + players {g.coal} "
                       f"+ shed {shed_coal} + box {g.box_c} = {coal} != {box['coal']}")
    for name, vals in (("iron", g.iron), ("stone", g.stone), ("coal", g.coal), ("rubble", g.rubble),
                       ("steel", g.steel), ("markers", g.markers)):
        if min(vals) < 0:
            raise _fail(g, f"negative {name} in a player's supply: {vals}")
    for name, v in (("bag_i", g.bag_i), ("bag_s", g.bag_s), ("bag_c", g.bag_c), ("bag_e", g.bag_e),
                    ("yard_i", g.yard_i), ("yard_s", g.yard_s), ("yard_c", g.yard_c),
                    ("box_i", g.box_i), ("box_s", g.box_s), ("box_c", g.box_c),
                    ("steel_supply", g.steel_supply), ("supply_rubble", g.supply_rubble)):
        if v < 0:
            raise _fail(g, f"{name} is negative: {v}")
    steel = g.steel_supply + sum(g.steel)
    if steel != box["steel"]:
        raise _fail(g, f"steel not conserved: supply {g.steel_supply} + players {g.steel} != {box['steel']}")
    per = box["ownership_markers_per_colour"]
    for p in range(n):
        # Blaenau Ffestiniog: a start marker on the player's starting station (0 elsewhere).
        on_board = (g.slot_owner.count(p) + g.track_owner.count(p) + g.bsite_owner.count(p)
                    + g.start_marker[p])
        if on_board + g.markers[p] != per:
            raise _fail(g, f"seat {p}: {on_board} markers on the board (start marker "
                           f"{g.start_marker[p]}) + {g.markers[p]} left != {per}")
    events_total = box["event_cubes"] - (1 if g.cfg.solo else 0)
    if g.cfg.event_start_space:
        # Blaenau Ffestiniog: one cube sits on space 7 and the bag gets the rest, so all the
        # box's event cubes are in play at every player count (R6).
        events_total = box["event_cubes"]
    # Event cubes drawn in a restock wait (events_pending) until they are placed one by one.
    if sum(g.events) + g.bag_e + g.events_pending != events_total:
        raise _fail(g, f"event cubes: track {g.events} + bag {g.bag_e} != {events_total}")
    route = sum(g.slot_rubble)
    if route != g.route_rubble:
        raise _fail(g, f"route_rubble {g.route_rubble} != rubble on the route {route}")
    total_rubble = route + sum(g.rubble) + g.supply_rubble
    if total_rubble != box["rubble"]:
        raise _fail(g, f"rubble: route {route} + players {g.rubble} + supply {g.supply_rubble} "
                       f"= {total_rubble} != {box['rubble']}")
    # One train per player, each train in one place only (seed 004 Trains).
    owned = [t for t in g.train if t]
    places = owned + list(g.shed) + ([g.set_aside] if not g.cfg.solo else [])
    if len(places) != len(set(places)):
        raise _fail(g, f"a train is in two places: players {g.train}, shed {g.shed}, set aside {g.set_aside}")
    if not g.cfg.solo and sorted(places) != list(range(1, 8)):
        raise _fail(g, f"trains lost: players {g.train}, shed {g.shed}, set aside {g.set_aside}")
    # Weather discs: never more in play than in the box.
    sup = weather_supply(g)
    if min(sup.values()) < 0:
        raise _fail(g, f"more weather discs in play than in the box: {sup}")


def check_board(game: Game) -> None:
    """Action spaces within capacity, nothing on a fog-blocked space, route bookkeeping."""
    g = game
    cfg = g.cfg
    for a in range(6):
        cap = capacity(g, a)
        base = cfg.space_offset[a]
        width = (cfg.space_offset[a + 1] if a < 5 else cfg.n_space_slots) - base
        for i in range(width):
            who = g.spaces[base + i]
            if who == NONE:
                continue
            if i >= cap:
                raise _fail(g, f"labourer of seat {who} on {'ABCDEF'[a]}{i + 1}, over capacity {cap}")
            # The weather only changes after the labourers went home, so a labourer on a
            # blocked space can only have been placed there (seed 004 Check the Weather).
            if blocked(g, a, i):
                raise _fail(g, f"labourer of seat {who} on fog-blocked space {'ABCDEF'[a]}{i + 1}")
    placed = [0] * cfg.players
    for who in g.spaces:
        if who != NONE:
            placed[who] += 1
    for who in g.g_list:
        placed[who] += 1
    for p in range(cfg.players):
        if placed[p] > g.labourers[p]:
            raise _fail(g, f"seat {p} has {placed[p]} labourers out but only {g.labourers[p]}")
    if not 0 <= g.laid <= cfg.n_tracks:
        raise _fail(g, f"laid {g.laid} outside 0..{cfg.n_tracks}")
    if g.laid_p < 0 or g.laid + g.laid_p > cfg.n_tracks:
        raise _fail(g, f"lines of track {g.laid} + {g.laid_p} outside 0..{cfg.n_tracks}")
    for t in range(cfg.n_tracks):
        # Laid from the start (Mount Snowdon, Blaenau's line) or from the far end (Porthmadog's).
        laid = t < g.laid or t >= cfg.n_tracks - g.laid_p
        owner = g.track_owner[t]
        if laid != (owner != NONE):
            raise _fail(g, f"track card {t}: laid {laid} but owner {owner}")
        if laid and g.slot_rubble[cfg.track_slot[t]]:
            raise _fail(g, f"track card {t} is laid but still holds rubble")
    for s in range(cfg.n_slots):
        if g.slot_owner[s] not in (NONE,) and g.slot_rubble[s]:
            raise _fail(g, f"excavation site slot {s} is owned but holds rubble")
        if cfg.slot_is_track[s] and g.slot_owner[s] != NONE:
            raise _fail(g, f"slot {s} is a track card but has a site owner")
    for si in range(cfg.n_stations):
        if g.station_done[si]:
            for s in cfg.station_slots[si]:
                if g.slot_rubble[s]:
                    raise _fail(g, f"station {si} completed by an event still holds rubble")
    if g.b_build and g.route_rubble:
        raise _fail(g, "B became a Build area while rubble is left on the route")
    for p in range(cfg.players):
        if not 0 <= g.surveyor[p] < cfg.n_stations:
            raise _fail(g, f"surveyor of seat {p} off the route: {g.surveyor[p]}")
        if g.hand[p] & g.played[p]:
            raise _fail(g, f"seat {p}: a contract is both in hand and played")
    if EVENT in g.slot_owner or EVENT in g.bsite_owner:
        raise _fail(g, "an event owns a station site")


def _contracts_in(obs: dict[str, Any]) -> set[int]:
    found: set[int] = set()
    for c in obs["site_office"]:
        if c is not None:
            found.add(c)
    for pl in obs["players"]:
        found.update(pl["contracts"])
        found.update(pl["played"])
        found.update(pl["played_this_round"])
    dec = obs.get("decision")
    if dec and isinstance(dec.get("cards"), list):
        found.update(dec["cards"])
    return found


_SCALAR_TYPES = (str, int, float, bool, type(None))


def _forbidden(root: Any) -> str | None:
    """The path of the first forbidden key or non-JSON value (tuples, sets, int keys...),
    or None. Exact type checks: a tuple would silently turn into a list in JSON."""
    stack: list[tuple[Any, str]] = [(root, "")]
    while stack:
        node, path = stack.pop()
        t = type(node)
        if t is dict:
            for k, v in node.items():
                if type(k) is not str:
                    return f"{path}: non-string key {k!r}"
                if k in FORBIDDEN_KEYS:
                    return f"{path}.{k}"
                if type(v) in _SCALAR_TYPES:
                    continue
                stack.append((v, f"{path}.{k}"))
        elif t is list:
            for i, v in enumerate(node):
                if type(v) not in _SCALAR_TYPES:
                    stack.append((v, f"{path}[{i}]"))
        elif t not in _SCALAR_TYPES:
            return f"{path}: {t.__name__} is not JSON"
    return None


def check_observations(game: Game) -> None:
    """Every seat's observation and the public one are JSON-safe (plain dicts, lists, strings,
    numbers, booleans, None: checked by exact type, which is stricter than a json.dumps round
    trip) and hide what must be hidden."""
    g = game
    n = g.cfg.players
    public_seen = -1
    for p in range(n):
        public_seen &= g.seen[p]
    for seat in [*range(n), None]:
        obs = g.observation(seat)
        bad = _forbidden(obs)
        if bad:
            raise _fail(g, f"observation for seat {seat} carries hidden or non-JSON data at {bad}")
        seen = public_seen if seat is None else g.seen[seat]
        unseen = sorted(c for c in _contracts_in(obs) if not seen >> c & 1)
        if unseen:
            raise _fail(g, f"observation for seat {seat} shows contract(s) {unseen} it has not seen")
        dec = obs.get("decision")
        if dec and "cards" in dec and seat != g.decider and isinstance(dec["cards"], list):
            raise _fail(g, f"seat {seat} sees the cards drawn by seat {g.decider} for #5")


_CARD = re.compile(r"#(\d+)")


def check_log_secrecy(game: Game, since: int = 0) -> int:
    """The log is public (every seat reads it): a contract number may only appear in a log
    line once every seat has seen that card. Checks lines from `since`; returns the new
    length so callers can check incrementally right after each decision."""
    g = game
    events = g.log()
    lines = g.log_lines
    public_seen = -1
    for p in range(g.cfg.players):
        public_seen &= g.seen[p]
    for event, line in zip(events[since:], lines[since:], strict=True):
        nums = [int(n) for n in _CARD.findall(line)]
        for key in ("contract", "paid"):
            if isinstance(event.get(key), int) and not isinstance(event.get(key), bool):
                nums.append(event[key])
        for key in ("dealt", "discarded"):
            nums += list(event.get(key, []))
        for num in nums:
            if not public_seen >> int(num) & 1:
                raise _fail(g, f"the public log names contract #{num} that not every seat has seen: {event!r}")
    return len(events)


# --------------------------------------------------------------------------- two ends


def check_two_ends(game: Game) -> None:
    """Blaenau Ffestiniog's invariants that hold at every position (docs/rulings.md, section
    "Blaenau Ffestiniog"): the two frontiers are where the rubble is, the event track holds
    its cube on 7 and uses only 8-10, the game's Surveyor is on an end, start markers only
    for players who left their end, builds only within each player's range, no removed
    contract anywhere, and the game never ends with a gap between the two lines."""
    g = game
    cfg = g.cfg
    if not cfg.two_ends:
        return
    n = cfg.players
    sr = g.slot_rubble
    lowest = next((i for i, r in enumerate(sr) if r), cfg.n_slots)
    highest = max((i for i, r in enumerate(sr) if r), default=-1)
    if g.exc_ptr != lowest or g.exc_ptr_p != highest:
        raise _fail(g, f"frontiers {g.exc_ptr}/{g.exc_ptr_p} are not the lowest/highest slots "
                       f"holding rubble {lowest}/{highest}")
    ev = g.events
    start = cfg.event_start_space
    if not ev[start - 1]:
        raise _fail(g, f"space {start} of the Event Track lost its cube: {ev}")
    if any(ev[: start - 1]):
        raise _fail(g, f"an Event Track space before {start} is occupied: {ev}")
    if g.gs_end not in (0, 1):
        raise _fail(g, f"the game's Surveyor is not on an end: {g.gs_end}")
    chosen = g.setup_pos
    for q in range(n):
        p = (g.start + q) % n if chosen <= n else q
        if chosen <= n and q >= chosen:
            continue
        home = cfg.end_stations[g.end_of[p]]
        if g.start_marker[p] and g.surveyor[p] == home:
            raise _fail(g, f"seat {p} has a start marker but never left {cfg.stations[home].key}")
        if g.start_marker[p] not in (0, 1):
            raise _fail(g, f"seat {p} has {g.start_marker[p]} start markers")
        lo, hi = sorted((home, g.surveyor[p]))
        for b in range(cfg.n_bsites):
            if g.bsite_owner[b] == p and not lo <= cfg.bsite_station[b] <= hi:
                raise _fail(g, f"seat {p} (end {g.end_of[p]}, surveyor {g.surveyor[p]}) built on "
                               f"station {cfg.bsite_station[b]}, beyond its surveyor")
    if chosen <= n:
        counts = [0, 0]
        for q in range(chosen):
            counts[g.end_of[(g.start + q) % n]] += 1
        if max(counts) > cfg.surveyor_spaces_per_end:
            raise _fail(g, f"more than {cfg.surveyor_spaces_per_end} surveyors chose one end: {counts}")
    removed = cfg.scenario_data.contracts_removed
    held = set()
    for p in range(n):
        held |= {c for c in removed if (g.hand[p] | g.played[p]) >> c & 1}
    places = set(g.deck) | set(g.discard) | set(g.office) | held | set(g.pending_cards)
    if removed & places:
        raise _fail(g, f"removed contract(s) {sorted(removed & places)} are in the game")
    if g.maint_done and any(sr[s] for s in cfg.station_slots[cfg.maint_station]):
        raise _fail(g, "the Plas Halt maintenance happened while Plas Halt still holds rubble")
    if g.over:
        if "round limit" in g.end_reason:
            raise _fail(g, "a Blaenau Ffestiniog game ended only by the safety net")
        met = g.laid + g.laid_p == cfg.n_tracks
        marker_end = bool(cfg.marker_end) and g.markers_placed >= cfg.marker_end
        if not met and not marker_end:
            raise _fail(g, f"the game is over with a gap between the lines ({g.laid} + {g.laid_p} "
                           f"of {cfg.n_tracks}) and markers left")


class TwoEndsWatcher:
    """Blaenau Ffestiniog's invariants between positions, read from the state and the public
    log since the last call (so several automatic steps inside one decision are each seen):

    - each frontier only moves away from its end and no slot's rubble grows;
    - each line only grows, from its end, without gaps; a player lays from their own end;
    - surveyors move one station at a time away from their own end;
    - nobody builds beyond their surveyor or on a completed station;
    - the game's Surveyor moves to the other end after every event from the track (8-10
      only), and at no other time;
    - a start marker is placed once, on the first move, and only by a player with one left;
    - the Plas Halt maintenance happens at most once, and once Plas Halt is clear.
    Call `check(game)` after every decision."""

    def __init__(self, game: Game) -> None:
        self.cfg = game.cfg
        self.seen = 0
        self._take(game)
        self.maintenance_events = 0

    def _take(self, g: Game) -> None:
        self.rubble = g.slot_rubble[:]
        self.b, self.p = g.exc_ptr, g.exc_ptr_p
        self.laid, self.laid_p = g.laid, g.laid_p
        self.surveyor = g.surveyor[:]
        self.done = g.station_done[:]
        self.gs = g.gs_end
        self.markers = g.markers[:]
        self.start_marker = g.start_marker[:]
        self.chosen = g.setup_pos

    def check(self, game: Game) -> None:
        g = game
        cfg = self.cfg
        if not cfg.two_ends:
            return
        n_slots, nt = cfg.n_slots, cfg.n_tracks
        if g.exc_ptr < self.b or g.exc_ptr_p > self.p:
            raise _fail(g, f"a frontier moved back toward its end: {self.b}/{self.p} -> {g.exc_ptr}/{g.exc_ptr_p}")
        for s in range(n_slots):
            if g.slot_rubble[s] > self.rubble[s]:
                raise _fail(g, f"rubble on slot {s} grew: {self.rubble[s]} -> {g.slot_rubble[s]}")
        if g.laid < self.laid or g.laid_p < self.laid_p:
            raise _fail(g, f"a line of track shrank: {self.laid}/{self.laid_p} -> {g.laid}/{g.laid_p}")
        journal = g.journal or []
        events = journal[self.seen:]
        self.seen = len(journal)
        surveyor = self.surveyor[:]
        laid = [self.laid, self.laid_p]
        gs = self.gs
        awaiting_gs = False  # an event from the track resolved; the GS must move next
        first_move: set[int] = set()  # seats whose last surveyor move left their own end
        done = self.done[:]
        setup_done = self.chosen > cfg.players
        for e in events:
            t = e["type"]
            if t == "start_end":
                surveyor[e["seat"]] = cfg.station_index[e["end"]]
            elif t == "game_surveyor":
                gs = 0 if e["end"] == cfg.stations[cfg.end_stations[0]].key else 1
                setup_done = True
            elif t == "surveyor":
                p = e["seat"]
                step = 1 if g.end_of[p] == 0 else -1
                to = cfg.station_index[e["station"]]
                if to != surveyor[p] + step:
                    raise _fail(g, f"seat {p}'s surveyor went {surveyor[p]} -> {to}, not one step away from its end")
                first_move.discard(p)
                if surveyor[p] == cfg.end_stations[g.end_of[p]]:
                    first_move.add(p)
                surveyor[p] = to
            elif t == "start_marker":
                p = e["seat"]
                if p not in first_move:
                    raise _fail(g, f"seat {p} placed a start marker other than on its first move")
                first_move.discard(p)
                if e["station"] != cfg.stations[cfg.end_stations[g.end_of[p]]].key:
                    raise _fail(g, f"seat {p}'s start marker went on {e['station']}, not its starting station")
            elif t == "build":
                p = e["seat"]
                si = cfg.station_index[e["station"]]
                home = cfg.end_stations[g.end_of[p]]
                lo, hi = sorted((home, surveyor[p]))
                if not lo <= si <= hi:
                    raise _fail(g, f"seat {p} built on {e['station']} beyond its surveyor ({surveyor[p]})")
                if done[si]:
                    raise _fail(g, f"seat {p} built on {e['station']}, completed by an event")
            elif t == "lay":
                p = e["seat"]
                end = g.end_of[p]
                for track in e["tracks"]:
                    want = laid[0] if end == 0 else nt - 1 - laid[1]
                    if track != want:
                        raise _fail(g, f"seat {p} laid track card {track}; its line's next card is {want}")
                    laid[end] += 1
            elif t == "event":
                if awaiting_gs and e.get("space") is not None:
                    raise _fail(g, "two events from the track with no game's Surveyor move between them")
                if e.get("space") is None:
                    self.maintenance_events += 1
                    if self.maintenance_events > 1:
                        raise _fail(g, "the Plas Halt maintenance happened twice")
                    continue
                if e["space"] not in (8, 9, 10):
                    raise _fail(g, f"an event resolved on space {e['space']}; only 8, 9 and 10 are used")
                if e["kind"] == "complete_station" and e["station"] is not None:
                    done[cfg.station_index[e["station"]]] = 1
                if e["kind"] == "lay_track":
                    for track in e["tracks"]:
                        want = laid[0] if gs == 0 else nt - 1 - laid[1]
                        if track != want:
                            raise _fail(g, f"an event from end {gs} laid card {track}, not {want}")
                        laid[gs] += 1
                awaiting_gs = True
            elif t == "game_surveyor_moves":
                new = 0 if e["end"] == cfg.stations[cfg.end_stations[0]].key else 1
                if not awaiting_gs or new == gs:
                    raise _fail(g, f"the game's Surveyor moved to end {new} without an event to alternate after")
                gs = new
                awaiting_gs = False
        if awaiting_gs:
            raise _fail(g, "an event from the track resolved and the game's Surveyor did not move")
        if setup_done and gs != g.gs_end:
            raise _fail(g, f"the game's Surveyor is at end {g.gs_end}; the log says {gs}")
        if surveyor != g.surveyor:
            raise _fail(g, f"surveyors {g.surveyor} differ from the log's {surveyor}")
        if laid != [g.laid, g.laid_p] and g.journal is not None:
            raise _fail(g, f"lines {g.laid}/{g.laid_p} differ from the log's {laid}")
        for p in range(cfg.players):
            if g.start_marker[p] and not self.start_marker[p] and self.markers[p] == 0:
                raise _fail(g, f"seat {p} placed a start marker with none left")
        if g.maint_done and self.maintenance_events != 1 and g.journal is not None:
            raise _fail(g, "maintenance is marked done but was not logged exactly once")
        self._take(g)


def snapshot(g: Game) -> dict[str, Any]:
    """Every mutable field of the position (not the shared Config, cache or log)."""
    out: dict[str, Any] = {}
    for s in SLOTS:
        if s in ("cfg", "_legal", "journal"):
            continue
        v = getattr(g, s)
        out[s] = v[:] if isinstance(v, list) else v
    out["history"] = g.history[:]
    return out


def all_views(g: Game) -> list[dict[str, Any]]:
    """Every seat's observation and the spectator's."""
    return [g.observation(s) for s in [*range(g.cfg.players), None]]
