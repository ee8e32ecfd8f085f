"""Configurations the adapter tests run over: every registered title, every scenario, every
player count it allows (`snowdonia.registry.names()`), so a new title is tested with no
change here."""

from __future__ import annotations

import random
from typing import Any

from snowdonia.registry import names, title


def configurations() -> list[tuple[str, str, int]]:
    """(game, scenario, players) for every title, scenario and player count."""
    return [(n, sc.key, p) for n in names() for sc in title(n).scenarios for p in sc.players]


def scenarios() -> list[tuple[str, str]]:
    return [(n, sc.key) for n in names() for sc in title(n).scenarios]


def two_or_more(game: str, scenario: str) -> int:
    """The smallest player count of a scenario with an opponent (else its only count)."""
    counts = title(game).scenario(scenario).players
    return min((p for p in counts if p >= 2), default=counts[0])


def ids(config: tuple[Any, ...]) -> str:
    return "-".join(map(str, config))


def play_random(state: Any, rng: random.Random) -> Any:
    """Play an OpenSpiel state to the end: chance by its probabilities, players at random."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def play_partway(state: Any, rng: random.Random, decisions: int) -> Any:
    while decisions and not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions -= 1
    return state
