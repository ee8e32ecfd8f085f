"""Websocket fan-out: every watcher of a game gets its own seat's view after each change, and
lobby watchers get the public list.

Each connection has one writer that sends the *current* view whenever it is woken, so a
burst of bot moves collapses into the latest position and a slow client never receives an
older view after a newer one. A socket that neither sends nor is sent anything for the
operator's idle timeout is closed; a disconnect is logged as one line, never a traceback.

Seated players and spectators are counted apart (the app caps spectators per game; a seat
can always connect). One seat keeps at most `seat_sockets` sockets: a newer one replaces the
oldest, which is told so and closed with code 4409 (a phone that came back from a dead
network, a second tab), so a seat's sockets never pile up."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from snowdonia.web.wire import dumps

log = logging.getLogger("snowdonia.web")

LOBBY = "\x00lobby"  # the key lobby watchers are filed under (no game id holds a NUL)


@dataclass(eq=False)
class Watcher:
    ws: WebSocket
    seat: int | None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    last: float = field(default_factory=time.monotonic)
    since: float = field(default_factory=time.monotonic)
    replaced: bool = False
    held: tuple[str, int] | None = None  # the log key and log length last pushed (game feeds)


class Hub:
    def __init__(self, idle_seconds: float = 600.0, min_interval: float = 0.0, seat_sockets: int = 4) -> None:
        self.watchers: dict[str, set[Watcher]] = {}
        self.idle_seconds = idle_seconds
        self.min_interval = min_interval
        self.seat_sockets = max(1, seat_sockets)
        self._evictions: set[asyncio.Task[None]] = set()

    def notify(self, game_id: str) -> None:
        for w in self.watchers.get(game_id, ()):
            w.wake.set()
        for w in self.watchers.get(LOBBY, ()):
            w.wake.set()

    def count(self, game_id: str) -> int:
        return len(self.watchers.get(game_id, ()))

    def seats(self, game_id: str) -> set[int]:
        return {w.seat for w in self.watchers.get(game_id, ()) if w.seat is not None}

    def spectators(self, game_id: str) -> int:
        return sum(1 for w in self.watchers.get(game_id, ()) if w.seat is None)

    def _make_room(self, key: str, watcher: Watcher) -> None:
        """Keep at most `seat_sockets` sockets of `watcher`'s seat: the oldest others go."""
        if watcher.seat is None:
            return
        same = sorted((w for w in self.watchers.get(key, ()) if w.seat == watcher.seat and w is not watcher),
                      key=lambda w: w.since)
        for old in same[:max(0, len(same) - self.seat_sockets + 1)]:
            self.watchers[key].discard(old)
            old.replaced = True
            task = asyncio.get_running_loop().create_task(self._evict(old))
            self._evictions.add(task)
            task.add_done_callback(self._evictions.discard)

    async def _evict(self, old: Watcher) -> None:
        try:
            await old.ws.send_json({"error": "this seat was opened in another window or device; "
                                             "this one stopped following the game", "replaced": True})
            await old.ws.close(code=4409, reason="replaced by a newer connection of this seat")
        except Exception:  # it went away by itself
            pass

    async def serve(
        self, key: str, watcher: Watcher, view: Callable[[Watcher], dict[str, Any] | list[Any] | None],
        seat_of: Callable[[str | None], int | None] | None = None,
        on_change: Callable[[], None] | None = None,
    ) -> None:
        """Push views to `watcher` until its socket closes. A later {"token": ...} message
        switches the seat watched (hot-seat play from one browser keeps one socket)."""
        self._make_room(key, watcher)
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
                    if seat_of is not None and isinstance(data, dict) and "token" in data and not watcher.replaced:
                        watcher.seat = seat_of(data["token"] or None)
                        self._make_room(key, watcher)
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
            if watcher.replaced:
                reason = "replaced by a newer socket of its seat"
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
                if payload is None or watcher.replaced:
                    return
                if watcher.ws.application_state != WebSocketState.CONNECTED:
                    return
                await watcher.ws.send_text(dumps(payload).decode("utf-8"))
                watcher.last = time.monotonic()
                if throttle and self.min_interval:
                    await asyncio.sleep(self.min_interval)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the socket went away; the reader side ends the session
            log.info("push to a websocket failed: %s", type(exc).__name__)
            return
