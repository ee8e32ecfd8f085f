"""D Lay Track (seed 004 "D LAY TRACK"), and #8's extra Lay Track after it."""

from __future__ import annotations

from snowdonia.games.snowdonia.rules import contracts
from snowdonia.games.snowdonia.rules.board import emit, lay_track_rate, train_ability
from snowdonia.games.snowdonia.rules.state import State


def resolve(g: State, idx: int, p: int) -> bool:
    lay(g, p)
    return False


def lay(g: State, p: int) -> None:
    """"Return to general supply a number of Steel Bars up to the current Lay Track Work Rate
    plus any bonuses and, for each one, turn over the fully-excavated Track card closest up the
    mountain" - as many as the rate (No. 7 Ralph +1, #1/#2 +1 each), the steel and the
    excavated cards allow; the player cannot choose fewer."""
    amount = lay_track_rate(g) + contracts.lay_track_bonus(g, p) + train_ability(g, p, "lay_track_bonus")
    tracks = g.cfg.hooks.lay_track(g, p, amount)
    if g.journal is not None:
        if tracks:
            emit(g, "lay", seat=p, cards=len(tracks), tracks=tracks)
        else:
            why = "no_rate" if amount <= 0 else "no_steel" if not g.steel[p] else "no_card"
            emit(g, "lay", seat=p, cards=0, tracks=tracks, why=why)
