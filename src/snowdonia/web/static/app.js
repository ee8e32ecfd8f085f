// Entry point: the lobby at /, a game at /game/<id>.
import { api } from "./api.js";
import { normalizeMeta } from "./meta.js";
import { loadLanguage, t } from "./i18n.js";

async function main() {
  const root = document.getElementById("app");
  await loadLanguage();
  const r = await api("/api/meta");
  if (!r.ok) {
    root.textContent = t("The server did not answer; reload the page in a moment.");
    return;
  }
  const meta = normalizeMeta(r.data);
  const m = location.pathname.match(/^\/game\/([^/]+)/);
  // One page's script only: the game page never loads the lobby's, nor the reverse.
  if (m) await (await import("./game.js")).gamePage(root, decodeURIComponent(m[1]), meta);
  else await (await import("./lobby.js")).lobbyPage(root, meta);
}

main();
