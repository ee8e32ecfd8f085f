"""Events drawn from the bag during the Stock Yard restock (seed 004 "Restock the Stock Yard",
"Resolving Events"; data §5; spec rules §1.6, §3). The bag is emptied of resources so the
restock draws exactly the event cubes a test puts in it."""

from __future__ import annotations

from rulekit import (
    bsite,
    clear_tracks_before,
    empty_bag_but_events,
    give,
    give_contract,
    give_train,
    legal,
    new,
    place,
    resolve,
    set_rubble,
    site_slot,
    track_slot,
)

from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.state import EVENT, NONE

G_ONLY = ["place G", "place G"]


def events_game(players: int = 3, cubes: int = 1, occupied: tuple[int, ...] = (),
                weather: str = "fog", **kw: object) -> Game:
    """A game whose bag holds only `cubes` event cubes, with the event spaces in `occupied`
    (1-based) already holding a cube, and `weather` as the disc that becomes current at the
    end of round 1 (fog leaves the work rates where they are)."""
    g = new(players, **kw)  # type: ignore[arg-type]
    empty_bag_but_events(g, cubes, occupied, weather)
    return g


def play_out_round(g: Game, choose: object = None) -> None:
    place(g, {p: list(G_ONLY) for p in range(g.cfg.players)})
    resolve(g, choose)  # type: ignore[arg-type]


def test_event_cube_goes_after_the_right_most_occupied_space() -> None:
    """Seed 004 Resolving Events: "put them on the Events Track, one cube per space, starting
    immediately after the last occupied space"."""
    g = events_game(occupied=(2,))
    play_out_round(g)
    assert g.events[:4] == [0, 1, 1, 0]


def test_event_1_excavate_clears_as_many_spaces_as_the_excavation_rate() -> None:
    """Seed 004 Resolving Events, Excavate: "Remove all Rubble cubes from a number of Track
    cards/Building spaces, starting with the card closest to the start of the route ... equal
    to the current Excavation Work Rate ... No player gains Rubble or scores"."""
    g = events_game()
    rate = g.cfg.exc_rates[g.exc_idx]
    assert rate == 2
    before = [g.slot_rubble[s] for s in range(4)]
    supply = g.supply_rubble
    play_out_round(g)
    assert g.events[0] == 1
    assert [g.slot_rubble[s] for s in range(4)] == [0, 0, *before[2:]]
    assert g.supply_rubble == supply + before[0] + before[1]
    assert g.rubble == [0, 0, 0] and all(o == NONE for o in g.slot_owner)


def test_event_excavate_counts_each_station_site_as_one_space_and_skips_empty_ones() -> None:
    """Seed 004 Resolving Events, Excavate: "If you reach a Station card, take Rubble cubes
    from the left-hand space and then, if necessary and present, the right-hand space"."""
    g = events_game()
    clear_tracks_before(g, "two_viaducts")
    play_out_round(g)
    assert g.slot_rubble[site_slot(g, "two_viaducts", 0)] == 0
    assert g.slot_rubble[site_slot(g, "two_viaducts", 1)] == 0
    assert g.slot_owner[site_slot(g, "two_viaducts", 0)] == NONE
    assert g.slot_rubble[track_slot(g, 2)] > 0


def test_event_2_trains_may_now_be_bought() -> None:
    """Seed 004 Resolving Events: "Trains cannot be bought by any player until this event has
    occurred"."""
    g = events_game(occupied=(1,))
    assert not g.trains_available
    play_out_round(g)
    assert g.trains_available and g.events[1] == 1


def test_event_3_lay_track_flips_cards_whether_excavated_or_not() -> None:
    """Seed 004 Resolving Events, Lay Track: "Turn over a number of Track cards equal to the
    current Lay Track Work Rate, starting with the Track card closest to the start of the
    route. Remove Rubble ... (put them in general supply) ... No player scores"."""
    g = events_game(occupied=(1, 2))
    rubble = g.slot_rubble[track_slot(g, 0)] + g.slot_rubble[track_slot(g, 1)]
    supply = g.supply_rubble
    play_out_round(g)
    assert g.laid == 2 and g.track_owner[:3] == [EVENT, EVENT, NONE]
    assert g.slot_rubble[track_slot(g, 0)] == g.slot_rubble[track_slot(g, 1)] == 0
    assert g.supply_rubble == supply + rubble
    assert g.markers == [16, 16, 16]
    assert [sheet["lines"]["track"] for sheet in g.result()["breakdown"]] == [0, 0, 0]


def test_event_lay_track_ignores_station_cards() -> None:
    """Seed 004 Resolving Events, Lay Track: "Ignore Station cards": the station's excavation
    sites keep their rubble while the next track cards are flipped."""
    g = events_game(occupied=(1, 2))
    g.laid = 1
    g.track_owner[0] = EVENT
    set_rubble(g, track_slot(g, 0), 0)
    site = site_slot(g, "two_viaducts", 0)
    kept = g.slot_rubble[site]
    play_out_round(g)
    assert g.laid == 3 and g.slot_rubble[site] == kept


def test_event_4_completes_the_first_unfinished_station_and_returns_cubes_1_to_3() -> None:
    """Seed 004 Resolving Events, Complete a Station: "Put one of the Game markers on to the
    first Station in the route that has not yet had all of its Building sites completed.
    Remove any Rubble on the Station card ... Do not remove Ownership markers"; "If the Events
    in 4, 7 or 10 occur, put 3 Event cubes back in the bag".

    Seed 004 Restock the Stock Yard (and seed 000 "Lagerplatz auffüllen"): all restock cubes
    are drawn first, then the event cubes among them are placed one by one, so the cubes that
    event 4 returns cannot be drawn again in the same restock (the spec's one-cube-at-a-time
    wording would redraw them; the rulebooks win). With 2 event cubes in the bag: 4
    (completes Waterfall, 1-3 back), then 5; the bag ends with the 3 returned cubes."""
    g = events_game(occupied=(1, 2, 3), cubes=2)
    for k in range(1, 5):
        g.bsite_owner[bsite(g, "two_viaducts", k)] = 1
    g.markers[1] -= 4
    g.bsite_owner[bsite(g, "waterfall", 1)] = 2
    g.markers[2] -= 1
    markers_left = g.game_markers_left
    play_out_round(g)
    done = [g.cfg.stations[si].key for si in range(g.cfg.n_stations) if g.station_done[si]]
    assert done == ["waterfall"]
    assert g.slot_rubble[site_slot(g, "waterfall", 0)] == 0
    assert g.bsite_owner[bsite(g, "waterfall", 1)] == 2  # markers stay and still score
    assert g.game_markers_left == markers_left - 1
    assert g.events == [0, 0, 0, 1, 1, 0, 0, 0, 0, 0]
    assert g.bag_e == 3


def test_solo_event_track_sequence_with_four_cubes() -> None:
    """Seed 004 Supply Table (4 event cubes solo) and Resolving Events: the fourth cube is
    drawn and lands on 4, which completes a station and sends the cubes on 1-3 back."""
    g = events_game(players=1, occupied=(1, 2, 3), cubes=1)
    g.train[0] = 0  # no maintenance decision in this test
    play_out_round(g)
    assert g.events == [0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
    assert g.bag_e == 3 and sum(g.station_done) == 1


def test_event_6_maintenance_pay_steel_discard_16_or_21_or_return() -> None:
    """Seed 004 Resolving Events, Train maintenance: "Each player with a Train card must
    immediately pay one Steel Bar to general supply or discard a Train Maintenance Contract
    card (16 and 21). If a player cannot, or chooses not, to pay, return the Train card ...
    Coal cubes held by the player are unaffected"."""
    g = events_game(occupied=(1, 2, 3, 4, 5))
    trains = [t for t in g.shed if g.cfg.train[t].coal > 0][:3]
    for p, t in enumerate(trains):
        give_train(g, p, t)
    give(g, 0, steel=1)
    give_contract(g, 1, 16)
    give(g, 2, coal=2)
    seen: list[tuple[int, list[str]]] = []

    def choose(game: Game) -> str | None:
        if game.decision == "maintenance":
            seen.append((game.decider, legal(game)))
            return {0: "maintain steel", 1: "maintain 16", 2: "maintain return"}[game.decider]
        return None

    play_out_round(g, choose)
    # Seat 2 has no steel and no card: its only option, return, is taken without asking.
    assert [p for p, _ in seen] == [0, 1]
    assert seen[0][1] == ["maintain steel", "maintain return"]
    assert seen[1][1] == ["maintain 16", "maintain return"]
    assert g.train[0] == trains[0] and g.steel[0] == 0
    assert g.train[1] == trains[1] and not g.hand[1] >> 16 & 1 and 16 in g.discard
    assert g.train[2] == 0 and trains[2] in g.shed
    assert g.coal[2] >= 2  # the player's own coal is kept


def test_maintenance_with_no_choice_returns_the_train_automatically() -> None:
    """Seed 004 Train maintenance: "If a player cannot ... pay, return the Train card"."""
    g = events_game(occupied=(1, 2, 3, 4, 5))
    t = g.shed[0]
    give_train(g, 0, t)
    play_out_round(g)
    assert g.train[0] == 0 and t in g.shed


def test_returned_trains_restocked_lowest_number_first_when_coal_is_short() -> None:
    """Seed 004 Train maintenance: "If there is less Coal than needed, re-stock the trains in
    numerical order starting with the lowest". The bag holds the event cube, one coal and 20
    iron, more than the 9-cube restock; in the seeds where the event cube was drawn and the
    coal was not, only the lowest-numbered returned train gets the coal."""
    exercised = 0
    for seed in range(40):
        g = events_game(occupied=(1, 2, 3, 4, 5), seed=seed)
        with_coal = sorted(t for t in g.shed if g.cfg.train[t].coal == 1)[:2]
        give_train(g, 0, with_coal[1])
        give_train(g, 1, with_coal[0])
        g.bag_c, g.box_c = 1, g.box_c - 1
        g.bag_i, g.box_i = 20, g.box_i - 20
        yard_c = g.yard_c
        play_out_round(g)
        if g.yard_c > yard_c or g.events[5] == 0:
            continue  # the coal went to the Stock Yard, or the event cube stayed in the bag
        exercised += 1
        assert g.shed_coal[with_coal[0]] == 1 and g.shed_coal[with_coal[1]] == 0
    assert exercised >= 3


def test_event_7_returns_the_cubes_on_4_to_6() -> None:
    """Seed 004 Resolving Events: after space 7 the cubes on 4-6 go back to the bag. Both
    cubes of the bag are drawn first (seed 004 Restock the Stock Yard): 7 (4-6 back), 8."""
    g = events_game(occupied=(4, 5, 6), cubes=2)
    play_out_round(g)
    assert g.events == [0, 0, 0, 0, 0, 0, 1, 1, 0, 0]
    assert g.bag_e == 3


def test_after_space_10_the_track_loops_through_8_9_10() -> None:
    """Seed 004 Resolving Events: "when the 10 space is reached, the 7 space will always be the
    right-most occupied space, and the events will loop through 8, 9 and 10". From 7, 8, 9
    occupied, two cubes: 10 (completes a station, 8-10 back), then 8 again."""
    g = events_game(occupied=(7, 8, 9), cubes=2)
    play_out_round(g)
    assert g.events == [0, 0, 0, 0, 0, 0, 1, 1, 0, 0]
    assert sum(g.station_done) == 1 and g.bag_e == 3


def test_restock_stops_when_the_bag_is_empty() -> None:
    """Spec rules §1.6: "If the bag runs out, the draw stops"."""
    g = events_game(cubes=0)
    g.bag_i, g.box_i = 2, g.box_i - 2
    yard = g.yard_i
    play_out_round(g)
    assert g.yard_i == yard + 2 and g.bag_i == 0


def test_events_happen_regardless_of_the_weather() -> None:
    """Seed 004 Resolving Events: "Events happen regardless of the weather" (fog current)."""
    g = events_game(weather="fog")
    play_out_round(g)
    assert g.weather_current == "fog" and g.events[0] == 1


def test_complete_station_with_no_station_left_does_nothing() -> None:
    """Data §5 / spec rules §3: the event finds no unfinished station and changes nothing."""
    g = events_game(occupied=(1, 2, 3))
    for si in range(1, g.cfg.n_stations):
        g.station_done[si] = 1
    markers = g.game_markers_left
    play_out_round(g)
    assert g.game_markers_left == markers
