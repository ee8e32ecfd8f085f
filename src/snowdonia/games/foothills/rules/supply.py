"""The general supply: rubble, passengers and VP tokens come from it and go back to it, and
paid iron and stone go back into the bag (seed D: "Eisen und Stein kommen dabei zurück in
den Stoffbeutel, Geröll und Passagiere in den allgemeinen Vorrat"). Rubble, passengers and
VP "should be there in sufficient numbers; should they run out, replace them otherwise"
(seed "Beschränkung des Spielmaterials"): what is taken beyond the stock is counted as
substitutes, so every piece stays accounted for."""

from __future__ import annotations

from snowdonia.games.foothills.data import Cost
from snowdonia.games.foothills.rules.state import State


def gain_rubble(g: State, p: int, n: int) -> None:
    if n <= 0:
        return
    g.rubble[p] += n
    g.rubble_supply -= n
    if g.rubble_supply < 0:
        g.rubble_extra -= g.rubble_supply
        g.rubble_supply = 0


def gain_passengers(g: State, p: int, n: int) -> None:
    if n <= 0:
        return
    g.passengers[p] += n
    g.pass_supply -= n
    if g.pass_supply < 0:
        g.pass_extra -= g.pass_supply
        g.pass_supply = 0


def gain_vp(g: State, p: int, n: int) -> None:
    if n <= 0:
        return
    g.vp[p] += n
    g.vp_supply -= n
    if g.vp_supply < 0:
        g.vp_extra -= g.vp_supply
        g.vp_supply = 0


def can_pay(g: State, p: int, cost: Cost) -> bool:
    return (g.iron[p] >= cost.iron and g.stone[p] >= cost.stone and g.rubble[p] >= cost.rubble
            and g.passengers[p] >= cost.passengers)


def pay(g: State, p: int, cost: Cost) -> None:
    """Iron and stone back into the bag, rubble and passengers back to the supply."""
    g.iron[p] -= cost.iron
    g.bag_i += cost.iron
    g.stone[p] -= cost.stone
    g.bag_s += cost.stone
    g.rubble[p] -= cost.rubble
    g.rubble_supply += cost.rubble
    g.passengers[p] -= cost.passengers
    g.pass_supply += cost.passengers


def cost_dict(cost: Cost) -> dict[str, int]:
    return {k: v for k, v in (("iron", cost.iron), ("stone", cost.stone), ("rubble", cost.rubble),
                              ("passengers", cost.passengers)) if v}
