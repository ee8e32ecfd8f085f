"""A refused move says why in words (issue 12 "Clear refusals"; spec "Bad input gets a clear
error in words and changes nothing")."""

from __future__ import annotations

import random

import pytest
from rulekit import bsite, clear_tracks_before, give, give_contract, new, place, quiet_bag

import snowdonia
from snowdonia.core.errors import IllegalAction
from snowdonia.games.snowdonia.rules.actions import catalogue
from snowdonia.games.snowdonia.rules.refusals import explain

G2 = ["place G", "place G"]


def refused(g: snowdonia.Game, text: str) -> str:
    before = g.observation(None)
    with pytest.raises(IllegalAction) as err:
        g.apply(text)
    assert g.observation(None) == before
    return str(err.value)


def test_an_occupied_space_names_who_holds_it() -> None:
    g = new(3)
    g.apply("place B1")
    assert "B1 is taken by Player 1" in refused(g, "place B1")


def test_fog_is_named_as_the_reason() -> None:
    """Seed 004 Check the Weather: "Fog = No Excavation [B] or Lay Track [D] actions"."""
    g = new(3)
    g.weather_current = "fog"
    from rulekit import restart_round

    restart_round(g)
    assert "fog blocks Excavate this round" in refused(g, "place B1")
    assert "fog blocks Lay Track this round" in refused(g, "place D2")


def test_a_space_that_does_not_exist_at_this_player_count() -> None:
    g = new(3)
    assert "Stock Yard (A) has 3 spaces with 3 players" in refused(g, "place A4")


def test_a_contract_for_another_area_or_not_held() -> None:
    g = new(3)
    quiet_bag(g)
    give_contract(g, 0, 7)
    give_contract(g, 0, 26)
    place(g, {0: G2, 1: G2, 2: G2})
    assert g.decision == "contract_window"
    assert "#26 is played in the B window; this is the A window" in refused(g, "play 26")
    assert "you do not hold contract #20" in refused(g, "play 20")


def test_building_before_excavation_and_without_stone() -> None:
    """Seed 004 E BUILD: "After all Track cards leading up to a Station card have been
    excavated"; "Players must pay the full cost of the site"."""
    g = new(3)
    quiet_bag(g)
    clear_tracks_before(g, "two_viaducts")
    give(g, 0, stone=2)
    place(g, {0: ["place E1", "place G"], 1: G2, 2: G2})
    assert g.decision == "build"
    assert "every track card before Hebron Station must be excavated first" in refused(
        g, "build hebron.1 iron=0 rubble=0")
    assert "site 1 of Two Viaducts costs 4 stone; you have 2 stone" in refused(
        g, "build two_viaducts.1 iron=0 rubble=0")
    g.apply("build two_viaducts.4 iron=0 rubble=0")
    assert g.bsite_owner[bsite(g, "two_viaducts", 4)] == 0


def test_every_refusal_in_random_games_has_a_reason() -> None:
    """Every action of the catalogue that is not legal, at every decision of random games at
    every player count, is refused with a specific sentence (not a generic fallback)."""
    acts = catalogue().actions
    rng = random.Random(5)
    generic = {"that is not one of the options", "that space cannot be used now",
               "that contract cannot be played now", "that mix is not available"}
    for players in (1, 2, 3, 4, 5):
        g = snowdonia.new_game(players, seed=players * 11)
        while not g.is_over:
            legal = set(g.legal_actions())
            for a in rng.sample(acts, 25):
                if a not in legal:
                    reason = explain(g, a)
                    assert reason and reason not in generic, (g.decision, str(a), reason)
            g.apply(rng.choice(sorted(legal, key=str)))
