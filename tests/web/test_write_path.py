"""The lean web write path (issue 18): views that send only the log lines a client lacks,
the SQLite statements that write a move, and the JSON on the wire."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import auth, create, tokens_of, view

from snowdonia.store import StaleWrite, Store
from snowdonia.web.wire import dumps


def _move(client: TestClient, gid: str, tokens: dict[int, str], rng: random.Random,
          held: dict[str, Any] | None = None) -> dict[str, Any]:
    """The deciding seat makes a random legal move; with `held` (a whole view), it says
    which log it holds and the answer is that view's continuation."""
    seat = view(client, gid)["observation"]["current_player"]
    mine = view(client, gid, tokens[seat])
    params = {} if held is None else {"key": held["log_key"], "log": len(held["log"])}
    r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]), params=params,
                    json={"action": rng.choice(mine["legal"])["text"], "move": mine["move"],
                          "revision": mine["revision"]})
    assert r.status_code == 200, r.text
    return dict(r.json())


def _whole(held: dict[str, Any], part: dict[str, Any]) -> list[dict[str, Any]]:
    assert part["log_key"] == held["log_key"]
    return list(held["log"][:part["log_from"]]) + list(part["log"])


def test_a_view_sends_only_the_lines_after_those_the_client_holds(client: TestClient) -> None:
    g = create(client, ["human", "human", "human"], seed=81)
    gid, tokens = g["id"], tokens_of(g)
    rng = random.Random(3)
    first = view(client, gid)
    assert first["log_from"] == 0 and first["log_total"] == len(first["log"]) > 0
    held = first
    for _ in range(12):
        after = _move(client, gid, tokens, rng, held)
        full = view(client, gid, tokens[after["seat"]])
        # Only the new lines came, and with the held ones they are the whole log.
        assert after["log_from"] == len(held["log"])
        assert len(after["log"]) == full["log_total"] - len(held["log"]) > 0
        assert _whole(held, after) == full["log"]
        assert {k: v for k, v in after.items() if k not in ("log", "log_from")} == \
            {k: v for k, v in full.items() if k not in ("log", "log_from")}
        held = full
    # Asking with the current key and length: nothing new.
    r = client.get(f"/api/games/{gid}", params={"key": held["log_key"], "log": len(held["log"])})
    assert r.json()["log"] == [] and r.json()["log_from"] == held["log_total"]
    # More lines than the log has, or a key the game never had: the whole log.
    for params in ({"key": held["log_key"], "log": held["log_total"] + 1}, {"key": "0123abcd", "log": 3}):
        body = client.get(f"/api/games/{gid}", params=params).json()
        assert body["log_from"] == 0 and body["log"] == held["log"]


def test_a_rename_or_an_undo_sends_the_whole_log_again(client: TestClient) -> None:
    g = create(client, ["human", "human"], seed=82)
    gid, tokens = g["id"], tokens_of(g)
    rng = random.Random(4)
    _move(client, gid, tokens, rng)
    held = view(client, gid)
    # A rename changes earlier lines ("Player 1 places ..." becomes "Ann places ...").
    r = client.post(f"/api/games/{gid}/seats/0/name", headers=auth(tokens[0]), json={"name": "Ann"})
    assert r.status_code == 200
    after = client.get(f"/api/games/{gid}", params={"key": held["log_key"], "log": len(held["log"])}).json()
    assert after["log_key"] != held["log_key"] and after["log_from"] == 0
    assert any("Ann" in e["text"] for e in after["log"]) and not any("Ann" in e["text"] for e in held["log"])
    # An undo takes lines back: the key changes, the whole (shorter) log comes.
    for _ in range(40):
        last = _move(client, gid, tokens, rng)
        to = last["undo"]["to_move"]
        if to is None:
            continue
        held = view(client, gid)
        r = client.post(f"/api/games/{gid}/undo", headers=auth(tokens[last["seat"]]),
                        json={"move": last["move"], "to": to, "revision": last["revision"]})
        assert r.status_code == 200, r.text
        back = client.get(f"/api/games/{gid}", params={"key": held["log_key"], "log": len(held["log"])}).json()
        assert back["log_key"] != held["log_key"] and back["log_from"] == 0
        assert back["log"][-1]["type"] == "undo"
        return
    raise AssertionError("no undo was offered in 40 decisions")


@pytest.mark.parametrize("params", [{"key": "XYZ", "log": 1}, {"key": "ab", "log": -1}, {"key": "a" * 40, "log": 1}])
def test_a_bad_log_position_is_refused_in_words(client: TestClient, params: dict[str, Any]) -> None:
    gid = create(client, ["human", "human"], seed=83)["id"]
    r = client.get(f"/api/games/{gid}", params=params)
    assert r.status_code == 422 and isinstance(r.json()["error"], str) and r.json()["error"]


def _rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    con = sqlite3.connect(path)
    try:
        games = con.execute("SELECT id, move, revision, over, result, seat_state, waiting, turn FROM games "
                            "ORDER BY id").fetchall()
        moves = con.execute("SELECT game_id, n, seat, action, bot FROM moves ORDER BY game_id, n").fetchall()
        snaps = con.execute("SELECT game_id, move, data FROM snapshots ORDER BY game_id, move").fetchall()
        events = con.execute("SELECT game_id, move, data FROM table_events ORDER BY id").fetchall()
    finally:
        con.close()
    return {"games": games, "moves": moves, "snapshots": snaps, "events": events}


def test_the_lean_sqlite_writes_are_the_core_writes(tmp_path: Path) -> None:
    """The same moves written through the lean sqlite3 path and through SQLAlchemy's Core
    leave the same rows; a stale revision or a stored move writes nothing on both."""
    found = {}
    for lean in (True, False):
        path = tmp_path / f"{'lean' if lean else 'core'}.sqlite"
        store = Store(f"sqlite:///{path}")
        if not lean:
            assert store.lean is not None
            store.lean.close()
            store.lean = None
        else:
            assert store.lean is not None
        store.create_game("g1", {"game": "snowdonia", "players": 2, "scenario": "s", "seed": 1, "settings": {},
                                 "seats": ["human", "human"], "seat_state": [{}, {}]}, {0: "h0", 1: "h1"}, b"snap0")
        rev = store.append_move("g1", 0, 0, 0, "place A1", None, None,
                                {"waiting": "human", "turn": 1, "seat_state": [{"left_ms": 5}, {}]})
        rev = store.append_move("g1", rev, 1, 1, "place B1", "greedy", b"snap2",
                                {"over": True, "result": {"scores": [3, 4]}, "waiting": None, "turn": None},
                                [{"type": "takeover", "seat": 1, "move": 2}])
        assert rev == 2 and store.revision("g1") == 2 and store.revision("nope") is None
        assert store.seat_for_token("g1", "x") is None
        with pytest.raises(StaleWrite):  # a stale revision
            store.append_move("g1", 1, 2, 0, "place C1", None, None, {})
        with pytest.raises(StaleWrite):  # a decision number already stored
            store.append_move("g1", 2, 1, 0, "place C1", None, None, {})
        assert store.revision("g1") == 2  # neither wrote anything
        loaded = store.load("g1")
        assert loaded is not None and loaded.movers == [(0, None), (1, "greedy")] and loaded.snapshot == b"snap2"
        row = store.game_row("g1")
        assert row is not None and row.over and row.result == {"scores": [3, 4]} and row.turn is None
        assert row.seat_state == [{"left_ms": 5}, {}]
        assert store.events("g1") == [{"type": "takeover", "seat": 1, "move": 2}]
        store.close()
        found[lean] = _rows(path)
    assert found[True] == found[False]
    assert len(found[True]["moves"]) == 2


def test_the_wire_json_is_the_standard_json() -> None:
    data = {"a": [1, 2.5, None, True, "é ∑ \u2028"], 3: {"x": -(2**70)}, "nested": {"k": [{"v": 1}]}}
    assert json.loads(dumps(data)) == json.loads(json.dumps(data))
