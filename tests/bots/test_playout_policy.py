"""Mount Snowdon's playout policy (`games/snowdonia/bots/playout.py`, the search flag `:h1`;
issue 19): it plays only legal options, wastes no labourer on an area its seat cannot use,
takes the fullest Stock Yard takes and makes as many Steel Bars as it can; a search with it
never changes the real game nor reads hidden facts; a title without a policy plays its
playouts uniformly at random."""

from __future__ import annotations

import random
from typing import Any

import pytest

import snowdonia
from snowdonia.bots import make_bot
from snowdonia.bots.search import SearchBot, SearchConfig
from snowdonia.games.snowdonia.bots import playout
from snowdonia.games.snowdonia.rules.config import BONUS_PLACED
from snowdonia.games.snowdonia.rules.decisions import (
    BUILD,
    CLEAR,
    EXTRA_BUILD,
    PLACE,
    SITE_OFFICE,
    STOCK_YARD,
    WINDOW,
    WORKS,
)
from snowdonia.games.snowdonia.rules.scoring import marker_tally

from .conftest import positions, state


def _walk(seed: int, players: int = 3, scenario: str | None = None) -> list[Any]:
    """Every position of a uniformly random game (clones), for the policy's helpers."""
    rng = random.Random(seed)
    g = snowdonia.new_game(players, seed=seed, scenario=scenario)
    out = []
    while not g.is_over:
        out.append(g.clone())
        legal = g.legal_actions()
        g.step(legal[rng.randrange(len(legal))])
    return out


def test_a_policy_playout_ends_the_game_with_legal_moves_only() -> None:
    """Step by step the same draws as `policy_playout`: each choice is among `legal_actions`,
    and the game reaches its end (seed 004 "Game end")."""
    for seed in range(6):
        g = snowdonia.new_game(3, seed=seed)
        steps = g.policy_playout(random.Random(seed), None)
        assert g.is_over and steps > 30
        res = g.result()
        assert res["final"] and res["winners"]


def test_a_policy_playout_stops_after_depth_decisions() -> None:
    start = snowdonia.new_game(3, seed=4)
    before, g = start.clone(), start.clone()
    assert g.policy_playout(random.Random(1), 7) == 7
    assert not g.is_over and g.snapshot() != before.snapshot()
    # the same generator state gives the same playout
    again = before.clone()
    again.policy_playout(random.Random(1), 7)
    assert again.snapshot() == g.snapshot()


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_placements_never_waste_a_labourer(seed: int, version: int) -> None:
    """Seed 004 "D LAY TRACK": a Lay Track labourer returns Steel Bars, so with none (and not
    the iron for one at a Works space of its own) it does nothing; "C WORKS" converts 3 iron
    (2 with No. 2 Enid) or 2 rubble. The policy places there only when the seat can use it,
    and otherwise picks among all the usable spaces."""
    checked = 0
    rng = random.Random(seed)
    for g in _walk(seed):
        if g.decision != PLACE or g.over:
            continue
        legal = g.legal_actions()
        p = g.decider
        chosen = {str(playout._place(g, legal, rng, version, -1)) for _ in range(40)}
        assert chosen <= {str(a) for a in legal}
        areas = {c.split()[1][0] for c in chosen}
        if g.steel[p] == 0 and g.iron[p] < 2:
            assert "D" not in areas
        if g.iron[p] < 2 and g.rubble[p] < 2:
            assert "C" not in areas
        if g.steel[p] == 0 and g.stone[p] == 0:
            assert "E" not in areas
        usable = {str(a) for a in legal if str(a).split()[1][0] in "ABFG"}
        if usable:
            assert chosen & usable
        checked += 1
    assert checked > 20


def test_stock_yard_takes_are_the_fullest_and_works_make_the_most_steel() -> None:
    """Seed 004 "A STOCK YARD" (up to three cubes) and "C WORKS" ("Do this up to three times"):
    the policy never takes a subset of another take with as much coal, and converts as much
    iron into Steel Bars as any option does."""
    rng = random.Random(0)
    takes = works = 0
    for seed in range(8):
        for g in _walk(seed):
            legal = g.legal_actions()
            if g.decision == STOCK_YARD and len(legal) > 1:
                a = playout._fullest_take(legal, rng)
                i, st, coal = (int(x) for x in a.args)
                assert not any(int(b.args[2]) == coal and int(b.args[0]) + int(b.args[1]) > i + st for b in legal)
                takes += 1
            elif g.decision == WORKS and len(legal) > 1:
                a = playout._most_steel(legal, rng)
                assert int(a.args[0]) == max(int(b.args[0]) for b in legal)
                works += 1
    assert takes > 10 and works > 0


def test_version_2_plays_its_contracts_clears_builds_and_converts_everything() -> None:
    """Version 2 (`:h2`) never passes a contract window (seed 004 "Contract Cards": a player
    "may play one or more Contract cards"), a #3 clear or an extra Build action when it may
    do them, and at the Works makes the most Steel Bars and then the most stone (seed 004
    "C WORKS", "up to three times"); a usable D Lay Track option is drawn three times as often,
    a usable C Works or E Build option twice as often as any other."""
    rng = random.Random(3)
    passes = works = places = 0
    for seed in range(10):
        for g in _walk(seed):
            legal = g.legal_actions()
            if len(legal) < 2:
                continue
            if g.decision in (WINDOW, CLEAR, EXTRA_BUILD):
                assert playout._not_pass(legal, rng).kind != "pass"
                passes += 1
            elif g.decision == WORKS:
                a = playout._most_conversions(legal)
                assert (int(a.args[0]), int(a.args[1])) == max((int(b.args[0]), int(b.args[1])) for b in legal)
                works += 1
            elif g.decision == PLACE and places < 30:
                p = g.decider
                picks = [str(playout._place(g, legal, rng, 2, -1)) for _ in range(1500)]
                d = [a for a in map(str, legal) if a.split()[1][0] == "D"]
                other = [a for a in map(str, legal) if a.split()[1][0] in "ABFG"]
                if d and other and g.steel[p] > 0:
                    # each D option three times as likely as an option of an area always usable
                    assert picks.count(d[0]) > 2 * picks.count(other[0])
                    places += 1
    assert passes > 10 and works > 0 and places > 0


def _site_vp(g: Any, a: Any) -> int:
    cfg = g.cfg
    return int(cfg.bsite_vp[cfg.station_bsites[cfg.station_index[str(a.args[0])]][int(a.args[1]) - 1]])


def _contract_worth(g: Any, a: Any) -> float | None:
    """Version 3's worth of taking contract `a` (None for a coal or surveyor contract)."""
    p = g.decider
    bonus = g.cfg.contract[int(a.args[0])].bonus
    if "coal_vp" in bonus or "surveyor_tiers" in bonus:
        return None
    _, stations, _, tracks = marker_tally(g, p)
    nr, nt, ns = bonus.get("rubble", 0), bonus.get("track", 0), bonus.get("station", 0)
    have = min(nr, g.rubble[p]) + min(nt, tracks) + min(ns, stations)
    return float(bonus["vp"] * (0.25 + 0.75 * have / (nr + nt + ns)))


def test_version_3_builds_the_richest_site_and_takes_the_nearest_contract() -> None:
    """Version 3 (`:h3`): at a Build (seed 004 "E BUILD": "a building site of a station, or a
    train") it builds on a site worth the most VP of those it can afford, or buys a train, and
    never passes an extra Build it can use; at the Site Office (seed 004 "F SITE OFFICE": "Take a
    card of the player's choice") it takes a contract whose bonus it is nearest to earning: VP
    weighed by 1/4 + 3/4 of the share of the card's rubble and markers it already has."""
    rng = random.Random(5)
    builds = offices = 0
    for seed in range(40):
        for g in _walk(seed):
            legal = g.legal_actions()
            if len(legal) < 2:
                continue
            if g.decision in (BUILD, EXTRA_BUILD):
                top = max((_site_vp(g, a) for a in legal if a.kind == "build"), default=-1)
                for _ in range(20):
                    a = playout._best_site(g, legal, rng)
                    assert a.kind == "buy" or (a.kind == "build" and _site_vp(g, a) == top)
                builds += 1
            elif g.decision == SITE_OFFICE:
                worths = [_contract_worth(g, a) for a in legal]
                if all(w is not None for w in worths):
                    best = max(w for w in worths if w is not None)
                    for _ in range(10):
                        assert _contract_worth(g, playout._likeliest_contract(g, legal, rng)) == pytest.approx(best)
                    offices += 1
    assert builds > 20 and offices > 20


def test_version_4_weighs_the_areas_and_skips_a_surveyor_at_the_summit_and_unexcavated_track() -> None:
    """Version 4 (`:h4`, Mount Snowdon): seed 004 "G MOVE THE SURVEYOR" ("on to the next Station
    card numerically along the route"; at Yr Wyddfa it stays), so a seat whose Surveyor is at
    Yr Wyddfa, or will be after its labourers already on G, is never placed on G; seed 004 "D
    LAY TRACK" flips only a fully excavated Track card, so with the next card still holding
    rubble and nobody on B, D is never chosen; among the usable areas G comes ten times as
    often as a space of A Stock Yard."""
    rng = random.Random(3)
    counts = {"A": 0.0, "G": 0.0}
    summit = unexcavated = 0
    for seed in range(12):
        for g in _walk(seed):
            if g.decision != PLACE or g.over:
                continue
            legal = g.legal_actions()
            areas = {str(a.args[0]) for a in legal}
            p = g.decider
            cfg = g.cfg
            picks = [str(playout._place(g, legal, rng, 4, -1).args[0]) for _ in range(30)]
            assert set(picks) <= areas
            if "A" in areas and "G" in areas:
                # per space: every open space of an area is an option of its own
                counts["A"] += picks.count("A") / sum(1 for a in legal if a.args[0] == "A")
                counts["G"] += picks.count("G")
            # the same position with the Surveyor one station below the summit and a labourer
            # of the seat already on G: G is never chosen (seed 004 "G")
            h = g.clone()
            h.surveyor[p] = cfg.n_stations - 2
            h.g_list = [*h.g_list, p]
            assert "G" not in {str(playout._place(h, legal, rng, 4, -1).args[0]) for _ in range(30)}
            summit += 1
            # Steel Bars in hand, the next Track card not excavated, nobody on B: no D
            if "D" in areas and h.laid < cfg.n_tracks:
                h.steel[p] = 3
                h.slot_rubble[cfg.track_slot[h.laid]] = max(1, h.slot_rubble[cfg.track_slot[h.laid]])
                bb = cfg.space_offset[1]
                if all(h.spaces[bb + i] < 0 for i in range(cfg.base_caps[1])):
                    assert "D" not in {str(playout._place(h, legal, rng, 4, -1).args[0]) for _ in range(30)}
                    unexcavated += 1
    assert summit > 50 and unexcavated > 10
    assert counts["G"] > 6 * counts["A"] > 0


@pytest.mark.parametrize("version", [4, 5])
def test_versions_4_and_5_are_version_3_in_blaenau_ffestiniog(version: int) -> None:
    """Blaenau Ffestiniog's Surveyors walk to the far end and stop (rule R13): versions 4 and
    5's weights are Mount Snowdon's, and elsewhere they place as version 3 does, draw for draw."""
    for seed in range(4):
        a = snowdonia.new_game(3, seed=seed, scenario="blaenau_ffestiniog")
        b = a.clone()
        steps = a.policy_playout(random.Random(seed), None, version)
        assert b.policy_playout(random.Random(seed), None, 3) == steps
        assert a.is_over and a.result() == b.result()
        assert [a.observation(s) for s in range(3)] == [b.observation(s) for s in range(3)]


def test_version_5_draws_the_areas_in_the_masters_proportions_and_keeps_version_4s_tests() -> None:
    """Version 5 (`:h5`, stop 37): version 4's usable areas, weighed as the master chose among
    them in self-play (scripts/placement_fit.py): per space D Lay Track four times and G Surveyor
    five times as often as A Stock Yard, B and E one and a half times; the draws follow those
    weights, and a seat whose Surveyor is at the summit is still never placed on G."""
    assert playout.area_weights(snowdonia.new_game(3, seed=1), 5)[0] == 2
    rng = random.Random(8)
    per_space = {a: 0.0 for a in "ABCDEFG"}
    expected = {a: 0.0 for a in "ABCDEFG"}
    for seed in range(10):
        for g in _walk(seed):
            if g.decision != PLACE or g.over:
                continue
            legal = g.legal_actions()
            weights = playout.area_weights(g, 5)
            assert all(w in (0, t) for w, t in zip(weights, (2, 3, 2, 8, 3, 2, 10), strict=True))  # usable or not
            n = {a: sum(1 for x in legal if x.args[0] == a) for a in "ABCDEFG"}
            mass = sum(weights[i] * n[a] for i, a in enumerate("ABCDEFG"))
            if mass == 0:
                continue
            for _ in range(20):
                per_space[str(playout._place(g, legal, rng, 5, -1).args[0])] += 1
            for i, a in enumerate("ABCDEFG"):
                expected[a] += 20 * weights[i] * n[a] / mass
            h = g.clone()
            h.surveyor[g.decider] = g.cfg.n_stations - 1
            assert playout.area_weights(h, 5)[6] == 0
    for a in "ABCDEFG":  # the draws are the weights' shares (within 10% of what they predict)
        if expected[a] > 200:
            assert per_space[a] == pytest.approx(expected[a], rel=0.1), a
    assert expected["G"] > 200 and expected["E"] > 200 and expected["A"] > 200


@pytest.mark.parametrize("scenario", ["mount_snowdon", "blaenau_ffestiniog"])
def test_version_6_weighs_the_areas_by_the_seats_plan_among_the_usable_ones(scenario: str) -> None:
    """Version 6 (`:h6`, stop 39): a seat's placements are drawn by its plan's weights
    (`_PLANS`: track, build, surveyor, contracts), among the areas version 4 judges usable in
    Mount Snowdon (a Surveyor at Yr Wyddfa climbs no further, seed 004 "G MOVE THE SURVEYOR")
    and version 3 in Blaenau Ffestiniog; without a plan it weighs as version 5."""
    usable_version = 4 if scenario == "mount_snowdon" else 3
    seen = 0
    for seed in range(3):
        for g in _walk(seed, scenario=scenario):
            if g.decision != PLACE or g.over:
                continue
            mask = [w > 0 for w in playout.area_weights(g, usable_version)]
            for plan, table in enumerate(playout._PLANS):
                assert playout.area_weights(g, 6, plan) == [t if m else 0 for t, m in zip(table, mask, strict=True)]
            assert playout.area_weights(g, 6) == playout.area_weights(g, 5)
            seen += 1
    assert seen > 50
    assert len(playout._PLANS) == 4 and playout._PLANS[2][6] == 10  # the surveyor plan climbs


def test_version_6_seats_keep_the_plan_they_draw_at_the_playouts_start() -> None:
    """The plans are the playout generator's first draws, one a seat in seat order, and each
    seat keeps its plan to the game's end (seed 004 "Assign Labourers"): over 40 playouts,
    seats on the surveyor plan place most of their labourers on G, seats on the track plan
    place on A, C and D far more often and on G far less. Were the plan drawn again at each
    decision, or shared by all seats, these shares would be level."""
    from snowdonia.core.rng import randbelow

    share: dict[int, dict[str, int]] = {k: {a: 0 for a in "ABCDEFG"} for k in range(len(playout._PLANS))}
    for seed in range(40):
        g = snowdonia.new_game(3, seed=seed)
        rng = random.Random(seed)
        probe = random.Random(seed)
        plans = [randbelow(probe, len(playout._PLANS)) for _ in range(3)]
        g.policy_playout(rng, None, 6)
        for e in g.log():
            if e.get("type") == "place":
                share[plans[int(e["seat"])]][str(e["space"])[0]] += 1

    def frac(plan: int, areas: str) -> float:
        total = sum(share[plan].values())
        return sum(share[plan][a] for a in areas) / total

    assert frac(2, "G") > 0.35 and frac(0, "G") < 0.15
    assert frac(0, "ACD") > frac(2, "ACD") + 0.3
    assert frac(1, "E") > frac(0, "E") + 0.1 and frac(3, "BF") > frac(0, "BF") + 0.2


def test_version_7_draws_a_seats_plan_by_what_it_holds() -> None:
    """Version 7 (`:h7`, stop 39): the plans' weights grow with what the seat holds, seed 004
    "Scoring" (a contract scores when its markers and rubble are on it): Steel Bars and iron
    for the track plan, stone for the build plan, the track and station markers and the rubble
    its contracts ask; a Surveyor at Yr Wyddfa draws no surveyor plan. The draws follow the
    weights."""
    g = snowdonia.new_game(3, seed=1)
    p = 0
    base = playout.plan_weights(g, p)
    h = g.clone()
    h.steel[p] += 2
    h.iron[p] += 1
    w = playout.plan_weights(h, p)
    assert w[0] == base[0] + 5 and w[1] == base[1] + 2 and w[2:] == base[2:]
    h = g.clone()
    h.surveyor[p] = g.cfg.n_stations - 1
    assert playout.plan_weights(h, p)[2] == 0
    cfg = g.cfg
    kinds = {}
    for c in cfg.contract_numbers:
        h = g.clone()
        h.hand[p] = 1 << c
        h.played[p] = 0
        kinds[c] = playout.plan_weights(h, p)
        empty = g.clone()
        empty.hand[p] = 0
        empty.played[p] = 0
        e = playout.plan_weights(empty, p)
        rubble, tracks, stations = cfg.bonus_need[c]
        if cfg.bonus_kind[c] == BONUS_PLACED:  # markers and rubble placed on it
            assert kinds[c] == [e[0] + 2 * tracks, e[1] + 2 * stations, e[2], e[3] + rubble], c
    assert any(k[0] > k[1] for k in kinds.values()) and any(k[1] > k[0] for k in kinds.values())
    rng = random.Random(3)
    h = g.clone()
    h.steel[p] += 6  # the track plan now weighs most
    weights = playout.plan_weights(h, p)
    draws = [playout._held_plan(h, p, rng) for _ in range(4000)]
    for i, w in enumerate(weights):
        assert draws.count(i) == pytest.approx(4000 * w / sum(weights), rel=0.12)


def test_the_policy_scores_more_than_uniform_random_play() -> None:
    """What the policy is for: over the same 40 games its seats score more than uniformly
    random seats (random play wastes labourers; docs/bots-and-simulation.md)."""
    def mean(version: int) -> float:
        total = 0.0
        for seed in range(40):
            g = snowdonia.new_game(3, seed=seed)
            rng = random.Random(seed)
            if version:
                g.policy_playout(rng, None, version)
            else:
                g.playout(rng, None)
            total += sum(g.result()["scores"])
        return total / 120

    assert mean(1) > mean(0) + 5 and mean(2) > mean(0) + 5 and mean(3) > mean(0) + 5
    assert mean(4) > mean(3) + 3  # version 4's seats climb: docs/bots-and-simulation.md


def test_a_title_without_a_policy_plays_uniformly_at_random() -> None:
    g = snowdonia.new_game(2, seed=3, game="foothills")
    a, b = g.clone(), g.clone()
    a.policy_playout(random.Random(9), None)
    b.playout(random.Random(9), None)
    assert a.snapshot() == b.snapshot() and a.is_over


def test_the_policy_flag_parses_names_itself_and_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    cfg = SearchConfig.parse("2000:f1:w0.8:k8:h1")
    assert cfg.policy and cfg.full and cfg.label() == "2000:f1:w0.8:k8:h1"
    assert make_bot("search:300:s0.3:h1").name == "search:300:s0.3:h1"
    assert SearchConfig.parse("300:h0") == SearchConfig.parse("300")
    assert SearchConfig.parse("2000:f1:h2").policy == 2 and make_bot("search:300:f1:h2").name == "search:300:f1:h2"
    assert SearchConfig.parse("2000:f1:h3").policy == 3 and make_bot("search:300:f1:h3").name == "search:300:f1:h3"
    assert SearchConfig.parse("2000:f1:h4").policy == 4 and make_bot("search:300:f1:h4").name == "search:300:f1:h4"
    assert SearchConfig.parse("2000:f1:h5").policy == 5 and make_bot("search:300:f1:h5").name == "search:300:f1:h5"
    assert SearchConfig.parse("2000:f1:h6").policy == 6 and make_bot("search:300:f1:h6").name == "search:300:f1:h6"
    assert SearchConfig.parse("2000:f1:h7").policy == 7 and make_bot("search:300:f1:h7").name == "search:300:f1:h7"
    with pytest.raises(ValueError, match="playout policy"):
        make_bot("search:300:h8")
    g = positions("snowdonia", None, 3, seed=5, count=1)[0]
    calls: list[int | None] = []
    versions: list[int] = []
    real = type(g).policy_playout

    def counted(self: Any, rng: random.Random, depth: int | None = None, version: int = 1) -> int:
        calls.append(depth)
        versions.append(version)
        return real(self, rng, depth, version)

    monkeypatch.setattr(type(g), "policy_playout", counted)
    make_bot("search:30:h1", 1).analyse(g)
    assert len(calls) == 30 and set(calls) == {20}  # cut at the default depth
    calls.clear()
    make_bot("search:30:f1:h1", 1).analyse(g)
    assert len(calls) == 30 and set(calls) == {None}  # to the end
    assert set(versions) == {1}
    calls.clear()
    versions.clear()
    make_bot("search:30:f1:h2", 1).analyse(g)
    assert len(calls) == 30 and set(versions) == {2}
    calls.clear()
    make_bot("search:30", 1).analyse(g)
    assert calls == []


@pytest.mark.parametrize("scenario", [None, "blaenau_ffestiniog"])
def test_a_policy_search_never_changes_the_game_nor_reads_hidden_facts(scenario: str | None) -> None:
    for g in positions("snowdonia", scenario, 3, 17, 3):
        before = state(g)
        seat = g.current_player
        assert seat is not None
        other = g.resample(seat, 99)
        bots = [make_bot("search:60:f1:h1", 7), make_bot("search:60:f1:h1", 7)]
        assert isinstance(bots[0], SearchBot) and isinstance(bots[1], SearchBot)
        a, b = bots[0].choose(g), bots[1].choose(other)
        assert state(g) == before
        assert str(a) == str(b)
        assert [(str(s.action), s.visits, s.value) for s in bots[0].last_stats] == \
            [(str(s.action), s.visits, s.value) for s in bots[1].last_stats]


# Decisions made and final scores of policy playouts (seed s, generator Random(s)); the last
# is Blaenau Ffestiniog (seed 7). Pinned so that the compiled module and the pure-Python
# sources (CI's pure suite) are seen to make the same draws and steps.
PLAYOUT_PINS = [(83, [30, 8, 46]), (99, [18, 32, 16]), (76, [18, 26, 19]), (95, [11, 27, 25]),
                (87, [20, 57, 18]), (175, [49, 28, 26])]


# The same with version 2 (`:h2`, the playouts of Mount Snowdon's master since stop 34).
PLAYOUT_PINS_V2 = [(77, [21, 29, 18]), (115, [13, 23, 36]), (61, [19, 6, 12]), (91, [25, 13, 18]),
                   (95, [26, 24, 19]), (108, [33, 20, 71])]


# And with version 3 (`:h3`: the richest building site, the nearest contract).
PLAYOUT_PINS_V3 = [(93, [30, 16, 34]), (148, [17, 22, 20]), (71, [21, 23, 15]), (104, [23, 18, 7]),
                   (76, [32, 33, 17]), (91, [24, 24, 50])]


# And with version 4 (`:h4`: the weighted areas; Blaenau Ffestiniog's last pin is version 3's).
PLAYOUT_PINS_V4 = [(55, [27, 48, 27]), (115, [28, 28, 73]), (85, [45, 35, 30]), (65, [20, 31, 22]),
                   (70, [23, 28, 28]), (91, [24, 24, 50])]


# And with version 5 (`:h5`: the master's proportions, stop 37).
PLAYOUT_PINS_V5 = [(82, [48, 35, 38]), (91, [25, 29, 50]), (84, [36, 39, 28]), (68, [29, 35, 37]),
                   (82, [32, 27, 20]), (91, [24, 24, 50])]


# And with version 6 (`:h6`: every seat keeps the plan it draws, stop 39).
PLAYOUT_PINS_V6 = [(115, [14, 51, 11]), (159, [18, 7, 78]), (89, [27, 11, 16]), (94, [25, 37, 33]),
                   (75, [13, 26, 48]), (74, [0, 9, 38])]


# And with version 7 (`:h7`: plans drawn by what each seat holds, stop 39).
PLAYOUT_PINS_V7 = [(105, [35, 46, 20]), (159, [18, 7, 78]), (89, [27, 11, 16]), (114, [40, 20, 23]),
                   (75, [13, 26, 48]), (86, [17, 10, 3])]


@pytest.mark.parametrize(("version", "pins"), [(1, PLAYOUT_PINS), (2, PLAYOUT_PINS_V2), (3, PLAYOUT_PINS_V3),
                                               (4, PLAYOUT_PINS_V4), (5, PLAYOUT_PINS_V5),
                                               (6, PLAYOUT_PINS_V6), (7, PLAYOUT_PINS_V7)])
def test_policy_playouts_are_pinned(version: int, pins: list[tuple[int, list[int]]]) -> None:
    out = []
    for s in range(5):
        g = snowdonia.new_game(3, seed=s)
        out.append((g.policy_playout(random.Random(s), None, version), g.result()["scores"]))
    g = snowdonia.new_game(3, seed=7, scenario="blaenau_ffestiniog")
    out.append((g.policy_playout(random.Random(7), None, version), g.result()["scores"]))
    assert out == pins


@pytest.mark.parametrize("scenario", [None, "blaenau_ffestiniog"])
@pytest.mark.parametrize("version", [1, 2, 3, 5])
def test_the_policys_choices_are_its_draws_at_one_decision(scenario: str | None, version: int) -> None:
    """`policy_choices` (the search's narrowed replies, `:o3`): distinct legal options, no more
    than the draws asked for, a forced decision its one option; and its first option is the one
    the policy plays from the same draws (`policy_playout` for one decision), so the narrowed
    replies are exactly the playouts' likeliest moves (versions without a plan draw nothing else
    first)."""
    seen_many = 0
    for g in _walk(40 + version, scenario=scenario)[::3]:
        legal = g.legal_actions()
        before = g.snapshot()
        got = g.policy_choices(random.Random(7), 4, version)
        assert g.snapshot() == before
        assert got and len(got) <= 4 and len(set(got)) == len(got) and all(a in legal for a in got)
        if len(legal) == 1:
            assert got == legal
        seen_many += len(got) > 1
        played, chosen = g.clone(), g.clone()
        played.policy_playout(random.Random(7), 1, version)
        chosen.step(got[0])
        assert played.snapshot() == chosen.snapshot()
    assert seen_many > 5


def test_the_policys_choices_keep_its_preferences() -> None:
    """Version 2 makes the most Steel Bars at the Works (seed 004 "C WORKS"): one option however
    many draws; the Stock Yard's choices are fullest takes only (seed 004 "A STOCK YARD")."""
    works = yard = 0
    for g in _walk(12):
        if len(g.legal_actions()) < 2:
            continue
        if g.decision == WORKS:
            works += 1
            assert g.policy_choices(random.Random(works), 8, 2) == [playout._most_conversions(g.legal_actions())]
        elif g.decision == STOCK_YARD:
            yard += 1
            most = max(int(a.args[0]) + int(a.args[1]) for a in g.legal_actions() if a.args[2] == 0)
            for a in g.policy_choices(random.Random(yard), 8, 2):
                if a.args[2] == 0:
                    assert int(a.args[0]) + int(a.args[1]) == most
    assert works and yard


def test_a_title_without_a_policy_chooses_uniformly() -> None:
    """The protocol's default `policy_choices` (Foothills has no policy): uniform draws, so many
    draws reach every option of a decision with few."""
    g = snowdonia.new_game(2, seed=3, game="foothills")
    legal = g.legal_actions()
    assert len(legal) > 1
    assert len(legal) <= 20
    got = g.policy_choices(random.Random(1), 200, 1)
    assert sorted(map(str, got)) == sorted(map(str, legal))
    # Two draws give one option or two.
    assert 1 <= len(g.policy_choices(random.Random(1), 2, 1)) <= 2
