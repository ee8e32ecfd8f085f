"""Learning layouts over the titles' encoders (snowdonia.adapters.features): incremental
encoding equals a full encoding, egocentric rotation, padding to the most seats, values in
0..1 when normalised, the training-data format, and docs/ai.md's layout table is current."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from adapter_kit import configurations, ids, scenarios

from snowdonia.adapters.common import resolve
from snowdonia.adapters.features import (
    LEARNING,
    Features,
    Options,
    load_samples,
    markdown_table,
    result_targets,
    save_samples,
)
from snowdonia.bots import make_bot

DOC = Path(__file__).resolve().parents[2] / "docs" / "ai.md"


def _features(game: str, scenario: str, players: int, opts: Options) -> Features:
    s = resolve(game, players, scenario)
    return Features(s.title, players, s.scenario, s.settings, opts)


def _positions(game: str, scenario: str, players: int, seed: int, bot: str = "random"):  # type: ignore[no-untyped-def]
    """Every position of a game of bots (the same object, mutated: yields before each move)."""
    g = resolve(game, players, scenario).new_game(seed)
    bots = [make_bot(bot, seed + p, game=game) for p in range(players)]
    while True:
        yield g
        if g.is_over:
            return
        seat = g.current_player
        assert seat is not None
        g.apply(bots[seat].choose(g))


@pytest.mark.parametrize("config", configurations(), ids=ids)
def test_incremental_encoding_equals_a_full_encoding_and_normalised_values_stay_in_0_1(
        config: tuple[str, str, int]) -> None:
    """One buffer per seat kept across two games (only changed views rewritten) always
    equals a fresh encoding; the learning layout's values lie in [0, 1] in random and
    greedy games."""
    game, scenario, players = config
    raw = _features(game, scenario, players, Options())
    learn = _features(game, scenario, players, LEARNING)
    buffers = [raw.new_buffer(p) for p in range(players)]
    for seed, bot in ((1, "random"), (2, "greedy")):
        for g in _positions(game, scenario, players, seed, bot):
            for buf in buffers:
                buf.update(g)
                fresh = raw.encode(g, buf.seat)
                assert np.array_equal(buf.raw, fresh)
                x = learn.transform(buf)
                assert x.shape == (learn.size,)
                assert x.min() >= 0.0 and x.max() <= 1.0, learn.table()[int(np.argmax(x > 1))]


@pytest.mark.parametrize("stride", [2, 3, 7])
def test_a_buffer_brought_up_to_date_only_now_and_then_equals_a_fresh_encoding(stride: int) -> None:
    """As in the PettingZoo env, where a seat's buffer is updated only when that seat looks
    (several moves apart): each update rewrites just the entries whose part of the position
    changed since (the rows of the action spaces, the cards of a hand, the fields of a
    player's stock, the last decision's one-hots) and must still equal a fresh encoding."""
    players = 3
    raw = _features("snowdonia", "mount_snowdon", players, Options())
    buffers = [raw.new_buffer(p) for p in range(players)]
    checked = 0
    for seed in range(3, 9):
        for k, g in enumerate(_positions("snowdonia", "mount_snowdon", players, seed)):
            if k % stride:
                continue
            buf = buffers[(k // stride) % players]
            buf.update(g)
            assert np.array_equal(buf.raw, raw.encode(g, buf.seat))
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("config", scenarios(), ids=lambda c: "-".join(c))
def test_padded_layout_has_one_size_for_every_player_count(config: tuple[str, str]) -> None:
    game, scenario = config
    counts = resolve(game, None, scenario).title.scenario(scenario).players
    sizes = {_features(game, scenario, n, LEARNING).size for n in counts}
    digests = {_features(game, scenario, n, LEARNING).digest() for n in counts}
    assert len(sizes) == 1 and len(digests) == 1


def test_egocentric_rows_start_at_the_observer_and_pad_with_zeros() -> None:
    """Snowdonia at 3 players: the `players` view's row k is seat (observer + k) % 3; rows
    3 and 4 (padding to 5 seats) are zero; the owner columns rotate the same way and the
    contractors' column stays last."""
    raw = _features("snowdonia", "mount_snowdon", 3, Options())
    ego = _features("snowdonia", "mount_snowdon", 3, Options(egocentric=True, padded=True))
    assert ego.max_seats == 5
    g = None
    for g in _positions("snowdonia", "mount_snowdon", 3, 4):
        if g.moves == 60:
            break
    assert g is not None
    views = dict(ego.views)
    for seat in range(3):
        rbuf = raw.new_buffer(seat)
        rbuf.update(g)
        r = rbuf.views
        x = ego.transform(rbuf)
        start = 0
        got = {}
        for name, shape in ego.views:
            k = int(np.prod(shape))
            got[name] = x[start:start + k].reshape(shape)
            start += k
        for row in range(3):
            assert np.array_equal(got["players"][row], r["players"][(seat + row) % 3])
            assert np.array_equal(got["hand"][row], r["hand"][(seat + row) % 3])
        assert not got["players"][3:].any()
        assert got["observer"][0] == 1 and got["observer"].sum() == 1
        assert views["slot_owner"][1] == 6  # 5 seats and the contractors
        assert np.array_equal(got["slot_owner"][:, 5], _by_key(ego, raw, "slot_owner", r)[:, 3])
        for col in range(3):
            assert np.array_equal(got["slot_owner"][:, col],
                                  _by_key(ego, raw, "slot_owner", r)[:, (seat + col) % 3])


def _by_key(full: Features, raw: Features, view: str, r: dict[str, np.ndarray]) -> np.ndarray:
    """The raw view's rows laid out over the padded layout's board keys (zeros elsewhere)."""
    enc = raw.layout.encoder
    own = list(enc.axis_keys[view][0])  # type: ignore[attr-defined]
    keys = full._full_keys[view][0]
    assert keys is not None
    out = np.zeros((len(keys), r[view].shape[1]), np.float32)
    for i, key in enumerate(keys):
        if key in own:
            out[i] = r[view][own.index(key)]
    return out


def test_board_axes_line_up_by_meaning_across_player_counts() -> None:
    """The station used only at 5 players has its own rows; the stations after it keep
    their rows at every player count."""
    f5 = _features("snowdonia", "mount_snowdon", 5, LEARNING)
    f2 = _features("snowdonia", "mount_snowdon", 2, LEARNING)
    assert f5._full_keys == f2._full_keys
    keys = f5._full_keys["station_done"][0]
    assert keys is not None and len(keys) == len(set(keys))
    at2 = f2.layout.encoder.axis_keys["station_done"][0]  # type: ignore[attr-defined]
    at5 = f5.layout.encoder.axis_keys["station_done"][0]  # type: ignore[attr-defined]
    assert len(at5) > len(at2)
    station = dict(f2.views)
    assert station["station_done"] == (len(keys),)


def test_training_samples_round_trip_and_refuse_another_layout(tmp_path: Path) -> None:
    f = _features("snowdonia", "mount_snowdon", 3, LEARNING)
    g = resolve("snowdonia", 3, "mount_snowdon").new_game(5)
    obs = np.stack([f.encode(g, s) for s in range(3)])
    value, margin = zip(*(result_targets([30, 41, 41], [1, 2], s, 100.0) for s in range(3)), strict=True)
    assert value == (-1.0, 0.0, 0.0) and margin[0] == pytest.approx(-0.11) and margin[1] == 0.0
    path = tmp_path / "s.npz"
    save_samples(path, f, obs, np.arange(3), np.array(value), np.array(margin))
    back = load_samples(path, f)
    assert np.array_equal(back["obs"], obs) and back["meta"]["size"] == f.size
    other = _features("snowdonia", "mount_snowdon", 3, Options(normalised=True))
    with pytest.raises(ValueError, match="was written with layout"):
        load_samples(path, other)
    with pytest.raises(ValueError, match="obs must be"):
        save_samples(path, f, obs[:, :5], np.arange(3), np.array(value), np.array(margin))


def test_the_layout_table_in_docs_is_current() -> None:
    """docs/ai.md holds the table `scripts/ai_layout_table.py` writes from the encoder."""
    text = DOC.read_text()
    m = re.search(r"<!-- layout-table:start -->\n(.*?)\n<!-- layout-table:end -->", text, re.S)
    assert m, "docs/ai.md has no generated layout table"
    f = _features("snowdonia", "mount_snowdon", 3, LEARNING)
    assert m.group(1).strip() == markdown_table(f).strip(), \
        "docs/ai.md's layout table is stale: run python3 scripts/ai_layout_table.py"


def test_a_foothills_game_to_the_turn_limit_stays_inside_the_observation_spaces() -> None:
    """Foothills play can run to the turn limit, piling up rubble and substitutes far beyond
    the box (two greedy bots, seed 27): the raw space has no upper bound, the learning layout
    clips at 1."""
    raw = _features("foothills", "foothills", 2, Options())
    learn = _features("foothills", "foothills", 2, LEARNING)
    enc = raw.layout.encoder
    biggest = 0.0
    g = None
    for g in _positions("foothills", "foothills", 2, 27, "greedy"):
        for seat in (0, 1):
            x = raw.encode(g, seat)
            assert enc.low <= x.min() and x.max() <= enc.high
            biggest = max(biggest, float(x.max()))
            y = learn.encode(g, seat)
            assert 0.0 <= y.min() and y.max() <= 1.0
    assert g is not None and g.is_over
    assert biggest > 500  # the old bound (255, or the turn limit) did not hold
