"""The server's outer defences, as plain ASGI middleware and a uvicorn protocol:

- `BodyGuard` reads each request body before the app does: at most `max_body_bytes` (413,
  sent after reading and dropping up to `DRAIN_BYTES` of the rest within the body timeout, so
  the client has finished sending and reads the answer instead of a reset connection),
  within `body_timeout_seconds` (408), valid UTF-8 JSON with no NaN/Infinity, no lone
  surrogates and no NUL characters (400 in words). The app only ever sees clean JSON.
- `SecurityHeaders` adds a Content-Security-Policy with no third-party source, frame-ancestors
  'none', X-Content-Type-Options, Referrer-Policy and X-Frame-Options to every answer.
- `GuardedHttpToolsProtocol` (httptools' C parser; `GuardedH11Protocol` where httptools is
  missing) closes a connection that has not sent a request's headers within
  `header_timeout_seconds` (slow-header attacks hold sockets open otherwise; uvicorn's
  keep-alive timeout only runs between requests), and closes at once a connection beyond
  `max_connections_per_address` open ones of its peer's address group (`snowdonia.web.fair`;
  a trusted proxy's are not capped here), so one address cannot fill the server's global limit.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
       "frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


DRAIN_BYTES = 1 << 20  # the most of a too-large body read (and dropped) before the 413


async def _drain(receive: Receive, seen: int, end: float) -> None:
    """Read and drop the rest of a refused body: at most DRAIN_BYTES in all, until `end`."""
    loop = asyncio.get_running_loop()
    while seen <= DRAIN_BYTES:
        try:
            message = await asyncio.wait_for(receive(), timeout=max(0.001, end - loop.time()))
        except TimeoutError:
            return
        if message["type"] != "http.request":
            return
        seen += len(message.get("body", b""))
        if not message.get("more_body", False):
            return


class BadBody(ValueError):
    pass


def _reject_constant(name: str) -> Any:
    raise BadBody(f"{name} is not a number JSON allows; send a finite number")


def check_json(data: bytes) -> None:
    """Raise BadBody, in words, unless `data` is strict JSON of clean text."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadBody(f"the body is not UTF-8 text (bad byte at position {exc.start})") from exc
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except BadBody:
        raise
    except RecursionError as exc:
        raise BadBody("the JSON body is nested too deeply") from exc
    except ValueError as exc:
        raise BadBody(f"the body is not valid JSON ({exc})") from exc
    _check_strings(value)


def _check_strings(value: Any, depth: int = 0) -> None:
    if depth > 50:
        raise BadBody("the JSON body is nested too deeply")
    if isinstance(value, str):
        if "\x00" in value:
            raise BadBody("text in the body may not contain a NUL character")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise BadBody("text in the body holds a lone surrogate (\\ud800-\\udfff), which is not a character") from exc
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_strings(k, depth + 1)
            _check_strings(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            _check_strings(v, depth + 1)


async def _answer(send: Send, status: int, error: str, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = json.dumps({"error": error}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close"), *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


class BodyGuard:
    def __init__(self, app: ASGIApp, max_body_bytes: int = 65536, timeout: float = 15.0) -> None:
        self.app = app
        self.max = max_body_bytes
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS", "DELETE"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None:
            try:
                length = int(declared)
            except ValueError:
                length = None
            if length is not None and length > self.max:
                if length <= DRAIN_BYTES:
                    await _drain(receive, 0, asyncio.get_running_loop().time() + self.timeout)
                await _answer(send, 413, f"the body is larger than {self.max} bytes")
                return
            if length is None:
                await _answer(send, 400, "the Content-Length header is not a number")
                return
        chunks: list[bytes] = []
        size = 0
        loop = asyncio.get_running_loop()
        end = loop.time() + self.timeout
        while True:
            try:
                message = await asyncio.wait_for(receive(), timeout=max(0.001, end - loop.time()))
            except TimeoutError:
                await _answer(send, 408, f"the body did not arrive within {self.timeout:g} s")
                return
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max:
                if message.get("more_body", False):
                    await _drain(receive, size, end)
                await _answer(send, 413, f"the body is larger than {self.max} bytes")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body:
            try:
                check_json(body)
            except BadBody as exc:
                await _answer(send, 400, str(exc))
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (k, v) for k, v in SECURITY_HEADERS if k not in have]
            await send(message)

        await self.app(scope, receive, with_headers)


class _Guard:
    """The header deadline and the per-address connection cap, for either of uvicorn's HTTP
    protocols (h11 in pure Python, httptools in C). The protocol classes below mix it in."""

    config: Any
    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport
    cycle: Any
    server_state: Any

    # The connection's life, shared by both protocols: the mixin comes first in their bases, so
    # these run around uvicorn's own (cooperative super()).
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._guard_init()

    def connection_made(self, transport: Any) -> None:  # an asyncio.Transport
        super().connection_made(transport)  # type: ignore[misc]
        self._admit(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._uncount()
        super().connection_lost(exc)  # type: ignore[misc]

    def _guard_init(self) -> None:
        self._header_timeout = float(getattr(self.config, "snowdonia_header_timeout", 10.0))
        self._guard: asyncio.TimerHandle | None = None
        self._guarded_cycle: Any = None
        self._per_address = int(getattr(self.config, "snowdonia_max_connections_per_address", 0) or 0)
        self._proxies: list[str] = list(getattr(self.config, "snowdonia_trusted_proxies", []) or [])
        self._group: str | None = None  # counted against this address group while open

    def _arm(self) -> None:
        self._disarm()
        self._guarded_cycle = self.cycle
        self._guard = self.loop.call_later(self._header_timeout, self._expire)

    def _disarm(self) -> None:
        if self._guard is not None:
            self._guard.cancel()
            self._guard = None

    def _expire(self) -> None:
        self._guard = None
        if self.cycle is self._guarded_cycle and not self.transport.is_closing():
            self.transport.close()

    def _peers(self) -> Any:
        from snowdonia.web.fair import Counter

        found = getattr(self.server_state, "snowdonia_peers", None)
        if found is None:
            found = Counter()
            self.server_state.snowdonia_peers = found
        return found

    def _uncount(self) -> None:
        if self._group is not None:
            self._peers().give(self._group)
            self._group = None

    def _admit(self, transport: asyncio.Transport) -> None:
        """After the protocol's own connection_made: count the peer, close it beyond its cap."""
        if self._per_address > 0:
            from snowdonia.web.fair import address_group, is_trusted

            peer = transport.get_extra_info("peername")
            host = str(peer[0]) if isinstance(peer, tuple) and peer else None
            if not is_trusted(host, self._proxies):
                group = address_group(host)
                if not self._peers().take(group, self._per_address):
                    transport.close()  # connection_lost follows and forgets it
                    return
                self._group = group
        self._arm()

    def _headers_seen(self) -> None:
        if self._guard is not None and self.cycle is not self._guarded_cycle:
            self._disarm()  # a request's headers arrived

    def _rearm_after_response(self) -> None:
        if not self.transport.is_closing() and (self.cycle is None or self.cycle.response_complete):
            self._arm()  # the next request's headers have the same deadline


class GuardedH11Protocol(_Guard, H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's headers."""

    def handle_events(self) -> None:
        super().handle_events()
        self._headers_seen()

    def handle_websocket_upgrade(self, event: Any) -> None:
        self._disarm()
        self._uncount()  # a websocket counts against the address's sockets (FairShare) instead
        super().handle_websocket_upgrade(event)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._rearm_after_response()


class GuardedHttpToolsProtocol(_Guard, HttpToolsProtocol):
    """uvicorn's httptools protocol (the C parser: a quarter of the server's time went to
    h11's pure-Python parsing) with the same guards as GuardedH11Protocol."""

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        self._headers_seen()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        self._uncount()
        super().handle_websocket_upgrade()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._rearm_after_response()

