"""kill -9 in the middle of a game loses no decision that a client was told had happened: one
server process, and one of two processes sharing a database."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.web.conftest import auth, tokens_of
from tests.web.server import kill9, start, stop


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
        kill9(server)  # SIGKILL to the server and its bot workers: no shutdown handlers run
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


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_kill_9_of_one_of_two_processes_loses_nothing(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'kill2.sqlite'}"
    a, b = start(db, tmp_path / "a.log"), start(db, tmp_path / "b.log")
    try:
        g = httpx.post(f"{a.url}/api/games", json={"players": 2, "seats": ["human", "human"], "seed": 61}).json()
        gid, tokens = g["id"], tokens_of(g)
        rng = random.Random(7)
        last: dict[str, Any] = {}
        for i in range(30):
            url = (a.url, b.url)[i % 2]
            seat = httpx.get(f"{url}/api/games/{gid}").json()["observation"]["current_player"]
            mine = httpx.get(f"{url}/api/games/{gid}", headers=auth(tokens[seat])).json()
            r = httpx.post(f"{url}/api/games/{gid}/actions", headers=auth(tokens[seat]),
                           json={"action": rng.choice(mine["legal"])["text"], "move": mine["move"]})
            assert r.status_code == 200
            last = {"seat": seat, "view": r.json()}
        kill9(a)
        again = httpx.get(f"{b.url}/api/games/{gid}", headers=auth(tokens[last["seat"]])).json()
        assert again == last["view"]
        a = start(db, tmp_path / "a.log")
        for url in (a.url, b.url):
            assert httpx.get(f"{url}/api/games/{gid}", headers=auth(tokens[last["seat"]])).json() == last["view"]
    finally:
        stop(a)
        stop(b)


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_bots_move_again_within_5_s_of_a_restart_after_kill_9(tmp_path: Path) -> None:
    """Issue 17: a killed server's bot leases are short (renewed while it lived), so the
    restarted server's first sweeps resume its bot games within 5 s."""
    db = f"sqlite:///{tmp_path / 'bots.sqlite'}"
    server = start(db, tmp_path / "server.log")
    try:
        with httpx.Client(base_url=server.url, timeout=10) as c:
            gids = [c.post("/api/games", json={"players": 2, "seats": ["mcts:1s", "mcts:1s"], "seed": 70 + i}).json()["id"]
                    for i in range(3)]
            end = time.monotonic() + 60
            while min(c.get(f"/api/games/{g}").json()["move"] for g in gids) < 2:
                assert time.monotonic() < end, "the bots did not start"
                time.sleep(0.1)
        kill9(server)  # in the middle of a search: the leases stay in the database
    finally:
        stop(server)

    server = start(db, tmp_path / "server.log")
    ready = time.monotonic()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as c:
            before = {g: c.get(f"/api/games/{g}").json()["move"] for g in gids}
            resumed: dict[str, float] = {}
            while len(resumed) < len(gids) and time.monotonic() - ready < 30:
                for g in gids:
                    if g not in resumed and c.get(f"/api/games/{g}").json()["move"] > before[g]:
                        resumed[g] = time.monotonic() - ready
                time.sleep(0.05)
    finally:
        stop(server)
    print(f"bots moved again {sorted(round(t, 2) for t in resumed.values())} s after the restart")
    assert len(resumed) == len(gids), f"only {len(resumed)} of {len(gids)} games resumed in 30 s"
    assert max(resumed.values()) <= 5.0, resumed
