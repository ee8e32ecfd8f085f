"""Moves and undos carry the view's revision (issue 17): a click made on a view that an undo
or a takeover has replaced is refused with 409 in words, even when the move number matches
again; a view replaced only by a rename is still current; a client that sends no revision
is checked by the move number alone, as before."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from tests.web.conftest import auth, create, tokens_of, view


def _until_undo_offered(client: TestClient, gid: str, tokens: dict[int, str]) -> tuple[int, dict[str, Any],
                                                                                       dict[str, Any]]:
    """Play random moves until the mover may take its move back: (seat, view before, view after)."""
    rng = random.Random(3)
    for _ in range(200):
        seat = view(client, gid)["observation"]["current_player"]
        before = view(client, gid, tokens[seat])
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                        json={"action": rng.choice(before["legal"])["text"], "move": before["move"],
                              "revision": before["revision"]})
        assert r.status_code == 200, r.text
        if r.json()["undo"]["to_move"] == before["move"]:
            return seat, before, r.json()
    raise AssertionError("no undo offered")


def test_a_click_on_a_view_an_undo_replaced_is_refused(client: TestClient) -> None:
    g = create(client, ["human", "human"], seed=21)
    gid, tokens = g["id"], tokens_of(g)
    seat, before, after = _until_undo_offered(client, gid, tokens)
    r = client.post(f"/api/games/{gid}/undo", headers=auth(tokens[seat]),
                    json={"move": after["move"], "revision": after["revision"]})
    assert r.status_code == 200 and r.json()["move"] == before["move"]
    # A second tab still shows `before`: same move number, but an undo replaced it.
    stale = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                        json={"action": before["legal"][0]["text"], "move": before["move"],
                              "revision": before["revision"]})
    assert stale.status_code == 409, stale.text
    body = stale.json()
    assert "a move was taken back" in body["error"] and body["revision"] == r.json()["revision"]
    assert view(client, gid)["move"] == before["move"]  # nothing changed
    # An old client (no revision) is checked by the move number only, as before.
    old = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                      json={"action": before["legal"][0]["text"], "move": before["move"]})
    assert old.status_code == 200, old.text


def test_an_undo_on_a_replaced_view_is_refused(client: TestClient) -> None:
    # The bot that takes the seat over pauses 5 s before answering a person, so the game stays
    # at this move while the stale undo arrives.
    g = create(client, ["human", "human"], seed=21, table={"bot_delay_ms": 5000})
    gid, tokens = g["id"], tokens_of(g)
    seat, _before, after = _until_undo_offered(client, gid, tokens)
    other = 1 - seat
    assert client.post(f"/api/games/{gid}/seats/{other}/leave", headers=auth(tokens[other])).status_code == 200
    r = client.post(f"/api/games/{gid}/undo", headers=auth(tokens[seat]),
                    json={"move": after["move"], "revision": after["revision"]})
    assert r.status_code == 409, r.text
    assert "a bot took over a seat" in r.json()["error"]


def test_a_rename_does_not_make_a_view_stale(client: TestClient) -> None:
    g = create(client, ["human", "human"], seed=22)
    gid, tokens = g["id"], tokens_of(g)
    seat = view(client, gid)["observation"]["current_player"]
    mine = view(client, gid, tokens[seat])
    other = 1 - seat
    assert client.post(f"/api/games/{gid}/seats/{other}/name", headers=auth(tokens[other]),
                       json={"name": "Gwen"}).status_code == 200
    assert view(client, gid)["revision"] == mine["revision"] + 1
    r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                    json={"action": mine["legal"][0]["text"], "move": mine["move"], "revision": mine["revision"]})
    assert r.status_code == 200, r.text


def test_a_revision_the_game_never_had_is_refused(client: TestClient) -> None:
    g = create(client, ["human", "human"], seed=23)
    gid, tokens = g["id"], tokens_of(g)
    seat = view(client, gid)["observation"]["current_player"]
    mine = view(client, gid, tokens[seat])
    for bad, words in ((mine["revision"] + 5, "is not a revision of this game"),):
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                        json={"action": mine["legal"][0]["text"], "move": mine["move"], "revision": bad})
        assert r.status_code == 409 and words in r.json()["error"], r.text
    r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                    json={"action": mine["legal"][0]["text"], "move": mine["move"], "revision": "x"})
    assert r.status_code == 422 and "Revision must be a whole number" in r.json()["error"]
