import { t, nt, num } from "./i18n.js";
// /api/meta in one shape. Version 2 lists `titles`; an older server sent one game's
// catalogue (bots, settings choices, contracts, trains): it is turned into one title here so
// the pages need only one code path.

const BOT_HELP = {
  random: "Random: plays any legal move. Very weak; good for learning the rules (instant).",
  greedy: "Greedy: looks one move ahead with a heuristic. A fair opponent for a first game (instant).",
  "mcts:200": "Search, 200 playouts: thinks about many futures. Solid (about a second per move).",
  "mcts:1s": "Search, 1 s a move: the strongest offered; beats greedy most games (1 second per move).",
};

export const COLOURS = { yellow: "#f2c316", blue: "#2f6fd6", green: "#2e9e44", pink: "#e86aae", purple: "#8a4fc7", red: "#d23c2c", orange: "#e8832a", teal: "#1f9e99", grey: "#8a8a8a", white: "#eeeeee", black: "#333333" };

export function botLabel(level) {
  if (level === "random") return "Random";
  if (level === "greedy") return "Greedy";
  const m = /^mcts:(.*)$/.exec(level || "");
  if (m) return /s$/.test(m[1]) ? `Search, ${m[1].replace(/s$/, " s")} a move` : `Search, ${m[1]} playouts`;
  return level;
}

function botsFromLevels(levels, help = {}) {
  return levels.map((level) => ({ level, label: botLabel(level), help: help[level] || BOT_HELP[level] || "" }));
}

export function normalizeMeta(raw) {
  if (raw && Array.isArray(raw.titles)) {
    for (const t of raw.titles) {
      if (!t.bots || !t.bots.length) t.bots = botsFromLevels((raw.limits && raw.limits.bot_levels) || []);
      t.bots = t.bots.map((b) => (typeof b === "string" ? { level: b, label: botLabel(b), help: BOT_HELP[b] || "" } : b));
      t.components = t.components || {};
      t.board = t.board || "/static/generic-board.js"; // a title without its own board module
    }
    return raw;
  }
  // An older server: one title (Snowdonia), settings as lists of choices.
  const s = (raw && raw.settings) || {};
  const settings = [
    { key: "edition", label: t("Edition"), default: "original", kind: "choice", choices: s.edition || ["original", "deluxe"], help: "Deluxe (2019) rules", players: [], scenarios: [] },
    { key: "light_fog", label: t("Light Fog"), default: false, kind: "bool", choices: [false, true], help: "Fog blocks only the last space of B and D", players: [], scenarios: [] },
    { key: "contracts_per_window", label: t("Contracts per window"), default: 0, kind: "choice", choices: s.contracts_per_window || [0, 1], help: "0: any number (English rules); 1: exactly one (German rules)", players: [], scenarios: [] },
    { key: "solo_train", label: t("Solo train"), default: 1, kind: "choice", choices: s.solo_train || [1, 2, 3, 4, 5, 6, 7], help: "The solo player's train", players: [1], scenarios: [] },
    { key: "deluxe_track_cards", label: t("Deluxe track cards"), default: false, kind: "bool", choices: [false, true], help: "Deluxe 0-, 6- and 7-rubble track cards (Deluxe only)", players: [], scenarios: [] },
  ];
  const trains = {};
  for (const [n, t] of Object.entries(raw.trains || {})) {
    trains[n] = { ...t, short: `No. ${n} ${t.name}`, rule: `Train No. ${n} ${t.name}: costs ${t.cost} steel, comes with ${t.coal} coal.` };
  }
  const contracts = {};
  for (const [n, c] of Object.entries(raw.contracts || {})) contracts[n] = { ...c, effect: c.text, text: `#${n} (${c.area}): ${c.text}` };
  return {
    titles: [{
      name: "snowdonia", display_name: "Snowdonia", players: [1, 2, 3, 4, 5],
      scenarios: [{ key: "mount_snowdon", name: "Mount Snowdon", players: [1, 2, 3, 4, 5], description: "", provisional: false }],
      settings, score_lines: ["stations", "track", "surveyor", "train", "contracts"], decisions: {},
      bots: botsFromLevels(raw.bots || []), board: "/boards/snowdonia.js",
      components: { contracts, trains, rules: {}, events: {}, rates: { excavate: raw.excavation_rates || [], lay_track: raw.lay_rates || [] } },
    }],
    limits: { max_players: 5, bot_levels: raw.bots || [] },
    legacy: true,
  };
}

export function titleOf(meta, name) {
  return meta.titles.find((t) => t.name === (name || "snowdonia")) || meta.titles[0];
}
