"""The catalogue: every decision a Foothills player can ever face, with its string form.

`FAction` is the shared `snowdonia.core.actions.Action` with Foothills' string forms:

    card A3                  choose your action card A3 (whichever side is up)
    flip D1                  flip another card (step 3), or one card with the Barmouth Ferry
    score B2 / replace B4    the Pub: a card into the scoring pile / its replacement
    take iron=2 stone=1      resources from the stockyard (A, set-up)
    rubble III               remove rubble from railway III (B); `rubble supply` when none is left
    track II                 lay a track on railway II; `track II iron=1 stone=1` pays a mix (Materialfriedhof)
    stone from yard          swap rubble for 1 stone from the stockyard (or `stone from bag`)
    iron from bag            take a resource a surveyor space gives from the bag (or yard)
    build I-2                build station I-2; `build IV-2/3a` on a double card;
                             `build I-2 -iron` a discount, `build I-2 +stone` an extra payment
    surveyor IV-4            move your surveyor to that card's action space (`surveyor bar`: home)
    pub                      move your surveyor to the Pub
    pass                     decline an optional choice

The catalogue is built from the component data; ids never depend on the layout.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from mypy_extensions import mypyc_attr

from snowdonia.core.actions import Action, Catalogue
from snowdonia.games.foothills.data import NUMERALS, components
from snowdonia.games.foothills.rules.config import station_key

MODS: Final = ("-iron", "-stone", "+iron", "+stone")
SOURCES: Final = ("yard", "bag")
RESOURCES: Final = ("iron", "stone")


@mypyc_attr(native_class=False)
class FAction(Action):
    """A Foothills action: the shared action tuple with Foothills' string forms."""

    __slots__ = ()

    def __str__(self) -> str:
        return text(self.kind, self.args)


def text(kind: str, args: tuple[int | str, ...]) -> str:
    if kind == "take":
        return f"take iron={args[0]} stone={args[1]}"
    if kind == "track" and len(args) == 3:
        return f"track {args[0]} iron={args[1]} stone={args[2]}"
    if kind in RESOURCES:
        return f"{kind} from {args[0]}"
    return " ".join([kind, *map(str, args)])


FORMS = {
    "pass": "pass",
    "card": "card <card id>, e.g. card A3",
    "flip": "flip <card id>, e.g. flip D1",
    "score": "score <card id>, e.g. score B2",
    "replace": "replace <card id in the supply>, e.g. replace B4",
    "take": "take iron=<n> stone=<n>",
    "rubble": "rubble <railway numeral> | rubble supply",
    "track": "track <railway numeral> [iron=<n> stone=<n>]",
    "iron": "iron from yard | iron from bag",
    "stone": "stone from yard | stone from bag",
    "build": "build <station, e.g. I-2 or IV-2/3a> [-iron|-stone|+iron|+stone]",
    "surveyor": "surveyor <card id> | surveyor bar",
    "pub": "pub",
}

PASS: Final = FAction("pass")
PUB: Final = FAction("pub")
A_CARD: Final[dict[str, FAction]] = {}
A_FLIP: Final[dict[str, FAction]] = {}
A_SCORE: Final[dict[str, FAction]] = {}
A_REPLACE: Final[dict[str, FAction]] = {}
A_TAKE: Final[dict[tuple[int, int], FAction]] = {}
A_RUBBLE: Final[dict[str, FAction]] = {}
A_TRACK: Final[dict[str, FAction]] = {}
A_TRACK_PAY: Final[dict[tuple[str, int, int], FAction]] = {}
A_GAIN: Final[dict[tuple[str, str], FAction]] = {}
A_BUILD: Final[dict[tuple[str, str], FAction]] = {}  # (station key, "" or a mod)
A_SURVEYOR: Final[dict[str, FAction]] = {}  # card id or "bar"


@lru_cache(maxsize=1)
def catalogue() -> Catalogue[FAction]:
    """Every action of the game, in a fixed order (the position is the action's id)."""
    comp = components()
    acts: list[FAction] = [PASS]
    cards = [a.id for a in comp.action_cards]
    for table, kind in ((A_CARD, "card"), (A_FLIP, "flip"), (A_SCORE, "score"), (A_REPLACE, "replace")):
        for cid in cards:
            table[cid] = FAction(kind, (cid,))
            acts.append(table[cid])
    # the most resources any action takes at once (Schubkarre's 4 with the provisional data)
    most = max([a.params.take for a in (*comp.mains.values(), *comp.sides.values())]
               + [int(comp.rules["setup_take"])])
    for total in range(most, 0, -1):
        for i in range(total, -1, -1):
            A_TAKE[(i, total - i)] = FAction("take", (i, total - i))
            acts.append(A_TAKE[(i, total - i)])
    for n in (*NUMERALS, "supply"):
        A_RUBBLE[n] = FAction("rubble", (n,))
        acts.append(A_RUBBLE[n])
    for n in NUMERALS:
        A_TRACK[n] = FAction("track", (n,))
        acts.append(A_TRACK[n])
    for n in NUMERALS:
        for i in (2, 1, 0):
            A_TRACK_PAY[(n, i, 2 - i)] = FAction("track", (n, i, 2 - i))
            acts.append(A_TRACK_PAY[(n, i, 2 - i)])
    for res in RESOURCES:
        for src in SOURCES:
            A_GAIN[(res, src)] = FAction(res, (src,))
            acts.append(A_GAIN[(res, src)])
    for card in comp.cards:
        for k in range(len(card.stations)):
            key = station_key(card, k)
            A_BUILD[(key, "")] = FAction("build", (key,))
            acts.append(A_BUILD[(key, "")])
            for m in MODS:
                A_BUILD[(key, m)] = FAction("build", (key, m))
                acts.append(A_BUILD[(key, m)])
    for card in comp.cards:
        if card.space is not None:
            A_SURVEYOR[card.id] = FAction("surveyor", (card.id,))
            acts.append(A_SURVEYOR[card.id])
    A_SURVEYOR["bar"] = FAction("surveyor", ("bar",))
    acts.append(A_SURVEYOR["bar"])
    acts.append(PUB)
    return Catalogue.build(acts, FORMS)


catalogue()  # fill the lookup tables at import
