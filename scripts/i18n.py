"""The catalogues' tooling (docs/i18n.md), over Babel's extract/update/compile.

    python3 scripts/i18n.py extract   # source + data → src/snowdonia/locale/snowdonia.pot
    python3 scripts/i18n.py update    # the .pot into every <lang>/LC_MESSAGES/snowdonia.po
    python3 scripts/i18n.py check     # every catalogue complete (no missing or fuzzy entry) and compiles
    python3 scripts/i18n.py all       # extract, update, check

`extract` runs Babel's extractors over the Python sources and the web client's scripts
(babel.cfg: `_`, `ngettext`, `pgettext`, `N_` in Python; `t`, `nt`, `pt`, `npt` in JS) and
adds the words that live in the titles' data and registries (decision prompts, scenario and
setting names, score lines, printed card texts): the presentation layer translates those at
the boundary with `_(text)`, so the engine's data stays English and language-free.

`update` keeps translators' work (Babel's `update`, fuzzy matching off) and fills the English
catalogue's msgstr with the msgid (English is the source language).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "snowdonia"
sys.path.insert(0, str(ROOT / "src"))

from snowdonia.i18n import DOMAIN, LANGUAGES, TEMPLATE, po_path  # noqa: E402

PY_KEYWORDS = {"_": None, "N_": None, "refusal": None, "nrefusal": (1, 2), "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
               "npgettext": ((1, "c"), 2, 3)}
JS_KEYWORDS = {"t": None, "tx": None, "ntx": (1, 2), "ptx": ((1, "c"), 2), "N_": None, "nt": (1, 2), "pt": ((1, "c"), 2), "npt": ((1, "c"), 2, 3)}


def _keywords_for(method: str) -> dict[str, object]:
    return JS_KEYWORDS if method == "javascript" else PY_KEYWORDS


def source_messages(catalog: Catalog) -> None:
    for method in ("python", "javascript"):
        pattern = "**.py" if method == "python" else "**.js"
        found = extract_from_dir(str(SRC), [(pattern, method)], keywords=_keywords_for(method),  # type: ignore[arg-type]
                                 comment_tags=("i18n:", "TRANSLATORS:"), strip_comment_tags=True,
                                 options_map={pattern: {"parse_template_string": True} if method == "javascript" else {}})
        for filename, lineno, message, comments, context in found:
            catalog.add(message, None, [(f"src/snowdonia/{filename}", lineno)], auto_comments=comments,
                        context=context)


def data_messages(catalog: Catalog) -> None:
    """Words from the titles' registries and data, translated where they are shown."""
    from snowdonia.registry import names as title_names
    from snowdonia.registry import title

    def add(text: str, where: str, context: str | None = None, comment: str = "") -> None:
        if text:
            catalog.add(text, None, [(where, 0)], auto_comments=[comment] if comment else [], context=context)

    from snowdonia.bots.levels import named_levels

    for lv in named_levels().values():
        add(lv.name.capitalize(), "bots/levels.toml", comment="a bot level's name")
        add(lv.help, "bots/levels.toml", comment=f"the {lv.name} level, in the lobby's level menu")
        for game, fig in lv.evidence.items():
            add(fig, "bots/levels.toml", comment=f"what the ladder measured for the {lv.name} level ({game})")
    for name in title_names():
        t = title(name)
        add(t.display_name, f"title:{name}", comment="a game's name")
        for s in t.scenarios:
            add(s.name, f"title:{name}:scenario", comment="a scenario's name")
            add(s.description, f"title:{name}:scenario")
        for spec in t.settings:
            add(spec.label, f"title:{name}:setting")
            add(spec.help, f"title:{name}:setting")
            for lab in spec.choice_labels:
                add(lab, f"title:{name}:setting")
        for key in t.score_lines:
            add(dict(t.score_labels).get(key, key), f"title:{name}:score")
        for d in t.decisions.values():
            add(d.prompt, f"title:{name}:decision", context=None, comment=f"decision {d.key}: its prompt")
            add(d.pass_text, f"title:{name}:decision", comment=f"decision {d.key}: what passing means")
        for kind, text in t.bot_help().items():
            add(text, f"title:{name}:bots", comment=f"the {kind} bot, in the lobby's level menu")
            add(kind.replace("_", " ").capitalize(), f"title:{name}:bots", comment="a bot level's name")
        for kind in t.bots():
            add(kind.replace("_", " ").capitalize(), f"title:{name}:bots", comment="a bot level's name")
        from snowdonia.i18n import doc_strings

        for s in t.scenarios:
            try:
                for text in doc_strings(t.how_to_play(s.key)):
                    add(text, f"title:{name}:how-to-play:{s.key}", comment="How to play")
            except NotImplementedError:
                pass
        for text in doc_strings(t.guide() or {}):
            add(text, f"title:{name}:guide", comment="the guided first game")
        extra = getattr(t.words, "data_messages", None)
        if extra is not None:
            for entry in extra():
                text, comment = entry[0], entry[1]
                add(text, f"title:{name}:data", context=entry[2] if len(entry) > 2 else None, comment=comment)


def extract() -> Catalog:
    catalog = Catalog(project="snowdonia", version="0.1.0", domain=DOMAIN, charset="utf-8",
                      msgid_bugs_address="", copyright_holder="")
    source_messages(catalog)
    data_messages(catalog)
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as fh:
        write_po(fh, catalog, width=100, sort_output=False, omit_header=False, include_lineno=True)
    print(f"{TEMPLATE.name}: {sum(1 for m in catalog if m.id)} messages")
    return catalog


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh, locale=locale, domain=DOMAIN)


def update(langs: Iterable[str] = LANGUAGES) -> None:
    for lang in langs:
        template = _read(TEMPLATE)  # afresh: Babel's update shares the template's message objects
        path = po_path(lang)
        if path.exists():
            cat = _read(path, lang)
            cat.update(template, no_fuzzy_matching=True, update_header_comment=False)
            cat.obsolete.clear()
        else:
            if lang != "en":
                continue  # a new language: `pybabel init` or copy; see docs/i18n.md
            cat = Catalog(locale=lang, domain=DOMAIN, project="snowdonia", version="0.1.0")
            for m in template:
                if m.id:
                    cat.add(m.id, None, list(m.locations), auto_comments=list(m.auto_comments), context=m.context)
        if lang == "en":
            for m in cat:
                if not m.id:
                    continue
                m.flags.discard("fuzzy")
                m.string = (m.id[0], m.id[1]) if isinstance(m.id, tuple | list) else m.id
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as fh:
            write_po(fh, cat, width=100, include_lineno=True, ignore_obsolete=True)
        print(f"{path.relative_to(ROOT)}: updated")


def problems(lang: str) -> list[str]:
    """Why `lang`'s catalogue is not complete or does not compile ([] when it is fine)."""
    from babel.messages.checkers import checkers

    out: list[str] = []
    template = _read(TEMPLATE)
    cat = _read(po_path(lang), lang)
    wanted = {(m.id if not isinstance(m.id, list) else tuple(m.id), m.context) for m in template if m.id}
    have = {(m.id if not isinstance(m.id, list) else tuple(m.id), m.context): m for m in cat if m.id}
    for key in sorted(wanted - set(have), key=str):
        out.append(f"{lang}: missing entry {key[0]!r}" + (f" (context {key[1]!r})" if key[1] else ""))
    for key, m in have.items():
        if key not in wanted:
            continue
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        if m.fuzzy:
            out.append(f"{lang}: fuzzy entry {m.id!r}")
        elif not all(strings):
            out.append(f"{lang}: untranslated entry {m.id!r}")
        else:
            for checker in checkers:
                try:
                    checker(cat, m)
                except Exception as exc:
                    out.append(f"{lang}: {m.id!r}: {exc}")
    try:
        write_mo(io.BytesIO(), cat, use_fuzzy=False)
    except Exception as exc:
        out.append(f"{lang}: does not compile: {exc}")
    return out


def check() -> int:
    bad = 0
    for lang in LANGUAGES:
        if not po_path(lang).exists():
            print(f"{lang}: no catalogue yet ({po_path(lang).relative_to(ROOT)})")
            continue
        found = problems(lang)
        print(f"{lang}: {'complete' if not found else f'{len(found)} problems'}")
        for line in found[:40]:
            print("  " + line)
        bad += bool(found)
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "all"
    if cmd in ("extract", "all"):
        extract()
    if cmd in ("update", "all"):
        update()
    if cmd in ("check", "all"):
        return check()
    if cmd not in ("extract", "update", "check", "all"):
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
