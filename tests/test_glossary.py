"""The German and Polish catalogues use the rulebooks' words (issue 23 "The rulebooks' own terms").

`docs/glossary.de.md` and `docs/glossary.pl.md` list each game term with the word of the German
rulebooks (seeds 000, 002; Foothills seed 001) and of the Polish Deluxe rulebook (seed 003), the
passage it comes from, and a *Check* pattern. These tests keep the three in step:

- every quoted passage is in its seed file (so a glossary row cannot cite words the rulebook
  does not have);
- wherever an English msgid uses a glossary term, the translation contains the glossary's word
  (so the catalogue cannot drift from the glossary: "Stock Yard" is "Lagerplatz", "rubble" is
  "gruz"). A translator may exempt one entry from one term with a translator comment
  `# glossary-exempt: <term>` when the rulebook itself uses another word there (e.g. seed 000's
  "Wartungskarte" for a maintenance contract card);
- the catalogues are complete, not fuzzy, keep every placeholder, have the language's plural
  forms (German 2, Polish 3), and compile.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
SEEDS = Path("/work/shared/seeds")
SEED_FILES = {
    "000": "000_4609a9bc2dec036f.txt",
    "001": "001_c8b34512af30f80d.txt",
    "002": "002_af5083fa120480fb.txt",
    "003": "003_072d9972f4458d85.txt",
}
LANGS = {"de": "Deutsch", "pl": "Polski"}
NPLURALS = {"de": 2, "pl": 3}
PLACEHOLDER = re.compile(r"%\([A-Za-z_][A-Za-z0-9_]*\)[sdif]|\{[A-Za-z_][A-Za-z0-9_]*\}")
# Area names that are also everyday words when not capitalised ("it works", "you excavate and
# lay track away from it", "excavation site"): only the capitalised area name is the term.
CASE_SENSITIVE = {"Works", "Excavate", "Excavation", "Lay Track", "Build"}


@dataclass(frozen=True)
class Row:
    english: str
    target: str
    seed: str
    passage: str
    check: str


def _cells(line: str) -> list[str]:
    """A markdown table row's cells; `\\|` is a literal bar inside a cell."""
    parts = re.split(r"(?<!\\)\|", line.strip().strip("|"))
    return [p.strip().replace("\\|", "|") for p in parts]


def glossary(lang: str) -> list[Row]:
    text = (ROOT / "docs" / f"glossary.{lang}.md").read_text(encoding="utf-8")
    rows: list[Row] = []
    header: list[str] | None = None
    for line in text.splitlines():
        if not line.startswith("|"):
            header = None
            continue
        cells = _cells(line)
        if header is None:
            header = cells
            continue
        if set(line.replace("|", "").strip()) <= set("-: "):
            continue
        col = dict(zip(header, cells, strict=False))
        target = next((v for k, v in col.items() if k.startswith(LANGS[lang])), "")
        rows.append(Row(col.get("English", ""), target, col.get("Seed", ""),
                        col.get("Passage (OCR)", ""), col.get("Check", "")))
    return rows


def _unquote(passage: str) -> str:
    p = passage.strip()
    if len(p) >= 2 and p[0] == '"' and p[-1] == '"':
        p = p[1:-1]
    return p.replace('\\"', '"')


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _pattern(check: str) -> str | None:
    c = check.strip()
    if c.startswith("`") and c.endswith("`"):
        return c[1:-1]
    return None


def english_terms(english: str) -> list[str]:
    """'Iron Ore / iron' -> ['Iron Ore', 'iron']; 'victory point (VP)' -> ['victory point', 'VP'];
    '(...)' remarks are dropped unless they are an abbreviation."""
    terms: list[str] = []
    for part in english.split(" / "):
        for abbr in re.findall(r"\(([A-Z]{2,})\)", part):
            terms.append(abbr)
        base = re.sub(r"\([^)]*\)", "", part).strip()
        if base:
            terms.append(base)
    return terms


def _english_regex(term: str) -> re.Pattern[str]:
    flags = 0 if term in CASE_SENSITIVE or term.isupper() else re.IGNORECASE
    return re.compile(rf"(?<![\w-]){re.escape(term)}(?:s|es)?(?!\w)", flags)


def catalogue(lang: str) -> Catalog:
    path = ROOT / "src" / "snowdonia" / "locale" / lang / "LC_MESSAGES" / "snowdonia.po"
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def _ids(m: Message) -> list[str]:
    return [str(i) for i in m.id] if isinstance(m.id, (list, tuple)) else [str(m.id)]


def _strings(m: Message) -> list[str]:
    if isinstance(m.string, (list, tuple)):
        return [str(s) for s in m.string]
    return [m.string or ""]


def _exempt(m: Message) -> set[str]:
    out = set()
    for c in m.user_comments:
        if c.strip().startswith("glossary-exempt:"):
            out |= {t.strip() for t in c.split(":", 1)[1].split(",")}
    return out


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_the_glossary_has_the_core_terms(lang: str) -> None:
    english = {t for r in glossary(lang) for t in english_terms(r.english)}
    for term in ("Stock Yard", "rubble", "Track card", "Station card", "Contract card", "Surveyor",
                 "Labourer", "Train", "Engine Shed", "Works", "Site Office", "Lay Track", "Light Fog",
                 "Scrap Metal", "navvy", "buffer stop", "undo", "lobby"):
        assert term in english, f"glossary.{lang}.md has no row for {term!r}"


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_every_quoted_passage_is_in_its_seed(lang: str) -> None:
    if not SEEDS.is_dir():
        pytest.skip("the rulebook seeds (/work/shared/seeds) are not on this machine")
    texts = {k: _squash((SEEDS / v).read_text(encoding="utf-8")) for k, v in SEED_FILES.items()}
    quoted = [r for r in glossary(lang) if r.seed in texts and r.passage.startswith('"')]
    assert len(quoted) >= 40, f"glossary.{lang}.md quotes only {len(quoted)} passages"
    missing = [(r.english, r.seed, r.passage) for r in quoted if _squash(_unquote(r.passage)) not in texts[r.seed]]
    assert not missing, f"passages not found in their seed: {missing}"


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_the_translations_use_the_glossary_words(lang: str) -> None:
    checks = [(term, _english_regex(term), re.compile(pat, re.IGNORECASE), row.target)
              for row in glossary(lang) if (pat := _pattern(row.check))
              for term in english_terms(row.english)]
    assert len(checks) >= 50
    cat = catalogue(lang)
    drift = []
    used = 0
    for m in cat:
        if not m.id:
            continue
        english = PLACEHOLDER.sub("", " ".join(_ids(m)))
        spans = {term: [x.span() for x in en.finditer(english)] for term, en, _, _ in checks}
        for term, _en, want, target in checks:
            # A term counts only where no longer glossary term covers it ("Excavation site" is
            # a Baustelle, not Räumarbeit).
            own = [(a, b) for a, b in spans[term]
                   if not any(len(t) > len(term) and c <= a and b <= d for t, sp in spans.items() for c, d in sp)]
            if term in _exempt(m) or not own:
                continue
            used += 1
            for s in _strings(m):
                if s and not want.search(s):
                    drift.append(f"{term!r} -> {target!r} ({want.pattern}): {english!r} = {s!r}")
    assert used >= 30, "the glossary's terms hardly occur in the catalogue: is the template there?"
    assert not drift, f"{len(drift)} translations do not use the glossary word:\n" + "\n".join(drift)


def test_the_check_finds_a_drifted_translation() -> None:
    """The check above is not vacuous: a translation with another word for Stock Yard fails it."""
    row = next(r for r in glossary("de") if r.english == "Stock Yard")
    pat = _pattern(row.check)
    assert pat is not None
    want = re.compile(pat, re.IGNORECASE)
    assert _english_regex("Stock Yard").search("Take cubes from the Stock Yard")
    assert want.search("Klötzchen vom Lagerplatz nehmen")
    assert not want.search("Klötzchen vom Rohstofflager nehmen")
    assert not _english_regex("Works").search("it works")


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_the_catalogue_is_complete_and_keeps_placeholders(lang: str) -> None:
    cat = catalogue(lang)
    assert cat.num_plurals == NPLURALS[lang]
    entries = [m for m in cat if m.id]
    assert len(entries) >= 100
    for m in entries:
        strings = _strings(m)
        assert "fuzzy" not in m.flags, f"fuzzy: {m.id!r}"
        assert all(strings), f"untranslated: {m.id!r}"
        if m.pluralizable:
            assert len(strings) == NPLURALS[lang], f"{m.id!r} has {len(strings)} forms"
        want = sorted(set(PLACEHOLDER.findall(" ".join(_ids(m)))))
        for s in strings:
            assert sorted(set(PLACEHOLDER.findall(s))) == want, f"placeholders differ: {m.id!r} -> {s!r}"
            if "%" not in PLACEHOLDER.sub("", " ".join(_ids(m))).replace("%%", ""):
                assert "%" not in PLACEHOLDER.sub("", s).replace("%%", ""), f"a stray % in {s!r}"


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_the_catalogue_compiles_and_picks_plural_forms(lang: str) -> None:
    import gettext

    cat = catalogue(lang)
    buf = io.BytesIO()
    write_mo(buf, cat)
    buf.seek(0)
    tr = gettext.GNUTranslations(buf)
    # The language's plural rule: German 1 | other; Polish 1 | 2-4, 22-24 ... | 5-21, 25 ...
    expected = {"de": {1: 0, 2: 1, 5: 1, 22: 1}, "pl": {1: 0, 2: 1, 4: 1, 5: 2, 12: 2, 14: 2, 22: 1, 25: 2, 112: 2}}
    plural = [m for m in cat if m.id and m.pluralizable and not m.context]
    assert plural, "no plural entry to check"
    for m in plural:
        sing, plur = _ids(m)[:2]
        for n, form in expected[lang].items():
            assert tr.ngettext(sing, plur, n) == _strings(m)[form], (m.id, n)
    for m in [m for m in cat if m.id and not m.pluralizable and not m.context][:50]:
        assert tr.gettext(_ids(m)[0]) == _strings(m)[0]
