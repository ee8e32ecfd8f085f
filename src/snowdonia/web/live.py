"""Live games: an in-memory cache of positions backed by the store, the per-game lock that
serialises changes, undo, clocks and takeovers, and the server-side bots.

Every change follows one path: check under the game's lock, apply, and write it to the
database conditionally on the revision this process read (`Store.append_move` and friends).
Only a committed change is shown to anyone. If the write finds the game changed (another
server process wrote first), nothing is written, this process reloads the game from the
database and the request is answered 409. Every request first compares the stored revision
with the cached one, so a second process's changes are picked up before anything is decided.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import DBAPIError

from snowdonia.core.errors import ActionParseError, IllegalAction, SettingsError
from snowdonia.core.i18n import N_, _, say
from snowdonia.core.i18n import lang as current_lang
from snowdonia.core.protocol import Position
from snowdonia.registry import title
from snowdonia.store import StaleWrite, Store, restore
from snowdonia.store.db import SNAPSHOT_EVERY, GameRow, hash_token
from snowdonia.web import metrics, views
from snowdonia.web.levels import Level, fallback, level_map
from snowdonia.web.settings import ServerSettings
from snowdonia.web.thinking import Thinker, configure

log = logging.getLogger("snowdonia.web")
MAX_TABLE_EVENTS = 200  # takeovers and reclaims per game (memory per game stays bounded)


class ApiError(Exception):
    """A refused request: HTTP status and a JSON body that says why."""

    def __init__(self, status: int, error: str, headers: dict[str, str] | None = None, kind: str | None = None,
                 **extra: Any) -> None:
        super().__init__(error)
        self.status = status
        # A short name of the refusal for the metrics (snowdonia_refusals{reason=...}).
        self.kind = kind or {400: "bad_request", 403: "forbidden", 404: "not_found", 409: "stale",
                             429: "rate_limited", 503: "unavailable"}.get(status, str(status))
        self.headers = headers or {}
        self.body = {"error": error, **extra}


class GameUnavailable(ApiError):
    """A stored game that cannot be loaded (damaged data, a title this server does not
    have): answered 503 for that game only; every other game goes on."""

    def __init__(self, game_id: str) -> None:
        super().__init__(503, f"game {game_id} cannot be loaded from the database right now; the operator has been "
                              "told (other games are not affected)", headers={"Retry-After": "60"})
        self.kind = "game_unavailable"


def rematch_token(token: str, new_id: str) -> str:
    """A seat's key of a rematch, derived from its key of the game before: only the holder of
    the old key can compute it, and it is the same each time they ask."""
    mac = hmac.new(token.encode(), f"rematch:{new_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:24]).decode().rstrip("=")


@dataclass
class LogCache:
    epoch: int
    names: tuple[str, ...]
    texts: list[str]  # the words of the engine's events, in order
    revision: int
    lines: list[dict[str, Any]]  # the whole log payload at `revision`
    key: str  # views.log_key_for of those lines


@dataclass
class Session:
    id: str
    row: GameRow
    position: Position
    movers: list[tuple[int, str | None]]  # per decision: seat, bot level (None: a person)
    revision: int
    events: list[dict[str, Any]] = field(default_factory=list)  # table events
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    token_seats: dict[str, int] = field(default_factory=dict)  # token hash -> seat, once looked up
    chances: dict[int, Hashable] = field(default_factory=dict)  # move -> chance_state() then
    undo_cache: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    # What each change this process made was (revision -> "move", "undo", "takeover",
    # "reclaim", "name"), so a refused stale click can say what happened; bounded.
    changes: dict[int, str] = field(default_factory=dict)
    # The log's words: from revision `log_epoch` on the engine's log only grew and the names
    # stayed (an undo, a rename, a table event or a reload starts a new epoch), so each engine
    # event's words are computed once per epoch and language (`log_caches`: language -> cache).
    log_epoch: int = 0
    log_caches: dict[str, LogCache] = field(default_factory=dict)
    # What every view of one position shares (the running score, the decider's legal moves),
    # built once per revision: {"revision": r, "score": ..., "legal": ...}.
    shared: dict[str, Any] = field(default_factory=dict)

    @property
    def game(self) -> str:
        return self.row.game

    @property
    def seats(self) -> list[str]:
        return self.row.seats


def check_name(name: Any) -> str:
    """A display name: at most 24 printable characters as sent (spaces count), not all
    spaces; runs of spaces are folded into one. ApiError 400 otherwise."""
    if not isinstance(name, str):
        raise ApiError(400, _('a name must be text'))
    if len(name) > 24:
        raise ApiError(400, _('a name has at most 24 characters; %(x)s has %(x2)s', x=repr(name[:30]), x2=len(name)))
    if not name.isprintable():
        raise ApiError(400, _('a name may only hold printable characters (no tabs, line breaks or control characters)'))
    clean = " ".join(name.split())
    if not clean:
        raise ApiError(400, _('a name cannot be empty'))
    if len(clean) > 24:
        raise ApiError(400, _('a name has at most 24 characters; %(x)s has %(x2)s', x=repr(clean[:30]), x2=len(clean)))
    if not clean.isprintable():
        raise ApiError(400, _('a name may only hold printable characters'))
    return clean


class Live:
    def __init__(
        self, store: Store, notify: Callable[[str], None], watched: Callable[[str], bool] = lambda _id: False,
        cache_size: int = 2000, settings: ServerSettings | None = None,
        connected: Callable[[str], set[int]] = lambda _id: set(),
    ) -> None:
        self.store = store
        self.notify = notify
        self.watched = watched
        self.connected = connected
        self.cache_size = cache_size
        self.settings = settings or ServerSettings()
        self.owner = secrets.token_hex(8)  # this process, for bot leases
        self.thinker = Thinker(self.settings.bot_deadline_seconds, self.fallback, self.needs)
        configure(self.settings.bot_processes)
        # Insertion order doubles as recency: a used session is moved to the end.
        self.sessions: dict[str, Session] = {}
        self.on_over: Callable[[Session], None] | None = None
        # Games that failed to load, with the stored revision they failed at: not tried again
        # (nor logged again) until the stored game changes.
        self.broken: dict[str, int | None] = {}
        self._heartbeat: asyncio.Task[None] | None = None
        self._levels: dict[str, dict[str, Level]] = {}

    # ------------------------------------------------------------------ levels
    def levels(self, game: str) -> dict[str, Level]:
        """The levels offered for a title (built once: naming them makes a bot of each, and
        every view names the seats), once per language: their names and sentences are words."""
        key = f"{game}:{current_lang()}"
        found = self._levels.get(key)
        if found is None:
            found = self._levels[key] = level_map(game, self.settings.bot_max_seconds,
                                                  self.settings.bot_max_iterations)
        return found

    def fallback(self, game: str, level: str) -> str | None:
        return fallback(game, level, self.settings.bot_max_seconds, self.settings.bot_max_iterations)

    def needs(self, game: str, level: str) -> float:
        """The time a level must have left to be started: its own seconds and a grace for
        restoring the position in a worker."""
        found = self.levels(game).get(level)
        return 0.0 if found is None else found.seconds * 1.2 + 0.2

    def names(self, s: Session) -> list[str]:
        return views.seat_names(s.seats, s.row.names, self.levels(s.game))

    def controller(self, s: Session, seat: int) -> str | None:
        """The bot level that decides for `seat` now (None: its player)."""
        kind = s.seats[seat]
        if kind != "human":
            return kind
        state = s.row.seat_state[seat] if seat < len(s.row.seat_state) else {}
        return state.get("taken_over_by")

    # ------------------------------------------------------------------ cache
    def _remember(self, s: Session) -> None:
        self.sessions.pop(s.id, None)
        self.sessions[s.id] = s
        if len(self.sessions) <= self.cache_size:
            return
        # Forget the least recently used idle games; the database has them all.
        for gid in list(self.sessions):
            if len(self.sessions) <= self.cache_size:
                break
            old = self.sessions[gid]
            busy = old.lock.locked() or (old.bot_task is not None and not old.bot_task.done())
            if gid != s.id and not busy and not self.watched(gid):
                del self.sessions[gid]

    # ------------------------------------------------------------------ creation and loading
    def create(self, game: str, players: int, seats: list[str], names: list[str | None], seed: int | None,
               scenario: str | None, settings: dict[str, Any], *, private: bool = False,
               table: dict[str, Any] | None = None, creator: str | None = None,
               series_id: str | None = None, token_for: Callable[[str, int], str] | None = None,
               ) -> tuple[str, dict[int, str]]:
        """Set up and store a new game; returns its id and a fresh token per human seat.
        Raises ApiError 400 in the title's words for settings that make no game."""
        try:
            position = title(game).new_game(players, seed=seed, scenario=scenario, **settings)
        except (SettingsError, ValueError, TypeError, OverflowError, KeyError) as exc:
            raise ApiError(400, str(exc.args[0] if isinstance(exc, KeyError) and exc.args else exc)
                           or _("these settings cannot make a game")) from exc
        game_id = secrets.token_urlsafe(9)
        tokens = {i: (token_for(game_id, i) if token_for else secrets.token_urlsafe(24))
                  for i, s in enumerate(seats) if s == "human"}
        opts = table or {}
        row_values: dict[str, Any] = {
            "game": game, "players": players, "scenario": position.scenario, "seed": position.seed,
            "settings": position.settings, "seats": seats, "private": private, "seeded": seed is not None,
            "names": names, "table_opts": opts, "seat_state": [{} for _ in seats], "creator": creator,
            "series_id": series_id,
        }
        row_values.update(self._turn_values(seats, [{} for _ in seats], opts, position, time.time()))
        self.store.create_game(game_id, row_values, {i: hash_token(t) for i, t in tokens.items()}, position.snapshot())
        row = self.store.game_row(game_id)
        assert row is not None
        self._remember(Session(game_id, row, position, [], row.revision))
        return game_id, tokens

    def position(self, game_id: str, upto: int | None = None) -> tuple[GameRow, Position, list[tuple[int, str | None]]] | None:
        """Rebuild a stored position from its newest snapshot (replays < SNAPSHOT_EVERY
        decisions)."""
        try:
            loaded = self.store.load(game_id, upto)
            if loaded is None:
                return None
            position = restore(loaded.snapshot, loaded.row.game)
            for text in loaded.actions_after:
                position.apply(text)
        except DBAPIError:
            raise  # the database failed, not this game's data (answered 503 for every request)
        except Exception as exc:
            self._failed(game_id, exc)
            raise GameUnavailable(game_id) from exc
        self.broken.pop(game_id, None)
        metrics.GAMES_UNLOADABLE.set(len(self.broken))
        return loaded.row, position, loaded.movers

    def _failed(self, game_id: str, exc: BaseException) -> None:
        """Report a game that does not load: one log line per stored revision, a metric."""
        try:
            stored = self.store.revision(game_id)
        except Exception:
            stored = None
        metrics.LOAD_FAILURES.inc()
        if game_id not in self.broken or self.broken[game_id] != stored:
            log.error("game %s (revision %s) cannot be loaded: %s: %s", game_id, stored, type(exc).__name__, exc)
        self.broken[game_id] = stored
        metrics.GAMES_UNLOADABLE.set(len(self.broken))
        self.sessions.pop(game_id, None)

    async def get(self, game_id: str) -> Session | None:
        s = self.sessions.get(game_id)
        stored = self.store.revision(game_id)
        if stored is None:
            return None
        if s is None and game_id in self.broken and self.broken[game_id] == stored:
            raise GameUnavailable(game_id)  # known broken at this revision: not loaded again
        # Another process may have changed the game; the database is the authority.
        if s is None or s.revision != stored:
            if s is None:
                pos = self.position(game_id)
                if pos is None:
                    return None
                row, position, movers = pos
                s = Session(game_id, row, position, movers, row.revision, self.store.events(game_id),
                            log_epoch=row.revision)
                if row.waiting == "unknown":  # a game from an older database
                    values = self._turn_values(row.seats, row.seat_state, row.table_opts, position, time.time())
                    self.store.set_turn(game_id, row.revision, values["waiting"], values["turn"])
                    s.row = _row_with(row, waiting=values["waiting"], turn=values["turn"])
            else:
                self._reload(s)
            self.kick_bots(s)
        self._remember(s)
        return s

    def _reload(self, s: Session) -> None:
        pos = self.position(s.id)
        if pos is not None:
            s.row, s.position, s.movers = pos
            s.revision = s.row.revision
            s.log_epoch = s.revision
            s.events = self.store.events(s.id)
            s.chances.clear()
            s.undo_cache.clear()

    def seat_of(self, s: Session, token: str | None) -> int | None:
        """The seat a token acts for; ApiError 403 for a token of no seat of this game."""
        if token is None:
            return None
        key = hash_token(token)
        seat = s.token_seats.get(key)
        if seat is None:
            # Tokens never change, so a seat found once is kept; unknown ones always ask.
            seat = self.store.seat_for_token(s.id, token)
            if seat is None:
                raise ApiError(403, _('this token is not a seat of this game'))
            s.token_seats[key] = seat
        return seat

    # ------------------------------------------------------------------ views
    def clocks(self, s: Session) -> dict[int, int | None]:
        clock = s.row.table_opts.get("clock") or {}
        mode = clock.get("mode", "none")
        if mode == "none":
            return {}
        now = time.time()
        out: dict[int, int | None] = {}
        decider = s.position.current_player
        for i, kind in enumerate(s.seats):
            if kind != "human":
                continue
            state = s.row.seat_state[i] if i < len(s.row.seat_state) else {}
            if i == decider and s.row.clock_deadline is not None and not state.get("taken_over_by"):
                out[i] = max(0, int((s.row.clock_deadline - now) * 1000))
            elif mode == "game":
                out[i] = int(state.get("left_ms", clock_seconds(clock) * 1000))
            else:
                out[i] = int(clock_seconds(clock) * 1000)
        return out

    def view(self, s: Session, seat: int | None, solo: dict[str, Any] | None = None,
             key: str | None = None, log_length: int | None = None) -> dict[str, Any]:
        """A seat's view. A client that holds `log_length` lines of a log with `key` (a view's
        `log_key`) gets only the lines after those when the key is still the log's: no
        undo, rename or table event since, so its lines are the first lines of the log now.
        Otherwise, and on a first load, the whole log."""
        lines = self.whole_log(s)
        cached = s.log_caches.get(current_lang())
        current = cached.key if cached is not None else ""
        start = 0
        # A game at its cap of table events writes no line for an undo, which then leaves
        # the key as it was: such a game always sends the whole log.
        if key is not None and log_length is not None and key == current and len(s.events) < MAX_TABLE_EVENTS \
                and 0 <= log_length <= len(lines):
            start = log_length
        return views.seat_view(
            game_id=s.id, row=s.row, position=s.position, seat=seat, revision=s.revision, names=self.names(s),
            undo=self.undo_info(s, seat), connected=self.connected(s.id),
            clocks=self.clocks(s), solo=solo, log=lines, log_from=start, log_key=current,
            score=self._shared(s, "score"), legal=self._shared(s, "legal") if self._deciding(s, seat) else None,
        )

    @staticmethod
    def _deciding(s: Session, seat: int | None) -> bool:
        p = s.position
        return seat is not None and not p.is_over and p.current_player == seat

    @staticmethod
    def _shared(s: Session, what: str) -> Any:
        """A part of the view that is the same for every seat at this revision, built once per
        language (the legal moves' labels are words)."""
        if s.shared.get("revision") != s.revision or s.shared.get("position") is not s.position:
            s.shared = {"revision": s.revision, "position": s.position}
        key = what if what == "score" else f"{what}:{current_lang()}"
        if key not in s.shared:
            p = s.position
            s.shared[key] = p.result() if what == "score" else views.legal_payload(p, p.legal_actions())
        return s.shared[key]

    def whole_log(self, s: Session) -> list[dict[str, Any]]:
        """The whole log payload of the game as it is (the same for every seat), built once per
        revision; each engine event's words are computed once per epoch."""
        names = tuple(self.names(s))
        lang = current_lang()
        c = s.log_caches.get(lang)
        if c is not None and c.revision == s.revision and c.epoch == s.log_epoch and c.names == names:
            return c.lines
        texts: list[str] = c.texts if c is not None and c.epoch == s.log_epoch and c.names == names else []
        if len(texts) > len(s.position.log()):
            texts = []
        table = [{**e, "text": views.table_event_text(e, names)} for e in s.events]
        lines = views.log_payload(s.position, names, table, texts=texts)
        key = c.key if c is not None and c.names == names and c.epoch == s.log_epoch \
            else views.log_key_for(names, s.events)
        s.log_caches = {k: v for k, v in s.log_caches.items() if v.epoch == s.log_epoch}  # bounded: the languages
        s.log_caches[lang] = LogCache(s.log_epoch, names, texts, s.revision, lines, key)
        return lines

    # ------------------------------------------------------------------ undo availability
    def _chance_at(self, s: Session, n: int) -> Hashable | None:
        if n in s.chances:
            return s.chances[n]
        pos = self.position(s.id, n)
        if pos is None or pos[1].moves != n:
            return None
        s.chances[n] = pos[1].chance_state()
        return s.chances[n]

    def undo_info(self, s: Session, seat: int | None) -> dict[str, Any]:
        """How far `seat` may go back now: {"to_move": m | None, "why_not": words | None}. Back
        to the start of its turn, over moves of bots only, while nothing random was revealed."""
        if seat is None:
            return {"to_move": None, "why_not": N_("spectators cannot undo")}
        key = (s.revision, seat)
        found = s.undo_cache.get(key)
        if found is None:
            found = self._undo_info(s, seat)
            s.undo_cache = {k: v for k, v in s.undo_cache.items() if k[0] == s.revision}
            s.undo_cache[key] = found
        return found

    def undo_points(self, s: Session, seat: int) -> tuple[list[int], str | None]:
        """The moves `seat` may go back to (earliest first), or why none."""
        p = s.position
        if p.is_over:
            return [], N_("the game is over")
        if self.controller(s, seat) is not None:
            return [], N_("a bot is playing this seat")
        movers = s.movers
        last = next((k for k in range(len(movers) - 1, -1, -1) if movers[k][0] == seat and movers[k][1] is None), None)
        if last is None:
            return [], N_("there is no decision of yours to take back: the last decisions were not yours")
        for k in range(last + 1, len(movers)):
            if movers[k][1] is None:
                return [], N_("another player has decided since your turn, so it is not yours to take back")
        start = last
        while start > 0 and movers[start - 1][0] == seat and movers[start - 1][1] is None:
            start -= 1
        now = p.chance_state()
        points = [c for c in range(start, last + 1) if self._chance_at(s, c) == now]
        if not points:
            return [], N_("something random was revealed since your turn began (a card or cube was drawn)")
        return points, None

    def _undo_info(self, s: Session, seat: int) -> dict[str, Any]:
        points, why = self.undo_points(s, seat)
        return {"to_move": points[0] if points else None, "why_not": why}

    # ------------------------------------------------------------------ turn bookkeeping
    def _turn_values(self, seats: list[str], seat_state: list[dict[str, Any]], opts: dict[str, Any],
                     position: Position, now: float) -> dict[str, Any]:
        """Who decides now and when their clock runs out, for the games row."""
        if position.is_over:
            return {"waiting": None, "turn": None, "turn_started_at": now, "clock_deadline": None,
                    "bot_lease": None, "bot_lease_until": None}
        seat = position.current_player
        assert seat is not None
        human = seats[seat] == "human" and not seat_state[seat].get("taken_over_by")
        clock = opts.get("clock") or {}
        deadline = None
        if human and clock.get("mode", "none") != "none":
            if clock["mode"] == "game":
                left = seat_state[seat].get("left_ms", clock_seconds(clock) * 1000)
                deadline = now + left / 1000
            else:
                deadline = now + clock_seconds(clock)
        # A bot decides next: this process, which wrote the change, holds its lease from the
        # same write on (and kicks its bots), so no other process's sweep starts thinking too.
        lease = None if human else self.owner
        return {"waiting": "human" if human else "bot", "turn": seat, "turn_started_at": now,
                "clock_deadline": deadline, "bot_lease": lease,
                "bot_lease_until": None if human else now + self.settings.bot_lease_seconds}

    def _spent(self, s: Session, seat: int, now: float) -> list[dict[str, Any]]:
        """Seat states after `seat` used its time since its decision began (per-game clocks)."""
        state = [dict(x) for x in s.row.seat_state]
        clock = s.row.table_opts.get("clock") or {}
        if clock.get("mode") == "game" and s.seats[seat] == "human" and s.row.turn_started_at is not None:
            left = state[seat].get("left_ms", clock_seconds(clock) * 1000)
            state[seat]["left_ms"] = max(0, int(left - (now - s.row.turn_started_at) * 1000))
        return state

    # ------------------------------------------------------------------ changes
    def _commit_move(self, s: Session, seat: int, action: Any, bot: str | None) -> None:
        """Apply `action` and store it, in one go (no await between the two: nobody sees an
        uncommitted position). Raises IllegalAction with the game unchanged, or StaleWrite
        after reloading the game from the database."""
        p = s.position
        before_moves = p.moves
        chance = p.chance_state()
        p.apply(action)  # IllegalAction: the position is unchanged
        now = time.time()
        try:
            state = self._spent(s, seat, now)
            values = self._turn_values(s.seats, state, s.row.table_opts, p, now)
            values["seat_state"] = state
            snap = p.snapshot() if p.moves % SNAPSHOT_EVERY == 0 or p.is_over else None
            if p.is_over:
                res = p.result()
                values.update(over=True, result={"scores": res["scores"], "winners": res["winners"],
                                                 "rounds": res.get("rounds")})
            new_rev = self.store.append_move(s.id, s.revision, before_moves, seat, str(action), bot, snap, values)
        except BaseException:
            self._reload(s)  # the applied move was not stored: back to the database's truth
            raise
        s.chances[before_moves] = chance
        s.movers.append((seat, bot))
        s.revision = new_rev
        _note(s, new_rev, "move")
        metrics.MOVES.labels(game=s.game, by="person" if bot is None else "bot").inc()
        s.row = _row_with(s.row, move=p.moves, revision=new_rev, over=p.is_over, **{
            k: v for k, v in values.items() if k in ("seat_state", "turn_started_at", "clock_deadline", "result", "turn")})
        if p.is_over and self.on_over is not None:
            try:
                self.on_over(s)
            except Exception:
                log.exception("after the end of game %s", s.id)

    def stale_words(self, s: Session, claimed: int) -> str:
        """A 409 in words: what happened at the move the client thought was current."""
        if 0 <= claimed < s.position.moves:
            names = self.names(s)
            logp = views.log_payload(s.position, names)
            seat = s.movers[claimed][0] if claimed < len(s.movers) else None
            what = views.step_text(logp, claimed + 1, seat, "")
            if what:
                return f"that move was already made: {what}"
            return "that move was already made"
        if claimed > s.position.moves:
            return "that move was taken back; here is the game as it is now"
        return "the game has changed since you looked; here it is as it is now"

    def check_revision(self, s: Session, move: int, revision: int | None) -> None:
        """409 in words unless the client's view is the current one: its move number (every
        client) and its revision (clients that send it). A view whose revision was replaced
        only by renames is still current: nobody's decision changed."""
        p = s.position
        if move != p.moves:
            raise ApiError(409, self.stale_words(s, move), move=p.moves, revision=s.revision, kind="stale_move")
        if revision is None or revision == s.revision:
            return
        if revision > s.revision or revision < 0:
            raise ApiError(409, _('revision %(revision)s is not a revision of this game (it is at %(revision2)s); here it is as it is now', revision=revision, revision2=s.revision), move=p.moves, revision=s.revision, kind="stale_revision")
        since = [s.changes.get(r) for r in range(revision + 1, s.revision + 1)]
        if since and all(c == "name" for c in since):
            return
        words = {"undo": "a move was taken back", "takeover": "a bot took over a seat",
                 "reclaim": "a player took their seat back from its bot", "move": "a move was made",
                 "name": "a seat was renamed"}
        seen = [words[c] for c in dict.fromkeys(c for c in since if c is not None)]
        what = " and ".join(seen) if None not in since and seen else "it was changed"
        raise ApiError(409, _('the game changed since the view you acted on (revision %(revision)s, now %(revision2)s): %(what)s; here it is as it is now', revision=revision, revision2=s.revision, what=what), move=p.moves, revision=s.revision,
                       kind="stale_revision")

    async def act(self, s: Session, seat: int, move: int, text: str, revision: int | None = None) -> None:
        async with s.lock:
            p = s.position
            self.check_revision(s, move, revision)
            if p.is_over:
                raise ApiError(403, _('the game is over'))
            decider = p.current_player
            if decider != seat:
                who = self.names(s)[decider] if decider is not None else "nobody"
                raise ApiError(403, _('it is not your decision: waiting for %(who)s', who=who))
            if self.controller(s, seat) is not None:
                raise ApiError(403, _('a bot is playing your seat; reclaim it first'))
            legal = [str(a) for a in p.legal_actions()]
            try:
                action = s.position.title.parse_action(text)
            except ActionParseError as exc:
                raise ApiError(400, _('%(text)s is not a move of this game; choose one of the legal moves', text=repr(text)),
                               legal=legal, reason=_("%(text)s is not a move of this game", text=repr(text)), move=p.moves,
                               revision=s.revision, kind="not_a_move") from exc
            try:
                self._commit_move(s, seat, action, None)
            except IllegalAction as exc:
                message, reason = str(exc), views.refusal_reason(str(exc), str(action), self.names(s))
                if exc.reason is not None and current_lang() != "en":  # the engine's reason, said in the language
                    reason = say(exc.reason, self.names(s))
                    message = _("%(action)s is not legal now: %(reason)s", action=str(action), reason=reason)
                raise ApiError(400, message, legal=legal, move=p.moves, revision=s.revision, kind="illegal_move",
                               reason=reason) from exc
            except StaleWrite as exc:
                raise ApiError(409, _('the game changed on another server at the same moment; here it is now'),
                               move=s.position.moves) from exc
        self.notify(s.id)
        self.kick_bots(s)

    async def undo(self, s: Session, seat: int, move: int, to: int | None = None, revision: int | None = None) -> None:
        async with s.lock:
            self.check_revision(s, move, revision)
            points, why = self.undo_points(s, seat)
            if why is not None:
                raise ApiError(400, _('cannot undo: %(why)s', why=_(why)))
            target = points[0] if to is None else to
            if target not in points:
                raise ApiError(400, _('cannot undo to that point: you can go back to the start of your turn or to one of your own decisions in it'))
            pos = self.position(s.id, target)
            if pos is None:
                raise ApiError(404, _('no such game'))
            _unused, back, _unused2 = pos
            now = time.time()
            values = self._turn_values(s.seats, s.row.seat_state, s.row.table_opts, back, now)
            # Everyone at the table reads it in the log (and sees a notice): what was taken back.
            events = [] if len(s.events) >= MAX_TABLE_EVENTS else \
                [{"type": "undo", "seat": seat, "move": target, "from": s.position.moves}]
            try:
                new_rev = self.store.truncate(s.id, s.revision, target, values, events)
            except StaleWrite as exc:
                self._reload(s)
                raise ApiError(409, _('the game changed on another server at the same moment; here it is now'),
                               move=s.position.moves) from exc
            s.position = back
            s.movers = s.movers[:target]
            s.revision = new_rev
            s.log_epoch = new_rev  # lines were taken back (the undo's own line changes the log key)
            _note(s, new_rev, "undo")
            metrics.UNDOS.labels(game=s.game).inc()
            s.chances = {k: v for k, v in s.chances.items() if k <= target}
            s.events = [{**e, "move": min(e["move"], target)} for e in s.events] + events
            s.row = _row_with(s.row, move=target, revision=new_rev, over=False, result=None,
                              turn_started_at=now, clock_deadline=values["clock_deadline"], turn=values["turn"])
            self._cancel_bot(s)
        self.notify(s.id)

    async def update_table(self, s: Session, values: dict[str, Any], events: list[dict[str, Any]],
                           capped: bool = True, what: str = "table") -> None:
        """A change of the table (names, takeovers) from the revision this process holds.
        Changes a player asks for are capped at MAX_TABLE_EVENTS events per game."""
        if capped and events and len(s.events) + len(events) > MAX_TABLE_EVENTS:
            raise ApiError(400, _('this table has changed hands too often; play on as it is'))
        try:
            new_rev = self.store.update_game(s.id, s.revision, values, events)
        except StaleWrite as exc:
            self._reload(s)
            raise ApiError(409, _('the game changed on another server at the same moment; try again'),
                           move=s.position.moves) from exc
        s.revision = new_rev
        if events or "names" in values:
            s.log_epoch = new_rev  # a table event goes in by its move, a rename changes lines
        _note(s, new_rev, what)
        s.row = _row_with(s.row, revision=new_rev, **values)
        s.events = s.events + [dict(e) for e in events]

    async def rematch(self, s: Session, seat: int, token: str, creator: str | None) -> tuple[str, str, bool]:
        """The rematch of a finished game for the player of `seat` (holding `token`): the same
        title, scenario, settings, seats, names and table on a new seed, created by the first
        player who asks (the offer shows in every view of this game, "Ann offers a rematch").
        Each human seat's key of the rematch is derived from its key of this game, so every
        player joins from the link they already have. Returns (new id, this seat's new key,
        whether this call created it)."""
        async with s.lock:
            offer = (s.row.table_opts or {}).get("rematch")
            created = False
            if offer is None:
                row = s.row
                opts = {k: v for k, v in (row.table_opts or {}).items() if k != "rematch"}
                names = list(row.names) + [None] * (len(row.seats) - len(row.names))
                new_id, _created = self.create(row.game, row.players, list(row.seats), names, None, row.scenario,
                                        dict(row.settings), private=bool(row.private), table=opts,
                                        creator=creator, token_for=lambda _gid, _i: secrets.token_urlsafe(24))
                offer = {"id": new_id, "by": seat}
                await self.update_table(s, {"table_opts": {**(row.table_opts or {}), "rematch": offer}}, [])
                created = True
                log.info("game %s: seat %d offers a rematch, game %s", s.id, seat, new_id)
        new_id = str(offer["id"])
        mine = rematch_token(token, new_id)
        if self.store.seat_for_token(new_id, mine) is None:
            self.store.add_token(new_id, seat, hash_token(mine))
        if created:
            self.kick_bots(self.sessions[new_id])
            self.notify(s.id)
        return new_id, mine, created

    async def rename(self, s: Session, seat: int, name: str) -> None:
        async with s.lock:
            names = list(s.row.names) + [None] * (len(s.seats) - len(s.row.names))
            old = self.names(s)[seat]
            if names[seat] == name:
                return
            names[seat] = name
            await self.update_table(s, {"names": names}, [], what="name")
            log.info("game %s: seat %d is now called %r (was %r)", s.id, seat, name, old)
        self.notify(s.id)

    async def takeover(self, s: Session, seat: int, reason: str) -> bool:
        """A bot of the table's takeover level plays `seat` from now on (clock ran out or the
        player left). False if there is nothing to take over."""
        async with s.lock:
            if s.seats[seat] != "human" or self.controller(s, seat) is not None or s.position.is_over:
                return False
            if reason == "clock":
                fresh = self.store.game_row(s.id)  # the stored deadline is the authority
                if fresh is None or fresh.revision != s.revision or fresh.clock_deadline is None or \
                        fresh.clock_deadline > time.time() or s.position.current_player != seat:
                    return False
            level = (s.row.table_opts.get("clock") or {}).get("takeover") or s.row.table_opts.get("takeover") \
                or self.default_takeover(s.game)
            state = [dict(x) for x in s.row.seat_state]
            state[seat]["taken_over_by"] = level
            if reason == "clock" and (s.row.table_opts.get("clock") or {}).get("mode") == "game":
                state[seat]["left_ms"] = 0
            values = self._turn_values(s.seats, state, s.row.table_opts, s.position, time.time())
            values["seat_state"] = state
            name = self.levels(s.game)[level].name if level in self.levels(s.game) else f"{level} bot"
            event = {"type": "takeover", "seat": seat, "level": level, "level_name": name, "reason": reason,
                     "move": s.position.moves, "round": _round(s.position)}
            await self.update_table(s, values, [event], capped=reason != "clock", what="takeover")
        self.notify(s.id)
        self.kick_bots(s)
        return True

    def default_takeover(self, game: str) -> str:
        names = list(self.levels(game))
        return names[1] if len(names) > 1 else names[0]

    async def reclaim(self, s: Session, seat: int) -> None:
        async with s.lock:
            if self.controller(s, seat) is None or s.seats[seat] != "human":
                raise ApiError(400, _('this seat is yours already: no bot is playing it'))
            state = [dict(x) for x in s.row.seat_state]
            state[seat].pop("taken_over_by", None)
            clock = s.row.table_opts.get("clock") or {}
            if clock.get("mode") == "game" and state[seat].get("left_ms", 1) <= 0:
                # Back with an empty clock: a fresh allowance of a tenth of the game's time.
                state[seat]["left_ms"] = int(clock_seconds(clock) * 100)
            values = self._turn_values(s.seats, state, s.row.table_opts, s.position, time.time())
            values["seat_state"] = state
            event = {"type": "reclaim", "seat": seat, "move": s.position.moves, "round": _round(s.position)}
            await self.update_table(s, values, [event], what="reclaim")
            self._cancel_bot(s)
        self.notify(s.id)

    # ------------------------------------------------------------------ bots
    def _cancel_bot(self, s: Session) -> None:
        if s.bot_task is not None and not s.bot_task.done() and s.bot_task is not asyncio.current_task():
            s.bot_task.cancel()
        s.bot_task = None

    def kick_bots(self, s: Session) -> None:
        """Start the bot loop of this game if a bot is to decide and none is thinking."""
        if s.bot_task is not None and not s.bot_task.done():
            return
        p = s.position
        seat = p.current_player
        if p.is_over or seat is None or self.controller(s, seat) is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a script created the game): the next server start resumes it
        s.bot_task = loop.create_task(self._run_bots(s))
        if self._heartbeat is None or self._heartbeat.done():
            self._heartbeat = loop.create_task(self._renew_leases())

    async def _renew_leases(self) -> None:
        """While this process thinks about bot moves, renew its leases (one statement for all
        of them) every third of `bot_lease_seconds`: a live process keeps its leases, a dead
        one's expire within `bot_lease_seconds`, and the sweep of a restarted or other process
        takes its games over."""
        lease = self.settings.bot_lease_seconds
        while True:
            await asyncio.sleep(max(0.1, lease / 3))
            if not any(s.bot_task is not None and not s.bot_task.done() for s in self.sessions.values()):
                return
            try:
                self.store.renew_bot_leases(self.owner, time.time() + lease)
            except Exception:
                log.exception("renewing the bot leases failed")

    def close(self) -> None:
        """At shutdown: stop the bots and give their leases back, so another process (or
        this server restarted) resumes them at its next sweep."""
        for s in list(self.sessions.values()):
            if s.bot_task is not None:
                s.bot_task.cancel()
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            self._heartbeat = None
        try:
            self.store.renew_bot_leases(self.owner, 0.0)
        except Exception:
            log.exception("giving back the bot leases failed")

    async def _run_bots(self, s: Session) -> None:
        try:
            while True:
                p = s.position
                seat = p.current_player
                if p.is_over or seat is None:
                    return
                level = self.controller(s, seat)
                if level is None:
                    return
                rev = s.revision
                until = time.time() + self.settings.bot_lease_seconds  # renewed by _heartbeat
                if not self.store.claim_bot(s.id, rev, self.owner, until):
                    stored = self.store.revision(s.id)
                    if stored is not None and stored != rev:
                        self._reload(s)
                        self.notify(s.id)
                        continue
                    return  # another server process is thinking this move
                delay = int(s.row.table_opts.get("bot_delay_ms") or 0)
                if delay and s.movers and s.movers[-1][1] is None:
                    await asyncio.sleep(delay / 1000)  # a pause before a bot answers a person
                    if s.revision != rev:
                        continue
                text, used = await self.thinker.choose(s.game, p, level, secrets.randbits(32),
                                                       key=s.row.creator or s.id, keep=f"{s.id}/{seat}")
                async with s.lock:
                    if s.revision != rev or s.position is not p:
                        continue  # the position changed while it thought: think again
                    try:
                        self._commit_move(s, seat, text, used)
                    except IllegalAction:
                        log.error("bot %s of game %s chose an illegal move %r", used, s.id, text)
                        return
                    except StaleWrite:
                        continue  # reloaded: think about the new position
                self.notify(s.id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bots of game %s stopped", s.id)


def clock_seconds(clock: dict[str, Any]) -> float:
    if clock.get("mode") == "days":
        return float(clock.get("days") or 0) * 86400 or float(clock.get("seconds") or 86400)
    return float(clock.get("seconds") or 0)


def _round(p: Position) -> int | None:
    events = p.log()
    return events[-1].get("round") if events else None


def _note(s: Session, revision: int, what: str) -> None:
    s.changes[revision] = what
    if len(s.changes) > 256:
        for old in sorted(s.changes)[:-128]:
            del s.changes[old]


def _row_with(row: GameRow, **changes: Any) -> GameRow:
    from dataclasses import replace

    allowed = {k: v for k, v in changes.items() if k in GameRow.__dataclass_fields__}
    return replace(row, **allowed)
