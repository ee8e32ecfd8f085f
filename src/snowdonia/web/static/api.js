// HTTP and websocket access to the server, and what this browser remembers (seat tokens,
// the player key of the solo series, preferences). Tokens travel in the Authorization
// header and a websocket's first message, never in a URL the server sees.

export async function api(path, { method = "GET", body = undefined, token = null } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    return { status: 0, ok: false, data: { error: "The server cannot be reached; check your connection." } };
  }
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  return { status: res.status, ok: res.ok, data };
}

// An error body in words. FastAPI's 422 lists of problems become sentences.
export function errorText(r, fallback = "Something went wrong") {
  const d = r && r.data;
  if (d && typeof d.error === "string") return d.error;
  if (d && Array.isArray(d.detail)) {
    return d.detail.map((x) => {
      const where = (x.loc || []).filter((p) => p !== "body").join(" → ");
      return `${where ? where + ": " : ""}${x.msg}`;
    }).join("; ");
  }
  if (d && typeof d.detail === "string") return d.detail;
  if (r && r.status === 0) return "The server cannot be reached; check your connection.";
  return `${fallback} (HTTP ${r ? r.status : "?"})`;
}

function wsUrl(path) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  return `${proto}://${location.host}${path}`;
}

// A live feed of one seat's view; reconnects with back-off until closed.
export function watch(gameId, token, onView, onStatus) {
  let ws = null;
  let closed = false;
  let delay = 250;
  const open = () => {
    ws = new WebSocket(wsUrl(`/ws/games/${encodeURIComponent(gameId)}`));
    ws.onopen = () => { delay = 250; ws.send(JSON.stringify({ token: token || null })); onStatus("live"); };
    ws.onmessage = (ev) => {
      if (closed) return; // a message still queued on a feed we switched away from
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
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

// The public lobby, pushed whenever it changes; falls back to polling when the socket is
// refused (an older server).
export function watchLobby(onList) {
  let ws = null;
  let closed = false;
  let poll = null;
  let failures = 0;
  const startPolling = () => {
    if (poll) return;
    const tick = async () => { const r = await api("/api/games"); if (r.ok && !closed) onList(r.data); };
    tick();
    poll = setInterval(tick, 5000);
  };
  const open = () => {
    let opened = false;
    ws = new WebSocket(wsUrl("/ws/lobby"));
    ws.onopen = () => { opened = true; failures = 0; };
    ws.onmessage = (ev) => {
      if (closed) return;
      try {
        const msg = JSON.parse(ev.data);
        onList(Array.isArray(msg) ? msg : msg.games || []);
      } catch { /* ignore */ }
    };
    ws.onclose = () => {
      if (closed) return;
      failures += opened ? 0 : 1;
      if (failures >= 2) { startPolling(); return; }
      setTimeout(open, 1000);
    };
  };
  open();
  return { close() { closed = true; if (ws) ws.close(); if (poll) clearInterval(poll); } };
}

// ---------------------------------------------------------------- what this browser keeps
const KEY = (gameId) => `snowdonia:${gameId}`;

// Tokens this browser holds for one game: {seat: token}. Hot-seat games keep every seat's.
export function loadTokens(gameId) {
  try { return JSON.parse(localStorage.getItem(KEY(gameId)) || "{}") || {}; } catch { return {}; }
}

export function saveToken(gameId, seat, token) {
  const all = loadTokens(gameId);
  all[seat] = token;
  localStorage.setItem(KEY(gameId), JSON.stringify(all));
}

// Every seat token this browser holds: [{game, seat, token}], for "my games".
export function allSeats() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    const m = /^snowdonia:([A-Za-z0-9_-]+)$/.exec(k || "");
    if (!m || ["prefs", "player", "series"].includes(m[1])) continue;
    const toks = loadTokens(m[1]);
    for (const [seat, token] of Object.entries(toks)) if (typeof token === "string") out.push({ game: m[1], seat: +seat, token });
  }
  return out;
}

export function forgetGame(gameId) { localStorage.removeItem(KEY(gameId)); }

const PREF_DEFAULTS = { animations: true, sound: false, notify: false, confirm: false, zoom: 1 };

export function prefs() {
  try { return { ...PREF_DEFAULTS, ...(JSON.parse(localStorage.getItem("snowdonia:prefs") || "{}") || {}) }; } catch { return { ...PREF_DEFAULTS }; }
}

export function setPref(key, value) {
  const p = prefs();
  p[key] = value;
  localStorage.setItem("snowdonia:prefs", JSON.stringify(p));
  return p;
}

// Small per-game memories (my last decision's move, the position then).
export function gameMemo(gameId, seat) {
  try { return JSON.parse(sessionStorage.getItem(`snowdonia:memo:${gameId}:${seat}`) || "null") || JSON.parse(localStorage.getItem(`snowdonia:memo:${gameId}:${seat}`) || "null"); } catch { return null; }
}

export function setGameMemo(gameId, seat, memo) {
  try { localStorage.setItem(`snowdonia:memo:${gameId}:${seat}`, JSON.stringify({ move: memo.move })); } catch { /* full */ }
  try { sessionStorage.setItem(`snowdonia:memo:${gameId}:${seat}`, JSON.stringify(memo)); } catch { /* full */ }
}

// The player key of the solo series (personal bests), created on first use.
export async function playerKey() {
  let key = localStorage.getItem("snowdonia:player");
  if (key) return key;
  const r = await api("/api/players", { method: "POST", body: {} });
  if (!r.ok || !r.data || !r.data.key) return null;
  key = r.data.key;
  localStorage.setItem("snowdonia:player", key);
  return key;
}

export function mySeries() {
  try { return JSON.parse(localStorage.getItem("snowdonia:series") || "[]") || []; } catch { return []; }
}

export function addSeries(id) {
  const all = mySeries().filter((s) => s !== id);
  all.unshift(id);
  localStorage.setItem("snowdonia:series", JSON.stringify(all.slice(0, 20)));
}
