"""Rules round two (issue 8): what an independent audit found against the rulebooks, each
test citing the passage that decides it. The two #22 reproductions are the audit's own
sequences, played through the public API."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rulekit import (
    bsite,
    clear_route,
    clear_tracks_before,
    ensure_in_shed,
    give,
    give_contract,
    legal,
    new,
    place,
    quiet_bag,
    resolve,
    restart_round,
    set_rubble,
    site_slot,
    track_slot,
)

import snowdonia
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.state import UNOWNED

G2 = ["place G", "place G"]
SEED_832 = ("place F2, place F1, place E1, place C1, place G, place B1, pick 22, pick 23, place E2, "
            "place D1, place A2, place B1, place F2, place E1").split(", ")
SEED_340 = ("place E1, place A4, place D1, place G, place F2, place D2, place A2, place F1, "
            "take iron=2 stone=1 coal=0, take iron=1 stone=2 coal=0, pick 22, pick 7, place C1, "
            "place D1, place B1, place A3, place E1, place D3, place A4, place C2").split(", ")


def _window_turns(g: Game, prefer: str = "play") -> list[tuple[int, str]]:
    """Answer the open window until it closes: play the first card offered (or pass)."""
    turns = []
    area = g.res_area
    while g.decision == "contract_window" and g.res_area == area:
        opts = legal(g)
        choice = next((o for o in opts if o.startswith(prefer)), "pass")
        turns.append((g.decider, choice))
        g.apply(choice)
    return turns


# ----------------------------------------------------------------------------- 1. #22 mid-window


def test_22_in_the_a_window_does_not_ask_a_player_who_passed_again() -> None:
    """Seed 004 "Contract Cards": "In clockwise order beginning with the Start Player, each player
    may play one or more Contract cards" - one turn each, in the order fixed when the window
    opens. Audit reproduction, 3 players, seed 832: round 2's A window, seat 0 passes, seat 1
    plays #22; seat 0 used to be asked again."""
    g = snowdonia.new_game(3, seed=832)
    g.apply_many(SEED_832)
    assert g.decision == "contract_window" and g.decider == 0 and g.round == 2
    g.apply("pass")
    assert g.decider == 1
    g.apply("play 22")
    assert g.start == 1 and g.start_fixed  # #22 still takes the marker at once
    assert g.decision != "contract_window" or g.res_area != 0 or g.decider == 2
    seen = _window_turns(g) if g.decision == "contract_window" and g.res_area == 0 else []
    assert all(p == 2 for p, _ in seen)


def test_22_in_the_a_window_does_not_skip_the_next_player() -> None:
    """Seed 004 "Contract Cards" (as above). Audit reproduction, 4 players, seed 340: seat 0
    plays #22 and seat 1 still gets its turn to play #7 - with `contracts_per_window`
    unlimited and 1."""
    for cpw in (0, 1):
        g = snowdonia.new_game(4, seed=340, contracts_per_window=cpw)
        g.apply_many(SEED_340)
        assert g.decision == "contract_window" and g.decider == 0 and g.start == 2  # seats 2, 3 hold no A card
        turns = _window_turns(g)
        assert turns == [(0, "play 22"), (1, "play 7")]
        assert g.start == 0 and g.start_fixed
        assert g.round_played[1] >> 7 & 1


def test_22_player_keeps_the_rest_of_its_own_turn() -> None:
    """Seed 004 "Contract Cards": "one or more Contract cards" in a player's turn of the window:
    after #22 the same player may still play another A card (unlimited setting)."""
    g = new(3, start=0)
    quiet_bag(g)
    give_contract(g, 1, 22)
    give_contract(g, 1, 23)
    give_contract(g, 0, 20)
    place(g, {0: G2, 1: G2, 2: G2})
    assert g.decision == "contract_window" and g.decider == 0
    g.apply("pass")
    assert g.decider == 1
    g.apply("play 22")
    assert g.decider == 1 and "play 23" in legal(g)
    g.apply("play 23")
    # then seat 2 (no A card) is skipped and the window closes: seat 0 is not asked again
    assert not (g.decision == "contract_window" and g.res_area == 0)


def test_windows_after_22_start_from_the_new_start_player() -> None:
    """Seed 004 "Contract Cards": each later window begins with the Start Player - after #22,
    the new one (issue 8: "the windows of B-G and the next round start from the new Start
    Player")."""
    g = new(3, start=0)
    quiet_bag(g)
    give_contract(g, 2, 22)
    give_contract(g, 0, 26)
    give_contract(g, 2, 30)
    place(g, {0: G2, 1: G2, 2: G2})
    assert g.decider == 2
    g.apply("play 22")
    assert g.start == 2
    assert g.decision == "contract_window" and g.res_area == 1 and g.decider == 2
    g.apply("pass")
    assert g.decider == 0
    resolve(g)
    assert g.round == 2 and g.start == 2 and g.decider == 2


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 5), seed=st.integers(0, 2**31), cpw=st.sampled_from([0, 1]),
       holder=st.integers(0, 4), rounds=st.integers(1, 3))
def test_property_each_player_is_asked_once_per_window_in_the_opening_order(
        players: int, seed: int, cpw: int, holder: int, rounds: int) -> None:
    """Seed 004 "Contract Cards": in every window, each player holding a card of that area is
    asked in one unbroken turn, in clockwise order from the Start Player at the window's
    opening, whatever #22 does to the marker meanwhile. Random games with #22 (and other A
    cards) in hand."""
    holder %= players
    g = snowdonia.new_game(players, seed=seed, contracts_per_window=cpw)
    rng = random.Random(seed)
    give_contract(g, holder, 22)
    for c in (20, 23, 7):
        give_contract(g, rng.randrange(players), c)
    start_round = g.round
    window: list[int] = []
    window_key: tuple[int, int] | None = None
    opening_start = g.start
    while not g.is_over and g.round < start_round + rounds:
        if g.decision == "contract_window":
            key = (g.round, g.res_area)
            if key != window_key:
                _check_window(window, opening_start, players)
                window_key, window, opening_start = key, [], g.start
            window.append(g.decider)
        else:
            if window:
                _check_window(window, opening_start, players)
                window, window_key = [], None
            opening_start = g.start
        opts = g.legal_actions()
        play = [a for a in opts if a.kind == "play"]
        g.apply(play[0] if play and rng.random() < 0.7 else opts[rng.randrange(len(opts))])
    _check_window(window, opening_start, players)


def _check_window(asked: list[int], opening_start: int, players: int) -> None:
    """`asked` (one entry per window decision) is a run of unbroken turns, each seat once,
    in clockwise order from `opening_start`."""
    runs: list[int] = []
    for p in asked:
        if not runs or runs[-1] != p:
            runs.append(p)
    assert len(runs) == len(set(runs)), f"a seat was asked twice in one window: {asked}"
    rank = [(p - opening_start) % players for p in runs]
    assert rank == sorted(rank), f"window order {runs} is not clockwise from {opening_start}"


# ----------------------------------------------------------------------------- 2. Deluxe Works


def test_deluxe_works_must_convert_at_least_once() -> None:
    """Seed 003 (Deluxe) C, Przetapianie: "Wykonaj wymienione wymiany co najmniej raz i
    maksymalnie trzy razy na pole akcji" - at least once, at most three times. Audit
    reproduction, 3 players, seed 9000, Deluxe: the Works labourer holding 3 iron no longer
    gets `convert steel=0 stone=0`; its one conversion is made."""
    g = snowdonia.new_game(3, seed=9000, edition="deluxe")
    g.apply_many("place C1, place D1, place F2, place A1, place G, place B1".split(", "))
    g.apply("take iron=3 stone=0 coal=0")
    assert g.steel[1] == 1 and g.iron[1] == 0  # the only option, taken automatically


def test_deluxe_works_zero_only_when_no_conversion_is_possible() -> None:
    """Seed 003 C (as above): zero conversions only when none is possible. Deluxe lets the bag
    be inspected, so a stone conversion is possible only while the bag holds stone."""
    g = new(3, edition="deluxe")
    quiet_bag(g)
    give(g, 0, rubble=4)
    g.box_s += g.bag_s
    g.bag_s = 0
    place(g, {0: ["place C1", "place G"], 1: G2, 2: G2})
    assert g.rubble[0] == 4 and g.stone[0] == 0  # nothing possible: `convert 0 0` taken
    g2 = new(3, edition="deluxe")
    quiet_bag(g2)
    give(g2, 0, rubble=6, iron=3)
    g2.box_s += g2.bag_s - 1
    g2.bag_s = 1
    place(g2, {0: ["place C1", "place G"], 1: G2, 2: G2})
    opts = legal(g2)
    assert "convert steel=0 stone=0" not in opts
    assert "convert steel=0 stone=2" not in opts  # the bag holds one stone
    assert {"convert steel=1 stone=0", "convert steel=0 stone=1", "convert steel=1 stone=1"} <= set(opts)


def test_original_works_keeps_up_to_three_including_none() -> None:
    """Seed 004 C WORKS: "Do this up to three times per action space"; "Players are not allowed
    to look in the Supply Bag" - the original edition offers no conversion at all, and stone
    the bag may not hold."""
    g = new(3)
    quiet_bag(g)
    give(g, 0, rubble=4, iron=3)
    g.box_s += g.bag_s
    g.bag_s = 0
    place(g, {0: ["place C1", "place G"], 1: G2, 2: G2})
    opts = legal(g)
    assert "convert steel=0 stone=0" in opts and "convert steel=0 stone=2" in opts


# ----------------------------------------------------------------------------- 3. Stock Yard


def test_stock_yard_may_take_a_single_cube() -> None:
    """Seed 004 sidebar "Take up to three cubes into your personal supply"; seed 002 A
    "Nimm bis zu 3 Klötzchen" (issue 8 ruling): one cube is a legal choice."""
    g = new(3)
    quiet_bag(g)
    place(g, {0: ["place A1", "place G"], 1: G2, 2: G2})
    g.apply("take iron=0 stone=1 coal=0")
    assert (g.iron[0], g.stone[0], g.coal[0]) == (0, 1, 0)


def test_stock_yard_empty_takes_nothing() -> None:
    """Actions are mandatory (seed 004 Resolve Actions), so none only when nothing is there."""
    g = new(3)
    quiet_bag(g)
    g.box_i += g.yard_i
    g.box_s += g.yard_s
    g.box_c += g.yard_c
    g.yard_i = g.yard_s = g.yard_c = 0
    place(g, {0: ["place A1", "place G"], 1: G2, 2: G2})
    assert (g.iron[0], g.stone[0], g.coal[0]) == (0, 0, 0)
    assert g.decision != "stock_yard"


# ----------------------------------------------------------------------------- 4. no marker left


def test_no_marker_left_can_still_buy_a_train_but_not_build_a_site() -> None:
    """Seed 004 set-up step 3: "If these run out, the player cannot take ownership of any more
    Track cards or Building sites" - the Build action can still buy a train."""
    g = new(3)
    quiet_bag(g)
    g.trains_available = True
    ensure_in_shed(g, 5)
    clear_tracks_before(g, "two_viaducts")
    give(g, 0, stone=4, steel=1)
    g.markers[0] = 0
    place(g, {0: ["place E1", "place G"], 1: G2, 2: G2})
    assert g.train[0] == 5  # the only option (buy No. 5 for 1 steel) was taken
    assert all(g.bsite_owner[bsite(g, "two_viaducts", k)] == -1 for k in (1, 2, 3, 4))


def test_no_marker_left_still_excavates_a_station_site_unowned() -> None:
    """Seed 004 set-up step 3 and B EXCAVATION: the last cube of a site is taken, but the site
    cannot be owned without a marker."""
    g = new(3)
    quiet_bag(g)
    clear_route(g)
    set_rubble(g, site_slot(g, "two_viaducts", 1), 2)
    g.markers[0] = 0
    place(g, {0: ["place B1", "place G"], 1: G2, 2: G2})
    assert g.rubble[0] == 2 and g.slot_owner[site_slot(g, "two_viaducts", 1)] == -1


# ----------------------------------------------------------------------------- 5. fog and B's Build side


def test_fog_does_not_block_the_build_side_of_b() -> None:
    """Seed 004 Check the Weather: "Fog = No Excavation [B] or Lay Track [D] actions can be
    performed this round"; seed 004 B: the train card "provides an extra Build action space in
    position B" - a Build action, which fog does not stop. D stays blocked."""
    g = new(3)
    quiet_bag(g)
    clear_route(g)
    g.b_build = True
    g.weather_current = "fog"
    restart_round(g)
    opts = legal(g)
    assert "place B1" in opts and not [o for o in opts if o.startswith("place D")]
    give(g, 0, stone=1)
    place(g, {0: ["place B1", "place G"], 1: G2, 2: G2})
    assert g.bsite_owner[bsite(g, "two_viaducts", 4)] == 0


def test_light_fog_does_not_block_the_build_side_of_b_either() -> None:
    """Seed 003 Light Fog blocks the last space of B and D - excavation and lay-track spaces;
    B's Build side is neither."""
    g = new(4, light_fog=True)
    clear_route(g)
    g.b_build = True
    g.weather_current = "fog"
    restart_round(g)
    opts = legal(g)
    assert "place B1" in opts
    assert [o for o in opts if o.startswith("place D")] == ["place D1", "place D2"]


# ----------------------------------------------------------------------------- 6. immediate marker end


def test_solo_marker_end_stops_an_excavation_mid_action() -> None:
    """Seed 004 End of Game: "In the Solo and 2 player versions, if the last Track card in the
    route has not yet been placed, the game ends immediately after the last Ownership marker is
    placed" - an Excavate action that places the 16th marker on a station site takes no more
    rubble."""
    g = new(1)
    quiet_bag(g)
    clear_route(g)
    a, b = site_slot(g, "two_viaducts", 0), site_slot(g, "two_viaducts", 1)
    set_rubble(g, a, 1)
    set_rubble(g, b, 2)
    g.markers[0] = 1
    g.markers_placed = 15
    place(g, {0: ["place B1", "place G"]})
    assert g.is_over and g.end_reason == "last ownership marker placed"
    assert g.slot_owner[a] == 0 and g.slot_rubble[b] == 2 and g.rubble[0] == 1


def test_two_player_marker_end_stops_the_round_at_once() -> None:
    """Seed 004 End of Game (as above), 2 players: the 32nd marker ends the game at once; the
    next labourer's action is not carried out."""
    g = new(2, start=0)
    quiet_bag(g)
    clear_route(g)
    set_rubble(g, site_slot(g, "two_viaducts", 1), 2)
    set_rubble(g, track_slot(g, 5), 4)
    g.markers = [1, 0]
    g.markers_placed = 31
    place(g, {0: ["place B1", "place G"], 1: ["place B2", "place G"]})
    assert g.is_over
    assert g.rubble[1] == 0 and g.slot_rubble[track_slot(g, 5)] == 4


def test_solo_engine_shed_shows_no_set_aside_train() -> None:
    """Seed 004 Solitaire Play: "Only one Train card per game is available in the solo game" -
    the player's own train is not "set aside" (issue 8)."""
    g = new(1, solo_train=4)
    obs = g.observation(0)
    assert obs["set_aside_train"] is None and obs["players"][0]["train"] == 4
    assert obs["engine_shed"] == []


def test_unowned_track_is_shown_laid_and_scores_for_nobody() -> None:
    """Seed 004 set-up step 3 (as above): a card laid without a marker belongs to no one."""
    g = new(3)
    quiet_bag(g)
    clear_route(g)
    give(g, 0, steel=2)
    g.markers[0] = 0
    place(g, {0: ["place D1", "place G"], 1: G2, 2: G2})
    assert g.track_owner[:2] == [UNOWNED, UNOWNED]
    assert g.result()["breakdown"][0]["lines"]["track"] == 0
