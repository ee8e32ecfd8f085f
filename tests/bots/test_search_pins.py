"""The `search` bot's choices pinned from fixed seeds (issue 18: the search bot compiled with
mypyc and its inner loop made faster must choose exactly as before; issue 19: the levels play
the same moves everywhere). Every pinned row is the chosen option and the visits of every root
option, recorded with the interpreted search of main before the speed-up (commit e1295e5);
CI runs this file on the compiled build and on the pure one, so both must give these numbers.
A change to the algorithm (selection, expansion, the playout's draws, the evaluation, the
reward) moves the visits and fails here: if that change is wanted, re-pin on purpose."""

from __future__ import annotations

import random
from typing import Any

import pytest

import snowdonia
from snowdonia.bots import make_bot
from snowdonia.bots.levels import named_levels
from snowdonia.bots.search import SearchBot, SearchConfig
from snowdonia.core.protocol import Position

from .conftest import positions

# The named search levels (bots/levels.toml; `search:2000:s0.3` is the expert since stop 27, pinned
# then with the compiled and the pure search alike; `search:3000:f1:w0.8:k8:h2` Mount Snowdon's
# master in stop 34, with `:x1` since stop 35), the master of stops 28-33 (`search:6000:s0.3:r1`)
# and the first expert, `search:2000:e0`:
# 3-player Mount Snowdon, seed 21.
LEVEL_PINS: dict[str, list[tuple[str, list[int]]]] = {
    'search:2000:e0': [
        ('place A2', [358, 555, 295, 101, 127, 46, 61, 59, 46, 32, 68, 83, 169]),
        ('place A1', [558, 130, 528, 86, 102, 167, 273, 156]),
        ('place B2', [97, 139, 493, 599, 87, 193, 202, 190]),
        ('pass', [663, 1337]),
    ],
    'search:300:s0.3': [
        ('place A3', [30, 33, 50, 25, 31, 11, 15, 15, 13, 16, 16, 15, 30]),
        ('place A2', [53, 63, 33, 26, 30, 30, 36, 29]),
        ('place B1', [33, 34, 88, 45, 21, 28, 28, 23]),
        ('pass', [120, 180]),
    ],
    'search:2000:s0.3': [
        ('place A3', [333, 320, 411, 105, 206, 47, 37, 47, 52, 65, 93, 65, 219]),
        ('place C1', [309, 318, 92, 429, 97, 285, 359, 111]),
        ('place B2', [223, 168, 475, 477, 111, 180, 203, 163]),
        ('pass', [863, 1137]),
    ],
    # `master` from stop 28 to 33: with tree reuse (`:r1`), whose first search from a fresh bot is
    # the plain search's; the reuse itself is pinned by the tests below.
    'search:6000:s0.3:r1': [
        ('place A3', [1398, 911, 1571, 342, 387, 87, 79, 136, 88, 101, 202, 188, 510]),
        ('place E2', [456, 395, 110, 1161, 124, 3167, 439, 148]),
        ('place B1', [559, 405, 1698, 1567, 233, 656, 501, 381]),
        ('pass', [2139, 3861]),
    ],
    # `master` since stop 34 (Mount Snowdon): playouts to the game's end by version 2 of the
    # title's playout policy (games/snowdonia/bots/playout.py), recorded with the compiled build.
    'search:3000:f1:w0.8:k8:h2': [
        ('place A1', [591, 485, 309, 200, 112, 188, 157, 195, 36, 105, 80, 155, 387]),
        ('place A2', [660, 814, 322, 316, 98, 158, 345, 287]),
        ('place B2', [274, 253, 874, 898, 123, 130, 209, 239]),
        ('pass', [1204, 1796]),
    ],
    # The same since stop 35 with `:x1` (stop once the choice cannot change): the same choices
    # from fewer iterations (2,880, 2,912, 2,928 and 2,464 of the 3,000).
    'search:3000:f1:w0.8:k8:x1:h2': [
        ('place A1', [568, 439, 302, 199, 111, 181, 156, 194, 35, 104, 80, 154, 357]),
        ('place A2', [660, 763, 322, 311, 98, 158, 313, 287]),
        ('place B2', [273, 247, 815, 894, 122, 129, 209, 239]),
        ('pass', [949, 1515]),
    ],
    # The open loop over the opponents (`:o1`, stop 41: only the seat's own decisions in the
    # tree), on the master's playouts, recorded with the compiled build.
    'search:300:f1:w0.8:k8:h2:o1': [
        ('place D1', [32, 5, 32, 8, 27, 28, 36, 15, 34, 17, 24, 13, 29]),
        ('place A1', [76, 42, 24, 46, 11, 34, 31, 36]),
        ('place B1', [18, 15, 132, 58, 10, 21, 32, 14]),
        ('pass', [136, 164]),
    ],
    # Mount Snowdon's master since stop 45 (bots/levels.toml `scenario_spec`): the master's search
    # with the open loop over the opponents, recorded with the compiled build; without `:x1`, then
    # with it (the same choices from 2,880, 2,640, 1,936 and 2,496 of the 3,000 iterations).
    'search:3000:f1:w0.8:k8:h2:o1': [
        ('place G', [317, 209, 438, 28, 89, 129, 158, 153, 112, 247, 379, 152, 589]),
        ('place C1', [264, 606, 402, 910, 104, 160, 432, 122]),
        ('place B1', [49, 85, 2317, 235, 41, 55, 103, 115]),
        ('pass', [1270, 1730]),
    ],
    'search:3000:f1:w0.8:k8:x1:h2:o1': [
        ('place G', [315, 197, 415, 27, 88, 128, 154, 152, 103, 243, 377, 137, 544]),
        ('place C1', [258, 498, 237, 867, 86, 157, 417, 120]),
        ('place B1', [47, 80, 1297, 218, 39, 53, 100, 102]),
        ('pass', [985, 1511]),
    ],
    # The second open loop (`:o2`, stop 43: the others' first replies stay in the tree).
    'search:300:f1:w0.8:k8:h2:o2': [
        ('place C1', [4, 33, 59, 9, 14, 62, 20, 21, 7, 7, 16, 23, 25]),
        ('place A1', [64, 48, 45, 33, 23, 25, 8, 54]),
        ('place B2', [11, 10, 76, 122, 10, 16, 20, 35]),
        ('pass', [123, 177]),
    ],
    # The fourth open loop (`:o4`, stop 46: `:o1` whose others' first replies are the one-ply bot's).
    'search:300:f1:w0.8:k8:h2:o4': [
        ('place E2', [15, 18, 23, 22, 10, 24, 18, 9, 33, 43, 38, 22, 25]),
        ('place A1', [64, 45, 39, 29, 50, 13, 44, 16]),
        ('place A3', [18, 65, 55, 51, 35, 18, 30, 28]),
        ('pass', [97, 203]),
    ],
    'search:1000:s0.3': [
        ('place A3', [124, 156, 162, 58, 115, 29, 27, 32, 35, 40, 60, 38, 124]),
        ('place F2', [98, 156, 65, 163, 55, 176, 218, 69]),
        ('place B1', [111, 98, 267, 178, 53, 99, 103, 91]),
        ('pass', [415, 585]),
    ],
}

# `search:300:s0.3` on the other titles and player counts, seed 31.
TITLE_PINS: dict[str, list[tuple[str, list[int]]]] = {
    'snowdonia/blaenau_ffestiniog/3': [
        ('start blaenau_ffestiniog', [173, 127]),
        ('take iron=0 stone=3 coal=0', [23, 55, 65, 9, 35, 38, 20, 33, 22]),
        ('place F1', [14, 18, 16, 20, 39, 11, 14, 14, 15, 15, 46, 40, 38]),
    ],
    'foothills/None/2': [
        ('take iron=0 stone=2', [74, 226]),
        ('stone from bag', [52, 51, 57, 140]),
        ('take iron=3 stone=0', [125, 86, 89]),
    ],
    'snowdonia/None/5': [
        ('place A4', [20, 36, 15, 37, 14, 12, 15, 14, 13, 10, 10, 14, 12, 10, 14, 15, 14, 10, 15]),
        ('convert steel=0 stone=2', [81, 84, 135]),
        ('place F1', [18, 19, 17, 17, 20, 16, 16, 16, 17, 17, 16, 19, 20, 33, 20, 19]),
    ],
}


def _choices(level: str, game: str, games: list[Position], seed: int) -> list[tuple[str, list[int]]]:
    out = []
    for i, g in enumerate(games):
        bot = make_bot(level, seed=seed + i, game=game)
        assert isinstance(bot, SearchBot)
        a = bot.choose(g)
        if bot.config.decided:
            # `:x1` stops once its choice cannot change: the visits are those it had then
            assert bot.last_iterations <= bot.config.iterations
        else:
            assert bot.last_iterations == bot.config.iterations
        out.append((str(a), [s.visits for s in bot.last_stats]))
    return out


@pytest.mark.parametrize("level", sorted(LEVEL_PINS))
def test_the_named_levels_choose_as_before(level: str) -> None:
    assert _choices(level, "snowdonia", positions("snowdonia", None, 3, 21, 4), 100) == LEVEL_PINS[level]


def test_a_pinned_level_with_x1_chooses_what_it_chooses_without() -> None:
    """`:x1` only stops a search whose choice can no longer change: every level pinned with it
    makes, from the same seeds, the choices pinned for it without `:x1`, from fewer iterations."""
    pairs = [(k, k.replace(":x1", "")) for k in LEVEL_PINS if ":x1" in k]
    assert pairs
    for with_x1, without in pairs:
        assert [a for a, _ in LEVEL_PINS[with_x1]] == [a for a, _ in LEVEL_PINS[without]]
        assert sum(map(sum, (v for _, v in LEVEL_PINS[with_x1]))) < sum(map(sum, (v for _, v in LEVEL_PINS[without])))


# A level's own string in one title (bots/levels.toml `title_spec`), pinned in that title: seed 41.
TITLE_LEVEL_PINS: dict[str, list[tuple[str, list[int]]]] = {
    'foothills/search:6000:r1': [
        ('surveyor VI-1', [1627, 1276, 325, 1733, 202, 496, 341]),
        ('replace B3', [3030, 2970]),
        ('card B2', [13, 5611, 79, 170, 127]),
    ],
}


def test_every_named_search_level_is_pinned() -> None:
    """A level moved to another budget or flag must come with its pinned choices."""
    specs = {lv.spec for lv in named_levels().values() if lv.spec.startswith("search:")}
    assert specs and specs <= set(LEVEL_PINS)
    own = {f"{g}/{s}" for lv in named_levels().values() for g, s in lv.specs.items() if s.startswith("search:")}
    assert own == set(TITLE_LEVEL_PINS)
    # a scenario's own string: Mount Snowdon's are pinned above (its positions), any other here
    by_scenario = {(g, k, s) for lv in named_levels().values() for g, own in lv.scenario_specs.items()
                   for k, s in own.items()}
    assert by_scenario and all(s in LEVEL_PINS for g, k, s in by_scenario if (g, k) == ("snowdonia", "mount_snowdon"))
    assert all((g, k) == ("snowdonia", "mount_snowdon") for g, k, _ in by_scenario)


@pytest.mark.parametrize("key", sorted(TITLE_LEVEL_PINS))
def test_the_named_levels_choose_as_before_in_their_own_title(key: str) -> None:
    game, _, level = key.partition("/")
    players = 2 if game == "foothills" else 3
    assert _choices(level, game, positions(game, None, players, 41, 3), 300) == TITLE_LEVEL_PINS[key]


@pytest.mark.parametrize("key", sorted(TITLE_PINS))
def test_every_title_chooses_as_before(key: str) -> None:
    game, scenario, players = key.split("/")
    games = positions(game, None if scenario == "None" else scenario, int(players), 31, 3)
    assert _choices("search:300:s0.3", game, games, 200) == TITLE_PINS[key]


def test_the_compiled_search_playout_equals_the_protocol_loop() -> None:
    """`Position.search_playout` (the protocol's loop: a forced decision taken without a draw,
    else `randbelow`) and each title's compiled `Engine.search_playout` make the same draws
    and the same steps: same final state, same generator state, same count. (No decision of
    today's titles has a single option -- the engines resolve those themselves -- so the
    forced-decision rule only guards titles to come.)"""
    from snowdonia.games.foothills.rules.state import SLOTS as FSLOTS
    from snowdonia.games.snowdonia.rules.state import SLOTS
    from snowdonia.registry import title

    games: list[tuple[Any, tuple[str, ...]]] = [(p, SLOTS) for p in positions("snowdonia", None, 3, 9, 3)]
    games += [(snowdonia.new_game(4, seed=3, scenario="blaenau_ffestiniog"), SLOTS),
              (title("foothills").new_game(2, seed=5), FSLOTS)]
    for g, slots in games:
        for depth in (0, 7, 20, 10_000):
            a, b = g.clone(), g.clone()
            ra, rb = random.Random(11), random.Random(11)
            na = Position.search_playout(a, ra, depth)
            nb = b.search_playout(rb, depth)
            assert na == nb and ra.getstate() == rb.getstate()
            assert all(getattr(a, s) == getattr(b, s) for s in slots if s not in ("cfg", "_legal"))
            assert na == depth or a.is_over


@pytest.mark.parametrize(("flag", "field"), [("r", "reuse"), ("x", "decided")])
def test_the_level_flags_parse_and_name_the_bot(flag: str, field: str) -> None:
    """`:r1` (tree reuse) and `:x1` (stop once decided): on with 1, off with 0 or unsaid."""
    assert getattr(SearchConfig.parse(f"2000:e0:{flag}1"), field)
    assert not getattr(SearchConfig.parse("2000:e0"), field)
    assert SearchConfig.parse(f"2000:e0:{flag}1").label() == f"2000:e0:{flag}1"
    assert SearchConfig.parse(f"300:s0.3:{flag}0") == SearchConfig.parse("300:s0.3")
    with pytest.raises(ValueError, match=f"{flag}1"):
        SearchConfig.parse(f"300:{flag}2")


def _play(spec: str, seed: int, decisions: int) -> tuple[list[str], list[int], SearchBot]:
    """A 3-player game of one search bot (seat 0) against two `greedy`; the bot's choices and
    how many root visits each of its searches inherited."""
    g = snowdonia.new_game(3, seed=seed)
    bot = make_bot(spec, seed=seed)
    assert isinstance(bot, SearchBot)
    others = [make_bot("greedy", seed + s) for s in (1, 2)]
    chosen: list[str] = []
    reused: list[int] = []
    while not g.is_over and len(chosen) < decisions:
        p = g.current_player
        assert p is not None
        if p == 0:
            before = g.snapshot()
            a = bot.choose(g)
            assert g.snapshot() == before  # searching (and keeping a tree) never changes the game
            chosen.append(str(a))
            reused.append(bot.last_reused)
        else:
            a = others[p - 1].choose(g)
        g.apply(a)
    return chosen, reused, bot


def test_tree_reuse_starts_from_the_subtree_of_the_moves_seen() -> None:
    """`:r1`: the bot's next search starts from the node its kept tree reached through the
    decisions played since (its own and the others'), with that node's visits; without the
    flag nothing is inherited, and the level chooses as it always did."""
    chosen, reused, bot = _play("search:200:e0:r1", 5, 10)
    assert reused[0] == 0 and sum(r > 0 for r in reused[1:]) >= 4
    assert all(r < bot.config.iterations for r in reused)  # a subtree: less than the whole tree
    plain, none, _ = _play("search:200:e0", 5, 6)
    assert none == [0] * 6
    assert plain == _play("search:200:e0:r0", 5, 6)[0]


def test_a_kept_tree_is_used_only_in_the_game_it_was_grown_for() -> None:
    bot = make_bot("search:100:r1", seed=3)
    assert isinstance(bot, SearchBot)
    g = snowdonia.new_game(3, seed=8)
    bot.choose(g)
    other = snowdonia.new_game(3, seed=9)  # another game: not a continuation of the kept one
    a = bot.choose(other)
    assert bot.last_reused == 0
    other.apply(a)
    bot.choose(other)  # the same game one decision on: the chosen option's subtree is kept
    assert bot.last_reused > 0
    fresh = snowdonia.new_game(3, seed=9)  # the game's start again: history is no continuation
    bot.choose(fresh)
    assert bot.last_reused == 0


@pytest.mark.parametrize("game", ["snowdonia", "foothills"])
def test_stopping_once_decided_chooses_what_the_whole_budget_chooses(game: str) -> None:
    """`:x1` stops a search when the most visited option leads the runner-up by more than the
    iterations left: on every position the choice is the one the whole budget makes, with fewer
    iterations where the question was settled early (and the same tree up to the stop, so the
    same statistics then)."""
    from snowdonia.registry import title

    t = title(game)
    players = 2 if game == "foothills" else 3
    g = t.new_game(players, seed=4)
    walker = make_bot("greedy", seed=4, game=game)
    saved = 0
    searched = 0
    while not g.is_over and searched < 10:
        if len(g.legal_actions()) > 1:
            full = make_bot("search:800", seed=9, game=game)
            early = make_bot("search:800:x1", seed=9, game=game)
            assert isinstance(full, SearchBot) and isinstance(early, SearchBot)
            before = g.snapshot()
            assert early.choose(g) == full.choose(g)
            assert g.snapshot() == before
            assert full.last_iterations == 800 and early.last_iterations <= 800
            saved += 800 - early.last_iterations
            searched += 1
        g.apply(walker.choose(g))
    assert searched == 10 and saved >= 400  # some searches were settled well before their budget


def test_hints_and_reviews_search_the_whole_budget_even_with_the_decided_flag() -> None:
    g = snowdonia.new_game(3, seed=4)
    bot = make_bot("search:800:x1", seed=9)
    assert isinstance(bot, SearchBot)
    stats = bot.analyse(g)
    assert bot.last_iterations == 800 and sum(s.visits for s in stats) == 800
