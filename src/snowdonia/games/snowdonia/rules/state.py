"""The mutable position of one game, as flat primitives (ints, bools, flat lists of ints).

Everything a rule changes lives here; everything fixed at set-up lives in the shared
`Config`. `State.copy_into` is generated from the slot lists below so that a clone is one
attribute copy per scalar and one slice per list, with no deep copying.
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from snowdonia.games.snowdonia.rules.config import Config

NONE: Final = -1  # no owner
EVENT: Final = -2  # laid or completed by an event (contractors), owned by nobody
UNOWNED: Final = -3  # laid by a player who had no ownership marker left (seed 004 set-up step 3)

# Phases of the round.
PH_PLACE: Final = 0
PH_RESOLVE: Final = 1
PH_END: Final = 2
PH_OVER: Final = 3
PH_SETUP: Final = 4  # Blaenau Ffestiniog: the players choose their ends before round 1

_SCALARS = (
    "cfg", "rng", "round", "start", "start_fixed", "phase", "decision", "decider", "ctx",
    "over", "end_reason", "end_trigger", "extra_round", "exc_idx", "lay_idx",
    "trains_available", "b_build", "route_rubble", "exc_ptr", "first_rubble_track", "laid",
    "weather_current", "weather_mid", "weather_last", "steel_supply", "supply_rubble",
    "game_markers_left", "markers_placed", "bag_i", "bag_s", "bag_c", "bag_e",
    "yard_i", "yard_s", "yard_c", "box_i", "box_s", "box_c", "place_turn", "res_area",
    "res_stage", "res_pos", "win_count", "win_first", "build_done", "events_pending", "end_step",
    "pending_cards", "moves", "_legal", "journal", "maint_returned", "blocked_contracts",
    "last_round_order", "set_aside", "chance", "exc_ptr_p", "laid_p", "gs_end", "maint_done",
    "setup_pos", "end_of", "start_marker",
)
_LISTS = (
    "iron", "stone", "coal", "rubble", "steel", "markers", "surveyor", "train", "hand",
    "played", "round_played", "labourers", "to_place", "hire_asked", "seen",
    "slot_rubble", "slot_owner", "track_owner", "track_vp", "bsite_owner", "station_done",
    "spaces", "g_list", "deck", "discard", "office", "shed", "shed_coal", "events",
    "extras", "maint_queue", "kdisc",
)
SLOTS: Final = _SCALARS + _LISTS


@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    __slots__ = SLOTS

    cfg: Config
    rng: int
    round: int
    start: int
    start_fixed: bool
    phase: int
    decision: str | None
    decider: int
    ctx: Any
    over: bool
    end_reason: str
    end_trigger: int
    extra_round: bool
    exc_idx: int
    lay_idx: int
    trains_available: bool
    b_build: bool
    route_rubble: int
    exc_ptr: int
    first_rubble_track: int
    laid: int
    weather_current: str | None
    weather_mid: str | None
    weather_last: str | None
    steel_supply: int
    supply_rubble: int
    game_markers_left: int
    markers_placed: int
    bag_i: int
    bag_s: int
    bag_c: int
    bag_e: int
    yard_i: int
    yard_s: int
    yard_c: int
    box_i: int
    box_s: int
    box_c: int
    place_turn: int
    res_area: int
    res_stage: int
    res_pos: int
    win_count: int
    win_first: int  # the Start Player when the open contract window opened
    build_done: bool
    events_pending: int  # event cubes drawn in this restock, out of the bag, not yet placed
    end_step: int
    pending_cards: tuple[int, ...]
    moves: int
    _legal: Any
    journal: list[dict[str, Any]] | None  # the structured log; None in search clones
    maint_returned: tuple[int, ...]
    blocked_contracts: bool
    last_round_order: tuple[int, ...]
    set_aside: int
    # None in every game the engine runs itself. The OpenSpiel adapter sets a hook here
    # (see bag.ChanceHook) so that each random pick becomes an explicit chance outcome.
    chance: Any
    iron: list[int]
    stone: list[int]
    coal: list[int]
    rubble: list[int]
    steel: list[int]
    markers: list[int]
    surveyor: list[int]
    train: list[int]
    hand: list[int]
    played: list[int]
    round_played: list[int]
    labourers: list[int]
    to_place: list[int]
    hire_asked: list[int]
    seen: list[int]
    slot_rubble: list[int]
    slot_owner: list[int]
    track_owner: list[int]
    track_vp: list[int]
    bsite_owner: list[int]
    station_done: list[int]
    spaces: list[int]
    g_list: list[int]
    deck: list[int]
    discard: list[int]
    office: list[int]
    shed: list[int]
    shed_coal: list[int]
    events: list[int]
    extras: list[int]
    maint_queue: list[int]
    kdisc: list[int]  # per seat: discard-pile cards that seat knows are there
    # Blaenau Ffestiniog (two ends; neutral values in Mount Snowdon):
    exc_ptr_p: int  # the Porthmadog frontier: the highest route slot still holding rubble
    laid_p: int  # track cards laid from the Porthmadog end (the last laid_p of the route)
    gs_end: int  # the end (0 Blaenau, 1 Porthmadog) where the game's Surveyor stands
    maint_done: bool  # the Plas Halt maintenance has happened
    setup_pos: int  # how many start choices have been made (set-up phase)
    # Tuples, not lists: set once or twice a game, so a clone shares them instead of copying.
    end_of: tuple[int, ...]  # per seat: its own end, 0 (Blaenau / Llanberis) or 1 (Porthmadog)
    start_marker: tuple[int, ...]  # per seat: 1 once its surveyor left the start (marker placed)

    def copy_into(self, o: State) -> None:
        """Copy every slot into `o`: scalars and tuples by reference, lists by one slice each;
        the log (`journal`) is dropped: a copy made for search does not need it."""
        o.cfg = self.cfg
        o.rng = self.rng
        o.round = self.round
        o.start = self.start
        o.start_fixed = self.start_fixed
        o.phase = self.phase
        o.decision = self.decision
        o.decider = self.decider
        o.ctx = self.ctx
        o.over = self.over
        o.end_reason = self.end_reason
        o.end_trigger = self.end_trigger
        o.extra_round = self.extra_round
        o.exc_idx = self.exc_idx
        o.lay_idx = self.lay_idx
        o.trains_available = self.trains_available
        o.b_build = self.b_build
        o.route_rubble = self.route_rubble
        o.exc_ptr = self.exc_ptr
        o.first_rubble_track = self.first_rubble_track
        o.laid = self.laid
        o.weather_current = self.weather_current
        o.weather_mid = self.weather_mid
        o.weather_last = self.weather_last
        o.steel_supply = self.steel_supply
        o.supply_rubble = self.supply_rubble
        o.game_markers_left = self.game_markers_left
        o.markers_placed = self.markers_placed
        o.bag_i = self.bag_i
        o.bag_s = self.bag_s
        o.bag_c = self.bag_c
        o.bag_e = self.bag_e
        o.yard_i = self.yard_i
        o.yard_s = self.yard_s
        o.yard_c = self.yard_c
        o.box_i = self.box_i
        o.box_s = self.box_s
        o.box_c = self.box_c
        o.place_turn = self.place_turn
        o.res_area = self.res_area
        o.res_stage = self.res_stage
        o.res_pos = self.res_pos
        o.win_count = self.win_count
        o.win_first = self.win_first
        o.build_done = self.build_done
        o.events_pending = self.events_pending
        o.end_step = self.end_step
        o.pending_cards = self.pending_cards
        o.moves = self.moves
        o._legal = self._legal
        o.journal = None
        o.maint_returned = self.maint_returned
        o.blocked_contracts = self.blocked_contracts
        o.last_round_order = self.last_round_order
        o.set_aside = self.set_aside
        o.chance = self.chance
        o.exc_ptr_p = self.exc_ptr_p
        o.laid_p = self.laid_p
        o.gs_end = self.gs_end
        o.maint_done = self.maint_done
        o.setup_pos = self.setup_pos
        o.end_of = self.end_of
        o.start_marker = self.start_marker
        o.iron = self.iron[:]
        o.stone = self.stone[:]
        o.coal = self.coal[:]
        o.rubble = self.rubble[:]
        o.steel = self.steel[:]
        o.markers = self.markers[:]
        o.surveyor = self.surveyor[:]
        o.train = self.train[:]
        o.hand = self.hand[:]
        o.played = self.played[:]
        o.round_played = self.round_played[:]
        o.labourers = self.labourers[:]
        o.to_place = self.to_place[:]
        o.hire_asked = self.hire_asked[:]
        o.seen = self.seen[:]
        o.slot_rubble = self.slot_rubble[:]
        o.slot_owner = self.slot_owner[:]
        o.track_owner = self.track_owner[:]
        o.track_vp = self.track_vp[:]
        o.bsite_owner = self.bsite_owner[:]
        o.station_done = self.station_done[:]
        o.spaces = self.spaces[:]
        o.g_list = self.g_list[:]
        o.deck = self.deck[:]
        o.discard = self.discard[:]
        o.office = self.office[:]
        o.shed = self.shed[:]
        o.shed_coal = self.shed_coal[:]
        o.events = self.events[:]
        o.extras = self.extras[:]
        o.maint_queue = self.maint_queue[:]
        o.kdisc = self.kdisc[:]

