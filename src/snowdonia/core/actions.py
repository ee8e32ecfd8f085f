"""Actions: one model shared by the engine, bots, user interfaces and records.

An action is a small immutable tuple `(kind, args)` with a stable string form (what records,
logs and the HTTP API carry) and, within its title's catalogue, a stable integer id (what
OpenSpiel and PettingZoo use). A title subclasses `Action` only to give its kinds their
string forms; everything else here is shared.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Generic, NamedTuple, TypeVar

from snowdonia.core.errors import ActionParseError


class Action(NamedTuple):
    """One decision. `kind` names the decision family; `args` are small ints or strings."""

    kind: str
    args: tuple[int | str, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.kind, *map(str, self.args)])


A = TypeVar("A", bound=Action)


def normalise(text: str) -> str:
    """The canonical spacing of an action's text: single spaces, no ends."""
    return " ".join(text.strip().split())


@dataclass(frozen=True)
class Catalogue(Generic[A]):
    """Every action a title can ever ask for, in a fixed order: the position in this tuple is
    the action's id. Append new actions at the end so existing ids never move."""

    actions: tuple[A, ...]
    index: dict[A, int]
    by_text: dict[str, A]
    forms: dict[str, str] = field(default_factory=dict)  # kind -> shape of its text, for errors

    @staticmethod
    def build(actions: Iterable[A], forms: dict[str, str] | None = None,
              text: Callable[[A], str] = str) -> Catalogue[A]:
        acts = tuple(actions)
        by_text: dict[str, A] = {}
        for a in acts:
            t = text(a)
            if t in by_text:
                raise ValueError(f"two actions share the text {t!r}")
            by_text[t] = a
        index = {a: i for i, a in enumerate(acts)}
        if len(index) != len(acts):
            raise ValueError("an action appears twice in the catalogue")
        return Catalogue(acts, index, by_text, dict(forms or {}))

    def __len__(self) -> int:
        return len(self.actions)

    def parse(self, text: object) -> A:
        """The action whose string form is `text`; ActionParseError says what is wrong."""
        if not isinstance(text, str):
            raise ActionParseError(f"an action must be a string, not {type(text).__name__}")
        norm = normalise(text)
        found = self.by_text.get(norm)
        if found is not None:
            return found
        head = norm.split(" ", 1)[0] if norm else ""
        kinds = sorted({a.kind for a in self.actions})
        if head not in kinds:
            raise ActionParseError(f"unknown action {text!r}: it must start with one of {', '.join(kinds)}")
        raise ActionParseError(f"malformed action {text!r}; {head!r} actions look like: {self.forms.get(head, head)}")

    def id(self, action: A) -> int:
        return self.index[action]

    def from_id(self, action_id: int) -> A:
        if isinstance(action_id, bool) or not isinstance(action_id, int) or not 0 <= action_id < len(self.actions):
            raise ActionParseError(f"action id {action_id!r} is outside 0..{len(self.actions) - 1}")
        return self.actions[action_id]
