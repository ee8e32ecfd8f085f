"""`snowdonia bench --adapters` runs the three loops and reports ratios (what it measures,
not how fast: speed is a benchmark, never a timed test)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

pytest.importorskip("pettingzoo")

from snowdonia.adapters.speed import adapter_bench, report  # noqa: E402
from snowdonia.cli import app  # noqa: E402


def test_adapter_bench_counts_steps_through_every_loop() -> None:
    r = adapter_bench(2, seconds=0.3, game="foothills", slices=1)
    for key in ("raw_steps_per_cpu_s", "pettingzoo_steps_per_cpu_s", "gymnasium_decisions_per_cpu_s",
                "gymnasium_learner_steps_per_cpu_s"):
        assert r[key] > 0
    assert r["pettingzoo_ratio"] == pytest.approx(r["pettingzoo_steps_per_cpu_s"] / r["raw_steps_per_cpu_s"])
    assert r["gymnasium_learner_steps_per_cpu_s"] <= r["gymnasium_decisions_per_cpu_s"]
    assert "x raw" in report(r)


@pytest.mark.slow
def test_bench_adapters_command_prints_json_for_both_observations() -> None:
    result = CliRunner().invoke(app, ["bench", "--adapters", "--game", "foothills", "--players", "2",
                                      "--seconds", "1", "--json"])
    assert result.exit_code == 0, result.output
    decoder = json.JSONDecoder()
    text, found = result.output.strip(), []
    while text:
        obj, end = decoder.raw_decode(text)
        found.append(obj)
        text = text[end:].strip()
    assert [f["observation"] for f in found] == ["raw", "learning"]
    assert all(f["players"] == 2 and f["game"] == "foothills" for f in found)
