"""Seeded randomness shared by every title.

A tiny SplitMix64 generator kept as one integer: cloning a game copies the int, which is
what makes `Game.clone()` cheap, and the sequence is fixed by this code alone (not by
the Python version's `random` module), which keeps golden records valid across versions.
"""

from __future__ import annotations

import random
from types import FunctionType
from typing import Final

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_M32: Final = 0xFFFFFFFF


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
    if _HALVES:
        sh, sl, zh, zl = _step(state >> 32, state & 0xFFFFFFFF)
        return (sh << 32) | sl, _scale(zh, zl, n)
    state, z = next_u64(state)
    # Multiply-shift keeps the bias below 2**-40 for any n this game needs (< 200).
    return state, (z * n) >> 64


def shuffle(state: int, items: list[int]) -> int:
    """Fisher-Yates shuffle in place; returns the new state."""
    if _HALVES:
        sh, sl = state >> 32, state & 0xFFFFFFFF
        for i in range(len(items) - 1, 0, -1):
            sh, sl, zh, zl = _step(sh, sl)
            j = _scale(zh, zl, i + 1)
            items[i], items[j] = items[j], items[i]
        return (sh << 32) | sl
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


# The same generator in 32-bit halves, for the compiled engine: every intermediate value stays
# below 2**62, so mypyc computes with machine words instead of Python long objects (a 64-bit
# value does not fit its tagged integers, and it multiplies them without overflow checks only
# below 2**30) -- several times faster there, and four times slower
# when interpreted, hence `_HALVES`. The same numbers bit for bit: tests/test_rng.py checks
# the halves against the one-integer formulas above on both builds.


def _mul(zh: int, zl: int, m3: int, m2: int, m1: int, m0: int) -> tuple[int, int]:
    """(z * m) mod 2**64 for z = zh:zl and the constant m given as four 16-bit pieces, by
    16-bit pieces (the compiled engine multiplies machine words only below 2**30)."""
    z0 = zl & 0xFFFF
    z1 = zl >> 16
    z2 = zh & 0xFFFF
    z3 = zh >> 16
    c0 = z0 * m0
    c1 = z0 * m1 + z1 * m0
    c2 = z0 * m2 + z1 * m1 + z2 * m0
    c3 = z0 * m3 + z1 * m2 + z2 * m1 + z3 * m0
    low = c0 + ((c1 & 0xFFFF) << 16)
    high = (low >> 32) + (c1 >> 16) + c2 + ((c3 & 0xFFFF) << 16)
    return high & 0xFFFFFFFF, low & 0xFFFFFFFF


def _step(sh: int, sl: int) -> tuple[int, int, int, int]:
    """`next_u64` on a state in halves: (new state high, low, output high, low)."""
    sl += 0x7F4A7C15  # + _GOLDEN
    sh = (sh + 0x9E3779B9 + (sl >> 32)) & 0xFFFFFFFF
    sl &= 0xFFFFFFFF
    zl = sl ^ (((sh << 2) | (sl >> 30)) & 0xFFFFFFFF)  # z ^ (z >> 30)
    zh = sh ^ (sh >> 30)
    zh, zl = _mul(zh, zl, 0xBF58, 0x476D, 0x1CE4, 0xE5B9)  # * 0xBF58476D1CE4E5B9
    zl ^= ((zh << 5) | (zl >> 27)) & 0xFFFFFFFF  # z ^ (z >> 27)
    zh ^= zh >> 27
    zh, zl = _mul(zh, zl, 0x94D0, 0x49BB, 0x1331, 0x11EB)  # * 0x94D049BB133111EB
    zl ^= ((zh << 1) | (zl >> 31)) & 0xFFFFFFFF  # z ^ (z >> 31)
    zh ^= zh >> 31
    return sh, sl, zh, zl


def _scale(zh: int, zl: int, n: int) -> int:
    """(z * n) >> 64 for the 64-bit z = zh:zl: the multiply-shift of `below`, by 16-bit
    pieces of z with the carries of a long multiplication."""
    if n < 0x10000000:
        c = (zl & 0xFFFF) * n
        c = (zl >> 16) * n + (c >> 16)
        c = (zh & 0xFFFF) * n + (c >> 16)
        c = (zh >> 16) * n + (c >> 16)
        return c >> 16
    return (((zh << 32) | zl) * n) >> 64


# True when this module runs compiled (its functions are then not Python function objects).
_HALVES: Final = not isinstance(seed_state, FunctionType)


def randbelow(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)` for n >= 1, the very same draws (CPython's `_randbelow` with
    `getrandbits`), without two interpreted frames per call: the search playouts' draw
    (bots/mcts.py, `Position.playout`)."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def weighted(state: int, weights: tuple[int, ...] | list[int]) -> tuple[int, int]:
    """Return (new_state, index i) with probability weights[i] / sum(weights): one draw from a
    bag holding weights[i] pieces of kind i. The sum must be positive."""
    state, r = below(state, sum(weights))
    for i, w in enumerate(weights):
        if r < w:
            return state, i
        r -= w
    raise AssertionError("unreachable: r < sum(weights)")
