"""The tables and the few transactions the web app needs.

One row per decision (`moves`, unique on game and move number: that constraint is what
makes two racing clicks on two server workers end with exactly one winner) and a
snapshot every `SNAPSHOT_EVERY` decisions, so loading a position replays at most that many
decisions. Every decision is committed before the caller answers, so killing the server
loses nothing that a client was told had happened.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass
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
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

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
    Column("seats", JSON, nullable=False),  # per seat: "human" or a bot spec
    Column("move", Integer, nullable=False, default=0),
    Column("over", Boolean, nullable=False, default=False),
    Column("result", JSON, nullable=True),
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
)

snapshots = Table(
    "snapshots", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("move", Integer, primary_key=True),  # decisions applied when it was taken
    Column("data", LargeBinary, nullable=False),
)


class StaleMove(Exception):
    """Someone else's decision number `n` was stored first."""


@dataclass(frozen=True)
class GameRow:
    id: str
    players: int
    scenario: str
    seed: int
    settings: dict[str, Any]
    seats: list[str]
    move: int
    over: bool
    result: dict[str, Any] | None
    created_at: float


@dataclass(frozen=True)
class Loaded:
    """What it takes to rebuild the current position: the newest snapshot, the decisions
    after it, and who took each decision of the whole game."""

    row: GameRow
    snapshot: bytes
    snapshot_move: int
    actions_after: list[str]
    seat_of_move: list[int]


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


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
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        eng = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(eng, "connect", _sqlite_pragmas)
        return eng
    return create_engine(url, pool_pre_ping=True)


class Store:
    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_database_url()
        self.engine = make_engine(self.url)
        metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------------ writes
    def create_game(
        self, game_id: str, players: int, scenario: str, seed: int, settings: dict[str, Any],
        seats: list[str], token_hashes: dict[int, str], first_snapshot: bytes,
    ) -> None:
        now = time.time()
        with self.engine.begin() as c:
            c.execute(insert(games).values(
                id=game_id, created_at=now, updated_at=now, players=players, scenario=scenario,
                seed=seed, settings=settings, seats=seats, move=0, over=False, result=None,
            ))
            for seat, h in token_hashes.items():
                c.execute(insert(tokens).values(token_hash=h, game_id=game_id, seat=seat))
            c.execute(insert(snapshots).values(game_id=game_id, move=0, data=first_snapshot))

    def append_move(
        self, game_id: str, n: int, seat: int, action: str, snapshot: bytes | None,
        over: bool, result: dict[str, Any] | None,
    ) -> None:
        """Store decision number n (0-based) in one transaction. Raises StaleMove if that
        number is taken already (another worker or a racing request got there first)."""
        try:
            with self.engine.begin() as c:
                c.execute(insert(moves).values(game_id=game_id, n=n, seat=seat, action=action, at=time.time()))
                done = c.execute(
                    update(games).where(games.c.id == game_id, games.c.move == n)
                    .values(move=n + 1, over=over, result=result, updated_at=time.time())
                )
                if done.rowcount != 1:
                    raise StaleMove(f"game {game_id} is no longer at move {n}")
                if snapshot is not None:
                    c.execute(insert(snapshots).values(game_id=game_id, move=n + 1, data=snapshot))
        except IntegrityError as exc:
            raise StaleMove(f"move {n} of game {game_id} is already stored") from exc

    def remove_last_move(self, game_id: str, n: int) -> None:
        """Undo: drop decision number n-1 of a game that is at move n, and any snapshot
        taken after it."""
        with self.engine.begin() as c:
            done = c.execute(
                update(games).where(games.c.id == game_id, games.c.move == n)
                .values(move=n - 1, over=False, result=None, updated_at=time.time())
            )
            if done.rowcount != 1:
                raise StaleMove(f"game {game_id} is no longer at move {n}")
            c.execute(delete(moves).where(moves.c.game_id == game_id, moves.c.n >= n - 1))
            c.execute(delete(snapshots).where(snapshots.c.game_id == game_id, snapshots.c.move >= n))

    # ------------------------------------------------------------------ reads
    def game_row(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as c:
            r = c.execute(select(games).where(games.c.id == game_id)).mappings().first()
        if r is None:
            return None
        return GameRow(
            id=r["id"], players=r["players"], scenario=r["scenario"], seed=r["seed"],
            settings=_json(r["settings"]), seats=_json(r["seats"]), move=r["move"], over=r["over"],
            result=_json(r["result"]) if r["result"] is not None else None, created_at=r["created_at"],
        )

    def current_move(self, game_id: str) -> int | None:
        with self.engine.connect() as c:
            return c.execute(select(games.c.move).where(games.c.id == game_id)).scalar_one_or_none()

    def seat_for_token(self, game_id: str, token: str) -> int | None:
        with self.engine.connect() as c:
            return c.execute(
                select(tokens.c.seat).where(tokens.c.token_hash == hash_token(token), tokens.c.game_id == game_id)
            ).scalar_one_or_none()

    def load(self, game_id: str, upto: int | None = None) -> Loaded | None:
        """The newest snapshot at or before `upto` (default: the current move) and the
        decisions after it."""
        row = self.game_row(game_id)
        if row is None:
            return None
        target = row.move if upto is None else min(upto, row.move)
        with self.engine.connect() as c:
            snap = c.execute(
                select(snapshots.c.move, snapshots.c.data)
                .where(snapshots.c.game_id == game_id, snapshots.c.move <= target)
                .order_by(snapshots.c.move.desc()).limit(1)
            ).first()
            if snap is None:
                raise RuntimeError(f"game {game_id} has no snapshot at or before move {target}")
            rows = c.execute(
                select(moves.c.n, moves.c.seat, moves.c.action)
                .where(moves.c.game_id == game_id, moves.c.n < row.move).order_by(moves.c.n)
            ).all()
        seats = [r.seat for r in rows]
        after = [r.action for r in rows if snap.move <= r.n < target]
        return Loaded(row=row, snapshot=snap.data, snapshot_move=snap.move, actions_after=after, seat_of_move=seats)

    def actions(self, game_id: str) -> list[str]:
        with self.engine.connect() as c:
            return list(c.execute(
                select(moves.c.action).where(moves.c.game_id == game_id).order_by(moves.c.n)
            ).scalars())

    def list_games(self, limit: int = 50) -> list[GameRow]:
        with self.engine.connect() as c:
            ids = list(c.execute(select(games.c.id).order_by(games.c.updated_at.desc()).limit(limit)).scalars())
        return [r for r in (self.game_row(i) for i in ids) if r is not None]

    def unfinished_with_bots(self, limit: int = 1000) -> list[str]:
        """Games a bot may have to move in, newest first (resumed when a server starts)."""
        with self.engine.connect() as c:
            rows = c.execute(
                select(games.c.id, games.c.seats).where(games.c.over.is_(False))
                .order_by(games.c.updated_at.desc()).limit(limit)
            ).all()
        return [r.id for r in rows if any(s != "human" for s in _json(r.seats))]

    def count_games(self) -> int:
        with self.engine.connect() as c:
            return int(c.execute(select(func.count()).select_from(games)).scalar_one())


def _json(value: Any) -> Any:
    # Some drivers hand JSON columns back as text.
    return json.loads(value) if isinstance(value, str) else value
