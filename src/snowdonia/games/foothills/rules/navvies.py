"""Navvies: the events (seed 001 "Ein Ereignis auslösen", "Einen Streckenarbeiter
platzieren").

"Geht beginnend mit Spalte 2 die Streckenkarten spaltenweise durch, indem ihr die Karten
innerhalb einer Spalte von oben nach unten betrachtet und die Spalten von links nach rechts
durchlauft. Stoppt bei der ersten Streckenkarte, auf der sich weder eine Gleis-, Stations-,
noch Streckenarbeitermarke befindet. Entfernt jegliches Geröll von dieser Karte und
platziert eine Streckenarbeitermarke so auf der Karte, dass sowohl das Gleisfeld als auch
sämtliche Stationsfelder dieser Karte abgedeckt sind - diese gelten als von Drittfirmen
gebaut. Befindet sich auf der Streckenkarte ein Aktionsfeld, so ist es ab sofort verfügbar."
"""

from __future__ import annotations

from snowdonia.games.foothills.rules import end, track
from snowdonia.games.foothills.rules.flow import log
from snowdonia.games.foothills.rules.state import NAVVY, NONE, State


def target(g: State) -> int:
    """The card the next navvy goes to, or NONE: the first card in column order with no
    track, station or navvy marker (start stations, in column 1, are never looked at)."""
    cfg = g.cfg
    for c in cfg.navvy_order:
        if g.navvy[c]:
            continue
        if any(g.track_owner[t] != NONE for t in cfg.card_tracks[c]):
            continue
        if any(g.station_owner[s] != NONE for s in cfg.card_stations[c]):
            continue
        return c
    return NONE


def place(g: State) -> None:
    """Place a navvy; if none is left or no card can take one, the end is rung in."""
    cfg = g.cfg
    if g.navvies_left == 0:
        if g.journal is not None:
            log(g, "navvy_failed", g.player, reason="none left")
        end.trigger(g, end.NO_NAVVY_LEFT)
        return
    c = target(g)
    if c == NONE:
        if g.journal is not None:
            log(g, "navvy_failed", g.player, reason="no card")
        end.trigger(g, end.NO_CARD_FOR_NAVVY)
        return
    rubble = g.card_rubble[c]
    g.rubble_supply += rubble
    g.card_rubble[c] = 0
    g.navvy[c] = 1
    g.navvies_left -= 1
    for t in cfg.card_tracks[c]:
        g.track_owner[t] = NAVVY
    for s in cfg.card_stations[c]:
        g.station_owner[s] = NAVVY
    if g.journal is not None:
        log(g, "navvy", g.player, card=cfg.cards[c].id, rubble=rubble, left=g.navvies_left)
    for r in cfg.card_rails[c]:
        track.check_complete(g, r)
