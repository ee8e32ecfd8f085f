"""The Ray backend gives the same results as a local run (local Ray started by the test)."""

from __future__ import annotations

import pytest

from snowdonia.sim.executor import run_games
from snowdonia.sim.ratings import rate
from snowdonia.sim.tournament import schedule

ray = pytest.importorskip("ray")


@pytest.mark.slow
def test_ray_matches_local_run() -> None:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        specs = schedule(["random", "greedy"], 3, 12, seed=21, settings={"light_fog": True})
        local = run_games(specs, workers=1)
        remote = run_games(specs, ray_address="auto")
        assert remote == local
        assert [s.as_dict() for s in rate(remote)] == [s.as_dict() for s in rate(local)]
    finally:
        ray.shutdown()
