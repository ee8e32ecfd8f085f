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


def _finish_by_leaving(client: TestClient, gid: str, tokens: dict[int, str]) -> None:
    """Every person leaves the table; the takeover bot plays the game to its end."""
    for seat, token in tokens.items():
        r = client.post(f"/api/games/{gid}/seats/{seat}/leave", headers=auth(token))
        assert r.status_code == 200, r.text
    wait_for(lambda: view(client, gid)["over"], timeout=120)


def test_a_rematch_is_offered_once_and_each_player_joins_from_their_own_link(client: TestClient) -> None:
    """Issue 21 "End of game": the same title, scenario, settings and seats on a new seed; the
    first player to ask creates it, every view of the old game says who offered it, and each
    human seat's key of the rematch is derived from its old key (the same link works)."""
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}], seed=41,
               game="foothills", private=True, table={"takeover": "random", "bot_delay_ms": 0})
    gid, tokens = g["id"], tokens_of(g)
    assert client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0])).status_code == 400  # not over
    _finish_by_leaving(client, gid, tokens)
    old = view(client, gid)
    assert "rematch" not in old
    assert client.post(f"/api/games/{gid}/rematch").status_code == 403  # a spectator cannot
    r = client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0]))
    assert r.status_code == 201, r.text
    ann = r.json()
    assert ann["created"] and ann["seat"] == 0 and ann["url"].endswith(f"/game/{ann['id']}#token={ann['token']}")
    offer = view(client, gid, tokens[1])["rematch"]
    assert offer == {"id": ann["id"], "by": 0, "by_name": "Ann"}
    bob = client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[1])).json()
    assert bob["id"] == ann["id"] and not bob["created"] and bob["seat"] == 1
    again = client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[1])).json()
    assert again["token"] == bob["token"]  # the same key each time
    new = view(client, ann["id"], bob["token"])
    assert new["seat"] == 1 and view(client, ann["id"], ann["token"])["seat"] == 0
    assert new["game"] == "foothills" and new["scenario"] == old["scenario"] and new["private"]
    assert new["settings"] == old["settings"] and not new["over"] and new["move"] < old["move"]
    assert [s["name"] for s in new["seats"]] == ["Ann", "Bob"]
    assert all(s["kind"] == "human" and s["taken_over_by"] is None for s in new["seats"])
    assert not new["seeded"]
    # the old keys do not open the new seats, and the new game plays
    assert client.get(f"/api/games/{ann['id']}", headers=auth(tokens[0])).status_code == 403
    _move(client, ann["id"], [ann["token"], bob["token"]][new["observation"]["current_player"]])
