"""The FastAPI application: the version-2 web API (docs/web-api.md), its websockets and the
static client. Every title comes through `snowdonia.registry`; nothing here knows one game.

Refusals are `{"error": "<sentence>"}` with a 4xx status and change nothing. The OpenAPI
document (`/api/openapi.json`) lists every status each route answers."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, create_model
from pydantic.json_schema import models_json_schema
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from snowdonia import i18n
from snowdonia.core.i18n import N_, _, say
from snowdonia.core.i18n import lang as current_lang
from snowdonia.registry import names as title_names
from snowdonia.registry import title
from snowdonia.store import Store
from snowdonia.store.db import hash_token
from snowdonia.web import fair, hints, metrics, reviews, views
from snowdonia.web.guard import BodyGuard, SecurityHeaders
from snowdonia.web.hub import LOBBY, Hub, Watcher
from snowdonia.web.language import Language
from snowdonia.web.live import ApiError, GameUnavailable, Live, Session, check_name
from snowdonia.web.settings import ServerSettings
from snowdonia.web.wire import Compress, FastJSONResponse

log = logging.getLogger("snowdonia.web")
STATIC = Path(str(resources.files("snowdonia.web") / "static"))
GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1
# A display name: 1-24 printable characters, not all spaces (check_name).
NAME_PATTERN = r"^ *[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"


def documented(**limits: Any) -> dict[str, Any]:
    """Limits the OpenAPI document states but the server checks itself, so that a value out
    of range is refused with 400 and a sentence naming the range (not pydantic's 422); pass
    as `json_schema_extra`."""
    return limits


# ---------------------------------------------------------------------- request bodies
def _not_text(value: Any) -> Any:
    if isinstance(value, (str, bool)):
        raise ValueError("must be a whole number")
    return value


# A whole number as JSON has it: 3 or 3.0, never "3" or true (the models are strict otherwise).
WholeNumber = Annotated[int, BeforeValidator(_not_text), Field(strict=False)]


class Strict(BaseModel):
    # strict: "2" is not a number and 1 is not true; a body is what the document says or 422.
    model_config = ConfigDict(extra="forbid", strict=True)


class SeatSpec(Strict):
    kind: str = Field(max_length=40)
    name: str | None = Field(default=None, max_length=200,
                             json_schema_extra=documented(minLength=1, maxLength=24, pattern=NAME_PATTERN))


class ClockSpec(Strict):
    mode: Literal["none", "move", "game", "days"] = "none"
    seconds: WholeNumber | None = Field(default=None, description="per move: 10 to 86400; per game: 60 to 604800",
                                json_schema_extra=documented(minimum=10, maximum=7 * 86400))
    days: WholeNumber | None = Field(default=None, json_schema_extra=documented(minimum=1, maximum=30))
    takeover: str | None = Field(default=None, max_length=40)


class TableSpec(Strict):
    bot_delay_ms: WholeNumber = Field(default=0, json_schema_extra=documented(minimum=0, maximum=5000))
    clock: ClockSpec = Field(default_factory=ClockSpec)
    takeover: str | None = Field(default=None, max_length=40)
    hints: bool = False  # the deciding seat may ask the analysis for a hint (GET .../hint)


class CreateGame(Strict):
    """What every title's creation body has in common; `create_bodies` narrows it per title
    (its scenarios, player counts, seat kinds and settings) for the OpenAPI document."""

    game: str = Field(default="snowdonia", max_length=40)
    scenario: str | None = Field(default=None, max_length=60)
    players: WholeNumber
    seats: list[str | SeatSpec] = Field(max_length=16)
    settings: dict[str, Any] = Field(default_factory=dict)
    seed: WholeNumber | None = None
    private: bool = False
    table: TableSpec = Field(default_factory=TableSpec)


def _literal(values: list[Any]) -> Any:
    return Literal[tuple(values)]  # type: ignore[valid-type]


def check_settings(game: str, given: dict[str, Any]) -> None:
    """400 in words unless every setting is one of the title's, of its kind (true/false, a
    whole number) and among its choices, as the OpenAPI document says; the title then checks
    how they combine."""
    t = title(game)
    specs = {spec.key: spec for spec in t.settings}
    for key, value in given.items():
        spec = specs.get(key)
        if spec is None:
            raise ApiError(400, _('%(x)s is not a setting of %(display_name)s; its settings are %(x2)s', x=repr(key[:40]), display_name=t.display_name, x2=', '.join(specs)))
        if spec.kind == "bool":
            ok = isinstance(value, bool)
        elif spec.kind == "choice" and spec.choices:
            ok = any(value == c and type(value) is type(c) for c in spec.choices)
        elif spec.kind == "int":
            ok = isinstance(value, int) and not isinstance(value, bool)
        else:
            ok = isinstance(value, str)
        if not ok:
            allowed = {"bool": "true or false", "int": "a whole number"}.get(
                spec.kind, "one of " + ", ".join(json.dumps(c) for c in spec.choices) if spec.choices else "text")
            raise ApiError(400, _('settings.%(key)s must be %(allowed)s, not %(x)s', key=key, allowed=allowed, x=json.dumps(value)[:40]))


def _camel(key: str) -> str:
    return "".join(part.capitalize() for part in key.replace("-", "_").split("_"))


def create_bodies(levels_of: Callable[[str], list[str]]) -> dict[str, type[BaseModel]]:
    """The creation bodies the OpenAPI document offers (oneOf): one strict model per title,
    scenario and player count, keyed "title/scenario/players". `game` and `scenario` are
    constants, `seats` has exactly that many entries, each 'human' or one of the title's bot
    levels, and the settings are those that apply, with their kinds and choices. The server
    parses the general `CreateGame` and refuses anything else with a sentence (400)."""
    out: dict[str, type[BaseModel]] = {}
    for name in title_names():
        t = title(name)
        kinds = ["human", *levels_of(name)]
        seat = create_model(f"{_camel(name)}Seat", __config__=ConfigDict(extra="forbid"),
                            kind=(_literal(kinds), ...),
                            name=(str | None, Field(default=None, min_length=1, max_length=24, pattern=NAME_PATTERN)))
        default_scenario = t.scenarios[0].key
        for sc in t.scenarios:
            for n in sc.players:
                setting_fields: dict[str, Any] = {}
                for spec in t.settings:
                    if (spec.players and n not in spec.players) or (spec.scenarios and sc.key not in spec.scenarios):
                        continue
                    if spec.kind == "bool":
                        typ: Any = bool
                    elif spec.kind == "choice" and spec.choices:
                        typ = _literal(list(spec.choices))
                    elif spec.kind == "int":
                        typ = int
                    else:
                        typ = str
                    setting_fields[spec.key] = (typ, Field(default=spec.default, description=spec.help))
                label = f"{_camel(name)}{_camel(sc.key)}{n}p"
                settings_model = create_model(f"{label}Settings", __config__=ConfigDict(extra="forbid"),
                                              **setting_fields)
                out[f"{name}/{sc.key}/{n}"] = create_model(
                    f"Create{label}", __config__=ConfigDict(extra="forbid"),
                    game=(_literal([name]), "snowdonia" if name == "snowdonia" else ...),
                    scenario=(_literal([sc.key]) | None, None) if sc.key == default_scenario else (_literal([sc.key]), ...),
                    players=(_literal([n]), ...),
                    seats=(list[_literal(kinds) | seat],  # type: ignore[valid-type,misc]
                           Field(json_schema_extra=documented(minItems=n, maxItems=n))),
                    settings=(settings_model, Field(default_factory=settings_model)),
                    seed=(int | None, Field(default=None, json_schema_extra=documented(minimum=SEED_MIN, maximum=SEED_MAX))),
                    private=(bool, False),
                    table=(TableSpec, Field(default_factory=TableSpec)),
                )
    return out


MAX_MOVE = 1_000_000  # far beyond any game's decisions; a bound for the schema


class Move(Strict):
    action: str = Field(max_length=200, json_schema_extra=documented(minLength=1), description="the action's text, as in the view's `legal`")
    move: WholeNumber = Field(description="the view's `move`: decisions made so far", json_schema_extra=documented(minimum=0, maximum=MAX_MOVE))
    revision: WholeNumber | None = Field(default=None, json_schema_extra=documented(minimum=0, maximum=2**31 - 1), description=(
        "the view's `revision`; a view replaced since (an undo, a takeover) is refused with 409. "
        "Clients that send none are checked by `move` only"))


# What the client holds: a view's `log_key` and the length of its whole log. With both, a
# view sends only the log lines after those (when the log only grew since: `log_from`).
LogKey = Annotated[str | None, Query(max_length=32, pattern="^[0-9a-f]{1,32}$", description=(
    "the `log_key` of the view the client holds; with `log`, only the log lines after those it holds are sent"))]
LogLength = Annotated[int | None, Query(ge=0, le=10_000_000, description=(
    "how many log lines the client holds (its view's `log_total`)"))]


class UndoRequest(Strict):
    move: WholeNumber = Field(json_schema_extra=documented(minimum=0, maximum=MAX_MOVE))
    to: WholeNumber | None = Field(default=None, json_schema_extra=documented(minimum=0, maximum=MAX_MOVE))
    revision: WholeNumber | None = Field(default=None, json_schema_extra=documented(minimum=0, maximum=2**31 - 1))


class NameRequest(Strict):
    name: str = Field(max_length=200, json_schema_extra=documented(minLength=1, maxLength=24, pattern=NAME_PATTERN))


class MyGamesRequest(Strict):
    tokens: list[str] = Field(max_length=50)


class ErrorBody(BaseModel):
    model_config = ConfigDict(extra="allow")
    error: str


class FirstTurn(BaseModel):
    seat: int = Field(description="the seat that decides first")
    token: str | None = Field(default=None, description="its token, when that seat is a person's")


class Created(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: str
    game: str
    seats: list[dict[str, Any]]
    turn: FirstTurn | None = Field(description="who decides first (a bot may have moved already when this arrives)")
    watch_url: str


def _errors(*codes: int, body: bool = True, links: dict[int, dict[str, Any]] | None = None,
            ) -> dict[int | str, dict[str, Any]]:
    """The refusals a route documents. A route taking a body also answers 400 (not strict
    JSON), 408 (too slow) and 413 (too large) from the body guard."""
    if body:
        codes = (*codes, 400, 408, 413, 422)
    if 404 in codes:
        codes = (*codes, 503)  # a route of one game: that game may fail to load
    what = {400: "a bad value, in words", 403: "no, or the wrong, seat token", 404: "no such game",
            408: "the body did not arrive in time", 409: "the game changed: the answer says what happened",
            413: "the body is too large", 422: "a malformed request, in words",
            429: "too many requests from this client (see Retry-After)",
            503: "this game cannot be loaded right now (other games are not affected), or the server is busy (see Retry-After)"}
    out: dict[int | str, dict[str, Any]] = {c: {"model": ErrorBody, "description": what[c]} for c in sorted(set(codes))}
    for code, found in (links or {}).items():
        out.setdefault(code, {})["links"] = found
    return out


# The seat token, documented as a header parameter (the routes read it themselves) so that
# OpenAPI links can carry it from one call to the next. Acting needs it (403 without); a view
# without it is a spectator's.
def _auth(required: bool) -> dict[str, Any]:
    return {"parameters": [{
        "name": "Authorization", "in": "header", "required": required,
        "description": "`Bearer <seat token>`: the token of the seat (from the creation answer)",
        "schema": {"type": "string", "pattern": "^Bearer [A-Za-z0-9_-]{1,200}$"}}]}


AUTH, AUTH_OPTIONAL = _auth(True), _auth(False)
_SAME_SEAT = {"path.game_id": "$request.path.game_id", "header.Authorization": "$request.header.Authorization"}
_ON_THIS_VIEW = {"move": "$response.body#/move", "revision": "$response.body#/revision"}
# OpenAPI links: how a client (or a fuzzer such as schemathesis) finds the next valid call.
# A refused move's answer lists the legal moves with the move number and revision to send.
LINKS_FROM_VIEW: dict[str, Any] = {
    "Move": {"operationId": "postAction", "parameters": _SAME_SEAT,
             "requestBody": {"action": "$response.body#/legal/0/text", **_ON_THIS_VIEW},
             "description": "the seat's first legal move, on this view"},
    "Undo": {"operationId": "postUndo", "parameters": _SAME_SEAT, "requestBody": _ON_THIS_VIEW,
             "description": "take the seat's decisions back to the start of its turn"},
    "View": {"operationId": "getGame", "parameters": _SAME_SEAT, "description": "the seat's view"},
}
LINKS_FROM_REFUSED_MOVE: dict[str, Any] = {
    "LegalMove": {"operationId": "postAction", "parameters": _SAME_SEAT,
                  "requestBody": {"action": "$response.body#/legal/0", **_ON_THIS_VIEW},
                  "description": "the first of the legal moves the refusal lists"},
}
LINKS_FROM_STALE_MOVE: dict[str, Any] = {
    "Retry": {"operationId": "postAction", "parameters": _SAME_SEAT, "requestBody": _ON_THIS_VIEW,
              "description": "a move on the view the refusal names"},
}
LINKS_FROM_CREATE: dict[str, Any] = {
    "FirstMove": {"operationId": "postAction", "requestBody": {"move": 0, "revision": 0},
                  "parameters": {"path.game_id": "$response.body#/id",
                                 "header.Authorization": "Bearer {$response.body#/turn/token}"},
                  "description": "the first decision, by the person who decides first; a refusal lists the legal moves"},
}


# ---------------------------------------------------------------------- helpers
def _json(payload: Any, status: int = 200) -> JSONResponse:
    """Views are JSON-safe already (the protocol's observation contract), so they skip
    FastAPI's recursive encoder, which costs ten times what building the view does, and go
    out through orjson (`web.wire`)."""
    return FastJSONResponse(payload, status_code=status)


def _bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization")
    if not auth:
        return None
    scheme, _sep, value = auth.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise ApiError(403, _("the Authorization header must be 'Bearer <token>'"))
    token = value.strip()
    if len(token) > 200:
        raise ApiError(403, _('this token is not a seat of this game'))
    return token


def _plain_loc(loc: Any) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path")]
    return ".".join(parts) or "the body"


def _sentence(errors: list[Any]) -> str:
    """Pydantic's error list as one sentence a person can act on."""
    if not errors:
        return "the request is malformed"
    out = []
    for e in errors[:3]:
        kind = e.get("type", "")
        where = _plain_loc(e.get("loc", ()))
        if kind == "missing":
            out.append(f"{where} is missing")
        elif kind == "extra_forbidden":
            out.append(f"{where} is not a field of this request")
        elif kind == "json_invalid":
            out.append("the body is not valid JSON")
        elif kind in ("int_parsing", "int_type", "int_from_float"):
            out.append(f"{where} must be a whole number")
        elif kind in ("string_type",):
            out.append(f"{where} must be text")
        elif kind == "bool_type" or kind == "bool_parsing":
            out.append(f"{where} must be true or false")
        elif kind == "too_long":
            out.append(f"{where} is too long")
        elif kind == "literal_error":
            out.append(f"{where}: {e.get('msg', 'not one of the allowed values')}")
        elif kind in ("model_type", "dict_type", "model_attributes_type"):
            out.append(f"{where} must be an object")
        elif kind == "value_error":
            out.append(f"{where} {str(e.get('msg', 'is invalid')).removeprefix('Value error, ')}")
        elif kind == "list_type":
            out.append(f"{where} must be a list")
        else:
            out.append(f"{where}: {e.get('msg', 'invalid')}")
    text = "; ".join(out)
    return text[0].upper() + text[1:]


def client_key(request_or_ws: Request | WebSocket, _trust_proxy: bool = False) -> str:
    """The client (an IPv4 address, an IPv6 /64) the limits count, hashed. The request's
    client address is already the one a trusted proxy named (`fair.with_proxies`)."""
    return fair.client_key(request_or_ws.client.host if request_or_ws.client else None)


class JsonHosts:
    """Answers only the Host names of `allowed_hosts` (a leading '*' matches any subdomain);
    another Host gets 400 with a JSON sentence like every other refusal (Starlette's
    TrustedHostMiddleware answers plain text)."""

    def __init__(self, app: Any, allowed_hosts: list[str]) -> None:
        self.app = app
        self.allowed = [h.lower() for h in allowed_hosts]

    def ok(self, header: str | None) -> bool:
        if not header:
            return False
        host = header.strip().lower()
        if host.startswith("["):  # [::1]:8000
            host = host[1:host.find("]")] if "]" in host else ""
        elif host.count(":") == 1:
            host = host.split(":", 1)[0]
        return any(host == p or (p.startswith("*") and host.endswith(p[1:])) for p in self.allowed)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = next((v.decode("latin-1") for k, v in scope.get("headers") or [] if k == b"host"), None)
        if self.ok(host):
            await self.app(scope, receive, send)
            return
        from snowdonia.web import metrics

        metrics.refused("bad_host")
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 4400, "reason": "this server does not answer that Host"})
            return
        words = f"this server does not answer for the Host {host[:100]!r}" if host else "the request has no Host header"
        await JSONResponse({"error": words}, status_code=400)(scope, receive, send)


def create_app(database_url: str | None = None, store: Store | None = None, cache_size: int | None = None,
               settings: ServerSettings | None = None) -> FastAPI:
    """The app on a database. `settings` are the operator's limits (ServerSettings)."""
    cfg = settings or ServerSettings()
    store = store or Store(database_url)
    hub = Hub(idle_seconds=cfg.ws_idle_seconds, min_interval=0.5, seat_sockets=cfg.max_sockets_per_seat)
    live = Live(store, hub.notify, lambda gid: hub.count(gid) > 0, cache_size or cfg.cache_size, cfg, hub.seats)
    from snowdonia.web.series import SeriesService

    series = SeriesService(store, live)
    live.on_over = series.game_over
    hinter = hints.Hinter()
    background: list[asyncio.Task[Any]] = []

    async def record_of(gid: str) -> tuple[dict[str, Any], list[str]] | None:
        s = await live.get(gid)
        if s is None or not s.position.is_over:
            return None
        return s.position.record(), list(s.row.seats)

    reviewer = reviews.Reviewer(store, record_of, cfg.review_budget, cfg.review_deadline_seconds,
                                cfg.review_max_waiting)

    async def sweep_one(gid: str, clock: bool) -> None:
        """One game of the sweep; a game that fails is reported and skipped, never the sweep."""
        try:
            s = await live.get(gid)
            if s is None:
                return
            if clock:
                if s.position.current_player is not None:
                    await live.takeover(s, s.position.current_player, "clock")
            else:
                live.kick_bots(s)
        except asyncio.CancelledError:
            raise
        except GameUnavailable:
            pass  # reported (log line, metric) when it failed to load
        except ApiError as exc:
            log.warning("sweep: game %s: %s", gid, exc)
        except Exception:
            log.exception("sweep: game %s failed; the other games go on", gid)

    async def sweep() -> None:
        """Clocks that ran out, and bot moves nobody is thinking about (a server stopped)."""
        while True:
            try:
                now = time.time()
                for gid in store.clocks_due(now):
                    await sweep_one(gid, clock=True)
                for gid in store.needing_bots(now):
                    await sweep_one(gid, clock=False)
                metrics.SWEEPS.inc()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("housekeeping sweep failed (the database?); trying again")
            await asyncio.sleep(cfg.sweep_seconds)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if store.migrated:
            log.warning("database brought up to date: added %s", ", ".join(store.migrated))
        if store.is_sqlite:
            log.warning("SQLite: this is a single-process server (live pushes do not cross processes; "
                        "use PostgreSQL for several workers)")
        background.append(asyncio.create_task(sweep()))
        reviewer.start()
        if store.is_postgres:
            from snowdonia.web.pubsub import listen

            def changed(gid: str) -> None:
                s = live.sessions.get(gid)
                if s is not None and (hub.count(gid) or s.bot_task is not None):
                    asyncio.get_running_loop().create_task(_refresh(gid))
                else:
                    hub.notify(LOBBY)

            background.append(asyncio.create_task(listen(store.url, changed)))
        yield
        await reviewer.stop()
        for task in background:
            task.cancel()
        for task in background:
            with contextlib.suppress(BaseException):
                await task
        background.clear()
        live.close()

    async def _refresh(gid: str) -> None:
        s = await live.get(gid)  # reloads when another process changed it
        if s is not None:
            hub.notify(gid)

    # No interactive docs page: Swagger UI and ReDoc load their scripts from a CDN, which has
    # no place on the origin that holds seat tokens. The OpenAPI document stays.
    app = FastAPI(title="Snowdonia", version="2", docs_url=None, redoc_url=None,
                  openapi_url="/api/openapi.json", lifespan=lifespan)
    app.state.store = store
    app.state.live = live
    app.state.hub = hub
    app.state.settings = cfg
    app.state.series = series
    app.state.reviewer = reviewer
    app.add_middleware(Language)  # innermost: every word of the answer in the asked language
    app.add_middleware(BodyGuard, max_body_bytes=cfg.max_body_bytes, timeout=cfg.body_timeout_seconds)
    if tuple(cfg.allowed_hosts) != ("*",):
        app.add_middleware(JsonHosts, allowed_hosts=list(cfg.allowed_hosts))
    app.add_middleware(SecurityHeaders)
    # Static files and JSON go compressed to clients that accept gzip (a game page was 253 KB).
    app.add_middleware(Compress, minimum_size=1000)
    app.add_middleware(fair.FairShare, max_requests=cfg.max_requests_per_address,
                       max_sockets=cfg.max_sockets_per_address)
    app.add_middleware(metrics.CountResponses)  # outside FairShare: its 429s are counted too
    if fair.trusted(cfg):
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=fair.trusted(cfg))  # outermost

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        metrics.refused(exc.kind)
        return JSONResponse(exc.body, status_code=exc.status, headers=exc.headers)

    @app.exception_handler(DBAPIError)
    async def _database_down(_request: Request, exc: DBAPIError) -> JSONResponse:
        # The database itself failed (down, unreachable, not a database): not the client's fault.
        log.error("database error: %s: %s", type(exc.orig).__name__, str(exc.orig)[:200])
        metrics.refused("database_unavailable")
        return JSONResponse({"error": "the database does not answer right now; try again shortly"}, status_code=503,
                            headers={"Retry-After": "5"})

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        metrics.refused("malformed")
        return JSONResponse({"error": _sentence(list(exc.errors()))}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        words = {404: "no such page", 405: "this address does not take that method"}
        headers = dict(getattr(exc, "headers", None) or {})
        if exc.status_code == 405:
            # Every method of every route at this path (Starlette names only the first route's).
            allowed: set[str] = set()
            for route in app.routes:
                regex = getattr(route, "path_regex", None)
                methods = getattr(route, "methods", None)
                if regex is not None and regex.match(request.url.path) and methods:
                    allowed |= set(methods)
            headers["Allow"] = ", ".join(sorted(allowed))
        return JSONResponse({"error": words.get(exc.status_code, str(exc.detail))}, status_code=exc.status_code,
                            headers=headers)

    def check_id(game_id: str) -> None:
        if not GAME_ID.match(game_id):
            raise ApiError(404, _('no such game'))

    async def session(game_id: str) -> Session:
        check_id(game_id)
        s = await live.get(game_id)
        if s is None:
            raise ApiError(404, _('no such game'))
        return s

    def view(s: Session, seat: int | None, key: str | None = None, log_length: int | None = None) -> dict[str, Any]:
        return live.view(s, seat, series.solo(s), key, log_length)

    def seat_token(request: Request, s: Session, what: str) -> int:
        seat = live.seat_of(s, _bearer(request))
        if seat is None:
            raise ApiError(403, _('a seat token is needed to %(what)s (Authorization: Bearer <token>)', what=what))
        return seat

    def limit_creation(request: Request) -> str:
        key = client_key(request, cfg.trust_proxy)
        now = time.time()
        made = store.count_created_since(key, now - 60)
        if made >= cfg.games_per_minute:
            oldest = store.oldest_created_since(key, now - 60) or now
            wait = max(1, int(oldest + 60 - now) + 1)
            raise ApiError(429, _('too many new games from you: at most %(games_per_minute)s a minute; try again in %(wait)s s', games_per_minute=cfg.games_per_minute, wait=wait), headers={"Retry-After": str(wait)})
        if store.count_open(key, now - 86400) >= cfg.max_open_games:
            raise ApiError(429, _('you have %(max_open_games)s unfinished games; finish or abandon some (a game untouched for a day no longer counts)', max_open_games=cfg.max_open_games), headers={"Retry-After": "3600"})
        return key

    # ------------------------------------------------------------------ the operator's view
    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> JSONResponse:
        """Alive: the process answers (nothing else is checked)."""
        return _json({"status": "alive"})

    @app.get("/readyz", include_in_schema=False)
    async def readyz() -> JSONResponse:
        """Ready for traffic: the database answers, its schema is the current migration, the
        bot pool is up. 503 with the reasons otherwise."""
        reasons: list[str] = []
        checks: dict[str, bool] = {}
        try:
            current, head = store.schema_revision(), store.head_revision()
            checks["database"] = True
            checks["migrations"] = current == head
            if current != head:
                reasons.append(f"the database schema is at migration {current or 'none'}, not {head}: "
                               "run `snowdonia db upgrade`")
        except Exception as exc:
            checks["database"] = checks["migrations"] = False
            reasons.append(f"the database does not answer ({type(exc).__name__})")
        try:
            checks["bot_pool"] = bot_pool_up()
        except Exception as exc:
            checks["bot_pool"] = False
            reasons.append(f"the bot pool cannot start ({type(exc).__name__}: {exc})")
        else:
            if not checks["bot_pool"]:
                reasons.append("the bot pool is not running")
        if reasons:
            return _json({"status": "not ready", "checks": checks, "reasons": reasons}, 503)
        return _json({"status": "ready", "checks": checks})

    @app.get("/metrics", include_in_schema=False)
    async def prometheus() -> Response:
        try:
            metrics.GAMES_OPEN.set(store.count_unfinished())
        except Exception:
            log.exception("metrics: the database does not answer")
        metrics.GAMES_CACHED.set(len(live.sessions))
        metrics.GAMES_UNLOADABLE.set(len(live.broken))
        data, content_type = metrics.exposition()
        return Response(data, media_type=content_type)

    # ------------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/boards/{game}.js", include_in_schema=False)
    async def board(game: str) -> FileResponse:
        if game not in title_names():
            raise ApiError(404, _('no board for that game'))
        path = title(game).web_board()
        if path is None:
            raise ApiError(404, _('that game has no web board'))
        return FileResponse(path, media_type="text/javascript")

    # ------------------------------------------------------------------ languages
    @app.get("/api/i18n", responses=_errors(404, body=False))
    async def i18n_negotiated(request: Request) -> JSONResponse:
        """The catalogue of the language this request asks for (`?lang=`, `Accept-Language`)."""
        return _json(i18n.catalogue_json(request.scope["state"]["lang"]))

    @app.get("/api/i18n/{lang}", responses=_errors(404, 422, body=False))
    async def i18n_catalogue(lang: str) -> JSONResponse:
        """One language's message catalogue for the web client (the `.po` the Python words use)."""
        found = i18n.normalise(lang[:16])
        if found is None:
            raise ApiError(404, _("no catalogue for language %(lang)s; known: %(known)s", lang=repr(lang[:16]),
                                  known=", ".join(i18n.available())))
        return _json(i18n.catalogue_json(found))

    # ------------------------------------------------------------------ titles and lobby
    meta_caches: dict[str, dict[str, Any]] = {}

    def describe_title(name: str) -> dict[str, Any]:
        t = title(name)
        sample = t.new_game(min(t.player_counts), seed=0)
        return {
            **i18n.translate_description(t.describe()),
            "bots": [lv.as_dict() for lv in live.levels(name).values()],
            "board": f"/boards/{name}.js" if t.web_board() else None,
            "components": t.words.components(sample),
        }

    @app.get("/api/meta")
    async def meta(request: Request) -> JSONResponse:
        meta_cache = meta_caches.setdefault(request.scope["state"]["lang"], {})
        if not meta_cache:
            ts = [describe_title(n) for n in title_names()]
            levels = sorted({lv["level"] for t in ts for lv in t["bots"]},
                            key=lambda x: min(i for t in ts for i, lv in enumerate(t["bots"]) if lv["level"] == x))
            meta_cache.update({"titles": ts, "limits": {
                "max_players": max(p for t in ts for p in t["players"]), "bot_levels": levels,
                "games_per_minute": cfg.games_per_minute, "max_open_games": cfg.max_open_games,
                "max_body_bytes": cfg.max_body_bytes, "bot_delay_ms_max": 5000}})
        return _json(meta_cache)

    @app.get("/api/how-to-play/{game}", responses=_errors(404, 422, body=False))
    async def how_to_play(game: str) -> JSONResponse:
        """Every scenario's rules summary of a title (`Title.how_to_play`), for *How to play*."""
        if game not in title_names():
            raise ApiError(404, _('no game called %(game)s; known: %(x)s', game=repr(game), x=', '.join(title_names())))
        t = title(game)
        return _json({"game": game, "scenarios": {s.key: i18n.translate_doc(t.how_to_play(s.key)) for s in t.scenarios},
                      "guide": i18n.translate_doc(t.guide())})

    def lobby_list() -> list[dict[str, Any]]:
        out = []
        known = set(title_names())
        for r in store.list_games(100):
            if r.game not in known:
                continue
            try:
                names = views.seat_names(r.seats, r.names, live.levels(r.game))
                t = title(r.game)
                out.append(views.lobby_entry(r, names, t.display_name, None if r.over else r.turn,
                                             t.seat_colours(r.players, r.settings)))
            except Exception as exc:  # one damaged row leaves the lobby listing the others
                log.error("lobby: game %s left out: %s: %s", r.id, type(exc).__name__, exc)
        return out

    @app.get("/api/games", responses=_errors(429, body=False))
    async def list_games() -> JSONResponse:
        return _json(lobby_list())

    @app.post("/api/games", status_code=201, response_model=Created, operation_id="createGame",
              responses={**_errors(400, 422, 429), 201: {"links": LINKS_FROM_CREATE}})
    async def create(body: CreateGame, request: Request) -> JSONResponse:
        game_name = body.game
        if game_name not in title_names():
            raise ApiError(400, _('unknown game %(game_name)s; choose one of %(x)s', game_name=repr(game_name), x=', '.join(title_names())))
        t = title(game_name)
        levels = live.levels(game_name)
        try:
            sc = t.scenario(body.scenario)
        except KeyError as exc:
            raise ApiError(400, str(exc.args[0])) from exc
        if body.players not in sc.players:
            raise ApiError(400, _('%(name)s is for %(x)s players, not %(players)s', name=sc.name, x=', '.join(map(str, sc.players)), players=body.players))
        if len(body.seats) != body.players:
            raise ApiError(400, _('give one seat per player: %(players)s players, %(x)s seats', players=body.players, x=len(body.seats)))
        kinds: list[str] = []
        names: list[str | None] = []
        for i, seat in enumerate(body.seats):
            kind = seat if isinstance(seat, str) else seat.kind
            if kind != "human" and kind not in levels:
                raise ApiError(400, _("seat %(x)s: a seat is 'human' or one of the bot levels %(x2)s, not %(x3)s", x=i + 1, x2=', '.join(levels), x3=repr(kind[:40])))
            kinds.append(kind)
            given = None if isinstance(seat, str) or seat.name is None else check_name(seat.name)
            names.append(given)
        if body.seed is not None and not SEED_MIN <= body.seed <= SEED_MAX:
            raise ApiError(400, _('the seed must be a whole number from %(SEED_MIN)s to %(SEED_MAX)s (64 bits)', SEED_MIN=SEED_MIN, SEED_MAX=SEED_MAX))
        table = body.table
        if not 0 <= table.bot_delay_ms <= 5000:
            raise ApiError(400, _('table.bot_delay_ms must be from 0 to 5000 (milliseconds)'))
        clock = table.clock
        clock_out: dict[str, Any] = {"mode": clock.mode}
        # The document's ranges hold whatever the mode (a value out of range is a mistake).
        if clock.days is not None and not 1 <= clock.days <= 30:
            raise ApiError(400, _('table.clock.days must be from 1 to 30'))
        if clock.seconds is not None and not 10 <= clock.seconds <= 7 * 86400:
            raise ApiError(400, _('table.clock.seconds must be from 10 to %(x)s', x=7 * 86400))
        if clock.mode != "none":
            if clock.mode == "days":
                days = clock.days if clock.days is not None else (clock.seconds // 86400 if clock.seconds else 3)
                if not 1 <= days <= 30:
                    raise ApiError(400, _('a days-per-move clock gives from 1 to 30 days'))
                clock_out["days"] = days
            else:
                secs = clock.seconds
                lo, hi = (10, 86400) if clock.mode == "move" else (60, 7 * 86400)
                if secs is None or not lo <= secs <= hi:
                    raise ApiError(400, _('a per-%(mode)s clock needs seconds from %(lo)s to %(hi)s', mode=clock.mode, lo=lo, hi=hi))
                clock_out["seconds"] = secs
        takeover = clock.takeover or table.takeover or live.default_takeover(game_name)
        if takeover not in levels:
            raise ApiError(400, _('the takeover bot must be one of %(x)s, not %(x2)s', x=', '.join(levels), x2=repr(takeover[:40])))
        clock_out["takeover"] = takeover
        opts = {"bot_delay_ms": table.bot_delay_ms, "clock": clock_out, "takeover": takeover, "hints": table.hints}
        check_settings(game_name, body.settings)
        if any(k != "human" for k in kinds):  # a bot that cannot play this configuration (ppo elsewhere)
            from snowdonia.bots import check_bot

            try:  # settings that make no game are refused in the title's words, as live.create does
                sample = t.new_game(body.players, seed=0, scenario=body.scenario, **body.settings)
            except (ValueError, TypeError, OverflowError, KeyError) as exc:  # SettingsError is a ValueError
                raise ApiError(400, str(exc.args[0] if isinstance(exc, KeyError) and exc.args else exc)
                               or _("these settings cannot make a game")) from exc
            for i, kind in enumerate(kinds):
                if kind != "human":
                    try:
                        check_bot(kind, sample)
                    except ValueError as exc:
                        raise ApiError(400, _("seat %(n)s: %(error)s", n=i + 1, error=str(exc))) from exc
        creator = limit_creation(request)
        game_id, tokens = live.create(game_name, body.players, kinds, names, body.seed, body.scenario,
                                      body.settings, private=body.private, table=opts, creator=creator)
        base = str(request.base_url).rstrip("/")
        out = []
        all_names = views.seat_names(kinds, names, levels)
        for i, kind in enumerate(kinds):
            entry: dict[str, Any] = {"seat": i, "kind": kind, "name": all_names[i]}
            if i in tokens:
                # The token rides in the fragment: browsers never send it in requests or logs.
                entry["token"] = tokens[i]
                entry["url"] = f"{base}/game/{game_id}#token={tokens[i]}"
            out.append(entry)
        first = live.sessions[game_id].position.current_player
        turn: dict[str, Any] | None = None if first is None else {"seat": first}
        if turn is not None and first in tokens:
            turn["token"] = tokens[first]
        live.kick_bots(live.sessions[game_id])
        hub.notify(LOBBY)
        return _json({"id": game_id, "game": game_name, "seats": out, "turn": turn,
                      "watch_url": f"{base}/game/{game_id}"}, 201)

    @app.post("/api/my-games", responses=_errors(422))
    async def my_games(body: MyGamesRequest) -> JSONResponse:
        found = store.seats_for_tokens([t for t in body.tokens if 0 < len(t) <= 200])
        rows = store.rows([g for g, _, _ in found])
        out = []
        for gid, seat, _tok in found:
            r = rows.get(gid)
            if r is None or r.game not in title_names():
                continue
            try:
                names = views.seat_names(r.seats, r.names, live.levels(r.game))
                state = r.seat_state[seat] if seat < len(r.seat_state) else {}
            except Exception as exc:
                log.error("my-games: game %s left out: %s: %s", gid, type(exc).__name__, exc)
                continue
            turn = None if r.over else r.turn
            out.append({"id": gid, "game": r.game, "game_name": title(r.game).display_name,
                        "scenario": r.scenario, "seat": seat,
                        "name": names[seat], "players": names,
                        "your_turn": turn == seat and not state.get("taken_over_by"),
                        "over": r.over, "move": r.move, "turn_name": None if turn is None else names[turn],
                        "updated_at": r.updated_at})
        return _json(out)

    # ------------------------------------------------------------------ a game
    @app.get("/api/games/{game_id}", operation_id="getGame", openapi_extra=AUTH_OPTIONAL,
             responses={**_errors(403, 404, 422, body=False), 200: {"links": LINKS_FROM_VIEW}})
    async def get_game(game_id: str, request: Request, key: LogKey = None, log: LogLength = None) -> JSONResponse:
        s = await session(game_id)
        return _json(view(s, live.seat_of(s, _bearer(request)), key, log))

    @app.post("/api/games/{game_id}/actions", operation_id="postAction", openapi_extra=AUTH,
              responses=_errors(400, 403, 404, 409, 422, links={200: LINKS_FROM_VIEW, 400: LINKS_FROM_REFUSED_MOVE,
                                                                409: LINKS_FROM_STALE_MOVE}))
    async def post_action(game_id: str, body: Move, request: Request, key: LogKey = None,
                          log: LogLength = None) -> JSONResponse:
        s = await session(game_id)
        seat = seat_token(request, s, "act")
        await live.act(s, seat, body.move, body.action, body.revision)
        return _json(view(s, seat, key, log))

    @app.get("/api/games/{game_id}/hint", operation_id="getHint", openapi_extra=AUTH,
             responses=_errors(403, 404, 422, 503, body=False))
    async def get_hint(game_id: str, request: Request) -> JSONResponse:
        s = await session(game_id)
        seat = seat_token(request, s, "ask for a hint")
        if not hints.allowed(s.row.table_opts, s.position.players):
            raise ApiError(403, _('this table does not allow hints (they are chosen when the game is created)'))
        state = s.row.seat_state[seat] if seat < len(s.row.seat_state) else {}
        if s.position.is_over or s.position.current_player != seat or state.get("taken_over_by"):
            raise ApiError(403, _('a hint is only for the seat that decides now, and it is not your decision'))
        try:
            answer = await hinter.hint(s.id, s.game, s.position, s.revision)
        except hints.Busy as exc:
            raise ApiError(503, say(exc.args[0] if exc.args else str(exc)), headers={"Retry-After": "5"}) from exc
        return _json(answer)

    @app.post("/api/games/{game_id}/review", operation_id="postReview",
              responses={**_errors(403, 404, 503), 200: {"description": "the review is done (or failed): as GET"},
                         202: {"description": "the review is queued or running: {state, progress}"}})
    async def post_review(game_id: str) -> JSONResponse:
        s = await session(game_id)
        if not s.position.is_over:
            raise ApiError(403, _('a game is reviewed once it is over, and this one is still being played'))
        try:
            row = await reviewer.ask(game_id)
        except reviews.Busy as exc:
            raise ApiError(503, say(exc.args[0] if exc.args else str(exc)), headers={"Retry-After": "30"}) from exc
        if row is None:
            raise ApiError(403, _('a game is reviewed once it is over, and this one is still being played'))
        status, body = reviews.answer(row)
        return _json(body, 202 if status == 202 else 200)

    @app.get("/api/games/{game_id}/review", operation_id="getReview",
             responses={**_errors(404, 422, body=False),
                        200: {"description": "done: {state, decisions, biggest, ...} as `snowdonia review --json`, "
                                             "or failed: {state, error}"},
                        202: {"description": "queued or running: {state, progress 0.0-1.0}"}})
    async def get_review(game_id: str) -> JSONResponse:
        s = await session(game_id)
        status, body = reviews.answer(reviewer.get(s.id))
        if status == 404:
            raise ApiError(404, body["error"])
        if body.get("state") == "done" and current_lang() != "en" and s.position.is_over:
            start = live.position(game_id, 0)
            if start is not None:
                actions = [str(a) for a in s.position.record()["actions"]]
                body = await asyncio.to_thread(reviews.relabel, body, start[1], actions)
        return _json(body, status)

    @app.post("/api/games/{game_id}/undo", operation_id="postUndo", openapi_extra=AUTH,
              responses={**_errors(400, 403, 404, 409, 422), 200: {"links": LINKS_FROM_VIEW}})
    async def post_undo(game_id: str, body: UndoRequest, request: Request) -> JSONResponse:
        s = await session(game_id)
        seat = seat_token(request, s, "undo")
        await live.undo(s, seat, body.move, body.to, body.revision)
        return _json(view(s, seat))

    @app.post("/api/games/{game_id}/seats/{seat}/name", openapi_extra=AUTH,
              responses=_errors(400, 403, 404, 409, 422))
    async def post_name(game_id: str, seat: int, body: NameRequest, request: Request) -> JSONResponse:
        s = await session(game_id)
        mine = seat_token(request, s, "name a seat")
        if mine != seat:
            raise ApiError(403, _('you can only name your own seat'))
        await live.rename(s, seat, check_name(body.name))
        return _json(view(s, seat))

    @app.post("/api/games/{game_id}/seats/{seat}/reclaim", openapi_extra=AUTH,
              responses=_errors(400, 403, 404, 409, 422))
    async def post_reclaim(game_id: str, seat: int, request: Request) -> JSONResponse:
        s = await session(game_id)
        mine = seat_token(request, s, "reclaim a seat")
        if mine != seat:
            raise ApiError(403, _('you can only reclaim your own seat'))
        await live.reclaim(s, seat)
        return _json(view(s, seat))

    @app.post("/api/games/{game_id}/seats/{seat}/leave", openapi_extra=AUTH,
              responses=_errors(400, 403, 404, 409, 422))
    async def post_leave(game_id: str, seat: int, request: Request) -> JSONResponse:
        s = await session(game_id)
        mine = seat_token(request, s, "leave a seat")
        if mine != seat:
            raise ApiError(403, _('you can only leave your own seat'))
        if s.position.is_over:
            raise ApiError(400, _('the game is over'))
        if not await live.takeover(s, seat, "left"):
            raise ApiError(400, _('a bot is playing this seat already'))
        return _json(view(s, seat))

    @app.post("/api/games/{game_id}/rematch", status_code=201, responses=_errors(400, 403, 404, 429))
    async def post_rematch(game_id: str, request: Request) -> JSONResponse:
        """Offer a rematch of a finished game (the first player to ask creates it: same title,
        scenario, settings, seats and table, a new seed) or join the one offered: the caller's
        key of the new game comes back, derived from their key of this one."""
        s = await session(game_id)
        seat = seat_token(request, s, "ask for a rematch")
        if not s.position.is_over:
            raise ApiError(400, _('a rematch can be offered once the game is over'))
        offered = (s.row.table_opts or {}).get("rematch")
        creator = None if offered else limit_creation(request)
        new_id, token, created = await live.rematch(s, seat, _bearer(request) or "", creator)
        base = str(request.base_url).rstrip("/")
        if created:
            hub.notify(LOBBY)
        return _json({"id": new_id, "seat": seat, "token": token, "url": f"{base}/game/{new_id}#token={token}",
                      "created": created}, 201)

    @app.get("/api/games/{game_id}/record", responses=_errors(403, 404, 422, body=False))
    async def record(game_id: str) -> JSONResponse:
        s = await session(game_id)
        if not s.position.is_over:
            raise ApiError(403, _('the record (with the seed) is only published once the game is over'))
        rec = s.position.record()
        rec["seeded"] = bool(s.row.seeded)
        return _json(rec)

    @app.get("/api/games/{game_id}/replay/{move}", responses=_errors(403, 404, 422, body=False))
    async def replay_at(game_id: str, move: int) -> JSONResponse:
        # A game in progress too (its history, read-only): the public view of an earlier
        # position shows nothing a spectator did not see then.
        s = await session(game_id)
        total = s.position.moves
        if not 0 <= move <= total:
            raise ApiError(404, _('this game has decisions 0 to %(total)s', total=total))
        pos = live.position(game_id, move)
        if pos is None:
            raise ApiError(404, _('no such game'))
        names = live.names(s)
        base = views.seat_view(game_id=s.id, row=s.row, position=pos[1], seat=None, revision=s.revision,
                               names=names, undo={"to_move": None, "why_not": N_("this is a replay")},
                               table_events=[e for e in s.events if e["move"] <= move],
                               solo=series.solo(s))
        seat = s.movers[move - 1][0] if 0 < move <= len(s.movers) else None
        step = _("the start") if move == 0 else _("move %(n)s — %(step)s", n=move, step=views.step_text(
            views.log_payload(pos[1], names), move, seat, pos[1].history[-1]))
        return _json(views.replay_view(base, move, total, step))

    # ------------------------------------------------------------------ the solo series
    series.routes(app, _bearer, _errors, _json, limit_creation)

    # ------------------------------------------------------------------ websockets
    async def first_message(websocket: WebSocket) -> dict[str, Any] | None:
        try:
            raw = await asyncio.wait_for(websocket.receive_text(), timeout=cfg.ws_first_message_seconds)
            data = json.loads(raw)
        except Exception:
            return None
        return data if isinstance(data, dict) else None

    @app.websocket("/ws/games/{game_id}")
    async def ws(websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()
        if "token" in websocket.query_params:
            await websocket.send_json({"error": "send the token in the first message, never in the URL"})
            await websocket.close(code=4400)
            return
        try:
            s = await live.get(game_id) if GAME_ID.match(game_id) else None
        except GameUnavailable as exc:
            await websocket.send_json(exc.body)
            await websocket.close(code=4503)
            return
        if s is None:
            await websocket.send_json({"error": "no such game"})
            await websocket.close(code=4404)
            return
        first = await first_message(websocket)
        if first is None:
            with contextlib.suppress(Exception):
                await websocket.close(code=4400)
            return
        token = first.get("token") or None
        try:
            seat = live.seat_of(s, token if isinstance(token, str) else None)
        except ApiError as exc:
            await websocket.send_json(exc.body)
            await websocket.close(code=4403)
            return

        def current(w: Watcher) -> dict[str, Any] | None:
            cur = live.sessions.get(game_id)
            if cur is None:
                return None
            # After the first push, each one carries only the log lines this socket has not sent.
            key, length = w.held if w.held is not None else (None, None)
            v = view(cur, w.seat, key, length)
            w.held = (str(v["log_key"]), int(v["log_total"]))
            return v

        def seat_of(new_token: str | None) -> int | None:
            return live.seat_of(s, new_token if isinstance(new_token, str) else None)

        if seat is None and hub.spectators(game_id) >= cfg.max_sockets_per_game:
            # Seats are counted apart: spectators never lock a player out.
            await websocket.send_json({"error": f"all {cfg.max_sockets_per_game} spectator places of this game "
                                                "are taken; try again later", "retry": True})
            await websocket.close(code=4429)
            return
        # Touch the game again: the wait for the first message may have let the cache drop it.
        with contextlib.suppress(GameUnavailable):
            await live.get(game_id)
        await hub.serve(game_id, Watcher(websocket, seat), current, seat_of,
                        on_change=lambda: _seats_changed(game_id))

    def _seats_changed(game_id: str) -> None:
        s = live.sessions.get(game_id)
        if s is not None:
            hub.notify(game_id)

    @app.websocket("/ws/lobby")
    async def ws_lobby(websocket: WebSocket) -> None:
        await websocket.accept()
        if hub.count(LOBBY) >= cfg.max_connections:
            await websocket.close(code=4429)
            return
        await hub.serve(LOBBY, Watcher(websocket, None), lambda _w: lobby_list())

    bodies = create_bodies(lambda name: list(live.levels(name)))

    def openapi() -> dict[str, Any]:
        """FastAPI's document, with the creation body narrowed per title (oneOf)."""
        if app.openapi_schema:
            return app.openapi_schema
        doc = get_openapi(title=app.title, version=app.version, routes=app.routes)
        models = list(bodies.values())
        _schemas, defs = models_json_schema([(m, "validation") for m in models],
                                     ref_template="#/components/schemas/{model}")
        comps = doc.setdefault("components", {}).setdefault("schemas", {})
        comps.update(defs.get("$defs", {}))
        union = {"oneOf": [{"$ref": f"#/components/schemas/{m.__name__}"} for m in models]}
        op = doc["paths"]["/api/games"]["post"]
        op["requestBody"]["content"]["application/json"]["schema"] = union
        app.openapi_schema = doc
        return doc

    app.openapi = openapi  # type: ignore[method-assign]
    return app


def bot_pool_up() -> bool:
    """The bot pool of this process can take work (it is started on first use)."""
    from snowdonia.web import thinking

    return bool(thinking.pool("quick").active)


def app_from_env() -> FastAPI:
    """The app uvicorn's workers build (`snowdonia serve --workers N`): settings from the
    SNOWDONIA_* environment."""
    from snowdonia.store.db import default_database_url

    logger = logging.getLogger("snowdonia")
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(levelname)s:     %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False
    return create_app(default_database_url(), settings=ServerSettings.from_env())


def token_for(key: str) -> Callable[[str, int], str]:
    """Seat tokens derived from a player key (the solo series): the server can give them back
    to the key's holder without storing them."""
    def make(game_id: str, seat: int) -> str:
        mac = hmac.new(key.encode("utf-8", "surrogatepass"), f"seat:{game_id}:{seat}".encode(), hashlib.sha256)
        return mac.hexdigest()[:40]
    return make


__all__ = ["ApiError", "app_from_env", "create_app", "hash_token", "secrets", "token_for"]
