"""Root parallelism for the search bot (issue 19: "root parallelism over processes").

`parallel:<jobs>:<level>` runs `jobs` independent searches of one search level (`search:…` or a
named level that stands for one, such as `master`) on the same position, each from a seed of
its own, and plays the option with the most visits over all of them, ties to the higher mean
reward (root parallelisation: Chaslot, Winands and van den Herik, "Parallel Monte-Carlo Tree
Search", 2008). Search 0 runs in the calling process and every other search in a helper
process of its own, so with `jobs` idle cores a decision takes about the wall time of one
search while it spends `jobs` times the iterations.

Where the searches run never changes the choice: each search keeps its own bot (its seed and
random stream, its kept tree with `:r1`) for the whole game and is asked about the same
positions in the same order, and the merge reads their statistics in a fixed order. A bot
that cannot start processes (inside a daemonic pool worker, as `scripts/levels_ladder.py
--workers 2` runs games, or with `SNOWDONIA_SERIAL=1`) runs the searches one after another and
makes the same moves, only slower; `tests/bots/test_parallel.py` checks both.

A helper receives the position as `Position.snapshot()` bytes (the protocol's own format, read
back by `Title.restore`) and answers with its statistics per legal option, by index, and the
CPU time it spent, which the bot reports as `last_helper_cpu` so that a ladder can count the
whole cost of a decision, not the calling process's share of it. The web does not offer this
kind (a game there must not start processes); it is a research and terminal level.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import time
from multiprocessing.connection import Connection
from typing import Any

from snowdonia.bots import register
from snowdonia.bots.search import OptionStats, SearchBot
from snowdonia.core.errors import refusal
from snowdonia.core.protocol import Position

MAX_JOBS = 8  # more helper processes than this is never what a person meant on this kind of machine
SERIAL_ENV = "SNOWDONIA_SERIAL"

# One option's statistics from one search, by legal index: (visits, reward sum, margin sum,
# wins sum, iterations through it, is the prior's pick).
Row = tuple[int, float, float, float, int, bool]


def _rows(bot: SearchBot, game: Position) -> tuple[list[Row], int]:
    """Search `game` with `bot` (its own choice: `every_option=False`) and return each legal
    option's sums and the iterations run."""
    stats = bot.analyse(game, every_option=False)
    rows: list[Row] = []
    for s in stats:
        rows.append((s.visits, s.value * s.visits, s.margin * s.visits, s.win_rate * s.visits, s.visits, s.prior))
    return rows, bot.last_iterations


def _serve(conn: Connection, game: str, spec: str, seed: int, scenario: str | None) -> None:
    """A helper process: one search bot for the whole game, asked one position at a time."""
    from snowdonia.bots import make_bot
    from snowdonia.registry import title

    t = title(game)
    bot = make_bot(spec, seed, game=game, scenario=scenario)
    while True:
        try:
            blob = conn.recv_bytes()
        except (EOFError, OSError):  # the bot was closed or its process ended
            return
        c0 = time.process_time()
        try:
            rows, its = _rows(bot, t.restore(blob))  # type: ignore[arg-type]
            conn.send(("ok", rows, its, time.process_time() - c0))
        except Exception as exc:  # noqa: BLE001 - reported to the calling process in words
            conn.send(("error", f"{type(exc).__name__}: {exc}", 0, 0.0))


class ParallelSearchBot:
    """`jobs` searches of one level, merged at the root."""

    def __init__(self, jobs: int, spec: str, seed: int = 0) -> None:
        from snowdonia.bots import make_bot

        self.jobs = jobs
        self.spec = spec
        self.name = f"parallel:{jobs}:{spec}"
        draw = random.Random(seed)
        # Each search's seed, drawn once from the bot's seed: the same on every machine.
        self.seeds = [draw.randrange(1 << 30) for _ in range(jobs)]
        self.game_name = "snowdonia"
        # the scenario the searches were made for: a named level may stand for another string
        # in some scenarios (bots/levels.toml), so they are made again for the first position's
        self.scenario: str | None = None
        self._make = make_bot
        self.bots: list[SearchBot] = [self._search(spec, s, "snowdonia") for s in self.seeds]
        self._helpers: list[tuple[Any, Connection]] = []
        self._serial: bool | None = None  # decided at the first search: can this process start helpers?
        self.last_iterations = 0
        self.last_helper_cpu = 0.0
        self.last_stats: list[OptionStats] = []

    def _search(self, spec: str, seed: int, game: str) -> SearchBot:
        from snowdonia.bots import ScenarioLevelBot

        bot = self._make(spec, seed, game=game, scenario=self.scenario)
        if isinstance(bot, ScenarioLevelBot):  # no scenario yet: checked as the title's level
            bot = bot.others
        if not isinstance(bot, SearchBot):
            raise ValueError(refusal("parallel searches run a search level (such as 'search:3000' or 'master'), "
                                     "not %(spec)s", spec=repr(spec)))
        return bot

    def configure_for(self, title: Any) -> None:
        """Rebuild the searches for the title they will play (a search takes its prior from it)."""
        if title.name != self.game_name:
            self.game_name = title.name
            self.close()

    def check(self, game: Position) -> None:
        self.bots[0].check(game)

    # -- helpers ---------------------------------------------------------------------------

    def _can_start(self) -> bool:
        if self.jobs == 1 or os.environ.get(SERIAL_ENV) == "1":
            return False
        # A daemonic process (a multiprocessing.Pool worker) may not have children.
        return not multiprocessing.current_process().daemon

    def _start(self) -> None:
        ctx = multiprocessing.get_context("spawn")  # never fork a process that may hold threads
        for seed in self.seeds[1:]:
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(target=_serve, args=(theirs, self.game_name, self.spec, seed, self.scenario),
                               daemon=True)
            proc.start()
            theirs.close()
            self._helpers.append((proc, mine))

    def close(self) -> None:
        """End the helper processes (they also end with this process) and start every search
        afresh from its seed, so a game played on after `close()` is searched as by a bot made
        at that moment: the helpers started at the next decision hold fresh searches, and the
        searches kept in this process (which grew trees with `:r1`) must not part from them."""
        self._end_helpers()
        self.bots = [self._search(self.spec, s, self.game_name) for s in self.seeds]

    def _end_helpers(self) -> None:
        for proc, conn in self._helpers:
            conn.close()
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()
        self._helpers = []
        self._serial = None

    def __del__(self) -> None:
        try:
            self._end_helpers()
        except Exception:  # noqa: BLE001 - interpreter shutdown: nothing left to close
            pass

    # -- choosing --------------------------------------------------------------------------

    def _gather(self, game: Position) -> tuple[list[list[Row]], int, float]:
        if self._serial is None:
            self._serial = not self._can_start()
            if not self._serial:
                self._start()
        if self._serial:
            out = [_rows(bot, game) for bot in self.bots]
            return [r for r, _ in out], sum(i for _, i in out), 0.0
        blob = game.snapshot()
        for _proc, conn in self._helpers:
            conn.send_bytes(blob)
        first, its = _rows(self.bots[0], game)  # search 0 here, while the helpers search
        results = [first]
        cpu = 0.0
        for proc, conn in self._helpers:
            try:
                status, rows, n, spent = conn.recv()
            except (EOFError, OSError) as exc:
                raise RuntimeError(f"a parallel search's helper process ended (exit code {proc.exitcode})") from exc
            if status != "ok":
                raise RuntimeError(f"a parallel search's helper failed: {rows}")
            results.append(rows)
            its += n
            cpu += spent
        return results, its, cpu

    def choose(self, game: Position) -> Any:
        if game.scenario != self.scenario:
            self.scenario = game.scenario
            self.close()  # the searches made again for this scenario (before any search: nothing lost)
        legal = game.legal_actions()
        inner = self.bots[0]
        if len(legal) == 1:
            self.last_iterations, self.last_helper_cpu, self.last_stats = 0, 0.0, []
            return legal[0]
        if inner.config.merge and len(game.title.search_actions(game, legal)) == 1:
            self.last_iterations, self.last_helper_cpu, self.last_stats = 0, 0.0, []
            return game.title.search_actions(game, legal)[0]
        results, its, cpu = self._gather(game)
        merged = merge(legal, results)
        self.last_iterations, self.last_helper_cpu, self.last_stats = its, cpu, merged
        return max(merged, key=lambda s: (s.visits, s.value)).action


def merge(legal: list[Any], results: list[list[Row]]) -> list[OptionStats]:
    """Every legal option's statistics summed over the searches (in `legal` order): visits
    add up, the mean reward, margin and win rate are weighted by each search's visits."""
    out = []
    for i, a in enumerate(legal):
        visits = sum(r[i][0] for r in results)
        if visits == 0:
            out.append(OptionStats(a, 0, 0.0, 0.0, 0.0, any(r[i][5] for r in results)))
            continue
        reward = sum(r[i][1] for r in results)
        margin = sum(r[i][2] for r in results)
        wins = sum(r[i][3] for r in results)
        out.append(OptionStats(a, visits, reward / visits, margin / visits, wins / visits, any(r[i][5] for r in results)))
    return out


def parse(level: str) -> tuple[int, str]:
    """`<jobs>:<level>` -> (jobs, level), refused in words when malformed."""
    head, _, spec = level.partition(":")
    if not head.isdigit() or not spec:
        raise ValueError(refusal("a parallel search is written 'parallel:<searches>:<level>', such as "
                                 "'parallel:2:search:3000', not %(level)s", level=repr("parallel:" + level)))
    jobs = int(head)
    if not 1 <= jobs <= MAX_JOBS:
        raise ValueError(refusal("a parallel search runs 1 to %(max)s searches, not %(jobs)s", max=MAX_JOBS, jobs=jobs))
    return jobs, spec


def _factory(level: str, seed: int) -> ParallelSearchBot:
    jobs, spec = parse(level)
    return ParallelSearchBot(jobs, spec, seed)


register("parallel", _factory)
