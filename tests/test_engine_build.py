"""The compiled engine and its pure-Python fallback (issue 18): which build runs, that a stale
compiled build never runs, and that the lean paths the compiled build relies on give exactly
what the full ones give."""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import snowdonia
from snowdonia import _engine
from snowdonia.cli import app
from snowdonia.games.foothills.rules import scoring as foothills_scoring
from snowdonia.games.foothills.rules.state import _LISTS as FOOTHILLS_LISTS
from snowdonia.games.foothills.rules.state import SLOTS as FOOTHILLS_SLOTS
from snowdonia.games.snowdonia.rules import flow
from snowdonia.games.snowdonia.rules import scoring as snowdonia_scoring
from snowdonia.games.snowdonia.rules.state import _LISTS as SNOWDONIA_LISTS
from snowdonia.games.snowdonia.rules.state import SLOTS as SNOWDONIA_SLOTS

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _package(tmp_path: Path) -> Path:
    """A fake source tree with two engine modules and compiled files beside them."""
    pkg = tmp_path / "snowdonia"
    (pkg / "core").mkdir(parents=True)
    (pkg / "bots").mkdir()
    (pkg / "core" / "rng.py").write_text("X = 1\n")
    (pkg / "bots" / "mcts.py").write_text("Y = 2\n")
    return pkg


def _compile(pkg: Path) -> None:
    src = pkg.parent
    for p in _engine.compiled_sources(src):
        p.with_suffix(SUFFIX).write_bytes(b"not really compiled")
    hashes = {_engine.module_name(src, p): _engine.digest(p) for p in _engine.compiled_sources(src)}
    (pkg / _engine.BUILD_FILE).write_text(json.dumps({"mypy": "9.9", "sources": hashes}))


def test_no_compiled_modules_means_the_pure_build(tmp_path: Path) -> None:
    pkg = _package(tmp_path)
    build, reason, stale = _engine.decide(pkg, {})
    assert (build, stale) == ("pure", [])
    assert "no compiled engine" in reason


def test_a_whole_matching_build_is_used(tmp_path: Path) -> None:
    pkg = _package(tmp_path)
    _compile(pkg)
    assert _engine.decide(pkg, {}) == ("compiled", "mypyc 9.9", [])


def test_an_edited_source_makes_the_whole_engine_run_from_source(tmp_path: Path) -> None:
    pkg = _package(tmp_path)
    _compile(pkg)
    (pkg / "bots" / "mcts.py").write_text("Y = 3  # edited after the build\n")
    build, reason, stale = _engine.decide(pkg, {})
    assert build == "pure"
    assert stale == [str(pkg / "bots" / "mcts.py")]
    assert "differ from the compiled build" in reason


def test_a_missing_compiled_module_or_manifest_is_a_partial_build(tmp_path: Path) -> None:
    pkg = _package(tmp_path)
    _compile(pkg)
    (pkg / "core" / ("rng" + SUFFIX)).unlink()
    assert _engine.decide(pkg, {})[0] == "pure"
    _compile(pkg)
    (pkg / _engine.BUILD_FILE).unlink()
    build, reason, stale = _engine.decide(pkg, {})
    assert build == "pure" and "partial" in reason and len(stale) == 2


def test_the_environment_switch_forces_the_sources(tmp_path: Path) -> None:
    pkg = _package(tmp_path)
    _compile(pkg)
    assert _engine.decide(pkg, {"SNOWDONIA_PURE": "1"})[:2] == ("pure", "SNOWDONIA_PURE is set")
    assert _engine.decide(pkg, {"SNOWDONIA_PURE": "0"})[0] == "compiled"


def test_the_import_hook_prefers_the_source_over_a_compiled_module(tmp_path: Path) -> None:
    pkg = tmp_path / "hookpkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "mod.py").write_text("WHERE = 'source'\n")
    (pkg / ("mod" + SUFFIX)).write_bytes(b"garbage: importing this fails")
    sys.path.insert(0, str(tmp_path))
    try:
        with pytest.raises(ImportError):  # Python's own finder takes the compiled file
            importlib.import_module("hookpkg.mod")
        sys.modules.pop("hookpkg.mod", None)
        finder = _engine.PureSources(frozenset({"hookpkg.mod"}))
        sys.meta_path.insert(0, finder)
        try:
            assert importlib.import_module("hookpkg.mod").WHERE == "source"
        finally:
            sys.meta_path.remove(finder)
    finally:
        sys.path.remove(str(tmp_path))
        for name in ("hookpkg.mod", "hookpkg"):
            sys.modules.pop(name, None)


def test_every_engine_module_runs_from_the_build_that_was_chosen() -> None:
    assert _engine.running(flow) == _engine.BUILD
    src = Path(snowdonia.__file__).resolve().parent.parent
    for p in _engine.compiled_sources(src):
        module = importlib.import_module(_engine.module_name(src, p))
        assert _engine.running(module) == _engine.BUILD, p


def test_version_says_which_build_runs() -> None:
    out = CliRunner().invoke(app, ["--version"])
    assert out.exit_code == 0
    assert out.output.startswith(f"snowdonia {snowdonia.__version__}; engine: {_engine.BUILD} (")


def test_snowdonia_pure_runs_the_sources_in_a_fresh_process() -> None:
    env = dict(os.environ, SNOWDONIA_PURE="1")
    code = ("import snowdonia, snowdonia._engine as e; from snowdonia.games.snowdonia.rules import flow; "
            "print(e.BUILD, flow.__file__.endswith('.py'))")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["pure", "True"]


@pytest.mark.parametrize(("game", "players", "seeds"), [
    ("snowdonia", 3, range(12)), ("snowdonia", 1, range(4)), ("snowdonia", 5, range(4)),
    ("foothills", 2, range(8)),
])
def test_the_lean_outcome_is_the_score_sheet(game: str, players: int, seeds: range) -> None:
    """Search playouts end with `outcome()` (no breakdown texts); it must be the sheet's
    scores and winners exactly, at the end and at any point before it."""
    scoring = snowdonia_scoring if game == "snowdonia" else foothills_scoring
    for seed in seeds:
        rng = random.Random(seed)
        g = snowdonia.new_game(players, seed=seed, game=game,
                               **({"edition": "deluxe"} if game == "snowdonia" and seed % 2 else {}))
        k = 0
        while True:
            if k % 25 == 0 or g.is_over:
                res = scoring.result(g)
                scores, winners = scoring.outcome(g)
                assert scores == res["scores"] and [type(s) for s in scores] == [type(s) for s in res["scores"]]
                assert winners == res["winners"]
                assert g.outcome().scores == [float(s) for s in res["scores"]]
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
            k += 1


@pytest.mark.parametrize(("game", "players", "slots", "lists"), [
    ("snowdonia", 3, SNOWDONIA_SLOTS, SNOWDONIA_LISTS), ("foothills", 2, FOOTHILLS_SLOTS, FOOTHILLS_LISTS),
])
def test_a_clone_copies_every_slot_and_shares_no_list(game: str, players: int, slots: tuple[str, ...],
                                                      lists: tuple[str, ...]) -> None:
    rng = random.Random(4)
    g = snowdonia.new_game(players, seed=4, game=game)
    for _ in range(60):
        g.apply(rng.choice(g.legal_actions()))
    c = g.clone()
    for s in slots:
        if s == "journal":
            assert c.journal is None and g.journal is not None
            continue
        a, b = getattr(g, s), getattr(c, s)
        assert a == b, s
        if s in lists:
            assert a is not b, f"{s} is shared, not copied"


def test_the_search_bots_draw_is_randrange() -> None:
    """The playout's draw (`core.rng.randbelow`, used by mcts and `Position.playout`) must draw
    exactly what `randrange` draws, so a compiled and a pure search (and a search before this
    change) choose the same moves for the same seed."""
    from snowdonia.core.rng import randbelow

    a, b = random.Random(11), random.Random(11)
    for n in [1, 2, 3, 5, 7, 8, 9, 64, 65, 200, 1000] * 50:
        assert randbelow(a, n) == b.randrange(n)
    assert a.random() == b.random()
