"""Issue 17, fair shares (in-process): clients are address groups (IPv6 by /64), trusted proxies
decide when X-Forwarded-For is believed, requests in progress are capped per client,
spectators are capped apart from seats, a seat's newer socket replaces its oldest, the bot
queue is shared round-robin between clients, and a live process keeps its bot leases."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.web.conftest import TEST_SETTINGS, create, make_app, view, wait_for

from snowdonia.web.app import create_app
from snowdonia.web.fair import FairShare, address_group, client_key, is_trusted
from snowdonia.web.thinking import QUEUE_DEPTH, FairQueue


def test_addresses_are_grouped_ipv4_by_address_and_ipv6_by_its_64() -> None:
    assert address_group("2001:db8:1:2::1") == address_group("2001:db8:1:2:ffff:ffff:ffff:9") == "2001:db8:1:2::/64"
    assert address_group("2001:db8:1:3::1") != address_group("2001:db8:1:2::1")
    assert address_group("::ffff:203.0.113.9") == "203.0.113.9"  # IPv4 seen through an IPv6 socket
    assert address_group("203.0.113.9") == "203.0.113.9" != address_group("203.0.113.10")
    assert address_group("testclient") == "testclient" and address_group(None) == "unknown"
    assert client_key("2001:db8:1:2::1") == client_key("2001:db8:1:2::2") != client_key("2001:db8:1:9::2")
    assert is_trusted("10.1.2.3", ["10.0.0.0/8"]) and not is_trusted("11.1.2.3", ["10.0.0.0/8"])
    assert is_trusted("::1", ["::1"]) and not is_trusted("testclient", ["10.0.0.0/8"])


def _create_from(client: TestClient, headers: dict[str, str] | None = None) -> int:
    return client.post("/api/games", json={"players": 1, "seats": ["human"]}, headers=headers or {}).status_code


def test_the_creation_limit_counts_an_ipv6_64_as_one_client(db_url: str) -> None:
    app = make_app(db_url, games_per_minute=3)
    with TestClient(app, client=("2001:db8:5:6::1", 4000)) as a, \
            TestClient(app, client=("2001:db8:5:6:abcd::77", 4001)) as b, \
            TestClient(app, client=("2001:db8:5:7::1", 4002)) as c:
        assert [_create_from(a), _create_from(b), _create_from(a)] == [201, 201, 201]
        r = b.post("/api/games", json={"players": 1, "seats": ["human"]})
        assert r.status_code == 429 and r.headers["Retry-After"], "another address of the same /64 is the same client"
        assert _create_from(c) == 201, "the next /64 is another client"
    app.state.store.close()


def test_x_forwarded_for_is_believed_from_trusted_proxies_only(db_url: str) -> None:
    app = make_app(db_url, games_per_minute=1, trusted_proxies=("10.0.0.0/8",))
    with TestClient(app, client=("10.0.0.5", 4000)) as proxy, TestClient(app, client=("198.51.100.4", 4000)) as other:
        # Through the proxy, each named client has its own allowance; the right-most untrusted
        # address counts, so a client cannot prepend a made-up one.
        assert _create_from(proxy, {"X-Forwarded-For": "203.0.113.1"}) == 201
        assert _create_from(proxy, {"X-Forwarded-For": "203.0.113.2, 10.0.0.9"}) == 201
        assert _create_from(proxy, {"X-Forwarded-For": "203.0.113.99, 203.0.113.1"}) == 429
        # A peer that is no trusted proxy: its X-Forwarded-For is ignored.
        assert _create_from(other, {"X-Forwarded-For": "203.0.113.50"}) == 201
        assert _create_from(other, {"X-Forwarded-For": "203.0.113.51"}) == 429
    app.state.store.close()


def test_requests_in_progress_are_capped_per_client_and_others_are_served() -> None:
    release = asyncio.Event()
    entered = 0

    async def slow_app(scope: Any, receive: Any, send: Any) -> None:
        nonlocal entered
        entered += 1
        await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    async def call(guard: FairShare, host: str) -> int:
        status = 0

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]

        await guard({"type": "http", "client": (host, 1), "headers": []}, receive, send)
        return status

    async def main() -> tuple[list[int], int, int]:
        guard = FairShare(slow_app, max_requests=3, max_sockets=1)
        flood = [asyncio.create_task(call(guard, f"2001:db8::{i:x}")) for i in range(1, 6)]  # one /64
        await asyncio.sleep(0.05)
        other = asyncio.create_task(call(guard, "198.51.100.7"))
        await asyncio.sleep(0.05)
        release.set()
        statuses = sorted(await asyncio.gather(*flood))
        return statuses, await other, guard.requests["2001:db8::/64"]

    statuses, other, left = asyncio.run(main())
    assert statuses == [200, 200, 200, 429, 429]
    assert other == 200 and entered == 4
    assert left == 0, "finished requests are given back"


@pytest.mark.timeout(120)
def test_fifty_spectators_leave_the_seat_connectable(db_url: str) -> None:
    app = make_app(db_url)  # 50 spectators a game (the default)
    assert app.state.settings.max_sockets_per_game == 50
    with TestClient(app) as client:
        g = create(client, ["human", "human"], seed=3)
        gid, token = g["id"], g["seats"][1]["token"]
        watchers = []
        try:
            for _ in range(50):
                ws = client.websocket_connect(f"/ws/games/{gid}").__enter__()
                ws.send_json({"token": None})
                assert ws.receive_json()["seat"] is None
                watchers.append(ws)
            with client.websocket_connect(f"/ws/games/{gid}") as extra:
                extra.send_json({"token": None})
                refused = extra.receive_json()
                assert "all 50 spectator places" in refused["error"] and refused["retry"] is True
                with pytest.raises(WebSocketDisconnect) as closed:
                    extra.receive_json()
                assert closed.value.code == 4429
            with client.websocket_connect(f"/ws/games/{gid}") as seat:
                seat.send_json({"token": token})
                assert seat.receive_json()["seat"] == 1, "a seated player always gets in"
        finally:
            for ws in watchers:
                ws.__exit__(None, None, None)
    app.state.store.close()


@pytest.mark.timeout(60)
def test_a_seats_newer_socket_replaces_its_oldest(db_url: str) -> None:
    app = make_app(db_url, max_sockets_per_seat=2)
    with TestClient(app) as client:
        g = create(client, ["human", "human"], seed=3)
        gid, token = g["id"], g["seats"][0]["token"]
        with client.websocket_connect(f"/ws/games/{gid}") as first, \
                client.websocket_connect(f"/ws/games/{gid}") as second:
            for ws in (first, second):
                ws.send_json({"token": token})
                assert ws.receive_json()["seat"] == 0
            with client.websocket_connect(f"/ws/games/{gid}") as third:
                third.send_json({"token": token})
                assert third.receive_json()["seat"] == 0
                told = first.receive_json()
                while "error" not in told:  # views pushed before (a seat connected)
                    told = first.receive_json()
                assert told["replaced"] is True and "another window" in told["error"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    first.receive_json()
                assert closed.value.code == 4409
                assert sorted(w.seat for w in app.state.hub.watchers[gid]) == [0, 0]
    app.state.store.close()


def test_the_bot_queue_serves_clients_in_turn() -> None:
    """One client's 30 queued moves do not delay another client's: it gets the next slot
    (and the spare slot at once), while each client runs at most `per_key` at a time."""

    async def main() -> tuple[list[str], int]:
        q = FairQueue("test", size=3, per_key=2)
        order: list[str] = []
        held: list[str] = []

        async def task(key: str, name: str) -> None:
            await q.acquire(key, 60)
            order.append(name)
            held.append(key)

        busy = [asyncio.create_task(task("a", f"a{i}")) for i in range(30)]
        await asyncio.sleep(0.01)
        assert order == ["a0", "a1"], "one client uses at most per_key slots"
        assert QUEUE_DEPTH.labels("test")._value.get() == 28
        other = asyncio.create_task(task("b", "b0"))
        await asyncio.sleep(0.01)
        assert order[-1] == "b0", "the spare slot serves another client at once"
        depth = int(QUEUE_DEPTH.labels("test")._value.get())
        for _ in range(3):  # a0, a1 finish: the next a moves get their slots; b0 finishes: a is at its cap
            q.release(held.pop(0))
            await asyncio.sleep(0.01)
        await other
        for t in busy:
            t.cancel()
        await asyncio.gather(*busy, return_exceptions=True)
        return order, depth

    order, depth = asyncio.run(main())
    assert order == ["a0", "a1", "b0", "a2", "a3"]
    assert depth == 28


def test_a_queued_move_gives_up_at_its_time() -> None:
    async def main() -> float:
        q = FairQueue("test2", size=1, per_key=1)
        await q.acquire("a", 1)
        start = time.monotonic()
        with pytest.raises(TimeoutError):
            await q.acquire("b", 0.2)
        assert q.depth() == 0, "a move that gave up leaves the queue"
        q.release("a")
        await q.acquire("b", 1)  # the slot is free again
        return time.monotonic() - start

    assert 0.15 < asyncio.run(main()) < 1.0


@pytest.mark.timeout(120)
def test_a_live_process_keeps_its_bot_lease_while_thinking(db_url: str) -> None:
    """Leases are short (a dead process's expire fast) and renewed while this process thinks,
    so no other process takes a live process's bot move over."""
    app = create_app(db_url, settings=dataclasses.replace(TEST_SETTINGS, bot_lease_seconds=0.6))
    store = app.state.store
    with TestClient(app) as client:
        g = create(client, ["mcts:1s", "mcts:1s"], seed=8)
        wait_for(lambda: view(client, g["id"])["move"] >= 1, timeout=60)
        end = time.monotonic() + 3.0  # several leases long, in the middle of 1 s searches
        while time.monotonic() < end:
            row = store.game_row(g["id"])
            assert row is not None
            assert g["id"] not in store.needing_bots(time.time()), "a live lease lapsed"
            time.sleep(0.1)
        assert view(client, g["id"])["move"] >= 2
    # A stopped server gives its leases back: the next server resumes at once.
    assert g["id"] in store.needing_bots(time.time())
    store.close()


def test_a_trusted_proxy_that_is_no_address_is_refused_in_words(db_url: str) -> None:
    with pytest.raises(ValueError, match="'proxy.example' is not an address or a network"):
        make_app(db_url, trusted_proxies=("10.0.0.0/8", "proxy.example"))


@pytest.mark.timeout(120)
def test_a_second_process_never_takes_a_live_processs_bot_move(db_url: str) -> None:
    """Two server processes on one database, short leases, the second one sweeping five times
    a second: while the first lives, every bot move is thought by the first."""
    fast = dataclasses.replace(TEST_SETTINGS, bot_lease_seconds=1.5, sweep_seconds=0.1)
    first, second = create_app(db_url, settings=fast), create_app(db_url, settings=fast)
    with TestClient(first) as a, TestClient(second) as b:
        g = create(a, ["mcts:1s", "mcts:1s"], seed=9)
        wait_for(lambda: view(a, g["id"])["move"] >= 4, timeout=90)
        assert view(b, g["id"])["move"] >= 4  # the second process sees the game ...
        assert second.state.live.thinker.queues == {}, "... but never thought about one of its moves"
        assert first.state.live.thinker.queues["search"].size >= 2
    first.state.store.close()
    second.state.store.close()
