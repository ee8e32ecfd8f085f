// The board of a title whose own board module is not on this server: a notice, the
// title's public facts in words, and no clickable parts. The decision panel, players, log,
// score and replay still work, since they speak only the web API.
import { el, text, wrap } from "/static/svg.js";

function fact(v) {
  if (v === null || v === undefined) return "—";
  if (Array.isArray(v)) {
    if (v.some((x) => x !== null && typeof x === "object")) return `${v.length} items`;
    return v.length > 8 ? `${v.length} items` : v.join(", ") || "none";
  }
  return typeof v === "object" ? null : String(v);
}

export function renderBoard(svg, view, title, legal, opts = {}) {
  const width = Math.max(340, Math.round(opts.width || 800));
  svg.replaceChildren();
  const lines = [`${title.display_name}: this server has no drawing of its board yet.`, "Play from the decision panel; the log, the players and the score work as usual."];
  const obs = view.observation || {};
  for (const [k, v] of Object.entries(obs)) {
    const f = fact(v);
    if (f !== null && !["seat", "players_count", "moves"].includes(k)) lines.push(`${k.replaceAll("_", " ")}: ${f}`);
  }
  const per = Math.max(20, Math.floor((width - 24) / (13 * 0.62)));
  const wrapped = lines.flatMap((ln) => wrap(ln, per));
  const height = 30 + wrapped.length * 20;
  svg.appendChild(el("rect", { x: 0, y: 0, width, height, fill: "#fbf6ea" }));
  wrapped.forEach((ln, i) => svg.appendChild(text(12, 26 + i * 20, ln, { "font-size": 13, "font-weight": i < 2 ? 700 : 400 })));
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  return { width, height, minFont: 13 };
}

export function explain(key, view, title) {
  const comp = title.components || {};
  const [kind, id] = String(key).split(/:(.*)/s);
  const group = comp[kind] || comp[`${kind}s`];
  const entry = group && id !== undefined ? group[id] : null;
  if (!entry) return null;
  return { head: entry.name || `${kind} ${id}`, text: entry.rule || entry.text || "" };
}

export function playerPanel(view, seat, title, h) {
  const p = ((view.observation || {}).players || [])[seat];
  if (!p || typeof p !== "object") return h("div", {});
  return h("dl", { class: "facts" }, Object.entries(p).flatMap(([k, v]) => {
    const f = fact(v);
    return f === null || k === "seat" ? [] : [h("dt", { text: k.replaceAll("_", " ") }), h("dd", { text: f })];
  }));
}
