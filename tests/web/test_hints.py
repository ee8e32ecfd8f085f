"""Hints at the web table (issue 20): a table setting chosen at creation, shown in the
game's view and the lobby; `GET /api/games/{id}/hint` with the deciding seat's token answers
the analysis' best options, best first, and refuses in words when the table disallows hints
or it is not that seat's decision."""

from __future__ import annotations

from fastapi.testclient import TestClient

from snowdonia.analysis import analyse
from snowdonia.registry import title
from snowdonia.web import hints

from .conftest import auth, create, tokens_of, view, wait_for


def test_a_table_with_hints_serves_the_deciders_hint_best_first(client: TestClient) -> None:
    g = create(client, ["human", "human"], seed=21, table={"hints": True})
    gid, tokens = g["id"], tokens_of(g)
    v = view(client, gid, tokens[0])
    assert v["hints"] is True
    seat = v["decision"]["player"]
    r = client.get(f"/api/games/{gid}/hint", headers=auth(tokens[seat]))
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["move"] == v["move"] and body["seat"] == seat
    opts = body["options"]
    legal = {a["text"]: a["label"] for a in view(client, gid, tokens[seat])["legal"]}
    assert len(opts) >= min(3, len(legal))
    for o in opts:
        assert set(o) >= {"text", "label", "value_vp", "win_chance"}
        assert legal[o["text"]] == o["label"] and 0.0 <= o["win_chance"] <= 1.0
    # the same analysis as in-process, from the same position, budget and seed
    position = title("snowdonia").new_game(2, seed=21)
    expected = analyse(position, None, hints.HINT_BUDGET, seed=position.moves)
    assert [o["text"] for o in opts] == [o.text for o in expected.options[: len(opts)]]
    # asking changed nothing, and asking again gives the same answer
    assert view(client, gid, tokens[seat])["move"] == v["move"]
    again = client.get(f"/api/games/{gid}/hint", headers=auth(tokens[seat]))
    assert again.json() == body


def test_hints_are_refused_in_words(client: TestClient) -> None:
    off = create(client, ["human", "human"], seed=21)
    tokens = tokens_of(off)
    v = view(client, off["id"], tokens[0])
    assert v["hints"] is False
    seat = v["decision"]["player"]
    r = client.get(f"/api/games/{off['id']}/hint", headers=auth(tokens[seat]))
    assert r.status_code == 403 and "does not allow hints" in r.json()["error"]
    on = create(client, ["human", "human"], seed=21, table={"hints": True})
    tokens = tokens_of(on)
    seat = view(client, on["id"], tokens[0])["decision"]["player"]
    r = client.get(f"/api/games/{on['id']}/hint", headers=auth(tokens[1 - seat]))
    assert r.status_code == 403 and "not your decision" in r.json()["error"]
    r = client.get(f"/api/games/{on['id']}/hint")
    assert r.status_code == 403 and "seat token" in r.json()["error"]
    r = client.get(f"/api/games/{on['id']}/hint", headers=auth("not-a-token"))
    assert r.status_code == 403
    r = client.get("/api/games/nosuchgame/hint", headers=auth(tokens[seat]))
    assert r.status_code == 404


def test_solo_tables_always_allow_hints_and_the_lobby_shows_the_setting(client: TestClient) -> None:
    solo = create(client, ["human"], seed=5)
    token = tokens_of(solo)[0]
    assert view(client, solo["id"], token)["hints"] is True
    r = client.get(f"/api/games/{solo['id']}/hint", headers=auth(token))
    assert r.status_code == 200 and r.json()["options"]
    on = create(client, ["human", "greedy"], seed=8, table={"hints": True})
    off = create(client, ["human", "greedy"], seed=8)
    wait_for(lambda: all(any(e["id"] == gid for e in client.get("/api/games").json()) for gid in (on["id"], off["id"])))
    listed = {e["id"]: e for e in client.get("/api/games").json()}
    assert listed[on["id"]]["hints"] is True and listed[off["id"]]["hints"] is False


def test_the_table_setting_must_be_a_boolean(client: TestClient) -> None:
    r = client.post("/api/games", json={"players": 2, "seats": ["human", "human"], "table": {"hints": "maybe"}})
    assert r.status_code == 422 and "hints" in r.text


def test_no_hint_for_a_seat_a_bot_plays_or_after_the_end(client: TestClient) -> None:
    g = create(client, ["human", "human", "human"], seed=21, table={"hints": True})
    gid, tokens = g["id"], tokens_of(g)
    seat = view(client, gid, tokens[0])["decision"]["player"]
    r = client.post(f"/api/games/{gid}/seats/{seat}/leave", headers=auth(tokens[seat]))
    assert r.status_code == 200, r.text
    r = client.get(f"/api/games/{gid}/hint", headers=auth(tokens[seat]))
    assert r.status_code == 403 and "not your decision" in r.json()["error"]
    solo = create(client, ["human"], seed=5)
    token = tokens_of(solo)[0]
    while not view(client, solo["id"], token)["over"]:
        v = view(client, solo["id"], token)
        r = client.post(f"/api/games/{solo['id']}/actions", headers=auth(token),
                        json={"action": v["legal"][0]["text"], "move": v["move"]})
        assert r.status_code == 200, r.text
    r = client.get(f"/api/games/{solo['id']}/hint", headers=auth(token))
    assert r.status_code == 403 and "not your decision" in r.json()["error"]
