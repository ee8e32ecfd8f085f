"""Spielende — the end of the game (seed 001 "Spielende und Wertung").

"Das Spielende wird durch eine der beiden folgenden Situationen eingeläutet: Alle Prellböcke
wurden aufgestellt. Ihr sollt einen Streckenarbeiter platzieren, könnt dies aber nicht.
Tritt dies im Spielzug des Startspielers ein, kommt der andere Spieler noch ein letztes Mal
an die Reihe, so dass ihr beide gleich viele Spielzüge durchgeführt habt. Andernfalls endet
das Spiel am Ende des aktuellen Spielzugs."
"""

from __future__ import annotations

from typing import Final

from snowdonia.games.foothills.rules import scoring
from snowdonia.games.foothills.rules.flow import log
from snowdonia.games.foothills.rules.state import NONE, State

ALL_BUFFER_STOPS: Final = "all buffer stops placed"
NO_NAVVY_LEFT: Final = "a navvy had to be placed but none was left"
NO_CARD_FOR_NAVVY: Final = "a navvy had to be placed but no route card could take it"
TURN_LIMIT: Final = "turn limit (safety net, not a rule)"


def trigger(g: State, reason: str) -> None:
    """The end is rung in (only the first trigger counts); the turn goes on."""
    if g.end_trigger != NONE:
        return
    g.end_trigger = g.player
    g.end_reason = reason
    if g.journal is not None:
        log(g, "end_triggered", g.player, reason=reason, start_player=g.player == g.start)


def after_turn(g: State) -> bool:
    """Step 4 of a turn: is the game over now? Returns True when it is."""
    if g.end_trigger != NONE:
        if g.final_turn or g.end_trigger != g.start:
            finish(g)
            return True
        g.final_turn = True
        if g.journal is not None:
            log(g, "last_turn", 1 - g.start)
        return False
    if sum(g.turns_taken) >= g.cfg.turn_limit:
        g.end_reason = TURN_LIMIT
        finish(g)
        return True
    return False


def finish(g: State) -> None:
    g.over = True
    res = scoring.result(g)
    if g.journal is not None:
        log(g, "game_over", None, reason=g.end_reason, scores=res["scores"], winners=res["winners"],
            draw=res["draw"])
