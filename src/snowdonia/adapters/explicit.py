"""A game of any title whose randomness arrives from outside, one chance outcome at a time:
the explicit-chance driver behind the OpenSpiel adapter.

The engine asks `Position.chance` (core/chance.py) for every random pick when it is set. A
chance model (`core.chance.ChanceModel`: the title's own, or `PublicChance` here) gives a
hook that answers from the outcomes chosen so far and, when they run out, raises
`NeedChance` with the true distribution of the next pick. A decision (or the set-up,
`Title.new_chance_game`) is therefore applied to a copy of the position, replayed from its
start each time one more outcome is known; the partial copy is thrown away until the step
completes. Replaying keeps every engine free of resumable-randomness machinery.

`PublicChance` is the model for titles whose every random pick is public when it happens:
each pick is a chance node with the weights' probabilities (outcome i: weights[i] /
sum(weights)), each arrangement a sequence of uniform picks, one per position, of the items
not yet placed (equal items merged into one outcome with their count's probability).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from snowdonia.adapters.common import Setup, returns, score_range
from snowdonia.core.chance import ChanceHook, ChanceModel, NeedChance
from snowdonia.core.errors import IllegalAction
from snowdonia.core.protocol import Position, Title
from snowdonia.core.rng import seed_state, shuffle, weighted

GENERIC_MAX_OUTCOMES = 256  # outcome ids of the generic model: an index into a pick's weights or a pile


class _PublicReplay:
    """The generic model's hook: outcome ids are indices (into a pick's weights, or into the
    pile as it was before it was arranged)."""

    __slots__ = ("queue", "pos")

    def __init__(self, queue: Sequence[int]) -> None:
        self.queue = queue
        self.pos = 0

    def _choose(self, what: str, options: list[tuple[int, int, str]]) -> int:
        if len(options) == 1:
            return options[0][0]
        if self.pos < len(self.queue):
            o = self.queue[self.pos]
            if not any(o == x for x, _, _ in options):
                raise IllegalAction(f"chance outcome {o} is impossible at the {what} pick")
            self.pos += 1
            return o
        ordered = sorted(options)
        if ordered[-1][0] >= GENERIC_MAX_OUTCOMES:
            raise ValueError(f"the {what} pick has outcome ids up to {ordered[-1][0]}, beyond the generic "
                             f"chance model's {GENERIC_MAX_OUTCOMES}: give the title its own chance model")
        total = sum(w for _, w, _ in ordered)
        raise NeedChance(what, tuple((o, w / total) for o, w, _ in ordered), tuple(n for _, _, n in ordered))

    def pick(self, g: Any, what: str, weights: tuple[int, ...]) -> int:
        return self._choose(what, [(i, w, f"{what}:{i}") for i, w in enumerate(weights) if w > 0])

    def arrange(self, g: Any, what: str, items: list[int]) -> None:
        original = items[:]
        first: dict[int, int] = {}
        for i, v in enumerate(original):
            first.setdefault(v, i)
        for k in range(len(items) - 1):
            counts: dict[int, int] = {}
            for v in items[k:]:
                counts[v] = counts.get(v, 0) + 1
            o = self._choose(what, [(first[v], c, f"{what}[{k}]:{v}") for v, c in counts.items()])
            j = items.index(original[o], k)
            items[k], items[j] = items[j], items[k]


class _PublicFollow(_PublicReplay):
    """Makes the engine generator's own draws for a seed (`core.rng.weighted` for a pick,
    `core.rng.shuffle` for an arrangement, from `seed_state(seed)`) and notes them as the
    generic model's outcome ids."""

    __slots__ = ("rng", "forced", "record")

    def __init__(self, seed: int) -> None:
        super().__init__([])
        self.rng = seed_state(seed)
        self.forced: list[int] = []
        self.record: list[int] = []

    def _choose(self, what: str, options: list[tuple[int, int, str]]) -> int:
        o = self.forced.pop(0)
        if not any(o == x for x, _, _ in options):
            raise AssertionError(f"outcome {o} is not among the {what} outcomes")
        if len(options) > 1:
            self.record.append(o)
        return o

    def pick(self, g: Any, what: str, weights: tuple[int, ...]) -> int:
        self.rng, i = weighted(self.rng, weights)
        self.forced.append(i)
        return super().pick(g, what, weights)

    def arrange(self, g: Any, what: str, items: list[int]) -> None:
        order = items[:]
        self.rng = shuffle(self.rng, order)
        first: dict[int, int] = {}
        for i, v in enumerate(items):
            first.setdefault(v, i)
        self.forced += [first[v] for v in order[:-1]]
        super().arrange(g, what, items)
        assert items == order


class PublicChance:
    """The generic chance model (`core.chance.ChanceModel`) for titles whose randomness is
    all public when it happens."""

    def max_outcomes(self, players: int, scenario: str, settings: dict[str, Any]) -> int:
        return GENERIC_MAX_OUTCOMES

    def replay(self, chosen: Sequence[int]) -> ChanceHook:
        return _PublicReplay(chosen)

    def follow(self, seed: int) -> _PublicFollow:
        return _PublicFollow(seed)

    def outcome_name(self, outcome: int) -> str:
        return f"outcome:{outcome}"


PUBLIC = PublicChance()


def chance_model(t: Title) -> ChanceModel:
    """The title's own chance model, else the generic one."""
    own = t.chance_model()
    if own is None:
        return PUBLIC
    if not isinstance(own, ChanceModel):
        raise TypeError(f"{t.name}'s chance_model() is not a core.chance.ChanceModel")
    return own


class Token(NamedTuple):
    """One step of the game as players saw it: its text and who saw it (-1 = everyone,
    -2 = nobody any more, after a resample for another seat)."""

    seen_by: int
    text: str


class Table:
    """The chance-driven game. `need` is set while a step waits for a chance outcome; the
    position is then the one before the step (None before the set-up is complete)."""

    __slots__ = ("setup", "model", "position", "base", "step", "pending", "need", "trace", "tokens",
                 "resamples")

    setup: Setup
    model: ChanceModel
    position: Position | None
    base: Position | None
    step: int | None  # action id being applied; None = the set-up
    pending: list[int]
    need: NeedChance | None
    trace: list[int]  # every decision and chance outcome so far (what a replay needs)
    tokens: list[Token]
    resamples: list[tuple[int, int, int]]  # (trace length, seat, seed): replayable resamples

    @classmethod
    def new(cls, setup: Setup, model: ChanceModel | None = None) -> Table:
        t = cls()
        t.setup = setup
        t.model = model if model is not None else chance_model(setup.title)
        t.position = t.base = t.need = None
        t.step = None
        t.pending = []
        t.trace = []
        t.tokens = []
        t.resamples = []
        t._run()
        return t

    def copy(self) -> Table:
        t = Table.__new__(Table)
        t.setup = self.setup
        t.model = self.model
        t.position = self.position.clone() if self.position is not None else None
        t.base = self.base  # never mutated: every replay clones it
        t.step = self.step
        t.pending = self.pending[:]
        t.need = self.need
        t.trace = self.trace[:]
        t.tokens = self.tokens[:]
        t.resamples = self.resamples[:]
        return t

    # ------------------------------------------------------------------ turn structure
    @property
    def is_chance(self) -> bool:
        return self.need is not None

    @property
    def is_over(self) -> bool:
        return self.need is None and self.position is not None and self.position.is_over

    @property
    def current_player(self) -> int | None:
        """The seat to decide (None at a chance node or at the end)."""
        if self.need is not None or self.position is None:
            return None
        return self.position.current_player

    def legal_ids(self) -> list[int]:
        pos = self.position
        if self.need is not None or pos is None or pos.is_over:
            return []
        cat = self.setup.title.catalogue()
        return sorted(cat.id(a) for a in pos.legal_actions())

    def action_text(self, action_id: int) -> str:
        return str(self.setup.title.catalogue().from_id(action_id))

    def chance_label(self, outcome: int) -> str:
        need = self.need
        if need is not None:
            for (o, _), label in zip(need.outcomes, need.labels, strict=True):
                if o == outcome:
                    return label
        return self.model.outcome_name(outcome)

    def apply_decision(self, action_id: int) -> None:
        pos = self.position
        if self.need is not None or pos is None or pos.is_over:
            raise IllegalAction("no player decision is pending")
        if action_id not in self.legal_ids():
            raise IllegalAction(f"action {action_id} is not legal now")
        self.tokens.append(Token(-1, f"p{pos.current_player}:{self.action_text(action_id)}"))
        self.trace.append(action_id)
        self.base = pos
        self.step = action_id
        self.pending = []
        self._run()

    def apply_chance(self, outcome: int) -> None:
        need = self.need
        if need is None:
            raise IllegalAction("no chance event is pending")
        if not any(outcome == o for o, _ in need.outcomes):
            raise IllegalAction(f"chance outcome {outcome} is not possible now")
        self.tokens.append(Token(need.private, self.chance_label(outcome)))
        self.trace.append(outcome)
        self.pending.append(outcome)
        self._run()

    def _run(self) -> None:
        s = self.setup
        hook = self.model.replay(self.pending)
        try:
            if self.step is None:
                pos = s.title.new_chance_game(s.players, hook, s.scenario, **s.settings)
            else:
                assert self.base is not None
                pos = self.base.clone()
                pos.chance = hook
                pos.apply(s.title.catalogue().from_id(self.step))
        except NeedChance as need:
            # Drop the traceback: it would keep the abandoned partial position alive.
            self.need = need.with_traceback(None)
            return
        pos.chance = None  # a spent hook; the position is complete
        self.position = pos
        self.base = None
        self.need = None
        self.pending = []

    # ------------------------------------------------------------------ results
    def returns(self, mode: str) -> list[float]:
        if not self.is_over:
            return [0.0] * self.setup.players
        assert self.position is not None
        span = score_range(self.setup.encoder()) if mode == "margin" else 1.0
        return returns(self.position.outcome(), self.setup.players, mode, span)

    @staticmethod
    def replay(setup: Setup, trace: Sequence[int], resamples: Sequence[tuple[int, int, int]] = (),
               model: ChanceModel | None = None) -> Table:
        """The table reached by applying `trace` (decisions and chance outcomes) in order,
        with the resamples made along the way (`resample`) redone at the same points."""
        t = Table.new(setup, model)
        todo = list(resamples)
        for i, a in enumerate([*trace, None]):
            while todo and todo[0][0] == i:
                _, seat, seed = todo.pop(0)
                t.resample(seat, seed)
            if a is None:
                break
            if t.is_chance:
                t.apply_chance(a)
            else:
                t.apply_decision(a)
        return t

    def resample(self, seat: int, seed: int) -> None:
        """Replace the hidden part of the position by another one consistent with what
        `seat` knows (`Position.resample`). Outcomes hidden from `seat` no longer describe
        this world, so they are hidden from everyone. Only at a decision: a step in progress
        has no resample."""
        pos = self.position
        if self.need is not None or pos is None or pos.is_over:
            return
        self.position = pos.resample(seat, seed)
        self.position.chance = None
        self.tokens = [tk if tk.seen_by in (-1, seat) else Token(-2, "?") for tk in self.tokens]
        self.resamples.append((len(self.trace), seat, seed))


def seeded_trace(setup: Setup, seed: int, decisions: Sequence[str],
                 model: ChanceModel | None = None) -> tuple[list[int], Position]:
    """The explicit-chance trace (decision ids and chance outcome ids, interleaved as an
    OpenSpiel history) of the engine game `setup.new_game(seed)` played with `decisions`
    (action texts), and that game replayed through the chance model's follower. It lets a
    seeded game, a record say, be replayed in OpenSpiel, and checks that the adapters and
    the engine agree move for move."""
    m = model if model is not None else chance_model(setup.title)
    hook = m.follow(seed)
    t = setup.title
    pos = t.new_chance_game(setup.players, hook, setup.scenario, **setup.settings)
    trace = hook.record[:]
    cat = t.catalogue()
    for text in decisions:
        act = cat.parse(text)
        done = len(hook.record)
        pos.apply(act)
        trace += [cat.id(act), *hook.record[done:]]
    return trace, pos
