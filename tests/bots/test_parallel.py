"""Root parallelism (`parallel:<jobs>:<level>`, issue 19's lever "root parallelism over
processes"): several searches of one level, merged at the root. Where the searches run never
changes a move; the game is never changed; hidden facts never change a move; malformed levels
are refused in words."""

from __future__ import annotations

import random
from typing import Any

import pytest

import snowdonia
from snowdonia.bots import bot_levels, is_search_level, keeps_tree, make_bot
from snowdonia.bots.parallel import ParallelSearchBot, merge
from snowdonia.bots.search import OptionStats, SearchBot

from .conftest import positions, state, twins_choose_alike

CONFIGS = [("snowdonia", None, 3), ("snowdonia", "blaenau_ffestiniog", 3), ("foothills", None, 2)]


def _seat_moves(spec: str, serial: bool, monkeypatch: pytest.MonkeyPatch, decisions: int = 4) -> list[tuple[str, int, bool]]:
    """The parallel bot's first `decisions` choices for seat 0 of a 3-player game whose other
    seats play their first option, with each choice's iteration count and whether helper
    processes spent CPU on it."""
    if serial:
        monkeypatch.setenv("SNOWDONIA_SERIAL", "1")
    else:
        monkeypatch.delenv("SNOWDONIA_SERIAL", raising=False)
    g = snowdonia.new_game(3, seed=11)
    bot = make_bot(spec, 7)
    assert isinstance(bot, ParallelSearchBot)
    out: list[tuple[str, int, bool]] = []
    try:
        while len(out) < decisions:
            if g.current_player == 0 and len(g.legal_actions()) > 1:
                a = bot.choose(g)
                out.append((str(a), bot.last_iterations, bot.last_helper_cpu > 0))
            else:
                a = g.legal_actions()[0]
            g.apply(a)
    finally:
        bot.close()
    return out


def test_helper_processes_and_one_process_make_the_same_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each search keeps its own bot for the game and the merge reads them in a fixed order, so
    two helper processes and a bot that may not start processes (SNOWDONIA_SERIAL=1, as in a
    daemonic pool worker) play the same moves from the same seed; the helpers really ran (their
    CPU time is reported) and each decision ran all three searches' iterations."""
    spec = "parallel:3:search:120:f1:w0.8:k8:h2"
    spread = _seat_moves(spec, serial=False, monkeypatch=monkeypatch)
    alone = _seat_moves(spec, serial=True, monkeypatch=monkeypatch)
    assert [m[:2] for m in spread] == [m[:2] for m in alone]
    assert all(its == 360 for _, its, _ in spread)
    assert all(helped for *_, helped in spread) and not any(helped for *_, helped in alone)


def test_one_search_is_the_search_level_from_its_drawn_seed() -> None:
    """`parallel:1:<level>` is the level itself, searching from the first seed drawn from the
    bot's seed: the same choices and the same statistics, decision by decision."""
    for g in positions("snowdonia", None, 3, 31, 3):
        par = make_bot("parallel:1:search:80:s0.3", 5)
        one = make_bot("search:80:s0.3", random.Random(5).randrange(1 << 30))
        assert isinstance(par, ParallelSearchBot) and isinstance(one, SearchBot)
        assert str(par.choose(g)) == str(one.choose(g))
        assert [(str(s.action), s.visits, round(s.value, 12)) for s in par.last_stats if s.visits] == \
            [(str(s.action), s.visits, round(s.value, 12)) for s in one.last_stats if s.visits]
        assert par.last_iterations == one.last_iterations == 80


def test_merge_adds_visits_and_weighs_the_means_by_them() -> None:
    legal = ["a", "b", "c"]
    # (visits, reward sum, margin sum, wins sum, iterations, prior)
    first = [(10, 6.0, 20.0, 5.0, 10, False), (30, 12.0, -30.0, 9.0, 30, True), (0, 0.0, 0.0, 0.0, 0, False)]
    second = [(30, 24.0, 60.0, 21.0, 30, False), (10, 3.0, -10.0, 2.0, 10, False), (0, 0.0, 0.0, 0.0, 0, False)]
    out = merge(legal, [first, second])
    assert [s.visits for s in out] == [40, 40, 0]
    assert out[0].value == pytest.approx(0.75) and out[1].value == pytest.approx(15.0 / 40)
    assert out[0].margin == pytest.approx(2.0) and out[1].win_rate == pytest.approx(11.0 / 40)
    assert out[1].prior and not out[0].prior and out[2] == OptionStats("c", 0, 0.0, 0.0, 0.0, False)


def test_the_most_visited_option_over_all_searches_is_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """The choice is the merged root's most visited option, ties to the higher mean reward,
    even where no single search would have played it."""
    bot = ParallelSearchBot(2, "search:50", 1)
    g = positions("snowdonia", None, 3, 31, 1)[0]
    legal = g.legal_actions()
    rows = [[(0, 0.0, 0.0, 0.0, 0, False)] * len(legal) for _ in (0, 1)]
    rows[0][0] = (30, 9.0, 0.0, 0.0, 30, False)   # search 0's favourite
    rows[1][1] = (25, 20.0, 0.0, 0.0, 25, False)  # search 1's favourite
    rows[0][1] = (10, 8.0, 0.0, 0.0, 10, False)   # option 1 leads the sum: 35 visits to 30
    rows[1][0] = (0, 0.0, 0.0, 0.0, 0, False)

    def gathered(_game: Any) -> tuple[list[Any], int, float]:
        return rows, 100, 0.0

    monkeypatch.setattr(bot, "_gather", gathered)
    assert bot.choose(g) == legal[1]
    rows[1][0] = (5, 4.5, 0.0, 0.0, 5, False)  # 35 each: the higher mean reward (0.8 to 0.385) wins
    assert bot.choose(g) == legal[1]
    rows[1][0] = (5, 5.0, 0.0, 0.0, 5, False)
    rows[0][0] = (30, 30.0, 0.0, 0.0, 30, False)  # now option 0's mean is 1.0
    assert bot.choose(g) == legal[0]


@pytest.mark.parametrize(("game", "scenario", "players"), CONFIGS)
def test_searching_in_parallel_never_changes_the_real_game(game: str, scenario: str | None, players: int) -> None:
    for g in positions(game, scenario, players, 11, 2):
        before = state(g)
        bot = make_bot("parallel:2:search:40:f1", 5, game=game)
        try:
            a = bot.choose(g)
        finally:
            bot.close()  # type: ignore[attr-defined]
        assert state(g) == before
        assert a in g.legal_actions()


@pytest.mark.parametrize(("game", "scenario", "players"), CONFIGS)
def test_a_parallel_choice_never_depends_on_hidden_facts(game: str, scenario: str | None, players: int,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games that differ only in what the seat cannot see get the same choice and the same
    merged statistics from the same seed and budget."""
    monkeypatch.setenv("SNOWDONIA_SERIAL", "1")
    assert isinstance(make_bot("parallel:2:search:50:s0.3", 7, game=game), ParallelSearchBot)
    assert twins_choose_alike("parallel:2:search:50:s0.3", game, scenario, players) >= 2


def test_a_named_level_runs_in_parallel_as_the_level_it_stands_for_in_each_title() -> None:
    """`parallel:2:master` searches the master's string of the title it plays (Foothills' master
    is another string) and plays under the parallel name."""
    from snowdonia.bots.levels import resolve

    for game in ("snowdonia", "foothills"):
        bot = make_bot("parallel:2:master", 3, game=game)
        assert isinstance(bot, ParallelSearchBot)
        assert all(b.name == "master" for b in bot.bots)
        want = make_bot(resolve("master", game), 1, game=game)
        assert isinstance(want, SearchBot)
        assert all(b.config == want.config for b in bot.bots)
        assert bot.name == "parallel:2:master"


def test_a_named_level_runs_in_parallel_as_the_level_it_stands_for_in_each_scenario(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Mount Snowdon's master is another string than Blaenau Ffestiniog's (bots/levels.toml
    `scenario_spec`): `parallel:2:master` makes its searches again for the scenario of the
    first position it is asked about, so each search is the master of that scenario."""
    from snowdonia.bots.levels import resolve

    monkeypatch.setenv("SNOWDONIA_SERIAL", "1")
    for scenario in ("mount_snowdon", "blaenau_ffestiniog"):
        bot = make_bot("parallel:2:master", 3)
        assert isinstance(bot, ParallelSearchBot)
        g = positions("snowdonia", scenario, 3, 23, 1)[0]
        bot.choose(g)
        want = make_bot(resolve("master", "snowdonia", scenario), 1)
        assert isinstance(want, SearchBot) and bot.scenario == scenario
        assert [b.config for b in bot.bots] == [want.config] * 2 and all(b.name == "master" for b in bot.bots)
        assert bot.last_iterations > 0
    assert resolve("master", "snowdonia", "mount_snowdon") != resolve("master", "snowdonia", "blaenau_ffestiniog")


@pytest.mark.parametrize(("spec", "words"), [
    ("parallel", "written 'parallel:<searches>:<level>'"),
    ("parallel:two:search:100", "written 'parallel:<searches>:<level>'"),
    ("parallel:2", "written 'parallel:<searches>:<level>'"),
    ("parallel:0:search:100", "runs 1 to 8 searches, not 0"),
    ("parallel:9:search:100", "runs 1 to 8 searches, not 9"),
    ("parallel:2:greedy", "run a search level"),
    ("parallel:2:mcts:100", "run a search level"),
    ("parallel:2:parallel:2:search:100", "run a search level"),
    ("parallel:2:search:0", "bad search level"),
])
def test_malformed_parallel_levels_are_refused_in_words(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        make_bot(spec, 1)


def test_parallel_is_a_search_level_and_never_offered_bare() -> None:
    assert is_search_level("parallel:2:master") and is_search_level("parallel:2:search:300")
    assert "parallel" not in bot_levels() and "parallel" not in bot_levels("foothills")


def test_the_speed_script_counts_the_helpers_iterations_and_cpu(capsys: pytest.CaptureFixture[str]) -> None:
    """scripts/parallel_speed.py: one row a level, the parallel level's iterations twice the
    single search's, its CPU (helpers included) above its own process's share, ratios against
    the first level."""
    import json

    from tests.script_loader import load_script

    load_script("parallel_speed").main(["search:60:f1:h2", "parallel:2:search:60:f1:h2", "--positions", "2"])
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [r["level"] for r in rows] == ["search:60:f1:h2", "parallel:2:search:60:f1:h2"]
    assert [r["its"] for r in rows] == [60.0, 120.0] and rows[0]["wall_ratio"] == rows[0]["cpu_ratio"] == 1.0
    assert rows[1]["cpu_spd"] > 0 and rows[1]["cpu_ratio"] > 1.0


def test_a_parallel_level_of_kept_trees_keeps_its_trees() -> None:
    """`keeps_tree` (which the web asks to hold a bot for the whole game) answers for the level a
    parallel bot runs: each of its searches keeps its tree between decisions with `:r1`."""
    assert keeps_tree("parallel:2:search:300:r1") and keeps_tree("parallel:2:master", "foothills")
    assert not keeps_tree("parallel:2:search:300") and not keeps_tree("parallel:2:master")


def test_a_game_played_on_after_close_is_searched_as_by_a_fresh_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    """`close()` ends the helpers, whose searches the next decision starts afresh; the searches
    kept in this process start afresh too, so after `close()` every option's statistics are
    those of a bot made at that moment from the same seed (with `:r1` a kept tree would add its
    visits, and every search's draws would go on)."""
    monkeypatch.setenv("SNOWDONIA_SERIAL", "1")
    spec = "parallel:2:search:150:r1"
    g = snowdonia.new_game(3, seed=11)
    bot = make_bot(spec, 7)
    assert isinstance(bot, ParallelSearchBot)

    def play_to_seat_0s_next_choice() -> None:
        while g.current_player != 0 or len(g.legal_actions()) < 2:
            g.apply(g.legal_actions()[0])

    play_to_seat_0s_next_choice()
    g.apply(bot.choose(g))
    play_to_seat_0s_next_choice()
    bot.choose(g)
    kept = [s.visits for s in bot.last_stats]
    bot.close()
    bot.choose(g)
    after = [(str(s.action), s.visits, s.value) for s in bot.last_stats]
    fresh = make_bot(spec, 7)
    assert isinstance(fresh, ParallelSearchBot)
    fresh.choose(g)
    assert after == [(str(s.action), s.visits, s.value) for s in fresh.last_stats]
    # Without `close()` the bot that searched on searched otherwise (the check can fail).
    assert kept != [v for _, v, _ in after]
