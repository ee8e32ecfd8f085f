"""Where randomness can be intercepted.

Every title draws its random numbers from `snowdonia.core.rng` with the generator state kept
as one int in the position. A position also has a `chance` attribute: None in every game
the engine runs itself. The research adapters set a hook there (and set a game up with one
through `Title.new_chance_game`), and then each random pick becomes an explicit chance
outcome instead of a draw from the generator.

The engine's own draw, when no hook is set, is the generator's: a pick is
`core.rng.weighted(state, weights)`, an arrangement `core.rng.shuffle(state, items)`, from
`core.rng.seed_state(seed)` at set-up. A title that keeps to this (and every built-in one
does) can be driven by the adapters' generic chance model, and a seeded game of it can be
re-expressed as chance outcomes; one that draws differently brings its own `ChanceModel`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


class ChanceHook(Protocol):
    def pick(self, g: Any, what: str, weights: tuple[int, ...]) -> int:
        """Index i with probability weights[i] / sum(weights). `what` names the draw (for
        example "bag"), so the adapter can name the outcome."""
        ...

    def arrange(self, g: Any, what: str, items: list[int]) -> None:
        """Reorder `items` in place instead of shuffling them; `what` names the pile."""
        ...


class NeedChance(Exception):
    """Raised by a replaying hook when the outcomes chosen so far run out: the next random
    pick, as a chance node. `outcomes` are (outcome id, probability) sorted by id, `labels`
    their names in the same order, `private` the one seat that sees the outcome (-1: all)."""

    def __init__(self, what: str, outcomes: tuple[tuple[int, float], ...], labels: tuple[str, ...],
                 private: int = -1) -> None:
        super().__init__(what)
        self.what = what
        self.outcomes = outcomes
        self.labels = labels
        self.private = private


class Follower(ChanceHook, Protocol):
    """A hook that makes exactly the picks the engine's generator makes for one seed, and
    notes each chance node's outcome id in `record` (single-outcome picks are no nodes)."""

    record: list[int]


@runtime_checkable
class ChanceModel(Protocol):
    """A title's explicit chance model for the research adapters (`Title.chance_model()`).
    Titles whose every random pick is public when it happens need none: the adapters'
    generic model makes each pick a chance node with the weights' probabilities."""

    def max_outcomes(self, players: int, scenario: str, settings: dict[str, Any]) -> int:
        """Chance outcome ids of this configuration lie in 0 .. max_outcomes - 1."""
        ...

    def replay(self, chosen: Sequence[int]) -> ChanceHook:
        """A hook that answers the engine's random picks with `chosen`, in order, resolves a
        pick with a single possible outcome without using one, and raises `NeedChance` with
        the next pick's true distribution when `chosen` runs out (IllegalAction if a chosen
        outcome is impossible there)."""
        ...

    def follow(self, seed: int) -> Follower:
        """A hook replaying the engine's own draws for `seed` (see `Follower`)."""
        ...

    def outcome_name(self, outcome: int) -> str:
        """A name for an outcome id out of context (at a chance node, its label is used)."""
        ...
