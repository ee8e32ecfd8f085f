"""Spielablauf — a turn (seed 001 "Spielablauf"), in its four steps:

1. "Wählt eine eurer Aktionskarten." A card none of whose action can be carried out may not
   be chosen; "In dem seltenen Fall, dass ihr keine eurer Aktionskarten auswählen könnt,
   endet euer Spielzug sofort und ihr müsst stattdessen einen Streckenarbeiter platzieren."
2. "Führt die Aktion der gewählten Karte aus. Teile der Aktion, die ihr nicht ausführen
   könnt, lasst ihr weg."
3. "Dreht die gewählte Aktionskarte um." Some actions also let you flip one other card:
   "Eine andere Aktionskarte umzudrehen ist optional, die aktuelle muss immer umgedreht
   werden."
4. "Prüft, ob das Spielende eingetreten ist."
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from snowdonia.games.foothills.data import ActionDef
from snowdonia.games.foothills.rules import end, navvies, pub, rubble, stations, stockyard, surveyor, track
from snowdonia.games.foothills.rules.actions import A_CARD, A_FLIP, PASS, FAction
from snowdonia.games.foothills.rules.decisions import CARD, FLIP
from snowdonia.games.foothills.rules.flow import answer, log, offer, options, task, then
from snowdonia.games.foothills.rules.side_actions import SIDE_ACTIONS
from snowdonia.games.foothills.rules.state import NONE, State


def visible(g: State, p: int, ac: int) -> ActionDef:
    """The action on the side of card `ac` that is up in p's bar."""
    cfg = g.cfg
    return cfg.ac_grey[ac] if g.grey[p * 5 + cfg.ac_cat[ac]] else cfg.ac_gold[ac]


def usable(g: State, p: int, action: ActionDef) -> bool:
    """Can any part of this action be carried out now (seed step 2)?"""
    if action.ticket and not g.tickets[p]:
        return False  # "Um diese Aktion auswählen zu dürfen, wird mindestens ein Ticket benötigt."
    key = action.key
    fam = action.family
    if fam == "take":
        return stockyard.take_usable(g, action.params)
    if fam == "rubble":
        return True  # with no rubble left in a railway it comes from the supply
    if fam == "works":
        return track.works_usable(g, p, key)
    if fam == "station":
        return stations.station_usable(g, p, key)
    return surveyor.surveyor_usable(g, p, key)


def _main_stockyard(g: State, p: int) -> None:
    stockyard.take_family(g, p, g.cfg.params["stockyard"])


def _main_rubble(g: State, p: int) -> None:
    rubble.rubble_family(g, p, g.cfg.params["rubble"])


def _main_works(g: State, p: int) -> None:
    track.works_family(g, p, "works")


def _main_station(g: State, p: int) -> None:
    stations.station_family(g, p, "station")


def _main_surveyor(g: State, p: int) -> None:
    surveyor.surveyor_family(g, p, "surveyor")


CARRY_OUT: Final[dict[str, Callable[[State, int], None]]] = {
    "stockyard": _main_stockyard, "rubble": _main_rubble, "works": _main_works,
    "station": _main_station, "surveyor": _main_surveyor, **SIDE_ACTIONS,
}


@task("turn")
def _turn(g: State, t: tuple[Any, ...]) -> None:
    g.card = NONE
    g.card_gone = False
    g.flip_other = False
    g.fresh = 0
    g.turn += 1
    if g.journal is not None:
        log(g, "turn", g.player, turn=g.turn, final=g.final_turn)
    if not offer(g, CARD):
        if g.journal is not None:
            log(g, "no_usable_card", g.player)
        navvies.place(g)
        then(g, ("end_turn",))


@options(CARD)
def _card_options(g: State, ctx: tuple[Any, ...]) -> list[FAction]:
    p = g.player
    cfg = g.cfg
    return [A_CARD[cfg.ac_id[ac]] for ac in pub.bar_cards(g, p) if usable(g, p, visible(g, p, ac))]


@answer(CARD)
def _card_answer(g: State, a: FAction, ctx: tuple[Any, ...]) -> None:
    cfg = g.cfg
    p = g.player
    ac = cfg.ac_index[str(a.args[0])]
    act = visible(g, p, ac)
    g.card = ac
    if g.journal is not None:
        log(g, "card", p, card=cfg.ac_id[ac], side="gold" if act.main else "grey", action=act.key)
    then(g, ("after_action",))
    CARRY_OUT[act.key](g, p)


@task("after_action")
def _after_action(g: State, t: tuple[Any, ...]) -> None:
    """Step 3: the chosen card is flipped (unless it went to the scoring pile); then, if the
    action allows it, one other card may be flipped too."""
    p = g.player
    if not g.card_gone:
        pub.flip(g, p, g.card, why="played")
    then(g, ("end_turn",))
    if g.flip_other:
        then(g, ("flip_other",))


@task("flip_other")
def _flip_other(g: State, t: tuple[Any, ...]) -> None:
    offer(g, FLIP)


@options(FLIP)
def _flip_options(g: State, ctx: tuple[Any, ...]) -> list[FAction]:
    p = g.player
    cfg = g.cfg
    out = [A_FLIP[cfg.ac_id[ac]] for ac in pub.bar_cards(g, p)
           if ac != g.card and not g.fresh >> ac & 1]
    if out:
        out.append(PASS)
    return out


@answer(FLIP)
def _flip_answer(g: State, a: FAction, ctx: tuple[Any, ...]) -> None:
    if a.kind == "flip":
        pub.flip(g, g.player, g.cfg.ac_index[str(a.args[0])], why="other")


@task("end_turn")
def _end_turn(g: State, t: tuple[Any, ...]) -> None:
    """Event cubes: "Befinden sich am Ende des aktuellen Spielzuges 3 oder mehr
    Ereignisklötzchen auf dem Lagerplättchen, kommen sie alle zurück in den Stoffbeutel."
    Then step 4: the end check."""
    p = g.player
    if g.yard_e >= g.cfg.rules["events_return_at"]:
        if g.journal is not None:
            log(g, "events_back", p, events=g.yard_e)
        g.bag_e += g.yard_e
        g.yard_e = 0
    g.turns_taken[p] += 1
    if end.after_turn(g):
        return
    g.player = 1 - p
    then(g, ("turn",))
