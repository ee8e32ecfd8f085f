"""Where randomness can be intercepted.

Every title draws its random numbers from `snowdonia.core.rng` with the generator state kept
as one int in the position. A position also has a `chance` attribute: None in every game
the engine runs itself. The OpenSpiel adapter sets a hook there, and then each random pick
becomes an explicit chance outcome instead of a draw from the generator.
"""

from __future__ import annotations

from typing import Any, Protocol


class ChanceHook(Protocol):
    def pick(self, g: Any, what: str, weights: tuple[int, ...]) -> int:
        """Index i with probability weights[i] / sum(weights). `what` names the draw (for
        example "bag"), so the adapter can name the outcome."""
        ...

    def arrange(self, g: Any, what: str, items: list[int]) -> None:
        """Reorder `items` in place instead of shuffling them; `what` names the pile."""
        ...
