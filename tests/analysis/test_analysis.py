"""The analysis module (issue 20): ranks a seat's options by VP margin and win chance, reads
only what the seat could see, never changes the game, is deterministic, and finds scripted
blunders in positions built like the rule tests (tests/rules/rulekit.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rulekit import clear_tracks_before, give, legal, new, place, quiet_bag

from snowdonia.analysis import Budget, analyse
from snowdonia.analysis.engine import Estimate
from snowdonia.analysis.review import THRESHOLDS, default_seats, review_decision, unwrap, verdict
from snowdonia.bots import make_bot
from snowdonia.core.protocol import Position
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.decisions import PLACE
from snowdonia.registry import title

QUICK = Budget(samples=2, keep=3, evaluator="rollout")  # greedy rollouts, cheap


def midgame(game: str, players: int, seed: int, moves: int) -> Position:
    """A greedy game `moves` decisions in, advanced to a decision with several options."""
    g = title(game).new_game(players, seed=seed)
    bots = [make_bot("greedy", seed=i, game=game) for i in range(players)]
    while g.moves < moves or len(g.legal_actions()) < 3:
        p = g.current_player
        assert p is not None
        g.step(bots[p].choose(g))
    return g


CASES = [("snowdonia", 3, 11, 30), ("foothills", 2, 5, 40), ("snowdonia", 1, 3, 10)]


@pytest.mark.parametrize("game,players,seed,moves", CASES)
def test_analysis_ranks_every_option_best_first_and_leaves_the_game_alone(game: str, players: int, seed: int,
                                                                          moves: int) -> None:
    g = midgame(game, players, seed, moves)
    before = g.snapshot()
    a = analyse(g, budget=QUICK, seed=3)
    assert g.snapshot() == before  # the game analysed is unchanged
    assert sorted(o.text for o in a.options) == sorted(str(x) for x in g.legal_actions())
    full = [o for o in a.options if o.samples == QUICK.samples]
    assert len(full) >= min(QUICK.keep, len(a.options))
    # the fully sampled options come first, best value first; the rest follow, also best first
    assert a.options[: len(full)] == full
    assert [o.value_vp for o in full] == sorted((o.value_vp for o in full), reverse=True)
    assert all(0.0 <= o.win_chance <= 1.0 for o in a.options)
    assert all(o.label for o in a.options)
    # deterministic for a seed and budget
    again = analyse(g, budget=QUICK, seed=3)
    assert [(o.text, o.value_vp, o.win_chance) for o in again.options] == \
        [(o.text, o.value_vp, o.win_chance) for o in a.options]


SEARCH_TO_THE_END = Budget(samples=2, keep=3, depth=0, iterations=150)  # the default evaluator, cheap
ROLLOUT_TO_THE_END = Budget(samples=2, keep=3, depth=0, evaluator="rollout")  # rollouts that draw every card left


@pytest.mark.parametrize("budget", [SEARCH_TO_THE_END, ROLLOUT_TO_THE_END], ids=["search", "rollout"])
@pytest.mark.parametrize("game,players,seed,moves", CASES[:2])
def test_analysis_never_depends_on_hidden_facts(game: str, players: int, seed: int, moves: int,
                                                budget: Budget) -> None:
    """Two games that differ only in what the deciding seat cannot see (the unseen contract
    order, the bag's future draws: `resample` re-deals exactly those) get the same ranking
    from the same seed."""
    g = midgame(game, players, seed, moves)
    seat = g.current_player
    assert seat is not None
    other = g.resample(seat, random.Random(12345))
    assert other.snapshot() != g.snapshot()  # the hidden facts really differ
    assert other.observation(seat) == g.observation(seat)
    # the determinizations the analysis draws are the same game, whatever the real order
    for i in range(3):
        assert g.resample(seat, random.Random(i)).snapshot() == other.resample(seat, random.Random(i)).snapshot()
    a = analyse(g, budget=budget, seed=7)
    b = analyse(other, budget=budget, seed=7)
    assert a.evaluator.startswith(budget.evaluator)
    assert [(o.text, o.value_vp, o.win_chance, o.samples) for o in a.options] == \
        [(o.text, o.value_vp, o.win_chance, o.samples) for o in b.options]


@pytest.mark.parametrize("game,players,seed,moves", CASES)
def test_the_default_evaluator_is_the_search_bot_and_its_favourites_get_the_full_estimate(
        game: str, players: int, seed: int, moves: int) -> None:
    """Issue 20: "the same search ranks the options": the search bot's most visited options
    (snowdonia.bots.search.analyse, the expert level's search at the default budget) are
    among the fully estimated ones that rank first; the game is left unchanged; the same seed
    gives the same answer."""
    from snowdonia.analysis.searcher import SearchEvaluator
    from snowdonia.bots import search

    g = midgame(game, players, seed, moves)
    before = g.snapshot()
    budget = Budget.parse("300")
    a = analyse(g, budget=budget, seed=5)
    assert g.snapshot() == before
    assert a.evaluator == "search" and Budget.parse(None).evaluator == "search"
    seat = g.current_player
    stats = search.analyse(g, 300, seed=5, depth=search.DEPTH, seat=seat)
    favoured = sorted(stats, key=lambda s: -s.visits)[: budget.keep]
    full = max(o.samples for o in a.options)
    first = [o for o in a.options if o.samples == full]
    assert a.options[: len(first)] == first  # the fully estimated options rank first
    assert {str(s.action) for s in favoured} <= {o.text for o in first}
    assert [o.value_vp for o in first] == sorted((o.value_vp for o in first), reverse=True)
    assert all(0.0 <= o.win_chance <= 1.0 for o in a.options)
    ev = SearchEvaluator()
    ev.estimate(g, seat, g.legal_actions(), budget, 5)  # type: ignore[arg-type]
    assert ev.last_visits == {str(s.action): s.visits for s in stats}
    again = analyse(g, budget=budget, seed=5)
    assert [(o.text, o.value_vp, o.win_chance) for o in again.options] == \
        [(o.text, o.value_vp, o.win_chance) for o in a.options]


def test_a_different_seed_may_change_values_but_not_the_options() -> None:
    g = midgame("snowdonia", 3, 11, 30)
    a = analyse(g, budget=QUICK, seed=1)
    b = analyse(g, budget=QUICK, seed=2)
    assert {o.text for o in a.options} == {o.text for o in b.options}


def test_analysis_refuses_another_seats_decision_and_a_finished_game() -> None:
    g = midgame("snowdonia", 3, 11, 30)
    seat = g.current_player
    assert seat is not None
    with pytest.raises(ValueError, match="not seat"):
        analyse(g, (seat + 1) % 3, QUICK)
    done = title("snowdonia").new_game(2, seed=1)
    rng = random.Random(0)
    while not done.is_over:
        acts = done.legal_actions()
        done.step(acts[rng.randrange(len(acts))])
    with pytest.raises(ValueError, match="over"):
        analyse(done, budget=QUICK)


def test_forced_decision_is_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    """No decision of today's titles has a single option (the engines resolve those
    themselves), so one is made here: the analysis must answer it without searching."""

    class Never:
        name = "never"

        def estimate(self, *args: Any, **kw: Any) -> list[Estimate]:
            raise AssertionError("a forced decision was searched")

    g = midgame("snowdonia", 3, 11, 30)
    only = g.legal_actions()[0]
    monkeypatch.setattr(type(g), "legal_actions", lambda self: [only])
    a = analyse(g, budget=QUICK, evaluator=Never())
    assert a.forced and [o.text for o in a.options] == [str(only)]


def test_pluggable_evaluator_decides_the_ranking() -> None:
    """Any object with `estimate` can rank the options (the interface a stronger search
    implements): here one that prefers the last legal option."""

    class Last:
        name = "last"

        def estimate(self, position: Position, seat: int, options: Any, budget: Budget, seed: int,
                     must: Any = ()) -> list[Estimate]:
            return [Estimate(float(i), 0.5, 1) for i in range(len(options))]

    g = midgame("snowdonia", 3, 11, 30)
    a = analyse(g, budget=QUICK, evaluator=Last())
    assert a.best.text == str(g.legal_actions()[-1]) and a.evaluator == "last"


def test_budget_parsing_says_what_is_wrong() -> None:
    assert Budget.parse("quick").iterations < Budget.parse("normal").iterations < Budget.parse("deep").iterations
    assert Budget.parse("normal").evaluator == "search" and Budget.parse(None) == Budget.parse("normal")
    # the default is the expert level's search: 2000 iterations (bots/levels.toml)
    assert Budget.parse(None).iterations == 2000 and str(Budget.parse(None)) == "normal"
    assert Budget.parse("300").iterations == 300 and str(Budget.parse("300")) == "300"
    r = Budget.parse("rollout:8")
    assert (r.evaluator, r.samples, str(r)) == ("rollout", 8, "rollout:8")
    assert Budget.parse("rollout").samples < Budget.parse("rollout:deep").samples
    for bad in ("0", "huge", "1000000", "-3", "rollout:0", "rollout:lots", "rollout:5000"):
        with pytest.raises(ValueError, match="budget"):
            Budget.parse(bad)


def test_verdict_thresholds() -> None:
    limits = dict(THRESHOLDS)
    assert verdict(0.0) == "fine"
    assert verdict(limits["inaccuracy"] - 0.01) == "fine"
    assert verdict(limits["inaccuracy"]) == "inaccuracy"
    assert verdict(limits["mistake"]) == "mistake"
    assert verdict(limits["blunder"] + 5) == "blunder"


def test_record_files_and_default_seats() -> None:
    rec = {"players": 2, "seed": 1, "actions": []}
    assert unwrap({**rec, "seats": ["human", "greedy"]}) == ({**rec, "seats": ["human", "greedy"]}, ["human", "greedy"])
    assert unwrap({"name": "x", "bots": ["greedy", "random"], "record": rec}) == (rec, ["greedy", "random"])
    assert default_seats(3, ["greedy", "human", "human"]) == [2, 3]
    assert default_seats(2, ["greedy", "random"]) == [1, 2]
    assert default_seats(2, None) == [1, 2]


# --------------------------------------------------------------------------- scripted blunders


def build_decision() -> Game:
    """Seat 0 is at Build (E1) with exactly 4 stone and every track before Two Viaducts
    excavated: its sites cost 4, 3, 2 or 1 stone for 9, 7, 4 or 1 VP (data/stations.toml,
    fan data; seed 004 E BUILD "build any one non-excavation site")."""
    g = new(3)
    quiet_bag(g)
    give(g, 0, stone=4)
    clear_tracks_before(g, "two_viaducts")
    place(g, {0: ["place E1", "place G"], 1: ["place G", "place G"], 2: ["place G", "place G"]})
    assert g.decision == "build" and g.decider == 0
    return g


def test_hint_ranks_the_nine_vp_site_first_and_review_calls_the_one_vp_site_a_blunder() -> None:
    g = build_decision()
    assert "build two_viaducts.4 iron=0 rubble=0" in legal(g)
    a = analyse(g, budget="quick", seed=0)
    assert a.best.text == "build two_viaducts.1 iron=0 rubble=0"
    row = review_decision(g, "build two_viaducts.4 iron=0 rubble=0", "quick", seed=0)
    assert row.best == "build two_viaducts.1 iron=0 rubble=0"
    assert row.verdict in ("mistake", "blunder") and row.loss_vp >= dict(THRESHOLDS)["mistake"]
    good = review_decision(g, "build two_viaducts.1 iron=0 rubble=0", "quick", seed=0)
    assert good.verdict == "fine" and good.loss_vp == 0.0


def test_lay_track_without_steel_instead_of_building_is_a_mistake() -> None:
    """Seat 0's second labourer: Lay Track (D1) with no steel does nothing (seed 004 D LAY
    TRACK pays steel bars), while Build (E1) turns its 4 stone into a 9 VP site."""
    g = new(3)
    quiet_bag(g)
    give(g, 0, stone=4)
    clear_tracks_before(g, "two_viaducts")
    for text in ("place G", "place G", "place G"):
        while g.decision != PLACE:
            g.apply("pass")
        g.apply(text)
    while g.decision != PLACE:
        g.apply("pass")
    assert g.decider == 0 and g.steel[0] == 0
    row = review_decision(g, "place D1", "quick", seed=0)
    assert row.verdict in ("mistake", "blunder")
    a = analyse(g, budget="quick", seed=0, must=["place D1"])
    texts = [o.text for o in a.options]
    assert texts.index("place E1") < texts.index("place D1")
    assert a.best.text != "place D1"


def foothills_last_turn() -> Any:
    """Foothills, seat 0's last turn (seed 001_c8b34512af30f80d.txt, "Spielende und Wertung":
    the end rung in by the player who did not start, "endet das Spiel am Ende des aktuellen
    Spielzugs"), holding exactly 2 iron and 2 stone, with Porthmadog (I-4: 2 iron + 2 stone,
    4 VP; railways.toml) free of rubble: card D ("D Eine Station errichten": "Bezahlt die
    Kosten ... Ist rechts unten am Stationsfeld eine Prämie (in Form von Siegpunkten ...)
    abgebildet, nehmt sie euch") completes it this turn; any other card leaves it unbuilt
    for ever."""
    from games.foothills.kit import clear, empty_hands, restart_turn
    from games.foothills.kit import give as give_fh
    from games.foothills.kit import new as new_fh

    g = new_fh()
    clear(g, "I-2", "I-3", "I-4")
    empty_hands(g, 0)
    give_fh(g, 0, iron=2, stone=2)
    g.end_trigger = 1  # rung in by seat 1, who did not start: this turn is the last
    g.end_reason = "scripted"
    restart_turn(g, 0)
    assert g.player == 0 and g.start == 0 and g.decision == "card"
    return g


def test_foothills_leaving_the_station_unbuilt_on_the_last_turn_is_a_mistake() -> None:
    g = foothills_last_turn()
    options = [str(a) for a in g.legal_actions()]
    assert "card D1" in options and len(options) >= 3
    a = analyse(g, budget="quick", seed=0)
    assert a.best.text == "card D1"
    for other in options:
        if other == "card D1":
            continue
        row = review_decision(g, other, "quick", seed=0)
        assert row.best == "card D1"
        assert row.verdict in ("mistake", "blunder") and row.loss_vp >= dict(THRESHOLDS)["mistake"], other
    good = review_decision(g, "card D1", "quick", seed=0)
    assert good.verdict == "fine" and good.loss_vp == 0.0


def test_foothills_the_four_vp_station_before_the_two_vp_one_on_the_last_turn() -> None:
    """The same last turn, card D played: Porthmadog (4 VP) or Tan-y-Bwlch (I-2: 1 iron +
    1 stone, 2 VP) or Minffordd (I-3: 2 iron + 1 stone, 3 VP); only one station is built and
    what is left over scores nothing. Tan-y-Bwlch's surveyor space below ("pay 2 rubble: take
    2 VP") narrows the gap, so only the order and a positive loss are asserted."""
    g = foothills_last_turn()
    g.apply("card D1")
    assert sorted(str(x) for x in g.legal_actions()) == ["build I-2", "build I-3", "build I-4"]
    a = analyse(g, budget="quick", seed=0)
    assert a.best.text == "build I-4"
    row = review_decision(g, "build I-2", "quick", seed=0)
    assert row.best == "build I-4" and row.loss_vp > 0
