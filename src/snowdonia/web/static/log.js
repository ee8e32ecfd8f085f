// The complete log from the engine's structured events, grouped by round, each line coloured
// by the player it is about, with a marker at the viewer's last decision.
import { h } from "./dom.js";
import { t, nt, num } from "./i18n.js";

export function eventText(e) {
  if (typeof e === "string") return e;
  return e.text || e.type;
}

export function sinceText(e) {
  return eventText(e);
}

// `mark(e)`: an element to end the event's line with, or null (the review's verdict marks).
export function renderLog(box, view, { unit = "Round", since = null, seatName, colour, upto = null, mark = null }) {
  const log = (view.log || []).map((e, i) => (typeof e === "string" ? { i, text: e } : e));
  const rounds = new Map();
  for (const e of log) {
    const r = typeof e.round === "number" ? e.round : 0;
    if (!rounds.has(r)) rounds.set(r, []);
    rounds.get(r).push(e);
  }
  const openSet = new Set([...box.querySelectorAll("details[open]")].map((d) => d.dataset.round));
  const first = box.childElementCount === 0;
  const keys = [...rounds.keys()];
  const last = keys[keys.length - 1];
  box.replaceChildren(h("h2", { text: t("Game log") }));
  let marked = false;
  for (const r of keys) {
    const evs = rounds.get(r);
    const items = [];
    for (const e of evs) {
      if (since !== null && !marked && typeof e.move === "number" && e.move > since) {
        items.push(h("li", { class: "mine-marker", id: "log-mine", text: t("▲ your last move") }));
        marked = true;
      }
      const seat = typeof e.seat === "number" ? e.seat : null;
      items.push(h("li", {
        class: `ev ev-${e.type || "text"}` + (seat !== null ? " has-seat" : ""),
        "data-move": e.move ?? "",
        style: seat !== null ? `border-left-color:${colour(seat)}` : null,
      }, seat !== null ? h("span", { class: "who-dot", style: `background:${colour(seat)}`, "aria-hidden": "true" }) : null, eventText(e),
      mark ? mark(e) : null));
    }
    const open = r === last || openSet.has(String(r)) || (first && r === last);
    box.append(h("details", { class: "round", "data-round": r, open: open ? "open" : null },
      h("summary", { text: r ? `${unit} ${num(r)}` : t("Set-up") }, h("span", { class: "count", text: " · " + nt("%(n)s event", "%(n)s events", evs.length) })),
      h("ol", { class: "log" }, items)));
  }
  if (since !== null && !marked && log.length) box.append(h("p", { class: "mine-marker", id: "log-mine", text: t("▲ your last move (nothing since)") }));
  box.append(h("div", { class: "log-end" }));
  if (!upto) {
    const ol = box.querySelector("details[open]:last-of-type ol");
    if (ol) ol.scrollTop = ol.scrollHeight;
  }
}
