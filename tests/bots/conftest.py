"""Helpers the bots' tests share: live positions with a real choice, and everything a search
could disturb in a game."""

from __future__ import annotations

import random
from typing import Any

import snowdonia
from snowdonia.core.protocol import Position


def positions(game: str, scenario: str | None, players: int, seed: int, count: int,
              share: float = 0.3) -> list[Position]:
    """`count` positions with a real choice, spread over a random game (each a live game); a
    decision with a choice is a candidate with probability `share`."""
    rng = random.Random(seed)
    g = snowdonia.new_game(players, seed=seed, game=game, scenario=scenario)
    seen: list[list[str]] = []
    while not g.is_over:
        if len(g.legal_actions()) > 1 and rng.random() < share:
            seen.append(list(g.history))
        g.apply(rng.choice(g.legal_actions()))
    picks = seen[:: max(1, len(seen) // count)][:count]
    out = []
    for hist in picks:
        p = snowdonia.new_game(players, seed=seed, game=game, scenario=scenario)
        for a in hist:
            p.apply(a)
        out.append(p)
    return out


def state(g: Position) -> tuple[Any, ...]:
    """Everything a search could disturb, seen through the protocol: the whole position as
    bytes (generator included), the record, every seat's view and the legal options."""
    return (g.snapshot(), g.record(), [g.observation(s) for s in range(g.players)],
            [str(a) for a in g.legal_actions()], g.log())


def hidden_twins(game: str, scenario: str | None, players: int, seed: int,
                 count: int) -> list[tuple[Position, Position]]:
    """Pairs of live positions that differ only in what the seat to move cannot see (the
    contract deck's order, the bag's future draws: `resample` re-deals exactly those)."""
    out = []
    for g in positions(game, scenario, players, seed, count):
        seat = g.current_player
        assert seat is not None
        other = g.resample(seat, 99)
        assert other.observation(seat) == g.observation(seat)
        out.append((g, other))
    return out


def twins_choose_alike(level: str, game: str, scenario: str | None, players: int, seed: int = 23,
                       count: int = 3) -> int:
    """Assert that two bots of `level` from the same seed make the same choice, with the same
    root statistics, in each pair of `hidden_twins`; returns how many pairs were checked."""
    from snowdonia.bots import make_bot

    checked = 0
    for g, other in hidden_twins(game, scenario, players, seed, count):
        bots = [make_bot(level, 7, game=game) for _ in (0, 1)]
        assert str(bots[0].choose(g)) == str(bots[1].choose(other))
        assert [(str(s.action), s.visits, s.value) for s in bots[0].last_stats] == \
            [(str(s.action), s.visits, s.value) for s in bots[1].last_stats]
        checked += 1
    return checked
