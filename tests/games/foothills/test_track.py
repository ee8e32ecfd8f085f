"""C — Gleisbau und Steintausch, completing a railway (seed 001_c8b34512af30f80d.txt, "C
Gleisbau und Steintausch", "Ein Gleis bauen", "Eine Strecke abschließen", "Porthmadog",
"Geröll gegen Stein tauschen")."""

from __future__ import annotations

from snowdonia.games.foothills.rules.state import NONE

from . import invariants
from .kit import (
    Script,
    card,
    clear,
    empty_hands,
    events,
    give,
    lay,
    legal,
    new,
    play,
    rail,
    restart_turn,
    set_yard,
)


def test_up_to_three_times_in_any_mix_first_choice_required() -> None:
    """Seed 001 C: "Baue 1 Gleis für 2 Eisen oder tausche 2 Geröll gegen 1 Stein. Triff diese
    Wahl bis zu dreimal. Erhalte 1 Siegpunkt für jedes neue Gleis, das du baust." "Diese
    Aktion erlaubt euch, die beiden Optionen ... in beliebiger Kombination bis zu dreimal pro
    Aktion durchzuführen." """
    g = new()
    clear(g, "I-2", "II-2")
    give(g, 0, iron=4, rubble=2)
    restart_turn(g, 0)
    play(g, "card C1")
    assert g.decision == "works"
    opts = legal(g)
    assert opts[:2] == ["track I", "track II"] and "stone from yard" in opts and "pass" not in opts
    play(g, "track I")
    assert "pass" in legal(g)
    play(g, "stone from bag", "track II")
    assert g.tracks_built[0] == 2 and g.vp[0] == 2
    assert g.current_player == 1  # three choices made
    invariants.check(g)


def test_track_costs_two_iron_into_the_bag_and_one_vp() -> None:
    """Seed 001 "Ein Gleis bauen": "Gebt 2 Eisen aus eurem Vorrat ab und legt es zurück in den
    Stoffbeutel. Platziert anschließend eine eurer Gleismarken auf das nächste freie Gleisfeld
    von links in einer Strecke eurer Wahl ... Für jedes neu gebaute Gleis erhaltet ihr sofort
    1 Siegpunkt aus dem allgemeinen Vorrat." """
    g = new()
    clear(g, "I-2", "I-3")
    empty_hands(g, 0)
    give(g, 0, iron=2)
    iron, bag_i, markers = g.iron[0], g.bag_i, g.markers[0]
    restart_turn(g, 0)
    play(g, "card C1")  # the only option (track I) is taken at once; then nothing more to do
    t = g.cfg.card_tracks[card(g, "I-2")][0]
    assert g.track_owner[t] == 0
    assert g.iron[0] == iron - 2 and g.bag_i == bag_i + 2 and g.markers[0] == markers - 1 and g.vp[0] == 1
    assert g.current_player == 1


def test_a_track_space_is_free_without_rubble_navvy_or_track() -> None:
    """Seed 001: "Ein Gleisfeld gilt als frei, wenn dort kein Geröll mehr liegt und noch kein
    Streckenarbeiter oder eine Gleismarke darauf platziert wurde. Gibt es kein freies
    Gleisfeld, könnt ihr kein Gleis bauen." """
    g = new()
    give(g, 0, iron=2, rubble=2)
    restart_turn(g, 0)
    play(g, "card C1")
    assert not any(a.startswith("track") for a in legal(g))  # everything holds rubble
    g2 = new()
    clear(g2, "I-2")
    lay(g2, 1, "I-2")
    clear(g2, "I-3")
    empty_hands(g2, 0)
    give(g2, 0, iron=2)
    restart_turn(g2, 0)
    play(g2, "card C1")
    assert g2.track_owner[g2.cfg.card_tracks[card(g2, "I-3")][0]] == 0  # next free from the left


def test_completed_railway_gets_a_buffer_stop() -> None:
    """Seed 001 "Eine Strecke abschließen": "Stellt, sobald alle Gleisfelder einer Strecke mit
    einer Gleismarke oder einem Streckenarbeiter belegt sind, einen Prellbock aus dem
    allgemeinen Vorrat ans Ende dieser Strecke." """
    g = new()
    clear(g, "V-2", "V-3/4")
    lay(g, 1, "V-2")
    empty_hands(g, 0)
    give(g, 0, iron=2)
    restart_turn(g, 0)
    play(g, "card C1")
    assert g.buffer[rail(g, "V")] == 1 and g.buffers_left == 4
    assert events(g, "buffer_stop")[-1]["railway"] == "V"
    invariants.check(g)


def test_porthmadog_two_spaces_left_to_right_one_buffer_per_railway() -> None:
    """Seed 001 "Porthmadog": "Ihr könnt beide Gleisfelder (von links nach rechts) bebauen,
    sobald das linke Feld freigeschaufelt ist. Befinden sich beide Strecken im Spiel und wird
    Porthmadog abgeschlossen, hat das nicht zwingend zur Folge, dass gleich beide Strecken
    abgeschlossen sind. Stellt den Prellbock nur für die tatsächlich abgeschlossene Strecke
    auf." """
    g = new()
    for cid in ("I-2", "I-3", "I-4", "I/II-5"):
        clear(g, cid)
    for cid in ("I-2", "I-3", "I-4"):
        lay(g, 1, cid)
    empty_hands(g, 0)
    give(g, 0, iron=4)
    restart_turn(g, 0)
    play(g, "card C1")
    assert legal(g) == ["track I", "track II"]  # both reach Porthmadog's left space
    play(g, "track I")
    left, right = g.cfg.card_tracks[card(g, "I/II-5")]
    assert g.track_owner[left] == 0 and g.track_owner[right] == NONE
    assert g.buffer[rail(g, "I")] == 0
    play(g, "track I")
    assert g.track_owner[right] == 0
    assert g.buffer[rail(g, "I")] == 1 and g.buffer[rail(g, "II")] == 0  # II-2..4 still open
    invariants.check(g)


def test_swap_two_rubble_for_stone_from_stockyard_or_bag_refilling() -> None:
    """Seed 001 "Geröll gegen Stein tauschen": "Gebt 2 Geröll aus eurem Vorrat ab und legt es
    zurück in den allgemeinen Vorrat. Nehmt euch anschließend 1 Stein wahlweise vom
    Lagerplättchen oder aus dem Stoffbeutel (gezielt heraussuchen). Nehmt ihr dadurch die
    letzte Ressource vom Lagerplättchen, müsst ihr das Lager wieder auffüllen." """
    g = new()
    set_yard(g, 0, 1)
    empty_hands(g, 0)
    give(g, 0, rubble=4)
    g.chance = Script(["iron"] * 6)
    restart_turn(g, 0)
    play(g, "card C1")
    assert legal(g) == ["stone from yard", "stone from bag"]
    bag_s = g.bag_s
    play(g, "stone from yard")
    assert g.yard_i == 6 and g.yard_s == 0  # refilled
    assert legal(g) == ["stone from bag", "pass"]
    play(g, "stone from bag")
    assert g.bag_s == bag_s - 1 and g.rubble[0] == 0
    assert g.current_player == 1  # no rubble left: nothing more to do
    invariants.check(g)


def test_no_track_without_a_marker_left() -> None:
    """Seed 001 "Beschränkung des Spielmaterials": "Die Ressourcen Eisen und Stein sowie die
    Gleis-/Stationsmarken sind begrenzt." """
    g = new()
    clear(g, "I-2")
    give(g, 0, iron=2, rubble=2)
    g.markers[0], g.tracks_built[0] = 0, 0
    # keep the marker count whole: 16 markers stand on tracks elsewhere
    for cid in ("II-2", "II-3", "II-4", "III-2", "III-3", "III-4/5", "III-6", "III-7/8", "IV-2/3",
                "IV-4", "IV-5", "V-2", "V-3/4", "VI-2", "VI-3", "VI-4"):
        clear(g, cid)
        lay(g, 0, cid)
    g.markers[0] = 0
    restart_turn(g, 0)
    play(g, "card C1")
    assert g.track_owner[g.cfg.card_tracks[card(g, "I-2")][0]] == NONE
    invariants.check(g)
