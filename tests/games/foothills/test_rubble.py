"""B — Geröll entfernen (seed 001_c8b34512af30f80d.txt, "B Geröll entfernen", "Eine
Streckenkarte freischaufeln", "Porthmadog")."""

from __future__ import annotations

from . import invariants
from .kit import card, clear, clear_all, events, legal, new, play, restart_turn, set_rubble


def test_the_seeds_bala_lake_example() -> None:
    """Seed 001 B: "Entferne 4 Geröllklötzchen aus einer Strecke und lege sie in deinen
    Vorrat. Erhalte 1 Siegpunkt für jede Streckenkarte, die du dabei freischaufelst." and the
    example: "Du entscheidest dich, Geröll aus der Bala Lake Railway zu entfernen. Zuerst
    entfernst du die 3 Klötzchen von Llangower sowie 1 Klötzchen von Llanuwchllyn. Für das
    Freischaufeln von Llangower erhältst du 1 Siegpunkt." """
    g = new()
    rubble, vp = g.rubble[0], g.vp[0]
    play(g, "card B1")
    assert legal(g) == ["rubble I", "rubble II", "rubble III", "rubble IV", "rubble V", "rubble VI"]
    play(g, "rubble V")
    assert g.card_rubble[card(g, "V-2")] == 0
    assert g.card_rubble[card(g, "V-3/4")] == 2
    assert g.rubble[0] == rubble + 4 and g.vp[0] == vp + 1
    ev = events(g, "rubble")[-1]
    assert ev["cleared"] == ["V-2"] and ev["from_supply"] == 0
    invariants.check(g)


def test_fewer_than_four_the_rest_from_the_supply() -> None:
    """Seed 001 B: "Ferner müsst ihr so viel Geröll aus dieser Strecke entfernen wie möglich,
    aber maximal 4 Klötzchen ... Befinden sich weniger als 4 Geröllklötzchen in der gewählten
    Strecke, erhaltet ihr den Rest aus dem allgemeinen Vorrat." """
    g = new()
    clear(g, "I-2", "I-3", "I/II-5")
    set_rubble(g, "I-4", 1)
    supply = g.rubble_supply
    play(g, "card B1", "rubble I")
    assert g.rubble[0] == 4 and g.vp[0] == 1
    assert g.rubble_supply == supply - 3
    assert events(g, "rubble")[-1]["from_supply"] == 3


def test_only_a_railway_with_rubble_may_be_chosen() -> None:
    """Seed 001 B: "Ihr müsst eine Strecke auswählen, in der sich noch mindestens 1
    Geröllklötzchen befindet." """
    g = new()
    clear(g, "II-2", "II-3", "II-4")  # Porthmadog still holds rubble: II may still be chosen
    restart_turn(g, 0)
    play(g, "card B1")
    assert "rubble II" in legal(g)
    g2 = new()
    clear(g2, "III-2", "III-3", "III-4/5", "III-6", "III-7/8")
    restart_turn(g2, 0)
    play(g2, "card B1")
    assert "rubble III" not in legal(g2) and "rubble IV" in legal(g2)


def test_no_rubble_left_anywhere_four_from_the_supply() -> None:
    """Seed 001 B: "Sobald kein Geröll mehr auf den Streckenkarten der Auslage liegt,
    erhaltet ihr bei dieser Aktion 4 Geröll aus dem allgemeinen Vorrat." (one option: taken
    at once)"""
    g = new()
    clear_all(g)
    restart_turn(g, 0)
    play(g, "card B1")
    assert g.rubble[0] == 4 and g.vp[0] == 0
    assert events(g, "rubble")[-1]["railway"] is None
    assert g.current_player == 1


def test_a_double_card_cleared_is_one_vp() -> None:
    """Seed 001 "Eine Streckenkarte freischaufeln": "(Auch für freigeräumte Doppelkarten gibt
    es nur 1 Siegpunkt, da sie als eine Karte gelten.)" """
    g = new()
    set_rubble(g, "IV-2/3", 3)
    set_rubble(g, "IV-4", 1)
    play(g, "card B1", "rubble IV")
    assert g.vp[0] == 2  # IV-2/3 (a double card) and IV-4: one VP each
    assert events(g, "rubble")[-1]["cleared"] == ["IV-2/3", "IV-4"]


def test_porthmadog_from_either_railway_one_vp() -> None:
    """Seed 001 "Porthmadog": "Porthmadog (I/II-5) ist Endstation zweier Strecken und weist
    zwei Gleisfelder auf, wovon nur das linke Geröll enthält. Dieses könnt ihr entfernen,
    sobald die vorhergehenden Streckenkarten einer der beiden Strecken freigeschaufelt sind.
    Für das Freischaufeln von Porthmadog erhaltet ihr wie gewohnt nur 1 Siegpunkt, auch wenn
    ihr dadurch zwei Gleisfelder auf einmal freischaltet." """
    g = new()
    clear(g, "II-2", "II-3", "II-4")
    port = card(g, "I/II-5")
    assert g.card_rubble[port] == 3 and len(g.cfg.card_tracks[port]) == 2
    restart_turn(g, 0)
    play(g, "card B1", "rubble II")
    assert g.card_rubble[port] == 0 and g.vp[0] == 1
    assert g.card_rubble[card(g, "I-4")] > 0  # railway I's own cards are untouched
    invariants.check(g)
