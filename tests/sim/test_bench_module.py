"""The speed-figure helpers produce sane numbers (no timing thresholds: the machine is shared)."""

from __future__ import annotations

from snowdonia.sim.bench import games_rate, mcts_rate, positions


def test_positions_are_live_decisions() -> None:
    ps = positions(3, 4, seed=2)
    assert len(ps) == 4
    assert all(not g.is_over and len(g.legal_actions()) > 1 for g in ps)


def test_rates_are_positive() -> None:
    m = mcts_rate(2, 0.08)
    assert m["iterations_per_s"] > 0 and m["iterations_per_cpu_s"] > 0
    assert games_rate("random", 2, 0.01)["games_per_s"] > 0
