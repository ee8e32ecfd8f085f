"""The HTTP contract (docs/web-api.md): every status code, and a refused request never
changes the game. Parametrised over every registered title where the test is title-neutral."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import auth, create, tokens_of, view, wait_for

import snowdonia
from snowdonia import registry

TITLES = registry.names()


def _decider(client: TestClient, gid: str, tokens: dict[int, str]) -> tuple[int, str, dict[str, Any]]:
    pub = view(client, gid)
    seat = pub["observation"]["current_player"]
    return seat, tokens[seat], view(client, gid, tokens[seat])


def _players(game: str) -> int:
    return 2 if 2 in registry.title(game).player_counts else registry.title(game).player_counts[0]


def test_create_gives_tokens_only_to_human_seats(client: TestClient) -> None:
    g = create(client, ["human", "greedy", {"kind": "human", "name": "Ann"}], seed=123456789)
    assert [s["kind"] for s in g["seats"]] == ["human", "greedy", "human"]
    assert [s["name"] for s in g["seats"]] == ["Player 1", "Greedy bot", "Ann"]
    assert g["game"] == "snowdonia"
    assert "token" in g["seats"][0] and "token" in g["seats"][2]
    assert "token" not in g["seats"][1] and "url" not in g["seats"][1]
    assert g["seats"][0]["url"].endswith(f"/game/{g['id']}#token={g['seats'][0]['token']}")
    assert g["seats"][0]["token"] != g["seats"][2]["token"]
    assert "123456789" not in str(g)


@pytest.mark.parametrize("game", TITLES)
def test_every_title_is_served(client: TestClient, game: str) -> None:
    n = _players(game)
    g = create(client, ["human"] * n, game=game, seed=5)
    v = view(client, g["id"], g["seats"][0]["token"])
    assert v["game"] == game and v["game_name"] == registry.title(game).display_name
    assert v["scenario"] == registry.title(game).scenarios[0].key
    pub = view(client, g["id"])
    seat = pub["observation"]["current_player"]
    mine = view(client, g["id"], g["seats"][seat]["token"])
    assert mine["legal"] and all(a["label"] and a["text"] for a in mine["legal"])
    assert mine["decision"]["player"] == seat
    assert "scores" in mine["score"]
    meta = client.get("/api/meta").json()
    entry = next(t for t in meta["titles"] if t["name"] == game)
    # Every title brings its own board module, with the exports the page relies on.
    assert registry.title(game).web_board() is not None, f"{game} serves no board module"
    assert entry["board"] == f"/boards/{game}.js"
    served = client.get(entry["board"])
    assert served.status_code == 200 and "javascript" in served.headers["content-type"]
    for name in ("renderBoard", "explain", "playerPanel", "scoreDetails", "actionInfo"):
        assert f"export function {name}(" in served.text, f"{game}'s board does not export {name}"
    assert entry["components"] and entry["bots"]


def test_create_rejects_bad_input(client: TestClient) -> None:
    bad: list[tuple[dict[str, Any], int, str]] = [
        ({"players": 2, "seats": ["human"]}, 400, "one seat per player"),
        ({"players": 2, "seats": ["human", "grandmaster"]}, 400, "bot levels"),
        ({"players": 2, "seats": ["human", "mcts:1e9s"]}, 400, "bot levels"),
        ({"players": 2, "seats": ["human", "mcts:99999999999999999999"]}, 400, "bot levels"),
        ({"players": 2, "seats": ["human", "human"], "settings": {"edition": "gold"}}, 400, "edition"),
        ({"players": 2, "seats": ["human", "human"], "settings": {"colour": "red"}}, 400, "colour"),
        ({"players": 2, "seats": ["human", "human"], "settings": {"solo_train": 9}}, 400, "solo"),
        ({"players": 2, "seats": ["human", "human"], "game": "chess"}, 400, "unknown game"),
        ({"players": 2, "seats": ["human", "human"], "scenario": "moon"}, 400, "scenario"),
        ({"players": 2, "seats": ["human", {"kind": "human", "name": "x" * 30}]}, 400, "24 characters"),
        ({"players": 2, "seats": ["human", {"kind": "human", "name": "a\u0007b"}]}, 400, "printable"),
        ({"players": 2, "seats": ["human", "human"], "seed": 2**64}, 400, "64 bits"),
        ({"players": 2, "seats": ["human", "human"], "seed": -(2**63) - 1}, 400, "64 bits"),
        ({"players": 0, "seats": []}, 400, "players"),
        ({"players": 6, "seats": ["human"] * 6}, 400, "players"),
        ({"players": 2, "seats": ["human", "human"], "table": {"bot_delay_ms": 99999}}, 400, "bot_delay_ms"),
        ({"players": 2, "seats": ["human", "human"], "table": {"clock": {"mode": "move", "seconds": 1}}}, 400, "seconds"),
        ({"players": 2, "seats": ["human", "human"], "table": {"clock": {"mode": "move", "seconds": 60,
                                                                          "takeover": "mcts:9s"}}}, 400, "takeover"),
        ({"seats": ["human"]}, 422, "players is missing"),
        ({"players": "two", "seats": ["human"]}, 422, "whole number"),
        ({"players": 1, "seats": ["human"], "colour": 1}, 422, "not a field"),
        ({"players": 1, "seats": ["human"], "table": {"clock": {"mode": "hourglass"}}}, 422, "mode"),
    ]
    for body, status, words in bad:
        r = client.post("/api/games", json=body)
        assert r.status_code == status, (body, r.text)
        err = r.json()["error"]
        assert isinstance(err, str) and words.lower() in err.lower(), (body, err)
        assert "detail" not in r.json() and "{" not in err  # no raw validation dumps
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    assert client.get("/api/games").json() == []


def test_every_setting_is_accepted(client: TestClient) -> None:
    g = create(client, ["human"], edition="deluxe", light_fog=True, contracts_per_window=1, solo_train=4)
    v = view(client, g["id"])
    obs = v["observation"]
    assert v["settings"]["edition"] == "deluxe" and obs["settings"]["light_fog"] is True
    assert obs["settings"]["contracts_per_window"] == 1 and obs["settings"]["solo_train"] == 4
    assert obs["players"][0]["train"] == 4
    assert v["solo"] == {"train": 4, "best": None, "best_before": None, "series": None}


def test_get_views(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    gid, tokens = g["id"], tokens_of(g)
    seat, tok, mine = _decider(client, gid, tokens)
    assert mine["seat"] == seat and mine["move"] == 0 and mine["legal"] and mine["revision"] == 0
    assert {"kind", "args", "text", "label"} <= set(mine["legal"][0])
    assert mine["decision"]["kind"] == "place" and mine["decision"]["player"] == seat
    assert mine["log"][0]["i"] == 0 and mine["log"][0]["text"].startswith("Round 1 begins")
    assert mine["seeded"] is True and mine["private"] is False
    other = view(client, gid, tokens[1 - seat])
    assert other["seat"] == 1 - seat and other["legal"] == []
    pub = view(client, gid)
    assert pub["seat"] is None and pub["legal"] == [] and pub["observation"]["seat"] is None
    assert pub["undo"] == {"to_move": None, "why_not": "spectators cannot undo"}
    assert client.get(f"/api/games/{gid}", headers=auth("nope")).status_code == 403
    assert client.get(f"/api/games/{gid}", headers={"Authorization": "Basic abc"}).status_code == 403
    assert client.get("/api/games/unknown").status_code == 404
    assert client.get("/api/games/%00").status_code == 404
    # A token of another game is no seat of this one.
    other_game = create(client, ["human"])
    assert client.get(f"/api/games/{gid}", headers=auth(other_game["seats"][0]["token"])).status_code == 403


def test_refused_actions_change_nothing(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    gid, tokens = g["id"], tokens_of(g)
    seat, tok, mine = _decider(client, gid, tokens)
    before = {s: view(client, gid, t) for s, t in tokens.items()}
    before_pub = view(client, gid)
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
        (client.post(url, content=b"{", headers={**auth(tok), "content-type": "application/json"}), 400),
        (client.post("/api/games/nope/actions", json={"action": legal, "move": 0}, headers=auth(tok)), 404),
    ]
    for r, status in cases:
        assert r.status_code == status, r.text
        assert isinstance(r.json()["error"], str)
    illegal = cases[1][0].json()
    assert "error" in illegal and legal in illegal["legal"]
    assert "legal" not in cases[2][0].json()  # another seat's options are not its business
    assert cases[5][0].json()["move"] == 0
    for s, t in tokens.items():
        assert view(client, gid, t) == before[s]
    assert view(client, gid) == before_pub


def test_a_refusal_gives_the_engines_reason_in_the_tables_names(client: TestClient) -> None:
    """docs/web-api-requests.md item 2: `reason` is the engine's reason alone, seats by their
    display names, without the action's text, who must decide or the legal list."""
    g = create(client, ["greedy", {"kind": "human", "name": "Bea"}], seed=91)
    gid, tok = g["id"], g["seats"][1]["token"]

    def bots_labourer(v: dict[str, Any]) -> str | None:
        return next((f"{a['area']}{s['space']}" for a in v["observation"]["areas"] for s in a["spaces"]
                     if s["labourer"] == 0 and a["area"] != "G"), None)

    for _ in range(6):  # until the bot has placed a labourer and Bea decides
        wait_for(lambda: bool(view(client, gid, tok)["legal"]))
        v = view(client, gid, tok)
        if bots_labourer(v) and v["decision"]["kind"] == "place":
            break
        r = client.post(f"/api/games/{gid}/actions", json={"action": v["legal"][0]["text"], "move": v["move"]},
                        headers=auth(tok))
        assert r.status_code == 200, r.text
    taken = bots_labourer(v)
    assert taken is not None
    r = client.post(f"/api/games/{gid}/actions", json={"action": f"place {taken}", "move": v["move"]}, headers=auth(tok))
    assert r.status_code == 400
    body = r.json()
    assert body["reason"] == f"{taken} is taken by Greedy bot", body
    assert "Legal:" in body["error"] and body["legal"]  # the full sentence and the list stay
    bad = client.post(f"/api/games/{gid}/actions", json={"action": "fly away", "move": v["move"]}, headers=auth(tok))
    assert bad.status_code == 400 and "not a move" in bad.json()["reason"]
    assert view(client, gid, tok) == v
    # Foothills words its refusals differently; the reason is still the engine's reason alone.
    f = create(client, [{"kind": "human", "name": "Cy"}, {"kind": "human", "name": "Di"}], game="foothills", seed=4)
    seat, ftok, fv = _decider(client, f["id"], tokens_of(f))
    wrong = next(k for k in ("rubble I", "pub", "score A1") if k not in [a["text"] for a in fv["legal"]])
    r = client.post(f"/api/games/{f['id']}/actions", json={"action": wrong, "move": fv["move"]}, headers=auth(ftok))
    assert r.status_code == 400
    reason = r.json()["reason"]
    assert reason.startswith("a '") and "does not answer this decision" in reason, reason
    assert "Legal:" not in reason and "must decide" not in reason and "seat " not in reason, reason


def test_refusal_reasons_from_both_sentence_shapes() -> None:
    from snowdonia.web.views import refusal_reason

    names = ["Ann", "Greedy bot"]
    snow = ("place A1 is not legal now: A1 is taken by Player 2 (Player 1 must decide: place). "
            "Legal: place A2, place B1")
    assert refusal_reason(snow, "place A1", names) == "A1 is taken by Greedy bot"
    foot = ("card B1 is not legal now: seat 0 (blue) must decide 'Choose one of your action cards' "
            "(that card is not in your action bar (or its side cannot be used)). Legal: card A1")
    assert refusal_reason(foot, "card B1", names) == "that card is not in your action bar (or its side cannot be used)"
    assert refusal_reason("the game is over; no action is legal (got pass)", "pass", names) == \
        "the game is over; no action is legal (got pass)"
    assert refusal_reason("x is not legal now: seat 1 (green) holds it. Legal: y", "x", names) == "Greedy bot holds it"


def test_a_legal_action_moves_the_game_on_and_a_double_click_says_what_happened(client: TestClient) -> None:
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    gid, tokens = g["id"], tokens_of(g)
    seat, tok, mine = _decider(client, gid, tokens)
    chosen = mine["legal"][-1]
    r = client.post(f"/api/games/{gid}/actions", json={"action": chosen["text"], "move": 0}, headers=auth(tok))
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["move"] == 1 and body["seat"] == seat and body["revision"] == 1
    mover = ["Ann", "Bob"][seat]
    assert body["log"][-1]["text"].startswith(mover) and body["log"][-1]["move"] == 1
    # The same click again is stale now, and says so in words.
    again = client.post(f"/api/games/{gid}/actions", json={"action": chosen["text"], "move": 0}, headers=auth(tok))
    assert again.status_code == 409
    err = again.json()["error"]
    assert err.startswith("that move was already made: ") and mover in err
    assert chosen["args"][0] in err  # the space, e.g. "B1"


def _play_to_end(client: TestClient, gid: str, tokens: dict[int, str], rng: random.Random) -> int:
    steps = 0
    while True:
        pub = view(client, gid)
        if pub["over"]:
            return steps
        seat = pub["observation"]["current_player"]
        if seat not in tokens:  # a bot's turn: it moves on the server
            wait_for(lambda m=pub["move"]: view(client, gid)["move"] != m)
            continue
        mine = view(client, gid, tokens[seat])
        choice = rng.choice(mine["legal"])["text"]
        r = client.post(f"/api/games/{gid}/actions", json={"action": choice, "move": mine["move"]},
                        headers=auth(tokens[seat]))
        assert r.status_code == 200, r.text
        steps += 1
        assert steps < 3000


def test_whole_game_record_and_replay(client: TestClient) -> None:
    g = create(client, [{"kind": "human", "name": "Ann"}, "human"], seed=5)
    gid, tokens = g["id"], tokens_of(g)
    assert client.get(f"/api/games/{gid}/record").status_code == 403
    # History during the game (issue 21): earlier positions, public and read-only; nothing
    # beyond the current move.
    start = client.get(f"/api/games/{gid}/replay/0")
    assert start.status_code == 200 and start.json()["seat"] is None and start.json()["legal"] == []
    assert start.json()["replay"] == {"move": 0, "total": 0, "step": "the start"}
    assert client.get(f"/api/games/{gid}/replay/1").status_code == 404
    _play_to_end(client, gid, tokens, random.Random(1))
    final = view(client, gid, tokens[0])
    assert final["result"]["final"] is True and final["result"]["winners"]
    assert final["score"] == final["result"]
    assert set(final["result"]["breakdown"][0]["lines"]) >= {"stations", "track", "surveyor", "train", "contracts"}
    rec = client.get(f"/api/games/{gid}/record")
    assert rec.status_code == 200
    record = rec.json()
    assert record["seed"] == 5 and record["seeded"] is True
    assert snowdonia.replay(record).result()["scores"] == final["result"]["scores"]
    total = final["move"]
    for n in (0, 1, total // 2, total):
        step = client.get(f"/api/games/{gid}/replay/{n}").json()
        assert step["replay"]["move"] == n and step["replay"]["total"] == total
        expected = snowdonia.replay(record, upto=n)
        assert step["observation"] == expected.observation(None)
        assert [e["type"] for e in step["log"]] == [e["type"] for e in expected.log()]
        if n:
            assert step["replay"]["step"].startswith(f"move {n} — ")
    first = client.get(f"/api/games/{gid}/replay/1").json()["replay"]["step"]
    assert first.startswith("move 1 — ") and ("Ann" in first or "Player 2" in first)
    assert client.get(f"/api/games/{gid}/replay/{total + 1}").status_code == 404
    assert client.get(f"/api/games/{gid}/replay/-1").status_code == 404
    assert client.get(f"/api/games/{gid}/replay/99999999999999999999999").status_code == 404
    # A finished game takes no more actions.
    r = client.post(f"/api/games/{gid}/actions", json={"action": "pass", "move": total}, headers=auth(tokens[0]))
    assert r.status_code == 403


def test_human_against_bots_to_the_end(client: TestClient) -> None:
    g = create(client, ["greedy", "human", "random"], seed=8)
    _play_to_end(client, g["id"], tokens_of(g), random.Random(2))
    v = view(client, g["id"])
    assert v["result"]["final"]
    assert v["seats"][0]["name"] == "Greedy bot" and v["seats"][2]["name"] == "Random bot"


@pytest.mark.parametrize("game", TITLES)
def test_all_bot_game_plays_itself(client: TestClient, game: str) -> None:
    levels = [lv["level"] for lv in next(t for t in client.get("/api/meta").json()["titles"] if t["name"] == game)["bots"]]
    n = _players(game)
    g = create(client, [levels[min(1, len(levels) - 1)], "random"][:n] + ["random"] * (n - 2), seed=3, game=game)
    wait_for(lambda: view(client, g["id"])["over"], timeout=120)
    assert client.get(f"/api/games/{g['id']}/record").status_code == 200


def test_lobby_lists_public_games_without_secrets(client: TestClient) -> None:
    g = create(client, [{"kind": "human", "name": "Ann"}, "random"], seed=918273645)
    hidden = create(client, ["human", "human"], private=True)
    listed = client.get("/api/games").json()
    assert [x["id"] for x in listed] == [g["id"]]
    assert hidden["id"] not in str(listed)
    entry = listed[0]
    assert entry["game"] == "snowdonia" and entry["game_name"] == "Snowdonia" and entry["seeded"] is True
    assert [s["name"] for s in entry["seats"]] == ["Ann", "Random bot"]
    assert entry["seats"][0]["open"] is False and entry["settings"]["edition"] == "original"
    assert entry["turn_name"] in ("Ann", "Random bot") or entry["over"]
    assert "918273645" not in str(listed) and "token" not in str(listed)
    # A private game is still reachable by its link.
    assert view(client, hidden["id"])["private"] is True
    meta = client.get("/api/meta").json()
    snow = next(t for t in meta["titles"] if t["name"] == "snowdonia")
    assert {"random", "greedy"} <= {b["level"] for b in snow["bots"]}
    assert all(b["help"] and b["label"] for b in snow["bots"])
    assert snow["components"]["contracts"]["1"]["text"]
    assert meta["limits"]["max_players"] == 5 and "random" in meta["limits"]["bot_levels"]


def test_my_games_lists_the_seats_a_browser_holds(client: TestClient) -> None:
    a = create(client, [{"kind": "human", "name": "Ann"}, "human"])
    b = create(client, ["human"], private=True)
    toks = [a["seats"][1]["token"], b["seats"][0]["token"], "not-a-token"]
    r = client.post("/api/my-games", json={"tokens": toks})
    assert r.status_code == 200
    got = r.json()
    assert [(x["id"], x["seat"]) for x in got] == [(a["id"], 1), (b["id"], 0)]
    seat_a = view(client, a["id"])["observation"]["current_player"]
    assert got[0]["your_turn"] == (seat_a == 1) and got[0]["name"] == "Player 2"
    assert got[1]["your_turn"] is True and got[1]["game_name"] == "Snowdonia"
    assert got[0]["players"] == ["Ann", "Player 2"] and got[1]["players"] == ["Player 1"]
    assert "token" not in str(got)
    assert client.post("/api/my-games", json={"tokens": ["x"] * 51}).status_code == 422


def test_seat_names(client: TestClient) -> None:
    g = create(client, ["human", "human"])
    gid, tokens = g["id"], tokens_of(g)
    r = client.post(f"/api/games/{gid}/seats/1/name", json={"name": "  Bob  "}, headers=auth(tokens[1]))
    assert r.status_code == 200 and r.json()["seats"][1]["name"] == "Bob"
    assert view(client, gid)["seats"][1]["name"] == "Bob"
    assert client.post(f"/api/games/{gid}/seats/0/name", json={"name": "Eve"}, headers=auth(tokens[1])).status_code == 403
    assert client.post(f"/api/games/{gid}/seats/1/name", json={"name": ""}, headers=auth(tokens[1])).status_code == 400
    assert client.post(f"/api/games/{gid}/seats/1/name", json={"name": "Bob"}).status_code == 403
    lobby = client.get("/api/games").json()[0]
    assert lobby["seats"][1]["open"] is False and lobby["seats"][0]["open"] is True


def test_search_bot_levels_are_offered_and_play(client: TestClient) -> None:
    from snowdonia.bots import bot_kinds

    if "mcts" not in bot_kinds():
        pytest.skip("the mcts bot is not installed")
    levels = client.get("/api/meta").json()["limits"]["bot_levels"]
    assert {"mcts:200", "mcts:1s"} <= set(levels)
    g = create(client, ["mcts:200", "human"], seed=9)
    gid, token = g["id"], g["seats"][1]["token"]
    live = client.app.state.live  # type: ignore[attr-defined]
    mine = view(client, gid, token)
    if mine["legal"]:  # the human starts: one move, then the bot is asked
        r = client.post(f"/api/games/{gid}/actions", json={"action": mine["legal"][0]["text"], "move": mine["move"]},
                        headers=auth(token))
        assert r.status_code == 200
    wait_for(lambda: 0 in [s for s, _ in live.sessions[gid].movers])
    assert ("mcts:200" in {b for _, b in live.sessions[gid].movers})


def test_seat_colours_are_the_titles(client: TestClient) -> None:
    """Foothills plays blue and green (swapped for a tie rematch); Snowdonia's seats take the
    box's five colours in order - the same in the lobby and the game view."""
    g = create(client, ["human", "human"], game="foothills", seed=3)
    assert [s["colour"] for s in view(client, g["id"])["seats"]] == ["blue", "green"]
    lobby = {e["id"]: e for e in client.get("/api/games").json()}
    assert [s["colour"] for s in lobby[g["id"]]["seats"]] == ["blue", "green"]
    s = create(client, ["human", "human", "human"], seed=3)
    assert [x["colour"] for x in view(client, s["id"])["seats"]] == ["yellow", "blue", "green"]


def test_named_levels_are_offered_with_their_words_and_fall_back_in_order(client: TestClient) -> None:
    """Issue 19: the lobby offers beginner .. expert with a sentence each; a named level that
    misses its deadline falls back to the named level below it, the weakest to random."""
    from snowdonia.web.levels import fallback

    meta = client.get("/api/meta").json()
    snow = next(t for t in meta["titles"] if t["name"] == "snowdonia")
    offered = {b["level"]: b for b in snow["bots"]}
    for name in ("beginner", "intermediate", "strong", "expert"):
        assert name in offered and offered[name]["label"] == name.capitalize() and offered[name]["help"]
        assert name in meta["limits"]["bot_levels"]
    assert fallback("snowdonia", "expert") == "strong"
    assert fallback("snowdonia", "intermediate") == "beginner"
    assert fallback("snowdonia", "beginner") == "random"
    assert fallback("snowdonia", "mcts:1s") == "mcts:200"
    g = create(client, ["human", "intermediate"], seed=5)
    assert g["seats"][1]["name"] == "Intermediate bot"


# ------------------------------------------------------------------ languages (issue 23)
def test_the_catalogue_of_a_language_is_served(client) -> None:  # type: ignore[no-untyped-def]
    """The web client's words: the same .po as the Python words, as JSON."""
    from snowdonia import i18n

    r = client.get("/api/i18n/pl")
    assert r.status_code == 200
    body = r.json()
    assert body["lang"] == "pl" and body["plural"]["few"] == 1
    assert body["messages"]["Stock Yard"] == i18n.translator("pl").gettext("Stock Yard") != "Stock Yard"
    assert client.get("/api/i18n", headers={"Accept-Language": "de-DE,de;q=0.9"}).json()["lang"] == "de"
    assert client.get("/api/i18n?lang=xx").json()["messages"]["Stock Yard"].startswith("⟦")
    missing = client.get("/api/i18n/tlh")
    assert missing.status_code == 404 and "tlh" in missing.json()["error"]


def test_api_words_follow_the_asked_language(client) -> None:  # type: ignore[no-untyped-def]
    """Refusals, the titles' words and the view's labels in the language asked for."""
    from snowdonia import i18n

    de = i18n.translator("de")
    r = client.get("/api/games/nosuchgame0", headers={"Accept-Language": "de"})
    assert r.status_code == 404
    meta = client.get("/api/meta?lang=xx").json()
    assert all(t["display_name"].startswith("⟦") for t in meta["titles"])
    created = client.post("/api/games", json={"game": "snowdonia", "players": 2, "seats": ["human", "greedy"],
                                              "seed": 1}).json()
    token = next(s["token"] for s in created["seats"] if s.get("token"))
    auth = {"Authorization": f"Bearer {token}"}
    english = client.get(f"/api/games/{created['id']}", headers=auth).json()
    german = client.get(f"/api/games/{created['id']}?lang=de", headers=auth).json()
    assert [a["text"] for a in english["legal"]] == [a["text"] for a in german["legal"]]
    prefix = de.gettext("Place on %(space)s — ").split("%(space)s")[0]
    assert all(a["label"].startswith("Place on ") for a in english["legal"])
    assert all(a["label"].startswith(prefix) for a in german["legal"]), german["legal"][0]["label"]
