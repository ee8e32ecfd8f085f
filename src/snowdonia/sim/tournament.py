"""Round-robin tournaments: which lineups play, in which seats, with which seeds."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Any

from snowdonia.core.errors import refusal
from snowdonia.sim.runner import GameSpec


def lineups(bots: list[str], players: int) -> list[tuple[str, ...]]:
    """Every table of `players` seats the round robin uses.

    With at least as many bots as seats: every set of distinct bots. With fewer bots than
    seats: every multiset in which each bot sits at least once (so 2 bots at 3 players
    gives a,a,b and a,b,b)."""
    if not bots:
        raise ValueError(refusal("name at least one bot"))
    if len(set(bots)) != len(bots):
        raise ValueError(refusal("bots are listed twice: %(bots)s", bots=str(bots)))
    if len(bots) >= players:
        return list(combinations(bots, players))
    return [c for c in combinations_with_replacement(bots, players) if set(c) == set(bots)]


def schedule(bots: list[str], players: int, games: int, seed: int,
             settings: dict[str, Any] | None = None, game: str = "snowdonia",
             scenario: str | None = None) -> list[GameSpec]:
    """`games` games: blocks of `players` games, one per seat rotation of a lineup, all with
    the same seed (so each bot meets the same deal from every seat), cycling through the
    lineups. A multiple of players x lineups gives every bot every seat equally often."""
    tables = lineups(bots, players)
    specs = []
    for i in range(games):
        block, rot = divmod(i, players)
        table = tables[block % len(tables)]
        seats = tuple(table[(s - rot) % players] for s in range(players))
        specs.append(GameSpec(seats, seed + block, dict(settings or {}), index=i, game=game, scenario=scenario))
    return specs
