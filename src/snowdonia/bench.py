"""Engine throughput, measured in one process against a fixed baseline so figures from a
shared, noisy machine can be compared as ratios (spec: "Speed is measured in benchmarks")."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from snowdonia.core.protocol import Position
from snowdonia.registry import title


def _baseline(seconds: float) -> float:
    """Copies of a 60-key dict per second: a yardstick for this machine right now."""
    d = {f"k{i}": i for i in range(60)}
    n = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        for _ in range(1000):
            d.copy()
        n += 1000
    return n / seconds


def playouts(players: int, seconds: float, seed: int = 0, game: str = "snowdonia",
             scenario: str | None = None) -> dict[str, float]:
    """Random games with full rules checking: every action goes through `apply`."""
    new_game = title(game).new_game
    rng = random.Random(seed)
    decisions = games = 0
    start = time.perf_counter()
    end = start + seconds
    s = seed
    while time.perf_counter() < end:
        g = new_game(players, seed=s, scenario=scenario)
        s += 1
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            decisions += 1
        games += 1
    el = time.perf_counter() - start
    return {"decisions_per_s": decisions / el, "games_per_s": games / el,
            "decisions_per_game": decisions / max(games, 1)}


def clones(players: int, seconds: float, seed: int = 0, game: str = "snowdonia",
           scenario: str | None = None) -> float:
    """Clones per second of a mid-game position (a third of a random game's decisions in)."""
    rng = random.Random(seed)
    new_game = title(game).new_game
    probe = new_game(players, seed=seed, scenario=scenario)
    length = 0
    while not probe.is_over:
        probe.apply(rng.choice(probe.legal_actions()))
        length += 1
    rng = random.Random(seed)
    g: Position = new_game(players, seed=seed, scenario=scenario)
    for _ in range(length // 3):
        g.apply(rng.choice(g.legal_actions()))
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        for _ in range(500):
            g.clone()
        n += 500
    return n / (time.perf_counter() - start)


def catanatron_bench(seconds: float) -> dict[str, float] | None:
    """The anchor, measured in this process: Catanatron random 4-player games (its engine
    actions/s and games/s) and copies/s of a mid-game state. None when not installed
    (`pip install -e ".[bench]"`)."""
    try:
        from catanatron import Color, Game, RandomPlayer  # type: ignore[import-untyped]
    except ImportError:
        return None
    colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
    random.seed(0)  # Catanatron draws from the global random module
    actions = games = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        game = Game([RandomPlayer(c) for c in colors])
        game.play()
        actions += len(game.state.actions)
        games += 1
    el = time.perf_counter() - start
    mid = Game([RandomPlayer(c) for c in colors])
    for _ in range(150):
        if mid.winning_color() is not None:
            break
        mid.play_tick()
    n = 0
    start = time.perf_counter()
    end = start + seconds / 2
    while time.perf_counter() < end:
        for _ in range(100):
            mid.copy()
        n += 100
    return {"actions_per_s": actions / el, "games_per_s": games / el,
            "copies_per_s": n / (time.perf_counter() - start)}


class _OurPlayouts:
    """Random games of one title, resumable across slices: whole games, every action through
    `apply` (full rules checking)."""

    def __init__(self, game: str, players: int, scenario: str | None, seed: int = 0) -> None:
        self.new_game = title(game).new_game
        self.players, self.scenario, self.seed = players, scenario, seed
        self.rng = random.Random(seed)

    def slice(self, seconds: float) -> tuple[int, float]:
        """(decisions, CPU-seconds) of whole games played for about `seconds` of CPU time."""
        rng = self.rng
        n = 0
        c0 = time.process_time()
        while time.process_time() - c0 < seconds:
            g = self.new_game(self.players, seed=self.seed, scenario=self.scenario)
            self.seed += 1
            while not g.is_over:
                g.apply(rng.choice(g.legal_actions()))
                n += 1
        return n, time.process_time() - c0


class _OurClones:
    def __init__(self, game: str, players: int, scenario: str | None, seed: int = 0) -> None:
        rng = random.Random(seed)
        new_game = title(game).new_game
        probe = new_game(players, seed=seed, scenario=scenario)
        length = 0
        while not probe.is_over:
            probe.apply(rng.choice(probe.legal_actions()))
            length += 1
        rng = random.Random(seed)
        self.g = new_game(players, seed=seed, scenario=scenario)
        for _ in range(length // 3):  # a mid-game position
            self.g.apply(rng.choice(self.g.legal_actions()))

    def slice(self, seconds: float) -> tuple[int, float]:
        g = self.g
        n = 0
        c0 = time.process_time()
        while time.process_time() - c0 < seconds:
            for _ in range(200):
                g.clone()
            n += 200
        return n, time.process_time() - c0


class _CatanatronPlayouts:
    """Catanatron's random 4-player games (its engine's actions), resumable across slices."""

    def __init__(self) -> None:
        from catanatron import Color, Game, RandomPlayer  # type: ignore[import-untyped]

        self.make = lambda: Game([RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)])
        random.seed(0)  # Catanatron draws from the global random module

    def slice(self, seconds: float) -> tuple[int, float]:
        n = 0
        c0 = time.process_time()
        while time.process_time() - c0 < seconds:
            game = self.make()
            game.play()
            n += len(game.state.actions)
        return n, time.process_time() - c0


class _CatanatronCopies:
    def __init__(self) -> None:
        from catanatron import Color, Game, RandomPlayer  # type: ignore[import-untyped]

        random.seed(0)
        self.mid = Game([RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)])
        for _ in range(150):
            if self.mid.winning_color() is not None:
                break
            self.mid.play_tick()

    def slice(self, seconds: float) -> tuple[int, float]:
        n = 0
        c0 = time.process_time()
        while time.process_time() - c0 < seconds:
            for _ in range(50):
                self.mid.copy()
            n += 50
        return n, time.process_time() - c0


def _spread(values: list[float]) -> dict[str, Any]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values),
            "slices": [round(v, 3) for v in values]}


def interleaved(ours: Any, theirs: Any, slices: int, seconds: float) -> dict[str, Any]:
    """Short CPU-time slices of two workloads in alternating order (ours first in even pairs,
    theirs first in odd ones), so both see the same machine load; the ratio of their rates
    per pair, and its median and spread over the pairs."""
    ratios: list[float] = []
    our_rates: list[float] = []
    their_rates: list[float] = []
    for k in range(slices):
        if k % 2 == 0:
            a = ours.slice(seconds)
            b = theirs.slice(seconds)
        else:
            b = theirs.slice(seconds)
            a = ours.slice(seconds)
        ra, rb = a[0] / max(a[1], 1e-9), b[0] / max(b[1], 1e-9)
        our_rates.append(ra)
        their_rates.append(rb)
        ratios.append(ra / max(rb, 1e-9))
    return {"ratio": _spread(ratios), "ours_per_cpu_s": statistics.median(our_rates),
            "theirs_per_cpu_s": statistics.median(their_rates)}


def catanatron_installed() -> bool:
    try:
        import catanatron  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        return False
    return True


def compare(game: str, players: int, scenario: str | None = None, slices: int = 6,
            seconds: float = 0.5) -> dict[str, Any] | None:
    """Our engine against Catanatron, interleaved (see `interleaved`): random-playout
    decisions per Catanatron action, and clones per Catanatron copy, both per CPU-second.
    None when Catanatron is not installed (`pip install -e ".[bench]"`)."""
    if not catanatron_installed():
        return None
    return {
        "game": game, "players": players, "scenario": scenario, "slices": slices, "slice_seconds": seconds,
        "playouts": interleaved(_OurPlayouts(game, players, scenario), _CatanatronPlayouts(), slices, seconds),
        "clones": interleaved(_OurClones(game, players, scenario), _CatanatronCopies(), slices, seconds / 2),
    }


def mcts_rates(seconds: float = 2.0, games: tuple[str, ...] | None = None,
               counts: dict[str, tuple[int, ...]] | None = None) -> list[dict[str, Any]]:
    """MCTS iterations per CPU-second, per title, scenario and player count: the search of
    `mcts:1s` (the title's playout depth, early stopping off) from decision points spread over
    random games, `seconds` of search per configuration."""
    from snowdonia.bots.mcts import Budget, MctsBot
    from snowdonia.registry import names

    rows = []
    for game in games or tuple(names()):
        t = title(game)
        # The title's first scenario at every player count; each other scenario at 3 players
        # (or its first count) unless counts were asked for.
        configs: list[tuple[str | None, int]] = [(None, n) for n in (counts or {}).get(game, t.player_counts)]
        if counts is None:
            for sc in t.scenarios[1:]:
                configs.append((sc.key, 3 if 3 in sc.players else sc.players[0]))
        for scenario, n in configs:
            ps = _decision_points(game, n, 4, seed=n, scenario=scenario)
            its = 0
            cpu = 0.0
            for k, g in enumerate(ps):
                bot = MctsBot(Budget(seconds=seconds / len(ps)), seed=k, early_stop=False)
                bot.configure_for(t)
                c0 = time.process_time()
                bot.search(g)
                cpu += time.process_time() - c0
                its += bot.last_iterations
            rows.append({"game": game, "scenario": scenario or t.scenarios[0].key, "players": n,
                         "depth": t.search_depth, "iterations_per_cpu_s": its / max(cpu, 1e-9)})
    return rows


def _decision_points(game: str, players: int, count: int, seed: int, scenario: str | None = None) -> list[Position]:
    """Real choices (two options or more) spread over random games."""
    rng = random.Random(seed)
    out: list[Position] = []
    s = seed
    while len(out) < count:
        g = title(game).new_game(players, seed=s, scenario=scenario)
        s += 1
        while not g.is_over:
            if len(g.legal_actions()) > 1 and rng.random() < 0.05:
                out.append(g.clone())
            g.apply(rng.choice(g.legal_actions()))
    return out[:count]


def build() -> str:
    """Which engine build runs: "compiled (mypyc …)" or "pure (why)"."""
    from snowdonia import _engine

    return _engine.describe()


def run_bench(player_counts: list[int], seconds: float = 2.0, compare_with: bool = False,
              game: str = "snowdonia", scenario: str | None = None, slices: int = 6,
              mcts_seconds: float = 2.0) -> dict[str, Any]:
    """The figures of `snowdonia bench`: per player count, random-playout decisions, games and
    clones per second; with `compare_with`, the interleaved comparison with Catanatron at 3
    players (or the title's first count) and MCTS iterations per CPU-second of every title."""
    base = _baseline(min(seconds, 1.0))
    rows = []
    for n in player_counts:
        row: dict[str, Any] = {"players": n, **playouts(n, seconds, game=game, scenario=scenario)}
        row["clones_per_s"] = clones(n, seconds / 2, game=game, scenario=scenario)
        rows.append(row)
    three = next((r for r in rows if r["players"] == 3), rows[0])
    out: dict[str, Any] = {"game": game, "scenario": scenario, "build": build(), "baseline_ops_per_s": base,
                           "rows": rows, "ratio_3p_to_baseline": three["decisions_per_s"] / base}
    if compare_with:
        out["catanatron"] = compare(game, three["players"], scenario, slices=slices, seconds=seconds / 4)
        out["mcts"] = mcts_rates(mcts_seconds)
    return out
