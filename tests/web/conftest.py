"""Shared fixtures: an app on a temporary SQLite file, driven in-process."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from snowdonia.web.app import create_app


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app = create_app(db_url)
    # The context manager keeps one event loop alive, which the bot tasks run on.
    with TestClient(app) as c:
        yield c
    app.state.store.close()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, seats: list[str], seed: int = 11, **settings: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"players": len(seats), "seats": seats, "seed": seed, "settings": settings})
    assert r.status_code == 201, r.text
    return r.json()


def wait_for(pred: Callable[[], bool], timeout: float = 30.0) -> None:
    """Poll until pred() holds (bots think in threads); fail after `timeout` seconds."""
    end = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > end:
            raise AssertionError("condition not reached in time")
        time.sleep(0.01)
