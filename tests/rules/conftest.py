"""Rule tests import the shared invariant checker from tests/ (one level up), whichever
directory pytest was started on."""

from __future__ import annotations

import sys
from pathlib import Path

_TESTS = str(Path(__file__).resolve().parent.parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)
