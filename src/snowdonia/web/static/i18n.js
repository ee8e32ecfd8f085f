// The page's words in the player's language (docs/i18n.md). The catalogue comes from the
// server (GET /api/i18n?lang=…, the same .po the Python words use); this file keeps no words
// of its own. t("Take %(n)s", {n: 3}), nt("%(n)s card", "%(n)s cards", n), pt(context, msgid).
// The choice: ?lang= on the address, then the menu's (kept in localStorage), then the
// browser's Accept-Language (the server negotiates it).

const KEY = "snowdonia:lang";
let cat = { lang: "en", locale: "en", messages: {}, plural: { one: 0, other: 1 }, languages: { en: "English" } };
let rules = null;
const listeners = new Set();

function fill(text, params) {
  if (!params) return text;
  return text.replace(/%\((\w+)\)[sd]|%%/g, (m, name) => {
    if (m === "%%") return "%";
    const v = params[name];
    return v === undefined || v === null ? m : String(v);
  });
}

export function t(msgid, params) {
  const s = cat.messages[msgid];
  return fill(typeof s === "string" ? s : msgid, params);
}

export function pt(context, msgid, params) {
  const s = cat.messages[`${context}\u0004${msgid}`];
  return fill(typeof s === "string" ? s : msgid, params);
}

function form(n) {
  if (!rules) rules = new Intl.PluralRules(cat.locale);
  const idx = cat.plural[rules.select(n)];
  return idx === undefined ? (n === 1 ? 0 : 1) : idx;
}

export function nt(singular, plural, n, params) {
  const forms = cat.messages[singular];
  const text = Array.isArray(forms) ? (forms[form(n)] ?? forms[forms.length - 1]) : (n === 1 ? singular : plural);
  return fill(text, { n: num(n), ...(params || {}) });
}

export function npt(context, singular, plural, n, params) {
  const forms = cat.messages[`${context}\u0004${singular}`];
  const text = Array.isArray(forms) ? (forms[form(n)] ?? forms[forms.length - 1]) : (n === 1 ? singular : plural);
  return fill(text, { n: num(n), ...(params || {}) });
}

// A number the language's way (1,234.5 · 1.234,5 · 1 234,5).
export function num(n) {
  if (typeof n !== "number") return String(n);
  try { return new Intl.NumberFormat(cat.locale).format(n); } catch { return String(n); }
}

export function lang() { return cat.lang; }
export function languages() { return cat.languages; }

// The language asked for explicitly: ?lang= first (and remembered), then the stored choice.
export function chosen() {
  const q = new URLSearchParams(location.search).get("lang");
  if (q) return q;
  try { return localStorage.getItem(KEY) || ""; } catch { return ""; }
}

export async function loadLanguage(code = chosen()) {
  let res;
  try {
    res = await fetch(`/api/i18n${code ? `?lang=${encodeURIComponent(code)}` : ""}`);
  } catch { return cat; }
  if (!res.ok) return cat;
  cat = await res.json();
  rules = null;
  document.documentElement.lang = cat.locale;
  return cat;
}

// The menu's choice: remembered, the address's ?lang= updated, the page told (no reload).
export async function setLanguage(code) {
  try { localStorage.setItem(KEY, code); } catch { /* private mode: this page only */ }
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) { url.searchParams.set("lang", code); history.replaceState(history.state, "", url); }
  await loadLanguage(code);
  for (const f of listeners) f(cat.lang);
}

export function onLanguage(f) { listeners.add(f); return () => listeners.delete(f); }

// <select> of the languages, each named in itself.
export function languageMenu(id = "language") {
  const sel = document.createElement("select");
  sel.id = id;
  sel.setAttribute("aria-label", t("Language"));
  for (const [code, name] of Object.entries(cat.languages)) {
    const o = document.createElement("option");
    o.value = code; o.textContent = name; o.lang = code;
    if (code === cat.lang) o.selected = true;
    sel.append(o);
  }
  sel.addEventListener("change", () => setLanguage(sel.value));
  return sel;
}

// Marks a msgid for the catalogue where it is defined; translate it where it is shown: t(X).
export const N_ = (msgid) => msgid;
