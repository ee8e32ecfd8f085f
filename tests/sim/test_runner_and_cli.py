from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from snowdonia.registry import names, title
from snowdonia.sim.commands import register, simulate_specs
from snowdonia.sim.executor import run_games
from snowdonia.sim.runner import GameSpec, play
from snowdonia.sim.table import columns, counts, rows


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def _root() -> None:  # keeps subcommand names on the command line
        pass

    register(app)
    return app


def test_play_reports_a_consistent_game() -> None:
    r = play(GameSpec(("greedy", "random", "random"), 42, {"light_fog": True}))
    assert len(r["scores"]) == 3 and r["winners"]
    assert max(r["scores"]) == r["scores"][r["winners"][0]]
    for seat in range(3):
        assert sum(r["breakdown"][seat].values()) == r["scores"][seat]
    assert r["settings"]["light_fog"] is True
    assert sum(r["counts"].values()) > 0 and all(k.startswith("event ") for k in r["counts"])
    assert len(r["per_seat"]["train"]) == 3
    assert r == play(GameSpec(("greedy", "random", "random"), 42, {"light_fog": True}))


def test_pool_gives_the_same_results_as_one_process() -> None:
    specs = simulate_specs(["greedy", "random", "random"], 8, 100, {})
    serial = run_games(specs, workers=1)
    pooled = run_games(specs, workers=2)
    assert serial == pooled
    assert [r["index"] for r in pooled] == list(range(8))
    table = rows(pooled)
    assert len(table) == 24 and set(table[0]) == set(columns(table))
    assert {"set_edition", "train", "vp_stations", "vp_contracts", "title", "scenario"} <= set(table[0])
    assert sum(r["winner"] for r in table) >= 8
    assert counts(pooled)


def test_tournament_json() -> None:
    res = CliRunner().invoke(_app(), ["tournament", "--players", "3", "--bots", "random,greedy",
                                      "--games", "6", "--seed", "3", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout.strip().splitlines()[-1])
    bots = {b["bot"]: b for b in data["bots"]}
    assert set(bots) == {"random", "greedy"}
    # Two lineups (r,r,g and r,g,g), three rotations each: 6 games, 9 random seats, 9 greedy.
    assert bots["random"]["games"] == 9 and bots["greedy"]["games"] == 9
    g = bots["greedy"]
    lo, hi = g["win_rate_ci95"]
    assert lo <= g["win_rate"] <= hi
    assert set(g["rating"]) == {"mu", "sigma", "ordinal"}
    assert g["rating"]["mu"] > bots["random"]["rating"]["mu"]


def test_tournament_rejects_unknown_bots() -> None:
    res = CliRunner().invoke(_app(), ["tournament", "--bots", "random,nobot", "--games", "3"])
    assert res.exit_code != 0


def _simulate(out: Path, *extra: str) -> None:
    res = CliRunner().invoke(_app(), ["simulate", "--players", "3", "--bots", "greedy,random,random",
                                      "--games", "9", "--seed", "7", "--workers", "1", "--out", str(out),
                                      *extra])
    assert res.exit_code == 0, res.output


def test_simulate_writes_table_and_report_and_reruns_identically(tmp_path: Path) -> None:
    _simulate(tmp_path / "a", "--contracts-per-window", "1")
    _simulate(tmp_path / "b", "--contracts-per-window", "1")
    a = (tmp_path / "a" / "games.csv").read_text()
    assert a == (tmp_path / "b" / "games.csv").read_text()
    table = list(csv.DictReader(a.splitlines()))
    assert len(table) == 27
    assert {r["set_contracts_per_window"] for r in table} == {"1"}
    assert {r["title"] for r in table} == {"snowdonia"} and {r["scenario"] for r in table} == {"mount_snowdon"}
    assert {r["bot"] for r in table if r["seat"] == "0"} == {"greedy", "random"}
    for name in ("report.md", "index.html", "win_rate_by_seat.png", "by_train.png", "scores_by_bot.png",
                 "game_length.png", "counts.png"):
        assert (tmp_path / "a" / name).stat().st_size > 0
    assert "Win rate by seat" in (tmp_path / "a" / "report.md").read_text()


def test_simulate_parquet(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    _simulate(tmp_path, "--format", "parquet", "--edition", "deluxe")
    t = pq.read_table(tmp_path / "games.parquet")
    assert t.num_rows == 27
    assert set(t.column("set_edition").to_pylist()) == {"deluxe"}


def test_settings_by_key_value_and_bad_settings_refused(tmp_path: Path) -> None:
    _simulate(tmp_path / "s", "--set", "light_fog=true", "--set", "edition=deluxe")
    table = list(csv.DictReader((tmp_path / "s" / "games.csv").read_text().splitlines()))
    assert {r["set_light_fog"] for r in table} == {"True"} and {r["set_edition"] for r in table} == {"deluxe"}
    bad = CliRunner().invoke(_app(), ["simulate", "--games", "1", "--set", "fog_everywhere=1", "--out", str(tmp_path)])
    assert bad.exit_code != 0 and "has no setting 'fog_everywhere'" in bad.output
    bad = CliRunner().invoke(_app(), ["simulate", "--games", "1", "--game", "chess", "--out", str(tmp_path)])
    assert bad.exit_code != 0


@pytest.mark.parametrize("game", names())
def test_every_title_simulates_through_the_protocol(game: str, tmp_path: Path) -> None:
    """The simulator knows no game: every registered title plays, tabulates and plots."""
    t = title(game)
    players = t.scenarios[0].players[-1] if game == "snowdonia" else t.scenarios[0].players[0]
    specs = simulate_specs(["random"] * players, 3, 11, {}, game=game)
    results = run_games(specs, workers=1)
    table = rows(results)
    assert {r["title"] for r in table} == {game} and len(table) == 3 * players
    for r in table:
        assert r["score"] == sum(r[f"vp_{k}"] for k in t.score_lines)
