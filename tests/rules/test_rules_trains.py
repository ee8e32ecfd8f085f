"""The seven trains' abilities (seed 004 "Trains", No. 1 to No. 7; data §8)."""

from __future__ import annotations

from rulekit import (
    clear_route,
    clear_tracks_before,
    ensure_in_shed,
    give,
    give_train,
    legal,
    new,
    place,
    quiet_bag,
    resolve,
    restart_round,
)

from snowdonia.games.snowdonia.game import Game

G2 = ["place G", "place G"]


def with_train(number: int, plan0: list[str], plan1: list[str] | None = None) -> tuple[Game, dict[int, list[str]]]:
    g = new(3)
    quiet_bag(g)
    give_train(g, 0, number)
    g.coal[0] = 0  # no hire question: these tests are about the ability
    restart_round(g)
    return g, {0: plan0, 1: plan1 or G2, 2: G2}


def test_no_1_ladas_excavates_at_rate_plus_2() -> None:
    """Seed 004 No.1 L.A.D.A.S.: "the Labourer excavates at 2 more than the current Excavation
    Work Rate"."""
    g, plan = with_train(1, ["place B1", "place G"], ["place B2", "place G"])
    place(g, plan)
    resolve(g)
    assert g.rubble[0] == 4 and g.rubble[1] == 2


def test_no_2_enid_makes_steel_from_2_iron() -> None:
    """Seed 004 No.2 Enid: "convert 2 Iron Ore into a Steel Bar instead of 3"."""
    g, plan = with_train(2, ["place C1", "place G"], ["place F1", "place G"])
    give(g, 0, iron=6)
    bag_i = g.bag_i
    place(g, plan)
    assert "convert steel=3 stone=0" in legal(g)
    g.apply("convert steel=3 stone=0")
    assert (g.iron[0], g.steel[0], g.bag_i) == (0, 3, bag_i + 6)


def test_no_3_wyddfa_takes_one_more_cube_still_one_coal() -> None:
    """Seed 004 No.3 Wyddfa: "take an additional cube from the Stock Yard, if available
    (still maximum of one Coal per action)"."""
    g, plan = with_train(3, ["place A1", "place G"])
    g.yard_c, g.box_c = 2, g.box_c - 1
    place(g, plan)
    opts = legal(g)
    assert {sum(int(x.split("=")[1]) for x in o.split()[1:]) for o in opts} == {1, 2, 3, 4}
    assert not [o for o in opts if o.endswith("coal=2")]


def test_no_4_snowdon_scores_9_at_the_end() -> None:
    """Seed 004 No.4 Snowdon: "At the end of the game this Train card adds 9 victory points"."""
    g, _ = with_train(4, G2)
    assert g.result()["breakdown"][0]["lines"]["train"] == 9


def test_no_5_moel_siabod_costs_1_steel_and_brings_2_coal() -> None:
    """Seed 004 No.5 Moel Siabod: "costs 1 Steel Bar less ... It also comes with 2 Coal"."""
    g = new(3)
    quiet_bag(g)
    ensure_in_shed(g, 5)
    g.trains_available = True
    give(g, 0, steel=1)
    place(g, {0: ["place E1", "place G"], 1: G2, 2: G2})
    if g.decision == "build":  # No. 4 (also 1 steel) may be in the shed too
        assert "buy 5 iron=0" in legal(g) and "buy 1 iron=0" not in legal(g)
        g.apply("buy 5 iron=0")
    assert g.train[0] == 5
    assert g.steel[0] == 0 and g.coal[0] == 2


def test_no_6_padarn_extra_build_after_e_when_anyone_built() -> None:
    """Seed 004 No.6 Padarn: "At the end of resolving the Build Action Area [E], if there has
    been at least one Build action performed this round by any player, the owner may perform
    an additional Build action"."""
    g, plan = with_train(6, G2, ["place E1", "place G"])
    clear_tracks_before(g, "two_viaducts")
    give(g, 0, stone=2)
    give(g, 1, stone=1)
    place(g, plan)
    assert g.bsite_owner[3] == 1  # seat 1 built site 4 (its only option)
    assert g.decision == "extra_build" and g.decider == 0
    assert "pass" in legal(g) and "build two_viaducts.3 iron=0 rubble=0" in legal(g)
    g.apply("build two_viaducts.3 iron=0 rubble=0")
    assert g.bsite_owner[2] == 0


def test_no_6_padarn_no_extra_build_when_nobody_built() -> None:
    """Seed 004 No.6 Padarn: only "if there has been at least one Build action performed"."""
    g, plan = with_train(6, G2)
    clear_tracks_before(g, "two_viaducts")
    give(g, 0, stone=2)
    place(g, plan)
    resolve(g)
    assert g.stone[0] == 2 and g.round == 2


def test_no_7_ralph_lays_track_at_rate_plus_1() -> None:
    """Seed 004 No.7 Ralph: "Lay Track at a rate one more than the current work rate"."""
    g, plan = with_train(7, ["place D1", "place G"])
    clear_route(g)
    give(g, 0, steel=4)
    place(g, plan)
    resolve(g)
    assert g.laid == 3 and g.steel[0] == 1


def test_bonuses_may_exceed_the_last_value_of_the_track() -> None:
    """Seed 004 No.1 / No.7: "The total can exceed the maximum rate on the board"."""
    g, plan = with_train(7, ["place D1", "place G"])
    clear_route(g)
    g.lay_idx = len(g.cfg.lay_rates) - 1
    give(g, 0, steel=6)
    place(g, plan)
    resolve(g)
    assert g.laid == g.cfg.lay_rates[-1] + 1


def test_solo_train_lost_to_maintenance_cannot_be_bought_again() -> None:
    """Seed 004 Solitaire, Trains: "If you cannot maintain your train when the 'Train
    maintenance is needed' event happens, you cannot buy another one"."""
    g = new(1, solo_train=2)
    g.box_i += g.bag_i
    g.box_s += g.bag_s
    g.box_c += g.bag_c
    g.bag_i = g.bag_s = g.bag_c = 0
    g.events = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
    g.bag_e = 1
    g.weather_mid = "fog"
    g._legal = None
    place(g, {0: G2})
    resolve(g)
    assert g.train[0] == 0 and g.shed == []
    g.trains_available = True
    give(g, 0, steel=2)
    place(g, {0: ["place E1", "place G"]})
    resolve(g)
    assert g.train[0] == 0 and g.steel[0] == 2
