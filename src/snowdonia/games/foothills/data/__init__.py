"""Foothills' component data: the printed numbers, read from the TOML files beside this
module (seed 001; most values tagged `provisional`, see each file's header). The engine
reads numbers only through `components()`, so correcting a value needs no code change;
`provenance()` lists every tagged value for `snowdonia data`.

The loader also checks the structural facts the seed states (8 railways of 2-7 cards, 34
cards, 7 double cards, one blue, one green and three neutral cards per category ...), so a
corrected file that breaks one of them fails loudly instead of playing a different game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import lru_cache
from itertools import combinations
from typing import Any

from snowdonia.core.data import DataError, Provenance, load_toml, provenance_of

FILES = ("railways.toml", "action_cards.toml", "components.toml")
CATEGORIES = "ABCDE"
# The grey side of a card of category X is a side action of category SIDE_OF[X] (seed: C
# side actions on the back of A, D on B, E on C; A on D and B on E inferred).
SIDE_OF = {"A": "C", "B": "D", "C": "E", "D": "A", "E": "B"}
FAMILY_OF = {"A": "take", "B": "rubble", "C": "works", "D": "station", "E": "surveyor"}
SCORING_FIELDS = ("passengers", "tracks", "stations", "tickets", "cards")
NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII")


@dataclass(frozen=True)
class Cost:
    iron: int = 0
    stone: int = 0
    rubble: int = 0
    passengers: int = 0


@dataclass(frozen=True)
class Reward:
    vp: int = 0
    passengers: int = 0


@dataclass(frozen=True)
class StationData:
    name: str
    cost: Cost
    reward: Reward


@dataclass(frozen=True)
class SpaceData:
    """A surveyor action space (seed "Den Vermesser versetzen")."""

    cost: Cost
    iron: int = 0
    stone: int = 0
    resource: int = 0  # iron or stone, the player's choice, one at a time
    rubble: int = 0
    passengers: int = 0
    vp: int = 0
    track: int = 0
    track_iron: int = 0  # iron per track it lays; 0: the usual cost ("nach den üblichen Regeln")
    swap: int = 0
    flip: bool = False
    ticket: bool = False
    summit: bool = False


@dataclass(frozen=True)
class RouteCard:
    id: str
    name: str
    railways: tuple[str, ...]
    columns: tuple[int, ...]
    start: bool
    rubble: int
    tracks: int
    stations: tuple[StationData, ...]
    space: SpaceData | None
    effect: str | None
    ticket: str | None
    ordered: bool

    @property
    def double(self) -> bool:
        return len(self.columns) == 2


@dataclass(frozen=True)
class Railway:
    numeral: str
    name: str
    bonus_token: bool


@dataclass(frozen=True)
class Params:
    """The parameters of one action (main or side); see action_cards.toml."""

    take: int = 0
    return_yard: bool = False
    refill: str = ""
    draw_to_yard: int = 0
    blind: int = 0
    replace_events: bool = False
    amount: int = 0
    picks: int = 1
    ticket_railways: bool = False
    to_opponent: int = 0
    passengers: int = 0
    times: int = 0
    track: bool = False
    swap: bool = False
    track_iron: int = 2
    track_any: bool = False
    track_vp: int = 1
    swap_rubble: int = 2
    extra_rubble: int = 0
    extra_resource: int = 0
    discount: int = 0
    no_reward: bool = False
    bonus_vp: int = 0
    own_track: bool = False
    no_iron: bool = False
    pub: bool = False
    bar: bool = False
    occupied: bool = False
    adjacent: bool = False
    stay: bool = False
    vp: int = 0
    flip: bool = False


@dataclass(frozen=True)
class ActionDef:
    """A main action (gold side) or a side action (grey side)."""

    key: str
    category: str
    german: str
    english: str
    family: str
    params: Params
    text: str
    colour: str  # blue, green, neutral ("" for a main action)
    ticket: bool
    main: bool


@dataclass(frozen=True)
class ActionCard:
    id: str
    category: str
    number: int
    colour: str
    side: str
    scoring: str


@dataclass(frozen=True)
class Components:
    railways: tuple[Railway, ...]
    cards: tuple[RouteCard, ...]
    mains: Mapping[str, ActionDef]  # category -> main action
    sides: Mapping[str, ActionDef]  # key -> side action
    action_cards: tuple[ActionCard, ...]
    box: Mapping[str, Any]
    rules: Mapping[str, Any]
    ticket_colours: tuple[str, ...]
    turn_limit: int


def load_raw() -> dict[str, dict[str, Any]]:
    return load_toml(__name__, FILES)


def provenance() -> list[Provenance]:
    """Every tagged value of Foothills' data files, with its confidence and reason."""
    return provenance_of("foothills", load_raw())


def _cost(d: Mapping[str, Any] | None, where: str) -> Cost:
    d = d or {}
    bad = set(d) - {"iron", "stone", "rubble", "passengers"}
    if bad:
        raise DataError(f"{where}: unknown cost item(s) {sorted(bad)}")
    return Cost(**{k: int(v) for k, v in d.items()})


def _space(d: Mapping[str, Any] | None, where: str) -> SpaceData | None:
    if d is None:
        return None
    gain = dict(d.get("gain", {}))
    bad = set(gain) - {"iron", "stone", "resource", "rubble", "passengers", "vp"}
    if bad:
        raise DataError(f"{where}: unknown gain(s) {sorted(bad)}")
    extra = set(d) - {"cost", "gain", "track", "track_iron", "swap", "flip", "ticket", "summit"}
    if extra:
        raise DataError(f"{where}: unknown space field(s) {sorted(extra)}")
    return SpaceData(cost=_cost(d.get("cost"), where), track=int(d.get("track", 0)),
                     track_iron=int(d.get("track_iron", 0)), swap=int(d.get("swap", 0)), flip=bool(d.get("flip", False)),
                     ticket=bool(d.get("ticket", False)), summit=bool(d.get("summit", False)),
                     **{k: int(v) for k, v in gain.items()})


def _params(d: Mapping[str, Any], where: str) -> Params:
    known = {f.name for f in fields(Params)}
    bad = set(d) - known
    if bad:
        raise DataError(f"{where}: unknown parameter(s) {sorted(bad)}")
    return Params(**dict(d))


@lru_cache(maxsize=1)
def components() -> Components:
    raw = load_raw()
    rw, ac, comp = raw["railways.toml"], raw["action_cards.toml"], raw["components.toml"]
    railways = tuple(Railway(r["numeral"], r["name"], bool(r["bonus_token"])) for r in rw["railway"])
    cards = []
    for c in rw["card"]:
        where = f"railways.toml card {c['id']}"
        start = bool(c.get("start", False))
        cards.append(RouteCard(
            id=c["id"], name=c["name"], railways=tuple(c["railways"]), columns=tuple(c["columns"]),
            start=start, rubble=int(c.get("rubble", 0)), tracks=int(c.get("tracks", 0 if start else 1)),
            stations=tuple(StationData(s["name"], _cost(s.get("cost"), where),
                                       Reward(**{k: int(v) for k, v in s.get("reward", {}).items()}))
                           for s in c.get("stations", [])),
            space=_space(c.get("space"), where), effect=c.get("effect"), ticket=c.get("ticket"),
            ordered=bool(c.get("ordered", False)),
        ))
    mains = {}
    for m in ac["main"]:
        mains[m["category"]] = ActionDef(m["key"], m["category"], m["german"], m["english"], m["family"],
                                         _params(m["params"], m["key"]), m["text"], "", False, True)
    sides = {}
    for s in ac["side"]:
        sides[s["key"]] = ActionDef(s["key"], s["category"], s["german"], s["english"], s["family"],
                                    _params(s["params"], s["key"]), s["text"], s["colour"],
                                    bool(s["ticket"]), False)
    action_cards = tuple(ActionCard(a["id"], a["id"][0], int(a["id"][1:]), a["colour"], a["side"], a["scoring"])
                         for a in ac["card"])
    out = Components(
        railways=railways, cards=tuple(cards), mains=mains, sides=sides, action_cards=action_cards,
        box=dict(comp["box"]), rules=dict(comp["rules"]),
        ticket_colours=tuple(t["key"] for t in comp["ticket_colour"]),
        turn_limit=int(comp["safety"]["turn_limit"]),
    )
    check(out)
    return out


def check(c: Components) -> None:
    """The structural facts of seed 001 that any corrected data must keep."""
    box = c.box
    numerals = [r.numeral for r in c.railways]
    if tuple(numerals) != NUMERALS[: box["railways"]]:
        raise DataError(f"railways must be {NUMERALS[: box['railways']]}, not {numerals}")
    if len(c.cards) != box["route_cards"]:
        raise DataError(f"{len(c.cards)} route cards; the box has {box['route_cards']}")
    ids = [x.id for x in c.cards]
    if len(set(ids)) != len(ids):
        raise DataError("two route cards share an id")
    doubles = sum(1 for x in c.cards if x.double)
    if doubles != box["double_cards"]:
        raise DataError(f"{doubles} double cards; the seed has {box['double_cards']}")
    for r in numerals:
        mine = [x for x in c.cards if r in x.railways]
        if not 2 <= len(mine) <= 7:
            raise DataError(f"railway {r} has {len(mine)} cards; the seed says 2 to 7")
        starts = [x for x in mine if x.start]
        if len(starts) != 1 or min(starts[0].columns) != 1:
            raise DataError(f"railway {r} needs exactly one start card, in column 1")
        cols = sorted(col for x in mine for col in x.columns)
        if cols != list(range(1, len(cols) + 1)):
            raise DataError(f"railway {r}: its cards do not fill columns 1..{len(cols)} once each")
    kinds = {x.ticket for x in c.cards if x.start}
    if len(kinds) != box["ticket_kinds"] or not kinds <= set(c.ticket_colours):
        raise DataError(f"start cards carry ticket kinds {sorted(k or '' for k in kinds)}; "
                        f"the seed has {box['ticket_kinds']} kinds")
    for x in c.cards:
        if x.start:
            if x.stations or x.rubble or x.tracks or x.space is None or not x.space.ticket:
                raise DataError(f"start card {x.id}: no stations, rubble or track; its space gives a ticket")
            continue
        if x.tracks < 1 or not x.stations:
            raise DataError(f"route card {x.id} needs a track space and a station")
        if x.double and not 2 <= len(x.stations) <= 3:
            raise DataError(f"double card {x.id} needs two or three stations")
        if not x.double and len(x.stations) != 1:
            raise DataError(f"single card {x.id} needs one station")
        if (x.space is None) == (x.effect is None):
            raise DataError(f"route card {x.id} needs either an action space or an effect")
        if x.effect not in (None, "barmouth_ferry", "devils_bridge"):
            raise DataError(f"route card {x.id}: unknown effect {x.effect!r}")
    # Set-up 5: "Legt die übrig gebliebenen Geröllklötzchen in den allgemeinen Vorrat" - the
    # box holds more rubble than any six railways put on their track spaces.
    most = max(sum(x.rubble for x in c.cards if any(n not in out for n in x.railways))
               for out in combinations(numerals, len(numerals) - box["railways_in_play"]))
    if box["rubble"] <= most:
        raise DataError(f"{box['rubble']} rubble in the box, but a layout puts {most} on its track spaces; "
                        "set-up 5 leaves the rest in the supply")
    if set(c.mains) != set(CATEGORIES):
        raise DataError("one main action per category A-E")
    for k, m in c.mains.items():
        if m.family != FAMILY_OF[k]:
            raise DataError(f"main action {m.key}: family {m.family}, expected {FAMILY_OF[k]}")
    per_cat: dict[str, list[str]] = {k: [] for k in CATEGORIES}
    for a in c.action_cards:
        if a.side not in c.sides:
            raise DataError(f"card {a.id}: unknown side action {a.side!r}")
        side = c.sides[a.side]
        if side.category != SIDE_OF[a.category]:
            raise DataError(f"card {a.id}: its grey side must be a {SIDE_OF[a.category]} action, "
                            f"not {side.key} ({side.category})")
        if side.colour != a.colour or side.family != FAMILY_OF[side.category]:
            raise DataError(f"card {a.id}: colour or family disagrees with side action {side.key}")
        if a.scoring not in SCORING_FIELDS:
            raise DataError(f"card {a.id}: unknown scoring field {a.scoring!r}")
        per_cat[a.category].append(a.colour)
    for k, colours in per_cat.items():
        if sorted(colours) != ["blue", "green", "neutral", "neutral", "neutral"]:
            raise DataError(f"category {k} needs 1 blue, 1 green and 3 neutral cards, not {colours}")
    if len(c.action_cards) != len(c.sides) or {a.side for a in c.action_cards} != set(c.sides):
        raise DataError("every side action is on exactly one card")
