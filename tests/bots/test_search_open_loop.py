"""The `search` bot's open loop over the opponents (`:o1`, issue 19, stop 41): the tree holds
only the searching seat's own decisions, and every other seat decides inside the tree as it
does in the playouts. Stop 40 found that a larger tree gains by depth; with `:o1` the same
iterations reach further into the seat's own plan. `:o2` (stop 43) keeps the others' first replies
to the seat's choice in the tree and plays only their later decisions as in the playouts; `:o3`
(stop 44) searches each first reply only among the playout policy's likeliest options; `:o4`
(stop 46) is `:o1` whose others' first replies are the one-ply bot's, drawn once a node. The
flags keep the bot's guarantees: the real game is never changed, a choice never depends on hidden
facts, the same seed gives the same moves (pinned, so the compiled and the pure search must
agree)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from snowdonia.bots import make_bot
from snowdonia.bots.search import SearchBot, SearchConfig

from .conftest import positions, state, twins_choose_alike


def test_the_flag_parses_names_the_bot_and_refuses_tree_reuse() -> None:
    assert SearchConfig.parse("3000:f1:h2:o1").open_loop
    assert not SearchConfig.parse("3000:f1:h2").open_loop
    assert SearchConfig.parse("3000:f1:h2:o0") == SearchConfig.parse("3000:f1:h2")
    assert SearchConfig.parse("3000:f1:w0.8:k8:h2:o1").label() == "3000:f1:w0.8:k8:h2:o1"
    assert make_bot("search:300:o1", seed=1).name == "search:300:o1"
    # A kept tree is followed by the decisions played since, the others' among them; an
    # open-loop tree has no node for those, so the two flags are refused together, in words.
    for flag in ("o1", "o2", "o3", "o4"):
        with pytest.raises(ValueError, match="none of the four with 'r1'"):
            SearchConfig.parse(f"300:{flag}:r1")
    with pytest.raises(ValueError, match="'o4'"):
        SearchConfig.parse("300:o5")
    # `:o2` (stop 43): the others' first replies stay in the tree.
    assert SearchConfig.parse("3000:f1:h2:o2").open_loop == 2
    assert SearchConfig.parse("3000:f1:w0.8:k8:h2:o2").label() == "3000:f1:w0.8:k8:h2:o2"
    assert make_bot("search:300:o2", seed=1).name == "search:300:o2"
    # `:o3` (stop 44): the first replies narrowed to the playout policy's likeliest options.
    assert SearchConfig.parse("3000:f1:w0.8:k8:h2:o3").open_loop == 3
    assert SearchConfig.parse("3000:f1:w0.8:k8:h2:o3").label() == "3000:f1:w0.8:k8:h2:o3"
    assert make_bot("search:300:o3", seed=1).name == "search:300:o3"
    # `:o4` (stop 46): the first replies the one-ply bot's.
    assert SearchConfig.parse("3000:f1:w0.8:k8:h2:o4").open_loop == 4
    assert SearchConfig.parse("3000:f1:w0.8:k8:x1:h2:o4").label() == "3000:f1:w0.8:k8:x1:h2:o4"
    assert make_bot("search:300:o4", seed=1).name == "search:300:o4"


def _toy() -> ModuleType:
    """Pebbles, the adapters' toy title (tests/adapters/toy_title.py): a pure-Python position
    whose methods a test may wrap, which the compiled titles do not allow."""
    loaded = sys.modules.get("toy_title")
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location("toy_title", Path(__file__).parents[1] / "adapters" / "toy_title.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["toy_title"] = module
    spec.loader.exec_module(module)
    return module


ITERATION = -1  # in `seen`: a determinization was drawn (an iteration starts at the root)


def _counted(original: Any, in_playout: list[int]) -> Any:
    """`original` (a playout) with `in_playout[0]` raised while it runs, so a spy can leave the
    playouts' decisions out of what it records."""
    def wrapper(self: Any, *args: Any) -> int:
        in_playout[0] += 1
        try:
            return int(original(self, *args))
        finally:
            in_playout[0] -= 1
    return wrapper


def _deciders_in_the_tree(level: str, monkeypatch: pytest.MonkeyPatch, one_ply: Any = None) -> tuple[int, list[int]]:
    """The seat searching a 3-player Pebbles game and the seat to move at every decision the
    search met inside its tree (the playouts' decisions left out), each iteration's opened by
    `ITERATION`."""
    toy = _toy()
    cls = toy.Pebbles
    seen: list[int] = []
    in_playout = [0]
    legal = cls.legal_actions
    resample = cls.resample

    def spy_resample(self: Any, *args: Any) -> Any:
        seen.append(ITERATION)
        return resample(self, *args)

    def spy_legal(self: Any) -> Any:
        if not in_playout[0]:
            seen.append(self.current_player)
        return legal(self)

    seat = _search_spied(level, monkeypatch, {"legal_actions": spy_legal, "resample": spy_resample},
                         in_playout, lambda _: seen.clear(), one_ply)
    return seat, seen


def _search_spied(level: str, monkeypatch: pytest.MonkeyPatch, spies: dict[str, Any], in_playout: list[int],
                  start: Any, one_ply: Any = None) -> int:
    """Search a 3-player Pebbles game at `level` with the methods `spies` names replaced and both
    playouts counted in `in_playout`; `start(seat)` runs just before the search; `one_ply`, if
    given, is the bot's one-ply bot (Pebbles has none). Checks that the game is unchanged and
    returns the searching seat."""
    toy = _toy()
    cls = toy.Pebbles
    for name, spy in spies.items():
        monkeypatch.setattr(cls, name, spy)
    # `policy_playout` of a title without a policy calls `playout`, so both playouts are counted.
    monkeypatch.setattr(cls, "playout", _counted(cls.playout, in_playout))
    monkeypatch.setattr(cls, "search_playout", _counted(cls.search_playout, in_playout))
    g = toy.TITLE.new_game(3, seed=4)
    seat = g.current_player
    bot = SearchBot(SearchConfig.parse(level), seed=2)
    if one_ply is not None:
        bot.prior_bot = one_ply
    before = state(g)
    start(seat)
    bot.choose(g)
    assert state(g) == before
    return int(seat)


def test_the_open_loop_tree_holds_only_the_seats_own_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    seat, seen = _deciders_in_the_tree("200:f1:h1:o1", monkeypatch)
    assert len(seen) > 400  # the root and deeper nodes of its own were searched
    assert set(seen) == {seat, ITERATION}
    # Without the flag the others' decisions are nodes of the tree (the check can fail).
    seat, seen = _deciders_in_the_tree("200:f1:h1", monkeypatch)
    assert {seat, ITERATION} < set(seen)


def _turns(seen: list[int], seat: int) -> list[list[str]]:
    """Each iteration's deciders in the tree as runs: 'own' for the searching seat's decisions
    in a row, 'others' for the other seats' in a row."""
    out: list[list[str]] = []
    for p in seen:
        if p == ITERATION:
            out.append([])
            continue
        kind = "own" if p == seat else "others"
        if out and (not out[-1] or out[-1][-1] != kind):
            out[-1].append(kind)
    return [runs for runs in out if runs]


def test_the_second_open_loop_keeps_only_the_others_first_replies(monkeypatch: pytest.MonkeyPatch) -> None:
    """`:o2`: in every iteration the others decide in the tree only between the seat's first turn
    and its next; after that the tree holds the seat's own decisions alone."""
    seat, seen = _deciders_in_the_tree("300:f1:h1:o2", monkeypatch)
    turns = _turns(seen, seat)
    assert len(turns) > 250
    assert all(runs[0] == "own" for runs in turns)
    assert all(runs in (["own"], ["own", "others"], ["own", "others", "own"]) for runs in turns)
    # The replies were searched, and so were the seat's decisions below them.
    assert sum(runs == ["own", "others", "own"] for runs in turns) > 20
    # A closed tree reaches the others again after the seat's second turn (the check can fail).
    seat, seen = _deciders_in_the_tree("300:f1:h1", monkeypatch)
    assert any(len(runs) > 3 for runs in _turns(seen, seat))


@pytest.mark.parametrize(("game", "scenario", "players"),
                         [("snowdonia", None, 3), ("snowdonia", "blaenau_ffestiniog", 3), ("foothills", None, 2)])
def test_an_open_loop_search_keeps_the_bots_guarantees(game: str, scenario: str | None, players: int) -> None:
    """A legal choice that leaves the game as it was; two games that differ only in what the seat
    cannot see get the same choice and statistics from the same seed and budget."""
    for g in positions(game, scenario, players, 13, 3):
        before = state(g)
        for level in ("search:60:f1:h2:o1", "search:60:f1:h2:o2", "search:60:f1:h2:o3", "search:60:f1:h2:o4"):
            a = make_bot(level, 5, game=game).choose(g)
            assert state(g) == before and a in g.legal_actions()
    for flag in ("o1", "o2", "o3", "o4"):
        assert twins_choose_alike(f"search:60:f1:h2:{flag}", game, scenario, players) >= 2


def _narrowed(g: Any) -> list[Any]:
    """A test's stand-in for a playout policy's likeliest options in Pebbles: a card from the row
    when there is one (else every option)."""
    legal = g.legal_actions()
    return [a for a in legal if a.kind == "take"] or legal


def _others_tree_steps(level: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[bool], list[int]]:
    """For a 3-player Pebbles search: whether each decision another seat took inside the tree was
    among `_narrowed`'s options, and the seat to move at every `policy_choices` call (which the
    test makes return `_narrowed`)."""
    toy = _toy()
    cls = toy.Pebbles
    in_playout = [0]
    steps: list[bool] = []
    asked: list[int] = []
    step = cls.step
    seat = [-1]

    def spy_step(self: Any, action: Any) -> None:
        if not in_playout[0] and self.current_player != seat[0]:
            steps.append(action in _narrowed(self))
        step(self, action)

    def spy_choices(self: Any, rng: Any, count: int, version: int = 1) -> list[Any]:
        asked.append(self.current_player)
        return _narrowed(self)

    _search_spied(level, monkeypatch, {"step": spy_step, "policy_choices": spy_choices}, in_playout,
                  lambda p: seat.__setitem__(0, p))
    return seat[0], steps, asked


def test_the_third_open_loop_searches_the_first_replies_among_the_policys_likeliest(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`:o3`: the others' first replies are nodes of the tree, as with `:o2`, but each is chosen
    among the options `policy_choices` gives (the playout policy's draws), asked only at the
    other seats' decisions; `:o2` searches every option there (the check can fail)."""
    seat, steps, asked = _others_tree_steps("300:f1:h1:o3", monkeypatch)
    assert len(steps) > 250 and all(steps)
    assert len(asked) >= len(steps) and seat not in asked
    _, steps, asked = _others_tree_steps("300:f1:h1:o2", monkeypatch)
    assert len(steps) > 250 and not all(steps) and not asked
    # The same runs as `:o2`: the others decide in the tree between the seat's turns only.
    seat, seen = _deciders_in_the_tree("300:f1:h1:o3", monkeypatch)
    turns = _turns(seen, seat)
    assert all(runs in (["own"], ["own", "others"], ["own", "others", "own"]) for runs in turns)
    assert sum(runs == ["own", "others", "own"] for runs in turns) > 20


class _TakeFirst:
    """A stand-in one-ply bot for Pebbles: takes from the row when it can, else draws; counts
    the decisions it was asked."""

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, g: Any) -> Any:
        self.asked += 1
        return _preferred(g)


def _preferred(g: Any) -> Any:
    legal = g.legal_actions()
    return next((a for a in legal if a.kind == "take"), legal[0])


def _first_replies(level: str, monkeypatch: pytest.MonkeyPatch, one_ply: Any) -> list[tuple[Any, Any]]:
    """Every decision another seat took inside the tree of a 3-player Pebbles search (the
    playouts' left out): (the option taken, `_preferred`'s option there)."""
    toy = _toy()
    cls = toy.Pebbles
    in_playout = [0]
    taken: list[tuple[Any, Any]] = []
    step = cls.step
    seat = [-1]

    def spy_step(self: Any, action: Any) -> None:
        if not in_playout[0] and self.current_player != seat[0]:
            taken.append((action, _preferred(self)))
        step(self, action)

    _search_spied(level, monkeypatch, {"step": spy_step}, in_playout, lambda p: seat.__setitem__(0, p), one_ply)
    return taken


def test_the_fourth_open_loop_takes_the_first_replies_from_the_one_ply_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    """`:o4` (stop 46): the other seats decide outside the playouts only in their first replies
    to the seat's decision (the runs of `:o2`), and each such reply is the one-ply bot's choice,
    asked once below each of the seat's nodes and kept for the later iterations; `:o1` takes
    no decision of theirs outside the playouts (the checks can fail)."""
    one_ply = _TakeFirst()
    taken = _first_replies("300:f1:h1:o4", monkeypatch, one_ply)
    assert len(taken) > 250
    # Nothing is hidden in Pebbles, but the draws differ between iterations: a kept reply may not
    # be an option in another iteration's draws, and the playout policy takes it then.
    assert sum(a == want for a, want in taken) >= 0.9 * len(taken)
    assert 0 < one_ply.asked < len(taken) / 3
    assert not _first_replies("300:f1:h1:o1", monkeypatch, _TakeFirst())
    seat, seen = _deciders_in_the_tree("300:f1:h1:o4", monkeypatch, _TakeFirst())
    turns = _turns(seen, seat)
    assert all(runs in (["own"], ["own", "others"], ["own", "others", "own"]) for runs in turns)
    assert sum(runs == ["own", "others", "own"] for runs in turns) > 20


def test_the_fourth_open_loop_without_a_one_ply_bot_is_the_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """A title without a one-ply bot: `:o4` plays its first replies as `:o1` does."""
    assert not _first_replies("300:f1:h1:o4", monkeypatch, None)
    a = SearchBot(SearchConfig.parse("200:f1:h1:o1"), seed=3)
    b = SearchBot(SearchConfig.parse("200:f1:h1:o4"), seed=3)
    g = _toy().TITLE.new_game(3, seed=5)
    assert a.choose(g) == b.choose(g)
    assert [s.visits for s in a.last_stats] == [s.visits for s in b.last_stats]
