"""The titles' own boards as a player meets them (issues 11, 12, 13): Debian's chromium driven by
Playwright against a real `snowdonia serve`.

- Foothills (human against the greedy bot) played to its score sheet by tapping at 390×844
  (touch) and by clicking at 1440×900, choosing on the board whenever it offers the choice
  (a card, a railway, a track space, a station, an action space, the stockyard, the bag, the
  Pub, a supply card) and in the decision panel otherwise.
- Blaenau Ffestiniog (a human and two bots) played to its score sheet by clicking, the
  starting end and the game's Surveyor chosen on the two end stations of the board.
- A Foothills card and a Blaenau Ffestiniog station explain themselves on tap; no text is
  below 12 px; axe-core finds no serious or critical violation on either board.

Screenshots go to test-artifacts/browser/ (ignored by git), named boards-*."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.web.server import Server
from tests.web.test_browser import (  # noqa: F401 - the browser and server fixtures are shared
    _assert_board_visible,
    _assert_readable,
    _axe,
    _context,
    _create,
    _explain,
    _press,
    _shot,
    _show_tab,
    _state,
    _wait_turn_or_end,
    _watch_errors,
    browser,
    server,
)

import snowdonia

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _take_on_board(page: Any, rng: random.Random, counts: dict[str, int], board_share: float = 0.85) -> None:
    """One legal decision: mostly a tap on the part of the board it concerns (a part with
    several options opens them in the decision panel), else a choice in the panel."""
    before = _state(page)["move"]
    _show_tab(page, "board")
    parts = page.locator("#board [data-action], #board [data-choose]")
    n = parts.count()
    if n and rng.random() < board_share:
        target = parts.nth(rng.randrange(n))
        kind = "choose" if target.get_attribute("data-choose") is not None else "action"
        part = str(target.evaluate("el => (el.getAttribute('class') || '').trim().split(' ')[0] || el.tagName"))
        counts[part] = counts.get(part, 0) + 1
        _press(page, target)
        if kind == "choose":
            page.wait_for_selector("#focus [data-action]")
            options = page.locator("#focus [data-action]")
            counts["choose"] = counts.get("choose", 0) + 1
            _press(page, options.nth(rng.randrange(options.count())))
        counts["board"] = counts.get("board", 0) + 1
    else:
        panel = page.locator("#decision [data-action]")
        assert panel.count() > 0, "it is my decision but nothing is offered: " + page.inner_text("#decision")
        if not panel.first.is_visible():
            _press(page, page.locator("#decision details.choices > summary"))
        _press(page, panel.nth(rng.randrange(panel.count())))
        counts["panel"] = counts.get("panel", 0) + 1
    if page.locator("#confirm-yes").count():
        _press(page, page.locator("#confirm-yes"))
    page.wait_for_function(
        "m => document.body.dataset.move !== m || document.querySelector('#refusal')", arg=before, timeout=20000)
    assert not page.query_selector("#refusal"), page.inner_text("#decision")


def _play_out_on_board(page: Any, rng: random.Random, limit: int, counts: dict[str, int],
                       shots: dict[int, str] | None = None) -> int:
    clicks = 0
    while True:
        _wait_turn_or_end(page)
        if _state(page)["over"] == "true":
            return clicks
        if shots and clicks in shots:
            _shot(page, shots[clicks])
            _assert_readable(page, shots[clicks])
        # What changed since my last decision is ringed on the board.
        if page.evaluate("+(document.getElementById('board').dataset.fresh || 0)") > 0:
            counts["ringed"] = counts.get("ringed", 0) + 1
        _take_on_board(page, rng, counts)
        clicks += 1
        assert clicks < limit, "the game did not end"


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_whole_foothills_game_on_its_board(browser: Any, server: Server, size: str) -> None:  # noqa: F811
    errors: list[str] = []
    ctx = _context(browser, size)
    page = ctx.new_page()
    _watch_errors(page, errors)
    seed = {"phone": 301, "desktop": 302}[size]
    _create(page, server, [("human", "Ann"), ("greedy", "")], seed=seed, title="foothills")
    page.wait_for_selector("#board .route-card")
    _wait_turn_or_end(page)
    _shot(page, f"boards-foothills-{size}-1-start")
    _assert_board_visible(page)
    _assert_readable(page, f"foothills {size} start")
    # The whole table is drawn: the grid, both action bars with five cards, stockyard, bag,
    # supply, the Pub and the spare cards.
    assert page.locator("#board .railway").count() == 6
    assert page.locator("#board .action-card").count() == 10
    for part in ("#stockyard", "#bag", "#supply", "#pub", "#supply-cards .supply-card"):
        assert page.locator(f"#board {part}").count() >= 1, part
    # A card explains both its sides on tap (the opponent's, which is not a choice now).
    card = _explain(page, '#board .action-card[data-seat="1"]', "Gold:", shot=f"boards-foothills-{size}-2-explain-card")
    assert "Grey:" in card and "scoring pile" in card
    route = _explain(page, "#board .route-card:not(.start) > rect.card-head", "rubble")
    assert "Station" in route or "station" in route
    space = _explain(page, "#board .start .space", "Action space")
    assert "ticket" in space
    # Play it out, mostly on the board.
    counts: dict[str, int] = {}
    rng = random.Random(seed)
    clicks = _play_out_on_board(page, rng, 1500, counts, shots={12: f"boards-foothills-{size}-3-midgame"})
    assert clicks > 30
    assert counts.get("board", 0) > clicks // 2, counts
    assert counts.get("action-card", 0) > 5 and counts.get("choose", 0) >= 1, counts
    assert counts.get("ringed", 0) > clicks // 4, counts  # the opponent's moves are marked
    # The score sheet.
    _show_tab(page, "score")
    page.wait_for_selector("#score-sheet")
    assert page.title().startswith("Game over")
    assert page.locator("#score-sheet tbody tr").count() == len(snowdonia.registry.title("foothills").score_lines) + 1
    assert page.inner_text("#winners").startswith("Winner")
    assert "VP tokens" in page.inner_text("#end")
    _shot(page, f"boards-foothills-{size}-4-score-sheet", full=size == "desktop")
    _assert_readable(page, f"foothills {size} score sheet", board=size == "desktop")
    _show_tab(page, "board")
    _shot(page, f"boards-foothills-{size}-5-end-board")
    assert not errors, errors
    ctx.close()


def _blaenau_seed() -> int:
    """A seed whose start player is seat 1: seat 0 (the human) chooses its end last and so
    places the game's Surveyor."""
    for seed in range(400, 600):
        g = snowdonia.new_game(3, seed=seed, scenario="blaenau_ffestiniog")
        if g.observation(None)["start_player"] == 1:
            return seed
    raise AssertionError("no seed with start player 1")


def test_a_whole_blaenau_ffestiniog_game_choosing_the_end_on_the_board(browser: Any, server: Server) -> None:  # noqa: F811
    errors: list[str] = []
    ctx = _context(browser, "desktop")
    page = ctx.new_page()
    _watch_errors(page, errors)
    seed = _blaenau_seed()
    _create(page, server, [("human", "Bea"), ("greedy", ""), ("random", "")], seed=seed, scenario="blaenau_ffestiniog")
    _wait_turn_or_end(page)
    # The two ends with their spaces; the bots (before me in turn order) have chosen theirs.
    assert page.locator("#board .end-spaces").count() == 2
    assert page.locator("#board .gs-space").count() == 2
    assert _state(page)["myturn"] == "true"
    assert "starting end" in page.inner_text("#decision").lower()
    _assert_readable(page, "blaenau start")
    _shot(page, "boards-blaenau-desktop-1-choose-end")
    end = page.locator('#board .end-space[data-action="start porthmadog_harbour"]')
    assert end.count() == 1, page.locator("#board [data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
    before = _state(page)["move"]
    end.click()
    page.wait_for_function("m => document.body.dataset.move !== m", arg=before)
    # Last to place a surveyor: I choose where the game's Surveyor starts, on the board too.
    _wait_turn_or_end(page)
    gs = page.locator('#board .gs-space[data-action^="game_surveyor "]')
    assert gs.count() == 2, page.inner_text("#decision")
    before = _state(page)["move"]
    gs.first.click()
    page.wait_for_function("m => document.body.dataset.move !== m", arg=before)
    page.wait_for_selector("#board .gs-space path")  # the game's Surveyor stands on its end
    assert page.locator('#board .end-space[data-end-space^="porthmadog_harbour"] .surveyor').count() >= 1
    assert "Starting end: Porthmadog Harbour" in page.inner_text("#players")
    _shot(page, "boards-blaenau-desktop-2-ends-chosen")
    # A station explains itself on tap: who may build there, and the scenario's build rule.
    plas = _explain(page, '#board .station[data-station="plas_halt"] > rect:nth-of-type(2)', "Plas Halt",
                    shot="boards-blaenau-desktop-3-explain-station")
    assert "build" in plas and "surveyor" in plas
    gift = _explain(page, '#board .gift[data-info="gift:minffordd"] rect', "free resources")
    assert "stone" in gift
    ends = _explain(page, '#board .end-space[data-end-space="porthmadog_harbour.1"]', "starting end")
    assert "Bea" in ends and "frontier" in ends
    # Play to the end by clicking, mostly on the board.
    counts: dict[str, int] = {}
    clicks = _play_out_on_board(page, random.Random(seed), 800, counts, shots={8: "boards-blaenau-desktop-4-midgame"})
    assert clicks > 5 and counts.get("board", 0) > 0, counts
    _show_tab(page, "score")
    page.wait_for_selector("#score-sheet")
    assert page.title().startswith("Game over")
    assert page.locator("#score-sheet thead th").count() == 4
    assert page.inner_text("#winners").startswith("Winner")
    _shot(page, "boards-blaenau-desktop-5-score-sheet", full=True)
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_both_boards_are_accessible_and_readable(browser: Any, server: Server, size: str) -> None:  # noqa: F811
    ctx = _context(browser, size)
    page = ctx.new_page()
    _create(page, server, [("human", "Flo"), ("greedy", "")], seed=303, title="foothills")
    page.wait_for_selector("#board .route-card")
    _wait_turn_or_end(page)
    _assert_board_visible(page)
    _assert_readable(page, f"foothills {size}")
    assert _axe(page) == []
    _create(page, server, [("human", "Gil"), ("greedy", ""), ("greedy", "")], seed=_blaenau_seed(),
            scenario="blaenau_ffestiniog")
    _wait_turn_or_end(page)
    _assert_board_visible(page)
    _assert_readable(page, f"blaenau {size}")
    _shot(page, f"boards-blaenau-{size}-a11y")
    assert _axe(page) == []
    if size == "phone":
        # The start choice on a phone: a tap on the end station's space.
        _show_tab(page, "board")
        before = _state(page)["move"]
        _press(page, page.locator('#board .end-space[data-action^="start "]').first)
        page.wait_for_function("m => document.body.dataset.move !== m", arg=before)
    ctx.close()
