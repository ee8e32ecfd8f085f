"""Ranking a seat's options, for any title, through the game protocol only.

`analyse(position, seat, budget, seed)` asks an `Evaluator` for an estimate of every legal
option of `seat`'s pending decision and returns them best first. An estimate is in units
players know: `value_vp`, the expected final VP margin of `seat` over the best opponent
(in a solo game: the expected final score), and `win_chance`, the expected share of the win.

The evaluator sees only what `seat` could see at the table: it works on determinizations,
`position.resample(seat, rng)`, never on `position` itself, and it never changes `position`.
The result depends only on the position as `seat` sees it, the budget and the seed.

`Evaluator` is the interface: given a position, the seat, the options and a budget, give an
`Estimate` per option. The default is the strongest bot's own search (`analysis/searcher.py`,
the `search` bot of issue 19: the same search ranks the options); greedy rollouts
(`analysis/rollout.py`, budget `rollout:...`) are the other.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from snowdonia.core.errors import refusal
from snowdonia.core.protocol import Position

# Budgets by name. The default evaluator is the `search` bot (issue 19): iterations of its
# tree search per decision. The rollout evaluator (`rollout:...`) counts determinized
# rollouts per option, and how many of the options its first pass keeps for the rest.
NAMED_BUDGETS: dict[str, int] = {
    "quick": 500,  # the search's `intermediate` level is 300, `strong` 1000
    "normal": 2000,  # the `expert` level (search:2000)
    "deep": 8000,
}
NAMED_ROLLOUTS: dict[str, tuple[int, int]] = {
    "quick": (3, 3),
    "normal": (6, 4),
    "deep": (16, 6),
}
DEFAULT_BUDGET = "normal"
EVALUATORS = ("search", "rollout")
MAX_SAMPLES = 1000  # rollouts per option: a larger budget is refused (bounded work)
MAX_ITERATIONS = 100_000  # search iterations per decision: a larger budget is refused
MAX_DEPTH = 1000  # decisions per rollout or playout (games end long before)


@dataclass(frozen=True)
class Budget:
    """How much work one analysis may do, and which evaluator does it.

    `evaluator="search"` (the default): `iterations` of the search bot's tree search per
    decision, its playouts cut after `depth` decisions. `evaluator="rollout"`: `samples`
    determinized greedy rollouts per option for the options kept after the first pass
    (`first` rollouts each, every option), `keep` options kept, `depth` decisions per rollout.
    `depth` None: the evaluator's default (20); 0: to the end of the game."""

    samples: int = 6
    keep: int = 4
    depth: int | None = None
    name: str = ""
    iterations: int = NAMED_BUDGETS[DEFAULT_BUDGET]
    evaluator: str = "search"

    @property
    def first(self) -> int:
        return max(1, self.samples // 4)

    @staticmethod
    def parse(text: str | int | None) -> Budget:
        """'quick', 'normal', 'deep' or a number of search iterations ('2000': its candidates
        valued by rollouts in proportion, 6 per candidate at 2000, 1 to 16); or the rollout
        evaluator: 'rollout', 'rollout:quick' or 'rollout:N' (N rollouts per option). A clear
        ValueError for anything else."""
        if text is None or text == "":
            text = DEFAULT_BUDGET
        key = str(text).strip().lower()
        if key == "rollout" or key.startswith("rollout:"):
            sub = key.partition(":")[2] or DEFAULT_BUDGET
            if re.fullmatch(r"\d+", sub):
                n = int(sub)
                if not 1 <= n <= MAX_SAMPLES:
                    raise ValueError(refusal("a rollout budget counts rollouts per option: 1..%(most)s, not %(n)s",
                                             most=MAX_SAMPLES, n=n))
                return Budget(samples=n, keep=max(3, min(8, n)), name=f"rollout:{n}", evaluator="rollout")
            if sub not in NAMED_ROLLOUTS:
                # i18n: %(named)s and rollout:N are typed as they are
                raise ValueError(refusal("unknown rollout budget %(text)s: use %(named)s or rollout:N rollouts per "
                                         "option (1..%(most)s)", text=repr(text),
                                         named="rollout:" + "|".join(NAMED_ROLLOUTS), most=MAX_SAMPLES))
            samples, keep = NAMED_ROLLOUTS[sub]
            return Budget(samples=samples, keep=keep, name=f"rollout:{sub}", evaluator="rollout")
        if re.fullmatch(r"\d+", key):
            n = int(key)
            if not 1 <= n <= MAX_ITERATIONS:
                raise ValueError(refusal("a budget counts search iterations per decision: 1..%(most)s, not %(n)s",
                                         most=MAX_ITERATIONS, n=n))
            # the rollouts that value the candidates scale with the search: 6 at 2000 (normal)
            samples = max(1, min(16, round(n * NAMED_ROLLOUTS["normal"][0] / NAMED_BUDGETS["normal"])))
            return Budget(samples=samples, keep=3 if n < 1000 else 4, iterations=n, name=str(n))
        if key not in NAMED_BUDGETS:
            # i18n: the budgets' names (quick, normal, deep) and rollout:N are typed as they are
            raise ValueError(refusal("unknown budget %(text)s: use %(named)s, a number of search iterations "
                                     "(1..%(most)s) or rollout:N (greedy rollouts per option)", text=repr(text),
                                     named=", ".join(NAMED_BUDGETS), most=MAX_ITERATIONS))
        samples, keep = NAMED_ROLLOUTS[key]
        return Budget(samples=samples, keep=keep, iterations=NAMED_BUDGETS[key], name=key)

    def __str__(self) -> str:
        if self.name:
            return self.name
        return str(self.iterations) if self.evaluator == "search" else f"rollout:{self.samples}"


@dataclass(frozen=True)
class Estimate:
    """An evaluator's estimate of one option: mean VP margin, win share, and how many
    samples it rests on."""

    value_vp: float
    win_chance: float
    samples: int
    # The evaluator's own order, highest first, where its values alone should not rank the
    # options (the search: visits, its choice being the most visited option). None: by value.
    rank: float | None = None


class Evaluator(Protocol):
    """Estimates each option of `seat`'s pending decision. Must read only what `seat` may
    see (work on `position.resample(seat, ...)`), never change `position`, and give the same
    answer for the same position-as-seen, options, budget and seed. `must` are options that
    need a full estimate even if they look poor (the review's chosen option)."""

    name: str

    def estimate(self, position: Position, seat: int, options: Sequence[Any], budget: Budget,
                 seed: int, must: Sequence[Any] = ()) -> list[Estimate]: ...


@dataclass(frozen=True)
class OptionValue:
    """One ranked option, as the hint and the review show it."""

    action: Any
    text: str  # the action's string form (what `apply` takes)
    label: str  # the title's words for it
    value_vp: float
    win_chance: float
    samples: int

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "label": self.label, "value_vp": round(self.value_vp, 2),
                "win_chance": round(self.win_chance, 3), "samples": self.samples}


@dataclass(frozen=True)
class Analysis:
    """The ranked options of one decision, best first."""

    seat: int
    move: int
    options: list[OptionValue]
    budget: Budget
    evaluator: str
    forced: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def best(self) -> OptionValue:
        return self.options[0]

    def find(self, action: Any) -> OptionValue | None:
        text = str(action)
        for o in self.options:
            if o.text == text:
                return o
        return None

    def as_dict(self) -> dict[str, Any]:
        return {"move": self.move, "seat": self.seat, "forced": self.forced, "budget": str(self.budget),
                "evaluator": self.evaluator, "options": [o.as_dict() for o in self.options]}


def default_evaluator(budget: Budget | None = None) -> Evaluator:
    """The evaluator a budget names: the search bot's (default) or greedy rollouts."""
    if budget is not None and budget.evaluator == "rollout":
        from snowdonia.analysis.rollout import RolloutEvaluator

        return RolloutEvaluator()
    from snowdonia.analysis.searcher import SearchEvaluator

    return SearchEvaluator()


def analyse(position: Position, seat: int | None = None, budget: Budget | str | int | None = None,
            seed: int = 0, evaluator: Evaluator | None = None, must: Sequence[Any] = ()) -> Analysis:
    """Rank the legal options of `seat`'s pending decision, best first. `seat` defaults to
    the deciding seat; ValueError when the game is over or it is not `seat`'s decision."""
    decider = position.current_player
    if decider is None:
        raise ValueError("the game is over: there is nothing to decide")
    if seat is None:
        seat = decider
    if seat != decider:
        raise ValueError(f"it is not seat {seat + 1}'s decision (seat {decider + 1} decides)")
    b = budget if isinstance(budget, Budget) else Budget.parse(budget)
    legal = list(position.legal_actions())
    words = position.title.words
    ev = evaluator or default_evaluator(b)
    if len(legal) == 1:
        only = legal[0]
        return Analysis(seat, position.moves, [_option(position, words, only, Estimate(0.0, 0.0, 0))],
                        b, ev.name, forced=True)
    estimates = ev.estimate(position, seat, legal, b, seed, must)
    if len(estimates) != len(legal):
        raise RuntimeError(f"evaluator {ev.name} gave {len(estimates)} estimates for {len(legal)} options")
    if any(e.rank is not None for e in estimates):
        # The evaluator's order (the search: most visited first), then by value.
        order = sorted(range(len(legal)), key=lambda i: (-(estimates[i].rank or 0.0), -estimates[i].value_vp,
                                                         -estimates[i].win_chance, i))
    else:
        # Options the first pass kept (fully sampled) rank above those it dropped.
        full = max(e.samples for e in estimates)
        order = sorted(range(len(legal)), key=lambda i: (estimates[i].samples < full, -estimates[i].value_vp,
                                                         -estimates[i].win_chance, i))
    options = [_option(position, words, legal[i], estimates[i]) for i in order]
    return Analysis(seat, position.moves, options, b, ev.name)


def _option(position: Position, words: Any, action: Any, e: Estimate) -> OptionValue:
    return OptionValue(action, str(action), words.action(position, action), e.value_vp, e.win_chance, e.samples)


Progress = Callable[[int, int], None]
