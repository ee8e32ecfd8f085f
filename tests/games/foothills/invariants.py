"""Invariants that must hold at every position of every Foothills game.

`check(g)` counts every cube, marker, token, passenger, ticket and card across all the places
it can be, and checks the structural facts of the rules (scoring pile within the stations
built, one ticket per colour, navvy order, Devil's Bridge order, observations JSON-safe).
It reads the flat state directly and never re-derives a rule. Box totals come from the
component data, not from constants here.
"""

from __future__ import annotations

import json
from typing import Any

from snowdonia.games.foothills.data import components
from snowdonia.games.foothills.game import FoothillsGame
from snowdonia.games.foothills.rules.state import BAR, NAVVY, NONE, PUB

FORBIDDEN_KEYS = frozenset({"rng", "seed", "bag_order", "draw_order", "history"})


class InvariantError(AssertionError):
    pass


def _fail(g: FoothillsGame, what: str) -> InvariantError:
    return InvariantError(f"{what} (turn {g.turn}, move {g.n_moves}, decision {g.decision})")


def check(g: FoothillsGame, observations: bool = True) -> None:
    check_pieces(g)
    check_board(g)
    check_cards(g)
    if observations:
        check_observations(g)


def check_pieces(g: FoothillsGame) -> None:
    """Cubes, rubble, passengers, VP, markers, navvies, buffer stops, tickets: conserved."""
    box = components().box
    if g.bag_i + g.yard_i + sum(g.iron) != box["iron"]:
        raise _fail(g, f"iron: bag {g.bag_i} + yard {g.yard_i} + players {g.iron} != {box['iron']}")
    if g.bag_s + g.yard_s + sum(g.stone) != box["stone"]:
        raise _fail(g, f"stone: bag {g.bag_s} + yard {g.yard_s} + players {g.stone} != {box['stone']}")
    if g.bag_e + g.yard_e + g.events_aside != box["event_cubes"]:
        raise _fail(g, f"event cubes: bag {g.bag_e} + yard {g.yard_e} + aside {g.events_aside}")
    if g.events_aside and not g.replace_events:
        raise _fail(g, "event cubes set aside outside an action that replaces them")
    rubble = sum(g.card_rubble) + sum(g.rubble) + g.rubble_supply
    if rubble != box["rubble"] + g.rubble_extra:
        raise _fail(g, f"rubble: layout {sum(g.card_rubble)} + players {g.rubble} + supply "
                       f"{g.rubble_supply} != {box['rubble']} + substitutes {g.rubble_extra}")
    if g.pass_supply + sum(g.passengers) != box["passengers"] + g.pass_extra:
        raise _fail(g, f"passengers: supply {g.pass_supply} + players {g.passengers} != "
                       f"{box['passengers']} + {g.pass_extra}")
    vt = box["vp_tokens"]
    vp_total = int(vt["half"] * 0.5 + vt["one"] + 3 * vt["three"] + 10 * vt["ten"])
    if g.vp_supply + sum(g.vp) != vp_total + g.vp_extra:
        raise _fail(g, f"VP tokens: supply {g.vp_supply} + players {g.vp} != {vp_total} + {g.vp_extra}")
    for name in ("iron", "stone", "rubble", "passengers", "vp", "markers"):
        if min(getattr(g, name)) < 0:
            raise _fail(g, f"negative {name}: {getattr(g, name)}")
    for name in ("bag_i", "bag_s", "bag_e", "yard_i", "yard_s", "yard_e", "rubble_supply", "pass_supply",
                 "vp_supply", "navvies_left", "buffers_left"):
        if getattr(g, name) < 0:
            raise _fail(g, f"{name} is negative")
    if min(g.card_rubble) < 0:
        raise _fail(g, "negative rubble on a card")
    for p in (0, 1):
        tracks = g.track_owner.count(p)
        stations = g.station_owner.count(p)
        if g.markers[p] + tracks + stations != box["markers_per_player"]:
            raise _fail(g, f"seat {p}: {g.markers[p]} markers + {tracks} tracks + {stations} stations")
        if g.tracks_built[p] != tracks or g.stations_built[p] != stations:
            raise _fail(g, f"seat {p}: counters {g.tracks_built[p]}/{g.stations_built[p]} != board {tracks}/{stations}")
    if g.navvies_left + sum(g.navvy) != box["navvies"]:
        raise _fail(g, f"navvies: {g.navvies_left} left + {sum(g.navvy)} placed != {box['navvies']}")
    if g.buffers_left + sum(g.buffer) != box["buffer_stops"]:
        raise _fail(g, f"buffer stops: {g.buffers_left} left + {sum(g.buffer)} placed")
    cfg = g.cfg
    for c in range(cfg.n_cards):
        if not (cfg.is_start[c] and cfg.in_play[c]):
            if g.tickets_left[c]:
                raise _fail(g, f"tickets on {cfg.cards[c].id}, which is not a start card in play")
            continue
        k = cfg.ticket_kind[c]
        holders = sum(1 for p in (0, 1) if g.tickets[p] >> k & 1)
        if g.tickets_left[c] + holders != box["tickets_per_kind"]:
            raise _fail(g, f"{cfg.ticket_colours[k]} tickets: {g.tickets_left[c]} on the card + {holders} held")
    kinds_in_play = 0
    for c in cfg.start_cards:
        kinds_in_play |= 1 << cfg.ticket_kind[c]
    for p in (0, 1):
        if g.tickets[p] & ~kinds_in_play:
            raise _fail(g, f"seat {p} holds a ticket of a railway not in play")
    if g.summit_owner not in (NONE, 0, 1) or (cfg.summit_card == NONE and g.summit_owner != NONE):
        raise _fail(g, f"summit token owner {g.summit_owner}")


def check_board(g: FoothillsGame) -> None:
    cfg = g.cfg
    track_owner, station_owner, rubble, navvy = g.track_owner, g.station_owner, g.card_rubble, g.navvy
    for c in range(cfg.n_cards):
        tracks = [track_owner[t] for t in cfg.card_tracks[c]]
        stations = [station_owner[s] for s in cfg.card_stations[c]]
        if not cfg.in_play[c]:
            if rubble[c] or navvy[c] or tracks.count(NONE) != len(tracks) or stations.count(NONE) != len(stations):
                raise _fail(g, f"{cfg.cards[c].id} is not in play but holds pieces")
            continue
        marked = tracks.count(NONE) != len(tracks) or stations.count(NONE) != len(stations)
        if rubble[c] and marked:
            raise _fail(g, f"{cfg.cards[c].id} holds rubble and a marker")
        if navvy[c]:
            if tracks.count(NAVVY) != len(tracks) or stations.count(NAVVY) != len(stations):
                raise _fail(g, f"navvy on {cfg.cards[c].id} does not cover every space")
        elif NAVVY in tracks or NAVVY in stations:
            raise _fail(g, f"{cfg.cards[c].id}: a space built by a navvy that is not there")
        if cfg.ordered[c]:
            built = [o != NONE for o in stations]
            if built != sorted(built, reverse=True):
                raise _fail(g, f"{cfg.cards[c].id}: stations built out of order {stations}")
        # Porthmadog's two spaces fill left to right.
        if len(tracks) > 1 and tracks[0] == NONE and tracks[1] != NONE:
            raise _fail(g, f"{cfg.cards[c].id}: right track space built before the left")
    # Navvy placement order: every card before a navvied one (column by column, top to
    # bottom) holds a marker, since markers never leave the board.
    order = cfg.navvy_order
    empty_before: int | None = None
    for c in order:
        marked = g.navvy[c] or any(g.track_owner[t] != NONE for t in cfg.card_tracks[c]) or any(
            g.station_owner[s] != NONE for s in cfg.card_stations[c])
        if g.navvy[c] and empty_before is not None:
            raise _fail(g, f"navvy on {cfg.cards[c].id} while {cfg.cards[empty_before].id} before it was empty")
        if not marked and empty_before is None:
            empty_before = c
    for r in range(cfg.n_rails):
        if g.buffer[r]:
            if not cfg.rail_in_play[r] or any(g.track_owner[t] == NONE for t in cfg.rail_tracks[r]):
                raise _fail(g, f"buffer stop on railway {cfg.rail_numeral[r]}, which is not complete")
    if g.buffers_left == 0 and g.end_trigger == NONE:
        raise _fail(g, "every buffer stop is placed but the end was not rung in")
    for p in (0, 1):
        pos = g.surveyor[p]
        if pos not in (BAR, PUB):
            if not (0 <= pos < cfg.n_cards and cfg.in_play[pos] and cfg.space[pos] is not None):
                raise _fail(g, f"surveyor of seat {p} on {pos}, not an action space in play")
            if not (cfg.is_start[pos] or any(g.station_owner[s] != NONE for s in cfg.card_stations[pos])):
                raise _fail(g, f"surveyor of seat {p} on {cfg.cards[pos].id}, which has no built station")
    if g.over and not g.end_reason:
        raise _fail(g, "the game is over without a reason")


def check_cards(g: FoothillsGame) -> None:
    """Every action card in exactly one place; bars by category; the scoring pile within the
    stations built."""
    cfg = g.cfg
    seen: dict[int, str] = {}

    def put(ac: int, where: str) -> None:
        if ac in seen:
            raise _fail(g, f"card {cfg.ac_id[ac]} is both in {seen[ac]} and in {where}")
        seen[ac] = where

    for slot, ac in enumerate(g.bar):
        if ac == NONE:
            if g.grey[slot]:
                raise _fail(g, f"empty bar slot {slot} is grey")
            continue
        if cfg.ac_cat[ac] != slot % 5:
            raise _fail(g, f"card {cfg.ac_id[ac]} in the slot of category {'ABCDE'[slot % 5]}")
        put(ac, f"seat {slot // 5}'s bar")
    for p in (0, 1):
        for ac in range(cfg.n_ac):
            if g.pile[p] >> ac & 1:
                put(ac, f"seat {p}'s scoring pile")
        if g.pile[p].bit_count() > g.stations_built[p]:
            raise _fail(g, f"seat {p}: {g.pile[p].bit_count()} cards in the scoring pile, "
                           f"only {g.stations_built[p]} stations")
    for ac in range(cfg.n_ac):
        if g.supply_cards >> ac & 1:
            put(ac, "the supply")
        if g.box_cards >> ac & 1:
            put(ac, "the box")
    if len(seen) != cfg.n_ac:
        missing = [cfg.ac_id[a] for a in range(cfg.n_ac) if a not in seen]
        raise _fail(g, f"action cards lost: {missing}")


_SCALARS = (str, int, float, bool, type(None))


def _bad(root: Any) -> str | None:
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
                stack.append((v, f"{path}.{k}"))
        elif t is list:
            for i, v in enumerate(node):
                stack.append((v, f"{path}[{i}]"))
        elif t not in _SCALARS:
            return f"{path}: {t.__name__} is not JSON"
    return None


def check_observations(g: FoothillsGame) -> None:
    for seat in (0, 1, None):
        obs = g.observation(seat)
        bad = _bad(obs)
        if bad:
            raise _fail(g, f"observation for seat {seat} is not JSON-safe or leaks: {bad}")
        json.dumps(obs)
    bad = _bad(g.log())
    if bad:
        raise _fail(g, f"the log is not JSON-safe: {bad}")
