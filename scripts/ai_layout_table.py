"""Write the learning layout's table (index -> meaning -> range) into docs/ai.md, between
the `layout-table` markers, from the encoder itself (a test checks it is current).

    python3 scripts/ai_layout_table.py          # rewrite docs/ai.md
    python3 scripts/ai_layout_table.py --print  # only print the table
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from snowdonia.adapters.common import resolve
from snowdonia.adapters.features import LEARNING, Features, markdown_table

DOC = Path(__file__).resolve().parents[1] / "docs" / "ai.md"
START, END = "<!-- layout-table:start -->", "<!-- layout-table:end -->"


def table() -> str:
    s = resolve("snowdonia", 3, "mount_snowdon")
    return markdown_table(Features(s.title, 3, s.scenario, s.settings, LEARNING))


def main(argv: list[str]) -> int:
    text = table()
    if "--print" in argv:
        print(text)
        return 0
    doc = DOC.read_text()
    if START not in doc:
        raise SystemExit(f"{DOC} has no {START} marker")
    new = re.sub(re.escape(START) + r".*?" + re.escape(END), lambda _: f"{START}\n{text}\n{END}", doc, flags=re.S)
    DOC.write_text(new)
    print(f"wrote the layout table ({text.count(chr(10)) - 1} views) into {DOC}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
