"""Undo: only one's own last decision, only while nothing random was revealed since."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from tests.web.conftest import auth, create, make_app


def _view(client: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    return client.get(f"/api/games/{gid}", headers=auth(token) if token else {}).json()


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Equal views but for the revision, which every change (undo too) bumps, and the log's
    line saying a move was taken back (issue 21: everyone at the table reads it), with the
    log's length and epoch that count it."""
    def strip(v: dict[str, Any]) -> dict[str, Any]:
        return {**v, "revision": None, "log": [e for e in v["log"] if e.get("type") != "undo"],
                "log_total": None, "log_key": None}
    return strip(a) == strip(b)


def _act(client: TestClient, gid: str, token: str, text: str, move: int) -> dict[str, Any]:
    r = client.post(f"/api/games/{gid}/actions", json={"action": text, "move": move}, headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def test_undo_own_placement_restores_every_view(client: TestClient) -> None:
    g = create(client, ["human", "human"], seed=21)
    gid = g["id"]
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    before = {s: _view(client, gid, t) for s, t in tokens.items()}
    before_pub = _view(client, gid)
    seat = before_pub["observation"]["current_player"]
    after = _act(client, gid, tokens[seat], before[seat]["legal"][0]["text"], 0)
    assert after["can_undo"] is True
    assert _view(client, gid, tokens[1 - seat])["can_undo"] is False
    # Not the other seat's decision to take back, nor a spectator's.
    r = client.post(f"/api/games/{gid}/undo", json={"move": 1}, headers=auth(tokens[1 - seat]))
    assert r.status_code == 400 and "not yours" in r.json()["error"]
    assert client.post(f"/api/games/{gid}/undo", json={"move": 1}).status_code == 403
    assert client.post(f"/api/games/{gid}/undo", json={"move": 0}, headers=auth(tokens[seat])).status_code == 409
    assert client.post("/api/games/x/undo", json={"move": 1}, headers=auth(tokens[seat])).status_code == 404
    assert _view(client, gid)["move"] == 1
    r = client.post(f"/api/games/{gid}/undo", json={"move": 1}, headers=auth(tokens[seat]))
    assert r.status_code == 200, r.text
    assert r.json()["move"] == 0
    assert r.json()["revision"] == 2
    for s, t in tokens.items():
        assert _same(_view(client, gid, t), before[s])
    assert _same(_view(client, gid), before_pub)
    # The other player (and a spectator) reads who took what back.
    line = [e for e in _view(client, gid, tokens[1 - seat])["log"] if e["type"] == "undo"]
    assert len(line) == 1 and line[0]["seat"] == seat and line[0]["move"] == 0
    assert line[0]["text"] == f"Player {seat + 1} took back 1 decision: the game is back at move 0"


def test_undo_refused_after_randomness_or_another_players_decision(client: TestClient) -> None:
    g = create(client, ["human", "human"], seed=22)
    gid = g["id"]
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    live = client.app.state.live  # type: ignore[attr-defined]
    rng = random.Random(3)
    saw_random_refusal = saw_other_refusal = False
    while not (saw_random_refusal and saw_other_refusal):
        pub = _view(client, gid)
        assert not pub["over"], "the game ended before both refusals were seen"
        seat = pub["observation"]["current_player"]
        mine = _view(client, gid, tokens[seat])
        rng_before = live.sessions[gid].position.chance_state()
        after = _act(client, gid, tokens[seat], rng.choice(mine["legal"])["text"], mine["move"])
        random_revealed = live.sessions[gid].position.chance_state() != rng_before
        last_by = seat
        if random_revealed:
            r = client.post(f"/api/games/{gid}/undo", json={"move": after["move"]}, headers=auth(tokens[last_by]))
            assert r.status_code == 400 and "random" in r.json()["error"]
            assert _view(client, gid)["move"] == after["move"]
            saw_random_refusal = True
        nxt = _view(client, gid)["observation"]["current_player"]
        if nxt is not None and nxt != last_by:
            other_view = _view(client, gid, tokens[nxt])
            other_move = rng.choice(other_view["legal"])["text"]
            done = _act(client, gid, tokens[nxt], other_move, other_view["move"])
            r = client.post(f"/api/games/{gid}/undo", json={"move": done["move"]}, headers=auth(tokens[last_by]))
            assert r.status_code == 400 and _view(client, gid)["move"] == done["move"]
            saw_other_refusal = True


def test_undo_survives_a_restart(db_url: str) -> None:
    app = make_app(db_url)
    with TestClient(app) as client:
        g = create(client, ["human", "human"], seed=23)
        gid = g["id"]
        tokens = {s["seat"]: s["token"] for s in g["seats"]}
        for _ in range(3):
            pub = _view(client, gid)
            seat = pub["observation"]["current_player"]
            mine = _view(client, gid, tokens[seat])
            last = _act(client, gid, tokens[seat], mine["legal"][0]["text"], mine["move"])
        r = client.post(f"/api/games/{gid}/undo", json={"move": last["move"]}, headers=auth(tokens[seat]))
        assert r.status_code == 200
        expected = {s: _view(client, gid, t) for s, t in tokens.items()}
    app.state.store.close()
    app2 = make_app(db_url)
    with TestClient(app2) as client2:
        for s, t in tokens.items():
            assert _view(client2, gid, t) == expected[s]
    app2.state.store.close()
