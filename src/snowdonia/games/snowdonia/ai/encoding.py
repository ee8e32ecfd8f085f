"""A fixed-size numeric view of a position for one seat (numpy, float32), shared by the
OpenSpiel observer and the PettingZoo observation Box.

Only what `Game.observation(seat)` shows goes in: the deck order, the discard pile's order
and another player's #5 draw never do. The flat vector is split into named views (name,
shape); their sizes depend only on the player count and the settings, never on the state.
Values are raw counts and 0/1 flags: scaling is left to the learner.
"""

from __future__ import annotations

from typing import cast

import numpy as np

from snowdonia.core.protocol import Position
from snowdonia.games.snowdonia.data import components
from snowdonia.games.snowdonia.rules.board import excavation_rate, lay_track_rate
from snowdonia.games.snowdonia.rules.config import Config
from snowdonia.games.snowdonia.rules.decisions import CHOOSE_END, GAME_SURVEYOR, KEEP, WINDOW
from snowdonia.games.snowdonia.rules.decisions import DECISIONS as REGISTRY
from snowdonia.games.snowdonia.rules.state import EVENT, NONE, UNOWNED, State

DECISIONS = tuple(REGISTRY)  # the registry's order is the one-hot layout
_DECISION_INDEX = {d: i for i, d in enumerate(DECISIONS)}
# The kinds a one-ended game (Mount Snowdon) can meet: its layout keeps the 15 it always had;
# Blaenau Ffestiniog's set-up kinds are appended after them.
ONE_END_KINDS = len([d for d in DECISIONS if d not in (CHOOSE_END, GAME_SURVEYOR)])
WEATHER_VALUES = (None, "sun", "rain", "fog")
_WEATHER_INDEX = {w: i for i, w in enumerate(WEATHER_VALUES)}
PLAYER_FIELDS = ("iron", "stone", "coal", "rubble", "steel", "markers", "surveyor", "labourers",
                 "to_place")


def _sizes() -> tuple[int, int]:
    comp = components()
    return max(c.number for c in comp.contracts) + 1, max(t.number for t in comp.trains) + 1


N_CARDS, N_TRAINS = _sizes()  # index 0 unused in both: numbering starts at 1


def _max_score(cfg: Config) -> int:
    """An upper bound on one player's final score: every site, the best track cards, the
    top surveyor and train bonus, and every contract's largest bonus."""
    comp = components()
    pool = sorted([*comp.track_rubble, *comp.deluxe_track_rubble], reverse=True)
    bound = sum(cfg.slot_vp) + sum(cfg.bsite_vp) + sum(pool[: cfg.n_tracks])
    bound += max(s.surveyor_vp for s in cfg.stations)
    bound += max(t.ability.get("end_vp", 0) for t in comp.trains)
    for c in comp.contracts:
        b = c.bonus
        if "coal_vp" in b:
            bound += b["coal_vp"] * comp.box["coal"]
        elif "surveyor_tiers" in b:
            bound += max(v for _, v in b["surveyor_tiers"])
        else:
            bound += b.get("vp", 0)
    return bound


def _max_decisions(cfg: Config) -> int:
    """An upper bound on player decisions: per round, hiring and placing (4 per player),
    the seven contract windows of each player plus every card play and its follow-up
    (3 per contract), one decision per action space, and maintenance for each of the ten
    event spaces; times the engine's round limit."""
    n = cfg.players
    per_round = 4 * n + 7 * n + 3 * len(cfg.contract_numbers) + cfg.n_space_slots + 10 * n + 10
    return cfg.settings.round_limit * per_round


class Encoder:
    """The layout for one game configuration (`core.protocol.Encoder`): `views` is the list
    of (name, shape); every value is a count or a flag in [0, 255]."""

    low = 0.0
    high = 255.0  # every count here is far below this (the largest, the rubble supply: 90)

    def __init__(self, cfg: Config) -> None:
        n = cfg.players
        self.players = n
        self.score_bounds = (0.0, float(_max_score(cfg)))
        self.max_decisions = _max_decisions(cfg)
        owner = n + 1  # one column per seat, and one for "the contractors" (events)
        self.views: list[tuple[str, tuple[int, ...]]] = [
            ("observer", (n,)),
            ("decider", (n,)),
            ("decision", (len(DECISIONS) if cfg.two_ends else ONE_END_KINDS,)),
            ("window_area", (7,)),
            ("round", (1,)),
            ("start_player", (n,)),
            ("weather", (3, len(WEATHER_VALUES))),
            ("work_rates", (2,)),
            ("supply", (10,)),
            ("event_track", (10,)),
            ("flags", (3,)),
            ("slot_rubble", (cfg.n_slots,)),
            ("slot_owner", (cfg.n_slots, owner)),
            ("track_vp", (cfg.n_tracks,)),
            ("track_owner", (cfg.n_tracks, owner)),
            ("building_owner", (cfg.n_bsites, owner)),
            ("station_done", (cfg.n_stations,)),
            ("spaces", (cfg.n_space_slots, n)),
            ("surveying", (n,)),
            ("players", (n, len(PLAYER_FIELDS))),
            ("trains", (n, N_TRAINS)),
            ("hand", (n, N_CARDS)),
            ("played", (n, N_CARDS)),
            ("played_this_round", (n, N_CARDS)),
            ("site_office", (N_CARDS,)),
            ("drawn_cards", (N_CARDS,)),
            ("deck", (2 + len(WEATHER_VALUES),)),
            ("engine_shed", (2, N_TRAINS)),
            ("set_aside_train", (N_TRAINS,)),
        ]
        self.two_ends = cfg.two_ends
        if cfg.two_ends:  # Blaenau Ffestiniog: appended, so Mount Snowdon's layout is unchanged
            self.views += [
                ("own_end", (n, 2)),
                ("start_marker", (n,)),
                ("game_surveyor_end", (2,)),
                ("lines", (2,)),
                ("maintenance_done", (1,)),
            ]
        self.size = sum(int(np.prod(s)) for _, s in self.views)

    def split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Named views (no copies) into a flat vector of this layout."""
        out: dict[str, np.ndarray] = {}
        i = 0
        for name, shape in self.views:
            k = int(np.prod(shape))
            out[name] = flat[i:i + k].reshape(shape)
            i += k
        return out

    def encode(self, position: Position | None, seat: int, v: dict[str, np.ndarray]) -> None:
        """Fill the views `v` (from `split`) with what `seat` sees of `position` (zeros if
        None)."""
        for arr in v.values():
            arr.fill(0)
        if 0 <= seat < self.players:
            v["observer"][seat] = 1
        if position is None:
            return
        g = cast(State, position)
        cfg = g.cfg
        n = self.players
        if g.decision is not None and not g.over:
            v["decider"][g.decider] = 1
            v["decision"][_DECISION_INDEX[g.decision]] = 1
            if g.decision == WINDOW:
                v["window_area"][g.res_area] = 1
            if g.decision == KEEP and seat == g.decider:
                for c in g.pending_cards:
                    v["drawn_cards"][c] = 1
        v["round"][0] = g.round
        v["start_player"][g.start] = 1
        for row, w in enumerate((g.weather_current, g.weather_mid, g.weather_last)):
            v["weather"][row, _WEATHER_INDEX[w]] = 1
        v["work_rates"][:] = (excavation_rate(g), lay_track_rate(g))
        v["supply"][:] = (g.bag_i, g.bag_s, g.bag_c, g.bag_e, g.yard_i, g.yard_s, g.yard_c,
                          g.steel_supply, g.supply_rubble, g.game_markers_left)
        v["event_track"][:] = g.events
        v["flags"][:] = (g.trains_available, g.b_build, g.laid + g.laid_p)
        v["slot_rubble"][:] = g.slot_rubble
        _owners(v["slot_owner"], g.slot_owner, n)
        v["track_vp"][:] = g.track_vp
        _owners(v["track_owner"], g.track_owner, n)
        _owners(v["building_owner"], g.bsite_owner, n)
        v["station_done"][:] = g.station_done
        sp = v["spaces"]
        for i, p in enumerate(g.spaces):
            if p >= 0:
                sp[i, p] = 1
        for p in g.g_list:
            v["surveying"][p] += 1
        pl = v["players"]
        for p in range(n):
            pl[p] = (g.iron[p], g.stone[p], g.coal[p], g.rubble[p], g.steel[p], g.markers[p],
                     g.surveyor[p], g.labourers[p], g.to_place[p])
            v["trains"][p, g.train[p]] = 1
            _bits(v["hand"][p], g.hand[p])
            _bits(v["played"][p], g.played[p])
            _bits(v["played_this_round"][p], g.round_played[p])
        for c in g.office:
            if c:
                v["site_office"][c] = 1
        deck = v["deck"]
        deck[0] = len(g.deck)
        deck[1] = len(g.discard)
        deck[2 + _WEATHER_INDEX[cfg.contract[g.deck[-1]].back if g.deck else None]] = 1
        for t in g.shed:
            v["engine_shed"][0, t] = 1
        v["engine_shed"][1, :] = g.shed_coal[:N_TRAINS]
        v["set_aside_train"][g.set_aside] = 1
        if self.two_ends:
            chosen = g.setup_pos
            for k in range(min(chosen, n)):
                p = (g.start + k) % n
                v["own_end"][p, g.end_of[p]] = 1
            v["start_marker"][:] = g.start_marker
            if chosen > n:
                v["game_surveyor_end"][g.gs_end] = 1
            v["lines"][:] = (g.laid, g.laid_p)
            v["maintenance_done"][0] = g.maint_done


def _owners(out: np.ndarray, owners: list[int], n: int) -> None:
    for i, o in enumerate(owners):
        if o == EVENT or o == UNOWNED:  # laid, owned by nobody
            out[i, n] = 1
        elif o != NONE:
            out[i, o] = 1


def _bits(out: np.ndarray, mask: int) -> None:
    c = 0
    while mask:
        if mask & 1:
            out[c] = 1
        mask >>= 1
        c += 1


_ENCODERS: dict[tuple[object, ...], Encoder] = {}


def encoder(cfg: Config) -> Encoder:
    """One shared layout per configuration (player count and settings)."""
    key = (cfg.players, cfg.scenario, cfg.settings)
    enc = _ENCODERS.get(key)
    if enc is None:
        enc = _ENCODERS[key] = Encoder(cfg)
    return enc
