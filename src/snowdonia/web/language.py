"""Each request's and each socket's language (docs/i18n.md).

`?lang=de` on any address wins, then the `Accept-Language` header, then English. The choice is
set as the context's translator before the app runs, so every word said while answering (API
refusals, views, log lines, the components' rules) is in that language, and each websocket's
writer keeps the language its connection asked for: two players at one table each see their own.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from snowdonia import i18n

Scope = dict[str, Any]


def language_of(scope: Scope) -> str:
    """The language a request or socket asks for (`?lang=`, then `Accept-Language`)."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    explicit = (query.get("lang") or [None])[0]
    accept = None
    for name, value in scope.get("headers", []):
        if name == b"accept-language":
            accept = value.decode("latin-1")[:512]
            break
    return i18n.choose(explicit[:16] if explicit else None, accept)


class Language:
    """ASGI middleware: the request's language becomes the context's translator."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            lang = language_of(scope)
            scope.setdefault("state", {})["lang"] = lang
            with i18n.using(i18n.translator(lang)):
                await self.app(scope, receive, send)
                return
        await self.app(scope, receive, send)
