"""The analysis tests build rule-test positions with tests/rules/rulekit.py."""

from __future__ import annotations

import sys
from pathlib import Path

_RULES = str(Path(__file__).resolve().parent.parent / "rules")
if _RULES not in sys.path:
    sys.path.insert(0, _RULES)
_TESTS = str(Path(__file__).resolve().parent.parent)  # games.foothills.kit (Foothills rule tests)
if _TESTS not in sys.path:
    sys.path.append(_TESTS)
