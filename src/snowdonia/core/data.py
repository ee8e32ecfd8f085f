"""Component data files and their confidence tags, for every title.

The printed numbers of a game live in TOML files inside the game's package, never in code.
Each table carries `confidence` (one tag, or a table of field -> tag) and, for anything not
stated by a rulebook, a `reason`. `provenance()` walks a set of files and lists every tagged
value, which is what `snowdonia data` prints; `--unverified` shows the tags in UNVERIFIED.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Any

# seed: stated in a rulebook; confirmed: two sources or the publisher; fan-data: a fan
# implementation never contradicted; inferred: reasoned from the facts around it; assumed:
# a working choice; provisional: invented, balanced to fit, to be replaced by printed
# values; contradicted: sources disagree and the value kept is one of them.
TAGS = ("seed", "confirmed", "fan-data", "inferred", "assumed", "provisional", "contradicted")
UNVERIFIED = ("inferred", "assumed", "provisional", "contradicted")


def load_toml(package: str, names: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Parse the named TOML files of a package, keyed by file name."""
    pkg = resources.files(package)
    return {name: tomllib.loads(pkg.joinpath(name).read_text("utf-8")) for name in names}


@dataclass(frozen=True)
class Provenance:
    file: str
    where: str
    field: str
    tag: str
    reason: str
    game: str = "snowdonia"


class DataError(ValueError):
    """A data file breaks its schema (unknown confidence tag, missing field)."""


def provenance_of(game: str, files: dict[str, dict[str, Any]]) -> list[Provenance]:
    """Every tagged value in `files` (name -> parsed TOML), with its confidence and reason."""
    out: list[Provenance] = []

    def add(file: str, where: str, fld: str, tag: Any, reason: str) -> None:
        if tag not in TAGS:
            raise DataError(f"{file} {where}: unknown confidence tag {tag!r}; use one of {', '.join(TAGS)}")
        out.append(Provenance(file, where, fld, tag, reason, game))

    def walk(file: str, where: str, node: Any) -> None:
        if isinstance(node, dict):
            if "confidence" in node:
                conf = node["confidence"]
                reason = node.get("reason", "")
                if isinstance(conf, str):
                    add(file, where, "*", conf, reason)
                else:
                    for fld, tag in conf.items():
                        rs = node.get("reasons", {}).get(fld, reason) if isinstance(node.get("reasons"), dict) else reason
                        add(file, where, fld, tag, rs)
            for k, v in node.items():
                if k in ("confidence", "reason", "reasons"):
                    continue
                walk(file, f"{where}.{k}" if where else k, v)
        elif isinstance(node, list):
            for i, item in enumerate(node):
                label = where
                if isinstance(item, dict):
                    ident = next((item[k] for k in ("key", "number", "id", "space", "area", "players", "name")
                                  if k in item), None)
                    label = f"{where}[{ident if ident is not None else i}]"
                walk(file, label, item)

    for name, data in files.items():
        walk(name, "", data)
        if "loop_confidence" in data:
            add(name, "loop_after", "*", data["loop_confidence"], "")
    return out
