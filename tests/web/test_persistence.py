"""Snapshots reproduce positions exactly; a restarted app continues every game at the
same move; racing clicks end with exactly one winner."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
from fastapi.testclient import TestClient
from tests.web.conftest import auth, create, make_app, wait_for

import snowdonia
from snowdonia.store import restore, snapshot


def _state(g: Any) -> dict[str, Any]:
    return {
        "obs": [g.observation(s) for s in [None, *range(g.players)]],
        "rng": g.rng, "deck": g.deck, "discard": g.discard, "history": g.history,
        "log": g.log(), "legal": [str(a) for a in g.legal_actions()], "seen": g.seen,
    }


def test_snapshot_restores_the_exact_position() -> None:
    rng = random.Random(4)
    for players in (1, 3, 5):
        g = snowdonia.new_game(players, seed=100 + players)
        while not g.is_over:
            copy = restore(snapshot(g))
            assert _state(copy) == _state(g)
            # The copy plays on identically, randomness included.
            choice = rng.choice(g.legal_actions())
            g.apply(choice)
            copy.apply(str(choice))
            assert _state(copy) == _state(g)


def test_restart_keeps_every_game_at_the_same_move(db_url: str) -> None:
    app = make_app(db_url)
    with TestClient(app) as client:
        g = create(client, ["human", "human", "human"], seed=31)
        gid = g["id"]
        tokens = {s["seat"]: s["token"] for s in g["seats"]}
        rng = random.Random(5)
        for _ in range(27):  # past one snapshot (every 20 decisions)
            seat = client.get(f"/api/games/{gid}").json()["observation"]["current_player"]
            mine = client.get(f"/api/games/{gid}", headers=auth(tokens[seat])).json()
            r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                            json={"action": rng.choice(mine["legal"])["text"], "move": mine["move"]})
            assert r.status_code == 200
        expected = {s: client.get(f"/api/games/{gid}", headers=auth(t)).json() for s, t in tokens.items()}
        expected_pub = client.get(f"/api/games/{gid}").json()
    app.state.store.close()
    del app

    app2 = make_app(db_url)
    with TestClient(app2) as client2:
        assert client2.get(f"/api/games/{gid}").json() == expected_pub
        for s, t in tokens.items():
            assert client2.get(f"/api/games/{gid}", headers=auth(t)).json() == expected[s]
        assert expected_pub["move"] == 27
        # And the game goes on from there.
        seat = expected_pub["observation"]["current_player"]
        r = client2.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                         json={"action": expected[seat]["legal"][0]["text"], "move": 27})
        assert r.status_code == 200 and r.json()["move"] == 28
    app2.state.store.close()


def test_racing_clicks_exactly_one_wins(db_url: str) -> None:
    app = make_app(db_url)

    async def race() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            r = await c.post("/api/games", json={"players": 2, "seats": ["human", "human"], "seed": 41})
            g = r.json()
            gid = g["id"]
            tokens = {s["seat"]: s["token"] for s in g["seats"]}
            for _ in range(12):
                pub = (await c.get(f"/api/games/{gid}")).json()
                seat = pub["observation"]["current_player"]
                mine = (await c.get(f"/api/games/{gid}", headers=auth(tokens[seat]))).json()
                options = [a["text"] for a in mine["legal"]]
                picks = [options[0], options[-1], options[len(options) // 2]]
                answers = await asyncio.gather(*[
                    c.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                           json={"action": p, "move": mine["move"]}) for p in picks
                ])
                codes = sorted(a.status_code for a in answers)
                assert codes == [200, 409, 409], codes
                winner = next(a for a in answers if a.status_code == 200).json()
                now = (await c.get(f"/api/games/{gid}")).json()
                assert now["move"] == mine["move"] + 1 == winner["move"]
            assert len(app.state.store.actions(gid)) == 12

    asyncio.run(race())
    app.state.store.close()


def test_bots_resume_when_the_server_starts(db_url: str) -> None:
    # Stored without an event loop running, so no bot has moved yet.
    app = make_app(db_url)
    gid, _ = app.state.live.create("snowdonia", 2, ["random", "greedy"], [None, None], 81, None, {})
    assert app.state.store.game_row(gid).move == 0
    app.state.store.close()
    app2 = make_app(db_url)
    with TestClient(app2):
        wait_for(lambda: app2.state.store.game_row(gid).over)  # no request touches the game
    app2.state.store.close()


def test_the_live_cache_forgets_idle_games_not_their_state(db_url: str) -> None:
    app = make_app(db_url, cache_size=2)
    with TestClient(app) as client:
        games = [create(client, ["human", "human"], seed=90 + i) for i in range(4)]
        views = {}
        for g in games:
            seat = client.get(f"/api/games/{g['id']}").json()["observation"]["current_player"]
            tok = g["seats"][seat]["token"]
            mine = client.get(f"/api/games/{g['id']}", headers=auth(tok)).json()
            r = client.post(f"/api/games/{g['id']}/actions", headers=auth(tok),
                            json={"action": mine["legal"][-1]["text"], "move": 0})
            views[g["id"]] = r.json()
        assert len(app.state.live.sessions) <= 2
        for gid, v in views.items():  # evicted ones come back from the database unchanged
            again = client.get(f"/api/games/{gid}", headers=auth(next(
                s["token"] for g in games if g["id"] == gid for s in g["seats"] if s["seat"] == v["seat"]))).json()
            assert again == v
            assert len(app.state.live.sessions) <= 2
    app.state.store.close()
