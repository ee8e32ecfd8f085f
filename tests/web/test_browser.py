"""Whole games played by clicking in Debian's chromium against a real `snowdonia serve`.

Skipped when /usr/bin/chromium is missing, unless CI is set: then missing is a failure."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.web.server import Server, running

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("CI is set but /usr/bin/chromium is missing")
        pytest.skip("/usr/bin/chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with running(f"sqlite:///{tmp_path / 'browser.sqlite'}", tmp_path / "server.log") as s:
        yield s


def _watch_errors(page: Any, errors: list[str]) -> None:
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)


def _create_in_lobby(page: Any, server: Server, seats: list[str], seed: int) -> None:
    page.goto(server.url + "/")
    page.select_option("#players", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}", kind)
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_selector("#created h3")


def _my_turn(page: Any) -> bool:
    return bool(page.query_selector("#decision h3.yours"))


def _click_random_control(page: Any, rng: random.Random) -> None:
    """Click one of the offered controls (board or panel) and wait for the game to move."""
    before = page.evaluate("document.body.dataset.move")
    controls = page.locator("[data-action]")
    n = controls.count()
    assert n > 0, "it is my decision but nothing is offered"
    controls.nth(rng.randrange(n)).click()
    page.wait_for_function(
        "m => document.body.dataset.move !== m || document.querySelector('#decision .error')", arg=before,
        timeout=15000,
    )
    assert not page.query_selector("#decision .error"), page.inner_text("#decision")


def _play_out(pages: list[Any], rng: random.Random, limit: int = 1500) -> int:
    clicks = 0
    for _ in range(limit * 20):
        if all(p.evaluate("document.body.dataset.over") == "true" for p in pages):
            return clicks
        mine = [p for p in pages if _my_turn(p)]
        if mine:
            _click_random_control(mine[0], rng)
            clicks += 1
            assert clicks < limit
        else:
            # Someone else (a bot on the server, or the other browser) decides: poll.
            pages[0].wait_for_timeout(30)
    raise AssertionError("the game did not finish")


def _check_end(page: Any, players: int) -> None:
    page.wait_for_selector("#score-sheet")
    assert page.locator("#score-sheet tr").count() == 7  # header, five lines, total
    assert page.locator("#score-sheet th").count() == players + 1
    assert page.inner_text("#winners").startswith("Winner")
    # Replay both ways.
    total = int(page.evaluate("document.body.dataset.move"))
    page.click("#replay-start")
    page.wait_for_function("() => document.querySelector('#replay-pos').textContent.includes('move 0 /')")
    page.click("#replay-forward")
    page.wait_for_function("() => document.querySelector('#replay-pos').textContent.includes('move 1 /')")
    page.click("#replay-forward")
    page.click("#replay-back")
    page.wait_for_function("() => document.querySelector('#replay-pos').textContent.includes('move 1 /')")
    page.click("#replay-end")
    page.wait_for_function(f"() => document.querySelector('#replay-pos').textContent.includes('move {total} /')")


def test_two_browsers_play_a_whole_game(browser: Any, server: Server) -> None:
    errors: list[str] = []
    host = browser.new_context(viewport={"width": 1600, "height": 1000})
    lobby = host.new_page()
    _watch_errors(lobby, errors)
    _create_in_lobby(lobby, server, ["human", "human"], seed=71)
    links = [lobby.input_value("#link-0"), lobby.input_value("#link-1")]
    assert all("#token=" in link for link in links)
    lobby.close()
    friend = browser.new_context(viewport={"width": 1600, "height": 1000})
    pages = []
    for ctx, link in ((host, links[0]), (friend, links[1])):
        page = ctx.new_page()
        _watch_errors(page, errors)
        page.goto(link)
        page.wait_for_selector("#board .station")
        pages.append(page)
    assert pages[0].evaluate("document.body.dataset.seat") == "0"
    assert pages[1].evaluate("document.body.dataset.seat") == "1"
    rng = random.Random(9)
    # The first placement can be taken back: nothing random happened and no one else acted.
    first = next(p for p in pages if _my_turn(p))
    first.locator("#decision [data-action]").first.click()
    first.wait_for_selector("#undo")
    first.click("#undo")
    first.wait_for_function("() => document.body.dataset.move === '0' && document.querySelector('#decision h3.yours')")
    # A few moves in, close one tab and come back with the link: same game, same move.
    for _ in range(6):
        _play_out_one(pages, rng)
    move = pages[1].evaluate("document.body.dataset.move")
    pages[1].close()
    pages[1] = friend.new_page()
    _watch_errors(pages[1], errors)
    pages[1].goto(links[1])
    pages[1].wait_for_function("m => document.body.dataset.move === m", arg=move)
    clicks = _play_out(pages, rng)
    assert clicks > 20
    for page in pages:
        _check_end(page, 2)
    ARTIFACTS.mkdir(exist_ok=True)
    pages[0].screenshot(path=str(ARTIFACTS / "browser-two-players-end.png"), full_page=True)
    assert not errors, errors
    host.close()
    friend.close()


def _play_out_one(pages: list[Any], rng: random.Random) -> None:
    for _ in range(500):
        mine = [p for p in pages if _my_turn(p)]
        if mine:
            _click_random_control(mine[0], rng)
            return
        pages[0].wait_for_timeout(30)
    raise AssertionError("no one was offered a decision")


def test_one_human_against_two_bots(browser: Any, server: Server) -> None:
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1600, "height": 1000})
    page = ctx.new_page()
    _watch_errors(page, errors)
    _create_in_lobby(page, server, ["human", "random", "greedy"], seed=72)
    page.click("#hotseat")  # "Play here": this browser keeps the seat's token
    page.wait_for_selector("#board .station")
    page.screenshot(path=str(_artifact("browser-bots-start.png")), full_page=True)
    assert _play_out([page], random.Random(10)) > 5
    _check_end(page, 3)
    page.screenshot(path=str(_artifact("browser-bots-end.png")), full_page=True)
    # A spectator sees the same finished game with the public view.
    watcher = browser.new_context()  # no stored seat token: the public view
    spectator = watcher.new_page()
    spectator.goto(server.url + "/game/" + page.url.split("/game/")[1].split("#")[0])
    spectator.wait_for_selector("#score-sheet")
    assert spectator.evaluate("document.body.dataset.seat") == "spectator"
    assert not errors, errors
    watcher.close()
    ctx.close()


def test_solo_deluxe_game_with_every_setting_from_the_lobby(browser: Any, server: Server) -> None:
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1600, "height": 1000})
    page = ctx.new_page()
    _watch_errors(page, errors)
    page.goto(server.url + "/")
    page.select_option("#players", "1")
    page.select_option("#edition", "deluxe")
    page.check("#light_fog")
    page.select_option("#contracts_per_window", "1")
    page.select_option("#solo_train", "3")
    page.check("#deluxe_track_cards")
    page.fill("#seed", "74")
    page.click("#create")
    page.click("#hotseat")
    page.wait_for_selector("#board .station")
    gid = page.url.split("/game/")[1].split("#")[0]
    settings = page.evaluate(f"fetch('/api/games/{gid}').then(r => r.json()).then(v => v.observation.settings)")
    assert settings["edition"] == "deluxe" and settings["light_fog"] is True
    assert settings["contracts_per_window"] == 1 and settings["solo_train"] == 3
    assert settings["deluxe_track_cards"] is True
    assert "No. 3" in page.inner_text("#players")
    assert _play_out([page], random.Random(12)) > 5
    _check_end(page, 1)
    assert not errors, errors
    ctx.close()


def test_hot_seat_follows_the_player_to_move(browser: Any, server: Server) -> None:
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1600, "height": 1000})
    page = ctx.new_page()
    _watch_errors(page, errors)
    _create_in_lobby(page, server, ["human", "human"], seed=73)
    page.click("#hotseat")
    page.wait_for_selector("#board .station")
    seats = set()
    rng = random.Random(11)
    for _ in range(12):
        page.wait_for_selector("#decision h3.yours")  # always someone here is to decide
        seats.add(page.evaluate("document.body.dataset.seat"))
        _click_random_control(page, rng)
    assert seats == {"0", "1"}
    assert not errors, errors
    ctx.close()


def _artifact(name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / name
