"""D — Eine Station errichten, Barmouth Ferry, Devil's Bridge (seed
001_c8b34512af30f80d.txt, "D Eine Station errichten", "Barmouth Ferry", "Devil's Bridge")."""

from __future__ import annotations

from snowdonia.games.foothills.rules.state import NONE

from . import invariants
from .kit import (
    ac,
    built,
    card,
    clear,
    empty_hands,
    events,
    give,
    lay,
    legal,
    new,
    play,
    restart_turn,
    set_yard,
    side,
    station,
)


def test_available_stations_no_rubble_not_built_track_irrelevant() -> None:
    """Seed 001 D: "Zur Verfügung stehen alle Stationen auf Streckenkarten ohne Geröll, die
    noch nicht (von einem Spieler oder Streckenarbeiter) errichtet wurden. Es spielt dabei
    keine Rolle, ob das Gleisfeld der entsprechenden Karte bereits belegt ist oder nicht." """
    g = new()
    clear(g, "I-2", "I-3", "II-2")
    lay(g, 1, "I-3")
    built(g, 1, "II-2")
    give(g, 0, iron=5, stone=5, rubble=5, passengers=2)
    restart_turn(g, 0)
    play(g, "card D1")
    assert legal(g) == ["build I-2", "build I-3"]


def test_pay_place_count_reward_then_the_space_below() -> None:
    """Seed 001 D: "Bezahlt die Kosten, die auf dem Stationsfeld abgebildet sind (bestehend aus
    Eisen, Stein, Geröll und/oder Passagieren), aus eurem Vorrat. Eisen und Stein kommen dabei
    zurück in den Stoffbeutel, Geröll und Passagiere in den allgemeinen Vorrat. Platziert
    anschließend eine eurer Stationsmarken auf das Stationsfeld und setzt die Zählmarke an
    eurer Stationsleiste ein Feld vor. ... Ist rechts unten am Stationsfeld eine Prämie (in
    Form von Siegpunkten oder Passagieren) abgebildet, nehmt sie euch ... Befindet sich
    unterhalb der Station, die ihr gerade errichtet habt, ein unbesetztes
    Vermesseraktionsfeld, könnt ihr sofort euren Vermesser darauf versetzen und die Aktion
    nutzen." Tan-y-Bwlch (I-2): 1 iron + 1 stone -> 2 VP; its space gives 2 iron."""
    g = new()
    clear(g, "I-2")
    empty_hands(g, 0)
    set_yard(g, 3, 3)
    give(g, 0, iron=1, stone=1)
    bag_i, bag_s = g.bag_i, g.bag_s
    restart_turn(g, 0)
    play(g, "card D1")  # the only station is built at once
    s = station(g, "I-2")
    assert g.station_owner[s] == 0 and g.stations_built[0] == 1 and g.markers[0] == 15
    assert g.vp[0] == 2 and g.iron[0] == 0 and g.stone[0] == 0
    assert g.bag_i == bag_i + 1 and g.bag_s == bag_s + 1
    assert g.decision == "use_space" and legal(g) == ["surveyor I-2", "pass"]
    play(g, "surveyor I-2")
    assert g.surveyor[0] == card(g, "I-2")
    assert g.decision == "gain"  # 2 iron, each from the stockyard or the bag
    assert legal(g) == ["iron from yard", "iron from bag"]
    play(g, "iron from bag", "iron from yard")
    assert g.iron[0] == 2 and g.yard_i == 2
    invariants.check(g)


def test_the_space_below_may_be_moved_to_even_if_its_action_cannot_be_carried_out() -> None:
    """Seed 001 D: "Befindet sich unterhalb der Station, die ihr gerade errichtet habt, ein
    unbesetztes Vermesseraktionsfeld, könnt ihr sofort euren Vermesser darauf versetzen und
    die Aktion nutzen." Unoccupied is the only condition; a part that cannot be carried out
    is left out (step 2: "Teile der Aktion, die ihr nicht ausführen könnt, lasst ihr weg").
    Penrhyn (I-3): 2 stone -> 1 passenger; its space costs 2 rubble, which seat 0 lacks."""
    g = new()
    clear(g, "I-3")
    empty_hands(g, 0)
    give(g, 0, stone=2)
    restart_turn(g, 0)
    play(g, "card D1")
    assert g.decision == "use_space" and legal(g) == ["surveyor I-3", "pass"]
    play(g, "surveyor I-3")
    assert g.surveyor[0] == card(g, "I-3") and g.vp[0] == 0 and g.rubble[0] == 0
    assert events(g, "space_unused")[-1]["why"] == "cannot pay"
    assert g.current_player == 1
    invariants.check(g)


def test_rubble_and_passengers_are_paid_to_the_supply() -> None:
    """Seed 001 D: "Geröll und Passagiere [kommen] in den allgemeinen Vorrat." Waunfawr
    (II-2): 1 stone + 2 rubble."""
    g = new()
    clear(g, "II-2")
    empty_hands(g, 0)
    give(g, 0, stone=1, rubble=2)
    supply = g.rubble_supply
    restart_turn(g, 0)
    play(g, "card D1", "pass")
    assert g.rubble[0] == 0 and g.rubble_supply == supply + 2


def test_one_station_per_action_on_a_double_card() -> None:
    """Seed 001 D: "Doppelkarten weisen zwei (oder drei) Stationsfelder auf. Allerdings könnt
    ihr pro Aktion nur eine Station errichten." """
    g = new()
    clear(g, "IV-2/3")
    give(g, 0, iron=4, stone=4, rubble=4)
    restart_turn(g, 0)
    play(g, "card D1")
    assert legal(g) == ["build IV-2/3a", "build IV-2/3b"]
    play(g, "build IV-2/3a", "pass")
    assert g.station_owner[station(g, "IV-2/3b")] == NONE and g.current_player == 1


def test_barmouth_ferry_flip_any_cards_including_the_current_once() -> None:
    """Seed 001 "Barmouth Ferry": "Sobald ihr die Station auf der Streckenkarte Barmouth Ferry
    (VII-2) errichtet, könnt ihr sofort und einmalig im Spiel beliebig viele eurer
    Aktionskarten auf die andere Seite drehen, einschließlich der aktuell genutzten. Diese
    Aktion stellt kein Vermesseraktionsfeld dar." Flipping the current card with the ferry
    and again in step 3 leaves it as it was."""
    g = new(railways="I,II,III,IV,V,VII")
    clear(g, "VII-2")
    empty_hands(g, 0)
    give(g, 0, stone=1, passengers=1)
    restart_turn(g, 0)
    play(g, "card D1")
    assert g.decision == "ferry"
    assert legal(g) == ["flip A1", "flip B1", "flip C1", "flip D1", "flip E1", "pass"]
    play(g, "flip D1", "flip B1")
    assert legal(g) == ["flip A1", "flip C1", "flip E1", "pass"]
    play(g, "pass")
    assert g.grey[0:5] == [0, 1, 0, 0, 0]  # D1 flipped twice (ferry + step 3), B1 once
    assert g.cfg.space[card(g, "VII-2")] is None  # not a surveyor action space
    assert events(g, "ferry")
    invariants.check(g)


def test_devils_bridge_in_order_each_lets_a_card_go_to_the_scoring_pile() -> None:
    """Seed 001 "Devil's Bridge": "Die Streckenkarte Devil's Bridge (VIII-4) weist drei
    Stationsfelder auf, die in der vorgegebenen Reihenfolge bebaut werden müssen. ... Immer
    wenn ihr eine Station auf Devil's Bridge errichtet, könnt ihr anschließend sofort eine
    eurer Aktionskarten für die Wertung beiseite legen, so als wäret ihr im Pub. Diese Aktion
    stellt kein Vermesseraktionsfeld dar und kann einmal pro Station genutzt werden." """
    g = new(railways="I,II,III,IV,V,VIII")
    clear(g, "VIII-4")
    give(g, 0, iron=6, stone=6, rubble=4, passengers=2)
    restart_turn(g, 0)
    play(g, "card D1")  # only the first of the three is available: built at once
    assert g.station_owner[station(g, "VIII-4a")] == 0
    assert g.decision == "score"  # one station built: room for one card
    assert legal(g) == ["score A1", "score B1", "score C1", "score D1", "score E1", "pass"]
    play(g, "score A1")
    assert g.pile[0] == 1 << ac(g, "A1")
    assert g.decision == "replace"  # two A spares in the supply
    spare = legal(g)[0].split()[1]
    play(g, legal(g)[0])
    assert g.bar[0] == ac(g, spare) and g.grey[0] == 0
    assert g.grey[3] == 1  # D1, the card played, flips as usual
    assert g.cfg.space[card(g, "VIII-4")] is None
    invariants.check(g)
    # the second station is available now, the third not yet
    side(g, 0, "D1", False)
    restart_turn(g, 0)
    play(g, "card D1")
    assert g.station_owner[station(g, "VIII-4b")] == 0
    assert g.station_owner[station(g, "VIII-4c")] == NONE


def test_devils_bridge_score_is_optional_and_capped_by_stations() -> None:
    """Seed 001 "Das Pub": "ihr [könnt] nie mehr Karten im Wertungsstapel haben, als ihr
    Stationen errichtet habt." Devil's Bridge "so als wäret ihr im Pub"."""
    g = new(railways="I,II,III,IV,V,VIII")
    clear(g, "VIII-4")
    give(g, 0, stone=1, rubble=1)
    g.pile[0] = 0
    restart_turn(g, 0)
    play(g, "card D1")
    play(g, "pass")
    assert g.pile[0] == 0 and g.current_player == 1
