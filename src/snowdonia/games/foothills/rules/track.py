"""C — Gleisbau und Steintausch (track and stone), and completing a railway (seed 001
"C Gleisbau und Steintausch", "Ein Gleis bauen", "Eine Strecke abschließen", "Geröll gegen
Stein tauschen").

"Baue 1 Gleis für 2 Eisen oder tausche 2 Geröll gegen 1 Stein. Triff diese Wahl bis zu
dreimal. Erhalte 1 Siegpunkt für jedes neue Gleis, das du baust."
"""

from __future__ import annotations

from typing import Any

from snowdonia.games.foothills.data import Cost, Params
from snowdonia.games.foothills.rules import end, stockyard, supply
from snowdonia.games.foothills.rules.actions import A_GAIN, A_TRACK, A_TRACK_PAY, PASS, FAction
from snowdonia.games.foothills.rules.decisions import WORKS
from snowdonia.games.foothills.rules.flow import answer, log, offer, options, task, then
from snowdonia.games.foothills.rules.state import NONE, State


def free_track(g: State, r: int) -> int:
    """The next free track space from the left of railway r, or NONE. Free: no rubble left
    on it, no navvy and no track marker (seed "Ein Gleis bauen"). Porthmadog's two spaces are
    free only once its left space is cleared, and fill left to right."""
    cfg = g.cfg
    for t in cfg.rail_tracks[r]:
        if g.track_owner[t] == NONE and g.card_rubble[cfg.track_card[t]] == 0:
            return t
    return NONE


def complete(g: State, r: int) -> bool:
    return all(g.track_owner[t] != NONE for t in g.cfg.rail_tracks[r])


def check_complete(g: State, r: int) -> None:
    """Eine Strecke abschließen: once every track space of a railway holds a track marker or
    a navvy, a buffer stop goes at its end; the last buffer stop rings in the end. Porthmadog
    can complete one railway and not the other: each gets its own buffer stop."""
    if g.buffer[r] or not complete(g, r) or g.buffers_left == 0:
        return
    g.buffer[r] = 1
    g.buffers_left -= 1
    if g.journal is not None:
        log(g, "buffer_stop", g.player, railway=g.cfg.rail_numeral[r], left=g.buffers_left)
    if g.buffers_left == 0:
        end.trigger(g, end.ALL_BUFFER_STOPS)


def lay(g: State, p: int, r: int, cost: Cost, vp: int) -> None:
    """Ein Gleis bauen: pay (iron and stone into the bag), put a marker on the next free
    track space, take the VP; a railway whose spaces are all covered gets a buffer stop."""
    cfg = g.cfg
    t = free_track(g, r)
    supply.pay(g, p, cost)
    g.track_owner[t] = p
    g.markers[p] -= 1
    g.tracks_built[p] += 1
    supply.gain_vp(g, p, vp)
    card = cfg.track_card[t]
    if g.journal is not None:
        log(g, "track", p, railway=cfg.rail_numeral[r], card=cfg.cards[card].id,
            space=cfg.card_tracks[card].index(t) + 1, cost=supply.cost_dict(cost), vp=vp)
    for r2 in cfg.card_rails[card]:
        check_complete(g, r2)


def swap(g: State, p: int, source: str, rubble: int) -> None:
    """Geröll gegen Stein tauschen: rubble to the supply, 1 stone from the stockyard or
    picked out of the bag; taking the stockyard's last resource refills it."""
    g.rubble[p] -= rubble
    g.rubble_supply += rubble
    if g.journal is not None:
        log(g, "swap", p, rubble=rubble, source=source)
    if source == "yard":
        stockyard.take_from_yard(g, p, 0, 1)
    else:
        g.bag_s -= 1
        g.stone[p] += 1


def works_options(g: State, p: int, prm: Params, first: bool) -> list[FAction]:
    cfg = g.cfg
    out: list[FAction] = []
    if prm.track and g.markers[p] > 0:
        for r in range(cfg.n_rails):
            if not cfg.rail_in_play[r] or free_track(g, r) == NONE:
                continue
            n = cfg.rail_numeral[r]
            if prm.track_any:
                for i in (2, 1, 0):
                    if g.iron[p] >= i and g.stone[p] >= 2 - i:
                        out.append(A_TRACK_PAY[(n, i, 2 - i)])
            elif g.iron[p] >= prm.track_iron:
                out.append(A_TRACK[n])
    if prm.swap and g.rubble[p] >= prm.swap_rubble:
        if g.yard_s:
            out.append(A_GAIN[("stone", "yard")])
        if g.bag_s:
            out.append(A_GAIN[("stone", "bag")])
    if out and not first:
        out.append(PASS)
    return out


def works_family(g: State, p: int, key: str) -> None:
    """Main action C and the C side actions: `times` choices of track or swap."""
    prm = g.cfg.params[key]
    then(g, ("works", prm.times, 1, key))
    if prm.flip:
        g.flip_other = True


def works_usable(g: State, p: int, key: str) -> bool:
    return bool(works_options(g, p, g.cfg.params[key], True))


@task("works")
def _works(g: State, t: tuple[Any, ...]) -> None:
    _, times, first, key = t
    offer(g, WORKS, (times, first, key))


@options(WORKS)
def _works_options(g: State, ctx: tuple[Any, ...]) -> list[FAction]:
    _times, first, key = ctx
    return works_options(g, g.player, g.cfg.params[key], bool(first))


@answer(WORKS)
def _works_answer(g: State, a: FAction, ctx: tuple[Any, ...]) -> None:
    times, _first, key = ctx
    p = g.player
    cfg = g.cfg
    prm = cfg.params[key]
    if a.kind == "pass":
        return
    if a.kind == "track":
        r = cfg.rail_index[str(a.args[0])]
        cost = Cost(iron=int(a.args[1]), stone=int(a.args[2])) if len(a.args) == 3 else Cost(iron=prm.track_iron)
        lay(g, p, r, cost, prm.track_vp)
    else:
        swap(g, p, str(a.args[0]), prm.swap_rubble)
    if times > 1:
        then(g, ("works", times - 1, 0, key))
