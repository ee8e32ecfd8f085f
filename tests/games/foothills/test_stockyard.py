"""A — Ressourcen nehmen, refilling the stockyard and events (seed 001_c8b34512af30f80d.txt,
"A Ressourcen nehmen", "Das Lager auffüllen", "Ein Ereignis auslösen")."""

from __future__ import annotations

from . import invariants
from .kit import Script, events, legal, new, play, set_yard


def test_take_up_to_three_at_least_one_any_mix() -> None:
    """Seed 001 A: "Nimm bis zu 3 Ressourcen deiner Wahl vom Lagerplättchen und lege sie in
    deinen Vorrat. Ihr könnt Eisen (orange) und Stein (grau), soweit vorhanden, in beliebiger
    Kombination nehmen. Ihr dürft weniger als 3 Ressourcen nehmen, aber nicht weniger als
    eine." """
    g = new()
    set_yard(g, 3, 3)
    play(g, "card A1")
    assert g.decision == "take"
    assert legal(g) == [
        "take iron=3 stone=0", "take iron=2 stone=1", "take iron=1 stone=2", "take iron=0 stone=3",
        "take iron=2 stone=0", "take iron=1 stone=1", "take iron=0 stone=2",
        "take iron=1 stone=0", "take iron=0 stone=1",
    ]
    iron = g.iron[0]
    play(g, "take iron=1 stone=0")
    assert g.iron[0] == iron + 1 and g.yard_i == 2  # fewer than 3: the action ends
    assert g.current_player == 1
    invariants.check(g)


def test_fewer_than_three_take_them_refill_then_the_rest() -> None:
    """Seed 001 A: "Befinden sich weniger als 3 Ressourcen auf dem Lagerplättchen, nehmt
    diese, füllt das Lager wieder auf und nehmt euch dann die restlichen Ressourcen, die euch
    zustehen." "Immer wenn ihr die letzte Ressource vom Lagerplättchen nehmt, müsst ihr sofort
    genau 6 Klötzchen aus dem Stoffbeutel ziehen und auf das Lagerplättchen legen." """
    g = new()
    set_yard(g, 1, 1)
    g.chance = Script(["stone"] * 6)
    play(g, "card A1")
    assert legal(g) == ["take iron=1 stone=1", "take iron=1 stone=0", "take iron=0 stone=1"]
    play(g, "take iron=1 stone=1")
    assert (g.yard_i, g.yard_s) == (0, 6)  # exactly 6 drawn
    assert g.decision == "take" and legal(g) == ["take iron=0 stone=1", "pass"]
    stone = g.stone[0]
    play(g, "take iron=0 stone=1")
    assert g.stone[0] == stone + 1 and g.yard_s == 5
    refills = events(g, "refill")
    assert refills[-1]["stone"] == 6 and refills[-1]["events"] == 0
    invariants.check(g)


def test_taking_the_last_resource_refills_even_when_the_player_wanted_only_that() -> None:
    """Seed 001 "Das Lager auffüllen": "Immer wenn ihr die letzte Ressource vom
    Lagerplättchen nehmt ..." - the remaining entitlement may be declined ("bis zu")."""
    g = new()
    set_yard(g, 0, 1)
    g.chance = Script(["iron"] * 6)
    play(g, "card A1")  # the only possible take is made at once: one option, no question
    assert g.stone[0] >= 1 and g.yard_i == 6
    assert legal(g) == ["take iron=2 stone=0", "take iron=1 stone=0", "pass"]
    play(g, "pass")
    assert g.current_player == 1 and g.yard_i == 6


def test_event_cube_places_a_navvy_before_the_action_goes_on() -> None:
    """Seed 001: "Befinden sich unter den gezogenen Klötzchen (weiße) Ereignisklötzchen, müsst
    ihr für jedes davon ein Ereignis auslösen, bevor ihr mit der aktuellen Aktion fortfahrt."
    "... dieses in eines der Löcher des Lagerplättchens legen und sofort einen
    Streckenarbeiter platzieren." """
    g = new()
    set_yard(g, 1, 1)
    g.chance = Script(["iron", "event", "stone", "event", "iron", "iron"])
    play(g, "card A1", "take iron=1 stone=1")
    assert g.yard_e == 2 and g.bag_e == 2 and (g.yard_i, g.yard_s) == (3, 1)
    navvies = events(g, "navvy")
    assert [n["card"] for n in navvies] == ["I-2", "II-2"]  # column 2, top to bottom
    assert g.decision == "take"  # the action goes on after the events
    play(g, "take iron=1 stone=0")
    # Two event cubes stay on the stockyard at the end of the turn (fewer than 3).
    assert g.yard_e == 2
    invariants.check(g)


def test_three_event_cubes_go_back_at_the_end_of_the_turn() -> None:
    """Seed 001: "Befinden sich am Ende des aktuellen Spielzuges 3 oder mehr
    Ereignisklötzchen auf dem Lagerplättchen, kommen sie alle zurück in den Stoffbeutel." """
    g = new()
    set_yard(g, 1, 1, events=2)
    g.chance = Script(["event", "iron", "iron", "iron", "iron", "iron"])
    play(g, "card A1", "take iron=1 stone=1")
    assert g.yard_e == 3
    play(g, "pass")
    assert g.yard_e == 0 and g.bag_e == 4
    assert events(g, "events_back")[-1]["events"] == 3
    invariants.check(g)


def test_an_empty_stockyard_is_refilled_first() -> None:
    """Ruling (docs/foothills-rules.md): with no resource on the stockyard (the bag ran short
    at the last refill), "nehmt diese [none], füllt das Lager wieder auf und nehmt euch dann
    die restlichen" - the refill comes first."""
    g = new()
    set_yard(g, 0, 0)
    g.chance = Script(["iron", "stone", "iron", "stone", "iron", "stone"])
    play(g, "card A1")
    assert (g.yard_i, g.yard_s) == (3, 3)
    assert g.decision == "take"
