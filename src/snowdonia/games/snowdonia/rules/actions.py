"""The one action model shared by the engine, bots, user interfaces and records.

Every decision a player can ever face (spec/snowdonia-rules.md §6) is one entry of a fixed
catalogue built once from the component data. Each `Action` has a stable string form (what
records, logs and the HTTP API carry) and a stable integer id (what OpenSpiel and
PettingZoo use). The engine hands out catalogue objects, so legality is an identity check
rather than a parse.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from mypy_extensions import mypyc_attr

from snowdonia.core.actions import Action as CoreAction
from snowdonia.core.actions import Catalogue
from snowdonia.core.errors import ActionParseError as ActionParseError
from snowdonia.core.errors import IllegalAction as IllegalAction
from snowdonia.games.snowdonia.data import components

AREAS: Final = "ABCDEFG"
# The most spaces any area has at any player count, plus G which is unlimited.
MAX_SPACES: Final = {"A": 4, "B": 3, "C": 3, "D": 3, "E": 3, "F": 3}


@mypyc_attr(native_class=False)
class Action(CoreAction):
    """One Snowdonia decision. `kind` names the decision family; `args` are small ints or
    strings.

    kinds and their string forms:
      hire                      take the Pub labourer for coal
      pass                      decline an optional choice (hire, contract window, extra build, #3)
      place A2 / place G        put a labourer on a space
      play 13                   play contract #13 in the open window
      take iron=2 stone=1 coal=0  cubes from the Stock Yard (area A, #20, #23)
      convert steel=1 stone=2   Works conversions (area C, #11, #12, #24)
      build hebron.3 iron=1 rubble=0   pay for a building site (iron= steel paid as iron, rubble= stone paid as rubble)
      buy 5 iron=0              buy train No. 5 (Build action)
      pick 17                   take contract #17 from the Site Office
      keep 17                   #5: the contract kept
      maintain steel|16|21|return   train maintenance
      weather sun|rain|fog      #4: new middle weather disc
      move A2 E1                #28: move a placed labourer
      clear                     #3: clear the next space
      start porthmadog_harbour  Blaenau Ffestiniog: your starting end
      game_surveyor blaenau_ffestiniog   Blaenau Ffestiniog: where the game's Surveyor starts
    """

    __slots__ = ()

    def __str__(self) -> str:
        text = _TEXT.get(self)
        if text is None:
            catalogue()  # fills the table of string forms on first use
            text = _TEXT.get(self) or _fmt(self.kind, self.args)
        return text

    @property
    def id(self) -> int:
        return catalogue().index[self]

    @staticmethod
    def parse(text: str) -> Action:
        """Parse the string form; raises ActionParseError naming the problem."""
        return catalogue().parse(text)

    @staticmethod
    def from_id(action_id: int) -> Action:
        return catalogue().from_id(action_id)


_MADE: Final[dict[tuple[str, tuple[int | str, ...]], Action]] = {}


def made(kind: str, args: tuple[int | str, ...] = ()) -> Action:
    """`Action(kind, args)`, made once and then looked up: option generation hands out the
    same few hundred actions over and over, and making a NamedTuple runs Python code."""
    key = (kind, args)
    a = _MADE.get(key)
    if a is None:
        a = _MADE[key] = Action(kind, args)
    return a


_TEXT: Final[dict[Action, str]] = {}
# Per scenario: how many catalogue ids it uses (ids 0 .. n-1): Mount Snowdon's 665 never change;
# a later scenario's actions come after them (filled by `catalogue()`).
ACTION_COUNT: Final[dict[str, int]] = {}
# The shape of each kind's string form, for error messages (no real card numbers in them).
_FORMS = {
    "pass": "pass", "hire": "hire", "clear": "clear",
    "place": "place A1 … place F2, or place G",
    "play": "play <contract number>",
    "take": "take iron=<n> stone=<n> coal=<n>",
    "convert": "convert steel=<n> stone=<n>",
    "build": "build <station key>.<site number> iron=<steel paid as iron> rubble=<stone paid as rubble>",
    "buy": "buy <train number> iron=<steel paid as iron>",
    "pick": "pick <contract number in the Site Office>",
    "keep": "keep <contract number>",
    "maintain": "maintain steel | maintain return | maintain <16 or 21>",
    "weather": "weather sun | weather rain | weather fog",
    "move": "move <from space> <to space>, e.g. move A2 G",
    "start": "start blaenau_ffestiniog | start porthmadog_harbour",
    "game_surveyor": "game_surveyor blaenau_ffestiniog | game_surveyor porthmadog_harbour",
}


def _fmt(kind: str, args: tuple[int | str, ...]) -> str:
    if kind == "place":
        return f"place {args[0]}{args[1]}" if args[0] != "G" else "place G"
    if kind == "take":
        return f"take iron={args[0]} stone={args[1]} coal={args[2]}"
    if kind == "convert":
        return f"convert steel={args[0]} stone={args[1]}"
    if kind == "build":
        return f"build {args[0]}.{args[1]} iron={args[2]} rubble={args[3]}"
    if kind == "buy":
        return f"buy {args[0]} iron={args[1]}"
    if kind == "move":
        return f"move {_space(args[0], args[1])} {_space(args[2], args[3])}"
    return " ".join([kind, *map(str, args)])


def _space(area: int | str, num: int | str) -> str:
    return "G" if area == "G" else f"{area}{num}"


@lru_cache(maxsize=1)
def catalogue() -> Catalogue[Action]:
    """Every action of every scenario and player count, in a fixed order (ids are stable
    as long as the component data keeps its shape)."""
    comp = components()
    acts: list[Action] = [Action("pass"), Action("hire"), Action("clear")]
    for area in AREAS[:-1]:
        for n in range(1, MAX_SPACES[area] + 1):
            acts.append(Action("place", (area, n)))
    acts.append(Action("place", ("G", 0)))
    for c in comp.contracts:
        acts.append(Action("play", (c.number,)))
    for ni in range(6):
        for ns in range(6 - ni):
            for nc in range(6 - ni - ns):
                acts.append(Action("take", (ni, ns, nc)))
    for st in range(4):
        for sn in range(4 - st):
            acts.append(Action("convert", (st, sn)))
    for station in comp.stations:
        for k, b in enumerate(station.building_sites, 1):
            for iron in range(b.steel + 1):
                for rub in range(b.stone + 1):
                    acts.append(Action("build", (station.key, k, iron, rub)))
    for t in comp.trains:
        for iron in range(t.cost + 1):
            acts.append(Action("buy", (t.number, iron)))
    for c in comp.contracts:
        acts.append(Action("pick", (c.number,)))
    for c in comp.contracts:
        acts.append(Action("keep", (c.number,)))
    for m in ("steel", "return"):
        acts.append(Action("maintain", (m,)))
    for c in comp.contracts:
        if c.effect == "maintenance":
            acts.append(Action("maintain", (c.number,)))
    for w in ("sun", "rain", "fog"):
        acts.append(Action("weather", (w,)))
    spaces: list[tuple[str, int]] = [
        (a, n) for a in AREAS[:-1] for n in range(1, MAX_SPACES[a] + 1)
    ] + [("G", 0)]
    for fa, fn in spaces:
        for ta, tn in spaces:
            if (fa, fn) != (ta, tn):
                acts.append(Action("move", (fa, fn, ta, tn)))
    # Appended after Mount Snowdon's 665 actions, so its ids never move: the actions only
    # other scenarios need (Blaenau Ffestiniog: the ends, and building on the blue stations).
    from snowdonia.games.snowdonia.scenarios import KEYS, scenario

    known = set(acts)
    base = len(acts)
    for key in KEYS:
        sc = scenario(key)
        extra: list[Action] = []
        for end in sc.ends:
            extra.append(Action("start", (end,)))
        for end in sc.ends:
            extra.append(Action("game_surveyor", (end,)))
        for station in sc.stations:
            for k, b in enumerate(station.building_sites, 1):
                for iron in range(b.steel + 1):
                    for rub in range(b.stone + 1):
                        extra.append(Action("build", (station.key, k, iron, rub)))
        for a in extra:
            if a not in known:
                known.add(a)
                acts.append(a)
        ACTION_COUNT[key] = len(acts) if extra else base
    for a in acts:
        _TEXT[a] = _fmt(a.kind, a.args)
    return Catalogue.build(acts, _FORMS, lambda a: _TEXT[a])
