"""Issue 17, fair shares under load, on a real `snowdonia serve` (loopback only, bounded):
1,000 websockets from one address leave another address served, and 30 busy `mcts:1s` bot
games of one client leave another client's bot answering within its level's time plus 1 s."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.web.conftest import auth
from tests.web.server import running
from websockets.asyncio.client import connect

OTHER = "127.0.0.2"  # another loopback address: another client


async def _lobby_sockets(ws_url: str, n: int) -> tuple[list[Any], int]:
    """Open `n` lobby sockets from 127.0.0.1 (200 at a time); keep those the server serves."""
    kept: list[Any] = []
    refused = 0
    gate = asyncio.Semaphore(200)

    async def one() -> None:
        nonlocal refused
        async with gate:
            try:
                ws = await connect(f"{ws_url}/ws/lobby", open_timeout=20, close_timeout=1,
                                   local_addr=("127.0.0.1", 0))
            except Exception:
                refused += 1  # closed before the handshake (too many connections)
                return
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 20))
            except Exception:
                refused += 1
                await ws.close()
                return
            if isinstance(msg, dict) and "error" in msg:
                refused += 1
                await ws.close()
                return
            kept.append(ws)

    await asyncio.gather(*(one() for _ in range(n)))
    return kept, refused


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_a_thousand_websockets_from_one_address_leave_another_address_served(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'flood.sqlite'}", tmp_path / "server.log") as server:
        other = httpx.Client(base_url=server.url, timeout=10, transport=httpx.HTTPTransport(local_address=OTHER))
        g = other.post("/api/games", json={"players": 2, "seats": ["human", "human"], "seed": 5}).json()
        gid, token = g["id"], g["seats"][0]["token"]
        ws_url = server.url.replace("http://", "ws://")

        async def scenario() -> tuple[int, int, dict[str, Any], int, int]:
            kept, refused = await _lobby_sockets(ws_url, 1000)
            try:
                # Meanwhile, from another address: the API and a seat's live view.
                status = (await asyncio.to_thread(other.get, f"/api/games/{gid}", headers=auth(token))).status_code
                async with connect(f"{ws_url}/ws/games/{gid}", open_timeout=10,
                                   local_addr=(OTHER, 0)) as ws:
                    await ws.send(json.dumps({"token": token}))
                    seat_view = json.loads(await asyncio.wait_for(ws.recv(), 10))
                # The flooding address itself still has its share of requests.
                own = (await asyncio.to_thread(httpx.get, f"{server.url}/api/meta", timeout=10)).status_code
            finally:
                await asyncio.gather(*(ws.close() for ws in kept), return_exceptions=True)
            return len(kept), refused, seat_view, status, own

        kept, refused, seat_view, status, own = asyncio.run(scenario())
        other.close()
    assert kept + refused == 1000
    assert kept <= 128, f"one address holds at most max_sockets_per_address sockets, not {kept}"
    assert kept >= 64, "the address's own share is served"
    assert status == 200 and own == 200
    assert seat_view["seat"] == 0 and seat_view["id"] == gid


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_thirty_busy_search_games_leave_another_clients_bot_answering(tmp_path: Path) -> None:
    """Thirty games of four `mcts:1s` bots from one client keep every search worker busy (the
    move of each waits its turn); a game of another client gets its `mcts:1s` moves within
    1 s + 1 s each. Before the fair queue, the moves queued first come, first served: 15-30 s."""
    with running(f"sqlite:///{tmp_path / 'busy.sqlite'}", tmp_path / "server.log",
                 env={"SNOWDONIA_BOT_PROCESSES": "2"}) as server:
        busy = httpx.Client(base_url=server.url, timeout=30)
        other = httpx.Client(base_url=server.url, timeout=30, transport=httpx.HTTPTransport(local_address=OTHER))
        games = [busy.post("/api/games", json={"players": 4, "seats": ["mcts:1s"] * 4, "seed": 100 + i}).json()["id"]
                 for i in range(30)]
        time.sleep(3)  # every search worker busy, the rest queued
        gid = other.post("/api/games", json={"players": 2, "seats": ["mcts:1s"] * 2, "seed": 9}).json()["id"]
        start = time.monotonic()
        times: list[float] = []
        seen = 0
        while len(times) < 4 and time.monotonic() - start < 60:
            move = other.get(f"/api/games/{gid}").json()["move"]
            if move > seen:
                now = time.monotonic()
                times.extend([now - start] * (move - seen))
                seen = move
            time.sleep(0.05)
        states = [busy.get(f"/api/games/{b}").json() for b in games]
        busy_moves = sum(st["move"] for st in states)
        busy.close()
        other.close()
    gaps = [b - a for a, b in zip([0.0, *times], times, strict=False)]
    print(f"another client's mcts:1s moves after {[round(g, 2) for g in gaps]} s; "
          f"the 30 busy games made {busy_moves} moves meanwhile")
    assert len(gaps) == 4, f"only {len(gaps)} moves in 60 s"
    assert max(gaps) <= 2.0, gaps
    assert not any(st["over"] for st in states), "the busy games were still playing throughout"


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_thousand_idle_connections_from_one_address_leave_another_address_served(tmp_path: Path) -> None:
    """Connections that send nothing (a slow-header flood) from one address are closed beyond
    its share as they are made, so they never fill the server's global limit."""
    import socket

    with running(f"sqlite:///{tmp_path / 'idle.sqlite'}", tmp_path / "server.log") as server:
        port = int(server.url.rsplit(":", 1)[1])
        held: list[socket.socket] = []
        try:
            for _ in range(1000):
                s = socket.socket()
                s.bind(("127.0.0.1", 0))
                s.connect(("127.0.0.1", port))
                held.append(s)
            time.sleep(1.0)  # the server has seen them all
            open_ones = 0
            for s in held:  # a closed one reads end-of-file at once; an open one would block
                s.settimeout(0.01)
                try:
                    open_ones += s.recv(1) != b""
                except TimeoutError:
                    open_ones += 1
                except OSError:
                    pass
            with httpx.Client(timeout=10, transport=httpx.HTTPTransport(local_address=OTHER)) as c:
                other = c.get(f"{server.url}/api/meta")
        finally:
            for s in held:
                s.close()
    assert other.status_code == 200
    assert open_ones <= 64, f"{open_ones} idle connections of one address stayed open"
