"""E Build (seed 004 "E BUILD"): a building site of a station, or a train; also B once the
set-aside train's Build side covers it, and the extra Builds of No. 6 Padarn and #10."""

from __future__ import annotations

from typing import Final

from snowdonia.games.snowdonia.rules import bag, contracts, route
from snowdonia.games.snowdonia.rules.actions import Action, made
from snowdonia.games.snowdonia.rules.board import ask, emit
from snowdonia.games.snowdonia.rules.decisions import BUILD
from snowdonia.games.snowdonia.rules.state import NONE, State

PASS: Final = Action("pass")
IRON_PER_STEEL: Final = 3  # #6/#25: "3 iron in place of 1 steel"
RUBBLE_PER_STONE: Final = 2  # #17: "2 rubble per stone"


def resolve(g: State, idx: int, p: int) -> bool:
    """Taking actions is not optional: a Build labourer builds when anything is affordable
    (ruling); otherwise it does nothing."""
    if build_options(g, p):
        ask(g, BUILD, p)
        return True
    if g.journal is not None:
        # For the log: why nothing was built (no marker left, or nothing open and affordable).
        emit(g, "cannot_build", seat=p, why="no_marker" if g.markers[p] == 0 else "no_site")
    return False


def build_options(g: State, p: int) -> list[Action]:
    """Every affordable building site (and way to pay it) and train purchase. A site: a
    station the scenario's `buildable` hook allows (Mount Snowdon: its preceding track cards
    are all excavated and no event completed it; Blaenau Ffestiniog: R15); pay the full
    cost; an ownership marker is needed ("cannot take ownership of any more ... Building
    sites", set-up step 3). A train: after event 2, for its steel cost."""
    cfg = g.cfg
    out: list[Action] = []
    iron_swap = contracts.build_iron_for_steel(g, p)
    rubble_swap = contracts.build_rubble_for_stone(g, p)
    discount = contracts.build_stone_discount(g, p)
    have_steel, have_iron, have_stone, have_rubble = g.steel[p], g.iron[p], g.stone[p], g.rubble[p]
    if g.markers[p] > 0:
        # Every station the scenario lets p build on: Mount Snowdon's Llanberis (0) has no
        # sites and is never buildable; Blaenau Ffestiniog's starting ends have sites (R15).
        for si in range(cfg.n_stations):
            if not cfg.hooks.buildable(g, p, si):
                continue
            key = cfg.stations[si].key
            for b in cfg.station_bsites[si]:
                if g.bsite_owner[b] != NONE:
                    continue
                steel = cfg.bsite_steel[b]
                stone = max(0, cfg.bsite_stone[b] - discount)
                for k in range(steel + 1 if iron_swap else 1):
                    if have_steel < steel - k or have_iron < IRON_PER_STEEL * k:
                        continue
                    for m in range(stone + 1 if rubble_swap else 1):
                        if have_stone >= stone - m and have_rubble >= RUBBLE_PER_STONE * m:
                            out.append(made("build", (key, cfg.bsite_num[b], k, m)))
    if g.trains_available:
        for t in g.shed:
            cost = cfg.train[t].cost
            for k in range(cost + 1 if iron_swap else 1):
                if have_steel >= cost - k and have_iron >= IRON_PER_STEEL * k:
                    out.append(made("buy", (t, k)))
    return out


def extra_build_options(g: State, p: int) -> list[Action]:
    """No. 6 Padarn and #10 "may": the extra Build can be skipped."""
    out = build_options(g, p)
    out.append(PASS)
    return out


def apply_build(g: State, p: int, act: Action) -> None:
    do_build(g, p, act)
    g.res_pos += 1  # this labourer's action is done


def apply_extra_build(g: State, p: int, act: Action) -> None:
    if act.kind != "pass":
        do_build(g, p, act)


def do_build(g: State, p: int, act: Action) -> None:
    cfg = g.cfg
    if act.kind == "buy":
        buy_train(g, p, int(act.args[0]), int(act.args[1]))
        return
    key, num, k, m = str(act.args[0]), int(act.args[1]), int(act.args[2]), int(act.args[3])
    si = cfg.station_index[key]
    b = cfg.station_bsites[si][num - 1]
    stone = max(0, cfg.bsite_stone[b] - contracts.build_stone_discount(g, p))
    pay(g, p, steel=cfg.bsite_steel[b] - k, iron=IRON_PER_STEEL * k, stone=stone - m, rubble=RUBBLE_PER_STONE * m)
    g.bsite_owner[b] = p
    g.build_done = True
    if g.journal is not None:
        emit(g, "build", seat=p, station=key, site=num, vp=cfg.bsite_vp[b])
    route.place_marker(g, p)
    cfg.hooks.after_build(g, p, b)


def buy_train(g: State, p: int, t: int, k: int) -> None:
    """"The owning player takes one of the remaining Train cards and any Coal on it and pays
    the number of Steel Bars stated on the Train card"; an owned train goes back to the Engine
    Shed, refilled with coal from the bag ("A player may not own more than one Train")."""
    cfg = g.cfg
    pay(g, p, steel=cfg.train[t].cost - k, iron=IRON_PER_STEEL * k, stone=0, rubble=0)
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
    if g.journal is not None:
        emit(g, "buy", seat=p, train=t, returned=old or None)


def pay(g: State, p: int, steel: int, iron: int, stone: int, rubble: int) -> None:
    """Stone and iron go into the bag, steel bars and rubble to the general supply."""
    g.steel[p] -= steel
    g.steel_supply += steel
    g.iron[p] -= iron
    g.bag_i += iron
    g.stone[p] -= stone
    g.bag_s += stone
    g.rubble[p] -= rubble
    g.supply_rubble += rubble
