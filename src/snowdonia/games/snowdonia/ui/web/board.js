// Snowdonia's table drawn as SVG from one view: the route up the mountain, the seven action
// areas, weather, work rates, events, Site Office, Engine Shed, Stock Yard, bag and supply.
//
// The layout follows the width it is given (CSS pixels at zoom 1): the route snakes across
// the full width and the other parts pack into as many columns as fit, so the board is
// drawn 1:1 and no text is smaller than MIN_FONT pixels on a phone or a desktop.
//
// What the page's code relies on (any title's board module exports the same names):
//   renderBoard(svg, view, title, legal, opts) -> {width, height, minFont}
//   explain(key, view, title) -> {head, text} | null     (data-info keys drawn here)
//   playerPanel(view, seat, title, h) -> HTMLElement     (one player's supply, train, cards)
//   scoreDetails(result, view, title, h) -> HTMLElement   (the contracts of the score sheet)
//   actionInfo(action) -> data-info key of the component an action is about, or null
// Clickable parts carry data-action (one legal action), data-choose (several ways to pay),
// data-try (an action that is not legal now: the server says why) and data-info.
import { el, text, wrap, multiline } from "/static/svg.js";
import { t, nt, pt, num, N_ } from "/static/i18n.js";

export const COLOURS = { yellow: "#f2c316", blue: "#2f6fd6", green: "#2e9e44", pink: "#e86aae", purple: "#8a4fc7" };
export const CUBE = { iron: "#c4622d", stone: "#b9b9b4", coal: "#1d1d1d", rubble: "#9c8662", steel: "#7f93a8", event: "#ffffff" };
export const MIN_FONT = 12;
// Under the running score (game.js shows it when the board module says something).
// The engine's words for a scored contract (`why`, English data): said in the language.
const SCORE_WHY = { "surveyor position": N_("surveyor position"), "surveyor not far enough": N_("surveyor not far enough") };
function whyText(why) {
  const m = /^(\d+) coal x (\d+)$/.exec(why || "");
  if (m) return t("%(n)s coal × %(vp)s VP", { n: num(+m[1]), vp: num(+m[2]) });
  return why ? t(SCORE_WHY[why] || why) : "";
}
export const scoreNote = N_("Contracts count only when their cubes and markers are there; the engine picks the best assignment, as on the final sheet.");
const F = { small: 12, body: 13, head: 14, title: 15 };
const CHAR = 0.62; // average glyph width of DejaVu Sans, in em
const PAD = 10;
const SHORT_EVENT = { excavate: N_("Excavate"), trains_available: N_("Trains"), lay_track: N_("Lay"), complete_station: N_("Station"), maintenance: N_("Maint.") };

const tw = (s, size) => String(s).length * size * CHAR;

// A label in a box of fixed width: squeezed to fit when a language's words are longer
// (SVG textLength; the font size stays, so nothing gets smaller than MIN_FONT in height).
function fit(x, y, s, avail, attrs) {
  const node = text(x, y, s, attrs);
  const bold = attrs && attrs["font-weight"] >= 700 ? 1.08 : 1;
  if (tw(s, (attrs && attrs["font-size"]) || F.small) * bold > avail) {
    node.setAttribute("textLength", String(Math.floor(avail)));
    node.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return node;
}

// "3 iron", "1 event cube": a count of a component by the language's plural rule.
export function cubes(n, kind) {
  const said = {
    iron: () => nt("%(n)s iron", "%(n)s iron", n), stone: () => nt("%(n)s stone", "%(n)s stone", n),
    coal: () => nt("%(n)s coal", "%(n)s coal", n), steel: () => nt("%(n)s steel", "%(n)s steel", n),
    rubble: () => nt("%(n)s rubble", "%(n)s rubble", n), event: () => nt("%(n)s event cube", "%(n)s event cubes", n),
  }[kind];
  return said ? said() : `${n} ${kind}`;
}

function weatherName(disc) {
  return { sun: pt("weather", "sun"), rain: pt("weather", "rain"), fog: pt("weather", "fog") }[disc] || disc;
}

function seatName(view, seat) {
  const s = view.seats && view.seats[seat];
  if (s && s.name) return s.name;
  if (s && s.kind === "bot") return t("Player %(n)s (%(level)s bot)", { n: seat + 1, level: t(String(s.bot).charAt(0).toUpperCase() + String(s.bot).slice(1)) });
  return t("Player %(n)s", { n: seat + 1 });
}

export function playerColour(view, seat) {
  const s = view.seats && view.seats[seat];
  return COLOURS[s ? s.colour : "yellow"] || "#999";
}

function cube(x, y, colour, size = 10) {
  return el("rect", { x, y, width: size, height: size, rx: 1.5, fill: colour, stroke: "#333", "stroke-width": 0.8 });
}

function marker(view, owner, x, y, r = 9) {
  if (owner === null || owner === undefined) return null;
  if (owner === "event") {
    return el("g", { class: "marker event-marker" }, el("circle", { cx: x, cy: y, r, fill: "#444", stroke: "#fff", "stroke-width": 1.5 }),
      text(x, y + 4.5, "E", { "font-size": F.small, fill: "#fff", "text-anchor": "middle", "font-weight": 700 }));
  }
  return el("circle", { cx: x, cy: y, r, fill: playerColour(view, owner), stroke: "#222", "stroke-width": 1.5, class: "marker" });
}

function rubblePile(n, x, y, perRow = 4, size = 10) {
  const g = el("g", { class: "rubble" });
  const shown = Math.min(n, 12);
  for (let i = 0; i < shown; i++) g.appendChild(cube(x + (i % perRow) * (size + 1), y + Math.floor(i / perRow) * (size + 1), CUBE.rubble, size));
  return g;
}

function ring(x, y, w, h, rx = 6) {
  return el("rect", { x: x - 3, y: y - 3, width: w + 6, height: h + 6, rx: rx + 3, class: "fresh-ring" });
}

function weatherDisc(kind, cx, cy, r = 17) {
  const g = el("g", { class: `disc disc-${kind || "empty"}` });
  if (!kind) {
    g.appendChild(el("circle", { cx, cy, r, fill: "none", stroke: "#789", "stroke-dasharray": "3 3" }));
    return g;
  }
  const fill = { sun: "#ffd54a", rain: "#6aa6e8", fog: "#c9cdd2" }[kind];
  g.appendChild(el("circle", { cx, cy, r, fill, stroke: "#333", "stroke-width": 1.5 }));
  if (kind === "sun") {
    g.appendChild(el("circle", { cx, cy, r: r * 0.42, fill: "#ff9f1a" }));
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4;
      g.appendChild(el("line", { x1: cx + Math.cos(a) * r * 0.55, y1: cy + Math.sin(a) * r * 0.55, x2: cx + Math.cos(a) * r * 0.8, y2: cy + Math.sin(a) * r * 0.8, stroke: "#ff9f1a", "stroke-width": 2 }));
    }
  } else if (kind === "rain") {
    for (const dx of [-5, 1, 7]) g.appendChild(el("line", { x1: cx + dx * r / 17, y1: cy - 7 * r / 17, x2: cx + (dx - 4) * r / 17, y2: cy + 7 * r / 17, stroke: "#1f4f8f", "stroke-width": 2.2 }));
  } else {
    for (const dy of [-6, 0, 6]) g.appendChild(el("line", { x1: cx - 10 * r / 17, y1: cy + dy * r / 17, x2: cx + 10 * r / 17, y2: cy + dy * r / 17, stroke: "#6b737c", "stroke-width": 2.4, "stroke-linecap": "round" }));
  }
  return g;
}

function labourer(view, seat, cx, cy, s = 1) {
  const c = playerColour(view, seat);
  return el("g", { class: "labourer", transform: `translate(${cx},${cy}) scale(${s})` },
    el("circle", { cx: 0, cy: -8, r: 5.5, fill: c, stroke: "#222", "stroke-width": 1.2 }),
    el("path", { d: "M -9 10 Q -9 -2 0 -2 Q 9 -2 9 10 Z", fill: c, stroke: "#222", "stroke-width": 1.2 }));
}

function panel(x, y, w, h, title, fill, stroke, info) {
  const g = el("g", {});
  g.appendChild(el("rect", { x, y, width: w, height: h, rx: 10, fill, stroke }));
  if (title) g.appendChild(text(x + 12, y + 21, title, { "font-size": F.title, "font-weight": 700, "data-info": info || null, class: info ? "info" : null }));
  return g;
}

// Make a group clickable: one legal action, several (choose), or a try that will be refused.
function interactive(attrs, { action = null, choose = null, tryAction = null, why = null, label = "" }) {
  if (action) Object.assign(attrs, { "data-action": action, class: `${attrs.class || ""} choice`, tabindex: 0, role: "button", "aria-label": label || action });
  else if (choose) Object.assign(attrs, { "data-choose": choose, class: `${attrs.class || ""} choice`, tabindex: 0, role: "button", "aria-label": label || choose });
  else if (tryAction) Object.assign(attrs, { "data-try": tryAction, "data-why": why || null });
  return attrs;
}

// ------------------------------------------------------------------ what changed
function changes(prev, obs) {
  const fresh = new Set();
  if (!prev || !obs) return fresh;
  const pr = prev.route || [];
  (obs.route || []).forEach((it, i) => {
    const p = pr[i];
    if (!p || p.type !== it.type) return;
    if (it.type === "track") {
      if (p.rubble !== it.rubble || p.laid !== it.laid || p.owner !== it.owner) fresh.add(`track:${it.index}`);
    } else {
      it.excavation_sites.forEach((s, k) => {
        const q = p.excavation_sites[k];
        if (q && (q.rubble !== s.rubble || q.owner !== s.owner)) fresh.add(`exc:${it.key}.${k + 1}`);
      });
      it.building_sites.forEach((b) => {
        const q = p.building_sites.find((x) => x.site === b.site);
        if (q && q.owner !== b.owner) fresh.add(`site:${it.key}.${b.site}`);
      });
      for (const s of it.surveyors) if (!p.surveyors.includes(s)) fresh.add(`surveyor:${it.key}.${s}`);
      if (it.completed && !p.completed) fresh.add(`station:${it.key}`);
    }
  });
  (obs.areas || []).forEach((a, ai) => {
    const pa = (prev.areas || [])[ai];
    a.spaces.forEach((s, k) => {
      const ps = pa && pa.spaces[k];
      if (s.labourer !== null && s.labourer !== undefined && (!ps || ps.labourer !== s.labourer)) fresh.add(`space:${a.area}${a.area === "G" ? "" : s.space}${a.area === "G" ? k : ""}`);
    });
  });
  const pw = prev.weather || {};
  const w = obs.weather || {};
  if (pw.current !== w.current) fresh.add("weather:now");
  (obs.event_track || []).forEach((e, k) => { if (e.occupied && !((prev.event_track || [])[k] || {}).occupied) fresh.add(`event:${e.space}`); });
  (obs.site_office || []).forEach((c, k) => { if (c && (prev.site_office || [])[k] !== c) fresh.add(`office:${c}`); });
  if (obs.ends && prev.ends) {
    const order = Array.from({ length: (obs.players || []).length }, (_, i) => (obs.start_player + i) % (obs.players || []).length);
    for (const key of obs.ends.keys) {
      const now = order.filter((s) => obs.ends.players[s] === key);
      const was = order.filter((s) => prev.ends.players[s] === key);
      now.forEach((s, k) => { if (!was.includes(s) || (obs.ends.start_markers[s] && !prev.ends.start_markers[s])) fresh.add(`end:${key}.${k + 1}`); });
      if (obs.ends.game_surveyor === key && prev.ends.game_surveyor !== key) fresh.add(`gs:${key}`);
    }
  }
  if ((obs.work_rates || {}).excavate_index !== (prev.work_rates || {}).excavate_index) fresh.add("rate:excavate");
  if ((obs.work_rates || {}).lay_track_index !== (prev.work_rates || {}).lay_track_index) fresh.add("rate:lay_track");
  return fresh;
}

// ------------------------------------------------------------------ route
function stationSize(st, extraHead = 0) {
  const head = tw(`${st.number} ${st.name}`, F.body) + 58 + extraHead;
  const sites = Math.max(st.building_sites.length, st.excavation_sites.length) * 46 + 12;
  if (!st.building_sites.length && !st.excavation_sites.length) return { w: Math.max(112, head), h: 80 };
  return { w: Math.max(130, head, sites), h: 156 };
}

function layoutRoute(route, width, ends = null) {
  const dots = ends ? ends.players.length * 12 + 22 : 0; // Blaenau Ffestiniog: who may build here, Plas Halt's badge
  const sizes = route.map((it) => (it.type === "station" ? stationSize(it, dots) : { w: 56, h: 96 }));
  const inner = width - 2 * PAD;
  const rows = [[]];
  let used = 0;
  route.forEach((it, i) => {
    const w = sizes[i].w + 8;
    if (used + w > inner + 8 && rows[rows.length - 1].length) { rows.push([]); used = 0; }
    rows[rows.length - 1].push(i);
    used += w;
  });
  const rowH = 168;
  const height = rows.length * rowH + 34;
  const pos = [];
  rows.forEach((row, r) => {
    const y = height - (r + 1) * rowH; // Llanberis at the bottom, Yr Wyddfa at the top
    const total = row.reduce((a, i) => a + sizes[i].w + 8, -8);
    let x = r % 2 === 0 ? PAD : width - PAD - total;
    const ordered = r % 2 === 0 ? row : [...row].reverse();
    for (const i of ordered) {
      const { w, h } = sizes[i];
      pos[i] = { x, y: y + (156 - h) / 2 + 6, w, h };
      x += w + 8;
    }
  });
  return { pos, height };
}

function trackCard(view, it, p, fresh) {
  const { x, y, w, h } = p;
  const info = `track:${it.index}`;
  const g = el("g", { class: "track" + (it.laid ? " laid" : ""), "data-track": it.index, "data-info": info });
  g.appendChild(el("rect", { x, y, width: w, height: h, rx: 6, fill: it.laid ? "#e7d9b8" : "#8a7455", stroke: "#3d3020", "stroke-width": 1.5 }));
  if (it.laid) {
    for (let k = 0; k < 7; k++) g.appendChild(el("rect", { x: x + 7, y: y + 8 + k * 12, width: w - 14, height: 5, fill: "#6d4b2a" }));
    g.appendChild(el("line", { x1: x + 17, y1: y + 3, x2: x + 17, y2: y + h - 3, stroke: "#555", "stroke-width": 3 }));
    g.appendChild(el("line", { x1: x + w - 17, y1: y + 3, x2: x + w - 17, y2: y + h - 3, stroke: "#555", "stroke-width": 3 }));
  } else {
    g.appendChild(rubblePile(it.rubble, x + 6, y + 28));
  }
  g.appendChild(el("circle", { cx: x + w - 13, cy: y + 13, r: 11, fill: "#fff8e6", stroke: "#3d3020" }));
  g.appendChild(text(x + w - 13, y + 17.5, it.vp, { "font-size": F.small, "text-anchor": "middle", "font-weight": 700 }));
  const m = marker(view, it.owner, x + w / 2, y + h - 16, 9);
  if (m) g.appendChild(m);
  frontierBadges(view, { track: it.index }, x + 3, y + 3).forEach((b) => g.appendChild(b));
  if (fresh.has(info)) g.appendChild(ring(x, y, w, h));
  return g;
}

function station(view, it, p, ia, fresh, decision) {
  const { x, y, w, h } = p;
  const g = el("g", { class: "station" + (it.completed ? " completed" : ""), "data-station": it.key });
  g.appendChild(el("rect", { x, y, width: w, height: h, rx: 8, fill: it.completed ? "#d9d4c7" : "#fbf4e2", stroke: "#5a4630", "stroke-width": 2, "data-info": `station:${it.key}` }));
  g.appendChild(el("rect", { x, y, width: w, height: 24, rx: 8, fill: "#5a4630", "data-info": `station:${it.key}` }));
  g.appendChild(text(x + 8, y + 17, `${it.number} ${it.name}`, { "font-size": F.body, fill: "#fff", "font-weight": 700 }));
  g.appendChild(el("circle", { cx: x + w - 19, cy: y + 12, r: 10, fill: "#ffe08a", stroke: "#fff", "data-info": "surveyor" }));
  g.appendChild(text(x + w - 19, y + 16.5, it.surveyor_vp, { "font-size": F.small, "text-anchor": "middle", "font-weight": 700, fill: "#3a2a10" }));
  it.excavation_sites.forEach((s, k) => {
    const sx = x + 8 + k * 46;
    const sy = y + 30;
    const info = `exc:${it.key}.${k + 1}`;
    const sg = el("g", { class: "exc-site", "data-info": info });
    sg.appendChild(el("rect", { x: sx, y: sy, width: 42, height: 40, rx: 4, fill: s.rubble ? "#b49b73" : "#efe6cf", stroke: "#6b5536" }));
    if (s.rubble) sg.appendChild(rubblePile(s.rubble, sx + 3, sy + 3, 3, 9));
    sg.appendChild(text(sx + 39, sy + 37, `${s.vp}`, { "font-size": F.small, "text-anchor": "end", "font-weight": 700 }));
    const m = marker(view, s.owner, sx + 21, sy + 20, 9);
    if (m) sg.appendChild(m);
    frontierBadges(view, { station: it.key, site: k + 1 }, sx + 2, sy + 24).forEach((b, j) => { b.setAttribute("transform", `translate(${j * 17},0)`); sg.appendChild(b); });
    if (fresh.has(info)) sg.appendChild(ring(sx, sy, 42, 40, 4));
    g.appendChild(sg);
  });
  it.building_sites.forEach((b, k) => {
    const bx = x + 8 + k * 46;
    const by = y + 76;
    const key = `${it.key}.${b.site}`;
    const info = `site:${key}`;
    const choices = ia.sites.get(key);
    const attrs = { class: "site", "data-site": key, "data-info": info };
    const label = choices && choices.length === 1 ? ia.labels.get(choices[0]) : t("Build %(name)s, site %(n)s", { name: it.name, n: b.site });
    const building = decision === "build" || decision === "extra_build";
    interactive(attrs, {
      action: choices && choices.length === 1 ? choices[0] : null,
      choose: choices && choices.length > 1 ? `build:${key}` : null,
      tryAction: building && b.owner === null ? `build ${key} iron=0 rubble=0` : null,
      why: b.owner !== null ? t("%(name)s site %(n)s is already built", { name: it.name, n: b.site }) : null,
      label,
    });
    const sg = el("g", attrs);
    sg.appendChild(el("rect", { x: bx, y: by, width: 42, height: 54, rx: 4, fill: "#fffdf6", stroke: "#6b5536" }));
    for (let i = 0; i < b.stone; i++) sg.appendChild(cube(bx + 4 + (i % 3) * 11, by + 4 + Math.floor(i / 3) * 11, CUBE.stone, 9));
    for (let i = 0; i < b.steel; i++) sg.appendChild(el("rect", { x: bx + 4, y: by + 27 + i * 6, width: 34, height: 4, fill: CUBE.steel, stroke: "#334" }));
    const gift = ((view.observation.ends || {}).gives || {})[it.key];
    const give = gift ? Object.entries(gift[k] || {}).filter(([, n]) => n) : [];
    if (give.length) {
      // VP on the left, the free cube(s) from the bag on the right.
      sg.appendChild(text(bx + 4, by + 50, `${b.vp}`, { "font-size": F.small, "font-weight": 700 }));
      const [kind, n] = give[0];
      const gg = el("g", { "data-info": `gift:${it.key}`, class: "gift" });
      gg.appendChild(cube(bx + 22, by + 41, CUBE[kind] || "#999", 9));
      gg.appendChild(text(bx + 33, by + 50, String(n), { "font-size": F.small, "font-weight": 700, fill: "#1d5a1d" }));
      sg.appendChild(gg);
    } else sg.appendChild(text(bx + 21, by + 50, `${b.vp}`, { "font-size": F.small, "text-anchor": "middle", "font-weight": 700 }));
    const m = marker(view, b.owner, bx + 21, by + 22, 10);
    if (m) sg.appendChild(m);
    if (fresh.has(info)) sg.appendChild(ring(bx, by, 42, 54, 4));
    g.appendChild(sg);
  });
  if (it.completed) {
    g.appendChild(el("circle", { cx: x + w - 14, cy: y + 42, r: 10, fill: "#222", stroke: "#fff", "stroke-width": 2, "data-info": `station:${it.key}` }));
    if (fresh.has(`station:${it.key}`)) g.appendChild(ring(x, y, w, h, 8));
  }
  const ends = view.observation.ends;
  if (ends) twoEndExtras(view, ends, it, p, g, ia, fresh, decision);
  // Blaenau Ffestiniog: a surveyor appears once its player has chosen an end; at its own
  // starting end it stands on one of that end's spaces (drawn by twoEndExtras).
  const shownSurveyors = ends ? it.surveyors.filter((s) => ends.players[s] !== null && ends.players[s] !== undefined && !(ends.keys.includes(it.key) && ends.players[s] === it.key)) : it.surveyors;
  shownSurveyors.forEach((s, k) => {
    const sx = x + 10 + k * 18;
    const sy = y + h - 4;
    g.appendChild(el("path", { d: `M ${sx} ${sy} l 7 -16 l 7 16 z`, fill: playerColour(view, s), stroke: "#222", class: "surveyor", "data-info": "surveyor" }));
    if (fresh.has(`surveyor:${it.key}.${s}`)) g.appendChild(el("circle", { cx: sx + 7, cy: sy - 7, r: 13, class: "fresh-ring" }));
  });
  return g;
}

// ------------------------------------------------------------------ Blaenau Ffestiniog: two ends
const END_COLOUR = ["#37474f", "#00838f"]; // slate (Blaenau Ffestiniog), harbour (Porthmadog)

function endName(view, key) {
  const st = (view.observation.route || []).find((r) => r.type === "station" && r.key === key);
  return st ? st.name : key;
}

// The frontier of each end on this slot (the next rubble seen from that end): a lettered badge.
function frontierBadges(view, slot, x, y) {
  const ends = view.observation.ends;
  if (!ends || !ends.frontier) return [];
  const out = [];
  ends.keys.forEach((key, e) => {
    const f = ends.frontier[key];
    if (!f) return;
    const hit = slot.track !== undefined ? f.track === slot.track : f.station === slot.station && f.site === slot.site;
    if (!hit) return;
    const letter = endName(view, key).charAt(0);
    out.push(el("g", { "data-info": `frontier:${key}`, class: "frontier" },
      el("rect", { x, y, width: 15, height: 15, rx: 3, fill: END_COLOUR[e], stroke: "#fff", "stroke-width": 1 }),
      text(x + 7.5, y + 12, letter, { "font-size": F.small, "font-weight": 800, fill: "#fff", "text-anchor": "middle" })));
  });
  return out;
}

function choiceOrder(view) {
  const obs = view.observation;
  const n = (obs.players || []).length;
  return Array.from({ length: n }, (_, i) => (obs.start_player + i) % n);
}

// On every station: who may build here and Plas Halt's maintenance; on the two end stations:
// the three surveyor spaces (a start choice), the game's Surveyor space and the start markers.
function twoEndExtras(view, ends, it, p, g, ia, fresh, decision) {
  const { x, y, w, h } = p;
  const builders = (ends.buildable_by || {})[it.key] || [];
  let dx = x + w - 36;
  if (ends.maintenance_station === it.key) {
    const done = ends.maintenance_done;
    g.appendChild(el("g", { "data-info": "maint", class: "maint" },
      el("circle", { cx: dx - 4, cy: y + 12, r: 9, fill: done ? "#8fa38a" : "#e07b24", stroke: "#fff" }),
      text(dx - 4, y + 16.5, "M", { "font-size": F.small, "font-weight": 800, fill: "#fff", "text-anchor": "middle" })));
    dx -= 22;
  }
  builders.slice().reverse().forEach((s) => {
    g.appendChild(el("circle", { cx: dx - 2, cy: y + 12, r: 5, fill: playerColour(view, s), stroke: "#fff", "stroke-width": 1.2, "data-info": `buildable:${it.key}`, class: "may-build" }));
    dx -= 12;
  });
  const e = ends.keys.indexOf(it.key);
  if (e < 0) return;
  // The end's spaces, in the excavation sites' place (an end has none).
  const area = el("g", { class: "end-spaces", "data-end": it.key });
  area.appendChild(el("rect", { x: x + 6, y: y + 28, width: w - 12, height: 44, rx: 6, fill: "#e8eef0", stroke: END_COLOUR[e], "stroke-width": 1.5, "data-info": `end:${it.key}` }));
  const here = choiceOrder(view).filter((s) => ends.players[s] === it.key);
  const surveyorOn = (s) => ((view.observation.players || [])[s] || {}).surveyor === it.key;
  const choosing = decision === "choose_end";
  for (let k = 0; k < 3; k++) {
    const cx = x + 24 + k * 32;
    const cy = y + 50;
    const who = here[k];
    const act = who === undefined && k === here.length ? ia.start.get(it.key) : null;
    const attrs = interactive({ class: "end-space", "data-end-space": `${it.key}.${k + 1}`, "data-info": `end:${it.key}` }, {
      action: act, label: ia.labels.get(act) || t("Start at %(name)s", { name: it.name }),
      tryAction: choosing && !act && who === undefined && k === here.length ? `start ${it.key}` : null,
      why: here.length >= 3 ? t("all three spaces at %(name)s are taken", { name: it.name }) : null,
    });
    const sg = el("g", attrs);
    sg.appendChild(el("circle", { cx, cy, r: 13, fill: "#fff", stroke: END_COLOUR[e], "stroke-width": 1.5, "stroke-dasharray": who === undefined ? "3 2" : null }));
    if (who !== undefined) {
      if (surveyorOn(who)) sg.appendChild(el("path", { d: `M ${cx - 7} ${cy + 8} l 7 -16 l 7 16 z`, fill: playerColour(view, who), stroke: "#222", class: "surveyor" }));
      else if (ends.start_markers[who]) sg.appendChild(marker(view, who, cx, cy, 8));
    }
    if (fresh.has(`end:${it.key}.${k + 1}`)) sg.appendChild(el("circle", { cx, cy, r: 17, class: "fresh-ring" }));
    area.appendChild(sg);
  }
  // The game's Surveyor: a grey pawn on its end's own space.
  const gx = x + 24 + 3 * 32 + 4;
  const gy = y + 50;
  const gAct = ia.gs.get(it.key) || null;
  const gAttrs = interactive({ class: "gs-space", "data-gs": it.key, "data-info": "game_surveyor" }, {
    action: gAct, label: ia.labels.get(gAct) || t("The game's Surveyor at %(name)s", { name: it.name }),
  });
  const gg = el("g", gAttrs);
  gg.appendChild(el("rect", { x: gx - 13, y: gy - 13, width: 26, height: 26, rx: 4, fill: "#fff", stroke: "#555", "stroke-dasharray": ends.game_surveyor === it.key ? null : "3 2" }));
  if (ends.game_surveyor === it.key) {
    gg.appendChild(el("path", { d: `M ${gx - 7} ${gy + 8} l 7 -16 l 7 16 z`, fill: "#9e9e9e", stroke: "#222" }));
  } else gg.appendChild(text(gx, gy + 4.5, "G", { "font-size": F.small, "text-anchor": "middle", fill: "#777" }));
  if (fresh.has(`gs:${it.key}`)) gg.appendChild(el("rect", { x: gx - 17, y: gy - 17, width: 34, height: 34, rx: 6, class: "fresh-ring" }));
  area.appendChild(gg);
  g.appendChild(area);
}

function drawRoute(view, ia, fresh, width, decision) {
  const route = view.observation.route;
  const { pos, height } = layoutRoute(route, width, view.observation.ends || null);
  const g = el("g", { id: "route" });
  const W = width;
  g.appendChild(el("path", { d: `M 0 ${height} L ${W * 0.15} ${height * 0.55} L ${W * 0.33} ${height * 0.7} L ${W * 0.62} ${height * 0.18} L ${W * 0.8} 0 L ${W * 0.95} ${height * 0.25} L ${W} ${height * 0.4} L ${W} ${height} Z`, fill: "url(#mountain)", "data-info": "route" }));
  g.appendChild(el("path", { d: `M ${W * 0.74} ${height * 0.07} L ${W * 0.8} 0 L ${W * 0.87} ${height * 0.12} L ${W * 0.83} ${height * 0.1} L ${W * 0.8} ${height * 0.14} L ${W * 0.77} ${height * 0.09} Z`, fill: "#fff", opacity: 0.9 }));
  const centres = pos.map((p) => [p.x + p.w / 2, p.y + p.h / 2]);
  g.appendChild(el("polyline", { points: centres.map((c) => c.join(",")).join(" "), fill: "none", stroke: "#3b2f22", "stroke-width": 7, "stroke-linejoin": "round", opacity: 0.55 }));
  g.appendChild(el("polyline", { points: centres.map((c) => c.join(",")).join(" "), fill: "none", stroke: "#d8c9a5", "stroke-width": 2, "stroke-dasharray": "6 6" }));
  const stations = route.filter((r) => r.type === "station");
  if (stations.length > 1 && view.observation.ends) {
    // Two ends: the route's caption goes where no card lies (its first station fills the corner).
    const caption = `${stations[0].name} ⇄ ${stations[stations.length - 1].name}`;
    const free = (cx, cy, cw) => pos.every((q) => q.x > cx + cw || q.x + q.w < cx || q.y > cy + 4 || q.y + q.h < cy - 14);
    const spots = [[PAD + 2, 18], [width - PAD - tw(caption, F.small) - 2, 18], [PAD + 2, height - 6]];
    const [cx, cy] = spots.find(([sx, sy]) => free(sx, sy, tw(caption, F.small))) || spots[0];
    g.appendChild(text(cx, cy, caption, { "font-size": F.small, fill: "#1f3a14", "font-weight": 700, "data-info": "route", class: "info" }));
  } else if (stations.length > 1) g.appendChild(text(PAD + 2, height - 6, `▲ ${stations[0].name} → ${stations[stations.length - 1].name}`, { "font-size": F.small, fill: "#1f3a14", "font-weight": 700 }));
  route.forEach((it, i) => g.appendChild(it.type === "station" ? station(view, it, pos[i], ia, fresh, decision) : trackCard(view, it, pos[i], fresh)));
  return { g, w: width, h: height };
}

// ------------------------------------------------------------------ action areas
function drawAreas(view, ia, fresh, x0, y0, w, decision) {
  const obs = view.observation;
  const g = el("g", { id: "areas" });
  const rows = [];
  let y = y0 + 34;
  const placing = decision === "place";
  for (const area of obs.areas) {
    const label = t(area.name);
    const nameW = tw(label, F.body) * 1.08 + 8;  // bold
    const isG = area.area === "G";
    const nSpaces = isG ? area.spaces.length + 1 : area.spaces.length;
    const spaceW = isG ? 30 : 46;
    let sx = x0 + 50 + Math.max(nameW, 96);
    let twoLines = sx + nSpaces * spaceW + 20 > x0 + w;
    if (twoLines) sx = x0 + 50;
    const perLine = Math.max(1, Math.floor((x0 + w - 20 - sx) / spaceW));
    const lines = Math.ceil(nSpaces / perLine);
    const rowH = (twoLines ? 26 : 0) + lines * 48 + 6;
    rows.push({ area, label, y, sx, twoLines, rowH, perLine, spaceW });
    y += rowH + 6;
  }
  const height = y - y0 + 4;
  g.appendChild(el("rect", { x: x0, y: y0, width: w, height, rx: 10, fill: "#f3efe3", stroke: "#776a50" }));
  g.appendChild(text(x0 + 12, y0 + 22, t("Action areas · round %(n)s", { n: num(obs.round) }), { "font-size": F.title, "font-weight": 700 }));
  rows.forEach(({ area, label, y: ry, sx, twoLines, rowH, perLine, spaceW }, a) => {
    const fogged = area.spaces.some((s) => s.blocked);
    const info = area.area === "B" && obs.b_is_build ? "area:B_build" : `area:${area.area}`;
    g.appendChild(el("rect", { x: x0 + 8, y: ry, width: w - 16, height: rowH, rx: 8, fill: a % 2 ? "#fffaf0" : "#f8f1de", stroke: "#c8b994", "data-info": info }));
    g.appendChild(el("rect", { x: x0 + 8, y: ry, width: 32, height: rowH, rx: 8, fill: "#5a4630", "data-info": info, class: "area-badge" }));
    g.appendChild(text(x0 + 24, ry + Math.min(rowH / 2, 30) + 7, area.area, { "font-size": 20, "font-weight": 800, fill: "#fff", "text-anchor": "middle" }));
    g.appendChild(text(x0 + 48, ry + 20, label, { "font-size": F.body, "font-weight": 700, "data-info": info, class: "info" }));
    if (fogged) g.appendChild(text(x0 + 48, ry + 38, t("fog: blocked"), { "font-size": F.small, fill: "#3d4a55", "font-style": "italic" }));
    const top = ry + (twoLines ? 26 : 0);
    const at = (k) => [sx + (k % perLine) * spaceW + spaceW / 2, top + 27 + Math.floor(k / perLine) * 48];
    if (area.area !== "G") {
      area.spaces.forEach((sp, k) => {
        const [cx, cy] = at(k);
        const key = `${area.area}${sp.space}`;
        const act = ia.place.get(key);
        let why = null;
        if (sp.labourer !== null && sp.labourer !== undefined) why = t("%(space)s is taken by %(who)s", { space: key, who: seatName(view, sp.labourer) });
        else if (sp.blocked) why = t("%(space)s is blocked by fog this round", { space: key });
        const attrs = interactive({ class: "space", "data-space": key, "data-info": info }, {
          action: act || null, tryAction: placing && !act ? `place ${key}` : null, why, label: ia.labels.get(act) || t("Place on %(space)s", { space: key }),
        });
        const sg = el("g", attrs);
        sg.appendChild(el("circle", { cx, cy, r: 20, fill: "#fff", stroke: "#8c7a55", "stroke-width": 2 }));
        sg.appendChild(text(cx, cy + 4.5, sp.space, { "font-size": F.small, "text-anchor": "middle", fill: "#6b6155" }));
        if (sp.labourer !== null && sp.labourer !== undefined) sg.appendChild(labourer(view, sp.labourer, cx, cy + 2, 1.15));
        if (sp.blocked) {
          sg.appendChild(el("circle", { cx, cy, r: 20, fill: "#aab3bb", opacity: 0.85 }));
          for (const dy of [-6, 0, 6]) sg.appendChild(el("line", { x1: cx - 11, y1: cy + dy, x2: cx + 11, y2: cy + dy, stroke: "#eef", "stroke-width": 2.5, "stroke-linecap": "round" }));
        }
        if (area.area === "A" && k === area.spaces.length - 1) {
          sg.appendChild(el("circle", { cx: cx + 15, cy: cy - 15, r: 8, fill: "#b8412e", stroke: "#fff", "data-info": "start_player" }));
          sg.appendChild(text(cx + 15, cy - 10.5, "★", { "font-size": F.small, fill: "#fff", "text-anchor": "middle" }));
        }
        if (fresh.has(`space:${key}`)) sg.appendChild(el("circle", { cx, cy, r: 24, class: "fresh-ring" }));
        g.appendChild(sg);
      });
    } else {
      area.spaces.forEach((sp, k) => {
        const [cx, cy] = at(k);
        g.appendChild(labourer(view, sp.labourer, cx, cy + 2, 1.05));
        if (fresh.has(`space:G${k}`)) g.appendChild(el("circle", { cx, cy, r: 16, class: "fresh-ring" }));
      });
      const act = ia.place.get("G");
      const [cx, cy] = at(area.spaces.length);
      const attrs = interactive({ class: "space", "data-space": "G", "data-info": info }, {
        action: act || null, tryAction: placing && !act ? "place G" : null, label: ia.labels.get(act) || t("Place on %(space)s", { space: "G" }),
      });
      const sg = el("g", attrs);
      sg.appendChild(el("circle", { cx, cy, r: 18, fill: "#fff", stroke: "#8c7a55", "stroke-width": 2, "stroke-dasharray": "4 3" }));
      sg.appendChild(text(cx, cy + 6, "+", { "font-size": 18, "text-anchor": "middle", fill: "#5e5648" }));
      g.appendChild(sg);
    }
  });
  return { g, h: height };
}

// ------------------------------------------------------------------ weather, rates, events
function drawTracks(view, title, fresh, x0, y0, w) {
  const obs = view.observation;
  const comp = title.components || {};
  const g = el("g", { id: "tracks" });
  const parts = [];
  let y = y0 + 22;
  parts.push(text(x0 + 12, y, t("Weather"), { "font-size": F.title, "font-weight": 700, "data-info": "weather_track", class: "info" }));
  y += 30;
  const discs = [[pt("weather", "now"), obs.weather.current, 19], [pt("weather", "next"), obs.weather.forecast[0], 16], [pt("weather", "then"), obs.weather.forecast[1], 16]];
  discs.forEach(([label, kind, r], k) => {
    const cx = x0 + 34 + k * 52;
    const dg = el("g", { "data-info": kind ? `weather:${kind}` : "weather_track", class: "weather-slot" });
    dg.appendChild(weatherDisc(kind, cx, y, r));
    dg.appendChild(fit(cx, y + 36, label, 50, { "font-size": F.small, "text-anchor": "middle", fill: "#234" }));
    if (k === 0 && fresh.has("weather:now")) dg.appendChild(el("circle", { cx, cy: y, r: r + 5, class: "fresh-ring" }));
    parts.push(dg);
  });
  const sup = obs.weather.supply || {};
  const infoX = x0 + 190;
  const lines = [t("Discs left: %(sun)s sun, %(rain)s rain, %(fog)s fog", { sun: sup.sun ?? "?", rain: sup.rain ?? "?", fog: sup.fog ?? "?" }), t("Next card's back: %(back)s", { back: obs.deck_top_back ? weatherName(obs.deck_top_back) : "—" })];
  if (infoX + tw(lines[0], F.small) < x0 + w - 8) {
    parts.push(text(infoX, y - 4, lines[0], { "font-size": F.small, fill: "#2c4050" }));
    parts.push(text(infoX, y + 14, lines[1], { "font-size": F.small, fill: "#2c4050" }));
    y += 64;
  } else {
    parts.push(text(x0 + 12, y + 60, lines[0], { "font-size": F.small, fill: "#2c4050" }));
    parts.push(text(x0 + 12, y + 78, lines[1], { "font-size": F.small, fill: "#2c4050" }));
    y += 104;
  }
  const rates = comp.rates || {};
  const rateRows = [[t("Excavate"), rates.excavate || [], obs.work_rates.excavate_index, "rate:excavate"], [t("Lay track"), rates.lay_track || [], obs.work_rates.lay_track_index, "rate:lay_track"]];
  rateRows.forEach(([name, values, idx, info]) => {
    const rg = el("g", { "data-info": info, class: "rate" });
    rg.appendChild(text(x0 + 12, y + 5, name, { "font-size": F.body, "font-weight": 700 }));
    const vals = values.length ? values : [obs.work_rates[info === "rate:excavate" ? "excavate" : "lay_track"]];
    vals.forEach((v, k) => {
      const cx = x0 + 108 + k * 30;
      const on = values.length ? k === idx : true;
      rg.appendChild(el("rect", { x: cx - 13, y: y - 13, width: 26, height: 26, rx: 4, fill: on ? "#263238" : "#fff", stroke: "#678" }));
      rg.appendChild(text(cx, y + 5, v, { "font-size": F.body, "text-anchor": "middle", fill: on ? "#fff" : "#2c4050", "font-weight": 700 }));
    });
    if (fresh.has(info)) rg.appendChild(ring(x0 + 8, y - 16, 100 + vals.length * 30, 32));
    parts.push(rg);
    y += 36;
  });
  y += 6;
  parts.push(text(x0 + 12, y + 6, t("Events"), { "font-size": F.title, "font-weight": 700, "data-info": "event_track", class: "info" }));
  y += 16;
  const evs = obs.event_track;
  const perRow = w - 24 >= evs.length * 62 ? evs.length : Math.ceil(evs.length / 2);
  const bw = Math.min(66, Math.floor((w - 24) / perRow) - 4);
  evs.forEach((e, k) => {
    const ex = x0 + 12 + (k % perRow) * (bw + 4);
    const ey = y + Math.floor(k / perRow) * 64;
    const eg = el("g", { "data-info": `event:${e.space}`, class: "event-space" + (e.occupied ? " occupied" : "") });
    eg.appendChild(el("rect", { x: ex, y: ey, width: bw, height: 60, rx: 5, fill: e.occupied ? "#f0f4f7" : "#fff", stroke: "#678" }));
    eg.appendChild(text(ex + 6, ey + 16, e.space, { "font-size": F.small, fill: "#3d4f5c", "font-weight": 700 }));
    eg.appendChild(fit(ex + bw / 2, ey + 34, SHORT_EVENT[e.event] ? t(SHORT_EVENT[e.event]) : e.event, bw - 6, { "font-size": F.small, "text-anchor": "middle", "font-weight": 700 }));
    if (e.occupied) eg.appendChild(cube(ex + bw / 2 - 7, ey + 40, CUBE.event, 14));
    if (fresh.has(`event:${e.space}`)) eg.appendChild(ring(ex, ey, bw, 60, 5));
    parts.push(eg);
  });
  y += Math.ceil(evs.length / perRow) * 64 + 4;
  const height = y - y0;
  g.appendChild(el("rect", { x: x0, y: y0, width: w, height, rx: 10, fill: "#eef3f6", stroke: "#7890a0" }));
  parts.forEach((p) => g.appendChild(p));
  return { g, h: height };
}

// ------------------------------------------------------------------ Site Office, Engine Shed, supply
export function bonusText(bonus) {
  if (!bonus) return "";
  if (typeof bonus === "string") return bonus;
  if (bonus.coal_vp) return t("%(vp)s VP per coal at the end", { vp: bonus.coal_vp });
  if (bonus.surveyor_tiers) return t("surveyor at %(tiers)s VP", { tiers: bonus.surveyor_tiers.map(([s, v]) => `${s}+: ${v}`).join(", ") });
  return t("%(vp)s VP for %(need)s", { vp: bonus.vp, need: bonusNeed(bonus) });
}

// What a contract asks for, without its reward (the score sheet's "needs" cell).
function bonusNeed(bonus) {
  if (!bonus || typeof bonus === "string") return bonus || "";
  if (bonus.coal_vp) return t("coal at the end");
  if (bonus.surveyor_tiers) return t("surveyor at %(tiers)s", { tiers: bonus.surveyor_tiers.map(([s]) => `${s}+`).join(" / ") });
  const need = [];
  if (bonus.rubble) need.push(nt("%(n)s rubble", "%(n)s rubble", bonus.rubble));
  if (bonus.track) need.push(nt("%(n)s track marker", "%(n)s track markers", bonus.track));
  if (bonus.station) need.push(nt("%(n)s station marker", "%(n)s station markers", bonus.station));
  if (bonus.surveyor_at_least) need.push(t("surveyor at %(s)s+", { s: bonus.surveyor_at_least }));
  return need.join(" + ");
}

function contractInfo(title, n) {
  const c = ((title.components || {}).contracts || {})[String(n)] || {};
  return { area: c.area || "?", effect: c.effect || c.text || "", bonus: bonusText(c.bonus), need: bonusNeed(c.bonus), back: c.back };
}

function cardLines(title, n, w) {
  const c = contractInfo(title, n);
  const per = Math.max(10, Math.floor((w - 14) / (F.small * CHAR)));
  return { c, effect: wrap(c.effect, per), bonus: wrap(c.bonus, per) };
}

function contractCard(title, n, x, y, w, h, lines, attrs, fresh) {
  const { c, effect, bonus } = lines;
  const g = el("g", { ...attrs, class: `card ${attrs.class || ""}`, "data-card": n, "data-info": `contract:${n}` });
  g.appendChild(el("rect", { x, y, width: w, height: h, rx: 7, fill: "#fffdf5", stroke: "#7a5b2e", "stroke-width": 1.5 }));
  g.appendChild(el("rect", { x, y, width: w, height: 22, rx: 7, fill: "#7a2e2e" }));
  g.appendChild(text(x + 8, y + 16, `#${n}`, { "font-size": F.body, fill: "#fff", "font-weight": 700 }));
  g.appendChild(fit(x + w - 8, y + 16, c.area === "-" ? t("maintenance") : t("area %(area)s", { area: c.area }), w - 48, { "font-size": F.small, fill: "#fff", "text-anchor": "end" }));
  g.appendChild(multiline(x + 7, y + 38, effect, 15, { "font-size": F.small }));
  g.appendChild(multiline(x + 7, y + h - 8 - (bonus.length - 1) * 15, bonus, 15, { "font-size": F.small, "font-weight": 700, fill: "#7a2e2e" }));
  if (fresh && fresh.has(`office:${n}`)) g.appendChild(ring(x, y, w, h, 7));
  return g;
}

function drawOffice(view, title, ia, fresh, x0, y0, w, decision) {
  const obs = view.observation;
  const g = el("g", { id: "site-office" });
  const deckW = 96;
  const slots = obs.site_office.length || 3;
  let perRow = slots;
  let cw = Math.floor((w - 24 - deckW - 8 * slots) / slots);
  if (cw < 140) {
    // The deck goes under the cards; all of them in one row when they stay readable.
    const oneRow = Math.floor((w - 24 - 8 * (slots - 1)) / slots);
    if (oneRow >= 128) { cw = oneRow; } else {
      perRow = Math.max(1, Math.floor((w - 16) / 158));
      cw = Math.floor((w - 16 - 8 * (perRow - 1)) / perRow) - 4;
    }
  }
  cw = Math.min(cw, 200);
  const all = obs.site_office.map((n) => (n === null ? null : cardLines(title, n, cw)));
  const ch = Math.max(130, ...all.filter(Boolean).map((l) => 46 + (l.effect.length + l.bonus.length) * 15 + 8));
  const picking = decision === "site_office";
  obs.site_office.forEach((n, k) => {
    const x = x0 + 12 + (k % perRow) * (cw + 8);
    const y = y0 + 32 + Math.floor(k / perRow) * (ch + 8);
    if (n === null) {
      g.appendChild(el("rect", { x, y, width: cw, height: ch, rx: 7, fill: "none", stroke: "#a98", "stroke-dasharray": "5 4" }));
      return;
    }
    const act = ia.pick.get(n);
    const attrs = interactive({}, { action: act || null, tryAction: picking && !act ? `pick ${n}` : null, label: ia.labels.get(act) || `Contract #${n}` });
    g.appendChild(contractCard(title, n, x, y, cw, ch, all[k], attrs, fresh));
  });
  const rowsUsed = Math.ceil(obs.site_office.length / perRow) || 1;
  let dx = x0 + 12 + perRow * (cw + 8);
  let dy = y0 + 32;
  if (perRow < slots || dx + deckW > x0 + w) { dx = x0 + 12; dy = y0 + 32 + rowsUsed * (ch + 8); }
  const deck = el("g", { "data-info": "deck" });
  deck.appendChild(el("rect", { x: dx, y: dy, width: deckW - 8, height: 70, rx: 7, fill: "#7a2e2e", stroke: "#3a1a1a" }));
  deck.appendChild(text(dx + (deckW - 8) / 2, dy + 24, t("Deck %(n)s", { n: obs.deck_count }), { "font-size": F.body, fill: "#fff", "text-anchor": "middle", "font-weight": 700 }));
  if (obs.deck_top_back) deck.appendChild(weatherDisc(obs.deck_top_back, dx + (deckW - 8) / 2, dy + 48, 12));
  deck.appendChild(text(dx + (deckW - 8) / 2, dy + 90, t("Discards %(n)s", { n: obs.discard_count }), { "font-size": F.small, "text-anchor": "middle" }));
  g.appendChild(deck);
  const height = Math.max(dy + 100, y0 + 32 + rowsUsed * (ch + 8)) - y0 + 4;
  g.insertBefore(panel(x0, y0, w, height, t("Site Office"), "#efe7d6", "#7a5b2e", "site_office"), g.firstChild);
  return { g, h: height };
}

function abilityShort(title, n) {
  const tr = ((title.components || {}).trains || {})[String(n)] || {};
  const m = /\((.*)\)$/.exec(tr.short || "");
  return m ? m[1] : t("no ability");
}

function drawShed(view, title, ia, fresh, x0, y0, w, decision) {
  const obs = view.observation;
  const trains = (title.components || {}).trains || {};
  const g = el("g", { id: "engine-shed" });
  const cw = 104;
  const perRow = Math.max(1, Math.floor((w - 16) / (cw + 6)));
  const buying = decision === "build" || decision === "extra_build";
  obs.engine_shed.forEach((sh, k) => {
    const tr = trains[String(sh.train)] || { name: "", cost: "?" };
    const x = x0 + 10 + (k % perRow) * (cw + 6);
    const y = y0 + 32 + Math.floor(k / perRow) * 132;
    const choices = ia.buy.get(sh.train);
    const attrs = interactive({ class: "train", "data-train": sh.train, "data-info": `train:${sh.train}` }, {
      action: choices && choices.length === 1 ? choices[0] : null,
      choose: choices && choices.length > 1 ? `buy:${sh.train}` : null,
      tryAction: buying && !choices ? `buy ${sh.train} iron=0` : null,
      why: buying && !obs.trains_available ? t("Trains cannot be bought before event 2") : null,
      label: choices && choices.length === 1 ? ia.labels.get(choices[0]) : t("Train No. %(n)s %(name)s", { n: sh.train, name: tr.name }),
    });
    const tg = el("g", attrs);
    tg.appendChild(el("rect", { x, y, width: cw, height: 126, rx: 6, fill: "#fff", stroke: "#4d5a66" }));
    tg.appendChild(text(x + 7, y + 17, t("No. %(n)s", { n: sh.train }), { "font-size": F.body, "font-weight": 700 }));
    tg.appendChild(text(x + 7, y + 33, tr.name, { "font-size": F.small }));
    tg.appendChild(el("path", { d: `M ${x + 10} ${y + 60} h 40 v -12 h 12 v -9 h 7 v 21 h 5 v 7 h -64 z`, fill: "#335" }));
    tg.appendChild(fit(x + 7, y + 84, nt("%(n)s steel", "%(n)s steel", tr.cost), 58, { "font-size": F.small }));
    for (let i = 0; i < sh.coal; i++) tg.appendChild(cube(x + 68 + i * 12, y + 74, CUBE.coal, 10));
    const ab = wrap(abilityShort(title, sh.train), 13).slice(0, 2);
    tg.appendChild(multiline(x + 7, y + 103, ab, 15, { "font-size": F.small, fill: "#2c3a46" }));
    g.appendChild(tg);
  });
  const rows = Math.max(1, Math.ceil(obs.engine_shed.length / perRow));
  let height = 32 + rows * 132 + 6;
  if (obs.set_aside_train) {
    g.appendChild(text(x0 + 12, y0 + height + 4, t("Set aside: No. %(n)s", { n: obs.set_aside_train }), { "font-size": F.small, fill: "#2c3a46", "data-info": "set_aside_train", class: "info" }));
    height += 18;
  }
  const head = t("Engine Shed") + (obs.trains_available ? "" : " · " + t("not open yet"));
  g.insertBefore(panel(x0, y0, w, height, head, "#e4e8ec", "#4d5a66", "engine_shed"), g.firstChild);
  return { g, h: height };
}

function drawSupply(view, x0, y0, w) {
  const obs = view.observation;
  const g = el("g", { id: "supply" });
  const groups = [
    [t("Stock Yard"), "stock_yard", [["iron", CUBE.iron, obs.stock_yard.iron], ["stone", CUBE.stone, obs.stock_yard.stone], ["coal", CUBE.coal, obs.stock_yard.coal]]],
    [t("Bag"), "bag", [["iron", CUBE.iron, obs.bag.iron], ["stone", CUBE.stone, obs.bag.stone], ["coal", CUBE.coal, obs.bag.coal], ["event", CUBE.event, obs.bag.event]]],
    [t("Supply"), "supply", [["steel", CUBE.steel, obs.steel_supply], ["rubble", CUBE.rubble, obs.rubble_supply]]],
  ];
  let y = y0 + 10;
  const parts = [];
  for (const [label, info, entries] of groups) {
    let x = x0 + 12;
    const gg = el("g", { "data-info": info, class: "supply-group" });
    gg.appendChild(text(x, y + 18, label, { "font-size": F.body, "font-weight": 700 }));
    const indent = Math.max(96, tw(label, F.body) + 12);
    x += indent;
    for (const [name, colour, n] of entries) {
      const said = cubes(n, name);
      const ew = 26 + tw(said, F.small);
      if (x + ew > x0 + w - 8) { x = x0 + 12 + indent; y += 24; }
      gg.appendChild(cube(x, y + 7, colour, 13));
      gg.appendChild(text(x + 18, y + 18, said, { "font-size": F.small }));
      x += ew + 8;
    }
    parts.push(gg);
    y += 26;
  }
  const facts = [t("Track laid %(n)s/%(total)s", { n: obs.tracks_laid, total: obs.tracks_total }), t("game markers left %(n)s", { n: obs.game_markers_left })];
  const joined = facts.join(" · ");
  if (tw(joined, F.small) < w - 24) { parts.push(text(x0 + 12, y + 18, joined, { "font-size": F.small, fill: "#3f3a2c" })); y += 26; } else {
    for (const f of facts) { parts.push(text(x0 + 12, y + 18, f, { "font-size": F.small, fill: "#3f3a2c" })); y += 20; }
    y += 6;
  }
  const height = y - y0 + 4;
  g.appendChild(el("rect", { x: x0, y: y0, width: w, height, rx: 10, fill: "#f6f0e4", stroke: "#8c7a55" }));
  parts.forEach((p) => g.appendChild(p));
  return { g, h: height };
}

// Interaction map from the legal actions: what each board part does when clicked.
export function interactions(legal) {
  const ia = { place: new Map(), sites: new Map(), pick: new Map(), buy: new Map(), labels: new Map(), start: new Map(), gs: new Map() };
  for (const a of legal || []) {
    ia.labels.set(a.text, a.label || a.text);
    if (a.kind === "place") ia.place.set(a.args[0] === "G" ? "G" : `${a.args[0]}${a.args[1]}`, a.text);
    else if (a.kind === "build") {
      const key = `${a.args[0]}.${a.args[1]}`;
      if (!ia.sites.has(key)) ia.sites.set(key, []);
      ia.sites.get(key).push(a.text);
    } else if (a.kind === "pick") ia.pick.set(a.args[0], a.text);
    else if (a.kind === "start") ia.start.set(String(a.args[0]), a.text);
    else if (a.kind === "game_surveyor") ia.gs.set(String(a.args[0]), a.text);
    else if (a.kind === "buy") {
      if (!ia.buy.has(a.args[0])) ia.buy.set(a.args[0], []);
      ia.buy.get(a.args[0]).push(a.text);
    }
  }
  return ia;
}

export function renderBoard(svg, view, title, legal, opts = {}) {
  const width = Math.max(340, Math.round(opts.width || 1000));
  const ia = interactions(legal);
  const fresh = opts.prev ? changes(opts.prev, view.observation) : new Set();
  const decision = opts.decision || null; // the pending decision's kind: what a tap on the board would try
  svg.replaceChildren();
  svg.appendChild(el("defs", {},
    el("linearGradient", { id: "mountain", x1: 0, y1: 0, x2: 0, y2: 1 },
      el("stop", { offset: "0%", "stop-color": "#9aa4a8" }),
      el("stop", { offset: "45%", "stop-color": "#7d9a6a" }),
      el("stop", { offset: "100%", "stop-color": "#5d8a4a" })),
    el("linearGradient", { id: "sky", x1: 0, y1: 0, x2: 0, y2: 1 },
      el("stop", { offset: "0%", "stop-color": "#cfe3f2" }),
      el("stop", { offset: "100%", "stop-color": "#eef5ea" }))));
  const bg = el("rect", { x: 0, y: 0, width, height: 10, fill: "url(#sky)" });
  svg.appendChild(bg);
  const route = drawRoute(view, ia, fresh, width, decision);
  svg.appendChild(route.g);
  // The other parts in columns under the route, each to the shortest column.
  const cols = width >= 1120 ? 3 : width >= 620 ? 2 : 1;
  const colW = Math.floor((width - PAD * (cols + 1)) / cols);
  const heights = Array(cols).fill(route.h + 6);
  const place = (draw) => {
    const c = heights.indexOf(Math.min(...heights));
    const x = PAD + c * (colW + PAD);
    const part = draw(x, heights[c], colW);
    svg.appendChild(part.g);
    heights[c] += part.h + PAD;
  };
  place((x, y, w) => drawAreas(view, ia, fresh, x, y, w, decision));
  place((x, y, w) => drawTracks(view, title, fresh, x, y, w));
  place((x, y, w) => drawOffice(view, title, ia, fresh, x, y, w, decision));
  place((x, y, w) => drawShed(view, title, ia, fresh, x, y, w, decision));
  place((x, y, w) => drawSupply(view, x, y, w));
  const height = Math.max(...heights) + 4;
  bg.setAttribute("height", height);
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.dataset.fresh = String(fresh.size);
  return { width, height, minFont: MIN_FONT, fresh: fresh.size };
}

// ------------------------------------------------------------------ explanations
function rule(title, key) {
  return ((title.components || {}).rules || {})[key] || "";
}

function ownerText(view, owner) {
  if (owner === null || owner === undefined) return t("no owner yet");
  if (owner === "event") return t("laid by an event (no owner)");
  return t("owned by %(who)s", { who: seatName(view, owner) });
}

export function explain(key, view, title) {
  const comp = title.components || {};
  const obs = view.observation || {};
  const [kind, id] = String(key).split(/:(.*)/s);
  if (kind === "contract") {
    const c = contractInfo(title, id);
    return { head: t("Contract #%(n)s", { n: id }) + " · " + (c.area === "-" ? t("played for train maintenance") : t("area %(area)s", { area: c.area })), text: `${c.effect}.\n${t("Bonus at the end: %(bonus)s.", { bonus: c.bonus })}${c.back ? "\n" + t("Back: %(back)s.", { back: weatherName(c.back) }) : ""}\n${rule(title, "contract")}` };
  }
  if (kind === "train") {
    const tr = (comp.trains || {})[id] || {};
    const shed = (obs.engine_shed || []).find((x) => String(x.train) === String(id));
    return { head: t("Train No. %(n)s %(name)s", { n: id, name: tr.name || "" }), text: `${tr.rule || tr.text || ""}${shed ? "\n" + t("In the Engine Shed with %(coal)s.", { coal: cubes(shed.coal, "coal") }) : ""}` };
  }
  if (kind === "area") {
    const area = (obs.areas || []).find((a) => a.area === id.replace("_build", ""));
    const names = (comp.areas || {});
    return { head: t("Area %(area)s", { area: id.replace("_build", "") }) + ` · ${area ? t(area.name) : names[id] || ""}`, text: rule(title, key) || (area ? t(area.name) : "") };
  }
  if (kind === "event") {
    const e = (comp.events || {})[id] || {};
    const here = (obs.event_track || []).find((x) => String(x.space) === String(id));
    return { head: t("Event space %(n)s", { n: id }), text: `${e.text || (here ? here.event : "")}${here ? "\n" + (here.occupied ? t("An event cube is here: this event has happened.") : t("No cube here yet.")) : ""}` };
  }
  if (kind === "weather") {
    return { head: t("Weather: %(disc)s", { disc: weatherName(id) }), text: `${rule(title, key)}\n${rule(title, "weather_track")}` };
  }
  if (kind === "rate") {
    const vals = ((comp.rates || {})[id] || []).join(", ");
    const cur = (obs.work_rates || {})[id];
    return { head: id === "excavate" ? t("Excavation work rate") : t("Lay-track work rate"), text: `${rule(title, key)}\n${t("Now: %(rate)s.", { rate: cur })}${vals ? " " + t("Track: %(values)s.", { values: vals }) : ""}` };
  }
  const route = obs.route || [];
  const ends = obs.ends || null;
  if (ends) {
    const more = explainTwoEnds(kind, id, view, title, ends, route);
    if (more) return more;
  }
  if (kind === "track") {
    const tc = route.find((r) => r.type === "track" && String(r.index) === String(id));
    if (!tc) return null;
    const state = tc.laid ? t("laid, %(owner)s", { owner: ownerText(view, tc.owner) }) : tc.rubble ? t("%(rubble)s still on it", { rubble: cubes(tc.rubble, "rubble") }) : t("excavated, ready to be laid");
    return { head: t("Track card %(n)s · %(vp)s VP", { n: tc.index + 1, vp: tc.vp }), text: `${state}.\n${rule(title, "track_card")}` };
  }
  if (kind === "exc" || kind === "site" || kind === "station") {
    const [sk, num] = id.split(".");
    const st = route.find((r) => r.type === "station" && r.key === sk);
    if (!st) return null;
    if (kind === "station") {
      const lines = [t("%(name)s (station %(n)s): surveyor VP %(vp)s.", { name: st.name, n: st.number, vp: st.surveyor_vp })];
      if (st.completed) lines.push(t("Completed by an event: no more excavating or building here."));
      else lines.push(st.buildable ? t("Its building sites can be built now.") : t("Not buildable yet: the track before it still holds rubble."));
      if (st.surveyors.length) lines.push(t("Surveyors here: %(who)s.", { who: st.surveyors.map((s) => seatName(view, s)).join(", ") }));
      if (ends) {
        // Blaenau Ffestiniog builds by range, not by excavation.
        lines[1] = st.completed ? lines[1] : buildersText(view, ends, st.key);
        if (ends.maintenance_station === st.key) lines.push(ends.maintenance_done ? t("Its rubble is gone: the train maintenance has happened.") : t("When its last rubble is removed, the train maintenance happens."));
        if ((ends.gives || {})[st.key]) lines.push(t("Each building site built here gives free resources from the bag (%(gives)s).", { gives: ends.gives[st.key].map((g) => Object.entries(g).map(([c, n]) => cubes(n, c)).join(" + ")).join("; ") }));
        return { head: st.name, text: `${lines.join("\n")}\n${rule(title, "build_range")}` };
      }
      return { head: st.name, text: `${lines.join("\n")}\n${rule(title, "station")}` };
    }
    if (kind === "exc") {
      const s = st.excavation_sites[+num - 1];
      if (!s) return null;
      const side = +num === 1 ? t("%(station)s: left excavation site", { station: st.name }) : +num === 2 ? t("%(station)s: right excavation site", { station: st.name }) : t("%(station)s: excavation site no. %(n)s", { station: st.name, n: num });
      return { head: `${side} · ${t("%(vp)s VP", { vp: s.vp })}`, text: t("%(left)s of %(printed)s rubble left; %(owner)s.", { left: s.rubble, printed: s.printed_rubble, owner: ownerText(view, s.owner) }) + `\n${rule(title, "excavation_site")}` };
    }
    const b = st.building_sites.find((x) => String(x.site) === String(num));
    if (!b) return null;
    const cost = [b.stone ? cubes(b.stone, "stone") : "", b.steel ? cubes(b.steel, "steel") : ""].filter(Boolean).join(" + ") || t("free");
    return { head: t("%(station)s, building site %(n)s · %(vp)s VP", { station: st.name, n: b.site, vp: b.vp }), text: t("Costs %(cost)s; %(owner)s.", { cost, owner: ownerText(view, b.owner) }) + (st.buildable || b.owner !== null ? "" : " " + t("Not buildable yet.")) + `\n${rule(title, "building_site")}` };
  }
  const heads = { stock_yard: N_("Stock Yard"), bag: N_("The bag"), supply: N_("General supply"), site_office: N_("Site Office"), deck: N_("Contract deck"), engine_shed: N_("Engine Shed"), set_aside_train: N_("Set-aside train"), surveyor: N_("Surveyor"), start_player: N_("Start Player"), route: N_("The route"), event_track: N_("Event Track"), weather_track: N_("Weather Track"), marker: N_("Ownership marker"), pub: N_("The Pub"), game_surveyor: N_("The game's Surveyor") };
  const r = rule(title, key);
  if (r || heads[key]) return { head: heads[key] ? t(heads[key]) : key, text: r };
  return null;
}

function buildersText(view, ends, key) {
  const who = (ends.buildable_by || {})[key] || [];
  return who.length ? t("May build here now: %(who)s.", { who: who.map((s) => seatName(view, s)).join(", ") }) : t("Nobody may build here now (it lies beyond every surveyor seen from its end).");
}

function explainTwoEnds(kind, id, view, title, ends, route) {
  const order = choiceOrder(view);
  if (kind === "end") {
    const name = endName(view, id);
    const here = order.filter((s) => ends.players[s] === id);
    const laid = (ends.laid || {})[id] ?? 0;
    const f = (ends.frontier || {})[id];
    const front = f ? (f.track !== undefined ? t("track card %(n)s", { n: f.track + 1 }) : t("%(station)s: excavation site no. %(n)s", { station: endName(view, f.station), n: f.site })) : t("no rubble left on its side");
    const lines = [
      here.length ? t("Started here: %(who)s (%(n)s of 3 spaces).", { who: here.map((s) => seatName(view, s)).join(", "), n: here.length }) : t("Nobody has started here yet (3 spaces)."),
      t("Its line of track: %(cards)s laid; its frontier: %(front)s.", { cards: nt("%(n)s track card", "%(n)s track cards", laid), front }),
      ends.game_surveyor === id ? t("The game's Surveyor stands here: the next event resolves from this end.") : "",
      rule(title, "end"),
    ];
    return { head: t("%(name)s (a starting end)", { name }), text: lines.filter(Boolean).join("\n") };
  }
  if (kind === "game_surveyor") {
    const at = ends.game_surveyor ? t("It stands at %(end)s: the next event resolves from there.", { end: endName(view, ends.game_surveyor) }) : t("Not placed yet: the last player to choose an end places it.");
    return { head: t("The game's Surveyor"), text: `${at}\n${rule(title, "game_surveyor")}` };
  }
  if (kind === "frontier") {
    return { head: t("Frontier from %(end)s", { end: endName(view, id) }), text: t("The next rubble seen from %(end)s.", { end: endName(view, id) }) + `\n${rule(title, "frontier")}` };
  }
  if (kind === "gift") {
    const gives = ((ends.gives || {})[id] || []).map((g, k) => t("site %(n)s: %(what)s", { n: k + 1, what: Object.entries(g).map(([c, n]) => cubes(n, c)).join(" + ") || t("nothing") }));
    return { head: t("%(end)s gives free resources", { end: endName(view, id) }), text: `${gives.join("; ")}.\n${rule(title, "gift")}` };
  }
  if (kind === "maint") {
    const st = route.find((r) => r.type === "station" && r.key === ends.maintenance_station);
    const left = st ? st.excavation_sites.reduce((a, x) => a + x.rubble, 0) : 0;
    const station4 = t("Station 4");
    return { head: t("%(station)s: train maintenance", { station: st ? st.name : station4 }), text: (ends.maintenance_done ? t("The maintenance has happened.") : t("%(rubble)s left here; the maintenance happens when it is gone.", { rubble: cubes(left, "rubble") })) + `\n${rule(title, "maintenance_station")}` };
  }
  if (kind === "buildable") {
    return { head: t("Who may build at %(end)s", { end: endName(view, id) }), text: `${buildersText(view, ends, id)}\n${rule(title, "build_range")}` };
  }
  return null;
}

export function actionInfo(a) {
  if (a.kind === "start") return `end:${a.args[0]}`;
  if (a.kind === "game_surveyor") return "game_surveyor";
  if (["play", "pick", "keep"].includes(a.kind)) return `contract:${a.args[0]}`;
  if (a.kind === "maintain" && /^\d+$/.test(String(a.args[0]))) return `contract:${a.args[0]}`;
  if (a.kind === "buy") return `train:${a.args[0]}`;
  if (a.kind === "weather") return `weather:${a.args[0]}`;
  if (a.kind === "place") return a.args[0] === "G" ? "area:G" : `area:${a.args[0]}`;
  if (a.kind === "build") return `site:${a.args[0]}.${a.args[1]}`;
  return null;
}

// ------------------------------------------------------------------ HTML parts for the page
function cubeSpan(h, kind, n) {
  return h("span", { class: "res", title: pt("cube", kind) }, h("i", { class: "cube", style: `background:${CUBE[kind]}`, "aria-hidden": "true" }), " " + cubes(n, kind));
}

function cardBox(h, title, n, extra = "") {
  const c = contractInfo(title, n);
  return h("div", { class: `contract ${extra}`, "data-info": `contract:${n}`, tabindex: 0, role: "button", "aria-label": t("Contract #%(n)s: %(effect)s", { n, effect: c.effect }) },
    h("div", { class: "contract-head" }, h("b", { text: `#${n}` }), h("span", { text: c.area === "-" ? t("maintenance") : t("area %(area)s", { area: c.area }) })),
    h("div", { class: "contract-text", text: c.effect }),
    h("div", { class: "contract-bonus", text: c.bonus }));
}

function endLine(view, seat) {
  const ends = view.observation.ends;
  const key = ends.players[seat];
  if (!key) return t("Starting end: not chosen yet");
  return t("Starting end: %(end)s", { end: endName(view, key) }) + (ends.start_markers[seat] ? " " + t("(start marker placed)") : "");
}

export function playerPanel(view, seat, title, h) {
  const obs = view.observation;
  const p = obs.players[seat];
  const trains = (title.components || {}).trains || {};
  const station = (obs.route || []).find((r) => r.key === p.surveyor);
  const tr = p.train ? trains[String(p.train)] : null;
  return h("div", { class: "pp" },
    h("div", { class: "supply" }, ["iron", "stone", "coal", "rubble", "steel"].map((k) => cubeSpan(h, k, p[k]))),
    h("div", { class: "meta" },
      h("span", { "data-info": "marker", class: "info" }, nt("%(n)s marker left", "%(n)s markers left", p.markers_left)), " · ",
      h("span", { "data-info": "surveyor", class: "info" }, obs.ends && !obs.ends.players[seat] ? t("surveyor not placed yet") : t("surveyor at %(station)s", { station: station ? station.name : p.surveyor })), " · ",
      nt("%(n)s labourer", "%(n)s labourers", p.labourers), p.labourers_to_place ? " " + t("(%(n)s to place)", { n: p.labourers_to_place }) : ""),
    obs.ends ? h("div", { class: "meta" }, endLine(view, seat)) : null,
    h("div", { class: "meta" }, tr
      ? h("span", { "data-info": `train:${p.train}`, class: "info train-chip", tabindex: 0, role: "button" }, t("Train %(train)s", { train: tr.short || t("No. %(n)s %(name)s", { n: p.train, name: tr.name }) }))
      : t("No train")),
    p.contracts.length ? h("details", { class: "hand-box", "data-key": `held:${seat}`, open: seat === view.seat ? "open" : null },
      h("summary", { text: t("Contracts held (%(n)s)", { n: p.contracts.length }) }), h("div", { class: "hand" }, p.contracts.map((c) => cardBox(h, title, c)))) : null,
    p.played.length ? h("details", { class: "hand-box", "data-key": `played:${seat}` },
      h("summary", { text: t("Played (%(n)s): %(cards)s", { n: p.played.length, cards: p.played.map((c) => "#" + c).join(", ") }) }), h("div", { class: "hand played" }, p.played.map((c) => cardBox(h, title, c, "sideways")))) : null);
}

function markerCounts(obs, seat) {
  let track = 0;
  let station = 0;
  for (const r of obs.route || []) {
    if (r.type === "track") { if (r.owner === seat) track++; } else {
      for (const s of r.excavation_sites) if (s.owner === seat) station++;
      for (const b of r.building_sites) if (b.owner === seat) station++;
    }
  }
  return { track, station };
}

const parseNeed = (why) => {
  const m = /rubble (\d+), track (\d+), station (\d+)/.exec(why || "");
  return m ? { rubble: +m[1], track: +m[2], station: +m[3] } : null;
};

function markerWords(n, kind) {
  return kind === "track" ? nt("%(n)s track marker", "%(n)s track markers", n) : nt("%(n)s station marker", "%(n)s station markers", n);
}

function needWords(n) {
  const parts = [];
  if (n.rubble) parts.push(cubes(n.rubble, "rubble"));
  if (n.track) parts.push(markerWords(n.track, "track"));
  if (n.station) parts.push(markerWords(n.station, "station"));
  return parts.join(" + ") || t("nothing");
}

// For each player, each contract: what it needed, what the player had, what went onto it.
export function scoreDetails(result, view, title, h) {
  const obs = view.observation;
  const box = h("div", { class: "contract-scores" });
  for (const b of result.breakdown) {
    const p = obs.players[b.seat] || {};
    const have = b.have || b.had || null;
    const had = have ? { rubble: have.rubble ?? 0, track: have.track ?? 0, station: have.station ?? 0 } : { rubble: p.rubble ?? 0, ...markerCounts(obs, b.seat) };
    const left = { ...had };
    const needs = b.contracts.map((c) => c.needs || c.needed || parseNeed(c.why));
    const usedOf = (c, k) => {
      const a = c.assigned || c.used || null;
      if (a && (a.rubble || a.track || a.station)) return a;
      return c.met ? needs[k] : null;
    };
    // Cubes and markers go to the met cards first; the rest is what the others could use.
    b.contracts.forEach((c, k) => {
      const used = usedOf(c, k);
      if (used) { left.rubble -= used.rubble || 0; left.track -= used.track || 0; left.station -= used.station || 0; }
    });
    const rows = b.contracts.map((c, k) => {
      const need = needs[k];
      const used = usedOf(c, k);
      const printed = contractInfo(title, c.contract).need;
      const needText = need ? needWords(need) : printed || whyText(c.why);
      const status = c.met ? t("met: %(vp)s VP", { vp: c.vp }) : t("not met: 0 VP");
      let onIt;
      if (used) onIt = t("on it: %(what)s", { what: needWords(used) });
      else if (c.met) onIt = whyText(c.why);
      else if (need) {
        const short = { rubble: Math.max(0, need.rubble - Math.max(0, left.rubble)), track: Math.max(0, need.track - Math.max(0, left.track)), station: Math.max(0, need.station - Math.max(0, left.station)) };
        const total = short.rubble + short.track + short.station;
        onIt = total ? t("short of %(what)s", { what: needWords(short) }) : t("the cubes and markers scored more on other cards");
      } else onIt = whyText(c.why);
      return h("tr", { class: c.met ? "met" : "unmet" },
        h("td", {}, h("span", { "data-info": `contract:${c.contract}`, class: "info", tabindex: 0, role: "button" }, `#${c.contract}`)),
        h("td", { text: needText }), h("td", { text: status }), h("td", { text: onIt }));
    });
    box.append(h("div", { class: "cs-player" },
      h("h4", {}, h("i", { class: "dot", style: `background:${playerColour(view, b.seat)}`, "aria-hidden": "true" }), " " + t("%(who)s: contracts %(vp)s VP", { who: seatName(view, b.seat), vp: b.lines.contracts })),
      h("p", { class: "had", text: t("Had at the end: %(rubble)s, %(track)s, %(station)s.", { rubble: cubes(had.rubble, "rubble"), track: markerWords(had.track, "track"), station: markerWords(had.station, "station") }) }),
      b.contracts.length
        ? h("table", { class: "cs" }, h("thead", {}, h("tr", {}, h("th", { text: t("card") }), h("th", { text: t("needs") }), h("th", { text: t("result") }), h("th", { text: t("cubes and markers") }))), h("tbody", {}, rows))
        : h("p", { text: t("No contracts.") }),
      b.contracts.length ? h("p", { class: "left", text: t("Not used by any card: %(rubble)s, %(track)s, %(station)s.", { rubble: cubes(Math.max(0, left.rubble), "rubble"), track: markerWords(Math.max(0, left.track), "track"), station: markerWords(Math.max(0, left.station), "station") }) }) : null));
  }
  return box;
}
