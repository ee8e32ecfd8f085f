"""Bots think in a pool of worker processes, never in the server's own process.

Two pools (Pebble's `ProcessPool`): searches (the `mcts` levels) and quick bots (`greedy` and
other one-ply bots of a title), so a quick bot never queues behind a long search. Each bot
move is one task: the position as its snapshot bytes, the level, a seed; the answer is the
action's text.

**Fair shares.** Tasks do not queue in Pebble (first come, first served) but in a
`FairQueue` per pool, one queue per *key* (the client that created the game: its address
group, `fair.client_key`), served round-robin: a free worker goes to the waiting key with
the fewest tasks running, then the one served longest ago; within a key, its games in turn
(a game has at most one move waiting). No key runs more than `workers()` tasks at once, and
the search pool has one worker more than that (`SPARE`): while one client's games keep every
core busy, another client's bot starts at once instead of waiting for a search to end.

**Deadlines count from the queue.** A move's deadline (`bot_deadline_seconds`) starts when it
is queued. A level that can no longer finish in time is not started (a search level needs its
level's seconds left) and the move falls back to the next-lower level; a running task past the
deadline is stopped (Pebble kills the worker and starts a fresh one). Once the deadline has
passed, only the quick levels are tried (each within `QUICK_SECONDS`), and the weakest level
(`random`) is chosen in-process at once, so no game ever waits for ever. A task for a position
that changed meanwhile is cancelled (its worker is stopped too). Workers are recycled after
`MAX_TASKS` moves, which bounds whatever a bot's search might leave behind.

**Bots that learn during a game** (`bots.keeps_tree`: a search with tree reuse, `:r1`) keep
their tree between their moves only if one process holds the bot for the whole game. Such a
seat's moves go to a *lane*: one of `workers()` single-process pools, chosen by the seat's key
(game and seat), and the lane's worker keeps the seat's bot (at most `KEPT_BOTS` of them, the
least recently used dropped). The lane is taken only while it is free; otherwise the move goes
to the shared search pool and is thought from an empty tree, as every other level's moves are.
The bot itself checks that a position continues the game its tree was grown for (an undo or
another game starts a fresh tree), so a kept bot can never play from a wrong tree.

**Metrics** (prometheus-client, default registry): `snowdonia_bot_queue_depth{pool}`,
`snowdonia_bot_queue_wait_seconds{pool}`, `snowdonia_bot_think_seconds{level}` and
`snowdonia_bot_fallbacks_total{level,reason}`.
"""

from __future__ import annotations

import asyncio
import atexit
import functools
import logging
import multiprocessing
import os
import random
import threading
import time
import zlib
from collections import OrderedDict, deque
from concurrent.futures import CancelledError
from typing import Any

from pebble import ProcessPool
from prometheus_client import Counter, Gauge, Histogram

from snowdonia.bots import is_search_level, keeps_tree, make_bot
from snowdonia.registry import title

log = logging.getLogger("snowdonia.web")

MAX_TASKS = 200
SPARE = 1  # search workers beyond what one key may use at once
QUICK_WORKERS = 2
QUICK_SECONDS = 2.0  # a quick level's budget once the move's deadline has passed
KEPT_BOTS = 4  # bots a lane's worker keeps between their games' moves

QUEUE_DEPTH = Gauge("snowdonia_bot_queue_depth", "Bot moves waiting for a worker", ["pool"])
QUEUE_WAIT = Histogram("snowdonia_bot_queue_wait_seconds", "Time a bot move waited for a worker", ["pool"],
                       buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30))
THINK_SECONDS = Histogram("snowdonia_bot_think_seconds", "Time a bot level took to choose, from the queue "
                          "to its answer", ["level"], buckets=(0.05, 0.1, 0.25, 0.5, 1, 1.5, 2, 3, 5, 10))
FALLBACKS = Counter("snowdonia_bot_fallbacks_total", "Bot moves a level did not make (the next-lower level "
                    "played), by reason: queue (no time left to start), deadline, error", ["level", "reason"])

_pools: dict[str, ProcessPool] = {}
_pool_lock = threading.Lock()


_kept: OrderedDict[tuple[str, str, str], Any] = OrderedDict()  # a lane worker's bots, by seat key


def think(game: str, blob: bytes, level: str, seed: int, keep: str = "") -> str:
    """In a worker: restore the position and let the bot choose. Returns the action's text.
    With `keep` (a seat's key, on a lane) the worker keeps the bot for the seat's next move."""
    position = title(game).restore(blob)
    k = (game, level, keep)
    bot = _kept.pop(k, None) if keep else None
    if bot is None:
        bot = make_bot(level, seed, game=game, scenario=position.scenario)
    text = str(bot.choose(position))
    if keep:
        _kept[k] = bot
        while len(_kept) > KEPT_BOTS:
            _kept.popitem(last=False)
    return text


def kept_bot(game: str, level: str, keep: str) -> Any:
    """The bot this process keeps for a seat (None: none), for tests and the operator."""
    return _kept.get((game, level, keep))


def _warm() -> None:
    """Import the bots and the titles once per worker."""
    from snowdonia.bots import _load_builtin

    _load_builtin()


_size = 0  # 0: one worker per core


def cores() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def workers() -> int:
    return _size or cores()


def configure(processes: int) -> None:
    """Size the pool (0: one process per core); takes effect when the pool next starts."""
    global _size
    _size = max(0, int(processes))


def pool(kind: str = "search") -> ProcessPool:
    """The process-wide pool of `kind` ("search" or "quick"), started on first use
    (forkserver: a clean parent to fork workers from)."""
    with _pool_lock:
        found = _pools.get(kind)
        if found is None or not found.active:
            ctx = multiprocessing.get_context("forkserver")
            ctx.set_forkserver_preload(["snowdonia.web.thinking"])
            size = slots(kind)
            found = _pools[kind] = ProcessPool(max_workers=size, max_tasks=MAX_TASKS, initializer=_warm, context=ctx)
        return found


def slots(kind: str) -> int:
    """Workers of the pool `kind`: the search pool has `SPARE` more than one key may use."""
    if kind == "review" or kind.startswith("lane"):
        return 1  # post-game reviews (web/reviews.py), and each lane: one process
    return workers() + SPARE if kind == "search" else QUICK_WORKERS


def per_key(kind: str) -> int:
    return workers() if kind == "search" else 1


class FairQueue:
    """The workers of one pool, shared round-robin between keys (module docstring).

    Lives on one event loop (a server process's); `acquire` waits for a worker slot and
    `release` gives it back."""

    def __init__(self, kind: str, size: int, per_key: int) -> None:
        self.kind = kind
        self.size = size
        self.per_key = max(1, per_key)
        self.busy = 0
        self.running: dict[str, int] = {}
        self.waiting: dict[str, deque[asyncio.Future[None]]] = {}  # insertion order: whose turn

    def depth(self) -> int:
        return sum(len(q) for q in self.waiting.values())

    async def acquire(self, key: str, timeout: float) -> float:
        """Wait for a slot, at most `timeout` seconds (TimeoutError); returns the wait."""
        start = time.monotonic()
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(key, deque()).append(fut)
        QUEUE_DEPTH.labels(self.kind).inc()
        self._dispatch()
        try:
            if not fut.done():
                await asyncio.wait({fut}, timeout=max(0.0, timeout))
        except BaseException:
            self._abandon(key, fut)
            raise
        if not fut.done():
            self._abandon(key, fut)
            raise TimeoutError(f"no {self.kind} worker came free in {timeout:.1f} s")
        waited = time.monotonic() - start
        QUEUE_WAIT.labels(self.kind).observe(waited)
        return waited

    def _abandon(self, key: str, fut: asyncio.Future[None]) -> None:
        if fut.done() and not fut.cancelled():
            self.release(key)  # granted just as its waiter gave up
            return
        fut.cancel()
        q = self.waiting.get(key)
        if q is not None and fut in q:
            q.remove(fut)
            QUEUE_DEPTH.labels(self.kind).dec()
            if not q:
                del self.waiting[key]

    def release(self, key: str) -> None:
        self.busy -= 1
        n = self.running.get(key, 0) - 1
        if n > 0:
            self.running[key] = n
        else:
            self.running.pop(key, None)
        self._dispatch()

    def _dispatch(self) -> None:
        while self.busy < self.size:
            best: str | None = None
            for key in self.waiting:  # in turn order; fewest running first
                n = self.running.get(key, 0)
                if n < self.per_key and (best is None or n < self.running.get(best, 0)):
                    best = key
            if best is None:
                return
            q = self.waiting.pop(best)  # re-inserted at the end: its turn is over
            fut = q.popleft()
            QUEUE_DEPTH.labels(self.kind).dec()
            if q:
                self.waiting[best] = q
            if fut.done():
                continue
            fut.set_result(None)
            self.busy += 1
            self.running[best] = self.running.get(best, 0) + 1


def is_search(level: str) -> bool:
    return is_search_level(level)


@functools.lru_cache(maxsize=256)  # levels are the offered ones; a bound all the same
def _keeps(level: str, game: str) -> bool:
    return keeps_tree(level, game)


@atexit.register
def _stop() -> None:
    for found in list(_pools.values()):
        found.stop()
        found.join(timeout=5)
    _pools.clear()


class Thinker:
    """Chooses bot moves with deadlines, fallbacks and a fair share of the pools per key."""

    def __init__(self, deadline_seconds: float = 5.0, fallbacks: Any = None,
                 needs: Any = None) -> None:
        self.deadline = deadline_seconds
        # fallbacks(game, level) -> next-lower level or None
        self.fallbacks = fallbacks
        # needs(game, level) -> seconds the level thinks (it is only started with that much left)
        self.needs = needs
        self.failures = 0  # levels that did not answer since start (for tests and the operator)
        self.queues: dict[str, FairQueue] = {}
        self.lanes_busy: set[int] = set()  # lanes (module docstring) with a move running
        self.kept_moves = 0  # moves thought on a lane (for tests and the operator)

    def lane(self, game: str, level: str, keep: str) -> int | None:
        """The lane for a seat's move (None: the shared pool): a level that keeps its tree, a
        seat key given, and that seat's lane free."""
        if not keep or not _keeps(level, game):
            return None
        i = zlib.crc32(keep.encode()) % workers()
        return None if i in self.lanes_busy else i

    def queue(self, kind: str) -> FairQueue:
        found = self.queues.get(kind)
        if found is None:
            found = self.queues[kind] = FairQueue(kind, slots(kind), per_key(kind))
        return found

    def _fell_back(self, game: str, level: str, reason: str, detail: str) -> None:
        self.failures += 1
        FALLBACKS.labels(level, reason).inc()
        log.warning("bot %s of %s %s; falling back", level, game, detail)

    async def choose(self, game: str, position: Any, level: str, seed: int, key: str = "",
                     keep: str = "") -> tuple[str, str]:
        """(action text, level that chose it), within the deadline counted from now (the
        moment the move is queued). Never raises for a bot's sake: the last resort is a
        random legal move chosen here. `keep` names the seat (game and seat) for a level that
        keeps its tree between moves (module docstring)."""
        loop = asyncio.get_running_loop()
        queued = loop.time()
        end = queued + self.deadline
        blob: bytes | None = None
        current: str | None = level
        while current is not None and current != "random":
            kind = "search" if is_search(current) else "quick"
            need = float(self.needs(game, current)) if self.needs else 0.0
            left = end - loop.time()
            if kind == "quick":
                left = max(left, QUICK_SECONDS)
            if kind == "search" and left < need:
                self._fell_back(game, current, "queue", f"has {max(0.0, left):.1f} s of its deadline left")
                current = self.fallbacks(game, current) if self.fallbacks else None
                continue
            until = loop.time() + left  # the end of this level's time
            fq = self.queue(kind)
            try:
                await fq.acquire(key, left - need)
            except TimeoutError:
                self._fell_back(game, current, "queue", f"waited {loop.time() - queued:.1f} s for a worker")
                current = self.fallbacks(game, current) if self.fallbacks else None
                continue
            try:
                if blob is None:
                    blob = position.snapshot()
                budget = max(0.05, until - loop.time())
                lane = self.lane(game, current, keep) if kind == "search" else None
                if lane is not None:
                    self.lanes_busy.add(lane)  # before any await: no other move may pick it meanwhile
                try:
                    where = kind if lane is None else f"lane{lane}"
                    running = _pools.get(where)
                    if running is None or not running.active:  # starting processes blocks: not on the loop
                        running = await asyncio.to_thread(pool, where)
                    args = (game, blob, current, seed) if lane is None else (game, blob, current, seed, keep)
                    future = running.schedule(think, args=args, timeout=budget)
                    try:
                        text = await asyncio.wrap_future(future)
                    except asyncio.CancelledError:
                        future.cancel()  # the position changed: stop the worker's search too
                        raise
                finally:
                    if lane is not None:
                        self.lanes_busy.discard(lane)
                if lane is not None:
                    self.kept_moves += 1
                THINK_SECONDS.labels(current).observe(loop.time() - queued)
                return text, current
            except (TimeoutError, CancelledError) as exc:
                self._fell_back(game, current, "deadline",
                                f"missed its {self.deadline:.1f} s deadline ({type(exc).__name__})")
            except Exception as exc:  # a broken bot or a killed worker must not stall the game
                self._fell_back(game, current, "error", f"failed ({type(exc).__name__}: {exc})")
            finally:
                fq.release(key)
            current = self.fallbacks(game, current) if self.fallbacks else None
        legal = position.legal_actions()
        THINK_SECONDS.labels("random").observe(loop.time() - queued)
        return str(random.Random(seed).choice(legal)), "random"
