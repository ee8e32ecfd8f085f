"""Persistence of games: the decision log plus snapshots, behind one `Store` class.

SQLite in the user's data folder by default (WAL mode), PostgreSQL when a database URL says
so. The store knows nothing of HTTP; the web app and any other front end share it."""

from snowdonia.store.db import StaleMove, StaleWrite, Store, default_database_url, migrate
from snowdonia.store.snapshot import restore, snapshot

__all__ = ["StaleMove", "StaleWrite", "Store", "default_database_url", "migrate", "restore", "snapshot"]
