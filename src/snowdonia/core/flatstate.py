"""Cheap copies of a flat game state (Catanatron's habit): a position is a `__slots__` class of
ints, bools, strings, tuples and flat lists, and its copy is generated once from the slot
names - one assignment per scalar, one slice per list, no deep copy, no loop at run time."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


def make_copy_into(scalars: Iterable[str], lists: Iterable[str],
                   dropped: Iterable[str] = ("journal",)) -> Callable[[Any, Any], None]:
    """`copy_into(self, other)` copying every slot: scalars (and immutable tuples) by
    reference, lists by one slice each; the `dropped` slots (the log) become None, since a
    copy made for search does not need them."""
    drop = set(dropped)
    lines = ["def copy_into(self, o):"]
    for s in scalars:
        lines.append(f"    o.{s} = None" if s in drop else f"    o.{s} = self.{s}")
    for s in lists:
        lines.append(f"    o.{s} = self.{s}[:]")
    if len(lines) == 1:
        lines.append("    pass")
    ns: dict[str, Any] = {}
    exec("\n".join(lines), ns)  # noqa: S102 - generated from the slot names a state declares
    fn: Callable[[Any, Any], None] = ns["copy_into"]
    return fn
