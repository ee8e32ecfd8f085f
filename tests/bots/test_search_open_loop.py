"""The `search` bot's open loop over the opponents (`:o1`, issue 19, stop 41): the tree holds
only the searching seat's own decisions, and every other seat decides inside the tree as it
does in the playouts. Stop 40 found that a larger tree gains by depth; with `:o1` the same
iterations reach further into the seat's own plan. The flag keeps the bot's guarantees: the real
game is never changed, a choice never depends on hidden facts, the same seed gives the same
moves (pinned, so the compiled and the pure search must agree)."""

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
    with pytest.raises(ValueError, match="not with 'r1'"):
        SearchConfig.parse("300:o1:r1")
    with pytest.raises(ValueError, match="'o1'"):
        SearchConfig.parse("300:o2")


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


def _deciders_in_the_tree(level: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[int]]:
    """The seat searching a 3-player Pebbles game and the seat to move at every decision the
    search met inside its tree (the playouts' decisions left out)."""
    toy = _toy()
    cls = toy.Pebbles
    seen: list[int] = []
    in_playout = [0]
    legal = cls.legal_actions

    def spy_legal(self: Any) -> Any:
        if not in_playout[0]:
            seen.append(self.current_player)
        return legal(self)

    def counted(original: Any) -> Any:
        """`original` with the decisions it makes left out of `seen`."""
        def wrapper(self: Any, *args: Any) -> int:
            in_playout[0] += 1
            try:
                return int(original(self, *args))
            finally:
                in_playout[0] -= 1
        return wrapper

    monkeypatch.setattr(cls, "legal_actions", spy_legal)
    # `policy_playout` of a title without a policy calls `playout`, so both playouts are counted.
    monkeypatch.setattr(cls, "playout", counted(cls.playout))
    monkeypatch.setattr(cls, "search_playout", counted(cls.search_playout))
    g = toy.TITLE.new_game(3, seed=4)
    seat = g.current_player
    bot = SearchBot(SearchConfig.parse(level), seed=2)
    before = state(g)
    seen.clear()
    bot.choose(g)
    assert state(g) == before
    return seat, seen


def test_the_open_loop_tree_holds_only_the_seats_own_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    seat, seen = _deciders_in_the_tree("200:f1:h1:o1", monkeypatch)
    assert len(seen) > 200  # the root and deeper nodes of its own were searched
    assert set(seen) == {seat}
    # Without the flag the others' decisions are nodes of the tree (the check can fail).
    seat, seen = _deciders_in_the_tree("200:f1:h1", monkeypatch)
    assert {seat} < set(seen)


@pytest.mark.parametrize(("game", "scenario", "players"),
                         [("snowdonia", None, 3), ("snowdonia", "blaenau_ffestiniog", 3), ("foothills", None, 2)])
def test_an_open_loop_search_keeps_the_bots_guarantees(game: str, scenario: str | None, players: int) -> None:
    """A legal choice that leaves the game as it was; two games that differ only in what the seat
    cannot see get the same choice and statistics from the same seed and budget."""
    for g in positions(game, scenario, players, 13, 3):
        before = state(g)
        a = make_bot("search:60:f1:h2:o1", 5, game=game).choose(g)
        assert state(g) == before and a in g.legal_actions()
    assert twins_choose_alike("search:60:f1:h2:o1", game, scenario, players) >= 2
