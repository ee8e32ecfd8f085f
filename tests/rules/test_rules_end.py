"""End of the game (seed 004 "End of Game", Solitaire "Game end"; seed 003 Deluxe extra
round; spec rules §3 "End")."""

from __future__ import annotations

from rulekit import clear_route, empty_bag_but_events, give, new, place, resolve

import snowdonia
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.state import EVENT

G2 = ["place G", "place G"]


def all_but_last_track_laid(g: Game) -> None:
    clear_route(g)
    n = g.cfg.n_tracks
    for t in range(n - 1):
        g.track_owner[t] = EVENT
    g.laid = n - 1


def bag_of_events_only(g: Game, occupied: tuple[int, ...], cubes: int) -> None:
    empty_bag_but_events(g, cubes, occupied)


def test_last_track_laid_by_a_player_ends_the_game_at_the_end_of_the_round() -> None:
    """Seed 004 End of Game: "The game ends at the end of the round when the last Track card
    in the route - the one next to Yr Wyddfa - has had track laid on it": later areas of that
    round still resolve (G after D)."""
    g = new(3)
    g.bag_e = 0
    all_but_last_track_laid(g)
    give(g, 0, steel=1)
    place(g, {0: ["place D1", "place G"], 1: G2, 2: G2})
    resolve(g)
    assert g.is_over and g.round == 1
    assert g.track_owner[-1] == 0
    assert g.surveyor == [1, 2, 2]  # area G still resolved after the last track was laid
    assert g.end_reason == "the last track card was laid"
    assert g.current_player is None and g.legal_actions() == []


def test_last_track_laid_by_an_event_ends_the_original_game_at_the_end_of_the_round() -> None:
    """Seed 004 End of Game and spec rules §3: "the last track card is laid (by a player or an
    event)"; original edition: no extra round."""
    g = new(3)
    all_but_last_track_laid(g)
    bag_of_events_only(g, occupied=(1, 2), cubes=1)  # the cube lands on 3: lay track
    place(g, {0: G2, 1: G2, 2: G2})
    resolve(g)
    assert g.is_over and g.round == 1 and g.track_owner[-1] == EVENT


def test_deluxe_event_laying_the_last_track_adds_one_more_full_round() -> None:
    """Seed 003 (Deluxe) / spec rules §3: "if an event laid the last track card, finish the
    round and play one more full round"."""
    g = new(3, edition="deluxe")
    all_but_last_track_laid(g)
    bag_of_events_only(g, occupied=(1, 2), cubes=1)
    place(g, {0: G2, 1: G2, 2: G2})
    resolve(g)
    assert not g.is_over and g.round == 2
    place(g, {0: G2, 1: G2, 2: G2})
    resolve(g)
    assert g.is_over and g.round == 2
    assert "extra round" in g.end_reason


def test_deluxe_player_laying_the_last_track_ends_without_extra_round() -> None:
    """Seed 003 (Deluxe): the extra round follows only an event laying the last track."""
    g = new(3, edition="deluxe")
    g.bag_e = 0
    all_but_last_track_laid(g)
    give(g, 0, steel=1)
    place(g, {0: ["place D1", "place G"], 1: G2, 2: G2})
    resolve(g)
    assert g.is_over and g.round == 1


def test_solo_game_ends_immediately_after_the_16th_marker() -> None:
    """Seed 004 Solitaire, Game end: "the game ends immediately after the last (16th)
    Ownership marker is placed" - area G of that round does not resolve."""
    g = new(1)
    clear_route(g)
    assert g.cfg.n_tracks == 12
    g.track_owner[:] = [0] * 12  # 12 track markers + 3 building-site markers = 15 placed
    g.laid = 12
    g.bsite_owner[4:7] = [0, 0, 0]
    g.markers[0] = 1
    g.markers_placed = 15
    give(g, 0, stone=1)
    place(g, {0: ["place E1", "place G"]})
    resolve(g)
    assert g.is_over and g.markers[0] == 0
    assert g.end_reason == "last ownership marker placed"
    assert g.surveyor[0] == 0


def test_two_players_end_when_the_32nd_marker_is_placed() -> None:
    """Seed 004 End of Game: "In the Solo and 2 player versions ... the game ends immediately
    after the last Ownership marker is placed (number 16 or number 32 respectively)"."""
    g = new(2)
    g.bag_e = 0
    clear_route(g)
    g.markers = [1, 0]
    g.markers_placed = 31
    give(g, 0, stone=1)
    give(g, 1, stone=1)
    place(g, {0: ["place E1", "place G"], 1: ["place E2", "place G"]})
    resolve(g)
    assert g.is_over and g.end_reason == "last ownership marker placed"


def test_two_players_one_player_out_of_markers_is_not_the_end() -> None:
    """Seed 004 End of Game: the 32nd marker, not one player's 16th, ends a 2-player game."""
    g = new(2)
    g.bag_e = 0
    g.markers = [16, 0]
    g.markers_placed = 16
    place(g, {0: G2, 1: G2})
    resolve(g)
    assert not g.is_over and g.round == 2


def test_three_players_running_out_of_markers_does_not_end_the_game() -> None:
    """Seed 004 End of Game: the marker end is only for solo and 2 players."""
    g = new(3)
    g.bag_e = 0
    clear_route(g)
    g.markers = [1, 0, 0]
    g.markers_placed = 47
    give(g, 0, stone=1)
    place(g, {0: ["place E1", "place G"], 1: G2, 2: G2})
    resolve(g)
    assert not g.is_over and g.markers[0] == 0


def test_apply_after_the_end_is_refused() -> None:
    """Spec product "Standards": an action when the game is over gets a clear error."""
    g = new(3)
    g.bag_e = 0
    all_but_last_track_laid(g)
    give(g, 0, steel=1)
    place(g, {0: ["place D1", "place G"], 1: G2, 2: G2})
    resolve(g)
    assert g.is_over
    try:
        g.apply("place G")
    except snowdonia.IllegalAction as exc:
        assert "over" in str(exc)
    else:
        raise AssertionError("an action after the end was accepted")


def test_solo_last_marker_after_the_last_track_waits_for_the_end_of_the_round() -> None:
    """Seed 004 End of Game: "In the Solo and 2 player versions, if the last Track card in the
    route has not yet been placed, the game ends immediately after the last Ownership marker
    is placed". Here the last track card is laid first (D), so the 16th marker (E) does not
    end the game at once: the round finishes (G still moves the surveyor) and the game ends
    because the last track card was laid."""
    g = new(1)
    all_but_last_track_laid(g)
    g.bag_e = 0
    g.markers[0] = 2
    g.markers_placed = 14
    g.bsite_owner[4:18] = [0] * 14
    give(g, 0, steel=1, stone=1)
    place(g, {0: ["place D1", "place E1", "place G"]}, hire=[0])
    resolve(g)
    assert g.track_owner[-1] == 0 and g.markers[0] == 0
    assert g.is_over and g.end_reason == "the last track card was laid"
    assert g.surveyor[0] == 1


def test_solo_16th_marker_on_the_last_track_card_ends_at_the_end_of_the_round() -> None:
    """Seed 004 End of Game: when the 16th marker goes on the last track card itself, the last
    track card has been placed, so the round is finished (G resolves) before the game ends."""
    g = new(1)
    all_but_last_track_laid(g)
    g.bag_e = 0
    g.markers[0] = 1
    g.markers_placed = 15
    g.bsite_owner[4:19] = [0] * 15
    give(g, 0, steel=1)
    place(g, {0: ["place D1", "place G"]})
    resolve(g)
    assert g.track_owner[-1] == 0 and g.markers[0] == 0
    assert g.is_over and g.end_reason == "the last track card was laid"
    assert g.surveyor[0] == 1


def test_two_players_32nd_marker_after_the_last_track_waits_for_the_end_of_the_round() -> None:
    """Seed 004 End of Game (2 players, "number 32"): once the last track card is laid, the
    32nd marker no longer ends the game at once; the round is played out."""
    g = new(2)
    all_but_last_track_laid(g)
    g.bag_e = 0
    g.markers = [2, 0]
    g.markers_placed = 30
    give(g, 0, steel=1, stone=1)
    place(g, {0: ["place D1", "place E1"], 1: G2})
    resolve(g)
    assert g.markers == [0, 0] and g.is_over
    assert g.end_reason == "the last track card was laid"
    assert g.surveyor == [0, 2]  # seat 1's surveyor still moved twice in area G
