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
from snowdonia.games.snowdonia.rules.state import EVENT, NONE

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
        on_board = (g.slot_owner.count(p) + g.track_owner.count(p) + g.bsite_owner.count(p))
        if on_board + g.markers[p] != per:
            raise _fail(g, f"seat {p}: {on_board} markers on the board + {g.markers[p]} left != {per}")
    events_total = box["event_cubes"] - (1 if g.cfg.solo else 0)
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
    for t in range(cfg.n_tracks):
        laid = t < g.laid
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
