"""Navvies (seed 001_c8b34512af30f80d.txt, "Ein Ereignis auslösen", "Einen Streckenarbeiter
platzieren")."""

from __future__ import annotations

from snowdonia.games.foothills.rules import navvies
from snowdonia.games.foothills.rules.state import NAVVY, NONE

from . import invariants
from .kit import built, card, clear, events, lay, new, rail, restart_turn


def test_column_by_column_top_to_bottom_from_column_2() -> None:
    """Seed 001: "Geht beginnend mit Spalte 2 die Streckenkarten spaltenweise durch, indem ihr
    die Karten innerhalb einer Spalte von oben nach unten betrachtet und die Spalten von
    links nach rechts durchlauft. (Die Startstationen werden also ignoriert.)" """
    g = new()
    order = [g.cfg.cards[c].id for c in g.cfg.navvy_order]
    assert order[:6] == ["I-2", "II-2", "III-2", "IV-2/3", "V-2", "VI-2"]
    assert order[6:11] == ["I-3", "II-3", "III-3", "V-3/4", "VI-3"]  # IV-2/3 met in column 2
    # column 5: Porthmadog at half height between I and II comes before VI-5/6
    assert order.index("I/II-5") + 2 == order.index("VI-5/6") and order[order.index("I/II-5") + 1] == "IV-5"
    assert not any(g.cfg.is_start[c] for c in g.cfg.navvy_order)


def test_the_seeds_two_viaducts_example() -> None:
    """Seed 001: "Beispiel: Der nächste Streckenarbeiter kommt auf die Doppelkarte 'Two
    Viaducts/Hebron' (IV-2/3), weil die beiden Streckenkarten darüber bereits einen
    Streckenarbeiter (aus einem früheren Spielzug) bzw. eine Stationsmarke eines Spielers
    enthalten. Die verbliebenen 3 Geröll von 'Two Viaducts/Hebron' kommen in den allgemeinen
    Vorrat zurück." """
    g = new(railways="II,III,IV,V,VI,VII")
    g.player = 0
    navvies.place(g)  # onto II-2, the first card of column 2
    assert g.navvy[card(g, "II-2")]
    clear(g, "III-2")
    built(g, 1, "III-2")
    supply = g.rubble_supply
    navvies.place(g)
    c = card(g, "IV-2/3")
    assert g.navvy[c] and g.card_rubble[c] == 0 and g.rubble_supply == supply + 3
    assert all(g.station_owner[s] == NAVVY for s in g.cfg.card_stations[c])
    assert all(g.track_owner[t] == NAVVY for t in g.cfg.card_tracks[c])
    ev = events(g, "navvy")[-1]
    assert {k: v for k, v in ev.items() if k not in ("move", "round")} == {"type": "navvy", "seat": 0, "card": "IV-2/3", "rubble": 3, "left": 8}
    assert ev["move"] == g.n_moves and ev["round"] == g.turn
    invariants.check(g)


def test_a_card_with_any_marker_is_skipped_and_the_space_opens() -> None:
    """Seed 001: "Stoppt bei der ersten Streckenkarte, auf der sich weder eine Gleis-,
    Stations-, noch Streckenarbeitermarke befindet. ... diese gelten als von Drittfirmen
    gebaut. Befindet sich auf der Streckenkarte ein Aktionsfeld, so ist es ab sofort
    verfügbar." """
    g = new()
    clear(g, "I-2")
    lay(g, 0, "I-2")  # a track marker only: skipped
    navvies.place(g)
    assert g.navvy[card(g, "II-2")] and not g.navvy[card(g, "I-2")]
    restart_turn(g, 0)
    g.apply("card E1")
    assert "surveyor II-2" in [str(a) for a in g.legal_actions()]


def test_a_navvy_completing_a_railway_brings_a_buffer_stop() -> None:
    """Seed 001: "Wird die Strecke durch den Streckenarbeiter abgeschlossen, kommt ein
    Prellbock ans Ende dieser Strecke." """
    g = new()
    for cid in ("V-3/4",):
        clear(g, cid)
        lay(g, 1, cid)
    for cid in ("I-2", "II-2", "III-2", "IV-2/3"):
        clear(g, cid)
        lay(g, 1, cid)
    navvies.place(g)
    assert g.navvy[card(g, "V-2")]
    assert g.buffer[rail(g, "V")] == 1 and events(g, "buffer_stop")[-1]["railway"] == "V"
    invariants.check(g)


def test_no_navvy_left_rings_in_the_end() -> None:
    """Seed 001: "Kann kein Streckenarbeiter mehr platziert werden (weil alle aufgebraucht sind
    oder es keine passende Streckenkarte mehr gibt), wird das Spielende eingeläutet." """
    g = new()
    for _ in range(10):
        navvies.place(g)
    assert g.navvies_left == 0 and g.end_trigger == NONE
    navvies.place(g)
    assert g.end_trigger == g.player and "none was left" in g.end_reason
    g2 = new(railways="I,II,III,IV,V,VII")
    for c in g2.cfg.navvy_order:
        clear(g2, g2.cfg.cards[c].id)
        if not g2.navvy[c]:
            built(g2, 1, g2.cfg.st_key[g2.cfg.card_stations[c][0]]) if g2.markers[1] else lay(g2, 0, g2.cfg.cards[c].id)
    navvies.place(g2)
    assert "no route card" in g2.end_reason and g2.navvies_left == 10
