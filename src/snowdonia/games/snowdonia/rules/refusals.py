"""Why a move is refused, in words a player understands ("B1 is taken by Player 2", "fog
blocks Excavate this round", "Hebron Station needs 3 stone; you have 1"). The engine checks
legality against `legal_actions`; this module only explains a refusal after the fact."""

from __future__ import annotations

from typing import Final

from snowdonia.games.snowdonia.rules import contracts
from snowdonia.games.snowdonia.rules.actions import Action
from snowdonia.games.snowdonia.rules.board import AREAS, blocked, capacity
from snowdonia.games.snowdonia.rules.decisions import DECISIONS, STOCK_YARD
from snowdonia.games.snowdonia.rules.state import NONE, State

AREA_NAMES: Final = ("Stock Yard", "Excavate", "Works", "Lay Track", "Build", "Site Office", "Surveyor")


def explain(g: State, action: Action) -> str:
    """The reason `action` is not legal now (assumes it is not). Actions built by hand with
    arguments no catalogue action has get the plain answer."""
    try:
        return _explain(g, action)
    except (ValueError, KeyError, IndexError, TypeError):
        return "that is not one of the options"


def _explain(g: State, action: Action) -> str:
    d = g.decision or ""
    kind = DECISIONS.get(d)
    if kind is None:
        return "no decision is pending"
    if action.kind not in kind.actions:
        return f"a {action.kind!r} action does not answer a {d} decision ({kind.prompt.lower()})"
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
        return f"contract #{action.args[0]} is not in the Site Office"
    if k == "keep":
        return f"#{action.args[0]} is not one of the cards you drew"
    if k == "maintain":
        how = action.args[0]
        if how == "steel":
            return "you have no steel bar to pay"
        return f"you do not hold maintenance contract #{how}"
    if k == "weather":
        return f"no {action.args[0]} disc is left in the supply"
    if k == "move":
        return "that labourer cannot move there: move one of yours to an empty, unfogged space"
    return "that is not one of the options"


def _place(g: State, action: Action) -> str:
    area, num = action.args
    if area == "G":
        return "the Surveyor area always has room"
    a = AREAS.index(str(area))
    cap = capacity(g, a)
    if not 1 <= int(num) <= cap:
        return (f"{AREA_NAMES[a]} ({area}) has {cap} space{'s' if cap != 1 else ''} "
                f"with {g.cfg.players} player{'s' if g.cfg.players != 1 else ''}")
    idx = int(num) - 1
    owner = g.spaces[g.cfg.space_offset[a] + idx]
    if owner != NONE:
        return f"{area}{num} is taken by Player {owner + 1}"
    if blocked(g, a, idx):
        if g.cfg.settings.light_fog:
            return f"Light Fog blocks the last space of {AREA_NAMES[a]} this round"
        return f"fog blocks {AREA_NAMES[a]} this round"
    return "that space cannot be used now"


def _play(g: State, p: int, c: int) -> str:
    if g.blocked_contracts:
        return "contract #13 blocks every other contract this round"
    if not g.hand[p] >> c & 1:
        if g.played[p] >> c & 1:
            return f"you have already played #{c}"
        return f"you do not hold contract #{c}"
    card = g.cfg.contract.get(c)
    if card is not None and card.area != AREAS[g.res_area]:
        when = "when train maintenance is due" if card.area == "-" else f"in the {card.area} window"
        return f"#{c} is played {when}; this is the {AREAS[g.res_area]} window"
    return "that contract cannot be played now"


def _take(g: State, action: Action) -> str:
    i, s, c = (int(x) for x in action.args)
    count, climit = g.ctx
    if i > g.yard_i or s > g.yard_s or c > g.yard_c:
        return (f"the Stock Yard holds {g.yard_i} iron, {g.yard_s} stone and {g.yard_c} coal")
    if c > climit:
        return f"at most {climit} coal per Stock Yard action"
    total = i + s + c
    if total > count:
        return f"at most {count} cubes this time"
    if total == 0:
        return "taking actions is not optional: take at least one cube"
    if g.decision != STOCK_YARD:
        return f"this contract takes exactly {min(count, g.yard_i + g.yard_s + min(g.yard_c, climit))} cubes"
    return "that mix is not available"


def _convert(g: State, p: int, action: Action) -> str:
    steel, stone = int(action.args[0]), int(action.args[1])
    if steel + stone > 3:
        return "at most three conversions per action"
    if steel + stone == 0:
        return "the Deluxe Works must convert at least once when it can"
    if steel and g.steel_supply < steel:
        return f"only {g.steel_supply} steel bars are left in the supply"
    if stone * 2 > g.rubble[p]:
        return f"{stone} stone needs {2 * stone} rubble; you have {g.rubble[p]}"
    if stone and g.cfg.deluxe and stone > g.bag_s:
        return f"the bag holds only {g.bag_s} stone"
    return f"not enough iron for {steel} steel bar{'s' if steel != 1 else ''} (you have {g.iron[p]})"


def _build(g: State, p: int, action: Action) -> str:
    cfg = g.cfg
    key, num = str(action.args[0]), int(action.args[1])
    si = cfg.station_index.get(key)
    if si is None:
        return f"{key} is not on the route in this game"
    name = cfg.stations[si].name
    sites = cfg.station_bsites[si]
    if not 1 <= num <= len(sites):
        return f"{name} has {len(sites)} building sites"
    b = sites[num - 1]
    if g.bsite_owner[b] != NONE:
        return f"site {num} of {name} is already built by Player {g.bsite_owner[b] + 1}"
    if g.station_done[si]:
        return f"{name} was completed by an event: nobody builds there any more"
    if not cfg.hooks.buildable(g, p, si):
        return cfg.hooks.build_refusal(g, p, si)
    if g.markers[p] == 0:
        return "you have no ownership marker left to put on a site"
    iron_swap = int(action.args[2])
    rubble_swap = int(action.args[3])
    if iron_swap and not contracts.build_iron_for_steel(g, p):
        return "paying iron for steel needs #6 or #25 played this round"
    if rubble_swap and not contracts.build_rubble_for_stone(g, p):
        return "paying rubble for stone needs #17 played this round"
    stone = max(0, cfg.bsite_stone[b] - contracts.build_stone_discount(g, p))
    steel = cfg.bsite_steel[b]
    return (f"site {num} of {name} costs {_cost(stone, steel)}; you have {g.stone[p]} stone, "
            f"{g.steel[p]} steel" + (f", {g.iron[p]} iron" if iron_swap else "")
            + (f", {g.rubble[p]} rubble" if rubble_swap else ""))


def _buy(g: State, p: int, action: Action) -> str:
    t = int(action.args[0])
    if not g.trains_available:
        return "trains cannot be bought until the \"Trains may now be bought\" event has happened"
    if t not in g.shed:
        return f"train No. {t} is not in the Engine Shed"
    cost = g.cfg.train[t].cost
    return f"train No. {t} costs {cost} steel; you have {g.steel[p]}"


def _cost(stone: int, steel: int) -> str:
    parts = [f"{stone} stone"] if stone else []
    if steel:
        parts.append(f"{steel} steel")
    return " + ".join(parts) or "nothing"

