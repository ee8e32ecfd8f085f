"""The same store on PostgreSQL: a throwaway cluster (initdb + pg_ctl) when the binaries and
psycopg are installed; skipped otherwise on a developer's machine, but failing under CI, where
`.ci/run` installs both."""

from __future__ import annotations

import asyncio
import glob
import os
import random
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import auth, create, make_app
from tests.web.server import free_port

pytestmark = pytest.mark.slow


def _pg_bin(name: str) -> str | None:
    """Debian keeps the server binaries off PATH, in /usr/lib/postgresql/<version>/bin."""
    found = shutil.which(name)
    if found:
        return found
    for path in sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True):
        return path
    return None


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; .ci/run should have installed it")
    pytest.skip(reason)


def _as_postgres(cmd: list[str]) -> list[str]:
    # initdb refuses to run as root; the cluster then belongs to the postgres user.
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *cmd]
    return cmd


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _missing("psycopg is not installed (the [postgres] extra)")
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if not (initdb and pg_ctl):
        _missing("PostgreSQL server binaries are not installed")
    if os.geteuid() == 0 and not shutil.which("runuser"):
        _missing("running as root without runuser")
    assert initdb and pg_ctl
    tmp = Path(tempfile.mkdtemp(prefix="snowdonia-pg-"))
    if os.geteuid() == 0:
        shutil.chown(tmp, "postgres")
    port = free_port()
    data = tmp / "data"
    subprocess.run(_as_postgres([initdb, "-D", str(data), "-A", "trust", "-U", "snow"]),
                   check=True, capture_output=True)
    subprocess.run(_as_postgres([pg_ctl, "-D", str(data), "-w", "-l", str(tmp / "log"), "-o",
                                 f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1", "start"]),
                   check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://snow@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_postgres([pg_ctl, "-D", str(data), "-w", "-m", "immediate", "stop"]),
                       capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)


def test_whole_game_and_restart_on_postgres(pg_url: str) -> None:
    app = make_app(pg_url)
    with TestClient(app) as client:
        g = create(client, ["human", "human", "random"], seed=2**62 + 5)  # a seed needing 63 bits
        gid = g["id"]
        tokens = {s["seat"]: s["token"] for s in g["seats"] if "token" in s}
        rng = random.Random(13)
        moves = 0
        for _ in range(20000):  # bounded polling while the bot thinks
            if moves >= 45:
                break
            pub = client.get(f"/api/games/{gid}").json()
            seat = pub["observation"]["current_player"]
            if pub["over"] or seat not in tokens:
                if pub["over"]:
                    break
                continue  # the bot moves on the server
            mine = client.get(f"/api/games/{gid}", headers=auth(tokens[seat])).json()
            if not mine["legal"]:
                continue
            r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                            json={"action": rng.choice(mine["legal"])["text"], "move": mine["move"]})
            assert r.status_code == 200, r.text
            moves += 1
        assert moves >= 45 or client.get(f"/api/games/{gid}").json()["over"]
        expected = client.get(f"/api/games/{gid}", headers=auth(tokens[0])).json()
    app.state.store.close()
    app2 = make_app(pg_url)
    with TestClient(app2) as client2:
        again = client2.get(f"/api/games/{gid}", headers=auth(tokens[0])).json()
        # The bot may have moved on after the snapshot of `expected`; never backwards.
        assert again["move"] >= expected["move"]
        if again["move"] == expected["move"]:
            assert again == expected
    app2.state.store.close()


def test_racing_clicks_on_postgres(pg_url: str) -> None:
    app = make_app(pg_url)

    async def race() -> None:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
            g = (await c.post("/api/games", json={"players": 2, "seats": ["human", "human"], "seed": 3})).json()
            gid = g["id"]
            tokens = {s["seat"]: s["token"] for s in g["seats"]}
            for _ in range(5):
                seat = (await c.get(f"/api/games/{gid}")).json()["observation"]["current_player"]
                mine = (await c.get(f"/api/games/{gid}", headers=auth(tokens[seat]))).json()
                answers = await asyncio.gather(*[
                    c.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                           json={"action": a["text"], "move": mine["move"]}) for a in mine["legal"][:3]
                ])
                assert sorted(a.status_code for a in answers) == [200] + [409] * (len(answers) - 1)

    asyncio.run(race())
    app.state.store.close()
