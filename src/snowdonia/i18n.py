"""The message catalogues: loading, choosing a language, the pseudo-locale (docs/i18n.md).

One catalogue per language, `locale/<lang>/LC_MESSAGES/snowdonia.po` (gettext, Babel's
tooling), serves the Python words (through `snowdonia.core.i18n`) and the web client
(`catalogue_json`, served at `/api/i18n/{lang}`). The `.po` files are compiled in memory when
first used (Babel's `write_mo`), so there is no build step and no `.mo` file in the tree.

The pseudo-locale `xx` is made from the template (`snowdonia.pot`): every message wrapped in
⟦…⟧ with its letters accented, placeholders kept; the tests use it to find text that is not
in the catalogue.
"""

from __future__ import annotations

import functools
import io
import re
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations

from snowdonia.core.i18n import ENGLISH, Translator, set_translator, using

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "snowdonia"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
# The languages a player can choose, in the menu's order, each named in itself.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "pl": "Polski"}
PSEUDO = "xx"
DEFAULT = "en"

PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"
_PLACEHOLDER = re.compile(r"%\([A-Za-z_][A-Za-z0-9_]*\)[sd]|%%|\{[A-Za-z_][A-Za-z0-9_]*\}")
_ACCENT = str.maketrans("aeiouAEIOUcnsyz", "àéîöûÀÉÎÖÛçñšýž")


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def available() -> list[str]:
    """The languages with a catalogue in the tree, in the menu's order."""
    return [code for code in LANGUAGES if po_path(code).exists()]


def read_catalogue(lang: str) -> Catalog:
    """The catalogue of `lang` as Babel reads it (the pseudo-locale: made from the template)."""
    if lang == PSEUDO:
        return pseudo_catalogue()
    with po_path(lang).open("rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


def pseudo_text(text: str) -> str:
    """'Take %(n)s rubble' → '⟦Tàké %(n)s rübblé⟧': the letters accented, placeholders intact."""
    out, last = [], 0
    for m in _PLACEHOLDER.finditer(text):
        out.append(text[last:m.start()].translate(_ACCENT))
        out.append(m.group(0))
        last = m.end()
    out.append(text[last:].translate(_ACCENT))
    return PSEUDO_OPEN + "".join(out) + PSEUDO_CLOSE


def pseudo_catalogue() -> Catalog:
    with TEMPLATE.open("rb") as fh:
        template = read_po(fh, domain=DOMAIN)
    cat = Catalog(locale="en", domain=DOMAIN)
    for msg in template:
        if not msg.id:
            continue
        if isinstance(msg.id, tuple | list):
            cat.add(msg.id, [pseudo_text(msg.id[0]), pseudo_text(msg.id[1])], context=msg.context)
        else:
            cat.add(msg.id, pseudo_text(msg.id), context=msg.context)
    return cat


class Language:
    """One language's translator: gettext over the compiled catalogue, numbers by Babel."""

    def __init__(self, lang: str, catalogue: Catalog) -> None:
        self.lang = lang
        self.locale = Locale.parse("en" if lang == PSEUDO else lang)
        buf = io.BytesIO()
        write_mo(buf, catalogue, use_fuzzy=False)
        buf.seek(0)
        self._t = Translations(fp=buf, domain=DOMAIN)
        self.catalogue = catalogue

    def gettext(self, message: str) -> str:
        return self._t.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._t.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return str(self._t.pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._t.npgettext(context, singular, plural, n)

    def number(self, value: float) -> str:
        return format_decimal(value, locale=self.locale)

    def plural_index(self, n: int) -> int:
        """Which of the catalogue's plural forms `n` takes (the `Plural-Forms` rule)."""
        import gettext

        return int(gettext.c2py(self.catalogue.plural_expr)(n))


@functools.cache
def translator(lang: str) -> Translator:
    """The translator of `lang` (loaded once); English for an unknown code."""
    lang = normalise(lang) or DEFAULT
    if lang == DEFAULT and not po_path(DEFAULT).exists():
        return ENGLISH
    return Language(lang, read_catalogue(lang))


def normalise(code: str | None) -> str | None:
    """'de-DE' → 'de', 'PL' → 'pl', 'xx' → 'xx'; None for a language there is no catalogue of."""
    if not code:
        return None
    base = code.strip().replace("_", "-").split("-")[0].lower()
    if base == PSEUDO and TEMPLATE.exists():
        return PSEUDO
    return base if base in available() else None


def negotiate(accept_language: str | None) -> str:
    """The best language for an `Accept-Language` header (q-values honoured), else English."""
    if not accept_language:
        return DEFAULT
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")[:32]):
        bits = part.strip().split(";")
        q = 1.0
        for b in bits[1:]:
            k, _, v = b.strip().partition("=")
            if k.strip() == "q":
                try:
                    q = float(v)
                except ValueError:
                    q = 0.0
        ranked.append((-q, i, bits[0]))
    for negq, _i, code in sorted(ranked):
        found = normalise(code)
        if -negq > 0 and found is not None:
            return found
    return DEFAULT


def choose(explicit: str | None, accept_language: str | None) -> str:
    """`?lang=` (or a menu's choice) first, then `Accept-Language`, then English."""
    return normalise(explicit) or negotiate(accept_language)


def use(lang: str) -> Translator:
    """Say everything in the current context (request, socket, terminal) in `lang`."""
    t = translator(lang)
    set_translator(t)
    return t


def plural_categories(lang: str) -> dict[str, int]:
    """CLDR plural category → the catalogue's form index, for the browser's `Intl.PluralRules`
    (the page may not evaluate the `Plural-Forms` expression: no eval under its CSP)."""
    t = translator(lang)
    if not isinstance(t, Language):
        return {"one": 0, "other": 1}
    out: dict[str, int] = {}
    for n in range(0, 1000):
        out.setdefault(t.locale.plural_form(n), t.plural_index(n))
    out.setdefault("other", max(out.values()))
    return out


@functools.cache
def catalogue_json(lang: str) -> dict[str, Any]:
    """A language's catalogue for the web client: msgid → text, or the list of plural forms;
    entries with a context are keyed "context\\u0004msgid" (gettext's own convention)."""
    lang = normalise(lang) or DEFAULT
    messages: dict[str, Any] = {}
    cat = read_catalogue(lang) if lang in available() or lang == PSEUDO else Catalog(locale="en")
    for msg in cat:
        if not msg.id or msg.fuzzy:
            continue
        key_id = msg.id[0] if isinstance(msg.id, tuple | list) else msg.id
        key = f"{msg.context}\u0004{key_id}" if msg.context else key_id
        if isinstance(msg.id, tuple | list):
            forms = [s for s in msg.string] if isinstance(msg.string, tuple | list) else []
            if forms and all(forms):
                messages[key] = forms
        elif msg.string:
            messages[key] = msg.string
    return {"lang": lang, "languages": LANGUAGES, "plural": plural_categories(lang),
            "locale": "en" if lang == PSEUDO else lang, "messages": messages}


def terminal_language(explicit: str | None = None, env: dict[str, str] | None = None) -> str:
    """The terminal's language: `--lang`, else the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    import os

    env = dict(os.environ) if env is None else env
    if explicit:
        found = normalise(explicit)
        if found is None:
            raise ValueError(f"no catalogue for language {explicit!r}; known: {', '.join([*available(), PSEUDO])}")
        return found
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        for code in value.split(":"):
            code = code.split(".")[0]
            if code in ("C", "POSIX", ""):
                continue
            found = normalise(code)
            if found is not None:
                return found
        if value:
            break
    return DEFAULT


__all__ = ["LANGUAGES", "PSEUDO", "available", "catalogue_json", "choose", "negotiate", "normalise",
           "pseudo_text", "read_catalogue", "terminal_language", "translator", "use", "using"]


def translate_description(d: dict[str, Any]) -> dict[str, Any]:
    """`Title.describe()` with its words in the current language (the data's English texts are
    msgids: scripts/i18n.py extracts them from the registries)."""
    from snowdonia.core.i18n import _

    out = dict(d)
    out["display_name"] = _(d["display_name"])
    out["scenarios"] = [{**s, "name": _(s["name"]), **({"description": _(s["description"])}
                                                       if s.get("description") else {})} for s in d["scenarios"]]
    settings = []
    for spec in d["settings"]:
        spec = dict(spec)
        if spec.get("label"):
            spec["label"] = _(spec["label"])
        if spec.get("help"):
            spec["help"] = _(spec["help"])
        if spec.get("choice_labels"):
            spec["choice_labels"] = [_(x) if x else x for x in spec["choice_labels"]]
        settings.append(spec)
    out["settings"] = settings
    out["score_labels"] = {k: _(v) for k, v in d["score_labels"].items()}
    out["decisions"] = {k: {**v, "prompt": _(v["prompt"]), "pass_text": _(v["pass_text"]) if v["pass_text"] else ""}
                        for k, v in d["decisions"].items()}
    return out


_DOC_WORDS = frozenset({"title", "source", "heading", "text", "items", "cite", "intro", "do", "why", "end"})


def doc_strings(doc: Any) -> list[str]:
    """Every sentence of a How to play or guide document (`Title.how_to_play`, `Title.guide`),
    for the catalogue: the words of the fields a reader sees, not keys or settings."""
    out: list[str] = []

    def walk(x: Any, field: str | None) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, k if k in _DOC_WORDS or k in ("sections", "steps") else (field if field == "steps" else None))
        elif isinstance(x, list):
            for v in x:
                walk(v, field)
        elif isinstance(x, str) and field in _DOC_WORDS and x:
            out.append(x)

    walk(doc, None)
    return out


def translate_doc(doc: Any) -> Any:
    """A How to play or guide document with its sentences in the current language."""
    from snowdonia.core.i18n import _

    def walk(x: Any, field: str | None) -> Any:
        if isinstance(x, dict):
            return {k: walk(v, k if k in _DOC_WORDS or k in ("sections", "steps") else
                            (field if field == "steps" else None)) for k, v in x.items()}
        if isinstance(x, list):
            return [walk(v, field) for v in x]
        if isinstance(x, str) and field in _DOC_WORDS and x:
            return _(x)
        return x

    return walk(doc, None)
