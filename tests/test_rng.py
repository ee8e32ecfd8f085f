"""The seeded generator (core/rng.py): its two forms -- one 64-bit integer, and the 32-bit
halves the compiled engine uses -- give the same numbers bit for bit, so golden records hold
on both builds."""

from __future__ import annotations

import random

from snowdonia.core import rng

_MASK = (1 << 64) - 1


def _reference_below(state: int, n: int) -> tuple[int, int]:
    state, z = rng.next_u64(state)
    return state, (z * n) >> 64


def _edge_states() -> list[int]:
    r = random.Random(18)
    return [0, 1, _MASK, 1 << 63, (1 << 32) - 1, 1 << 32, rng._GOLDEN, (1 << 64) - rng._GOLDEN,
            *(r.getrandbits(64) for _ in range(3000))]


def test_splitmix64_known_output() -> None:
    # SplitMix64 (Steele, Lea & Flood 2014) from state 0: the published first output.
    state, z = rng.next_u64(0)
    assert state == 0x9E3779B97F4A7C15
    assert z == 0xE220A8397B1DCDAF


def test_halves_step_matches_the_one_integer_generator() -> None:
    for s in _edge_states():
        sh, sl, zh, zl = rng._step(s >> 32, s & 0xFFFFFFFF)
        assert ((sh << 32) | sl, (zh << 32) | zl) == rng.next_u64(s), hex(s)


def test_halves_scale_matches_the_multiply_shift() -> None:
    r = random.Random(7)
    for _ in range(3000):
        z = r.getrandbits(64)
        for n in (1, 2, 3, 37, 200, (1 << 28) - 1, 1 << 28, 1 << 40, 10**30):
            assert rng._scale(z >> 32, z & 0xFFFFFFFF, n) == (z * n) >> 64


def test_below_and_shuffle_match_the_reference() -> None:
    r = random.Random(3)
    for s in _edge_states()[:500]:
        for n in (1, 5, 37, 199):
            state, v = rng.below(s, n)
            assert (state, v) == _reference_below(s, n)
            assert 0 <= v < n
    for _ in range(300):
        items = list(range(r.randrange(0, 60)))
        expected = items[:]
        s = state = r.getrandbits(64)
        for i in range(len(expected) - 1, 0, -1):
            state, j = _reference_below(state, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert rng.shuffle(s, items) == state
        assert items == expected
