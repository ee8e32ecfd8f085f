"""A database written by the pre-platform server opens with this one: the start-up migration
adds the missing columns (idempotently), the unfinished game continues where it stopped, and
the finished game keeps its scores. Also: the shared web and store layers reach every title
through the registry only."""

from __future__ import annotations

import ast
import json
import shutil
from pathlib import Path

from fastapi.testclient import TestClient
from tests.web.conftest import auth, make_app

import snowdonia
from snowdonia.store import Store

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "pre_platform"
SRC = Path(__file__).resolve().parents[2] / "src" / "snowdonia"


def test_the_old_database_opens_and_its_games_go_on(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    shutil.copy(FIXTURES / "store_v1.sqlite", db)
    expect = json.loads((FIXTURES / "store_v1.expect.json").read_text())
    url = f"sqlite:///{db}"
    first = Store(url)
    assert {"games.game", "games.revision", "moves.bot"} <= set(first.migrated)
    first.close()
    again = Store(url)
    assert again.migrated == []  # idempotent: nothing left to add
    again.close()

    unfinished, finished = expect["unfinished"], expect["finished"]
    app = make_app(url)
    with TestClient(app) as client:
        seat = unfinished["decider"]
        token = unfinished["tokens"][str(seat)]
        v = client.get(f"/api/games/{unfinished['id']}", headers=auth(token)).json()
        assert v["game"] == "snowdonia" and v["scenario"] == "mount_snowdon"
        assert v["move"] == unfinished["moves"] == 47 and v["seat"] == seat
        assert [a["text"] for a in v["legal"]] == unfinished["legal"]
        pub = client.get(f"/api/games/{unfinished['id']}").json()
        old = unfinished["observation"]
        for key in ("round", "start_player", "current_player", "moves", "route", "areas", "stock_yard", "bag",
                    "deck_count", "site_office", "engine_shed", "weather", "players"):
            assert pub["observation"][key] == old[key], key
        assert v["seeded"] is False and v["revision"] == 0
        row = app.state.store.game_row(unfinished["id"])  # who decides is filled in once loaded
        assert row.waiting == "human" and row.turn == seat
        # It goes on: a legal move is stored and the next decider is asked.
        r = client.post(f"/api/games/{unfinished['id']}/actions", headers=auth(token),
                        json={"action": unfinished["legal"][0], "move": 47})
        assert r.status_code == 200, r.text
        assert r.json()["move"] == 48 and r.json()["revision"] == 1
        done = client.get(f"/api/games/{finished['id']}").json()
        assert done["over"] and done["move"] == finished["moves"]
        assert done["result"]["scores"] == finished["scores"]
        record = client.get(f"/api/games/{finished['id']}/record").json()
        assert snowdonia.replay(record).result()["scores"] == finished["scores"]
        lobby = {g["id"]: g for g in client.get("/api/games").json()}
        assert lobby[finished["id"]]["result"]["scores"] == finished["scores"]
    app.state.store.close()


def test_web_and_store_import_no_game() -> None:
    for folder in ("web", "store"):
        for path in (SRC / folder).rglob("*.py"):
            tree = ast.parse(path.read_text())
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                for name in names:
                    assert not name.startswith("snowdonia.games"), f"{path} imports {name}"
            assert "log_lines" not in path.read_text(), f"{path} uses Game.log_lines"
