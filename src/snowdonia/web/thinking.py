"""Bots think in a pool of worker processes, never in the server's own process.

Two pools (Pebble's `ProcessPool`): searches (the `mcts` levels) get one worker per core;
quick bots (`greedy` and other one-ply bots of a title) get one worker of their own, so they
never queue behind a long search of another game. Each bot move is one task: the
position as its snapshot bytes, the level, a seed; the answer is the action's text. A task
has a hard deadline: past it, Pebble kills the worker process (and starts a fresh one), and
the game falls back to the next-lower level; the weakest level (`random`) is chosen in-process
at once, so no game ever waits for ever. A task for a position that changed meanwhile is
cancelled (its worker is stopped too). Workers are recycled after `MAX_TASKS` moves, which
bounds whatever a bot's search might leave behind.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import multiprocessing
import os
import random
import threading
from concurrent.futures import CancelledError
from typing import Any

from pebble import ProcessPool

from snowdonia.bots import is_search_level, make_bot
from snowdonia.registry import title

log = logging.getLogger("snowdonia.web")

MAX_TASKS = 200

_pools: dict[str, ProcessPool] = {}
_pool_lock = threading.Lock()


def think(game: str, blob: bytes, level: str, seed: int) -> str:
    """In a worker: restore the position and let the bot choose. Returns the action's text."""
    position = title(game).restore(blob)
    bot = make_bot(level, seed, game=game)
    return str(bot.choose(position))


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
            size = workers() if kind == "search" else 1
            found = _pools[kind] = ProcessPool(max_workers=size, max_tasks=MAX_TASKS, initializer=_warm, context=ctx)
        return found


def is_search(level: str) -> bool:
    return is_search_level(level)


@atexit.register
def _stop() -> None:
    for found in list(_pools.values()):
        found.stop()
        found.join(timeout=5)
    _pools.clear()


class Thinker:
    """Chooses bot moves with deadlines and fallbacks."""

    def __init__(self, deadline_seconds: float = 5.0, fallbacks: Any = None) -> None:
        self.deadline = deadline_seconds
        # fallbacks(game, level) -> next-lower level or None
        self.fallbacks = fallbacks
        self.failures = 0  # timeouts and errors since start (for tests and the operator)

    async def choose(self, game: str, position: Any, level: str, seed: int) -> tuple[str, str]:
        """(action text, level that chose it). Never raises for a bot's sake: the last resort
        is a random legal move chosen here."""
        blob: bytes | None = None
        current: str | None = level
        while current is not None and current != "random":
            if blob is None:
                blob = position.snapshot()
            future = pool("search" if is_search(current) else "quick").schedule(
                think, args=(game, blob, current, seed), timeout=self.deadline)
            try:
                return await asyncio.wrap_future(future), current
            except asyncio.CancelledError:
                future.cancel()  # the position changed: stop the worker's search too
                raise
            except (TimeoutError, CancelledError) as exc:
                self.failures += 1
                log.warning("bot %s of %s missed its %.1f s deadline (%s); falling back", current, game,
                            self.deadline, type(exc).__name__)
            except Exception as exc:  # a broken bot or a killed worker must not stall the game
                self.failures += 1
                log.warning("bot %s of %s failed (%s: %s); falling back", current, game, type(exc).__name__, exc)
            current = self.fallbacks(game, current) if self.fallbacks else None
        legal = position.legal_actions()
        return str(random.Random(seed).choice(legal)), "random"
