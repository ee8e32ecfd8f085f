// HTTP and websocket access to the Snowdonia server. Tokens travel in the Authorization
// header and the websocket's first message, never in a URL the server logs.

export async function api(path, { method = "GET", body = undefined, token = null } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  return { status: res.status, ok: res.ok, data };
}

// A live feed of one seat's view; reconnects with back-off until closed.
export function watch(gameId, token, onView, onStatus) {
  let ws = null;
  let closed = false;
  let delay = 250;
  const open = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(gameId)}`);
    ws.onopen = () => { delay = 250; ws.send(JSON.stringify({ token: token || null })); onStatus("live"); };
    ws.onmessage = (ev) => {
      if (closed) return; // a message still queued on a feed we switched away from
      const msg = JSON.parse(ev.data);
      if (msg.error) { onStatus("refused: " + msg.error); closed = true; return; }
      onView(msg);
    };
    ws.onclose = () => {
      if (closed) return;
      onStatus("reconnecting…");
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 5000);
    };
  };
  open();
  return {
    close() { closed = true; if (ws) ws.close(); },
    // Watch another seat on the same socket (hot-seat); reconnects use it too.
    setToken(t) { token = t; if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ token: t || null })); },
  };
}

// Tokens this browser holds, per game: {seat: token}. Hot-seat games keep every seat's.
export function loadTokens(gameId) {
  try { return JSON.parse(localStorage.getItem(`snowdonia:${gameId}`) || "{}"); } catch { return {}; }
}

export function saveToken(gameId, seat, token) {
  const all = loadTokens(gameId);
  all[seat] = token;
  localStorage.setItem(`snowdonia:${gameId}`, JSON.stringify(all));
}
