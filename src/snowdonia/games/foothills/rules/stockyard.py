"""A — Ressourcen nehmen (Stockyard): taking resources, refilling the stockyard and the
event cubes it draws (seed 001 "A Ressourcen nehmen", "Das Lager auffüllen", "Ein Ereignis
auslösen"), and the set-up take of step 10.

"Nimm bis zu 3 Ressourcen deiner Wahl vom Lagerplättchen ... nicht weniger als eine.
Befinden sich weniger als 3 Ressourcen auf dem Lagerplättchen, nehmt diese, füllt das Lager
wieder auf und nehmt euch dann die restlichen Ressourcen, die euch zustehen."
"""

from __future__ import annotations

from typing import Any

from snowdonia.games.foothills.data import Params
from snowdonia.games.foothills.rules import bag, navvies
from snowdonia.games.foothills.rules.actions import A_TAKE, PASS, FAction
from snowdonia.games.foothills.rules.decisions import SETUP_TAKE, TAKE
from snowdonia.games.foothills.rules.flow import answer, log, offer, options, task, then
from snowdonia.games.foothills.rules.state import State


def yard_resources(g: State) -> int:
    return g.yard_i + g.yard_s


def bag_resources(g: State) -> int:
    return g.bag_i + g.bag_s


def _draw(g: State, n: int) -> tuple[list[int], int, int]:
    """Draw up to n cubes from the bag: the count of each kind drawn (iron, stone, event), the
    event cubes set aside while `replace_events` is set (Altmaterial, Hafenmarkt: each is
    replaced by another draw), and how many were drawn (fewer than n only if the bag ran out)."""
    got = [0, 0, 0]
    aside = 0
    drawn = 0
    while drawn < n:
        kind = bag.draw(g)
        if kind < 0:
            break
        if kind == bag.EVENT and g.replace_events:
            g.events_aside += 1
            aside += 1
            continue
        got[kind] += 1
        drawn += 1
    return got, aside, drawn


def refill(g: State, n: int | None = None, why: str = "refill") -> None:
    """Das Lager auffüllen: draw exactly 6 cubes from the bag onto the stockyard; every event
    cube drawn goes into a hole of the stockyard and places a navvy, before the action goes
    on. While `replace_events` is set (Altmaterial, Hafenmarkt) an event cube is set aside
    and another cube drawn in its place."""
    want = g.cfg.rules["refill"] if n is None else n
    got, aside, drawn = _draw(g, want)
    g.yard_i += got[bag.IRON]
    g.yard_s += got[bag.STONE]
    g.yard_e += got[bag.EVENT]
    if g.journal is not None:
        log(g, "refill", g.player, why=why, iron=got[0], stone=got[1], events=got[2], set_aside=aside,
            short=want - drawn)
    for _ in range(got[bag.EVENT]):
        navvies.place(g)


def take_from_yard(g: State, p: int, iron: int, stone: int) -> None:
    """Move resources from the stockyard to a player; taking the last one refills it."""
    g.yard_i -= iron
    g.yard_s -= stone
    g.iron[p] += iron
    g.stone[p] += stone
    if iron + stone and yard_resources(g) == 0:
        refill(g)


def draw_blind(g: State, p: int, n: int) -> None:
    """Hafenmarkt: draw cubes blind from the bag into your supply."""
    got, aside, _ = _draw(g, n)
    g.iron[p] += got[bag.IRON]
    g.stone[p] += got[bag.STONE]
    g.yard_e += got[bag.EVENT]
    if g.journal is not None:
        log(g, "draw", p, iron=got[0], stone=got[1], events=got[2], set_aside=aside)
    for _ in range(got[bag.EVENT]):
        navvies.place(g)


def take_family(g: State, p: int, prm: Params) -> None:
    """Main action A and the A side actions, in the order their texts give."""
    steps: list[tuple[Any, ...]] = []
    if prm.replace_events:
        g.replace_events = True
    if prm.return_yard and yard_resources(g):
        g.bag_i += g.yard_i
        g.bag_s += g.yard_s
        if g.journal is not None:
            log(g, "yard_returned", p, iron=g.yard_i, stone=g.yard_s)
        g.yard_i = g.yard_s = 0
    if prm.refill == "always":
        refill(g)
    elif prm.refill == "unless_full":
        if g.yard_i + g.yard_s + g.yard_e < g.cfg.rules["full_stockyard"]:
            refill(g)
        else:
            if g.journal is not None:
                log(g, "no_refill", p, cubes=g.yard_i + g.yard_s + g.yard_e)
    if prm.draw_to_yard:
        refill(g, prm.draw_to_yard, why="draw")
    if prm.blind:
        draw_blind(g, p, prm.blind)
    if prm.take:
        steps.append(("take", prm.take, 0))
    if prm.replace_events:
        steps.append(("return_aside",))
    then(g, *steps)
    if prm.flip:
        g.flip_other = True


def take_usable(g: State, prm: Params) -> bool:
    """Can any part be carried out? (seed: a card none of whose action can be carried out
    may not be chosen)"""
    if prm.take and (yard_resources(g) or g.bag_i + g.bag_s + g.bag_e):
        return True  # an empty stockyard is refilled first, event cubes and all (see `_take`)
    if prm.blind and bag_resources(g):
        return True
    if prm.draw_to_yard and g.bag_i + g.bag_s + g.bag_e:
        return True
    return False


@task("take")
def _take(g: State, t: tuple[Any, ...]) -> None:
    if yard_resources(g) == 0:
        # "Befinden sich weniger als 3 Ressourcen auf dem Lagerplättchen, nehmt diese, füllt
        # das Lager wieder auf": with none there (the bag ran short at the last refill), the
        # stockyard is refilled first; the refill is part of the action even when it draws
        # only event cubes.
        refill(g)
    offer(g, TAKE, (t[1], t[2]))


def take_options(yi: int, ys: int, most: int, least: int) -> list[FAction]:
    out = []
    for tot in range(min(most, yi + ys), least - 1, -1):
        for i in range(min(tot, yi), -1, -1):
            if tot - i <= ys:
                out.append(A_TAKE[(i, tot - i)])
    return out


@options(TAKE)
def _take_options(g: State, ctx: tuple[Any, ...]) -> list[FAction]:
    n, taken = ctx
    out = take_options(g.yard_i, g.yard_s, n, 1)
    if taken:
        out.append(PASS)
    return out


@answer(TAKE)
def _take_answer(g: State, a: FAction, ctx: tuple[Any, ...]) -> None:
    n, taken = ctx
    p = g.player
    if a.kind == "pass":
        return
    i, s = int(a.args[0]), int(a.args[1])
    emptied = i + s == yard_resources(g)
    if g.journal is not None:
        log(g, "take", p, iron=i, stone=s)
    take_from_yard(g, p, i, s)
    rest = n - i - s
    if emptied and rest > 0:
        then(g, ("take", rest, taken + i + s))


@task("return_aside")
def _return_aside(g: State, t: tuple[Any, ...]) -> None:
    if g.events_aside:
        if g.journal is not None:
            log(g, "events_back", g.player, events=g.events_aside)
    g.bag_e += g.events_aside
    g.events_aside = 0
    g.replace_events = False


@task("setup_take")
def _setup_take(g: State, t: tuple[Any, ...]) -> None:
    offer(g, SETUP_TAKE, (t[1],), who=t[1])


@options(SETUP_TAKE)
def _setup_options(g: State, ctx: tuple[Any, ...]) -> list[FAction]:
    k = min(g.cfg.rules["setup_take"], yard_resources(g))
    return take_options(g.yard_i, g.yard_s, k, k)


@answer(SETUP_TAKE)
def _setup_answer(g: State, a: FAction, ctx: tuple[Any, ...]) -> None:
    p = ctx[0]
    i, s = int(a.args[0]), int(a.args[1])
    # Seed set-up 10: "Das Lager wird (noch) nicht wieder aufgefüllt!"
    g.yard_i -= i
    g.yard_s -= s
    g.iron[p] += i
    g.stone[p] += s
    if g.journal is not None:
        log(g, "setup_take", p, iron=i, stone=s)
