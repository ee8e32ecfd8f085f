"""The HTTP contract of issue 3: every status code, and a refused request never changes
the game."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import auth, create, wait_for

import snowdonia


def _view(client: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", headers=auth(token) if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def _decider(client: TestClient, gid: str, tokens: dict[int, str]) -> tuple[int, str, dict[str, Any]]:
    pub = _view(client, gid)
    seat = pub["observation"]["current_player"]
    return seat, tokens[seat], _view(client, gid, tokens[seat])


def _tokens(created: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"] if "token" in s}


def test_create_gives_tokens_only_to_human_seats(client: TestClient) -> None:
    g = create(client, ["human", "greedy", "human"], seed=123456789)
    assert [s["kind"] for s in g["seats"]] == ["human", "greedy", "human"]
    assert "token" in g["seats"][0] and "token" in g["seats"][2]
    assert "token" not in g["seats"][1] and "url" not in g["seats"][1]
    assert g["seats"][0]["url"].endswith(f"/game/{g['id']}#token={g['seats'][0]['token']}")
    assert g["seats"][0]["token"] != g["seats"][2]["token"]
    assert "123456789" not in str(g)


def test_create_rejects_bad_input(client: TestClient) -> None:
    bad: list[tuple[dict[str, Any], int]] = [
        ({"players": 2, "seats": ["human"]}, 400),
        ({"players": 2, "seats": ["human", "grandmaster"]}, 400),
        ({"players": 2, "seats": ["human", "human"], "settings": {"edition": "gold"}}, 400),
        ({"players": 2, "seats": ["human", "human"], "settings": {"colour": "red"}}, 400),
        ({"players": 2, "seats": ["human", "human"], "settings": {"solo_train": 9}}, 400),
        ({"players": 0, "seats": []}, 422),
        ({"players": 6, "seats": ["human"] * 6}, 422),
        ({"seats": ["human"]}, 422),
    ]
    for body, status in bad:
        r = client.post("/api/games", json=body)
        assert r.status_code == status, (body, r.text)
        assert r.json()
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert client.get("/api/games").json() == []


def test_every_setting_is_accepted(client: TestClient) -> None:
    g = create(client, ["human"], edition="deluxe", light_fog=True, contracts_per_window=1, solo_train=4)
    obs = _view(client, g["id"])["observation"]
    assert obs["settings"]["edition"] == "deluxe" and obs["settings"]["light_fog"] is True
    assert obs["settings"]["contracts_per_window"] == 1 and obs["settings"]["solo_train"] == 4
    assert obs["players"][0]["train"] == 4


def test_get_views(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    gid, tokens = g["id"], _tokens(g)
    seat, tok, mine = _decider(client, gid, tokens)
    assert mine["seat"] == seat and mine["move"] == 0 and mine["legal"]
    assert {"kind", "args", "text"} <= set(mine["legal"][0])
    other = _view(client, gid, tokens[1 - seat])
    assert other["seat"] == 1 - seat and other["legal"] == []
    pub = _view(client, gid)
    assert pub["seat"] is None and pub["legal"] == [] and pub["observation"]["seat"] is None
    assert client.get(f"/api/games/{gid}", headers=auth("nope")).status_code == 403
    assert client.get(f"/api/games/{gid}", headers={"Authorization": "Basic abc"}).status_code == 403
    assert client.get("/api/games/unknown").status_code == 404
    # A token of another game is no seat of this one.
    other_game = create(client, ["human"])
    assert client.get(f"/api/games/{gid}", headers=auth(other_game["seats"][0]["token"])).status_code == 403


def test_refused_actions_change_nothing(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    gid, tokens = g["id"], _tokens(g)
    seat, tok, mine = _decider(client, gid, tokens)
    before = {s: _view(client, gid, t) for s, t in tokens.items()}
    before_pub = _view(client, gid)
    legal = mine["legal"][0]["text"]
    url = f"/api/games/{gid}/actions"
    cases = [
        (client.post(url, json={"action": "place Z9", "move": 0}, headers=auth(tok)), 400),
        (client.post(url, json={"action": "pick 3", "move": 0}, headers=auth(tok)), 400),
        (client.post(url, json={"action": legal, "move": 0}, headers=auth(tokens[1 - seat])), 403),
        (client.post(url, json={"action": legal, "move": 0}, headers=auth("forged")), 403),
        (client.post(url, json={"action": legal, "move": 0}), 403),
        (client.post(url, json={"action": legal, "move": 5}, headers=auth(tok)), 409),
        (client.post(url, json={"action": legal, "move": -1}, headers=auth(tok)), 409),
        (client.post(url, json={"action": legal}, headers=auth(tok)), 422),
        (client.post(url, json={"move": 0}, headers=auth(tok)), 422),
        (client.post(url, json={"action": legal, "move": "zero"}, headers=auth(tok)), 422),
        (client.post(url, content=b"{", headers={**auth(tok), "content-type": "application/json"}), 422),
        (client.post("/api/games/nope/actions", json={"action": legal, "move": 0}, headers=auth(tok)), 404),
    ]
    for r, status in cases:
        assert r.status_code == status, r.text
    illegal = cases[1][0].json()
    assert "error" in illegal and legal in illegal["legal"]
    assert "legal" not in cases[2][0].json()  # another seat's options are not its business
    assert cases[5][0].json()["move"] == 0
    for s, t in tokens.items():
        assert _view(client, gid, t) == before[s]
    assert _view(client, gid) == before_pub


def test_a_legal_action_moves_the_game_on(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    gid, tokens = g["id"], _tokens(g)
    seat, tok, mine = _decider(client, gid, tokens)
    text = mine["legal"][-1]["text"]
    r = client.post(f"/api/games/{gid}/actions", json={"action": text, "move": 0}, headers=auth(tok))
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["move"] == 1 and body["seat"] == seat
    assert any("Player" in line for line in body["log"])
    # The same click again is stale now.
    again = client.post(f"/api/games/{gid}/actions", json={"action": text, "move": 0}, headers=auth(tok))
    assert again.status_code == 409


def _play_to_end(client: TestClient, gid: str, tokens: dict[int, str], rng: random.Random) -> int:
    steps = 0
    while True:
        pub = _view(client, gid)
        if pub["over"]:
            return steps
        seat = pub["observation"]["current_player"]
        if seat not in tokens:  # a bot's turn: it moves on the server
            wait_for(lambda m=pub["move"]: _view(client, gid)["move"] != m)
            continue
        mine = _view(client, gid, tokens[seat])
        choice = rng.choice(mine["legal"])["text"]
        r = client.post(f"/api/games/{gid}/actions", json={"action": choice, "move": mine["move"]},
                        headers=auth(tokens[seat]))
        assert r.status_code == 200, r.text
        steps += 1
        assert steps < 3000


def test_whole_game_record_and_replay(client: TestClient) -> None:
    g = create(client, ["human", "human"], seed=5)
    gid, tokens = g["id"], _tokens(g)
    assert client.get(f"/api/games/{gid}/record").status_code == 403
    assert client.get(f"/api/games/{gid}/replay/0").status_code == 403
    _play_to_end(client, gid, tokens, random.Random(1))
    final = _view(client, gid, tokens[0])
    assert final["result"]["final"] is True and final["result"]["winners"]
    assert set(final["result"]["breakdown"][0]["lines"]) >= {"stations", "track", "surveyor", "train", "contracts"}
    rec = client.get(f"/api/games/{gid}/record")
    assert rec.status_code == 200
    record = rec.json()
    assert record["seed"] == 5
    assert snowdonia.replay(record).result()["scores"] == final["result"]["scores"]
    total = final["move"]
    for n in (0, 1, total // 2, total):
        step = client.get(f"/api/games/{gid}/replay/{n}").json()
        assert step["replay"] == {"move": n, "total": total}
        expected = snowdonia.replay(record, upto=n)
        assert step["observation"] == expected.observation(None)
        assert step["log"] == expected.log_lines
    assert client.get(f"/api/games/{gid}/replay/{total + 1}").status_code == 404
    # A finished game takes no more actions.
    r = client.post(f"/api/games/{gid}/actions", json={"action": "pass", "move": total}, headers=auth(tokens[0]))
    assert r.status_code == 403


def test_human_against_bots_to_the_end(client: TestClient) -> None:
    g = create(client, ["greedy", "human", "random"], seed=8)
    _play_to_end(client, g["id"], _tokens(g), random.Random(2))
    assert _view(client, g["id"])["result"]["final"]


def test_all_bot_game_plays_itself(client: TestClient) -> None:
    g = create(client, ["random", "greedy"], seed=3)
    wait_for(lambda: _view(client, g["id"])["over"])
    assert client.get(f"/api/games/{g['id']}/record").status_code == 200


def test_lobby_lists_games_without_secrets(client: TestClient) -> None:
    g = create(client, ["human", "random"], seed=918273645)
    listed = client.get("/api/games").json()
    assert [x["id"] for x in listed] == [g["id"]]
    assert "918273645" not in str(listed) and "token" not in str(listed)
    meta = client.get("/api/meta").json()
    assert {"random", "greedy"} <= set(meta["bots"])
    assert meta["contracts"]["1"]["text"]


def test_search_bot_levels_are_offered_and_play(client: TestClient) -> None:
    from snowdonia.bots import bot_kinds

    if "mcts" not in bot_kinds():
        pytest.skip("the mcts bot is not installed")
    assert {"mcts:200", "mcts:1s"} <= set(client.get("/api/meta").json()["bots"])
    g = create(client, ["mcts:200", "human"], seed=9)
    gid, token = g["id"], g["seats"][1]["token"]
    live = client.app.state.live  # type: ignore[attr-defined]
    mine = _view(client, gid, token)
    if mine["legal"]:  # the human starts: one move, then the bot is asked
        r = client.post(f"/api/games/{gid}/actions", json={"action": mine["legal"][0]["text"], "move": mine["move"]},
                        headers=auth(token))
        assert r.status_code == 200
    wait_for(lambda: 0 in live.sessions[gid].seat_of_move)
