"""The tables and the few transactions the web app needs.

One row per game (`games`) carrying a `revision` that every change bumps; a write commits only
if the stored revision is the one the writer read (a conditional UPDATE inside the write's
transaction), so two server processes holding different ideas of a game can never both
write: the stale one gets `StaleWrite` and reloads. One row per decision (`moves`, primary key
game and decision number) and a snapshot every `SNAPSHOT_EVERY` decisions, so loading a
position replays at most that many decisions. Every decision is committed before the caller
answers, so killing the server loses nothing a client was told had happened.

The schema is versioned with Alembic (`snowdonia.store.migrations`, docs/web.md): a `Store`
brings its database to the newest revision when it opens it, once and under a lock, so
several processes may start on one empty database. Databases written before Alembic are
upgraded in place by the first revision.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError

SNAPSHOT_EVERY = 20

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("players", Integer, nullable=False),
    Column("scenario", String(40), nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("settings", JSON, nullable=False),
    Column("seats", JSON, nullable=False),  # per seat: "human" or a bot level
    Column("move", Integer, nullable=False, default=0),
    Column("over", Boolean, nullable=False, default=False),
    Column("result", JSON, nullable=True),
    # ---- added by the platform (revision 0001 adds them to older databases)
    Column("game", String(40), nullable=False, server_default="snowdonia"),  # the title
    Column("revision", Integer, nullable=False, server_default="0"),
    Column("private", Boolean, nullable=False, server_default="0"),
    Column("seeded", Boolean, nullable=False, server_default="0"),  # the creator chose the seed
    Column("names", JSON, nullable=True),  # display name per seat (None: the default name)
    Column("table_opts", JSON, nullable=True),  # {"bot_delay_ms", "clock": {...}}
    Column("seat_state", JSON, nullable=True),  # per seat: {"taken_over_by", "left_ms"}
    Column("turn_started_at", Float, nullable=True),  # when the pending decision began
    Column("clock_deadline", Float, nullable=True, index=True),  # when the decider's time runs out
    Column("waiting", String(8), nullable=True),  # "bot" / "human": who decides now
    Column("turn", Integer, nullable=True),  # the seat that decides now
    Column("bot_lease", String(40), nullable=True),  # the process whose bot is thinking
    Column("bot_lease_until", Float, nullable=True),
    Column("creator", String(64), nullable=True, index=True),  # hash of the creating client
    Column("series_id", String(32), nullable=True),
)

tokens = Table(
    "seat_tokens", metadata,
    # Only a hash is kept: a copy of the database does not let anyone act for a seat.
    Column("token_hash", String(64), primary_key=True),
    Column("game_id", String(32), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
)

moves = Table(
    "moves", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0-based: the n-th decision applied
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("at", Float, nullable=False),
    Column("bot", String(40), nullable=True),  # the bot level that made it (None: a person)
)

snapshots = Table(
    "snapshots", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("move", Integer, primary_key=True),  # decisions applied when it was taken
    Column("data", LargeBinary, nullable=False),
)

table_events = Table(
    # What happens at the table rather than in the game: a bot takes over a seat, the player
    # reclaims it. Shown in the game's log beside the engine's events.
    "table_events", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), nullable=False, index=True),
    Column("move", Integer, nullable=False),
    Column("at", Float, nullable=False),
    Column("data", JSON, nullable=False),
)

player_keys = Table(
    "players", metadata,
    Column("key_hash", String(64), primary_key=True),
    Column("created_at", Float, nullable=False),
)

series = Table(
    "series", metadata,
    Column("id", String(32), primary_key=True),
    Column("player", String(64), nullable=False, index=True),  # hash of the player key
    Column("created_at", Float, nullable=False),
    Column("game", String(40), nullable=False),
    Column("settings", JSON, nullable=False),
    Column("name", String(40), nullable=True),
)

series_games = Table(
    "series_games", metadata,
    Column("series_id", String(32), primary_key=True),
    Column("train", Integer, primary_key=True),
    Column("game_id", String(32), nullable=False),
)

bests = Table(
    # Personal bests of a player key: per train ("train", n) and per whole series ("series", 0).
    "bests", metadata,
    Column("player", String(64), primary_key=True),
    Column("kind", String(12), primary_key=True),
    Column("train", Integer, primary_key=True),
    Column("score", Integer, nullable=False),
    Column("ref", String(32), nullable=False),  # the game or series that set it
    Column("at", Float, nullable=False),
)


reviews = Table(
    # The post-game review of a finished game (issue 20; revision 0002): asked once, run in
    # the background by one server process (`owner`, whose lease `lease_until` it renews while
    # the review waits or runs), its progress and then its rows stored here.
    "reviews", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("state", String(8), nullable=False),  # "queued", "running", "done", "failed"
    Column("progress", Float, nullable=False, default=0.0),  # 0.0..1.0
    Column("budget", String(40), nullable=False),
    Column("seats", JSON, nullable=False),  # reviewed seats, numbered from 1
    Column("asked_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("owner", String(40), nullable=True),
    Column("lease_until", Float, nullable=True),
    Column("restarts", Integer, nullable=False, default=0),
    Column("result", JSON, nullable=True),  # the review as `snowdonia review --json` prints it
    Column("error", Text, nullable=True),  # why it failed, in words
)


# The hot reads, built once (SQLAlchemy then finds their compiled form in its cache).
_REVISION = select(games.c.revision).where(games.c.id == bindparam("gid"))
_SEAT_FOR_TOKEN = select(tokens.c.seat).where(tokens.c.token_hash == bindparam("h"), tokens.c.game_id == bindparam("gid"))


class StaleWrite(Exception):
    """The game changed since it was read (another request or another server process wrote
    first); nothing was written."""


StaleMove = StaleWrite  # the name older code used


@dataclass(frozen=True)
class GameRow:
    id: str
    game: str
    players: int
    scenario: str
    seed: int
    settings: dict[str, Any]
    seats: list[str]
    move: int
    over: bool
    result: dict[str, Any] | None
    created_at: float
    updated_at: float
    revision: int = 0
    private: bool = False
    seeded: bool = False
    names: list[str | None] = field(default_factory=list)
    table_opts: dict[str, Any] = field(default_factory=dict)
    seat_state: list[dict[str, Any]] = field(default_factory=list)
    turn_started_at: float | None = None
    clock_deadline: float | None = None
    series_id: str | None = None
    turn: int | None = None
    waiting: str | None = None
    creator: str | None = None  # hash of the creating client (fair.client_key)


@dataclass(frozen=True)
class Loaded:
    """What it takes to rebuild a position: the newest snapshot at or before it, the decisions
    after that snapshot, and who took each decision of the whole game (seat, bot level)."""

    row: GameRow
    snapshot: bytes
    snapshot_move: int
    actions_after: list[str]
    movers: list[tuple[int, str | None]]

    @property
    def seat_of_move(self) -> list[int]:
        return [s for s, _ in self.movers]


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def default_database_url() -> str:
    """SNOWDONIA_DATABASE_URL, else a SQLite file in the user's data folder."""
    url = os.environ.get("SNOWDONIA_DATABASE_URL")
    if url:
        return url
    folder = Path(platformdirs.user_data_dir("snowdonia", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'snowdonia.sqlite'}"


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL: readers never wait for the writer. synchronous=NORMAL still survives a killed
    # process (the WAL is in the OS cache); only a power cut could lose the last commits.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        eng = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(eng, "connect", _sqlite_pragmas)
        return eng
    return create_engine(url, pool_pre_ping=True)


class LeanSQLite:
    """The statements every move and every request runs, on a SQLite file, through the
    sqlite3 module on one connection of their own: reading a game's revision this way costs
    about 7 µs where SQLAlchemy's Core costs 440 µs (building, caching and running the
    statement, checking a connection out of the pool), and the database layer was 27-29% of
    the server's time at saturation (issue 18). The same tables, values and transactions
    as the Core statements they replace (`Store.append_move`, `revision`, `seat_for_token`);
    every other statement still goes through SQLAlchemy. A failure of the database itself
    is raised as SQLAlchemy's OperationalError, as from the Core path."""

    def __init__(self, path: str) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=10.0)
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.execute("PRAGMA busy_timeout=10000")
        self.lock = threading.Lock()
        self.json_columns = {c.name for c in games.c if isinstance(c.type, JSON)}
        self.bool_columns = {c.name for c in games.c if isinstance(c.type, Boolean)}

    def close(self) -> None:
        with self.lock:
            self.conn.close()

    def one(self, sql: str, params: tuple[Any, ...]) -> Any:
        try:
            with self.lock:
                row = self.conn.execute(sql, params).fetchone()
        except sqlite3.Error as exc:
            raise OperationalError(sql, params, exc) from exc
        return None if row is None else row[0]

    def _value(self, column: str, value: Any) -> Any:
        if column in self.json_columns:
            return json.dumps(value)  # as SQLAlchemy's JSON type writes it (None as 'null')
        if column in self.bool_columns:
            return int(bool(value))
        return value

    def append_move(self, game_id: str, revision: int, n: int, seat: int, action: str, bot: str | None,
                    snapshot: bytes | None, values: dict[str, Any], events: Sequence[dict[str, Any]]) -> int:
        now = time.time()
        changes = {"revision": revision + 1, "updated_at": now, "move": n + 1, **values}
        unknown = [k for k in changes if k not in games.c]
        if unknown:
            raise ValueError(f"games has no column {unknown[0]!r}")
        sets = ", ".join(f"{k} = ?" for k in changes)
        params = (*[self._value(k, v) for k, v in changes.items()], game_id, revision)
        with self.lock:
            c = self.conn
            try:
                c.execute("BEGIN IMMEDIATE")
                try:
                    done = c.execute(f"UPDATE games SET {sets} WHERE id = ? AND revision = ?", params)  # noqa: S608
                    if done.rowcount != 1:
                        raise StaleWrite(f"game {game_id} changed since revision {revision}")
                    c.execute("INSERT INTO moves (game_id, n, seat, action, at, bot) VALUES (?, ?, ?, ?, ?, ?)",
                              (game_id, n, seat, action, time.time(), bot))
                    if snapshot is not None:
                        c.execute("DELETE FROM snapshots WHERE game_id = ? AND move = ?", (game_id, n + 1))
                        c.execute("INSERT INTO snapshots (game_id, move, data) VALUES (?, ?, ?)",
                                  (game_id, n + 1, snapshot))
                    for e in events:
                        c.execute("INSERT INTO table_events (game_id, move, at, data) VALUES (?, ?, ?, ?)",
                                  (game_id, int(e["move"]), time.time(), json.dumps(e)))
                    c.execute("COMMIT")
                except BaseException:
                    if c.in_transaction:
                        c.execute("ROLLBACK")
                    raise
            except sqlite3.IntegrityError as exc:
                raise StaleWrite(f"move {n} of game {game_id} is already stored") from exc
            except sqlite3.Error as exc:
                raise OperationalError("append_move", None, exc) from exc
        return revision + 1


def sqlite_file(engine: Engine) -> str | None:
    """The file of a SQLite database given as a plain path (None: not SQLite, in memory, or
    with URL options the lean path would not honour)."""
    url = engine.url
    if engine.dialect.name != "sqlite" or url.query or not url.database or url.database == ":memory:":
        return None
    return str(url.database)


def migrate(engine: Engine) -> list[str]:
    """Bring a database to the newest schema revision (Alembic, under the migration lock; see
    `snowdonia.store.migrations`). Idempotent; returns what it changed, e.g.
    ["games.game", "migration 0001"], or [] when the database was current already."""
    from snowdonia.store import migrations

    with engine.connect() as c:
        if migrations.current(c) == migrations.head():
            return []
    return migrations.upgrade(engine)


def _row(r: Any) -> GameRow:
    seats = _json(r["seats"])
    n = len(seats)
    names = _json(r["names"]) or [None] * n
    state = _json(r["seat_state"]) or [{} for _ in range(n)]
    return GameRow(
        id=r["id"], game=r["game"] or "snowdonia", players=r["players"], scenario=r["scenario"], seed=r["seed"],
        settings=_json(r["settings"]), seats=seats, move=r["move"], over=bool(r["over"]),
        result=_json(r["result"]), created_at=r["created_at"], updated_at=r["updated_at"],
        revision=r["revision"] or 0, private=bool(r["private"]), seeded=bool(r["seeded"]),
        names=list(names), table_opts=_json(r["table_opts"]) or {}, seat_state=list(state),
        turn_started_at=r["turn_started_at"], clock_deadline=r["clock_deadline"], series_id=r["series_id"],
        turn=r["turn"], waiting=r["waiting"], creator=r.get("creator"),
    )


class Store:
    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_database_url()
        self.engine = make_engine(self.url)
        self.migrated = migrate(self.engine)
        path = sqlite_file(self.engine)
        self.lean = LeanSQLite(path) if path is not None else None

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    @property
    def is_postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    def close(self) -> None:
        if self.lean is not None:
            self.lean.close()
        self.engine.dispose()

    def schema_revision(self) -> str | None:
        """The migration the database is at (asks the database: raises if it is down)."""
        from snowdonia.store import migrations

        with self.engine.connect() as c:
            return migrations.current(c)

    @staticmethod
    def head_revision() -> str:
        from snowdonia.store import migrations

        return migrations.head()

    # ------------------------------------------------------------------ notifications
    def _notify(self, c: Connection, game_id: str) -> None:
        """Tell every server process on this database that a game changed (PostgreSQL's
        NOTIFY is delivered when the transaction commits, and only then)."""
        if self.is_postgres:
            c.execute(text("SELECT pg_notify('snowdonia_games', :gid)"), {"gid": game_id})

    # ------------------------------------------------------------------ writes
    def create_game(
        self, game_id: str, values: dict[str, Any], token_hashes: dict[int, str], first_snapshot: bytes,
    ) -> None:
        now = time.time()
        with self.engine.begin() as c:
            c.execute(insert(games).values(
                id=game_id, created_at=now, updated_at=now, move=0, over=False, result=None, revision=0,
                **values,
            ))
            for seat, h in token_hashes.items():
                c.execute(insert(tokens).values(token_hash=h, game_id=game_id, seat=seat))
            c.execute(insert(snapshots).values(game_id=game_id, move=0, data=first_snapshot))
            self._notify(c, game_id)

    def _bump(self, c: Connection, game_id: str, revision: int, values: dict[str, Any]) -> int:
        """The conditional update every write starts with: only from `revision`."""
        done = c.execute(
            update(games).where(games.c.id == game_id, games.c.revision == revision)
            .values(revision=revision + 1, updated_at=time.time(), **values)
        )
        if done.rowcount != 1:
            raise StaleWrite(f"game {game_id} changed since revision {revision}")
        return revision + 1

    def append_move(
        self, game_id: str, revision: int, n: int, seat: int, action: str, bot: str | None,
        snapshot: bytes | None, values: dict[str, Any], events: Sequence[dict[str, Any]] = (),
    ) -> int:
        """Store decision number n (0-based) of a game read at `revision`, in one transaction;
        returns the new revision. Raises StaleWrite, writing nothing, if the game changed."""
        if self.lean is not None:
            return self.lean.append_move(game_id, revision, n, seat, action, bot, snapshot, values, events)
        try:
            with self.engine.begin() as c:
                new = self._bump(c, game_id, revision, {"move": n + 1, **values})
                c.execute(insert(moves).values(game_id=game_id, n=n, seat=seat, action=action, at=time.time(), bot=bot))
                if snapshot is not None:
                    c.execute(delete(snapshots).where(snapshots.c.game_id == game_id, snapshots.c.move == n + 1))
                    c.execute(insert(snapshots).values(game_id=game_id, move=n + 1, data=snapshot))
                self._add_events(c, game_id, events)
                self._notify(c, game_id)
                return new
        except IntegrityError as exc:
            raise StaleWrite(f"move {n} of game {game_id} is already stored") from exc

    def truncate(self, game_id: str, revision: int, to_move: int, values: dict[str, Any],
                 events: Sequence[dict[str, Any]] = ()) -> int:
        """Undo: keep the first `to_move` decisions of a game read at `revision`; drops the
        later decisions and snapshots. Returns the new revision; StaleWrite if it changed."""
        with self.engine.begin() as c:
            new = self._bump(c, game_id, revision, {"move": to_move, "over": False, "result": None, **values})
            c.execute(delete(moves).where(moves.c.game_id == game_id, moves.c.n >= to_move))
            c.execute(delete(snapshots).where(snapshots.c.game_id == game_id, snapshots.c.move > to_move))
            # Table events after the new end keep their order but now sit at the new end.
            c.execute(update(table_events).where(table_events.c.game_id == game_id, table_events.c.move > to_move)
                      .values(move=to_move))
            self._add_events(c, game_id, events)
            self._notify(c, game_id)
            return new

    def update_game(self, game_id: str, revision: int, values: dict[str, Any],
                    events: Sequence[dict[str, Any]] = ()) -> int:
        """A change of the table (a name, a takeover, a reclaim) from `revision`."""
        with self.engine.begin() as c:
            new = self._bump(c, game_id, revision, values)
            self._add_events(c, game_id, events)
            self._notify(c, game_id)
            return new

    def _add_events(self, c: Connection, game_id: str, events: Iterable[dict[str, Any]]) -> None:
        for e in events:
            c.execute(insert(table_events).values(game_id=game_id, move=int(e["move"]), at=time.time(), data=e))

    def set_turn(self, game_id: str, revision: int, waiting: str | None, turn: int | None) -> None:
        """Fill in who decides for a game migrated from an older database (no revision bump:
        it records a fact of the stored position, changes nothing)."""
        with self.engine.begin() as c:
            c.execute(update(games).where(games.c.id == game_id, games.c.revision == revision,
                                          games.c.waiting == "unknown").values(waiting=waiting, turn=turn))

    def claim_bot(self, game_id: str, revision: int, owner: str, until: float) -> bool:
        """Take the lease for thinking a bot move at `revision` (one process thinks at a time);
        False when another process holds a live lease or the game moved on."""
        now = time.time()
        with self.engine.begin() as c:
            done = c.execute(
                update(games).where(
                    games.c.id == game_id, games.c.revision == revision,
                    (games.c.bot_lease.is_(None)) | (games.c.bot_lease_until < now) | (games.c.bot_lease == owner),
                ).values(bot_lease=owner, bot_lease_until=until)
            )
            return done.rowcount == 1

    def renew_bot_leases(self, owner: str, until: float) -> int:
        """Extend every bot lease `owner` holds to `until` (the heartbeat of a live process);
        how many it holds."""
        with self.engine.begin() as c:
            done = c.execute(update(games).where(games.c.bot_lease == owner, games.c.over.is_(False))
                             .values(bot_lease_until=until))
            return int(done.rowcount or 0)

    # ------------------------------------------------------------------ reads
    def game_row(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as c:
            r = c.execute(select(games).where(games.c.id == game_id)).mappings().first()
        return None if r is None else _row(r)

    def revision(self, game_id: str) -> int | None:
        """The stored revision of a game (None: no such game); asked before every request."""
        if self.lean is not None:
            found = self.lean.one("SELECT revision FROM games WHERE id = ?", (game_id,))
            return None if found is None else int(found)
        with self.engine.connect() as c:
            return c.execute(_REVISION, {"gid": game_id}).scalar_one_or_none()

    def current_move(self, game_id: str) -> int | None:
        with self.engine.connect() as c:
            return c.execute(select(games.c.move).where(games.c.id == game_id)).scalar_one_or_none()

    def seat_for_token(self, game_id: str, token: str) -> int | None:
        if self.lean is not None:
            found = self.lean.one("SELECT seat FROM seat_tokens WHERE token_hash = ? AND game_id = ?",
                                  (hash_token(token), game_id))
            return None if found is None else int(found)
        with self.engine.connect() as c:
            return c.execute(_SEAT_FOR_TOKEN, {"h": hash_token(token), "gid": game_id}).scalar_one_or_none()

    def add_token(self, game_id: str, seat: int, token_hash: str) -> None:
        """One more key for a seat (a rematch: each player's key is derived from their key of
        the game before, when they join)."""
        with self.engine.begin() as c:
            c.execute(insert(tokens).values(token_hash=token_hash, game_id=game_id, seat=seat))

    def seats_for_tokens(self, token_list: Sequence[str]) -> list[tuple[str, int, str]]:
        """(game id, seat, token) for each token that is a seat of some game."""
        by_hash = {hash_token(t): t for t in token_list}
        if not by_hash:
            return []
        with self.engine.connect() as c:
            rows = c.execute(select(tokens.c.token_hash, tokens.c.game_id, tokens.c.seat)
                             .where(tokens.c.token_hash.in_(list(by_hash)))).all()
        order = {h: i for i, h in enumerate(by_hash)}
        rows = sorted(rows, key=lambda r: order[r.token_hash])
        return [(r.game_id, r.seat, by_hash[r.token_hash]) for r in rows]

    def load(self, game_id: str, upto: int | None = None) -> Loaded | None:
        """The newest snapshot at or before `upto` (default: the current move), the decisions
        after it, and who made every decision; all read in one transaction."""
        with self.engine.connect() as c:
            r = c.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if r is None:
                return None
            row = _row(r)
            target = row.move if upto is None else min(upto, row.move)
            snap = c.execute(
                select(snapshots.c.move, snapshots.c.data)
                .where(snapshots.c.game_id == game_id, snapshots.c.move <= target)
                .order_by(snapshots.c.move.desc()).limit(1)
            ).first()
            if snap is None:
                raise RuntimeError(f"game {game_id} has no snapshot at or before move {target}")
            rows = c.execute(
                select(moves.c.n, moves.c.seat, moves.c.action, moves.c.bot)
                .where(moves.c.game_id == game_id, moves.c.n < row.move).order_by(moves.c.n)
            ).all()
        movers = [(m.seat, m.bot) for m in rows]
        after = [m.action for m in rows if snap.move <= m.n < target]
        return Loaded(row=row, snapshot=snap.data, snapshot_move=snap.move, actions_after=after, movers=movers)

    def actions(self, game_id: str) -> list[str]:
        with self.engine.connect() as c:
            return list(c.execute(
                select(moves.c.action).where(moves.c.game_id == game_id).order_by(moves.c.n)
            ).scalars())

    def events(self, game_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as c:
            rows = c.execute(select(table_events.c.move, table_events.c.data)
                             .where(table_events.c.game_id == game_id).order_by(table_events.c.id)).all()
        return [{**_json(r.data), "move": r.move} for r in rows]

    def list_games(self, limit: int = 100, include_private: bool = False) -> list[GameRow]:
        q = select(games).order_by(games.c.updated_at.desc()).limit(limit)
        if not include_private:
            q = q.where(games.c.private.is_(False))
        with self.engine.connect() as c:
            return [_row(r) for r in c.execute(q).mappings()]

    def rows(self, ids: Sequence[str]) -> dict[str, GameRow]:
        if not ids:
            return {}
        with self.engine.connect() as c:
            return {r["id"]: _row(r) for r in c.execute(select(games).where(games.c.id.in_(list(ids)))).mappings()}

    def needing_bots(self, now: float, limit: int = 1000) -> list[str]:
        """Unfinished games waiting for a bot (or not yet known) whose bot nobody is thinking
        about: resumed when a server starts and by the periodic sweep."""
        with self.engine.connect() as c:
            return list(c.execute(
                select(games.c.id).where(
                    games.c.over.is_(False), games.c.waiting.in_(["bot", "unknown"]),
                    (games.c.bot_lease_until.is_(None)) | (games.c.bot_lease_until < now),
                ).order_by(games.c.updated_at.desc()).limit(limit)
            ).scalars())

    def unfinished_with_bots(self, limit: int = 1000) -> list[str]:
        return self.needing_bots(time.time(), limit)

    def clocks_due(self, now: float, limit: int = 200) -> list[str]:
        with self.engine.connect() as c:
            return list(c.execute(
                select(games.c.id).where(games.c.over.is_(False), games.c.clock_deadline.is_not(None),
                                         games.c.clock_deadline < now).limit(limit)
            ).scalars())

    def count_created_since(self, creator: str, since: float) -> int:
        with self.engine.connect() as c:
            return int(c.execute(select(func.count()).select_from(games)
                                 .where(games.c.creator == creator, games.c.created_at >= since)).scalar_one())

    def oldest_created_since(self, creator: str, since: float) -> float | None:
        with self.engine.connect() as c:
            return c.execute(select(func.min(games.c.created_at))
                             .where(games.c.creator == creator, games.c.created_at >= since)).scalar_one_or_none()

    def count_open(self, creator: str, active_since: float) -> int:
        with self.engine.connect() as c:
            return int(c.execute(select(func.count()).select_from(games).where(
                games.c.creator == creator, games.c.over.is_(False), games.c.updated_at >= active_since)).scalar_one())

    def count_unfinished(self) -> int:
        with self.engine.connect() as c:
            return int(c.execute(select(func.count()).select_from(games).where(games.c.over.is_(False))).scalar_one())

    def count_games(self) -> int:
        with self.engine.connect() as c:
            return int(c.execute(select(func.count()).select_from(games)).scalar_one())

    # ------------------------------------------------------------------ post-game reviews
    def review(self, game_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as c:
            r = c.execute(select(reviews).where(reviews.c.game_id == game_id)).mappings().first()
        return None if r is None else _review(r)

    def ask_review(self, game_id: str, budget: str, seats: Sequence[int], owner: str, until: float) -> bool:
        """Record that a review was asked (queued, owned by `owner` until `until`); False,
        writing nothing, if the game has one already (asked twice, or by another process)."""
        now = time.time()
        try:
            with self.engine.begin() as c:
                c.execute(insert(reviews).values(game_id=game_id, state="queued", progress=0.0, budget=budget,
                                                 seats=list(seats), asked_at=now, updated_at=now, owner=owner,
                                                 lease_until=until, restarts=0))
            return True
        except IntegrityError:
            return False

    def take_over_review(self, game_id: str, owner: str, until: float, now: float) -> bool:
        """Restart a review whose owner stopped renewing its lease (a server that stopped):
        back to queued at 0, owned by `owner`; False if it is finished or its lease is live."""
        with self.engine.begin() as c:
            done = c.execute(update(reviews).where(
                reviews.c.game_id == game_id, reviews.c.state.in_(REVIEW_OPEN),
                (reviews.c.lease_until.is_(None)) | (reviews.c.lease_until < now),
            ).values(state="queued", progress=0.0, owner=owner, lease_until=until, updated_at=now,
                     restarts=reviews.c.restarts + 1))
            return done.rowcount == 1

    def retry_review(self, game_id: str, owner: str, until: float) -> bool:
        """Queue a failed review again, owned by `owner`; False if it is not failed."""
        with self.engine.begin() as c:
            done = c.execute(update(reviews).where(reviews.c.game_id == game_id, reviews.c.state == "failed")
                             .values(state="queued", progress=0.0, owner=owner, lease_until=until, error=None,
                                     updated_at=time.time(), restarts=reviews.c.restarts + 1))
            return done.rowcount == 1

    def update_review(self, game_id: str, owner: str, **values: Any) -> bool:
        """Progress, the result or the failure of a review `owner` runs (False: not its own)."""
        with self.engine.begin() as c:
            done = c.execute(update(reviews).where(reviews.c.game_id == game_id, reviews.c.owner == owner)
                             .values(updated_at=time.time(), **values))
            return done.rowcount == 1

    def renew_review_leases(self, owner: str, until: float) -> int:
        with self.engine.begin() as c:
            done = c.execute(update(reviews).where(reviews.c.owner == owner, reviews.c.state.in_(REVIEW_OPEN))
                             .values(lease_until=until))
            return int(done.rowcount or 0)

    def stale_reviews(self, now: float, limit: int = 100) -> list[str]:
        """Open reviews whose owner's lease ran out (its server stopped)."""
        with self.engine.connect() as c:
            return list(c.execute(select(reviews.c.game_id).where(
                reviews.c.state.in_(REVIEW_OPEN),
                (reviews.c.lease_until.is_(None)) | (reviews.c.lease_until < now),
            ).order_by(reviews.c.asked_at).limit(limit)).scalars())

    # ------------------------------------------------------------------ players, series, bests
    def add_player(self, key_hash: str) -> None:
        with self.engine.begin() as c:
            c.execute(insert(player_keys).values(key_hash=key_hash, created_at=time.time()))

    def player_exists(self, key_hash: str) -> bool:
        with self.engine.connect() as c:
            return c.execute(select(player_keys.c.key_hash).where(player_keys.c.key_hash == key_hash)).first() is not None

    def create_series(self, series_id: str, player: str, game: str, settings: dict[str, Any], name: str | None) -> None:
        with self.engine.begin() as c:
            c.execute(insert(series).values(id=series_id, player=player, created_at=time.time(), game=game,
                                            settings=settings, name=name))

    def series_row(self, series_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as c:
            r = c.execute(select(series).where(series.c.id == series_id)).mappings().first()
            if r is None:
                return None
            gs = c.execute(select(series_games.c.train, series_games.c.game_id)
                           .where(series_games.c.series_id == series_id).order_by(series_games.c.train)).all()
        return {"id": r["id"], "player": r["player"], "game": r["game"], "settings": _json(r["settings"]),
                "name": r["name"], "games": [(g.train, g.game_id) for g in gs]}

    def add_series_game(self, series_id: str, train: int, game_id: str) -> None:
        """Raises StaleWrite if that train of the series already has a game (a double click)."""
        try:
            with self.engine.begin() as c:
                c.execute(insert(series_games).values(series_id=series_id, train=train, game_id=game_id))
        except IntegrityError as exc:
            raise StaleWrite(f"train {train} of series {series_id} is already started") from exc

    def series_of_game(self, game_id: str) -> tuple[str, int] | None:
        with self.engine.connect() as c:
            r = c.execute(select(series_games.c.series_id, series_games.c.train)
                          .where(series_games.c.game_id == game_id)).first()
        return None if r is None else (r.series_id, r.train)

    def bests(self, player: str) -> dict[str, Any]:
        with self.engine.connect() as c:
            rows = c.execute(select(bests.c.kind, bests.c.train, bests.c.score).where(bests.c.player == player)).all()
        per_train = {str(r.train): r.score for r in rows if r.kind == "train"}
        total = next((r.score for r in rows if r.kind == "series"), None)
        return {"per_train": dict(sorted(per_train.items(), key=lambda kv: int(kv[0]))), "series_total": total}

    def record_best(self, player: str, kind: str, train: int, score: int, ref: str) -> bool:
        """Keep `score` if it beats the stored best (or there is none); True if it did."""
        with self.engine.begin() as c:
            cur = c.execute(select(bests.c.score).where(bests.c.player == player, bests.c.kind == kind,
                                                        bests.c.train == train)).scalar_one_or_none()
            if cur is not None and cur >= score:
                return False
            if cur is None:
                try:
                    c.execute(insert(bests).values(player=player, kind=kind, train=train, score=score, ref=ref,
                                                   at=time.time()))
                except IntegrityError:
                    return False
            else:
                c.execute(update(bests).where(bests.c.player == player, bests.c.kind == kind, bests.c.train == train,
                                              bests.c.score < score).values(score=score, ref=ref, at=time.time()))
            return True


REVIEW_OPEN = ("queued", "running")


def _review(r: Any) -> dict[str, Any]:
    return {"game_id": r["game_id"], "state": r["state"], "progress": float(r["progress"] or 0.0),
            "budget": r["budget"], "seats": _json(r["seats"]), "asked_at": r["asked_at"],
            "updated_at": r["updated_at"], "owner": r["owner"], "lease_until": r["lease_until"],
            "restarts": r["restarts"] or 0, "result": _json(r["result"]), "error": r["error"]}


def _json(value: Any) -> Any:
    # Some drivers hand JSON columns back as text.
    return json.loads(value) if isinstance(value, str) else value
