"""Run a batch of games: in this process, on a local process pool, or on a Ray cluster.

Every backend calls the same `runner.play` on the same `GameSpec`s and results are put
back in spec order, so the backend never changes the numbers (for deterministic bots)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from snowdonia.sim.runner import GameSpec, play

Progress = Callable[[int], None]  # called with the number of games just finished


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


def run_games(
    specs: Sequence[GameSpec], workers: int = 1, ray_address: str | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Play every spec; results are returned in the order of `specs`."""
    if ray_address:
        results = _run_ray(specs, ray_address, progress)
    elif workers <= 1 or len(specs) <= 1:
        results = []
        for s in specs:
            results.append(play(s))
            if progress:
                progress(1)
    else:
        results = _run_pool(specs, workers, progress)
    return sorted(results, key=lambda r: r["index"])


def _run_pool(specs: Sequence[GameSpec], workers: int, progress: Progress | None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    # Chunks of games per task keep the pickling overhead small next to ~10 ms games.
    chunk = max(1, min(50, len(specs) // (workers * 8) or 1))
    batches = [list(specs[i:i + chunk]) for i in range(0, len(specs), chunk)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_play_batch, b) for b in batches]
        for fut in as_completed(futures):
            res = fut.result()
            out.extend(res)
            if progress:
                progress(len(res))
    return out


def _play_batch(specs: list[GameSpec]) -> list[dict[str, Any]]:
    return [play(s) for s in specs]


def _run_ray(specs: Sequence[GameSpec], address: str, progress: Progress | None) -> list[dict[str, Any]]:
    """Ray backend. Joins a running Ray if this process already started one (tests do);
    otherwise connects to `address` ('auto' finds a cluster started with `ray start`)."""
    import ray

    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    remote_batch = ray.remote(_play_batch)
    chunk = max(1, min(50, len(specs) // 64 or 1))
    pending = [remote_batch.remote(list(specs[i:i + chunk])) for i in range(0, len(specs), chunk)]
    out: list[dict[str, Any]] = []
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            res = ray.get(ref)
            out.extend(res)
            if progress:
                progress(len(res))
    return out
