"""Seeded randomness shared by every title.

A tiny SplitMix64 generator kept as one integer: cloning a game copies the int, which is
what makes `Game.clone()` cheap, and the sequence is fixed by this code alone (not by
the Python version's `random` module), which keeps golden records valid across versions.
"""

from __future__ import annotations

from typing import Final

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (seed * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, 64-bit output)."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, uniform integer in [0, n)). n must be positive."""
    state, z = next_u64(state)
    # Multiply-shift keeps the bias below 2**-40 for any n this game needs (< 200).
    return state, (z * n) >> 64


def shuffle(state: int, items: list[int]) -> int:
    """Fisher-Yates shuffle in place; returns the new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def weighted(state: int, weights: tuple[int, ...] | list[int]) -> tuple[int, int]:
    """Return (new_state, index i) with probability weights[i] / sum(weights): one draw from a
    bag holding weights[i] pieces of kind i. The sum must be positive."""
    state, r = below(state, sum(weights))
    for i, w in enumerate(weights):
        if r < w:
            return state, i
        r -= w
    raise AssertionError("unreachable: r < sum(weights)")
