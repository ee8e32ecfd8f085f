// Entry point: the lobby at /, a game at /game/<id>.
import { api } from "./api.js";
import { gamePage } from "./game.js";
import { lobbyPage } from "./lobby.js";

// The version-2 /api/meta lists every title; this page still draws Snowdonia from the
// older flat shape, rebuilt here from the title's entry.
function flatMeta(meta) {
  const t = meta.titles.find((x) => x.name === "snowdonia") || meta.titles[0];
  const comp = t.components || {};
  const contracts = Object.fromEntries(Object.entries(comp.contracts || {}).map(([k, c]) =>
    [k, { ...c, text: `${c.effect} (bonus: ${c.bonus})`, bonus: null }]));
  return { ...meta, title: t, bots: t.bots.map((b) => b.level), trains: comp.trains || {}, contracts,
    settings: Object.fromEntries(t.settings.map((x) => [x.key, x.choices])),
    excavation_rates: comp.excavation_rates || [], lay_rates: comp.lay_rates || [] };
}

async function main() {
  const root = document.getElementById("app");
  const meta = flatMeta((await api("/api/meta")).data);
  const m = location.pathname.match(/^\/game\/([^/]+)/);
  if (m) await gamePage(root, decodeURIComponent(m[1]), meta);
  else await lobbyPage(root, meta);
}

main();
