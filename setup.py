"""Build hook: compile the engine with mypyc when a C compiler is present (issue 18).

The metadata lives in pyproject.toml; this file only adds the optional extension modules.
Without a working C compiler (or Python's headers), with `SNOWDONIA_PURE=1` at build time,
or when a compile fails, the package installs as pure Python and behaves the same bit for
bit, only slower. After a complete build, `snowdonia/_engine_build.json` records the SHA-256
of every compiled source; at import, snowdonia/_engine.py uses the compiled modules only
while every source still matches it (an edited source in an editable install makes the whole
engine run from the sources, with a warning), so stale compiled code never runs.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"
# The one list of compiled modules, shared with the run-time check: snowdonia/_engine.py is a
# stdlib-only module, loaded by path so that the package itself is not imported at build time
# (under another name, it selects nothing).
_spec = importlib.util.spec_from_file_location("_snowdonia_engine_list", SRC / "snowdonia" / "_engine.py")
assert _spec is not None and _spec.loader is not None
_engine: Any = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_engine)


COMPILED_HASHES: dict[str, str] = {}


def _say(text: str) -> None:
    print(f"snowdonia build: {text}", file=sys.stderr)


def _compiler_works() -> bool:
    """A C compiler that can build a Python extension: the compiler runs and Python.h is there."""
    include = sysconfig.get_paths().get("include", "")
    if not include or not os.path.exists(os.path.join(include, "Python.h")):
        _say(f"no Python.h in {include!r} (install python3-dev)")
        return False
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    cc = new_compiler()
    customize_compiler(cc)  # type: ignore[no-untyped-call]
    with tempfile.TemporaryDirectory() as tmp:
        probe = os.path.join(tmp, "probe.c")
        with open(probe, "w") as f:
            f.write("#include <Python.h>\nint snowdonia_probe(void) { return 0; }\n")
        try:
            cc.compile([probe], output_dir=tmp, include_dirs=[include])
        except Exception as exc:  # noqa: BLE001 - any failure means: no compiler
            _say(f"the C compiler does not work ({exc})")
            return False
    return True


# pip runs this file for the metadata first (egg_info, dist_info): compile only for a build.
_BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install", "bdist_egg", "bdist"}


def _extensions() -> list[Any]:
    if not _BUILDS.intersection(sys.argv[1:]):
        return []
    if os.environ.get("SNOWDONIA_PURE", "") not in ("", "0"):
        _say("SNOWDONIA_PURE is set: installing the pure-Python engine")
        return []
    if not _compiler_works():
        _say("no working C compiler: installing the pure-Python engine (same behaviour, slower)")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypyc is not available: installing the pure-Python engine")
        return []
    paths = [str(p.relative_to(ROOT)) for p in _engine.compiled_sources(SRC)]
    _say(f"compiling {len(paths)} engine modules with mypyc (a few minutes; SNOWDONIA_PURE=1 skips it)")
    old = os.getcwd()
    os.chdir(ROOT)  # mypyc reads the [tool.mypy] settings of pyproject.toml from here
    # What is compiled: the manifest records these hashes, not the files as they are after
    # the (minutes long) C compile, so an edit made meanwhile is caught at run time.
    COMPILED_HASHES.update({_engine.module_name(SRC, p): _engine.digest(p) for p in _engine.compiled_sources(SRC)})
    try:
        # Modules the compiled ones import but that are not compiled (the data loaders, a
        # title's words) are type-checked by `mypy` in CI; here, in pip's isolated build
        # environment without rich, numpy and the rest, their errors must not stop the build.
        exts = mypycify(["--follow-imports=silent", *paths], opt_level="3", debug_level="0",
                        target_dir=str(Path("build") / "mypyc"))
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - mypyc refuses the code (it exits): fall back
        _say(f"mypyc could not compile the engine ({exc!r}): installing the pure-Python engine")
        COMPILED_HASHES.clear()
        return []
    finally:
        os.chdir(old)
    for ext in exts:
        ext.optional = True  # a failed compile falls back to pure Python (see build_engine)
    return list(exts)


class build_engine(build_ext):  # noqa: N801 - setuptools' naming
    """build_ext that writes `_engine_build.json` after a complete build and removes a partial
    one, so that the run-time check (snowdonia/_engine.py) only ever sees a whole build."""

    def run(self) -> None:
        super().run()
        inplace = bool(self.inplace or getattr(self, "editable_mode", False))
        build_py = self.get_finalized_command("build_py")
        outputs = []
        for ext in self.extensions:
            fullname = self.get_ext_fullname(ext.name)
            filename = self.get_ext_filename(fullname)
            if inplace:
                package_dir = build_py.get_package_dir(".".join(fullname.split(".")[:-1]))
                outputs.append(Path(package_dir) / os.path.basename(filename))
            else:
                outputs.append(Path(self.build_lib) / filename)
        target = (SRC / "snowdonia") if inplace else Path(self.build_lib) / "snowdonia"
        manifest = target / _engine.BUILD_FILE
        if not self.extensions:
            manifest.unlink(missing_ok=True)
            return
        missing = [p for p in outputs if not p.exists()]
        if missing:
            _say(f"{len(missing)} compiled module(s) failed to build: installing the pure-Python engine")
            for p in outputs:
                p.unlink(missing_ok=True)
            manifest.unlink(missing_ok=True)
            return
        import mypy.version

        sources = dict(COMPILED_HASHES)
        target.mkdir(parents=True, exist_ok=True)
        manifest.write_text(json.dumps({"mypy": mypy.version.__version__, "python": sys.version.split()[0],
                                        "sources": sources}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        _say(f"compiled engine built ({len(sources)} modules)")


setup(ext_modules=_extensions(), cmdclass={"build_ext": build_engine})
