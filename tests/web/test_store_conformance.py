"""Every title and scenario through the store (issue 17): the cases come from the registry, so
a new title or scenario is in this test the day it is registered. Each one is created, played
with moves and an undo, snapshotted, evicted from the cache and reloaded, restarted, played
to its end, replayed and recorded: on SQLite, and on PostgreSQL (slow); and a real server
process is killed with SIGKILL in the middle of one game of each and restarted."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import auth, make_app, tokens_of, wait_for
from tests.web.server import kill9, start, stop
from tests.web.test_postgres import pg_url  # noqa: F401 - the throwaway cluster fixture

from snowdonia.registry import names, title
from snowdonia.store import restore
from snowdonia.store.db import SNAPSHOT_EVERY
from snowdonia.store.snapshot import snapshot_title


def cases() -> list[tuple[str, str, int]]:
    """(title, scenario, players) for every scenario of every registered title."""
    out = []
    for name in names():
        for sc in title(name).scenarios:
            players = 2 if 2 in sc.players else min(sc.players)
            out.append((name, sc.key, players))
    return out


CASES = cases()
IDS = [f"{g}-{s}-{p}p" for g, s, p in CASES]


def test_every_title_is_a_case() -> None:
    assert {g for g, _, _ in CASES} == set(names()) and {"snowdonia", "foothills"} <= set(names())
    assert len(CASES) == sum(len(title(n).scenarios) for n in names())


@pytest.mark.parametrize(("game", "scenario", "players"), CASES, ids=IDS)
def test_a_snapshot_names_its_title_and_restores(game: str, scenario: str, players: int) -> None:
    # The reproduction of issue 17: restore(title('foothills').new_game(2, seed=1).snapshot()).
    p = title(game).new_game(players, seed=1, scenario=scenario)
    for _ in range(7):
        p.apply(random.Random(len(p.history)).choice(p.legal_actions()))
    blob = p.snapshot()
    assert snapshot_title(blob) == game
    for copy in (restore(blob), restore(blob, game)):
        assert copy.title.name == game and copy.moves == p.moves
        assert [str(a) for a in copy.legal_actions()] == [str(a) for a in p.legal_actions()]
        assert copy.observation(None) == p.observation(None)
    with pytest.raises(ValueError, match="stored for a"):
        restore(blob, next(n for n in names() if n != game))


def _create(client: Any, game: str, scenario: str, players: int, seed: int) -> tuple[str, dict[int, str]]:
    r = client.post("/api/games", json={"game": game, "scenario": scenario, "players": players,
                                        "seats": ["human"] * players, "seed": seed})
    assert r.status_code == 201, r.text
    return r.json()["id"], tokens_of(r.json())


def _play(client: Any, gid: str, tokens: dict[int, str], n: int | None, rng: random.Random,
          seen: dict[int, Any] | None = None) -> dict[str, Any]:
    """Up to `n` random decisions (None: to the end), each sent with the view's revision.
    `seen` collects the public observation at each move. Returns the last mover's view."""
    last: dict[str, Any] = {}
    made = 0
    while n is None or made < n:
        pub = client.get(f"/api/games/{gid}").json()
        if seen is not None:
            seen[pub["move"]] = pub["observation"]
        if pub["over"]:
            break
        assert made < 5000, "a game that does not end"
        seat = pub["observation"]["current_player"]
        mine = client.get(f"/api/games/{gid}", headers=auth(tokens[seat])).json()
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]), json={
            "action": rng.choice(mine["legal"])["text"], "move": mine["move"], "revision": mine["revision"]})
        assert r.status_code == 200, r.text
        last = {"seat": seat, "view": r.json()}
        made += 1
    return last


def _undo_once(client: Any, gid: str, tokens: dict[int, str], rng: random.Random) -> None:
    """Play until some player may take a decision back, take it back, and check the position
    is the one that was there before."""
    seen: dict[int, Any] = {}
    for _ in range(200):
        last = _play(client, gid, tokens, 1, rng, seen)
        view = last["view"]
        to = view["undo"]["to_move"]
        if to is None:
            continue
        r = client.post(f"/api/games/{gid}/undo", headers=auth(tokens[last["seat"]]),
                        json={"move": view["move"], "to": to, "revision": view["revision"]})
        assert r.status_code == 200, r.text
        assert r.json()["move"] == to
        assert client.get(f"/api/games/{gid}").json()["observation"] == seen[to]
        return
    raise AssertionError("no undo was offered in 200 decisions")


def _whole_life(url: str, game: str, scenario: str, players: int) -> None:
    rng = random.Random(f"{game}{scenario}")
    app = make_app(url, cache_size=1)
    with TestClient(app) as client:
        gid, tokens = _create(client, game, scenario, players, seed=5)
        _undo_once(client, gid, tokens, rng)
        last = _play(client, gid, tokens, SNAPSHOT_EVERY + 5, rng)  # past a stored snapshot
        me = auth(tokens[last["seat"]])
        before = client.get(f"/api/games/{gid}", headers=me).json()
        # Evict it from the cache (size 1) with another game; it reloads from the store.
        _create(client, game, scenario, players, seed=6)
        assert gid not in app.state.live.sessions
        assert client.get(f"/api/games/{gid}", headers=me).json() == before
    app.state.store.close()
    app = make_app(url)
    with TestClient(app) as client:  # a restart: the database alone
        assert client.get(f"/api/games/{gid}", headers=me).json() == before
        _play(client, gid, tokens, None, rng)
        done = client.get(f"/api/games/{gid}").json()
        assert done["over"]
        total = done["move"]
        record = client.get(f"/api/games/{gid}/record").json()
        assert record["game"] == game and len(record["actions"]) == total
        assert title(game).replay(record).result()["scores"] == done["result"]["scores"]
        for k in (0, 3, SNAPSHOT_EVERY + 1, total // 2, total):
            r = client.get(f"/api/games/{gid}/replay/{k}")
            assert r.status_code == 200, (k, r.text)
            assert r.json()["replay"]["move"] == k
            assert r.json()["observation"] == title(game).replay(record, k).observation(None)
    app.state.store.close()


@pytest.mark.parametrize(("game", "scenario", "players"), CASES, ids=IDS)
def test_every_title_through_the_store_on_sqlite(tmp_path: Path, game: str, scenario: str, players: int) -> None:
    _whole_life(f"sqlite:///{tmp_path / 'c.sqlite'}", game, scenario, players)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "scenario", "players"), CASES, ids=IDS)
def test_every_title_through_the_store_on_postgres(pg_url: str, game: str, scenario: str,  # noqa: F811
                                                   players: int) -> None:
    _whole_life(pg_url, game, scenario, players)


def test_replay_of_a_foothills_bot_game(client: TestClient) -> None:
    # The reproduction of issue 17: GET /api/games/{id}/replay/3 of a Foothills bot game.
    r = client.post("/api/games", json={"game": "foothills", "players": 2, "seats": ["random", "random"], "seed": 3})
    gid = r.json()["id"]
    wait_for(lambda: client.get(f"/api/games/{gid}").json()["over"])
    step = client.get(f"/api/games/{gid}/replay/3")
    assert step.status_code == 200, step.text
    assert step.json()["replay"]["move"] == 3 and step.json()["game"] == "foothills"


def _kill_9_every_title(url: str, tmp_path: Path) -> None:
    server = start(url, tmp_path / "server.log")
    games = []
    try:
        with httpx.Client(base_url=server.url, timeout=30) as c:
            for game, scenario, players in CASES:
                gid, tokens = _create(c, game, scenario, players, seed=9)
                last = _play(c, gid, tokens, SNAPSHOT_EVERY + 3, random.Random(gid))
                games.append((gid, tokens, last))
        kill9(server)  # no shutdown handler runs
    finally:
        stop(server)
    server = start(url, tmp_path / "server.log")
    try:
        with httpx.Client(base_url=server.url, timeout=30) as c:
            for gid, tokens, last in games:
                again = c.get(f"/api/games/{gid}", headers=auth(tokens[last["seat"]])).json()
                assert again == last["view"]
                _play(c, gid, tokens, 3, random.Random(1))  # and it goes on
    finally:
        stop(server)


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_kill_9_every_title_on_sqlite(tmp_path: Path) -> None:
    _kill_9_every_title(f"sqlite:///{tmp_path / 'k.sqlite'}", tmp_path)


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_kill_9_every_title_on_postgres(pg_url: str, tmp_path: Path) -> None:  # noqa: F811
    _kill_9_every_title(pg_url, tmp_path)
