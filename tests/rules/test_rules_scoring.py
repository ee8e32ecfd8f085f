"""End-of-game scoring (seed 004 "Scoring" and "Winning"; seed 003 Deluxe tie-break;
spec rules §4). Positions are edited into place and scored through `Game.result()`."""

from __future__ import annotations

from rulekit import give, give_contract, give_train, new

from snowdonia.games.snowdonia.game import Game


def sheet(g: Game, p: int) -> dict[str, object]:
    return g.result()["breakdown"][p]  # type: ignore[no-any-return]


def lines(g: Game, p: int) -> dict[str, int]:
    return sheet(g, p)["lines"]  # type: ignore[return-value]


def own_tracks(g: Game, p: int, count: int, vp: int = 3) -> None:
    """Seat p laid the first `count` track cards (each worth `vp`)."""
    for t in range(count):
        g.track_owner[t] = p
        g.track_vp[t] = vp
        g.slot_rubble[g.cfg.track_slot[t]] = 0
    g.laid = max(g.laid, count)
    g.markers[p] -= count


def test_surveyor_on_clogwyn_scores_15() -> None:
    """Seed 004 Scoring, The Surveyor: "The green player gets 15 victory points for his
    Surveyor on Clogwyn Station"."""
    g = new(3)
    g.surveyor[1] = g.cfg.station_index["clogwyn"]
    assert lines(g, 1)["surveyor"] == 15
    assert lines(g, 0)["surveyor"] == 0  # still at Llanberis


def test_surveyor_vp_is_printed_top_right_of_each_station() -> None:
    """Seed 004 Scoring, The Surveyor: the VP at the top right of the station reached
    (data §6: 0, 1, 2, 4, 7, 9, 11, 15, 21 with 5 players)."""
    g = new(5)
    got = []
    for si in range(g.cfg.n_stations):
        g.surveyor[0] = si
        got.append(lines(g, 0)["surveyor"])
    assert got == [0, 1, 2, 4, 7, 9, 11, 15, 21]


def test_four_tracks_with_4_track_and_3_track_contracts_score_only_one() -> None:
    """Seed 004 Scoring: "if you have laid 4 tracks and have a '4 track' and a '3 track'
    Contract card, you can only score one or the other, not both" (#23 = track 4 -> 31,
    #21 = track 3 -> 24: the better one, 31, is chosen)."""
    g = new(3)
    own_tracks(g, 0, 4)
    give_contract(g, 0, 23)
    give_contract(g, 0, 21)
    s = sheet(g, 0)
    met = {c["contract"]: c["met"] for c in s["contracts"]}  # type: ignore[attr-defined]
    assert met == {21: False, 23: True}
    assert s["lines"]["contracts"] == 31  # type: ignore[index]
    assert s["lines"]["track"] == 12  # type: ignore[index]
    # The sheet shows what each card needed, what the player had and what went onto it.
    by = {c["contract"]: c for c in s["contracts"]}  # type: ignore[attr-defined]
    assert by[23]["needs"] == {"rubble": 0, "track": 4, "station": 0} == by[23]["assigned"]
    assert by[21]["needs"]["track"] == 3 and by[21]["assigned"] == {"rubble": 0, "track": 0, "station": 0}
    assert s["have"]["track"] == 4  # type: ignore[index]


def test_seven_tracks_meet_both_4_track_and_3_track_contracts() -> None:
    """Seed 004 Scoring: each marker serves one card; with 7 track markers both fit."""
    g = new(3)
    own_tracks(g, 0, 7)
    give_contract(g, 0, 23)
    give_contract(g, 0, 21)
    assert lines(g, 0)["contracts"] == 31 + 24


def test_best_assignment_prefers_two_cards_over_the_single_biggest() -> None:
    """Spec rules §4: the engine picks the assignment that maximises the total. 5 track
    markers: #20 (track 5 -> 40) alone, or #22 (track 3 -> 24) + #24 (track 1 -> 4) +
    #25 (track 1 -> 7) = 35: 40 wins; with 6 markers, #20 + #24/#25 = 47."""
    g = new(3)
    own_tracks(g, 0, 5)
    for c in (20, 22, 24, 25):
        give_contract(g, 0, c)
    assert lines(g, 0)["contracts"] == 40
    own_tracks(g, 0, 6)
    g.markers[0] += 5  # own_tracks counted the first five again
    assert lines(g, 0)["contracts"] == 40 + 7


def test_rubble_bonus_needs_the_full_count_from_personal_supply() -> None:
    """Seed 004 Scoring, Excavate bonus: "If the player cannot pay that many rubble pieces
    ... the card scores nothing" (#7: rubble 8 -> 11)."""
    g = new(3)
    give_contract(g, 0, 7)
    give(g, 0, rubble=7)
    assert lines(g, 0)["contracts"] == 0
    give(g, 0, rubble=1)
    assert lines(g, 0)["contracts"] == 11


def test_rubble_cubes_serve_only_one_card() -> None:
    """Seed 004 Scoring: "you cannot score more than one Contract card with the given
    resources": 12 rubble meet #12 (12 -> 16) or #7 (8 -> 11) + #10 (4 -> 5), not all."""
    g = new(3)
    for c in (12, 7, 10):
        give_contract(g, 0, c)
    give(g, 0, rubble=12)
    assert lines(g, 0)["contracts"] == 16
    give(g, 0, rubble=12)
    assert lines(g, 0)["contracts"] == 16 + 11 + 5


def test_station_bonus_counts_excavation_and_building_site_markers() -> None:
    """Seed 004 Scoring, Building bonus: markers from "completed excavation and/or
    non-excavation building sites" (#3: station 3 -> 6)."""
    g = new(3)
    give_contract(g, 0, 3)
    slot = g.cfg.station_slots[1][0]
    g.slot_owner[slot] = 0
    g.slot_rubble[slot] = 0
    g.bsite_owner[0] = 0
    g.markers[0] -= 2
    assert lines(g, 0)["contracts"] == 0
    g.bsite_owner[1] = 0
    g.markers[0] -= 1
    assert lines(g, 0)["contracts"] == 6
    # The sites themselves score their printed VP: 4 (excavation) + 9 + 7 (building).
    assert lines(g, 0)["stations"] == 4 + 9 + 7


def test_mixed_bonus_needs_every_part() -> None:
    """Seed 004 Scoring, Track, Excavate and Building bonus: "If the player cannot complete
    all the conditions ... the card scores nothing" (#5: station 2 + track 1 + rubble 4)."""
    g = new(3)
    give_contract(g, 0, 5)
    g.bsite_owner[0] = g.bsite_owner[1] = 0
    g.markers[0] -= 2
    give(g, 0, rubble=4)
    assert lines(g, 0)["contracts"] == 0  # no track yet
    own_tracks(g, 0, 1)
    assert lines(g, 0)["contracts"] == 14


def test_contract_scores_whether_or_not_its_effect_was_played() -> None:
    """Seed 004 Scoring, Contract Cards: bonus for all cards in the playing area
    "regardless of whether or not their effect has been used"."""
    g = new(3)
    give(g, 0, rubble=8)
    give_contract(g, 0, 7)
    g.hand[0] &= ~(1 << 7)
    g.played[0] |= 1 << 7
    assert lines(g, 0)["contracts"] == 11


def test_coal_contract_27_scores_2_per_coal() -> None:
    """Seed 004 Scoring: "Coal bonus Contract card (27): ... score 2 victory points per Coal
    cube in your personal stock"."""
    g = new(3)
    give_contract(g, 0, 27)
    give(g, 0, coal=3)
    assert lines(g, 0)["contracts"] == 6


def test_surveyor_contract_29_tiers() -> None:
    """Seed 004 Scoring, Surveyor bonus: scores if the surveyor "has reached at least as far
    as the indicated station" (#29: station 5/6/7 -> 6/10/15)."""
    g = new(3)
    give_contract(g, 0, 29)
    idx = g.cfg.station_index
    expected = {"halfway": 0, "rocky_valley": 6, "clogwyn": 10, "yr_wyddfa": 15}
    for key, vp in expected.items():
        g.surveyor[0] = idx[key]
        assert lines(g, 0)["contracts"] == vp, key


def test_surveyor_contract_28_needs_surveyor_and_station_markers() -> None:
    """Seed 004 Scoring, Surveyor bonus (#28: surveyor at Clogwyn or beyond + station 5 ->
    23): the surveyor still scores its own station VP too."""
    g = new(3)
    give_contract(g, 0, 28)
    for b in range(5):
        g.bsite_owner[b] = 0
    g.markers[0] -= 5
    g.surveyor[0] = g.cfg.station_index["rocky_valley"]
    assert lines(g, 0)["contracts"] == 0
    g.surveyor[0] = g.cfg.station_index["clogwyn"]
    assert lines(g, 0)["contracts"] == 23
    assert lines(g, 0)["surveyor"] == 15


def test_train_no_4_snowdon_adds_9() -> None:
    """Seed 004 Scoring, Train No. 4 Snowdon: "add 9 victory points"; other trains add 0."""
    g = new(3)
    give_train(g, 0, 4)
    other = next(t for t in g.shed if t != 4)
    give_train(g, 1, other)
    assert lines(g, 0)["train"] == 9
    assert lines(g, 1)["train"] == 0


def test_track_vp_and_total_is_the_sum_of_lines() -> None:
    """Seed 004 Scoring, Completed Track: the VP on each track card with your marker."""
    g = new(3)
    own_tracks(g, 2, 3, vp=4)
    s = sheet(g, 2)
    assert s["lines"]["track"] == 12  # type: ignore[index]
    assert s["total"] == sum(s["lines"].values())  # type: ignore[attr-defined]


def test_original_edition_tie_all_tied_players_win() -> None:
    """Seed 004 Winning: "If there is a tie, then all tied players win"."""
    g = new(3)
    g.surveyor[0] = g.surveyor[2] = g.cfg.station_index["hebron"]
    assert g.result()["winners"] == [0, 2]


def test_deluxe_tie_latest_in_turn_order_wins() -> None:
    """Seed 003 (Deluxe) / spec rules §4: among the tied, the one latest in turn order in the
    final round wins. Start Player 2: order 2, 0, 1 - of the tied seats 2 and 1, seat 1 is
    later."""
    g = new(3, edition="deluxe", start=2)
    g.last_round_order = (2, 0, 1)
    g.surveyor[1] = g.surveyor[2] = g.cfg.station_index["hebron"]
    assert g.result()["winners"] == [1]
    tb = g.result()["tie_break"]
    assert tb["tied"] == [1, 2] and tb["winner"] == 1 and "latest in turn order" in tb["why"]
    g.last_round_order = (1, 2, 0)
    assert g.result()["winners"] == [2]
    assert new(3).result()["tie_break"] is None


def test_single_highest_score_wins() -> None:
    """Seed 004 Winning: "The player with the most victory points is the winner"."""
    g = new(4)
    g.surveyor[3] = g.cfg.station_index["halfway"]
    assert g.result()["winners"] == [3]
    assert g.result()["scores"] == [0, 0, 0, 7]


def test_lean_total_and_outcome_equal_the_score_sheets() -> None:
    """The search playouts' lean score (`scoring.player_total`, `Game.outcome`, read from the
    Config's bonus tables) equals the score sheet's total (seed 004 Scoring) in random games
    of every player count, both scenarios and the Deluxe edition, at every round's end and at
    the game's end; and a hand with every bonus kind (markers, coal #27, surveyor tiers #29,
    surveyor minimum #28) scores the same both ways."""
    import random

    from snowdonia.games.snowdonia.game import new_game
    from snowdonia.games.snowdonia.rules.scoring import player_total

    checked = 0
    for seed in range(24):
        players = 1 + seed % 5
        scenario = "blaenau_ffestiniog" if seed % 3 == 2 and players < 5 else "mount_snowdon"
        settings = {"edition": "deluxe"} if seed % 4 == 1 else {}
        g = new_game(players, seed=seed, scenario=scenario, **settings)
        rng = random.Random(seed)
        last_round = g.round
        while True:
            if g.round != last_round or g.is_over:
                res = g.result()
                assert [player_total(g, p) for p in range(players)] == res["scores"]
                out = g.outcome()
                assert out.scores == [float(s) for s in res["scores"]] and out.winners == res["winners"]
                last_round = g.round
                checked += 1
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 200
    g = new(3)
    for c in (27, 28, 29, 1, 3, 4, 5):
        give_contract(g, 0, c)
    give(g, 0, coal=3, rubble=4)
    own_tracks(g, 0, 3)
    for s in range(len(g.cfg.stations)):
        g.surveyor[0] = s
        assert player_total(g, 0) == g.result()["scores"][0]
