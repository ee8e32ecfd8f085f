"""Helpers for the rule tests: build a game, edit its flat State into a precise situation,
then drive it through `Game.apply` only. Nothing here implements a rule; it only moves
components between places (keeping the box totals whole where it can) and answers decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import snowdonia
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules import flow, route
from snowdonia.games.snowdonia.rules.decisions import HIRE, PLACE
from snowdonia.games.snowdonia.rules.state import EVENT, NONE, PH_PLACE

Chooser = Callable[[Game], "str | None"]


def new(players: int = 3, seed: int = 1, start: int = 0, **settings: object) -> Game:
    """A fresh game in round 1 with seat `start` as Start Player (placement re-opened)."""
    g = snowdonia.new_game(players, seed=seed, **settings)
    restart_round(g, start)
    return g


def restart_round(g: Game, start: int | None = None) -> None:
    """Re-open the placement of the current round after editing the State (trains, coal,
    weather...), optionally with a new Start Player, so hire questions are asked afresh."""
    n = g.cfg.players
    if start is not None:
        g.start = start
    g.place_turn = g.start
    g.to_place = [2] * n
    g.labourers = [2] * n
    g.hire_asked = [0] * n
    g.spaces = [NONE] * g.cfg.n_space_slots
    g.g_list = []
    g.decision = None
    g.phase = PH_PLACE
    touch(g)
    flow.advance(g)


def touch(g: Game) -> None:
    """Forget the cached legal actions after editing the State directly."""
    g._legal = None


def quiet_bag(g: Game) -> None:
    """Take the event cubes out of the bag so end-of-round restocks cannot trigger events in
    a test about something else (the event-cube count invariant no longer holds after)."""
    g.bag_e = 0
    touch(g)


def give(g: Game, p: int, *, iron: int = 0, stone: int = 0, coal: int = 0, rubble: int = 0,
         steel: int = 0) -> None:
    """Hand components to seat p from the box / general supply (keeps totals whole)."""
    g.iron[p] += iron
    g.box_i -= iron
    g.stone[p] += stone
    g.box_s -= stone
    g.coal[p] += coal
    g.box_c -= coal
    g.rubble[p] += rubble
    g.supply_rubble -= rubble
    g.steel[p] += steel
    g.steel_supply -= steel
    touch(g)


def clear_route(g: Game, upto_slot: int | None = None) -> None:
    """Remove the rubble of the first `upto_slot` route slots (all if None) to the supply,
    as if contractors had excavated them (no owners)."""
    end = g.cfg.n_slots if upto_slot is None else upto_slot
    for s in range(end):
        r = g.slot_rubble[s]
        g.slot_rubble[s] = 0
        g.supply_rubble += r
        g.route_rubble -= r
    route._after_rubble_change(g)
    touch(g)


def clear_tracks_before(g: Game, station_key: str) -> None:
    """Excavate (to the supply) every track card before the given station."""
    si = g.cfg.station_index[station_key]
    for t in range(g.cfg.station_track_before_end[si]):
        s = g.cfg.track_slot[t]
        g.supply_rubble += g.slot_rubble[s]
        g.route_rubble -= g.slot_rubble[s]
        g.slot_rubble[s] = 0
    route._after_rubble_change(g)
    touch(g)


def set_rubble(g: Game, slot: int, n: int) -> None:
    """Put exactly n rubble on route slot `slot` (to/from the general supply)."""
    diff = n - g.slot_rubble[slot]
    g.slot_rubble[slot] = n
    g.route_rubble += diff
    g.supply_rubble -= diff
    g.exc_ptr = 0
    g.exc_ptr_p = g.cfg.n_slots - 1  # Blaenau Ffestiniog's far frontier
    g.first_rubble_track = 0
    route._after_rubble_change(g)
    touch(g)


def track_slot(g: Game, t: int) -> int:
    return g.cfg.track_slot[t]


def site_slot(g: Game, station_key: str, k: int = 0) -> int:
    """Route slot of the k-th (0-based, left to right) excavation site of a station."""
    return g.cfg.station_slots[g.cfg.station_index[station_key]][k]


def bsite(g: Game, station_key: str, num: int) -> int:
    """Flat index of building site `num` (1-based, as in action strings) of a station."""
    return g.cfg.station_bsites[g.cfg.station_index[station_key]][num - 1]


def give_train(g: Game, p: int, number: int) -> None:
    """Seat p owns train `number` (taken from the Engine Shed with its coal)."""
    if number in g.shed:
        g.shed.remove(number)
        g.coal[p] += g.shed_coal[number]
        g.shed_coal[number] = 0
    elif g.set_aside == number:
        # Swap it with a shed train, which becomes the set-aside one (its coal to the box).
        swap = g.shed.pop(0)
        g.box_c += g.shed_coal[swap]
        g.shed_coal[swap] = 0
        g.set_aside = swap
    g.train[p] = number
    touch(g)


def ensure_in_shed(g: Game, number: int) -> None:
    """Make train `number` available in the Engine Shed (swapping it with the set-aside one)."""
    if number in g.shed or number in g.train:
        return
    swap = g.shed.pop(0)
    g.shed_coal[number], g.shed_coal[swap] = g.shed_coal[swap], 0
    g.box_c += g.shed_coal[number] - g.cfg.train[number].coal
    g.shed_coal[number] = g.cfg.train[number].coal
    g.set_aside = swap
    g.shed.append(number)
    g.shed.sort()
    touch(g)


def give_contract(g: Game, p: int, number: int) -> None:
    """Seat p holds contract `number` face up (taken out of deck/office/discard)."""
    for pile in (g.deck, g.discard):
        if number in pile:
            pile.remove(number)
    if number in g.office:
        g.office[g.office.index(number)] = 0
    g.hand[p] |= 1 << number
    g.seen = [s | 1 << number for s in g.seen]
    touch(g)


def legal(g: Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def default_choice(g: Game) -> str:
    """Pass when passing is allowed, otherwise the first legal option."""
    opts = legal(g)
    return "pass" if "pass" in opts else opts[0]


def place(g: Game, plan: dict[int, list[str]], hire: Iterable[int] = ()) -> None:
    """Answer the hire and placement decisions from `plan` (seat -> spaces, in order)."""
    queues = {p: list(v) for p, v in plan.items()}
    hirers = set(hire)
    rnd = g.round
    while not g.is_over and g.decision in (PLACE, HIRE) and g.round == rnd:
        p = g.decider
        if g.decision == HIRE:
            g.apply("hire" if p in hirers else "pass")
            continue
        q = queues.get(p)
        if not q:
            raise AssertionError(f"no placement planned for seat {p}; legal: {legal(g)}")
        g.apply(q.pop(0))


def resolve(g: Game, choose: Chooser | None = None, until: Callable[[Game], bool] | None = None) -> None:
    """Answer decisions (with `choose`, falling back to `default_choice`) until the round ends,
    the game ends, or `until(g)` holds. Placement decisions of the next round stop it."""
    start_round = g.round
    while not g.is_over:
        if until is not None and until(g):
            return
        if g.round != start_round or g.decision in (PLACE, HIRE):
            return
        text = choose(g) if choose else None
        g.apply(text if text is not None else default_choice(g))


def play_round(g: Game, plan: dict[int, list[str]], choose: Chooser | None = None,
               hire: Iterable[int] = ()) -> None:
    place(g, plan, hire)
    resolve(g, choose)


def answers(mapping: dict[str, list[str]]) -> Chooser:
    """A chooser answering decision kind -> queued action strings; otherwise the default."""
    queues = {k: list(v) for k, v in mapping.items()}

    def choose(g: Game) -> str | None:
        q = queues.get(g.decision or "")
        if q:
            return q.pop(0)
        return None

    return choose


def owner_of_track(g: Game, t: int) -> int:
    return g.track_owner[t]


# --------------------------------------------------------------------------- Blaenau Ffestiniog

BF = "blaenau_ffestiniog"
BLAENAU, PORTHMADOG = "blaenau_ffestiniog", "porthmadog_harbour"
END_KEY = {"B": BLAENAU, "P": PORTHMADOG}


def bf_setup(players: int = 3, seed: int = 1, start: int | None = None, **settings: object) -> Game:
    """A new Blaenau Ffestiniog game stopped at its first start choice, with seat `start` as
    the Start Player (the set-up decisions are asked afresh from that seat)."""
    g = snowdonia.new_game(players, seed=seed, scenario=BF, **settings)
    if start is not None and start != g.start:
        n = g.cfg.players
        g.start = start
        g.place_turn = g.win_first = start
        g.last_round_order = tuple((start + i) % n for i in range(n))
        g.decision = None
        touch(g)
        flow.advance(g)
    return g


def choose_ends(g: Game, ends: Iterable[str], gs: str | None = None) -> None:
    """Answer the start choices in choosing order ("B" or "P" each); a choice the engine took
    by itself (the other end full) must match the one given. Then place the game's Surveyor
    at `gs` ("B" or "P") if given."""
    n = g.cfg.players
    for q, e in enumerate(ends):
        seat = (g.start + q) % n
        if g.setup_pos > q:  # forced: taken automatically
            assert g.end_of[seat] == ("BP".index(e)), f"seat {seat} was forced to the other end"
            continue
        assert g.decision == "choose_end" and g.decider == seat, (g.decision, g.decider, seat)
        g.apply(f"start {END_KEY[e]}")
    if gs is not None:
        assert g.decision == "game_surveyor", g.decision
        g.apply(f"game_surveyor {END_KEY[gs]}")


def bf(players: int = 3, seed: int = 1, start: int = 0, ends: str | None = None, gs: str = "B",
       **settings: object) -> Game:
    """A Blaenau Ffestiniog game in round 1 after its set-up decisions: `ends` such as "BPB"
    in choosing order from seat `start` (default: alternating B, P, ...), the game's Surveyor
    at `gs`; placement re-opened as `new` does."""
    g = bf_setup(players, seed, start, **settings)
    choose_ends(g, ends if ends is not None else "BPBP"[:players], gs)
    restart_round(g, start)
    return g


def slot_of(g: Game, key: str) -> int:
    """The route slot of "t3" (track card 3, counted from Blaenau) or of "plas_halt.L" /
    "plas_halt.R" / "dduallt.L" (a station's left or right excavation site)."""
    if key.startswith("t") and key[1:].isdigit():
        return g.cfg.track_slot[int(key[1:])]
    station, side = key.rsplit(".", 1)
    slots = g.cfg.station_slots[g.cfg.station_index[station]]
    return slots[0] if side == "L" else slots[-1]


def set_surveyor(g: Game, p: int, station_key: str) -> None:
    """Stand seat p's surveyor on a station. Leaving its own end this way also puts its start
    marker down (taken from its supply), as the move would have."""
    cfg = g.cfg
    si = cfg.station_index[station_key]
    home = cfg.end_stations[g.end_of[p]]
    if si != home and not g.start_marker[p] and g.markers[p] > 0:
        g.start_marker = g.start_marker[:p] + (1,) + g.start_marker[p + 1:]
        g.markers[p] -= 1
        g.markers_placed += 1
    g.surveyor[p] = si
    touch(g)


def set_lines(g: Game, laid_b: int, laid_p: int) -> None:
    """Lay the first `laid_b` track cards from Blaenau and the last `laid_p` from Porthmadog as
    contractors would (no owner, their rubble to the supply)."""
    n = g.cfg.n_tracks
    for t in list(range(laid_b)) + list(range(n - laid_p, n)):
        s = g.cfg.track_slot[t]
        g.supply_rubble += g.slot_rubble[s]
        g.route_rubble -= g.slot_rubble[s]
        g.slot_rubble[s] = 0
        g.track_owner[t] = EVENT
    g.laid, g.laid_p = laid_b, laid_p
    reset_frontiers(g)


def reset_frontiers(g: Game) -> None:
    """Recompute both frontiers and the first track card with rubble after an edit."""
    g.exc_ptr = 0
    g.exc_ptr_p = g.cfg.n_slots - 1
    g.first_rubble_track = 0
    route._after_rubble_change(g)
    touch(g)


def set_gs(g: Game, end: str) -> None:
    g.gs_end = "BP".index(end)
    touch(g)


def empty_bag_but_events(g: Game, cubes: int, occupied: tuple[int, ...] = (7,), weather: str = "fog") -> None:
    """The bag holds only `cubes` event cubes (its iron, stone and coal go to the box), the
    Event Track spaces in `occupied` hold a cube, and `weather` becomes current at the end of
    the round (fog keeps the work rates). The total of event cubes is not kept."""
    g.box_i += g.bag_i
    g.box_s += g.bag_s
    g.box_c += g.bag_c
    g.bag_i = g.bag_s = g.bag_c = 0
    g.events = [1 if i + 1 in occupied else 0 for i in range(10)]
    g.bag_e = cubes
    g.weather_mid = weather
    touch(g)


__all__ = ["NONE"]
