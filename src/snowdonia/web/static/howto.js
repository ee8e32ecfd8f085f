// *How to play*: a title's rules summary (GET /api/how-to-play/<game>, written once per title in
// its ui/how_to_play.py) in a dialog, from the lobby and from the game page.
import { api } from "./api.js";
import { h } from "./dom.js";
import { t, nt, num } from "./i18n.js";

const cache = new Map();

async function summary(game) {
  if (!cache.has(game)) {
    const r = await api(`/api/how-to-play/${encodeURIComponent(game)}`);
    if (!r.ok) return null;
    cache.set(game, r.data);
  }
  return cache.get(game);
}

// The summary as elements: a heading per section, its text, its list (numbered when the
// order matters), and the rulebook section it follows.
export function renderHowTo(doc, level = 2) {
  const hx = `h${level}`;
  const hy = `h${level + 1}`;
  return h("div", { class: "howto-body" },
    h(hx, { id: "howto-title", text: doc.title }),
    doc.sections.map((s) => h("section", { class: `howto-section howto-${s.key}`, "data-section": s.key },
      h(hy, { text: s.heading }),
      s.text ? h("p", { text: s.text }) : null,
      s.items && s.items.length ? h(s.ordered ? "ol" : "ul", {}, s.items.map((i) => h("li", { text: i }))) : null,
      s.cite ? h("p", { class: "hint cite", text: t("Rulebook: %(cite)s", { cite: s.cite }) }) : null)),
    h("p", { class: "hint", text: t("From the %(source)s.", { source: doc.source }) }));
}

// Open the dialog for `game` and `scenario` (null: the title's first); `opener` gets the focus
// back when it closes.
export async function openHowTo(game, scenario, opener = null) {
  const data = await summary(game);
  const old = document.getElementById("howto");
  if (old) old.remove();
  const keys = data ? Object.keys(data.scenarios) : [];
  const key = scenario && keys.includes(scenario) ? scenario : keys[0];
  const close = h("button", { type: "button", class: "close", id: "howto-close", "aria-label": t("Close How to play"), text: t("Close") });
  const dlg = h("dialog", { id: "howto", class: "howto", "aria-labelledby": "howto-title" });
  const body = h("div", { class: "howto-scroll", tabindex: "0" });
  function show(k) {
    body.replaceChildren(data ? renderHowTo(data.scenarios[k]) : h("p", { text: t("The rules summary could not be loaded; try again in a moment.") }));
    body.scrollTop = 0;
  }
  const tabs = keys.length > 1 ? h("div", { class: "howto-tabs", role: "group", "aria-label": t("Scenario") },
    keys.map((k) => h("button", { type: "button", class: k === key ? "on" : "", "aria-pressed": k === key ? "true" : "false",
      onclick: (ev) => { for (const b of tabs.querySelectorAll("button")) { b.classList.remove("on"); b.setAttribute("aria-pressed", "false"); } ev.currentTarget.classList.add("on"); ev.currentTarget.setAttribute("aria-pressed", "true"); show(k); },
      text: data.scenarios[k].title.replace(/^How to play /, "") }))) : null;
  dlg.append(h("div", { class: "howto-head" }, tabs, close), body);
  close.addEventListener("click", () => dlg.close());
  dlg.addEventListener("close", () => { dlg.remove(); if (opener) opener.focus(); });
  document.body.append(dlg);
  show(key);
  dlg.showModal();
  close.focus();
  return dlg;
}
