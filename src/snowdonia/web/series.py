"""The solo series (seed 004 "Solitaire Play"): seven one-player games, trains No. 1 to No. 7,
with personal bests per train and per series kept in the database under a player key.

A browser gets a random player key once (`POST /api/players`) and sends it as a bearer token
on these routes only. Only a hash of the key is stored. The seat tokens of a series' games
are derived from the key (an HMAC of the game id), so the server can hand them back to the
key's holder after a restart without ever storing them. Series games are never seeded, so
every best was set on a fairly shuffled game.

Which title and setting make a series is data (`SERIES_GAME`, `SERIES_SETTING`): the title
must offer a one-player setting of that key; its choices are the series' trains, in order.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from snowdonia.core.i18n import _
from snowdonia.registry import names as title_names
from snowdonia.registry import title
from snowdonia.store import StaleWrite, Store
from snowdonia.store.db import hash_token, series, series_games
from snowdonia.web.live import ApiError, Live, Session, check_name

SERIES_GAME = "snowdonia"
SERIES_SETTING = "solo_train"


class StartSeries(BaseModel):
    model_config = ConfigDict(extra="forbid")
    settings: dict[str, Any] = Field(default_factory=dict)
    name: str | None = Field(default=None, max_length=200)


def _key_hash(key: str) -> str:
    return hash_token("player:" + key)


class SeriesService:
    def __init__(self, store: Store, live: Live) -> None:
        self.store = store
        self.live = live
        self.owners: dict[str, str] = {}  # series id -> player hash
        self.best_cache: dict[str, dict[str, Any]] = {}
        self.before_cache: dict[str, int | None] = {}  # game id -> the best for its train when it began
        self.key_limit: dict[str, list[float]] = {}

    # ------------------------------------------------------------------ the series' trains
    def trains(self) -> list[int]:
        if SERIES_GAME not in title_names():
            return []
        spec = next((s for s in title(SERIES_GAME).settings if s.key == SERIES_SETTING), None)
        return [int(c) for c in spec.choices] if spec is not None else []

    def owner(self, series_id: str) -> str | None:
        if series_id not in self.owners:
            row = self.store.series_row(series_id)
            if row is None:
                return None
            self.owners[series_id] = row["player"]
        return self.owners[series_id]

    def bests(self, player: str) -> dict[str, Any]:
        if player not in self.best_cache:
            self.best_cache[player] = self.store.bests(player)
        return self.best_cache[player]

    # ------------------------------------------------------------------ hooks for views and ends
    def solo(self, s: Session) -> dict[str, Any] | None:
        """The `solo` block of a one-player game's views: its train and the personal best for
        that train (for series games: the series owner's)."""
        if s.row.players != 1 or SERIES_SETTING not in s.row.settings:
            return None
        train = s.row.settings.get(SERIES_SETTING)
        best = None
        before = None
        if s.row.series_id:
            player = self.owner(s.row.series_id)
            if player is not None:
                best = self.bests(player)["per_train"].get(str(train))
                if isinstance(train, int):
                    before = self.best_before(s, player, train)
        return {"train": train, "best": best, "best_before": before, "series": s.row.series_id}

    def best_before(self, s: Session, player: str, train: int) -> int | None:
        """The player's best score with `train` when this game began: the highest of their
        series games with that train that had ended before this one was created (None if
        none had). It never changes, so it is worked out once per game."""
        if s.id in self.before_cache:
            return self.before_cache[s.id]
        with self.store.engine.connect() as c:
            ids = [r.game_id for r in c.execute(
                select(series_games.c.game_id).join(series, series.c.id == series_games.c.series_id)
                .where(series.c.player == player, series_games.c.train == train,
                       series_games.c.game_id != s.id))]
        scores = [int((r.result or {}).get("scores", [0])[0]) for r in self.store.rows(ids).values()
                  if r.over and r.result and r.updated_at <= s.row.created_at]
        before = max(scores) if scores else None
        if len(self.before_cache) > 10000:
            self.before_cache.clear()
        self.before_cache[s.id] = before
        return before

    def game_over(self, s: Session) -> None:
        """A series game ended: keep the player's bests (per train; per series after the last)."""
        if not s.row.series_id:
            return
        player = self.owner(s.row.series_id)
        row = self.store.series_row(s.row.series_id)
        if player is None or row is None:
            return
        score = int(s.position.result()["scores"][0])
        train = int(s.row.settings.get(SERIES_SETTING, 0))
        self.store.record_best(player, "train", train, score, s.id)
        trains = self.trains()
        played = dict(row["games"])
        if trains and sorted(played) == trains:
            rows = self.store.rows(list(played.values()))
            if all(r.over for r in rows.values()) and len(rows) == len(trains):
                total = sum(int((r.result or {}).get("scores", [0])[0]) for r in rows.values())
                self.store.record_best(player, "series", 0, total, s.row.series_id)
        self.best_cache.pop(player, None)

    # ------------------------------------------------------------------ routes
    def routes(self, app: FastAPI, bearer: Callable[[Request], str | None], errors: Callable[..., Any],
               as_json: Callable[..., JSONResponse], limit_creation: Callable[[Request], str]) -> None:
        store, live = self.store, self.live

        def player(request: Request) -> tuple[str, str]:
            key = bearer(request)
            if key is None:
                raise ApiError(403, _("a player key is needed (Authorization: Bearer <key>, from POST /api/players)"))
            h = _key_hash(key)
            if not store.player_exists(h):
                raise ApiError(403, _("this is not a player key of this server"))
            return key, h

        def own_series(series_id: str, h: str) -> dict[str, Any]:
            if not (0 < len(series_id) <= 32) or not series_id.replace("-", "").replace("_", "").isalnum():
                raise ApiError(404, _("no such series"))
            row = store.series_row(series_id)
            if row is None:
                raise ApiError(404, _("no such series"))
            if row["player"] != h:
                raise ApiError(403, _("this series belongs to another player key"))
            return row

        def start(key: str, h: str, row: dict[str, Any], train: int, request: Request) -> tuple[str, str]:
            from snowdonia.web.app import token_for

            names = [row["name"]] if row["name"] else [None]
            settings = {**row["settings"], SERIES_SETTING: train}
            gid, tokens = live.create(row["game"], 1, ["human"], names, None, None, settings, private=True,
                                      creator=limit_creation(request), series_id=row["id"], token_for=token_for(key))
            try:
                store.add_series_game(row["id"], train, gid)
            except StaleWrite as exc:
                raise ApiError(409, _("train No. %(n)s of this series was started already", n=train)) from exc
            return gid, tokens[0]

        @app.post("/api/players", status_code=201, responses=errors(429))
        async def new_player(request: Request) -> JSONResponse:
            from snowdonia.web.app import client_key

            who = client_key(request)
            now = time.time()
            recent = [t for t in self.key_limit.get(who, []) if t > now - 60]
            if len(recent) >= live.settings.games_per_minute:
                wait = int(recent[0] + 60 - now) + 1
                raise ApiError(429, _("too many new player keys from you; try again in %(n)s s", n=wait),
                               headers={"Retry-After": str(wait)})
            self.key_limit[who] = [*recent, now]
            key = secrets.token_urlsafe(24)
            store.add_player(_key_hash(key))
            return as_json({"key": key}, 201)

        @app.get("/api/players/me/bests", responses=errors(403, body=False))
        async def my_bests(request: Request) -> JSONResponse:
            _key, h = player(request)
            return as_json(self.bests(h))

        @app.post("/api/series", status_code=201, responses=errors(400, 403, 422, 429))
        async def new_series(body: StartSeries, request: Request) -> JSONResponse:
            key, h = player(request)
            trains = self.trains()
            if not trains:
                raise ApiError(400, _("no title on this server offers a solo series"))
            settings = dict(body.settings)
            if SERIES_SETTING in settings:
                raise ApiError(400, _("a series chooses the train itself (%(setting)s is not a setting here)",
                                      setting=SERIES_SETTING))
            name = check_name(body.name) if body.name is not None else None
            try:  # the settings must make a game before a series is stored
                title(SERIES_GAME).new_game(1, seed=0, **{**settings, SERIES_SETTING: trains[0]})
            except (ValueError, TypeError, KeyError, OverflowError) as exc:  # SettingsError is a ValueError
                raise ApiError(400, str(exc) or "these settings cannot make a game") from exc
            sid = secrets.token_urlsafe(9)
            store.create_series(sid, h, SERIES_GAME, settings, name)
            row = store.series_row(sid)
            assert row is not None
            self.owners[sid] = h
            gid, token = start(key, h, row, trains[0], request)
            s = await live.get(gid)
            assert s is not None
            return as_json({"id": sid, "game": live.view(s, 0, self.solo(s)), "token": token}, 201)

        async def summary(key: str, h: str, row: dict[str, Any]) -> dict[str, Any]:
            from snowdonia.web.app import token_for

            trains = self.trains()
            games = []
            total = 0
            make = token_for(key)
            for train, gid in row["games"]:
                s = await live.get(gid)
                if s is None:
                    continue
                score = int(s.position.result()["scores"][0])
                if s.position.is_over:
                    total += score
                games.append({"train": train, "id": gid, "score": score, "over": s.position.is_over,
                              "token": make(gid, 0)})
            last_over = bool(games) and games[-1]["over"]
            nxt = None
            if last_over and len(games) < len(trains):
                nxt = trains[len(games)]
            return {"id": row["id"], "name": row["name"], "settings": row["settings"], "train_next": nxt,
                    "trains": trains, "games": games, "total": total,
                    "complete": len(games) == len(trains) and all(g["over"] for g in games),
                    "best": self.bests(h)}

        @app.get("/api/series/{series_id}", responses=errors(403, 404, 422, body=False))
        async def get_series(series_id: str, request: Request) -> JSONResponse:
            key, h = player(request)
            return as_json(await summary(key, h, own_series(series_id, h)))

        @app.post("/api/series/{series_id}/next", status_code=201, responses=errors(400, 403, 404, 409, 429))
        async def next_game(series_id: str, request: Request) -> JSONResponse:
            key, h = player(request)
            row = own_series(series_id, h)
            trains = self.trains()
            played = row["games"]
            if played:
                last_train, last_gid = played[-1]
                last = await live.get(last_gid)
                if last is not None and not last.position.is_over:
                    raise ApiError(409, _("finish train No. %(n)s first", n=last_train))
            if len(played) >= len(trains):
                raise ApiError(400, _("the series is complete: all %(n)s trains are played", n=len(trains)))
            train = trains[len(played)]
            gid, token = start(key, h, row, train, request)
            s = await live.get(gid)
            assert s is not None
            return as_json({"id": series_id, "train": train, "game": live.view(s, 0, self.solo(s)), "token": token},
                           201)
