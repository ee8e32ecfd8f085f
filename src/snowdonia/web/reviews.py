"""Post-game reviews at the web table (issue 20): once a game is over, anyone may ask the
analysis to review it (`POST /api/games/{id}/review`); the review runs in the background and
is stored with the game (table `reviews`, migration 0002), so it survives a restart.

Bounded: the work never runs in the server's process nor in the bots' pool. Each review is one
task in a pool of its own ("review": one process, shared by no bot), taken one at a time
from a queue of at most `review_max_waiting` games per server process (more: `Busy`, answered 503 with Retry-After), with a hard deadline per game
(`review_deadline_seconds`; the worker is killed past it and the review reported failed).
Asking twice answers the state of the first ask. The worker writes its progress to the
database, so every server process on it can report it.

A review belongs to the server process that queued it, which renews a lease on it while it
waits or runs. A review whose lease ran out (its server stopped or was killed) is taken over
and started again from the beginning by the next process that sees it: at start-up, in the
periodic check, or when someone asks for it. A server that stops cleanly gives up its leases
at once, so the next start restarts them without waiting.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import CancelledError
from typing import Any

from snowdonia.analysis.engine import Budget
from snowdonia.analysis.review import default_seats
from snowdonia.core.errors import nrefusal, refusal
from snowdonia.core.i18n import _
from snowdonia.core.protocol import Position

log = logging.getLogger("snowdonia.web")

LEASE_SECONDS = 30.0  # a review's lease; renewed every third of it while its process lives
PROGRESS_EVERY = 0.5  # seconds between two progress writes of a worker
POOL = "review"

# What the server needs to start a review: the record of the finished game and who sat where
# ("human" or a bot level per seat); None if the game is gone or not over.
RecordOf = Callable[[str], Awaitable[tuple[dict[str, Any], list[str]] | None]]


class Busy(Exception):
    """The review cannot be queued now; the message says why, in words."""


class Superseded(Exception):
    """Another server process took this review over (this one's lease ran out): stop."""


def seats_to_review(players: int, seat_kinds: list[str]) -> list[int]:
    """The human seats (numbered from 1), or every seat of a game of bots only."""
    return default_seats(players, seat_kinds)


def work(url: str, game_id: str, owner: str, record: dict[str, Any], seats: list[int], budget: str,
         seed: int) -> dict[str, Any]:
    """In a worker process: review the record, writing the progress to the database."""
    from snowdonia.analysis.review import review_record
    from snowdonia.store.db import Store

    store = Store(url)
    try:
        last = [0.0]

        def progress(done: int, total: int) -> None:
            now = time.monotonic()
            if done == 0 or done == total or now - last[0] >= PROGRESS_EVERY:
                last[0] = now
                share = done / total if total else 1.0
                # the last write waits for the result, so a reader never sees 1.0 without rows
                if not store.update_review(game_id, owner, state="running", progress=min(share, 0.999)):
                    raise Superseded(f"the review of game {game_id} was taken over by another server process")

        review = review_record(record, seats, budget, seed=seed, progress=progress)
        return review.as_dict()
    finally:
        store.close()


def answer(row: dict[str, Any] | None) -> tuple[int, dict[str, Any]]:
    """The HTTP status and body of `GET .../review` for a stored review row."""
    if row is None:
        return 404, {"error": _("no review was asked for this game yet: POST to this address to start one "
                                "(the game must be over)")}
    state = row["state"]
    if state == "done":
        return 200, {"state": "done", **(row["result"] or {})}
    if state == "failed":
        return 200, {"state": "failed", "error": row["error"] or _("the review failed"),
                     "seats": row["seats"], "budget": row["budget"]}
    return 202, {"state": state, "progress": round(float(row["progress"]), 3), "seats": row["seats"],
                 "budget": row["budget"], "restarts": row["restarts"]}


def relabel(body: dict[str, Any], start: Position, actions: list[str]) -> dict[str, Any]:
    """A done review's body with its options' words (`chosen_label`, `best_label`, each
    option's `label`) said again in the current language: the stored review holds the words
    of the language it ran in (English). Replays the game once from `start` through `actions`."""
    out = copy.deepcopy(body)
    at: dict[int, list[dict[str, Any]]] = {}
    for row in [*(out.get("decisions") or []), *(out.get("biggest") or [])]:
        if isinstance(row, dict) and isinstance(row.get("move"), int):
            at.setdefault(row["move"], []).append(row)
    if not at:
        return out
    position = start
    words = position.title.words
    last = max(at)
    for m in range(min(last, len(actions)) + 1):
        if m in at:
            labels = {str(a): words.action(position, a) for a in position.legal_actions()}
            for row in at[m]:
                for key, label in (("chosen", "chosen_label"), ("best", "best_label")):
                    if row.get(key) in labels:
                        row[label] = labels[row[key]]
                for option in row.get("options") or []:
                    if isinstance(option, dict) and option.get("text") in labels:
                        option["label"] = labels[option["text"]]
        if m < len(actions) and m < last:
            position.apply(actions[m])
    return out


class Reviewer:
    """The reviews of one server process: its queue, its runner and its leases."""

    def __init__(self, store: Any, record_of: RecordOf, budget: str = "quick", deadline_seconds: float = 1800.0,
                 max_waiting: int = 8) -> None:
        Budget.parse(budget)  # a bad setting fails at start, in words
        self.store = store
        self.record_of = record_of
        self.budget = budget
        self.deadline = deadline_seconds
        self.max_waiting = max(1, max_waiting)
        self.owner = "review-" + secrets.token_hex(8)
        self.queue: asyncio.Queue[tuple[str, dict[str, Any], list[int]]] | None = None
        self.tasks: list[asyncio.Task[Any]] = []
        self.current: str | None = None

    # ------------------------------------------------------------------ life
    def start(self) -> None:
        self.queue = asyncio.Queue()
        self.tasks = [asyncio.create_task(self._run()), asyncio.create_task(self._keep())]

    async def stop(self) -> None:
        for t in self.tasks:
            t.cancel()
        for t in self.tasks:
            try:
                await t
            except (asyncio.CancelledError, Exception):
                pass
        self.tasks = []
        try:  # give the leases up: the next start restarts these reviews at once
            self.store.renew_review_leases(self.owner, 0.0)
        except Exception:
            log.exception("could not give up the review leases")

    def waiting(self) -> int:
        return 0 if self.queue is None else self.queue.qsize()

    # ------------------------------------------------------------------ asking
    async def ask(self, game_id: str) -> dict[str, Any] | None:
        """Start the review of a finished game, or answer the one asked before (None when
        the game is not over). Busy when this process's queue is full."""
        row = self.store.review(game_id)
        if row is not None:
            if row["state"] == "failed":
                return await self._queue(game_id, row, retry=True)
            if row["state"] in ("queued", "running") and self._stale(row):
                await self._take_over(game_id)
                return self.store.review(game_id)
            return row
        return await self._queue(game_id, None, retry=False)

    async def _queue(self, game_id: str, row: dict[str, Any] | None, retry: bool) -> dict[str, Any] | None:
        found = await self.record_of(game_id)
        if found is None:
            return None
        record, kinds = found
        if self.queue is None:
            raise Busy(refusal("the server is starting or stopping; ask again in a few seconds"))
        if self.waiting() >= self.max_waiting:
            raise Busy(nrefusal("%(n)s review is waiting on this server; ask again in a minute",
                                "%(n)s reviews are waiting on this server; ask again in a minute", self.waiting()))
        seats = seats_to_review(len(kinds), kinds)
        until = time.time() + LEASE_SECONDS
        if retry:
            if not self.store.retry_review(game_id, self.owner, until):
                return self.store.review(game_id)
        elif not self.store.ask_review(game_id, self.budget, seats, self.owner, until):
            return self.store.review(game_id)  # asked at the same moment elsewhere
        self.queue.put_nowait((game_id, record, seats))
        return self.store.review(game_id)

    def get(self, game_id: str) -> dict[str, Any] | None:
        """The stored review; one whose server stopped is restarted (by the periodic check or
        the next ask), so it never waits for ever."""
        return self.store.review(game_id)

    @staticmethod
    def _stale(row: dict[str, Any]) -> bool:
        return row["lease_until"] is None or float(row["lease_until"]) < time.time()

    async def _take_over(self, game_id: str) -> None:
        found = await self.record_of(game_id)
        if found is None or self.queue is None:
            return
        record, kinds = found
        if self.store.take_over_review(game_id, self.owner, time.time() + LEASE_SECONDS, time.time()):
            log.warning("review of game %s: its server stopped; started again here", game_id)
            self.queue.put_nowait((game_id, record, seats_to_review(len(kinds), kinds)))

    # ------------------------------------------------------------------ background
    async def _keep(self) -> None:
        """Renew this process's leases; restart reviews whose server stopped."""
        while True:
            try:
                self.store.renew_review_leases(self.owner, time.time() + LEASE_SECONDS)
                for gid in self.store.stale_reviews(time.time()):
                    if self.waiting() >= self.max_waiting:
                        break
                    await self._take_over(gid)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("review leases: the check failed (the database?); trying again")
            await asyncio.sleep(LEASE_SECONDS / 3)

    async def _run(self) -> None:
        assert self.queue is not None
        while True:
            game_id, record, seats = await self.queue.get()
            self.current = game_id
            try:
                await self._one(game_id, record, seats)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("review of game %s: storing its outcome failed", game_id)
            finally:
                self.current = None

    async def _one(self, game_id: str, record: dict[str, Any], seats: list[int]) -> None:
        from snowdonia.web.thinking import pool

        row = self.store.review(game_id)
        if row is None or row["owner"] != self.owner or row["state"] not in ("queued", "running"):
            return  # taken over elsewhere, or already finished
        self.store.update_review(game_id, self.owner, state="running", progress=0.0)
        seed = int(record.get("seed") or 0) if isinstance(record.get("seed"), int) else 0
        future = pool(POOL).schedule(work, args=(self.store.url, game_id, self.owner, record, seats, row["budget"],
                                                 seed), timeout=self.deadline)
        try:
            result = await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            future.cancel()
            raise
        except (TimeoutError, CancelledError):
            log.warning("review of game %s missed its %.0f s deadline", game_id, self.deadline)
            self.store.update_review(game_id, self.owner, state="failed", lease_until=None,
                                     error=f"the review took longer than {self.deadline:.0f} seconds and was stopped")
            return
        except Exception as exc:
            log.warning("review of game %s failed (%s: %s)", game_id, type(exc).__name__, exc)
            self.store.update_review(game_id, self.owner, state="failed", lease_until=None,
                                     error=f"the review failed: {type(exc).__name__}: {str(exc)[:200]}")
            return
        self.store.update_review(game_id, self.owner, state="done", progress=1.0, result=result, lease_until=None)
