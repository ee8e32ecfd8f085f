"""The `search` bot and the named levels (issue 19): searching never changes the real game, a
choice never depends on hidden facts, iteration budgets make a level play the same moves on a
loaded and an idle machine, and the per-option statistics the analysis module reads."""

from __future__ import annotations

import multiprocessing
import random
import time
from typing import Any

import pytest

import snowdonia
from snowdonia.bots import bot_levels, is_search_level, keeps_tree, make_bot
from snowdonia.bots.levels import named_levels, resolve
from snowdonia.bots.mcts import Budget, MctsBot
from snowdonia.bots.search import SearchBot, SearchConfig, analyse

from .conftest import hidden_twins, positions, state

CONFIGS = [("snowdonia", None, 3), ("snowdonia", "blaenau_ffestiniog", 3), ("foothills", None, 2)]


@pytest.mark.parametrize(("game", "scenario", "players"), CONFIGS)
def test_searching_never_changes_the_real_game(game: str, scenario: str | None, players: int) -> None:
    for g in positions(game, scenario, players, 11, 4):
        before = state(g)
        for spec in ("search:40:d4:g0.3", "search:40:s0.3:m1"):
            bot = make_bot(spec, 5, game=game)
            a = bot.choose(g)
            assert state(g) == before
            assert a in g.legal_actions()


def test_the_state_check_notices_a_change() -> None:
    g = positions("snowdonia", None, 3, 11, 2)[0]
    before = state(g)
    g.apply(g.legal_actions()[0])
    assert state(g) != before


@pytest.mark.parametrize(("game", "scenario", "players"), CONFIGS)
def test_a_choice_never_depends_on_hidden_facts(game: str, scenario: str | None, players: int) -> None:
    """Two games that differ only in what the seat cannot see (the contract deck's order, the
    bag's future draws: `resample` re-deals exactly those) get the same choice from the same
    seed and budget."""
    checked = 0
    for g, other in hidden_twins(game, scenario, players, 23, 4):
        bots = [make_bot("search:60:d6:g0.3:s0.3", 7, game=game) for _ in (0, 1)]
        assert isinstance(bots[0], SearchBot) and isinstance(bots[1], SearchBot)
        a, b = bots[0].choose(g), bots[1].choose(other)
        assert str(a) == str(b)
        # not only the choice: every statistic of the search is the same
        assert [(str(s.action), s.visits, s.value, s.margin) for s in bots[0].last_stats] == \
            [(str(s.action), s.visits, s.value, s.margin) for s in bots[1].last_stats]
        checked += 1
    assert checked >= 3


def test_the_hidden_deck_order_really_differs_in_the_snowdonia_check() -> None:
    """The hidden-facts test above is not vacuous: the re-dealt game's deck is in another order."""
    differ = 0
    for g in positions("snowdonia", None, 3, 23, 4):
        seat = g.current_player
        assert seat is not None
        differ += g.resample(seat, 99).snapshot() != g.snapshot()
    assert differ >= 3


def _moves(spec: str, seed: int) -> list[str]:
    g = snowdonia.new_game(3, seed=seed)
    bots = [make_bot(spec, seed * 10 + s) for s in range(3)]
    out = []
    while not g.is_over and len(out) < 9:
        p = g.current_player
        assert p is not None
        a = bots[p].choose(g)
        out.append(str(a))
        g.apply(a)
    return out


def _burn(stop: Any) -> None:
    x = 0
    while not stop.is_set():
        x = (x * 31 + 7) % 1_000_003


@pytest.mark.slow
def test_a_level_plays_the_same_moves_on_a_loaded_and_an_idle_machine() -> None:
    """Iteration budgets, not time: the same moves from the same seed while two processes burn
    every core as when the machine is idle."""
    idle = _moves("intermediate", 3)
    ctx = multiprocessing.get_context("spawn")
    stop = ctx.Event()
    burners = [ctx.Process(target=_burn, args=(stop,)) for _ in range(2)]
    for b in burners:
        b.start()
    try:
        time.sleep(0.5)
        loaded = _moves("intermediate", 3)
    finally:
        stop.set()
        for b in burners:
            b.join(10)
    assert loaded == idle
    assert len(idle) == 9


def test_iteration_budgets_are_exact_and_reproducible() -> None:
    g = positions("snowdonia", None, 3, 5, 3)[1]
    a = SearchBot(SearchConfig(iterations=120), seed=4)
    b = SearchBot(SearchConfig(iterations=120), seed=4)
    for bot in (a, b):
        bot.configure_for(g.title)
    assert a.choose(g) == b.choose(g)
    assert a.last_iterations == 120
    assert [(s.action, s.visits) for s in a.last_stats] == [(s.action, s.visits) for s in b.last_stats]


def test_the_wall_clock_cap_is_only_a_safety_net() -> None:
    g = positions("snowdonia", None, 3, 5, 3)[1]
    bot = SearchBot(SearchConfig(iterations=1_000_000, seconds_cap=0.2), seed=1)
    bot.configure_for(g.title)
    bot.choose(g)
    assert 1 <= bot.last_iterations < 1_000_000
    assert bot.last_seconds < 5.0


@pytest.mark.parametrize(("game", "scenario", "players"), CONFIGS)
def test_analyse_gives_every_option_its_statistics(game: str, scenario: str | None, players: int) -> None:
    g = positions(game, scenario, players, 31, 3)[1]
    stats = analyse(g, iterations=150, seed=2)
    assert [s.action for s in stats] == g.legal_actions()
    assert sum(s.visits for s in stats) == 150
    for s in stats:
        assert 0.0 <= s.value <= 1.0 and 0.0 <= s.win_rate <= 1.0
        if s.visits == 0:
            assert s.value == s.margin == s.win_rate == 0.0
    assert sum(s.prior for s in stats) <= 1
    mover = g.current_player
    assert mover is not None
    assert analyse(g, iterations=150, seed=2, seat=mover) == stats  # reproducible from the seed
    with pytest.raises(ValueError, match="does not decide now"):
        analyse(g, iterations=10, seat=(mover + 1) % players)
    # the bot plays the most visited option
    bot = make_bot("search:150", 2, game=game)
    assert isinstance(bot, SearchBot)
    chosen = bot.choose(g)
    assert chosen == max(bot.last_stats, key=lambda s: (s.visits, s.value)).action


def test_analyse_refuses_a_finished_game() -> None:
    g = snowdonia.new_game(2, seed=1)
    rng = random.Random(1)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    with pytest.raises(ValueError, match="over"):
        analyse(g, iterations=10)


def test_level_strings() -> None:
    assert SearchConfig.parse("2000") == SearchConfig(iterations=2000)
    assert SearchConfig.parse("300:d10:g0.5:p0") == SearchConfig(iterations=300, depth=10, guided=0.5, prior=0.0)
    assert make_bot("search:300:d10:g0.5").name == "search:300:d10:g0.5"
    assert SearchConfig.parse("300:s0.3:e0") == SearchConfig(iterations=300, own=0.3, sharp=False)
    assert make_bot("search:300:s0.3:e0").name == "search:300:s0.3:e0"
    assert SearchConfig.parse("300:m1").merge and make_bot("search:300:m1").name == "search:300:m1"
    for bad in ("abc", "0", "-3", "1s", "200:x4", "200:g2", "200:p-1", "2000000", "200:s1.5", "200:e2", "200:m2"):
        with pytest.raises(ValueError, match="bad search level"):
            make_bot(f"search:{bad}")


def test_named_levels_resolve_to_iteration_budgets_and_keep_their_names() -> None:
    levels = named_levels()
    assert list(levels)[:4] == ["beginner", "intermediate", "strong", "expert"]
    for name, lv in levels.items():
        assert resolve(name) == lv.spec
        assert "s" not in lv.spec.partition(":")[2].split(":")[0]  # never seconds
        for game in ("snowdonia", "foothills"):
            assert make_bot(name, 1, game=game).name == name
    assert resolve("mcts:1s") == "mcts:1s"
    assert bot_levels()[:4] == ["beginner", "intermediate", "strong", "expert"]
    assert is_search_level("expert") and is_search_level("mcts-v1:1s") and not is_search_level("beginner")


def test_a_level_may_stand_for_another_bot_in_one_title() -> None:
    """Foothills' master searches for the win and the margin alone (no own-score share), which
    the ladders found stronger there (docs/bots-and-simulation.md, "Foothills' master plays for
    the win alone"); Snowdonia's plays its playouts to the end by its policy (stop 34).
    Everywhere else the level's general string holds; the bot plays under the level's name
    either way."""
    master = named_levels()["master"]
    assert master.specs == {"foothills": "search:6000:r1"}
    assert resolve("master", "foothills") == "search:6000:r1" == master.spec_for("foothills")
    assert resolve("master", "snowdonia") == master.spec == resolve("master") == "search:3000:f1:w0.8:k8:x1:h2"
    assert master.spec_text() == ("search:3000:f1:w0.8:k8:x1:h2; foothills: search:6000:r1; "
                                  "snowdonia/mount_snowdon: search:3000:f1:w0.8:k8:x1:h2:o1")
    fh = make_bot("master", 1, game="foothills")
    ms = make_bot("master", 1, game="snowdonia", scenario="blaenau_ffestiniog")
    assert isinstance(fh, SearchBot) and isinstance(ms, SearchBot)
    assert fh.config == SearchConfig.parse("6000:r1") and ms.config == SearchConfig.parse("3000:f1:w0.8:k8:x1:h2")
    assert fh.name == ms.name == "master"
    # Foothills' master keeps its tree (a lane in the web); Mount Snowdon's, since stop 34, does not
    assert keeps_tree("master", "foothills") and not keeps_tree("master", "snowdonia")


def test_a_level_may_stand_for_another_bot_in_one_scenario() -> None:
    """Mount Snowdon's master keeps the other seats' decisions out of its tree (`:o1`, stop 45:
    it won more games than the general string against the reference there, and fewer in Blaenau
    Ffestiniog, which keeps the general string; bots/levels.toml `scenario_spec`). Made for a
    scenario, the level is that scenario's plain search; made without one, it is a bot that
    chooses in each scenario exactly as the level made for it, whatever scenario it is asked
    about, and reads as the bot that chose last."""
    from snowdonia.bots import ScenarioLevelBot

    master = named_levels()["master"]
    o1 = "search:3000:f1:w0.8:k8:x1:h2:o1"
    assert master.scenario_specs == {"snowdonia": {"mount_snowdon": o1}}
    assert master.scenarios("snowdonia") == {"mount_snowdon": o1} and master.scenarios("foothills") == {}
    assert resolve("master", "snowdonia", "mount_snowdon") == o1 == master.spec_for("snowdonia", "mount_snowdon")
    assert resolve("master", "snowdonia", "blaenau_ffestiniog") == master.spec == resolve("master", "snowdonia")
    assert resolve("master", "foothills", "mount_snowdon") == "search:6000:r1"  # another title's scenario
    assert resolve("expert", "snowdonia", "mount_snowdon") == "search:2000:s0.3"  # no string of its own there
    assert master.spec_text("snowdonia") == f"search:3000:f1:w0.8:k8:x1:h2; mount_snowdon: {o1}"
    assert master.spec_text("foothills") == "search:6000:r1"
    made = make_bot("master", 1, game="snowdonia", scenario="mount_snowdon")
    assert isinstance(made, SearchBot) and made.config == SearchConfig.parse(o1[len("search:"):])
    assert made.name == "master"
    either = make_bot("master", 1)
    assert isinstance(either, ScenarioLevelBot) and either.name == "master"
    assert isinstance(make_bot("master", 1, game="foothills"), SearchBot)  # no scenario of its own there
    assert isinstance(make_bot("expert", 1), SearchBot)
    for scenario, flag in (("mount_snowdon", True), ("blaenau_ffestiniog", False)):
        g = positions("snowdonia", scenario, 3, 23, 1)[0]
        before = state(g)
        own = make_bot("master", 1, scenario=scenario)
        assert isinstance(own, SearchBot) and own.config.open_loop == (1 if flag else 0)
        assert str(either.choose(g)) == str(own.choose(g))
        assert state(g) == before
        assert either.last is either.bot_for(scenario) and either.last.name == "master"
        assert either.last_iterations == own.last_iterations > 0  # read of the bot that chose
        assert [s.visits for s in either.last_stats] == [s.visits for s in own.last_stats]
    assert not keeps_tree("master", "snowdonia") and keeps_tree("master", "foothills")


def test_mcts_v1_is_the_reference_algorithm_under_a_versioned_name() -> None:
    g = positions("snowdonia", None, 3, 8, 3)[1]
    old = MctsBot(Budget(iterations=80), seed=6)
    ref = make_bot("mcts-v1:80", 6)
    assert ref.name == "mcts-v1:80" and make_bot("mcts-v1:1s").name == "mcts-v1:1s"
    assert ref.choose(g) == old.choose(g)
    assert make_bot("mcts:1s").name == "mcts:1s"  # the old level strings keep working


def test_full_playout_levels_parse_and_name_themselves() -> None:
    cfg = SearchConfig.parse("4000:f1:w0.8:k8")
    assert (cfg.full, cfg.win_weight, cfg.margin_scale) == (True, 0.8, 8.0)
    assert make_bot("search:4000:f1:w0.8:k8").name == "search:4000:f1:w0.8:k8"
    assert SearchConfig.parse("4000:f0") == SearchConfig(iterations=4000)
    for bad in ("200:f2", "200:w1.5", "200:w-0.1", "200:k0", "200:kx"):
        with pytest.raises(ValueError, match="bad search level"):
            make_bot(f"search:{bad}")


def test_the_exploration_constant_is_a_level_flag() -> None:
    """`:c<constant>` sets UCB1's exploration constant (default 0.5; the reference `mcts-v1` uses
    0.7). A larger constant spreads the root's visits over more options, a smaller one
    concentrates them on the best-looking option."""
    cfg = SearchConfig.parse("2000:r1:c0.8")
    assert cfg.exploration == 0.8 and cfg.reuse and cfg.label() == "2000:r1:c0.8"
    assert make_bot("search:1000:r1:c0.8", game="foothills").name == "search:1000:r1:c0.8"
    assert SearchConfig.parse("300:c0.5") == SearchConfig.parse("300")
    for bad in ("200:c-1", "200:c11", "200:cx"):
        with pytest.raises(ValueError, match="exploration constant"):
            make_bot(f"search:{bad}")
    g = positions("snowdonia", None, 3, 21, 1)[0]

    def top_share(flag: str) -> float:
        bot = make_bot(f"search:1500{flag}", seed=5)
        assert isinstance(bot, SearchBot)
        bot.choose(g)
        visits = [st.visits for st in bot.last_stats]
        return max(visits) / sum(visits)

    assert top_share(":c0.1") > top_share("") > top_share(":c3")


@pytest.mark.parametrize(("game", "scenario", "players"), CONFIGS)
def test_full_playouts_end_every_game(game: str, scenario: str | None, players: int,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """With `f1` every playout runs to the end of the game and is scored by the final scores,
    so the title's evaluations are never asked; a playout cut at `depth` asks them."""
    g = positions(game, scenario, players, seed=3, count=1)[0]

    def no_evaluation(*_: Any) -> float:
        raise AssertionError("an evaluation was asked")

    monkeypatch.setattr(type(g.title), "evaluate", no_evaluation)
    monkeypatch.setattr(type(g.title), "search_evaluate", no_evaluation)
    stats = make_bot("search:60:f1", 5, game=game).analyse(g)
    assert sum(s.visits for s in stats) == 60
    with pytest.raises(AssertionError, match="an evaluation was asked"):
        make_bot("search:60:d4:e0", 5, game=game).analyse(g)
