"""The resumable machine every rule module plugs into.

A turn is a stack of small steps (`State.tasks`, tuples, last first). `advance` runs steps
until a player has a real choice to make or the game is over; a step either does its work
at once (pushing further steps) or poses a decision by `offer`. A decision whose only option
is one action is taken automatically, so every decision a player is shown is a real one.
The rule modules register their steps (`@task`), the options of their decisions
(`@options`) and what an answer does (`@answer`); nothing here knows a rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from mypy_extensions import mypyc_attr

from snowdonia.core.errors import IllegalAction, refusal
from snowdonia.core.rng import randbelow
from snowdonia.games.foothills.rules.actions import FAction
from snowdonia.games.foothills.rules.decisions import DECISIONS
from snowdonia.games.foothills.rules.state import NONE, State

Step = Callable[[State, tuple[Any, ...]], None]
Options = Callable[[State, tuple[Any, ...]], list[FAction]]
Answer = Callable[[State, FAction, tuple[Any, ...]], None]

TASKS: Final[dict[str, Step]] = {}
OPTIONS: Final[dict[str, Options]] = {}
ANSWERS: Final[dict[str, Answer]] = {}


def task(name: str) -> Callable[[Step], Step]:
    def reg(fn: Step) -> Step:
        TASKS[name] = fn
        return fn
    return reg


def options(kind: str) -> Callable[[Options], Options]:
    def reg(fn: Options) -> Options:
        OPTIONS[kind] = fn
        return fn
    return reg


def answer(kind: str) -> Callable[[Answer], Answer]:
    def reg(fn: Answer) -> Answer:
        ANSWERS[kind] = fn
        return fn
    return reg


def then(g: State, *steps: tuple[Any, ...]) -> None:
    """Schedule steps to run next, in the order given (before anything already scheduled)."""
    tasks = g.tasks
    for i in range(len(steps) - 1, -1, -1):
        tasks.append(steps[i])


def offer(g: State, kind: str, ctx: tuple[Any, ...] = (), who: int | None = None) -> bool:
    """Pose a decision if it has any option; False (and nothing posed) when it has none,
    which is how a part of an action that cannot be carried out is left out."""
    g.decision = kind
    g.decider = g.player if who is None else who
    g.ctx = ctx
    legal = OPTIONS[kind](g, ctx)
    if not legal:
        g.decision = None
        g._legal = None
        return False
    g._legal = legal
    return True


def log(g: State, type_: str, seat: int | None, **data: Any) -> None:
    """A public, JSON-safe log event (dropped in clones made for search)."""
    if g.journal is not None:
        # "move": decisions applied when it happened; "round": the turn number (a Foothills
        # round is one turn), so every title's log groups and replays the same way.
        g.journal.append({"type": type_, "seat": seat, **data, "move": g.n_moves, "round": g.turn})


def legal_actions(g: State) -> list[FAction]:
    if g.over or g.decision is None:
        return []
    cached = g._legal
    if cached is None:
        cached = OPTIONS[g.decision](g, g.ctx)
        g._legal = cached
    return list(cached)


def advance(g: State) -> None:
    """Run automatic steps until a real decision is pending or the game is over."""
    while True:
        if g.over:
            g.decision = None
            g.decider = NONE
            g._legal = None
            g.tasks.clear()
            return
        if g.decision is not None:
            legal = g._legal if g._legal is not None else legal_actions(g)
            if len(legal) > 1:
                return
            _answer(g, legal[0])
            continue
        if not g.tasks:
            raise AssertionError("the turn machine ran out of steps before the game ended")
        step = g.tasks.pop()
        TASKS[step[0]](g, step)


def _answer(g: State, action: FAction) -> None:
    kind = g.decision
    ctx = g.ctx
    assert kind is not None
    g.decision = None
    g._legal = None
    g.ctx = ()
    if action.kind == "pass":
        if g.journal is not None:
            log(g, "pass", g.decider, decision=kind)
    ANSWERS[kind](g, action, ctx)


def apply(g: State, action: FAction) -> None:
    """Apply a decision after checking it is legal; IllegalAction leaves the game unchanged."""
    if g.over:
        raise IllegalAction(f"the game is over; no action is legal (got {action})")
    legal = legal_actions(g)
    if action not in legal:
        assert g.decision is not None
        reason = explain(g, action)
        raise IllegalAction(
            f"{action} is not legal now: {seat_name(g, g.decider)} must decide "
            f"'{DECISIONS[g.decision].prompt}' ({reason}). "
            f"Legal: {', '.join(str(a) for a in legal)}", reason)
    step(g, action)


def step(g: State, action: FAction) -> None:
    """Apply a decision known to be legal (the fast path for search)."""
    g.n_moves += 1
    _answer(g, action)
    advance(g)


def seat_name(g: State, p: int) -> str:
    return f"seat {p} ({g.cfg.colours[p]})"


def explain(g: State, action: FAction) -> str:
    """Why an action is refused, in words."""
    kind = g.decision or ""
    wanted = DECISIONS[kind].actions if kind in DECISIONS else ()
    if action.kind not in wanted:
        return refusal("a %(kind)s action does not answer this decision; it wants %(wanted)s",
                       kind="'" + str(action.kind) + "'", wanted=" or ".join(wanted))
    why = {
        "card": refusal("that card is not in your action bar, or nothing of its visible action can be carried out now"),
        "take": refusal("the stockyard does not hold those resources, or that is more than this action takes"),
        "rubble": refusal("that railway is not in play or has no rubble (or is not one of your ticket railways)"),
        "track": refusal("that railway has no free track space, or you cannot pay or have no marker left"),
        "stone": refusal("you lack the rubble for the swap, or there is no stone there"),
        "iron": refusal("there is no iron there, or this decision is not about iron"),
        "build": refusal("that station is not available (rubble, built, order) or you cannot pay that way"),
        "surveyor": refusal("that action space is not available to you now"),
        "pub": refusal("you cannot use the Pub now (your scoring pile is full or your surveyor is there)"),
        "score": refusal("that card is not in your action bar"),
        "replace": refusal("that card is not a replacement of the right category in the supply"),
        "flip": refusal("that card is not one you may flip now"),
        "pass": refusal("this choice cannot be declined now"),
    }
    return why.get(action.kind, refusal("not among the options"))


@mypyc_attr(allow_interpreted_subclasses=True)
class Engine(State):
    """The protocol's hot methods (`is_over`, `current_player`, `legal_actions`, `step`) as
    methods of a compiled class, which game.py's FoothillsGame extends: a search calls them for
    every step, and methods of the interpreted FoothillsGame would each run an interpreted frame."""

    __slots__ = ()

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        return None if self.over else self.decider

    def legal_actions(self) -> list[FAction]:
        """The options of the pending decision, in a fixed order."""
        return legal_actions(self)

    def step(self, action: FAction) -> None:
        """Apply an action taken from `legal_actions` without checking or recording it."""
        step(self, action)

    def playout(self, rng: random.Random, depth: int | None = None) -> int:
        """`Position.playout` compiled: the same draws and steps, without a protocol call
        per step."""
        steps = 0
        while not self.over and (depth is None or steps < depth):
            legal = legal_actions(self)
            step(self, legal[randbelow(rng, len(legal))])
            steps += 1
        return steps

    def search_playout(self, rng: random.Random, depth: int) -> int:
        """`Position.search_playout` compiled: the same draws (none for a forced decision) and
        steps."""
        steps = 0
        while steps < depth and not self.over:
            legal = legal_actions(self)
            n = len(legal)
            step(self, legal[0] if n == 1 else legal[randbelow(rng, n)])
            steps += 1
        return steps
