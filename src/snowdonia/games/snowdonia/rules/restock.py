"""The restocks at the end of a round (seed 004 "Restock Contract Cards", "Restock the Stock
Yard"; solitaire: "Discard all Contract cards and deal out three new cards")."""

from __future__ import annotations

from typing import Final

from snowdonia.games.snowdonia.rules import bag
from snowdonia.games.snowdonia.rules.board import emit
from snowdonia.games.snowdonia.rules.maintenance import discard_public
from snowdonia.games.snowdonia.rules.state import State

OFFICE_SPACES: Final = 3


def restock_office(g: State) -> None:
    """"If a Contract card is in position [1] in the Site Office, put it face down onto the
    discard pile. Move any other Contract cards ... to the left ... Add cards face up ... from
    the top of the Contract Card Deck" (solo: all three are replaced)."""
    office = g.office
    discarded: list[int] = []
    if g.cfg.solo:
        discarded = [c for c in office if c]
        office = []
    else:
        if office[0]:
            discarded = [office[0]]
        office = [c for c in office[1:] if c]
    for c in discarded:
        discard_public(g, c)
    dealt: list[int] = []
    while len(office) < OFFICE_SPACES:
        c = bag.draw_contract(g)
        office.append(c)
        if not c:
            break
        dealt.append(c)
    while len(office) < OFFICE_SPACES:
        office.append(0)
    g.office = office
    seen = 0
    for c in office:
        seen |= 1 << c
    seen &= ~1
    g.seen = [s | seen for s in g.seen]
    if g.journal is not None:
        emit(g, "office", discarded=discarded, dealt=dealt)


def restock_stock_yard(g: State) -> None:
    """"Take the appropriate number of cubes at random from the Supply Bag and place them on
    the Stock Yard spaces"; event cubes drawn are placed afterwards, one at a time (seeds 004
    and 000 draw first, then place), so cubes returned by events 4, 7 and 10 cannot be drawn
    again in the same restock. If the bag runs out, the draw stops."""
    got = [0, 0, 0, 0]
    for _ in range(g.cfg.restock):
        kind = bag.draw(g)
        if kind < 0:
            break
        got[kind] += 1
    g.yard_i += got[bag.IRON]
    g.yard_s += got[bag.STONE]
    g.yard_c += got[bag.COAL]
    g.events_pending = got[bag.EVENT_CUBE]
    if g.journal is not None:
        emit(g, "restock", iron=got[0], stone=got[1], coal=got[2], events=got[3])
