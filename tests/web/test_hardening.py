"""Issue 10, findings 1, 3 and 4: bounded bot work, operator limits (429 with Retry-After),
malformed input answered 4xx in words, security headers, allowed hosts, idle websockets,
slow clients and abrupt disconnects."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.web.conftest import auth, create, make_app, tokens_of, view, wait_for
from tests.web.server import running

from snowdonia.web.guard import CSP

BAD_LEVELS = ["mcts:1e9s", "mcts:99999999999999999999", "mcts:inf", "mcts:nan", "mcts:1000000", "mcts:60s"]


def test_the_six_request_stall_is_refused_and_strong_bots_do_not_stall_others(client: TestClient) -> None:
    for level in BAD_LEVELS:  # the six requests of the report
        r = client.post("/api/games", json={"players": 2, "seats": [level, level]})
        assert r.status_code == 400 and "bot levels" in r.json()["error"], r.text
    assert client.get("/api/games").json() == []
    # Six games of the strongest named level think at once; another game's bot still answers.
    strongest = client.get("/api/meta").json()["limits"]["bot_levels"][-1]
    busy = [create(client, [strongest] * 3, seed=100 + i)["id"] for i in range(6)]
    g = create(client, ["human", "greedy"], seed=12)
    gid, token = g["id"], g["seats"][0]["token"]
    for _ in range(4):
        wait_for(lambda: bool(view(client, gid, token)["legal"]), timeout=60)
        mine = view(client, gid, token)
        r = client.post(f"/api/games/{gid}/actions", headers=auth(token),
                        json={"action": mine["legal"][0]["text"], "move": mine["move"]})
        assert r.status_code == 200
    wait_for(lambda: all(view(client, b)["move"] > 0 for b in busy), timeout=120)


def test_a_bot_past_its_deadline_falls_back_to_the_next_lower_level(db_url: str) -> None:
    app = make_app(db_url, bot_deadline_seconds=0.2)
    with TestClient(app) as client:
        g = create(client, ["mcts:1s", "mcts:1s"], seed=4)
        live = app.state.live
        wait_for(lambda: view(client, g["id"])["move"] >= 4, timeout=120)
        used = {b for _, b in live.sessions[g["id"]].movers[:4]}
        assert "mcts:1s" not in used and used <= {"mcts:200", "greedy", "random"}, used
        assert live.thinker.failures >= 4
    app.state.store.close()


def test_limits_answer_429_with_retry_after(db_url: str) -> None:
    app = make_app(db_url, games_per_minute=3)
    with TestClient(app) as client:
        for _ in range(3):
            create(client, ["human", "human"])
        r = client.post("/api/games", json={"players": 2, "seats": ["human", "human"]})
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
        assert "a minute" in r.json()["error"]
        assert len(client.get("/api/games").json()) == 3
    app.state.store.close()
    app = make_app(db_url.replace(".sqlite", "2.sqlite"), max_open_games=2)
    with TestClient(app) as client:
        create(client, ["human"])
        create(client, ["human"])
        r = client.post("/api/games", json={"players": 1, "seats": ["human"]})
        assert r.status_code == 429 and r.headers["Retry-After"] and "unfinished" in r.json()["error"]
    app.state.store.close()


def test_malformed_bodies_are_refused_in_words_and_change_nothing(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    gid, tokens = g["id"], tokens_of(g)
    seat = view(client, gid)["observation"]["current_player"]
    tok = tokens[seat]
    before = view(client, gid, tok)
    url = f"/api/games/{gid}/actions"
    raw = {"content-type": "application/json", **auth(tok)}
    cases: list[tuple[bytes, str]] = [
        (b'{"action": "place A1", "move": NaN}', "NaN"),
        (b'{"action": "place A1", "move": Infinity}', "Infinity"),
        (b'{"action": "place A1", "move": -Infinity}', "Infinity"),
        (b'{"action": "place \\ud800A1", "move": 0}', "surrogate"),
        (b'{"action": "place A1\\u0000", "move": 0}', "NUL"),
        (b'{"action": "place \xff\xfe", "move": 0}', "UTF-8"),
        (b'\xff\xfe{}', "UTF-8"),
        (b'{"action": "place A1", "move": 0', "JSON"),
        (b"[" * 5000 + b"]" * 5000, "nested"),
    ]
    for body, words in cases:
        r = client.post(url, content=body, headers=raw)
        assert r.status_code == 400, (body[:40], r.status_code, r.text)
        assert words.lower() in r.json()["error"].lower(), (body[:40], r.json())
    for body in (b'{"players": 2, "seats": ["human", "human"], "seed": NaN}',
                 b'{"players": 2, "seats": ["human", {"kind": "human", "name": "\\udc00"}]}',
                 b'{"players": 2, "seats": ["human", "human"], "settings": {"edition\\u0000": 1}}'):
        r = client.post("/api/games", content=body, headers={"content-type": "application/json"})
        assert r.status_code == 400, r.text
    # Seeds outside 64 bits, as numbers of any size.
    for seed in (2**63, -(2**63) - 1, 10**40):
        r = client.post("/api/games", json={"players": 1, "seats": ["human"], "seed": seed})
        assert r.status_code == 400 and "64 bits" in r.json()["error"]
    # Null bytes and junk in ids.
    for path in ("/api/games/%00", "/api/games/a%00b", "/api/games/" + "x" * 300, "/api/games/%F0%9F%98%80"):
        r = client.get(path)
        assert r.status_code == 404 and r.json()["error"] == "no such game"
    r = client.post("/api/games/%00/actions", json={"action": "pass", "move": 0}, headers=auth(tok))
    assert r.status_code == 404
    # Too large.
    r = client.post(url, content=b'{"action": "' + b"x" * 70000 + b'", "move": 0}', headers=raw)
    assert r.status_code == 413 and "larger" in r.json()["error"]
    assert view(client, gid, tok) == before
    assert len(client.get("/api/games").json()) == 1


def test_security_headers_and_no_third_party_scripts(client: TestClient) -> None:
    for path in ("/", "/api/meta", "/static/app.js", "/api/games/nope"):
        r = client.get(path)
        assert r.headers["content-security-policy"] == CSP
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "no-referrer"
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
    assert "http" not in CSP and "cdn" not in CSP.lower()
    assert client.get("/api/docs").status_code == 404  # Swagger UI would load a CDN's scripts
    assert client.get("/api/openapi.json").status_code == 200
    html = client.get("/").text
    assert "http://" not in html and "https://" not in html


def test_allowed_hosts(db_url: str) -> None:
    app = make_app(db_url, allowed_hosts=("play.example.org",))
    with TestClient(app, base_url="http://play.example.org") as client:
        assert client.get("/api/meta").status_code == 200
        assert client.get("/api/meta", headers={"host": "evil.example"}).status_code == 400
    app.state.store.close()


def test_idle_websockets_are_closed(db_url: str) -> None:
    app = make_app(db_url, ws_idle_seconds=0.5)
    with TestClient(app) as client:
        g = create(client, ["human"])
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_json({"token": None})
            assert ws.receive_json()["id"] == g["id"]
            with pytest.raises(WebSocketDisconnect) as exc:
                ws.receive_json()
            assert exc.value.code == 1001
    app.state.store.close()


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_slow_clients_and_abrupt_disconnects_on_a_real_server(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    env = {"SNOWDONIA_HEADER_TIMEOUT_SECONDS": "1", "SNOWDONIA_BODY_TIMEOUT_SECONDS": "1"}
    with running(f"sqlite:///{tmp_path / 'slow.sqlite'}", log, env=env) as server:
        host, port = server.url.removeprefix("http://").split(":")
        # Slow headers: closed by the server once the header deadline passes.
        socks = []
        for _ in range(20):
            s = socket.create_connection((host, int(port)))
            s.sendall(b"GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            socks.append(s)
        time.sleep(2.5)
        for s in socks:
            s.settimeout(5)
            assert s.recv(100) == b"", "a slow-header connection was left open"
            s.close()
        # A slow body: 408 in words.
        s = socket.create_connection((host, int(port)))
        s.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 100\r\n\r\n{\"players\"")
        s.settimeout(10)
        answer = b""
        while chunk := s.recv(4000):  # the server closes after answering
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 408") and b"did not arrive" in answer
        s.close()
        # The server still answers.
        g = httpx.post(server.url + "/api/games", json={"players": 1, "seats": ["human"]}).json()
        # Abrupt websocket disconnects: one line each, no traceback.
        for _ in range(15):
            s = socket.create_connection((host, int(port)))
            s.sendall((f"GET /ws/games/{g['id']} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                       "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                       "Sec-WebSocket-Version: 13\r\n\r\n").encode())
            assert b"101" in s.recv(1000)
            payload = json.dumps({"token": None}).encode()
            mask = b"\x00\x00\x00\x00"
            s.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + payload)
            s.recv(100)  # the first push begins
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            s.close()  # RST, no close frame
        time.sleep(1.0)
        assert httpx.get(server.url + "/api/meta").status_code == 200
    text = log.read_text()
    assert "Traceback" not in text, text[-3000:]
    assert text.count(f"websocket of game {g['id']}") >= 15
