"""Bots that keep their search tree between a game's moves, in the web (issue 19, stop 28).

The web thinks every bot move in a pooled worker process. A level with tree reuse (`:r1`) only
plays as it was measured if one process holds its bot for the whole game: its moves go to the
seat's lane, whose worker keeps the bot (web/thinking.py)."""

from __future__ import annotations

import asyncio

from snowdonia.bots import keeps_tree, make_bot
from snowdonia.bots.search import SearchBot
from snowdonia.registry import title
from snowdonia.web import thinking
from snowdonia.web.thinking import Thinker, kept_bot, think

REUSE = "search:300:s0.3:r1"


def _to_seat(g: object, seat: int) -> None:
    """Play the other seats with greedy until `seat` decides again."""
    other = make_bot("greedy", 5, game="foothills")
    while not g.is_over and g.current_player != seat:  # type: ignore[attr-defined]
        g.apply(other.choose(g))  # type: ignore[attr-defined]


def test_only_levels_with_tree_reuse_keep_their_bot() -> None:
    assert keeps_tree(REUSE, "foothills") and keeps_tree("search:6000:s0.3:r1")
    assert not keeps_tree("expert") and not keeps_tree("search:2000:s0.3") and not keeps_tree("greedy")
    assert not keeps_tree("mcts-v1:1s") and not keeps_tree("no such bot")


def test_a_lane_worker_keeps_a_seats_bot_and_its_next_search_starts_from_the_kept_tree() -> None:
    """In one process, as in a lane's worker: the seat's second move is searched by the same
    bot, which inherits the subtree of the moves played since; a move without a seat key keeps
    nothing, and another seat's key gets a bot of its own."""
    t = title("foothills")
    g = t.new_game(2, seed=4)
    _to_seat(g, 0)
    first = think("foothills", g.snapshot(), REUSE, 1, keep="g1/0")
    bot = kept_bot("foothills", REUSE, "g1/0")
    assert isinstance(bot, SearchBot) and bot.last_reused == 0
    g.apply(_legal(g, first))
    _to_seat(g, 0)
    think("foothills", g.snapshot(), REUSE, 2, keep="g1/0")
    assert kept_bot("foothills", REUSE, "g1/0") is bot and bot.last_reused > 0
    think("foothills", g.snapshot(), REUSE, 3)
    assert kept_bot("foothills", REUSE, "") is None
    think("foothills", g.snapshot(), REUSE, 3, keep="g2/0")
    other = kept_bot("foothills", REUSE, "g2/0")
    assert other is not bot and other.last_reused == 0


def test_a_kept_bot_starts_afresh_in_a_position_that_does_not_continue_its_game() -> None:
    t = title("foothills")
    g = t.new_game(2, seed=6)
    think("foothills", g.snapshot(), REUSE, 1, keep="g3/0")
    fresh = t.new_game(2, seed=7)  # another game under the same key: no continuation
    think("foothills", fresh.snapshot(), REUSE, 1, keep="g3/0")
    assert kept_bot("foothills", REUSE, "g3/0").last_reused == 0


def test_the_kept_bots_are_bounded() -> None:
    g = title("foothills").new_game(2, seed=8)
    for i in range(thinking.KEPT_BOTS + 3):
        think("foothills", g.snapshot(), "search:20:r1", 1, keep=f"b{i}/0")
    assert len(thinking._kept) <= thinking.KEPT_BOTS
    assert kept_bot("foothills", "search:20:r1", "b0/0") is None  # the least recently used went first
    assert kept_bot("foothills", "search:20:r1", f"b{thinking.KEPT_BOTS + 2}/0") is not None


def test_a_seats_moves_go_to_its_lane_while_it_is_free_and_else_to_the_shared_pool() -> None:
    th = Thinker(5.0)
    lane = th.lane("foothills", REUSE, "game/1")
    assert lane is not None and lane == th.lane("foothills", REUSE, "game/1")
    assert th.lane("foothills", "expert", "game/1") is None  # no tree to keep
    assert th.lane("foothills", REUSE, "") is None  # no seat named
    th.lanes_busy.add(lane)
    assert th.lane("foothills", REUSE, "game/1") is None


def test_the_web_thinks_a_reusing_levels_moves_on_its_lane() -> None:
    """Real worker processes: two moves of one seat at a reusing level are thought on a lane,
    a level without reuse in the shared pool."""
    t = title("foothills")
    g = t.new_game(2, seed=9)
    _to_seat(g, 0)

    async def run() -> tuple[str, str, int, int]:
        th = Thinker(20.0)
        a, used = await th.choose("foothills", g, REUSE, 1, key="k", keep="gw/0")
        after_first = th.kept_moves
        b, _ = await th.choose("foothills", g, "search:300:s0.3", 1, key="k", keep="gw/0")
        return a, used, after_first, th.kept_moves

    a, used, after_first, total = asyncio.run(run())
    assert used == REUSE and a in {str(x) for x in g.legal_actions()}
    assert after_first == 1 and total == 1


def _legal(g: object, text: str) -> object:
    for a in g.legal_actions():  # type: ignore[attr-defined]
        if str(a) == text:
            return a
    raise AssertionError(f"{text!r} is not legal")


def test_two_seats_of_one_lane_never_share_it_at_once() -> None:
    """Two moves at once whose seats map to the same lane: one takes the lane, the other the
    shared pool (a lane has one process: a second move there would wait behind the first)."""
    base = "same/0"
    lane = Thinker(1.0).lane("foothills", REUSE, base)
    other = next(f"other{i}/1" for i in range(1000) if Thinker(1.0).lane("foothills", REUSE, f"other{i}/1") == lane)
    assert lane is not None
    g = title("foothills").new_game(2, seed=10)

    async def run() -> tuple[int, set[int]]:
        th = Thinker(20.0)
        await asyncio.gather(th.choose("foothills", g, REUSE, 1, key="a", keep=base),
                             th.choose("foothills", g, REUSE, 2, key="b", keep=other))
        return th.kept_moves, th.lanes_busy

    kept, busy = asyncio.run(run())
    assert kept == 1 and busy == set()
