// Foothills' table drawn as SVG from one view: the railway grid (rows = railways, columns by
// card number, double cards over two columns, shared cards over two rows) with rubble, track
// and station markers, navvies, buffer stops, tickets, route bonus tokens and the summit
// token; each player's action bar (the five cards, the side up in full and the other side
// named), supply, tickets, station counter, surveyor and scoring pile; the stockyard with its
// event cubes, the bag, the general supply, the Pub and the supply cards.
//
// The grid keeps the table's shape: its cards are never narrower than CARD_MIN pixels, so on
// a phone it is wider than the screen and pans (one finger) or pinch-zooms; everything under
// it is laid out for the width the page gives. Nothing is drawn below MIN_FONT pixels.
//
// The same exports as every board module (docs/web.md):
//   renderBoard(svg, view, title, legal, opts) -> {width, height, minFont}
//   explain(key, view, title) -> {head, text} | null    (the data-info keys drawn here)
//   playerPanel(view, seat, title, h) -> HTMLElement    (the Players tab)
//   scoreDetails(result, view, title, h) -> HTMLElement  (under the score sheet)
//   actionInfo(action) -> data-info key of what an action is about, or null
// Clickable parts carry data-action (one legal action), data-choose + data-options (several:
// the decision panel lists them), data-try (not legal now: the server says why) and data-info.
import { el, text, multiline } from "/static/svg.js";
import { t as tx, nt as ntx, pt as ptx, num, lang, N_ } from "/static/i18n.js";

export const MIN_FONT = 12;
export const scoreNote = N_("Route bonus tokens count for whoever leads on their railway now (a tie: nobody); the scoring pile scores what you hold now.");
const F = { small: 12, body: 13, head: 14, title: 15 };
const CHAR = 0.62; // a safe glyph width of DejaVu Sans, in em (names, labels that must fit)
const PAD = 10;
const CARD_MIN = 95; // the narrowest route card: most station names at 12 px still fit
const CARD_MAX = 170;
const GAP = 5;
const LABEL_W = 38;
const END_W = 16; // room for the buffer stops after the last column
const ROW_H = 162;

export const PLAYER = { blue: "#2f6fd6", green: "#2e9e44" };
const CUBE = { iron: "#c4622d", stone: "#9b9b95", rubble: "#9c8662", event: "#ffffff" };
const TICKET = { red: "#c8352b", yellow: "#e2b81e", purple: "#7b47b8", teal: "#1f9e99", brown: "#8a5a2b", pink: "#e06aa8", black: "#2b2b2b" };
const DECK = { blue: "#2f6fd6", green: "#2e9e44", neutral: "#b7ae9c" };
const GOLD = { fill: "#f7e3a1", band: "#c9962a", ink: "#3b2a08" };
const GREY = { fill: "#e3e3df", band: "#7c7c78", ink: "#252525" };
const CATEGORY = { A: N_("Stockyard"), B: N_("Rubble"), C: N_("Track and stone"), D: N_("Station"), E: N_("Surveyor") };

// Text widths measured with the board's own font (a canvas), so names are cut only when they
// really do not fit; the estimate stands in where no canvas is available.
let ctx2d = null;
const widths = new Map();
function tw(s, size, bold = false) {
  s = String(s);
  const key = `${size}|${bold ? 1 : 0}|${s}`;
  if (widths.has(key)) return widths.get(key);
  if (ctx2d === null && typeof document !== "undefined") {
    try { ctx2d = document.createElement("canvas").getContext("2d") || false; } catch (e) { ctx2d = false; }
  }
  let w = s.length * size * CHAR;
  if (ctx2d) {
    ctx2d.font = `${bold ? 700 : 400} ${size}px "DejaVu Sans", sans-serif`;
    w = ctx2d.measureText(s).width * 1.04;
  }
  if (widths.size > 5000) widths.clear();
  widths.set(key, w);
  return w;
}

function fit(s, size, w, bold = false) {
  s = String(s);
  if (tw(s, size, bold) <= w) return s;
  let n = s.length - 1;
  while (n > 1 && tw(s.slice(0, n).trimEnd() + "…", size, bold) > w) n--;
  return s.slice(0, n).trimEnd() + "…";
}

// Lines no wider than `w` pixels.
function wrapPx(s, size, w, bold = false) {
  const words = String(s).split(/\s+/).filter(Boolean).flatMap((wd) => wd.split(/(?<=[/-])(?=..)/));
  const lines = [];
  let cur = "";
  for (let word of words) {
    const next = cur ? (/[/-]$/.test(cur) ? `${cur}${word}` : `${cur} ${word}`) : word;
    if (cur && tw(next, size, bold) > w) { lines.push(cur); cur = word; } else cur = next;
    // A word wider than the line is hyphenated (Porth-madog), as printed cards do.
    while (tw(cur, size, bold) > w && cur.length > 4) {
      let n = cur.length - 1;
      n = Math.min(n, cur.length - 3);
      while (n > 2 && tw(cur.slice(0, n) + "-", size, bold) > w) n--;
      lines.push(cur.slice(0, n) + "-");
      cur = cur.slice(n);
      word = cur;
    }
  }
  if (cur) lines.push(cur);
  return lines;
}

function seatName(view, seat) {
  const s = view.seats && view.seats[seat];
  if (s && s.name) return s.name;
  if (s && s.kind === "bot") return tx("Player %(x)s (%(bot)s bot)", { x: seat + 1, bot: s.bot });
  return tx("Player %(x)s", { x: seat + 1 });
}

function colourName(view, seat) {
  const p = ((view.observation || {}).players || [])[seat];
  return p ? p.colour : ["blue", "green"][seat] || "blue";
}

export function playerColour(view, seat) {
  return PLAYER[colourName(view, seat)] || "#888";
}

function ownerName(view, o) {
  if (o === null || o === undefined) return null;
  if (o === "navvy") return tx("a navvy");
  return seatName(view, o);
}

// ------------------------------------------------------------------ small pieces
function cube(x, y, colour, size = 10) {
  return el("rect", { x, y, width: size, height: size, rx: 1.5, fill: colour, stroke: "#333", "stroke-width": 0.8 });
}

function pawn(x, y, colour, s = 1) {
  return el("g", { class: "surveyor", transform: `translate(${x},${y}) scale(${s})` },
    el("circle", { cx: 0, cy: -9, r: 5, fill: colour, stroke: "#111", "stroke-width": 1.2 }),
    el("path", { d: "M -7 9 L -3 -3 L 3 -3 L 7 9 Z", fill: colour, stroke: "#111", "stroke-width": 1.2 }));
}

function navvy(x, y, s = 1) {
  // A worker with a shovel, in the box's ochre.
  return el("g", { class: "navvy", transform: `translate(${x},${y}) scale(${s})` },
    el("circle", { cx: 0, cy: 0, r: 13, fill: "#e0a030", stroke: "#4a3010", "stroke-width": 1.5 }),
    el("circle", { cx: -2, cy: -5, r: 3.2, fill: "#4a3010" }),
    el("path", { d: "M -7 8 L -4 -1 L 2 -1 L 4 8 Z", fill: "#4a3010" }),
    el("line", { x1: 3, y1: -2, x2: 8, y2: 8, stroke: "#4a3010", "stroke-width": 1.8 }),
    el("path", { d: "M 6 7 L 10 7 L 9 10 L 6 10 Z", fill: "#4a3010" }));
}

function house(x, y, colour, size = 14) {
  const s = size;
  return el("path", { d: `M ${x} ${y + s * 0.45} L ${x + s / 2} ${y} L ${x + s} ${y + s * 0.45} L ${x + s} ${y + s} L ${x} ${y + s} Z`, fill: colour, stroke: "#222", "stroke-width": 1.2, class: "marker" });
}

function ticket(x, y, colour, w = 24, h = 15) {
  return el("path", { d: `M ${x} ${y} h ${w} v ${h * 0.32} a ${h * 0.18} ${h * 0.18} 0 0 0 0 ${h * 0.36} v ${h * 0.32} h ${-w} v ${-h * 0.32} a ${h * 0.18} ${h * 0.18} 0 0 0 0 ${-h * 0.36} Z`, fill: colour, stroke: "#222", "stroke-width": 1 });
}

function passenger(x, y, s = 1) {
  return el("g", { transform: `translate(${x},${y}) scale(${s})` },
    el("circle", { cx: 0, cy: -5, r: 3.5, fill: "#2d4f7c" }),
    el("path", { d: "M -5 7 Q -5 0 0 0 Q 5 0 5 7 Z", fill: "#2d4f7c" }));
}

function vpToken(x, y, r = 8) {
  return el("circle", { cx: x, cy: y, r, fill: "#f0c419", stroke: "#7a5a05", "stroke-width": 1.2 });
}

// An invisible area that answers taps for a group whose words would let them fall through.
function hit(x, y, w, h) {
  return el("rect", { x, y, width: w, height: h, fill: "none", stroke: "none", "pointer-events": "all" });
}

function ring(x, y, w, h, rx = 6) {
  return el("rect", { x: x - 3, y: y - 3, width: w + 6, height: h + 6, rx: rx + 3, class: "fresh-ring" });
}

function panel(x, y, w, h, title, info, fill = "#f6f0e4", stroke = "#8c7a55") {
  const g = el("g", {});
  g.appendChild(el("rect", { x, y, width: w, height: h, rx: 10, fill, stroke }));
  if (title) g.appendChild(text(x + 12, y + 21, fit(title, F.title, w - 24, true), { "font-size": F.title, "font-weight": 700, "data-info": info || null, class: info ? "info" : null }));
  return g;
}

// A cost as icons and numbers (▪1 ▪2 ☺1), on one line or, when narrow, two.
function costItems(c) {
  const items = [];
  for (const [k, colour] of [["iron", CUBE.iron], ["stone", CUBE.stone], ["rubble", CUBE.rubble]]) {
    if (c[k]) items.push({ kind: k, colour, n: c[k], w: 12 + tw(String(c[k]), F.small, true) + 4 });
  }
  if (c.passengers) items.push({ kind: "passengers", n: c.passengers, w: 12 + tw(String(c.passengers), F.small, true) + 4 });
  return items;
}

function costIcons(g, c, x, y, maxW = 1e9, lineH = 14) {
  const items = costItems(c);
  if (!items.length) { g.appendChild(text(x, y, tx("free"), { "font-size": F.small, "font-style": "italic" })); return 1; }
  let dx = 0;
  let line = 0;
  for (const it of items) {
    if (dx && dx + it.w - 4 > maxW) { dx = 0; line++; }
    const yy = y + line * lineH;
    if (it.kind === "passengers") g.appendChild(passenger(x + dx + 5, yy - 4, 0.8));
    else g.appendChild(cube(x + dx, yy - 10, it.colour, 10));
    g.appendChild(text(x + dx + 12, yy, String(it.n), { "font-size": F.small, "font-weight": 700 }));
    dx += it.w;
  }
  return line + 1;
}

function costLines(c, maxW) {
  let dx = 0;
  let lines = 1;
  for (const it of costItems(c)) {
    if (dx && dx + it.w - 4 > maxW) { dx = 0; lines++; }
    dx += it.w;
  }
  return lines;
}

// A station's name on its card: Devil's Bridge's three stations read "lower", "middle", "upper".
function shortName(card, st) {
  const base = String(card.name).split("/")[0];
  if (st.name.startsWith(base + " ") && st.name.length > base.length + 1) return st.name.slice(base.length + 1).replace(/^\((.*)\)$/, "$1");
  return st.name;
}

function drawReward(g, r, x, y, short = false) {
  let dx = 0;
  const bit = (s) => { g.appendChild(text(x + dx, y, s, { "font-size": F.small, fill: "#6b2f10", "font-weight": 700 })); dx += tw(s, F.small, true) + 2; };
  if (!short) bit("→");
  if (r.vp) bit(`${r.vp} VP`);
  if (r.passengers) {
    if (r.vp) bit("+");
    bit(String(r.passengers));
    g.appendChild(passenger(x + dx + 5, y - 4, 0.85));
  }
  if (!r.vp && !r.passengers) bit(tx("no reward"));
}

function rewardText(r) {
  const parts = [];
  if (r.vp) parts.push(`${r.vp} VP`);
  if (r.passengers) parts.push(tx("%(passengers)s pass.", { passengers: r.passengers }));
  return parts.length ? `→ ${parts.join(" + ")}` : tx("→ no reward");
}

// Make a group clickable: one legal action, several (the panel lists them), or a try that the
// server will refuse with its reason.
function interactive(attrs, { actions = [], tryAction = null, why = null, label = "", prompt = null, labels = null }) {
  if (actions.length === 1) {
    Object.assign(attrs, { "data-action": actions[0], class: `${attrs.class || ""} choice`, tabindex: 0, role: "button", "aria-label": (labels && labels.get(actions[0])) || label || actions[0] });
  } else if (actions.length > 1) {
    Object.assign(attrs, { "data-choose": actions[0], "data-options": JSON.stringify(actions), "data-prompt": prompt || tx("Which one?"), class: `${attrs.class || ""} choice`, tabindex: 0, role: "button", "aria-label": label || prompt || actions[0] });
  } else if (tryAction) {
    Object.assign(attrs, { "data-try": tryAction, "data-why": why || null });
  }
  return attrs;
}

// ------------------------------------------------------------------ what the legal actions touch
export function interactions(legal) {
  const ia = { cards: new Map(), rubble: new Map(), track: new Map(), build: new Map(), space: new Map(), bar: [], pub: [], yard: [], bag: [], replace: new Map(), rubbleSupply: [], labels: new Map() };
  const push = (map, key, t) => { if (!map.has(key)) map.set(key, []); map.get(key).push(t); };
  for (const a of legal || []) {
    ia.labels.set(a.text, a.label || a.text);
    const k = a.kind;
    const arg = a.args && a.args.length ? String(a.args[0]) : "";
    if (k === "card" || k === "flip" || k === "score") push(ia.cards, arg, a.text);
    else if (k === "rubble") { if (arg === "supply") ia.rubbleSupply.push(a.text); else push(ia.rubble, arg, a.text); }
    else if (k === "track") push(ia.track, arg, a.text);
    else if (k === "build") push(ia.build, arg, a.text);
    else if (k === "surveyor") { if (arg === "bar") ia.bar.push(a.text); else push(ia.space, arg, a.text); }
    else if (k === "pub") ia.pub.push(a.text);
    else if (k === "take") ia.yard.push(a.text);
    else if (k === "iron" || k === "stone") (arg === "bag" ? ia.bag : ia.yard).push(a.text);
    else if (k === "replace") push(ia.replace, arg, a.text);
  }
  return ia;
}

// ------------------------------------------------------------------ what changed since my last look
function changes(prev, obs) {
  const fresh = new Set();
  if (!prev || !obs || !prev.cards || prev.game !== obs.game) return fresh;
  const before = new Map(prev.cards.map((c) => [c.id, c]));
  for (const c of obs.cards || []) {
    const p = before.get(c.id);
    if (!p) continue;
    if (p.rubble !== c.rubble || p.navvy !== c.navvy) fresh.add(`card:${c.id}`);
    c.tracks.forEach((t, k) => { const q = p.tracks[k]; if (q && q.owner !== t.owner) fresh.add(`track:${c.id}:${k + 1}`); });
    c.stations.forEach((s, k) => { const q = p.stations[k]; if (q && q.owner !== s.owner) fresh.add(`station:${s.key}`); });
    for (const s of c.surveyors) if (!p.surveyors.includes(s)) fresh.add(`space:${c.id}`);
    if (c.tickets_left !== p.tickets_left) fresh.add(`tickets:${c.id}`);
  }
  (obs.railways || []).forEach((r) => {
    const p = (prev.railways || []).find((x) => x.numeral === r.numeral);
    if (p && r.buffer_stop && !p.buffer_stop) fresh.add(`buffer:${r.numeral}`);
  });
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(prev.stockyard, obs.stockyard)) fresh.add("stockyard");
  if (!same(prev.pub, obs.pub)) fresh.add("pub");
  (obs.players || []).forEach((pl, i) => {
    const pp = (prev.players || [])[i];
    if (!pp) return;
    pl.bar.forEach((s, k) => {
      const q = pp.bar[k];
      if (!q || (s.card && (!q.card || q.card.id !== s.card.id || q.side !== s.side))) fresh.add(`slot:${i}:${s.slot}`);
    });
    if (pl.scoring_pile.length !== pp.scoring_pile.length) fresh.add(`pile:${i}`);
    if (pl.surveyor !== pp.surveyor && pl.surveyor === "bar") fresh.add(`barslot:${i}`);
  });
  return fresh;
}

// ------------------------------------------------------------------ the railway grid
function gridLayout(obs, width) {
  const cols = Math.max(1, obs.columns || 1);
  const avail = width - 2 * PAD - LABEL_W - END_W;
  const cw = Math.max(CARD_MIN, Math.min(CARD_MAX, Math.floor(avail / cols) - GAP));
  const top = 34;
  const colX = (c) => PAD + LABEL_W + (c - 1) * (cw + GAP);
  const rowY = (r) => top + r * (ROW_H + GAP);
  const rows = (obs.railways || []).length;
  return {
    cw, colX, rowY, top,
    width: PAD + LABEL_W + cols * (cw + GAP) + END_W + PAD,
    height: top + rows * (ROW_H + GAP) + 8,
    rect(card) {
      const c0 = Math.min(...card.columns);
      const c1 = Math.max(...card.columns);
      const r0 = Math.min(...card.rows);
      const r1 = Math.max(...card.rows);
      return { x: colX(c0), y: rowY(r0), w: (c1 - c0 + 1) * cw + (c1 - c0) * GAP, h: (r1 - r0 + 1) * ROW_H + (r1 - r0) * GAP };
    },
  };
}

function railwayLabel(view, rail, L, ia, fresh, decision) {
  const x = PAD;
  const y = L.rowY(rail.row);
  const acts = ia.rubble.get(rail.numeral) || [];
  const attrs = interactive({ class: "railway", "data-railway": rail.numeral, "data-info": `railway:${rail.numeral}` }, {
    actions: acts, labels: ia.labels, label: tx("Remove rubble from the %(name)s (%(numeral)s)", { name: rail.name, numeral: rail.numeral }),
    tryAction: decision === "rubble" && !acts.length ? `rubble ${rail.numeral}` : null,
    why: rail.rubble ? null : tx("the %(name)s has no rubble left", { name: rail.name }),
  });
  const g = el("g", attrs);
  g.appendChild(el("rect", { x, y, width: LABEL_W - 6, height: ROW_H, rx: 7, fill: rail.complete ? "#d9e8d2" : "#efe6d0", stroke: "#8c7a55", "stroke-width": 1.5 }));
  g.appendChild(text(x + (LABEL_W - 6) / 2, y + 24, rail.numeral, { "font-size": F.head, "font-weight": 800, "text-anchor": "middle" }));
  if (rail.rubble) {
    g.appendChild(cube(x + (LABEL_W - 6) / 2 - 6, y + 38, CUBE.rubble, 12));
    g.appendChild(text(x + (LABEL_W - 6) / 2, y + 68, String(rail.rubble), { "font-size": F.small, "font-weight": 700, "text-anchor": "middle" }));
  } else {
    g.appendChild(text(x + (LABEL_W - 6) / 2, y + 56, tx("clear"), { "font-size": F.small, "text-anchor": "middle", fill: "#2d5a22" }));
  }
  if (rail.complete) g.appendChild(text(x + (LABEL_W - 6) / 2, y + 92, tx("done"), { "font-size": F.small, "text-anchor": "middle", fill: "#2d5a22", "font-weight": 700 }));
  if (rail.route_bonus) {
    // The contest for the route bonus token: stations built on this railway by each player.
    const cx = x + (LABEL_W - 6) / 2;
    g.appendChild(el("circle", { cx, cy: y + ROW_H - 62, r: 10, fill: "#f0c419", stroke: "#7a5a05" }));
    g.appendChild(text(cx, y + ROW_H - 57.5, "3", { "font-size": F.small, "text-anchor": "middle", "font-weight": 800 }));
    (rail.stations_by_seat || []).forEach((n, i) => {
      g.appendChild(el("rect", { x: cx - 11, y: y + ROW_H - 46 + i * 20, width: 22, height: 18, rx: 4, fill: playerColour(view, i) }));
      g.appendChild(text(cx, y + ROW_H - 32.5 + i * 20, String(n), { "font-size": F.small, "text-anchor": "middle", "font-weight": 700, fill: "#fff" }));
    });
  }
  return g;
}

function trackSpaces(view, card, x, y, w, ia, fresh, decision) {
  const g = el("g", {});
  const n = card.tracks.length;
  const sw = (w - 4 * (n - 1)) / n;
  card.tracks.forEach((t, k) => {
    const sx = x + k * (sw + 4);
    const key = `track:${card.id}:${t.space}`;
    const acts = ia.trackAt.get(`${card.id}#${t.space}`) || [];
    const attrs = interactive({ class: "track-space", "data-track": `${card.id}:${t.space}`, "data-info": key }, {
      actions: acts, labels: ia.labels, prompt: tx("Lay the track how?"), label: tx("Lay a track on %(name)s", { name: card.name }),
    });
    const tg = el("g", attrs);
    const laid = t.owner !== null && t.owner !== undefined;
    tg.appendChild(el("rect", { x: sx, y, width: sw, height: 22, rx: 4, fill: laid ? "#d7c8a4" : k === 0 && card.rubble ? "#b49b73" : "#efe6cf", stroke: "#6b5536" }));
    // Sleepers and rails: the bed of the track space.
    for (let i = 0; i < Math.floor((sw - 8) / 9); i++) tg.appendChild(el("rect", { x: sx + 6 + i * 9, y: y + 4, width: 4, height: 14, fill: laid ? "#6d4b2a" : "#cbb992" }));
    if (laid && t.owner !== "navvy") {
      const c = playerColour(view, t.owner);
      tg.appendChild(el("rect", { x: sx + 3, y: y + 5, width: sw - 6, height: 4, fill: c, stroke: "#222", "stroke-width": 0.6, class: "marker" }));
      tg.appendChild(el("rect", { x: sx + 3, y: y + 13, width: sw - 6, height: 4, fill: c, stroke: "#222", "stroke-width": 0.6, class: "marker" }));
    }
    if (k === 0 && card.rubble) {
      const per = Math.max(1, Math.floor((sw - 6) / 12));
      const big = card.rubble > per;
      for (let i = 0; i < Math.min(card.rubble, per * 2); i++) tg.appendChild(cube(sx + 4 + (i % per) * 12, y + (big ? 1 : 5.5) + Math.floor(i / per) * 10, CUBE.rubble, big ? 9.5 : 11));
    }
    if (fresh.has(key)) tg.appendChild(ring(sx, y, sw, 22, 4));
    g.appendChild(tg);
  });
  return g;
}

function stationBox(view, card, st, x, y, w, h, ia, fresh, decision) {
  const acts = ia.build.get(st.key) || [];
  let why = null;
  if (st.owner !== null && st.owner !== undefined) why = tx("%(name)s is already built by %(x)s", { name: st.name, x: ownerName(view, st.owner) });
  else if (card.rubble) why = tx("%(name)s still holds rubble: a station is available only on a card without rubble", { name: card.name });
  else if (!st.available && card.ordered) why = tx("%(name)s: the stations of %(name2)s are built in order", { name: st.name, name2: card.name });
  const attrs = interactive({ class: "station", "data-station": st.key, "data-info": `station:${st.key}` }, {
    actions: acts, labels: ia.labels, prompt: tx("Build %(name)s how?", { name: st.name }), label: tx("Build %(name)s", { name: st.name }),
    tryAction: decision === "build" && !acts.length ? `build ${st.key}` : null, why,
  });
  const g = el("g", attrs);
  const built = st.owner !== null && st.owner !== undefined;
  g.appendChild(el("rect", { x, y, width: w, height: h, rx: 5, fill: built ? "#eadfc6" : st.available ? "#fffdf3" : "#f7f1e2", stroke: st.available ? "#3f7a35" : "#8c7a55", "stroke-width": st.available ? 2 : 1 }));
  // Name (one or two lines), cost, reward; in a narrow box (three stations on one double card)
  // the cost may take two lines and the name one (Devil's Bridge reads lower, middle, upper).
  const inner = w - 8;
  const narrow = costLines(st.cost, inner) > 1;
  let names = wrapPx(shortName(card, st), F.small, inner, true);
  names = (narrow ? names.slice(0, 1) : names.slice(0, 2)).map((ln, i, a) => (i === a.length - 1 && names.length > a.length ? fit(`${ln} ${names.slice(a.length).join(" ")}`, F.small, inner, true) : fit(ln, F.small, inner, true)));
  g.appendChild(multiline(x + 4, y + 14, names, 13, { "font-size": F.small, "font-weight": 700 }));
  costIcons(g, st.cost, x + 4, y + 14 + names.length * 14 + (narrow ? 0 : 1), inner);
  const tight = narrow || tw(rewardText(st.reward), F.small, true) + 22 > inner;
  drawReward(g, st.reward, x + 4, y + h - 6, tight);
  // The station marker (or where it goes), bottom right.
  const mx = x + w - 17;
  const my = y + h - 18;
  if (built) {
    if (st.owner === "navvy") g.appendChild(navvy(mx + 7, my + 7, 0.55));
    else g.appendChild(house(mx, my, playerColour(view, st.owner), 14));
  } else {
    g.appendChild(el("path", { d: `M ${mx} ${my + 6.3} L ${mx + 7} ${my} L ${mx + 14} ${my + 6.3} L ${mx + 14} ${my + 14} L ${mx} ${my + 14} Z`, fill: "none", stroke: "#8c7a55", "stroke-dasharray": "2 2" }));
  }
  if (fresh.has(`station:${st.key}`)) g.appendChild(ring(x, y, w, h, 5));
  return g;
}

function spaceBox(view, title, card, x, y, w, h, ia, fresh, decision) {
  const comp = (title.components || {}).spaces || {};
  const short = (comp[card.id] || {}).short || "";
  const acts = ia.space.get(card.id) || [];
  let why = null;
  if (!card.space_open) why = tx("no station is built on %(name)s yet: its surveyor action space is closed", { name: card.name });
  else if (card.surveyors.length) why = tx("%(card)s's action space is occupied by %(who)s", { card: card.name, who: card.surveyors.map((s) => seatName(view, s)).join(tx(" and ")) });
  const attrs = interactive({ class: "space", "data-space": card.id, "data-info": `space:${card.id}` }, {
    actions: acts, labels: ia.labels, label: tx("Surveyor to %(name)s", { name: card.name }),
    tryAction: (decision === "surveyor") && !acts.length ? `surveyor ${card.id}` : null, why,
  });
  const g = el("g", attrs);
  g.appendChild(el("rect", { x, y, width: w, height: h, rx: 5, fill: card.space_open ? "#e4eef5" : "#e6e2d8", stroke: card.space_open ? "#4f7391" : "#a59f90", "stroke-dasharray": card.space_open ? null : "4 3" }));
  const pawns = card.surveyors.length;
  const textW = w - 10 - pawns * 18;
  const all = wrapPx(short, F.small, textW);
  const lines = all.slice(0, 3);
  if (all.length > 3) lines[2] = fit(`${lines[2]} ${all.slice(3).join(" ")}`, F.small, textW);
  const lh = 13;
  g.appendChild(multiline(x + 5, y + h / 2 + 4.5 - ((lines.length - 1) * lh) / 2, lines, lh, { "font-size": F.small, fill: card.space_open ? "#1d3a52" : "#5e584c" }));
  card.surveyors.forEach((s, k) => g.appendChild(pawn(x + w - 10 - k * 18, y + h / 2 + 1, playerColour(view, s), 1)));
  if (fresh.has(`space:${card.id}`)) g.appendChild(ring(x, y, w, h, 5));
  return g;
}

function routeCard(view, title, card, r, ia, fresh, decision) {
  const { x, y, w, h } = r;
  const g = el("g", { class: "route-card" + (card.start ? " start" : "") + (card.double ? " double" : ""), "data-card": card.id });
  g.appendChild(el("rect", { x, y, width: w, height: h, rx: 8, fill: card.start ? "#f1ead4" : "#fbf4e2", stroke: "#5a4630", "stroke-width": 1.8, "data-info": `card:${card.id}` }));
  // The header: card id (and the tokens lying on the card).
  g.appendChild(el("rect", { x, y, width: w, height: 21, rx: 8, fill: "#5a4630", "data-info": `card:${card.id}`, class: "card-head" }));
  g.appendChild(text(x + 7, y + 15.5, card.id, { "font-size": F.small, fill: "#fff", "font-weight": 700 }));
  let tX = x + w - 6;
  if (card.summit_token) {
    const tg = el("g", { "data-info": "summit", class: "token" });
    tg.appendChild(el("path", { d: `M ${tX - 22} ${y + 18} L ${tX - 11} ${y + 3} L ${tX} ${y + 18} Z`, fill: "#eef3f7", stroke: "#1d2b36", "stroke-width": 1.2 }));
    g.appendChild(tg);
    tX -= 26;
  }
  for (const rb of card.route_bonus_tokens || []) {
    const tg = el("g", { "data-info": "route_bonus", class: "token" });
    tg.appendChild(el("circle", { cx: tX - 9, cy: y + 10.5, r: 9, fill: "#f0c419", stroke: "#7a5a05" }));
    tg.appendChild(text(tX - 9, y + 15, rb, { "font-size": F.small, "font-weight": 800, "text-anchor": "middle" }));
    g.appendChild(tg);
    tX -= 22;
  }
  const inner = w - 12;
  if (card.start) {
    // The start station: the railways' name signs, its tickets, its action space.
    let yy = y + 26;
    const rails = (view.observation.railways || []).filter((rw) => rw.start === card.id);
    for (const rw of rails) {
      const lines = wrapPx(rw.name, F.small, inner - 8, true).slice(0, 2);
      const sh = lines.length * 13 + 7;
      g.appendChild(el("rect", { x: x + 6, y: yy, width: inner, height: sh, rx: 4, fill: "#2f5a3c", "data-info": `railway:${rw.numeral}` }));
      g.appendChild(multiline(x + 10, yy + 14, lines, 13, { "font-size": F.small, fill: "#fff", "font-weight": 700 }));
      yy += sh + 3;
    }
    const nameLines = wrapPx(card.name, F.small, inner, true).slice(0, 2);
    g.appendChild(multiline(x + 7, yy + 11, nameLines.map((ln) => fit(ln, F.small, inner, true)), 13, { "font-size": F.small, "font-weight": 700 }));
    yy += 2 + nameLines.length * 13;
    const tg = el("g", { "data-info": `tickets:${card.id}`, class: "tickets" });
    tg.appendChild(hit(x + 5, yy - 2, inner, 22));
    const tc = TICKET[card.ticket] || "#999";
    for (let i = 0; i < (card.tickets_left || 0); i++) tg.appendChild(ticket(x + 7 + i * 8, yy + i * 3, tc));
    tg.appendChild(text(x + 44, yy + 13, fit(tx("%(x)s left", { x: card.tickets_left || 0 }), F.small, inner - 40), { "font-size": F.small }));
    if (fresh.has(`tickets:${card.id}`)) tg.appendChild(ring(x + 5, yy - 2, inner, 22, 4));
    g.appendChild(tg);
  } else {
    g.appendChild(trackSpaces(view, card, x + 6, y + 25, inner, ia, fresh, decision));  // 22 high
    const n = Math.max(1, card.stations.length);
    const bw = (inner - 4 * (n - 1)) / n;
    card.stations.forEach((st, k) => g.appendChild(stationBox(view, card, st, x + 6 + k * (bw + 4), y + 51, bw, 64, ia, fresh, decision)));
  }
  if (card.space) g.appendChild(spaceBox(view, title, card, x + 6, y + h - 44, inner, 40, ia, fresh, decision));
  else if (card.effect) {
    // Barmouth Ferry and Devil's Bridge: an effect when a station is built, no action space.
    const eff = card.effect === "barmouth_ferry" ? tx("Ferry: when built, flip any of your cards") : tx("Bridge: after each station, a card to your pile");
    const eg = el("g", { "data-info": `card:${card.id}`, class: "effect" });
    eg.appendChild(el("rect", { x: x + 6, y: y + h - 44, width: inner, height: 40, rx: 5, fill: "#e8eef8", stroke: "#1d4f7c", "stroke-dasharray": "2 2" }));
    eg.appendChild(multiline(x + 11, y + h - 29, wrapPx(eff, F.small, inner - 10).slice(0, 2), 14, { "font-size": F.small, "font-style": "italic", fill: "#1d4f7c" }));
    g.appendChild(eg);
  }
  if (card.navvy) {
    const ng = el("g", { "data-info": "navvy" });
    ng.appendChild(el("rect", { x: x + 2, y: y + 22, width: w - 4, height: 28, rx: 4, fill: "#f4dcae", opacity: 0.92 }));
    ng.appendChild(navvy(x + 20, y + 36, 0.85));
    ng.appendChild(text(x + 38, y + 41, fit(tx("navvy"), F.small, w - 40), { "font-size": F.small, "font-weight": 700, fill: "#4a3010" }));
    g.appendChild(ng);
  }
  if (fresh.has(`card:${card.id}`)) g.appendChild(ring(x, y, w, h, 8));
  return g;
}

function bufferStop(L, rail, cardRect, fresh) {
  const x = cardRect.x + cardRect.w + 2;
  const y = L.rowY(rail.row) + ROW_H / 2 - 22;
  const g = el("g", { "data-info": "buffer_stop", class: "buffer" });
  if (rail.buffer_stop) {
    g.appendChild(el("rect", { x, y, width: 12, height: 44, rx: 2, fill: "#c8352b", stroke: "#3a0d08" }));
    for (let i = 0; i < 3; i++) g.appendChild(el("rect", { x: x + 1, y: y + 6 + i * 13, width: 10, height: 5, fill: "#fff" }));
  } else {
    g.appendChild(el("rect", { x, y, width: 12, height: 44, rx: 2, fill: "none", stroke: "#b5a580", "stroke-dasharray": "3 3" }));
  }
  if (fresh.has(`buffer:${rail.numeral}`)) g.appendChild(ring(x, y, 12, 44, 2));
  return g;
}

function drawGrid(view, title, ia, fresh, width, decision) {
  const obs = view.observation;
  const L = gridLayout(obs, width);
  const g = el("g", { id: "railways" });
  g.appendChild(el("rect", { x: 0, y: 0, width: Math.max(L.width, width), height: L.height, fill: "#dfe9d6" }));
  g.appendChild(text(PAD + 2, 22, tx("Railways · turn %(n)s", { n: obs.turn }) + (obs.final_turn ? " · " + tx("the last turn") : obs.end_triggered ? " · " + tx("the end is rung in") : ""), { "font-size": F.title, "font-weight": 700, "data-info": "railway", class: "info" }));
  const cols = obs.columns || 1;
  for (let c = 1; c <= cols; c++) {
    const cx = L.colX(c) + L.cw / 2;
    if (cx + 10 < Math.max(L.width, width)) g.appendChild(text(cx, 22, String(c), { "font-size": F.small, fill: "#55624a", "text-anchor": "middle" }));
  }
  for (const rail of obs.railways) g.appendChild(railwayLabel(view, rail, L, ia, fresh, decision));
  const rects = new Map();
  for (const card of obs.cards) {
    const r = L.rect(card);
    rects.set(card.id, r);
    g.appendChild(routeCard(view, title, card, r, ia, fresh, decision));
  }
  for (const rail of obs.railways) {
    const last = rail.cards.length ? rail.cards[rail.cards.length - 1] : rail.start;
    if (rects.has(last)) g.appendChild(bufferStop(L, rail, rects.get(last), fresh));
  }
  return { g, w: L.width, h: L.height };
}

// ------------------------------------------------------------------ the players
function cardLines(card, side, w) {
  const up = side === "grey" ? card.grey : card.gold;
  const down = side === "grey" ? card.gold : card.grey;
  const name = side === "grey" ? both(up) : named(up);
  const other = side === "grey" ? named(down) : both(down);
  const otherSide = side === "grey" ? tx("Other side (gold): %(other)s", { other }) : tx("Other side (grey): %(other)s", { other });
  return { up, down, name, body: wrapPx(tx(up.text), F.small, w), other: wrapPx(otherSide, F.small, w) };
}

function actionCardRow(view, seat, slot, x, y, w, ia, fresh, decision, mine) {
  const card = slot.card;
  if (!card) {
    const g = el("g", { "data-info": "action_bar" });
    g.appendChild(el("rect", { x, y, width: w, height: 30, rx: 6, fill: "none", stroke: "#a99b7c", "stroke-dasharray": "5 4" }));
    g.appendChild(text(x + 10, y + 20, tx("%(slot)s: no card (no replacement was left)", { slot: slot.slot }), { "font-size": F.small, fill: "#6b6155" }));
    return { g, h: 30 };
  }
  const side = slot.side;
  const L = cardLines(card, side, w - 48);
  const titleLines = wrapPx(`${card.id} · ${L.name}`, F.body, w - 50 - 34, true).slice(0, 2);
  const top = 18 + (titleLines.length - 1) * 16;
  const h = top + 17 + L.body.length * 15 + L.other.length * 15 - 8;
  const acts = mine ? ia.cards.get(card.id) || [] : [];
  const why = decision === "card" ? tx("%(id)s cannot be chosen: nothing on its %(side)s side can be carried out now", { id: card.id, side }) : null;
  const attrs = interactive({ class: "action-card", "data-card": card.id, "data-seat": seat, "data-side": side, "data-info": `ac:${card.id}` }, {
    actions: acts, labels: ia.labels, label: `${card.id}: ${L.name}`,
    tryAction: mine && !acts.length && ["card", "flip", "score", "ferry"].includes(decision) ? `${decision === "ferry" ? "flip" : decision} ${card.id}` : null,
    why: decision === "card" ? why : null,
  });
  const g = el("g", attrs);
  const pal = side === "grey" ? GREY : GOLD;
  g.appendChild(el("rect", { x, y, width: w, height: h, rx: 7, fill: pal.fill, stroke: pal.band, "stroke-width": 1.6 }));
  g.appendChild(el("rect", { x, y, width: 34, height: h, rx: 7, fill: pal.band }));
  g.appendChild(text(x + 17, y + 24, slot.slot, { "font-size": 18, "font-weight": 800, fill: "#fff", "text-anchor": "middle" }));
  g.appendChild(el("circle", { cx: x + 17, cy: y + 38, r: 6, fill: DECK[card.colour] || DECK.neutral, stroke: "#fff", "stroke-width": 1.5 }));
  g.appendChild(multiline(x + 42, y + 18, titleLines.map((ln) => fit(ln, F.body, w - 84, true)), 16, { "font-size": F.body, "font-weight": 700, fill: pal.ink }));
  g.appendChild(text(x + w - 8, y + 18, tx(side), { "font-size": F.small, "text-anchor": "end", fill: pal.ink, "font-style": "italic" }));
  g.appendChild(multiline(x + 42, y + top + 17, L.body, 15, { "font-size": F.small, fill: pal.ink }));
  g.appendChild(multiline(x + 42, y + top + 17 + L.body.length * 15, L.other, 15, { "font-size": F.small, fill: "#5d5446", "font-style": "italic" }));
  if (fresh.has(`slot:${seat}:${slot.slot}`)) g.appendChild(ring(x, y, w, h, 7));
  return { g, h };
}

function resourceRow(g, view, p, x, y, w) {
  const items = [
    ["iron", tx("%(iron)s iron", { iron: p.iron }), (xx) => cube(xx, y - 11, CUBE.iron, 12), "stockyard"],
    ["stone", tx("%(stone)s stone", { stone: p.stone }), (xx) => cube(xx, y - 11, CUBE.stone, 12), "stockyard"],
    ["rubble", tx("%(rubble)s rubble", { rubble: p.rubble }), (xx) => cube(xx, y - 11, CUBE.rubble, 12), "rubble"],
    ["passengers", ntx("%(n)s passenger", "%(n)s passengers", p.passengers), (xx) => passenger(xx + 6, y - 4, 1), "passengers"],
    ["vp", tx("%(vp)s VP tokens", { vp: p.vp }), (xx) => vpToken(xx + 6, y - 5, 7), "vp"],
  ];
  let xx = x;
  let yy = y;
  for (const [, label, icon, info] of items) {
    const iw = 18 + tw(label, F.small) + 12;
    if (xx + iw > x + w) { xx = x; yy += 22; }
    const ig = el("g", { "data-info": info, class: "res" });
    ig.appendChild(hit(xx - 2, y - 15, iw - 6, 20));
    ig.appendChild(icon(xx));
    ig.setAttribute("transform", `translate(0, ${yy - y})`);
    ig.appendChild(text(xx + 17, y, label, { "font-size": F.small }));
    g.appendChild(ig);
    xx += iw;
  }
  return yy - y + 22;
}

function drawPlayer(view, title, ia, fresh, seat, x0, y0, w, decision) {
  const obs = view.observation;
  const p = obs.players[seat];
  const colour = playerColour(view, seat);
  const mine = view.seat === seat;
  const g = el("g", { class: "player-board", "data-seat": seat, id: `player-${seat}` });
  const parts = [];
  let y = y0;
  // Header: name, colour, start player, the running score.
  parts.push(el("rect", { x: x0, y, width: w, height: 28, rx: 10, fill: colour }));
  parts.push(el("rect", { x: x0, y: y + 14, width: w, height: 14, fill: colour }));
  const head = `${seatName(view, seat)}${mine ? " " + tx("(you)") : ""} · ${ptx("colour", p.colour)}`;
  parts.push(text(x0 + 12, y + 19, fit(head, F.head, w - 130, true), { "font-size": F.head, "font-weight": 800, fill: "#fff" }));
  parts.push(text(x0 + w - 10, y + 19, tx("%(x)s VP now", { x: formatVp(p.score_so_far) }), { "font-size": F.small, "font-weight": 700, fill: "#fff", "text-anchor": "end" }));
  y += 34;
  if (p.start_player) {
    parts.push(el("g", { "data-info": "start_player" }, hit(x0 + 8, y - 2, 110, 20), el("circle", { cx: x0 + 18, cy: y + 8, r: 9, fill: "#b8412e", stroke: "#fff" }),
      text(x0 + 18, y + 12.5, "★", { "font-size": F.small, fill: "#fff", "text-anchor": "middle" }),
      text(x0 + 32, y + 13, tx("start player"), { "font-size": F.small, fill: "#5a4630" })));
    y += 22;
  }
  const rg = el("g", {});
  y += resourceRow(rg, view, p, x0 + 12, y + 14, w - 24) + 2;
  parts.push(rg);
  // Station counter, tracks, markers, tickets, summit.
  const facts = el("g", {});
  let fx = x0 + 12;
  const fact = (label, info) => {
    const fw = tw(label, F.small) + 14;
    if (fx + fw > x0 + w - 8) { fx = x0 + 12; y += 20; }
    facts.appendChild(text(fx, y + 12, label, { "font-size": F.small, "data-info": info, class: "info" }));
    fx += fw;
  };
  fact(tx("stations %(stations_built)s", { stations_built: p.stations_built }), "station_counter");
  fact(tx("tracks %(tracks_built)s", { tracks_built: p.tracks_built }), "markers");
  fact(tx("markers left %(markers_left)s", { markers_left: p.markers_left }), "markers");
  y += 20;
  parts.push(facts);
  const tg = el("g", { "data-info": "ticket" });
  const tLabel = p.tickets.length ? tx("tickets:") : tx("no tickets yet");
  const tx0 = x0 + 12 + tw(tLabel, F.small) + 8;
  tg.appendChild(hit(x0 + 8, y - 2, tx0 - x0 - 4 + p.tickets.length * 30, 22));
  tg.appendChild(text(x0 + 12, y + 12, tLabel, { "font-size": F.small }));
  p.tickets.forEach((c, k) => tg.appendChild(ticket(tx0 + k * 30, y + 1, TICKET[c] || "#999")));
  parts.push(tg);
  if (p.summit) {
    const sx = tx0 + p.tickets.length * 30 + 10;
    parts.push(el("g", { "data-info": "summit" }, hit(sx - 2, y - 2, 80, 22), el("path", { d: `M ${sx} ${y + 16} L ${sx + 10} ${y + 1} L ${sx + 20} ${y + 16} Z`, fill: "#eef3f7", stroke: "#1d2b36", "stroke-width": 1.2 }),
      text(sx + 26, y + 13, tx("summit"), { "font-size": F.small })));
  }
  y += 24;
  // The surveyor: its place, and the bar's own space (for "back to the bar").
  const where = p.surveyor === "bar" ? tx("on the action bar") : p.surveyor === "pub" ? tx("in the Pub") : cardName(obs, p.surveyor);
  const barActs = mine ? ia.bar : [];
  const sAttrs = interactive({ class: "bar-slot", "data-bar": seat, "data-info": "surveyor" }, { actions: barActs, labels: ia.labels, label: tx("Surveyor back to the action bar") });
  const sg = el("g", sAttrs);
  // The whole row answers a tap (its words too), ringed when it is a choice.
  sg.appendChild(el("rect", { x: x0 + 6, y: y - 3, width: w - 12, height: 36, rx: 8, fill: barActs.length ? "#fff6dc" : "none", stroke: "none", "pointer-events": "all" }));
  sg.appendChild(el("rect", { x: x0 + 10, y, width: 34, height: 30, rx: 6, fill: "#fff", stroke: "#8c7a55" }));
  if (p.surveyor === "bar") sg.appendChild(pawn(x0 + 27, y + 16, colour, 1));
  else sg.appendChild(el("path", { d: `M ${x0 + 20} ${y + 25} L ${x0 + 24} ${y + 13} L ${x0 + 30} ${y + 13} L ${x0 + 34} ${y + 25} Z M ${x0 + 32} ${y + 7} a 5 5 0 1 1 -10 0 a 5 5 0 1 1 10 0`, fill: "none", stroke: "#b5a580", "stroke-dasharray": "2 2" }));
  sg.appendChild(text(x0 + 52, y + 20, fit(tx("Surveyor %(where)s", { where }), F.small, w - 64), { "font-size": F.small }));
  if (fresh.has(`barslot:${seat}`)) sg.appendChild(ring(x0 + 10, y, 34, 30, 6));
  parts.push(sg);
  y += 38;
  // The action bar: five cards, the side up in full, the other side named.
  parts.push(text(x0 + 12, y + 12, tx("Action bar"), { "font-size": F.body, "font-weight": 700, "data-info": "action_bar", class: "info" }));
  y += 20;
  for (const slot of p.bar) {
    const row = actionCardRow(view, seat, slot, x0 + 8, y, w - 16, ia, fresh, decision, mine);
    parts.push(row.g);
    y += row.h + 5;
  }
  // The scoring pile.
  const pile = el("g", { "data-info": "scoring_pile", class: "pile" });
  pile.appendChild(hit(x0 + 8, y, w - 16, 20));
  const room = Math.max(0, p.pile_limit - p.scoring_pile.length);
  const inPile = p.scoring_pile.length ? ntx("%(n)s card", "%(n)s cards", p.scoring_pile.length) : tx("empty");
  const pileHead = tx("Scoring pile: %(cards)s · room for %(room)s more (1 per station)", { cards: inPile, room });
  pile.appendChild(text(x0 + 12, y + 14, fit(pileHead, F.body, w - 24, true), { "font-size": F.body, "font-weight": 700 }));
  y += 22;
  let cx = x0 + 12;
  for (const id of p.scoring_pile) {
    const info = cardInfo(obs, id);
    const label = info ? `${id} · ${info.scoring}` : id;
    const cw = tw(label, F.small) + 14;
    if (cx + cw > x0 + w - 8) { cx = x0 + 12; y += 26; }
    const cg = el("g", { "data-info": `ac:${id}` });
    cg.appendChild(el("rect", { x: cx, y, width: cw, height: 22, rx: 5, fill: "#fff8e0", stroke: "#b08a3a" }));
    cg.appendChild(text(cx + 7, y + 15.5, label, { "font-size": F.small }));
    pile.appendChild(cg);
    cx += cw + 6;
  }
  if (p.scoring_pile.length) y += 26;
  if (fresh.has(`pile:${seat}`)) pile.appendChild(ring(x0 + 8, y - 48, w - 16, 46, 6));
  parts.push(pile);
  y += 6;
  const height = y - y0;
  g.appendChild(el("rect", { x: x0, y: y0, width: w, height, rx: 10, fill: "#faf6ec", stroke: colour, "stroke-width": 3 }));
  parts.forEach((pt) => g.appendChild(pt));
  return { g, h: height };
}

// A side action's name for an English reader: the English name first, the printed German
// name after it (issue 21; the languages issue chooses by the reader's language).
function both(a) {
  if (lang() === "de") return a.german || a.english;
  const said = ptx("foothills", a.english);
  return a.german && a.german !== a.english ? `${said} (${a.german})` : said;
}

// An action's own name (the gold side's, without the German one): in German the printed name.
function named(a) {
  return lang() === "de" ? a.german || a.english : ptx("foothills", a.english);
}

function formatVp(v) {
  if (Number.isInteger(v)) return String(v);
  const whole = Math.floor(v);
  return v - whole === 0.5 ? `${whole || ""}½` : String(v);
}

function cardName(obs, id) {
  const c = (obs.cards || []).find((x) => x.id === id);
  return c ? tx("at %(name)s (%(id)s)", { name: c.name, id }) : `at ${id}`;
}

function cardInfo(obs, id) {
  for (const p of obs.players || []) for (const s of p.bar) if (s.card && s.card.id === id) return s.card;
  for (const c of obs.supply_cards || []) if (c.id === id) return c;
  return null;
}

// ------------------------------------------------------------------ stockyard, bag, supply, Pub
function drawStockyard(view, ia, fresh, x0, y0, w, decision) {
  const obs = view.observation;
  const g = el("g", { id: "stockyard-panel" });
  const parts = [];
  let y = y0 + 30;
  // The stockyard tile and its cubes.
  const yard = obs.stockyard;
  const yAttrs = interactive({ class: "stockyard", "data-info": "stockyard", id: "stockyard" }, {
    actions: ia.yard, labels: ia.labels, prompt: tx("Take what from the stockyard?"), label: tx("The stockyard"),
  });
  const yg = el("g", yAttrs);
  const cubes = [...Array(yard.iron).fill(CUBE.iron), ...Array(yard.stone).fill(CUBE.stone), ...Array(yard.event).fill(CUBE.event)];
  const per = Math.max(6, Math.floor((w - 40) / 22));
  const rows = Math.max(1, Math.ceil(cubes.length / per));
  const th = 30 + rows * 22 + 24;
  yg.appendChild(el("rect", { x: x0 + 10, y, width: w - 20, height: th, rx: 8, fill: "#efe4c8", stroke: "#7a5b2e", "stroke-width": 1.5 }));
  yg.appendChild(text(x0 + 20, y + 19, tx("Stockyard"), { "font-size": F.body, "font-weight": 700 }));
  cubes.forEach((c, i) => yg.appendChild(cube(x0 + 20 + (i % per) * 22, y + 28 + Math.floor(i / per) * 22, c, 17)));
  if (!cubes.length) yg.appendChild(text(x0 + 20, y + 42, tx("empty"), { "font-size": F.small, "font-style": "italic" }));
  yg.appendChild(text(x0 + 20, y + th - 8, [ntx("%(n)s iron", "%(n)s iron", yard.iron), ntx("%(n)s stone", "%(n)s stone", yard.stone), ntx("%(n)s event cube", "%(n)s event cubes", yard.event)].join(" · "), { "font-size": F.small }));
  if (fresh.has("stockyard")) yg.appendChild(ring(x0 + 10, y, w - 20, th, 8));
  parts.push(yg);
  y += th + 8;
  // The bag.
  const bag = obs.bag;
  const bAttrs = interactive({ class: "bag", "data-info": "bag", id: "bag" }, { actions: ia.bag, labels: ia.labels, prompt: tx("Pick what out of the bag?"), label: tx("The bag") });
  const bg = el("g", bAttrs);
  bg.appendChild(el("rect", { x: x0 + 10, y, width: w - 20, height: 56, rx: 8, fill: "#ede6f3", stroke: "#6a5a7a" }));
  bg.appendChild(el("path", { d: `M ${x0 + 24} ${y + 48} Q ${x0 + 18} ${y + 22} ${x0 + 32} ${y + 16} L ${x0 + 28} ${y + 9} L ${x0 + 44} ${y + 9} L ${x0 + 40} ${y + 16} Q ${x0 + 54} ${y + 22} ${x0 + 48} ${y + 48} Z`, fill: "#c7b08a", stroke: "#5a4630" }));
  bg.appendChild(text(x0 + 64, y + 22, tx("Bag"), { "font-size": F.body, "font-weight": 700 }));
  const bagLine = tx("%(iron)s iron · %(stone)s stone · %(event)s event", { iron: bag.iron, stone: bag.stone, event: bag.event });
  bg.appendChild(text(x0 + 64, y + 42, fit(bagLine, F.small, w - 84), { "font-size": F.small }));
  parts.push(bg);
  y += 64;
  if (obs.events_aside) {
    parts.push(text(x0 + 14, y + 12, ntx("%(n)s event cube set aside this action", "%(n)s event cubes set aside this action", obs.events_aside), { "font-size": F.small, "data-info": "event_cube", class: "info" }));
    y += 20;
  }
  // The general supply.
  const sup = obs.supply;
  const sAttrs = interactive({ class: "supply", "data-info": "supply", id: "supply" }, { actions: ia.rubbleSupply, labels: ia.labels, label: tx("Rubble from the supply") });
  const sg = el("g", sAttrs);
  const lines = [tx("%(rubble)s rubble · %(passengers)s passengers", { rubble: sup.rubble, passengers: sup.passengers }), tx("%(navvies)s navvies · %(buffer_stops)s buffer stops left", { navvies: sup.navvies, buffer_stops: sup.buffer_stops })];
  const subs = sup.substitutes || {};
  const extra = ["rubble", "passengers", "vp"].filter((k) => subs[k]).map((k) => `${subs[k]} ${k === "vp" ? "VP" : k}`);
  if (extra.length) lines.push(tx("substitutes: %(x)s", { x: extra.join(", ") }));
  const wrapped = lines.flatMap((ln) => wrapPx(ln, F.small, w - 40));
  const sh = 28 + wrapped.length * 16;
  sg.appendChild(el("rect", { x: x0 + 10, y, width: w - 20, height: sh, rx: 8, fill: "#f1ede2", stroke: "#8c7a55" }));
  sg.appendChild(text(x0 + 20, y + 19, tx("General supply"), { "font-size": F.body, "font-weight": 700 }));
  sg.appendChild(multiline(x0 + 20, y + 37, wrapped, 16, { "font-size": F.small }));
  parts.push(sg);
  y += sh + 8;
  const height = y - y0;
  g.appendChild(panel(x0, y0, w, height, tx("Stockyard, bag and supply"), "stockyard", "#f6f0e4", "#7a5b2e"));
  parts.forEach((pt) => g.appendChild(pt));
  return { g, h: height };
}

function drawPub(view, ia, fresh, x0, y0, w, decision) {
  const obs = view.observation;
  const g = el("g", { id: "pub-panel" });
  const attrs = interactive({ class: "pub", "data-info": "pub", id: "pub" }, { actions: ia.pub, labels: ia.labels, label: tx("The Pub") });
  const pg = el("g", attrs);
  const lines = wrapPx(tx("Gold E only: put one of your action cards into your scoring pile and take a replacement of its category."), F.small, w - 92);
  const h = Math.max(76, 34 + lines.length * 15 + 8);
  pg.appendChild(el("rect", { x: x0, y: y0, width: w, height: h, rx: 10, fill: "#3b2a1a", stroke: "#1c130b" }));
  pg.appendChild(el("rect", { x: x0 + 10, y: y0 + 10, width: 56, height: h - 20, rx: 5, fill: "#e9c98a", stroke: "#7a5b2e" }));
  pg.appendChild(text(x0 + 38, y0 + 34, tx("PUB"), { "font-size": F.head, "font-weight": 800, "text-anchor": "middle", fill: "#3b2a1a" }));
  obs.pub.surveyors.forEach((s, k) => pg.appendChild(pawn(x0 + 28 + k * 18, y0 + h - 22, playerColour(view, s), 1)));
  pg.appendChild(text(x0 + 76, y0 + 22, tx("The Pub"), { "font-size": F.title, "font-weight": 700, fill: "#fff" }));
  pg.appendChild(multiline(x0 + 76, y0 + 40, lines, 15, { "font-size": F.small, fill: "#f3e6c8" }));
  if (fresh.has("pub")) pg.appendChild(ring(x0, y0, w, h, 10));
  g.appendChild(pg);
  return { g, h };
}

function drawSupplyCards(view, ia, fresh, x0, y0, w) {
  const obs = view.observation;
  const g = el("g", { id: "supply-cards" });
  const cards = obs.supply_cards || [];
  // One column per category when the width allows (the table's fan of spare cards), else a flow.
  const byCat = "ABCDE".split("").map((c) => cards.filter((x) => x.category === c));
  const perRow = w - 20 >= 5 * 150 ? 5 : Math.max(1, Math.floor((w - 20) / 158));
  const cw = Math.floor((w - 20 - 6 * (perRow - 1)) / perRow);
  const body = (c) => wrapPx(`${both(c.grey)}: ${tx(c.grey.text)}`, F.small, cw - 14);
  const shown = (c) => { const b = body(c); return b.length > 5 ? [...b.slice(0, 4), fit(`${b[4]} ${b.slice(5).join(" ")}`, F.small, cw - 14)] : b; };
  const ch = Math.max(92, ...cards.map((c) => 30 + shown(c).length * 15 + 22));
  const slots = [];
  if (perRow === 5) byCat.forEach((list, col) => list.forEach((c, k) => slots.push({ c, col, row: k })));
  else cards.forEach((c, k) => slots.push({ c, col: k % perRow, row: Math.floor(k / perRow) }));
  for (const { c, col, row } of slots) {
    const x = x0 + 10 + col * (cw + 6);
    const y = y0 + 32 + row * (ch + 6);
    const acts = ia.replace.get(c.id) || [];
    const attrs = interactive({ class: "supply-card", "data-card": c.id, "data-info": `ac:${c.id}` }, { actions: acts, labels: ia.labels, label: tx("Take %(id)s from the supply", { id: c.id }) });
    const cg = el("g", attrs);
    cg.appendChild(el("rect", { x, y, width: cw, height: ch, rx: 6, fill: GREY.fill, stroke: GOLD.band, "stroke-width": 1.5 }));
    cg.appendChild(el("rect", { x, y, width: cw, height: 22, rx: 6, fill: GOLD.band }));
    cg.appendChild(text(x + 7, y + 16, fit(`${c.id} · ${CATEGORY[c.category] ? tx(CATEGORY[c.category]) : c.category}`, F.small, cw - 28, true), { "font-size": F.small, "font-weight": 700, fill: "#fff" }));
    cg.appendChild(el("circle", { cx: x + cw - 12, cy: y + 11, r: 6, fill: DECK[c.colour] || DECK.neutral, stroke: "#fff" }));
    cg.appendChild(multiline(x + 7, y + 38, shown(c), 15, { "font-size": F.small, fill: "#333" }));
    cg.appendChild(text(x + 7, y + ch - 8, fit(tx("in a pile: %(scoring)s", { scoring: c.scoring }), F.small, cw - 12), { "font-size": F.small, "font-style": "italic", fill: "#6b2f10" }));
    g.appendChild(cg);
  }
  const rows = slots.length ? Math.max(...slots.map((x) => x.row)) + 1 : 0;
  const height = 32 + (rows ? rows * (ch + 6) : 24) + 6;
  if (!cards.length) g.appendChild(text(x0 + 12, y0 + 50, tx("No spare cards left."), { "font-size": F.small, "font-style": "italic" }));
  g.insertBefore(panel(x0, y0, w, height, tx("Spare cards in the supply"), "supply_cards", "#f3eee0", "#b08a3a"), g.firstChild);
  return { g, h: height };
}

function drawTokens(view, x0, y0, w) {
  const obs = view.observation;
  const g = el("g", { id: "tokens" });
  const lines = [];
  for (const rb of obs.route_bonus || []) {
    const rail = (obs.railways || []).find((r) => r.numeral === rb.railway);
    const n = rail ? rail.stations_by_seat : [];
    const score = n.join("–");
    const who = rb.holder === null || rb.holder === undefined
      ? (n.length && n.every((x) => x === n[0]) ? tx("tied %(score)s: nobody", { score }) : "nobody")
      : tx("%(x)s leads %(x2)s", { x: seatName(view, rb.holder), x2: [n[rb.holder], ...n.filter((_, i) => i !== rb.holder)].join("–") });
    lines.push([tx("Route bonus %(railway)s (3 VP, stations on it): %(who)s", { railway: rb.railway, who }), "route_bonus"]);
  }
  if (obs.summit && obs.summit.in_play) lines.push([tx("Summit token: %(where)s", { where: obs.summit.owner === null ? tx("on Yr Wyddfa") : seatName(view, obs.summit.owner) }), "summit"]);
  if (obs.removed_railways && obs.removed_railways.length) lines.push([tx("Not in play: railways %(x)s", { x: obs.removed_railways.join(", ") }), "railway"]);
  if (obs.end_triggered && !obs.over) lines.push([tx("The end is rung in: %(reason)s", { reason: obs.end_reason ? tx(obs.end_reason) : "" }) + (obs.final_turn ? " · " + tx("last turn") : ""), "buffer_stop"]);
  let y = y0 + 36;
  const parts = [];
  for (const [ln, info] of lines) {
    const wl = wrapPx(ln, F.small, w - 24);
    parts.push(multiline(x0 + 12, y, wl, 16, { "font-size": F.small, "data-info": info, class: "info" }));
    y += wl.length * 16 + 4;
  }
  const height = y - y0 + 2;
  g.appendChild(panel(x0, y0, w, height, tx("Tokens and the end"), "route_bonus", "#eef3f6", "#7890a0"));
  parts.forEach((pt) => g.appendChild(pt));
  return { g, h: height };
}

// ------------------------------------------------------------------ the whole board
export function renderBoard(svg, view, title, legal, opts = {}) {
  const width = Math.max(340, Math.round(opts.width || 1000));
  const obs = view.observation;
  const ia = interactions(legal);
  // Track actions go on the railway's next free track space ("I-3", "I/II-5 (2)").
  ia.trackAt = new Map();
  for (const [numeral, acts] of ia.track) {
    const rail = (obs.railways || []).find((r) => r.numeral === numeral);
    if (!rail || !rail.next_track) continue;
    const m = /^(.*?)(?: \((\d+)\))?$/.exec(rail.next_track);
    const key = `${m[1]}#${m[2] || 1}`;
    ia.trackAt.set(key, [...(ia.trackAt.get(key) || []), ...acts]);
  }
  const fresh = opts.prev ? changes(opts.prev, obs) : new Set();
  const decision = opts.decision || null;
  svg.replaceChildren();
  const bg = el("rect", { x: 0, y: 0, width, height: 10, fill: "#f4efe2" });
  svg.appendChild(bg);
  const grid = drawGrid(view, title, ia, fresh, width, decision);
  svg.appendChild(grid.g);
  const total = Math.max(width, grid.w);
  // Under the grid, laid out for the page's width: the players, then the shared parts.
  const cols = width >= 1100 ? 3 : width >= 700 ? 2 : 1;
  const colW = Math.floor((width - PAD * (cols + 1)) / cols);
  const heights = Array(cols).fill(grid.h + PAD);
  const place = (draw, span = 1) => {
    let c = heights.indexOf(Math.min(...heights));
    if (span > 1) c = 0;
    const x = PAD + c * (colW + PAD);
    const w = span > 1 ? colW * span + PAD * (span - 1) : colW;
    const top = span > 1 ? Math.max(...heights.slice(0, span)) : heights[c];
    const part = draw(x, top, w);
    svg.appendChild(part.g);
    for (let k = c; k < c + span; k++) heights[k] = top + part.h + PAD;
  };
  const seats = (obs.players || []).map((_, i) => i);
  const me = view.seat;
  const order = me !== null && me !== undefined && seats.includes(me) ? [me, ...seats.filter((s) => s !== me)] : seats;
  const playerPart = (seat) => (x, y, w) => drawPlayer(view, title, ia, fresh, seat, x, y, w, decision);
  const shared = [
    (x, y, w) => drawStockyard(view, ia, fresh, x, y, w, decision),
    (x, y, w) => drawPub(view, ia, fresh, x, y, w, decision),
    (x, y, w) => drawTokens(view, x, y, w),
    (x, y, w) => drawSupplyCards(view, ia, fresh, x, y, w),
  ];
  if (cols >= 2) {
    // The action bars (yours first) down the first column; the stockyard, bag, supply, Pub,
    // tokens and spare cards beside them, so what a turn uses is in one sight.
    const at = (c, draw) => {
      const part = draw(PAD + c * (colW + PAD), heights[c], colW);
      svg.appendChild(part.g);
      heights[c] += part.h + PAD;
    };
    order.forEach((seat, k) => at(cols === 3 ? k : 0, playerPart(seat)));
    shared.slice(0, 3).forEach((draw) => at(cols - 1, draw));
    at(heights.indexOf(Math.min(...heights)), shared[3]);
  } else {
    // One column: your bar, then what you take from, then your opponent's bar, the rest.
    place(playerPart(order[0]));
    place(shared[0]);
    place(shared[1]);
    for (const seat of order.slice(1)) place(playerPart(seat));
    place(shared[2]);
    place(shared[3]);
  }
  const height = Math.max(...heights) + 4;
  bg.setAttribute("width", total);
  bg.setAttribute("height", height);
  svg.setAttribute("viewBox", `0 0 ${total} ${height}`);
  svg.dataset.fresh = String(fresh.size);
  return { width: total, height, minFont: MIN_FONT, fresh: fresh.size };
}

// ------------------------------------------------------------------ explanations
function rule(title, key) {
  const comp = title.components || {};
  return (comp.rules || {})[key] || (typeof comp[key] === "string" ? comp[key] : "");
}

function sideWords(card, side) {
  const up = side === "grey" ? card.grey : card.gold;
  return side === "grey" ? both(up) : named(up);
}

export function explain(key, view, title) {
  const comp = title.components || {};
  const obs = view.observation || {};
  const [kind, id] = String(key).split(/:(.*)/s);
  const cards = obs.cards || [];
  if (kind === "card") {
    const c = cards.find((x) => x.id === id);
    const t = (comp.route_cards || {})[id] || {};
    if (!c && !t.text) return null;
    const lines = [t.text || ""];
    if (c) {
      if (c.start) lines.push(ntx("%(n)s %(colour)s ticket left here.", "%(n)s %(colour)s tickets left here.", c.tickets_left, { colour: ptx("colour", c.ticket) }), rule(title, "start_station"));
      else {
        lines.push(c.rubble ? tx("%(rubble)s of %(printed_rubble)s rubble still on it.", { rubble: c.rubble, printed_rubble: c.printed_rubble }) : tx("Cleared: no rubble on it."));
        if (c.navvy) lines.push(tx("A navvy covers it. %(x)s", { x: comp.navvy || "" }));
      }
      if (c.surveyors.length) lines.push(tx("Surveyor here: %(x)s.", { x: c.surveyors.map((s) => seatName(view, s)).join(", ") }));
    }
    return { head: `${t.name || (c && c.name) || id} (${id})`, text: lines.filter(Boolean).join("\n") };
  }
  if (kind === "station") {
    const t = (comp.stations || {})[id] || {};
    let st = null;
    let card = null;
    for (const c of cards) for (const s of c.stations) if (s.key === id) { st = s; card = c; }
    if (!st && !t.text) return null;
    const lines = [`${t.text || ""}.`];
    if (st) {
      if (st.owner !== null && st.owner !== undefined) lines.push(tx("Built by %(x)s.", { x: ownerName(view, st.owner) }));
      else if (st.available) lines.push(tx("Available: it can be built now."));
      else lines.push(card && card.rubble ? tx("Not available yet: its card still holds rubble.") : tx("Not available yet: the station before it on this card comes first."));
    }
    lines.push(rule(title, "station"));
    return { head: tx("Station %(x)s", { x: (st && st.name) || t.name || id }), text: lines.filter(Boolean).join("\n") };
  }
  if (kind === "space") {
    const c = cards.find((x) => x.id === id);
    const t = (comp.spaces || {})[id] || {};
    if (!t.text) return null;
    const lines = [t.text];
    if (c) {
      lines.push(c.space_open ? tx("Open: a station on this card is built.") : tx("Closed until a station on this card is built (or a navvy covers it)."));
      if (c.surveyors.length) lines.push(tx("Occupied by %(who)s.", { who: c.surveyors.map((s) => seatName(view, s)).join(tx(" and ")) }));
      if (c.summit_token !== undefined) lines.push(c.summit_token ? tx("The summit token lies here.") : tx("The summit token is held by %(x)s.", { x: seatName(view, obs.summit.owner) }));
    }
    lines.push(rule(title, "surveyor"));
    return { head: tx("Action space: %(name)s (%(id)s)", { name: t.name, id }), text: lines.filter(Boolean).join("\n") };
  }
  if (kind === "railway") {
    if (!id) return { head: tx("Railways"), text: rule(title, "railway") };
    const r = (obs.railways || []).find((x) => x.numeral === id);
    const t = (comp.railways || {})[id] || {};
    const lines = [t.text || (r && r.name) || id];
    if (r) {
      lines.push(r.rubble ? tx("%(rubble)s rubble left on it.", { rubble: r.rubble }) : tx("No rubble left on it."));
      lines.push(r.complete ? (r.buffer_stop ? tx("Complete: its buffer stop is placed.") : tx("Complete (no buffer stop was left).")) : r.next_track ? tx("Next free track space: %(next_track)s.", { next_track: r.next_track }) : tx("No free track space yet (rubble first)."));
      lines.push(tx("Stations built: %(list)s.", { list: r.stations_by_seat.map((n, i) => `${seatName(view, i)} ${n}`).join(", ") }));
    }
    lines.push(rule(title, "railway"));
    return { head: `${(r && r.name) || t.name || "Railway"} (${id})`, text: lines.filter(Boolean).join("\n") };
  }
  if (kind === "track") {
    const [cid, k] = id.split(":");
    const c = cards.find((x) => x.id === cid);
    if (!c) return null;
    const t = c.tracks[(+k || 1) - 1];
    const who = t && t.owner !== null && t.owner !== undefined ? tx("Track laid by %(x)s.", { x: ownerName(view, t.owner) }) : c.rubble && (+k || 1) === 1 ? tx("%(rubble)s rubble to remove first.", { rubble: c.rubble }) : t && t.free ? tx("Free: the next track on its railway goes here.") : tx("Not laid yet.");
    return { head: `${c.name} (${cid}), ` + (c.tracks.length > 1 ? tx("track space %(n)s", { n: k }) : tx("track space")), text: `${who}\n${rule(title, "track_space")}` };
  }
  if (kind === "tickets") {
    const c = cards.find((x) => x.id === id);
    if (!c) return null;
    return { head: tx("%(ticket)s tickets on %(name)s", { ticket: c.ticket, name: c.name }), text: tx("%(tickets_left)s of 2 left.\\n%(x)s", { tickets_left: c.tickets_left, x: rule(title, "ticket") }) };
  }
  if (kind === "ac") {
    const t = (comp.action_cards || {})[id] || {};
    let card = null;
    let where = "";
    (obs.players || []).forEach((p, i) => p.bar.forEach((s) => { if (s.card && s.card.id === id) { card = s.card; where = (s.side === "grey" ? tx("On %(who)s's action bar, grey side up: %(action)s.", { who: seatName(view, i), action: sideWords(s.card, s.side) }) : tx("On %(who)s's action bar, gold side up: %(action)s.", { who: seatName(view, i), action: sideWords(s.card, s.side) })); } }));
    if (!card) { const c = (obs.supply_cards || []).find((x) => x.id === id); if (c) { card = c; where = tx("In the supply, gold side up."); } }
    (obs.players || []).forEach((p, i) => { if (p.scoring_pile.includes(id)) where = tx("In %(who)s's scoring pile.", { who: seatName(view, i) }); });
    if (!t.text && !card) return null;
    const lines = [where];
    if (card) {
      lines.push(tx("Gold: %(english)s — %(text)s", { english: named(card.gold), text: tx(card.gold.text) }), tx("Grey: %(x)s — %(text)s", { x: both(card.grey), text: tx(card.grey.text) }), tx("In the scoring pile: %(scoring)s.", { scoring: t.scoring || card.scoring }));
    } else lines.push(t.text);
    return { head: tx("Action card %(id)s", { id }) + (card ? ` (${ptx("colour", card.colour)})` : ""), text: lines.filter(Boolean).join("\n") };
  }
  const heads = {
    stockyard: tx("The stockyard"), bag: tx("The cloth bag"), supply: tx("General supply"), pub: tx("The Pub"), navvy: tx("Navvy"), summit: tx("Summit token"),
    route_bonus: tx("Route bonus tokens"), buffer_stop: tx("Buffer stop"), ticket: tx("Tickets"), surveyor: tx("Surveyor"), station_counter: tx("Station counter"),
    scoring_pile: tx("Scoring pile"), action_bar: tx("Action bar"), supply_cards: tx("Supply cards"), start_player: tx("Start player"), markers: tx("Track and station markers"),
    rubble: tx("Rubble"), vp: tx("Victory points"), passengers: tx("Passengers"), event_cube: tx("Event cubes"),
  };
  const r = rule(title, key);
  if (!r && !heads[key]) return null;
  const live = [];
  if (key === "stockyard") live.push(tx("Now: %(iron)s iron, %(stone)s stone, %(event)s event cubes.", { iron: obs.stockyard.iron, stone: obs.stockyard.stone, event: obs.stockyard.event }));
  if (key === "bag") live.push(tx("Now: %(iron)s iron, %(stone)s stone, %(event)s event cubes (their order is secret).", { iron: obs.bag.iron, stone: obs.bag.stone, event: obs.bag.event }));
  if (key === "pub") live.push(obs.pub.surveyors.length ? tx("In the Pub: %(x)s.", { x: obs.pub.surveyors.map((s) => seatName(view, s)).join(", ") }) : tx("Nobody is in the Pub."));
  return { head: heads[key] || key, text: [r, ...live].filter(Boolean).join("\n") };
}

export function actionInfo(a) {
  const arg = a.args && a.args.length ? String(a.args[0]) : "";
  if (["card", "flip", "score", "replace"].includes(a.kind)) return `ac:${arg}`;
  if (a.kind === "rubble") return arg === "supply" ? "supply" : `railway:${arg}`;
  if (a.kind === "track") return `railway:${arg}`;
  if (a.kind === "build") return `station:${arg}`;
  if (a.kind === "surveyor") return arg === "bar" ? "surveyor" : `space:${arg}`;
  if (a.kind === "pub") return "pub";
  if (a.kind === "take") return "stockyard";
  if (a.kind === "iron" || a.kind === "stone") return arg === "bag" ? "bag" : "stockyard";
  return null;
}

// ------------------------------------------------------------------ HTML parts for the page
function cubeSpan(h, colour, label, info) {
  return h("span", { class: "res info", "data-info": info, tabindex: 0, role: "button" }, h("i", { class: "cube", style: `background:${colour}`, "aria-hidden": "true" }), ` ${label}`);
}

export function playerPanel(view, seat, title, h) {
  const obs = view.observation;
  const p = obs.players[seat];
  const where = p.surveyor === "bar" ? tx("on the action bar") : p.surveyor === "pub" ? tx("in the Pub") : cardName(obs, p.surveyor);
  return h("div", { class: "pp" },
    h("div", { class: "supply" },
      cubeSpan(h, CUBE.iron, tx("%(iron)s iron", { iron: p.iron }), "stockyard"), cubeSpan(h, CUBE.stone, tx("%(stone)s stone", { stone: p.stone }), "stockyard"),
      cubeSpan(h, CUBE.rubble, tx("%(rubble)s rubble", { rubble: p.rubble }), "rubble"),
      h("span", { class: "res info", "data-info": "passengers" }, ntx("%(n)s passenger", "%(n)s passengers", p.passengers)), " ",
      h("span", { class: "res info", "data-info": "vp" }, tx("%(vp)s VP tokens", { vp: p.vp }))),
    h("div", { class: "meta" },
      h("span", { class: "info", "data-info": "station_counter" }, ntx("%(n)s station", "%(n)s stations", p.stations_built)), " · ",
      ntx("%(n)s track", "%(n)s tracks", p.tracks_built) + " · " + ntx("%(n)s marker left", "%(n)s markers left", p.markers_left) + " ·" + " ",
      h("span", { class: "info", "data-info": "ticket" }, p.tickets.length ? tx("tickets: %(x)s", { x: p.tickets.join(", ") }) : tx("no tickets")),
      p.summit ? tx(" · summit token") : ""),
    h("div", { class: "meta" }, h("span", { class: "info", "data-info": "surveyor" }, tx("Surveyor %(where)s", { where }))),
    h("ul", { class: "bar-list" }, p.bar.map((s) => h("li", {},
      s.card
        ? h("span", { class: "info", "data-info": `ac:${s.card.id}`, tabindex: 0, role: "button" }, h("b", { text: `${s.slot} · ${s.card.id}` }), ` ${tx(s.side)}: ${sideWords(s.card, s.side)}`)
        : tx("%(slot)s: no card", { slot: s.slot })))),
    h("div", { class: "meta" }, h("span", { class: "info", "data-info": "scoring_pile" }, tx("Scoring pile %(length)s/%(pile_limit)s", { length: p.scoring_pile.length, pile_limit: p.pile_limit })),
      p.scoring_pile.length ? `: ${p.scoring_pile.join(", ")}` : ""));
}

const FIELD = { passengers: N_("passengers"), tracks: N_("tracks"), stations: N_("stations"), tickets: N_("tickets"), cards: N_("cards in the pile") };

// For each player: the scoring pile card by card, the route bonuses, the summit, passengers.
export function scoreDetails(result, view, title, h) {
  const obs = view.observation;
  const box = h("div", { class: "contract-scores" });
  for (const b of result.breakdown || []) {
    const p = (obs.players || [])[b.seat] || {};
    const pile = b.pile || [];
    const rows = pile.map((c) => h("tr", { class: c.vp ? "met" : "unmet" },
      h("td", {}, h("span", { "data-info": `ac:${c.card}`, class: "info", tabindex: 0, role: "button" }, c.card)),
      h("td", { text: FIELD[c.field] ? tx(FIELD[c.field]) : c.field }), h("td", { text: tx("%(vp)s VP", { vp: c.vp }) })));
    const bonus = (b.route_bonus || []).length ? tx("route bonus %(which)s (3 VP each)", { which: b.route_bonus.join(tx(" and ")) }) : tx("no route bonus");
    const summit = b.lines.summit ? tx("the summit token (2 VP)") : tx("no summit token");
    const riders = p.passengers === undefined || p.passengers === null ? "?" : ntx("%(n)s passenger", "%(n)s passengers", p.passengers);
    box.append(h("div", { class: "cs-player" },
      h("h4", {}, h("i", { class: "dot", style: `background:${playerColour(view, b.seat)}`, "aria-hidden": "true" }), " " + tx("%(x)s: %(x2)s VP", { x: seatName(view, b.seat), x2: formatVp(b.total) })),
      h("p", { class: "had", text: tx("VP tokens %(vp)s; %(bonus)s; %(summit)s; %(passengers)s (%(pvp)s VP).", { vp: b.lines.vp_tokens, bonus, summit, passengers: riders, pvp: formatVp(b.lines.passengers) }) }),
      pile.length
        ? h("table", { class: "cs" }, h("thead", {}, h("tr", {}, h("th", { text: tx("pile card") }), h("th", { text: tx("scores") }), h("th", { text: tx("VP") }))), h("tbody", {}, rows))
        : h("p", { text: tx("Nothing in the scoring pile.") })));
  }
  if (result.tie_rematch) box.append(h("p", { class: "tiebreak", text: tx("A tie: the rules replay the same railways with colours swapped (the rematch).") }));
  if (result.draw) box.append(h("p", { class: "tiebreak", text: tx("The rematch tied too: a draw.") }));
  return box;
}
