"""The mutable position of one game, as flat primitives (ints, bools, flat lists of ints).

Everything a rule changes lives here; everything fixed at set-up lives in the shared
`Config`. `State.copy_into` is generated from the slot lists below so that a clone is one
attribute copy per scalar and one slice per list, with no deep copying.
"""

from __future__ import annotations

from typing import Any

from snowdonia.core.flatstate import make_copy_into
from snowdonia.games.snowdonia.rules.config import Config

NONE = -1  # no owner
EVENT = -2  # laid or completed by an event (contractors), owned by nobody
UNOWNED = -3  # laid by a player who had no ownership marker left (seed 004 set-up step 3)

# Phases of the round.
PH_PLACE = 0
PH_RESOLVE = 1
PH_END = 2
PH_OVER = 3
PH_SETUP = 4  # Blaenau Ffestiniog: the players choose their ends before round 1

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
SLOTS = _SCALARS + _LISTS


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

    def copy_into(self, other: State) -> None:  # replaced below by generated code
        raise NotImplementedError


State.copy_into = make_copy_into(_SCALARS, _LISTS)  # type: ignore[method-assign,assignment]
