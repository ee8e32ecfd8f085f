"""The default evaluator: the `search` bot (issue 19) chooses the candidates, greedy rollouts
put a VP value on them.

1. `snowdonia.bots.search.analyse` runs the strongest bot's information-set search (the
   `expert` level is 2000 iterations) from the deciding seat's knowledge: every iteration on
   `position.resample(seat, rng)`, never on the position itself. Its root visits say which
   options a strong player would consider: the `budget.keep` most visited are candidates.
2. The search's own mean margins are not used as values: they average over its exploration
   and 20 uniformly random playout decisions, which squeezes the gap between a good and a bad
   option to a fraction of what it costs when the game is played on sensibly (measured: a
   Lay Track with no steel instead of a 9 VP Build, 2.6 VP at 2000 iterations; docs/analysis.md).
   Instead every option gets `budget.first` determinized rollouts with the title's greedy bot
   (the rollout evaluator of `analysis/rollout.py`, the same determinizations for every
   option), the `ROLLOUT_KEEP` best of those become candidates too (an option the rollouts
   value highly is never listed below worse ones without a full estimate), and every
   candidate, and the option a review checks (`must`), gets `budget.samples` rollouts.
3. The candidates rank first, by value; then the other options, by value.

So the search chooses what deserves the full estimate, and the VP figures are comparable
between options: VP margins of the game played on by competent bots.
Only the public API of `snowdonia.bots.search` is used (`analyse`, `DEPTH`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from snowdonia.analysis.engine import MAX_DEPTH, Budget, Estimate
from snowdonia.analysis.rollout import RolloutEvaluator
from snowdonia.bots import search
from snowdonia.core.protocol import Position

ROLLOUT_KEEP = 2  # the first rollout pass's best options, estimated fully besides the search's


def playout_depth(budget: Budget) -> int:
    """The search's playout depth: None its default (20 decisions), 0 to the end of the game
    (MAX_DEPTH decisions: every title ends long before)."""
    if budget.depth is None:
        return int(search.DEPTH)
    return budget.depth or MAX_DEPTH


class SearchEvaluator:
    """The search's candidates, valued by greedy rollouts (see the module's docstring)."""

    name = "search"

    def __init__(self) -> None:
        self.rollouts = RolloutEvaluator()
        self.last_visits: dict[str, int] = {}

    def estimate(self, position: Position, seat: int, options: Sequence[Any], budget: Budget,
                 seed: int, must: Sequence[Any] = ()) -> list[Estimate]:
        stats = search.analyse(position, budget.iterations, seed=seed, depth=playout_depth(budget), seat=seat)
        visits = {str(s.action): int(s.visits) for s in stats}
        missing = [str(a) for a in options if str(a) not in visits]
        if missing:
            raise RuntimeError(f"the search did not report the options {missing}")
        self.last_visits = visits
        by_visits = sorted(range(len(options)), key=lambda k: (-visits[str(options[k])], k))
        favoured = by_visits[: max(1, budget.keep)]
        values = self.rollouts.estimate_kept(position, seat, options,
                                             replace(budget, evaluator="rollout", keep=ROLLOUT_KEEP), seed,
                                             must, also=favoured)
        # Fully estimated options first (rank 1), by value; the rest after (rank 0), by value.
        full = max(e.samples for e in values)
        return [replace(e, rank=1.0 if e.samples == full else 0.0) for e in values]
