"""Live pushes across server processes on PostgreSQL: every committed change of a game sends
`NOTIFY snowdonia_games, '<game id>'` (in the writing transaction, so it is delivered only if
the change committed); every server process LISTENs and refreshes its watchers of that game.
SQLite has no such channel: a SQLite server is a single process and says so at start."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from sqlalchemy.engine import make_url

log = logging.getLogger("snowdonia.web")

CHANNEL = "snowdonia_games"


def libpq_dsn(url: str) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def listen(url: str, changed: Callable[[str], None]) -> None:
    """Call `changed(game_id)` for every notification until cancelled; reconnects."""
    import psycopg

    dsn = libpq_dsn(url)
    delay = 0.5
    while True:
        try:
            conn = await psycopg.AsyncConnection.connect(dsn, autocommit=True)
            try:
                await conn.execute(f"LISTEN {CHANNEL}")
                delay = 0.5
                async for note in conn.notifies():
                    try:
                        changed(note.payload)
                    except Exception:
                        log.exception("handling a notification failed")
            finally:
                await conn.close()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("LISTEN connection lost (%s); reconnecting", type(exc).__name__)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 10.0)
