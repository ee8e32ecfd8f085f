# ruff: noqa: F811 - browser and server are the fixtures imported from test_browser
"""The table finished (issue 21), as a newcomer meets it in Chromium at a phone (390×844,
touch), a tablet (768×1024, touch) and a desktop (1440×900): *How to play* from the lobby and
the game for each title. Screenshots go to test-artifacts/browser/."""

from __future__ import annotations

from typing import Any

import pytest
from tests.web.server import Server
from tests.web.test_browser import (  # noqa: F401 - the module's fixtures
    _axe,
    _context,
    _play_out,
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


def _finish_by_leaving(page: Any, server: Server, gid: str, seats: list[dict[str, Any]]) -> None:
    """The people leave; the takeover bot plays the game to its end."""
    for s in seats:
        if "token" in s:
            r = page.request.post(f"{server.url}/api/games/{gid}/seats/{s['seat']}/leave",
                                  headers={"Authorization": f"Bearer {s['token']}"})
            assert r.ok, r.text()
    page.wait_for_function("""async (gid) => {
      const r = await fetch(`/api/games/${gid}`); return r.ok && (await r.json()).over; }""", arg=gid, timeout=120000)


def test_a_rematch_between_two_browsers_on_the_same_links(browser: Any, server: Server) -> None:
    """Ann (phone) and Bob (desktop) finish a game; Ann offers a rematch, Bob's page says "Ann
    offers a rematch" and he joins from the link he already had: same title, scenario,
    settings and seats, a new game."""
    ann_ctx, bob_ctx = _context(browser, "phone"), _context(browser, "desktop")
    ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
    errors: list[str] = []
    _watch_errors(ann, errors)
    _watch_errors(bob, errors)
    g = _api_game(ann, server, {"game": "foothills", "players": 2, "seed": 23,
                                "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                                "table": {"takeover": "random"}})
    links = [s["url"] for s in g["seats"]]
    ann.goto(links[0])
    bob.goto(links[1])
    ann.wait_for_selector("#board")
    bob.wait_for_selector("#board")
    _finish_by_leaving(ann, server, g["id"], g["seats"])
    ann.wait_for_selector(".after-game .rematch:visible")
    bob.wait_for_selector(".after-game .rematch:visible")
    for p in (ann, bob):
        assert p.locator(".after-game .new-game:visible").count() and p.locator(".after-game .to-lobby:visible").count()
    _shot(bob, "rematch-before-desktop")
    _press(ann, ann.locator(".after-game .rematch:visible").first)
    ann.wait_for_url(lambda u: g["id"] not in u)
    ann.wait_for_selector("#board")
    new_id = ann.url.split("/game/")[1].split("#")[0]
    bob.wait_for_selector(".rematch-offer:visible")
    assert bob.locator(".rematch-offer:visible").first.inner_text() == "Ann offers a rematch."
    _shot(bob, "rematch-offer-desktop")
    _press(bob, bob.locator(".after-game .rematch:visible").first)
    bob.wait_for_url(lambda u: new_id in u)
    bob.wait_for_selector("#board")
    for p, seat in ((ann, 0), (bob, 1)):
        assert p.inner_text(".who") == f"You: {['Ann', 'Bob'][seat]}"
    new = ann.request.get(f"{server.url}/api/games/{new_id}").json()
    old = ann.request.get(f"{server.url}/api/games/{g['id']}").json()
    assert new["game"] == "foothills" and new["scenario"] == old["scenario"] and new["settings"] == old["settings"]
    assert [s["name"] for s in new["seats"]] == ["Ann", "Bob"] and not new["over"]
    _shot(bob, "rematch-joined-desktop")
    assert errors == []
    ann_ctx.close()
    bob_ctx.close()


def test_a_clock_set_in_the_lobby_takes_over_a_seat(browser: Any, server: Server) -> None:
    """The lobby's clock (per move) and takeover bot reach the table: when the person's time
    runs out the bot plays the seat, and *Take my seat back* returns it; *Leave the table*
    hands the seat to the bot too."""
    import sqlite3
    import time

    ctx = _context(browser, "tablet")
    page = ctx.new_page()
    errors: list[str] = []
    _watch_errors(page, errors)
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    page.select_option("#players", "2")
    page.select_option("#seat-0", "human")
    page.fill("#name-0", "Cai")
    page.select_option("#seat-1", "human")
    page.fill("#name-1", "Dee")
    page.select_option("#clock-mode", "move")
    page.select_option("#clock-amount", "30")
    page.select_option("#takeover", "random")
    page.select_option("#bot-delay", "0")
    page.click("#create")
    page.wait_for_selector("#created h3")
    gid = page.locator("#watch").get_attribute("href").split("/game/")[1].split("#")[0]
    v = page.request.get(f"{server.url}/api/games/{gid}").json()
    first = v["observation"]["current_player"]
    page.click(f'.open-seat[data-seat="{first}"]')  # the link of the seat to move first
    page.wait_for_selector("#board")
    assert v["seats"][first]["clock"] is not None and v["seats"][first]["clock"]["left_ms"] <= 30000
    page.wait_for_function("() => document.body.dataset.myturn === 'true'")
    db = server.log.parent / "browser.sqlite"
    with sqlite3.connect(db) as c:  # the 30 seconds pass
        c.execute("UPDATE games SET clock_deadline = ? WHERE id = ?", (time.time() - 1, gid))
    page.wait_for_selector("#reclaim", timeout=30000)
    page.wait_for_function("() => document.body.dataset.myturn !== 'true'")  # the bot moved for me
    assert "random bot plays your seat" in page.inner_text("#decision").lower()
    _shot(page, "clock-takeover-tablet")
    _press(page, page.locator("#reclaim"))
    page.wait_for_selector("#reclaim", state="detached")
    # Leave the table from the Options menu
    page.once("dialog", lambda d: d.accept())
    _press(page, page.locator("#menu-button"))
    _press(page, page.locator("#leave"))
    page.wait_for_selector("#reclaim")
    assert errors == []
    ctx.close()


@pytest.mark.parametrize("viewport", [(1440, 900), (1280, 720)], ids=["1440x900", "1280x720"])
def test_the_players_supplies_are_in_view_while_deciding(browser: Any, server: Server,
                                                        viewport: tuple[int, int]) -> None:
    """Desktop: while a decision is open, the deciding player's supplies and the opponents'
    are on screen (the long list of choices folds away or scrolls inside its panel), for every
    title at its largest table."""
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = ctx.new_page()
    for game in names():
        t = title(game)
        n = max(t.scenarios[0].players)
        g = _api_game(page, server, {"game": game, "players": n, "seed": 4,
                                     "seats": [{"kind": "human", "name": "Ann"}] + ["random"] * (n - 1)})
        page.goto(g["seats"][0]["url"])
        page.wait_for_function("() => document.body.dataset.myturn === 'true'")
        page.wait_for_selector("#decision [data-action]", state="attached")
        rows = page.evaluate("""() => [...document.querySelectorAll('.player .supply')].map((e) => {
            const r = e.getBoundingClientRect(); return [r.top, r.bottom]; })""")
        assert len(rows) == n
        for top, bottom in rows:
            assert 0 <= top and bottom <= viewport[1], (game, rows, viewport)
        _shot(page, f"deciding-{game}-{n}p-{viewport[0]}x{viewport[1]}")
    ctx.close()


def test_history_during_a_game_and_the_replayed_round_in_the_header(browser: Any, server: Server) -> None:
    """Step back through a game in progress (read-only) and return to the live game; the header
    names the round of the position shown, not the live one."""
    ctx = _context(browser, "desktop")
    page = ctx.new_page()
    errors: list[str] = []
    _watch_errors(page, errors)
    g = _api_game(page, server, {"game": "snowdonia", "players": 2, "seed": 8,
                                 "seats": [{"kind": "human", "name": "Ann"}, "random"]})
    page.goto(g["seats"][0]["url"])
    # play until round 2 (a placement per turn, the first choice each time)
    for _ in range(60):
        page.wait_for_function("() => document.body.dataset.myturn === 'true'")
        if page.inner_text("#status").startswith("Round 2"):
            break
        before = page.evaluate("document.body.dataset.move")
        page.evaluate("() => document.querySelector('#decision [data-action]').click()")
        if page.locator("#confirm-yes").count():
            page.click("#confirm-yes")
        page.wait_for_function("m => document.body.dataset.move !== m", arg=before)
    assert page.inner_text("#status").startswith("Round 2")
    live_move = int(page.evaluate("document.body.dataset.move"))
    page.click("#history-open")
    page.wait_for_selector("#history")
    assert page.inner_text("#status").startswith("Round ") and "History · move" in page.inner_text("#status")
    page.fill("#history input[type=range]", "1")
    page.dispatch_event("#history input[type=range]", "change")
    page.wait_for_function("() => document.getElementById('status').textContent.includes('move 1 of')")
    status = page.inner_text("#status")
    assert status.startswith("Round 1 · History · move 1 of"), status
    assert page.locator("#board [data-action]").count() == 0  # read-only
    _shot(page, "history-desktop")
    page.click("#history-live")
    page.wait_for_selector("#history", state="detached")
    assert page.inner_text("#status").startswith("Round 2") and "History" not in page.inner_text("#status")
    assert int(page.evaluate("document.body.dataset.move")) >= live_move
    assert errors == []
    ctx.close()


def test_foothills_lobby_speaks_in_words_and_its_colours(browser: Any, server: Server) -> None:
    """Foothills in the lobby: Player 1 / Player 2, the railway sets named, blue and green seat
    dots (swapped with the colour order); the game shows English names first."""
    ctx = _context(browser, "phone")
    page = ctx.new_page()
    page.goto(server.url + "/?game=foothills")
    page.wait_for_selector("#set-start_player")
    assert page.evaluate("[...document.querySelectorAll('#set-start_player option')].map(o => o.textContent)") == \
        ["chosen at random", "Player 1", "Player 2"]
    assert "without III Llanberis Lake and VI Talyllyn" in page.inner_text("#set-railways")
    dots = "() => [...document.querySelectorAll('#seats .seat-dot')].map(d => getComputedStyle(d).backgroundColor)"
    blue_green = page.evaluate(dots)
    assert len(set(blue_green)) == 2
    page.select_option("#set-colours", "green-blue")
    assert page.evaluate(dots) == blue_green[::-1]
    g = _api_game(page, server, {"game": "foothills", "players": 2, "seats": ["human", "random"], "seed": 2})
    page.goto(g["seats"][0]["url"])
    page.wait_for_function("() => document.body.textContent.includes('Other side (grey)')")
    text = page.evaluate("document.body.textContent")
    from snowdonia.games.foothills.data import components

    sides = [a for a in components().sides.values() if a.german != a.english]
    assert not [a.german for a in sides if f"{a.german} ({a.english})" in text]
    assert [a.english for a in sides if f"{a.english} ({a.german})" in text]
    ctx.close()


@pytest.mark.parametrize("size", SIZES)
def test_axe_on_the_lobby_a_game_in_progress_and_a_finished_game_of_each_title(
        browser: Any, server: Server, size: str) -> None:
    """No serious or critical axe finding and one <h1> on every page: the lobby (with How to
    play open too), a game in progress and a finished game (with its score sheet and replay)
    of every title and scenario."""
    ctx = _context(browser, size)
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#games h2")
    assert page.locator("h1").count() == 1
    assert _axe(page) == [], "lobby"
    _press(page, page.locator("#howto-open"))
    page.wait_for_selector("#howto[open]")
    assert _axe(page) == [], "lobby, How to play"
    for game in names():
        t = title(game)
        for sc in t.scenarios:
            n = next((p for p in sc.players if p >= 2), sc.players[0])
            live = _api_game(page, server, {"game": game, "scenario": sc.key, "players": n, "seed": 6,
                                            "seats": ["human"] + ["random"] * (n - 1)})
            page.goto(live["seats"][0]["url"])
            page.wait_for_function("() => document.body.dataset.myturn === 'true'")
            assert page.locator("h1").count() == 1
            assert _axe(page) == [], f"{game} {sc.key} in progress"
            done = _api_game(page, server, {"game": game, "scenario": sc.key, "players": n, "seed": 6,
                                            "seats": ["random"] * n})
            page.wait_for_function("""async (gid) => {
              const r = await fetch(`/api/games/${gid}`); return r.ok && (await r.json()).over; }""",
                                   arg=done["id"], timeout=120000)
            page.goto(f"{server.url}/game/{done['id']}")
            page.wait_for_selector("#end")
            assert page.locator("h1").count() == 1
            assert _axe(page) == [], f"{game} {sc.key} finished"
            _shot(page, f"finished-{game}-{sc.key}-{size}")
    ctx.close()


def test_the_guided_first_game_of_mount_snowdon_to_its_end(browser: Any, server: Server) -> None:
    """A first-time visitor is offered the guided game; each step says what to do and why (the
    title's guide for the decision asked), points at the board's choices, lets the player act,
    and closes with the end words; played to the end on a phone."""
    import random

    guide = title("snowdonia").guide()
    assert guide is not None
    ctx = _context(browser, "phone")
    page = ctx.new_page()
    errors: list[str] = []
    _watch_errors(page, errors)
    page.goto(server.url + "/")
    page.wait_for_selector("#learn.first .learn-start[data-game=snowdonia]")
    _press(page, page.locator(".learn-start[data-game=snowdonia]"))
    page.wait_for_selector("#guide")
    assert guide["intro"] in page.inner_text("#guide")
    _press(page, page.locator("#guide-intro-ok"))
    seen: set[str] = set()
    rng = random.Random(5)
    for _ in range(12):  # the first steps, checked one by one
        page.wait_for_function("() => document.body.dataset.myturn === 'true' || document.body.dataset.over === 'true'")
        v = page.evaluate("async () => (await (await fetch(location.pathname.replace('/game/', '/api/games/'))).json())")
        kind = v["decision"]["kind"]
        text = page.inner_text("#guide")
        assert guide["steps"][kind]["do"] in text and guide["steps"][kind]["why"] in text, (kind, text)
        if page.locator("#board [data-action]").count():
            assert page.locator("#board .guide-point").count() == page.locator("#board [data-action]").count()
        seen.add(kind)
        if kind == "place" and len(seen) > 1:
            _shot(page, "guide-place-phone")
        from tests.web.test_browser import _take_one

        _take_one(page, rng)
    assert {"hire", "place"} <= seen
    _play_out(page, rng, limit=600)
    page.wait_for_function("() => document.body.dataset.over === 'true'")
    assert guide["end"] in page.evaluate("document.getElementById('guide').textContent")
    _shot(page, "guide-end-phone")
    _press(page, page.locator("#guide-leave"))
    page.wait_for_selector("#guide", state="detached")
    assert errors == []
    ctx.close()


def test_the_guided_foothills_game_can_be_left_at_any_time(browser: Any, server: Server) -> None:
    """Foothills against the weakest bot, a fixed seed: the guide says what to do at the first
    decisions and can be left; the game goes on without it."""
    guide = title("foothills").guide()
    assert guide is not None and guide["game"]["seats"][1] == "random"
    ctx = _context(browser, "desktop")
    page = ctx.new_page()
    page.goto(server.url + "/")
    _press(page, page.locator(".learn-start[data-game=foothills]"))
    page.wait_for_selector("#guide-intro-ok")
    _press(page, page.locator("#guide-intro-ok"))
    page.wait_for_function("() => document.body.dataset.myturn === 'true'")
    v = page.evaluate("async () => (await (await fetch(location.pathname.replace('/game/', '/api/games/'))).json())")
    assert v["seeded"] and v["seats"][1]["bot"] == "random"
    assert guide["steps"][v["decision"]["kind"]]["do"] in page.inner_text("#guide")
    _shot(page, "guide-foothills-desktop")
    _press(page, page.locator("#guide-leave"))
    page.wait_for_selector("#guide", state="detached")
    page.reload()
    page.wait_for_selector("#board")
    assert page.locator("#guide").count() == 0
    ctx.close()
