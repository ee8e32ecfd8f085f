"""The database schema, versioned with Alembic (docs/web.md, "Schema migrations").

`upgrade(engine)` brings a database to the newest revision, once, under a lock, so several
server processes may start on the same empty database at the same moment: PostgreSQL takes a
transaction-scoped advisory lock around the whole upgrade (its DDL is transactional, so a
second process waits and then finds nothing to do); SQLite takes an exclusive lock on a file
beside the database. `snowdonia serve` and `snowdonia db upgrade` call it; so does every
`Store` whose database is not at the newest revision.

Revision 0001 is the schema of the last release without Alembic (4ade1e2), and it also
upgrades any database written before Alembic (it adds the columns older versions lacked),
so those databases need nothing else. A change of the schema is a new file in `versions/`
(`snowdonia db revision -m "what"`), never an edit of an old one.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

HERE = Path(__file__).resolve().parent
# Any fixed 64-bit number: the key of the PostgreSQL advisory lock of migrations.
PG_LOCK_KEY = 0x536E6F77646F6E  # "Snowdon"


class SchemaTooNew(RuntimeError):
    """The database was migrated by a newer version of this program."""


def config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.set_main_option("path_separator", "os")
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


@cache
def head() -> str:
    """The newest revision this program knows."""
    found = ScriptDirectory.from_config(config()).get_current_head()
    assert found is not None
    return found


@cache
def known() -> frozenset[str]:
    return frozenset(s.revision for s in ScriptDirectory.from_config(config()).walk_revisions())


def current(connection: Connection) -> str | None:
    """The revision a database is at (None: never migrated with Alembic)."""
    return MigrationContext.configure(connection).get_current_revision()


@contextlib.contextmanager
def _sqlite_file_lock(engine: Engine) -> Iterator[None]:
    path = engine.url.database
    if not path or path == ":memory:" or path.startswith("file:"):
        yield  # a database only this process sees
        return
    try:
        import fcntl
    except ImportError:  # not POSIX: SQLite serves one process anyway
        yield
        return
    lock = Path(f"{path}.migrate-lock")
    with lock.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def upgrade(engine: Engine, target: str = "head") -> list[str]:
    """Migrate `engine`'s database to `target` under the lock; returns what changed (the
    revisions applied, and the columns revision 0001 added to a pre-Alembic database).
    Raises SchemaTooNew for a database a newer version migrated."""
    changed: list[str] = []
    if engine.dialect.name == "postgresql":
        with engine.begin() as conn:
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": PG_LOCK_KEY})
            _run(conn, target, changed)
        return changed
    lock = _sqlite_file_lock(engine) if engine.dialect.name == "sqlite" else contextlib.nullcontext()
    with lock, engine.begin() as conn:
        _run(conn, target, changed)
    return changed


def _run(conn: Connection, target: str, changed: list[str]) -> None:
    at = current(conn)
    if at is not None and at not in known():
        raise SchemaTooNew(f"the database is at schema revision {at}, which this version does not know "
                           f"(it knows up to {head()}): a newer version of snowdonia migrated it")
    cfg = config(conn)
    cfg.attributes["changed"] = changed
    command.upgrade(cfg, target)


def upgrade_url(url: str) -> list[str]:
    from snowdonia.store.db import make_engine

    engine = make_engine(url)
    try:
        return upgrade(engine)
    finally:
        engine.dispose()


def new_revision(message: str, autogenerate: bool = True, url: str | None = None) -> Any:
    """Write a new revision file into versions/ (for developers: `snowdonia db revision`).
    With autogenerate, the difference between the tables in store/db.py and a database at
    the newest revision becomes its first draft (read and edit it before committing)."""
    from snowdonia.store.db import make_engine

    engine = make_engine(url or "sqlite://")
    try:
        with engine.begin() as conn:
            _run(conn, "head", [])
            cfg = config(conn)
            return command.revision(cfg, message=message, autogenerate=autogenerate,
                                    rev_id=f"{len(known()) + 1:04d}")
    finally:
        engine.dispose()


__all__ = ["SchemaTooNew", "current", "head", "new_revision", "upgrade", "upgrade_url"]
