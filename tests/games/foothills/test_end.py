"""The end of the game (seed 001_c8b34512af30f80d.txt, "Spielende und Wertung")."""

from __future__ import annotations

import pytest

from snowdonia.core.errors import IllegalAction
from snowdonia.games.foothills.rules import navvies, track
from snowdonia.games.foothills.rules.state import NONE

from . import invariants
from .kit import Script, clear, empty_hands, events, give, lay, legal, new, play, rail, restart_turn, set_yard


def _all_navvies_placed(start: int) -> object:
    g = new(start=start)
    for _ in range(10):
        navvies.place(g)
    assert g.navvies_left == 0 and g.end_trigger == NONE
    return g


def test_start_player_triggers_the_other_has_one_last_turn() -> None:
    """Seed 001: "Das Spielende wird durch eine der beiden folgenden Situationen eingeläutet:
    ... Ihr sollt einen Streckenarbeiter platzieren, könnt dies aber nicht. Tritt dies im
    Spielzug des Startspielers ein, kommt der andere Spieler noch ein letztes Mal an die
    Reihe, so dass ihr beide gleich viele Spielzüge durchgeführt habt." """
    g = _all_navvies_placed(start=0)
    set_yard(g, 1, 1)
    g.chance = Script(["event", "iron", "iron", "iron", "iron", "iron"])
    restart_turn(g, 0)
    play(g, "card A1", "take iron=1 stone=1")
    assert g.end_trigger == 0 and "none was left" in g.end_reason and not g.over
    assert g.decision == "take"  # the turn goes on
    play(g, "pass")
    assert not g.over and g.final_turn and g.current_player == 1
    assert events(g, "last_turn")
    play(g, "card B2")
    play(g, legal(g)[0])
    assert g.over and g.turns_taken == [1, 1]
    assert g.current_player is None and g.legal_actions() == [] and g.pending() is None
    with pytest.raises(IllegalAction):
        g.apply("pass")
    assert g.result()["final"] is True
    invariants.check(g)


def test_the_other_player_triggers_the_game_ends_with_the_turn() -> None:
    """Seed 001: "Andernfalls endet das Spiel am Ende des aktuellen Spielzugs." """
    g = _all_navvies_placed(start=1)
    play(g, "card B2")  # the start player's turn
    play(g, legal(g)[0])
    assert g.current_player == 0
    set_yard(g, 1, 1)
    g.chance = Script(["event", "iron", "iron", "iron", "iron", "iron"])
    play(g, "card A1", "take iron=1 stone=1")
    assert g.end_trigger == 0 and not g.over
    play(g, "pass")
    assert g.over and g.turns_taken == [1, 1]
    assert events(g, "game_over")


def test_the_last_buffer_stop_rings_in_the_end() -> None:
    """Seed 001: "Sobald der letzte Prellbock aufgestellt ist, wird das Spielende eingeläutet"
    (5 buffer stops; six railways are in play)."""
    g = new(start=0)
    for numeral in ("I", "II", "III", "IV"):
        for c in g.cfg.rail_cards[rail(g, numeral)]:
            clear(g, g.cfg.cards[c].id)
            for k, t in enumerate(g.cfg.card_tracks[c]):
                if g.track_owner[t] == NONE:
                    lay(g, 1, g.cfg.cards[c].id, k)
        track.check_complete(g, rail(g, numeral))
    assert g.buffers_left == 1 and g.markers[1] == 0
    clear(g, "V-2", "V-3/4")
    lay(g, 0, "V-2")
    empty_hands(g, 0)
    give(g, 0, iron=2)
    restart_turn(g, 0)
    play(g, "card C1")
    assert g.buffers_left == 0 and g.end_reason == "all buffer stops placed"
    assert g.final_turn and g.current_player == 1
    invariants.check(g)


def test_the_rest_of_a_railway_after_all_buffer_stops_gets_none() -> None:
    """Only 5 buffer stops exist: a sixth railway completed gets none (seed: "5 Prellböcke")."""
    g = new()
    g.buffers_left = 0
    g.buffer = [1, 1, 1, 1, 0, 1, 0, 0]  # I-IV and VI (a test set-up, not a real position)
    g.end_trigger = 1
    clear(g, "V-2", "V-3/4")
    lay(g, 0, "V-2")
    lay(g, 0, "V-3/4")
    track.check_complete(g, rail(g, "V"))
    assert g.buffer[rail(g, "V")] == 0 and g.buffers_left == 0
