"""C Works (seed 004 "C WORKS"; seed 003 C "Przetapianie"), and the conversions of #11/#12/#24."""

from __future__ import annotations

from typing import Final

from snowdonia.games.snowdonia.rules.actions import Action, made
from snowdonia.games.snowdonia.rules.board import ask, emit, train_ability
from snowdonia.games.snowdonia.rules.decisions import WORKS
from snowdonia.games.snowdonia.rules.state import State

MAX_CONVERSIONS: Final = 3


def resolve(g: State, idx: int, p: int) -> bool:
    ask(g, WORKS, p)
    return True


def iron_per_steel(g: State, p: int) -> int:
    """3 iron make a steel bar; 2 with No. 2 Enid."""
    return train_ability(g, p, "steel_iron_cost", 3)


def works_options(g: State, p: int) -> list[Action]:
    """Original: "Do this up to three times per action space" (seed 004 C), so none at all is
    a choice, and a player who may not look in the bag may choose stone it does not hold.
    Deluxe: "Wykonaj wymienione wymiany co najmniej raz i maksymalnie trzy razy na pole akcji"
    (seed 003 C) - at least once when any conversion is possible; the bag may be inspected, so
    stone only while it holds stone (issue 8)."""
    per = iron_per_steel(g, p)
    if not g.cfg.deluxe:
        return _options(g, p, MAX_CONVERSIONS, MAX_CONVERSIONS, per, allow_zero=True)
    out = _options(g, p, MAX_CONVERSIONS, min(MAX_CONVERSIONS, g.bag_s), per, allow_zero=False)
    return out or [made("convert", (0, 0))]


def convert_options(g: State, p: int) -> list[Action]:
    """#11 (stone) or #12/#24 (steel): at least one conversion, up to the card's maximum."""
    kind, most, iron_per = g.ctx
    if kind == "steel":
        return _options(g, p, most, 0, iron_per, allow_zero=False)
    return _options(g, p, 0, most, 3, allow_zero=False)


def _options(g: State, p: int, max_steel: int, max_stone: int, iron_per: int, allow_zero: bool) -> list[Action]:
    out = []
    most_steel = min(max_steel, g.iron[p] // iron_per, g.steel_supply)
    most_stone = min(max_stone, g.rubble[p] // 2)
    for k in range(most_steel + 1):
        for m in range(min(most_stone, MAX_CONVERSIONS - k) + 1):
            if k == 0 and m == 0 and not allow_zero:
                continue
            out.append(made("convert", (k, m)))
    return out


def apply_works(g: State, p: int, act: Action) -> None:
    convert(g, p, int(act.args[0]), int(act.args[1]), iron_per_steel(g, p))
    g.res_pos += 1  # this labourer's action is done


def apply_convert(g: State, p: int, act: Action) -> None:
    convert(g, p, int(act.args[0]), int(act.args[1]), g.ctx[2])


def convert(g: State, p: int, steel: int, stone: int, iron_per: int) -> None:
    """Iron goes to the bag for steel bars from the general supply; rubble to the supply for
    stone from the bag. "If the bag runs out, players cannot make more Stone" (seed 004 C): a
    stone conversion that finds no stone in the bag fails and keeps its rubble."""
    g.iron[p] -= steel * iron_per
    g.bag_i += steel * iron_per
    g.steel[p] += steel
    g.steel_supply -= steel
    got = min(stone, g.bag_s)
    g.bag_s -= got
    g.stone[p] += got
    g.rubble[p] -= 2 * got
    g.supply_rubble += 2 * got
    if g.journal is not None:
        emit(g, "convert", seat=p, steel=steel, stone=got, failed=stone - got)
