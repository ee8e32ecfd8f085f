"""The operator's view and the smaller fixes of issue 17: /healthz, /readyz, Prometheus
/metrics (moves, refusals by reason, 4xx/5xx answers, games open), a 413 the client can
read (the body is drained first), JSON for a bad Host."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import auth, create, make_app, tokens_of, view
from tests.web.server import running


def _metric(body: str, name: str) -> float:
    for line in body.splitlines():
        if line.startswith(name + " "):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def test_healthz_readyz_and_metrics(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "alive"}
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.json()["status"] == "ready"
    before = client.get("/metrics").text
    g = create(client, ["human", "human"], seed=40)
    gid, tokens = g["id"], tokens_of(g)
    seat = view(client, gid)["observation"]["current_player"]
    mine = view(client, gid, tokens[seat])
    for _ in range(2):  # the second is stale: refused with 409
        client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                    json={"action": mine["legal"][0]["text"], "move": mine["move"], "revision": mine["revision"]})
    client.get("/api/games/nosuchgame")
    client.post("/api/games", json={"players": "two"})
    r = client.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    after = r.text
    moves = 'snowdonia_moves_total{by="person",game="snowdonia"}'
    assert _metric(after, moves) == _metric(before, moves) + 1
    for name, more in (('snowdonia_refusals_total{reason="stale_move"}', 1),
                       ('snowdonia_refusals_total{reason="not_found"}', 1),
                       ('snowdonia_refusals_total{reason="malformed"}', 1),
                       ('snowdonia_http_responses_total{code="409",status_class="4xx"}', 1),
                       ('snowdonia_http_responses_total{code="404",status_class="4xx"}', 1),
                       ('snowdonia_http_responses_total{code="201",status_class="2xx"}', 1)):
        assert _metric(after, name) == _metric(before, name) + more, name
    assert _metric(after, "snowdonia_games_open") == 1  # this test's database holds one game
    assert "# TYPE snowdonia_game_load_failures_total counter" in after
    assert "process_cpu_seconds_total" in after or "python_info" in after  # the default registry
    # The operator's routes are not part of the API document.
    paths = client.get("/api/openapi.json").json()["paths"]
    assert not {"/healthz", "/readyz", "/metrics"} & set(paths)


def test_readyz_says_when_the_database_is_gone(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'gone.sqlite'}")
    with TestClient(app) as client:
        app.state.store.engine.dispose()
        (tmp_path / "gone.sqlite").unlink()
        (tmp_path / "gone.sqlite").mkdir()  # not a database any more
        r = client.get("/readyz")
        assert r.status_code == 503
        assert r.json()["checks"]["database"] is False and "database does not answer" in r.json()["reasons"][0]
        lobby = client.get("/api/games")
        assert lobby.status_code == 503 and lobby.json() == {
            "error": "the database does not answer right now; try again shortly"}
        assert client.get("/healthz").status_code == 200


def test_a_bad_host_gets_json(tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'h.sqlite'}", allowed_hosts=("localhost", "*.example.org"))
    with TestClient(app, base_url="http://evil.test") as client:
        r = client.get("/api/meta")
        assert r.status_code == 400 and r.headers["content-type"] == "application/json"
        assert r.json() == {"error": "this server does not answer for the Host 'evil.test'"}
    for host in ("localhost", "localhost:8000", "games.example.org"):
        with TestClient(app, base_url=f"http://{host}") as client:
            assert client.get("/healthz").status_code == 200, host
    app.state.store.close()


@pytest.mark.slow
def test_a_413_is_read_by_the_client_not_a_broken_pipe(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'big.sqlite'}", tmp_path / "log") as server:
        big = json.dumps({"players": 2, "seats": ["human", "human"], "pad": "x" * 900_000}).encode()
        for _ in range(3):
            r = httpx.post(f"{server.url}/api/games", content=big, headers={"content-type": "application/json"})
            assert r.status_code == 413
            assert r.json() == {"error": "the body is larger than 65536 bytes"}
        # A client that sends its headers, then its body a little later (as uploads do): the
        # server waits for the body, so the client finishes sending and reads the answer.
        host, port = server.url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port))) as s:
            s.sendall(b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                      b"Content-Length: %d\r\n\r\n" % len(big))
            time.sleep(0.5)
            for i in range(0, len(big), 16384):
                s.sendall(big[i:i + 16384])
                time.sleep(0.001)
            answer = b""
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                chunk = s.recv(4096)
                if not chunk:
                    break
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 413") and b"larger than 65536 bytes" in answer
        # Without a Content-Length (chunked): the same.
        r = httpx.post(f"{server.url}/api/games", content=iter([big[i:i + 65536] for i in range(0, len(big), 65536)]),
                       headers={"content-type": "application/json"})
        assert r.status_code == 413
        # Beyond what is drained (1 MiB), the answer comes at once and the connection closes.
        with socket.create_connection((host, int(port))) as s:
            s.sendall(b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                      b"Content-Length: 50000000\r\n\r\n")
            assert s.recv(200).startswith(b"HTTP/1.1 413")
