// The table drawn as SVG from one view: the route up the mountain, the seven action
// areas, weather, work rates, events, Stock Yard, bag, Site Office and Engine Shed.
// Clickable parts carry data-action (one legal action) or data-choose (several).
import { el, text, wrap, multiline } from "/static/svg.js";

export const COLOURS = { yellow: "#f2c316", blue: "#2f6fd6", green: "#2e9e44", pink: "#e86aae", purple: "#8a4fc7" };
export const CUBE = { iron: "#c4622d", stone: "#b9b9b4", coal: "#1d1d1d", rubble: "#9c8662", steel: "#7f93a8", event: "#ffffff" };
const W = 1400;
const ROUTE_W = 900;

export function playerColour(view, seat) {
  const s = view.seats[seat];
  return COLOURS[s ? s.colour : "yellow"];
}

function cube(x, y, colour, size = 9) {
  return el("rect", { x, y, width: size, height: size, rx: 1.5, fill: colour, stroke: "#333", "stroke-width": 0.8 });
}

function marker(view, owner, x, y, r = 8) {
  if (owner === null || owner === undefined) return null;
  if (owner === "event") {
    return el("g", {}, el("circle", { cx: x, cy: y, r, fill: "#444", stroke: "#fff", "stroke-width": 1.5 }),
      text(x, y + 3.5, "E", { "font-size": 10, fill: "#fff", "text-anchor": "middle", "font-weight": 700 }));
  }
  return el("circle", { cx: x, cy: y, r, fill: playerColour(view, owner), stroke: "#222", "stroke-width": 1.5, class: "marker" });
}

function rubblePile(n, x, y, perRow = 4) {
  const g = el("g", {});
  const shown = Math.min(n, 12);
  for (let i = 0; i < shown; i++) g.appendChild(cube(x + (i % perRow) * 10, y + Math.floor(i / perRow) * 10, CUBE.rubble));
  return g;
}

function weatherDisc(kind, cx, cy, r = 17, label = null) {
  const g = el("g", { class: `disc disc-${kind || "empty"}` });
  if (!kind) {
    g.appendChild(el("circle", { cx, cy, r, fill: "none", stroke: "#789", "stroke-dasharray": "3 3" }));
  } else {
    const fill = { sun: "#ffd54a", rain: "#6aa6e8", fog: "#c9cdd2" }[kind];
    g.appendChild(el("circle", { cx, cy, r, fill, stroke: "#333", "stroke-width": 1.5 }));
    if (kind === "sun") {
      g.appendChild(el("circle", { cx, cy, r: r * 0.42, fill: "#ff9f1a" }));
      for (let i = 0; i < 8; i++) {
        const a = (i * Math.PI) / 4;
        g.appendChild(el("line", { x1: cx + Math.cos(a) * r * 0.55, y1: cy + Math.sin(a) * r * 0.55, x2: cx + Math.cos(a) * r * 0.8, y2: cy + Math.sin(a) * r * 0.8, stroke: "#ff9f1a", "stroke-width": 2 }));
      }
    } else if (kind === "rain") {
      for (const dx of [-5, 2, 8]) g.appendChild(el("line", { x1: cx + dx, y1: cy - 7, x2: cx + dx - 4, y2: cy + 7, stroke: "#1f4f8f", "stroke-width": 2.2 }));
    } else {
      for (const dy of [-6, 0, 6]) g.appendChild(el("line", { x1: cx - 10, y1: cy + dy, x2: cx + 10, y2: cy + dy, stroke: "#6b737c", "stroke-width": 2.4, "stroke-linecap": "round" }));
    }
  }
  if (label) g.appendChild(text(cx, cy + r + 12, label, { "font-size": 10, "text-anchor": "middle", fill: "#234" }));
  return g;
}

function labourer(view, seat, cx, cy, s = 1) {
  const c = playerColour(view, seat);
  return el("g", { class: "labourer", transform: `translate(${cx},${cy}) scale(${s})` },
    el("circle", { cx: 0, cy: -8, r: 5.5, fill: c, stroke: "#222", "stroke-width": 1.2 }),
    el("path", { d: "M -9 10 Q -9 -2 0 -2 Q 9 -2 9 10 Z", fill: c, stroke: "#222", "stroke-width": 1.2 }));
}

// ------------------------------------------------------------------ route
function stationWidth(st) {
  const label = `${st.number} ${st.name}`.length * 7.4 + 46;
  if (!st.building_sites.length && !st.excavation_sites.length) return Math.max(92, label);
  return Math.max(128, 12 + st.building_sites.length * 38, 12 + st.excavation_sites.length * 40, label);
}

function layoutRoute(route) {
  const widths = route.map((it) => (it.type === "station" ? stationWidth(it) : 50));
  const rows = [[]];
  let used = 0;
  route.forEach((it, i) => {
    const w = widths[i] + 10;
    if (used + w > ROUTE_W - 40 && rows[rows.length - 1].length) { rows.push([]); used = 0; }
    rows[rows.length - 1].push(i);
    used += w;
  });
  const rowH = 152;
  const height = rows.length * rowH + 30;
  const pos = [];
  rows.forEach((row, r) => {
    const y = height - (r + 1) * rowH; // Llanberis at the bottom, Yr Wyddfa at the top
    const total = row.reduce((a, i) => a + widths[i] + 10, -10);
    let x = r % 2 === 0 ? 20 : ROUTE_W - 20 - total;
    const ordered = r % 2 === 0 ? row : [...row].reverse();
    for (const i of ordered) { pos[i] = { x, y, w: widths[i] }; x += widths[i] + 10; }
  });
  return { pos, height };
}

function trackCard(view, it, p, ia) {
  const { x, y } = p;
  const h = 80;
  const top = y + 34;
  const g = el("g", { class: "track" + (it.laid ? " laid" : ""), "data-track": it.index });
  g.appendChild(el("rect", { x, y: top, width: 50, height: h, rx: 5, fill: it.laid ? "#e7d9b8" : "#8a7455", stroke: "#3d3020", "stroke-width": 1.5 }));
  if (it.laid) {
    for (let k = 0; k < 6; k++) g.appendChild(el("rect", { x: x + 6, y: top + 6 + k * 12, width: 38, height: 5, fill: "#6d4b2a" }));
    g.appendChild(el("line", { x1: x + 15, y1: top + 2, x2: x + 15, y2: top + h - 2, stroke: "#555", "stroke-width": 3 }));
    g.appendChild(el("line", { x1: x + 35, y1: top + 2, x2: x + 35, y2: top + h - 2, stroke: "#555", "stroke-width": 3 }));
  } else {
    g.appendChild(rubblePile(it.rubble, x + 6, top + 8));
  }
  g.appendChild(el("circle", { cx: x + 42, cy: top + 8, r: 8, fill: "#fff8e6", stroke: "#3d3020" }));
  g.appendChild(text(x + 42, top + 11.5, it.vp, { "font-size": 10, "text-anchor": "middle", "font-weight": 700 }));
  if (!it.laid) g.appendChild(text(x + 25, top + h - 8, it.rubble ? `${it.rubble} rubble` : "clear", { "font-size": 9, "text-anchor": "middle", fill: "#fff" }));
  const m = marker(view, it.owner, x + 25, top + h - 14, 8);
  if (m) g.appendChild(m);
  g.appendChild(el("title", { text: `Track card ${it.index + 1}: ${it.vp} VP, ${it.rubble} rubble${it.laid ? ", laid" : ""}` }));
  return g;
}

function station(view, it, p, ia) {
  const { x, y, w } = p;
  const h = 136;
  const g = el("g", { class: "station" + (it.completed ? " completed" : ""), "data-station": it.key });
  g.appendChild(el("rect", { x, y, width: w, height: h, rx: 8, fill: it.completed ? "#d9d4c7" : "#fbf4e2", stroke: "#5a4630", "stroke-width": 2 }));
  g.appendChild(el("rect", { x, y, width: w, height: 22, rx: 8, fill: "#5a4630" }));
  g.appendChild(text(x + 8, y + 15, `${it.number} ${it.name}`, { "font-size": 11.5, fill: "#fff", "font-weight": 700 }));
  g.appendChild(text(x + w - 6, y + 15, `◎${it.surveyor_vp}`, { "font-size": 10.5, fill: "#ffe08a", "text-anchor": "end" }));
  it.excavation_sites.forEach((s, k) => {
    const sx = x + 8 + k * 40;
    const sy = y + 28;
    g.appendChild(el("rect", { x: sx, y: sy, width: 36, height: 34, rx: 4, fill: s.rubble ? "#b49b73" : "#efe6cf", stroke: "#6b5536" }));
    if (s.rubble) g.appendChild(rubblePile(s.rubble, sx + 3, sy + 3, 3));
    g.appendChild(text(sx + 33, sy + 31, `${s.vp}`, { "font-size": 9, "text-anchor": "end", "font-weight": 700 }));
    const m = marker(view, s.owner, sx + 18, sy + 17, 8);
    if (m) g.appendChild(m);
    g.appendChild(el("title", { text: `Excavation site: ${s.rubble}/${s.printed_rubble} rubble, ${s.vp} VP` }));
  });
  it.building_sites.forEach((b, k) => {
    const bx = x + 8 + k * 38;
    const by = y + 68;
    const key = `${it.key}.${b.site}`;
    const choices = ia.sites.get(key);
    const attrs = { class: "site" + (choices ? " choice" : ""), "data-site": key };
    if (choices && choices.length === 1) attrs["data-action"] = choices[0];
    else if (choices) attrs["data-choose"] = `build:${key}`;
    const sg = el("g", attrs);
    sg.appendChild(el("rect", { x: bx, y: by, width: 34, height: 46, rx: 4, fill: "#fffdf6", stroke: "#6b5536" }));
    let cy = by + 5;
    for (let i = 0; i < b.stone; i++) sg.appendChild(cube(bx + 4 + (i % 3) * 9, cy + Math.floor(i / 3) * 9, CUBE.stone, 8));
    if (b.steel) for (let i = 0; i < b.steel; i++) sg.appendChild(el("rect", { x: bx + 4, y: cy + 20 + i * 6, width: 26, height: 4, fill: CUBE.steel, stroke: "#334" }));
    sg.appendChild(text(bx + 17, by + 43, `${b.vp}`, { "font-size": 10, "text-anchor": "middle", "font-weight": 700 }));
    const m = marker(view, b.owner, bx + 17, by + 22, 9);
    if (m) sg.appendChild(m);
    sg.appendChild(el("title", { text: `Building site ${b.site}: ${b.stone} stone, ${b.steel} steel, ${b.vp} VP` }));
    g.appendChild(sg);
  });
  if (it.completed) {
    g.appendChild(el("circle", { cx: x + w - 14, cy: y + 36, r: 9, fill: "#222", stroke: "#fff", "stroke-width": 2 }));
    g.appendChild(text(x + w - 14, y + 57, "done", { "font-size": 8.5, "text-anchor": "middle" }));
  }
  it.surveyors.forEach((s, k) => {
    const sx = x + 10 + k * 15;
    const sy = y + h - 6;
    g.appendChild(el("path", { d: `M ${sx} ${sy} l 6 -14 l 6 14 z`, fill: playerColour(view, s), stroke: "#222", class: "surveyor" }));
  });
  return g;
}

function drawRoute(view, ia) {
  const route = view.observation.route;
  const { pos, height } = layoutRoute(route);
  const g = el("g", { id: "route" });
  // The mountain behind the line.
  g.appendChild(el("path", { d: `M 0 ${height} L 140 ${height * 0.55} L 300 ${height * 0.7} L 560 ${height * 0.18} L 720 0 L 860 ${height * 0.25} L ${ROUTE_W} ${height * 0.4} L ${ROUTE_W} ${height} Z`, fill: "url(#mountain)" }));
  g.appendChild(el("path", { d: `M 660 ${height * 0.07} L 720 0 L 790 ${height * 0.12} L 750 ${height * 0.1} L 720 ${height * 0.14} L 690 ${height * 0.09} Z`, fill: "#fff", opacity: 0.9 }));
  const centres = pos.map((p, i) => [p.x + p.w / 2, p.y + (route[i].type === "station" ? 70 : 74)]);
  g.appendChild(el("polyline", { points: centres.map((c) => c.join(",")).join(" "), fill: "none", stroke: "#3b2f22", "stroke-width": 7, "stroke-linejoin": "round", opacity: 0.55 }));
  g.appendChild(el("polyline", { points: centres.map((c) => c.join(",")).join(" "), fill: "none", stroke: "#d8c9a5", "stroke-width": 2, "stroke-dasharray": "6 6" }));
  route.forEach((it, i) => g.appendChild(it.type === "station" ? station(view, it, pos[i], ia) : trackCard(view, it, pos[i], ia)));
  return { g, height };
}

// ------------------------------------------------------------------ action areas
function drawAreas(view, ia, x0, y0) {
  const g = el("g", { id: "areas" });
  const obs = view.observation;
  g.appendChild(el("rect", { x: x0, y: y0, width: W - x0 - 10, height: 7 * 60 + 34, rx: 10, fill: "#f3efe3", stroke: "#776a50" }));
  g.appendChild(text(x0 + 12, y0 + 22, `Action areas · round ${obs.round}`, { "font-size": 14, "font-weight": 700 }));
  obs.areas.forEach((area, a) => {
    const y = y0 + 34 + a * 60;
    const fogged = area.spaces.some((s) => s.blocked);
    g.appendChild(el("rect", { x: x0 + 8, y, width: W - x0 - 26, height: 54, rx: 8, fill: a % 2 ? "#fffaf0" : "#f8f1de", stroke: "#c8b994" }));
    g.appendChild(el("rect", { x: x0 + 8, y, width: 30, height: 54, rx: 8, fill: "#5a4630" }));
    g.appendChild(text(x0 + 23, y + 34, area.area, { "font-size": 20, "font-weight": 800, fill: "#fff", "text-anchor": "middle" }));
    g.appendChild(text(x0 + 46, y + 23, area.name, { "font-size": 12.5, "font-weight": 700 }));
    if (area.area === "A") g.appendChild(text(x0 + 46, y + 40, "last space: Start Player", { "font-size": 9.5, fill: "#665" }));
    if (fogged) g.appendChild(text(x0 + 46, y + 40, "fog: blocked", { "font-size": 10, fill: "#566", "font-style": "italic" }));
    if (area.area !== "G") {
      area.spaces.forEach((sp, k) => {
        const cx = x0 + 200 + k * 52;
        const cy = y + 27;
        const key = `${area.area}${sp.space}`;
        const act = ia.place.get(key);
        const sg = el("g", { class: "space" + (act ? " choice" : ""), "data-space": key, "data-action": act || null });
        sg.appendChild(el("circle", { cx, cy, r: 20, fill: "#fff", stroke: "#8c7a55", "stroke-width": 2 }));
        sg.appendChild(text(cx, cy + 4, sp.space, { "font-size": 12, "text-anchor": "middle", fill: "#a99" }));
        if (sp.labourer !== null) sg.appendChild(labourer(view, sp.labourer, cx, cy + 2, 1.15));
        if (sp.blocked) {
          sg.appendChild(el("circle", { cx, cy, r: 20, fill: "#aab3bb", opacity: 0.85 }));
          for (const dy of [-6, 0, 6]) sg.appendChild(el("line", { x1: cx - 11, y1: cy + dy, x2: cx + 11, y2: cy + dy, stroke: "#eef", "stroke-width": 2.5, "stroke-linecap": "round" }));
        }
        g.appendChild(sg);
      });
    } else {
      area.spaces.forEach((sp, k) => g.appendChild(labourer(view, sp.labourer, x0 + 200 + k * 30, y + 29, 1.05)));
      const act = ia.place.get("G");
      const cx = x0 + 200 + area.spaces.length * 30 + 22;
      const sg = el("g", { class: "space" + (act ? " choice" : ""), "data-space": "G", "data-action": act || null });
      sg.appendChild(el("circle", { cx, cy: y + 27, r: 18, fill: "#fff", stroke: "#8c7a55", "stroke-width": 2, "stroke-dasharray": "4 3" }));
      sg.appendChild(text(cx, y + 32, "+", { "font-size": 16, "text-anchor": "middle", fill: "#776" }));
      g.appendChild(sg);
    }
  });
  return g;
}

// ------------------------------------------------------------------ tracks, supply, office, shed
function drawTracks(view, meta, x0, y0) {
  const obs = view.observation;
  const g = el("g", { id: "tracks" });
  g.appendChild(el("rect", { x: x0, y: y0, width: 470, height: 250, rx: 10, fill: "#eef3f6", stroke: "#7890a0" }));
  // Weather: current (!) then the forecast.
  g.appendChild(text(x0 + 12, y0 + 20, "Weather", { "font-size": 13, "font-weight": 700 }));
  g.appendChild(weatherDisc(obs.weather.current, x0 + 40, y0 + 48, 17, "now"));
  g.appendChild(weatherDisc(obs.weather.forecast[0], x0 + 90, y0 + 48, 15, "next"));
  g.appendChild(weatherDisc(obs.weather.forecast[1], x0 + 136, y0 + 48, 15, "then"));
  const sup = obs.weather.supply;
  g.appendChild(text(x0 + 170, y0 + 44, `discs left: ${sup.sun} sun, ${sup.rain} rain, ${sup.fog} fog`, { "font-size": 10, fill: "#456" }));
  g.appendChild(text(x0 + 170, y0 + 58, `next card back: ${obs.deck_top_back || "—"}`, { "font-size": 10, fill: "#456" }));
  // Work-rate tracks.
  const rates = [["Excavate", meta.excavation_rates, obs.work_rates.excavate_index], ["Lay track", meta.lay_rates, obs.work_rates.lay_track_index]];
  rates.forEach(([name, values, idx], r) => {
    const y = y0 + 92 + r * 32;
    g.appendChild(text(x0 + 12, y + 4, name, { "font-size": 11.5, "font-weight": 700 }));
    values.forEach((v, k) => {
      const cx = x0 + 90 + k * 26;
      g.appendChild(el("rect", { x: cx - 11, y: y - 11, width: 22, height: 22, rx: 4, fill: k === idx ? "#333" : "#fff", stroke: "#678" }));
      g.appendChild(text(cx, y + 4, v, { "font-size": 11, "text-anchor": "middle", fill: k === idx ? "#fff" : "#345", "font-weight": 700 }));
    });
  });
  // Event track.
  g.appendChild(text(x0 + 12, y0 + 170, "Events", { "font-size": 13, "font-weight": 700 }));
  const short = { excavate: "Exc", trains_available: "Train", lay_track: "Lay", complete_station: "Stn", maintenance: "Maint" };
  obs.event_track.forEach((e, k) => {
    const ex = x0 + 12 + k * 45;
    const ey = y0 + 180;
    g.appendChild(el("rect", { x: ex, y: ey, width: 40, height: 56, rx: 5, fill: "#fff", stroke: "#678" }));
    g.appendChild(text(ex + 20, ey + 14, e.space, { "font-size": 10, "text-anchor": "middle", fill: "#789" }));
    g.appendChild(text(ex + 20, ey + 28, short[e.event] || e.event, { "font-size": 10.5, "text-anchor": "middle", "font-weight": 700 }));
    if (e.occupied) g.appendChild(cube(ex + 13, ey + 34, CUBE.event, 14));
    g.appendChild(el("title", { text: `Event ${e.space}: ${e.event.replaceAll("_", " ")}` }));
  });
  return g;
}

function cubeRow(g, x, y, entries) {
  entries.forEach(([label, colour, n], k) => {
    const cx = x + k * 78;
    g.appendChild(cube(cx, y - 11, colour, 13));
    g.appendChild(text(cx + 18, y, `${n} ${label}`, { "font-size": 11.5 }));
  });
}

function drawSupply(view, x0, y0) {
  const obs = view.observation;
  const g = el("g", { id: "supply" });
  g.appendChild(el("rect", { x: x0, y: y0, width: 880, height: 62, rx: 10, fill: "#f6f0e4", stroke: "#8c7a55" }));
  g.appendChild(text(x0 + 12, y0 + 24, "Stock Yard", { "font-size": 13, "font-weight": 700 }));
  cubeRow(g, x0 + 100, y0 + 24, [["iron", CUBE.iron, obs.stock_yard.iron], ["stone", CUBE.stone, obs.stock_yard.stone], ["coal", CUBE.coal, obs.stock_yard.coal]]);
  g.appendChild(text(x0 + 350, y0 + 24, "Bag", { "font-size": 13, "font-weight": 700 }));
  cubeRow(g, x0 + 390, y0 + 24, [["iron", CUBE.iron, obs.bag.iron], ["stone", CUBE.stone, obs.bag.stone], ["coal", CUBE.coal, obs.bag.coal], ["event", CUBE.event, obs.bag.event]]);
  g.appendChild(text(x0 + 12, y0 + 50, "Supply", { "font-size": 13, "font-weight": 700 }));
  cubeRow(g, x0 + 100, y0 + 50, [["steel", CUBE.steel, obs.steel_supply], ["rubble", CUBE.rubble, obs.rubble_supply]]);
  g.appendChild(text(x0 + 350, y0 + 50, `Tracks laid ${obs.tracks_laid}/${obs.tracks_total} · game markers left ${obs.game_markers_left} · discards ${obs.discard_count}`, { "font-size": 11.5, fill: "#554" }));
  return g;
}

export function bonusText(bonus) {
  if (!bonus) return "";
  if (bonus.coal_vp) return `${bonus.coal_vp} VP per coal at the end`;
  if (bonus.surveyor_tiers) return "surveyor at " + bonus.surveyor_tiers.map(([s, v]) => `${s}+: ${v}`).join(", ") + " VP";
  const need = [];
  if (bonus.rubble) need.push(`${bonus.rubble} rubble`);
  if (bonus.track) need.push(`${bonus.track} track marker${bonus.track > 1 ? "s" : ""}`);
  if (bonus.station) need.push(`${bonus.station} station marker${bonus.station > 1 ? "s" : ""}`);
  if (bonus.surveyor_at_least) need.push(`surveyor at ${bonus.surveyor_at_least}+`);
  return `${bonus.vp} VP for ${need.join(" + ")}`;
}

function contractCard(meta, n, x, y, w, h, attrs = {}) {
  const c = meta.contracts[String(n)];
  const g = el("g", { class: "card" + (attrs["data-action"] ? " choice" : ""), ...attrs });
  g.appendChild(el("rect", { x, y, width: w, height: h, rx: 7, fill: "#fffdf5", stroke: "#7a5b2e", "stroke-width": 1.5 }));
  g.appendChild(el("rect", { x, y, width: w, height: 20, rx: 7, fill: "#7a2e2e" }));
  g.appendChild(text(x + 8, y + 14, `#${n}`, { "font-size": 11.5, fill: "#fff", "font-weight": 700 }));
  g.appendChild(text(x + w - 8, y + 14, `area ${c.area}`, { "font-size": 10.5, fill: "#fde", "text-anchor": "end" }));
  g.appendChild(multiline(x + 7, y + 33, wrap(c.text, Math.floor(w / 5.6)).slice(0, 5), 11, { "font-size": 9.5 }));
  const bonus = wrap(bonusText(c.bonus), Math.floor(w / 5.6)).slice(0, 3);
  g.appendChild(multiline(x + 7, y + h - 8 - bonus.length * 10, bonus, 10, { "font-size": 9, "font-weight": 700, fill: "#7a2e2e" }));
  g.appendChild(el("title", { text: `#${n} (${c.area}): ${c.text}. Bonus: ${bonusText(c.bonus)}` }));
  return g;
}

function drawOffice(view, meta, ia, x0, y0) {
  const obs = view.observation;
  const g = el("g", { id: "site-office" });
  g.appendChild(el("rect", { x: x0, y: y0, width: 560, height: 190, rx: 10, fill: "#efe7d6", stroke: "#7a5b2e" }));
  g.appendChild(text(x0 + 12, y0 + 20, "Site Office", { "font-size": 13, "font-weight": 700 }));
  obs.site_office.forEach((n, k) => {
    const x = x0 + 12 + k * 140;
    if (n === null) {
      g.appendChild(el("rect", { x, y: y0 + 30, width: 130, height: 150, rx: 7, fill: "none", stroke: "#a98", "stroke-dasharray": "5 4" }));
      return;
    }
    const act = ia.pick.get(n);
    g.appendChild(contractCard(meta, n, x, y0 + 30, 130, 150, { "data-action": act || null, "data-card": n }));
  });
  const dx = x0 + 440;
  g.appendChild(el("rect", { x: dx, y: y0 + 30, width: 100, height: 70, rx: 7, fill: "#7a2e2e", stroke: "#3a1a1a" }));
  g.appendChild(text(dx + 50, y0 + 58, `deck ${obs.deck_count}`, { "font-size": 12, fill: "#fff", "text-anchor": "middle", "font-weight": 700 }));
  if (obs.deck_top_back) g.appendChild(weatherDisc(obs.deck_top_back, dx + 50, y0 + 80, 10));
  g.appendChild(text(dx + 50, y0 + 122, `discards ${obs.discard_count}`, { "font-size": 11, "text-anchor": "middle" }));
  return g;
}

function drawShed(view, meta, ia, x0, y0) {
  const obs = view.observation;
  const g = el("g", { id: "engine-shed" });
  g.appendChild(el("rect", { x: x0, y: y0, width: 320, height: 190, rx: 10, fill: "#e4e8ec", stroke: "#4d5a66" }));
  g.appendChild(text(x0 + 12, y0 + 20, `Engine Shed${obs.trains_available ? "" : " (not yet open)"}`, { "font-size": 13, "font-weight": 700 }));
  obs.engine_shed.forEach((t, k) => {
    const tr = meta.trains[String(t.train)];
    const x = x0 + 10 + (k % 4) * 76;
    const y = y0 + 30 + Math.floor(k / 4) * 78;
    const choices = ia.buy.get(t.train);
    const attrs = { class: "train" + (choices ? " choice" : ""), "data-train": t.train };
    if (choices && choices.length === 1) attrs["data-action"] = choices[0];
    else if (choices) attrs["data-choose"] = `buy:${t.train}`;
    const tg = el("g", attrs);
    tg.appendChild(el("rect", { x, y, width: 70, height: 72, rx: 6, fill: "#fff", stroke: "#4d5a66" }));
    tg.appendChild(text(x + 6, y + 14, `No. ${t.train}`, { "font-size": 10.5, "font-weight": 700 }));
    tg.appendChild(text(x + 6, y + 27, tr.name, { "font-size": 9.5 }));
    tg.appendChild(el("path", { d: `M ${x + 10} ${y + 50} h 34 v -10 h 10 v -8 h 6 v 18 h 4 v 6 h -54 z`, fill: "#335" }));
    tg.appendChild(text(x + 6, y + 67, `${tr.cost} steel`, { "font-size": 9 }));
    for (let i = 0; i < t.coal; i++) tg.appendChild(cube(x + 50 + i * 9, y + 58, CUBE.coal, 8));
    tg.appendChild(el("title", { text: `No. ${t.train} ${tr.name}: costs ${tr.cost} steel, ${t.coal} coal on it; ${JSON.stringify(tr.ability)}` }));
    g.appendChild(tg);
  });
  if (obs.set_aside_train) g.appendChild(text(x0 + 12, y0 + 184, `set aside: No. ${obs.set_aside_train}`, { "font-size": 10, fill: "#456" }));
  return g;
}

// Interaction map from the legal actions: what each board part does when clicked.
export function interactions(legal) {
  const ia = { place: new Map(), sites: new Map(), pick: new Map(), buy: new Map() };
  for (const a of legal) {
    if (a.kind === "place") ia.place.set(a.args[0] === "G" ? "G" : `${a.args[0]}${a.args[1]}`, a.text);
    else if (a.kind === "build") {
      const key = `${a.args[0]}.${a.args[1]}`;
      if (!ia.sites.has(key)) ia.sites.set(key, []);
      ia.sites.get(key).push(a.text);
    } else if (a.kind === "pick") ia.pick.set(a.args[0], a.text);
    else if (a.kind === "buy") {
      if (!ia.buy.has(a.args[0])) ia.buy.set(a.args[0], []);
      ia.buy.get(a.args[0]).push(a.text);
    }
  }
  return ia;
}

export function renderBoard(svg, view, meta, legal) {
  const ia = interactions(legal);
  svg.replaceChildren();
  svg.appendChild(el("defs", {},
    el("linearGradient", { id: "mountain", x1: 0, y1: 0, x2: 0, y2: 1 },
      el("stop", { offset: "0%", "stop-color": "#9aa4a8" }),
      el("stop", { offset: "45%", "stop-color": "#7d9a6a" }),
      el("stop", { offset: "100%", "stop-color": "#5d8a4a" })),
    el("linearGradient", { id: "sky", x1: 0, y1: 0, x2: 0, y2: 1 },
      el("stop", { offset: "0%", "stop-color": "#cfe3f2" }),
      el("stop", { offset: "100%", "stop-color": "#eef5ea" }))));
  const route = drawRoute(view, ia);
  const areasBottom = 7 * 60 + 44;
  const bottom = Math.max(route.height, areasBottom) + 20;
  const height = Math.max(bottom + 272, areasBottom + 20 + 262);
  svg.setAttribute("viewBox", `0 0 ${W} ${height}`);
  svg.appendChild(el("rect", { x: 0, y: 0, width: W, height, fill: "url(#sky)" }));
  svg.appendChild(route.g);
  svg.appendChild(drawAreas(view, ia, ROUTE_W + 10, 10));
  svg.appendChild(drawTracks(view, meta, ROUTE_W + 20, areasBottom + 20));
  svg.appendChild(drawOffice(view, meta, ia, 10, bottom));
  svg.appendChild(drawShed(view, meta, ia, 580, bottom));
  svg.appendChild(drawSupply(view, 10, bottom + 200));
}
