"""A turn (seed 001_c8b34512af30f80d.txt, "Spielablauf", "Die Aktionskarten", "Eine andere
Aktionskarte umdrehen")."""

from __future__ import annotations

import pytest

from snowdonia.core.errors import IllegalAction
from snowdonia.games.foothills.rules.state import NONE

from . import invariants
from .kit import (
    ac,
    clear,
    empty_hands,
    events,
    give,
    legal,
    new,
    play,
    put_in_bar,
    restart_turn,
    set_yard,
    side,
)


def test_step_1_only_cards_whose_action_can_be_carried_out() -> None:
    """Seed 001 step 2: "Teile der Aktion, die ihr nicht ausführen könnt, lasst ihr weg.
    Könnt ihr keinen Teil der Aktion ausführen, dürft ihr die entsprechende Karte nicht für
    euren Spielzug wählen." At the start no track space is clear (C: no track, no rubble to
    swap) and no station is available (D)."""
    g = new()
    assert g.current_player == 0
    assert legal(g) == ["card A1", "card B1", "card E1"]
    with pytest.raises(IllegalAction) as err:
        g.apply("card C1")
    assert "card A1" in str(err.value) and "nothing of its visible action can be carried out" in str(err.value)
    give(g, 0, rubble=2)
    assert "card C1" in legal(g)  # now 2 rubble can be swapped for stone


def test_step_3_the_chosen_card_is_flipped() -> None:
    """Seed 001 step 3: "Nachdem ihr die Aktion der Karte ausgeführt und alle ihre Effekte
    abgewickelt habt, dreht ihr die gewählte Aktionskarte auf die andere Seite, wodurch eine
    andere Aktion zum Vorschein kommt." """
    g = new()
    play(g, "card B1", "rubble I")
    assert g.grey[0 * 5 + 1] == 1  # B1 shows its grey side (Landschaftsplaner)
    assert g.current_player == 1
    obs = g.observation()
    assert obs["players"][0]["bar"][1]["side"] == "grey"
    assert obs["players"][0]["bar"][1]["action"] == "landschaftsplaner"


def test_two_cards_may_show_the_same_category() -> None:
    """Seed 001 step 1: "Es ist möglich, dass ihr zu Beginn eures Zuges zwei Aktionskarten
    derselben Kategorie habt, aber keine Karte einer oder mehrerer anderer Kategorien." D1's
    grey side is an A action, as is A1's gold side."""
    g = new()
    side(g, 0, "D1", True)
    restart_turn(g, 0)
    assert {"card A1", "card D1"} <= set(legal(g))
    assert g.cfg.ac_gold[ac(g, "A1")].category == g.cfg.ac_grey[ac(g, "D1")].category == "A"


def test_flip_another_card_is_optional_and_only_another() -> None:
    """Seed 001 "Eine andere Aktionskarte umdrehen": "dass ihr in Schritt 3 eures Spielzuges
    zusätzlich zu der Aktionskarte, deren Aktion ihr gerade ausgeführt habt, eine weitere
    Aktionskarte auf die andere Seite drehen könnt ... Die Aktion dieser anderen Karte führt
    ihr dabei nicht aus! ... (Eine andere Aktionskarte umzudrehen ist optional, die aktuelle
    muss immer umgedreht werden.)" Tea Break (A3) allows it."""
    g = new()
    put_in_bar(g, 0, "A3", grey=True)
    give(g, 0, rubble=2)
    restart_turn(g, 0)
    play(g, "card A3")
    assert g.decision == "works"
    play(g, "stone from bag")
    assert g.decision == "flip"
    assert "flip A3" not in legal(g) and "pass" in legal(g)
    assert legal(g)[:4] == ["flip B1", "flip C1", "flip D1", "flip E1"]
    play(g, "flip D1")
    assert g.grey[0 * 5 + 3] == 1 and g.grey[0 * 5 + 0] == 0  # D1 grey; A3 back to gold
    assert g.current_player == 1
    # ... and it may be declined
    g2 = new()
    put_in_bar(g2, 0, "A3", grey=True)
    give(g2, 0, rubble=2)
    restart_turn(g2, 0)
    play(g2, "card A3", "stone from bag", "pass")
    assert g2.grey[0:5] == [0, 0, 0, 0, 0]
    invariants.check(g2)


def test_no_usable_card_places_a_navvy_instead() -> None:
    """Seed 001 step 2: "In dem seltenen Fall, dass ihr keine eurer Aktionskarten auswählen
    könnt, endet euer Spielzug sofort und ihr müsst stattdessen einen Streckenarbeiter
    platzieren." Seat 0 keeps only C1 (gold: track or swap) and has nothing to pay with."""
    g = new()
    empty_hands(g, 0)
    for cid in ("A1", "B1", "D1", "E1"):
        a = ac(g, cid)
        g.bar[g.cfg.ac_cat[a]] = NONE
        g.box_cards |= 1 << a
    restart_turn(g, 0)
    assert events(g, "no_usable_card")
    nav = events(g, "navvy")
    assert nav and nav[-1]["card"] == "I-2"  # the first card of column 2
    assert g.grey[2] == 0  # nothing was played, nothing flipped
    assert g.current_player == 1
    invariants.check(g)


def test_illegal_action_leaves_the_game_unchanged_and_lists_the_legal_ones() -> None:
    """Bad input never corrupts a game (spec/product.md)."""
    g = new()
    before = g.snapshot()
    for bad in ("card Z9", "take iron=9 stone=0", "rubble I", "build I-2", "nonsense", "pass"):
        with pytest.raises(IllegalAction) as err:
            g.apply(bad)
        assert str(err.value)
    with pytest.raises(IllegalAction) as err:
        g.apply("rubble I")
    assert "Legal: card A1, card B1, card E1" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        g.apply("dig here")
    assert "must start with one of" in str(err.value) and "Legal now: card A1, card B1, card E1" in str(err.value)
    assert g.snapshot() == before


def test_step_4_end_check_every_turn_alternates_players() -> None:
    """Seed 001: "Der Startspieler führt den ersten Spielzug durch. Danach geht es
    abwechselnd weiter, bis eine von zwei Bedingungen für das Spielende eingetreten ist." """
    g = new(start=1)
    assert g.current_player == 1
    set_yard(g, 3, 3)
    play(g, "card A2", "take iron=3 stone=0")
    assert g.current_player == 0 and g.turns_taken == [0, 1]
    play(g, "card B1", "rubble II")
    assert g.current_player == 1 and g.turns_taken == [1, 1]
    clear(g, "I-2")
    assert not g.over
