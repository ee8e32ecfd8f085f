// Entry point: the lobby at /, a game at /game/<id>.
import { api } from "./api.js";
import { normalizeMeta } from "./meta.js";
import { gamePage } from "./game.js";
import { lobbyPage } from "./lobby.js";

async function main() {
  const root = document.getElementById("app");
  const r = await api("/api/meta");
  if (!r.ok) {
    root.textContent = "The server did not answer; reload the page in a moment.";
    return;
  }
  const meta = normalizeMeta(r.data);
  const m = location.pathname.match(/^\/game\/([^/]+)/);
  if (m) await gamePage(root, decodeURIComponent(m[1]), meta);
  else await lobbyPage(root, meta);
}

main();
