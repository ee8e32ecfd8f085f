"""D — Eine Station errichten (build a station), Barmouth Ferry and Devil's Bridge (seed 001
"D Eine Station errichten", "Barmouth Ferry", "Devil's Bridge").

"Errichte eine verfügbare Station, indem du ihre Kosten bezahlst. Falls vorhanden, erhältst
du eine Prämie und kannst das Aktionsfeld mit deinem Vermesser nutzen. Zur Verfügung stehen
alle Stationen auf Streckenkarten ohne Geröll, die noch nicht (von einem Spieler oder
Streckenarbeiter) errichtet wurden."
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from snowdonia.games.foothills.data import Cost, Params
from snowdonia.games.foothills.rules import pub, rubble, supply
from snowdonia.games.foothills.rules.actions import A_BUILD, A_FLIP, PASS, FAction
from snowdonia.games.foothills.rules.decisions import BUILD, FERRY
from snowdonia.games.foothills.rules.flow import answer, log, offer, options, task, then
from snowdonia.games.foothills.rules.state import NONE, State

FERRY_EFFECT: Final = "barmouth_ferry"
DEVILS_BRIDGE: Final = "devils_bridge"


def available(g: State, s: int) -> bool:
    """On a card in play with no rubble, not yet built; Devil's Bridge's three stations only
    in their printed order."""
    cfg = g.cfg
    c = cfg.st_card[s]
    if not cfg.in_play[c] or g.station_owner[s] != NONE or g.card_rubble[c]:
        return False
    if cfg.ordered[c]:
        k = cfg.st_ord[s]
        return all(g.station_owner[x] != NONE for x in cfg.card_stations[c][:k])
    return True


def cost_of(g: State, s: int, prm: Params, mod: str) -> Cost:
    """The station's printed cost as this action changes it (side actions of D)."""
    c = g.cfg.st_cost[s]
    iron = 0 if prm.no_iron else c.iron
    stone = c.stone
    if mod == "-iron":
        iron = max(0, iron - prm.discount)
    elif mod == "-stone":
        stone = max(0, stone - prm.discount)
    elif mod == "+iron":
        iron += prm.extra_resource
    elif mod == "+stone":
        stone += prm.extra_resource
    return Cost(iron=iron, stone=stone, rubble=c.rubble + prm.extra_rubble, passengers=c.passengers)


def mods(g: State, s: int, prm: Params) -> tuple[str, ...]:
    """How the payment may be varied: the discount off iron or off stone (if the cost has
    any), or the extra resources in iron or in stone, as the player chooses."""
    c = g.cfg.st_cost[s]
    if prm.discount:
        out = tuple(m for m, have in (("-iron", c.iron and not prm.no_iron), ("-stone", c.stone)) if have)
        return out or ("",)
    if prm.extra_resource:
        return ("+iron", "+stone")
    return ("",)


def allowed_rails(g: State, p: int, prm: Params) -> set[int] | None:
    """Stahlarbeiter: only railways p holds a ticket for and has a track of its own in."""
    if not prm.own_track:
        return None
    cfg = g.cfg
    mine = {r for r in rubble.ticket_rails(g, p)
            if any(g.track_owner[t] == p for t in cfg.rail_tracks[r])}
    return mine


def iter_build_options(g: State, p: int, prm: Params) -> Iterator[FAction]:
    cfg = g.cfg
    if g.markers[p] == 0:
        return
    rails = allowed_rails(g, p, prm)
    for s in cfg.stations_in_play:
        if not available(g, s):
            continue
        if rails is not None and not rails.intersection(cfg.card_rails[cfg.st_card[s]]):
            continue
        for m in mods(g, s, prm):
            if can_afford(g, p, s, prm, m):
                yield A_BUILD[(cfg.st_key[s], m)]


def can_afford(g: State, p: int, s: int, prm: Params, mod: str) -> bool:
    """`supply.can_pay(g, p, cost_of(g, s, prm, mod))` without making the Cost: option
    generation asks it for every station and way to pay."""
    c = g.cfg.st_cost[s]
    iron = 0 if prm.no_iron else c.iron
    stone = c.stone
    if mod == "-iron":
        iron = max(0, iron - prm.discount)
    elif mod == "-stone":
        stone = max(0, stone - prm.discount)
    elif mod == "+iron":
        iron += prm.extra_resource
    elif mod == "+stone":
        stone += prm.extra_resource
    return (g.iron[p] >= iron and g.stone[p] >= stone and g.rubble[p] >= c.rubble + prm.extra_rubble
            and g.passengers[p] >= c.passengers)


def build_options(g: State, p: int, prm: Params) -> list[FAction]:
    return list(iter_build_options(g, p, prm))


def station_family(g: State, p: int, key: str) -> None:
    then(g, ("build", key))


def station_usable(g: State, p: int, key: str) -> bool:
    return next(iter_build_options(g, p, g.cfg.params[key]), None) is not None


@task("build")
def _build(g: State, t: tuple[Any, ...]) -> None:
    offer(g, BUILD, (t[1],))


@options(BUILD)
def _build_options(g: State, ctx: tuple[Any, ...]) -> list[FAction]:
    return build_options(g, g.player, g.cfg.params[ctx[0]])


@answer(BUILD)
def _build_answer(g: State, a: FAction, ctx: tuple[Any, ...]) -> None:
    cfg = g.cfg
    p = g.player
    key = ctx[0]
    prm = cfg.params[key]
    s = cfg.station_index[str(a.args[0])]
    mod = str(a.args[1]) if len(a.args) > 1 else ""
    build(g, p, s, cost_of(g, s, prm, mod), prm)
    if prm.flip:
        g.flip_other = True


def build(g: State, p: int, s: int, cost: Cost, prm: Params) -> None:
    """Pay (iron and stone into the bag, rubble and passengers to the supply), place a
    station marker, move the station counter, take the reward; then the card's effect, or
    the offer of its surveyor action space."""
    cfg = g.cfg
    c = cfg.st_card[s]
    supply.pay(g, p, cost)
    g.station_owner[s] = p
    g.markers[p] -= 1
    g.stations_built[p] += 1
    vp = passengers = 0
    if not prm.no_reward:
        vp, passengers = cfg.st_vp[s], cfg.st_passengers[s]
    vp += prm.bonus_vp
    supply.gain_vp(g, p, vp)
    supply.gain_passengers(g, p, passengers)
    if g.journal is not None:
        log(g, "build", p, station=cfg.st_key[s], name=cfg.st_name[s], cost=supply.cost_dict(cost), vp=vp,
            passengers=passengers, counter=g.stations_built[p])
    effect = cfg.effect[c]
    if effect == FERRY_EFFECT:
        then(g, ("ferry", 0))
    elif effect == DEVILS_BRIDGE:
        if pub.can_score(g, p):
            then(g, ("pub_score", 1))
    elif cfg.space[c] is not None:
        then(g, ("offer_space", c))


@task("ferry")
def _ferry(g: State, t: tuple[Any, ...]) -> None:
    if t[1] == 0:
        if g.journal is not None:
            log(g, "ferry", g.player)
    offer(g, FERRY, (t[1],))


@options(FERRY)
def _ferry_options(g: State, ctx: tuple[Any, ...]) -> list[FAction]:
    """Barmouth Ferry: "beliebig viele eurer Aktionskarten auf die andere Seite drehen,
    einschließlich der aktuell genutzten" - one at a time, each at most once, then stop."""
    cfg = g.cfg
    p = g.player
    done = ctx[0]
    out = [A_FLIP[cfg.ac_id[ac]] for ac in g.bar[p * 5:p * 5 + 5] if ac != NONE and not done >> ac & 1]
    out.append(PASS)
    return out


@answer(FERRY)
def _ferry_answer(g: State, a: FAction, ctx: tuple[Any, ...]) -> None:
    if a.kind == "pass":
        return
    ac = g.cfg.ac_index[str(a.args[0])]
    pub.flip(g, g.player, ac, why="ferry")
    then(g, ("ferry", ctx[0] | 1 << ac))

