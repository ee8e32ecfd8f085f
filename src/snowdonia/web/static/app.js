// Entry point: the lobby at /, a game at /game/<id>.
import { api } from "./api.js";
import { gamePage } from "./game.js";
import { lobbyPage } from "./lobby.js";

async function main() {
  const root = document.getElementById("app");
  const meta = (await api("/api/meta")).data;
  const m = location.pathname.match(/^\/game\/([^/]+)/);
  if (m) await gamePage(root, decodeURIComponent(m[1]), meta);
  else await lobbyPage(root, meta);
}

main();
