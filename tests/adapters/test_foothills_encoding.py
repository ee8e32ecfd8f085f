"""Foothills' encoder (games/foothills/ai/encoding.py): a fixed layout over the whole box,
filled with what the table shows; Foothills relies on the generic chance model."""

from __future__ import annotations

import random

import numpy as np
import pytest

import snowdonia
from snowdonia.adapters.common import encode_into, layout_size, split
from snowdonia.registry import names, title

pytestmark = pytest.mark.skipif("foothills" not in names(), reason="Foothills is not installed")


def _encode(g: snowdonia.Position, seat: int) -> dict[str, np.ndarray]:
    enc = title("foothills").encoder(2, None, **g.settings)
    assert enc is not None
    views = split(enc, np.zeros(layout_size(enc), np.float32))
    encode_into(enc, views, g, seat)
    return views


def test_the_layout_does_not_depend_on_the_railways_in_play() -> None:
    t = title("foothills")
    assert t.chance_model() is None  # every random pick is public: the generic model serves
    layouts = {tuple(t.encoder(2, None, railways=r).views) for r in ("random", "I,II,III,IV,V,VI", "III,IV,V,VI,VII,VIII")}
    assert len(layouts) == 1
    sizes = {layout_size(t.encoder(2, None, railways=r)) for r in ("random", "I,II,III,IV,V,VI")}
    assert len(sizes) == 1


def test_the_views_show_the_table() -> None:
    rng = random.Random(7)
    for seed in range(5):
        g = snowdonia.new_game(2, seed=seed, game="foothills")
        for _ in range(rng.randrange(0, 120)):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        obs = g.observation(0)
        v = _encode(g, 0)
        assert list(v["bag"]) == [obs["bag"]["iron"], obs["bag"]["stone"], obs["bag"]["event"]]
        assert list(v["stockyard"]) == [obs["stockyard"]["iron"], obs["stockyard"]["stone"], obs["stockyard"]["event"]]
        assert int(v["card_in_play"].sum()) == len(obs["cards"])
        assert int(v["railway_in_play"].sum()) == len(obs["railways"]) == 6
        for p in (0, 1):
            seat = obs["players"][p]
            assert v["players"][p, 4] == seat["vp"] and v["players"][p, 3] == seat["passengers"]
            assert int(v["scoring_pile"][p].sum()) == len(seat["scoring_pile"])
            assert int(v["bar"][p].sum()) == sum(1 for b in seat["bar"] if b["card"] is not None)
            assert int(v["grey_side_up"][p].sum()) == sum(1 for b in seat["bar"] if b.get("side") == "grey")
        built = sum(1 for c in obs["cards"] for s in c["stations"] if s["owner"] is not None)
        assert int(v["station_owner"].sum()) == built
        assert int(v["supply_cards"].sum()) == len(obs["supply_cards"])
        assert v["observer"][0] == 1 and v["observer"][1] == 0
        if not g.is_over:
            assert v["decider"][g.current_player] == 1


def test_nothing_hidden_changes_the_encoding() -> None:
    """A resampled world (only the bag's order differs) encodes the same for both seats."""
    g = snowdonia.new_game(2, seed=3, game="foothills")
    rng = random.Random(3)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    other = g.resample(0, 99)
    for seat in (0, 1):
        a, b = _encode(g, seat), _encode(other, seat)
        assert all(np.array_equal(a[k], b[k]) for k in a)
