"""The solo series through the web API (issue 8): a player key, seven games with trains No. 1
to No. 7, each played to the end (the human seat's decisions chosen by a random bot), the
next train only once the current game is over, personal bests per train and per series kept
in the database, and the series resumed on a new app over the same database."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import auth, make_app

from snowdonia.bots import make_bot


def _play(client: TestClient, gid: str, token: str, rng: random.Random, limit: int | None = None) -> dict[str, Any]:
    """Let a random bot choose the seat's decisions (from the legal moves it is offered)."""
    bot = make_bot("random", rng.randrange(2**31))
    steps = 0
    while True:
        v = client.get(f"/api/games/{gid}", headers=auth(token)).json()
        assert "Winner" not in json.dumps(v), "a solo view never names a winner"
        if v["over"] or (limit is not None and steps >= limit):
            return dict(v)
        assert v["legal"], "a solo game always waits for its player"
        choice = bot.rng.choice(v["legal"])["text"]
        r = client.post(f"/api/games/{gid}/actions", headers=auth(token), json={"action": choice, "move": v["move"]})
        assert r.status_code == 200, r.text
        steps += 1


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_a_whole_series_with_a_restart_in_the_middle(db_url: str) -> None:
    rng = random.Random(8)
    app = make_app(db_url)
    with TestClient(app) as client:
        assert client.post("/api/series", json={}).status_code == 403
        assert client.post("/api/series", json={}, headers=auth("made-up")).status_code == 403
        key = client.post("/api/players").json()["key"]
        assert client.get("/api/players/me/bests", headers=auth(key)).json() == {"per_train": {}, "series_total": None}
        bad = client.post("/api/series", json={"settings": {"solo_train": 3}}, headers=auth(key))
        assert bad.status_code == 400
        r = client.post("/api/series", json={"settings": {"edition": "deluxe"}, "name": "Ann"}, headers=auth(key))
        assert r.status_code == 201, r.text
        sid, first = r.json()["id"], r.json()
        assert first["game"]["solo"] == {"train": 1, "best": None, "best_before": None, "series": sid}
        assert first["game"]["seats"][0]["name"] == "Ann" and first["game"]["private"] is True
        assert first["game"]["settings"]["edition"] == "deluxe"
        assert client.get("/api/games").json() == []  # series games are private
        # Someone else's key sees nothing of it.
        other = client.post("/api/players").json()["key"]
        assert client.get(f"/api/series/{sid}", headers=auth(other)).status_code == 403
        assert client.get("/api/series/nope", headers=auth(key)).status_code == 404
        gid, token = first["game"]["id"], first["token"]
        assert client.post(f"/api/series/{sid}/next", headers=auth(key)).status_code == 409
        scores: dict[int, int] = {}
        for train in (1, 2, 3):
            end = _play(client, gid, token, rng)
            scores[train] = end["result"]["scores"][0]
            assert end["solo"]["train"] == train and end["solo"]["best"] == scores[train]
            assert end["solo"]["best_before"] is None  # the first game with this train
            nxt = client.post(f"/api/series/{sid}/next", headers=auth(key))
            assert nxt.status_code == 201, nxt.text
            gid, token = nxt.json()["game"]["id"], nxt.json()["token"]
            assert nxt.json()["train"] == train + 1
            assert nxt.json()["game"]["observation"]["players"][0]["train"] == train + 1
        _play(client, gid, token, rng, limit=15)  # train 4 half played
        before = client.get(f"/api/series/{sid}", headers=auth(key)).json()
    app.state.store.close()

    app2 = make_app(db_url)  # the server restarts
    with TestClient(app2) as client:
        s = client.get(f"/api/series/{sid}", headers=auth(key)).json()
        assert s == before
        assert [g["train"] for g in s["games"]] == [1, 2, 3, 4]
        assert [g["over"] for g in s["games"]] == [True, True, True, False]
        assert s["total"] == sum(scores.values()) and s["train_next"] is None
        assert s["best"]["per_train"] == {str(t): v for t, v in scores.items()}
        # The seat token comes back from the key alone.
        gid, token = s["games"][-1]["id"], s["games"][-1]["token"]
        assert client.get(f"/api/games/{gid}", headers=auth(token)).json()["seat"] == 0
        for train in (4, 5, 6, 7):
            end = _play(client, gid, token, rng)
            scores[train] = end["result"]["scores"][0]
            if train < 7:
                nxt = client.post(f"/api/series/{sid}/next", headers=auth(key)).json()
                gid, token = nxt["game"]["id"], nxt["token"]
        assert client.post(f"/api/series/{sid}/next", headers=auth(key)).status_code == 400
        done = client.get(f"/api/series/{sid}", headers=auth(key)).json()
        assert done["complete"] and done["total"] == sum(scores.values())
        bests = client.get("/api/players/me/bests", headers=auth(key)).json()
        assert bests == {"per_train": {str(t): v for t, v in sorted(scores.items())}, "series_total": sum(scores.values())}
        assert done["best"] == bests
        # A second series: a better train-1 score replaces the best, a worse one does not.
        again = client.post("/api/series", json={}, headers=auth(key)).json()
        assert again["game"]["solo"]["best_before"] == scores[1]  # the best when this game began
        end = _play(client, again["game"]["id"], again["token"], rng)
        new = end["result"]["scores"][0]
        expect = max(new, scores[1])
        assert client.get("/api/players/me/bests", headers=auth(key)).json()["per_train"]["1"] == expect
        assert end["solo"]["best"] == expect
        # Told apart now: a new best, an equal one, or a lower score than the best before.
        assert end["solo"]["best_before"] == scores[1]
    app2.state.store.close()
