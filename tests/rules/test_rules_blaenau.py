"""Blaenau Ffestiniog, the scenario on the blue side of the station cards.

Sources, cited by every test:
- seed 004 (English, `/work/shared/seeds/004_95e8e2973612b1c6.txt`), last section "BLAENAU
  FFESTINIOG" and its parts Setup, During Play, Build Action, Surveyor Action, "What
  happens when an Event occurs?"; tests named `test_en_*` quote one sentence each;
- seed 000 (German, `/work/shared/seeds/000_4609a9bc2dec036f.txt`), section "VARIANTE:
  BLAENAU FFESTINIOG" and its parts; quoted in German with the OCR repaired (umlauts
  restored), no word changed; tests named `test_de_*` are the details only it gives;
- R<n>: the rulings in docs/rulings.md, section "Blaenau Ffestiniog" (`test_r<n>_*`).

Section 1 has one test per sentence of the English section, section 2 one per detail only
the German text gives, section 3 the rulings the sentences do not already decide. Numbers
printed on the blue cards are provisional (scenarios/blaenau_ffestiniog.toml): the tests
read them from the configuration, so correcting one needs no test change, except where a
known fact is the point (Plas Halt is station 4; Minffordd's 1-stone site gives its stone
back).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from rulekit import (
    BF,
    BLAENAU,
    PORTHMADOG,
    bf,
    bf_setup,
    bsite,
    choose_ends,
    empty_bag_but_events,
    give,
    give_contract,
    give_train,
    legal,
    new,
    place,
    quiet_bag,
    resolve,
    set_lines,
    set_rubble,
    set_surveyor,
    slot_of,
    touch,
)

import snowdonia
from invariants import TwoEndsWatcher, check_components, check_invariants
from snowdonia.core.errors import IllegalAction
from snowdonia.games.snowdonia.data import components
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.decisions import BUILD, CHOOSE_END, GAME_SURVEYOR, MAINTENANCE, WINDOW
from snowdonia.games.snowdonia.rules.scoring import marker_tally
from snowdonia.games.snowdonia.rules.state import EVENT, NONE, UNOWNED
from snowdonia.games.snowdonia.scenarios import scenario

BLUE = ["blaenau_ffestiniog", "tanygrisiau", "dduallt", "tan_y_bwlch", "plas_halt",
        "penrhyndeudraeth", "minffordd", "porthmadog_harbour"]
G2 = ["place G", "place G"]


def g_only(g: Game) -> dict[int, list[str]]:
    return {p: list(G2) for p in range(g.cfg.players)}


def builds(g: Game) -> set[str]:
    """The stations named by the pending Build decision's site options."""
    return {a.split()[1].split(".")[0] for a in legal(g) if a.startswith("build ")}


def until_build(g: Game, seat: int) -> None:
    """Answer defaults until `seat` must choose a Build."""
    resolve(g, until=lambda x: x.decision == BUILD and x.decider == seat)
    assert g.decision == BUILD and g.decider == seat, (g.decision, g.decider)


def stations_of(g: Game, p: int) -> set[int]:
    return {g.cfg.bsite_station[b] for b in range(g.cfg.n_bsites) if g.bsite_owner[b] == p}


def event_log(g: Game, since: int = 0) -> list[dict[str, object]]:
    return [e for e in g.log()[since:] if e["type"] in ("event", "game_surveyor_moves")]


def occupy_sites(g: Game, p: int, k: int) -> None:
    """Put k of seat p's markers on free building sites (as if p had built them earlier)."""
    free = [b for b in range(g.cfg.n_bsites) if g.bsite_owner[b] == NONE][::-1]  # from Porthmadog
    for b in free[:k]:
        g.bsite_owner[b] = p
        g.markers[p] -= 1
        g.markers_placed += 1
    touch(g)


def play_random(g: Game, seed: int, watch: bool = True) -> None:
    rng = random.Random(seed)
    w = TwoEndsWatcher(g)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        if watch:
            check_invariants(g, observations=False)
            w.check(g)


# =========================================================================== 1. English


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_en_blue_side_of_the_same_station_cards(players: int) -> None:
    """Seed 004 BLAENAU FFESTINIOG, opening: "On the back of the Snowdon Stations are the Blaenau
    Ffestiniog Stations." - the same eight cards, turned over (R1)."""
    g = bf(players)
    assert [s.key for s in g.cfg.stations] == BLUE
    assert [s.number for s in g.cfg.stations] == [str(i) for i in range(8)]
    # Llanberis is a space printed on the board, the other yellow stations are the cards
    yellow_cards = [s for s in components().stations if s.key != "llanberis"]
    assert len(g.cfg.stations) == len(yellow_cards) == 8
    yellow = {s.key for s in components().stations}
    assert not yellow & {s.key for s in g.cfg.stations}


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_en_for_one_to_four_players_only(players: int) -> None:
    """Seed 004 BLAENAU FFESTINIOG, opening: "The Blaenau Ffestiniog game is for 1 to 4 players
    only."; seed 000 VARIANTE: BLAENAU FFESTINIOG: "Diese Variante kann mit 1-4 Spielern
    gespielt werden." (R23)."""
    assert scenario(BF).players == (1, 2, 3, 4)
    if players == 5:
        with pytest.raises(snowdonia.SettingsError, match="Blaenau Ffestiniog is for 1 to 4 players"):
            snowdonia.new_game(5, seed=1, scenario=BF)
    else:
        assert snowdonia.new_game(players, seed=1, scenario=BF).players == players


@pytest.mark.parametrize("deluxe_cards", [False, True])
def test_en_blaenau_on_the_llanberis_space_and_the_route_laid_out_as_normal(deluxe_cards: bool) -> None:
    """Seed 004 BLAENAU FFESTINIOG, Setup: "Put the Blaenau Ffestiniog station on top of the
    Llanberis space on the board, then lay out the rest of the route around the board as
    normal." - Blaenau is station 0 with no track card before it, Porthmadog Harbour the last;
    the track cards are the base game's, shuffled and dealt between the stations, their rubble
    on them."""
    g = bf(3, edition="deluxe", deluxe_track_cards=deluxe_cards) if deluxe_cards else bf(3)
    cfg = g.cfg
    first, last = cfg.stations[0], cfg.stations[-1]
    assert (first.key, first.track_before, first.excavation_sites, first.end) == (BLAENAU, 0, (), True)
    assert last.key == PORTHMADOG and last.end
    comp = components()
    pool = Counter(comp.track_rubble) + (Counter(comp.deluxe_track_rubble) if deluxe_cards else Counter())
    dealt = Counter(g.slot_rubble[s] for s in cfg.track_slot)
    assert cfg.n_tracks == sum(s.track_before for s in cfg.stations) == 13
    assert not dealt - pool  # every dealt card is one of the box's
    assert sum(pool.values()) - sum(dealt.values()) == (4 if deluxe_cards else 1)
    assert g.track_vp == [g.slot_rubble[s] for s in cfg.track_slot]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_en_contracts_28_and_29_removed(players: int) -> None:
    """Seed 004 BLAENAU FFESTINIOG, Setup: "Remove Contract cards 28 and 29 from the game."; seed
    000 VARIANTE: BLAENAU FFESTINIOG: "Die Auftragskarten #28 und #29 werden aus dem Spiel
    genommen." - at every player count, 3 and 4 included (Mount Snowdon keeps them there) (R22)."""
    g = bf(players)
    in_play = set(g.deck) | set(g.office)
    wanted = {c.number for c in components().contracts if players >= c.min_players} - {28, 29}
    assert in_play == wanted
    if players >= 3:
        ms = new(players)
        assert {28, 29} <= set(ms.deck) | set(ms.office)
    for seed in range(3):
        h = bf(players, seed=seed)
        play_random(h, seed)  # check_two_ends: neither card anywhere, at every position
        seen = set()
        for p in range(players):
            seen |= {c for c in range(31) if (h.hand[p] | h.played[p]) >> c & 1}
        assert not {28, 29} & (seen | set(h.discard) | set(h.deck))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_en_everything_else_is_as_in_mount_snowdon(players: int) -> None:
    """Seed 004 BLAENAU FFESTINIOG, Setup: "Everything else (resources in the Supply Bag, action
    spaces, weather, and so on) is the same as the Snowdon game, except as follows." - the bag's
    iron, stone and coal, the Stock Yard, the action spaces, the work rates, the weather and the
    Site Office, the Engine Shed and the set-aside train as in Mount Snowdon; only the event
    cubes (R6), the contracts and the route differ."""
    g, m = bf(players, seed=3), new(players, seed=3)
    assert (g.bag_i, g.bag_s) == (m.bag_i, m.bag_s)
    if players == 1:
        assert g.yard_i + g.yard_s + g.yard_c == m.yard_i + m.yard_s + m.yard_c == 6
        assert g.bag_i + g.bag_s + g.bag_c + g.yard_i + g.yard_s + g.yard_c == \
            m.bag_i + m.bag_s + m.bag_c + m.yard_i + m.yard_s + m.yard_c
        assert (g.train, g.shed) == (m.train, m.shed) == ([1], [])
    else:
        assert (g.yard_i, g.yard_s, g.yard_c) == (m.yard_i, m.yard_s, m.yard_c) == (7, 4, 1)
        assert g.bag_c + sum(g.shed_coal) == m.bag_c + sum(m.shed_coal)
        assert len(g.shed) == len(m.shed) == 6 and g.set_aside and m.set_aside
    assert g.cfg.base_caps == m.cfg.base_caps
    assert (g.exc_idx, g.lay_idx) == (m.exc_idx, m.lay_idx)
    assert g.weather_current is None and g.weather_mid and g.weather_last
    assert len([c for c in g.office if c]) == len([c for c in m.office if c]) == 3
    assert g.cfg.restock == m.cfg.restock
    # the differences
    assert (g.bag_e, m.bag_e) == (4, 4 if players == 1 else 5)


def test_en_ends_chosen_from_the_start_player_clockwise() -> None:
    """Seed 004 BLAENAU FFESTINIOG, Setup: "Beginning with the Start Player and continuing
    clockwise round the table, each player selects their starting position - Blaenau Ffestiniog
    or Porthmadog Harbour - and puts their Surveyor in one of the three spaces at the bottom of
    the card."; seed 000 VARIANTE: BLAENAU FFESTINIOG: "Beim Startspieler beginnend und dann im
    Uhrzeigersinn wählt jeder Spieler aus, in welcher der beiden Endstationen sein Vermesser
    starten will." (R3, R4)."""
    g = bf_setup(4, seed=5, start=2)
    asked = []
    for e in "PBPB":
        assert g.decision == CHOOSE_END
        assert legal(g) == [f"start {BLAENAU}", f"start {PORTHMADOG}"]
        asked.append(g.decider)
        g.apply(f"start {BLAENAU if e == 'B' else PORTHMADOG}")
    assert asked == [2, 3, 0, 1]
    assert g.end_of == (1, 0, 1, 0)
    assert g.surveyor == [7, 0, 7, 0]
    assert [e["seat"] for e in g.log() if e["type"] == "start_end"] == [2, 3, 0, 1]


def test_en_ends_chosen_after_the_whole_random_set_up() -> None:
    """Seed 004 BLAENAU FFESTINIOG, Setup: the choice comes after "lay out the rest of the route"
    and "Everything else ... is the same": every random draw of the set-up is made before it, so
    different choices leave the same route, contracts, weather, Stock Yard, Engine Shed and bag
    (R3)."""
    a = bf(3, seed=11, ends="BBP", gs="B")
    b = bf(3, seed=11, ends="PPB", gs="P")
    for field in ("slot_rubble", "deck", "office", "weather_mid", "weather_last", "shed", "shed_coal",
                  "set_aside", "yard_i", "yard_s", "yard_c", "bag_i", "bag_s", "bag_c", "bag_e", "start"):
        assert getattr(a, field) == getattr(b, field), field
    # and what the choosers saw is the same: the route's rubble is public before the choice
    s = bf_setup(3, seed=11)
    assert s.decision == CHOOSE_END and s.slot_rubble == a.slot_rubble
    assert [r["rubble"] for r in s.observation(s.decider)["route"] if r["type"] == "track"] == \
        [a.slot_rubble[t] for t in a.cfg.track_slot]


def test_en_three_spaces_per_end_so_the_fourth_may_have_no_choice() -> None:
    """Seed 004 BLAENAU FFESTINIOG, Setup: "There is a fixed limit of three spaces for players'
    Surveyor pawns on Blaenau Ffestiniog and Porthmadog Harbour, so with 4 players it is
    possible that one player will not get a choice." (R4)."""
    g = bf_setup(4, seed=2, start=0)
    for _ in range(3):
        g.apply(f"start {BLAENAU}")
    # the fourth player is not asked: Blaenau is full, so Porthmadog is taken for them
    assert g.decision == GAME_SURVEYOR and g.decider == 3
    assert g.end_of[3] == 1 and g.surveyor[3] == 7
    forced = [e for e in g.log() if e["type"] == "start_end"]
    assert [e["forced"] for e in forced] == [False, False, False, True]
    assert "no choice" in g.log_lines[g.log().index(forced[-1])]
    assert len(g.history) == 3  # nobody answered the forced choice
    # with a 2 + 1 split the fourth player chooses freely
    h = bf_setup(4, seed=2, start=0)
    for e in (BLAENAU, BLAENAU, PORTHMADOG):
        h.apply(f"start {e}")
    assert h.decision == CHOOSE_END and h.decider == 3
    assert legal(h) == [f"start {BLAENAU}", f"start {PORTHMADOG}"]
    # three players may all start at one end: three spaces are enough
    k = bf(3, ends="BBB")
    assert k.end_of == (0, 0, 0)


def test_en_last_player_to_place_chooses_the_game_surveyors_end() -> None:
    """Seed 004 BLAENAU FFESTINIOG, Setup: "The last player to place their Surveyor chooses one end
    of the route to place one of the game's Game markers (no surveyor space is required)."; seed
    000 VARIANTE: BLAENAU FFESTINIOG: "Der letzte Spieler setzt zudem eine der schwarzen
    Scheiben auf eine der Endstationen" (R5)."""
    g = bf_setup(3, seed=4, start=1)
    choose_ends(g, "BBB")
    assert g.decision == GAME_SURVEYOR and g.decider == 0  # the last of 1, 2, 0
    # both ends, though Blaenau's three spaces are all taken
    assert legal(g) == [f"game_surveyor {BLAENAU}", f"game_surveyor {PORTHMADOG}"]
    g.apply(f"game_surveyor {BLAENAU}")
    assert g.gs_end == 0
    assert g.observation(None)["ends"]["game_surveyor"] == BLAENAU
    assert g.game_markers_left == 5  # 8 in the box - 2 on the rates - the game's Surveyor (R8)
    # solo: the one player is the last to place
    s = bf_setup(1, seed=4)
    choose_ends(s, "P")
    assert s.decision == GAME_SURVEYOR and s.decider == 0 and len(legal(s)) == 2


def test_en_the_game_surveyor_alternates_as_events_resolve() -> None:
    """Seed 004 BLAENAU FFESTINIOG, Setup: "This marker represents the game's Surveyor who will
    alternate between Blaenau Ffestiniog or Porthmadog Harbour as Events resolve."; seed 000
    VARIANTE: BLAENAU FFESTINIOG: "dies ist ein fremder Vermesser, der mit den Ereignissen
    zwischen Blaenau Ffestiniog und Porthmadog Harbour pendelt." Two events in one restock: the
    first from Blaenau, the second from Porthmadog, and the marker is back at Blaenau (R17)."""
    g = bf(3, ends="BPB", gs="B")
    empty_bag_but_events(g, cubes=2)
    before = g.slot_rubble[:]
    since = len(g.log())
    place(g, g_only(g))
    resolve(g)
    evs = event_log(g, since)
    assert [(e.get("space"), e.get("end")) for e in evs] == [
        (8, None), (None, PORTHMADOG), (9, None), (None, BLAENAU)]
    # the excavate event (8) cleared from Blaenau's end: the two lowest slots
    assert g.slot_rubble[:2] == [0, 0] and g.slot_rubble[2:-2] == before[2:-2]
    # the lay-track event (9) laid from Porthmadog's end
    rate = g.cfg.lay_rates[g.lay_idx]
    assert (g.laid, g.laid_p) == (0, rate)
    assert g.track_owner[-rate:] == [EVENT] * rate
    assert g.gs_end == 0


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_en_an_event_cube_on_space_7(players: int) -> None:
    """Seed 004 BLAENAU FFESTINIOG, Setup: "Put an Event cube on space 7 of the Events Track.";
    seed 000 VARIANTE: BLAENAU FFESTINIOG: "Ein Ereignis-Klötzchen wird auf Feld 7 gelegt." -
    placed, not drawn: its event (lay track) does not happen and it returns nothing; the bag
    gets the box's other four (R6)."""
    g = bf(players)
    assert g.events == [0, 0, 0, 0, 0, 0, 1, 0, 0, 0]
    assert g.bag_e == 4
    assert g.bag_e + sum(g.events) == components().box["event_cubes"]
    assert (g.laid, g.laid_p) == (0, 0) and not [e for e in g.log() if e["type"] == "event"]
    track = g.observation(None)["event_track"]
    assert [s["occupied"] for s in track] == [False] * 6 + [True] + [False] * 3


def test_en_only_spaces_8_9_and_10_are_used() -> None:
    """Seed 004 BLAENAU FFESTINIOG, Setup: "Only spaces 8, 9 and 10 of the Events Track are used.";
    seed 000 VARIANTE: BLAENAU FFESTINIOG: "Nur die Felder 8-10 werden im Spielverlauf
    verwendet." - four cubes land on 8, 9, 10, then 8 again (10 sends the cubes of 8-10 back to
    the bag); the cube on 7 stays; events 2 (trains) and 6 (maintenance) never come from the
    track (R6)."""
    g = bf(3)
    empty_bag_but_events(g, cubes=4)
    since = len(g.log())
    place(g, g_only(g))
    resolve(g)
    spaces = [e["space"] for e in event_log(g, since) if e["type"] == "event"]
    assert spaces == [8, 9, 10, 8]
    assert g.events == [0, 0, 0, 0, 0, 0, 1, 1, 0, 0]
    assert g.bag_e == 3
    # over whole random games: only 8-10, the cube on 7 for good
    for seed in range(6):
        h = bf(1 + seed % 4, seed=seed)
        play_random(h, seed, watch=False)
        used = {e["space"] for e in h.log() if e["type"] == "event" and e["space"] is not None}
        assert used <= {8, 9, 10}
        assert h.events[6] == 1 and not any(h.events[:6])


def test_en_trains_can_be_built_from_the_start() -> None:
    """Seed 004 BLAENAU FFESTINIOG, Setup: "Players can use the Build Action to build trains from
    the start of the game."; seed 000 VARIANTE: BLAENAU FFESTINIOG: "Spieler können von
    Spielbeginn an Loks kaufen." - a Build in round 1 may buy a train (Mount Snowdon waits for
    event 2); solo, the series train is the only one (R7)."""
    g = bf(3)
    quiet_bag(g)
    give(g, 0, steel=2)
    assert g.trains_available
    place(g, {0: ["place E1", "place G"], 1: G2, 2: G2})
    until_build(g, 0)
    buys = [a for a in legal(g) if a.startswith("buy ")]
    assert buys == [f"buy {t} iron=0" for t in g.shed if g.cfg.train[t].cost <= 2]
    t = g.shed[0]
    g.apply(f"buy {t} iron=0")
    assert g.train[0] == t
    assert [e["round"] for e in g.log() if e["type"] == "buy"] == [1]
    m = new(3)
    assert not m.trains_available
    solo = bf(1, ends="B")
    give(solo, 0, steel=5, stone=5)
    place(solo, {0: ["place E1", "place G"]})
    until_build(solo, 0)
    assert not [a for a in legal(solo) if a.startswith("buy ")]


def test_en_excavate_and_lay_track_away_from_the_players_own_end() -> None:
    """Seed 004 BLAENAU FFESTINIOG, During Play: "For the Excavate and Lay Track actions each
    player carries out the action along the route in the direction away from that player's
    starting position."; seed 000 VARIANTE: BLAENAU FFESTINIOG: "Jeder Spieler führt seine
    Räumarbeit- und Gleislegeaktionen an dem Ende der Strecke aus, an dem sein Vermesser bei
    Spielbeginn stand." (R10, R11)."""
    g = bf(3, ends="BPB")
    quiet_bag(g)
    before = g.slot_rubble[:]
    rate = g.cfg.exc_rates[g.exc_idx]
    assert rate == 2
    place(g, {0: ["place B1", "place G"], 1: ["place B2", "place G"], 2: G2})
    resolve(g)
    # Blaenau's player took 2 from the lowest slots holding rubble, Porthmadog's from the highest
    want = before[:]
    for order, p in ((range(len(want)), 0), (range(len(want) - 1, -1, -1), 1)):
        need = rate
        for s in order:
            t = min(need, want[s])
            want[s] -= t
            need -= t
            if not need:
                break
        assert g.rubble[p] == rate
    assert g.slot_rubble == want
    # then each lays from its own end
    for key in ("t0", "t1", "t11", "t12"):
        set_rubble(g, slot_of(g, key), 0)
    give(g, 0, steel=2)
    give(g, 1, steel=2)
    g.lay_idx = g.cfg.lay_rates.index(2)
    plan = {0: ["place D1", "place G"], 1: ["place D2", "place G"], 2: G2}
    place(g, plan)
    resolve(g)
    assert (g.laid, g.laid_p) == (2, 2)
    assert g.track_owner[:2] == [0, 0] and g.track_owner[-2:] == [1, 1]
    assert g.track_owner[2:-2] == [NONE] * (g.cfg.n_tracks - 4)


def test_en_maintenance_as_soon_as_station_4_is_cleared() -> None:
    """Seed 004 BLAENAU FFESTINIOG, During Play: "As soon as all rubble counters have been removed
    from Station 4, the 'Train maintenance is needed' event happens." - right after the Excavate
    action that took Plas Halt's last cube, before the next action space; no event cube, the
    game's Surveyor stays; once per game (R18)."""
    g = bf(2, ends="BP", gs="P")
    quiet_bag(g)
    ph_l, ph_r = slot_of(g, "plas_halt.L"), slot_of(g, "plas_halt.R")
    for s in range(ph_r + 1, g.cfg.n_slots):
        set_rubble(g, s, 0)
    set_rubble(g, ph_l, 2)
    set_rubble(g, ph_r, 2)
    g.exc_idx = g.cfg.exc_rates.index(4)
    give_train(g, 0, 5)
    give(g, 0, steel=1)
    events_before = g.events[:]
    place(g, {0: ["place A1", "place G"], 1: ["place B1", "place G"]})
    resolve(g, until=lambda x: x.decision == MAINTENANCE)
    assert g.decision == MAINTENANCE and g.decider == 0
    assert legal(g) == ["maintain steel", "maintain return"]
    assert g.res_area == 1  # still area B: nothing after the Excavate action has resolved
    assert g.slot_rubble[ph_l] == g.slot_rubble[ph_r] == 0
    assert g.slot_owner[ph_r] == g.slot_owner[ph_l] == 1  # Porthmadog's player took both
    assert g.events == events_before and g.gs_end == 1
    log = g.log()
    dig = max(i for i, e in enumerate(log) if e["type"] == "excavate" and e["seat"] == 1)
    maint = [i for i, e in enumerate(log) if e["type"] == "event"]
    assert maint == [dig + 1] and log[dig + 1]["station"] == "plas_halt"  # the cause, then the event
    g.apply("maintain steel")
    assert g.maint_done and g.steel[0] == 0
    rng = random.Random(3)
    while not g.is_over:
        assert g.decision != MAINTENANCE, "the Plas Halt maintenance happened twice"
        g.apply(rng.choice(g.legal_actions()))
    assert sum(1 for e in g.log() if e["type"] == "event" and e["kind"] == "maintenance") == 1


def test_en_build_without_excavated_track() -> None:
    """Seed 004 BLAENAU FFESTINIOG, Build Action: "When a player builds: Track cards do not have to
    be excavated before a Station card can be built upon."; seed 000 VARIANTE: BLAENAU
    FFESTINIOG: "a. Die Gleiskarten bis zur Station müssen noch nicht von Geröll befreit sein."
    - Mount Snowdon, with the same rubble, would refuse (R15)."""
    g = bf(1, ends="B")
    quiet_bag(g)
    set_surveyor(g, 0, "dduallt")
    give(g, 0, stone=4)
    si = g.cfg.station_index["dduallt"]
    k = next(k for k, b in enumerate(g.cfg.stations[si].building_sites, 1) if b.stone == 4 and not b.steel)
    assert all(g.slot_rubble[g.cfg.track_slot[t]] for t in range(g.cfg.station_track_before_end[si]))
    place(g, {0: ["place E1", "place G"]})
    resolve(g, until=lambda x: x.decision == BUILD)
    assert f"build dduallt.{k} iron=0 rubble=0" in legal(g)
    g.apply(f"build dduallt.{k} iron=0 rubble=0")
    assert g.bsite_owner[bsite(g, "dduallt", k)] == 0
    m = new(1)
    quiet_bag(m)
    m.surveyor[0] = m.cfg.station_index["hebron"]
    give(m, 0, stone=9, steel=3)
    place(m, {0: ["place E1", "place G"]})
    assert not [e for e in m.log() if e["type"] == "build"]
    assert any(e["type"] == "cannot_build" for e in m.log())


def test_en_build_only_from_own_end_up_to_own_surveyor() -> None:
    """Seed 004 BLAENAU FFESTINIOG, Build Action: "A player can only build on Station cards from
    the player's starting position up to and including the location of that player's Surveyor."
    (R15)."""
    g = bf(2, ends="BP")
    quiet_bag(g)
    set_surveyor(g, 0, "tan_y_bwlch")
    set_surveyor(g, 1, "penrhyndeudraeth")
    give(g, 0, stone=9, steel=4)
    give(g, 1, stone=9, steel=4)
    place(g, {0: ["place E1", "place G"], 1: ["place E2", "place G"]})
    until_build(g, 0)
    assert builds(g) == set(BLUE[0:4])
    g.apply(next(a for a in legal(g) if a.startswith("build ")))
    until_build(g, 1)
    assert builds(g) == set(BLUE[5:8])
    g.apply(next(a for a in legal(g) if a.startswith("build ")))
    resolve(g)
    # both surveyors moved on G: Blaenau's onto Plas Halt, which is now in its range
    assert g.surveyor == [4, 4]
    place(g, {0: ["place E1", "place G"], 1: ["place E2", "place G"]}) if g.start == 0 else \
        place(g, {1: ["place E2", "place G"], 0: ["place E1", "place G"]})
    until_build(g, 0)
    assert "plas_halt" in builds(g) and builds(g) <= set(BLUE[0:5])


def test_en_a_player_who_never_moves_builds_only_on_the_starting_station() -> None:
    """Seed 004 BLAENAU FFESTINIOG, Build Action: "Therefore, if players do not move their
    Surveyors, they will be unable to build sites elsewhere." - elsewhere than the starting
    station; buying a train is not limited (R15)."""
    g = bf(2, ends="BP")
    quiet_bag(g)
    give(g, 0, stone=9, steel=4)
    give(g, 1, stone=9, steel=4)
    place(g, {0: ["place E1", "place A1"], 1: ["place E2", "place A2"]})
    until_build(g, 0)
    assert builds(g) == {BLAENAU}
    assert any(a.startswith("buy ") for a in legal(g))
    g.apply(f"build {BLAENAU}.1 iron=0 rubble=0")
    until_build(g, 1)
    assert builds(g) == {PORTHMADOG}
    assert any(a.startswith("buy ") for a in legal(g))


def _giving_sites(g: Game) -> list[tuple[str, int]]:
    cfg = g.cfg
    return [(cfg.stations[cfg.bsite_station[b]].key, cfg.bsite_num[b]) for b in range(cfg.n_bsites)
            if cfg.bsite_gives[b]]


def _build_now(g: Game, p: int, key: str, k: int) -> None:
    """Seat p (solo) builds site k of station `key` with its first E labourer; its other
    labourer waits on F, so the game stops at the Site Office, before the round ends."""
    place(g, {p: ["place E1", "place F1"]})
    until_build(g, p)
    g.apply(f"build {key}.{k} iron=0 rubble=0")


def test_en_free_resources_each_time_a_site_is_built() -> None:
    """Seed 004 BLAENAU FFESTINIOG, Build Action: "Some Station cards give a player free resources
    each time that player builds on a non-excavation site." - after paying, from the bag;
    Minffordd's 1-stone site gives its stone back; every giving site pays its `gives` (R16)."""
    g = bf(1, ends="P")
    quiet_bag(g)
    set_surveyor(g, 0, "minffordd")
    give(g, 0, stone=4)
    mi = g.cfg.stations[g.cfg.station_index["minffordd"]]
    k1 = next(k for k, b in enumerate(mi.building_sites, 1) if (b.stone, b.steel, b.vp) == (1, 0, 7))
    assert mi.building_sites[k1 - 1].gives == (("stone", 1),)
    stone, bag = g.stone[0], g.bag_s
    _build_now(g, 0, "minffordd", k1)
    assert (g.stone[0], g.bag_s) == (stone, bag)  # paid 1 into the bag, took 1 back
    assert [e for e in g.log() if e["type"] == "gift"][-1]["stone"] == 1
    assert g.result()["breakdown"][0]["lines"]["stations"] == 7
    # every giving site: cost paid, then the gift from the bag
    for key, k in _giving_sites(g):
        h = bf(1, ends="P" if g.cfg.station_index[key] >= 4 else "B", seed=7)
        quiet_bag(h)
        set_surveyor(h, 0, key)
        give(h, 0, stone=6, steel=3)
        b = bsite(h, key, k)
        before = (h.iron[0], h.stone[0], h.coal[0], h.bag_i, h.bag_s, h.bag_c)
        _build_now(h, 0, key, k)
        gives = dict(h.cfg.bsite_gives[b])
        paid_stone, paid_steel = h.cfg.bsite_stone[b], h.cfg.bsite_steel[b]
        assert h.steel[0] == 3 - paid_steel
        assert (h.iron[0], h.stone[0], h.coal[0]) == (
            before[0] + gives.get("iron", 0), before[1] - paid_stone + gives.get("stone", 0),
            before[2] + gives.get("coal", 0)), (key, k)
        assert (h.bag_i, h.bag_s, h.bag_c) == (
            before[3] - gives.get("iron", 0), before[4] + paid_stone - gives.get("stone", 0),
            before[5] - gives.get("coal", 0)), (key, k)


def test_en_free_resources_only_if_the_bag_has_them() -> None:
    """Seed 004 BLAENAU FFESTINIOG, Build Action: "Take these from the Supply Bag, if available,
    otherwise receive nothing." - by type, as many as the bag holds; nothing drawn at random, no
    event cube touched (R16)."""
    g = bf(1, ends="P")
    quiet_bag(g)
    key, k = next((s, k) for s, k in _giving_sites(g) if dict(g.cfg.bsite_gives[bsite(g, s, k)]).get("iron", 0) >= 2)
    set_surveyor(g, 0, key)
    give(g, 0, stone=6, steel=3)
    g.box_i += g.bag_i - 1
    g.bag_i = 1
    bag_e, bag_s, bag_c = g.bag_e, g.bag_s, g.bag_c
    iron = g.iron[0]
    _build_now(g, 0, key, k)
    assert g.iron[0] == iron + 1 and g.bag_i == 0
    assert (g.bag_e, g.bag_c) == (bag_e, bag_c) and g.bag_s == bag_s + g.cfg.bsite_stone[bsite(g, key, k)]
    gift = [e for e in g.log() if e["type"] == "gift"][-1]
    assert gift["iron"] == 1 and gift["wanted"]["iron"] >= 2
    assert "the bag was short" in g.log_lines[g.log().index(gift)]
    # a coal gift with no coal in the bag gives nothing
    h = bf(1, ends="B")
    key, k = next((s, k) for s, k in _giving_sites(h) if "coal" in dict(h.cfg.bsite_gives[bsite(h, s, k)]))
    set_surveyor(h, 0, key)
    give(h, 0, stone=6, steel=3)
    h.bag_e = 5 - 1  # event cubes stay in the bag, untouched (the cube on 7 is the fifth)
    h.box_c += h.bag_c
    h.bag_c = 0
    coal, bag_i, bag_s_h = h.coal[0], h.bag_i, h.bag_s
    quiet = h.bag_e
    _build_now(h, 0, key, k)
    builds_at = [i for i, e in enumerate(h.log()) if e["type"] == "build"][-1]
    gift = h.log()[builds_at + 1]
    assert gift["type"] == "gift" and gift["coal"] == 0
    assert gift["iron"] == gift["stone"] == 0
    assert h.coal[0] == coal and h.bag_c == 0 and h.bag_e == quiet
    assert h.bag_i == bag_i and h.bag_s == bag_s_h + h.cfg.bsite_stone[bsite(h, key, k)]
    # the lost gift is not owed (DE: "Sonst verfällt der Baubonus"): coal back in the bag,
    # the round played out, and it never comes
    h.box_c -= 3
    h.bag_c += 3
    h.apply(legal(h)[0])  # the Site Office pick
    resolve(h)
    assert h.round == 2 and h.coal[0] == coal
    assert not [e for e in h.log()[builds_at + 2:] if e["type"] == "gift"]


def test_en_start_marker_when_leaving_the_starting_station() -> None:
    """Seed 004 BLAENAU FFESTINIOG, Surveyor Action: "When a player moves their Surveyor off
    Blaenau Ffestiniog or Porthmadog Harbour, put one of that player's Ownership markers in the
    starting Station to show that player's starting position." - on the first move, by G or by
    #27, on no site (R14)."""
    g = bf(2, ends="BP")
    quiet_bag(g)
    place(g, {0: ["place G", "place A1"], 1: ["place G", "place A2"]})
    resolve(g)
    assert g.surveyor == [1, 6]
    assert g.markers == [15, 15] and g.start_marker == (1, 1)
    assert all(marker_tally(g, p) == (0, 0, 0, 0) for p in range(2))
    lines = [ln for ln in g.log_lines if "leaves the start" in ln]
    assert lines == ["Player 1 leaves the start and puts an ownership marker on Blaenau Ffestiniog",
                     "Player 2 leaves the start and puts an ownership marker on Porthmadog Harbour"]
    assert g.observation(0)["ends"]["start_markers"] == [True, True]
    # the second move places nothing more
    place(g, {0: ["place G", "place A1"], 1: ["place G", "place A2"]} if g.start == 0 else
          {1: ["place G", "place A2"], 0: ["place G", "place A1"]})
    resolve(g)
    assert g.surveyor == [2, 5] and g.markers == [15, 15]
    # #27 ("now: move your surveyor") leaves the start the same way
    h = bf(2, ends="PB")
    quiet_bag(h)
    give_contract(h, 0, 27)
    place(h, {0: ["place A1", "place C1"], 1: ["place A2", "place B1"]})
    resolve(h, until=lambda x: x.decision == WINDOW and x.res_area == 6 and x.decider == 0)
    h.apply("play 27")
    assert h.surveyor[0] == 6 and h.start_marker[0] == 1 and h.markers[0] == 15


def test_en_movers_have_one_ownership_marker_fewer() -> None:
    """Seed 004 BLAENAU FFESTINIOG, Surveyor Action: "This means that all players, if they move,
    will have one less Ownership marker to use in the game." - solo, the 16th marker placed ends
    the game, the start marker counted; it scores nothing and serves no contract (R14, R19,
    R21)."""
    g = bf(1, ends="B")
    quiet_bag(g)
    place(g, {0: ["place G", "place A1"]})
    resolve(g)
    assert g.markers == [15] and g.start_marker == (1,)
    occupy_sites(g, 0, 14)  # 15 placed: the start marker and 14 sites
    assert g.markers == [1] and g.markers_placed == 15 and not g.is_over
    give(g, 0, stone=9, steel=3)
    set_surveyor(g, 0, "tan_y_bwlch")
    place(g, {0: ["place E1", "place A1"]})
    resolve(g, until=lambda x: x.decision == BUILD)
    g.apply(next(a for a in legal(g) if a.startswith("build ")))
    assert g.is_over and g.end_reason == "last ownership marker placed"
    sheet = g.result()["breakdown"][0]
    assert sheet["have"]["station"] == 15  # 15 sites; the start marker is not one
    assert sheet["lines"]["stations"] == sum(g.cfg.bsite_vp[b] for b in range(g.cfg.n_bsites)
                                             if g.bsite_owner[b] == 0)
    # a player who never moves places all 16 on sites
    h = bf(1, ends="B")
    quiet_bag(h)
    occupy_sites(h, 0, 15)
    assert not h.is_over and h.markers == [1]
    give(h, 0, stone=9, steel=3)
    place(h, {0: ["place E1", "place A1"]})
    resolve(h, until=lambda x: x.decision == BUILD)
    h.apply(next(a for a in legal(h) if a.startswith("build ")))
    assert h.is_over and h.result()["breakdown"][0]["have"]["station"] == 16


def test_en_events_resolve_from_the_game_surveyors_end() -> None:
    """Seed 004 BLAENAU FFESTINIOG, What happens when an Event occurs?: "If an Event occurs,
    resolve it from the end of the route where the game's Surveyor is currently located - either
    Blaenau Ffestiniog or Porthmadog Harbour (it never moves along the route)."; seed 000
    VARIANTE: BLAENAU FFESTINIOG: "Wenn ein Ereignis geschieht, wird es immer von dem Ende der
    Strecke aus durchgeführt, an dem der fremde Vermesser gerade steht." (R17)."""
    # (a) excavate (space 8) from Porthmadog: the two highest slots holding rubble
    g = bf(3, gs="P")
    empty_bag_but_events(g, cubes=1)
    before, supply = g.slot_rubble[:], g.supply_rubble
    place(g, g_only(g))
    resolve(g)
    n = g.cfg.n_slots
    assert g.slot_rubble[n - 2:] == [0, 0] and g.slot_rubble[: n - 2] == before[: n - 2]
    assert g.supply_rubble == supply + before[-1] + before[-2]
    assert g.rubble == [0, 0, 0] and set(g.slot_owner) == {NONE}
    # (b) lay track (space 9) from Porthmadog: the last cards, excavated or not, no owner
    g = bf(3, gs="P")
    empty_bag_but_events(g, cubes=1, occupied=(7, 8))
    rate = g.cfg.lay_rates[g.lay_idx]
    assert g.slot_rubble[slot_of(g, "t12")] and g.slot_rubble[slot_of(g, "t11")]
    place(g, g_only(g))
    resolve(g)
    assert (g.laid, g.laid_p) == (0, rate) and g.track_owner[-rate:] == [EVENT] * rate
    assert g.slot_rubble[slot_of(g, "t12")] == 0
    # (c) complete a station (space 10) from Porthmadog: Porthmadog Harbour itself first
    g = bf(3, gs="P")
    empty_bag_but_events(g, cubes=1, occupied=(7, 8, 9))
    place(g, g_only(g))
    resolve(g)
    assert g.station_done == [0] * 7 + [1]
    g = bf(3, gs="P")
    empty_bag_but_events(g, cubes=1, occupied=(7, 8, 9))
    for b in g.cfg.station_bsites[7]:
        g.bsite_owner[b] = 0
        g.markers[0] -= 1
    mi = g.cfg.station_index["minffordd"]
    rubble = sum(g.slot_rubble[s] for s in g.cfg.station_slots[mi])
    supply = g.supply_rubble
    place(g, g_only(g))
    resolve(g)
    assert g.station_done[mi] and not g.station_done[7]
    assert all(g.slot_rubble[s] == 0 for s in g.cfg.station_slots[mi])
    assert g.supply_rubble == supply + rubble
    # (d) the game's Surveyor is only ever at an end
    assert g.observation(None)["ends"]["game_surveyor"] in (BLAENAU, PORTHMADOG)


def test_en_the_game_surveyor_moves_to_the_other_end_after_each_event() -> None:
    """Seed 004 BLAENAU FFESTINIOG, What happens when an Event occurs?: "After the Event has been
    resolved, move the game's Surveyor to the starting Station at the opposite end; Events
    alternate between the two ends of the railway route."; seed 000 VARIANTE: BLAENAU
    FFESTINIOG: "Danach wird der Vermesser auf die andere Endstation gestellt. Dadurch wechseln
    sich Ereignisse auf beiden Streckenabschnitten ab." - also after an event that did nothing;
    the Plas Halt maintenance does not move it (R17)."""
    g = bf(3, gs="B")
    empty_bag_but_events(g, cubes=3)
    since = len(g.log())
    place(g, g_only(g))
    resolve(g)
    evs = event_log(g, since)
    assert [e.get("space") or e.get("end") for e in evs] == [8, PORTHMADOG, 9, BLAENAU, 10, PORTHMADOG]
    assert g.station_done[0] == 1  # 10 resolved from Blaenau: its own end station
    assert g.laid_p == g.cfg.lay_rates[g.lay_idx] and g.laid == 0  # 9 resolved from Porthmadog
    assert g.gs_end == 1
    # an event that does nothing still moves it: a complete-a-station with no marker left
    h = bf(3, gs="P")
    empty_bag_but_events(h, cubes=1, occupied=(7, 8, 9))
    h.game_markers_left = 0
    since = len(h.log())
    place(h, g_only(h))
    resolve(h)
    evs = event_log(h, since)
    assert evs[0]["kind"] == "complete_station" and evs[0]["station"] is None
    assert evs[1]["end"] == BLAENAU and h.gs_end == 0
    # a lay-track event with no card left to lay
    k = bf(3, gs="B")
    empty_bag_but_events(k, cubes=1, occupied=(7, 8))
    set_lines(k, 6, 7)
    k.end_trigger = 1  # (the lines met earlier; the game ends with this round)
    place(k, g_only(k))
    resolve(k)
    assert k.gs_end == 1 and [e for e in k.log() if e["type"] == "event"][-1]["tracks"] == []


# =========================================================================== 2. German only


def _clear_below(g: Game, slot: int) -> None:
    for s in range(slot):
        set_rubble(g, s, 0)


def _clear_above(g: Game, slot: int) -> None:
    for s in range(slot + 1, g.cfg.n_slots):
        set_rubble(g, s, 0)


def test_de_station_4_is_plas_halt() -> None:
    """Seed 000 VARIANTE: BLAENAU FFESTINIOG, Spielverlauf: "Sobald alles Geröll von Station 4
    (Plas Halt) entfernt wurde, müssen die Loks gewartet werden." - the card printed 4, the same
    for both ends: clearing Tan-y-Bwlch (the fourth card counted from Porthmadog) does nothing,
    clearing Plas Halt from the Blaenau side does it (R2)."""
    sc = scenario(BF)
    assert sc.maintenance_station == "plas_halt"
    ph = next(s for s in sc.stations if s.key == "plas_halt")
    assert ph.number == "4" and sum(e.rubble for e in ph.excavation_sites) > 0
    assert [s.key for s in sc.stations][::-1][4] == "tan_y_bwlch"
    g = bf(2, ends="BP")
    quiet_bag(g)
    give_train(g, 1, 5)
    give(g, 1, steel=1)
    tyb = slot_of(g, "tan_y_bwlch.L")
    _clear_below(g, tyb)
    g.exc_idx = g.cfg.exc_rates.index(3)
    place(g, {0: ["place B1", "place F1"], 1: ["place A1", "place A2"]})
    resolve(g)
    assert g.slot_rubble[tyb] == 0 and not g.maint_done  # Tan-y-Bwlch cleared: nothing
    assert not [e for e in g.log() if e["type"] == "event"]
    h = bf(2, ends="BP")
    quiet_bag(h)
    give_train(h, 1, 5)
    give(h, 1, steel=1)
    _clear_below(h, slot_of(h, "plas_halt.L"))
    h.exc_idx = h.cfg.exc_rates.index(4)
    place(h, {0: ["place B1", "place F1"], 1: ["place A1", "place A2"]})
    resolve(h, until=lambda x: x.decision == MAINTENANCE)
    assert h.decision == MAINTENANCE and h.decider == 1 and h.maint_done


def test_de_it_is_the_fourth_player_who_may_have_no_choice() -> None:
    """Seed 000 VARIANTE: BLAENAU FFESTINIOG, Spielaufbau: "Auf jeder Endstation sind nur 3 Plätze;
    es kann daher sein, dass der vierte Spieler keine Wahl mehr hat." - over all eight ways the
    first three can choose, only the fourth is ever forced, exactly when the first three chose
    the same end (R4)."""
    for first in [(a, b, c) for a in "BP" for b in "BP" for c in "BP"]:
        g = bf_setup(4, seed=9, start=1)
        for e in first:
            assert g.decision == CHOOSE_END and len(legal(g)) == 2
            g.apply(f"start {BLAENAU if e == 'B' else PORTHMADOG}")
        same = len(set(first)) == 1
        if same:
            assert g.decision == GAME_SURVEYOR
            assert g.end_of[0] == (1 if first[0] == "B" else 0)  # seat 0 chooses fourth
        else:
            assert g.decision == CHOOSE_END and g.decider == 0 and len(legal(g)) == 2


def test_de_no_bonus_for_clearing_rubble() -> None:
    """Seed 000 VARIANTE: BLAENAU FFESTINIOG, Bauen c: "Für das Wegräumen von Geröll gibt es keinen
    Bonus." - a Porthmadog player excavating the last cubes of the giving stations' sites gets
    markers and rubble, no free cubes (R16)."""
    g = bf(1, ends="P", solo_train=5)  # (No. 1 would excavate 2 more)
    quiet_bag(g)
    for key in ("t12", "t11", "t10", "t9"):
        set_rubble(g, slot_of(g, key), 0)
    for key in ("minffordd.R", "minffordd.L", "penrhyndeudraeth.L"):
        set_rubble(g, slot_of(g, key), 1)
    g.exc_idx = g.cfg.exc_rates.index(3)
    before = (g.iron[0], g.stone[0], g.coal[0], g.bag_i, g.bag_s, g.bag_c)
    place(g, {0: ["place B1", "place F1"]})
    assert g.decision == "site_office"  # stopped before the round ends
    for key in ("minffordd.R", "minffordd.L", "penrhyndeudraeth.L"):
        assert g.slot_owner[slot_of(g, key)] == 0
    assert g.rubble[0] == 3
    assert (g.iron[0], g.stone[0], g.coal[0], g.bag_i, g.bag_s, g.bag_c) == before
    assert not [e for e in g.log() if e["type"] == "gift"]


def test_de_the_own_end_is_where_the_surveyor_stood_at_the_start() -> None:
    """Seed 000 VARIANTE: BLAENAU FFESTINIOG, Räumarbeit und Gleise legen: "... an dem Ende der
    Strecke aus, an dem sein Vermesser bei Spielbeginn stand." - a Blaenau player whose surveyor
    reached Porthmadog still excavates and lays from Blaenau, builds anywhere on the route,
    scores Porthmadog's printed surveyor value, and G does nothing more (R13, R26)."""
    g = bf(2, ends="BP")
    quiet_bag(g)
    set_surveyor(g, 0, PORTHMADOG)
    before = g.slot_rubble[:]
    give(g, 0, stone=12, steel=4)
    place(g, {0: ["place B1", "place E1"], 1: ["place A1", "place A2"]})
    until_build(g, 0)
    assert g.slot_rubble[0] == before[0] - 2 and g.slot_rubble[1:] == before[1:]
    assert builds(g) == set(BLUE)
    g.apply(f"build {PORTHMADOG}.2 iron=0 rubble=0")
    resolve(g)
    assert g.result()["breakdown"][0]["lines"]["surveyor"] == g.cfg.stations[7].surveyor_vp
    moves = len([e for e in g.log() if e["type"] == "surveyor"])
    place(g, {0: G2, 1: ["place A1", "place A2"]} if g.start == 0 else {1: ["place A1", "place A2"], 0: G2})
    resolve(g)
    assert g.surveyor[0] == 7 and len([e for e in g.log() if e["type"] == "surveyor"]) == moves
    assert g.end_of[0] == 0


def test_de_build_only_where_the_surveyor_has_already_been() -> None:
    """Seed 000 VARIANTE: BLAENAU FFESTINIOG, Bauen b: "Ein Spieler kann nur auf Stationen bauen,
    die sein Vermesser bereits erreicht hat. Wenn ein Spieler seinen Vermesser nicht zieht, kann
    er auch nicht an anderen Stationen bauen." - over random games: every site a player builds
    is on a station that player's surveyor has stood on, and those stations are always the run
    from the player's end to the surveyor (R15)."""
    built = 0
    for seed in range(12):
        g = bf(1 + seed % 4, seed=seed, ends="BPBP"[: 1 + seed % 4] if seed % 3 else "PPBB"[: 1 + seed % 4])
        rng = random.Random(seed)
        seen = len(g.log())
        visited = {p: {g.surveyor[p]} for p in range(g.players)}
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            for e in g.log()[seen:]:
                if e["type"] == "surveyor":
                    visited[e["seat"]].add(g.cfg.station_index[e["station"]])
                elif e["type"] == "build":
                    assert g.cfg.station_index[e["station"]] in visited[e["seat"]]
                    built += 1
            seen = len(g.log())
            for p in range(g.players):
                home, now = g.cfg.end_stations[g.end_of[p]], g.surveyor[p]
                assert visited[p] == set(range(min(home, now), max(home, now) + 1))
    assert built > 20


def test_de_a_marker_the_first_time_the_surveyor_moves() -> None:
    """Seed 000 VARIANTE: BLAENAU FFESTINIOG, Vermesser: "Wenn ein Spieler seinen Vermesser zum
    ersten Mal zieht, legt er einen Besitzmarker auf die Startstation seines Vermessers. Dadurch
    hat er im Spiel eine Besitzmarke weniger zur Verfügung." - a move by #27 first, then by G:
    one marker (R14)."""
    g = bf(2, ends="PB")
    quiet_bag(g)
    give_contract(g, 0, 27)
    place(g, {0: ["place G", "place A1"], 1: ["place A2", "place B1"]})
    resolve(g, until=lambda x: x.decision == WINDOW and x.res_area == 6 and x.decider == 0)
    g.apply("play 27")
    resolve(g)
    assert g.surveyor[0] == 5 and g.markers[0] == 15 and g.start_marker[0] == 1
    assert [e["seat"] for e in g.log() if e["type"] == "start_marker"] == [0]


def test_de_the_game_surveyor_is_one_of_the_black_discs() -> None:
    """Seed 000 VARIANTE: BLAENAU FFESTINIOG, Spielaufbau: "Der letzte Spieler setzt zudem eine der
    schwarzen Scheiben auf eine der Endstationen" - the game's Surveyor is one of the game
    markers, so five are left for complete-a-station events; the sixth and seventh do nothing,
    and the game's Surveyor still changes ends (R5, R8, R17)."""
    g = bf(3, gs="B")
    assert g.game_markers_left == 5 == components().box["game_markers"] - 2 - 1
    completed = []
    for _ in range(7):
        empty_bag_but_events(g, cubes=1, occupied=(7, 8, 9))
        gs = g.gs_end
        since = len(g.log())
        place(g, g_only(g))
        resolve(g)
        ev = [e for e in g.log()[since:] if e["type"] == "event"]
        assert len(ev) == 1 and ev[0]["kind"] == "complete_station"
        completed.append(ev[0]["station"])
        assert g.gs_end == 1 - gs
    assert completed == ["blaenau_ffestiniog", "porthmadog_harbour", "tanygrisiau", "minffordd",
                         "dduallt", None, None]
    assert g.game_markers_left == 0 and sum(g.station_done) == 5


def test_de_the_cubes_come_from_the_bag() -> None:
    """Seed 000 VARIANTE: BLAENAU FFESTINIOG, Bauen c: "Die Klötzchen kommen aus dem Beutel, falls
    dort noch vorhanden." - cubes: iron, stone or coal, never steel; taken by type, not drawn,
    so the generator does not move and no event cube leaves the bag (R16)."""
    for st in scenario(BF).stations:
        for b in st.building_sites:
            assert {k for k, _ in b.gives} <= {"iron", "stone", "coal"}
    g = bf(1, ends="B")
    key, k = next((s, k) for s, k in _giving_sites(g) if g.cfg.station_index[s] <= 3)
    set_surveyor(g, 0, key)
    give(g, 0, stone=6, steel=3)
    assert g.bag_e == 4
    place(g, {0: ["place E1", "place F1"]})
    until_build(g, 0)
    rng, events = g.rng, g.events[:]
    g.apply(f"build {key}.{k} iron=0 rubble=0")
    assert g.rng == rng and g.bag_e == 4 and g.events == events


# =========================================================================== 3. Rulings


@pytest.mark.parametrize("players,edition", [(1, "original"), (2, "original"), (1, "deluxe"), (4, "deluxe")])
def test_r1_all_eight_blue_cards_at_every_player_count(players: int, edition: str) -> None:
    """R1: the yellow side's removals (Waterfall solo and with 2, the Passing Loop below 5, the
    Deluxe solo Waterfall) name yellow stations; all eight blue cards and 13 track cards are
    used at 1 to 4 players. Seed 004 BLAENAU FFESTINIOG, Setup: "lay out the rest of the route
    around the board as normal"."""
    g = bf(players, edition=edition)
    assert [s.key for s in g.cfg.stations] == BLUE and g.cfg.n_tracks == 13


def test_r9_each_end_meets_a_stations_sites_from_its_own_side() -> None:
    """R9: read from Porthmadog, a station's right-hand site comes first; from Blaenau the
    left-hand one (base game: "take Rubble from the leftmost excavation site"). Seed 004 BLAENAU
    FFESTINIOG, During Play: "... along the route in the direction away from that player's
    starting position"."""
    ph_l, ph_r = "plas_halt.L", "plas_halt.R"
    for end, first, second in (("P", ph_r, ph_l), ("B", ph_l, ph_r)):
        g = bf(2, ends="BP")
        quiet_bag(g)
        seat = 0 if end == "B" else 1
        (_clear_above if end == "P" else _clear_below)(g, slot_of(g, first))
        set_rubble(g, slot_of(g, ph_l), 2)
        set_rubble(g, slot_of(g, ph_r), 2)
        g.exc_idx = g.cfg.exc_rates.index(3)
        plan = {seat: ["place B1", "place F1"], 1 - seat: ["place A1", "place A2"]}
        place(g, plan)
        resolve(g, until=lambda x: x.decision == "site_office")
        assert g.slot_rubble[slot_of(g, first)] == 0 and g.slot_owner[slot_of(g, first)] == seat
        assert g.slot_rubble[slot_of(g, second)] == 1 and g.slot_owner[slot_of(g, second)] == NONE


def test_r10_a_site_finished_from_the_other_side() -> None:
    """R10: a site partly emptied from one end is finished from the other; the player who takes the
    last cube marks it, whichever side they came from."""
    g = bf(2, ends="BP")
    quiet_bag(g)
    ph_l = slot_of(g, "plas_halt.L")
    _clear_below(g, ph_l)
    _clear_above(g, ph_l)
    set_rubble(g, ph_l, 2)
    g.exc_idx = g.cfg.exc_rates.index(1)
    place(g, {0: ["place B1", "place F1"], 1: ["place B2", "place A1"]})
    resolve(g, until=lambda x: x.decision == "site_office" or x.round > 1)
    assert g.rubble == [1, 1]
    assert g.slot_rubble[ph_l] == 0 and g.slot_owner[ph_l] == 1


@pytest.mark.parametrize("where,first", [("t6", 0), ("t0", 1), ("t12", 0)])
def test_r10_the_frontiers_meet_and_the_route_runs_out(where: str, first: int) -> None:
    """R10, R20: when the frontiers meet, the rubble left is the nearest for both ends (even at the
    far end of the route); once it is gone Excavate takes nothing, and at the end of the round
    the set-aside train's Build side covers B."""
    g = bf(2, ends="BP")
    quiet_bag(g)
    k = slot_of(g, where)
    _clear_below(g, k)
    _clear_above(g, k)
    set_rubble(g, k, 3)
    place(g, {first: ["place B1", "place A1"], 1 - first: ["place B2", "place A2"]})
    resolve(g)
    assert g.rubble[first] == 2 and g.rubble[1 - first] == 1 and g.route_rubble == 0
    assert g.exc_ptr > g.exc_ptr_p
    assert g.b_build and any(e["type"] == "b_build" for e in g.log())


def test_r10_excavation_is_not_limited_by_the_surveyor() -> None:
    """R10, R15: the build range limits building sites only; a Blaenau player whose surveyor never
    moved excavates the last cube of Dduallt's site and marks it."""
    g = bf(2, ends="BP")
    quiet_bag(g)
    dd = slot_of(g, "dduallt.L")
    _clear_below(g, dd)
    set_rubble(g, dd, 1)
    place(g, {0: ["place B1", "place A1"], 1: ["place A2", "place C1"]})
    resolve(g)
    assert g.surveyor[0] == 0 and g.slot_owner[dd] == 0
    assert marker_tally(g, 0)[0] == g.cfg.slot_vp[dd]


def test_r11_lay_track_stops_at_a_card_of_the_own_line_with_rubble() -> None:
    """R11: for each steel bar the first unlaid card from the player's own end, if it holds no
    rubble; a card with rubble stops the laying, even with excavated cards beyond it. Base D:
    "turn over the fully-excavated Track card closest up the mountain"."""
    g = bf(2, ends="BP")
    quiet_bag(g)
    for key in ("t1", "t2", "t3"):
        set_rubble(g, slot_of(g, key), 0)
    assert g.slot_rubble[slot_of(g, "t0")]
    give(g, 0, steel=3)
    place(g, {0: ["place D1", "place A1"], 1: ["place A2", "place C1"]})
    resolve(g)
    assert g.laid == 0 and g.steel[0] == 3
    assert any(e["type"] == "lay" and e["seat"] == 0 and e["cards"] == 0 for e in g.log())


def test_r11_a_line_may_cross_the_middle() -> None:
    """R11: either line may grow into the other half of the route; the lines are two numbers,
    laid_B + laid_P <= 13."""
    g = bf(2, ends="BP")
    quiet_bag(g)
    set_lines(g, 6, 0)
    for t in range(6, 10):
        set_rubble(g, slot_of(g, f"t{t}"), 0)
    give(g, 0, steel=4)
    g.lay_idx = g.cfg.lay_rates.index(4)
    place(g, {0: ["place D1", "place A1"], 1: ["place A2", "place C1"]})
    resolve(g)
    assert (g.laid, g.laid_p) == (10, 0) and g.track_owner[6:10] == [0] * 4
    assert g.observation(None)["ends"]["laid"] == {BLAENAU: 10, PORTHMADOG: 0}


def test_r11_r12_out_of_markers_and_contract_8_lay_from_the_own_end() -> None:
    """R11, R12: a Porthmadog player with no marker left still lays from Porthmadog, unowned
    (issue 8: the ownership is lost, not the action); #8's extra Lay Track after D lays from
    the same end."""
    g = bf(2, ends="BP")
    quiet_bag(g)
    for key in ("t12", "t11", "t10", "t9"):
        set_rubble(g, slot_of(g, key), 0)
    occupy_sites(g, 1, 16)
    give(g, 1, steel=4)
    give_contract(g, 1, 8)
    place(g, {0: ["place A1", "place C1"], 1: ["place D1", "place A2"]})
    resolve(g, until=lambda x: x.decision == WINDOW and x.res_area == 3 and x.decider == 1)
    g.apply("play 8")
    resolve(g)
    n = g.cfg.n_tracks
    assert (g.laid, g.laid_p) == (0, 4) and g.steel[1] == 0
    assert g.track_owner[n - 4:] == [UNOWNED] * 4
    assert [e["tracks"] for e in g.log() if e["type"] == "lay"] == [[12, 11], [10, 9]]


def test_r12_contract_3_clears_the_players_own_frontier() -> None:
    """R12: #3 "clear the whole next space that still holds rubble" - for a Porthmadog player the
    next from Porthmadog: its rubble to the player, its marker if a site."""
    g = bf(2, ends="BP")
    quiet_bag(g)
    for key in ("t12", "t11"):
        set_rubble(g, slot_of(g, key), 0)
    mr = slot_of(g, "minffordd.R")
    want, low = g.slot_rubble[mr], g.slot_rubble[0]
    give_contract(g, 1, 3)
    place(g, {0: ["place A1", "place C1"], 1: ["place A2", "place F1"]})
    resolve(g, until=lambda x: x.decision == WINDOW and x.res_area == 1 and x.decider == 1)
    g.apply("play 3")
    resolve(g, until=lambda x: x.decision == "clear_space")
    g.apply("clear")
    assert g.slot_rubble[mr] == 0 and g.slot_owner[mr] == 1 and g.rubble[1] == want
    assert g.slot_rubble[0] == low
    clear = [e for e in g.log() if e["type"] == "clear"][-1]
    assert clear["space"] == {"station": "minffordd", "site": 2}


def test_r12_contract_27_moves_away_from_the_own_end() -> None:
    """R12, R13: #27 "now: move your surveyor one station up" - one station away from the player's
    own end, the start marker with it; on the far end it does nothing."""
    g = bf(2, ends="PB")
    quiet_bag(g)
    give_contract(g, 0, 27)
    place(g, {0: ["place A1", "place C1"], 1: ["place A2", "place B1"]})
    resolve(g, until=lambda x: x.decision == WINDOW and x.res_area == 6 and x.decider == 0)
    g.apply("play 27")
    assert g.surveyor[0] == 6 and g.start_marker[0] == 1
    h = bf(2, ends="PB")
    quiet_bag(h)
    set_surveyor(h, 0, BLAENAU)
    give_contract(h, 0, 27)
    moves = len([e for e in h.log() if e["type"] == "surveyor"])
    place(h, {0: ["place A1", "place C1"], 1: ["place A2", "place B1"]})
    resolve(h, until=lambda x: x.decision == WINDOW and x.res_area == 6 and x.decider == 0)
    h.apply("play 27")
    assert h.surveyor[0] == 0 and len([e for e in h.log() if e["type"] == "surveyor"]) == moves


def test_r13_a_porthmadog_surveyor_walks_toward_blaenau() -> None:
    """R13: base G "Move the player's Surveyor on to the next Station card numerically along the
    route" - from Porthmadog: 7, 6, 5 ... 0, then it stays; the three-space limit is for set-up
    only, so a fourth surveyor may reach a full end later."""
    g = bf(1, ends="P")
    quiet_bag(g)
    path = []
    for _ in range(4):
        since = len(g.log())
        place(g, {0: G2})
        resolve(g)
        path += [g.cfg.station_index[e["station"]] for e in g.log()[since:] if e["type"] == "surveyor"]
    assert path == [6, 5, 4, 3, 2, 1, 0]
    assert g.surveyor == [0]
    h = bf(4, ends="BBBP")
    quiet_bag(h)
    set_surveyor(h, 3, "tanygrisiau")
    plan = {0: ["place A1", "place C1"], 1: ["place A2", "place F1"], 2: ["place A3", "place F2"], 3: G2}
    place(h, plan)
    resolve(h)
    assert h.surveyor == [0, 0, 0, 0]


def test_r14_no_marker_left_still_moves_and_places_nothing() -> None:
    """R14: a player with no marker left still moves the surveyor; no start marker is placed, and
    with 3 players the game goes on."""
    g = bf(3, ends="BPB")
    occupy_sites(g, 1, 16)
    assert g.markers[1] == 0
    place(g, {0: ["place A1", "place C1"], 1: G2, 2: ["place A2", "place F1"]})
    resolve(g)
    assert g.surveyor[1] == 5 and g.start_marker[1] == 0 and not g.is_over
    assert not [e for e in g.log() if e["type"] == "start_marker"]
    check_components(g)  # every marker accounted for (the staged sites lie beyond the range)


def test_r14_the_start_marker_can_be_the_last_marker_of_a_solo_game() -> None:
    """R14, R19: solo, 15 markers on sites and the surveyor never moved: its first move puts down
    the 16th marker and the game is over at once - the second G labourer does nothing. Seed 004
    End of Game: "the game ends immediately after the last Ownership marker is placed"."""
    g = bf(1, ends="B")
    occupy_sites(g, 0, 15)
    place(g, {0: G2})
    assert g.is_over and g.end_reason == "last ownership marker placed"
    assert g.surveyor == [1] and g.markers == [0] and g.start_marker == (1,)
    check_components(g)


def test_r15_r17_a_completed_station_is_closed_but_the_surveyors_may_leave_it() -> None:
    """R15, R17: no one builds on a station an event completed; surveyors on it still leave and the
    start marker still goes on it (it is on no site)."""
    g = bf(3, ends="BBP", gs="B")
    empty_bag_but_events(g, cubes=1, occupied=(7, 8, 9))
    place(g, {0: ["place A1", "place C1"], 1: ["place A2", "place F1"], 2: ["place A3", "place F2"]})
    resolve(g)
    assert g.station_done[0] == 1
    give(g, 0, stone=9, steel=3)
    give(g, 1, stone=9, steel=3)
    quiet_bag(g)
    plan = {0: ["place E1", "place G"], 1: ["place E2", "place G"], 2: ["place A1", "place A2"]}
    place(g, {p: plan[p] for p in [(g.start + i) % 3 for i in range(3)]})
    for seat in (0, 1):
        until_build(g, seat)
        assert builds(g) == set()  # only trains: Blaenau, their whole range, is closed
        g.apply(legal(g)[0])
    resolve(g)
    assert g.surveyor[:2] == [1, 1] and g.start_marker[:2] == (1, 1)


def test_r16_gift_with_a_discount_and_with_padarns_extra_build_but_not_for_a_train() -> None:
    """R16: a site a discount makes free still gives its cubes (#9 on Minffordd's 1-stone site);
    No. 6 Padarn's extra Build gives them too; buying a train gives nothing."""
    g = bf(2, ends="PB")
    quiet_bag(g)
    set_surveyor(g, 0, "minffordd")
    give_contract(g, 0, 9)
    mi = g.cfg.stations[g.cfg.station_index["minffordd"]]
    k1 = next(k for k, b in enumerate(mi.building_sites, 1) if (b.stone, b.steel, b.vp) == (1, 0, 7))
    give_train(g, 0, 6)
    give(g, 0, steel=2)
    stone = g.stone[0]
    place(g, {0: ["place E1", "place F1"], 1: ["place A1", "place A2"]})
    resolve(g, until=lambda x: x.decision == WINDOW and x.res_area == 4 and x.decider == 0)
    g.apply("play 9")
    resolve(g, until=lambda x: x.decision == BUILD)
    assert f"build minffordd.{k1} iron=0 rubble=0" in legal(g)
    g.apply(f"build minffordd.{k1} iron=0 rubble=0")
    assert g.stone[0] == stone + 1  # paid nothing, got 1
    # Padarn's extra Build: another Minffordd site (1 steel) gives its stone as well
    resolve(g, until=lambda x: x.decision == "extra_build")
    site = next(a for a in legal(g) if a.startswith("build minffordd."))
    g.apply(site)
    assert g.stone[0] == stone + 2
    # buying a train: no gift
    h = bf(2, ends="PB")
    quiet_bag(h)
    give(h, 0, steel=2)
    place(h, {0: ["place E1", "place F1"], 1: ["place A1", "place A2"]})
    until_build(h, 0)
    h.apply(f"buy {h.shed[0]} iron=0")
    assert not [e for e in h.log() if e["type"] == "gift"]


def test_r17_an_excavate_event_runs_past_the_other_frontier() -> None:
    """R17: the excavate event clears the slots nearest the game's Surveyor's end that hold rubble,
    wherever they are - here all on the Porthmadog half."""
    g = bf(3, gs="B")
    empty_bag_but_events(g, cubes=1)
    t7, t8 = slot_of(g, "t7"), slot_of(g, "t8")
    _clear_below(g, t7)
    assert g.cfg.slot_station[t7 - 1] == g.cfg.station_index["plas_halt"] and t8 == t7 + 1
    before = g.slot_rubble[:]
    place(g, g_only(g))
    resolve(g)
    assert g.slot_rubble[t7] == g.slot_rubble[t8] == 0
    assert g.slot_rubble[t8 + 1:] == before[t8 + 1:]
    assert [e for e in g.log() if e["type"] == "event"][0]["cleared"] == [{"track": 7}, {"track": 8}]


def test_r17_a_lay_track_event_extends_the_game_surveyors_line() -> None:
    """R17: the lay-track event flips the first unlaid cards counted from the game's Surveyor's
    end, which join that end's line."""
    g = bf(3, gs="B")
    empty_bag_but_events(g, cubes=1, occupied=(7, 8))
    set_lines(g, 3, 0)
    place(g, g_only(g))
    resolve(g)
    assert (g.laid, g.laid_p) == (5, 0) and g.track_owner[3:5] == [EVENT, EVENT]


def test_r17_complete_a_station_counts_from_the_end_station() -> None:
    """R17: complete-a-station from the game's Surveyor's end counts that end's station first;
    fully built, the next one."""
    g = bf(3, gs="B")
    empty_bag_but_events(g, cubes=1, occupied=(7, 8, 9))
    occupy = g.cfg.station_bsites[0]
    for b in occupy:
        g.bsite_owner[b] = 2
        g.markers[2] -= 1
    place(g, g_only(g))
    resolve(g)
    assert g.station_done[:2] == [0, 1]


def test_r18_maintenance_after_an_excavate_event() -> None:
    """R18: an excavate event from Porthmadog empties Plas Halt: maintenance after that event. The
    engine moves the game's Surveyor straight after the event, then asks the maintenance
    decisions, then places the next cube (the decisions do not depend on the marker)."""
    g = bf(3, ends="BPB", gs="P")
    empty_bag_but_events(g, cubes=2)
    _clear_above(g, slot_of(g, "plas_halt.R"))
    give_train(g, 2, 5)
    give(g, 2, steel=1)
    place(g, g_only(g))
    resolve(g, until=lambda x: x.decision == MAINTENANCE)
    assert g.decision == MAINTENANCE and g.decider == 2
    assert g.events[7] == 1 and g.events[8] == 0 and g.events_pending == 1  # the next cube waits
    assert g.gs_end == 0
    kinds = [(e.get("space"), e.get("kind") or e["type"]) for e in g.log() if e["type"] in ("event", "game_surveyor_moves")]
    assert kinds == [(8, "excavate"), (None, "maintenance"), (None, "game_surveyor_moves")]
    g.apply("maintain steel")
    resolve(g)
    assert g.events[8] == 1  # the second cube went on 9 after the maintenance


def test_r18_maintenance_by_a_complete_a_station_event_and_by_contract_3() -> None:
    """R18: "whatever took the last cube": a complete-a-station event on Plas Halt, or #3."""
    g = bf(3, ends="BPB", gs="B")
    empty_bag_but_events(g, cubes=1, occupied=(7, 8, 9))
    for si in range(4):
        g.station_done[si] = 1
        g.game_markers_left -= 1
        for s in g.cfg.station_slots[si]:
            set_rubble(g, s, 0)
    give_train(g, 1, 5)
    give(g, 1, steel=1)
    place(g, g_only(g))
    resolve(g, until=lambda x: x.decision == MAINTENANCE)
    assert g.decision == MAINTENANCE and g.station_done[4] == 1
    h = bf(2, ends="BP")
    quiet_bag(h)
    _clear_above(h, slot_of(h, "plas_halt.L"))
    set_rubble(h, slot_of(h, "plas_halt.L"), 2)
    give_contract(h, 1, 3)
    give_train(h, 0, 5)
    give(h, 0, steel=1)
    place(h, {0: ["place A1", "place C1"], 1: ["place A2", "place F1"]})
    resolve(h, until=lambda x: x.decision == WINDOW and x.res_area == 1 and x.decider == 1)
    h.apply("play 3")
    resolve(h, until=lambda x: x.decision == "clear_space")
    h.apply("clear")
    assert h.decision == MAINTENANCE and h.decider == 0


def test_r18_maintenance_with_no_train_owned_is_used_up() -> None:
    """R18: Plas Halt cleared while nobody owns a train: nothing is asked, and the maintenance is
    used up - a train bought later is never maintained."""
    g = bf(2, ends="BP")
    quiet_bag(g)
    _clear_above(g, slot_of(g, "plas_halt.L"))
    set_rubble(g, slot_of(g, "plas_halt.L"), 1)
    set_rubble(g, slot_of(g, "plas_halt.R"), 0)
    place(g, {0: ["place A1", "place C1"], 1: ["place B1", "place A2"]})
    resolve(g)
    assert g.maint_done and not g.train[0] and not g.train[1]
    give(g, 0, steel=2)
    place(g, {0: ["place E1", "place A1"], 1: ["place A2", "place C1"]} if g.start == 0 else
          {1: ["place A2", "place C1"], 0: ["place E1", "place A1"]})
    until_build(g, 0)
    g.apply(next(a for a in legal(g) if a.startswith("buy ")))
    rng = random.Random(1)
    while not g.is_over:
        assert g.decision != MAINTENANCE
        g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("edition", ["original", "deluxe"])
def test_r19_the_game_ends_when_the_lines_meet(edition: str) -> None:
    """R19: the last unlaid track card, wherever the lines meet, ends the game at the end of that
    round; base End of Game: "The game ends at the end of the round when the last Track card in
    the route ... has had track laid on it". Laid by an event: the original game ends with that
    round, the Deluxe game plays one more."""
    g = bf(2, ends="BP", edition=edition)
    quiet_bag(g)
    set_lines(g, 5, 7)
    set_rubble(g, slot_of(g, "t5"), 0)
    give(g, 1, steel=3)
    place(g, {0: ["place A1", "place C1"], 1: ["place D1", "place G"]})
    resolve(g)
    assert g.is_over and g.round == 1 and g.track_owner[5] == 1 and g.laid_p == 8
    assert g.end_reason == "the last track card was laid"
    assert g.surveyor[1] == 6  # G still resolved after the last card
    h = bf(2, ends="BP", edition=edition, gs="P")
    empty_bag_but_events(h, cubes=1, occupied=(7, 8))
    set_lines(h, 6, 6)
    place(h, g_only(h))
    resolve(h)
    assert h.track_owner[6] == EVENT and h.laid_p == 7
    if edition == "original":
        assert h.is_over and h.round == 1
    else:
        assert not h.is_over and h.round == 2
        place(h, g_only(h))
        resolve(h)
        assert h.is_over and h.round == 2 and "extra round" in h.end_reason


def test_r19_two_players_the_start_markers_count_toward_the_32nd() -> None:
    """R19, R14: with 2 players the game ends immediately after the 32nd marker is placed; start
    markers count. 30 on sites, both unmoved: the first move places the 31st, the second the
    32nd, and the game is over at once."""
    g = bf(2, ends="BP")
    quiet_bag(g)
    occupy_sites(g, 0, 15)
    for s in range(g.cfg.n_slots):
        if not g.cfg.slot_is_track[s] and g.slot_owner[s] == NONE and g.markers[1] > 1:
            set_rubble(g, s, 0)
            g.slot_owner[s] = 1
            g.markers[1] -= 1
            g.markers_placed += 1
    for b in range(g.cfg.n_bsites):
        if g.bsite_owner[b] == NONE and g.markers[1] > 1:
            g.bsite_owner[b] = 1
            g.markers[1] -= 1
            g.markers_placed += 1
    assert g.markers == [1, 1] and g.markers_placed == 30
    place(g, {0: ["place G", "place A1"], 1: ["place G", "place A2"]})
    resolve(g)
    assert g.is_over and g.end_reason == "last ownership marker placed" and g.round == 1
    assert g.start_marker == (1, 1) and g.markers_placed == 32


def test_r21_a_surveyor_scores_the_printed_value_from_either_side() -> None:
    """R21: base Scoring "Add the victory points printed at the top right of the Station card
    reached by the players' Surveyor" - one value per card, for a player from either end."""
    g = bf(3, ends="BPB")
    set_surveyor(g, 0, "plas_halt")
    set_surveyor(g, 1, "plas_halt")
    lines = [s["lines"]["surveyor"] for s in g.result()["breakdown"]]
    vp = g.cfg.stations[4].surveyor_vp
    assert lines == [vp, vp, g.cfg.stations[0].surveyor_vp]


@pytest.mark.parametrize("players", [1, 3])
def test_r24_deluxe_and_light_fog_with_the_scenario(players: int) -> None:
    """R24: "Everything else ... is the same as the Snowdon game" - the Deluxe edition (its
    optional track cards too) and Light Fog play with the scenario unchanged; Light Fog blocks
    only the last space of B and of D."""
    g = bf(players, edition="deluxe", light_fog=True, deluxe_track_cards=True)
    assert [s.key for s in g.cfg.stations] == BLUE
    quiet_bag(g)
    g.weather_current = "fog"
    touch(g)
    opts = legal(g) if g.decision == "place" else []
    if g.decision == "hire":
        g.apply("pass")
        opts = legal(g)
    for area in "BD":
        cap = g.cfg.base_caps["ABCDEF".index(area)]
        assert f"place {area}{cap}" not in opts
        if cap > 1:
            assert f"place {area}1" in opts
    for seed in range(4):
        h = bf(players, seed=seed, edition="deluxe", light_fog=True, deluxe_track_cards=True)
        play_random(h, seed)
        assert h.is_over


def test_r25_a_solo_game_and_its_series() -> None:
    """R25: solo Blaenau Ffestiniog keeps the Solitaire rules: the series train and no other, the
    Site Office replaced every round, the 16th marker ends the game; a series of the scenario is
    compared only with games of the scenario. Seed 004 Solitaire: "You play a series of 7 games
    each with a different starting Train card"."""
    from snowdonia.tui.series import comparable

    g = bf(1, ends="P", solo_train=4)
    assert g.train == [4] and g.shed == [] and g.trains_available
    assert comparable(g, "solo_train")["scenario"] == BF
    assert comparable(new(1), "solo_train")["scenario"] == "mount_snowdon"
    office = list(g.office)
    place(g, {0: ["place A1", "place C1"]})
    resolve(g)
    assert not set(office) & set(c for c in g.office if c)
    play_random(g, 5)
    assert g.is_over and g.end_reason in ("last ownership marker placed", "the last track card was laid")


def test_r27_an_end_nobody_chose() -> None:
    """R27: everyone may start at one end; the other end's line then grows only by events from that
    end, and the game still ends when the lines meet (or at the 32nd marker)."""
    reasons = Counter()
    for seed in range(10):
        g = bf(2, seed=seed, ends="BB")
        play_random(g, seed)
        n = g.cfg.n_tracks
        assert all(o == EVENT for o in g.track_owner[n - g.laid_p:])
        reasons[g.end_reason] += 1
    assert reasons["the last track card was laid"] > 0


def test_r28_everything_about_the_two_ends_is_public() -> None:
    """R28: every seat sees each player's end, the surveyors, both frontiers, both lines, the
    game's Surveyor, the Plas Halt maintenance and the start markers, alike."""
    g = bf(3, ends="BPB", gs="P")
    place(g, g_only(g))
    views = [g.observation(s)["ends"] for s in (None, 0, 1, 2)]
    assert all(v == views[0] for v in views)
    v = views[0]
    assert v["players"] == [BLAENAU, PORTHMADOG, BLAENAU]
    assert set(v) >= {"keys", "players", "start_markers", "game_surveyor", "laid", "frontier",
                      "buildable_by", "maintenance_station", "maintenance_done"}
    assert v["maintenance_station"] == "plas_halt"
    assert v["frontier"][BLAENAU] is not None and v["frontier"][PORTHMADOG] is not None
    check_invariants(g)  # and nothing hidden in any view


def test_r15_the_view_and_the_refusals_follow_the_surveyor_rule() -> None:
    """Seed 004 BLAENAU FFESTINIOG, Build Action: "Track cards do not have to be excavated
    before a Station card can be built upon. A player can only build on Station cards from the
    player's starting position up to and including the location of that player's Surveyor."
    (R15) - the observation's `route[i].buildable` and the refusal reasons follow the same
    rule as the Build options (issue 21 item 8: seat 0 was offered `build
    blaenau_ffestiniog.1` while its view said the station was not buildable, and Plas Halt
    beyond its surveyor was refused as "every track card ... must be excavated first")."""
    g = bf(2, ends="BP")
    quiet_bag(g)
    set_surveyor(g, 0, "tan_y_bwlch")
    set_surveyor(g, 1, "penrhyndeudraeth")
    give(g, 0, stone=9, steel=4)
    give(g, 1, stone=9, steel=4)
    place(g, {0: ["place E1", "place G"], 1: ["place E2", "place G"]})
    until_build(g, 0)

    def view_buildable(seat: int | None) -> set[str]:
        return {st["key"] for st in g.observation(seat)["route"] if st["type"] == "station" and st["buildable"]}

    assert builds(g) == set(BLUE[0:4]) == view_buildable(0)
    assert view_buildable(1) == set(BLUE[5:8])
    assert view_buildable(None) == set(BLUE[0:4]) | set(BLUE[5:8])
    assert g.observation(0)["ends"]["buildable_by"]["blaenau_ffestiniog"] == [0]
    with pytest.raises(IllegalAction) as err:
        g.apply("build plas_halt.2 iron=0 rubble=0")
    reason = str(err.value)
    assert "beyond your surveyor" in reason and "Tan-y-Bwlch" in reason, reason
    assert "excavated" not in reason

