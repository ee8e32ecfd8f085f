"""E — Den Vermesser versetzen (move the surveyor), surveyor action spaces, tickets and the
summit (seed 001 "E Den Vermesser versetzen", "Tickets", "Yr Wyddfa").

"Versetze deine Vermesserfigur auf ein verfügbares Vermesseraktionsfeld oder in den Pub
und nutze die entsprechende Aktion. Alternativ kannst du den Vermesser auf deine
Aktionsleiste zurückstellen, ohne eine Aktion zu nutzen. Zur Verfügung stehen alle
unbesetzten Vermesseraktionsfelder auf Streckenkarten, auf denen mindestens eine Station
(von einem Spieler oder Streckenarbeiter) errichtet wurde. Zu Beginn des Spiels trifft dies
lediglich auf die Startstationen zu."
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from snowdonia.games.foothills.data import Params, SpaceData
from snowdonia.games.foothills.rules import stockyard, supply, track
from snowdonia.games.foothills.rules.actions import A_GAIN, A_SURVEYOR, PASS, PUB, FAction
from snowdonia.games.foothills.rules.decisions import GAIN, SURVEYOR, USE_SPACE
from snowdonia.games.foothills.rules.flow import answer, log, offer, options, task, then
from snowdonia.games.foothills.rules.state import BAR, NONE, State
from snowdonia.games.foothills.rules.state import PUB as IN_PUB


def space_open(g: State, c: int) -> bool:
    """A card in play with an action space and a built station (start stations count)."""
    cfg = g.cfg
    if not cfg.in_play[c] or cfg.space[c] is None:
        return False
    if cfg.is_start[c]:
        return True
    owner = g.station_owner
    for s in cfg.card_stations[c]:
        if owner[s] != NONE:
            return True
    return False


def occupied(g: State, c: int) -> bool:
    return c in g.surveyor


def position_name(g: State, where: int) -> str:
    return "bar" if where == BAR else "pub" if where == IN_PUB else g.cfg.cards[where].id


def ticket_available(g: State, p: int, c: int) -> bool:
    k = g.cfg.ticket_kind[c]
    return not g.tickets[p] >> k & 1 and g.tickets_left[c] > 0


def space_usable(g: State, p: int, c: int) -> bool:
    """Can any part of the space's action be carried out by p? (The optional flip of another
    card is not part of an action: step 3 of the turn.)"""
    sd = g.cfg.space[c]
    assert sd is not None
    if not supply.can_pay(g, p, sd.cost):
        return False
    if sd.ticket and ticket_available(g, p, c):
        return True
    if sd.summit and g.summit_owner != p:
        return True
    if sd.rubble or sd.passengers or sd.vp:
        return True
    if (sd.iron or sd.resource) and (g.yard_i or g.bag_i):
        return True
    if (sd.stone or sd.resource) and (g.yard_s or g.bag_s):
        return True
    if sd.track and track.works_options(g, p, g.cfg.params[g.cfg.space_track_key[c]], True):
        return True
    if sd.swap and track.works_options(g, p, g.cfg.params["space_swap"], True):
        return True
    return False


def iter_targets(g: State, p: int, prm: Params) -> Iterator[FAction]:
    """Where this surveyor action may send p's surveyor, in card order, then the Pub and
    the bar. Moving is a part of the action in its own right: a space (or the Pub) whose
    action cannot be carried out may still be moved to, and that part is left out (seed
    step 2: "Teile der Aktion, die ihr nicht ausführen könnt, lasst ihr weg"; E: "Zur
    Verfügung stehen alle unbesetzten Vermesseraktionsfelder auf Streckenkarten, auf denen
    mindestens eine Station ... errichtet wurde"). An action that does not move the
    surveyor (Reiseleiterin) is only its use, so it needs a space it can use."""
    cfg = g.cfg
    here = g.surveyor[p]
    if prm.bar and here != BAR:
        bar = A_SURVEYOR["bar"]
    else:
        bar = None
    if prm.adjacent:
        cards = cfg.adjacent[here] if here >= 0 else cfg.start_cards
    else:
        cards = cfg.space_cards
    for c in cards:
        if c == here or not space_open(g, c):
            continue
        if occupied(g, c) and not prm.occupied:
            continue
        if not prm.stay or space_usable(g, p, c):
            yield A_SURVEYOR[cfg.cards[c].id]
    if prm.pub and here != IN_PUB:
        yield PUB
    if bar is not None:
        yield bar


def targets(g: State, p: int, prm: Params) -> list[FAction]:
    return list(iter_targets(g, p, prm))


def surveyor_family(g: State, p: int, key: str) -> None:
    then(g, ("move_surveyor", key))


def surveyor_usable(g: State, p: int, key: str) -> bool:
    prm = g.cfg.params[key]
    if prm.bar and g.surveyor[p] != BAR:
        return True
    return next(iter_targets(g, p, prm), None) is not None


@task("move_surveyor")
def _move(g: State, t: tuple[Any, ...]) -> None:
    offer(g, SURVEYOR, (t[1],))


@options(SURVEYOR)
def _move_options(g: State, ctx: tuple[Any, ...]) -> list[FAction]:
    return targets(g, g.player, g.cfg.params[ctx[0]])


@answer(SURVEYOR)
def _move_answer(g: State, a: FAction, ctx: tuple[Any, ...]) -> None:
    cfg = g.cfg
    p = g.player
    prm = cfg.params[ctx[0]]
    after: list[tuple[Any, ...]] = []
    if prm.passengers or prm.vp:
        after.append(("surveyor_bonus", prm.passengers, prm.vp))
    if prm.flip:
        g.flip_other = True
    if a.kind == "pub":
        move(g, p, IN_PUB)
        then(g, ("pub_score", 0), *after)
        return
    where = str(a.args[0])
    if where == "bar":
        move(g, p, BAR)
        return
    c = cfg.card_index[where]
    if prm.stay:
        if g.journal is not None:
            log(g, "space_from_afar", p, card=where, surveyor=position_name(g, g.surveyor[p]))
    else:
        move(g, p, c)
    then(g, ("use_space", c), *after)


def move(g: State, p: int, where: int) -> None:
    if g.journal is not None:
        log(g, "surveyor", p, to=position_name(g, where), came_from=position_name(g, g.surveyor[p]))
    g.surveyor[p] = where


@task("surveyor_bonus")
def _bonus(g: State, t: tuple[Any, ...]) -> None:
    p = g.player
    supply.gain_passengers(g, p, t[1])
    supply.gain_vp(g, p, t[2])
    if g.journal is not None:
        log(g, "surveyor_bonus", p, passengers=t[1], vp=t[2])


@task("offer_space")
def _offer_space(g: State, t: tuple[Any, ...]) -> None:
    offer(g, USE_SPACE, (t[1],))


@options(USE_SPACE)
def _offer_options(g: State, ctx: tuple[Any, ...]) -> list[FAction]:
    """Seed D: "Befindet sich unterhalb der Station ... ein unbesetztes
    Vermesseraktionsfeld, könnt ihr sofort euren Vermesser darauf versetzen und die Aktion
    nutzen." Unoccupied is all it takes; an action that cannot be carried out is left out."""
    c = ctx[0]
    if occupied(g, c):
        return []
    return [A_SURVEYOR[g.cfg.cards[c].id], PASS]


@answer(USE_SPACE)
def _offer_answer(g: State, a: FAction, ctx: tuple[Any, ...]) -> None:
    if a.kind == "pass":
        return
    move(g, g.player, ctx[0])
    then(g, ("use_space", ctx[0]))


@task("use_space")
def _use_space(g: State, t: tuple[Any, ...]) -> None:
    use_space(g, g.player, t[1])


def use_space(g: State, p: int, c: int) -> None:
    """Carry out a surveyor action space: pay its cost (resources into the bag, passengers
    and rubble to the supply), then its gains in the printed order: ticket, summit,
    rubble, passengers, VP, resources (each from the stockyard or the bag), track, swaps;
    a flip of another card comes in step 3 of the turn."""
    cfg = g.cfg
    sd: SpaceData | None = cfg.space[c]
    assert sd is not None
    if not space_usable(g, p, c):
        # "Teile der Aktion, die ihr nicht ausführen könnt, lasst ihr weg": the surveyor
        # stands here; nothing is paid and nothing gained.
        if g.journal is not None:
            log(g, "space_unused", p, card=cfg.cards[c].id,
                why="cannot pay" if not supply.can_pay(g, p, sd.cost) else "nothing to gain")
        return
    supply.pay(g, p, sd.cost)
    if g.journal is not None:
        log(g, "space", p, card=cfg.cards[c].id, cost=supply.cost_dict(sd.cost))
    if sd.ticket:
        k = cfg.ticket_kind[c]
        if ticket_available(g, p, c):
            g.tickets_left[c] -= 1
            g.tickets[p] |= 1 << k
            if g.journal is not None:
                log(g, "ticket", p, colour=cfg.ticket_colours[k], card=cfg.cards[c].id, left=g.tickets_left[c])
        else:
            if g.journal is not None:
                log(g, "no_ticket", p, colour=cfg.ticket_colours[k], card=cfg.cards[c].id,
                    why="already held" if g.tickets[p] >> k & 1 else "none left")
    if sd.summit and g.summit_owner != p:
        if g.journal is not None:
            log(g, "summit", p, came_from=g.summit_owner)
        g.summit_owner = p
    supply.gain_rubble(g, p, sd.rubble)
    supply.gain_passengers(g, p, sd.passengers)
    supply.gain_vp(g, p, sd.vp)
    if sd.rubble or sd.passengers or sd.vp:
        if g.journal is not None:
            log(g, "gain", p, rubble=sd.rubble, passengers=sd.passengers, vp=sd.vp)
    steps: list[tuple[Any, ...]] = []
    for res, n in (("iron", sd.iron), ("stone", sd.stone), ("resource", sd.resource)):
        if n:
            steps.append(("gain", res, n))
    if sd.track:
        steps.append(("works", sd.track, 0, cfg.space_track_key[c]))
    if sd.swap:
        steps.append(("works", sd.swap, 0, "space_swap"))
    then(g, *steps)
    if sd.flip:
        g.flip_other = True


@task("gain")
def _gain(g: State, t: tuple[Any, ...]) -> None:
    offer(g, GAIN, (t[1], t[2]))


@options(GAIN)
def _gain_options(g: State, ctx: tuple[Any, ...]) -> list[FAction]:
    """Seed E: resources a surveyor action gives come "wahlweise vom Lagerplättchen ... oder
    aus dem Stoffbeutel"."""
    res = ctx[0]
    out = []
    for kind, yard, bag_n in (("iron", g.yard_i, g.bag_i), ("stone", g.yard_s, g.bag_s)):
        if res in (kind, "resource"):
            if yard:
                out.append(A_GAIN[(kind, "yard")])
            if bag_n:
                out.append(A_GAIN[(kind, "bag")])
    return out


@answer(GAIN)
def _gain_answer(g: State, a: FAction, ctx: tuple[Any, ...]) -> None:
    res, n = ctx
    p = g.player
    kind, src = a.kind, str(a.args[0])
    if g.journal is not None:
        log(g, "resource", p, resource=kind, source=src)
    if src == "yard":
        stockyard.take_from_yard(g, p, int(kind == "iron"), int(kind == "stone"))
    elif kind == "iron":
        g.bag_i -= 1
        g.iron[p] += 1
    else:
        g.bag_s -= 1
        g.stone[p] += 1
    if n > 1:
        then(g, ("gain", res, n - 1))
