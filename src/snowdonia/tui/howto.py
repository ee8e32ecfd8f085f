"""`rules` in the terminal: the title's *How to play* (`Title.how_to_play`, written once per
title in its ui/how_to_play.py and shown by the web too), whole or one section at a time."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from snowdonia.core.i18n import _


def section_names(doc: dict[str, Any]) -> list[str]:
    return [str(s["key"]) for s in doc["sections"]]


def how_to_play_text(doc: dict[str, Any], section: str | None = None) -> Text:
    """The summary as text: a heading per section, its text, its list (numbered where the
    order matters) and the rulebook section it follows. `section` picks one section by its key
    or the start of its heading; an unknown one raises KeyError naming the sections."""
    sections = doc["sections"]
    if section:
        want = section.lower()
        sections = [s for s in doc["sections"] if s["key"] == want or s["heading"].lower().startswith(want)]
        if not sections:
            raise KeyError(_("there is no section %(section)s; choose one of %(sections)s", section=repr(section),
                             sections=", ".join(section_names(doc))))
    out = Text()
    if not section:
        out.append(doc["title"] + "\n", style="bold underline")
    for s in sections:
        out.append(f"\n{s['heading']}\n", style="bold")
        if s["text"]:
            out.append(s["text"] + "\n")
        for i, item in enumerate(s["items"], 1):
            out.append(f"  {i}. " if s["ordered"] else "  - ", style="bold")
            out.append(item + "\n")
        if s["cite"]:
            out.append(f"  (rulebook: {s['cite']})\n", style="dim")
    if not section:
        out.append(f"\nFrom the {doc['source']}. `rules SECTION` shows one section: "
                   f"{', '.join(section_names(doc))}.\n", style="dim")
    return out
