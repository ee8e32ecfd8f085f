"""scripts/halving.py (issue 19, stop 38): sequential halving with common random numbers at
the root, screened against the search bot. Its choices must keep the search bot's promises
(the real game untouched, no hidden fact read, the same moves from the same seed) and its two
ideas must do what they claim: halving spends the whole budget on ever fewer options, and
common random numbers let a small budget tell apart options that chance alone would blur."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from tests.script_loader import load_script

from snowdonia.bots import _GENERIC, make_bot

from .conftest import positions, state


@pytest.fixture
def halving() -> Iterator[ModuleType]:
    module = load_script("halving")
    yield module
    _GENERIC.pop("halving", None)  # the screen's bot never stays in the bots' registry


@pytest.mark.parametrize("options", [2, 3, 5, 8, 16, 19, 40])
def test_halving_spends_the_budget_over_log2_rounds_on_ever_fewer_options(halving: ModuleType, options: int) -> None:
    budget = 3000
    plan = halving.schedule(options, budget)
    assert len(plan) == math.ceil(math.log2(options))
    alive, spent = options, 0
    for each in plan:
        spent += each * alive
        alive = (alive + 1) // 2
    assert alive == 1
    assert budget - options <= spent <= budget
    assert plan == sorted(plan)  # fewer options, more playouts each


def test_bad_levels_are_refused_in_words(halving: ModuleType) -> None:
    for bad in ("1", "3000:z", "3000:h6", "3000:w2", "abc"):
        with pytest.raises(ValueError, match="bad halving level"):
            halving.parse(bad)
    assert halving.parse("3000:h3:w0.5:k10:n0") == (3000, 3, 0.5, 10.0, False)


@pytest.mark.parametrize(("game", "scenario", "players"),
                         [("snowdonia", None, 3), ("snowdonia", "blaenau_ffestiniog", 3), ("foothills", None, 2)])
def test_it_never_changes_the_real_game_nor_reads_a_hidden_fact(halving: ModuleType, game: str,
                                                                 scenario: str | None, players: int) -> None:
    halving._register()
    checked = 0
    for g in positions(game, scenario, players, 23, 3):
        seat = g.current_player
        assert seat is not None
        before = state(g)
        other = g.resample(seat, 99)  # the same game but for what the seat cannot see
        bots = [make_bot("halving:60:h2", 7, game=game) for _ in (0, 1)]
        a, b = bots[0].choose(g), bots[1].choose(other)
        assert state(g) == before
        assert a in g.legal_actions() and str(a) == str(b)
        assert 0 < bots[0].last_iterations <= 60
        checked += 1
    assert checked >= 2


def test_the_same_seed_plays_the_same_moves(halving: ModuleType) -> None:
    g = positions("snowdonia", None, 3, 5, 1)[0]
    picks = [str(halving.HalvingBot("200:h2", 11).choose(g)) for _ in (0, 1)]
    assert picks[0] == picks[1]
    assert halving.HalvingBot("200:h2:n0", 11).name == "halving:200:h2:n0"


class _Luck:
    """A one-decision game for seat 0 of 3: option `i` adds `i` VP to a score that the
    determinization and the playout's chance move by up to 60 VP. Only the options' order
    matters to a choice; chance blurs it unless every option meets the same chance."""

    def __init__(self, deal: float = 0.0) -> None:
        self.deal = deal
        self.chosen = -1
        self.luck = 0.0
        self.current_player = 0

    def legal_actions(self) -> list[int]:
        return list(range(8))

    def resample(self, seat: int, seed: int) -> _Luck:
        return _Luck(random.Random(seed).random() * 30)

    def clone(self) -> _Luck:
        return _Luck(self.deal)

    def step(self, action: int) -> None:
        self.chosen = action

    def policy_playout(self, rng: random.Random, depth: Any, version: int) -> None:
        self.luck = rng.random() * 30

    def outcome(self) -> SimpleNamespace:
        scores = [40 + self.deal + self.luck + self.chosen, 60.0, 55.0]
        top = max(scores)
        return SimpleNamespace(scores=scores, winners=[p for p in range(3) if scores[p] == top])


def test_common_random_numbers_tell_close_options_apart_where_fresh_chance_does_not(halving: ModuleType) -> None:
    common = sum(halving.HalvingBot("48:h2", seed).choose(_Luck()) == 7 for seed in range(20))
    fresh = sum(halving.HalvingBot("48:h2:n0", seed).choose(_Luck()) == 7 for seed in range(20))
    assert common == 20  # every option met the same chance: 1 VP more is always better
    assert fresh <= 12  # with chance drawn afresh, 48 playouts often miss the best of 8
