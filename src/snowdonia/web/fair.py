"""Fair shares between clients: one address cannot use up what everyone shares.

A *client* is its address group: an IPv4 address, or the /64 network of an IPv6 address (one
household or one cloud machine gets a whole /64, so counting single IPv6 addresses would
count nothing). The address is the TCP peer's, unless the peer is one of the operator's
trusted proxies (`trusted_proxies`, addresses or CIDRs): then the client is the right-most
address of `X-Forwarded-For` that is not itself a trusted proxy (uvicorn's
`ProxyHeadersMiddleware`, outermost in the app, does that walk and rewrites the request's client).

Per client, at once:

- `max_connections_per_address` open HTTP connections (`GuardedH11Protocol` closes further
  ones as they are made, before they can count against the server's global limit; a trusted
  proxy's connections are not capped, its clients are, below);
- `max_requests_per_address` requests in progress (further ones: 429 with `Retry-After: 1`);
- `max_sockets_per_address` open websockets (further ones are accepted and closed at once
  with 4429 and a sentence; the browser retries later).

The game-creation limits count per client too (`client_key`).
"""

from __future__ import annotations

import functools
import hashlib
import ipaddress
import json
from collections.abc import Iterable
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from snowdonia.web.guard import SECURITY_HEADERS


@functools.lru_cache(maxsize=4096)
def address_group(host: str | None) -> str:
    """The client an address belongs to: IPv4 as is, IPv6 by its /64, an IPv4-mapped IPv6
    address as its IPv4 address; anything that is not an address (a test client) as is.
    Remembered for the last 4,096 addresses (parsing one was 5% of the server's time)."""
    if not host:
        return "unknown"
    try:
        ip = ipaddress.ip_address(host.strip("[]").split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def client_key(host: str | None) -> str:
    """The key the creation limits and the bot queue count a client by (no address stored)."""
    return hashlib.sha256(f"client:{address_group(host)}".encode()).hexdigest()[:32]


def trusted(settings: Any) -> list[str]:
    """The trusted proxies of `settings` (the older `trust_proxy` switch trusts every peer);
    ValueError in words for an entry that is no address or network."""
    found = [p for p in settings.trusted_proxies if p]
    check_proxies(found)
    if not found and settings.trust_proxy:
        return ["*"]
    return found


def check_proxies(proxies: Iterable[str]) -> None:
    """Raise ValueError in words for an entry that is neither an address nor a network."""
    for p in proxies:
        if p == "*":
            continue
        try:
            ipaddress.ip_network(p, strict=False)
        except ValueError as exc:
            raise ValueError(f"trusted proxy {p!r} is not an address or a network such as 10.0.0.0/8") from exc


def is_trusted(host: str | None, proxies: Iterable[str]) -> bool:
    if not host:
        return False
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    for p in proxies:
        if p == "*":
            return True
        try:
            if ip in ipaddress.ip_network(p, strict=False):
                return True
        except (ValueError, TypeError):
            continue
    return False


class Counter:
    """In-process counts per client group (one server process; each worker counts its own)."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def take(self, group: str, limit: int) -> bool:
        n = self.counts.get(group, 0)
        if n >= limit:
            return False
        self.counts[group] = n + 1
        return True

    def give(self, group: str) -> None:
        n = self.counts.get(group, 0) - 1
        if n > 0:
            self.counts[group] = n
        else:
            self.counts.pop(group, None)

    def __getitem__(self, group: str) -> int:
        return self.counts.get(group, 0)


class FairShare:
    """ASGI middleware: per-client caps on requests in progress and on open websockets."""

    def __init__(self, app: ASGIApp, max_requests: int = 32, max_sockets: int = 128) -> None:
        self.app = app
        self.max_requests = max_requests
        self.max_sockets = max_sockets
        self.requests = Counter()
        self.sockets = Counter()
        self.refused = {"requests": 0, "sockets": 0}  # since start (tests and logs)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        group = address_group(client[0] if client else None)
        if scope["type"] == "http":
            if not self.requests.take(group, self.max_requests):
                self.refused["requests"] += 1
                body = json.dumps({"error": f"too many requests at once from your address (at most "
                                            f"{self.max_requests}); try again in a moment"}).encode()
                await send({"type": "http.response.start", "status": 429, "headers": [
                    (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                    (b"retry-after", b"1"), *SECURITY_HEADERS]})
                await send({"type": "http.response.body", "body": body})
                return
            try:
                await self.app(scope, receive, send)
            finally:
                self.requests.give(group)
            return
        if not self.sockets.take(group, self.max_sockets):
            self.refused["sockets"] += 1
            message = await receive()
            if message["type"] != "websocket.connect":
                return
            await send({"type": "websocket.accept"})
            text = json.dumps({"error": f"too many live connections from your address (at most "
                                        f"{self.max_sockets}); close some and try again", "retry": True})
            await send({"type": "websocket.send", "text": text})
            await send({"type": "websocket.close", "code": 4429, "reason": "too many sockets from this address"})
            return
        try:
            await self.app(scope, receive, send)
        finally:
            self.sockets.give(group)

