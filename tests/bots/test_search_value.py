"""The value `search` gives a Snowdonia position where it cuts a playout short
(`games/snowdonia/bots/value.py`, issue 19) and the own-score share of its reward."""

from __future__ import annotations

import random

import snowdonia
from snowdonia.bots import make_bot
from snowdonia.bots.search import SearchBot, rewards
from snowdonia.games.snowdonia.bots.evaluate import evaluate
from snowdonia.games.snowdonia.bots.value import WEIGHTS, value
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.scoring import marker_tally, player_total


def _midgame(seed: int, moves: int) -> Game:
    g = snowdonia.new_game(3, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        g.apply(rng.choice(g.legal_actions()))
    assert isinstance(g, Game) and not g.is_over
    return g


def test_a_finished_game_is_valued_at_its_final_score() -> None:
    g = snowdonia.new_game(3, seed=4)
    rng = random.Random(4)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    assert isinstance(g, Game)
    for p in range(3):
        assert value(g, p) == player_total(g, p) == g.outcome().scores[p]


def test_steel_counts_towards_an_unmet_track_contract() -> None:
    """Contract 20 (seed 004 "Track bonus": move 5 track markers onto the card, 40 VP) held
    with no track laid: each Steel Bar is a track the seat can still lay, so a bar is worth
    more to `value` than to `evaluate` (which counts only laid track), by the contract's share."""
    g = _midgame(8, 30)
    p = 0
    g.hand[p] = 1 << 20
    g.played[p] = 0
    g.steel[p] = 0
    base_v, base_e = value(g, p), evaluate(g, p)
    g.steel[p] = 2
    gain_v, gain_e = value(g, p) - base_v, evaluate(g, p) - base_e
    assert gain_v > gain_e
    assert g.cfg.contract[20].bonus == {"track": 5, "vp": 40}
    track_markers = marker_tally(g, p)[3]
    assert track_markers < 5
    expected = 40 * WEIGHTS["unmet_share"] * (min(5, track_markers + 2) - min(5, track_markers)) / 5
    assert abs((gain_v - gain_e) - expected) < 1e-9


def test_the_own_score_share_rewards_a_higher_score_at_the_same_margin() -> None:
    """With `own` > 0 two playouts with the same margin and winner differ by the seat's own
    score; with `own` = 0 they do not (the previous reward)."""
    low = rewards([60.0, 50.0, 40.0], [0], 0.5, 10.0, 0.3)
    high = rewards([100.0, 90.0, 80.0], [0], 0.5, 10.0, 0.3)
    assert high[0] > low[0] and high[2] > low[2]
    assert rewards([60.0, 50.0, 40.0], [0], 0.5, 10.0) == rewards([100.0, 90.0, 80.0], [0], 0.5, 10.0)
    assert all(0.0 <= x <= 1.0 for x in high + low)


def _stock_yard_positions(count: int) -> list[Game]:
    out: list[Game] = []
    seed = 0
    while len(out) < count:
        seed += 1
        g = snowdonia.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            assert isinstance(g, Game)
            if g.decision == "stock_yard" and len(g.legal_actions()) > 3:
                out.append(g)
                break
            g.apply(rng.choice(g.legal_actions()))
    return out


def test_search_actions_leave_out_only_stock_yard_takes_another_take_covers() -> None:
    """Seed 004 "A STOCKYARD": take 3 Iron Ore and/or Stone, or one Coal and two. A take that
    another legal take covers cube for cube is left out of the search; the rest stay."""
    for g in _stock_yard_positions(4):
        legal = g.legal_actions()
        kept = g.title.search_actions(g, legal)
        assert kept and set(kept) <= set(legal) and len(kept) < len(legal)
        for a in legal:
            covered = any(b != a and all(int(y) >= int(x) for y, x in zip(b.args, a.args, strict=True))
                          for b in legal)
            assert (a in kept) == (not covered)
    # every other decision keeps all its options
    g = snowdonia.new_game(3, seed=2)
    assert g.title.search_actions(g, g.legal_actions()) == g.legal_actions()


def test_the_bot_searches_merged_options_and_analyse_every_option() -> None:
    g = _stock_yard_positions(1)[0]
    bot = make_bot("search:120:m1", 3)
    assert isinstance(bot, SearchBot)
    kept = set(g.title.search_actions(g, g.legal_actions()))
    assert bot.choose(g) in kept
    assert all(s.visits == 0 for s in bot.last_stats if s.action not in kept)
    stats = bot.analyse(g)  # hints and reviews: every legal option is searched
    assert [s.action for s in stats] == g.legal_actions() and all(s.visits > 0 for s in stats)
