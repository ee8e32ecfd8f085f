"""Websocket fan-out: every watcher of a game gets its own seat's view after each change, and
lobby watchers get the public list.

Each connection has one writer that sends the *current* view whenever it is woken, so a
burst of bot moves collapses into the latest position and a slow client never receives an
older view after a newer one. A socket that neither sends nor is sent anything for the
operator's idle timeout is closed; a disconnect is logged as one line, never a traceback."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

log = logging.getLogger("snowdonia.web")

LOBBY = "\x00lobby"  # the key lobby watchers are filed under (no game id holds a NUL)


@dataclass(eq=False)
class Watcher:
    ws: WebSocket
    seat: int | None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    last: float = field(default_factory=time.monotonic)


class Hub:
    def __init__(self, idle_seconds: float = 600.0, min_interval: float = 0.0) -> None:
        self.watchers: dict[str, set[Watcher]] = {}
        self.idle_seconds = idle_seconds
        self.min_interval = min_interval

    def notify(self, game_id: str) -> None:
        for w in self.watchers.get(game_id, ()):
            w.wake.set()
        for w in self.watchers.get(LOBBY, ()):
            w.wake.set()

    def count(self, game_id: str) -> int:
        return len(self.watchers.get(game_id, ()))

    def seats(self, game_id: str) -> set[int]:
        return {w.seat for w in self.watchers.get(game_id, ()) if w.seat is not None}

    async def serve(
        self, key: str, watcher: Watcher, view: Callable[[Watcher], dict[str, Any] | list[Any] | None],
        seat_of: Callable[[str | None], int | None] | None = None,
        on_change: Callable[[], None] | None = None,
    ) -> None:
        """Push views to `watcher` until its socket closes. A later {"token": ...} message
        switches the seat watched (hot-seat play from one browser keeps one socket)."""
        self.watchers.setdefault(key, set()).add(watcher)
        if on_change:
            on_change()
        writer = asyncio.create_task(self._writer(watcher, view, key == LOBBY))
        reason = "closed by the client"
        try:
            while True:
                left = self.idle_seconds - (time.monotonic() - watcher.last)
                if left <= 0:
                    reason = f"idle for {self.idle_seconds:g} s"
                    await watcher.ws.close(code=1001, reason="idle")
                    break
                try:
                    msg = await asyncio.wait_for(watcher.ws.receive(), timeout=left)
                except TimeoutError:
                    continue
                if msg["type"] == "websocket.disconnect":
                    break
                watcher.last = time.monotonic()
                try:
                    data = json.loads(msg.get("text") or "null")
                    if seat_of is not None and isinstance(data, dict) and "token" in data:
                        watcher.seat = seat_of(data["token"] or None)
                        if on_change:
                            on_change()
                except Exception:  # a bad token or message changes nothing
                    pass
                # Anything a client sends (pings) also asks for a fresh view.
                watcher.wake.set()
        except (WebSocketDisconnect, RuntimeError, OSError) as exc:
            reason = f"dropped ({type(exc).__name__})"
        finally:
            writer.cancel()
            group = self.watchers.get(key)
            if group is not None:
                group.discard(watcher)
                if not group:
                    del self.watchers[key]
            if on_change:
                on_change()
            where = "lobby" if key == LOBBY else f"game {key}"
            log.info("websocket of %s (%s) %s", where, "spectator" if watcher.seat is None else f"seat {watcher.seat}",
                     reason)

    async def _writer(self, watcher: Watcher, view: Callable[[Watcher], Any], throttle: bool) -> None:
        watcher.wake.set()
        try:
            while True:
                await watcher.wake.wait()
                watcher.wake.clear()
                payload = view(watcher)
                if payload is None:
                    return
                if watcher.ws.application_state != WebSocketState.CONNECTED:
                    return
                await watcher.ws.send_json(payload)
                watcher.last = time.monotonic()
                if throttle and self.min_interval:
                    await asyncio.sleep(self.min_interval)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the socket went away; the reader side ends the session
            log.info("push to a websocket failed: %s", type(exc).__name__)
            return
