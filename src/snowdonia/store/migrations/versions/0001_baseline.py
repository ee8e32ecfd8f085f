"""The schema of the last release without Alembic (commit 4ade1e2), frozen here.

On an empty database it creates the tables. On a database written before Alembic (by that
release, or by the pre-platform server) it creates the tables that are missing and adds the
columns older versions lacked, with the value an older row implies — what `store.db.migrate`
did at every start before. Never edit this file: change the schema in a new revision.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context, op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

frozen = sa.MetaData()

games = sa.Table(
    "games", frozen,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("scenario", sa.String(40), nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("settings", sa.JSON, nullable=False),
    sa.Column("seats", sa.JSON, nullable=False),
    sa.Column("move", sa.Integer, nullable=False),
    sa.Column("over", sa.Boolean, nullable=False),
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("game", sa.String(40), nullable=False, server_default="snowdonia"),
    sa.Column("revision", sa.Integer, nullable=False, server_default="0"),
    sa.Column("private", sa.Boolean, nullable=False, server_default="0"),
    sa.Column("seeded", sa.Boolean, nullable=False, server_default="0"),
    sa.Column("names", sa.JSON, nullable=True),
    sa.Column("table_opts", sa.JSON, nullable=True),
    sa.Column("seat_state", sa.JSON, nullable=True),
    sa.Column("turn_started_at", sa.Float, nullable=True),
    sa.Column("clock_deadline", sa.Float, nullable=True, index=True),
    sa.Column("waiting", sa.String(8), nullable=True),
    sa.Column("turn", sa.Integer, nullable=True),
    sa.Column("bot_lease", sa.String(40), nullable=True),
    sa.Column("bot_lease_until", sa.Float, nullable=True),
    sa.Column("creator", sa.String(64), nullable=True, index=True),
    sa.Column("series_id", sa.String(32), nullable=True),
)
sa.Table(
    "seat_tokens", frozen,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("game_id", sa.String(32), nullable=False, index=True),
    sa.Column("seat", sa.Integer, nullable=False),
)
sa.Table(
    "moves", frozen,
    sa.Column("game_id", sa.String(32), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("bot", sa.String(40), nullable=True),
)
sa.Table(
    "snapshots", frozen,
    sa.Column("game_id", sa.String(32), primary_key=True),
    sa.Column("move", sa.Integer, primary_key=True),
    sa.Column("data", sa.LargeBinary, nullable=False),
)
sa.Table(
    "table_events", frozen,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game_id", sa.String(32), nullable=False, index=True),
    sa.Column("move", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("data", sa.JSON, nullable=False),
)
sa.Table(
    "players", frozen,
    sa.Column("key_hash", sa.String(64), primary_key=True),
    sa.Column("created_at", sa.Float, nullable=False),
)
sa.Table(
    "series", frozen,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("player", sa.String(64), nullable=False, index=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("settings", sa.JSON, nullable=False),
    sa.Column("name", sa.String(40), nullable=True),
)
sa.Table(
    "series_games", frozen,
    sa.Column("series_id", sa.String(32), primary_key=True),
    sa.Column("train", sa.Integer, primary_key=True),
    sa.Column("game_id", sa.String(32), nullable=False),
)
sa.Table(
    "bests", frozen,
    sa.Column("player", sa.String(64), primary_key=True),
    sa.Column("kind", sa.String(12), primary_key=True),
    sa.Column("train", sa.Integer, primary_key=True),
    sa.Column("score", sa.Integer, nullable=False),
    sa.Column("ref", sa.String(32), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)


def upgrade() -> None:
    bind = op.get_bind()
    changed: list[str] = context.config.attributes.setdefault("changed", [])
    frozen.create_all(bind)  # only the missing tables
    insp = sa.inspect(bind)
    for table in frozen.sorted_tables:
        have = {c["name"] for c in insp.get_columns(table.name)}
        for col in table.columns:
            if col.name in have:
                continue
            ddl = f"ALTER TABLE {table.name} ADD COLUMN {col.name} {col.type.compile(dialect=bind.dialect)}"
            if col.server_default is not None:
                default = col.server_default.arg  # type: ignore[attr-defined]
                if isinstance(col.type, sa.Boolean):
                    truth = default in ("1", "true")
                    default = ("1" if truth else "0") if bind.dialect.name == "sqlite" else ("TRUE" if truth else "FALSE")
                    ddl += f" DEFAULT {default} NOT NULL"
                elif isinstance(col.type, sa.Integer):
                    ddl += f" DEFAULT {int(default)} NOT NULL"
                else:
                    ddl += f" DEFAULT '{default}' NOT NULL"
            bind.execute(sa.text(ddl))
            if col.index:
                bind.execute(sa.text(f"CREATE INDEX IF NOT EXISTS ix_{table.name}_{col.name} ON {table.name} ({col.name})"))
            changed.append(f"{table.name}.{col.name}")
    if "games.waiting" in changed:
        # Older rows: who decides next is unknown until the game is loaded; an unfinished game
        # with a bot seat may need its bot, so the start-up sweep looks at it.
        bind.execute(games.update().where(games.c.over.is_(False)).values(waiting="unknown"))


def downgrade() -> None:
    # Before Alembic there was nothing to go back to: dropping every table would lose games.
    raise RuntimeError("revision 0001 is the first schema with migrations; there is nothing below it")
