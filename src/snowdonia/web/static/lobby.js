// The lobby: create a game of any title and scenario (seats, names, bot levels explained,
// settings, seed, private), hand out the seat links, "my games" from the seats this browser
// holds, the solo series with personal bests, and the public games, refreshed live.
import { api, errorText, saveToken, allSeats, watchLobby, playerKey, mySeries, addSeries } from "./api.js";
import { h, ago, plural, copyText, toast } from "./dom.js";
import { COLOURS, titleOf, botLabel } from "./meta.js";
import { openHowTo } from "./howto.js";
import { guideOffer } from "./guide.js";
import { t, nt, num, languageMenu, onLanguage } from "./i18n.js";
import { normalizeMeta } from "./meta.js";

const COLOUR_ORDER = ["yellow", "blue", "green", "pink", "purple"];
const MAX_SEED = (1n << 63n) - 1n; // the server takes a signed 64-bit seed
const MIN_SEED = -(1n << 63n);

function seriesLine(s) {
  const games = nt("%(n)s game", "%(n)s games", s.games.length);
  return t("Series · %(games)s · total %(vp)s VP", { games, vp: num(s.total) });
}

const secs = (n) => nt("%(n)s second", "%(n)s seconds", n);
const mins = (n) => nt("%(n)s minute", "%(n)s minutes", n);
const hours = (n) => nt("%(n)s hour", "%(n)s hours", n);
const days = (n) => nt("%(n)s day", "%(n)s days", n);

function settingValueText(spec, value) {
  if (spec.kind === "bool") return value ? t("on") : t("off");
  const k = (spec.choices || []).findIndex((x) => String(x) === String(value));
  if (spec.choice_labels && k >= 0 && spec.choice_labels[k]) return spec.choice_labels[k];
  if (spec.key === "contracts_per_window") return value === 0 ? t("unlimited") : String(value);
  return String(value);
}

function settingsSummary(title, settings) {
  if (!settings) return "";
  const out = [];
  for (const spec of title.settings || []) {
    if (!(spec.key in settings)) continue;
    const v = settings[spec.key];
    if (v === spec.default || spec.key === "round_limit") continue;
    out.push(spec.kind === "bool" ? spec.label : `${spec.label}: ${settingValueText(spec, v)}`);
  }
  return out.join(", ") || t("standard rules");
}

function seatLabel(s) {
  if (s.name) return s.name;
  return s.kind === "bot" ? t("%(level)s bot", { level: botLabel(s.bot) }) : t("human");
}

export async function lobbyPage(root, meta) {
  root.replaceChildren();
  const st = { title: meta.titles[0], created: null };

  // ---------------------------------------------------------------- the form
  const titleSel = h("select", { id: "title", name: "title" }, meta.titles.map((t) => h("option", { value: t.name, text: t.display_name })));
  const scenarioSel = h("select", { id: "scenario", name: "scenario" });
  const scenarioHelp = h("p", { class: "hint", id: "scenario-help" });
  const playersSel = h("select", { id: "players", name: "players" });
  const seatsBox = h("div", { id: "seats" });
  const settingsBox = h("div", { id: "settings" });
  const botHelp = h("dl", { class: "bot-help", id: "bot-help" });
  const seed = h("input", { type: "text", inputmode: "numeric", id: "seed", placeholder: t("random"), autocomplete: "off", "aria-describedby": "seed-help" });
  const priv = h("input", { type: "checkbox", id: "private" });
  const hintsBox = h("input", { type: "checkbox", id: "hints" });
  const delay = h("select", { id: "bot-delay" }, [[0, t("at once")], [600, t("after %(s)s s", { s: num(0.6) })], [1500, t("after %(s)s s", { s: num(1.5) })], [3000, t("after %(s)s s", { s: num(3) })]].map(([ms, label]) => h("option", { value: ms, selected: ms === 600 ? "selected" : null, text: label })));
  // The clock (the API's limits: 10 s to 1 day a move, 1 minute to 7 days a game, 1 to 30 days a move).
  const CLOCKS = {
    none: { label: t("no clock"), amounts: [] },
    move: { label: t("per move"), amounts: [[30, secs(30)], [60, mins(1)], [120, mins(2)], [300, mins(5)], [900, mins(15)], [3600, hours(1)], [86400, days(1)]], pick: 120 },
    game: { label: t("a bank for the whole game"), amounts: [[300, mins(5)], [600, mins(10)], [1200, mins(20)], [1800, mins(30)], [3600, hours(1)], [86400, days(1)], [604800, days(7)]], pick: 1200 },
    days: { label: t("days per move (correspondence)"), amounts: [1, 2, 3, 5, 7, 14, 30].map((d) => [d, days(d)]), pick: 3 },
  };
  const clockMode = h("select", { id: "clock-mode" }, Object.entries(CLOCKS).map(([k, c]) => h("option", { value: k, text: c.label })));
  const clockAmount = h("select", { id: "clock-amount" });
  const takeover = h("select", { id: "takeover" });
  const clockMore = h("div", { class: "clock-more", id: "clock-more" },
    h("div", { class: "field" }, h("label", { for: "clock-amount", text: t("Time") + " " }), clockAmount),
    h("p", { class: "hint", text: t("When a player's time runs out, a bot plays their seat until they take it back.") }));
  function drawClock() {
    const c = CLOCKS[clockMode.value];
    clockAmount.replaceChildren(...c.amounts.map(([v, label]) => h("option", { value: v, selected: v === c.pick ? "selected" : null, text: label })));
    clockMore.hidden = clockMode.value === "none";
  }
  function drawTakeover() {
    const levels = st.title.bots.map((b) => b.level);
    const pick = levels.includes("greedy") ? "greedy" : levels[0];
    takeover.replaceChildren(...st.title.bots.map((b) => h("option", { value: b.level, selected: b.level === pick ? "selected" : null, text: b.label || botLabel(b.level) })));
  }
  clockMode.addEventListener("change", drawClock);
  drawClock();
  function readTable() {
    const table = { bot_delay_ms: +delay.value, takeover: takeover.value };
    const mode = clockMode.value;
    if (mode === "none") table.clock = { mode, takeover: takeover.value };
    else if (mode === "days") table.clock = { mode, days: +clockAmount.value, takeover: takeover.value };
    else table.clock = { mode, seconds: +clockAmount.value, takeover: takeover.value };
    return table;
  }
  const formError = h("div", { id: "form-error", role: "alert" });
  const result = h("div", { id: "created" });

  const scenario = () => (st.title.scenarios || []).find((s) => s.key === scenarioSel.value) || st.title.scenarios[0];

  function drawTitle() {
    st.title = titleOf(meta, titleSel.value);
    scenarioSel.replaceChildren(...st.title.scenarios.map((s) => h("option", { value: s.key, text: s.name + (s.provisional ? " " + t("(provisional data)") : "") })));
    botHelp.replaceChildren(...st.title.bots.flatMap((b) => [h("dt", { text: b.label || botLabel(b.level) }), h("dd", { text: b.help || "" })]));
    drawTakeover();
    drawScenario();
  }

  function drawScenario() {
    const sc = scenario();
    scenarioHelp.textContent = sc.description || "";
    const old = +playersSel.value || 0;
    const counts = sc.players || st.title.players;
    const pick = counts.includes(old) ? old : counts.includes(2) ? 2 : counts[0];
    playersSel.replaceChildren(...counts.map((n) => h("option", { value: n, selected: n === pick ? "selected" : null, text: n === 1 ? t("1 (solo)") : String(n) })));
    drawSeats();
  }

  function drawSeats() {
    const n = +playersSel.value;
    const old = [...seatsBox.querySelectorAll(".seat")].map((row) => ({ kind: row.querySelector("select").value, name: row.querySelector("input") ? row.querySelector("input").value : "" }));
    const levels = st.title.bots.map((b) => b.level);
    const fallbackBot = levels.includes("greedy") ? "greedy" : levels[0];
    seatsBox.replaceChildren(h("p", { class: "legend", text: t("Seats") }), ...Array.from({ length: n }, (_, i) => {
      const kind = (old[i] && old[i].kind) || (i === 0 ? "human" : fallbackBot);
      const sel = h("select", { id: `seat-${i}`, "aria-label": t("Player %(n)s is", { n: i + 1 }) },
        h("option", { value: "human", selected: kind === "human" ? "selected" : null, text: t("a person") }),
        st.title.bots.map((b) => h("option", { value: b.level, selected: kind === b.level ? "selected" : null, text: t("bot: %(level)s", { level: b.label || botLabel(b.level) }) })));
      const name = h("input", { id: `name-${i}`, maxlength: 24, placeholder: t("Player %(n)s", { n: i + 1 }), "aria-label": t("Name of player %(n)s", { n: i + 1 }), value: old[i] ? old[i].name : "", autocomplete: "off" });
      const help = h("span", { class: "hint block bot-line", id: `seat-help-${i}` });
      const sync = () => {
        name.hidden = sel.value !== "human";
        const bot = st.title.bots.find((b) => b.level === sel.value);
        help.textContent = bot ? bot.help || "" : "";
        help.hidden = !bot;
      };
      sel.addEventListener("change", sync);
      sync();
      return h("div", { class: "seat" }, h("i", { class: "dot seat-dot", "data-seat": i, style: `background:${COLOURS[seatColours(n)[i]]}`, "aria-hidden": "true" }), h("span", { class: "seat-n", text: t("Player %(n)s", { n: i + 1 }) }), sel, name, help);
    }));
    drawSettings();
  }

  function drawSettings() {
    const n = +playersSel.value;
    const sc = scenario();
    const old = {};
    for (const el of settingsBox.querySelectorAll("[data-key]")) old[el.dataset.key] = el.type === "checkbox" ? el.checked : el.value;
    const rows = [];
    const advanced = [];
    for (const spec of st.title.settings || []) {
      if (spec.players && spec.players.length && !spec.players.includes(n)) continue;
      if (spec.scenarios && spec.scenarios.length && !spec.scenarios.includes(sc.key)) continue;
      const id = `set-${spec.key}`;
      let input;
      if (spec.kind === "bool") {
        input = h("input", { type: "checkbox", id, "data-key": spec.key, checked: (spec.key in old ? old[spec.key] : spec.default) ? "checked" : null });
      } else if (spec.kind === "choice") {
        const cur = spec.key in old ? old[spec.key] : String(spec.default);
        input = h("select", { id, "data-key": spec.key }, spec.choices.map((c, k) => h("option", { value: String(c), "data-index": k, selected: String(c) === String(cur) ? "selected" : null, text: choiceText(spec, c) })));
      } else {
        input = h("input", { type: "number", id, "data-key": spec.key, value: spec.key in old ? old[spec.key] : spec.default, min: 1, step: 1 });
      }
      if (spec.key === "colours") input.addEventListener("change", recolourSeats);
      const help = spec.help ? h("span", { class: "hint", id: `${id}-help`, text: spec.help }) : null;
      if (help) input.setAttribute("aria-describedby", `${id}-help`);
      const row = spec.kind === "bool"
        ? h("div", { class: "setting" }, h("label", { for: id }, input, ` ${spec.label}`), help)
        : h("div", { class: "setting" }, h("label", { for: id, text: `${spec.label} ` }), input, help);
      (spec.kind === "int" ? advanced : rows).push(row);
    }
    if (advanced.length) rows.push(h("details", { class: "advanced" }, h("summary", { text: t("Advanced") }), advanced));
    settingsBox.replaceChildren(...rows);
    recolourSeats();
  }

  // The title's own seat colours (Foothills: blue and green, in the order its setting says).
  function seatColours(n) {
    const own = (st.title.seat_colours || {})[String(n)] || COLOUR_ORDER.slice(0, n);
    const order = document.getElementById("set-colours");
    return order && /^[a-z]+(-[a-z]+)+$/.test(order.value) ? order.value.split("-") : own;
  }

  function recolourSeats() {
    const cols = seatColours(+playersSel.value);
    for (const dot of seatsBox.querySelectorAll(".seat-dot")) dot.style.background = COLOURS[cols[+dot.dataset.seat]] || "#999";
  }

  function choiceText(spec, c) {
    const trains = (st.title.components || {}).trains || {};
    if (spec.key === "solo_train" && trains[String(c)]) return trains[String(c)].short || t("No. %(n)s %(name)s", { n: c, name: trains[String(c)].name });
    if (spec.key === "contracts_per_window") return c === 0 ? t("any number (English rules)") : t("exactly one (German rules)");
    const k = (spec.choices || []).findIndex((x) => String(x) === String(c));
    if (spec.choice_labels && k >= 0 && spec.choice_labels[k]) return spec.choice_labels[k];
    return String(c);
  }

  function readSettings() {
    const out = {};
    for (const el of settingsBox.querySelectorAll("[data-key]")) {
      const spec = st.title.settings.find((s) => s.key === el.dataset.key);
      if (!spec) continue;
      if (spec.kind === "bool") out[spec.key] = el.checked;
      else if (spec.kind === "choice") out[spec.key] = spec.choices[+el.selectedOptions[0].dataset.index];
      else {
        if (!/^\d+$/.test(String(el.value).trim())) throw new Error(t("%(setting)s must be a whole number", { setting: spec.label }));
        out[spec.key] = +el.value;
      }
    }
    return out;
  }

  titleSel.addEventListener("change", drawTitle);
  scenarioSel.addEventListener("change", drawScenario);
  playersSel.addEventListener("change", drawSeats);

  async function create(ev) {
    ev.preventDefault();
    formError.replaceChildren();
    const n = +playersSel.value;
    const seats = [];
    for (let i = 0; i < n; i++) {
      const kind = document.getElementById(`seat-${i}`).value;
      const name = document.getElementById(`name-${i}`).value.trim();
      if (kind === "human") {
        if (name.length > 24) return fail(t("Player %(n)s's name is longer than 24 characters.", { n: i + 1 }));
        if (name && !/^[\p{L}\p{N}\p{P}\p{S} ]+$/u.test(name)) return fail(t("Player %(n)s's name may only hold letters, digits, spaces and punctuation.", { n: i + 1 }));
        seats.push(name ? { kind: "human", name } : "human");
      } else seats.push(kind);
    }
    let settings;
    try { settings = readSettings(); } catch (e) { return fail(e.message); }
    const body = { game: st.title.name, scenario: scenario().key, players: n, seats, settings, private: priv.checked, table: { ...readTable(), hints: hintsBox.checked } };
    const s = seed.value.trim();
    if (s !== "") {
      if (!/^-?\d+$/.test(s)) return fail(t("The seed must be a whole number, or empty for a random game."));
      if (BigInt(s) > MAX_SEED || BigInt(s) < MIN_SEED) return fail(t("The seed is too large: it must lie between %(lo)s and %(hi)s (a 64-bit number).", { lo: "−9223372036854775808", hi: "9223372036854775807" }));
      body.seed = Number(s) <= Number.MAX_SAFE_INTEGER ? Number(s) : s;
    }
    const btn = document.getElementById("create");
    btn.disabled = true;
    const r = await api("/api/games", { method: "POST", body });
    btn.disabled = false;
    if (r.status !== 201) return fail(r.status === 429 ? t("You created many games just now; wait a minute and try again.") : errorText(r, t("The game could not be created")));
    shown(r.data, seats);
    refreshMine();
    return null;
  }

  function fail(message) {
    formError.replaceChildren(h("p", { class: "error", text: message }));
    return null;
  }

  function shown(g, seats) {
    const humans = g.seats.filter((s) => s.token);
    const list = h("ul", { class: "links" }, g.seats.map((s) => {
      const name = s.name || (typeof seats[s.seat] === "object" ? seats[s.seat].name : "") || t("Player %(n)s", { n: s.seat + 1 });
      return h("li", {},
        h("i", { class: "dot", style: `background:${COLOURS[COLOUR_ORDER[s.seat]]}`, "aria-hidden": "true" }),
        h("b", { text: s.token ? `${name}: ` : `${name}: ${t("%(level)s bot", { level: botLabel(s.kind) })}` }),
        s.token ? [h("input", { readonly: "readonly", value: s.url, class: "link", id: `link-${s.seat}`, "aria-label": t("Seat link of %(name)s", { name }) }),
          h("button", { type: "button", onclick: async () => toast((await copyText(s.url)) ? t("Link of %(name)s copied", { name }) : t("Copy failed: select the link and copy it")), text: t("Copy") }),
          h("a", { href: s.url, class: "open-seat", "data-seat": s.seat, text: t("Play this seat") })] : null);
    }));
    const hot = h("button", { id: "hotseat", type: "button", class: "primary", onclick: () => {
      for (const s of humans) saveToken(g.id, s.seat, s.token);
      location.href = `/game/${g.id}`;
    }, text: humans.length > 1 ? t("Play all the people's seats here (hot-seat)") : t("Play here") });
    result.replaceChildren(h("div", { class: "panel created" },
      h("h3", { text: t("Game created") }),
      humans.length ? h("p", { text: t("Each link is a seat's key: send each friend their own and keep yours. You can copy it again from the game's Options.") }) : null,
      list, humans.length ? hot : null,
      h("p", {}, h("a", { href: `/game/${g.id}#watch`, id: "watch", text: t("Watch as a spectator") }))));
    result.scrollIntoView({ block: "nearest" });
  }

  const form = h("form", { id: "new-game", class: "panel", onsubmit: create, novalidate: true },
    h("h2", { text: t("New game") }),
    meta.titles.length > 1 ? h("div", { class: "field" }, h("label", { for: "title", text: t("Game") + " " }), titleSel) : null,
    h("div", { class: "field" }, h("label", { for: "scenario", text: t("Scenario") + " " }), scenarioSel,
      h("button", { type: "button", id: "howto-open", class: "link-button", onclick: (ev) => openHowTo(st.title.name, scenarioSel.value, ev.currentTarget), text: t("How to play") }), scenarioHelp),
    h("div", { class: "field" }, h("label", { for: "players", text: t("Players") + " " }), playersSel),
    seatsBox,
    h("details", { class: "bots-explained" }, h("summary", { text: t("What the bot levels mean") }), botHelp),
    h("fieldset", {}, h("legend", { text: t("Rules") }), settingsBox),
    h("fieldset", {}, h("legend", { text: t("Table") }),
      h("div", { class: "field" }, h("label", { for: "bot-delay", text: t("Bots answer a person") + " " }), delay),
      h("div", { class: "field" }, h("label", { for: "clock-mode", text: t("Clock") + " " }), clockMode), clockMore,
      h("div", { class: "field" }, h("label", { for: "takeover", text: t("A bot that takes over a seat (time out, or a player leaves)") + " " }), takeover),
      h("div", { class: "field" }, h("label", { for: "private" }, priv, " " + t("Private: not listed in the lobby (only people with a link can join or watch)"))),
      h("div", { class: "field" }, h("label", { for: "hints" }, hintsBox, " " + t("Hints: a player may ask the analysis for its best options (always on in solo games)"))),
      h("div", { class: "field" }, h("label", { for: "seed", text: t("Seed") + " " }), seed, h("span", { class: "hint block", id: "seed-help", text: t("Empty for a random game; the same seed and moves give the same game.") }))),
    formError,
    h("button", { type: "submit", id: "create", class: "primary", text: t("Create game") }));

  // ---------------------------------------------------------------- lists
  const mine = h("section", { class: "panel", id: "my-games", "aria-label": t("My games") }, h("h2", { text: t("My games") }));
  const series = h("section", { class: "panel", id: "series", "aria-label": t("Solo series") }, h("h2", { text: t("Solo series") }));
  const games = h("section", { class: "panel", id: "games", "aria-label": t("Open games") }, h("h2", { text: t("Games on this server") }), h("p", { text: t("Loading…") }));

  // A guided first game, offered first to a visitor who has no game here yet.
  const learn = guideOffer(meta, allSeats().length === 0);

  // "New game" at the end of a game opens the lobby on that game's title and scenario.
  const wanted = new URLSearchParams(location.search);
  if (wanted.get("game") && meta.titles.some((t) => t.name === wanted.get("game"))) titleSel.value = wanted.get("game");

  root.append(
    h("header", { class: "bar" }, h("h1", { class: "brand" }, h("a", { href: "/", text: t("Snowdonia") })), h("span", { class: "status", text: t("Build the railway up Mount Snowdon") }),
      h("button", { type: "button", id: "howto-header", class: "menu-button", onclick: (ev) => openHowTo(st.title.name, scenarioSel.value, ev.currentTarget), text: t("How to play") }),
      languageMenu("lobby-language")),
    h("main", { class: "lobby" }, h("div", { class: "col" }, form, result), h("div", { class: "col" }, learn, mine, series, games)));
  drawTitle();
  if (wanted.get("scenario") && st.title.scenarios.some((x) => x.key === wanted.get("scenario"))) {
    scenarioSel.value = wanted.get("scenario");
    drawScenario();
  }

  // "Blaenau Ffestiniog", not the box's name, for a game of a title's other scenario.
  function gameName(g) {
    const title = titleOf(meta, g.game || "snowdonia");
    const sc = (title.scenarios || []).find((s) => s.key === g.scenario);
    if (sc && title.scenarios.length > 1) return `${title.display_name || g.game_name} · ${sc.name}`;
    return title.display_name || g.game_name || t("Game");
  }

  async function refreshMine() {
    const held = allSeats();
    if (!held.length) { mine.replaceChildren(h("h2", { text: t("My games") }), h("p", { class: "hint", text: t("Games you play in this browser appear here.") })); return; }
    let rows = null;
    const r = await api("/api/my-games", { method: "POST", body: { tokens: held.slice(0, 50).map((s) => s.token) } });
    if (r.ok && Array.isArray(r.data)) rows = r.data;
    else {
      // An older server: ask each game (at most 20) for its view.
      rows = [];
      for (const s of held.slice(0, 20)) {
        const v = await api(`/api/games/${s.game}`, { token: s.token });
        if (!v.ok) continue;
        const cur = v.data.observation && v.data.observation.decision;
        rows.push({ id: s.game, seat: s.seat, name: t("Player %(n)s", { n: s.seat + 1 }), your_turn: !v.data.over && (v.data.legal || []).length > 0, over: v.data.over, move: v.data.move, turn_name: cur ? t("Player %(n)s", { n: cur.player + 1 }) : null, game: v.data.game, game_name: v.data.game_name, scenario: v.data.scenario });
      }
    }
    const byGame = new Map();
    for (const g of rows) {
      const prev = byGame.get(g.id);
      if (!prev || (g.your_turn && !prev.your_turn)) byGame.set(g.id, g);
    }
    const list = [...byGame.values()].sort((a, b) => (b.your_turn - a.your_turn) || (a.over - b.over) || String(b.updated_at || "").localeCompare(String(a.updated_at || "")));
    mine.replaceChildren(h("h2", { text: t("My games") }), list.length ? h("ul", { class: "games" }, list.map((g) => h("li", { class: g.your_turn ? "your-turn" : "" },
      h("a", { href: `/game/${g.id}`, text: `${gameName(g)} · ${g.name || t("seat %(n)s", { n: g.seat + 1 })}` }),
      g.your_turn ? h("span", { class: "badge", text: t("your turn") }) : null,
      Array.isArray(g.players) && g.players.length > 1 ? h("span", { class: "hint", text: " " + t("with %(players)s", { players: g.players.filter((_, i) => i !== g.seat).join(", ") }) }) : null,
      h("span", { class: "hint", text: ` · ${g.over ? t("finished") : g.turn_name ? t("%(who)s to play", { who: g.turn_name }) : ""} · ${t("move %(n)s", { n: num(g.move) })}${g.updated_at ? ` · ${ago(g.updated_at)}` : ""}` })))) : h("p", { class: "hint", text: t("None of your seats is on this server any more.") }));
  }

  function drawGames(list) {
    const rows = (list || []).filter((g) => !g.private);
    games.replaceChildren(h("h2", { text: t("Games on this server") }), h("p", { class: "hint live", text: t("Updates live.") }));
    if (!rows.length) { games.append(h("p", { text: t("No public games yet. Create one!") })); return; }
    games.append(h("ul", { class: "games", id: "game-list" }, rows.map((g) => {
      const title = titleOf(meta, g.game);
      const sc = (title.scenarios || []).find((s) => s.key === g.scenario);
      const open = (g.seats || []).filter((s) => s.open).length;
      const count = g.players || (g.seats || []).length;
      return h("li", { class: "game-row", "data-game": g.id },
        h("div", { class: "row-head" },
          h("a", { href: `/game/${g.id}#watch`, text: gameName(g) }),
          h("span", { class: "hint", text: ` · ${nt("%(n)s player", "%(n)s players", count)}${g.settings ? " · " + settingsSummary(title, g.settings) : ""}` })),
        h("div", { class: "row-seats" }, (g.seats || []).map((s) => h("span", { class: "seat-chip" }, h("i", { class: "dot", style: `background:${COLOURS[s.colour] || "#999"}`, "aria-hidden": "true" }), s.open ? t("open seat") : seatLabel(s)))),
        h("div", { class: "hint" },
          g.over ? t("finished") + (g.result ? " · " + t("%(vp)s VP", { vp: g.result.scores.map(num).join(" / ") }) : "") : `${g.turn_name ? t("%(who)s to play", { who: g.turn_name }) : t("in play")} · ${t("move %(n)s", { n: num(g.move) })}`,
          g.updated_at || g.created_at ? ` · ${ago(g.updated_at || g.created_at)}` : "",
          open ? " · " + nt("%(n)s open seat", "%(n)s open seats", open) : "",
          g.hints ? " · " + t("hints allowed") : ""));
    })));
  }

  // ---------------------------------------------------------------- solo series
  async function drawSeries() {
    const sn = meta.titles.find((t) => (t.players || []).includes(1) && t.name === "snowdonia") || meta.titles.find((t) => (t.players || []).includes(1));
    if (!sn) { series.remove(); return; }
    const edition = (sn.settings || []).find((s) => s.key === "edition");
    const edSel = edition ? h("select", { id: "series-edition", "aria-label": t("Edition of the series") }, edition.choices.map((c) => h("option", { value: c, text: choiceText(edition, c) }))) : null;
    const start = h("button", { type: "button", class: "primary", id: "series-start", text: t("Start a solo series (train No. 1 to No. 7)"), onclick: async () => {
      const key = await playerKey();
      if (!key) { toast(t("The solo series needs a newer server."), "error"); return; }
      const body = { settings: edSel ? { edition: edSel.value } : {} };
      const r = await api("/api/series", { method: "POST", token: key, body });
      if (r.status !== 201) { toast(errorText(r, t("The series could not start")), "error"); return; }
      addSeries(r.data.id);
      const g = r.data.game || {};
      const gid = g.id || g.game;
      if (r.data.token) saveToken(gid, 0, r.data.token);
      location.href = `/game/${gid}`;
    } });
    const body = [h("h2", { text: t("Solo series") }), h("p", { class: "hint", text: t("Seven solo games, one per train from No. 1 to No. 7, to beat your own scores. Your bests are kept on this server for this browser.") }),
      h("div", { class: "field" }, edSel ? [h("label", { for: "series-edition", text: t("Edition") + " " }), edSel] : null, start)];
    series.replaceChildren(...body);
    const ids = mySeries();
    const key = localStorage.getItem("snowdonia:player");
    if (!key) return;
    const bests = await api("/api/players/me/bests", { token: key });
    if (bests.ok && bests.data) {
      const per = bests.data.per_train || {};
      const trains = (sn.components || {}).trains || {};
      series.append(h("h3", { text: t("Personal bests") }), h("table", { class: "scores bests", id: "bests" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("train") }), h("th", { scope: "col", text: t("best") }))),
        h("tbody", {}, [1, 2, 3, 4, 5, 6, 7].map((tn) => h("tr", {}, h("th", { scope: "row", text: trains[String(tn)] ? trains[String(tn)].short || t("No. %(n)s", { n: tn }) : t("No. %(n)s", { n: tn }) }), h("td", { text: per[String(tn)] ?? "—" }))),
          h("tr", { class: "total" }, h("th", { scope: "row", text: t("whole series") }), h("td", { text: bests.data.series_total ?? "—" })))));
    }
    for (const id of ids.slice(0, 5)) {
      const r = await api(`/api/series/${encodeURIComponent(id)}`, { token: key });
      if (!r.ok) continue;
      const s = r.data;
      const current = s.games.find((g) => !g.over);
      for (const g of s.games) if (g.token) saveToken(g.id, 0, g.token);
      series.append(h("div", { class: "series-row", "data-series": s.id },
        h("b", { text: seriesLine(s) }),
        h("ol", {}, s.games.map((g) => h("li", {}, h("a", { href: `/game/${g.id}`, text: t("Train No. %(n)s", { n: g.train }) }), g.over ? ": " + t("%(vp)s VP", { vp: num(g.score) }) : ": " + t("in play")))),
        current ? h("a", { href: `/game/${current.id}`, class: "button", text: t("Resume train No. %(n)s", { n: current.train }) })
          : s.train_next ? h("button", { type: "button", class: "series-next", onclick: async () => {
            const n = await api(`/api/series/${encodeURIComponent(s.id)}/next`, { method: "POST", token: key });
            if (!n.ok) { toast(errorText(n), "error"); return; }
            const g = n.data.game || n.data;
            const gid = g.id || n.data.id;
            if (n.data.token) saveToken(gid, 0, n.data.token);
            location.href = `/game/${gid}`;
          }, text: t("Next: train No. %(n)s", { n: s.train_next }) }) : h("span", { text: " " + t("Complete.") })));
    }
  }

  refreshMine();
  drawSeries();
  if (lobbyFeed && lobbyFeed.close) lobbyFeed.close();
  lobbyFeed = watchLobby(drawGames);
  clearInterval(mineTimer);
  mineTimer = setInterval(refreshMine, 15000);
  // Another language from the menu: the lobby is drawn again in it (the form starts afresh).
  if (stopLanguage) stopLanguage();
  stopLanguage = onLanguage(async () => {
    const m = await api("/api/meta");
    if (m.ok) lobbyPage(root, normalizeMeta(m.data));
  });
}

let lobbyFeed = null;
let mineTimer = null;
let stopLanguage = null;
