"""The `mcts` bot: single-observer information-set Monte Carlo tree search (SO-ISMCTS,
Cowling, Powley & Whitehouse 2012).

One tree is grown over the searching seat's information set. Every iteration starts from a
fresh determinization `game.resample(seat, rng)` (unseen contract order and bag draws are
re-dealt), so the bot never reads hidden information. Selection uses UCB1 with availability
counts: a child is only eligible when its action is legal in this iteration's
determinization, and its exploration term counts how often it *was* available rather than
how often its parent was visited. Playouts are uniform random to the end (a random
3-player game costs about a millisecond) or, with `depth`, truncated and scored by the
heuristic `evaluate`.

Levels: `mcts:200` (200 iterations), `mcts:1s` / `mcts:0.5s` (seconds per decision).
The budget is a maximum: the search stops early once the most visited root action cannot
be overtaken in the iterations that remain.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Final

from snowdonia.bots import register
from snowdonia.core.errors import refusal
from snowdonia.core.protocol import Position
from snowdonia.core.rng import randbelow

# Reward for a seat = WIN_WEIGHT * (share of the win) + the rest * a squashed score margin.
# The margin term keeps a gradient when every playout from a node is won (or lost), which
# is common late in the game; the win term keeps the search aiming at what counts.
WIN_WEIGHT: Final = 0.8
MARGIN_SCALE: Final = 8.0
EXPLORATION: Final = 0.7
# How many iterations to time before trusting the rate used by early stopping.
RATE_WARMUP: Final = 20


class Node:
    """A tree node; it is reached by the action stored as its key in the parent."""

    __slots__ = ("children", "visits", "avail", "reward")

    def __init__(self, players: int) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = [0.0] * players


@dataclass(frozen=True)
class Budget:
    iterations: int | None = None
    seconds: float | None = None

    @staticmethod
    def parse(level: str) -> Budget:
        text = level.strip().lower()
        if not text:
            return Budget(iterations=200)
        try:
            if text.endswith("s"):
                secs = float(text[:-1])
                if not secs > 0:
                    raise ValueError
                return Budget(seconds=secs)
            its = int(text)
            if its < 1:
                raise ValueError
            return Budget(iterations=its)
        except ValueError:
            raise ValueError(refusal("bad mcts level %(level)s: use iterations ('mcts:200') or seconds ('mcts:1s')",
                                     level=repr(level))) from None

    def __str__(self) -> str:
        if self.seconds is not None:
            return f"{self.seconds:g}s"
        return str(self.iterations)


def rewards(g: Position) -> list[float]:
    """Per-seat reward in [0, 1] for a finished (or truncated, then scored by the title's
    heuristic) game."""
    n = g.players
    if g.is_over:
        res = g.outcome()
        scores, winners = res.scores, res.winners
    else:
        ev = g.title.evaluate
        scores = [ev(g, p) for p in range(n)]
        top = max(scores)
        winners = [p for p in range(n) if scores[p] == top]
    if n == 1:
        # Solo: no opponent to beat; reward the score itself, squashed.
        return [1.0 / (1.0 + math.exp(-(scores[0] - 40.0) / 15.0))]
    out = []
    share = 1.0 / len(winners)
    for p in range(n):
        best_other = max(scores[q] for q in range(n) if q != p)
        margin = 1.0 / (1.0 + math.exp(-(scores[p] - best_other) / MARGIN_SCALE))
        win = share if p in winners else 0.0
        out.append(WIN_WEIGHT * win + (1.0 - WIN_WEIGHT) * margin)
    return out


class MctsBot:
    def __init__(self, budget: Budget, seed: int = 0, depth: int | None = None,
                 exploration: float = EXPLORATION, early_stop: bool = True, kind: str = "mcts") -> None:
        self.budget = budget
        self.early_stop = early_stop
        self.depth = depth
        self.exploration = exploration
        self.rng = random.Random(seed)
        self.name = f"{kind}:{budget}"
        # Statistics of the last search, for benchmarks and the CLI.
        self.last_iterations = 0
        self.last_seconds = 0.0

    def configure_for(self, title: Any) -> None:
        """Take the title's playout depth when the level named none (Foothills: truncated
        playouts scored by its evaluation; Snowdonia: random playouts to the end)."""
        if self.depth is None:
            self.depth = getattr(title, "search_depth", None)

    def choose(self, game: Position) -> Any:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.search(game)

    def search(self, game: Position) -> Any:
        seat = game.current_player
        assert seat is not None, "the game is over"
        n = game.players
        rng = self.rng
        root = Node(n)
        max_its = self.budget.iterations
        deadline = None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        start = time.perf_counter()
        its = 0
        c = self.exploration
        while True:
            if max_its is not None and its >= max_its:
                break
            if deadline is not None and its > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(game, seat, root, rng, c)
            its += 1
            if self.early_stop and its % 10 == 0 and self._decided(root, its, start, deadline, max_its):
                break
        self.last_iterations = its
        self.last_seconds = time.perf_counter() - start
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward[seat]))
        return best[0]

    @staticmethod
    def _decided(root: Node, its: int, start: float, deadline: float | None, max_its: int | None) -> bool:
        """True when the most visited root child cannot be overtaken by the rest of the
        budget, even if every remaining iteration went to the runner-up."""
        if len(root.children) < 2:
            return len(root.children) == 1 and its >= RATE_WARMUP
        visits = sorted((ch.visits for ch in root.children.values()), reverse=True)
        lead = visits[0] - visits[1]
        if max_its is not None:
            remaining = max_its - its
        else:
            assert deadline is not None
            if its < RATE_WARMUP:
                return False
            now = time.perf_counter()
            rate = its / max(now - start, 1e-9)
            remaining = int(rate * max(deadline - now, 0.0)) + 1
        return lead > remaining

    def _iterate(self, game: Position, seat: int, root: Node, rng: random.Random, c: float) -> None:
        d = game.resample(seat, rng)
        node = root
        path = [root]
        movers: list[int] = []
        # Selection and expansion.
        while not d.is_over:
            legal = d.legal_actions()
            p = d.current_player
            assert p is not None
            children = node.children
            unexpanded = [a for a in legal if a not in children]
            if unexpanded:
                a = unexpanded[randbelow(rng, len(unexpanded))]
                for b in legal:
                    ch = children.get(b)
                    if ch is not None:
                        ch.avail += 1
                child = Node(len(node.reward))
                children[a] = child
                d.step(a)
                path.append(child)
                movers.append(p)
                break
            log_cache: dict[int, float] = {}
            best_a = legal[0]
            best_v = -1.0
            for b in legal:
                ch = children[b]
                ch.avail += 1
                la = log_cache.get(ch.avail)
                if la is None:
                    la = math.log(ch.avail)
                    log_cache[ch.avail] = la
                v = ch.reward[p] / ch.visits + c * math.sqrt(la / ch.visits)
                if v > best_v:
                    best_v, best_a = v, b
            node = children[best_a]
            d.step(best_a)
            path.append(node)
            movers.append(p)
        # Playout.
        d.playout(rng, self.depth)
        r = rewards(d)
        for nd in path:
            nd.visits += 1
            rw = nd.reward
            for i in range(len(r)):
                rw[i] += r[i]


def _factory(level: str, seed: int) -> MctsBot:
    return MctsBot(Budget.parse(level), seed)


def _v1_factory(level: str, seed: int) -> MctsBot:
    """`mcts-v1`: the versioned reference (issue 19): this very algorithm, kept under a name
    that will not move when `mcts` changes, so that ladders against it can be re-run."""
    return MctsBot(Budget.parse(level), seed, kind="mcts-v1")


register("mcts", _factory)
register("mcts-v1", _v1_factory)
