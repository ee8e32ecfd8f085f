"""The round as a resumable state machine (spec/snowdonia-rules.md §1).

`advance` runs every automatic step until a player has a choice to make (or the game is
over); `legal_actions` lists that choice's options without trial application; `apply`
carries one out and advances again. A choice with a single option is taken automatically,
so every decision a player is shown is a real one.
"""

from __future__ import annotations

from snowdonia.games.snowdonia.rules import bag, route
from snowdonia.games.snowdonia.rules.actions import Action, IllegalAction
from snowdonia.games.snowdonia.rules.state import (
    BUILD,
    CLEAR,
    CONVERT,
    EXTRA_BUILD,
    HIRE,
    KEEP,
    MAINTENANCE,
    MOVE,
    NONE,
    PH_END,
    PH_OVER,
    PH_PLACE,
    PH_RESOLVE,
    PLACE,
    SITE_OFFICE,
    STOCK_YARD,
    TAKE,
    WEATHER,
    WINDOW,
    WORKS,
    State,
)

AREAS = "ABCDEFG"
A, B, C, D, E, F, G = range(7)
PASS = Action("pass")
HIRE_ACT = Action("hire")
CLEAR_ACT = Action("clear")
_PLACE = {(a, n): Action("place", (AREAS[a], n)) for a in range(6) for n in range(1, 5)}
_PLACE_G = Action("place", ("G", 0))
# Extras run after an area's labourers (codes stored as player * 8 + code).
X_CLEAR, X_LAY, X_BUILD10, X_PADARN = 1, 2, 3, 4


# --------------------------------------------------------------------------- helpers


def count_effect(g: State, p: int, effect: str) -> int:
    return (g.round_played[p] & g.cfg.effect_mask.get(effect, 0)).bit_count()


def capacity(g: State, area: int) -> int:
    if area == B and g.b_build:
        return g.cfg.b_build_caps
    return g.cfg.base_caps[area]


def blocked(g: State, area: int, idx: int) -> bool:
    """Fog blocks every space of B and D; Light Fog only the last space of each. Fog stops
    "Excavation [B] or Lay Track [D] actions" (seed 004 Check the Weather): once the
    set-aside train's Build side covers B, B holds a Build action, which fog does not stop."""
    if g.weather_current != "fog" or area not in (B, D) or (area == B and g.b_build):
        return False
    if g.cfg.settings.light_fog:
        return idx == capacity(g, area) - 1
    return True


def fully_fogged(g: State, area: int) -> bool:
    return (g.weather_current == "fog" and not g.cfg.settings.light_fog and area in (B, D)
            and not (area == B and g.b_build))


def order_from_start(g: State) -> list[int]:
    n = g.cfg.players
    return [(g.start + i) % n for i in range(n)]


def exc_rate(g: State) -> int:
    return g.cfg.exc_rates[g.exc_idx]


def lay_rate(g: State) -> int:
    return g.cfg.lay_rates[g.lay_idx]


def _log(g: State, text: str) -> None:
    if g.log is not None:
        g.log.append(text)


def _p(p: int) -> str:
    return f"Player {p + 1}"


# --------------------------------------------------------------------------- legal actions


def legal_actions(g: State) -> list[Action]:
    cached = g._legal
    if cached is not None:
        return cached
    res = _compute_legal(g)
    g._legal = res
    return res


def _compute_legal(g: State) -> list[Action]:
    d = g.decision
    if d is None or g.over:
        return []
    p = g.decider
    if d == PLACE:
        out: list[Action] = []
        sp = g.spaces
        off = g.cfg.space_offset
        for a in range(6):
            base = off[a]
            for i in range(capacity(g, a)):
                if sp[base + i] == NONE and not blocked(g, a, i):
                    out.append(_PLACE[(a, i + 1)])
        out.append(_PLACE_G)
        return out
    if d == HIRE:
        return [HIRE_ACT, PASS]
    if d == WINDOW:
        mask = g.hand[p] & g.cfg.area_mask.get(AREAS[g.res_area], 0)
        out = [Action("play", (c,)) for c in _bits(mask)]
        out.append(PASS)
        return out
    if d == STOCK_YARD or d == TAKE:
        count, climit = g.ctx
        return _take_options(g, count, climit, exact=d == TAKE)
    if d == WORKS:
        return _works_options(g, p)
    if d == CONVERT:
        kind, most, iron_per = g.ctx
        if kind == "steel":
            return _convert_options(g, p, most, 0, iron_per, allow_zero=False)
        return _convert_options(g, p, 0, most, 3, allow_zero=False)
    if d == BUILD or d == EXTRA_BUILD:
        out = build_options(g, p)
        if d == EXTRA_BUILD:
            out.append(PASS)
        return out
    if d == SITE_OFFICE:
        return [Action("pick", (c,)) for c in sorted(c for c in g.office if c)]
    if d == MAINTENANCE:
        out = []
        if g.steel[p] > 0:
            out.append(Action("maintain", ("steel",)))
        for c in _bits(g.hand[p] & g.cfg.effect_mask["maintenance"]):
            out.append(Action("maintain", (c,)))
        out.append(Action("maintain", ("return",)))
        return out
    if d == WEATHER:
        sup = weather_supply(g)
        return [Action("weather", (w,)) for w in ("sun", "rain", "fog") if sup[w] > 0]
    if d == KEEP:
        return [Action("keep", (c,)) for c in sorted(g.pending_cards)]
    if d == MOVE:
        return _move_options(g, p)
    if d == CLEAR:
        return [CLEAR_ACT, PASS]
    raise AssertionError(f"unknown decision {d}")


def _bits(mask: int) -> list[int]:
    out = []
    n = 0
    while mask:
        if mask & 1:
            out.append(n)
        mask >>= 1
        n += 1
    return out


def _take_options(g: State, count: int, climit: int, exact: bool) -> list[Action]:
    """Stock Yard: "Take up to three cubes" (seed 004 sidebar; seeds 000/002 "Nimm bis zu 3
    Klötzchen"; seed 003 "Weź do 3 zasobów"): any mix of 1 to `count` cubes, at most `climit`
    coal, at least one since actions are mandatory. #20/#23 (`exact`) take the full amount."""
    yi, ys = g.yard_i, g.yard_s
    yc = min(g.yard_c, climit)
    target = min(count, yi + ys + yc)
    out = []
    for c in range(min(yc, target) + 1):
        for i in range(min(yi, target - c) + 1):
            if exact:
                s = target - c - i
                if s <= ys:
                    out.append(Action("take", (i, s, c)))
                continue
            for s in range(max(0, 1 - c - i), min(ys, target - c - i) + 1):
                out.append(Action("take", (i, s, c)))
    return out


def _iron_per_steel(g: State, p: int) -> int:
    t = g.train[p]
    if t:
        return g.cfg.train[t].ability.get("steel_iron_cost", 3)
    return 3


def _works_options(g: State, p: int) -> list[Action]:
    """C Works. Original: "up to three times" (seed 004 C), so none at all is a choice, and a
    player who may not look in the bag may choose stone it does not hold. Deluxe: "co
    najmniej raz i maksymalnie trzy razy" (seed 003 C, Przetapianie) - at least once when
    any conversion is possible; the bag may be inspected, so stone only while it holds stone."""
    iron_per = _iron_per_steel(g, p)
    if not g.cfg.deluxe:
        return _convert_options(g, p, 3, 3, iron_per, allow_zero=True)
    out = _convert_options(g, p, 3, min(3, g.bag_s), iron_per, allow_zero=False)
    return out or [Action("convert", (0, 0))]


def _convert_options(
    g: State, p: int, max_steel: int, max_stone: int, iron_per: int, allow_zero: bool
) -> list[Action]:
    out = []
    most_steel = min(max_steel, g.iron[p] // iron_per, g.steel_supply)
    most_stone = min(max_stone, g.rubble[p] // 2)
    for k in range(most_steel + 1):
        for m in range(min(most_stone, 3 - k) + 1):
            if k == 0 and m == 0 and not allow_zero:
                continue
            out.append(Action("convert", (k, m)))
    return out


def build_options(g: State, p: int) -> list[Action]:
    """Every affordable site (and payment mix) and train purchase (seed 004 E BUILD)."""
    cfg = g.cfg
    out: list[Action] = []
    rp = g.round_played[p]
    em = cfg.effect_mask
    iron_swap = bool(rp & em.get("build_iron_for_steel", 0))
    rubble_swap = bool(rp & em.get("build_rubble_for_stone", 0))
    discount = (rp & em.get("build_stone_discount", 0)).bit_count()
    have_steel, have_iron, have_stone, have_rubble = g.steel[p], g.iron[p], g.stone[p], g.rubble[p]
    if g.markers[p] > 0:
        for si in range(1, cfg.n_stations):
            if not route.station_buildable(g, si):
                continue
            key = cfg.stations[si].key
            for b in cfg.station_bsites[si]:
                if g.bsite_owner[b] != NONE:
                    continue
                steel = cfg.bsite_steel[b]
                stone = max(0, cfg.bsite_stone[b] - discount)
                for k in range(steel + 1 if iron_swap else 1):
                    if have_steel < steel - k or have_iron < 3 * k:
                        continue
                    for m in range(stone + 1 if rubble_swap else 1):
                        if have_stone >= stone - m and have_rubble >= 2 * m:
                            out.append(Action("build", (key, cfg.bsite_num[b], k, m)))
    if g.trains_available:
        for t in g.shed:
            cost = cfg.train[t].cost
            for k in range(cost + 1 if iron_swap else 1):
                if have_steel >= cost - k and have_iron >= 3 * k:
                    out.append(Action("buy", (t, k)))
    return out


def weather_supply(g: State) -> dict[str, int]:
    sup = dict(g.cfg.weather_discs)
    for w in (g.weather_mid, g.weather_last):
        if w:
            sup[w] -= 1
    return sup


def _space_code(a: int, i: int) -> tuple[str, int]:
    return (AREAS[a], i + 1) if a < 6 else ("G", 0)


def _move_options(g: State, p: int) -> list[Action]:
    cfg = g.cfg
    sources: list[tuple[int, int]] = []
    targets: list[tuple[int, int]] = []
    for a in range(6):
        base = cfg.space_offset[a]
        for i in range(capacity(g, a)):
            o = g.spaces[base + i]
            if o == p:
                sources.append((a, i))
            elif o == NONE and not blocked(g, a, i):
                targets.append((a, i))
    if p in g.g_list:
        sources.append((6, 0))
    targets.append((6, 0))
    out = []
    for sa, si in sources:
        for ta, ti in targets:
            if (sa, si) != (ta, ti):
                out.append(Action("move", _space_code(sa, si) + _space_code(ta, ti)))
    return out


# --------------------------------------------------------------------------- apply


def apply(g: State, action: Action) -> None:
    """Apply a player's decision after checking it is legal; raises IllegalAction."""
    if g.over:
        raise IllegalAction(f"the game is over; no action is legal (got {action})")
    legal = legal_actions(g)
    if action not in legal:
        raise IllegalAction(
            f"{action} is not legal now: {_p(g.decider)} must decide {g.decision} "
            f"({explain(g, action)}). Legal: {', '.join(str(a) for a in legal)}"
        )
    g.moves += 1
    _apply(g, action)
    advance(g)


def explain(g: State, action: Action) -> str:
    """Why an action is refused, in words, for the player who tried it."""
    want = _KIND_FOR.get(g.decision or "", ())
    if action.kind not in want:
        return f"a {action.kind!r} action does not answer a {g.decision} decision"
    if action.kind == "place":
        return "that space is taken, fogged or not in play"
    if action.kind == "play":
        return "that contract is not in hand, not for this area, or contracts are blocked (#13)"
    if action.kind in ("take", "convert", "build", "buy", "maintain"):
        return "not affordable, not available, or not the full amount the rules require"
    return "not among the options"


_KIND_FOR = {
    PLACE: ("place",), HIRE: ("hire", "pass"), WINDOW: ("play", "pass"),
    STOCK_YARD: ("take",), TAKE: ("take",), WORKS: ("convert",), CONVERT: ("convert",),
    BUILD: ("build", "buy"), EXTRA_BUILD: ("build", "buy", "pass"), SITE_OFFICE: ("pick",),
    MAINTENANCE: ("maintain",), WEATHER: ("weather",), KEEP: ("keep",), MOVE: ("move",),
    CLEAR: ("clear", "pass"),
}


def _apply(g: State, act: Action) -> None:
    d = g.decision
    p = g.decider
    g._legal = None
    g.decision = None
    kind = act.kind
    if d == PLACE:
        area, num = act.args
        if area == "G":
            g.g_list.append(p)
        else:
            a = AREAS.index(str(area))
            g.spaces[g.cfg.space_offset[a] + int(num) - 1] = p
        g.to_place[p] -= 1
        g.place_turn = (p + 1) % g.cfg.players
        _log(g, f"{_p(p)} places a labourer on {area}{num if area != 'G' else ''}")
    elif d == HIRE:
        if kind == "hire":
            cost = g.cfg.train[g.train[p]].hire_coal
            g.coal[p] -= cost
            g.bag_c += cost
            g.labourers[p] = 3
            g.to_place[p] += 1
            _log(g, f"{_p(p)} pays {cost} coal to hire the Pub labourer")
    elif d == WINDOW:
        if kind == "pass":
            g.res_pos += 1
            g.win_count = 0
        else:
            c = int(act.args[0])
            g.win_count += 1
            if g.cfg.contracts_per_window and g.win_count >= g.cfg.contracts_per_window:
                g.res_pos += 1
                g.win_count = 0
            play_contract(g, p, c)
    elif d == STOCK_YARD or d == TAKE:
        i, s, c = int(act.args[0]), int(act.args[1]), int(act.args[2])
        g.yard_i -= i
        g.yard_s -= s
        g.yard_c -= c
        g.iron[p] += i
        g.stone[p] += s
        g.coal[p] += c
        _log(g, f"{_p(p)} takes {i} iron, {s} stone, {c} coal from the Stock Yard")
        if d == STOCK_YARD:
            g.res_pos += 1
    elif d == WORKS or d == CONVERT:
        k, m = int(act.args[0]), int(act.args[1])
        iron_per = _iron_per_steel(g, p) if d == WORKS else g.ctx[2]
        convert(g, p, k, m, iron_per)
        if d == WORKS:
            g.res_pos += 1
    elif d == BUILD or d == EXTRA_BUILD:
        if kind != "pass":
            do_build(g, p, act)
        if d == BUILD:
            g.res_pos += 1
    elif d == SITE_OFFICE:
        c = int(act.args[0])
        g.office[g.office.index(c)] = 0
        g.hand[p] |= 1 << c
        _log(g, f"{_p(p)} takes contract #{c} from the Site Office")
        g.res_pos += 1
    elif d == MAINTENANCE:
        how = act.args[0]
        if how == "steel":
            g.steel[p] -= 1
            g.steel_supply += 1
            _log(g, f"{_p(p)} pays 1 steel to maintain train No. {g.train[p]}")
        elif how == "return":
            t = g.train[p]
            g.train[p] = 0
            if not g.cfg.solo:
                g.shed.append(t)
                g.shed.sort()
                g.maint_returned = g.maint_returned + (t,)
            _log(g, f"{_p(p)} returns train No. {t}")
        else:
            c = int(how)
            g.hand[p] &= ~(1 << c)
            _discard_public(g, c)
            _log(g, f"{_p(p)} discards contract #{c} to maintain train No. {g.train[p]}")
        g.maint_queue.pop(0)
    elif d == WEATHER:
        g.weather_mid = str(act.args[0])
        _log(g, f"{_p(p)} sets the next weather to {g.weather_mid}")
    elif d == KEEP:
        keep = int(act.args[0])
        played_card = g.pending_cards[0]
        for c in g.pending_cards:
            if c != keep:
                g.discard.append(c)
                g.kdisc[p] |= 1 << c  # only this player knows what went to the discard pile
        if keep != played_card:
            # The played card itself is discarded when one of the drawn cards is kept.
            g.played[p] &= ~(1 << played_card)
            g.hand[p] |= 1 << keep
            g.seen = [x | 1 << keep for x in g.seen]  # it now lies face up in p's area
        g.pending_cards = ()
        _log(g, f"{_p(p)} keeps contract #{keep}")
    elif d == MOVE:
        fa, fn, ta, tn = act.args
        if fa == "G":
            g.g_list.remove(p)
        else:
            g.spaces[g.cfg.space_offset[AREAS.index(str(fa))] + int(fn) - 1] = NONE
        if ta == "G":
            g.g_list.append(p)
        else:
            g.spaces[g.cfg.space_offset[AREAS.index(str(ta))] + int(tn) - 1] = p
        _log(g, f"{_p(p)} moves a labourer from {fa}{fn or ''} to {ta}{tn or ''}")
    elif d == CLEAR:
        if kind == "clear" and not fully_fogged(g, B):
            took = route.clear_next_space(g, p)
            _log(g, f"{_p(p)} clears the next space with #3 ({took} rubble)")
    else:
        raise AssertionError(d)


def convert(g: State, p: int, steel: int, stone: int, iron_per: int) -> None:
    """Works: iron to the bag for steel from the supply; rubble to the supply for stone from
    the bag. A stone conversion that finds no stone in the bag fails (seed 004 C WORKS)."""
    g.iron[p] -= steel * iron_per
    g.bag_i += steel * iron_per
    g.steel[p] += steel
    g.steel_supply -= steel
    got = min(stone, g.bag_s)
    g.bag_s -= got
    g.stone[p] += got
    g.rubble[p] -= 2 * got
    g.supply_rubble += 2 * got
    _log(g, f"{_p(p)} converts: +{steel} steel, +{got} stone"
         + (f" ({stone - got} stone conversion(s) failed: none in the bag)" if got < stone else ""))


def do_build(g: State, p: int, act: Action) -> None:
    cfg = g.cfg
    if act.kind == "buy":
        t, k = int(act.args[0]), int(act.args[1])
        cost = cfg.train[t].cost
        _pay(g, p, steel=cost - k, iron=3 * k, stone=0, rubble=0)
        old = g.train[p]
        if old:
            g.shed.append(old)
            g.shed_coal[old] = bag.take_coal(g, cfg.train[old].coal)
        g.shed.remove(t)
        g.shed.sort()
        g.coal[p] += g.shed_coal[t]
        g.shed_coal[t] = 0
        g.train[p] = t
        g.build_done = True
        _log(g, f"{_p(p)} buys train No. {t} {cfg.train[t].name}"
             + (f", returning No. {old}" if old else ""))
        return
    key, num, k, m = str(act.args[0]), int(act.args[1]), int(act.args[2]), int(act.args[3])
    si = cfg.station_index[key]
    b = cfg.station_bsites[si][int(num) - 1]
    discount = count_effect(g, p, "build_stone_discount")
    stone = max(0, cfg.bsite_stone[b] - discount)
    _pay(g, p, steel=cfg.bsite_steel[b] - int(k), iron=3 * int(k), stone=stone - int(m), rubble=2 * int(m))
    g.bsite_owner[b] = p
    g.build_done = True
    _log(g, f"{_p(p)} builds site {num} of {cfg.stations[si].name} ({cfg.bsite_vp[b]} VP)")
    route.place_marker(g, p)


def _pay(g: State, p: int, steel: int, iron: int, stone: int, rubble: int) -> None:
    g.steel[p] -= steel
    g.steel_supply += steel
    g.iron[p] -= iron
    g.bag_i += iron
    g.stone[p] -= stone
    g.bag_s += stone
    g.rubble[p] -= rubble
    g.supply_rubble += rubble


def play_contract(g: State, p: int, c: int) -> None:
    """Play contract c in the open window; "now" effects happen at once (seed 004 Contract
    Cards; data §9)."""
    cfg = g.cfg
    bit = 1 << c
    g.hand[p] &= ~bit
    g.played[p] |= bit
    g.round_played[p] |= bit
    card = cfg.contract[c]
    eff = card.effect
    prm = card.params
    _log(g, f"{_p(p)} plays contract #{c}: {card.text}")
    if eff == "block_contracts":
        g.blocked_contracts = True
    elif eff == "fix_start_player":
        g.start = p
        g.start_fixed = True
    elif eff == "swap_weather":
        _ask(g, WEATHER, p)
    elif eff == "draw_keep":
        drawn = [x for x in (bag.draw_contract(g) for _ in range(prm["draw"])) if x]
        for x in drawn:
            g.seen[p] |= 1 << x
        g.pending_cards = (c, *drawn)
        _ask(g, KEEP, p)
    elif eff == "now_rubble_to_stone":
        if g.rubble[p] >= 2:
            _ask(g, CONVERT, p, ("stone", prm["max"], 3))
    elif eff == "now_iron_to_steel":
        if g.iron[p] >= prm["iron"] and g.steel_supply > 0:
            _ask(g, CONVERT, p, ("steel", prm["max"], prm["iron"]))
    elif eff == "now_draw_bag":
        got = [0, 0, 0]
        for _ in range(prm["count"]):
            kind = bag.draw(g)
            if kind < 0:
                break
            if kind == bag.EVENT_CUBE:
                g.bag_e += 1  # event cubes drawn go back into the bag
            else:
                got[kind] += 1
        g.iron[p] += got[0]
        g.stone[p] += got[1]
        g.coal[p] += got[2]
        _log(g, f"{_p(p)} draws {got[0]} iron, {got[1]} stone, {got[2]} coal from the bag")
    elif eff == "now_take_stock_yard":
        if g.yard_i + g.yard_s + g.yard_c:
            _ask(g, TAKE, p, (prm["count"], prm["coal_limit"]))
    elif eff == "now_move_surveyor":
        g.surveyor[p] = min(g.surveyor[p] + 1, cfg.n_stations - 1)
    elif eff == "now_move_labourer":
        _ask(g, MOVE, p)


def _ask(g: State, decision: str, p: int, ctx: object = None) -> None:
    g.decision = decision
    g.decider = p
    g.ctx = ctx
    g._legal = None


# --------------------------------------------------------------------------- advance


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
            _apply(g, legal[0])
            continue
        ph = g.phase
        if ph == PH_PLACE:
            _step_place(g)
        elif ph == PH_RESOLVE:
            _step_resolve(g)
        elif ph == PH_END:
            _step_end(g)
        else:
            return


def _step_place(g: State) -> None:
    n = g.cfg.players
    tp = g.to_place
    if not any(tp):
        g.phase = PH_RESOLVE
        g.res_area = g.res_stage = g.res_pos = g.win_count = 0
        g.win_first = g.start
        return
    p = g.place_turn
    while tp[p] == 0:
        p = (p + 1) % n
    g.place_turn = p
    if not g.hire_asked[p]:
        g.hire_asked[p] = 1
        t = g.train[p]
        if t and g.coal[p] >= g.cfg.train[t].hire_coal:
            _ask(g, HIRE, p)
            return
    _ask(g, PLACE, p)


def _step_resolve(g: State) -> None:
    a = g.res_area
    cfg = g.cfg
    n = cfg.players
    if a == 7:
        g.phase = PH_END
        g.end_step = 0
        return
    if g.res_stage == 0:
        # Contract window: every area, every round, every player (rules §1.3).
        letter_mask = cfg.area_mask.get(AREAS[a], 0)
        # The order is fixed when the window opens: #22 moves the Start Player marker at
        # once, but every player still gets exactly one turn in this window (seed 004
        # Contract Cards: "In clockwise order beginning with the Start Player").
        while g.res_pos < n:
            p = (g.win_first + g.res_pos) % n
            if not g.blocked_contracts and g.hand[p] & letter_mask:
                _ask(g, WINDOW, p)
                return
            g.res_pos += 1
            g.win_count = 0
        g.res_stage = 1
        g.res_pos = 0
        return
    if g.res_stage == 1:
        if a == G:
            gl = g.g_list
            while g.res_pos < len(gl):
                p = gl[g.res_pos]
                g.surveyor[p] = min(g.surveyor[p] + 1, cfg.n_stations - 1)
                g.res_pos += 1
            _begin_extras(g, a)
            return
        cap = capacity(g, a)
        base = cfg.space_offset[a]
        while g.res_pos < cap:
            p = g.spaces[base + g.res_pos]
            if p != NONE and _resolve_space(g, a, g.res_pos, p):
                return
            if g.over:  # the solo / 2-player marker end is immediate (seed 004 End of Game)
                return
            g.res_pos += 1
        _begin_extras(g, a)
        return
    # Stage 2: extra actions after the area.
    while g.extras:
        code = g.extras.pop(0)
        p, x = divmod(code, 8)
        if x == X_CLEAR:
            if g.route_rubble and not fully_fogged(g, B):
                _ask(g, CLEAR, p)
                return
        elif x == X_LAY:
            if not fully_fogged(g, D):
                _do_lay(g, p)
                if g.over:
                    return
        elif x == X_BUILD10 or (x == X_PADARN and g.build_done):
            _ask(g, EXTRA_BUILD, p)
            return
    g.res_area = a + 1
    g.res_stage = 0
    g.res_pos = 0
    g.win_count = 0
    g.win_first = g.start


def _begin_extras(g: State, a: int) -> None:
    g.res_stage = 2
    ex: list[int] = []
    order = order_from_start(g)
    if a == B and not g.b_build:
        ex = [p * 8 + X_CLEAR for p in order if count_effect(g, p, "clear_next_space")]
    elif a == D:
        ex = [p * 8 + X_LAY for p in order for _ in range(count_effect(g, p, "extra_lay_track"))]
    elif a == E:
        ex = [p * 8 + X_BUILD10 for p in order for _ in range(count_effect(g, p, "extra_build"))]
        ex += [p * 8 + X_PADARN for p in order
               if g.train[p] and g.cfg.train[g.train[p]].ability.get("extra_build")]
    g.extras = ex


def _resolve_space(g: State, a: int, idx: int, p: int) -> bool:
    """Carry out the labourer's action; return True if the owner must decide something."""
    cfg = g.cfg
    if a == A:
        if idx == capacity(g, A) - 1 and not g.start_fixed and g.start != p:
            g.start = p
            _log(g, f"{_p(p)} takes the Start Player marker")
        count = cfg.stock_yard_cubes + count_effect(g, p, "stock_yard_bonus")
        t = g.train[p]
        if t:
            count += cfg.train[t].ability.get("stock_yard_bonus", 0)
        climit = 99 if count_effect(g, p, "stock_yard_no_coal_limit") else cfg.stock_yard_coal_limit
        if g.yard_i + g.yard_s + min(g.yard_c, climit) == 0:
            return False
        _ask(g, STOCK_YARD, p, (count, climit))
        return True
    if a == B and not g.b_build:
        amount = exc_rate(g)
        t = g.train[p]
        if t:
            amount += cfg.train[t].ability.get("excavate_bonus", 0)
        if count_effect(g, p, "excavate_double"):
            amount *= 2
        took = route.excavate(g, p, amount)
        _log(g, f"{_p(p)} excavates {took} rubble")
        return False
    if a == C:
        _ask(g, WORKS, p)
        return True
    if a == D:
        _do_lay(g, p)
        return False
    if a == E or a == B:
        if build_options(g, p):
            _ask(g, BUILD, p)
            return True
        _log(g, f"{_p(p)} cannot build anything")
        return False
    if a == F:
        if any(g.office):
            _ask(g, SITE_OFFICE, p)
            return True
        return False
    raise AssertionError(a)


def _do_lay(g: State, p: int) -> None:
    amount = lay_rate(g) + count_effect(g, p, "lay_track_bonus")
    t = g.train[p]
    if t:
        amount += g.cfg.train[t].ability.get("lay_track_bonus", 0)
    n = route.lay_track(g, p, amount)
    _log(g, f"{_p(p)} lays {n} track card(s)")


# --------------------------------------------------------------------------- end of round


def _step_end(g: State) -> None:
    cfg = g.cfg
    st = g.end_step
    if st == 0:
        # Labourers go home; the hired one goes back to the Pub.
        g.spaces = [NONE] * cfg.n_space_slots
        g.g_list = []
        g.labourers = [2] * cfg.players
        _restock_office(g)
        _check_weather(g)
        _restock_stock_yard(g)
        g.end_step = 1
        return
    if st == 1:
        if g.maint_queue:
            p = g.maint_queue[0]
            if g.train[p]:
                _ask(g, MAINTENANCE, p)
            else:
                g.maint_queue.pop(0)
            return
        if g.maint_returned:
            # Refill returned trains with coal from the bag, lowest number first.
            for t in sorted(g.maint_returned):
                g.shed_coal[t] = bag.take_coal(g, cfg.train[t].coal)
            g.maint_returned = ()
        while g.events_pending > 0:
            g.events_pending -= 1
            _place_event(g)
            if g.maint_queue or g.over:
                return
        g.end_step = 2
        return
    # Step 2: end of the round.
    if g.route_rubble == 0 and not g.b_build:
        g.b_build = True
        _log(g, "All rubble is gone: the set-aside train's Build side now covers area B")
    if g.extra_round:
        _finish(g, "the extra round after the last track card was laid (Deluxe)")
        return
    if g.end_trigger:
        if cfg.deluxe and g.end_trigger == 2:
            g.extra_round = True
        else:
            _finish(g, "the last track card was laid")
            return
    if g.round >= cfg.settings.round_limit:
        _finish(g, f"round limit {cfg.settings.round_limit} reached (safety net, not a rule)")
        return
    _new_round(g)


def _restock_stock_yard(g: State) -> None:
    """Draw the restock count from the bag; resources go to the Stock Yard, event cubes are
    then placed one at a time (seed 004 Restock the Stock Yard; seed 000 Lagerplatz
    auffüllen). All cubes are drawn first, so cubes returned by events 4, 7 and 10 cannot be
    drawn again in the same restock."""
    drawn_events = 0
    for _ in range(g.cfg.restock):
        kind = bag.draw(g)
        if kind < 0:
            break  # the bag ran out: the draw stops
        if kind == bag.IRON:
            g.yard_i += 1
        elif kind == bag.STONE:
            g.yard_s += 1
        elif kind == bag.COAL:
            g.yard_c += 1
        else:
            drawn_events += 1
    g.events_pending = drawn_events


def _finish(g: State, reason: str) -> None:
    g.over = True
    g.end_reason = reason
    _log(g, f"Game over: {reason}")


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
    _log(g, f"Round {g.round} begins; {_p(g.start)} is Start Player")


def _restock_office(g: State) -> None:
    """Discard the card on position 1, slide left, refill (solo: replace all three)."""
    office = g.office
    if g.cfg.solo:
        for c in office:
            if c:
                _discard_public(g, c)
        office = []
    else:
        if office[0]:
            _discard_public(g, office[0])
        office = [c for c in office[1:] if c]
    while len(office) < 3:
        c = bag.draw_contract(g)
        office.append(c)
        if not c:
            break
    while len(office) < 3:
        office.append(0)
    g.office = office
    bits = 0
    for c in office:
        bits |= 1 << c
    bits &= ~1
    g.seen = [s | bits for s in g.seen]


def _discard_public(g: State, c: int) -> None:
    """A card discarded face down where everyone saw which card it was."""
    g.discard.append(c)
    bit = 1 << c
    g.kdisc = [k | bit for k in g.kdisc]


def _check_weather(g: State) -> None:
    """Discs move toward "current"; a new disc from the deck's top card back; apply the
    current disc; it goes back to the supply (seed 004 Check the Weather)."""
    cfg = g.cfg
    cur = g.weather_mid
    g.weather_mid = g.weather_last
    g.weather_last = bag.top_back(g)
    g.weather_current = cur
    if cur:
        eff = cfg.weather_effect[cur]
        g.exc_idx = max(0, min(len(cfg.exc_rates) - 1, g.exc_idx + eff["excavation"]))
        g.lay_idx = max(0, min(len(cfg.lay_rates) - 1, g.lay_idx + eff["lay_track"]))
    _log(g, f"Weather: {cur}; excavation rate {exc_rate(g)}, lay-track rate {lay_rate(g)}")


def _place_event(g: State) -> None:
    """An event cube goes after the right-most occupied space and resolves at once
    (seed 004 Resolving Events)."""
    cfg = g.cfg
    ev = g.events
    right = max((i for i in range(10) if ev[i]), default=-1)
    idx = right + 1
    if idx >= 10:  # cannot happen with the printed returns; keep the cube accounted for
        g.bag_e += 1
        return
    ev[idx] = 1
    space = idx + 1
    kind = cfg.events[space]
    if kind == "excavate":
        k = route.event_excavate(g, exc_rate(g))
        _log(g, f"Event {space}: contractors clear {k} space(s) of rubble")
    elif kind == "lay_track":
        k = route.event_lay_track(g, lay_rate(g))
        _log(g, f"Event {space}: contractors lay {k} track card(s)")
    elif kind == "complete_station":
        si = route.complete_station(g)
        _log(g, f"Event {space}: " + (f"{cfg.stations[si].name} is completed" if si >= 0
                                       else "no station left to complete"))
    elif kind == "trains_available":
        g.trains_available = True
        _log(g, f"Event {space}: trains may now be bought")
    elif kind == "maintenance":
        g.maint_queue = [p for p in order_from_start(g) if g.train[p]]
        _log(g, f"Event {space}: train maintenance is needed")
    for back in cfg.event_returns.get(space, ()):
        if ev[back - 1]:
            ev[back - 1] = 0
            g.bag_e += 1
