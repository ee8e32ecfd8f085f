"""A fixed-size numeric view of a position for one seat (numpy, float32), shared by the
OpenSpiel observer and the PettingZoo observation Box.

Only what `Game.observation(seat)` shows goes in: the deck order, the discard pile's order
and another player's #5 draw never do. The flat vector is split into named views (name,
shape); their sizes depend only on the player count and the settings, never on the state.
Values are raw counts and 0/1 flags: scaling is left to the learner.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

import numpy as np

from snowdonia.core.protocol import Position
from snowdonia.games.snowdonia.data import components
from snowdonia.games.snowdonia.rules.board import excavation_rate, lay_track_rate
from snowdonia.games.snowdonia.rules.config import AREAS, Config
from snowdonia.games.snowdonia.rules.decisions import CHOOSE_END, GAME_SURVEYOR, KEEP, WINDOW
from snowdonia.games.snowdonia.rules.decisions import DECISIONS as REGISTRY
from snowdonia.games.snowdonia.rules.state import EVENT, NONE, UNOWNED, State

DECISIONS = tuple(REGISTRY)  # the registry's order is the one-hot layout
_DECISION_INDEX: Final = {d: i for i, d in enumerate(DECISIONS)}
# The kinds a one-ended game (Mount Snowdon) can meet: its layout keeps the 15 it always had;
# Blaenau Ffestiniog's set-up kinds are appended after them.
ONE_END_KINDS = len([d for d in DECISIONS if d not in (CHOOSE_END, GAME_SURVEYOR)])
WEATHER_VALUES: Final = (None, "sun", "rain", "fog")
_WEATHER_INDEX: Final = {w: i for i, w in enumerate(WEATHER_VALUES)}
MAX_LABOURERS = 3  # two, and one more once hired (rules/placement.py: hiring sets three)
PLAYER_FIELDS: Final = ("iron", "stone", "coal", "rubble", "steel", "markers", "surveyor", "labourers",
                 "to_place")


def _sizes() -> tuple[int, int]:
    comp = components()
    return max(c.number for c in comp.contracts) + 1, max(t.number for t in comp.trains) + 1


_N_SIZES = _sizes()
N_CARDS: Final = _N_SIZES[0]  # index 0 unused in both: numbering starts at 1
N_TRAINS: Final = _N_SIZES[1]


def _max_score(cfg: Config) -> int:
    """An upper bound on one player's final score, derived from the scoring rules (seed 004
    "Scoring", rules/scoring.py) and the component data:

    - station sites and track cards score only under the player's own ownership markers,
      and markers never come back (`markers_per_player`, 16): at most the 16 best values
      among every excavation and building site and the best track cards of the route;
    - the surveyor's best station and the best train end bonus;
    - contracts: a coal bonus times all the coal in the box, a surveyor bonus's best tier,
      and the other bonuses only as far as their needs can be met at once - each marker
      and rubble cube serves one card (rules/scoring.py `best_assignment`), and a player
      has at most 16 markers and the box's rubble: the best such set (a small knapsack)."""
    comp = components()
    markers = cfg.markers_per_player
    pool = sorted([*comp.track_rubble, *comp.deluxe_track_rubble], reverse=True)
    owned = sorted([*cfg.slot_vp, *cfg.bsite_vp, *pool[: cfg.n_tracks]], reverse=True)
    bound = sum(owned[:markers])
    bound += max(s.surveyor_vp for s in cfg.stations)
    bound += max(t.ability.get("end_vp", 0) for t in comp.trains)
    rubble_cap = comp.box["rubble"]
    # best[m][r]: the most bonus VP from cards needing m markers and r rubble in all
    best = [[0] * (rubble_cap + 1) for _ in range(markers + 1)]
    for c in cfg.contract_numbers:
        b = cfg.contract[c].bonus
        if "coal_vp" in b:
            bound += b["coal_vp"] * comp.box["coal"]
        elif "surveyor_tiers" in b:
            bound += max(v for _, v in b["surveyor_tiers"])
        elif b.get("vp", 0) > 0:
            need_m = b.get("track", 0) + b.get("station", 0)
            need_r = b.get("rubble", 0)
            if need_m > markers or need_r > rubble_cap:
                continue
            for m in range(markers, need_m - 1, -1):
                for r in range(rubble_cap, need_r - 1, -1):
                    best[m][r] = max(best[m][r], best[m - need_m][r - need_r] + b["vp"])
    return int(bound + best[markers][rubble_cap])


def _event_visits(cfg: Config, placements: int) -> list[int]:
    """The Event Track spaces the first `placements` event cubes land on. Where a cube goes
    depends only on the track (the space after the right-most occupied one, then the
    space's returns; rules/events.py), never on chance, so the sequence is fixed."""
    ev = [False] * 10
    if cfg.event_start_space:
        ev[cfg.event_start_space - 1] = True
    out = []
    for _ in range(placements):
        right = max((i for i in range(10) if ev[i]), default=-1)
        if right + 1 >= 10:
            break
        ev[right + 1] = True
        out.append(right + 2)
        for back in cfg.event_returns.get(right + 2, ()):
            ev[back - 1] = False
    return out


def _max_decisions(cfg: Config) -> int:
    """An upper bound on player decisions in a game, derived from the rules (rules/flow.py
    and the modules it calls; a choice with one legal answer is taken by the engine and is
    no decision).

    Every round at most: one hire question per player; two placements per player and one
    more for each hired labourer; in each of the areas that has contracts, one contract
    window turn ending in a pass per player; one decision per labourer resolved (Stock Yard,
    Works, Build, Site Office; Excavate, Lay Track and the Surveyor ask nothing); the extra
    Build of each train that gives one (No. 6). Once per game at most: every contract in
    the game played (one window decision) with at most one follow-up (#3 clear, #4 weather,
    #5 keep, #10 extra build, #28 move, a conversion or a take); a maintenance question per
    train owner for each maintenance event the Event Track can reach only once (its cube
    order is fixed) or Blaenau Ffestiniog's one maintenance; Blaenau Ffestiniog's set-up
    (each player's end, the game's Surveyor). A maintenance space on the track's loop
    would recur: then each event cube in the bag counts every round.

    The round count has no bound in the rules but the engine's `round_limit`: a table can
    stall (labourers on the Surveyor, the bag kept full by Works, no event cube drawn)."""
    n = cfg.players
    # the contract windows open for the action areas A-G, not for cards with no area ("-")
    contract_areas = sum(1 for area, mask in cfg.area_mask.items()
                         if area in AREAS and any(mask >> c & 1 for c in cfg.contract_numbers))
    extra_build_trains = sum(1 for t in cfg.train.values() if t.ability.get("extra_build"))
    per_round = n + 3 * n + contract_areas * n + 3 * n + extra_build_trains
    visits = _event_visits(cfg, 200)
    maint = {s for s, e in cfg.events.items() if e == "maintenance"}
    once = sum(1 for s in visits[:100] if s in maint)
    if any(s in maint for s in visits[100:]):  # a maintenance space on the loop
        cubes = cfg.bag_event_cubes if cfg.bag_event_cubes is not None else components().box["event_cubes"]
        per_round += n * cubes
    if cfg.maint_station >= 0:
        once += 1
    per_game = 2 * len(cfg.contract_numbers) + n * once + ((n + 1) if cfg.two_ends else 0)
    return cfg.settings.round_limit * per_round + per_game


class Encoder:
    """The layout for one game configuration (`core.protocol.Encoder`): `views` is the list
    of (name, shape); every value is a count or a flag in [0, 255].

    Besides the protocol it describes itself for the learning layouts of the adapters
    (`snowdonia.adapters.features`): `seat_axes` (the axis of a view that runs over seats:
    its first `players` entries are seats, any after them are not), `axis_keys` (what each
    index of a board axis is, so layouts of different player counts line up), `view_high`
    (an upper bound of every value, per view or per field) and `meanings` (words per view).
    `encode_changed` re-encodes only the views whose part of the position changed."""

    low = 0.0
    high = 255.0  # every count here is far below this (the largest, the rubble supply: 90)
    # What only the observing seat knows: which seat it is, and the cards of its #5 draw.
    # Everything else in the vector is on the table for all to see (hands are open).
    private_views = ("observer", "drawn_cards")

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
        starts: dict[str, int] = {}
        at = 0
        for name, shape in self.views:
            starts[name] = at
            at += int(np.prod(shape))
        self._observer_at = starts["observer"]
        self._drawn_at = starts["drawn_cards"]
        self.seat_axes = {"observer": 0, "decider": 0, "start_player": 0, "slot_owner": 1, "track_owner": 1,
                          "building_owner": 1, "spaces": 1, "surveying": 0, "players": 0, "trains": 0,
                          "hand": 0, "played": 0, "played_this_round": 0, "own_end": 0, "start_marker": 0}
        self.axis_keys = _axis_keys(cfg)
        self.view_high = {name: 1.0 for name, _ in self.views} | _view_high(cfg)  # flags: 1
        self.meanings = MEANINGS

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
        if position is not None:
            self.encode_changed(position, seat, v, {})

    def private_entries(self, position: Position, seat: int) -> list[tuple[int, int]]:
        """What only `seat` sees, as (index in the flat vector, value) pairs: its `observer`
        one-hot and the cards of its pending #5 draw. Every other entry of the private views
        is zero, so `seat`'s vector is the public one (`encode_changed` for seat -1, where
        every private entry is zero) with these entries written in: the adapters encode the
        public part once per move and add these per seat."""
        g = cast(State, position)
        out: list[tuple[int, int]] = []
        if 0 <= seat < self.players:
            out.append((self._observer_at + seat, 1))
        if g.decision == KEEP and not g.over and seat == g.decider:
            at = self._drawn_at
            for c in g.pending_cards:
                out.append((at + c, 1))
        return out

    def encode_changed(self, position: Position, seat: int, v: dict[str, np.ndarray],
                       memo: dict[str, Any]) -> None:
        """Bring the views `v` up to date with what `seat` sees of `position`, rewriting only
        the views whose part of the position differs from the one `memo` remembers. `memo`
        belongs to these views: the caller keeps it with them; an empty memo means the views
        are zeroed (apart from `observer`) and everything is written. Seat -1 gets the public
        part: no observer, no #5 draw (`private_entries` lists what a seat adds to it).

        What was last written is kept in one `_Memo` (a compiled class with typed fields,
        in `memo["m"]`): each part of the position is compared with its copy there, field by
        field, with no dict lookups and no tuples built. Single values are written through
        flat float32 memoryviews of the views (kept in the `_Memo`): far cheaper than
        numpy's per-element writes, the same numbers."""
        g = cast(State, position)
        n = self.players
        m: _Memo | None = memo.get("m")
        if m is None:
            v["observer"].fill(0)
            if 0 <= seat < n:  # seat -1: the public part only (see `private_entries`)
                v["observer"][seat] = 1
            m = memo["m"] = _Memo(v, n)
        fresh = m.fresh
        decision = g.decision
        active = decision is not None and not g.over
        pending = g.pending_cards if decision == KEEP else ()
        if (fresh or active != m.h_active or decision != m.h_decision or g.decider != m.h_decider
                or g.res_area != m.h_area or pending != m.h_pending):
            if not fresh and m.h_active:  # clear what the last head set
                was = cast(str, m.h_decision)  # a head is active only with a decision
                m.decider[m.h_decider] = 0
                m.decision[_DECISION_INDEX[was]] = 0
                if was == WINDOW:
                    m.window_area[m.h_area] = 0
                if was == KEEP:
                    m.a_drawn.fill(0)
            if active and decision is not None:
                m.decider[g.decider] = 1
                m.decision[_DECISION_INDEX[decision]] = 1
                if decision == WINDOW:
                    m.window_area[g.res_area] = 1
                if decision == KEEP and seat == g.decider:
                    drawn = m.drawn_cards
                    for c in g.pending_cards:
                        drawn[c] = 1
            m.h_active = active
            m.h_decision = decision
            m.h_decider = g.decider
            m.h_area = g.res_area
            m.h_pending = pending
        # The table in three parts, each rewritten only when it changed: the supply counts
        # change with most moves, the round, start player, weather and work rates seldom.
        if (fresh or g.round != m.round or g.start != m.start or g.weather_current != m.w0
                or g.weather_mid != m.w1 or g.weather_last != m.w2 or g.exc_idx != m.exc_idx
                or g.lay_idx != m.lay_idx):
            m.round_mv[0] = g.round
            sp0 = m.start_player
            w = m.weather
            cols = len(WEATHER_VALUES)
            if not fresh:  # clear the one-hots the last board set
                sp0[m.start] = 0
                w[_WEATHER_INDEX[m.w0]] = 0
                w[cols + _WEATHER_INDEX[m.w1]] = 0
                w[2 * cols + _WEATHER_INDEX[m.w2]] = 0
            sp0[g.start] = 1
            w[_WEATHER_INDEX[g.weather_current]] = 1
            w[cols + _WEATHER_INDEX[g.weather_mid]] = 1
            w[2 * cols + _WEATHER_INDEX[g.weather_last]] = 1
            wr = m.work_rates
            wr[0] = excavation_rate(g)
            wr[1] = lay_track_rate(g)
            m.round = g.round
            m.start = g.start
            m.w0 = g.weather_current
            m.w1 = g.weather_mid
            m.w2 = g.weather_last
            m.exc_idx = g.exc_idx
            m.lay_idx = g.lay_idx
        if (fresh or g.bag_i != m.bag_i or g.bag_s != m.bag_s or g.bag_c != m.bag_c or g.bag_e != m.bag_e
                or g.yard_i != m.yard_i or g.yard_s != m.yard_s or g.yard_c != m.yard_c
                or g.steel_supply != m.steel_supply or g.supply_rubble != m.supply_rubble
                or g.game_markers_left != m.game_markers_left):
            su = m.supply
            su[0] = m.bag_i = g.bag_i
            su[1] = m.bag_s = g.bag_s
            su[2] = m.bag_c = g.bag_c
            su[3] = m.bag_e = g.bag_e
            su[4] = m.yard_i = g.yard_i
            su[5] = m.yard_s = g.yard_s
            su[6] = m.yard_c = g.yard_c
            su[7] = m.steel_supply = g.steel_supply
            su[8] = m.supply_rubble = g.supply_rubble
            su[9] = m.game_markers_left = g.game_markers_left
        laid = g.laid + g.laid_p
        if fresh or g.trains_available != m.trains_available or g.b_build != m.b_build or laid != m.laid:
            fl = m.flags
            fl[0] = m.trains_available = g.trains_available
            fl[1] = m.b_build = g.b_build
            fl[2] = m.laid = laid
        if fresh or g.events != m.events:
            _put(m.event_track, g.events)
            m.events = g.events[:]
        if fresh or g.slot_rubble != m.slot_rubble:
            _put(m.slot_rubble_mv, g.slot_rubble)
            m.slot_rubble = g.slot_rubble[:]
        if fresh or g.slot_owner != m.slot_owner:
            _owners(m.a_slot_owner, m.slot_owner_mv, g.slot_owner, n)
            m.slot_owner = g.slot_owner[:]
        if fresh or g.track_vp != m.track_vp:
            _put(m.track_vp_mv, g.track_vp)
            m.track_vp = g.track_vp[:]
        if fresh or g.track_owner != m.track_owner:
            _owners(m.a_track_owner, m.track_owner_mv, g.track_owner, n)
            m.track_owner = g.track_owner[:]
        if fresh or g.bsite_owner != m.bsite_owner:
            _owners(m.a_building_owner, m.building_owner_mv, g.bsite_owner, n)
            m.bsite_owner = g.bsite_owner[:]
        if fresh or g.station_done != m.station_done:
            _put(m.station_done_mv, g.station_done)
            m.station_done = g.station_done[:]
        old_spaces = m.spaces
        if fresh or old_spaces != g.spaces:
            sp = m.spaces_mv
            if fresh or len(old_spaces) != len(g.spaces):
                m.a_spaces.fill(0)
                for i, p in enumerate(g.spaces):
                    if p >= 0:
                        sp[i * n + p] = 1
            else:  # only the rows that changed
                for i, p in enumerate(g.spaces):
                    q = old_spaces[i]
                    if p != q:
                        if q >= 0:
                            sp[i * n + q] = 0
                        if p >= 0:
                            sp[i * n + p] = 1
            m.spaces = g.spaces[:]
        if fresh or g.g_list != m.g_list:
            m.a_surveying.fill(0)
            sv = m.surveying
            for p in g.g_list:
                sv[p] += 1
            m.g_list = g.g_list[:]
        # Each stock field compared and copied on its own (only the fields that changed).
        pl = m.players
        if fresh or g.iron != m.iron:
            m.iron = _field(pl, 0, g.iron, n)
        if fresh or g.stone != m.stone:
            m.stone = _field(pl, 1, g.stone, n)
        if fresh or g.coal != m.coal:
            m.coal = _field(pl, 2, g.coal, n)
        if fresh or g.rubble != m.rubble:
            m.rubble = _field(pl, 3, g.rubble, n)
        if fresh or g.steel != m.steel:
            m.steel = _field(pl, 4, g.steel, n)
        if fresh or g.markers != m.markers:
            m.markers = _field(pl, 5, g.markers, n)
        if fresh or g.surveyor != m.surveyor:
            m.surveyor = _field(pl, 6, g.surveyor, n)
        if fresh or g.labourers != m.labourers:
            m.labourers = _field(pl, 7, g.labourers, n)
        if fresh or g.to_place != m.to_place:
            m.to_place = _field(pl, 8, g.to_place, n)
        if fresh or g.train != m.train:
            m.a_trains.fill(0)
            tr = m.trains
            for p in range(n):
                tr[p * N_TRAINS + g.train[p]] = 1
            m.train = g.train[:]
        # Hands, played cards, played this round: only the cards that changed (a fresh memo
        # remembers empty hands, which is what zeroed views hold).
        if g.hand != m.hand:
            m.hand = _masks(m.hand_mv, m.hand, g.hand, n)
        if g.played != m.played:
            m.played = _masks(m.played_mv, m.played, g.played, n)
        if g.round_played != m.round_played:
            m.round_played = _masks(m.round_played_mv, m.round_played, g.round_played, n)
        if fresh or g.office != m.office:
            m.a_site_office.fill(0)
            so = m.site_office
            for c in g.office:
                if c:
                    so[c] = 1
            m.office = g.office[:]
        deck_n = len(g.deck)
        top = g.deck[-1] if g.deck else 0  # the top card: its back
        if fresh or deck_n != m.deck_n or len(g.discard) != m.discard_n or top != m.top:
            m.deck_n = deck_n
            m.discard_n = len(g.discard)
            m.top = top
            m.a_deck.fill(0)
            d = m.deck
            d[0] = deck_n
            d[1] = m.discard_n
            d[2 + _WEATHER_INDEX[g.cfg.contract[top].back if deck_n else None]] = 1
        if fresh or g.shed != m.shed or g.shed_coal != m.shed_coal:
            m.a_engine_shed.fill(0)
            es = m.engine_shed
            for t in g.shed:
                es[t] = 1
            for t in range(N_TRAINS):
                es[N_TRAINS + t] = g.shed_coal[t]
            m.shed = g.shed[:]
            m.shed_coal = g.shed_coal[:]
        if fresh or g.set_aside != m.set_aside:
            m.set_aside = g.set_aside
            m.a_set_aside_train.fill(0)
            m.set_aside_train[g.set_aside] = 1
        if self.two_ends:
            mv = m.mv
            ends = (g.setup_pos, g.gs_end, g.maint_done, g.start, tuple(g.end_of), tuple(g.start_marker))
            if fresh or m.ends != ends:
                m.ends = ends
                chosen = g.setup_pos
                v["own_end"].fill(0)
                oe = mv["own_end"]
                for k in range(min(chosen, n)):
                    p = (g.start + k) % n
                    oe[p * 2 + g.end_of[p]] = 1
                _put(mv["start_marker"], g.start_marker)
                v["game_surveyor_end"].fill(0)
                if chosen > n:
                    mv["game_surveyor_end"][g.gs_end] = 1
                mv["maintenance_done"][0] = g.maint_done
            _put(mv["lines"], (g.laid, g.laid_p))
        m.fresh = False


class _Memo:
    """What `Encoder.encode_changed` last wrote into one set of views, as typed fields (a
    compiled class: reading a field is no dict lookup), with flat memoryviews of the views
    it writes. `fresh` until the first update has written everything."""

    def __init__(self, v: dict[str, np.ndarray], n: int) -> None:
        self.fresh = True
        mv = {name: _flat(arr) for name, arr in v.items()}
        self.mv = mv
        self.decider = mv["decider"]
        self.decision = mv["decision"]
        self.window_area = mv["window_area"]
        self.drawn_cards = mv["drawn_cards"]
        self.a_drawn: Any = v["drawn_cards"]
        self.round_mv = mv["round"]
        self.start_player = mv["start_player"]
        self.weather = mv["weather"]
        self.work_rates = mv["work_rates"]
        self.supply = mv["supply"]
        self.flags = mv["flags"]
        self.event_track = mv["event_track"]
        self.slot_rubble_mv = mv["slot_rubble"]
        self.slot_owner_mv = mv["slot_owner"]
        self.a_slot_owner: Any = v["slot_owner"]
        self.track_vp_mv = mv["track_vp"]
        self.track_owner_mv = mv["track_owner"]
        self.a_track_owner: Any = v["track_owner"]
        self.building_owner_mv = mv["building_owner"]
        self.a_building_owner: Any = v["building_owner"]
        self.station_done_mv = mv["station_done"]
        self.spaces_mv = mv["spaces"]
        self.a_spaces: Any = v["spaces"]
        self.surveying = mv["surveying"]
        self.a_surveying: Any = v["surveying"]
        self.players = mv["players"]
        self.trains = mv["trains"]
        self.a_trains: Any = v["trains"]
        self.hand_mv = mv["hand"]
        self.played_mv = mv["played"]
        self.round_played_mv = mv["played_this_round"]
        self.site_office = mv["site_office"]
        self.a_site_office: Any = v["site_office"]
        self.deck = mv["deck"]
        self.a_deck: Any = v["deck"]
        self.engine_shed = mv["engine_shed"]
        self.a_engine_shed: Any = v["engine_shed"]
        self.set_aside_train = mv["set_aside_train"]
        self.a_set_aside_train: Any = v["set_aside_train"]
        # the head: the pending decision
        self.h_active = False
        self.h_decision: str | None = None
        self.h_decider = 0
        self.h_area = 0
        self.h_pending: tuple[int, ...] = ()
        # the board's seldom-changing part
        self.round = 0
        self.start = 0
        self.w0: str | None = None
        self.w1: str | None = None
        self.w2: str | None = None
        self.exc_idx = 0
        self.lay_idx = 0
        # the supply and the flags
        self.bag_i = self.bag_s = self.bag_c = self.bag_e = 0
        self.yard_i = self.yard_s = self.yard_c = 0
        self.steel_supply = self.supply_rubble = self.game_markers_left = 0
        self.trains_available = False
        self.b_build = False
        self.laid = 0
        # copies of the position's lists
        self.events: list[int] = []
        self.slot_rubble: list[int] = []
        self.slot_owner: list[int] = []
        self.track_vp: list[int] = []
        self.track_owner: list[int] = []
        self.bsite_owner: list[int] = []
        self.station_done: list[int] = []
        self.spaces: list[int] = []
        self.g_list: list[int] = []
        self.iron: list[int] = []
        self.stone: list[int] = []
        self.coal: list[int] = []
        self.rubble: list[int] = []
        self.steel: list[int] = []
        self.markers: list[int] = []
        self.surveyor: list[int] = []
        self.labourers: list[int] = []
        self.to_place: list[int] = []
        self.train: list[int] = []
        self.hand: list[int] = [0] * n  # zeroed views hold empty hands
        self.played: list[int] = [0] * n
        self.round_played: list[int] = [0] * n
        self.office: list[int] = []
        self.deck_n = 0
        self.discard_n = 0
        self.top = 0
        self.shed: list[int] = []
        self.shed_coal: list[int] = []
        self.set_aside = 0
        self.ends: tuple[object, ...] | None = None


_FIELDS: Final = len(PLAYER_FIELDS)


def _field(out: memoryview, f: int, values: list[int], n: int) -> list[int]:
    """One stock field of every seat into the `players` view (9 fields a row); its copy."""
    fields = _FIELDS
    for p in range(n):
        out[p * fields + f] = values[p]
    return values[:]


def _masks(out: memoryview, was: list[int], now: list[int], n: int) -> list[int]:
    """Each seat's card bitmask into its row of `out` (only the cards that changed); a copy."""
    for p in range(n):
        if was[p] != now[p]:
            _bit_changes(out, p * N_CARDS, was[p], now[p])
    return now[:]


def _flat(arr: np.ndarray) -> memoryview:
    """A view as a flat memoryview of its own item type (float32 here): writes go to `arr`."""
    whole: memoryview = memoryview(cast(Any, arr)).cast("B")
    return whole.cast(cast(Any, arr.dtype.char))


def _put(out: memoryview, values: Sequence[int] | Sequence[bool]) -> None:
    """Write numbers into a flat float32 memoryview, from index 0."""
    for i, x in enumerate(values):
        out[i] = x


MEANINGS = {
    "observer": "the seat this vector is for (one-hot)",
    "decider": "the seat that must decide now (one-hot; zero when the game is over)",
    "decision": "the kind of decision pending (one-hot, in the decision registry's order)",
    "window_area": "the action area whose contract window is open (one-hot, A-G)",
    "round": "the round number",
    "start_player": "the Start Player (one-hot)",
    "weather": "weather discs: current, middle, last row; columns none, sun, rain, fog",
    "work_rates": "excavation rate, lay-track rate",
    "supply": "Supply Bag iron, stone, coal, events; Stock Yard iron, stone, coal; steel, rubble, game markers",
    "event_track": "the event cubes on the event track",
    "flags": "trains available, B-build open, tracks laid (both lines)",
    "slot_rubble": "rubble left on each track space and excavation site",
    "slot_owner": "owner of each track space and excavation site: seats, then the contractors",
    "track_vp": "the VP of the track card on each track space",
    "track_owner": "owner of each track space: seats, then the contractors",
    "building_owner": "owner of each station building site: seats, then nobody",
    "station_done": "each station completed",
    "spaces": "labourers on each action space (row) by seat (column)",
    "surveying": "surveyor steps each seat has queued",
    "players": "per seat: " + ", ".join(PLAYER_FIELDS),
    "trains": "each seat's train (one-hot by train number; 0 none)",
    "hand": "each seat's contracts in hand (by card number)",
    "played": "each seat's contracts played (by card number)",
    "played_this_round": "each seat's contracts played this round (by card number)",
    "site_office": "contracts in the Site Office (by card number)",
    "drawn_cards": "the #5 cards this seat drew and must choose from (by card number)",
    "deck": "contracts in the deck, in the discard pile; the deck's top back: none, sun, rain, fog",
    "engine_shed": "trains in the Engine Shed; coal on each",
    "set_aside_train": "the train set aside at set-up (one-hot)",
    "own_end": "each seat's chosen end: Porthmadog, Blaenau Ffestiniog",
    "start_marker": "each seat's start marker",
    "game_surveyor_end": "the game surveyor's end",
    "lines": "tracks laid on the Porthmadog line, on the Blaenau line",
    "maintenance_done": "maintenance done this round",
}


def _axis_keys(cfg: Config) -> dict[str, tuple[tuple[Any, ...] | None, ...]]:
    """What each index of the board views is (a station's track space, excavation site or
    building site, an action space), so that layouts of different player counts, whose
    boards have different stations and spaces, line up by meaning."""
    slots: list[tuple[Any, ...]] = []
    tracks: list[tuple[Any, ...]] = []
    bsites: list[tuple[Any, ...]] = []
    for si, st in enumerate(cfg.stations):  # the slots in the order Config lays them out
        for j in range(st.track_before):
            slots.append((st.key, "track", j))
            tracks.append((st.key, "track", j))
        slots += [(st.key, "site", k) for k in range(len(st.excavation_sites))]
        bsites += [(st.key, "building", k) for k in range(len(cfg.station_bsites[si]))]
    spaces: list[tuple[Any, ...]] = []
    for a in range(6):
        width = max(cfg.base_caps[a], cfg.b_build_caps if a == 1 else 0)
        spaces += [("ABCDEF"[a], k) for k in range(width)]
    stations = tuple((st.key,) for st in cfg.stations)
    return {"slot_rubble": (tuple(slots),), "slot_owner": (tuple(slots), None),
            "track_vp": (tuple(tracks),), "track_owner": (tuple(tracks), None),
            "building_owner": (tuple(bsites), None), "station_done": (stations,),
            "spaces": (tuple(spaces), None)}


def _view_high(cfg: Config) -> dict[str, Any]:
    """An upper bound of every value of each view (a number, or one per field), from the
    components and the configuration: what the normalised layout divides by."""
    comp = components()
    box = comp.box
    cubes = (box["iron"], box["stone"], box["coal"], box["event_cubes"])
    pool = [*comp.track_rubble, *comp.deluxe_track_rubble]
    contracts = len(comp.contracts)
    tracks = cfg.n_tracks
    return {
        "round": float(cfg.settings.round_limit),
        "work_rates": float(max(*cfg.exc_rates, *cfg.lay_rates)),
        "supply": [*cubes, box["iron"], box["stone"], box["coal"], box["steel"], box["rubble"],
                   box["game_markers"]],
        "event_track": float(box["event_cubes"]),
        "flags": [1.0, 1.0, float(tracks)],
        "slot_rubble": float(max(max(pool), max(cfg.slot_rubble0, default=0))),
        "track_vp": float(max(pool)),
        "surveying": float(cfg.n_stations),
        "players": [box["iron"], box["stone"], box["coal"], box["rubble"], box["steel"],
                    box["ownership_markers_per_colour"], cfg.n_stations, MAX_LABOURERS, MAX_LABOURERS],
        "deck": [contracts, contracts, 1.0, 1.0, 1.0, 1.0],
        "engine_shed": [[1.0], [float(box["coal"])]],
        "lines": float(tracks),
    }


def _owners(view: np.ndarray, out: memoryview, owners: list[int], n: int) -> None:
    """One row per slot of (seats, then one column for nobody / the contractors): a one-hot
    owner; `out` is `view` flat."""
    view.fill(0)
    cols = n + 1
    for i, o in enumerate(owners):
        if o == EVENT or o == UNOWNED:  # laid, owned by nobody
            out[i * cols + n] = 1
        elif o != NONE:
            out[i * cols + o] = 1


def _bit_changes(out: memoryview, start: int, was: int, now: int) -> None:
    """At `start` + the index of each bit where `was` and `now` differ, `now`'s bit."""
    diff = was ^ now
    c = start
    while diff:
        if diff & 1:
            out[c] = now & 1
        diff >>= 1
        now >>= 1
        c += 1


_ENCODERS: dict[tuple[object, ...], Encoder] = {}


def encoder(cfg: Config) -> Encoder:
    """One shared layout per configuration (player count and settings)."""
    key = (cfg.players, cfg.scenario, cfg.settings)
    enc = _ENCODERS.get(key)
    if enc is None:
        enc = _ENCODERS[key] = Encoder(cfg)
    return enc
