"""What an operator scrapes at `/metrics` (Prometheus text format, prometheus-client).

The objects live at module level in prometheus-client's default registry, so anything the
server defines the same way (the bot pool's queue depth, wait and time per level in
`web/thinking.py`) appears at `/metrics` without being listed here. Gauges that describe
the database (games open) are set when `/metrics` is read.

With several worker processes each worker counts its own requests. Set
`PROMETHEUS_MULTIPROC_DIR` to an empty folder shared by the workers (prometheus-client's
multiprocess mode) and `/metrics` answers for all of them at once (docs/web.md).
"""

from __future__ import annotations

import os

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    generate_latest,
)
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MOVES = Counter("snowdonia_moves", "Decisions stored (rate() gives moves per second)", ["game", "by"])
UNDOS = Counter("snowdonia_undos", "Undos stored", ["game"])
REFUSALS = Counter("snowdonia_refusals", "Requests refused in words, by reason", ["reason"])
RESPONSES = Counter("snowdonia_http_responses", "HTTP answers by status class and code", ["status_class", "code"])
LOAD_FAILURES = Counter("snowdonia_game_load_failures",
                        "Times a stored game could not be loaded (damaged data or an unknown title)")
GAMES_UNLOADABLE = Gauge("snowdonia_games_unloadable", "Games this process could not load at their stored revision",
                         multiprocess_mode="max")
GAMES_OPEN = Gauge("snowdonia_games_open", "Unfinished games in the database", multiprocess_mode="max")
GAMES_CACHED = Gauge("snowdonia_games_cached", "Games held in this process's memory", multiprocess_mode="sum")
SWEEPS = Counter("snowdonia_sweeps", "Housekeeping sweeps (clocks, orphaned bot moves) completed")


def refused(reason: str) -> None:
    REFUSALS.labels(reason=reason).inc()


def exposition() -> tuple[bytes, str]:
    """The scrape: every metric of this process (or of every worker in multiprocess mode)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST


class CountResponses:
    """Outermost ASGI middleware: counts every HTTP answer by status, including those the
    guards send before the app sees the request (413, 408, a bad Host)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def counting(message: Message) -> None:
            if message["type"] == "http.response.start":
                code = int(message["status"])
                RESPONSES.labels(status_class=f"{code // 100}xx", code=str(code)).inc()
            await send(message)

        await self.app(scope, receive, counting)
