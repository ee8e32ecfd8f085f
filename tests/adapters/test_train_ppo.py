"""scripts/train_ppo.py: its short mode (what CI runs) trains, evaluates and writes a
results file; the shaped reward and the README table."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from tests.script_loader import SCRIPTS, load_script


def _script() -> ModuleType:
    return load_script("train_ppo")


def test_shaped_reward_is_the_result_plus_the_clipped_margin() -> None:
    pytest.importorskip("gymnasium")
    m = _script()
    assert m.outcome_reward([50, 40], [0], 0, 20.0) == pytest.approx(1.5)
    assert m.outcome_reward([50, 40], [0], 1, 20.0) == pytest.approx(-1.5)
    assert m.outcome_reward([90, 10, 5], [0], 0, 20.0) == pytest.approx(2.0)  # the margin clipped at 1
    assert m.outcome_reward([40, 40], [0, 1], 1, 20.0) == pytest.approx(0.0)  # a shared win, no margin


@pytest.mark.slow
def test_short_mode_trains_evaluates_and_writes_results(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    m = _script()
    out = tmp_path / "ppo.json"
    assert m.main(["--short", "--players", "2", "--opponents", "random", "--out", str(out)]) == 0
    r = json.loads(out.read_text())
    assert r["short"] is True and r["players"] == 2 and r["opponents"] == "random"
    assert r["timesteps"] >= 128
    e = r["eval"]
    assert e["games"] == 4 and 0 <= e["wins"] <= 4
    lo, hi = e["wilson95"]
    assert lo <= e["win_rate"] <= hi
    assert r["observation"] == {"egocentric": True, "padded": True, "normalised": True}
    # The README table skips short runs and has one row per full run.
    full = dict(r, short=False)
    other = tmp_path / "full.json"
    other.write_text(json.dumps(full))
    table = m.table([str(out), str(other)])
    assert table.count("\n") == 2 and "| 2 | random | 0 | new network |" in table


def test_the_readme_table_is_the_one_the_committed_results_produce() -> None:
    """README.md and docs/ai.md show exactly `train_ppo.py --table docs/ppo/*.json`."""
    m = _script()
    root = SCRIPTS.parent
    results = sorted(str(p) for p in (root / "docs" / "ppo").glob("*.json"))
    assert len(results) >= 4  # 2 and 3 players, against random and greedy
    table = m.table(results)
    for doc in ("README.md", "docs/ai.md"):
        assert table in (root / doc).read_text(), f"{doc}: regenerate with train_ppo.py --table docs/ppo/*.json"
    rows = {(r.split("|")[1].strip(), r.split("|")[2].strip()) for r in table.splitlines()[2:]}
    assert {("2", "random"), ("2", "greedy"), ("3", "random"), ("3", "greedy")} <= rows


@pytest.mark.slow
def test_a_run_repeats_exactly_from_its_seed(tmp_path: Path) -> None:
    """The same command trains the same network and evaluates it the same (short mode)."""
    pytest.importorskip("sb3_contrib")
    import numpy as np

    m = _script()
    runs = []
    for k in range(2):
        out, model, npz = tmp_path / f"r{k}.json", tmp_path / f"r{k}.zip", tmp_path / f"r{k}.npz"
        assert m.main(["--short", "--players", "2", "--opponents", "greedy", "--seed", "5", "--self-play", "0.5",
                       "--out", str(out), "--model", str(model)]) == 0
        assert m.main(["--export", str(model), str(npz)]) == 0
        runs.append((json.loads(out.read_text()), dict(np.load(npz))))
    (a, wa), (b, wb) = runs
    assert a["timesteps"] == b["timesteps"] and a["eval"]["wins"] == b["eval"]["wins"]
    assert a["eval"]["mean_vp_margin"] == b["eval"]["mean_vp_margin"]
    assert wa.keys() == wb.keys() and all(np.array_equal(wa[k], wb[k]) for k in wa if k != "meta")
