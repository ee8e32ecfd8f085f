"""What a seat may see (spec/product.md "Game.observation"). Secrecy lives in this one
function: the deck order, the discard pile, cards drawn for #5 by someone else and the
generator state never leave it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from snowdonia.games.snowdonia.rules.board import bits, blocked, capacity, excavation_rate, lay_track_rate
from snowdonia.games.snowdonia.rules.contracts import weather_supply
from snowdonia.games.snowdonia.rules.decisions import CONVERT, KEEP, MAINTENANCE, STOCK_YARD, TAKE, WINDOW
from snowdonia.games.snowdonia.rules.route import slot_name, station_buildable
from snowdonia.games.snowdonia.rules.state import EVENT, NONE, UNOWNED, State

AREA_NAMES: Final = ("Stock Yard", "Excavate", "Works", "Lay Track", "Build", "Site Office", "Surveyor")


def _owner(o: int) -> int | str | None:
    if o == NONE or o == UNOWNED:
        return None
    if o == EVENT:
        return "event"
    return o


def observation(g: State, seat: int | None) -> dict[str, Any]:
    cfg = g.cfg
    n = cfg.players
    route: list[dict[str, Any]] = []
    may_build = _may_build(g, seat)
    for si, st in enumerate(cfg.stations):
        t0 = cfg.station_track_before_end[si] - st.track_before
        for t in range(t0, cfg.station_track_before_end[si]):
            route.append({
                "type": "track",
                "index": t,
                "rubble": g.slot_rubble[cfg.track_slot[t]],
                "vp": g.track_vp[t],
                "laid": t < g.laid or t >= cfg.n_tracks - g.laid_p,
                "owner": _owner(g.track_owner[t]),
            })
        route.append({
            "type": "station",
            "key": st.key,
            "number": st.number,
            "name": st.name,
            "surveyor_vp": st.surveyor_vp,
            "completed": bool(g.station_done[si]),
            "buildable": may_build(si),
            "excavation_sites": [
                {"rubble": g.slot_rubble[s], "printed_rubble": cfg.slot_rubble0[s],
                 "vp": cfg.slot_vp[s], "owner": _owner(g.slot_owner[s])}
                for s in cfg.station_slots[si]
            ],
            "building_sites": [
                {"site": cfg.bsite_num[b], "stone": cfg.bsite_stone[b], "steel": cfg.bsite_steel[b],
                 "vp": cfg.bsite_vp[b], "owner": _owner(g.bsite_owner[b])}
                for b in cfg.station_bsites[si]
            ],
            "surveyors": [p for p in range(n) if g.surveyor[p] == si],
        })
    areas = []
    for a in range(7):
        spaces: list[dict[str, Any]]
        if a == 6:
            spaces = [{"space": i + 1, "labourer": p, "blocked": False} for i, p in enumerate(g.g_list)]
            cap = None
        else:
            cap = capacity(g, a)
            base = cfg.space_offset[a]
            spaces = [{"space": i + 1, "labourer": _owner(g.spaces[base + i]),
                       "blocked": blocked(g, a, i)} for i in range(cap)]
        name = "Build (train card)" if a == 1 and g.b_build else AREA_NAMES[a]
        areas.append({"area": "ABCDEFG"[a], "name": name, "capacity": cap, "spaces": spaces})
    players = []
    for p in range(n):
        players.append({
            "seat": p,
            "iron": g.iron[p],
            "stone": g.stone[p],
            "coal": g.coal[p],
            "rubble": g.rubble[p],
            "steel": g.steel[p],
            "markers_left": g.markers[p],
            "surveyor": cfg.stations[g.surveyor[p]].key,
            "surveyor_index": g.surveyor[p],
            "train": g.train[p] or None,
            "contracts": _bits(g.hand[p]),
            "played": _bits(g.played[p]),
            "played_this_round": _bits(g.round_played[p]),
            "labourers": g.labourers[p],
            "labourers_to_place": g.to_place[p] if g.phase == 0 else 0,
        })
    decision: dict[str, Any] | None = None
    if g.decision is not None:
        decision = {"kind": g.decision, "player": g.decider}
        if g.decision == WINDOW:
            decision["area"] = "ABCDEFG"[g.res_area]
        if g.decision == KEEP:
            # Only the player who drew the cards sees them.
            decision["cards"] = list(g.pending_cards) if seat == g.decider else len(g.pending_cards)
    ev = cfg.events
    return {
        "seat": seat,
        "players_count": n,
        "scenario": cfg.scenario,
        "settings": cfg.settings.as_dict(),
        "round": g.round,
        "start_player": g.start,
        "current_player": None if g.over else g.decider,
        "decision": decision,
        "moves": g.moves,
        "over": g.over,
        "end_reason": g.end_reason or None,
        "weather": {"current": g.weather_current, "forecast": [g.weather_mid, g.weather_last],
                    "supply": weather_supply(g)},
        "fog": g.weather_current == "fog",
        "work_rates": {"excavate": excavation_rate(g), "lay_track": lay_track_rate(g),
                       "excavate_index": g.exc_idx, "lay_track_index": g.lay_idx},
        "stock_yard": {"iron": g.yard_i, "stone": g.yard_s, "coal": g.yard_c},
        "bag": {"iron": g.bag_i, "stone": g.bag_s, "coal": g.bag_c, "event": g.bag_e},
        "steel_supply": g.steel_supply,
        "rubble_supply": g.supply_rubble,
        "event_track": [{"space": i + 1, "event": ev[i + 1], "occupied": bool(g.events[i])}
                        for i in range(10)],
        "trains_available": g.trains_available,
        "route": route,
        "tracks_laid": g.laid + g.laid_p,
        "tracks_total": cfg.n_tracks,
        "areas": areas,
        "b_is_build": g.b_build,
        "site_office": [c or None for c in g.office],
        "deck_count": len(g.deck),
        "deck_top_back": cfg.contract[g.deck[-1]].back if g.deck else None,
        "discard_count": len(g.discard),
        "engine_shed": [{"train": t, "coal": g.shed_coal[t]} for t in g.shed],
        "set_aside_train": g.set_aside or None,
        "game_markers_left": g.game_markers_left,
        "players": players,
    } | (_two_ends(g) if cfg.two_ends else {})


def _chosen_ends(g: State) -> list[int | None]:
    """Blaenau Ffestiniog: each seat's end once it has chosen one (R3), else None."""
    n = g.cfg.players
    order = [(g.start + i) % n for i in range(n)]
    return [g.end_of[p] if order.index(p) < g.setup_pos else None for p in range(n)]


def _may_build(g: State, seat: int | None) -> Callable[[int], bool]:
    """`route[i].buildable`, from the scenario's own `buildable` hook (the rule the Build
    options follow): Mount Snowdon's is the same for every seat; in Blaenau Ffestiniog it is
    the seat's own "from the starting position up to its Surveyor" (R15), and for a
    spectator whether any player may build there."""
    cfg = g.cfg
    if not cfg.two_ends:
        return lambda si: station_buildable(g, si)
    chosen = _chosen_ends(g)
    seats = [p for p in range(cfg.players) if chosen[p] is not None and (seat is None or p == seat)]
    return lambda si: any(cfg.hooks.buildable(g, p, si) for p in seats)


def _two_ends(g: State) -> dict[str, Any]:
    """Blaenau Ffestiniog's extra facts (a Mount Snowdon view stays exactly as it was): each
    player's end, the game's Surveyor, each end's line of track and frontier, which stations
    each player may build on, whether the Plas Halt maintenance has happened, and the free
    cubes of the giving stations' building sites."""
    cfg = g.cfg
    ends = [cfg.stations[i].key for i in cfg.end_stations]
    n = cfg.players
    chosen = g.setup_pos
    players_end = [None if e is None else ends[e] for e in _chosen_ends(g)]

    def frontier(slot: int) -> dict[str, object] | None:
        if slot < 0 or slot >= cfg.n_slots or g.slot_rubble[slot] == 0:
            return None
        return slot_name(g, slot)

    return {"ends": {
        "keys": ends,
        "players": players_end,
        "start_markers": [bool(m) for m in g.start_marker],
        "game_surveyor": ends[g.gs_end] if chosen > n else None,
        "laid": {ends[0]: g.laid, ends[1]: g.laid_p},
        "frontier": {ends[0]: frontier(g.exc_ptr), ends[1]: frontier(g.exc_ptr_p)},
        "buildable_by": {cfg.stations[si].key: [p for p in range(n) if players_end[p] is not None
                                                and cfg.hooks.buildable(g, p, si)]
                         for si in range(cfg.n_stations)},
        "maintenance_station": cfg.stations[cfg.maint_station].key if cfg.maint_station >= 0 else None,
        "maintenance_done": g.maint_done,
        # The free cubes a giving station's building sites hand the builder (from the bag).
        "gives": {cfg.stations[si].key: [dict(cfg.bsite_gives[b]) for b in cfg.station_bsites[si]]
                  for si in range(cfg.n_stations)
                  if any(cfg.bsite_gives[b] for b in cfg.station_bsites[si])},
    }}


def _bits(mask: int) -> list[int]:
    return bits(mask)


def decision_context(g: State, seat: int | None) -> dict[str, Any]:
    """The public facts framing the pending decision (and, for the decider only, the cards it
    drew for #5): what `Position.decision` adds to the kind and the player."""
    d = g.decision
    ctx: dict[str, Any] = {}
    if d == WINDOW:
        ctx["area"] = "ABCDEFG"[g.res_area]
    elif d in (STOCK_YARD, TAKE):
        ctx["cubes"], ctx["coal_limit"] = g.ctx
    elif d == CONVERT:
        ctx["convert"], ctx["most"], _ = g.ctx
    elif d == KEEP:
        ctx["cards"] = list(g.pending_cards) if seat == g.decider else len(g.pending_cards)
    elif d == MAINTENANCE:
        ctx["train"] = g.train[g.decider]
    return ctx
