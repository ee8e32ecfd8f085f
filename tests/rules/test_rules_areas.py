"""Resolution of the action areas A-G (seed 004 "Resolve Actions", "A STOCKYARD" ...
"G MOVE THE SURVEYOR"; spec rules §2). Each test places labourers through `apply` and lets
the engine resolve the round."""

from __future__ import annotations

from rulekit import (
    answers,
    bsite,
    clear_route,
    clear_tracks_before,
    give,
    give_train,
    legal,
    new,
    place,
    quiet_bag,
    resolve,
    set_rubble,
    site_slot,
    track_slot,
)

from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.state import NONE, UNOWNED

G2 = ["place G", "place G"]


def three(plan0: list[str], plan1: list[str] | None = None, plan2: list[str] | None = None,
          **kw: object) -> tuple[Game, dict[int, list[str]]]:
    g = new(3, **kw)  # type: ignore[arg-type]
    quiet_bag(g)
    return g, {0: plan0, 1: plan1 or G2, 2: plan2 or G2}


# ----------------------------------------------------------------------------- A Stock Yard


def test_stock_yard_takes_up_to_three_cubes_at_most_one_coal() -> None:
    """Seed 004 A STOCKYARD sidebar: "Take up to three cubes into your personal supply";
    seeds 000/002 A: "Nimm bis zu 3 Klötzchen"; seed 003 A: "Weź do 3 zasobów"; seed 004:
    "Alternatively, take one Coal and two Iron Ore and/or Stone". Issue 8 ruling: 1, 2 or 3
    cubes, at most one coal, never none while the yard holds any (actions are mandatory)."""
    g, plan = three(["place A1", "place G"])
    place(g, plan)
    assert g.decision == "stock_yard" and g.decider == 0
    opts = legal(g)
    totals = {sum(int(x.split("=")[1]) for x in o.split()[1:]) for o in opts}
    assert totals == {1, 2, 3}
    for o in ("take iron=3 stone=0 coal=0", "take iron=1 stone=1 coal=1", "take iron=1 stone=0 coal=0",
              "take iron=0 stone=0 coal=1", "take iron=2 stone=0 coal=0"):
        assert o in opts
    assert "take iron=0 stone=0 coal=0" not in opts
    assert not [o for o in opts if o.endswith("coal=2")]
    g.apply("take iron=1 stone=0 coal=0")
    assert (g.iron[0], g.stone[0], g.coal[0]) == (1, 0, 0)
    assert (g.yard_i, g.yard_s, g.yard_c) == (6, 4, 1) or g.round == 2


def test_stock_yard_takes_what_is_left_when_fewer_than_three() -> None:
    """Seed 004 A STOCKYARD: take "from those available in the Stock Yard"."""
    g, plan = three(["place A1", "place G"])
    g.box_i += g.yard_i - 1
    g.box_s += g.yard_s
    g.box_c += g.yard_c
    g.yard_i, g.yard_s, g.yard_c = 1, 0, 0
    place(g, plan)
    assert g.iron[0] == 1  # the single option was taken automatically


def test_last_stock_yard_space_takes_the_start_player_marker() -> None:
    """Seed 004 A STOCKYARD: "If a Labourer is in the last space of the Stock Yard, the owning
    player additionally becomes the Start Player"; A3 is last with 3 players."""
    g, plan = three(G2, ["place A3", "place G"])
    place(g, plan)
    resolve(g)
    assert g.start == 1 and g.round == 2 and g.decider == 1


def test_start_player_stays_when_the_last_space_is_empty() -> None:
    """Seed 004 A STOCKYARD: "If no-one occupies this space, the Start Player Marker remains"."""
    g, plan = three(["place A1", "place G"], ["place A2", "place G"])
    place(g, plan)
    resolve(g)
    assert g.start == 0


# ----------------------------------------------------------------------------- B Excavation


def test_excavate_takes_the_work_rate_from_the_track_closest_to_llanberis() -> None:
    """Seed 004 B EXCAVATION: take rubble equal to the work rate, "a) The Track card with
    remaining Rubble closest up the mountain to Llanberis"; rate 2 at set-up."""
    g, plan = three(["place B1", "place G"])
    set_rubble(g, track_slot(g, 0), 1)
    set_rubble(g, track_slot(g, 1), 3)
    place(g, plan)
    resolve(g)
    assert g.rubble[0] == 2
    assert g.slot_rubble[track_slot(g, 0)] == 0 and g.slot_rubble[track_slot(g, 1)] == 2


def test_excavate_station_sites_left_to_right_after_its_tracks_and_marker_on_last_cube() -> None:
    """Seed 004 B EXCAVATION: "b) ... take Rubble from the leftmost excavation site"; "The
    player who takes the last Rubble cube from an excavation site ... Put one of that player's
    Ownership markers on the excavation site"."""
    g, plan = three(["place B1", "place B2"])
    clear_tracks_before(g, "two_viaducts")
    set_rubble(g, site_slot(g, "two_viaducts", 0), 2)
    set_rubble(g, site_slot(g, "two_viaducts", 1), 2)
    place(g, plan)
    resolve(g)
    assert g.slot_owner[site_slot(g, "two_viaducts", 0)] == 0
    assert g.slot_owner[site_slot(g, "two_viaducts", 1)] == 0
    assert g.markers[0] == 14 and g.rubble[0] == 4
    assert g.result()["breakdown"][0]["lines"]["stations"] == 4 + 2


def test_excavate_takes_all_that_is_left_when_less_than_the_rate() -> None:
    """Seed 004 B EXCAVATION: "If there isn't enough Rubble left on the whole route ... take
    as many cubes as there are available"."""
    g, plan = three(["place B1", "place G"])
    clear_route(g)
    set_rubble(g, site_slot(g, "yr_wyddfa", 1), 1)
    place(g, plan)
    resolve(g)
    assert g.rubble[0] == 1 and g.route_rubble == 0


def test_excavation_site_without_a_marker_left_is_cleared_unowned() -> None:
    """Seed 004 step 3: "If these run out, the player cannot take ownership of any more"."""
    g, plan = three(["place B1", "place G"])
    clear_tracks_before(g, "two_viaducts")
    set_rubble(g, site_slot(g, "two_viaducts", 0), 2)
    g.markers[0] = 0
    place(g, plan)
    resolve(g)
    assert g.slot_rubble[site_slot(g, "two_viaducts", 0)] == 0
    assert g.slot_owner[site_slot(g, "two_viaducts", 0)] == NONE


def test_set_aside_train_turns_b_into_a_one_space_build_area_after_all_rubble() -> None:
    """Seed 004 B EXCAVATION: "At the end of the round in which there are no more Rubble ...
    place it on the Excavate Action Area with the B Build Action Area uppermost"; one space
    (data §3, assumed)."""
    g, plan = three(["place B1", "place G"])
    clear_route(g)
    set_rubble(g, track_slot(g, 0), 2)
    assert not g.b_build
    place(g, plan)
    resolve(g)
    assert g.route_rubble == 0 and g.b_build and g.round == 2
    opts = legal(g)
    assert [o for o in opts if o.startswith("place B")] == ["place B1"]
    # B now resolves as a Build action in B's slot (a single option is taken automatically).
    give(g, 0, stone=1)
    place(g, {0: ["place B1", "place G"], 1: G2, 2: G2})
    assert g.bsite_owner[bsite(g, "two_viaducts", 4)] == 0 and g.stone[0] == 0


def test_b_stays_excavation_while_rubble_is_left() -> None:
    """Seed 004 B EXCAVATION: the Build side is used only when no rubble is left."""
    g, plan = three(["place B1", "place G"])
    place(g, plan)
    resolve(g)
    assert not g.b_build and g.route_rubble > 0


# ----------------------------------------------------------------------------- C Works


def test_works_mixes_up_to_three_conversions() -> None:
    """Seed 004 C WORKS: "Convert 3 Iron Ore into 1 Steel Bar, or change 2 Rubble into 1
    Stone. Do this up to three times ... You may mix these trades"; iron to the bag, rubble to
    the general supply, steel from the supply, stone from the bag."""
    g, plan = three(["place C1", "place G"], ["place F1", "place G"])  # F keeps the round open
    give(g, 0, iron=6, rubble=4)
    bag_i, bag_s, steel, sup = g.bag_i, g.bag_s, g.steel_supply, g.supply_rubble
    place(g, plan)
    assert g.decision == "works"
    opts = legal(g)
    assert "convert steel=2 stone=1" in opts and "convert steel=2 stone=2" not in opts
    assert "convert steel=0 stone=0" in opts
    g.apply("convert steel=2 stone=1")
    assert (g.iron[0], g.steel[0], g.rubble[0], g.stone[0]) == (0, 2, 2, 1)
    assert (g.bag_i, g.bag_s, g.steel_supply, g.supply_rubble) == (bag_i + 6, bag_s - 1, steel - 2, sup + 2)


def test_works_stone_fails_when_the_bag_has_no_stone() -> None:
    """Seed 004 C WORKS: "if the bag runs out, players cannot make more Stone" and "Players
    are not allowed to look in the Supply Bag" - the choice is allowed and simply fails."""
    g, plan = three(["place C1", "place G"])
    give(g, 0, rubble=4)
    g.box_s += g.bag_s
    g.bag_s = 0
    place(g, plan)
    assert "convert steel=0 stone=2" in legal(g)
    g.apply("convert steel=0 stone=2")
    assert g.stone[0] == 0 and g.rubble[0] == 4


def test_works_makes_no_steel_when_the_supply_is_empty() -> None:
    """Data §1 (assumed): the 18 steel bars are the limit of the general supply."""
    g, plan = three(["place C1", "place G"])
    give(g, 0, iron=6)
    give(g, 1, steel=17)
    place(g, plan)
    assert [o for o in legal(g) if "steel=2" in o] == []
    assert "convert steel=1 stone=0" in legal(g)


# ----------------------------------------------------------------------------- D Lay Track


def test_lay_track_pays_steel_up_to_the_rate_and_marks_each_card() -> None:
    """Seed 004 D LAY TRACK: "Return to general supply a number of Steel Bars up to the current
    Lay Track Work Rate ... turn over the fully-excavated Track card closest ... Place one of
    the player's Ownership markers"; rate 2 at set-up."""
    g, plan = three(["place D1", "place G"])
    clear_tracks_before(g, "waterfall")
    give(g, 0, steel=3)
    place(g, plan)
    resolve(g)
    assert g.laid == 2 and g.track_owner[:3] == [0, 0, NONE]
    assert g.steel[0] == 1 and g.markers[0] == 14


def test_lay_track_stops_at_the_first_unexcavated_card() -> None:
    """Seed 004 D LAY TRACK: "If there are not enough excavated Track cards ... complete as
    many as possible"."""
    g, plan = three(["place D1", "place G"])
    clear_tracks_before(g, "two_viaducts")
    set_rubble(g, track_slot(g, 1), 1)
    give(g, 0, steel=3)
    place(g, plan)
    resolve(g)
    assert g.laid == 1 and g.steel[0] == 2


def test_lay_track_limited_by_steel_not_by_markers() -> None:
    """Seed 004 D LAY TRACK: "unless the player has insufficient Steel Bars"; set-up step 3: a
    player out of markers "cannot take ownership of any more Track cards" - the ownership is
    lost, not the action (issue 8): the card is still laid, unowned and without VP."""
    g, plan = three(["place D1", "place G"], ["place D2", "place G"])
    clear_route(g)
    give(g, 0, steel=1)
    give(g, 1, steel=2)
    g.markers[1] = 1
    g.bsite_owner[0:15] = [1] * 15  # where seat 1's other markers are
    place(g, plan)
    resolve(g)
    assert g.track_owner[:3] == [0, 1, UNOWNED]
    assert g.laid == 3 and g.steel[1] == 0 and g.markers[1] == 0
    obs = g.observation(None)
    third = [r for r in obs["route"] if r["type"] == "track"][2]
    assert third["laid"] and third["owner"] is None
    assert g.result()["breakdown"][1]["lines"]["track"] == g.track_vp[1]


# ----------------------------------------------------------------------------- E Build


def test_build_needs_every_track_before_the_station_excavated() -> None:
    """Seed 004 E BUILD: "After all Track cards leading up to a Station card have been
    excavated ... build any one non-excavation site"; the station's own excavation sites need
    not be cleared."""
    g, plan = three(["place E1", "place G"])
    give(g, 0, stone=4, steel=1)
    clear_tracks_before(g, "two_viaducts")
    place(g, plan)
    opts = legal(g)
    assert {o.split()[1].split(".")[0] for o in opts} == {"two_viaducts"}
    assert g.slot_rubble[site_slot(g, "two_viaducts", 0)] > 0


def test_build_pays_the_full_cost_into_bag_and_supply_and_places_a_marker() -> None:
    """Seed 004 E BUILD: "Pay the resources ... putting them in the bag, if they are Stone ...
    or to general supply if they are Steel Bars, and place one of the owning player's
    markers"; Waterfall site 1 costs 1 steel, Two Viaducts site 1 costs 4 stone (data §6)."""
    g, plan = three(["place E1", "place E2"], ["place F1", "place G"])  # F keeps the round open
    give(g, 0, stone=4, steel=1)
    clear_tracks_before(g, "hebron")
    bag_s, steel = g.bag_s, g.steel_supply
    place(g, plan)
    g.apply("build two_viaducts.1 iron=0 rubble=0")
    g.apply("build waterfall.1 iron=0 rubble=0")
    assert g.bsite_owner[bsite(g, "two_viaducts", 1)] == 0 and g.bsite_owner[bsite(g, "waterfall", 1)] == 0
    assert (g.stone[0], g.steel[0], g.bag_s, g.steel_supply) == (0, 0, bag_s + 4, steel + 1)
    assert g.markers[0] == 14
    assert g.result()["breakdown"][0]["lines"]["stations"] == 9 + 7


def test_build_cannot_be_partly_paid() -> None:
    """Seed 004 E BUILD: "Players must pay the full cost of the site"."""
    g, plan = three(["place E1", "place G"])
    give(g, 0, stone=3)
    clear_tracks_before(g, "two_viaducts")
    place(g, plan)
    opts = legal(g)
    assert "build two_viaducts.1 iron=0 rubble=0" not in opts
    assert "build two_viaducts.2 iron=0 rubble=0" in opts


def test_build_without_markers_is_impossible() -> None:
    """Seed 004 step 3 / spec rules §2 E: no ownership marker left, no building site."""
    g, plan = three(["place E1", "place G"])
    give(g, 0, stone=4)
    clear_tracks_before(g, "two_viaducts")
    g.markers[0] = 0
    g.track_owner[:] = [0] * len(g.track_owner)
    g.laid = len(g.track_owner)
    place(g, plan)
    resolve(g)
    assert all(o == NONE for o in g.bsite_owner) and g.stone[0] == 4


def test_trains_cannot_be_bought_before_event_2() -> None:
    """Seed 004 Trains: "Trains cannot be bought by any player until the 'Trains may now be
    bought' event has occurred"."""
    g, plan = three(["place E1", "place G"])
    give(g, 0, steel=2)
    place(g, plan)
    assert not [o for o in legal(g) if o.startswith("buy")]


def test_buy_train_pays_steel_and_takes_its_coal() -> None:
    """Seed 004 E BUILD: "The owning player takes one of the remaining Train cards and any
    Coal on it and pays the number of Steel Bars stated on the Train card"."""
    g, plan = three(["place E1", "place G"])
    g.trains_available = True
    give(g, 0, steel=2)
    t = g.shed[0]
    coal = g.shed_coal[t]
    place(g, plan)
    g.apply(f"buy {t} iron=0")
    assert g.train[0] == t and t not in g.shed
    assert g.coal[0] == coal and g.steel[0] == 2 - g.cfg.train[t].cost


def test_buying_another_train_returns_the_old_one_refilled_from_the_bag() -> None:
    """Seed 004 E BUILD: "A player may not own more than one Train. A player can return a
    Train card ... when buying a different Train. Put more Coal from the Supply Bag (if
    available) on the returned Train card"."""
    g, plan = three(["place E1", "place G"], ["place F1", "place G"])  # F keeps the round open
    g.trains_available = True
    old = next(t for t in g.shed if g.cfg.train[t].coal > 0)
    give_train(g, 0, old)
    give(g, 0, steel=2)
    new_t = next(t for t in g.shed if t != old)
    bag_c = g.bag_c
    place(g, plan)
    g.apply(f"buy {new_t} iron=0")
    assert g.train[0] == new_t and old in g.shed
    assert g.shed_coal[old] == g.cfg.train[old].coal
    assert g.bag_c == bag_c - g.cfg.train[old].coal


def test_station_completed_by_an_event_cannot_be_built() -> None:
    """Seed 004 Resolving Events, Complete a Station: "Players cannot carry out Excavate or
    Build actions in relation to this Station card for the rest of the game"."""
    g, plan = three(["place E1", "place G"])
    give(g, 0, stone=4)
    clear_tracks_before(g, "two_viaducts")
    g.station_done[g.cfg.station_index["two_viaducts"]] = 1
    place(g, plan)
    resolve(g)
    assert g.stone[0] == 4


# ----------------------------------------------------------------------------- F Site Office


def test_site_office_takes_a_face_up_contract_into_the_players_area() -> None:
    """Seed 004 F SITE OFFICE: "Take a card of the player's choice ... from the three face-up
    Contract cards ... Put the card face up in the player's playing area"."""
    g, plan = three(["place F1", "place G"])
    office = [c for c in g.office if c]
    place(g, plan)
    assert legal(g) == [f"pick {c}" for c in sorted(office)]
    pick = sorted(office)[1]
    g.apply(f"pick {pick}")
    assert g.hand[0] == 1 << pick
    assert pick not in g.office
    assert all(s >> pick & 1 for s in g.seen)
    assert pick in g.observation(2)["players"][0]["contracts"]


def test_empty_site_office_does_nothing() -> None:
    """Spec rules §2 F: "If the office is empty, nothing happens"."""
    g, plan = three(["place F1", "place G"])
    g.deck.extend(c for c in g.office if c)
    g.office = [0, 0, 0]
    place(g, plan)
    resolve(g, until=lambda x: x.res_area > 5)
    assert g.hand[0] == 0


# ----------------------------------------------------------------------------- G Surveyor


def test_surveyor_moves_to_the_next_station_whatever_the_route() -> None:
    """Seed 004 G MOVE THE SURVEYOR: "Move the player's Surveyor on to the next Station card
    numerically along the route. Whether Rubble has been excavated or track laid is
    irrelevant"."""
    g, plan = three(["place G", "place G"], ["place G", "place A1"])
    place(g, plan)
    resolve(g)
    assert g.surveyor == [2, 1, 2]


def test_surveyor_skips_stations_not_in_play() -> None:
    """Seed 004 step 6: Waterfall (2) is not used with 2 players, so Two Viaducts -> Hebron."""
    g = new(2)
    quiet_bag(g)
    g.surveyor[0] = g.cfg.station_index["two_viaducts"]
    place(g, {0: ["place G", "place A1"], 1: G2})
    resolve(g)
    assert g.cfg.stations[g.surveyor[0]].key == "hebron"


def test_surveyor_at_yr_wyddfa_stays() -> None:
    """Spec rules §2 G: at Yr Wyddfa the action does nothing."""
    g, plan = three(G2)
    top = g.cfg.n_stations - 1
    g.surveyor[0] = top
    place(g, plan)
    resolve(g)
    assert g.surveyor[0] == top


def test_actions_are_mandatory_and_resolve_a_to_g_in_space_order() -> None:
    """Seed 004 Resolve Actions: "Action Areas are resolved in order A through G. Within each
    Action Area resolve the actions in numerical order" and "taking actions is not optional"."""
    g, plan = three(["place C1", "place A2"], ["place A1", "place F1"])
    give(g, 0, iron=3)
    order: list[tuple[str, int]] = []

    def choose(game: Game) -> str | None:
        order.append((game.decision or "", game.decider))
        return None

    place(g, plan)
    resolve(g, choose)
    assert order == [("stock_yard", 1), ("stock_yard", 0), ("works", 0), ("site_office", 1)]


def test_answers_helper_routes_by_decision_kind() -> None:
    g, plan = three(["place A1", "place G"])
    place(g, plan)
    resolve(g, answers({"stock_yard": ["take iron=0 stone=3 coal=0"]}))
    assert g.stone[0] == 3
