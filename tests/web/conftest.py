"""Shared fixtures: an app on a temporary SQLite file, driven in-process."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from snowdonia.web.app import create_app
from snowdonia.web.settings import ServerSettings

# Tests create many games from one address; the limits have their own tests.
TEST_SETTINGS = ServerSettings(games_per_minute=100000, max_open_games=100000, sweep_seconds=0.2)


def make_app(db_url: str, **overrides: Any) -> Any:
    import dataclasses

    return create_app(db_url, settings=dataclasses.replace(TEST_SETTINGS, **overrides))


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app = make_app(db_url)
    # The context manager keeps one event loop alive, which the bot tasks run on.
    with TestClient(app) as c:
        yield c
    app.state.store.close()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, seats: list[Any], seed: int | None = 11, game: str = "snowdonia",
           table: dict[str, Any] | None = None, private: bool = False, **settings: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "players": len(seats), "seats": seats, "seed": seed, "settings": settings,
                            "private": private}
    if table is not None:
        body["table"] = table
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def tokens_of(created: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"] if "token" in s}


def view(client: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", headers=auth(token) if token else {})
    assert r.status_code == 200, r.text
    return dict(r.json())


def wait_for(pred: Callable[[], bool], timeout: float = 60.0) -> None:
    """Poll until pred() holds (bots think in other processes); fail after `timeout` seconds."""
    end = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > end:
            raise AssertionError("condition not reached in time")
        time.sleep(0.01)
