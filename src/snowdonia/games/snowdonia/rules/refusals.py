"""Why a move is refused, in words a player understands ("B1 is taken by Player 2", "fog
blocks Excavate this round", "Hebron Station needs 3 stone; you have 1"). The engine checks
legality against `legal_actions`; this module only explains a refusal after the fact."""

from __future__ import annotations

from typing import Final

from snowdonia.core.errors import nrefusal, refusal
from snowdonia.games.snowdonia.rules import contracts
from snowdonia.games.snowdonia.rules.actions import Action
from snowdonia.games.snowdonia.rules.board import AREAS, blocked, capacity
from snowdonia.games.snowdonia.rules.decisions import DECISIONS, STOCK_YARD
from snowdonia.games.snowdonia.rules.state import NONE, State

AREA_NAMES: Final = ("Stock Yard", "Excavate", "Works", "Lay Track", "Build", "Site Office", "Surveyor")


def explain(g: State, action: Action) -> str:
    """The reason `action` is not legal now (assumes it is not). Actions built by hand with
    arguments no catalogue action has get the plain answer. The sentence is English, built
    with `refusal`/`nrefusal` so that a front end can say it in its language."""
    try:
        return _explain(g, action)
    except (ValueError, KeyError, IndexError, TypeError):
        return refusal("that is not one of the options")


def _explain(g: State, action: Action) -> str:
    d = g.decision or ""
    kind = DECISIONS.get(d)
    if kind is None:
        return refusal("no decision is pending")
    if action.kind not in kind.actions:
        return refusal("a %(kind)s action does not answer a %(decision)s decision (%(prompt)s)",
                       kind=repr(action.kind), decision=d, prompt=kind.prompt.lower())
    p = g.decider
    k = action.kind
    if k == "place":
        return _place(g, action)
    if k == "play":
        return _play(g, p, int(action.args[0]))
    if k == "take":
        return _take(g, action)
    if k == "convert":
        return _convert(g, p, action)
    if k == "build":
        return _build(g, p, action)
    if k == "buy":
        return _buy(g, p, action)
    if k == "pick":
        return refusal("contract #%(n)s is not in the Site Office", n=action.args[0])
    if k == "keep":
        return refusal("#%(n)s is not one of the cards you drew", n=action.args[0])
    if k == "maintain":
        how = action.args[0]
        if how == "steel":
            return refusal("you have no steel bar to pay")
        return refusal("you do not hold maintenance contract #%(n)s", n=how)
    if k == "weather":
        return refusal("no %(disc)s disc is left in the supply", disc=action.args[0])
    if k == "move":
        return refusal("that labourer cannot move there: move one of yours to an empty, unfogged space")
    return refusal("that is not one of the options")


def _place(g: State, action: Action) -> str:
    area, num = action.args
    if area == "G":
        return refusal("the Surveyor area always has room")
    a = AREAS.index(str(area))
    cap = capacity(g, a)
    if not 1 <= int(num) <= cap:
        players = nrefusal("%(n)s player", "%(n)s players", g.cfg.players)
        return nrefusal("%(area)s (%(key)s) has %(n)s space with %(players)s",
                        "%(area)s (%(key)s) has %(n)s spaces with %(players)s", cap,
                        area=refusal(AREA_NAMES[a]), key=area, players=players)
    idx = int(num) - 1
    owner = g.spaces[g.cfg.space_offset[a] + idx]
    if owner != NONE:
        return refusal("%(space)s is taken by %(player)s", space=str(area) + str(num), player=_player(owner))
    if blocked(g, a, idx):
        if g.cfg.settings.light_fog:
            return refusal("Light Fog blocks the last space of %(area)s this round", area=refusal(AREA_NAMES[a]))
        return refusal("fog blocks %(area)s this round", area=refusal(AREA_NAMES[a]))
    return refusal("that space cannot be used now")


def _play(g: State, p: int, c: int) -> str:
    if g.blocked_contracts:
        return refusal("contract #13 blocks every other contract this round")
    if not g.hand[p] >> c & 1:
        if g.played[p] >> c & 1:
            return refusal("you have already played #%(n)s", n=c)
        return refusal("you do not hold contract #%(n)s", n=c)
    card = g.cfg.contract.get(c)
    if card is not None and card.area != AREAS[g.res_area]:
        if card.area == "-":
            return refusal("#%(n)s is played when train maintenance is due; this is the %(now)s window",
                           n=c, now=AREAS[g.res_area])
        return refusal("#%(n)s is played in the %(area)s window; this is the %(now)s window",
                       n=c, area=card.area, now=AREAS[g.res_area])
    return refusal("that contract cannot be played now")


def _take(g: State, action: Action) -> str:
    i, s, c = (int(x) for x in action.args)
    count, climit = g.ctx
    if i > g.yard_i or s > g.yard_s or c > g.yard_c:
        return refusal("the Stock Yard holds %(iron)s iron, %(stone)s stone and %(coal)s coal",
                       iron=g.yard_i, stone=g.yard_s, coal=g.yard_c)
    if c > climit:
        return refusal("at most %(n)s coal per Stock Yard action", n=climit)
    total = i + s + c
    if total > count:
        return refusal("at most %(n)s cubes this time", n=count)
    if total == 0:
        return refusal("taking actions is not optional: take at least one cube")
    if g.decision != STOCK_YARD:
        return refusal("this contract takes exactly %(n)s cubes",
                       n=min(count, g.yard_i + g.yard_s + min(g.yard_c, climit)))
    return refusal("that mix is not available")


def _convert(g: State, p: int, action: Action) -> str:
    steel, stone = int(action.args[0]), int(action.args[1])
    if steel + stone > 3:
        return refusal("at most three conversions per action")
    if steel + stone == 0:
        return refusal("the Deluxe Works must convert at least once when it can")
    if steel and g.steel_supply < steel:
        return refusal("only %(n)s steel bars are left in the supply", n=g.steel_supply)
    if stone * 2 > g.rubble[p]:
        return refusal("%(stone)s stone needs %(rubble)s rubble; you have %(have)s", stone=stone, rubble=2 * stone,
                       have=g.rubble[p])
    if stone and g.cfg.deluxe and stone > g.bag_s:
        return refusal("the bag holds only %(n)s stone", n=g.bag_s)
    return nrefusal("not enough iron for %(n)s steel bar (you have %(have)s)",
                    "not enough iron for %(n)s steel bars (you have %(have)s)", steel, have=g.iron[p])


def _build(g: State, p: int, action: Action) -> str:
    cfg = g.cfg
    key, num = str(action.args[0]), int(action.args[1])
    si = cfg.station_index.get(key)
    if si is None:
        return refusal("%(key)s is not on the route in this game", key=key)
    name = cfg.stations[si].name
    sites = cfg.station_bsites[si]
    if not 1 <= num <= len(sites):
        return refusal("%(station)s has %(n)s building sites", station=name, n=len(sites))
    b = sites[num - 1]
    if g.bsite_owner[b] != NONE:
        return refusal("site %(n)s of %(station)s is already built by %(player)s", n=num, station=name,
                       player=_player(g.bsite_owner[b]))
    if g.station_done[si]:
        return refusal("%(station)s was completed by an event: nobody builds there any more", station=name)
    if not cfg.hooks.buildable(g, p, si):
        return cfg.hooks.build_refusal(g, p, si)
    if g.markers[p] == 0:
        return refusal("you have no ownership marker left to put on a site")
    iron_swap = int(action.args[2])
    rubble_swap = int(action.args[3])
    if iron_swap and not contracts.build_iron_for_steel(g, p):
        return refusal("paying iron for steel needs #6 or #25 played this round")
    if rubble_swap and not contracts.build_rubble_for_stone(g, p):
        return refusal("paying rubble for stone needs #17 played this round")
    stone = max(0, cfg.bsite_stone[b] - contracts.build_stone_discount(g, p))
    steel = cfg.bsite_steel[b]
    cost = _cost(stone, steel)
    if iron_swap and rubble_swap:
        return refusal("site %(n)s of %(station)s costs %(cost)s; you have %(stone)s stone, %(steel)s steel, "
                       "%(iron)s iron, %(rubble)s rubble", n=num, station=name, cost=cost, stone=g.stone[p],
                       steel=g.steel[p], iron=g.iron[p], rubble=g.rubble[p])
    if iron_swap:
        return refusal("site %(n)s of %(station)s costs %(cost)s; you have %(stone)s stone, %(steel)s steel, "
                       "%(iron)s iron", n=num, station=name, cost=cost, stone=g.stone[p], steel=g.steel[p],
                       iron=g.iron[p])
    if rubble_swap:
        return refusal("site %(n)s of %(station)s costs %(cost)s; you have %(stone)s stone, %(steel)s steel, "
                       "%(rubble)s rubble", n=num, station=name, cost=cost, stone=g.stone[p], steel=g.steel[p],
                       rubble=g.rubble[p])
    return refusal("site %(n)s of %(station)s costs %(cost)s; you have %(stone)s stone, %(steel)s steel",
                   n=num, station=name, cost=cost, stone=g.stone[p], steel=g.steel[p])


def _buy(g: State, p: int, action: Action) -> str:
    t = int(action.args[0])
    if not g.trains_available:
        return refusal("trains cannot be bought until the \"Trains may now be bought\" event has happened")
    if t not in g.shed:
        return refusal("train No. %(n)s is not in the Engine Shed", n=t)
    cost = g.cfg.train[t].cost
    return refusal("train No. %(n)s costs %(cost)s steel; you have %(have)s", n=t, cost=cost, have=g.steel[p])


def _cost(stone: int, steel: int) -> str:
    if stone and steel:
        return refusal("%(stone)s stone + %(steel)s steel", stone=stone, steel=steel)
    if stone:
        return nrefusal("%(n)s stone", "%(n)s stone", stone)
    if steel:
        return nrefusal("%(n)s steel", "%(n)s steel", steel)
    return refusal("nothing")


def _player(p: int) -> str:
    """A seat as the engine counts it ("Player 2"); front ends put the table's name in."""
    return refusal("Player %(n)s", n=p + 1)

