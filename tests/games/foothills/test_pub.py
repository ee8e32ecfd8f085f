"""Das Pub (seed 001_c8b34512af30f80d.txt, "Das Pub")."""

from __future__ import annotations

from snowdonia.games.foothills.rules.state import NONE, PUB

from . import invariants
from .kit import ac, built, clear, events, legal, new, play, put_in_bar, restart_turn, side


def _with_stations(n: int, seat: int = 0) -> object:
    g = new()
    for cid in ("I-2", "I-3", "II-2")[:n]:
        clear(g, cid)
        built(g, seat, cid)
    restart_turn(g, 0)
    return g


def test_pub_only_with_the_gold_e_action() -> None:
    """Seed 001 "Das Pub": "Ins Pub kommt ihr einzig über die Hauptaktion der Kategorie E."
    The grey E sides (backs of C cards) never offer it."""
    g = new()
    for cid in ("I-2",):
        clear(g, cid)
        built(g, 0, cid)
    side(g, 0, "C1", True)  # Aufseher (needs a ticket): not usable
    put_in_bar(g, 0, "C3", grey=True)  # Bauzeichner
    restart_turn(g, 0)
    play(g, "card C3")
    assert "pub" not in legal(g)
    g2 = new()
    clear(g2, "I-2")
    built(g2, 0, "I-2")
    restart_turn(g2, 0)
    play(g2, "card E1")
    assert "pub" in legal(g2)


def test_a_card_into_the_scoring_pile_and_a_replacement_of_its_category() -> None:
    """Seed 001 "Das Pub": "Dort könnt ihr als Aktion eine eurer Aktionskarten in euren so
    genannten Wertungsstapel legen. (Dabei spielt es keine Rolle, welche Seite der Karte
    gerade sichtbar ist.) Nehmt euch anschließend eine passende Ersatzkarte aus dem
    allgemeinen Vorrat und legt sie mit der goldfarbenen Seite nach oben an den frei
    gewordenen Platz ... Sind noch zwei passende Ersatzkarten verfügbar, könnt ihr euch eine
    davon aussuchen." """
    g = _with_stations(1)
    side(g, 0, "B1", True)
    restart_turn(g, 0)
    play(g, "card E1", "pub")
    assert g.surveyor[0] == PUB
    assert legal(g) == ["score A1", "score B1", "score C1", "score D1", "score E1"]
    play(g, "score B1")  # grey side up: it does not matter
    spares = [g.cfg.ac_id[c] for c in range(25) if g.supply_cards >> c & 1 and g.cfg.ac_cat[c] == 1]
    assert legal(g) == [f"replace {s}" for s in spares]
    play(g, f"replace {spares[1]}")
    assert g.bar[1] == ac(g, spares[1]) and g.grey[1] == 0
    assert g.pile[0] == 1 << ac(g, "B1")
    assert g.grey[4] == 1  # E1 flips as usual
    invariants.check(g)


def test_no_replacement_left_play_on_with_fewer_cards() -> None:
    """Seed 001: "Sind keine passenden Ersatzkarten mehr vorhanden, müsst ihr bis zum Ende des
    Spiels mit weniger Aktionskarten auskommen." """
    g = _with_stations(1)
    for c in range(25):
        if g.supply_cards >> c & 1 and g.cfg.ac_cat[c] == 0:
            g.supply_cards &= ~(1 << c)
            g.box_cards |= 1 << c
    restart_turn(g, 0)
    play(g, "card E1", "pub", "score A1")
    assert g.bar[0] == NONE
    assert events(g, "no_replacement")
    invariants.check(g)


def test_scoring_the_e_card_itself_no_flip_and_the_replacement_stays_gold() -> None:
    """Seed 001: "Ersetzt ihr die Aktionskarte der Kategorie E, mit der ihr die Pub-Aktion
    nutzt, entfällt das Umdrehen einer Aktionskarte in Schritt 3 eures Spielzuges. Auf keinen
    Fall wird die Ersatzkarte umgedreht!" (The OCR reads "Kategorie B"; only E leads to the
    Pub.)"""
    g = _with_stations(1)
    play(g, "card E1", "pub", "score E1")
    if g.decision == "replace":
        play(g, legal(g)[0])
    assert g.grey[4] == 0 and g.bar[4] != NONE and g.bar[4] != ac(g, "E1")
    assert not any(e["why"] == "played" for e in events(g, "flip"))
    invariants.check(g)


def test_never_more_cards_in_the_pile_than_stations_built() -> None:
    """Seed 001: "Wichtig! Die Anzahl der Karten in eurem Wertungsstapel ist nach oben
    begrenzt, und zwar könnt ihr nie mehr Karten im Wertungsstapel haben, als ihr Stationen
    errichtet habt."
    The limit is on the pile, not on the Pub: the surveyor may still move in ("Versetze deine
    Vermesserfigur ... oder in den Pub und nutze die entsprechende Aktion"), and the card
    part, which cannot be carried out, is left out (step 2)."""
    g = new()
    restart_turn(g, 0)
    play(g, "card E1", "pub")  # no station: no room
    assert g.surveyor[0] == PUB and g.pile[0] == 0 and g.decision == "card" and g.current_player == 1
    assert events(g, "pub_full")[-1]["stations"] == 0
    g2 = _with_stations(1)
    g2.pile[0] = 1 << ac(g2, "A3")
    g2.supply_cards &= ~(1 << ac(g2, "A3"))
    g2.box_cards &= ~(1 << ac(g2, "A3"))
    restart_turn(g2, 0)
    play(g2, "card E1", "pub")  # one station, one card already
    assert g2.pile[0] == 1 << ac(g2, "A3") and g2.bar[4] == ac(g2, "E1") and g2.grey[4] == 1
    assert events(g2, "pub_full")[-1]["pile"] == 1
    invariants.check(g2)
    g3 = _with_stations(2)
    g3.pile[0] = 1 << ac(g3, "A3")
    g3.supply_cards &= ~(1 << ac(g3, "A3"))
    g3.box_cards &= ~(1 << ac(g3, "A3"))
    restart_turn(g3, 0)
    play(g3, "card E1", "pub")  # two stations, one card: room for one more
    assert g3.decision == "score"
