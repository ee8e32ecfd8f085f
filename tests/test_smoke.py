"""Smoke: every player count plays a random game to the end (seed 004, "Game Sequence")."""

import random

import pytest

import snowdonia


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_game_reaches_the_end(players: int) -> None:
    rng = random.Random(players)
    g = snowdonia.new_game(players, seed=players)
    steps = 0
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        steps += 1
        assert steps < 5000
    res = g.result()
    assert len(res["scores"]) == players
    assert res["winners"]
    assert g.current_player is None
