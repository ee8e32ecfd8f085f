"""The table in the player's language (issue 23), in Debian's chromium against a real server:

- the pseudo-locale (`?lang=xx`, every catalogue message wrapped in ⟦…⟧) leaves no visible
  word outside the markers on the lobby, a game in progress and a finished game of each title
  and scenario, at 390×844 (touch) and 1440×900 — only names printed on the components
  (stations, trains, railways), the players' own names and the languages' own names;
- `Accept-Language: de-DE` / `pl-PL` gives the lobby and the game page in that language;
- the language menu in the game's Options changes the words without reloading the page or
  the game state;
- German and Polish at 390 px: nothing wider than the screen, no clipped button.

Screenshots go to test-artifacts/i18n/."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.web.server import Server, running

from snowdonia import i18n, registry

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "i18n"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
SIZES: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1440, "height": 900}},
}
CASES = [(g, s.key) for g in registry.names() for s in registry.title(g).scenarios]
NAMES = ["Ann", "Bob"]
# The notation of the boards (explained by the translated legends and tooltips).
NOTATION = {"VP", "No"}

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Every visible text of the page in document order, joined, so a message that a layout
# breaks over several elements (an SVG text wrapped in lines) is still one marked run.
VISIBLE_TEXT = r"""() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walk.nextNode())) {
    const el = n.parentElement;
    if (!el || el.closest("script,style,template")) continue;
    if (el.closest("select") && !el.closest("option:checked")) continue;
    if (!el.getClientRects().length) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === "hidden" || cs.display === "none") continue;
    const fold = el.closest("details:not([open])");
    if (fold && !el.closest("summary")) continue;
    out.push(n.textContent);
  }
  for (const x of document.querySelectorAll("input[placeholder]")) if (x.getClientRects().length && !x.value) out.push(x.placeholder);
  return out.join("\n");
}"""


def _outside_markers(text: str) -> str:
    prev = None
    while prev != text:
        prev, text = text, re.sub(r"⟦[^⟦⟧]*⟧", "", text)
    return text


def _proper_names(game: str, scenario: str) -> set[str]:
    """Names printed on the components (they are not translated), the players' and the
    languages' own names."""
    t = registry.title(game)
    g = t.new_game(2, seed=1, scenario=scenario)
    names = set(NAMES) | set(i18n.LANGUAGES.values())
    obs = g.observation(0)
    cfg = getattr(g, "cfg", None)
    if cfg is not None and hasattr(cfg, "stations"):
        names |= {s.name for s in cfg.stations}
        names |= {tr.name for tr in cfg.train.values()}
    for item in obs.get("route", []) if isinstance(obs, dict) else []:
        if isinstance(item, dict) and item.get("name"):
            names.add(str(item["name"]))
    names |= set(getattr(t.words, "proper_names", lambda: [])())
    return names


def _leaks(page: Any, allowed: set[str]) -> list[str]:
    text = page.evaluate(VISIBLE_TEXT)
    # A label cut to its box ends in "…": a marked run cut there has lost its closing marker.
    text = re.sub(r"⟦[^⟦⟧…]*…", " ", text)
    # and a printed name cut there is the start of the name
    prefixes = {w for name in allowed for w in re.findall(r"[A-Za-z][A-Za-z'’]+", name)}
    text = re.sub(r"([A-Za-z'’]+)…", lambda m: " " if any(p.startswith(m.group(1)) for p in prefixes) else m.group(0),
                  text)
    rest = _outside_markers(text)
    for name in sorted(allowed, key=len, reverse=True):
        rest = rest.replace(name, " ")
    # the components' printed identifiers: railway numerals I–VIII, card ids (VIII-3, A3)
    rest = re.sub(r"\b[IVX]+(-\d+)?\b|\b[A-E]\d\b", " ", rest)
    # Words of any script; a pseudo-locale word cut from its markers by a layout still has its
    # accented letters (Sûrvéýö…), an English one has none.
    words = [w for w in re.findall(r"[^\W\d_][^\W\d_'’]+", rest) if w.isascii()]
    # a printed name a layout breaks over lines (an SVG label in two rows) leaves its words
    name_words = {w for name in allowed for w in re.findall(r"[A-Za-z][A-Za-z'’]+", name)}
    # (a long name hyphenated over two lines leaves its two halves)
    return sorted({w for w in words if w not in NOTATION and not any(w in nw for nw in name_words)})


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


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("i18n")
    with running(f"sqlite:///{tmp / 'i18n.sqlite'}", tmp / "server.log") as s:
        yield s


def _new_game(server: Server, game: str, scenario: str, seats: list[Any], seed: int = 3) -> dict[str, Any]:
    body = {"game": game, "scenario": scenario, "players": len(seats), "seats": seats, "seed": seed,
            "table": {"bot_delay_ms": 0}}
    r = httpx.post(server.url + "/api/games", json=body, timeout=30)
    assert r.status_code == 201, r.text
    return dict(r.json())


@pytest.fixture(scope="module")
def finished(server: Server) -> dict[tuple[str, str], str]:
    """One game of bots played to the end per title and scenario (watched as a spectator)."""
    ids = {}
    for game, scenario in CASES:
        g = _new_game(server, game, scenario, ["greedy", "greedy"], seed=7)
        ids[(game, scenario)] = g["id"]
    deadline = time.monotonic() + 600
    for key, gid in ids.items():
        while True:
            v = httpx.get(f"{server.url}/api/games/{gid}", timeout=30).json()
            if v.get("over"):
                break
            assert time.monotonic() < deadline, f"the bots' game {key} did not end"
            time.sleep(0.5)
    return ids


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _settle(page: Any) -> None:
    page.wait_for_load_state("networkidle")
    time.sleep(0.3)


# ------------------------------------------------------------------ pseudo-locale
@pytest.mark.parametrize("size", list(SIZES))
def test_pseudo_lobby_has_no_word_outside_the_catalogue(browser: Any, server: Server, size: str) -> None:
    ctx = browser.new_context(**SIZES[size])
    page = ctx.new_page()
    page.goto(server.url + "/?lang=xx")
    page.wait_for_selector("#create")
    _settle(page)
    allowed = set().union(*(_proper_names(g, s) for g, s in CASES))
    assert _leaks(page, allowed) == []
    assert page.evaluate("document.documentElement.lang") == "en"
    _shot(page, f"pseudo-lobby-{size}")
    ctx.close()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize(("game", "scenario"), CASES, ids=[f"{g}-{s}" for g, s in CASES])
def test_pseudo_game_in_progress_and_finished(browser: Any, server: Server, finished: dict[tuple[str, str], str],
                                              game: str, scenario: str, size: str) -> None:
    allowed = _proper_names(game, scenario)
    g = _new_game(server, game, scenario, [{"kind": "human", "name": NAMES[0]}, "greedy"])
    token = next(s["token"] for s in g["seats"] if s.get("token"))
    ctx = browser.new_context(**SIZES[size])
    page = ctx.new_page()
    page.goto(f"{server.url}/game/{g['id']}?lang=xx#token={token}")
    page.wait_for_selector("#board text", state="attached")
    _settle(page)
    # Every panel of a phone's tabs, in turn; a desktop shows them all at once.
    for tab in ("board", "decision", "players", "log", "score"):
        button = page.locator(f".tabs button[data-tab={tab}]")
        if button.is_visible():
            button.tap() if SIZES[size].get("has_touch") else button.click()
            time.sleep(0.2)
        assert (leaks := _leaks(page, allowed)) == [], f"{tab} tab: {leaks}"
    _shot(page, f"pseudo-{game}-{scenario}-{size}")
    page.goto(f"{server.url}/game/{finished[(game, scenario)]}?lang=xx#watch")
    page.wait_for_selector("#board text", state="attached")
    page.wait_for_selector("#end, #winners", state="attached")
    _settle(page)
    for tab in ("board", "score", "players", "log"):
        button = page.locator(f".tabs button[data-tab={tab}]")
        if button.is_visible():
            button.tap() if SIZES[size].get("has_touch") else button.click()
            time.sleep(0.2)
        assert (leaks := _leaks(page, allowed)) == [], f"finished game, {tab} tab: {leaks}"
    _shot(page, f"pseudo-{game}-{scenario}-finished-{size}")
    ctx.close()


# ------------------------------------------------------------------ German and Polish
def _said(lang: str, msgid: str) -> str:
    return i18n.translator(lang).gettext(msgid)


def _fits(page: Any, width: int) -> list[str]:
    """What sticks out: the page wider than the screen, or a button or heading whose text is
    cut (its content wider than its box with overflow hidden)."""
    return list(page.evaluate("""(w) => {
      const bad = [];
      if (document.documentElement.scrollWidth > w + 1) bad.push('page ' + document.documentElement.scrollWidth);
      for (const el of document.querySelectorAll('button, summary, h1, h2, h3, label, .tabs button, .status, .chip')) {
        if (!el.getClientRects().length || el.closest('.visually-hidden')) continue;  // screen-reader text
        const r = el.getBoundingClientRect();
        if (r.right > w + 1 && !el.closest('.board-wrap, .table-scroll')) bad.push('off screen: ' + el.textContent.slice(0, 40));
        const cs = getComputedStyle(el);
        if (cs.overflow === 'hidden' && el.scrollWidth > el.clientWidth + 1) bad.push('cut: ' + el.tagName + '.' + el.className + ' ' + el.scrollWidth + '>' + el.clientWidth + ' ' + el.textContent.slice(0, 40));
      }
      return bad;
    }""", width))


@pytest.mark.parametrize(("accept", "lang"), [("de-DE,de;q=0.9,en;q=0.5", "de"), ("pl-PL,pl;q=0.9", "pl")])
def test_accept_language_gives_the_lobby_and_the_game_in_that_language(browser: Any, server: Server,
                                                                       accept: str, lang: str) -> None:
    if lang not in i18n.available():
        pytest.skip(f"no {lang} catalogue in this tree")
    ctx = browser.new_context(**SIZES["phone"], extra_http_headers={"Accept-Language": accept}, locale=accept[:5])
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    _settle(page)
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.inner_text("#create") == _said(lang, "Create game")
    assert page.inner_text("#new-game h2") == _said(lang, "New game")
    assert page.locator("#lobby-language").input_value() == lang
    assert _fits(page, 390) == []
    _shot(page, f"{lang}-lobby-phone")
    g = _new_game(server, "snowdonia", "mount_snowdon", [{"kind": "human", "name": NAMES[0]}, "greedy"])
    token = next(s["token"] for s in g["seats"] if s.get("token"))
    page.goto(f"{server.url}/game/{g['id']}#token={token}")
    page.wait_for_selector("#board text", state="attached")
    _settle(page)
    assert page.inner_text("#menu-button") == _said(lang, "☰ Options")
    # The decision's choices are the server's words in that language (the first decision: place).
    prefix = _said(lang, "Place on %(space)s — ").split("%(space)s")[0]
    assert prefix != "Place on "
    labels = page.evaluate("[...document.querySelectorAll('#decision [data-action]')].map((b) => b.textContent)")
    assert labels and all(x.startswith(prefix) for x in labels), labels
    board = page.evaluate("document.getElementById('board').textContent")
    assert _said(lang, "Stock Yard") != "Stock Yard" and _said(lang, "Stock Yard") in board
    assert _fits(page, 390) == []
    for tab in ("board", "decision", "players", "log", "score"):
        button = page.locator(f".tabs button[data-tab={tab}]")
        if button.is_visible():
            button.tap()
            time.sleep(0.2)
            assert _fits(page, 390) == [], tab
            _shot(page, f"{lang}-game-{tab}-phone")
    ctx.close()


def test_switching_language_in_options_keeps_the_page_and_the_game(browser: Any, server: Server) -> None:
    if "de" not in i18n.available():
        pytest.skip("no German catalogue in this tree")
    g = _new_game(server, "snowdonia", "mount_snowdon", [{"kind": "human", "name": NAMES[0]}, "greedy"])
    token = next(s["token"] for s in g["seats"] if s.get("token"))
    ctx = browser.new_context(**SIZES["desktop"], extra_http_headers={"Accept-Language": "en"})
    page = ctx.new_page()
    page.goto(f"{server.url}/game/{g['id']}#token={token}")
    page.wait_for_selector("#board text", state="attached")
    _settle(page)
    page.evaluate("window.__sameDocument = 'yes'")
    move = page.evaluate("document.body.dataset.move")
    assert page.inner_text("#menu-button") == "☰ Options"
    labels = "[...document.querySelectorAll('#decision [data-action]')].map((b) => b.textContent)"
    english = page.evaluate(labels)
    page.click("#menu-button")
    page.select_option("#language", "de")
    page.wait_for_function("t => document.getElementById('menu-button').textContent === t",
                           arg=_said("de", "☰ Options"))
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    _settle(page)
    assert page.evaluate("window.__sameDocument") == "yes", "the page was reloaded"
    assert page.evaluate("document.body.dataset.move") == move
    german = page.evaluate(labels)
    prefix = _said("de", "Place on %(space)s — ").split("%(space)s")[0]
    assert len(german) == len(english) > 0 and all(x.startswith(prefix) for x in german), german
    assert page.evaluate("localStorage.getItem('snowdonia:lang')") == "de"
    # The choice is kept: the lobby opens in German although the browser asks for English.
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    assert page.inner_text("#create") == _said("de", "Create game")
    ctx.close()
