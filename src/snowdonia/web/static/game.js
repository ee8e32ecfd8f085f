// The game page: the board (the title's module, loaded from its `board` URL), the pending
// decision's controls, the players, the log grouped by round, the running score, and at the
// end the score sheet and a replay that names each step. Nothing here knows a title's rules:
// everything game-specific comes from the view, /api/meta and the board module.
import { adviceState, advicePanel, markAdvice } from "./advice.js";
import { api, errorText, watch, loadTokens, saveToken, prefs, setPref, gameMemo, setGameMemo, playerKey } from "./api.js";
import { h, plural, inkOn, copyText, toast } from "./dom.js";
import { COLOURS, titleOf, normalizeMeta } from "./meta.js";
import { installExplainer } from "./explain.js";
import { installZoom } from "./zoom.js";
import { turnSignals } from "./signals.js";
import { renderLog, sinceText } from "./log.js";
import { openHowTo } from "./howto.js";
import { guideFor, guideBox, leaveGuide, loadGuide } from "./guide.js";
import { t, nt, pt, num, languageMenu, onLanguage } from "./i18n.js";

const WIDE = 1000; // at this width and more: board and side column side by side

export function seatName(view, seat) {
  const s = view.seats && view.seats[seat];
  if (!s) return t("Player %(n)s", { n: seat + 1 });
  if (s.name) return s.name;
  return s.kind === "bot" ? t("Player %(n)s (%(level)s bot)", { n: seat + 1, level: botName(s.bot) }) : t("Player %(n)s", { n: seat + 1 });
}

function botName(level) {
  return t(String(level || "").charAt(0).toUpperCase() + String(level || "").slice(1));
}

// A seat's colour: the title's own when its observation names one (Foothills: blue and
// green, whichever seat holds them), else the table's seat colour.
export function seatColourName(view, seat) {
  const p = view.observation && Array.isArray(view.observation.players) ? view.observation.players[seat] : null;
  if (p && typeof p === "object" && COLOURS[p.colour]) return p.colour;
  const s = view.seats && view.seats[seat];
  return s ? s.colour : "yellow";
}

export function seatColour(view, seat) {
  return COLOURS[seatColourName(view, seat)] || "#999";
}

// Foothills counts turns (one player's each), Snowdonia rounds: the header and the log say
// the title's own unit, the same number everywhere.
function countsTurns(v) {
  return !!(v.observation && typeof v.observation.turn === "number");
}

function roundLabel(v) {
  const o = v.observation || {};
  if (countsTurns(v)) return o.turn ? t("Turn %(n)s", { n: num(o.turn) }) + " · " : "";
  return o.round ? t("Round %(n)s", { n: num(o.round) }) + " · " : "";
}

function decisionOf(v) {
  return v.decision || (v.observation && v.observation.decision) || null;
}

function promptOf(v, title) {
  const d = decisionOf(v);
  if (!d) return "";
  const reg = (title.decisions || {})[d.kind];
  if (d.prompt) {
    const said = t(d.prompt);
    return d.area ? t("%(prompt)s (area %(area)s)", { prompt: said, area: d.area }) : said;
  }
  return reg ? reg.prompt : String(d.kind).replaceAll("_", " ");
}

function labelOf(a) {
  return a.label || a.text;
}

// The words' mark of a choice that would do nothing now (games/*/ui/words.py NOTHING_NOW).
const IDLE_EN = " · nothing to do now: ";
let IDLE = IDLE_EN;
function idleMark() { IDLE = " · " + t("nothing to do now") + ": "; return IDLE; }
function idleWhy(a) {
  const l = a.label || "";
  const mark = idleMark();
  const i = l.indexOf(mark);
  return i >= 0 ? l.slice(i + mark.length) : null;
}

function undoLabel(n) {
  const moves = nt("%(n)s move", "%(n)s moves", n);
  return t("Undo back to the start of my turn (%(moves)s)", { moves });
}

function sinceLabel(n) {
  const moves = nt("%(n)s move", "%(n)s moves", n);
  return t("Since your last move: %(moves)s", { moves });
}

function reviewSummary(n, counts, budget) {
  const decisions = nt("%(n)s decision", "%(n)s decisions", n);
  const inaccuracies = nt("%(n)s inaccuracy", "%(n)s inaccuracies", counts.inaccuracy);
  const mistakes = nt("%(n)s mistake", "%(n)s mistakes", counts.mistake);
  const blunders = nt("%(n)s blunder", "%(n)s blunders", counts.blunder);
  return t("%(decisions)s reviewed: %(inaccuracies)s, %(mistakes)s, %(blunders)s (budget %(budget)s; the values are a bot's estimates — see the replay for each).", { decisions, inaccuracies, mistakes, blunders, budget });
}

function isUnnamed(v) {
  if (v.seat === null || v.seat === undefined) return false;
  const s = v.seats[v.seat];
  return !s || !s.name || /^Player \d+$/.test(s.name) || s.name === t("Player %(n)s", { n: v.seat + 1 });
}

export async function gamePage(root, gameId, meta) {
  const hash = new URLSearchParams(location.hash.slice(1));
  const st = {
    view: null, token: null, feed: null, hotseat: false, replay: null, error: null, notice: null, conn: "",
    title: null, board: null, confirm: null, focus: null, prevObs: null, tab: "board", endShown: false,
    wantReplay: hash.has("replay") ? +hash.get("replay") : null, askedName: false,
    advice: adviceState(),
    review: null, // the post-game review: null (not asked yet), {state: "none"|"queued"|"running"|"done"|"failed", ...}
  };
  const watching = hash.has("watch");
  const tokens = loadTokens(gameId);
  st.token = watching ? null : hash.get("token") || null;
  if (!st.token && !watching) {
    const seats = Object.keys(tokens);
    st.hotseat = seats.length > 1;
    if (seats.length) st.token = tokens[seats[0]];
  }
  if (hash.has("token")) history.replaceState(null, "", location.pathname + location.search); // keep the secret out of the address bar

  root.replaceChildren();
  document.body.classList.add("game-page");
  const header = h("header", { class: "bar" });
  const tabs = h("nav", { class: "tabs", "aria-label": t("Game panels") });
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("id", "board");
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", t("Game board"));
  // Focusable, so a keyboard can scroll a board with nothing to choose on it (a finished game).
  const boardWrap = h("div", { class: "board-wrap", id: "board-wrap", tabindex: "0", role: "region", "aria-label": t("The board") }, svg);
  const zoomBar = h("div", { class: "zoom-bar", role: "group", "aria-label": t("Zoom") });
  const decision = h("section", { id: "decision", class: "panel sheet", "aria-label": t("Your decision"), "aria-live": "polite" });
  const players = h("section", { id: "players", class: "pane", "aria-label": t("Players") });
  const scorePane = h("section", { id: "score", class: "pane", "aria-label": t("Score") });
  const logPane = h("section", { id: "log", class: "pane panel", "aria-label": t("Game log") });
  const boardPane = h("section", { id: "board-pane", class: "pane", "aria-label": t("Board") }, zoomBar, boardWrap);
  const main = h("main", { class: "game", "data-tab": st.tab }, h("div", { class: "left" }, boardPane, scorePane), h("aside", { class: "side" }, decision, players, logPane));
  root.append(header, tabs, main);

  const zoom = installZoom(boardWrap, svg, zoomBar, () => draw());
  const explainer = installExplainer(root, (key) => st.board && st.title && st.board.explain ? st.board.explain(key, shown(), st.title) : null);
  const signals = turnSignals();

  const shown = () => (st.replay ? st.replay.view : st.view);
  const mine = () => st.view && st.view.seat !== null && st.view.seat !== undefined && !st.replay && (st.view.legal || []).length > 0 && !st.view.over;
  const wide = () => window.innerWidth >= WIDE;

  // ---------------------------------------------------------------- server traffic
  const connect = () => {
    if (st.feed) st.feed.close();
    st.feed = watch(gameId, st.token, (v) => show(v), (s) => { st.conn = s; drawHeader(); });
  };

  // What this page holds of the log, so the server sends only the lines after it (`log_from`).
  const held = () => (st.view && Array.isArray(st.view.log) && st.view.log_key ? `?key=${st.view.log_key}&log=${st.view.log.length}` : "");

  // A view with only new log lines gets the lines this page holds before them; null when
  // this page cannot complete it (too few lines, or a log with another key: renamed, undone).
  function withLog(old, v) {
    if (!v.log_from) return v;
    if (!old || !Array.isArray(old.log) || old.log.length < v.log_from || old.log_key !== v.log_key) return null;
    return { ...v, log: old.log.slice(0, v.log_from).concat(v.log), log_from: 0 };
  }

  async function refresh(whole = false) {
    const used = st.token;
    const r = await api(`/api/games/${encodeURIComponent(gameId)}${whole ? "" : held()}`, { token: used });
    if (r.status === 404) { root.replaceChildren(h("main", { class: "lobby" }, h("p", { class: "panel", text: t("There is no such game on this server.") }), h("a", { href: "/", text: t("Back to the lobby") }))); return false; }
    if (r.status === 403 && st.token) { st.notice = t("This link's seat token is not valid for this game; you are watching instead."); st.token = null; return refresh(); }
    if (r.ok && used && r.data.seat !== null && r.data.seat !== undefined) saveToken(gameId, r.data.seat, used);
    if (r.ok && used === st.token) show(r.data, true);
    return r.ok;
  }

  // Pushes arrive in order and always describe the present; an HTTP answer can come after
  // pushes of later changes (bots answer fast), so an older view is dropped.
  function show(given, fromHttp = false) {
    const old = st.view;
    if (old && given.seat === old.seat) {
      const newer = given.revision !== undefined && old.revision !== undefined ? given.revision >= old.revision : !(fromHttp && given.move < old.move);
      if (!newer) return;
    }
    const v = withLog(old, given);
    if (v === null) { refresh(true); return; } // lines missing here: ask for the whole log
    if (old && v.seat === old.seat && old.observation && v.move !== old.move) st.prevObs = old.observation;
    if (old && v.move !== old.move) st.error = null;
    st.view = v;
    const cur = decisionOf(v) ? decisionOf(v).player : null;
    const local = loadTokens(gameId);
    if (st.hotseat && cur !== null && cur !== undefined && cur !== v.seat && local[cur]) {
      st.token = local[cur];
      if (st.feed) st.feed.setToken(st.token);
      refresh();
      return;
    }
    if (st.confirm && !(v.legal || []).some((a) => a.text === st.confirm.text)) st.confirm = null;
    if (v.rematch && old && !old.rematch && v.rematch.by !== v.seat) toast(t("%(who)s offers a rematch", { who: v.rematch.by_name }));
    // Someone else took moves back: a notice in the panel (and the log line says what).
    const undos = (x) => (x.log || []).filter((e) => e && e.type === "undo");
    if (old && undos(v).length > undos(old).length) {
      const u = undos(v)[undos(v).length - 1];
      if (u.seat !== v.seat) { st.notice = u.text; toast(u.text); }
    }
    draw();
    if (v.over && !st.endShown) {
      st.endShown = true;
      if (!wide()) setTab("score");
      if (st.wantReplay !== null) { const n = st.wantReplay; st.wantReplay = null; goReplay(n); }
    }
  }

  function memo() {
    const v = st.view;
    if (!v || v.seat === null || v.seat === undefined) return null;
    return gameMemo(gameId, v.seat);
  }

  // The move number of my last decision: remembered when I acted, else read from the log.
  function lastMine() {
    const v = st.view;
    if (!v || v.seat === null || v.seat === undefined) return null;
    const m = memo();
    if (m && typeof m.move === "number" && m.move <= v.move) return m.move;
    let best = null;
    for (const e of v.log || []) if (typeof e === "object" && e.seat === v.seat && typeof e.move === "number" && ["place", "hire", "play", "take", "convert", "build", "buy", "pick", "keep", "maintain", "weather_swap", "move_labourer", "clear", "start_end", "game_surveyor", "setup_take", "card", "rubble", "track", "swap", "surveyor", "score", "replace"].includes(e.type)) best = Math.max(best ?? 0, e.move);
    return best;
  }

  async function send(text, why = null) {
    const v = st.view;
    if (!v || st.replay) return;
    st.error = null;
    st.confirm = null;
    const before = v.move;
    const r = await api(`/api/games/${encodeURIComponent(gameId)}/actions${held()}`, { method: "POST", token: st.token, body: { action: text, move: before, revision: v.revision } });
    if (r.ok) {
      const base = r.data.move === before + 1 ? r.data.observation : v.observation;
      setGameMemo(gameId, v.seat, { move: before + 1, obs: base });
      show(r.data, true);
    } else if (r.status === 409) {
      st.notice = errorText(r);
      await refresh();
      draw();
    } else {
      // The engine's reason in the table's names (`reason`), else the server's sentence.
      refuse(r.data && typeof r.data.reason === "string" && r.data.reason ? r.data.reason : errorText(r), text, why);
      await refresh();
      draw();
    }
  }

  function refuse(message, text, why = null) {
    // The board knows the specific reason (taken, fog); the server's sentence confirms it.
    const clean = String(message).replace(/\s*Legal: .*$/s, "");
    st.error = { text: why ? `${why}.` : clean, server: clean, action: text };
    drawDecision();
    const box = decision.querySelector(".refusal");
    if (box) box.scrollIntoView({ block: "nearest" });
  }

  async function undo() {
    const v = st.view;
    const u = v.undo || {};
    // The view's revision: a view that another undo or a takeover replaced is refused (409).
    const body = { move: v.move, revision: v.revision };
    if (typeof u.to_move === "number") body.to = u.to_move;
    const r = await api(`/api/games/${encodeURIComponent(gameId)}/undo`, { method: "POST", token: st.token, body });
    if (r.ok) {
      st.error = null;
      st.prevObs = null;
      if (v.seat !== null) setGameMemo(gameId, v.seat, { move: Math.max(0, (r.data.move || 0) - 1), obs: null });
      show(r.data, true);
      toast(t("Undone: back to move %(n)s", { n: num(r.data.move) }));
    } else if (r.status === 409) {
      st.notice = errorText(r);
      await refresh();
      draw();
    } else { refuse(errorText(r), null); }
  }

  async function reclaim() {
    const v = st.view;
    const r = await api(`/api/games/${encodeURIComponent(gameId)}/seats/${v.seat}/reclaim`, { method: "POST", token: st.token });
    if (r.ok) { show(r.data, true); toast(t("Your seat is yours again from its next decision.")); } else refuse(errorText(r), null);
  }

  // Leave the table: the table's takeover bot plays the seat until its player takes it back.
  async function leave() {
    const v = st.view;
    if (!window.confirm(t("Leave the table? A bot plays your seat from now on; you can take it back from this page or your seat link."))) return;
    const r = await api(`/api/games/${encodeURIComponent(gameId)}/seats/${v.seat}/leave`, { method: "POST", token: st.token });
    if (r.ok) { if (menu) toggleMenu(); show(r.data, true); toast(t("You left the table: a bot plays your seat. Take it back whenever you like.")); } else refuse(errorText(r), null);
  }

  async function saveName(name) {
    const v = st.view;
    const r = await api(`/api/games/${encodeURIComponent(gameId)}/seats/${v.seat}/name`, { method: "POST", token: st.token, body: { name } });
    st.askedName = true;
    if (r.ok) { show(r.data, true); toast(t("You are %(name)s", { name })); } else if (r.status === 404 || r.status === 405) {
      toast(t("This server does not keep names yet."));
      draw();
    } else { refuse(errorText(r), null); }
  }

  // ---------------------------------------------------------------- clicks
  function act(text) {
    const idle = (st.view.legal || []).find((x) => x.text === text && idleWhy(x));
    if (idle && !st.confirm) {
      // Placing where nothing happens is allowed; say why first, and let the player go on.
      st.confirm = { text, label: t("%(choice)s. It would do nothing now: %(why)s.", { choice: labelOf(idle).split(idleMark())[0], why: idleWhy(idle) }), yes: t("Place it anyway") };
      drawDecision();
      setTab("decision", true);
      return;
    }
    if (prefs().confirm) {
      const a = (st.view.legal || []).find((x) => x.text === text);
      st.confirm = { text, label: a ? labelOf(a) : text };
      drawDecision();
      setTab("board", true);
      return;
    }
    send(text);
  }

  async function tryRefused(el) {
    const v = st.view;
    const text = el.getAttribute("data-try");
    const why = el.getAttribute("data-why");
    if (!v) return;
    if (v.seat === null || v.seat === undefined) { refuse(t("You are watching this game. Open your own seat link to play."), text); return; }
    if (!mine()) {
      const d = decisionOf(v);
      const someone = t("someone else");
      refuse(v.over ? t("The game is over.") : t("Not your turn: %(who)s is deciding (%(what)s).", { who: d ? seatName(v, d.player) : someone, what: promptOf(v, st.title) }), text);
      return;
    }
    await send(text, why);
  }

  root.addEventListener("click", (ev) => {
    if (explainer.suppressed()) { ev.preventDefault(); return; }
    const a = ev.target.closest("[data-action]");
    if (a && root.contains(a) && !a.hasAttribute("disabled")) {
      ev.preventDefault();
      explainer.hide();
      if (!mine()) { tryRefused(a); return; }
      act(a.getAttribute("data-action"));
      return;
    }
    const c = ev.target.closest("[data-choose]");
    if (c) {
      // Several legal actions on one part of the board: its data-options (a JSON list of action
      // texts) or, from an older board module, a "build:<site>" / "buy:<train>" key.
      let options = null;
      try { options = c.hasAttribute("data-options") ? JSON.parse(c.getAttribute("data-options")) : null; } catch (e) { options = null; }
      st.focus = { key: c.getAttribute("data-choose"), options, prompt: c.getAttribute("data-prompt") };
      drawDecision();
      if (!wide()) setTab("board", true);
      requestAnimationFrame(() => decision.querySelector(".focus")?.scrollIntoView({ block: "nearest" }));
      return;
    }
    const t = ev.target.closest("[data-try]");
    if (t) { tryRefused(t).then(() => explainer.showFor(t, ev, st.error ? st.error.text : null)); return; }
    const info = ev.target.closest("[data-info]");
    if (info) { explainer.showFor(info, ev); return; }
    if (!ev.target.closest("#info")) explainer.hide();
  });
  root.addEventListener("keydown", (ev) => {
    if ((ev.key === "Enter" || ev.key === " ") && ev.target.matches && ev.target.matches("[role=button]:not(button)")) {
      ev.preventDefault();
      ev.target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
    if (ev.key === "Escape") { explainer.hide(); if (st.confirm) { st.confirm = null; drawDecision(); } }
  });

  function setTab(tab, quiet = false) {
    st.tab = tab;
    main.dataset.tab = tab;
    for (const b of tabs.querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.tab === tab));
    if (!quiet && tab === "log") logPane.querySelector(".log-end")?.scrollIntoView({ block: "end" });
  }

  // ---------------------------------------------------------------- header, tabs, menu
  function drawHeader() {
    const v = st.view;
    header.replaceChildren(h("h1", { class: "brand" }, h("a", { href: "/", text: st.title ? st.title.display_name : t("Snowdonia") })));
    if (!v) return;
    const d = decisionOf(v);
    let status;
    if (st.replay) status = `${v.over ? t("Replay") : t("History")} · ${t("move %(n)s of %(total)s", { n: num(st.replay.move), total: num(st.replay.total) })}`;
    else if (v.over) status = v.solo ? t("Game over · your score is in") : t("Game over");
    else if (mine()) status = t("Your turn: %(prompt)s", { prompt: promptOf(v, st.title) });
    else status = `${d ? seatName(v, d.player) : "…"}: ${promptOf(v, st.title)}`;
    const round = roundLabel(st.replay ? st.replay.view : v) + (v.solo && !wide() ? t("train No. %(n)s", { n: v.solo.train }) + " · " : "");
    header.append(h("span", { class: "status" + (mine() ? " yours" : ""), id: "status", role: "status", text: `${round}${status}` }));
    if (v.solo) header.append(h("span", { class: "chip", text: t("Solo · train No. %(n)s", { n: v.solo.train }) + (v.solo.best !== null && v.solo.best !== undefined ? " · " + t("best %(vp)s", { vp: num(v.solo.best) }) : "") }));
    const local = loadTokens(gameId);
    const seats = Object.keys(local);
    if (seats.length > 1 && !watching) {
      const sel = h("select", { id: "seat-select", "aria-label": t("Seat shown"), onchange: (e) => { st.token = local[e.target.value]; st.hotseat = false; st.feed.setToken(st.token); refresh(); } },
        seats.map((s) => h("option", { value: s, selected: String(v.seat) === s ? "selected" : null, text: seatName(v, +s) })));
      header.append(h("label", { class: "hot" }, t("Seat") + " ", sel),
        h("label", { class: "hot" }, h("input", { type: "checkbox", id: "hotseat-follow", checked: st.hotseat ? "checked" : null, onchange: (e) => { st.hotseat = e.target.checked; if (st.hotseat) show(st.view); } }), " " + t("hot-seat")));
    }
    header.append(h("span", { class: "who", text: v.seat === null || v.seat === undefined ? t("Spectator") : t("You: %(name)s", { name: seatName(v, v.seat) }) }));
    if (st.conn && st.conn !== t("live")) header.append(h("span", { class: "conn", text: st.conn }));
    if (!v.over && !st.replay && v.move) {
      header.append(h("button", { type: "button", id: "history-open", class: "menu-button", title: t("Step back through the game so far (read-only)"), "aria-label": t("History: step back through the game so far"), onclick: () => goReplay(v.move - 1) },
        h("span", { "aria-hidden": "true", text: "◀" }), h("span", { class: "wide-only", "aria-hidden": "true", text: " " + t("History") })));
    }
    header.append(h("button", { type: "button", id: "howto-button", class: "menu-button howto-button", onclick: (ev) => openHowTo(v.game || "snowdonia", v.scenario, ev.currentTarget), text: t("How to play") }));
    header.append(h("button", { type: "button", id: "menu-button", class: "menu-button", "aria-haspopup": "true", "aria-expanded": "false", onclick: toggleMenu, text: t("☰ Options") }));
  }

  function drawTabs() {
    const v = st.view;
    const unread = v && mine() ? " •" : "";
    tabs.replaceChildren(...[["board", t("Board")], ["decision", pt("tab", "Move") + unread], ["players", t("Players")], ["log", t("Log")], ["score", v && v.over ? t("Score sheet") : t("Score")]].map(([k, label]) =>
      h("button", { type: "button", "data-tab": k, "aria-pressed": String(st.tab === k), onclick: () => setTab(k), text: label })));
  }

  let menu = null;
  function toggleMenu() {
    if (menu) { menu.remove(); menu = null; document.getElementById("menu-button")?.setAttribute("aria-expanded", "false"); return; }
    const v = st.view;
    const p = prefs();
    const check = (key, label, onchange) => h("label", { class: "opt" }, h("input", { type: "checkbox", id: `pref-${key}`, checked: p[key] ? "checked" : null, onchange: (e) => { setPref(key, e.target.checked); if (onchange) onchange(e.target.checked); draw(); } }), ` ${label}`);
    const link = (path) => `${location.origin}${path}`;
    const seatLink = st.token ? link(`/game/${gameId}#token=${st.token}`) : null;
    menu = h("div", { id: "menu", class: "menu panel", role: "dialog", "aria-label": t("Options") },
      h("h2", { text: t("Options") }),
      seatLink ? h("button", { type: "button", id: "copy-seat", onclick: async () => toast((await copyText(seatLink)) ? t("Your seat link is copied: open it on another device to play there. Keep it secret.") : seatLink) }, t("Copy my seat link")) : null,
      h("button", { type: "button", id: "copy-watch", onclick: async () => toast((await copyText(link(`/game/${gameId}#watch`))) ? t("Spectator link copied") : link(`/game/${gameId}#watch`)) }, t("Copy spectator link")),
      h("a", { href: `/game/${gameId}#watch`, id: "watch-link", target: "_blank", rel: "noopener", text: t("Open the spectator view") }),
      v && v.over ? h("button", { type: "button", id: "copy-replay", onclick: async () => { const n = st.replay ? st.replay.move : v.move; toast((await copyText(link(`/game/${gameId}#replay=${n}`))) ? t("Replay link at move %(n)s copied", { n }) : t("copy failed")); } }, t("Copy replay link at this move")) : null,
      h("div", { class: "opt zoom-opt", role: "group", "aria-label": t("Board zoom") }, t("Board zoom:") + " ",
        h("button", { type: "button", onclick: () => zoom.set(zoom.zoom / 1.25), "aria-label": t("Zoom out"), text: "−" }),
        h("button", { type: "button", onclick: () => zoom.set(1), text: t("Fit") }),
        h("button", { type: "button", onclick: () => zoom.set(zoom.zoom * 1.25), "aria-label": t("Zoom in"), text: "+" })),
      v && !v.over && v.seat !== null && v.seat !== undefined && st.token && !(v.seats[v.seat] || {}).taken_over_by
        ? h("button", { type: "button", id: "leave", onclick: leave, text: t("Leave the table (a bot takes over)") }) : null,
      h("label", { class: "opt", for: "language" }, t("Language") + " ", languageMenu()),
      h("hr"),
      check("animations", t("Animate the last moves")),
      check("confirm", t("Confirm each move")),
      check("sound", t("Sound when it is my turn")),
      check("notify", t("Notify me when it is my turn and this tab is hidden"), async (on) => { if (on && "Notification" in window && Notification.permission === "default") await Notification.requestPermission(); }),
      h("p", { class: "hint", text: t("Tap or hover any part of the board for its rule; long-press a highlighted choice to read it before choosing.") }),
      h("button", { type: "button", onclick: toggleMenu, text: t("Close") }));
    header.after(menu);
    document.getElementById("menu-button")?.setAttribute("aria-expanded", "true");
  }

  // ---------------------------------------------------------------- the guided first game
  function drawGuide(v, yours) {
    const state = guideFor(gameId);
    for (const el of svg.querySelectorAll(".guide-point")) el.classList.remove("guide-point");
    if (!state || st.replay) return;
    if (!st.guide) {
      if (!st.guideLoading) { st.guideLoading = true; loadGuide(state.game).then((g) => { st.guide = g; if (g) draw(); }); }
      return;
    }
    if (v.over) return;  // the closing words sit on the score sheet
    const d = decisionOf(v);
    const points = yours ? [...svg.querySelectorAll("[data-action],[data-choose]")] : [];
    for (const el of points) el.classList.add("guide-point");
    decision.append(guideBox(st.guide, state, {
      kind: d ? d.kind : null, mine: yours, over: v.over, onBoard: points.length > 0,
      onLeave: () => { leaveGuide(gameId); toast(v.over ? t("The guide is closed.") : t("The guide is closed; the game goes on.")); draw(); },
      onIntroSeen: () => { const all = JSON.parse(localStorage.getItem("snowdonia.guide") || "{}"); if (all[gameId]) { all[gameId].intro = false; localStorage.setItem("snowdonia.guide", JSON.stringify(all)); } draw(); },
    }));
  }

  // ---------------------------------------------------------------- decision panel
  function drawDecision() {
    const v = st.view;
    decision.replaceChildren();
    if (!v) return;
    const yours = mine();
    decision.classList.toggle("yours", yours);
    if (st.notice) decision.append(h("div", { class: "notice", role: "status" }, st.notice, " ", h("button", { type: "button", class: "link", onclick: () => { st.notice = null; drawDecision(); }, text: t("OK") })));
    if (st.error) decision.append(h("div", { class: "refusal error", role: "alert", id: "refusal" }, h("b", { text: t("Refused:") + " " }), st.error.text));
    drawGuide(v, yours);
    const mySeat = v.seat !== null && v.seat !== undefined ? v.seats[v.seat] : null;
    if (mySeat && mySeat.taken_over_by && !v.over) {
      decision.append(h("div", { class: "notice", role: "status" }, t("The %(level)s bot plays your seat for now.", { level: botName(mySeat.taken_over_by) }) + " ",
        h("button", { type: "button", id: "reclaim", class: "primary", onclick: reclaim, text: t("Take my seat back") })));
    }
    if (isUnnamed(v) && !st.askedName && !st.replay) {
      const input = h("input", { id: "name-input", maxlength: 24, placeholder: t("Your name"), "aria-label": t("Your name"), autocomplete: "nickname" });
      decision.append(h("form", { class: "name-form", onsubmit: (e) => { e.preventDefault(); const n = input.value.trim(); if (n) saveName(n); } },
        h("label", { for: "name-input", text: t("Your name at this table:") + " " }), input, h("button", { type: "submit", text: t("Save") }),
        h("button", { type: "button", class: "link", onclick: () => { st.askedName = true; drawDecision(); }, text: t("Later") })));
    }
    if (st.replay) {
      decision.append(h("h2", { text: `${v.over ? t("Replay") : t("History")}: ${t("move %(n)s of %(total)s", { n: num(st.replay.move), total: num(st.replay.total) })}` }), h("p", { class: "step", id: "replay-step-side", text: st.replay.step }));
      const mark = v.over ? reviewLine(st.replay.move) : null;
      if (mark) { mark.id = "review-step-side"; decision.append(mark); }
      if (!v.over) decision.append(historyControls(v));
      return;
    }
    // What happened since my last decision.
    const since = lastMine();
    if (v.seat !== null && v.seat !== undefined && since !== null && since !== undefined) {
      const events = (v.log || []).filter((e) => typeof e === "object" && e.move > since);
      if (events.length) {
        decision.append(h("details", { class: "since", id: "since", open: yours || !wide() ? "open" : null },
          h("summary", { text: sinceLabel(v.move - since) }),
          h("ul", {}, events.slice(-10).map((e) => h("li", { style: `border-left-color:${e.seat !== undefined && e.seat !== null ? seatColour(v, e.seat) : "#bbb"}`, text: sinceText(e, v) }))),
          events.length > 10 ? h("p", { class: "hint", text: nt("…and %(n)s earlier event in the log.", "…and %(n)s earlier events in the log.", events.length - 10) }) : null));
      }
    }
    if (v.over) {
      decision.append(h("h2", { text: v.solo ? t("The game is over — see your score.") : t("The game is over — see the score sheet.") }),
        h("button", { type: "button", class: "primary", onclick: () => { setTab("score"); document.getElementById("end")?.scrollIntoView({ block: "start" }); }, text: t("Show the score sheet") }),
        afterGame(v));
      return;
    }
    const d = decisionOf(v);
    if (!yours) {
      decision.append(h("h2", { class: "waiting", text: v.seat === null || v.seat === undefined ? t("%(who)s to decide", { who: seatName(v, d.player) }) : t("Waiting for %(who)s", { who: seatName(v, d.player) }) }), h("p", { text: promptOf(v, st.title) }));
      const note = advicePanel(st.advice, v, gameId, st.token, false, draw);
      if (note) decision.append(note);
      drawUndo();
      return;
    }
    decision.append(h("h2", { class: "yours", text: t("Your turn: %(prompt)s", { prompt: promptOf(v, st.title) }) }));
    const advice = advicePanel(st.advice, v, gameId, st.token, true, draw);
    if (advice) decision.append(advice);
    if (st.confirm) {
      decision.append(h("div", { class: "confirm", role: "group", "aria-label": t("Confirm your move") },
        h("p", {}, h("b", { text: t("Confirm:") + " " }), st.confirm.label),
        h("button", { type: "button", class: "primary", id: "confirm-yes", onclick: () => send(st.confirm.text), text: st.confirm.yes || t("Confirm") }),
        h("button", { type: "button", id: "confirm-no", onclick: () => { st.confirm = null; drawDecision(); }, text: t("Cancel") })));
    }
    const legal = v.legal || [];
    const btn = (a, extra = {}) => {
      const info = st.board && st.board.actionInfo ? st.board.actionInfo(a) : null;
      return h("button", { type: "button", "data-action": a.text, class: `act act-${a.kind}${idleWhy(a) ? " idle" : ""}`, "data-info-key": info, ...extra }, labelOf(a));
    };
    if (st.focus) {
      const f = st.focus;
      let opts;
      if (Array.isArray(f.options)) opts = legal.filter((a) => f.options.includes(a.text));
      else {
        const [kind, key] = String(f.key).split(":");
        opts = legal.filter((a) => (kind === "build" ? a.kind === "build" && `${a.args[0]}.${a.args[1]}` === key : a.kind === "buy" && String(a.args[0]) === key));
      }
      if (opts.length) {
        decision.append(h("div", { class: "focus", id: "focus" }, h("p", { text: f.prompt ? t(f.prompt) : t("How do you pay?") }), h("div", { class: "list" }, opts.map((a) => btn(a))),
          h("button", { type: "button", class: "link", onclick: () => drawDecision(), text: t("Cancel") })));
      }
      st.focus = null;
    }
    const cardKinds = new Set(["play", "pick", "keep"]);
    const cards = legal.filter((a) => cardKinds.has(a.kind));
    const rest = legal.filter((a) => !cardKinds.has(a.kind));
    if (Array.isArray(d.cards)) decision.append(h("p", { text: t("Drawn: %(cards)s", { cards: d.cards.map((c) => "#" + c).join(", ") }) }));
    if (cards.length) {
      decision.append(h("div", { class: "cards" }, cards.map((a) => h("div", { class: "card-choice" },
        h("button", { type: "button", class: "info-button", "data-info": `contract:${a.args[0]}`, "aria-label": `About contract #${a.args[0]}`, text: t("i") }),
        btn(a, { class: `act act-${a.kind} card-act` })))));
    }
    const onBoard = svg.querySelectorAll("[data-action],[data-choose]").length > 0;
    if (onBoard && rest.length > 1) {
      // The board offers these: the list folds away (phone: the board keeps the room;
      // desktop: the players' supplies stay in view under the decision).
      decision.append(h("p", { class: "hint", text: t("Tap a ringed part of the board, or choose from the list.") }),
        h("details", { class: "choices", open: st.listOpen ? "open" : null, ontoggle: (e) => { st.listOpen = e.target.open; } },
          h("summary", { text: nt("All %(n)s choice in words", "All %(n)s choices in words", rest.length), title: t("Or tap a ringed part of the board") }), h("div", { class: "list" }, rest.map((a) => btn(a)))));
    } else if (rest.length) decision.append(h("div", { class: "list" }, rest.map((a) => btn(a))));
    markAdvice(st.advice, v, [decision, svg]);
    drawUndo();
  }

  function drawUndo() {
    const v = st.view;
    if (v.seat === null || v.seat === undefined || v.over) return;
    const u = v.undo;
    if (u && typeof u.to_move === "number" && u.to_move < v.move) {
      const n = v.move - u.to_move;
      decision.append(h("div", { class: "undo-row" }, h("button", { type: "button", class: "undo", id: "undo", onclick: undo, text: undoLabel(n) })));
    } else if (!u && v.can_undo) {
      decision.append(h("div", { class: "undo-row" }, h("button", { type: "button", class: "undo", id: "undo", onclick: undo, text: t("Undo my last decision") })));
    } else if (u && u.why_not && lastMine() !== null) {
      decision.append(h("p", { class: "hint undo-why", id: "undo-why", text: t("No undo: %(why)s.", { why: t(u.why_not) }) }));
    }
  }

  // ---------------------------------------------------------------- players, score
  function drawPlayers(v) {
    // Folded parts keep the state the reader gave them across redraws.
    const folded = new Map([...players.querySelectorAll("details[data-key]")].map((d) => [d.dataset.key, d.open]));
    players.replaceChildren(h("h2", { class: "visually-hidden", text: t("Players") }));
    const obs = v.observation || {};
    const d = decisionOf(v);
    const sc = v.score || v.result || null;
    (v.seats || []).forEach((s, seat) => {
      const colour = seatColour(v, seat);
      const deciding = d && d.player === seat && !v.over;
      const total = sc && sc.scores ? sc.scores[seat] : null;
      const kind = s.kind === "bot" ? " · " + t("%(level)s bot", { level: botName(s.bot) }) : "";
      const live = (st.view && st.view.seats && st.view.seats[seat]) || s;  // a replayed view has no connections
      const away = s.kind === "human" && live.connected === false ? " · " + t("away") : "";
      const taken = s.taken_over_by ? " · " + t("played by %(level)s bot", { level: botName(s.taken_over_by) }) : "";
      const left = s.clock && typeof s.clock.left_ms === "number" ? " · ⏱ " + t("%(time)s left", { time: `${Math.floor(s.clock.left_ms / 60000)}:${String(Math.floor(s.clock.left_ms / 1000) % 60).padStart(2, "0")}` }) : "";
      const box = h("div", { class: "player panel" + (deciding ? " deciding" : "") + (seat === v.seat ? " me" : ""), style: `border-color:${colour}` },
        h("div", { class: "player-head", style: `background:${colour};color:${inkOn(colour)}` },
          h("b", { text: `${seatName(v, seat)}${seat === v.seat ? " " + t("(you)") : ""}` }),
          h("span", { class: "tags" }, obs.start_player === seat ? h("span", { class: "sp", "data-info": "start_player", text: t("Start Player") }) : null,
            total !== null && total !== undefined ? h("span", { class: "vp", text: t("%(vp)s VP", { vp: num(total) }) }) : null)),
        // Only the colour and the kind (the head shows both): folded away on a desktop.
        h("div", { class: "player-sub" + (away || taken || left ? "" : " plain"), text: `${pt("colour", seatColourName(v, seat))}${kind}${away}${taken}${left}${deciding ? " · " + t("deciding") : ""}` }),
        st.board && st.board.playerPanel && obs.players ? st.board.playerPanel(v, seat, st.title, h) : null);
      players.append(box);
    });
    for (const d of players.querySelectorAll("details[data-key]")) if (folded.has(d.dataset.key)) d.open = folded.get(d.dataset.key);
  }

  function scoreTable(v, res, id) {
    // A line the title marks as belonging to one solo train only ("Train No. 4 Snowdon") is
    // left out of another train's solo sheet.
    const only = (st.title && st.title.solo_train_lines) || {};
    const lines = ((st.title && st.title.score_lines) || Object.keys(res.breakdown[0].lines))
      .filter((ln) => !(v.solo && only[ln] !== undefined && only[ln] !== v.solo.train));
    return h("table", { class: "scores", id },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "" }), res.breakdown.map((b) => h("th", { scope: "col", style: `background:${seatColour(v, b.seat)};color:${inkOn(seatColour(v, b.seat))}`, text: seatName(v, b.seat) })))),
      h("tbody", {}, lines.map((ln) => h("tr", {}, h("th", { scope: "row", text: (st.title && st.title.score_labels && st.title.score_labels[ln]) || String(ln).replaceAll("_", " ") }), res.breakdown.map((b) => h("td", { text: b.lines[ln] ?? 0 })))),
        h("tr", { class: "total" }, h("th", { scope: "row", text: t("total") }), res.breakdown.map((b) => h("td", { text: b.total })))));
  }

  function tieText(v, res) {
    const tb = res.tie_break || res.tiebreak;
    if (tb) {
      if (typeof tb === "string") return tb;
      if (tb.text) return tb.text;
      const names = (tb.tied || []).map((i) => seatName(v, i)).join(t(" and "));
      const why = tb.why ? t(tb.why) : t("the tie-break decides");
      return t("%(names)s tie on %(vp)s VP: %(why)s — %(winner)s wins.", { names, vp: num(res.scores[tb.winner]), why, winner: seatName(v, tb.winner) });
    }
    const top = Math.max(...res.scores);
    const tied = res.scores.map((s, i) => (s === top ? i : -1)).filter((i) => i >= 0);
    if (tied.length < 2) return null;
    const names = tied.map((i) => seatName(v, i)).join(t(" and "));
    if (res.winners.length === 1) {
      return t("%(names)s tie on %(vp)s VP. Deluxe rule: among the tied, the player latest in turn order in the final round wins — %(winner)s.", { names, vp: num(top), winner: seatName(v, res.winners[0]) });
    }
    return t("%(names)s tie on %(vp)s VP and share the win (original edition: ties are shared).", { names, vp: num(top) });
  }

  function drawScore(v) {
    scorePane.replaceChildren();
    const res = v.over ? v.result || v.score : v.score;
    if (!res || !res.breakdown) {
      scorePane.append(h("div", { class: "panel" }, h("h2", { text: t("Score") }), h("p", { text: t("The running score is not available from this server.") })));
      return;
    }
    if (!v.over) {
      scorePane.append(h("div", { class: "panel running", id: "running-score" },
        h("h2", { text: t("Score if the game ended now") }), scoreTable(v, res, "running-table"),
        st.board && st.board.scoreNote ? h("p", { class: "hint", text: t(st.board.scoreNote) }) : null));
      return;
    }
    const end = h("div", { class: "panel score-panel", id: "end" });
    const solo = v.seats.length === 1;
    if (solo) {
      const score = res.scores[0];
      const solo = v.solo || {};
      const train = solo.train ? " " + t("with train No. %(n)s", { n: solo.train }) : "";
      let verdict = "";
      if (typeof solo.best_before === "number") {
        verdict = " — " + (score > solo.best_before ? t("a new personal best%(train)s (was %(vp)s)!", { train, vp: num(solo.best_before) }) : score === solo.best_before ? t("equal to your personal best%(train)s.", { train }) : t("your personal best%(train)s is %(vp)s.", { train, vp: num(solo.best_before) }));
      } else if (solo.best_before === null && "best_before" in solo) verdict = " — " + (score > 0 ? t("your first game%(train)s: a personal best.", { train }) : t("your first game%(train)s.", { train }));
      else if (typeof solo.best === "number") verdict = " — " + t("your personal best%(train)s: %(vp)s VP.", { train, vp: num(Math.max(solo.best, score)) });
      end.append(h("h2", { id: "winners", text: t("Your score: %(vp)s VP", { vp: num(score) }) + verdict }));
    } else {
      end.append(h("h2", { id: "winners", text: nt("Winner: %(names)s", "Winners: %(names)s", res.winners.length, { names: res.winners.map((w) => seatName(v, w)).join(t(" and ")) }) }));
      const tie = tieText(v, res);
      if (tie) end.append(h("p", { class: "tiebreak", id: "tiebreak", text: tie }));
    }
    const obs = v.observation || {};
    end.append(h("p", { text: `${res.rounds ? nt("%(n)s round", "%(n)s rounds", res.rounds) + " · " : ""}${res.end_reason || obs.end_reason ? t(res.end_reason || obs.end_reason) : ""}` }));
    end.append(h("div", { class: "table-scroll" }, scoreTable(v, res, "score-sheet")));
    if (st.board && st.board.scoreDetails) end.append(st.board.scoreDetails(res, v, st.title, h));
    const guiding = guideFor(gameId);
    if (guiding && st.guide) {
      end.prepend(guideBox(st.guide, { ...guiding, intro: false }, { kind: null, mine: false, over: true, onBoard: false,
        onLeave: () => { leaveGuide(gameId); draw(); }, onIntroSeen: () => {} }));
    }
    if (v.solo && v.solo.series) end.append(seriesBox(v));
    if (!st.replay || st.replay.move === st.replay.total) end.append(afterGame(v, "sheet"));
    end.append(reviewBox(v));
    end.append(replayControls(v));
    scorePane.append(end);
  }

  // The end of a game: a rematch (offered by the first player to ask; everyone else sees
  // "Ann offers a rematch" and joins from this same page), a new game, the lobby.
  async function rematch(v) {
    const r = await api(`/api/games/${encodeURIComponent(gameId)}/rematch`, { method: "POST", token: st.token });
    if (!r.ok) { toast(errorText(r), "error"); return; }
    saveToken(r.data.id, r.data.seat, r.data.token);
    // Hot-seat: every seat this browser holds joins too.
    for (const [seat, token] of Object.entries(loadTokens(gameId))) {
      if (token === st.token) continue;
      const o = await api(`/api/games/${encodeURIComponent(gameId)}/rematch`, { method: "POST", token });
      if (o.ok) saveToken(o.data.id, o.data.seat, o.data.token);
      else toast(t("Seat %(n)s: %(error)s", { n: +seat + 1, error: errorText(o) }), "error");
    }
    location.href = `/game/${encodeURIComponent(r.data.id)}#token=${r.data.token}`;
  }

  function afterGame(v, where = "side") {
    const seated = v.seat !== null && v.seat !== undefined && !!st.token;
    const series = v.solo && v.solo.series;
    const box = h("div", { class: "after-game", id: `after-game-${where}`, role: "group", "aria-label": t("After the game") });
    const offer = v.rematch;
    if (offer) {
      const mineOffer = seated && offer.by === v.seat;
      box.append(h("p", { class: "rematch-offer", text: mineOffer ? t("You offered a rematch.") : t("%(who)s offers a rematch.", { who: offer.by_name }) }));
      if (seated) box.append(h("button", { type: "button", class: "primary rematch", onclick: () => rematch(v), text: mineOffer ? t("Go to the rematch") : t("Join the rematch") }));
      else box.append(h("a", { class: "button rematch-watch", href: `/game/${encodeURIComponent(offer.id)}#watch`, text: t("Watch the rematch") }));
    } else if (seated && !series) {
      box.append(h("button", { type: "button", class: "primary rematch", onclick: () => rematch(v), text: v.seats.length > 1 ? t("Rematch (same seats, new deal)") : t("Play again (new deal)") }));
    }
    if (series) box.append(h("button", { type: "button", class: "to-series", onclick: () => { setTab("score"); document.getElementById("series-box")?.scrollIntoView({ block: "start" }); }, text: t("Play the next train") }));
    box.append(h("a", { class: "button new-game", href: `/?game=${encodeURIComponent(v.game || "")}&scenario=${encodeURIComponent(v.scenario || "")}`, text: t("New game") }),
      h("a", { class: "button to-lobby", href: "/", text: t("Back to the lobby") }));
    return box;
  }

  function seriesBox(v) {
    const box = h("div", { class: "series-box", id: "series-box" }, h("p", { text: t("Part of a solo series.") }));
    (async () => {
      const key = await playerKey();
      const r = await api(`/api/series/${encodeURIComponent(v.solo.series)}`, { token: key });
      if (!r.ok) { box.append(h("p", { class: "hint", text: errorText(r) })); return; }
      const s = r.data;
      box.replaceChildren(h("h3", { text: t("Solo series · total %(vp)s VP", { vp: num(s.total) }) + (s.best && s.best.series_total ? " · " + t("best series %(vp)s", { vp: num(s.best.series_total) }) : "") }),
        h("ol", {}, s.games.map((g) => h("li", {}, `${t("Train No. %(n)s", { n: g.train })}: ${g.over ? t("%(vp)s VP", { vp: num(g.score) }) : t("in play")}`))),
        s.train_next ? h("button", { type: "button", class: "primary", id: "series-next", onclick: async () => {
          const n = await api(`/api/series/${encodeURIComponent(v.solo.series)}/next`, { method: "POST", token: key });
          if (!n.ok) { toast(errorText(n), "error"); return; }
          const g = n.data.game || n.data;
          const gid = g.id || n.data.id;
          if (n.data.token) saveToken(gid, 0, n.data.token);
          location.href = `/game/${gid}`;
        }, text: t("Play the next train: No. %(n)s", { n: s.train_next }) }) : h("p", { text: t("The series is complete.") }),
        h("a", { href: "/#series", text: t("All my series") }));
    })();
    return box;
  }

  // ---------------------------------------------------------------- post-game review
  // Asked from the score sheet (POST .../review), run by the server in the background; while
  // it runs a progress bar, when done each reviewed decision is marked in the replay by its
  // verdict (a chess-like symbol and a word, so it reads without colour) and the five costliest
  // decisions are listed, each a link to that step of the replay.
  const VERDICT = {
    fine: { sym: "✓", get word() { return t("fine"); } }, inaccuracy: { sym: "?!", get word() { return t("inaccuracy"); } },
    mistake: { sym: "?", get word() { return t("mistake"); } }, blunder: { sym: "??", get word() { return t("blunder"); } },
  };
  let reviewTimer = null;

  async function loadReview(ask = false) {
    const url = `/api/games/${encodeURIComponent(gameId)}/review`;
    const r = await api(url, ask ? { method: "POST" } : {});
    if (r.ok) {
      const d = r.data || {};
      st.review = d.decisions ? { ...d, state: "done" } : d.state === "failed" ? d : { state: d.state || "running", progress: d.progress || 0 };
    } else if (r.status === 404 && !ask) st.review = { state: "none" };
    else { toast(errorText(r), "error"); if (!st.review) st.review = { state: "none" }; }
    clearTimeout(reviewTimer);
    if (st.review.state === "queued" || st.review.state === "running") reviewTimer = setTimeout(() => loadReview(), 1000);
    if (st.view) draw();
  }

  function reviewedAt(move) {
    return st.review && st.review.state === "done" ? (st.review.decisions || []).find((d) => d.move === move) || null : null;
  }

  function verdictMark(row) {
    const m = VERDICT[row.verdict] || VERDICT.fine;
    return h("span", { class: `verdict verdict-${row.verdict}`, title: m.word }, h("b", { "aria-hidden": "true", text: m.sym }), ` ${m.word}`);
  }

  function momentText(v, row) {
    const when = row.round ? (countsTurns(v) ? t("Turn %(n)s", { n: num(row.round) }) : t("Round %(n)s", { n: num(row.round) })) : t("Move %(n)s", { n: num(row.move) });
    const who = (st.review.seats || []).length > 1 ? ` (${seatName(v, row.seat - 1)})` : "";
    const loss = Math.max(1, Math.round(row.loss_vp));
    // the option's words without the title's aside after " · " (what it would do now)
    const short = (label, text) => (label || text).split(" · ")[0];
    return `${when}${who}: ` + t("%(chosen)s instead of %(best)s cost about %(vp)s VP", { chosen: short(row.chosen_label, row.chosen), best: short(row.best_label, row.best), vp: num(loss) });
  }

  function reviewBox(v) {
    const box = h("div", { class: "review", id: "review", role: "group", "aria-label": t("Review of the game") });
    if (st.review === null) { st.review = { state: "loading" }; loadReview(); }
    const r = st.review;
    if (r.state === "loading") return box;
    if (r.state === "none" || r.state === "failed") {
      if (r.state === "failed") box.append(h("p", { class: "error", role: "alert", text: t("The review failed: %(error)s. You can ask again.", { error: r.error }) }));
      box.append(h("button", { type: "button", id: "review-ask", class: "primary", onclick: () => { st.review = { state: "queued", progress: 0 }; draw(); loadReview(true); }, text: t("Review this game") }),
        h("p", { class: "hint", text: v.seats.some((s) => s.kind !== "bot") ? t("The analysis replays the game and rates every decision of the players (not the bots'): what each cost in VP against the best it found.") : t("The analysis replays the game and rates every decision: what each cost in VP against the best it found.") }));
      return box;
    }
    if (r.state !== "done") {
      const pct = Math.round((r.progress || 0) * 100);
      box.append(h("h3", { text: r.state === "queued" ? t("Review: waiting for the analysis…") : t("Reviewing the game…") }),
        h("div", { class: "review-bar" }, h("progress", { id: "review-progress", max: "100", value: String(pct), "aria-label": t("Review progress") }),
          h("span", { class: "review-pct", text: t("%(pct)s %%", { pct }) })));
      return box;
    }
    const rows = r.decisions || [];
    const counts = { inaccuracy: 0, mistake: 0, blunder: 0 };
    for (const d of rows) if (d.verdict in counts) counts[d.verdict] += 1;
    box.append(h("h3", { text: t("The five moments that decided the game") }));
    if (!r.biggest || !r.biggest.length) box.append(h("p", { text: t("No decision cost anything the analysis could measure.") }));
    else {
      box.append(h("ol", { id: "review-moments" }, r.biggest.map((d) => h("li", {},
        verdictMark(d), " ",
        h("a", { href: `#replay=${d.move}`, class: "moment", "data-move": String(d.move), onclick: (e) => { e.preventDefault(); goReplay(d.move); }, text: momentText(v, d) })))));
    }
    box.append(h("p", { class: "review-summary", text: reviewSummary(rows.length, counts, r.budget) }));
    const marked = rows.filter((d) => d.verdict !== "fine");
    if (marked.length) {
      box.append(h("p", { class: "hint", text: t("Every marked decision, by move (?! inaccuracy, ? mistake, ?? blunder): go to one in the replay.") }));
      box.append(h("ul", { class: "review-marks", id: "review-marks", "aria-label": t("Marked decisions: go to one in the replay") },
        marked.map((d) => h("li", {}, h("button", { type: "button", class: `mark verdict-${d.verdict}`, "data-move": String(d.move), "aria-label": t("%(verdict)s at move %(n)s", { verdict: VERDICT[d.verdict].word, n: d.move }), title: t("%(verdict)s: move %(n)s", { verdict: VERDICT[d.verdict].word, n: d.move }), onclick: () => goReplay(d.move) },
          h("b", { "aria-hidden": "true", text: VERDICT[d.verdict].sym }), ` ${d.move}`)))));
    }
    return box;
  }

  // The game log marked like a chess move list: the first line of every reviewed decision
  // (its events carry move = decisions made after it; a decision that logged nothing, such as
  // a silent pass, marks the next line) ends with its verdict, a button to that step of the replay.
  function logMarks(view) {
    if (!st.review || st.review.state !== "done") return null;
    const rows = st.review.decisions || [];
    if (!rows.length) return null;
    const at = new Map();
    const log = (view.log || []).filter((x) => typeof x === "object" && typeof x.move === "number");
    for (const row of rows) {
      const n = row.move + 1;
      const e = log.find((x) => x.move === n && x.seat === row.seat - 1 && x.type !== "takeover" && x.type !== "reclaim")
        || log.find((x) => x.move === n) || log.find((x) => x.move > n);
      if (!e) continue;
      if (!at.has(e)) at.set(e, []);
      at.get(e).push(row);
    }
    const one = (row) => {
      const m = VERDICT[row.verdict] || VERDICT.fine;
      const vp = num(Math.max(1, Math.round(row.loss_vp)));
      const what = row.verdict === "fine" ? m.word : t("%(verdict)s, about %(vp)s VP", { verdict: m.word, vp });
      return h("button", { type: "button", class: `mark log-mark verdict-${row.verdict}`, "data-move": String(row.move),
        "aria-label": t("%(what)s: see move %(n)s in the replay", { what, n: num(row.move) }), title: t("%(what)s — see it in the replay", { what }),
        onclick: () => goReplay(row.move) }, h("b", { "aria-hidden": "true", text: m.sym }), row.verdict === "fine" ? null : ` ${m.word}`);
    };
    return (e) => {
      const found = at.get(e);
      return found ? h("span", { class: "log-marks" }, found.map(one)) : null;
    };
  }

  function reviewLine(n) {
    const d = reviewedAt(n);
    if (!d) return null;
    const best = d.best === d.chosen ? t("the best the analysis found") : t("best was %(best)s (%(vp)s VP more)", { best: d.best_label || d.best, vp: num(+d.loss_vp.toFixed(1)) });
    return h("p", { class: `review-step verdict-line-${d.verdict}`, id: "review-step" }, verdictMark(d),
      " — " + t("in this position %(who)s chose %(chosen)s; %(best)s.", { who: seatName(st.view, d.seat - 1), chosen: d.chosen_label || d.chosen, best }));
  }

  // ---------------------------------------------------------------- replay
  function stepName(view, n) {
    if (view.replay && view.replay.step) return view.replay.step;
    const evs = (st.view.log || []).filter((e) => typeof e === "object" && e.move === n);
    return n === 0 ? t("move 0 — the game is set up") : `${t("move %(n)s", { n: num(n) })} — ${evs.length ? evs.map((e) => e.text || e.type).join("; ") : t("a decision")}`;
  }

  async function goReplay(n) {
    const total = st.view.move;
    n = Math.max(0, Math.min(total, n));
    const r = await api(`/api/games/${encodeURIComponent(gameId)}/replay/${n}`);
    if (r.ok) {
      const prev = st.replay ? st.replay.view.observation : null;
      st.replay = { move: n, total, view: r.data, step: stepName(r.data, n), prev };
      history.replaceState(null, "", `${location.pathname}#replay=${n}`);
      draw();
    } else toast(errorText(r), "error");
  }

  // History during a game: step back through earlier positions (read-only, the public
  // view) and return to the live game; new moves keep arriving meanwhile.
  function leaveHistory() {
    st.replay = null;
    history.replaceState(null, "", location.pathname + location.hash.replace(/#?replay=\d+/, ""));
    draw();
  }

  function historyControls(v) {
    const total = v.move;
    const cur = st.replay ? st.replay.move : total;
    return h("div", { class: "replay history", id: "history", role: "group", "aria-label": t("History") },
      h("div", { class: "replay-buttons" },
        h("button", { type: "button", id: "history-start", onclick: () => goReplay(0), disabled: cur === 0 ? "disabled" : null, text: t("« start") }),
        h("button", { type: "button", id: "history-back", onclick: () => goReplay(cur - 1), disabled: cur === 0 ? "disabled" : null, text: t("‹ back") }),
        h("button", { type: "button", id: "history-forward", onclick: () => (cur + 1 >= total ? leaveHistory() : goReplay(cur + 1)), text: t("next ›") })),
      h("input", { type: "range", min: 0, max: total, value: cur, "aria-label": t("Position in the game"), onchange: (e) => (+e.target.value >= total ? leaveHistory() : goReplay(+e.target.value)) }),
      h("button", { type: "button", class: "primary", id: "history-live", onclick: leaveHistory, text: t("Back to the live game (move %(n)s)", { n: num(total) }) }));
  }

  function replayControls(v) {
    const total = v.move;
    const cur = st.replay ? st.replay.move : total;
    return h("div", { class: "replay", id: "replay", role: "group", "aria-label": t("Replay") },
      h("h3", { text: t("Replay") }),
      h("div", { class: "replay-buttons" },
        h("button", { type: "button", id: "replay-start", onclick: () => goReplay(0), text: t("« start") }),
        h("button", { type: "button", id: "replay-back", onclick: () => goReplay(cur - 1), text: t("‹ back") }),
        h("span", { id: "replay-pos", text: ` ${t("move %(n)s", { n: num(cur) })} / ${num(total)} ` }),
        h("button", { type: "button", id: "replay-forward", onclick: () => goReplay(cur + 1), text: t("next ›") }),
        h("button", { type: "button", id: "replay-end", onclick: () => { st.replay = null; history.replaceState(null, "", location.pathname); draw(); }, text: t("end »") })),
      h("input", { type: "range", min: 0, max: total, value: cur, "aria-label": t("Replay position"), onchange: (e) => goReplay(+e.target.value) }),
      h("p", { class: "step", id: "replay-step", text: st.replay ? st.replay.step : t("move %(n)s — the end", { n: num(total) }) }),
      st.replay ? reviewLine(cur) : null,
      h("button", { type: "button", id: "replay-share", onclick: async () => toast((await copyText(`${location.origin}/game/${gameId}#replay=${cur}`)) ? t("Link to move %(n)s copied", { n: cur }) : t("copy failed")), text: t("Copy a link to this move") }));
  }

  // ---------------------------------------------------------------- drawing
  function boardWidth() {
    const w = boardWrap.clientWidth || window.innerWidth;
    return Math.max(340, w - 2);
  }

  function highlightBase() {
    const v = st.view;
    if (st.replay) return st.replay.prev;
    const m = memo();
    if (m && m.obs && m.move <= v.move) return m.obs;
    return st.prevObs;
  }

  function draw() {
    const v = st.view;
    if (!v || !st.board) return;
    const view = shown();
    document.body.dataset.move = String(v.move);
    document.body.dataset.seat = v.seat === null || v.seat === undefined ? "spectator" : String(v.seat);
    document.body.dataset.over = String(v.over);
    document.body.dataset.myturn = String(mine());
    document.body.classList.toggle("no-anim", !prefs().animations);
    drawHeader();
    drawTabs();
    const legal = st.replay ? [] : v.legal || [];
    const d = decisionOf(view);
    const layout = st.board.renderBoard(svg, view, st.title, legal, { width: boardWidth(), decision: d && !st.replay && !v.over ? d.kind : null, prev: highlightBase() });
    zoom.setBase(layout);
    // A choice that would do nothing now is marked on the board too (its label says why).
    for (const el of svg.querySelectorAll("[data-action]")) {
      const a = legal.find((x) => x.text === el.getAttribute("data-action"));
      el.classList.toggle("idle", !!(a && idleWhy(a)));
    }
    // A new decision of mine whose choices are on the board: bring the first into sight.
    const key = mine() ? `${v.move}` : null;
    if (key && key !== st.scrolledFor) {
      st.scrolledFor = key;
      requestAnimationFrame(() => showFirstChoice());
    }
    drawDecision();
    drawPlayers(view);
    renderLog(logPane, view, { unit: countsTurns(view) ? t("Turn") : t("Round"), since: st.replay ? null : lastMine(), seatName: (s) => seatName(view, s), colour: (s) => seatColour(view, s), upto: st.replay ? st.replay.move : null, mark: logMarks(view) });
    drawScore(v);
    signals.update({ mine: mine(), over: v.over, title: st.title ? st.title.display_name : "Snowdonia", status: document.getElementById("status")?.textContent || "" });
  }

  function showFirstChoice() {
    const choices = [...svg.querySelectorAll("[data-action],[data-choose]")];
    if (!choices.length || boardWrap.clientHeight === 0) return;
    const frame = boardWrap.getBoundingClientRect();
    const inSight = choices.some((c) => { const r = c.getBoundingClientRect(); return r.bottom > frame.top && r.top < frame.bottom && r.right > frame.left && r.left < frame.right; });
    if (inSight) return;
    const r = choices[0].getBoundingClientRect();
    // Sideways only when the choice is not already within the frame's width.
    const across = r.left >= frame.left && r.right <= frame.right ? boardWrap.scrollLeft : boardWrap.scrollLeft + r.left - frame.left - 16;
    boardWrap.scrollTo({ top: boardWrap.scrollTop + r.top - frame.top - Math.max(0, (frame.height - r.height) / 3), left: across, behavior: prefs().animations ? "smooth" : "auto" });
  }

  let lastW = 0;
  window.addEventListener("resize", () => {
    const w = boardWidth();
    if (Math.abs(w - lastW) > 8) { lastW = w; draw(); }
  });

  // ---------------------------------------------------------------- start
  const first = await api(`/api/games/${encodeURIComponent(gameId)}`, { token: st.token });
  const name = first.ok && first.data && meta.titles.some((t) => t.name === first.data.game) ? first.data.game : null;
  st.title = titleOf(meta, name);
  try {
    st.board = await import(st.title.board);
  } catch (e) {
    root.replaceChildren(h("p", { class: "panel error", text: t("The board of %(title)s could not be loaded: %(error)s", { title: st.title.display_name, error: String(e) }) }));
    return;
  }
  lastW = boardWidth();
  if (await refresh()) connect();

  // A language chosen in Options: the same page and game state, its words again in the new
  // language (the server's words too: the view and the titles' components are asked anew).
  onLanguage(async () => {
    const m = await api("/api/meta");
    if (m.ok) { const fresh = normalizeMeta(m.data); st.title = titleOf(fresh, st.title.name); }
    for (const [el, label] of [[tabs, "Game panels"], [zoomBar, "Zoom"], [decision, "Your decision"], [players, "Players"], [scorePane, "Score"], [logPane, "Game log"], [boardPane, "Board"], [boardWrap, "The board"], [svg, "Game board"]]) el.setAttribute("aria-label", t(label));
    if (menu) { toggleMenu(); toggleMenu(); }
    if (await refresh()) connect();
    draw();
  });
}
