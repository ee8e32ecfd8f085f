"""kill -9 in the middle of a game loses no decision that a client was told had happened."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest
from tests.web.server import start, stop


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_kill_9_loses_no_applied_decision(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'kill.sqlite'}"
    server = start(db, tmp_path / "server.log")
    try:
        with httpx.Client(base_url=server.url, timeout=10) as c:
            g = c.post("/api/games", json={"players": 2, "seats": ["human", "human"], "seed": 61}).json()
            gid = g["id"]
            tokens = {s["seat"]: s["token"] for s in g["seats"]}
            rng = random.Random(7)
            for _ in range(33):
                seat = c.get(f"/api/games/{gid}").json()["observation"]["current_player"]
                mine = c.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
                r = c.post(f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {tokens[seat]}"},
                           json={"action": rng.choice(mine["legal"])["text"], "move": mine["move"]})
                assert r.status_code == 200
                last_seat, last_view = seat, r.json()
        server.proc.kill()  # SIGKILL: no shutdown handlers run
        server.proc.wait()
    finally:
        stop(server)

    server = start(db, tmp_path / "server.log")
    try:
        with httpx.Client(base_url=server.url, timeout=10) as c:
            again = c.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {tokens[last_seat]}"}).json()
            assert again["move"] == 33
            assert again == last_view
    finally:
        stop(server)
