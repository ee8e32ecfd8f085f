"""Set-up (seed 004 "Initial Setup" steps 1-15, Supply Table, Solitaire; data §1-§8)."""

from __future__ import annotations

import pytest
from rulekit import new

import snowdonia

BAG = {1: (16, 10, 4), 2: (20, 11, 5), 3: (20, 11, 5), 4: (27, 16, 5), 5: (33, 20, 5)}


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_supply_table_bag_contents(players: int) -> None:
    """Seed 004 step 14, Supply Table: iron, stone and event cubes in the bag by player count."""
    g = snowdonia.new_game(players, seed=3)
    drawn = g.yard_i + g.yard_s if players == 1 else 0  # solo Stock Yard is drawn from the bag
    assert (g.bag_i + g.bag_s + drawn, g.bag_e) == (sum(BAG[players][:2]), BAG[players][2])
    if players > 1:
        assert (g.bag_i, g.bag_s) == BAG[players][:2]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_coal_rest_goes_into_the_bag(players: int) -> None:
    """Seed 004 step 13-14: coal on the six Engine Shed trains, 1 in the Stock Yard, "the rest
    into the bag" (14 in the box)."""
    for seed in range(6):
        g = snowdonia.new_game(players, seed=seed)
        shed = sum(g.cfg.train[t].coal for t in g.shed)
        assert [g.shed_coal[t] for t in g.shed] == [g.cfg.train[t].coal for t in g.shed]
        assert g.bag_c == 14 - 1 - shed
        assert g.box_c == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_stock_yard_starts_with_7_iron_4_stone_1_coal(players: int) -> None:
    """Seed 004 step 14: "Put 7 Iron Ore, 4 Stone and 1 Coal on to their spaces"."""
    g = snowdonia.new_game(players, seed=9)
    assert (g.yard_i, g.yard_s, g.yard_c) == (7, 4, 1)


@pytest.mark.parametrize("train", range(1, 8))
def test_solo_setup_train_coal_and_six_drawn_cubes(train: int) -> None:
    """Seed 004 Solitaire: the player starts with the chosen train; the bag holds 6 coal minus
    the train's coal; 6 cubes are drawn into the Stock Yard, event cubes going back unresolved."""
    g = snowdonia.new_game(1, seed=train, solo_train=train)
    coal = g.cfg.train[train].coal
    assert g.train[0] == train and g.coal[0] == coal
    assert g.yard_i + g.yard_s + g.yard_c == 6
    assert g.bag_c + g.yard_c == 6 - coal
    assert g.bag_e == 4 and not any(g.events)
    assert g.shed == []


def test_solo_stock_yard_never_holds_events_over_many_seeds() -> None:
    """Seed 004 Solitaire: "return any Event cubes un-resolved at this point and re-draw"."""
    for seed in range(60):
        g = snowdonia.new_game(1, seed=seed)
        assert g.bag_e == 4 and g.yard_i + g.yard_s + g.yard_c == 6
        assert not g.trains_available and g.exc_idx == 1


@pytest.mark.parametrize(("players", "stations", "tracks"), [
    (1, ["llanberis", "two_viaducts", "hebron", "halfway", "rocky_valley", "clogwyn", "yr_wyddfa"], 12),
    (2, ["llanberis", "two_viaducts", "hebron", "halfway", "rocky_valley", "clogwyn", "yr_wyddfa"], 12),
    (3, ["llanberis", "two_viaducts", "waterfall", "hebron", "halfway", "rocky_valley", "clogwyn",
         "yr_wyddfa"], 13),
    (4, ["llanberis", "two_viaducts", "waterfall", "hebron", "halfway", "rocky_valley", "clogwyn",
         "yr_wyddfa"], 13),
    (5, ["llanberis", "two_viaducts", "waterfall", "hebron", "halfway", "passing_loop", "rocky_valley",
         "clogwyn", "yr_wyddfa"], 14),
])
def test_stations_and_track_cards_by_player_count(players: int, stations: list[str], tracks: int) -> None:
    """Seed 004 step 6 and Supply Table: Waterfall (2) not used solo or with 2; the Passing
    Loop (4 1/2) only with 5. Step 7: track cards between stations as printed (data §7)."""
    g = snowdonia.new_game(players, seed=1)
    assert [s.key for s in g.cfg.stations] == stations
    assert g.cfg.n_tracks == tracks
    assert len(g.track_owner) == tracks


def test_track_cards_dealt_from_the_shuffled_fourteen_with_their_rubble() -> None:
    """Seed 004 step 7-8: shuffled track cards, rubble equal to the card's number on each,
    and printed rubble on the station excavation sites."""
    rubble = [2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5]
    layouts = set()
    for seed in range(20):
        g = snowdonia.new_game(5, seed=seed)
        on_tracks = [g.slot_rubble[s] for s in g.cfg.track_slot]
        assert sorted(on_tracks) == rubble
        assert g.track_vp == on_tracks
        layouts.add(tuple(on_tracks))
        for s in range(g.cfg.n_slots):
            if not g.cfg.slot_is_track[s]:
                assert g.slot_rubble[s] == g.cfg.slot_rubble0[s]
        assert g.route_rubble + g.supply_rubble == 90
    assert len(layouts) > 10


def test_deluxe_optional_track_cards_join_the_shuffle() -> None:
    """Seed 003 (Deluxe): optional 0, 6 and 7 track cards may be shuffled in."""
    seen: set[int] = set()
    for seed in range(30):
        g = snowdonia.new_game(3, seed=seed, edition="deluxe", deluxe_track_cards=True)
        seen.update(g.slot_rubble[s] for s in g.cfg.track_slot)
    assert {0, 6, 7} <= seen


@pytest.mark.parametrize("players", [1, 2])
def test_contracts_28_and_29_removed_solo_and_two_players(players: int) -> None:
    """Seed 004 step 11: "If playing solo or with 2 players, remove the two Contract cards
    marked '3-5' (28 and 29)"."""
    g = snowdonia.new_game(players, seed=2)
    cards = set(g.deck) | set(g.office)
    assert 28 not in cards and 29 not in cards and len(cards) == 28
    g3 = snowdonia.new_game(3, seed=2)
    assert len(set(g3.deck) | set(g3.office)) == 30


def test_first_weather_forecast_from_the_office_card_backs() -> None:
    """Seed 004 step 12: the middle space takes the disc of the middle card's back, the lowest
    space that of the right-most card; the current space is empty in round 1."""
    for seed in range(10):
        g = snowdonia.new_game(3, seed=seed)
        backs = [g.cfg.contract[c].back for c in g.office]
        assert (g.weather_current, g.weather_mid, g.weather_last) == (None, backs[1], backs[2])
        assert len([c for c in g.office if c]) == 3


def test_pieces_surveyors_labourers_rates_and_trains() -> None:
    """Seed 004 steps 3, 4, 5, 10, 13: 16 markers each, surveyors at Llanberis, two labourers
    (the third in the Pub), work-rate markers on the 2nd spaces, six trains in the Engine
    Shed and one set aside, trains not yet buyable."""
    g = snowdonia.new_game(4, seed=4)
    assert g.markers == [16] * 4
    assert g.surveyor == [0] * 4
    assert g.labourers == [2] * 4 and g.to_place == [2] * 4
    assert (g.exc_idx, g.lay_idx) == (1, 1)
    assert len(g.shed) == 6 and g.set_aside not in g.shed
    assert sorted([*g.shed, g.set_aside]) == list(range(1, 8))
    assert g.train == [0] * 4 and not g.trains_available
    assert g.steel_supply == 18 and g.game_markers_left == 6


def test_start_player_is_random() -> None:
    """Seed 004 step 2: "Randomly determine who will be first to play"."""
    starts = {snowdonia.new_game(4, seed=s).start for s in range(40)}
    assert starts == {0, 1, 2, 3}


def test_same_seed_same_setup_different_seed_differs() -> None:
    """Spec rules §6: randomness comes only from the seeded generator."""
    a, b, c = (snowdonia.new_game(3, seed=s) for s in (7, 7, 8))
    assert a.observation() == b.observation()
    assert a.deck == b.deck
    assert (a.deck, a.slot_rubble) != (c.deck, c.slot_rubble)


def test_new_round_helper_sets_the_start_player() -> None:
    g = new(3, start=2)
    assert g.start == 2 and g.decider == 2 and g.decision == "place"
