"""scripts/placement_fit.py (issue 19, stop 37): the placements a bot chooses, recorded from
its games, and the playout policy's weights fitted to them (a Luce model over the usable
options, as `playout._place` draws)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from tests.script_loader import load_script


def _synthetic(weights: list[float], n: int, seed: int) -> list[dict[str, object]]:
    """Placements drawn by `weights` among random sets of usable options, as the policy draws."""
    rng = random.Random(seed)
    rows: list[dict[str, object]] = []
    for _ in range(n):
        usable = [rng.choice([0, 0, 1, 2, 3]) for _ in range(7)]
        usable[0] = max(usable[0], 1)
        mass = [usable[j] * weights[j] for j in range(7)]
        k = rng.choices(range(7), weights=mass)[0]
        rows.append({"round": rng.randint(1, 10), "options": usable, "usable3": usable, "usable4": usable,
                     "chose": "ABCDEFG"[k], "bot": "x", "game": 0})
    return rows


def test_the_fit_recovers_the_weights_the_choices_were_drawn_by() -> None:
    pf = load_script("placement_fit")
    truth = [1.0, 2.0, 2.0, 3.0, 2.0, 1.0, 10.0]
    fitted = pf.fit_weights(_synthetic(truth, 6000, 3))
    for f, t in zip(fitted, truth, strict=True):
        assert f == pytest.approx(t, rel=0.15)
    # and the true table predicts those choices better than version 1's equal weights
    rows = _synthetic(truth, 2000, 4)
    _, ll_true = pf.log_likelihood(rows, truth, "usable4")
    _, ll_flat = pf.log_likelihood(rows, [1.0] * 7, "usable4")
    assert ll_true > ll_flat + 0.1


def test_an_area_never_chosen_gets_no_weight_and_an_area_never_usable_none() -> None:
    pf = load_script("placement_fit")
    rows = [{"usable4": [1, 1, 0, 0, 0, 0, 0], "chose": "A"} for _ in range(5)]
    assert pf.fit_weights(rows) == [1.0, 0.0, None, None, None, None, None]


def test_recorded_placements_are_the_games_choices_and_recording_resumes(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    pf = load_script("placement_fit")
    out = tmp_path / "p.jsonl"
    assert pf.main(["record", "random", str(out), "--games", "2", "--seed", "11"]) == 2
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert {r["game"] for r in rows} == {0, 1}
    for r in rows:
        k = "ABCDEFG".index(r["chose"])
        assert r["options"][k] >= 1 and sum(r["options"]) >= 2  # a choice among several options
        for j in range(7):  # version 4 tests more than version 3: fewer usable, never more
            assert r["usable4"][j] <= r["usable3"][j] <= r["options"][j]
    # resumed with a larger count: only the new game is played, the first two are not repeated
    assert pf.main(["record", "random", str(out), "--games", "3", "--seed", "11"]) == 1
    again = [json.loads(x) for x in out.read_text().splitlines()]
    assert again[: len(rows)] == rows and {r["game"] for r in again} == {0, 1, 2}
    # a random bot chooses every legal option alike: version 1's table fits it better than version 4's
    result = pf.main(["fit", str(out)])
    assert result["placements"] == len(again) and result["games"] == 3
    assert result["versions"]["version 1"]["ll"] > result["versions"]["version 4"]["ll"]
    assert "placements with a choice" in capsys.readouterr().out
