// Hints at the table (issue 20): the "Hint" button asks the server's analysis for the best
// options of my decision (GET /api/games/{id}/hint), shows a spinner while it thinks, then
// lists the top three with their value and marks them in the decision list and on the board.
// (Named "advice" here: the class "hint" is the page's small print.)

import { api, errorText } from "./api.js";
import { h } from "./dom.js";
import { t, nt, num } from "./i18n.js";

export const SHOWN = 3;

export function adviceState() {
  return { move: null, busy: false, data: null, error: null };
}

function signed(x) {
  const r = Math.round(x * 10) / 10;
  return `${r > 0 ? "+" : r < 0 ? "−" : "±"}${Math.abs(r).toFixed(1)}`;
}

// The panel under the decision's heading; null when the table has no hints.
export function advicePanel(st, v, gameId, token, mine, redraw) {
  if (!v || !v.hints || v.over) return null;
  if (!mine) return h("p", { class: "hint", id: "hints-on", text: t("Hints are allowed at this table.") });
  if (st.move !== v.move) Object.assign(st, adviceState(), { move: v.move });
  const ask = async () => {
    const move = v.move;
    Object.assign(st, { busy: true, error: null, data: null, move });
    redraw();
    const r = await api(`/api/games/${encodeURIComponent(gameId)}/hint`, { token });
    if (st.move !== move) return; // the game moved on meanwhile
    st.busy = false;
    if (r.ok && r.data && Array.isArray(r.data.options)) st.data = r.data;
    else st.error = errorText(r, t("No hint"));
    redraw();
  };
  const button = h("button", { type: "button", id: "hint-button", class: "hint-button", onclick: ask, disabled: st.busy ? true : null, "aria-busy": st.busy ? "true" : null },
    st.busy ? [h("span", { class: "spinner", "aria-hidden": "true" }), " " + t("Thinking…")] : st.data ? t("Hint again") : t("Hint"));
  const parts = [button];
  if (st.error) parts.push(h("p", { class: "refusal error", id: "hint-error", role: "alert", text: st.error }));
  if (st.data) {
    const solo = (v.seats || []).length === 1;
    const top = st.data.options.slice(0, SHOWN);
    parts.push(h("ol", { class: "advice-list", id: "hint-box", "aria-label": t("The analysis' best options") }, top.map((o, i) =>
      h("li", { "data-advice": o.text },
        h("span", { class: "advice-rank", text: String(i + 1) }),
        h("span", { class: "advice-label", text: o.label }),
        h("span", { class: "advice-value", text: solo ? t("%(vp)s VP", { vp: num(+o.value_vp.toFixed(1)) }) : t("%(vp)s VP", { vp: signed(o.value_vp) }) }),
        h("span", { class: "advice-win", text: solo ? "" : t("win %(pct)s%%", { pct: Math.round(o.win_chance * 100) }) })))),
      h("p", { class: "hint", text: solo ? t("Expected final score by the analysis: a guide, not a verdict.") : t("Expected final margin over the best opponent, by the analysis: a guide, not a verdict.") }));
  }
  return h("div", { class: "advice", id: "advice", role: "group", "aria-label": t("Hint"), "aria-live": "polite" }, parts);
}

// Ring the advised options wherever they are offered (decision list, board).
export function markAdvice(st, v, roots) {
  for (const root of roots) for (const el of root.querySelectorAll("[data-advice-rank]")) { el.classList.remove("advised"); el.removeAttribute("data-advice-rank"); }
  if (!st.data || st.move !== v.move) return;
  st.data.options.slice(0, SHOWN).forEach((o, i) => {
    for (const root of roots) {
      for (const el of root.querySelectorAll(`[data-action="${CSS.escape(o.text)}"]`)) {
        el.classList.add("advised");
        el.setAttribute("data-advice-rank", String(i + 1));
      }
    }
  });
}
