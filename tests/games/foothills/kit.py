"""Helpers for the Foothills rule tests: build a game, edit its flat state into a precise
situation (moving pieces between places so every total stays whole), script the bag, then
drive the game through `apply` only. Nothing here implements a rule."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from snowdonia.games.foothills.game import FoothillsGame
from snowdonia.games.foothills.rules import flow
from snowdonia.games.foothills.rules.bag import EVENT, IRON, STONE
from snowdonia.games.foothills.rules.state import NONE
from snowdonia.games.foothills.title import TITLE

SEED = "seed 001_c8b34512af30f80d.txt"
ALL_BUT_VII_VIII = "I,II,III,IV,V,VI"
KIND = {"iron": IRON, "stone": STONE, "event": EVENT}


class Script:
    """A chance hook that draws from the bag in a scripted order ("iron", "stone", "event"),
    then falls back to the first kind the bag still holds."""

    def __init__(self, draws: Iterable[str] = ()) -> None:
        self.queue = [KIND[d] for d in draws]
        self.asked: list[str] = []

    def pick(self, g: Any, what: str, weights: tuple[int, ...]) -> int:
        self.asked.append(what)
        if what == "bag" and self.queue:
            k = self.queue.pop(0)
            assert weights[k] > 0, f"scripted draw {k} but the bag holds {weights}"
            return k
        return next(i for i, w in enumerate(weights) if w > 0)

    def arrange(self, g: Any, what: str, items: list[int]) -> None:
        self.asked.append(what)


def new(railways: str = ALL_BUT_VII_VIII, start: int = 0, seed: int = 1, colours: str = "blue-green",
        setup: tuple[str, str] | None = None, **settings: Any) -> FoothillsGame:
    """A game at its first card choice (the set-up takes answered by the first option, or by
    `setup` = (second player's take, start player's take))."""
    g = TITLE.new_game(2, seed=seed, railways=railways, start_player=start, colours=colours, **settings)
    for i in range(2):
        if g.decision == "setup_take":
            g.apply(setup[i] if setup else legal(g)[0])
    return g


def touch(g: FoothillsGame) -> None:
    g._legal = None


def legal(g: FoothillsGame) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def card(g: FoothillsGame, cid: str) -> int:
    return g.cfg.card_index[cid]


def ac(g: FoothillsGame, cid: str) -> int:
    return g.cfg.ac_index[cid]


def station(g: FoothillsGame, key: str) -> int:
    return g.cfg.station_index[key]


def rail(g: FoothillsGame, numeral: str) -> int:
    return g.cfg.rail_index[numeral]


def give(g: FoothillsGame, p: int, *, iron: int = 0, stone: int = 0, rubble: int = 0,
         passengers: int = 0) -> None:
    """Hand pieces to seat p: iron and stone from the bag, rubble and passengers from the
    supply (or substitutes)."""
    assert g.bag_i >= iron and g.bag_s >= stone, "not enough in the bag"
    g.bag_i -= iron
    g.iron[p] += iron
    g.bag_s -= stone
    g.stone[p] += stone
    from snowdonia.games.foothills.rules import supply
    supply.gain_rubble(g, p, rubble)
    supply.gain_passengers(g, p, passengers)
    touch(g)


def empty_hands(g: FoothillsGame, p: int) -> None:
    """Seat p's iron and stone back into the bag, rubble and passengers to the supply."""
    g.bag_i += g.iron[p]
    g.bag_s += g.stone[p]
    g.iron[p] = g.stone[p] = 0
    g.rubble_supply += g.rubble[p]
    g.rubble[p] = 0
    g.pass_supply += g.passengers[p]
    g.passengers[p] = 0
    touch(g)


def set_yard(g: FoothillsGame, iron: int, stone: int, events: int | None = None) -> None:
    """The stockyard holds exactly this (moved to and from the bag)."""
    g.bag_i += g.yard_i - iron
    g.bag_s += g.yard_s - stone
    g.yard_i, g.yard_s = iron, stone
    if events is not None:
        g.bag_e += g.yard_e - events
        g.yard_e = events
    assert g.bag_i >= 0 and g.bag_s >= 0 and g.bag_e >= 0
    touch(g)


def set_bag(g: FoothillsGame, iron: int, stone: int, events: int) -> None:
    """The bag holds exactly this; the difference moves to or from the stockyard."""
    g.yard_i += g.bag_i - iron
    g.yard_s += g.bag_s - stone
    g.yard_e += g.bag_e - events
    g.bag_i, g.bag_s, g.bag_e = iron, stone, events
    assert g.yard_i >= 0 and g.yard_s >= 0 and g.yard_e >= 0
    touch(g)


def clear(g: FoothillsGame, *cids: str) -> None:
    """Remove the rubble of these route cards to the supply (as if dug out by nobody)."""
    for cid in cids:
        c = card(g, cid)
        g.rubble_supply += g.card_rubble[c]
        g.card_rubble[c] = 0
    touch(g)


def clear_all(g: FoothillsGame) -> None:
    clear(g, *[x.id for i, x in enumerate(g.cfg.cards) if g.cfg.in_play[i]])


def set_rubble(g: FoothillsGame, cid: str, n: int) -> None:
    c = card(g, cid)
    g.rubble_supply += g.card_rubble[c] - n
    g.card_rubble[c] = n
    touch(g)


def lay(g: FoothillsGame, p: int, cid: str, space: int = 0) -> None:
    """A track marker of seat p on a track space (rubble must be gone)."""
    c = card(g, cid)
    assert g.card_rubble[c] == 0
    t = g.cfg.card_tracks[c][space]
    assert g.track_owner[t] == NONE
    g.track_owner[t] = p
    g.markers[p] -= 1
    g.tracks_built[p] += 1
    touch(g)


def built(g: FoothillsGame, p: int, key: str) -> None:
    """A station marker of seat p on station `key` (rubble must be gone)."""
    s = station(g, key)
    assert g.card_rubble[g.cfg.st_card[s]] == 0 and g.station_owner[s] == NONE
    g.station_owner[s] = p
    g.markers[p] -= 1
    g.stations_built[p] += 1
    touch(g)


def navvy_on(g: FoothillsGame, cid: str) -> None:
    """A navvy on this card, placed by hand (the search order is not followed)."""
    from snowdonia.games.foothills.rules.state import NAVVY
    c = card(g, cid)
    g.rubble_supply += g.card_rubble[c]
    g.card_rubble[c] = 0
    g.navvy[c] = 1
    g.navvies_left -= 1
    for t in g.cfg.card_tracks[c]:
        g.track_owner[t] = NAVVY
    for s in g.cfg.card_stations[c]:
        g.station_owner[s] = NAVVY
    touch(g)


def side(g: FoothillsGame, p: int, cid: str, grey: bool) -> None:
    a = ac(g, cid)
    slot = p * 5 + g.cfg.ac_cat[a]
    assert g.bar[slot] == a, f"{cid} is not in seat {p}'s bar"
    g.grey[slot] = int(grey)
    touch(g)


def put_in_bar(g: FoothillsGame, p: int, cid: str, grey: bool = False) -> None:
    """Swap card `cid` (from anywhere) into p's bar; the card it replaces takes its place."""
    a = ac(g, cid)
    slot = p * 5 + g.cfg.ac_cat[a]
    old = g.bar[slot]
    if old == a:
        g.grey[slot] = int(grey)
        touch(g)
        return
    bit = 1 << a
    for q in (0, 1):
        oslot = q * 5 + g.cfg.ac_cat[a]
        if g.bar[oslot] == a:
            g.bar[oslot] = old
            g.grey[oslot] = 0
            break
    else:
        for q in (0, 1):
            if g.pile[q] & bit:
                g.pile[q] &= ~bit
                if old != NONE:
                    g.pile[q] |= 1 << old
                break
        else:
            if g.supply_cards & bit:
                g.supply_cards &= ~bit
                if old != NONE:
                    g.supply_cards |= 1 << old
            else:
                assert g.box_cards & bit
                g.box_cards &= ~bit
                if old != NONE:
                    g.box_cards |= 1 << old
    g.bar[slot] = a
    g.grey[slot] = int(grey)
    touch(g)


def ticket(g: FoothillsGame, p: int, start_cid: str) -> None:
    """Seat p holds the ticket of this start card (taken from it)."""
    c = card(g, start_cid)
    k = g.cfg.ticket_kind[c]
    assert g.tickets_left[c] > 0 and not g.tickets[p] >> k & 1
    g.tickets_left[c] -= 1
    g.tickets[p] |= 1 << k
    touch(g)


def restart_turn(g: FoothillsGame, p: int) -> None:
    """Re-open the card choice of a turn of seat p after editing the state."""
    g.player = p
    g.decision = None
    g.tasks = [("turn",)]
    g.turn -= 1 if g.turn else 0
    g.card = NONE
    touch(g)
    flow.advance(g)


def play(g: FoothillsGame, *actions: str) -> None:
    for a in actions:
        g.apply(a)


def events(g: FoothillsGame, kind: str) -> list[dict[str, Any]]:
    return [e for e in g.log() if e["type"] == kind]
