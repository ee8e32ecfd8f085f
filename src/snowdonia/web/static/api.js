// HTTP and websocket access to the server, and what this browser remembers (seat tokens,
// the player key of the solo series, preferences). Tokens travel in the Authorization
// header and a websocket's first message, never in a URL the server sees. Every request
// says the page's language (Accept-Language; the socket: ?lang=), so the server's words match.
import { lang, t } from "./i18n.js";

export async function api(path, { method = "GET", body = undefined, token = null } = {}) {
  const headers = { "Accept-Language": lang() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    return { status: 0, ok: false, data: { error: t("The server cannot be reached; check your connection.") } };
  }
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  return { status: res.status, ok: res.ok, data };
}

// An error body in words. FastAPI's 422 lists of problems become sentences.
export function errorText(r, fallback = null) {
  if (fallback === null) fallback = t("Something went wrong");
  const d = r && r.data;
  if (d && typeof d.error === "string") return d.error;
  if (d && Array.isArray(d.detail)) {
    return d.detail.map((x) => {
      const where = (x.loc || []).filter((p) => p !== "body").join(" → ");
      return `${where ? where + ": " : ""}${x.msg}`;
    }).join("; ");
  }
  if (d && typeof d.detail === "string") return d.detail;
  if (r && r.status === 0) return t("The server cannot be reached; check your connection.");
  return `${fallback} (HTTP ${r ? r.status : "?"})`;
}

function wsUrl(path) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  return `${proto}://${location.host}${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang())}`;
}

// Exponential back-off with full jitter: 0.5 s, 1 s, 2 s, … up to 30 s, each a random time up
// to that (so a thousand browsers refused at once do not all come back at once).
export function backoff(attempt, base = 500, cap = 30000) {
  const top = Math.min(cap, base * 2 ** Math.min(attempt, 16));
  return Math.round(top / 2 + Math.random() * top / 2);
}

// Close codes after which trying again cannot help: a bad request (4400), a token of no seat
// (4403), no such game (4404), this seat opened in another window (4409).
const FINAL = new Set([4400, 4403, 4404, 4409]);

// A live feed of one seat's view. After a network error, a server going away (1001, 1006,
// 1012) or a busy server (4429) it reconnects with back-off and says so; it stops for good
// only on a final refusal or close().
export function watch(gameId, token, onView, onStatus) {
  let ws = null;
  let closed = false;
  let attempt = 0;
  let timer = null;
  let refusal = null; // the server's words before it closed
  const retry = (why) => {
    const wait = backoff(attempt++);
    onStatus(t("%(why)s; reconnecting in %(s)s s…", { why, s: Math.max(1, Math.round(wait / 1000)) }));
    timer = setTimeout(() => { timer = null; onStatus(t("reconnecting…")); open(); }, wait);
  };
  const open = () => {
    refusal = null;
    const sock = ws = new WebSocket(wsUrl(`/ws/games/${encodeURIComponent(gameId)}`));
    sock.onopen = () => { sock.send(JSON.stringify({ token: token || null })); };
    sock.onmessage = (ev) => {
      if (closed || sock !== ws) return; // a message still queued on a feed we switched away from
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.error) { refusal = msg; return; } // the close that follows decides what to do
      attempt = 0;
      onStatus(t("live"));
      onView(msg);
    };
    sock.onclose = (ev) => {
      if (closed || sock !== ws) return;
      if (FINAL.has(ev.code) || (refusal && refusal.replaced)) {
        closed = true;
        onStatus(refusal ? (refusal.replaced ? t("opened in another window: reload to follow the game here") : t("refused: %(why)s", { why: refusal.error })) : t("closed (%(code)s)", { code: ev.code }));
        return;
      }
      if (ev.code === 4429) retry(refusal ? t("the server is busy: %(why)s", { why: refusal.error }) : t("the server is busy"));
      else if (ev.code === 1001 || ev.code === 1012) retry(t("the server closed the connection"));
      else retry(t("connection lost"));
    };
  };
  open();
  return {
    close() { closed = true; if (timer) clearTimeout(timer); if (ws) ws.close(); },
    // Watch another seat on the same socket (hot-seat); reconnects use it too.
    setToken(t) { token = t; if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ token: t || null })); },
  };
}

// The public lobby, pushed whenever it changes; reconnects with back-off, and polls instead
// when the socket cannot be opened at all (an older server, a proxy without websockets).
export function watchLobby(onList) {
  let ws = null;
  let closed = false;
  let poll = null;
  let failures = 0;
  let attempt = 0;
  const startPolling = () => {
    if (poll) return;
    const tick = async () => { const r = await api("/api/games"); if (r.ok && !closed) onList(r.data); };
    tick();
    poll = setInterval(tick, 5000);
  };
  const open = () => {
    let opened = false;
    let listed = false;
    ws = new WebSocket(wsUrl("/ws/lobby"));
    ws.onopen = () => { opened = true; failures = 0; };
    ws.onmessage = (ev) => {
      if (closed) return;
      try {
        const msg = JSON.parse(ev.data);
        if (msg && msg.error) return;
        listed = true;
        attempt = 0;
        if (poll) { clearInterval(poll); poll = null; }
        onList(Array.isArray(msg) ? msg : msg.games || []);
      } catch { /* ignore */ }
    };
    ws.onclose = () => {
      if (closed) return;
      failures += opened ? 0 : 1;
      if (failures >= 2) { startPolling(); return; }
      if (!listed && opened) startPolling(); // refused (busy): the list by polling meanwhile
      setTimeout(open, backoff(attempt++, 1000));
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
