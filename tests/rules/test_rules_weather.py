"""Restock Contract cards and Check the Weather (seed 004 "Restock Contract Cards", "Check the
Weather"; seed 004 Solitaire "Check the Weather"; spec rules §1.4-1.5; data §4)."""

from __future__ import annotations

import pytest
from rulekit import new, place, quiet_bag, resolve

from snowdonia.games.snowdonia.game import Game


def all_g_round(g: Game) -> None:
    place(g, {p: ["place G", "place G"] for p in range(g.cfg.players)})
    resolve(g)


def test_round_1_uses_the_set_up_rates_and_has_no_current_weather() -> None:
    """Seed 004 step 10 and 12: markers on the 2nd spaces; the current space is empty."""
    g = new(3)
    assert g.weather_current is None
    assert g.observation()["work_rates"]["excavate"] == 2
    assert g.observation()["work_rates"]["lay_track"] == 2


def test_discs_move_toward_current_and_a_new_disc_matches_the_deck_top_back() -> None:
    """Seed 004 Check the Weather: "Move the Weather discs one space along to the left ...
    Look at the top (unrevealed) card of the Contract Card Deck, take a Weather disc in a colour
    matching the weather icon on the back of that card and place it in the lowest position"."""
    for seed in range(5):
        g = new(3, seed=seed)
        quiet_bag(g)
        mid, last = g.weather_mid, g.weather_last
        all_g_round(g)
        assert g.weather_current == mid and g.weather_mid == last
        assert g.weather_last == g.cfg.contract[g.deck[-1]].back
        assert g.observation()["deck_top_back"] == g.weather_last


@pytest.mark.parametrize(("disc", "exc", "lay"), [("sun", 4, 3), ("rain", 1, 1), ("fog", 2, 2)])
def test_weather_moves_the_work_rate_markers(disc: str, exc: int, lay: int) -> None:
    """Seed 004 Check the Weather: "Sun = Excavate +2 spaces, Lay Track +1 space; Rain =
    Excavate -1 space, Lay Track -1 space; Fog = ... Leave the Work Rate markers as they are"
    (from the 2nd spaces, values 2 and 2, data §4)."""
    g = new(3)
    quiet_bag(g)
    g.weather_mid = disc
    all_g_round(g)
    obs = g.observation()
    assert (obs["work_rates"]["excavate"], obs["work_rates"]["lay_track"]) == (exc, lay)
    assert obs["weather"]["current"] == disc


def test_markers_never_leave_the_tracks() -> None:
    """Seed 004 Check the Weather: "Don't go off either end of the tracks!"."""
    g = new(3)
    quiet_bag(g)
    g.exc_idx, g.lay_idx = len(g.cfg.exc_rates) - 1, len(g.cfg.lay_rates) - 1
    g.weather_mid = "sun"
    all_g_round(g)
    assert (g.exc_idx, g.lay_idx) == (len(g.cfg.exc_rates) - 1, len(g.cfg.lay_rates) - 1)
    g = new(3)
    quiet_bag(g)
    g.exc_idx = g.lay_idx = 0
    g.weather_mid = "rain"
    all_g_round(g)
    assert (g.exc_idx, g.lay_idx) == (0, 0)


def test_fog_blocks_b_and_d_for_the_coming_round() -> None:
    """Seed 004 Check the Weather: "Fog = No Excavation [B] or Lay Track [D] actions can be
    performed this round ... put a Fog disc on both those Action Areas"."""
    g = new(3)
    quiet_bag(g)
    g.weather_mid = "fog"
    all_g_round(g)
    obs = g.observation()
    assert obs["fog"]
    blocked = {a["area"] for a in obs["areas"] if a["spaces"] and all(s["blocked"] for s in a["spaces"])}
    assert blocked == {"B", "D"}


def test_current_disc_returns_to_the_supply() -> None:
    """Seed 004 Check the Weather: "put the marker in the current weather space back in general
    supply": the supply counts the 11 discs minus the two on the forecast."""
    g = new(3)
    quiet_bag(g)
    all_g_round(g)
    sup = g.observation()["weather"]["supply"]
    assert sum(sup.values()) == 11 - 2


def test_office_discards_position_1_slides_left_and_refills() -> None:
    """Seed 004 Restock Contract Cards: "If a Contract card is in position [1] ... put it face
    down onto the discard pile. Move any other Contract cards ... to the left ... Add cards
    face up ... from the top of the Contract Card Deck"."""
    g = new(3)
    quiet_bag(g)
    a, b, c = g.office
    top = g.deck[-1]
    all_g_round(g)
    assert g.office == [b, c, top]
    assert g.discard == [a]


def test_office_with_position_1_taken_discards_nothing() -> None:
    """Seed 004 Restock Contract Cards: the discard applies only "If a Contract card is in
    position [1]"; a card taken from the middle leaves a gap that closes up."""
    g = new(3)
    quiet_bag(g)
    a, b, c = g.office
    place(g, {0: ["place F1", "place G"], 1: ["place G", "place G"], 2: ["place G", "place G"]})
    g.apply(f"pick {b}")
    resolve(g)
    assert g.office[:2] == [c, g.office[1]] and g.office[0] == c
    assert g.discard == [a]
    g2 = new(3)
    quiet_bag(g2)
    a2, b2, c2 = g2.office
    place(g2, {0: ["place F1", "place G"], 1: ["place G", "place G"], 2: ["place G", "place G"]})
    g2.apply(f"pick {a2}")
    resolve(g2)
    assert g2.office[:2] == [b2, c2] and g2.discard == []


def test_empty_deck_reshuffles_the_discard_pile() -> None:
    """Spec rules §1.4: "When the deck is empty, shuffle the discard pile into a new deck"
    (the weather needs a card back)."""
    g = new(3)
    quiet_bag(g)
    g.discard = g.deck[:-1]
    g.deck = g.deck[-1:]
    g.kdisc = [0] * 3
    before = list(g.discard)
    first = g.office[0]
    all_g_round(g)
    # The last deck card refilled the office; then the weather found the deck empty and the
    # discard pile (with the office's position-1 card) became the new deck.
    assert g.discard == []
    assert sorted(g.deck) == sorted([*before, first])
    assert g.weather_last == g.cfg.contract[g.deck[-1]].back
    assert sorted(g.deck + g.discard + [c for c in g.office if c]) == sorted(
        set(g.cfg.contract_numbers))
    assert g.observation(0)["deck_count"] == len(g.deck)


def test_solo_discards_all_three_and_deals_three_new() -> None:
    """Seed 004 Solitaire, Check the Weather: "Discard all Contract cards and deal out three
    new cards"."""
    g = new(1)
    quiet_bag(g)
    old = list(g.office)
    place(g, {0: ["place G", "place G"]})
    resolve(g)
    assert set(old) <= set(g.discard)
    assert not set(old) & set(g.office)
    assert len([c for c in g.office if c]) == 3
