"""The post-game review in the browser (issue 20), Debian's chromium via Playwright at a phone
(390×844, touch) and a desktop (1440×900): a short game (a person, whose decisions are made
through the API, against a random bot) is played to the end; the person's score sheet offers
*Review this game*, shows a progress bar while it runs, then the five moments that decided the
game (each a link that moves the replay there) and the marked decisions, with their verdict's
symbol and word. The server reviews with a cheap budget (SNOWDONIA_REVIEW_BUDGET=1).
Screenshots go to test-artifacts/browser/."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from tests.web.server import Server, running
from tests.web.test_browser import _axe, _context, _press, _shot, _show_tab, _watch_errors, browser  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _scroll(page: Any, element_id: str) -> None:
    """Bring an element into sight (the page redraws often: no handle is kept)."""
    page.evaluate("(i) => document.getElementById(i)?.scrollIntoView({block: 'center'})", element_id)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("review")
    with running(f"sqlite:///{tmp / 'review.sqlite'}", tmp / "server.log",
                 env={"SNOWDONIA_REVIEW_BUDGET": "1"}) as s:
        yield s


def _finished_game(server: Server, seed: int, seats: tuple[str, ...] = ("human", "random")) -> tuple[str, str]:
    """A game (default: 2 players), the person's decisions chosen at random through the API, to the end."""
    with httpx.Client(base_url=server.url, timeout=30) as c:
        r = c.post("/api/games", json={"game": "snowdonia", "players": len(seats), "seats": list(seats),
                                       "seed": seed, "table": {"bot_delay_ms": 0}})
        assert r.status_code == 201, r.text
        g = r.json()
        token = next(s["token"] for s in g["seats"] if "token" in s)
        rng = random.Random(seed)
        end = time.monotonic() + 120
        while time.monotonic() < end:
            v = c.get(f"/api/games/{g['id']}", headers={"Authorization": f"Bearer {token}"}).json()
            if v["over"]:
                return str(g["id"]), str(token)
            if not v.get("legal"):
                time.sleep(0.02)
                continue
            texts = [a["text"] for a in v["legal"]]
            c.post(f"/api/games/{g['id']}/actions", headers={"Authorization": f"Bearer {token}"},
                   json={"action": rng.choice(texts), "move": v["move"], "revision": v["revision"]})
    raise AssertionError("the game did not end")


SYMBOL = {"fine": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def _check_log_marks(page: Any, server: Server, gid: str, size: str) -> None:
    """The game log reads like a marked move list: the line of every reviewed decision ends
    with its verdict (symbol, and the word for those not fine; the word always in its
    accessible name), a button that moves the replay to that decision."""
    rows = httpx.get(f"{server.url}/api/games/{gid}/review", timeout=30).json()["decisions"]
    by_move = {r["move"]: r for r in rows}
    _show_tab(page, "log")
    page.wait_for_selector("ol.log .log-mark", state="attached", timeout=30_000)
    marks = page.eval_on_selector_all(
        "ol.log .log-mark", "els => els.map(e => [e.dataset.move, e.textContent, e.getAttribute('aria-label')])")
    assert sorted(int(m) for m, _, _ in marks) == sorted(by_move)  # one per reviewed decision
    for move, text, label in marks:
        row = by_move[int(move)]
        assert text.startswith(SYMBOL[row["verdict"]]) and label.startswith(row["verdict"]), (text, label, row)
        if row["verdict"] != "fine":
            assert row["verdict"] in text and "VP" in label
    worst = max(rows, key=lambda r: (r["loss_vp"], -r["move"]))
    assert worst["verdict"] != "fine"
    # open its round, look at it as a player would, then follow it to the replay
    page.evaluate("(m) => { const b = document.querySelector(`ol.log .log-mark[data-move='${m}']`);"
                  " b.closest('details').open = true; b.scrollIntoView({block: 'center'}); }", worst["move"])
    _shot(page, f"{size}-review-log")
    assert _axe(page) == [], "the game log with its verdict marks"
    _press(page, page.locator(f"ol.log .log-mark[data-move='{worst['move']}']"))
    end = time.monotonic() + 30
    while page.evaluate("location.hash") != f"#replay={worst['move']}":
        assert time.monotonic() < end, page.evaluate("location.hash")
        page.wait_for_timeout(50)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_score_sheet_reviews_the_game_and_the_moments_move_the_replay(browser: Any, server: Server,  # noqa: F811
                                                                         size: str) -> None:
    gid, token = _finished_game(server, seed=41 if size == "phone" else 42)
    ctx = _context(browser, size)
    page = ctx.new_page()
    errors: list[str] = []
    _watch_errors(page, errors)
    page.goto(f"{server.url}/game/{gid}#token={token}")
    page.wait_for_selector("#board text", state="attached")
    _show_tab(page, "score")
    page.wait_for_selector("#review-ask", timeout=30_000)
    assert page.inner_text("#review-ask").strip() == "Review this game"
    # the progress bar shows at once, before the server answers
    shown = page.evaluate("() => { document.getElementById('review-ask').click(); "
                          "return !!document.getElementById('review-progress'); }")
    assert shown is True
    _scroll(page, "review-progress")
    _shot(page, f"{size}-review-running")
    page.wait_for_selector("#review-moments li a.moment", timeout=120_000)
    moments = page.locator("#review-moments li a.moment")
    assert 1 <= moments.count() <= 5
    texts = page.eval_on_selector_all("#review-moments li a.moment", "els => els.map(e => e.textContent)")
    for t in texts:  # "Round 6: placing on D2 instead of C1 cost about 9 VP"
        assert re.fullmatch(r"(Round|Move) \d+: .+ instead of .+ cost about \d+ VP", t), t
    # each moment carries its verdict as a symbol and a word, readable without colour
    first = page.locator("#review-moments li").first
    assert re.search(r"(\?!|\?\?|\?|✓) (inaccuracy|mistake|blunder|fine)", first.inner_text())
    marks = page.locator("#review-marks .mark")
    assert marks.count() >= 1
    assert page.eval_on_selector_all("#review-marks .mark b", "els => els.every(e => ['?!', '?', '??'].includes(e.textContent))")
    _scroll(page, "review")
    _shot(page, f"{size}-review-done")
    assert _axe(page) == [], "the review, done"
    _check_log_marks(page, server, gid, size)
    _show_tab(page, "score")
    # a moment's link moves the replay to that decision, which shows its verdict
    target = int(first.locator("a.moment").get_attribute("data-move") or "-1")
    _press(page, first.locator("a.moment"))
    end = time.monotonic() + 30
    while page.evaluate("location.hash") != f"#replay={target}":
        assert time.monotonic() < end, page.evaluate("location.hash")
        page.wait_for_timeout(50)
    _show_tab(page, "score")
    page.wait_for_selector("#replay-pos")
    assert f"move {target} /" in page.inner_text("#replay-pos")
    step = page.locator("#review-step")
    assert step.count() == 1 and re.search(r"(inaccuracy|mistake|blunder)", step.inner_text())
    _scroll(page, "replay")
    _shot(page, f"{size}-review-replay")
    assert _axe(page) == [], "the replay at a reviewed decision"
    # the review is stored: a fresh page shows it done, without asking again
    page.goto(f"{server.url}/game/{gid}")
    page.wait_for_selector("#board text", state="attached")
    _show_tab(page, "score")
    page.wait_for_selector("#review-moments li", timeout=30_000)
    assert page.locator("#review-ask").count() == 0
    assert not errors, errors
    ctx.close()


def test_a_solo_games_score_sheet_offers_its_review_on_a_phone(browser: Any, server: Server) -> None:  # noqa: F811
    """Issue 20: "the review is offered after every solo and solo-series game"."""
    gid, token = _finished_game(server, seed=43, seats=("human",))
    ctx = _context(browser, "phone")
    page = ctx.new_page()
    errors: list[str] = []
    _watch_errors(page, errors)
    page.goto(f"{server.url}/game/{gid}#token={token}")
    page.wait_for_selector("#board text", state="attached")
    _show_tab(page, "score")
    page.wait_for_selector("#review-ask", timeout=30_000)
    assert page.inner_text("#winners").startswith("Your score:")
    _press(page, page.locator("#review-ask"))
    page.wait_for_selector("#review-moments li a.moment, #review .review-summary", timeout=120_000)
    summary = page.inner_text("#review .review-summary")
    assert re.match(r"\d+ decisions? reviewed", summary), summary
    _scroll(page, "review")
    _shot(page, "phone-review-solo")
    assert _axe(page) == [], "a solo game's review"
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_reviewed_game_says_only_catalogue_words(browser: Any, server: Server, size: str) -> None:  # noqa: F811
    """Issue 23 on issue 20's review: under the pseudo-locale a reviewed game's page (the five
    moments with the options' words, the summary, the marked decisions, the log's verdict marks
    and their accessible names, a moment's step of the replay) has no word outside the markers."""
    from tests.web.test_browser_i18n import VISIBLE_TEXT, _leaks, _proper_names

    gid, token = _finished_game(server, seed=12)
    with httpx.Client(base_url=server.url, timeout=30) as c:
        assert c.post(f"/api/games/{gid}/review").status_code in (200, 202)
        end = time.monotonic() + 120
        while c.get(f"/api/games/{gid}/review").json().get("state") != "done":
            assert time.monotonic() < end, "the review did not finish"
            time.sleep(0.3)
        labels = c.get(f"/api/games/{gid}/review?lang=xx").json()
    # the stored review's option words are said again in the language asked for
    assert all(r["chosen_label"].startswith("⟦") and r["best_label"].startswith("⟦") for r in labels["decisions"])
    allowed = _proper_names("snowdonia", "mount_snowdon")
    page = _context(browser, size).new_page()
    page.goto(f"{server.url}/game/{gid}?lang=xx#token={token}")
    page.wait_for_selector("#review-moments li a.moment", state="attached", timeout=30_000)
    page.wait_for_load_state("networkidle")
    for tab in ("score", "log"):
        _show_tab(page, tab)
        page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        page.wait_for_timeout(200)
        text = page.evaluate(VISIBLE_TEXT)
        assert (leaks := _leaks(page, allowed)) == [], f"{tab} tab: {leaks} " + "|".join(x for x in text.split("\n") if any(w in x for w in leaks))[:2000]
    marks = page.eval_on_selector_all("ol.log .log-mark", "els => els.map(e => [e.getAttribute('aria-label'), e.title])")
    assert marks and all(a.startswith("⟦") and t.startswith("⟦") for a, t in marks), marks[:3]
    _show_tab(page, "score")
    _press(page, page.locator("#review-moments li a.moment").first)
    page.wait_for_selector("#review-step", state="attached", timeout=30_000)
    page.wait_for_timeout(300)
    _show_tab(page, "decision")
    assert (leaks := _leaks(page, allowed)) == [], f"a moment's replay step: {leaks}"
    _shot(page, f"{size}-review-pseudo")
    page.context.close()
