"""E — Den Vermesser versetzen, tickets and the summit (seed 001_c8b34512af30f80d.txt, "E Den
Vermesser versetzen", "Tickets", "Yr Wyddfa")."""

from __future__ import annotations

from snowdonia.games.foothills.rules.state import BAR, NONE
from snowdonia.games.foothills.title import TITLE

from . import invariants
from .kit import built, card, clear, empty_hands, events, give, legal, new, play, restart_turn, set_yard, side


def test_at_the_start_only_the_start_stations() -> None:
    """Seed 001 E: "Zur Verfügung stehen alle unbesetzten Vermesseraktionsfelder auf
    Streckenkarten, auf denen mindestens eine Station (von einem Spieler oder
    Streckenarbeiter) errichtet wurde. Zu Beginn des Spiels trifft dies lediglich auf die
    Startstationen zu." The Pub is always a place to move to ("oder in den Pub"), even with
    no room in the scoring pile yet; no return: the surveyor is on the bar.)"""
    g = new()
    play(g, "card E1")
    assert legal(g) == ["surveyor I-1", "surveyor II-1", "surveyor III/IV-1", "surveyor V-1", "surveyor VI-1",
                        "pub"]


def test_ticket_and_bonus_one_ticket_per_colour() -> None:
    """Seed 001 "Tickets": "An Tickets kommt ihr über die Vermesseraktion der Startstationen.
    Dort gibt es jeweils das zur Strecke farbgleiche Ticket sowie einen Bonus in Form von 1
    Eisen, 1 Stein, 1 Ressource eurer Wahl, 2 Geröll oder 1 Passagier. ... Ihr dürft maximal
    ein Ticket jeder Farbe sammeln: kehrt ihr in einem späteren Spielzug zu einer Startstation
    zurück, auf der ihr schon einmal wart, erhaltet ihr kein weiteres Ticket (sondern nur den
    Bonus)." V-1 (Bala): teal ticket + 2 rubble."""
    g = new()
    bala = card(g, "V-1")
    teal = g.cfg.ticket_kind[bala]
    play(g, "card E1", "surveyor V-1")
    assert g.tickets[0] == 1 << teal and g.tickets_left[bala] == 1
    assert g.rubble[0] == 2 and g.surveyor[0] == bala
    assert events(g, "ticket")[-1]["colour"] == "teal"
    # back later: the bonus only
    g.surveyor[0] = BAR
    side(g, 0, "E1", False)
    restart_turn(g, 0)
    play(g, "card E1", "surveyor V-1")
    assert g.tickets[0] == 1 << teal and g.tickets_left[bala] == 1 and g.rubble[0] == 4
    assert events(g, "no_ticket")[-1]["why"] == "already held"
    invariants.check(g)


def test_resources_from_the_stockyard_or_the_bag() -> None:
    """Seed 001 E: "Sofern nicht ausdrücklich anders angegeben, könnt ihr immer, wenn ihr über
    eine Vermesseraktion Ressourcen erhalten sollt, diese wahlweise vom Lagerplättchen nehmen
    oder euch aus dem Stoffbeutel heraussuchen." Llanberis: 1 resource of your choice."""
    g = new()
    set_yard(g, 2, 2)
    play(g, "card E1", "surveyor III/IV-1")
    assert legal(g) == ["iron from yard", "iron from bag", "stone from yard", "stone from bag"]
    stone, bag_s = g.stone[0], g.bag_s
    play(g, "stone from bag")
    assert g.stone[0] == stone + 1 and g.bag_s == bag_s - 1


def test_an_occupied_space_is_not_available_and_moving_means_moving() -> None:
    """Seed 001 E: "alle unbesetzten Vermesseraktionsfelder" - the other surveyor's space is
    taken; your own space is where you are (you cannot move onto it)."""
    g = new()
    g.surveyor[1] = card(g, "I-1")
    g.surveyor[0] = card(g, "II-1")
    restart_turn(g, 0)
    play(g, "card E1")
    opts = legal(g)
    assert "surveyor I-1" not in opts and "surveyor II-1" not in opts
    assert opts[-1] == "surveyor bar"


def test_a_space_opens_once_a_station_stands_on_its_card() -> None:
    """Seed 001 E (and navvies: "Befindet sich auf der Streckenkarte ein Aktionsfeld, so ist
    es ab sofort verfügbar")."""
    g = new()
    clear(g, "I-3")
    built(g, 1, "I-3")
    give(g, 0, rubble=2)
    restart_turn(g, 0)
    play(g, "card E1")
    assert "surveyor I-3" in legal(g)
    play(g, "surveyor I-3")  # pay 2 rubble: 2 VP
    assert g.vp[0] == 2 and g.rubble[0] == 0
    invariants.check(g)


def test_return_to_the_bar_without_an_action() -> None:
    """Seed 001 E: "Alternativ kannst du den Vermesser auf deine Aktionsleiste zurückstellen,
    ohne eine Aktion zu nutzen." """
    g = new()
    g.surveyor[0] = card(g, "I-1")
    restart_turn(g, 0)
    before = (list(g.iron), list(g.stone), list(g.vp))
    play(g, "card E1", "surveyor bar")
    assert g.surveyor[0] == BAR and (g.iron, g.stone, g.vp) == before


def test_summit_token_belongs_to_whoever_used_yr_wyddfa_last() -> None:
    """Seed 001 "Yr Wyddfa": "Über die Vermesseraktion der Streckenkarte Yr Wyddfa (IV-5) kommt
    ihr an die Gipfelmarke, die euch am Ende des Spiels 2 Siegpunkte einbringt. Allerdings
    kann die Gipfelmarke den Besitzer wechseln: sie gehört immer dem Spieler, der zuletzt das
    Aktionsfeld auf Yr Wyddfa genutzt hat." """
    g = new()
    clear(g, "IV-5")
    built(g, 1, "IV-5")
    restart_turn(g, 0)
    play(g, "card E1", "surveyor IV-5")
    assert g.summit_owner == 0
    assert g.result()["breakdown"][0]["lines"]["summit"] == 2
    # seat 1 takes it over once seat 0's surveyor has left
    g.surveyor[0] = BAR
    restart_turn(g, 1)
    play(g, "card E2", "surveyor IV-5")
    assert g.summit_owner == 1
    assert g.result()["breakdown"][0]["lines"]["summit"] == 0
    # seat 1 cannot "take" what it already holds, but may still move there: the space is
    # available (unoccupied, its station built) and moving is a part of the action (step 2:
    # "Teile der Aktion, die ihr nicht ausführen könnt, lasst ihr weg") - standing there
    # keeps seat 0 off Yr Wyddfa.
    g.surveyor[1] = BAR
    side(g, 1, "E2", False)
    restart_turn(g, 1)
    play(g, "card E2", "surveyor IV-5")
    assert g.surveyor[1] == card(g, "IV-5") and g.summit_owner == 1
    assert events(g, "space_unused")[-1] == {**events(g, "space_unused")[-1], "card": "IV-5",
                                             "why": "nothing to gain"}
    assert len(events(g, "summit")) == 2
    g.surveyor[0] = BAR
    side(g, 0, "E1", False)
    restart_turn(g, 0)
    play(g, "card E1")
    assert "surveyor IV-5" not in legal(g)  # occupied
    invariants.check(g)


def test_a_space_with_a_cost_is_used_only_when_it_can_be_paid() -> None:
    """Seed 001 E: "Musst ihr bei einer Vermesseraktion Ressourcen abgeben, kommen sie zurück
    in den Stoffbeutel. Passagiere und Geröll kommen zurück in den allgemeinen Vorrat."
    Beddgelert (II-4): pay 1 passenger for 3 VP. Without a passenger the space is still
    available ("alle unbesetzten Vermesseraktionsfelder auf Streckenkarten, auf denen
    mindestens eine Station ... errichtet wurde") and the surveyor may move there; the part
    that cannot be carried out is left out (step 2: "Teile der Aktion, die ihr nicht
    ausführen könnt, lasst ihr weg") - nothing paid, nothing gained."""
    g = new()
    clear(g, "II-4")
    built(g, 1, "II-4")
    empty_hands(g, 0)
    restart_turn(g, 0)
    play(g, "card E1", "surveyor II-4")
    assert g.surveyor[0] == card(g, "II-4") and g.vp[0] == 0
    assert events(g, "space_unused")[-1]["why"] == "cannot pay" and not events(g, "space")
    invariants.check(g)
    g.surveyor[0] = BAR
    give(g, 0, passengers=1)
    side(g, 0, "E1", False)
    restart_turn(g, 0)
    supply = g.pass_supply
    play(g, "card E1", "surveyor II-4")
    assert g.vp[0] == 3 and g.passengers[0] == 0 and g.pass_supply == supply + 1


def test_a_track_space_lays_track_by_the_usual_rules() -> None:
    """Seed 001 E: "Dürft ihr Gleise bauen, geschieht dies nach den üblichen Regeln (siehe
    'Ein Gleis bauen')." Minffordd (I-4): lay up to 1 track."""
    g = new()
    clear(g, "I-4", "I-2")
    built(g, 1, "I-4")
    empty_hands(g, 0)
    give(g, 0, iron=2)
    restart_turn(g, 0)
    play(g, "card E1", "surveyor I-4")
    assert legal(g) == ["track I", "pass"]
    play(g, "track I")
    assert g.track_owner[g.cfg.card_tracks[card(g, "I-2")][0]] == 0 and g.vp[0] == 1
    assert g.surveyor[1] == BAR and g.summit_owner == NONE
    invariants.check(g)


def test_the_bala_lake_space_lays_up_to_two_tracks_for_one_iron_each() -> None:
    """Seed 001, the Bala Lake illustration of B ("Beispiel: Du entscheidest dich, Geröll aus
    der Bala Lake Railway zu entfernen ..."), its card labelled "Stationsfeld" and
    "Vermesseraktionsfeld", prints the action space "Baue bis zu 2 Gleise für je 1 Eisen."
    E: "Dürft ihr Gleise bauen, geschieht dies nach den üblichen Regeln" - next free track
    space from the left, +1 VP each - at the printed price of 1 iron. (The engine used to
    credit this text to the Kraftpaket side action and give the card 1 track at 2 iron.)"""
    g = new()
    clear(g, "V-2", "V-3/4", "I-2")
    built(g, 1, "V-3/4a")
    empty_hands(g, 0)
    give(g, 0, iron=2)
    restart_turn(g, 0)
    play(g, "card E1", "surveyor V-3/4")
    assert legal(g) == ["track I", "track V", "pass"]
    play(g, "track V")
    assert g.iron[0] == 1 and g.vp[0] == 1
    assert legal(g) == ["track I", "track V", "pass"]
    play(g, "track V")
    assert g.iron[0] == 0 and g.vp[0] == 2 and g.tracks_built[0] == 2
    v = g.cfg.rail_index["V"]
    assert all(g.track_owner[t] == 0 for t in g.cfg.rail_tracks[v])
    assert events(g, "buffer_stop")[-1]["railway"] == "V"
    assert "Lay up to 2 tracks (1 iron each, +1 VP)" in \
        TITLE.words.components(g)["route_cards"]["V-3/4"]["text"]
    invariants.check(g)
