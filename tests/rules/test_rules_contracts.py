"""Every contract effect of data/contracts.toml (seed 004 "Contract Cards"; data §9 for the
card texts, which are fan-data; spec rules §1.3, §6). Each test plays the card in its area's
window through `apply` and checks what it changed."""

from __future__ import annotations

import pytest
from rulekit import (
    clear_route,
    clear_tracks_before,
    give,
    give_contract,
    legal,
    new,
    place,
    quiet_bag,
    resolve,
    set_rubble,
    site_slot,
    track_slot,
)

from snowdonia.games.snowdonia.data import components
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.state import NONE

G2 = ["place G", "place G"]


def game_with(cards: dict[int, list[int]], plan: dict[int, list[str]], players: int = 3,
              **kw: object) -> tuple[Game, dict[int, list[str]]]:
    g = new(players, **kw)  # type: ignore[arg-type]
    quiet_bag(g)
    for p, cs in cards.items():
        for c in cs:
            give_contract(g, p, c)
    return g, {p: plan.get(p, list(G2)) for p in range(players)}


def go(g: Game, plan: dict[int, list[str]]) -> None:
    place(g, plan)


def play(g: Game, card: int) -> None:
    """Answer windows until `card` can be played, then play it."""
    while f"play {card}" not in legal(g):
        g.apply("pass" if "pass" in legal(g) else legal(g)[0])
    g.apply(f"play {card}")


def test_every_effect_key_is_covered_by_a_test_here() -> None:
    """Guard: a new effect key in the data needs a rule test in this module."""
    covered = {
        "lay_track_bonus", "clear_next_space", "swap_weather", "draw_keep", "build_iron_for_steel",
        "stock_yard_bonus", "extra_lay_track", "build_stone_discount", "extra_build",
        "now_rubble_to_stone", "now_iron_to_steel", "block_contracts", "maintenance",
        "build_rubble_for_stone", "now_draw_bag", "now_take_stock_yard", "fix_start_player",
        "excavate_double", "now_move_surveyor", "now_move_labourer", "stock_yard_no_coal_limit",
    }
    assert {c.effect for c in components().contracts} == covered
    assert len(components().contracts) == 30


@pytest.mark.parametrize("card", [1, 2])
def test_1_2_lay_track_rate_plus_1(card: int) -> None:
    """Data §9 #1/#2 (D): "your Lay Track actions this round: work rate +1"."""
    g, plan = game_with({0: [card]}, {0: ["place D1", "place G"]})
    clear_route(g)
    give(g, 0, steel=5)
    go(g, plan)
    play(g, card)
    resolve(g)
    assert g.laid == 3


def test_3_clear_next_space_after_other_excavations_keeping_rubble_and_marker() -> None:
    """Data §9 #3 (B): "after all other Excavate actions, you may clear the whole next space
    that still holds rubble ... you keep the rubble and, on a station site, its marker"."""
    g, plan = game_with({0: [3]}, {1: ["place B1", "place G"]})
    clear_tracks_before(g, "two_viaducts")
    set_rubble(g, site_slot(g, "two_viaducts", 0), 3)
    go(g, plan)
    play(g, 3)
    resolve(g, until=lambda x: x.decision == "clear_space")
    assert g.rubble[1] == 2 and g.slot_rubble[site_slot(g, "two_viaducts", 0)] == 1
    g.apply("clear")
    assert g.rubble[0] == 1 and g.slot_owner[site_slot(g, "two_viaducts", 0)] == 0


def test_4_swap_the_middle_weather_disc() -> None:
    """Data §9 #4 (A): "swap the middle disc of the Weather Track for any disc from the
    supply"."""
    g, plan = game_with({0: [4], 1: [7]}, {})  # seat 1's A window keeps the round open
    g.weather_mid = "rain"
    go(g, plan)
    play(g, 4)
    assert g.decision == "weather_swap"
    assert set(legal(g)) <= {"weather sun", "weather rain", "weather fog"}
    g.apply("weather fog")
    assert g.weather_mid == "fog" and g.decider == 1
    resolve(g)
    assert g.weather_current == "fog"


def test_5_draw_two_keep_one_of_three() -> None:
    """Data §9 #5 (F): "draw the top 2 contracts; keep one of the three (this card
    included), discard the other two"; only the drawer sees the drawn cards."""
    g, plan = game_with({0: [5]}, {})
    top2 = [g.deck[-1], g.deck[-2]]
    go(g, plan)
    play(g, 5)
    assert g.decision == "keep_contract"
    assert sorted(legal(g)) == sorted(f"keep {c}" for c in [5, *top2])
    assert g.observation(1)["decision"]["cards"] == 3
    assert sorted(g.observation(0)["decision"]["cards"]) == sorted([5, *top2])
    g.apply(f"keep {top2[0]}")
    assert g.hand[0] >> top2[0] & 1 and not g.played[0] >> 5 & 1
    assert 5 in g.discard and top2[1] in g.discard


def test_5_keeping_the_played_card_discards_both_drawn() -> None:
    """Data §9 #5: keeping #5 itself discards the two drawn cards."""
    g, plan = game_with({0: [5]}, {})
    top2 = [g.deck[-1], g.deck[-2]]
    go(g, plan)
    play(g, 5)
    g.apply("keep 5")
    assert g.played[0] >> 5 & 1 and set(top2) <= set(g.discard)


@pytest.mark.parametrize("card", [6, 25])
def test_6_25_build_with_3_iron_for_a_steel(card: int) -> None:
    """Data §9 #6/#25 (E): "your Build actions this round may use 3 iron in place of 1
    steel"; the iron goes to the bag."""
    g, plan = game_with({0: [card]}, {0: ["place E1", "place G"], 1: ["place F1", "place G"]})
    clear_tracks_before(g, "waterfall")
    give(g, 0, iron=3, stone=1)  # two options, so the Build decision is asked
    bag_i = g.bag_i
    go(g, plan)
    play(g, card)
    assert "build waterfall.1 iron=1 rubble=0" in legal(g)
    g.apply("build waterfall.1 iron=1 rubble=0")
    assert g.iron[0] == 0 and g.bag_i == bag_i + 3 and g.bsite_owner[g.cfg.station_bsites[2][0]] == 0


def test_7_stock_yard_one_more_cube() -> None:
    """Data §9 #7 (A): one additional cube per Stock Yard action (still max 1 coal)."""
    g, plan = game_with({0: [7]}, {0: ["place A1", "place G"]})
    go(g, plan)
    play(g, 7)
    totals = {sum(int(x.split("=")[1]) for x in o.split()[1:]) for o in legal(g)}
    assert totals == {1, 2, 3, 4}


def test_8_extra_lay_track_after_all_others() -> None:
    """Data §9 #8 (D): "after all other Lay Track actions, take one more Lay Track action"."""
    g, plan = game_with({0: [8]}, {1: ["place D1", "place G"]})
    clear_route(g)
    give(g, 0, steel=2)
    give(g, 1, steel=2)
    go(g, plan)
    play(g, 8)
    resolve(g)
    assert g.track_owner[:5] == [1, 1, 0, 0, NONE]


@pytest.mark.parametrize("card", [9, 14, 15])
def test_9_14_15_each_site_costs_one_stone_less(card: int) -> None:
    """Data §9 #9/#14/#15 (E): "each Building site you pay for this round costs 1 stone
    less"."""
    g, plan = game_with({0: [card]}, {0: ["place E1", "place G"], 1: ["place F1", "place G"]})
    clear_tracks_before(g, "two_viaducts")
    give(g, 0, stone=3)
    go(g, plan)
    play(g, card)
    assert "build two_viaducts.1 iron=0 rubble=0" in legal(g)
    g.apply("build two_viaducts.1 iron=0 rubble=0")
    assert g.stone[0] == 0


def test_10_extra_build_after_all_other_builds() -> None:
    """Data §9 #10 (E): "after all other Build actions, take one more Build action"."""
    g, plan = game_with({0: [10]}, {1: ["place E1", "place G"]})
    clear_tracks_before(g, "two_viaducts")
    give(g, 0, stone=1)
    give(g, 1, stone=2)
    go(g, plan)
    play(g, 10)
    resolve(g, until=lambda x: x.decision == "extra_build")
    assert g.decider == 0 and g.bsite_owner[2] == 1  # seat 1 built first (site 3)
    g.apply("build two_viaducts.4 iron=0 rubble=0")
    assert g.bsite_owner[3] == 0


def test_11_now_rubble_to_stone_up_to_three_times() -> None:
    """Data §9 #11 (C): "now: convert 2 rubble into 1 stone (from the bag) up to 3 times"."""
    g, plan = game_with({0: [11]}, {})
    give(g, 0, rubble=8)
    go(g, plan)
    play(g, 11)
    assert legal(g) == ["convert steel=0 stone=1", "convert steel=0 stone=2", "convert steel=0 stone=3"]
    g.apply("convert steel=0 stone=3")
    assert (g.rubble[0], g.stone[0]) == (2, 3)


@pytest.mark.parametrize("card", [12, 24])
def test_12_24_now_two_iron_to_steel_once_or_twice(card: int) -> None:
    """Data §9 #12/#24 (C): "now: convert 2 iron into 1 steel once or twice"."""
    g, plan = game_with({0: [card]}, {})
    give(g, 0, iron=5)
    go(g, plan)
    play(g, card)
    assert legal(g) == ["convert steel=1 stone=0", "convert steel=2 stone=0"]
    g.apply("convert steel=2 stone=0")
    assert (g.iron[0], g.steel[0]) == (1, 2)


def test_13_blocks_all_other_contracts() -> None:
    """Data §9 #13 (A): "no other contract may be played for the rest of the round"."""
    g, plan = game_with({0: [13, 7], 1: [26]}, {})
    go(g, plan)
    play(g, 13)
    resolve(g)
    assert g.hand[0] == 1 << 7 and g.hand[1] == 1 << 26


@pytest.mark.parametrize("card", [16, 21])
def test_16_21_are_never_played_in_a_window(card: int) -> None:
    """Seed 004 Train maintenance: #16/#21 are discarded for maintenance, not played in an
    action area window (their use is covered in test_rules_events)."""
    g, plan = game_with({0: [card]}, {})
    go(g, plan)
    assert g.decision != "contract_window"
    resolve(g)
    assert g.hand[0] == 1 << card


def test_17_build_paying_two_rubble_per_stone() -> None:
    """Data §9 #17 (E): "your Build actions this round may pay 2 rubble per stone"."""
    g, plan = game_with({0: [17]}, {0: ["place E1", "place G"], 1: ["place F1", "place G"]})
    clear_tracks_before(g, "two_viaducts")
    give(g, 0, stone=2, rubble=4)
    sup = g.supply_rubble
    go(g, plan)
    play(g, 17)
    assert "build two_viaducts.1 iron=0 rubble=2" in legal(g)
    g.apply("build two_viaducts.1 iron=0 rubble=2")
    assert (g.stone[0], g.rubble[0], g.supply_rubble) == (0, 0, sup + 4)


@pytest.mark.parametrize("card", [18, 19])
def test_18_19_now_draw_three_cubes_event_cubes_go_back(card: int) -> None:
    """Data §9 #18/#19 (G): "now: draw 3 cubes from the bag into your supply; event cubes
    drawn go back"."""
    g, plan = game_with({0: [card], 1: [27]}, {})  # seat 1's G window keeps the round open
    g.box_i += g.bag_i
    g.box_s += g.bag_s
    g.box_c += g.bag_c
    g.bag_i, g.bag_s, g.bag_c, g.box_i = 2, 0, 0, g.box_i - 2
    g.bag_e = 3
    go(g, plan)
    play(g, card)
    assert g.decider == 1
    assert g.iron[0] + g.bag_i == 2 and g.bag_e == 3
    assert not any(g.events)


@pytest.mark.parametrize(("card", "coal_ok"), [(20, False), (23, True)])
def test_20_23_now_take_two_cubes_from_the_stock_yard(card: int, coal_ok: bool) -> None:
    """Data §9 #20 (A): "now: take any 2 cubes from the Stock Yard (max 1 coal)"; #23: "now:
    take any 2 cubes from the Stock Yard"."""
    g, plan = game_with({0: [card]}, {})
    g.yard_c, g.box_c = 2, g.box_c - 1
    go(g, plan)
    play(g, card)
    opts = legal(g)
    assert all(sum(int(x.split("=")[1]) for x in o.split()[1:]) == 2 for o in opts)
    assert ("take iron=0 stone=0 coal=2" in opts) == coal_ok
    g.apply("take iron=1 stone=0 coal=1")
    assert (g.iron[0], g.coal[0]) == (1, 1)


def test_22_fixes_the_start_player_for_the_round() -> None:
    """Data §9 #22 (A): "take the Start Player marker; it cannot move again this round" -
    the labourer on the last Stock Yard space does not take it."""
    g, plan = game_with({1: [22]}, {2: ["place A3", "place G"]})
    go(g, plan)
    play(g, 22)
    resolve(g)
    assert g.start == 1


@pytest.mark.parametrize("card", [26, 30])
def test_26_30_double_excavation(card: int) -> None:
    """Data §9 #26/#30 (B): "your Excavate actions this round take double rubble (work rate
    plus bonuses, doubled)"."""
    g, plan = game_with({0: [card]}, {0: ["place B1", "place G"]})
    set_rubble(g, track_slot(g, 0), 5)
    go(g, plan)
    play(g, card)
    resolve(g)
    assert g.rubble[0] == 4


def test_27_now_move_surveyor_one_station_up() -> None:
    """Data §9 #27 (G): "now: move your surveyor one station up" (before the G labourers)."""
    g, plan = game_with({0: [27]}, {0: ["place A1", "place A2"]})
    go(g, plan)
    resolve(g, until=lambda x: x.decision == "contract_window")
    play(g, 27)
    assert g.surveyor[0] == 1
    resolve(g)
    assert g.surveyor[0] == 1


def test_28_move_a_placed_labourer_to_an_empty_space() -> None:
    """Data §9 #28 (A, 3-5 players): "Now: move one of your placed labourers to a different
    empty action space"."""
    g, plan = game_with({0: [28]}, {0: ["place F1", "place G"], 1: ["place F2", "place G"]})
    go(g, plan)
    play(g, 28)
    assert g.decision == "move_labourer"
    opts = legal(g)
    assert "move F1 A1" in opts and "move F1 F2" not in opts
    g.apply("move F1 A1")
    assert g.spaces[g.cfg.space_offset[0]] == 0
    assert g.spaces[g.cfg.space_offset[5]] == NONE


def test_29_lifts_the_coal_limit_at_the_stock_yard() -> None:
    """Data §9 #29 (A, 3-5 players): "Ignore the one-coal limit at the Stock Yard this
    round"."""
    g, plan = game_with({0: [29]}, {0: ["place A1", "place G"]})
    g.yard_c, g.box_c = 3, g.box_c - 2
    go(g, plan)
    play(g, 29)
    assert "take iron=0 stone=0 coal=3" in legal(g)


def test_contract_not_in_play_with_two_players_cannot_appear() -> None:
    """Seed 004 step 11: #28 and #29 are removed with 1-2 players."""
    for seed in range(5):
        g = new(2, seed=seed)
        assert not {28, 29} & set(g.deck + g.office)
