"""What a seat may see (spec/product.md "Game.observation"; seed 004 F SITE OFFICE: contracts
are held face up; seed 004 C WORKS: nobody looks into the bag, but its counts follow from the
table)."""

from __future__ import annotations

import json

from rulekit import give_contract, new, place, quiet_bag, resolve

from invariants import check_observations

REQUIRED = {"round", "start_player", "current_player", "decision", "weather", "work_rates",
            "stock_yard", "bag", "steel_supply", "event_track", "route", "site_office",
            "deck_count", "engine_shed", "players"}
PLAYER_KEYS = {"iron", "stone", "coal", "rubble", "steel", "markers_left", "surveyor", "train",
               "contracts", "played", "labourers"}


def test_observation_has_every_required_key_and_is_json() -> None:
    """Spec product: the observation "Must contain at least these keys"."""
    g = new(4)
    for seat in (None, 0, 3):
        obs = g.observation(seat)
        assert REQUIRED <= set(obs)
        assert set(obs["weather"]) >= {"current", "forecast"}
        assert set(obs["work_rates"]) >= {"excavate", "lay_track"}
        assert set(obs["bag"]) == {"iron", "stone", "coal", "event"}
        assert len(obs["event_track"]) == 10
        assert all(PLAYER_KEYS <= set(p) for p in obs["players"])
        assert json.loads(json.dumps(obs)) == obs


def test_observation_never_contains_the_deck_order_or_the_discard_pile() -> None:
    """Spec product: "Never contains the order of the deck or of the bag"; discards are face
    down (seed 004 Restock Contract Cards)."""
    g = new(3)
    quiet_bag(g)
    place(g, {p: ["place G", "place G"] for p in range(3)})
    resolve(g)
    assert g.discard
    text = json.dumps(g.observation(0))
    obs = g.observation(0)
    assert obs["deck_count"] == len(g.deck)
    assert "deck" not in obs and "discard" not in obs and "seed" not in text and "rng" not in text
    shown = set(obs["site_office"]) | {c for p in obs["players"] for c in p["contracts"] + p["played"]}
    assert not shown & set(g.deck)
    assert not shown & set(g.discard)


def test_cards_drawn_for_contract_5_are_seen_only_by_the_drawer() -> None:
    """Data §9 #5: the drawn cards are the drawer's private choice."""
    g = new(3)
    quiet_bag(g)
    give_contract(g, 1, 5)
    place(g, {p: ["place G", "place G"] for p in range(3)})
    while g.decision != "keep_contract":
        g.apply("play 5" if "play 5" in [str(a) for a in g.legal_actions()] else "pass")
    drawn = [c for c in g.pending_cards if c != 5]
    assert sorted(g.observation(1)["decision"]["cards"]) == sorted([5, *drawn])
    for seat in (None, 0, 2):
        obs = g.observation(seat)
        assert obs["decision"]["cards"] == 3
        shown = set(obs["site_office"]) | {c for p in obs["players"] for c in p["contracts"] + p["played"]}
        assert not set(drawn) & shown
    check_observations(g)  # also: no seat is shown a contract it has not seen


def test_contracts_in_hand_are_public() -> None:
    """Seed 004 F SITE OFFICE: "Put the card face up in the player's playing area ... so that
    other players can read it"."""
    g = new(3)
    give_contract(g, 2, 17)
    for seat in (None, 0, 1, 2):
        assert g.observation(seat)["players"][2]["contracts"] == [17]
