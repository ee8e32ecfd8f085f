"""The Ray backend gives the same results as a local run (local Ray started by the test)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from snowdonia.sim.commands import register
from snowdonia.sim.executor import run_games
from snowdonia.sim.ratings import rate
from snowdonia.sim.tournament import schedule

ray = pytest.importorskip("ray")


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def _root() -> None:  # keeps subcommand names on the command line
        pass

    register(app)
    return app


@pytest.mark.slow
def test_ray_matches_local_run(tmp_path: Path) -> None:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        specs = schedule(["random", "greedy"], 3, 12, seed=21, settings={"light_fog": True})
        local = run_games(specs, workers=1)
        remote = run_games(specs, ray_address="auto")
        assert remote == local
        assert [s.as_dict() for s in rate(remote)] == [s.as_dict() for s in rate(local)]

        # The commands themselves: same table and same tournament JSON through Ray.
        app, runner = _app(), CliRunner()
        sim = ["simulate", "--players", "2", "--bots", "greedy,random", "--games", "6", "--seed", "4"]
        assert runner.invoke(app, [*sim, "--workers", "1", "--out", str(tmp_path / "l")]).exit_code == 0
        res = runner.invoke(app, [*sim, "--ray", "auto", "--out", str(tmp_path / "r")])
        assert res.exit_code == 0, res.output
        assert (tmp_path / "l" / "games.csv").read_text() == (tmp_path / "r" / "games.csv").read_text()
        tour = ["tournament", "--players", "2", "--bots", "random,greedy", "--games", "4", "--json"]
        a = runner.invoke(app, tour)
        b = runner.invoke(app, [*tour, "--ray", "auto"])
        assert a.exit_code == 0 and b.exit_code == 0, b.output
        assert json.loads(a.stdout.splitlines()[-1]) == json.loads(b.stdout.splitlines()[-1])
    finally:
        ray.shutdown()
