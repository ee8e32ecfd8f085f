"""B — Geröll entfernen (remove rubble) and clearing a card (seed 001 "B Geröll entfernen",
"Eine Streckenkarte freischaufeln", "Porthmadog").

"Entferne 4 Geröllklötzchen aus einer Strecke und lege sie in deinen Vorrat. Erhalte 1
Siegpunkt für jede Streckenkarte, die du dabei freischaufelst. Ihr müsst eine Strecke
auswählen, in der sich noch mindestens 1 Geröllklötzchen befindet ... Entfernt das Geröll
dabei von links nach rechts. Befinden sich weniger als 4 Geröllklötzchen in der gewählten
Strecke, erhaltet ihr den Rest aus dem allgemeinen Vorrat. Sobald kein Geröll mehr auf den
Streckenkarten der Auslage liegt, erhaltet ihr bei dieser Aktion 4 Geröll aus dem
allgemeinen Vorrat."
"""

from __future__ import annotations

from typing import Any

from snowdonia.games.foothills.data import Params
from snowdonia.games.foothills.rules import supply
from snowdonia.games.foothills.rules.actions import A_RUBBLE, FAction
from snowdonia.games.foothills.rules.decisions import RUBBLE
from snowdonia.games.foothills.rules.flow import answer, log, offer, options, task, then
from snowdonia.games.foothills.rules.state import State


def rail_rubble(g: State, r: int) -> int:
    return sum(g.card_rubble[c] for c in g.cfg.rail_cards[r])


def ticket_rails(g: State, p: int) -> list[int]:
    """The railways p holds a ticket for (a Llanberis ticket covers III and IV)."""
    cfg = g.cfg
    out: set[int] = set()
    for k, rails in enumerate(cfg.ticket_rails):
        if g.tickets[p] >> k & 1:
            out.update(rails)
    return sorted(out)


def remove(g: State, p: int, r: int | None, amount: int, to_opponent: int) -> None:
    """Take `amount` rubble from railway r left to right (the rest from the supply), 1 VP to
    p for each card cleared (a double card or Porthmadog once). The last `to_opponent` cubes
    go to the opponent (Zeitarbeiter), but the VP stay with p."""
    cfg = g.cfg
    took = 0
    cleared: list[str] = []
    if r is not None:
        for c in cfg.rail_cards[r]:
            if took == amount:
                break
            have = g.card_rubble[c]
            if not have:
                continue
            k = min(have, amount - took)
            g.card_rubble[c] -= k
            took += k
            if g.card_rubble[c] == 0:
                cleared.append(cfg.cards[c].id)
    from_supply = amount - took
    g.rubble_supply += took  # the removed cubes pass through the supply to their new owners
    mine = amount - to_opponent
    supply.gain_rubble(g, p, mine)
    supply.gain_rubble(g, 1 - p, to_opponent)
    vp = cfg.rules["clear_vp"] * len(cleared)
    supply.gain_vp(g, p, vp)
    if g.journal is not None:
        log(g, "rubble", p, railway=None if r is None else cfg.rail_numeral[r], from_railway=took,
            from_supply=from_supply, to_opponent=to_opponent, cleared=cleared, vp=vp)


def rubble_family(g: State, p: int, prm: Params) -> None:
    """Main action B and the B side actions."""
    steps = [("rubble", prm.amount, prm.to_opponent, int(prm.ticket_railways))] * prm.picks
    then(g, *steps)
    if prm.passengers:
        supply.gain_passengers(g, p, prm.passengers)
        if g.journal is not None:
            log(g, "passengers", p, n=prm.passengers)
    if prm.flip:
        g.flip_other = True


@task("rubble")
def _rubble(g: State, t: tuple[Any, ...]) -> None:
    offer(g, RUBBLE, t[1:])


@options(RUBBLE)
def _rubble_options(g: State, ctx: tuple[Any, ...]) -> list[FAction]:
    _amount, _opp, ticket_only = ctx
    cfg = g.cfg
    allowed = ticket_rails(g, g.player) if ticket_only else range(cfg.n_rails)
    out = [A_RUBBLE[cfg.rail_numeral[r]] for r in allowed if cfg.rail_in_play[r] and rail_rubble(g, r)]
    return out or [A_RUBBLE["supply"]]


@answer(RUBBLE)
def _rubble_answer(g: State, a: FAction, ctx: tuple[Any, ...]) -> None:
    amount, opp, _ = ctx
    name = str(a.args[0])
    remove(g, g.player, None if name == "supply" else g.cfg.rail_index[name], amount, opp)
