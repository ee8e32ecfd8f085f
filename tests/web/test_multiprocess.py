"""Issue 10, finding 2: one truth across server processes. A process holding an old position
can never write it (the revision check makes the write conditional), undo included; racing
undos and moves on two processes over one SQLite file, and on two uvicorn workers over
PostgreSQL, leave a game that replays; pushes cross processes on PostgreSQL; kill -9 with two
processes loses nothing."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import auth, create, make_app, tokens_of, view
from tests.web.server import start, stop
from tests.web.test_postgres import pg_url  # noqa: F401 - the throwaway cluster fixture

import snowdonia
from snowdonia.store import Store
from snowdonia.web.live import ApiError


def _decide(client: TestClient, gid: str, tokens: dict[int, str], pick: int = 0) -> dict[str, Any]:
    seat = view(client, gid)["observation"]["current_player"]
    mine = view(client, gid, tokens[seat])
    legal = mine["legal"]
    r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                    json={"action": legal[pick % len(legal)]["text"], "move": mine["move"]})
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_a_stale_process_can_never_write(db_url: str) -> None:
    a, b = make_app(db_url), make_app(db_url)
    with TestClient(a) as ca, TestClient(b) as cb:
        g = create(ca, ["human", "human"], seed=77)
        gid, tokens = g["id"], tokens_of(g)
        first = _decide(ca, gid, tokens, 0)
        seat0 = first["seat"]
        assert view(cb, gid)["move"] == 1  # B has read revision 1
        stale = b.state.live.sessions[gid]
        assert stale.revision == 1
        # A: the player takes the decision back and makes another one.
        r = ca.post(f"/api/games/{gid}/undo", json={"move": 1}, headers=auth(tokens[seat0]))
        assert r.status_code == 200
        _decide(ca, gid, tokens, 3)
        # B still holds revision 1; a move on it (the race window between read and write) is refused.
        decider = stale.position.current_player
        old_legal = str(stale.position.legal_actions()[0])

        async def act() -> None:
            await b.state.live.act(stale, decider, 1, old_legal)

        with pytest.raises(ApiError) as exc:
            cb.portal.call(act)
        assert exc.value.status == 409
        assert stale.revision == 3  # reloaded
        # An undo on a stale copy is refused the same way.
        stale.revision = 1

        async def undo() -> None:
            await b.state.live.undo(stale, seat0, stale.position.moves)

        with pytest.raises(ApiError) as exc:
            cb.portal.call(undo)
        assert exc.value.status in (400, 409)
        assert stale.revision == 3
        # Both processes now show the same game, and the database replays it.
        assert {**view(ca, gid), "seats": None} == {**view(cb, gid), "seats": None}
        actions = a.state.store.actions(gid)
        assert len(actions) == 1
        assert snowdonia.replay({"players": 2, "seed": 77, "actions": actions}).moves == 1
    a.state.store.close()
    b.state.store.close()


def _race(urls: list[str], rounds: int, seed: int) -> tuple[str, dict[int, str], dict[int, int]]:
    """Random moves and undos sent at the same time to different processes."""
    rng = random.Random(seed)
    codes: dict[int, int] = {}

    async def run() -> tuple[str, dict[int, str]]:
        clients = [httpx.AsyncClient(base_url=u, timeout=60) for u in urls]
        try:
            g = (await clients[0].post("/api/games", json={"players": 2, "seats": ["human", "human"],
                                                           "seed": seed})).json()
            gid, tokens = g["id"], tokens_of(g)
            for _ in range(rounds):
                c = rng.choice(clients)
                pub = (await c.get(f"/api/games/{gid}")).json()
                seat = pub["observation"]["current_player"]
                mine = (await c.get(f"/api/games/{gid}", headers=auth(tokens[seat]))).json()
                legal = mine["legal"]
                jobs = []
                for cl in clients:
                    jobs.append(cl.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                                        json={"action": rng.choice(legal)["text"], "move": mine["move"]}))
                    if rng.random() < 0.5:
                        last = mine["move"]
                        jobs.append(cl.post(f"/api/games/{gid}/undo", headers=auth(tokens[1 - seat]),
                                            json={"move": last}))
                        jobs.append(cl.post(f"/api/games/{gid}/undo", headers=auth(tokens[seat]),
                                            json={"move": last + 1}))
                answers = await asyncio.gather(*jobs)
                for a in answers:
                    codes[a.status_code] = codes.get(a.status_code, 0) + 1
                    assert a.status_code in (200, 400, 403, 409), a.text
            return gid, tokens
        finally:
            for cl in clients:
                await cl.aclose()

    gid, tokens = asyncio.run(run())
    return gid, tokens, codes


def _consistent(urls: list[str], db_url: str, gid: str, tokens: dict[int, str], seed: int) -> None:
    store = Store(db_url)
    try:
        actions = store.actions(gid)
        game = snowdonia.replay({"players": 2, "seed": seed, "actions": actions})
    finally:
        store.close()
    for u in urls:
        v = httpx.get(f"{u}/api/games/{gid}", timeout=30).json()
        assert v["move"] == len(actions) == game.moves
        assert v["observation"] == game.observation(None)
        for s, t in tokens.items():
            mine = httpx.get(f"{u}/api/games/{gid}", headers=auth(t), timeout=30).json()
            assert [a["text"] for a in mine["legal"]] == ([str(a) for a in game.legal_actions()]
                                                          if game.current_player == s else [])


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_undo_and_move_races_on_two_processes_sharing_one_sqlite_file(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    servers = [start(db, tmp_path / "a.log"), start(db, tmp_path / "b.log")]
    try:
        urls = [s.url for s in servers]
        gid, tokens, codes = _race(urls, 40, seed=5)
        assert codes.get(200, 0) >= 40 and codes.get(409, 0) > 0, codes
        _consistent(urls, db, gid, tokens, 5)
    finally:
        for s in servers:
            stop(s)
    for name in ("a.log", "b.log"):
        text = (tmp_path / name).read_text()
        assert "Traceback" not in text and " 500 " not in text, text[-2000:]


def _pushes_reach_every_socket(url: str, gid: str, tokens: dict[int, str], sockets: int, moves: int) -> bool:
    """Open `sockets` spectator sockets, make `moves` moves over HTTP; True when every socket
    saw every move number."""
    import json

    import websockets

    async def run() -> bool:
        conns = [await websockets.connect(f"{url.replace('http', 'ws')}/ws/games/{gid}") for _ in range(sockets)]
        try:
            for ws in conns:
                await ws.send('{"token": null}')
                assert json.loads(await ws.recv())["move"] == 0
            async with httpx.AsyncClient(base_url=url, timeout=30) as c:
                for n in range(moves):
                    seat = (await c.get(f"/api/games/{gid}")).json()["observation"]["current_player"]
                    mine = (await c.get(f"/api/games/{gid}", headers=auth(tokens[seat]))).json()
                    r = await c.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                                     json={"action": mine["legal"][0]["text"], "move": n})
                    assert r.status_code == 200
                    for ws in conns:  # pushes collapse to the newest: read until this move
                        while json.loads(await asyncio.wait_for(ws.recv(), timeout=30))["move"] < n + 1:
                            pass
            return True
        finally:
            for ws in conns:
                await ws.close()

    return asyncio.run(run())


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_postgres_two_processes_share_pushes_and_two_workers_race(pg_url: str, tmp_path: Path) -> None:  # noqa: F811
    # Two processes on one database: a change on A reaches a socket on B.
    a = start(pg_url, tmp_path / "a.log")
    b = start(pg_url, tmp_path / "b.log")
    try:
        g = httpx.post(f"{a.url}/api/games", json={"players": 2, "seats": ["human", "human"], "seed": 8}).json()
        gid, tokens = g["id"], tokens_of(g)
        got: list[dict[str, Any]] = []
        ready = threading.Event()

        async def watch() -> None:
            import websockets

            async with websockets.connect(f"{b.url.replace('http', 'ws')}/ws/games/{gid}") as ws:
                await ws.send('{"token": null}')
                got.append(__import__("json").loads(await ws.recv()))
                ready.set()
                got.append(__import__("json").loads(await asyncio.wait_for(ws.recv(), timeout=30)))

        t = threading.Thread(target=lambda: asyncio.run(watch()))
        t.start()
        assert ready.wait(30)
        seat = httpx.get(f"{a.url}/api/games/{gid}").json()["observation"]["current_player"]
        mine = httpx.get(f"{a.url}/api/games/{gid}", headers=auth(tokens[seat])).json()
        r = httpx.post(f"{a.url}/api/games/{gid}/actions", headers=auth(tokens[seat]),
                       json={"action": mine["legal"][0]["text"], "move": 0})
        assert r.status_code == 200
        t.join(40)
        assert got[0]["move"] == 0 and got[1]["move"] == 1, "the push did not cross processes"
        gid2, tokens2, codes = _race([a.url, b.url], 25, seed=9)
        assert codes.get(200, 0) >= 25 and codes.get(409, 0) > 0, codes
        _consistent([a.url, b.url], pg_url, gid2, tokens2, 9)
    finally:
        stop(a)
        stop(b)
    # Two uvicorn workers behind one port: sockets land on either; every one gets every push.
    w = start(pg_url, tmp_path / "w.log", args=("--workers", "2"))
    try:
        g = httpx.post(f"{w.url}/api/games", json={"players": 2, "seats": ["human", "human"], "seed": 12}).json()
        assert _pushes_reach_every_socket(w.url, g["id"], tokens_of(g), sockets=8, moves=3)
        gid3, tokens3, codes = _race([w.url, w.url], 25, seed=10)
        assert codes.get(200, 0) >= 25, codes
        _consistent([w.url], pg_url, gid3, tokens3, 10)
    finally:
        stop(w)
    for name in ("a.log", "b.log", "w.log"):
        text = (tmp_path / name).read_text()
        assert "Traceback" not in text and " 500 " not in text, text[-2000:]
