"""The adapters' fast observation paths give exactly the straightforward numbers.

PettingZoo keeps one public buffer per game and adds each seat's private entries to its own
result (`Features.gather`: the usual entries baked into the seat's gather indices, others
written after it); the Gymnasium env gathers from its seat's buffer; masks come from a
cache. Every observation must equal `Features.encode` (a fresh buffer for that seat, then
`transform`) and every mask the legal actions, over random games of every player count
2-5 of both Snowdonia scenarios and Foothills, for the raw and the learning layout. A
digest of the vectors of seeded games, written by the code before these paths, holds the
numbers themselves (raw and learning) unchanged.
"""

from __future__ import annotations

import hashlib
import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from snowdonia.adapters.common import resolve  # noqa: E402
from snowdonia.adapters.features import Features, Options, options  # noqa: E402
from snowdonia.adapters.gymnasium import SeatEnv  # noqa: E402
from snowdonia.adapters.pettingzoo import raw_env  # noqa: E402
from snowdonia.registry import title  # noqa: E402

CONFIGS = [("snowdonia", "mount_snowdon", n) for n in (2, 3, 4, 5)] + \
          [("snowdonia", "blaenau_ffestiniog", n) for n in (2, 3, 4)] + [("foothills", "foothills", 2)]


def _ids(config: tuple[str, str, int]) -> str:
    return "-".join(map(str, config))


def _reference(game: str, scenario: str, players: int, observation: str) -> Features:
    s = resolve(game, players, scenario)
    return Features(s.title, players, s.scenario, s.settings, options(observation))


@pytest.mark.parametrize("observation", ["raw", "learning"])
@pytest.mark.parametrize("config", CONFIGS, ids=_ids)
def test_pettingzoo_observations_and_masks_equal_the_straightforward_computation(
        config: tuple[str, str, int], observation: str) -> None:
    """Every seat's observation, asked in a shuffled order at every step (and some seats
    twice), equals a fresh `Features.encode` for that seat; the acting seat's mask is its
    legal actions, every other seat's is zero; masks handed out are the caller's own."""
    game, scenario, players = config
    e = raw_env(game=game, scenario=scenario, players=players, observation=observation)
    ref = _reference(game, scenario, players, observation)
    cat = title(game).catalogue()
    rng = np.random.default_rng(players)
    steps = 0
    for seed in (11, 12):
        e.reset(seed=seed)
        while not all(e.terminations.values()):
            order = list(e.possible_agents) + list(rng.choice(e.possible_agents, 2))
            rng.shuffle(order)
            for agent in order:
                seat = e.possible_agents.index(agent)
                got = e.observe(agent)
                assert np.array_equal(got["observation"], ref.encode(e.game, seat)), (seed, e.game.moves, agent)
                if agent == e.agent_selection:
                    legal = sorted(cat.id(a) for a in e.game.legal_actions())
                    assert list(np.flatnonzero(got["action_mask"])) == legal
                else:
                    assert not got["action_mask"].any()
            mask = e.observe(e.agent_selection)["action_mask"]
            mask[:] = 0  # the caller's own copy: the env's next mask is unaffected
            mask = e.observe(e.agent_selection)["action_mask"]
            assert mask.any()
            e.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
    assert steps > 40


@pytest.mark.parametrize("observation", ["raw", "learning"])
@pytest.mark.parametrize("config", CONFIGS, ids=_ids)
def test_gymnasium_observations_and_masks_equal_the_straightforward_computation(
        config: tuple[str, str, int], observation: str) -> None:
    game, scenario, players = config
    env = SeatEnv(game=game, scenario=scenario, players=players, seat="random", observation=observation)
    ref = _reference(game, scenario, players, observation)
    cat = title(game).catalogue()
    rng = np.random.default_rng(players + 7)
    steps = 0
    for seed in (21, 22, 23):
        obs, info = env.reset(seed=seed)
        done = False
        while True:
            assert np.array_equal(obs, ref.encode(env.game, env.seat)), (seed, env.game.moves)
            mask = env.action_masks()
            if done:
                assert not mask.any() and not info["action_mask"].any()
                break
            legal = sorted(cat.id(a) for a in env.game.legal_actions())
            assert list(np.flatnonzero(mask)) == legal == list(np.flatnonzero(info["action_mask"]))
            mask[:] = False  # the caller's own copy
            assert env.action_masks().any()
            obs, _, done, _, info = env.step(int(rng.choice(legal)))
            steps += 1
    assert steps > 20


@pytest.mark.parametrize("game, scenario, players", [("snowdonia", "mount_snowdon", 3),
                                                     ("snowdonia", "blaenau_ffestiniog", 4),
                                                     ("foothills", "foothills", 2)])
@pytest.mark.parametrize("opts", [Options(), Options(egocentric=True, padded=True),
                                  Options(egocentric=True, padded=True, normalised=True)],
                         ids=["raw", "egocentric-padded", "learning"])
def test_gather_equals_writing_the_entries_in_and_transforming(game: str, scenario: str, players: int,
                                                               opts: Options) -> None:
    """`Features.gather(buffer, seat, entries)` against the straightforward way (a copy of
    the buffer with the entries written in, `transform` for that seat), for entries of value
    1 (the baked path, made again after four calls in a row) and of other values (written
    after the gather, clipped where the layout clips: Foothills), and no entries; the buffer
    itself is never changed."""
    s = resolve(game, players, scenario)
    f = Features(s.title, players, s.scenario, s.settings, opts)
    g = s.new_game(5)
    rng = random.Random(3)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    buf = f.new_buffer(-1)
    buf.update(g)
    before = buf.flat.copy()
    size = f.layout.size

    def check(seat: int, entries: list[tuple[int, float]]) -> None:
        want_buf = f.new_buffer(seat)
        want_buf.flat[:] = buf.flat
        for i, x in entries:
            want_buf.flat[i] = x
        want = f.transform(want_buf, seat=seat)
        got = f.gather(buf, seat, entries)
        assert got.dtype == np.float32 and np.array_equal(got, want), (seat, entries)
        assert np.array_equal(buf.flat, before)

    for seat in range(players):
        ones: list[tuple[int, float]] = [(i, 1) for i in rng.sample(range(size), 3)]
        mixed: list[tuple[int, float]] = [(i, rng.choice([1, 2, 3, 200])) for i in rng.sample(range(size), 4)]
        for entries in [ones] * 6 + [mixed] * 5 + [[]] + [ones[:1]] * 3:
            check(seat, entries)
        if not opts.raw:
            assert f.baked[seat][0] == ones  # baked at the first call, kept through three others
        check(seat, ones[:1])  # the fourth in a row: baked now
        if not opts.raw:
            assert f.baked[seat][0] == ones[:1]
        for entries in [ones[:1]] * 2 + [ones] * 2:
            check(seat, entries)
    with pytest.raises(IndexError, match="outside|out of bounds"):
        f.gather(buf, 0, [(size + 5, 2)])


def _digest(game: str, scenario: str, players: int, seed: int) -> str:
    """sha256 over a seeded random game: before each move, every seat's raw vector from a
    buffer kept across the game and its learning vector from scratch."""
    s = resolve(game, players, scenario)
    raw = Features(s.title, players, s.scenario, s.settings, Options())
    learn = Features(s.title, players, s.scenario, s.settings, options("learning"))
    bufs = [raw.new_buffer(p) for p in range(players)]
    g = s.new_game(seed)
    rng = random.Random(seed)
    h = hashlib.sha256()
    while True:
        for p in range(players):
            h.update(bufs[p].update(g).tobytes())
            h.update(learn.encode(g, p).tobytes())
        if g.is_over:
            return h.hexdigest()
        g.apply(rng.choice(g.legal_actions()))


# Written by the code before the fast paths (commit e1295e5, `_digest` run unchanged): the
# numbers of the observations must not move. If a rule change moves them on purpose, the
# golden game records move too; rewrite these with `python3 tests/adapters/test_fast_observations.py`.
DIGESTS = {
    ("snowdonia", "mount_snowdon", 2, 1):
        "4c5ec27c91478de88cb49b0d9b6e13671ca46d66ac7f2469804a8b1e423c2487",
    ("snowdonia", "mount_snowdon", 3, 2):
        "05673e661f56f914f297d5970a32b57e1627cbfa2e0ee8d1b33a203a6b4672f2",
    ("snowdonia", "mount_snowdon", 5, 3):
        "262f8d0140eb8b53e05cfbde4b5c1e6983ae36438db43b774cf594fd5da6bf8e",
    ("snowdonia", "blaenau_ffestiniog", 3, 4):
        "a8a3c7e611ff02e4c21d0cbf0b165b5386c895556593aa3a333f4b856e94d349",
    ("foothills", "foothills", 2, 5):
        "915b209a05acfaa67c149e9ad523d090d74fb288c08c8649282808ae3667355a",
}


@pytest.mark.parametrize("key", sorted(DIGESTS), ids=_ids)
def test_observation_numbers_are_unchanged(key: tuple[str, str, int, int]) -> None:
    assert _digest(*key) == DIGESTS[key]


if __name__ == "__main__":
    for key in sorted(DIGESTS):
        print(f"    {key}: \"{_digest(*key)}\",")


def test_mask_cache_gives_the_legal_ids_read_only_bounded_and_shared() -> None:
    """The cached mask of a legal list is 1 exactly on the list's ids; the arrays cannot be
    written (callers get copies); the cache never holds more than its limit; environments
    of a process share one cache per catalogue, size and dtype."""
    from snowdonia.adapters.common import MaskCache

    t = title("snowdonia")
    cat = t.catalogue()
    n = t.action_count("mount_snowdon")
    cache = MaskCache(cat, n, limit=50)
    g = t.new_game(3, seed=9)
    rng = random.Random(9)
    seen = 0
    while not g.is_over:
        legal = g.legal_actions()
        mask = cache.mask(legal)
        assert mask.dtype == np.int8 and list(np.flatnonzero(mask)) == sorted(cat.id(a) for a in legal)
        assert cache.mask(list(legal)) is mask  # the same actions: the same entry
        with pytest.raises(ValueError):
            mask[0] = 1
        assert len(cache.known) <= 50
        seen += 1
        g.apply(rng.choice(legal))
    assert seen > 50
    assert MaskCache.shared(cat, n) is MaskCache.shared(cat, n)
    assert MaskCache.shared(cat, n, np.bool_) is not MaskCache.shared(cat, n)
    assert MaskCache.shared(cat, n, np.bool_).mask([]).dtype == np.bool_
