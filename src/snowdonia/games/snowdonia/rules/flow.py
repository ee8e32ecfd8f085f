"""The round (seed 004 "Game Sequence"), as a resumable state machine.

Assign Labourers -> Resolve Actions A to G (a contract window before each area, then its
spaces in order, then the extra actions some contracts and No. 6 Padarn give) -> Restock
Contract cards -> Check the Weather -> Restock the Stock Yard (events) -> end check.

`advance` runs every automatic step until a player has a choice to make (or the game is
over); `legal_actions` lists that choice's options; `apply` carries one out and advances
again. Every choice is one kind of the decision registry (rules/decisions.py) and is
answered through `HANDLERS`; a choice with a single option is taken automatically, so every
decision a player is shown is a real one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from mypy_extensions import mypyc_attr

from snowdonia.core.rng import randbelow
from snowdonia.games.snowdonia.rules import (
    contracts,
    decisions,
    events,
    maintenance,
    placement,
    refusals,
    restock,
    weather,
)
from snowdonia.games.snowdonia.rules.actions import Action, IllegalAction
from snowdonia.games.snowdonia.rules.areas import (
    build,
    excavate,
    lay_track,
    site_office,
    stock_yard,
    surveyor,
    works,
)
from snowdonia.games.snowdonia.rules.board import (
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    ask,
    emit,
    fully_fogged,
    order_from_start,
)
from snowdonia.games.snowdonia.rules.state import NONE, PH_END, PH_OVER, PH_PLACE, PH_RESOLVE, PH_SETUP, State
from snowdonia.games.snowdonia.scenarios import blaenau_ffestiniog

Options = Callable[[State, int], list[Action]]
Answer = Callable[[State, int, Action], None]

# The one dispatch table: decision kind -> (its options, how an answer is carried out).
HANDLERS: Final[dict[str, tuple[Options, Answer]]] = {
    decisions.HIRE: (placement.hire_options, placement.apply_hire),
    decisions.PLACE: (placement.place_options, placement.apply_place),
    decisions.WINDOW: (contracts.window_options, contracts.apply_window),
    decisions.STOCK_YARD: (stock_yard.stock_yard_options, stock_yard.apply_stock_yard),
    decisions.TAKE: (stock_yard.take_options, stock_yard.apply_take),
    decisions.WORKS: (works.works_options, works.apply_works),
    decisions.CONVERT: (works.convert_options, works.apply_convert),
    decisions.BUILD: (build.build_options, build.apply_build),
    decisions.EXTRA_BUILD: (build.extra_build_options, build.apply_extra_build),
    decisions.SITE_OFFICE: (site_office.pick_options, site_office.apply_pick),
    decisions.MAINTENANCE: (maintenance.maintain_options, maintenance.apply_maintain),
    decisions.WEATHER: (contracts.weather_options, contracts.apply_weather),
    decisions.KEEP: (contracts.keep_options, contracts.apply_keep),
    decisions.MOVE: (contracts.move_options, contracts.apply_move),
    decisions.CLEAR: (excavate.clear_options, excavate.apply_clear),
    decisions.CHOOSE_END: (blaenau_ffestiniog.end_options, blaenau_ffestiniog.apply_end),
    decisions.GAME_SURVEYOR: (blaenau_ffestiniog.game_surveyor_options, blaenau_ffestiniog.apply_game_surveyor),
}
if set(HANDLERS) != set(decisions.DECISIONS):  # the registry and the dispatch never drift
    raise AssertionError("flow.HANDLERS must answer exactly the kinds of decisions.DECISIONS")

# What one labourer on a space of each area does (G is resolved all at once).
RESOLVE: Final[dict[int, Callable[[State, int, int], bool]]] = {
    A: stock_yard.resolve, B: excavate.resolve, C: works.resolve, D: lay_track.resolve,
    E: build.resolve, F: site_office.resolve,
}

# Extra actions after an area, stored as seat * 8 + code.
X_CLEAR, X_LAY, X_BUILD10, X_PADARN = 1, 2, 3, 4


# --------------------------------------------------------------------------- choices


def legal_actions(g: State) -> list[Action]:
    cached: list[Action] | None = g._legal
    if cached is not None:
        return cached
    d = g.decision
    res = [] if d is None or g.over else options(g, d, g.decider)
    g._legal = res
    return res


# `options` and `carry_out` are HANDLERS for the compiled engine: the kinds a game asks for
# most, called directly (a call through the table's function objects boxes every argument),
# then the table for the rest. tests/rules/test_rules_flow.py checks them against HANDLERS.


def options(g: State, d: str, p: int) -> list[Action]:
    """HANDLERS[d]'s options for seat p."""
    if d == decisions.PLACE:
        return placement.place_options(g, p)
    if d == decisions.WINDOW:
        return contracts.window_options(g, p)
    if d == decisions.HIRE:
        return placement.hire_options(g, p)
    if d == decisions.STOCK_YARD:
        return stock_yard.stock_yard_options(g, p)
    if d == decisions.BUILD:
        return build.build_options(g, p)
    if d == decisions.WORKS:
        return works.works_options(g, p)
    if d == decisions.SITE_OFFICE:
        return site_office.pick_options(g, p)
    if d == decisions.EXTRA_BUILD:
        return build.extra_build_options(g, p)
    return HANDLERS[d][0](g, p)


def carry_out(g: State, d: str, p: int, act: Action) -> None:
    """HANDLERS[d]'s answer of seat p."""
    if d == decisions.PLACE:
        placement.apply_place(g, p, act)
    elif d == decisions.WINDOW:
        contracts.apply_window(g, p, act)
    elif d == decisions.HIRE:
        placement.apply_hire(g, p, act)
    elif d == decisions.STOCK_YARD:
        stock_yard.apply_stock_yard(g, p, act)
    elif d == decisions.BUILD:
        build.apply_build(g, p, act)
    elif d == decisions.WORKS:
        works.apply_works(g, p, act)
    elif d == decisions.SITE_OFFICE:
        site_office.apply_pick(g, p, act)
    elif d == decisions.EXTRA_BUILD:
        build.apply_extra_build(g, p, act)
    else:
        HANDLERS[d][1](g, p, act)


def apply(g: State, action: Action) -> None:
    """Apply a player's decision after checking it is legal; raises IllegalAction."""
    if g.over:
        raise IllegalAction(f"the game is over; no action is legal (got {action})")
    legal = legal_actions(g)
    if action not in legal:
        reason = refusals.explain(g, action)
        raise IllegalAction(
            f"{action} is not legal now: {reason} "
            f"(Player {g.decider + 1} must decide: {g.decision}). Legal: {', '.join(str(a) for a in legal)}",
            reason)
    step(g, action)


def step(g: State, action: Action) -> None:
    """Apply an action known to be legal and advance to the next real choice."""
    g.moves += 1
    answer(g, action)
    advance(g)


def answer(g: State, act: Action) -> None:
    """Carry out the pending decision's answer (no legality check)."""
    d = g.decision
    assert d is not None
    g._legal = None
    g.decision = None
    carry_out(g, d, g.decider, act)


# --------------------------------------------------------------------------- the round


def advance(g: State) -> None:
    while True:
        if g.over:
            g.decision = None
            g.decider = NONE
            g.phase = PH_OVER
            g._legal = []
            return
        if g.decision is not None:
            legal = legal_actions(g)
            if len(legal) > 1:
                return
            answer(g, legal[0])
            continue
        if g.maint_queue or g.maint_returned:
            _train_maintenance(g)
            continue
        ph = g.phase
        if ph == PH_PLACE:
            placement.step(g)
        elif ph == PH_RESOLVE:
            _resolve_actions(g)
        elif ph == PH_END:
            _end_of_round(g)
        elif ph == PH_SETUP:
            blaenau_ffestiniog.step_setup(g)
        else:
            return


def _train_maintenance(g: State) -> None:
    """"Each player with a Train card must immediately pay one Steel Bar ... or discard a Train
    Maintenance Contract card (16 and 21). If a player cannot, or chooses not, to pay, return
    the Train card to the Engine Shed" - asked in turn order, before anything else happens;
    then the returned trains are refilled with coal, lowest number first."""
    if g.maint_queue:
        p = g.maint_queue[0]
        if g.train[p]:
            ask(g, decisions.MAINTENANCE, p)
        else:
            g.maint_queue.pop(0)
        return
    maintenance.refill_returned(g)


def _resolve_actions(g: State) -> None:
    """Resolve Actions: areas A to G; for each, the contract window (every area, every round,
    every player: spec rules §1.3), then the labourers' actions in space order, then extras."""
    a = g.res_area
    cfg = g.cfg
    if a == 7:
        g.phase = PH_END
        g.end_step = 0
        return
    if g.res_stage == 0:
        if contracts.step_window(g):
            return
        g.res_stage = 1
        g.res_pos = 0
        return
    if g.res_stage == 1:
        if a == G:
            surveyor.resolve_all(g)
            _begin_extras(g, a)
            return
        resolve = build.resolve if a == B and g.b_build else RESOLVE[a]
        cap = cfg.b_build_caps if a == B and g.b_build else cfg.base_caps[a]
        base = cfg.space_offset[a]
        while g.res_pos < cap:
            p = g.spaces[base + g.res_pos]
            if p != NONE and resolve(g, g.res_pos, p):
                return
            if g.over:  # the solo / 2-player marker end is immediate (seed 004 End of Game)
                return
            g.res_pos += 1
            if g.maint_queue:  # Blaenau Ffestiniog: Plas Halt's last rubble went just now
                return
        _begin_extras(g, a)
        return
    # Stage 2: extra actions after the area.
    while g.extras:
        code = g.extras.pop(0)
        p, x = divmod(code, 8)
        if x == X_CLEAR:
            if excavate.clear_wanted(g, p):
                ask(g, decisions.CLEAR, p)
                return
        elif x == X_LAY:
            if not fully_fogged(g, D):
                lay_track.lay(g, p)
                if g.over:
                    return
        elif x == X_BUILD10 or (x == X_PADARN and g.build_done):
            ask(g, decisions.EXTRA_BUILD, p)
            return
    g.res_area = a + 1
    g.res_stage = 0
    g.res_pos = 0
    g.win_count = 0
    g.win_first = g.start


def resolve_space(g: State, a: int, idx: int, p: int) -> bool:
    """p's labourer on space idx of area a (A-F) does its action now; True if p must decide.
    (One-ply bots preview a placement with this.)"""
    resolve = build.resolve if a == B and g.b_build else RESOLVE[a]
    return resolve(g, idx, p)


def _begin_extras(g: State, a: int) -> None:
    """"After all other ... actions": #3 after Excavate; #8 after Lay Track; after Build first
    every #10, then No. 6 Padarn ("if there has been at least one Build action performed this
    round by any player"), each in turn order from the Start Player."""
    g.res_stage = 2
    ex: list[int] = []
    order = order_from_start(g)
    if a == B and not g.b_build:
        ex = [p * 8 + X_CLEAR for p in order if contracts.clear_next_space(g, p)]
    elif a == D:
        ex = [p * 8 + X_LAY for p in order for _ in range(contracts.extra_lay_track(g, p))]
    elif a == E:
        ex = [p * 8 + X_BUILD10 for p in order for _ in range(contracts.extra_build(g, p))]
        ex += [p * 8 + X_PADARN for p in order
               if g.train[p] and g.cfg.train_extra_build[g.train[p]]]
    g.extras = ex


# --------------------------------------------------------------------------- end of round


def _end_of_round(g: State) -> None:
    cfg = g.cfg
    st = g.end_step
    if st == 0:
        # "After completing actions, return Labourers ... temporary Labourers ... to the Pub."
        g.spaces = [NONE] * cfg.n_space_slots
        g.g_list = []
        g.labourers = [2] * cfg.players
        restock.restock_office(g)
        weather.check_weather(g)
        restock.restock_stock_yard(g)
        g.end_step = 1
        return
    if st == 1:
        while g.events_pending > 0:
            g.events_pending -= 1
            events.place_event(g)
            if g.maint_queue or g.over:
                return
        g.end_step = 2
        return
    # Step 2: end of the round.
    if g.route_rubble == 0 and not g.b_build:
        # "At the end of the round in which there are no more Rubble to excavate ... take the
        # Train card set aside ... and place it on the Excavate Action Area with the B Build
        # Action Area uppermost."
        g.b_build = True
        if g.journal is not None:
            emit(g, "b_build")
    if g.extra_round:
        finish(g, "extra_round")
        return
    if g.end_trigger:
        if cfg.deluxe and g.end_trigger == 2:
            g.extra_round = True  # Deluxe: an event laid the last track: one more full round
        else:
            finish(g, "last_track")
            return
    if g.round >= cfg.round_limit:
        finish(g, "round_limit")
        return
    _new_round(g)


END_REASONS = {
    "extra_round": "the extra round after the last track card was laid (Deluxe)",
    "last_track": "the last track card was laid",
    "round_limit": "round limit reached (safety net, not a rule)",
    "last_marker": "last ownership marker placed",
}


def finish(g: State, why: str) -> None:
    g.over = True
    g.end_reason = END_REASONS[why] if why != "round_limit" else (
        f"round limit {g.cfg.settings.round_limit} reached (safety net, not a rule)")
    if g.journal is not None:
        emit(g, "game_over", reason=why)


def _new_round(g: State) -> None:
    n = g.cfg.players
    g.round += 1
    g.phase = PH_PLACE
    g.place_turn = g.start
    g.to_place = [2] * n
    g.hire_asked = [0] * n
    g.round_played = [0] * n
    g.start_fixed = False
    g.blocked_contracts = False
    g.build_done = False
    g.last_round_order = tuple((g.start + i) % n for i in range(n))
    if g.journal is not None:
        emit(g, "round", round=g.round, start=g.start)


@mypyc_attr(allow_interpreted_subclasses=True)
class Engine(State):
    """The protocol's hot methods (`is_over`, `current_player`, `legal_actions`, `step`) as
    methods of a compiled class, which game.py's Game extends: a search calls them for
    every step, and methods of the interpreted Game would each run an interpreted frame."""

    __slots__ = ()

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        return None if self.over else self.decider

    def legal_actions(self) -> list[Action]:
        """The options of the pending decision, in a fixed order."""
        return legal_actions(self)

    def step(self, action: Action) -> None:
        """Apply an action taken from `legal_actions` without checking or recording it."""
        step(self, action)

    def playout(self, rng: random.Random, depth: int | None = None) -> int:
        """`Position.playout` compiled: the same draws and steps, without a protocol call
        per step."""
        steps = 0
        while not self.over and (depth is None or steps < depth):
            legal = legal_actions(self)
            step(self, legal[randbelow(rng, len(legal))])
            steps += 1
        return steps

    def search_playout(self, rng: random.Random, depth: int) -> int:
        """`Position.search_playout` compiled: the same draws (none for a forced decision) and
        steps."""
        steps = 0
        while steps < depth and not self.over:
            legal = legal_actions(self)
            n = len(legal)
            step(self, legal[0] if n == 1 else legal[randbelow(rng, n)])
            steps += 1
        return steps
