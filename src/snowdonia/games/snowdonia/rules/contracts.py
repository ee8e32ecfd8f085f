"""Contract cards (seed 004 "Contract Cards"; spec/snowdonia-data.md §9).

Before the first action of each area resolves, a window opens: clockwise from the Start
Player, each player may play contracts marked with that area's letter. A played card turns
sideways and its effect lasts to the end of the round unless it says "now".

Every effect is a function named after it (the `effect` key in data/contracts.toml), whose
docstring names its cards, so a search for "#26" lands here. "Now" effects run when the card
is played (`NOW`); the others change an action while it resolves and are asked for by the
area modules (for example `excavate_double` by B Excavate).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from snowdonia.games.snowdonia.rules import bag
from snowdonia.games.snowdonia.rules.actions import Action, made
from snowdonia.games.snowdonia.rules.board import (
    AREAS,
    G,
    ask,
    bits,
    blocked,
    capacity,
    count_fx,
    emit,
    space_name,
)
from snowdonia.games.snowdonia.rules.config import EFFECTS
from snowdonia.games.snowdonia.rules.decisions import CONVERT, KEEP, MOVE, TAKE, WEATHER, WINDOW
from snowdonia.games.snowdonia.rules.state import NONE, State

PASS: Final = Action("pass")
# Effect codes: indices of config.EFFECTS (checked at import below).
FX_LAY_TRACK_BONUS: Final = 0
FX_CLEAR_NEXT_SPACE: Final = 1
FX_BUILD_IRON_FOR_STEEL: Final = 2
FX_STOCK_YARD_BONUS: Final = 3
FX_EXTRA_LAY_TRACK: Final = 4
FX_BUILD_STONE_DISCOUNT: Final = 5
FX_EXTRA_BUILD: Final = 6
FX_BUILD_RUBBLE_FOR_STONE: Final = 7
FX_STOCK_YARD_NO_COAL_LIMIT: Final = 8
FX_EXCAVATE_DOUBLE: Final = 9
FX_MAINTENANCE: Final = 10

# --------------------------------------------------------------------------- the window


def step_window(g: State) -> bool:
    """Ask the next player of the open window who holds a card of this area; True if asked.
    The order is fixed when the window opens: #22 moves the Start Player marker at once, but
    every player still gets exactly one turn in this window (seed 004 Contract Cards: "In
    clockwise order beginning with the Start Player, each player may play one or more
    Contract cards"; ruling of issue 8)."""
    n = g.cfg.players
    letter_mask = g.cfg.area_mask_at[g.res_area]
    while g.res_pos < n:
        p = (g.win_first + g.res_pos) % n
        if not g.blocked_contracts and g.hand[p] & letter_mask:
            ask(g, WINDOW, p)
            return True
        g.res_pos += 1
        g.win_count = 0
    return False


def window_options(g: State, p: int) -> list[Action]:
    mask = g.hand[p] & g.cfg.area_mask_at[g.res_area]
    out = [made("play", (c,)) for c in bits(mask)]
    out.append(PASS)
    return out


def apply_window(g: State, p: int, act: Action) -> None:
    """Pass ends the player's turn in this window; so does its card when the setting
    `contracts_per_window` is 1 (the German texts' "genau eine", seeds 000/002)."""
    if act.kind == "pass":
        g.res_pos += 1
        g.win_count = 0
        return
    c = int(act.args[0])
    g.win_count += 1
    if g.cfg.contracts_per_window and g.win_count >= g.cfg.contracts_per_window:
        g.res_pos += 1
        g.win_count = 0
    play_contract(g, p, c)


def play_contract(g: State, p: int, c: int) -> None:
    """Play contract c: it turns sideways in p's area (it still scores) and its "now" effect,
    if any, happens at once."""
    bit = 1 << c
    g.hand[p] &= ~bit
    g.played[p] |= bit
    g.round_played[p] |= bit
    card = g.cfg.contract[c]
    if g.journal is not None:
        emit(g, "play", seat=p, contract=c)
    now = NOW.get(card.effect)
    if now is not None:
        now(g, p, c)


# --------------------------------------------------------------------------- "now" effects


def block_contracts(g: State, p: int, c: int) -> None:
    """#13 (A): no other contract may be played for the rest of the round."""
    g.blocked_contracts = True


def fix_start_player(g: State, p: int, c: int) -> None:
    """#22 (A): take the Start Player marker; it cannot move again this round (the last space
    of A does not take it). The open window keeps its order (see `step_window`)."""
    g.start = p
    g.start_fixed = True
    if g.journal is not None:
        emit(g, "start_player", seat=p, contract=c)


def swap_weather(g: State, p: int, c: int) -> None:
    """#4 (A): swap the middle disc of the Weather Track for any disc from the supply."""
    ask(g, WEATHER, p)


def draw_keep(g: State, p: int, c: int) -> None:
    """#5 (F): draw the top 2 contracts; keep one of the three (this card included), discard
    the other two. Only p sees the drawn cards (the decision's context, never the log)."""
    drawn = [x for x in (bag.draw_contract(g) for _ in range(g.cfg.contract[c].params["draw"])) if x]
    for x in drawn:
        g.seen[p] |= 1 << x
    g.pending_cards = (c, *drawn)
    ask(g, KEEP, p)


def now_rubble_to_stone(g: State, p: int, c: int) -> None:
    """#11 (C): now convert 2 rubble into 1 stone (from the bag) up to 3 times."""
    if g.rubble[p] >= g.cfg.contract[c].params["rubble"]:
        ask(g, CONVERT, p, ("stone", g.cfg.contract[c].params["max"], 3))


def now_iron_to_steel(g: State, p: int, c: int) -> None:
    """#12, #24 (C): now convert 2 iron into 1 steel once or twice."""
    prm = g.cfg.contract[c].params
    if g.iron[p] >= prm["iron"] and g.steel_supply > 0:
        ask(g, CONVERT, p, ("steel", prm["max"], prm["iron"]))


def now_draw_bag(g: State, p: int, c: int) -> None:
    """#18, #19 (G): now draw 3 cubes from the bag into your supply; an event cube drawn goes
    straight back (it still counts as one of the draws)."""
    got = [0, 0, 0]
    for _ in range(g.cfg.contract[c].params["count"]):
        kind = bag.draw(g)
        if kind < 0:
            break
        if kind == bag.EVENT_CUBE:
            g.bag_e += 1
        else:
            got[kind] += 1
    g.iron[p] += got[0]
    g.stone[p] += got[1]
    g.coal[p] += got[2]
    if g.journal is not None:
        emit(g, "draw_bag", seat=p, contract=c, iron=got[0], stone=got[1], coal=got[2])


def now_take_stock_yard(g: State, p: int, c: int) -> None:
    """#20, #23 (A): now take any 2 cubes from the Stock Yard (#20: at most 1 coal)."""
    if g.yard_i + g.yard_s + g.yard_c:
        prm = g.cfg.contract[c].params
        ask(g, TAKE, p, (prm["count"], prm["coal_limit"]))


def now_move_surveyor(g: State, p: int, c: int) -> None:
    """#27 (G): now move your surveyor one station up."""
    g.cfg.hooks.move_surveyor(g, p)


def now_move_labourer(g: State, p: int, c: int) -> None:
    """#28 (A, 3-5 players): now move one of your placed labourers to a different empty space."""
    ask(g, MOVE, p)


NOW: Final[dict[str, Callable[[State, int, int], None]]] = {
    "block_contracts": block_contracts,
    "fix_start_player": fix_start_player,
    "swap_weather": swap_weather,
    "draw_keep": draw_keep,
    "now_rubble_to_stone": now_rubble_to_stone,
    "now_iron_to_steel": now_iron_to_steel,
    "now_draw_bag": now_draw_bag,
    "now_take_stock_yard": now_take_stock_yard,
    "now_move_surveyor": now_move_surveyor,
    "now_move_labourer": now_move_labourer,
}

# --------------------------------------------------------------------------- round-long effects


def lay_track_bonus(g: State, p: int) -> int:
    """#1, #2 (D): your Lay Track actions this round: work rate +1 each."""
    return count_fx(g, p, FX_LAY_TRACK_BONUS) * g.cfg.fx_amount[FX_LAY_TRACK_BONUS]


def clear_next_space(g: State, p: int) -> int:
    """#3 (B): after all other Excavate actions, you may clear the whole next space that
    still holds rubble (count of such extra actions this round)."""
    return count_fx(g, p, FX_CLEAR_NEXT_SPACE)


def build_iron_for_steel(g: State, p: int) -> bool:
    """#6, #25 (E): your Build actions this round may use 3 iron in place of 1 steel."""
    return count_fx(g, p, FX_BUILD_IRON_FOR_STEEL) > 0


def stock_yard_bonus(g: State, p: int) -> int:
    """#7 (A): your Stock Yard actions this round take 1 additional cube each."""
    return count_fx(g, p, FX_STOCK_YARD_BONUS) * g.cfg.fx_amount[FX_STOCK_YARD_BONUS]


def extra_lay_track(g: State, p: int) -> int:
    """#8 (D): after all other Lay Track actions, take one more Lay Track action."""
    return count_fx(g, p, FX_EXTRA_LAY_TRACK)


def build_stone_discount(g: State, p: int) -> int:
    """#9, #14, #15 (E): each Building site you pay for this round costs 1 stone less; they add
    up, never below 0."""
    return count_fx(g, p, FX_BUILD_STONE_DISCOUNT) * g.cfg.fx_amount[FX_BUILD_STONE_DISCOUNT]


def extra_build(g: State, p: int) -> int:
    """#10 (E): after all other Build actions, take one more Build action."""
    return count_fx(g, p, FX_EXTRA_BUILD)


def maintenance_cards(g: State, p: int) -> list[int]:
    """#16, #21 (-): discard instead of paying 1 steel for train maintenance."""
    return bits(g.hand[p] & g.cfg.fx_mask[FX_MAINTENANCE])


def build_rubble_for_stone(g: State, p: int) -> bool:
    """#17 (E): your Build actions this round may pay 2 rubble per stone."""
    return count_fx(g, p, FX_BUILD_RUBBLE_FOR_STONE) > 0


def stock_yard_no_coal_limit(g: State, p: int) -> bool:
    """#29 (A, 3-5 players): ignore the one-coal limit at the Stock Yard this round."""
    return count_fx(g, p, FX_STOCK_YARD_NO_COAL_LIMIT) > 0


def excavate_double(g: State, p: int) -> bool:
    """#26, #30 (B): your Excavate actions this round take double rubble (work rate plus
    bonuses, doubled)."""
    return count_fx(g, p, FX_EXCAVATE_DOUBLE) > 0


# --------------------------------------------------------------------------- decisions contracts ask


def weather_supply(g: State) -> dict[str, int]:
    """Weather discs not on the Weather Track (the current disc has gone back)."""
    sup = dict(g.cfg.weather_discs)
    for w in (g.weather_mid, g.weather_last):
        if w:
            sup[w] -= 1
    return sup


def weather_options(g: State, p: int) -> list[Action]:
    """#4: any colour still in the supply, the middle disc's own colour included."""
    sup = weather_supply(g)
    return [made("weather", (w,)) for w in ("sun", "rain", "fog") if sup[w] > 0]


def apply_weather(g: State, p: int, act: Action) -> None:
    g.weather_mid = str(act.args[0])
    if g.journal is not None:
        emit(g, "weather_swap", seat=p, disc=g.weather_mid)


def keep_options(g: State, p: int) -> list[Action]:
    return [made("keep", (c,)) for c in sorted(g.pending_cards)]


def apply_keep(g: State, p: int, act: Action) -> None:
    """#5: the kept card goes to p's area face up; the other two go face down to the discard
    pile, where only p knows them. When a drawn card is kept, #5 itself is discarded and
    scores nothing (ruling)."""
    keep = int(act.args[0])
    played_card = g.pending_cards[0]
    for c in g.pending_cards:
        if c != keep:
            g.discard.append(c)
            g.kdisc[p] |= 1 << c
    if keep != played_card:
        g.played[p] &= ~(1 << played_card)
        g.hand[p] |= 1 << keep
        g.seen = [x | 1 << keep for x in g.seen]  # it now lies face up in p's area
    g.pending_cards = ()
    if g.journal is not None:
        emit(g, "keep", seat=p, contract=keep)


def move_options(g: State, p: int) -> list[Action]:
    """#28: one of p's placed labourers to any empty, unfogged space of another area or G."""
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
        sources.append((G, 0))
    targets.append((G, 0))
    out = []
    for sa, si in sources:
        for ta, ti in targets:
            if (sa, si) != (ta, ti):
                out.append(made("move", _space_code(sa, si) + _space_code(ta, ti)))
    return out


def _space_code(a: int, i: int) -> tuple[str, int]:
    return (AREAS[a], i + 1) if a < 6 else ("G", 0)


def apply_move(g: State, p: int, act: Action) -> None:
    fa, fn, ta, tn = act.args
    if fa == "G":
        g.g_list.remove(p)
    else:
        g.spaces[g.cfg.space_offset[AREAS.index(str(fa))] + int(fn) - 1] = NONE
    if ta == "G":
        g.g_list.append(p)
    else:
        g.spaces[g.cfg.space_offset[AREAS.index(str(ta))] + int(tn) - 1] = p
    if g.journal is not None:
        emit(g, "move_labourer", seat=p,
             **{"from": space_name(AREAS.index(str(fa)), int(fn) - 1), "to": space_name(AREAS.index(str(ta)), int(tn) - 1)})


if len(EFFECTS) != FX_MAINTENANCE + 1 or EFFECTS.index("excavate_double") != FX_EXCAVATE_DOUBLE or any(
        EFFECTS.index(name) != code for name, code in (
            ("lay_track_bonus", FX_LAY_TRACK_BONUS), ("clear_next_space", FX_CLEAR_NEXT_SPACE),
            ("build_iron_for_steel", FX_BUILD_IRON_FOR_STEEL), ("stock_yard_bonus", FX_STOCK_YARD_BONUS),
            ("extra_lay_track", FX_EXTRA_LAY_TRACK), ("build_stone_discount", FX_BUILD_STONE_DISCOUNT),
            ("extra_build", FX_EXTRA_BUILD), ("build_rubble_for_stone", FX_BUILD_RUBBLE_FOR_STONE),
            ("stock_yard_no_coal_limit", FX_STOCK_YARD_NO_COAL_LIMIT), ("maintenance", FX_MAINTENANCE))):
    raise AssertionError("contracts.FX_* must be the indices of config.EFFECTS")
