"""The mutable position of one game of Foothills, as flat primitives.

Everything a rule changes lives here (ints, bools, flat lists of ints, a stack of small
tuples); everything fixed at set-up lives in the shared `Config`. `State.copy_into` is
generated from the slot lists so that a clone is one attribute copy per scalar and one slice
per list.
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from snowdonia.games.foothills.rules.config import Config, Settings

NONE: Final = -1  # nobody
NAVVY: Final = -2  # built by a third party (a navvy covers the card)
BAR: Final = -1  # surveyor on its action bar
PUB: Final = -2  # surveyor in the Pub

_SCALARS = (
    "cfg", "settings_", "rng", "draws", "chance", "journal", "n_moves", "_legal",
    "over", "end_reason", "end_trigger", "final_turn", "player", "start", "turn",
    "decision", "decider", "ctx", "card", "card_gone", "fresh", "flip_other", "replace_events",
    "yard_i", "yard_s", "yard_e", "bag_i", "bag_s", "bag_e", "events_aside",
    "rubble_supply", "rubble_extra", "pass_supply", "pass_extra", "vp_supply", "vp_extra",
    "navvies_left", "buffers_left", "supply_cards", "box_cards", "summit_owner",
)
_LISTS = (
    "iron", "stone", "rubble", "passengers", "vp", "markers", "stations_built", "tracks_built",
    "tickets", "surveyor", "pile", "turns_taken", "bar", "grey", "card_rubble", "navvy",
    "track_owner", "station_owner", "tickets_left", "buffer", "tasks",
)
SLOTS: Final = _SCALARS + _LISTS


@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    __slots__ = SLOTS

    cfg: Config
    settings_: Settings
    rng: int
    draws: int  # random picks so far: the chance state
    # None in every game the engine runs itself; the OpenSpiel adapter may set a hook here
    # (snowdonia.core.chance.ChanceHook) so each random pick becomes a chance outcome.
    chance: Any
    journal: list[dict[str, Any]] | None  # the public log (None in clones)
    n_moves: int
    _legal: Any
    over: bool
    end_reason: str
    end_trigger: int  # the seat in whose turn the end was triggered, or NONE
    final_turn: bool  # the other player's last turn after the start player triggered the end
    player: int  # whose turn it is
    start: int  # the start player, for the whole game
    turn: int
    decision: str | None  # the pending decision kind (rules/decisions.py), or None
    decider: int
    ctx: tuple[Any, ...]
    card: int  # the action card chosen this turn, or NONE
    card_gone: bool  # it went to the scoring pile: it is not flipped
    fresh: int  # bitmask of replacement cards taken this turn: never flipped this turn
    flip_other: bool  # this turn's action lets the player flip another card (step 3)
    replace_events: bool  # event cubes drawn now are set aside (Altmaterial, Hafenmarkt)
    yard_i: int
    yard_s: int
    yard_e: int  # event cubes on the stockyard
    bag_i: int
    bag_s: int
    bag_e: int
    events_aside: int
    rubble_supply: int
    rubble_extra: int  # substitutes taken once the supply ran out (seed: "replace them otherwise")
    pass_supply: int
    pass_extra: int
    vp_supply: int
    vp_extra: int
    navvies_left: int
    buffers_left: int
    supply_cards: int  # bitmask of action cards face up in the supply
    box_cards: int  # bitmask of action cards back in the box
    summit_owner: int
    iron: list[int]
    stone: list[int]
    rubble: list[int]
    passengers: list[int]
    vp: list[int]  # VP tokens taken during the game
    markers: list[int]  # track/station markers left
    stations_built: list[int]  # the station counter on the action bar
    tracks_built: list[int]
    tickets: list[int]  # bitmask of ticket kinds held
    surveyor: list[int]  # card index, BAR or PUB
    pile: list[int]  # bitmask of action cards in the scoring pile
    turns_taken: list[int]
    bar: list[int]  # seat * 5 + category -> action card index or NONE
    grey: list[int]  # seat * 5 + category -> 1 if the grey side is up
    card_rubble: list[int]  # route card -> rubble on its (left) track space
    navvy: list[int]  # route card -> 1 if a navvy covers it
    track_owner: list[int]  # track space -> seat, NAVVY or NONE
    station_owner: list[int]  # station -> seat, NAVVY or NONE
    tickets_left: list[int]  # start card -> tickets still on it
    buffer: list[int]  # railway -> 1 if its buffer stop is placed
    tasks: list[tuple[Any, ...]]  # the steps still to carry out, last first

    def copy_into(self, o: State) -> None:
        """Copy every slot into `o`: scalars and tuples by reference, lists by one slice each;
        the log (`journal`) is dropped: a copy made for search does not need it."""
        o.cfg = self.cfg
        o.settings_ = self.settings_
        o.rng = self.rng
        o.draws = self.draws
        o.chance = self.chance
        o.journal = None
        o.n_moves = self.n_moves
        o._legal = self._legal
        o.over = self.over
        o.end_reason = self.end_reason
        o.end_trigger = self.end_trigger
        o.final_turn = self.final_turn
        o.player = self.player
        o.start = self.start
        o.turn = self.turn
        o.decision = self.decision
        o.decider = self.decider
        o.ctx = self.ctx
        o.card = self.card
        o.card_gone = self.card_gone
        o.fresh = self.fresh
        o.flip_other = self.flip_other
        o.replace_events = self.replace_events
        o.yard_i = self.yard_i
        o.yard_s = self.yard_s
        o.yard_e = self.yard_e
        o.bag_i = self.bag_i
        o.bag_s = self.bag_s
        o.bag_e = self.bag_e
        o.events_aside = self.events_aside
        o.rubble_supply = self.rubble_supply
        o.rubble_extra = self.rubble_extra
        o.pass_supply = self.pass_supply
        o.pass_extra = self.pass_extra
        o.vp_supply = self.vp_supply
        o.vp_extra = self.vp_extra
        o.navvies_left = self.navvies_left
        o.buffers_left = self.buffers_left
        o.supply_cards = self.supply_cards
        o.box_cards = self.box_cards
        o.summit_owner = self.summit_owner
        o.iron = self.iron[:]
        o.stone = self.stone[:]
        o.rubble = self.rubble[:]
        o.passengers = self.passengers[:]
        o.vp = self.vp[:]
        o.markers = self.markers[:]
        o.stations_built = self.stations_built[:]
        o.tracks_built = self.tracks_built[:]
        o.tickets = self.tickets[:]
        o.surveyor = self.surveyor[:]
        o.pile = self.pile[:]
        o.turns_taken = self.turns_taken[:]
        o.bar = self.bar[:]
        o.grey = self.grey[:]
        o.card_rubble = self.card_rubble[:]
        o.navvy = self.navvy[:]
        o.track_owner = self.track_owner[:]
        o.station_owner = self.station_owner[:]
        o.tickets_left = self.tickets_left[:]
        o.buffer = self.buffer[:]
        o.tasks = self.tasks[:]

