"""Live games: an in-memory cache of positions backed by the store, the per-game lock that
serialises decisions, undo, and the server-side bots.

Every change follows one path: check under the game's lock, apply to a clone, commit the
decision to the database, and only then swap the clone in and wake the watchers. So a
refused or failed request never changes the game, and an answered one is on disk.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from snowdonia.bots import Bot, make_bot
from snowdonia.games.snowdonia.game import Game, new_game
from snowdonia.games.snowdonia.rules.actions import Action, ActionParseError, IllegalAction
from snowdonia.store import StaleMove, Store, restore, snapshot
from snowdonia.store.db import SNAPSHOT_EVERY, GameRow, hash_token
from snowdonia.web.views import legal_payload

log = logging.getLogger("snowdonia.web")


class ApiError(Exception):
    """A refused request: HTTP status and a JSON body that says why."""

    def __init__(self, status: int, error: str, **extra: Any) -> None:
        super().__init__(error)
        self.status = status
        self.body = {"error": error, **extra}


@dataclass
class Session:
    id: str
    row: GameRow
    game: Game
    seat_of_move: list[int]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    version: int = 0  # bumps on every change; a bot's answer for an older version is dropped
    prev: Game | None = None  # the position before the last decision, when known
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    token_seats: dict[str, int] = field(default_factory=dict)  # token hash -> seat, once looked up

    @property
    def seats(self) -> list[str]:
        return self.row.seats


def random_free(before: Game, after: Game) -> bool:
    """True if going from `before` to `after` revealed nothing random: the generator did not
    move, no card left the deck and no cube left the bag."""
    return (
        before.rng == after.rng
        and before.deck == after.deck
        and (before.bag_i, before.bag_s, before.bag_c, before.bag_e)
        == (after.bag_i, after.bag_s, after.bag_c, after.bag_e)
    )


class Live:
    def __init__(
        self, store: Store, notify: Callable[[str], None], watched: Callable[[str], bool] = lambda _id: False,
        cache_size: int = 2000,
    ) -> None:
        self.store = store
        self.notify = notify
        self.watched = watched
        self.cache_size = cache_size
        # Insertion order doubles as recency: a used session is moved to the end.
        self.sessions: dict[str, Session] = {}

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
    def create(self, players: int, seats: list[str], seed: int | None, settings: dict[str, Any]) -> tuple[str, dict[int, str]]:
        """Set up and store a new game; returns its id and a fresh token per human seat."""
        game = new_game(players, seed=seed, **settings)
        game_id = secrets.token_urlsafe(9)
        tokens = {i: secrets.token_urlsafe(24) for i, s in enumerate(seats) if s == "human"}
        self.store.create_game(
            game_id, players, game.cfg.scenario, game.seed, game.cfg.settings.as_dict(), seats,
            {i: hash_token(t) for i, t in tokens.items()}, snapshot(game),
        )
        row = self.store.game_row(game_id)
        assert row is not None
        self._remember(Session(game_id, row, game, []))
        return game_id, tokens

    def position(self, game_id: str, upto: int | None = None) -> tuple[GameRow, Game, list[int]] | None:
        """Rebuild a stored position from its newest snapshot (replays < SNAPSHOT_EVERY
        decisions)."""
        loaded = self.store.load(game_id, upto)
        if loaded is None:
            return None
        game: Game = restore(loaded.snapshot)  # type: ignore[assignment]
        for text in loaded.actions_after:
            game.apply(text)
        return loaded.row, game, loaded.seat_of_move

    async def get(self, game_id: str) -> Session | None:
        s = self.sessions.get(game_id)
        stored = self.store.current_move(game_id)
        if stored is None:
            return None
        # Another worker may have moved the game on; the database is the authority.
        if s is None or s.game.moves != stored:
            pos = self.position(game_id)
            if pos is None:
                return None
            row, game, seats = pos
            if s is None:
                s = Session(game_id, row, game, seats)
            else:
                s.row, s.game, s.seat_of_move, s.prev = row, game, seats, None
                s.version += 1
            self.kick_bots(s)
        self._remember(s)
        return s

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
                raise ApiError(403, "this token is not a seat of this game")
            s.token_seats[key] = seat
        return seat

    # ------------------------------------------------------------------ undo availability
    def _before_last(self, s: Session) -> Game | None:
        if s.game.moves == 0:
            return None
        if s.prev is None or s.prev.moves != s.game.moves - 1:
            pos = self.position(s.id, s.game.moves - 1)
            s.prev = pos[1] if pos else None
        return s.prev

    def undo_refusal(self, s: Session, seat: int | None) -> str | None:
        """Why `seat` may not take back the last decision now, or None if it may."""
        g = s.game
        if seat is None:
            return "spectators cannot undo"
        if g.is_over:
            return "the game is over"
        if g.moves == 0 or not s.seat_of_move or s.seat_of_move[-1] != seat:
            return "the last decision was not yours"
        before = self._before_last(s)
        if before is None or not random_free(before, g):
            return "something random was revealed since your decision"
        return None

    def can_undo(self, s: Session, seat: int | None) -> bool:
        if seat is None or not s.seat_of_move or s.seat_of_move[-1] != seat or s.game.is_over:
            return False  # the cheap checks first: most views need no earlier position
        return self.undo_refusal(s, seat) is None

    # ------------------------------------------------------------------ changes
    def _commit(self, s: Session, seat: int, action: Action) -> None:
        """Apply `action` on a clone, store it, then swap it in. Raises IllegalAction or
        StaleMove with the game unchanged."""
        before = s.game
        after = before.clone(keep_log=True)
        after.apply(action)
        snap = snapshot(after) if after.moves % SNAPSHOT_EVERY == 0 or after.is_over else None
        result = None
        if after.is_over:
            res = after.result()
            result = {"scores": res["scores"], "winners": res["winners"], "rounds": res["rounds"]}
        self.store.append_move(s.id, before.moves, seat, str(action), snap, after.is_over, result)
        s.prev, s.game = before, after
        s.seat_of_move.append(seat)
        s.version += 1

    async def act(self, s: Session, seat: int, move: int, text: str) -> None:
        async with s.lock:
            g = s.game
            if move != g.moves:
                raise ApiError(409, f"the game is at move {g.moves}, not {move}", move=g.moves)
            if g.is_over:
                raise ApiError(403, "the game is over")
            if g.current_player != seat:
                raise ApiError(403, f"it is not your decision (waiting for seat {g.current_player})")
            legal = [a["text"] for a in legal_payload(g.legal_actions())]
            try:
                action = Action.parse(text)
            except ActionParseError as exc:
                # Not the engine's message: its examples name arbitrary contracts.
                raise ApiError(400, f"{text!r} is not an action; choose one of the legal actions", legal=legal) from exc
            try:
                self._commit(s, seat, action)
            except IllegalAction as exc:
                raise ApiError(400, str(exc), legal=legal) from exc
            except StaleMove as exc:
                self._reload(s)
                raise ApiError(409, str(exc), move=s.game.moves) from exc
        self.notify(s.id)
        self.kick_bots(s)

    async def undo(self, s: Session, seat: int, move: int) -> None:
        async with s.lock:
            g = s.game
            if move != g.moves:
                raise ApiError(409, f"the game is at move {g.moves}, not {move}", move=g.moves)
            reason = self.undo_refusal(s, seat)
            if reason is not None:
                raise ApiError(400, f"cannot undo: {reason}")
            before = self._before_last(s)
            assert before is not None
            try:
                self.store.remove_last_move(s.id, g.moves)
            except StaleMove as exc:
                self._reload(s)
                raise ApiError(409, str(exc), move=s.game.moves) from exc
            s.game, s.prev = before, None
            s.seat_of_move.pop()
            s.version += 1
        self.notify(s.id)

    def _reload(self, s: Session) -> None:
        pos = self.position(s.id)
        if pos is not None:
            s.row, s.game, s.seat_of_move = pos
            s.prev = None
            s.version += 1

    # ------------------------------------------------------------------ bots
    def kick_bots(self, s: Session) -> None:
        """Start the bot loop of this game if a bot is to decide and none is thinking."""
        if s.bot_task is not None and not s.bot_task.done():
            return
        g = s.game
        if g.is_over or s.seats[g.decider] == "human":
            return
        s.bot_task = asyncio.get_running_loop().create_task(self._run_bots(s))

    async def _run_bots(self, s: Session) -> None:
        while True:
            g = s.game
            if g.is_over:
                return
            seat = g.decider
            spec = s.seats[seat]
            if spec == "human":
                return
            bot = s.bots.get(seat)
            if bot is None:
                bot = s.bots[seat] = make_bot(spec, secrets.randbits(32))
            version = s.version
            try:
                # Thinking runs in a thread on its own copy: the event loop keeps serving.
                action = await asyncio.to_thread(bot.choose, g.clone())
            except Exception:  # a broken bot must not take the server down
                log.exception("bot %s of game %s failed", spec, s.id)
                return
            async with s.lock:
                if s.version != version:
                    continue  # the position changed while it thought: think again
                try:
                    self._commit(s, seat, action)
                except (IllegalAction, StaleMove):
                    log.exception("bot %s of game %s: move refused", spec, s.id)
                    self._reload(s)
                    return
            self.notify(s.id)
