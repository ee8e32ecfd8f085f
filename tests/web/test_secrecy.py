"""No hidden information in any payload: every view of every seat and of spectators, every
websocket push, every error of a whole game is scanned for the seed and for contracts the
receiving seat has not seen (the engine's `game.seen[seat]` bitmask)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import auth, create

import snowdonia

SEED = 7364518273645182
_CARD_KEYS = {"contracts", "played", "played_this_round", "site_office", "cards"}
_PATTERNS = (re.compile(r"#(\d+)"), re.compile(r"\b(?:pick|keep|play|maintain) (\d+)\b"))


def contracts_in(payload: Any) -> set[int]:
    """Every contract number a payload names, wherever it sits."""
    found: set[int] = set()

    def walk(x: Any, key: str | None) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "contract" and isinstance(v, int) and not isinstance(v, bool):
                    found.add(v)
                walk(v, k)
        elif isinstance(x, list):
            for v in x:
                if key in _CARD_KEYS and isinstance(v, int) and not isinstance(v, bool):
                    found.add(v)
                walk(v, key)
        elif isinstance(x, str):
            for p in _PATTERNS:
                found.update(int(m) for m in p.findall(x))

    walk(payload, None)
    return found


def test_the_scanner_finds_what_it_looks_for() -> None:
    assert contracts_in({"log": ["Player 1 plays contract #7: x"]}) == {7}
    assert contracts_in({"legal": [{"text": "keep 12"}], "o": {"site_office": [3, None]}}) == {3, 12}
    assert contracts_in({"decision": {"cards": [5, 9]}, "x": {"contract": 30}}) == {5, 9, 30}


def _chooser(rng: random.Random, legal: list[dict[str, Any]]) -> str:
    # Lean towards playing contracts, so #5 (draw and keep) and its hidden cards turn up.
    plays = [a for a in legal if a["kind"] == "play"]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)["text"]
    return rng.choice(legal)["text"]


@pytest.mark.timeout(300)
def test_no_payload_of_a_whole_game_leaks(client: TestClient) -> None:
    g = create(client, ["human"] * 4, seed=SEED)
    gid = g["id"]
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    payloads: list[tuple[int | None, int, Any]] = []  # (seat or None, move, payload)
    rng = random.Random(0)  # with SEED, this game plays #5 (checked by the assert below)
    sockets: dict[int | None, Any] = {}
    seats: list[int | None] = [None, *tokens]
    kinds_seen: set[str] = set()
    with client.websocket_connect(f"/ws/games/{gid}") as s0, \
            client.websocket_connect(f"/ws/games/{gid}") as s1, \
            client.websocket_connect(f"/ws/games/{gid}") as s2, \
            client.websocket_connect(f"/ws/games/{gid}") as s3, \
            client.websocket_connect(f"/ws/games/{gid}") as s4:
        s0.send_json({"token": None})
        for i, sock in enumerate((s1, s2, s3, s4)):
            sock.send_json({"token": tokens[i]})
        sockets = dict(zip(seats, (s0, s1, s2, s3, s4), strict=True))
        move = 0
        while True:
            for seat, ws in sockets.items():
                while True:  # pushes collapse to the latest view; read up to it
                    push = ws.receive_json()
                    payloads.append((seat, push["move"], push))
                    if push["move"] == move:
                        break
            views = {s: client.get(f"/api/games/{gid}", headers=auth(tokens[s]) if s is not None else {}).json()
                     for s in seats}
            for s, v in views.items():
                payloads.append((s, move, v))
            if views[None]["over"]:
                break
            decider = views[None]["observation"]["current_player"]
            kinds_seen.add(views[None]["observation"]["decision"]["kind"])
            tok = tokens[decider]
            url = f"/api/games/{gid}/actions"
            legal_texts = {a["text"] for a in views[decider]["legal"]}
            illegal = next(t for t in ("weather fog", "clear", "hire", "maintain return") if t not in legal_texts)
            errors = [
                (decider, client.post(url, json={"action": "place Z9", "move": move}, headers=auth(tok))),
                (decider, client.post(url, json={"action": illegal, "move": move}, headers=auth(tok))),
                (decider, client.post(url, json={"action": "place A1", "move": move + 3}, headers=auth(tok))),
                ((decider + 1) % 4, client.post(url, json={"action": "pass", "move": move},
                                                headers=auth(tokens[(decider + 1) % 4]))),
                (None, client.post(url, json={"action": "pass", "move": move})),
                (None, client.post(f"/api/games/{gid}/undo", json={"move": move})),
                (None, client.get(f"/api/games/{gid}/record")),
            ]
            for s, r in errors:
                assert r.status_code >= 400
                payloads.append((s, move, r.json()))
            choice = _chooser(rng, views[decider]["legal"])
            r = client.post(url, json={"action": choice, "move": move}, headers=auth(tok))
            assert r.status_code == 200, r.text
            move += 1
            payloads.append((decider, move, r.json()))

    assert "keep_contract" in kinds_seen, "pick a seed whose game plays #5, so its hidden draw is tested"
    record = client.get(f"/api/games/{gid}/record").json()
    # What each seat had seen after each decision, from a replay of the finished game.
    seen_at: list[list[int]] = []
    game = snowdonia.new_game(4, seed=SEED)
    seen_at.append(list(game.seen))
    for text in record["actions"]:
        game.apply(text)
        seen_at.append(list(game.seen))

    seed_text = str(SEED)
    for seat, move, payload in payloads:
        text = json.dumps(payload)
        assert seed_text not in text, "the seed leaked"
        for key in ('"rng"', '"deck"', '"record"', '"seed"'):
            assert key not in text, f"{key} leaked"
        masks = seen_at[move]
        allowed = masks[seat] if seat is not None else masks[0] & masks[1] & masks[2] & masks[3]
        unseen = {c for c in contracts_in(payload) if not allowed >> c & 1}
        assert not unseen, f"seat {seat} at move {move} was sent unseen contracts {unseen}"
    assert len(payloads) > 1000
