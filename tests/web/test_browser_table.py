# ruff: noqa: F811 - browser and server are the fixtures imported from test_browser
"""The table finished (issue 21), as a newcomer meets it in Chromium at a phone (390×844,
touch), a tablet (768×1024, touch) and a desktop (1440×900): *How to play* from the lobby and
the game for each title. Screenshots go to test-artifacts/browser/."""

from __future__ import annotations

from typing import Any

import pytest
from tests.web.server import Server
from tests.web.test_browser import (  # noqa: F401 - the module's fixtures
    _context,
    _press,
    _shot,
    _watch_errors,
    browser,
    server,
)

from snowdonia.registry import names, title

pytestmark = [pytest.mark.browser, pytest.mark.slow]
SIZES = ["phone", "tablet", "desktop"]


def _api_game(page: Any, server: Server, body: dict[str, Any]) -> dict[str, Any]:
    r = page.request.post(server.url + "/api/games", data=body)
    assert r.status == 201, r.text()
    return dict(r.json())


@pytest.mark.parametrize("size", SIZES)
def test_how_to_play_from_the_lobby_and_the_game_for_each_title(browser: Any, server: Server, size: str) -> None:
    ctx = _context(browser, size)
    page = ctx.new_page()
    errors: list[str] = []
    _watch_errors(page, errors)
    for game in names():
        t = title(game)
        for sc in t.scenarios:
            page.goto(server.url + "/")
            page.wait_for_selector("#create")
            if page.locator("#title").count():
                page.select_option("#title", game)
            page.select_option("#scenario", sc.key)
            _press(page, page.locator("#howto-open"))
            page.wait_for_selector("#howto[open] #howto-title")
            doc = t.how_to_play(sc.key)
            assert page.inner_text("#howto-title") == doc["title"]
            text = page.inner_text("#howto")
            for sec in doc["sections"]:
                assert sec["heading"] in text
            assert doc["sections"][-1]["items"][0] in text
            _shot(page, f"howto-lobby-{game}-{sc.key}-{size}")
            _press(page, page.locator("#howto-close"))
            page.wait_for_selector("#howto", state="detached")
            assert page.evaluate("document.activeElement.id") == "howto-open"
        # from a game in progress
        players = t.scenarios[0].players
        n = next((p for p in players if p >= 2), players[0])
        g = _api_game(page, server, {"game": game, "players": n, "seats": ["human"] + ["random"] * (n - 1),
                                     "seed": 11})
        page.goto(g["seats"][0]["url"])
        page.wait_for_selector("#board")
        _press(page, page.locator("#howto-button"))
        page.wait_for_selector("#howto[open] #howto-title")
        assert page.inner_text("#howto-title") == t.how_to_play(None)["title"]
        _shot(page, f"howto-game-{game}-{size}")
        page.keyboard.press("Escape")
        page.wait_for_selector("#howto", state="detached")
    assert errors == []
    ctx.close()


def test_one_script_per_page_and_gzip(browser: Any, server: Server) -> None:
    """The lobby never loads the game page's script nor the reverse; static files and JSON are
    sent gzip-compressed to a browser that accepts it."""
    ctx = _context(browser, "desktop")
    page = ctx.new_page()
    loaded: list[str] = []
    page.on("request", lambda r: loaded.append(r.url.rsplit("/", 1)[-1]) if r.url.endswith(".js") else None)
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    assert "lobby.js" in loaded and "game.js" not in loaded
    g = _api_game(page, server, {"game": "snowdonia", "players": 2, "seats": ["human", "random"], "seed": 3})
    loaded.clear()
    page.goto(g["seats"][0]["url"])
    page.wait_for_selector("#board")
    assert "game.js" in loaded and "lobby.js" not in loaded
    for path in ("/static/game.js", "/api/meta", f"/api/games/{g['id']}"):
        r = page.request.get(server.url + path, headers={"Accept-Encoding": "gzip"})
        assert r.ok and r.headers.get("content-encoding") == "gzip", (path, r.headers)
    ctx.close()
