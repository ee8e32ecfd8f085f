"""JSON on the wire: orjson, which encodes a game view about ten times faster than the
standard library (`json.dumps` was 12% of the server's time at saturation, issue 18).

Views are JSON-safe already (the protocol's observation contract). orjson refuses what the
standard library would have written differently or not at all: integers beyond 64 bits
(then the standard library writes them), NaN and infinities (orjson writes null; Starlette's
encoder would have failed the request). Keys that are not text (a title's integer keys) are
written as text, as `json.dumps` does."""

from __future__ import annotations

import json
from typing import Any

import orjson
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(content: Any) -> bytes:
    """Compact UTF-8 JSON of `content` (the same document `json.dumps` gives, up to spacing)."""
    try:
        return orjson.dumps(content, option=_OPTIONS)
    except TypeError:
        # An integer beyond 64 bits, or a type orjson does not know: the standard library.
        return json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


class FastJSONResponse(JSONResponse):
    """A JSONResponse rendered with orjson."""

    def render(self, content: Any) -> bytes:
        return dumps(content)


class Compress:
    """gzip for every answer of 1,000 bytes or more to a client that accepts it: the games'
    JSON (`/api/games...`: views after every move, the lobby's list) at level 1 (a 14 KB view
    in 45 µs, 2.8 KB; level 9, Starlette's default, took 815 µs for 2.2 KB, 10% of the
    server's time at saturation), everything else (static files, `/api/meta`: sent once per
    page) at level 9."""

    def __init__(self, app: ASGIApp, minimum_size: int = 1000) -> None:
        self.api = GZipMiddleware(app, minimum_size=minimum_size, compresslevel=1)
        self.files = GZipMiddleware(app, minimum_size=minimum_size, compresslevel=9)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        fast = scope["type"] == "http" and str(scope.get("path", "")).startswith("/api/games")
        await (self.api if fast else self.files)(scope, receive, send)
