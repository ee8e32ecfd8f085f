"""Websocket pushes: every watcher gets its own seat's view after each change."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.web.conftest import auth, create


def recv_until(ws: Any, pred: Any, limit: int = 50) -> dict[str, Any]:
    for _ in range(limit):
        msg = ws.receive_json()
        if pred(msg):
            return msg
    raise AssertionError("no matching push")


class Feed:
    """A socket's pushes as a client keeps them: after the first, each push carries only the
    log lines the socket has not sent (`log_from` = the lines before them), which the client
    appends to the log it holds."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.view: dict[str, Any] | None = None
        self.sizes: list[int] = []  # lines carried by each push

    def recv(self) -> dict[str, Any]:
        msg = self.ws.receive_json()
        self.sizes.append(len(msg["log"]))
        if msg["log_from"]:
            held = self.view
            assert held is not None, "a first push carries the whole log"
            assert msg["log_key"] == held["log_key"] and len(held["log"]) >= msg["log_from"]
            msg = {**msg, "log": held["log"][:msg["log_from"]] + msg["log"], "log_from": 0}
        assert len(msg["log"]) == msg["log_total"]
        self.view = msg
        return msg

    def until(self, pred: Any, limit: int = 50) -> dict[str, Any]:
        for _ in range(limit):
            msg = self.recv()
            if pred(msg):
                return msg
        raise AssertionError("no matching push")


@pytest.mark.timeout(60)
def test_pushes_reach_each_seat_and_spectators(client: TestClient) -> None:
    g = create(client, ["human", "human"], seed=51)
    gid = g["id"]
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    seat = client.get(f"/api/games/{gid}").json()["observation"]["current_player"]
    other = 1 - seat
    with client.websocket_connect(f"/ws/games/{gid}") as ws_other, \
            client.websocket_connect(f"/ws/games/{gid}") as ws_pub:
        ws_other.send_json({"token": tokens[other]})
        ws_pub.send_json({"token": None})
        feed_other, feed_pub = Feed(ws_other), Feed(ws_pub)
        first = feed_other.recv()
        assert first["seat"] == other and first["move"] == 0 and first["legal"] == []
        assert feed_pub.recv()["seat"] is None
        mine = client.get(f"/api/games/{gid}", headers=auth(tokens[seat])).json()
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                        json={"action": mine["legal"][0]["text"], "move": 0})
        assert r.status_code == 200
        pushed = feed_other.until(lambda m: m["move"] == 1)
        assert pushed == client.get(f"/api/games/{gid}", headers=auth(tokens[other])).json()
        assert pushed["legal"], "it is now this seat's decision"
        assert feed_pub.until(lambda m: m["move"] == 1) == client.get(f"/api/games/{gid}").json()
        # Only the first push carried the whole log; the move's push only its new lines.
        assert feed_other.sizes[0] == len(first["log"]) > 0
        assert feed_other.sizes[-1] == len(pushed["log"]) - len(first["log"]) > 0


@pytest.mark.timeout(60)
def test_token_as_first_message_and_bot_moves_arrive(client: TestClient) -> None:
    g = create(client, ["human", "random", "random"], seed=52)
    gid = g["id"]
    token = g["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"token": token})
        view = recv_until(ws, lambda m: m["legal"])  # bots move until it is seat 0's turn
        assert view["seat"] == 0
        r = client.post(f"/api/games/{gid}/actions", headers=auth(token),
                        json={"action": view["legal"][0]["text"], "move": view["move"]})
        assert r.status_code == 200
        # The bots answer on the server and the pushes arrive without asking.
        later = recv_until(ws, lambda m: m["move"] > view["move"] + 1 or m["over"])
        assert later["seat"] == 0


@pytest.mark.timeout(60)
def test_bad_token_and_unknown_game_are_refused(client: TestClient) -> None:
    g = create(client, ["human"], seed=53)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({"token": "forged"})
        assert "error" in ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as exc:
            ws.receive_json()
        assert exc.value.code == 4403
    with client.websocket_connect("/ws/games/nope") as ws:
        assert "error" in ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as exc:
            ws.receive_json()
        assert exc.value.code == 4404
    # A token in the URL would reach access logs: refused, whatever the token.
    with client.websocket_connect(f"/ws/games/{g['id']}?token={g['seats'][0]['token']}") as ws:
        assert "first message" in ws.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as exc:
            ws.receive_json()
        assert exc.value.code == 4400


@pytest.mark.timeout(60)
def test_a_later_token_message_switches_the_seat_watched(client: TestClient) -> None:
    g = create(client, ["human", "human"], seed=54)
    gid = g["id"]
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"token": tokens[0]})
        assert ws.receive_json()["seat"] == 0
        ws.send_json({"token": tokens[1]})
        assert recv_until(ws, lambda m: m["seat"] == 1)["seat"] == 1
        ws.send_json({"token": "forged"})  # refused: still watching seat 1
        assert ws.receive_json()["seat"] == 1
        ws.send_json({"token": None})
        assert recv_until(ws, lambda m: m["seat"] is None)["legal"] == []


@pytest.mark.timeout(60)
def test_the_lobby_socket_pushes_the_list_when_it_changes(client: TestClient) -> None:
    with client.websocket_connect("/ws/lobby") as ws:
        assert ws.receive_json() == []
        g = create(client, [{"kind": "human", "name": "Ann"}, "human"], seed=55)
        listed = recv_until(ws, lambda m: len(m) == 1)
        assert listed[0]["id"] == g["id"] and listed[0]["seats"][0]["name"] == "Ann"
        assert listed == client.get("/api/games").json()
        create(client, ["human"], private=True)  # not listed, whatever pushes it causes
        tok = g["seats"][0]["token"]
        r = client.post(f"/api/games/{g['id']}/seats/1/name", json={"name": "Bob"}, headers=auth(g["seats"][1]["token"]))
        assert r.status_code == 200 and tok
        named = recv_until(ws, lambda m: m and m[0]["seats"][1]["name"] == "Bob")
        assert [x["id"] for x in named] == [g["id"]]


@pytest.mark.timeout(60)
def test_views_say_which_seats_are_connected(client: TestClient) -> None:
    g = create(client, ["human", "human"], seed=56)
    gid = g["id"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"token": g["seats"][1]["token"]})
        first = ws.receive_json()
        assert first["seats"][1]["connected"] is True and first["seats"][0]["connected"] is False
    assert client.get(f"/api/games/{gid}").json()["seats"][1]["connected"] is False
