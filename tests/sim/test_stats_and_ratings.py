from __future__ import annotations

import pytest

from snowdonia.sim.ratings import rate
from snowdonia.sim.stats import wilson
from snowdonia.sim.tournament import lineups, schedule


def test_wilson_known_values() -> None:
    lo, hi = wilson(81, 100)
    assert lo == pytest.approx(0.7222, abs=1e-3)
    assert hi == pytest.approx(0.8749, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and 0.69 < lo < 0.73


def test_lineups_and_seat_rotation() -> None:
    assert lineups(["a", "b", "c"], 3) == [("a", "b", "c")]
    assert sorted(lineups(["a", "b"], 3)) == [("a", "a", "b"), ("a", "b", "b")]
    assert len(lineups(["a", "b", "c", "d"], 2)) == 6
    specs = schedule(["a", "b", "c"], 3, 9, seed=5)
    for bot in "abc":
        seats = [s.bots.index(bot) for s in specs]
        assert sorted(seats) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    # A block of rotations shares one deal.
    assert [s.seed for s in specs] == [5, 5, 5, 6, 6, 6, 7, 7, 7]
    with pytest.raises(ValueError):
        lineups(["a", "a"], 2)


def _res(bots: list[str], scores: list[int], winners: list[int]) -> dict[str, object]:
    return {"bots": bots, "scores": scores, "winners": winners}


def test_ratings_follow_results() -> None:
    results = [_res(["x", "y", "z"], [30, 20, 10], [0]) for _ in range(10)]
    st = {s.bot: s for s in rate(results)}
    assert st["x"].mu > st["y"].mu > st["z"].mu
    assert st["x"].wins == 10 and st["y"].wins == 0 and st["x"].games == 10
    assert st["x"].sigma < 25 / 3
    assert [s.bot for s in rate(results)] == ["x", "y", "z"]


def test_a_bot_in_two_seats_is_counted_per_seat() -> None:
    st = {s.bot: s for s in rate([_res(["x", "y", "y"], [5, 9, 1], [1])])}
    assert st["y"].games == 2 and st["y"].wins == 1 and st["x"].games == 1
