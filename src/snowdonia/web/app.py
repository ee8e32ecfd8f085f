"""The FastAPI application: HTTP API, websocket and the static client.

HTTP contract (spec, issue 3): POST /api/games, GET /api/games/{id},
POST /api/games/{id}/actions, GET /api/games/{id}/record, WS /ws/games/{id}; plus undo,
replay of finished games and the lobby's metadata."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from snowdonia.bots import is_bot_spec
from snowdonia.games.snowdonia.game import new_game
from snowdonia.games.snowdonia.rules.config import SettingsError
from snowdonia.store import Store
from snowdonia.web import views
from snowdonia.web.hub import Hub, Watcher
from snowdonia.web.live import ApiError, Live, Session

STATIC = Path(str(resources.files("snowdonia.web") / "static"))


class CreateGame(BaseModel):
    players: int = Field(ge=1, le=5)
    seats: list[str]
    seed: int | None = None
    settings: dict[str, Any] = Field(default_factory=dict)


class Move(BaseModel):
    action: str
    move: int


class UndoRequest(BaseModel):
    move: int


def _token(request: Request) -> str | None:
    auth = request.headers.get("authorization")
    if not auth:
        return None
    scheme, _, value = auth.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise ApiError(403, "the Authorization header must be 'Bearer <token>'")
    return value.strip()


def _json(payload: Any, status: int = 200) -> JSONResponse:
    """Views are JSON-safe already (the engine's observation contract), so they skip
    FastAPI's recursive encoder, which costs ten times what building the view does."""
    return JSONResponse(payload, status_code=status)


def create_app(database_url: str | None = None, store: Store | None = None, cache_size: int = 2000) -> FastAPI:
    """The app on a database; `cache_size` bounds the live games kept in memory."""
    store = store or Store(database_url)
    hub = Hub()
    live = Live(store, hub.notify, lambda gid: hub.count(gid) > 0, cache_size)
    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # Bots whose turn it was when the server stopped carry on without waiting for a visitor.
        for game_id in store.unfinished_with_bots():
            await live.get(game_id)
        yield

    app = FastAPI(title="Snowdonia", docs_url="/api/docs", openapi_url="/api/openapi.json", lifespan=lifespan)
    app.state.store = store
    app.state.live = live
    app.state.hub = hub

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body, status_code=exc.status)

    async def session(game_id: str) -> Session:
        s = await live.get(game_id)
        if s is None:
            raise ApiError(404, f"no game {game_id!r}")
        return s

    def view(s: Session, seat: int | None) -> dict[str, Any]:
        return views.seat_view(s.id, s.seats, s.game, seat, live.can_undo(s, seat))

    # ------------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    boards = {"snowdonia": Path(str(resources.files("snowdonia.games.snowdonia.ui") / "web" / "board.js"))}

    @app.get("/boards/{game}.js", include_in_schema=False)
    async def board(game: str) -> FileResponse:
        path = boards.get(game)
        if path is None:
            raise ApiError(404, f"no board for {game!r}")
        return FileResponse(path, media_type="text/javascript")

    # ------------------------------------------------------------------ API
    meta_cache: dict[str, Any] = {}

    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        if meta_cache:
            return meta_cache
        sample = new_game(2, seed=0)
        meta_cache.update({
            "bots": views.bot_levels(),
            "settings": {
                "edition": ["original", "deluxe"], "light_fog": [False, True],
                "contracts_per_window": [0, 1], "solo_train": list(range(1, 8)),
                "deluxe_track_cards": [False, True],
            },
            **views.catalogue(sample),
        })
        return meta_cache

    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return [
            {"id": r.id, "players": r.players, "seats": views.seats_payload(r.seats), "move": r.move,
             "over": r.over, "result": r.result and {"scores": r.result["scores"], "winners": r.result["winners"]}}
            for r in store.list_games()
        ]

    @app.post("/api/games", status_code=201)
    async def create(body: CreateGame, request: Request) -> JSONResponse:
        if len(body.seats) != body.players:
            raise ApiError(400, f"give one seat per player: {body.players} players, {len(body.seats)} seats")
        seats = [s.strip() for s in body.seats]
        for s in seats:
            if s != "human" and not is_bot_spec(s):
                raise ApiError(400, f"a seat is 'human' or a bot ({', '.join(views.bot_levels())}), not {s!r}")
        try:
            game_id, tokens = live.create(body.players, seats, body.seed, body.settings)
        except (SettingsError, ValueError, TypeError) as exc:
            raise ApiError(400, str(exc)) from exc
        base = str(request.base_url).rstrip("/")
        out = []
        for i, kind in enumerate(seats):
            entry: dict[str, Any] = {"seat": i, "kind": kind}
            if i in tokens:
                # The token rides in the fragment: browsers never send it in requests or logs.
                entry["token"] = tokens[i]
                entry["url"] = f"{base}/game/{game_id}#token={tokens[i]}"
            out.append(entry)
        live.kick_bots(live.sessions[game_id])
        return _json({"id": game_id, "seats": out, "watch_url": f"{base}/game/{game_id}"}, 201)

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str, request: Request) -> JSONResponse:
        s = await session(game_id)
        return _json(view(s, live.seat_of(s, _token(request))))

    @app.post("/api/games/{game_id}/actions")
    async def post_action(game_id: str, body: Move, request: Request) -> JSONResponse:
        s = await session(game_id)
        seat = live.seat_of(s, _token(request))
        if seat is None:
            raise ApiError(403, "a seat token is needed to act (Authorization: Bearer <token>)")
        await live.act(s, seat, body.move, body.action)
        return _json(view(s, seat))

    @app.post("/api/games/{game_id}/undo")
    async def post_undo(game_id: str, body: UndoRequest, request: Request) -> JSONResponse:
        s = await session(game_id)
        seat = live.seat_of(s, _token(request))
        if seat is None:
            raise ApiError(403, "a seat token is needed to undo")
        await live.undo(s, seat, body.move)
        return _json(view(s, seat))

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str) -> JSONResponse:
        s = await session(game_id)
        if not s.game.is_over:
            raise ApiError(403, "the record (with the seed) is only published once the game is over")
        return _json(s.game.record())

    @app.get("/api/games/{game_id}/replay/{move}")
    async def replay_at(game_id: str, move: int) -> JSONResponse:
        s = await session(game_id)
        if not s.game.is_over:
            raise ApiError(403, "only a finished game can be replayed")
        total = s.game.moves
        if not 0 <= move <= total:
            raise ApiError(404, f"move must be 0..{total}")
        pos = live.position(game_id, move)
        assert pos is not None
        return _json(views.replay_view(game_id, s.seats, pos[1], total))

    # ------------------------------------------------------------------ websocket
    @app.websocket("/ws/games/{game_id}")
    async def ws(websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()
        s = await live.get(game_id)
        if s is None:
            await websocket.send_json({"error": f"no game {game_id!r}"})
            await websocket.close(code=4404)
            return
        token = websocket.query_params.get("token")
        if token is None:
            # Without a query token the first message names the seat: {"token": "..."|null}.
            try:
                first = await asyncio.wait_for(websocket.receive_text(), timeout=30)
                token = json.loads(first).get("token") or None
            except (TimeoutError, ValueError, AttributeError, WebSocketDisconnect):
                await websocket.close(code=4400)
                return
        try:
            seat = live.seat_of(s, token)
        except ApiError as exc:
            await websocket.send_json(exc.body)
            await websocket.close(code=4403)
            return

        # Touch the game again: the wait for the first message may have let the cache drop it.
        await live.get(game_id)

        def current(w: Watcher) -> dict[str, Any] | None:
            cur = live.sessions.get(game_id)
            return None if cur is None else view(cur, w.seat)

        def seat_of(new_token: str | None) -> int | None:
            return live.seat_of(s, new_token)

        await hub.serve(game_id, Watcher(websocket, seat), current, seat_of)

    return app
