"""Today's evaluator: determinized rollouts with the title's own greedy bot.

For each option, `samples` determinizations `position.resample(seat, rng)` are drawn (the
same ones for every option: common random numbers, so the options are compared on the same
hidden facts), the option is played on each, and every seat then plays on with the title's
`greedy` bot (the `random` bot for a title without one) to the end of the game, or for
`depth` decisions (ROLLOUT_DEPTH by default) after which the title's heuristic `evaluate`
scores the position. The
option's value is the mean final VP margin of `seat` over its best opponent; its win chance
the mean share of the win.

Two passes keep it affordable: every option gets `budget.first` rollouts, then the
`budget.keep` best (and the options the caller must know, such as the move a review checks)
get the rest of `budget.samples`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from snowdonia.analysis.engine import Budget, Estimate
from snowdonia.core.protocol import Position, Title

# Decisions per rollout before the title's evaluation scores the position (about two
# rounds of a 3-player Mount Snowdon game, two turns each of Foothills). Measured on
# Mount Snowdon (3 players, greedy rollouts, 12 determinizations): the spread of one
# option's value minus another's over the determinizations is 8 to 16 VP when rollouts run
# to the end, 1 to 2 VP at 20 decisions: four or more times the samples for the same
# precision, at five times the cost of each (docs/analysis.md).
ROLLOUT_DEPTH = 20
# The win chance of a rollout stopped before the end: logistic in the evaluated margin.
WIN_SCALE = 8.0


def rollout_depth(title: Title, budget: Budget) -> int | None:
    """The budget's depth (0: to the end of the game), else ROLLOUT_DEPTH."""
    if budget.depth is not None:
        return budget.depth or None
    return ROLLOUT_DEPTH


class _RandomPolicy:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, position: Position) -> Any:
        legal = position.legal_actions()
        return legal[self.rng.randrange(len(legal))]


def score(position: Position, seat: int) -> tuple[float, float]:
    """(VP margin of `seat` over its best opponent, `seat`'s chance of the win) of a finished
    game (its share of the win), or of a truncated one as the title's evaluation sees it
    (logistic in the margin). Solo: (score, win), the solo goal as the title judges it
    (in a truncated solo rollout: whether the title counts it won so far)."""
    n = position.players
    if position.is_over:
        out = position.outcome()
        scores, winners = list(out.scores), list(out.winners)
    else:
        ev = position.title.evaluate
        scores = [ev(position, p) for p in range(n)]
        top = max(scores)
        winners = [p for p in range(n) if scores[p] == top]
    if n == 1:
        margin = float(scores[seat])
    else:
        margin = float(scores[seat] - max(scores[p] for p in range(n) if p != seat))
    if position.is_over or n == 1:
        win = 1.0 / len(winners) if seat in winners else 0.0
    else:
        # Not over: who leads the evaluation now is far from who wins; a lead of
        # WIN_SCALE VP counts as about three chances in four (the mcts bot's squashing).
        win = 1.0 / (1.0 + math.exp(-margin / WIN_SCALE))
    return margin, win


class RolloutEvaluator:
    """Per-option determinized rollouts (see the module's docstring)."""

    def __init__(self, policy: str | None = None) -> None:
        if policy not in (None, "greedy", "random"):
            raise ValueError(f"unknown rollout policy {policy!r}: greedy or random")
        self.policy = policy
        self.name = f"rollout:{policy or 'greedy'}"

    def _policies(self, title: Title, players: int, seed: int) -> list[Any]:
        factory = None if self.policy == "random" else title.bots().get("greedy")
        rng = random.Random(seed)
        out: list[Any] = []
        for _ in range(players):
            s = rng.getrandbits(32)
            out.append(factory("", s) if factory is not None else _RandomPolicy(s))
        return out

    def estimate(self, position: Position, seat: int, options: Sequence[Any], budget: Budget,
                 seed: int, must: Sequence[Any] = ()) -> list[Estimate]:
        return self.estimate_kept(position, seat, options, budget, seed, must)

    def estimate_kept(self, position: Position, seat: int, options: Sequence[Any], budget: Budget,
                      seed: int, must: Sequence[Any] = (), also: Sequence[int] = ()) -> list[Estimate]:
        """`estimate`, with more options given the full samples: `also` (indices into
        `options`), besides the first pass's best `keep` and `must`."""
        title = position.title
        depth = rollout_depth(title, budget)
        n = len(options)
        sums = [0.0] * n
        wins = [0.0] * n
        counts = [0] * n
        dets: dict[int, Position] = {}

        def determinization(i: int) -> Position:
            d = dets.get(i)
            if d is None:
                d = dets[i] = position.resample(seat, random.Random(f"analysis:{seed}:{i}"))
            return d

        def run(k: int, i: int) -> None:
            g = determinization(i).clone()
            g.step(options[k])
            bots = self._policies(title, g.players, hash_seed(seed, i))
            steps = 0
            while not g.is_over and (depth is None or steps < depth):
                legal = g.legal_actions()
                p = g.current_player
                assert p is not None
                g.step(legal[0] if len(legal) == 1 else bots[p].choose(g))
                steps += 1
            m, w = score(g, seat)
            sums[k] += m
            wins[k] += w
            counts[k] += 1

        first = min(budget.first, budget.samples)
        for i in range(first):
            for k in range(n):
                run(k, i)
        must_text = {str(a) for a in must}
        ranked = sorted(range(n), key=lambda k: (-sums[k] / counts[k], -wins[k], k))
        kept = set(ranked[: max(1, budget.keep)]) | set(also) | {k for k in range(n) if str(options[k]) in must_text}
        for i in range(first, budget.samples):
            for k in sorted(kept):
                run(k, i)
        return [Estimate(sums[k] / counts[k], wins[k] / counts[k], counts[k]) for k in range(n)]


def hash_seed(seed: int, i: int) -> int:
    """A per-rollout seed from the analysis seed and the sample index (stable across runs:
    no use of Python's salted `hash`)."""
    return random.Random(f"policy:{seed}:{i}").getrandbits(32)
