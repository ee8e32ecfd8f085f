"""One game whose stored data is broken is reported (a log line, the metrics, 503 with a
sentence for that game) and leaves everything else working (issue 17): the background sweep
still takes over a clock that ran out and restarts an orphaned bot of other games, the lobby
lists the games, and every other game answers."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from tests.web.conftest import make_app, wait_for


def _metric(body: str, name: str) -> float:
    for line in body.splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError(f"{name} not in /metrics")


def test_a_broken_game_leaves_the_sweep_the_lobby_and_other_games_working(tmp_path: Path,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
    url = f"sqlite:///{tmp_path / 'iso.sqlite'}"
    first = make_app(url)
    live = first.state.live
    # Created with no event loop running (as a script would): nobody starts their bots.
    humans = ["human", "human"]
    broken = {
        "snapshot": live.create("foothills", 2, humans, [None, None], 1, None, {})[0],
        "title": live.create("snowdonia", 2, humans, [None, None], 2, None, {})[0],
        "move": live.create("snowdonia", 2, humans, [None, None], 3, None, {})[0],
    }
    clock_game, _ = live.create("snowdonia", 2, humans, [None, None], 4, None, {},
                                table={"bot_delay_ms": 0, "clock": {"mode": "move", "seconds": 60,
                                                                    "takeover": "random"}, "takeover": "random"})
    bot_game, _ = live.create("foothills", 2, ["random", "random"], [None, None], 5, None, {})
    plain, _ = live.create("snowdonia", 2, humans, [None, None], 6, None, {})
    now = time.time()
    with first.state.store.engine.begin() as c:
        c.execute(text("UPDATE snapshots SET data = :junk WHERE game_id = :g"), {"junk": b"\x00junk", "g": broken["snapshot"]})
        c.execute(text("UPDATE games SET game = 'no_such_title' WHERE id = :g"), {"g": broken["title"]})
        c.execute(text("INSERT INTO moves (game_id, n, seat, action, at) VALUES (:g, 0, 0, 'fly to the moon', :t)"),
                  {"g": broken["move"], "t": now})
        c.execute(text("UPDATE games SET move = 1 WHERE id = :g"), {"g": broken["move"]})
        # The broken games are due first in both of the sweep's lists.
        c.execute(text("UPDATE games SET clock_deadline = :t, waiting = 'bot', updated_at = :u WHERE id IN (:a, :b, :m)"),
                  {"t": now - 100, "u": now + 100, **dict(zip("abm", broken.values(), strict=True))})
        c.execute(text("UPDATE games SET clock_deadline = :t WHERE id = :g"), {"t": now - 5, "g": clock_game})
    first.state.store.close()

    caplog.set_level(logging.ERROR, logger="snowdonia.web")
    app = make_app(url)  # a restart on that database
    store = app.state.store
    with TestClient(app) as client:
        # The sweep takes over the clock game and starts the orphaned bots, past the broken games.
        def taken_over() -> bool:
            row = store.game_row(clock_game)
            return row is not None and any(s.get("taken_over_by") == "random" for s in row.seat_state)

        wait_for(taken_over, timeout=30)
        wait_for(lambda: (store.current_move(bot_game) or 0) > 3, timeout=30)
        for gid in broken.values():
            r = client.get(f"/api/games/{gid}")
            assert r.status_code == 503, r.text
            assert r.json()["error"].startswith(f"game {gid} cannot be loaded") and "other games" in r.json()["error"]
            assert r.headers["content-type"] == "application/json"
        for gid in (clock_game, bot_game, plain):
            assert client.get(f"/api/games/{gid}").status_code == 200
        lobby = client.get("/api/games")
        assert lobby.status_code == 200
        listed = {g["id"] for g in lobby.json()}
        assert {clock_game, bot_game, plain, broken["snapshot"], broken["move"]} <= listed
        assert broken["title"] not in listed  # a title this server does not have
        sweeps = _metric(client.get("/metrics").text, "snowdonia_sweeps_total")
        wait_for(lambda: _metric(client.get("/metrics").text, "snowdonia_sweeps_total") >= sweeps + 2, timeout=10)
        body = client.get("/metrics").text
        assert _metric(body, "snowdonia_games_unloadable") == 3
        assert _metric(body, "snowdonia_game_load_failures_total") >= 3
        assert _metric(body, 'snowdonia_refusals_total{reason="game_unavailable"}') >= 3
        with client.websocket_connect(f"/ws/games/{broken['snapshot']}") as ws:
            assert "cannot be loaded" in ws.receive_json()["error"]
    store.close()
    lines = [r.getMessage() for r in caplog.records if "cannot be loaded" in r.getMessage()]
    for gid in broken.values():  # one line per broken game, not one per sweep
        assert sum(gid in line for line in lines) == 1, lines
