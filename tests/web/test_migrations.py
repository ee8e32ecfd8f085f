"""The schema is versioned with Alembic (issue 17): an empty database and one written by the
last release without migrations (commit 4ade1e2, tests/fixtures/main_4ade1e2, made by its
make.py with that commit's code) both reach the newest revision, keeping every game; the
tables in store/db.py are exactly what the migrations build (so a schema change without a
migration fails here); several processes starting on one empty database migrate it once."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import MetaData, create_engine, insert, select, text
from tests.web.conftest import auth, make_app
from tests.web.test_postgres import pg_url  # noqa: F401 - the throwaway cluster fixture

import snowdonia
from snowdonia.store import Store, migrations
from snowdonia.store.db import metadata

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "main_4ade1e2"
EXPECT = json.loads((FIXTURE / "store.expect.json").read_text())


def fresh_pg(url: str, name: str) -> str:
    """A new empty database on the throwaway cluster."""
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f"DROP DATABASE IF EXISTS {name}"))
        c.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return url.rsplit("/", 1)[0] + f"/{name}"


def schema_differences(url: str) -> list[Any]:
    engine = create_engine(url)
    with engine.connect() as c:
        diff = compare_metadata(MigrationContext.configure(c, opts={"compare_type": True}), metadata)
    engine.dispose()
    return list(diff)


def copy_fixture_to(url: str) -> None:
    """The 4ade1e2 database in an empty database: its schema built by that release's own code
    (a verbatim copy of its store/db.py: create_all and its start-up migrate), then its rows."""
    spec = importlib.util.spec_from_file_location("db_4ade1e2", FIXTURE / "db_4ade1e2.py")
    assert spec is not None and spec.loader is not None
    old = importlib.util.module_from_spec(spec)
    sys.modules["db_4ade1e2"] = old  # its dataclasses look their module up
    spec.loader.exec_module(old)
    src = create_engine(f"sqlite:///{FIXTURE / 'store.sqlite'}")
    dst = old.make_engine(url)
    old.migrate(dst)
    with src.connect() as r, dst.begin() as w:
        for table in old.metadata.sorted_tables:
            rows = [dict(m) for m in r.execute(select(table)).mappings()]
            if rows:
                w.execute(insert(table), rows)
    src.dispose()
    dst.dispose()


def check_old_games(url: str) -> None:
    """Every game of the 4ade1e2 database loads, shows what it showed then, and goes on."""
    app = make_app(url)
    with TestClient(app) as client:
        for g in EXPECT["games"]:
            pub = client.get(f"/api/games/{g['id']}")
            assert pub.status_code == 200, (g["game"], pub.text)
            v = pub.json()
            assert v["game"] == g["game"] and v["move"] == g["moves"] and v["over"] == g["over"]
            assert v["observation"] == g["observation"], g["game"]
            if g["over"]:
                assert v["result"]["scores"] == g["scores"]
                record = client.get(f"/api/games/{g['id']}/record").json()
                assert snowdonia.title(g["game"]).replay(record).result()["scores"] == g["scores"]
                step = client.get(f"/api/games/{g['id']}/replay/{g['moves'] // 2}")
                assert step.status_code == 200, step.text
                continue
            seat = g["decider"]
            token = g["tokens"][str(seat)]
            mine = client.get(f"/api/games/{g['id']}", headers=auth(token)).json()
            assert [a["text"] for a in mine["legal"]] == g["legal"]
            r = client.post(f"/api/games/{g['id']}/actions", headers=auth(token),
                            json={"action": g["legal"][0], "move": g["moves"], "revision": mine["revision"]})
            assert r.status_code == 200, r.text
            assert r.json()["move"] == g["moves"] + 1
    app.state.store.close()
    # ...and after a restart, from the database alone (Foothills snapshots of 4ade1e2 name no title).
    app = make_app(url)
    with TestClient(app) as client:
        for g in EXPECT["games"]:
            v = client.get(f"/api/games/{g['id']}").json()
            assert v["move"] == g["moves"] + (0 if g["over"] else 1), g["game"]
    app.state.store.close()


def test_the_fixture_is_what_4ade1e2_wrote() -> None:
    engine = create_engine(f"sqlite:///{FIXTURE / 'store.sqlite'}")
    with engine.connect() as c:
        tables = {r[0] for r in c.execute(text("SELECT name FROM sqlite_master WHERE type='table'"))}
        assert "alembic_version" not in tables and {"games", "moves", "snapshots", "bests"} <= tables
        titles = sorted(r[0] for r in c.execute(text("SELECT game FROM games")))
    engine.dispose()
    assert titles == ["foothills", "foothills", "snowdonia"]


def test_an_empty_sqlite_database_reaches_the_newest_revision(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite'}"
    store = Store(url)
    assert store.migrated == ["migration 0001", "migration 0002"]  # every revision, once, in order
    assert migrations.head() == "0002"
    assert store.schema_revision() == migrations.head()
    store.close()
    assert Store(url).migrated == []  # once
    assert schema_differences(url) == []


def test_the_tables_in_db_py_are_what_the_migrations_build(tmp_path: Path) -> None:
    # A column added to store/db.py without a migration shows here as a difference.
    url = f"sqlite:///{tmp_path / 'x.sqlite'}"
    Store(url).close()
    extra = MetaData()
    for table in metadata.sorted_tables:
        table.to_metadata(extra)
    from sqlalchemy import Column, Integer

    extra.tables["games"].append_column(Column("shiny", Integer, nullable=True))
    engine = create_engine(url)
    with engine.connect() as c:
        diff = compare_metadata(MigrationContext.configure(c), extra)
    engine.dispose()
    assert [d[0] for d in diff] == ["add_column"] and diff[0][3].name == "shiny"


def test_a_4ade1e2_sqlite_database_upgrades_in_place(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    shutil.copy(FIXTURE / "store.sqlite", db)
    url = f"sqlite:///{db}"
    store = Store(url)
    assert store.migrated == ["migration 0001", "migration 0002"]  # its tables were complete: no column added
    store.close()
    assert schema_differences(url) == []
    check_old_games(url)


def test_a_0001_database_with_games_upgrades_to_reviews(tmp_path: Path) -> None:
    # The 4ade1e2 games at revision 0001 (before reviews), then the newest revision: the games
    # are kept, and the finished one can be reviewed and its review stored (revision 0002).
    db = tmp_path / "at0001.sqlite"
    shutil.copy(FIXTURE / "store.sqlite", db)
    url = f"sqlite:///{db}"
    engine = create_engine(url)
    assert migrations.upgrade(engine, "0001") == ["migration 0001"]
    with engine.connect() as c:
        assert migrations.current(c) == "0001"
        tables = {r[0] for r in c.execute(text("SELECT name FROM sqlite_master WHERE type='table'"))}
        count = c.execute(text("SELECT count(*) FROM games")).scalar_one()
    engine.dispose()
    assert "reviews" not in tables and count == len(EXPECT["games"])
    store = Store(url)
    assert store.migrated == ["migration 0002"] and store.schema_revision() == "0002"
    store.close()
    assert schema_differences(url) == []
    finished = next(g for g in EXPECT["games"] if g["over"])
    app = make_app(url, review_budget="1")
    with TestClient(app) as client:
        assert client.get(f"/api/games/{finished['id']}/review").status_code == 404
        r = client.post(f"/api/games/{finished['id']}/review")
        assert r.status_code == 202, r.text
        row = app.state.store.review(finished["id"])
        assert row is not None and row["state"] in ("queued", "running", "done")
    app.state.store.close()
    check_old_games(url)


def test_a_newer_schema_is_refused_in_words(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'n.sqlite'}"
    Store(url).close()
    engine = create_engine(url)
    with engine.begin() as c:
        c.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    with pytest.raises(migrations.SchemaTooNew, match="9999.*newer version"):
        Store(url)
    out = subprocess.run([sys.executable, "-c", "from snowdonia.cli import main; main()", "db", "upgrade",
                          "--database-url", url], capture_output=True, text=True)
    assert out.returncode == 1 and "newer version of snowdonia" in out.stderr


def test_readyz_says_when_the_schema_is_not_current(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'r.sqlite'}"
    app = make_app(url)
    with TestClient(app) as client:
        ok = client.get("/readyz")
        assert ok.status_code == 200 and ok.json()["checks"] == {"database": True, "migrations": True,
                                                                "bot_pool": True}
        with app.state.store.engine.begin() as c:
            c.execute(text("UPDATE alembic_version SET version_num = '9999'"))
        bad = client.get("/readyz")
        assert bad.status_code == 503
        assert bad.json()["checks"]["migrations"] is False
        assert "9999" in bad.json()["reasons"][0] and "snowdonia db upgrade" in bad.json()["reasons"][0]
        assert client.get("/healthz").json() == {"status": "alive"}
    app.state.store.close()


RACE = """
import sys, time
from snowdonia.store import Store
start = float(sys.argv[2])
time.sleep(max(0.0, start - time.time()))
s = Store(sys.argv[1])
print("changed:", s.migrated)
s.close()
"""


def race(url: str, n: int) -> list[str]:
    """`n` processes open one empty database at the same instant; returns their outputs."""
    at = time.time() + 3.0  # after every interpreter has started
    procs = [subprocess.Popen([sys.executable, "-c", RACE, url, str(at)], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True) for _ in range(n)]
    outs = []
    for p in procs:
        out, _ = p.communicate(timeout=120)
        assert p.returncode == 0, out
        outs.append(out)
    return outs


def test_several_processes_start_on_one_empty_sqlite_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'race.sqlite'}"
    outs = race(url, 3)
    assert sum("migration 0001" in o for o in outs) == 1, outs  # migrated once
    assert schema_differences(url) == []


@pytest.mark.slow
def test_two_processes_start_on_one_empty_postgres_database(pg_url: str) -> None:  # noqa: F811
    url = fresh_pg(pg_url, "race")
    outs = race(url, 2)
    assert sum("migration 0001" in o for o in outs) == 1, outs
    assert schema_differences(url) == []


@pytest.mark.slow
def test_a_4ade1e2_postgres_database_upgrades_in_place(pg_url: str) -> None:  # noqa: F811
    url = fresh_pg(pg_url, "old")
    copy_fixture_to(url)
    store = Store(url)
    assert store.migrated == ["migration 0001", "migration 0002"]
    store.close()
    assert schema_differences(url) == []
    check_old_games(url)


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_two_servers_start_together_on_one_empty_postgres_database(pg_url: str, tmp_path: Path) -> None:  # noqa: F811
    # The race: two `snowdonia serve` processes on an empty database (one used to die
    # with UniqueViolation while creating the tables). Both start, both are ready.
    from concurrent.futures import ThreadPoolExecutor

    import httpx
    from tests.web.server import start, stop

    url = fresh_pg(pg_url, "servers")
    with ThreadPoolExecutor(2) as pool:
        servers = list(pool.map(lambda i: start(url, tmp_path / f"s{i}.log"), range(2)))
    try:
        for server in servers:
            ready = httpx.get(f"{server.url}/readyz", timeout=30)
            assert ready.status_code == 200, ready.text
        r = httpx.post(f"{servers[0].url}/api/games", json={"players": 2, "seats": ["human", "human"]})
        assert r.status_code == 201
        assert httpx.get(f"{servers[1].url}/api/games/{r.json()['id']}").status_code == 200
    finally:
        for server in servers:
            stop(server)
    logs = "".join((tmp_path / f"s{i}.log").read_text() for i in range(2))
    assert logs.count("Database schema upgraded: migration 0001") == 1, logs
