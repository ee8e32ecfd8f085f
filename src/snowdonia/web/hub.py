"""Websocket fan-out: every watcher of a game gets its own seat's view after each change.

Each connection has one writer that sends the *current* view whenever it is woken, so a
burst of bot moves collapses into the latest position and a slow client never receives
an older view after a newer one."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket

log = logging.getLogger("snowdonia.web")


@dataclass(eq=False)
class Watcher:
    ws: WebSocket
    seat: int | None
    wake: asyncio.Event = field(default_factory=asyncio.Event)


class Hub:
    def __init__(self) -> None:
        self.watchers: dict[str, set[Watcher]] = {}

    def notify(self, game_id: str) -> None:
        for w in self.watchers.get(game_id, ()):
            w.wake.set()

    def count(self, game_id: str) -> int:
        return len(self.watchers.get(game_id, ()))

    async def serve(
        self, game_id: str, watcher: Watcher, view: Callable[[Watcher], dict[str, Any] | None],
        seat_of: Callable[[str | None], int | None],
    ) -> None:
        """Push views to `watcher` until its socket closes. A later {"token": ...} message
        switches the seat watched (hot-seat play from one browser keeps one socket)."""
        self.watchers.setdefault(game_id, set()).add(watcher)
        writer = asyncio.create_task(self._writer(watcher, view))
        try:
            while True:
                msg = await watcher.ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                try:
                    data = json.loads(msg.get("text") or "null")
                    if isinstance(data, dict) and "token" in data:
                        watcher.seat = seat_of(data["token"] or None)
                except Exception:  # a bad token or message changes nothing
                    pass
                # Anything a client sends (pings) also asks for a fresh view.
                watcher.wake.set()
        finally:
            writer.cancel()
            group = self.watchers.get(game_id)
            if group is not None:
                group.discard(watcher)
                if not group:
                    del self.watchers[game_id]

    @staticmethod
    async def _writer(watcher: Watcher, view: Callable[[Watcher], dict[str, Any] | None]) -> None:
        watcher.wake.set()
        try:
            while True:
                await watcher.wake.wait()
                watcher.wake.clear()
                payload = view(watcher)
                if payload is None:
                    return
                await watcher.ws.send_json(payload)
        except Exception:  # the socket went away; the reader side ends the session
            log.warning("push to a watcher failed", exc_info=True)
            return
