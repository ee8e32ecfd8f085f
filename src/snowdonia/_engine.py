"""Which engine build runs: the mypyc-compiled one or the pure-Python sources (issue 18).

`pip install -e .` compiles the engine modules listed in `COMPILED` with mypyc when a C
compiler is present (setup.py) and writes `_engine_build.json` beside this file: the SHA-256
of every source it compiled. An editable install leaves the compiled `.so` files next to the
`.py` sources, where Python would prefer them -- so an edited `.py` would silently not run.
This module, imported before any engine module, prevents that: the compiled build is used
only when every compiled module's source is byte for byte the one that was compiled;
otherwise (or with `SNOWDONIA_PURE=1`) an import hook loads the `.py` sources instead, and
an edited source also raises a loud `StaleEngineWarning` naming the file and the rebuild
command. It is all or nothing: compiled and pure engine modules are never mixed.

Pure Python on purpose: it must run before, and without, the compiled modules.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

# The modules setup.py compiles, as paths under src/ (the engines' rules, the seeded
# generator, the search bots `mcts` and `search` and Snowdonia's position values their
# playouts end with, Snowdonia's observation encoder for the research adapters). game.py,
# title.py, the data loaders (run once per process and replaced in tests) and everything the
# shells use stay interpreted.
COMPILED_GLOBS = (
    "snowdonia/core/rng.py",
    "snowdonia/games/snowdonia/rules/*.py",
    "snowdonia/games/snowdonia/rules/areas/*.py",
    "snowdonia/games/snowdonia/scenarios/blaenau_ffestiniog.py",
    "snowdonia/games/snowdonia/scenarios/hooks.py",
    "snowdonia/games/foothills/rules/*.py",
    "snowdonia/bots/mcts.py",
    "snowdonia/bots/search.py",
    "snowdonia/games/snowdonia/bots/evaluate.py",
    "snowdonia/games/snowdonia/bots/value.py",
    "snowdonia/games/snowdonia/bots/playout.py",
    "snowdonia/games/snowdonia/ai/encoding.py",
)
BUILD_FILE = "_engine_build.json"
PURE_ENV = "SNOWDONIA_PURE"
REBUILD = "python3 -m pip install -e . (or set SNOWDONIA_PURE=1 to run the sources on purpose)"


class StaleEngineWarning(UserWarning):
    """The compiled engine was built from other sources than the ones on disk."""


def compiled_sources(src: Path) -> list[Path]:
    """The engine sources setup.py compiles, under `src` (the folder holding `snowdonia/`);
    package `__init__.py` files stay interpreted."""
    out: set[Path] = set()
    for pattern in COMPILED_GLOBS:
        out.update(p for p in src.glob(pattern) if p.name != "__init__.py")
    return sorted(out)


def module_name(src: Path, path: Path) -> str:
    return ".".join(path.relative_to(src).with_suffix("").parts)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _extension(py: Path) -> Path | None:
    """The compiled module next to a source, if there is one."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        so = py.with_suffix(suffix)
        if so.exists():
            return so
    return None


def decide(package: Path, environ: dict[str, str] | os._Environ[str] = os.environ) -> tuple[str, str, list[str]]:
    """(build, reason, stale sources): "compiled" when the compiled modules next to the
    sources in `package` (the `snowdonia/` folder) were built from exactly these sources,
    else "pure" with the reason in words. Reads files only; changes nothing."""
    src = package.parent
    sources = compiled_sources(src)
    built = [p for p in sources if _extension(p) is not None]
    if environ.get(PURE_ENV, "") not in ("", "0"):
        return "pure", f"{PURE_ENV} is set", []
    if not built:
        return "pure", "no compiled engine was built (no C compiler, or built without one)", []
    try:
        manifest = json.loads((package / BUILD_FILE).read_text(encoding="utf-8"))
        hashes: dict[str, str] = manifest["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        return "pure", f"compiled modules without a readable {BUILD_FILE}: a partial or foreign build", [
            str(p) for p in built]
    stale = []
    for p in sources:
        name = module_name(src, p)
        if name not in hashes or _extension(p) is None or hashes[name] != digest(p):
            stale.append(str(p))
    if stale:
        return "pure", f"{len(stale)} engine source(s) differ from the compiled build", stale
    return "compiled", f"mypyc {manifest.get('mypy', '?')}", []


class PureSources(importlib.abc.MetaPathFinder):
    """Loads the listed modules from their `.py` sources even where a compiled module sits
    next to them (Python's own finder would prefer the compiled one)."""

    def __init__(self, modules: frozenset[str]) -> None:
        self.modules = modules

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.modules:
            return None
        leaf = fullname.rpartition(".")[2] + ".py"
        for entry in path or ():
            candidate = os.path.join(entry, leaf)
            if os.path.isfile(candidate):
                return importlib.util.spec_from_file_location(fullname, candidate)
        return None


def _select() -> tuple[str, str]:
    package = Path(__file__).resolve().parent
    build, reason, stale = decide(package)
    if build == "pure":
        src = package.parent
        names = frozenset(module_name(src, p) for p in compiled_sources(src))
        if not any(isinstance(f, PureSources) for f in sys.meta_path):
            sys.meta_path.insert(0, PureSources(names))
        if stale and os.environ.get(PURE_ENV, "") in ("", "0"):
            shown = ", ".join(stale[:3]) + (" ..." if len(stale) > 3 else "")
            warnings.warn(f"the compiled Snowdonia engine is stale ({reason}: {shown}); running the pure-Python "
                          f"sources instead, which is slower. Rebuild: {REBUILD}", StaleEngineWarning, stacklevel=3)
    return build, reason


# Selected once, when the package is imported (setup.py loads this file under another name
# for its lists only).
BUILD, REASON = _select() if __name__ == "snowdonia._engine" else ("pure", "not selected")


def running(module: ModuleType) -> str:
    """"compiled" if `module` was loaded from a compiled extension, else "pure"."""
    f = getattr(module, "__file__", "") or ""
    return "compiled" if f.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) else "pure"


def describe() -> str:
    """The build in words, checked against a module actually loaded, for `--version` and
    `snowdonia bench`."""
    from snowdonia.core import rng  # compiled with the rules (all or nothing; no game imported here)

    actual = running(rng)
    if actual != BUILD:  # cannot happen unless something imported the engine before us
        return f"{actual} (expected {BUILD}: {REASON})"
    return f"{BUILD} ({REASON})"
