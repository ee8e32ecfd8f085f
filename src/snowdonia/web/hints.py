"""Hints at the web table (issue 20): the analysis (snowdonia.analysis) ranks the options of
the decision in front of a person, when the table allows hints (`"table": {"hints": true}`
at creation; solo games always do).

The work never runs in the server's process: each hint is one task in a pool of its own
(one worker process, so hints never take a core from a bot's search and never delay a bot's
move), with a fixed budget and a hard deadline (the worker is killed past it). At most
`MAX_WAITING` hints wait at once (more: 503, try again); a hint asked twice for the same
position is computed once (the answer is cached by game, move and revision).
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from concurrent.futures import CancelledError
from typing import Any

from snowdonia.analysis import analyse
from snowdonia.core.errors import refusal
from snowdonia.registry import title

log = logging.getLogger("snowdonia.web")

HINT_BUDGET = "normal"  # the expert level's search (2000 iterations) + rollouts: docs/analysis.md
DEADLINE_SECONDS = 30.0
MAX_WAITING = 4
SHOWN = 5  # options in an answer (the best first)
CACHE = 256


def allowed(table_opts: dict[str, Any] | None, players: int) -> bool:
    """Hints at this table: asked for when it was created, and always in solo games."""
    return bool((table_opts or {}).get("hints")) or players == 1


def work(game: str, blob: bytes, budget: str, seed: int) -> dict[str, Any]:
    """In a worker: restore the position and rank the decider's options."""
    position = title(game).restore(blob)
    a = analyse(position, None, budget, seed=seed)
    return {"move": position.moves, "seat": a.seat, "budget": str(a.budget), "evaluator": a.evaluator,
            "options": [{"text": o.text, "label": o.label, "value_vp": round(o.value_vp, 2),
                         "win_chance": round(o.win_chance, 3)} for o in a.options[:SHOWN]]}


class Busy(Exception):
    """The hint could not be given now; the message says why, in words."""


class Hinter:
    def __init__(self, deadline_seconds: float = DEADLINE_SECONDS, budget: str = HINT_BUDGET) -> None:
        self.deadline = deadline_seconds
        self.budget = budget
        self.cache: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
        self.running: dict[tuple[str, int, int], asyncio.Future[dict[str, Any]]] = {}

    async def hint(self, game_id: str, game: str, position: Any, revision: int) -> dict[str, Any]:
        key = (game_id, position.moves, revision)
        found = self.cache.get(key)
        if found is not None:
            self.cache.move_to_end(key)
            return found
        pending = self.running.get(key)
        if pending is None:
            if len(self.running) >= MAX_WAITING:
                raise Busy(refusal("the analysis is busy with other hints; try again in a few seconds"))
            pending = asyncio.ensure_future(self._compute(game, position.snapshot(), position.moves))
            self.running[key] = pending
            pending.add_done_callback(lambda _f: self.running.pop(key, None))
        answer = await asyncio.shield(pending)
        self.cache[key] = answer
        while len(self.cache) > CACHE:
            self.cache.popitem(last=False)
        return answer

    async def _compute(self, game: str, blob: bytes, moves: int) -> dict[str, Any]:
        from snowdonia.web.thinking import pool

        future = pool("analysis").schedule(work, args=(game, blob, self.budget, moves), timeout=self.deadline)
        try:
            return await asyncio.wrap_future(future)
        except (TimeoutError, CancelledError) as exc:
            log.warning("a hint for %s missed its %.0f s deadline (%s)", game, self.deadline, type(exc).__name__)
            raise Busy(refusal("the analysis took longer than %(n)s seconds; try again",
                               n=format(self.deadline, ".0f"))) from exc
        except Exception as exc:  # a killed worker must not break the table
            log.warning("a hint for %s failed (%s: %s)", game, type(exc).__name__, exc)
            raise Busy(refusal("the analysis failed for this position; try again")) from exc
