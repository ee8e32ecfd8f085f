"""The search bot adapts to the title: Foothills' random games are long, so its playouts are
cut after the title's `search_depth` decisions and scored by its evaluation; Snowdonia plays
its playouts to the end."""

from __future__ import annotations

import random

import snowdonia
from snowdonia.bots import make_bot
from snowdonia.registry import title


def test_mcts_takes_the_titles_playout_depth() -> None:
    assert make_bot("mcts:50", 1, game="foothills").depth == title("foothills").search_depth == 12  # type: ignore[attr-defined]
    assert make_bot("mcts:50", 1, game="snowdonia").depth is None  # type: ignore[attr-defined]


def test_a_truncated_search_plays_a_legal_move_in_every_title() -> None:
    for game in ("snowdonia", "foothills"):
        g = snowdonia.new_game(2, seed=4, game=game)
        rng = random.Random(4)
        for _ in range(15):
            g.apply(rng.choice(g.legal_actions()))
        bot = make_bot("mcts:60", 2, game=game)
        a = bot.choose(g)
        assert a in g.legal_actions()
