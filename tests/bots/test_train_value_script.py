"""scripts/train_value.py's Foothills recipe and scripts/foothills_value_study.py (issue 19, stop
31): the data they write is what their docstrings say, reproducible from the seed, and a run
resumes from the chunk files it already wrote."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from tests.script_loader import load_script

from snowdonia.adapters.features import LEARNING, Features
from snowdonia.registry import title


def _script(name: str) -> ModuleType:
    if name in sys.modules:
        return sys.modules[name]
    return load_script(name)


def test_the_foothills_recipe_writes_two_player_rows_in_its_layout_and_resumes(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    tv = _script("train_value")
    recipe = tv.RECIPES["foothills"]
    assert (recipe.game, recipe.scenario, recipe.player_mix, recipe.reference) == ("foothills", "foothills",
                                                                                    ((2, 1.0),), 2)
    tv.generate(recipe, 7, 1, tmp_path)
    files = sorted(tmp_path.glob("part-*.npz"))
    assert [f.name for f in files] == ["part-7-0000.npz"]  # written whole: no partial file left
    d = tv.load(recipe, tmp_path)
    layout = Features(title("foothills"), 2, "foothills", {}, LEARNING)
    assert d["obs"].shape[1] == layout.size
    assert len(d["vp"]) > 20 and set(d["players"].tolist()) == {2} and set(d["game"].tolist()) == {0}
    # one row per seat at every recorded decision, and the game's final scores as the targets
    assert (d["seat"][0::2] == 0).all() and (d["seat"][1::2] == 1).all()
    assert len(set(d["vp"][0::2].tolist())) == 1 and len(set(d["vp"][1::2].tolist())) == 1
    margin = d["vp"][0] - d["vp"][1]
    assert d["margin"][0] == pytest.approx(margin / tv.SCORE_RANGE)
    # a second run finds the chunk written and plays nothing
    monkeypatch.setattr(tv, "_chunk", lambda *a: pytest.fail("a written chunk was played again"))
    tv.generate(recipe, 7, 1, tmp_path)


def test_the_study_rows_are_reproducible_and_the_linear_fit_reports_both_values(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    study = _script("foothills_value_study")
    a = study.play(19100, 3)
    assert a == study.play(19100, 3)  # from the seed alone
    n = len(study.TERMS)
    assert a and all(len(r) == 5 + 2 * n + 3 for r in a)
    decisions = [r[0] for r in a]
    assert decisions == sorted(decisions) and len(set(decisions)) == len(decisions)
    assert all(0.0 <= r[1] <= 1.0 and r[2] in (0, 1) for r in a)
    assert len({(r[-3], r[-2], r[-1]) for r in a}) == 1 and a[0][-1] == 3  # the game's final scores, its index
    rows = np.asarray(a + study.play(19100, 4), np.float64)
    path = tmp_path / "rows.npy"
    np.save(path, rows)
    study.linear([path])
    out = capsys.readouterr().out
    assert "evaluate (its margin)" in out and "linear fit (held out)" in out and "games 2" in out
    assert out.splitlines()[-1].startswith("weights on all rows: evaluate ") and "turns" in out.splitlines()[-1]
