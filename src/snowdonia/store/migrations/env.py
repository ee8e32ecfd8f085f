"""Alembic's environment: always given a connection by snowdonia.store.migrations (which
holds the migration lock); there is no alembic.ini."""

from __future__ import annotations

from typing import Any

from alembic import context

from snowdonia.store.db import metadata

cfg = context.config
connection = cfg.attributes.get("connection")
if connection is None or context.is_offline_mode():
    raise RuntimeError("run migrations through `snowdonia db upgrade` (snowdonia.store.migrations.upgrade)")
changed: list[str] = cfg.attributes.setdefault("changed", [])


def _applied(ctx: Any, step: Any, heads: Any, run_args: Any) -> None:  # alembic passes them by name
    if step.is_upgrade:
        changed.append(f"migration {step.up_revision_id}")


context.configure(
    connection=connection, target_metadata=metadata, on_version_apply=_applied,
    render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying them
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
