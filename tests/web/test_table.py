"""Seats that cannot block a game (issue 10) and the table of issue 12: clocks, takeovers by
the table's bot and reclaiming, leaving, undo back over bots' moves, the pause before a bot
answers a person."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update
from tests.web.conftest import auth, create, tokens_of, view, wait_for

from snowdonia.store.db import games


def _expire_clock(client: TestClient, gid: str) -> None:
    """Let the decider's time run out (as if the clock's seconds had passed)."""
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.engine.begin() as c:
        c.execute(update(games).where(games.c.id == gid).values(clock_deadline=time.time() - 1))


def _move(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    mine = view(client, gid, token)
    r = client.post(f"/api/games/{gid}/actions", headers=auth(token),
                    json={"action": mine["legal"][0]["text"], "move": mine["move"]})
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_a_seat_whose_clock_runs_out_is_played_by_the_tables_bot_until_reclaimed(client: TestClient) -> None:
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}], seed=31,
               table={"clock": {"mode": "move", "seconds": 60, "takeover": "random"}})
    gid, tokens = g["id"], tokens_of(g)
    v = view(client, gid)
    seat = v["observation"]["current_player"]
    name = ["Ann", "Bob"][seat]
    assert v["seats"][seat]["clock"]["left_ms"] <= 60000 and v["seats"][seat]["taken_over_by"] is None
    _expire_clock(client, gid)
    wait_for(lambda: view(client, gid)["seats"][seat]["taken_over_by"] == "random")
    # The bot plays that seat's decisions now; the log says so in words.
    wait_for(lambda: view(client, gid)["observation"]["current_player"] != seat or view(client, gid)["move"] > 0)
    after = view(client, gid, tokens[seat])
    takeover = [e for e in after["log"] if e["type"] == "takeover"]
    assert takeover and takeover[0]["seat"] == seat and name in takeover[0]["text"]
    assert "ran out of time" in takeover[0]["text"] and "Random bot" in takeover[0]["text"]
    # Its player cannot act for it meanwhile, but can reclaim it.
    r = client.post(f"/api/games/{gid}/seats/{seat}/reclaim", headers=auth(tokens[1 - seat]))
    assert r.status_code == 403
    r = client.post(f"/api/games/{gid}/seats/{seat}/reclaim", headers=auth(tokens[seat]))
    assert r.status_code == 200, r.text
    back = r.json()
    assert back["seats"][seat]["taken_over_by"] is None
    assert back["log"][-1]["type"] == "reclaim" and name in back["log"][-1]["text"]
    assert client.post(f"/api/games/{gid}/seats/{seat}/reclaim", headers=auth(tokens[seat])).status_code == 400


def test_a_player_who_leaves_is_replaced_by_a_bot(client: TestClient) -> None:
    g = create(client, ["human", "human"], seed=32, table={"takeover": "greedy"})
    gid, tokens = g["id"], tokens_of(g)
    seat = view(client, gid)["observation"]["current_player"]
    r = client.post(f"/api/games/{gid}/seats/{seat}/leave", headers=auth(tokens[seat]))
    assert r.status_code == 200 and r.json()["seats"][seat]["taken_over_by"] == "greedy"
    assert "left the table" in r.json()["log"][-1]["text"]
    wait_for(lambda: view(client, gid)["move"] >= 1)
    assert client.post(f"/api/games/{gid}/seats/{seat}/leave", headers=auth(tokens[seat])).status_code == 400
    bad = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]), json={"action": "pass", "move": 99})
    assert bad.status_code in (403, 409)


def test_a_game_clock_spends_only_the_deciders_time(client: TestClient) -> None:
    g = create(client, ["human", "human"], seed=33, table={"clock": {"mode": "game", "seconds": 600}})
    gid, tokens = g["id"], tokens_of(g)
    seat = view(client, gid)["observation"]["current_player"]
    time.sleep(0.3)
    after = _move(client, gid, tokens[seat])
    left = {s["seat"]: s["clock"]["left_ms"] for s in after["seats"]}
    assert left[seat] <= 600000 - 250 and left[1 - seat] > 599000


def test_undo_goes_back_over_bot_moves_to_the_start_of_my_turn(client: TestClient) -> None:
    g = create(client, ["human", "random"], seed=34)
    gid, token = g["id"], g["seats"][0]["token"]
    wait_for(lambda: bool(view(client, gid, token)["legal"]))
    start = view(client, gid, token)
    assert start["undo"]["to_move"] is None and start["undo"]["why_not"]
    mine = _move(client, gid, token)
    wait_for(lambda: bool(view(client, gid, token)["legal"]))  # the bot answered
    now = view(client, gid, token)
    assert now["move"] > mine["move"], "the bot should have moved"
    if now["undo"]["to_move"] is None:  # the bot's move revealed something random: not allowed
        assert "random" in now["undo"]["why_not"]
        r = client.post(f"/api/games/{gid}/undo", json={"move": now["move"]}, headers=auth(token))
        assert r.status_code == 400
        return
    assert now["undo"]["to_move"] == start["move"] and now["can_undo"]
    r = client.post(f"/api/games/{gid}/undo", json={"move": now["move"]}, headers=auth(token))
    assert r.status_code == 200, r.text
    back = r.json()
    assert back["move"] == start["move"] and back["observation"] == start["observation"]
    assert back["legal"] == start["legal"]


def test_bots_pause_before_answering_a_person(client: TestClient) -> None:
    g = create(client, ["human", "random"], seed=35, table={"bot_delay_ms": 1500})
    gid, token = g["id"], g["seats"][0]["token"]
    wait_for(lambda: bool(view(client, gid, token)["legal"]))
    mine = _move(client, gid, token)
    # The bot waits: the player sees their own move and may take it back meanwhile.
    now = view(client, gid, token)
    if now["observation"]["current_player"] == 1:
        assert now["move"] == mine["move"]
        r = client.post(f"/api/games/{gid}/undo", json={"move": now["move"]}, headers=auth(token))
        assert r.status_code == 200
        assert view(client, gid)["move"] == mine["move"] - 1
