// A guided first game: each title's guide (GET /api/how-to-play/<game> "guide", written once in
// its ui/how_to_play.py) sets up a fixed game and then, at each decision, says what to do and
// why and points at the choices on the board. The player acts as usual and may leave the guide.
import { api, errorText, saveToken } from "./api.js";
import { h, toast } from "./dom.js";

const KEY = "snowdonia.guide";

function guided() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; }
}

export function guideFor(gameId) {
  return guided()[gameId] || null;
}

export function leaveGuide(gameId) {
  const all = guided();
  delete all[gameId];
  localStorage.setItem(KEY, JSON.stringify(all));
}

export async function loadGuide(game) {
  const r = await api(`/api/how-to-play/${encodeURIComponent(game)}`);
  return r.ok ? r.data.guide : null;
}

// Set up the guided game of `game` and open it (seat 0 is the learner's).
export async function startGuide(game) {
  const g = await loadGuide(game);
  if (!g) { toast("This game has no guided first game yet.", "error"); return; }
  const body = { game, scenario: g.game.scenario, players: g.game.players, seats: g.game.seats, seed: g.game.seed,
    settings: g.game.settings, private: true, table: { bot_delay_ms: 1500 } };
  const r = await api("/api/games", { method: "POST", body });
  if (r.status !== 201) { toast(errorText(r, "The guided game could not be set up"), "error"); return; }
  const seat = r.data.seats.find((s) => s.token);
  saveToken(r.data.id, seat.seat, seat.token);
  const all = guided();
  all[r.data.id] = { game, intro: true };
  localStorage.setItem(KEY, JSON.stringify(all));
  location.href = `/game/${encodeURIComponent(r.data.id)}#token=${seat.token}`;
}

// The lobby's offer: every title with a guide; `first` when this browser has no game yet.
export function guideOffer(meta, first) {
  const box = h("section", { class: "panel learn" + (first ? " first" : ""), id: "learn", "aria-label": "Learn to play" },
    h("h2", { text: first ? "New here? Learn to play" : "Learn to play" }),
    h("p", { text: "A guided first game tells you at each step what to do and why, and points at the board. You can leave it at any time." }));
  const row = h("div", { class: "learn-buttons" });
  box.append(row);
  (async () => {
    for (const t of meta.titles) {
      const g = await loadGuide(t.name);
      if (!g) continue;
      const who = g.game.players === 1 ? "solo" : `against the ${g.game.seats.filter((s) => s !== "human").join(", ")} bot`;
      row.append(h("button", { type: "button", class: first ? "primary learn-start" : "learn-start", "data-game": t.name,
        onclick: (ev) => { const b = ev.currentTarget; b.disabled = true; startGuide(t.name).finally(() => { b.disabled = false; }); },
        text: `Guided first game: ${g.title} (${who})` }));
    }
  })();
  return box;
}

// The guide's box for the decision panel: the step for `kind` (null: not the learner's turn).
export function guideBox(guide, state, { kind, mine, over, onBoard, onLeave, onIntroSeen }) {
  const box = h("div", { class: "guide", id: "guide", role: "region", "aria-label": "Guide" },
    h("h2", { class: "guide-head", text: `Guide · ${guide.title}` }));
  if (state.intro) {
    box.append(h("p", { text: guide.intro }),
      h("button", { type: "button", class: "primary", id: "guide-intro-ok", onclick: onIntroSeen, text: "Start" }));
  } else if (over) {
    box.append(h("p", { class: "guide-do", text: guide.end }));
  } else if (!mine) {
    box.append(h("p", { class: "guide-do", text: "The other side is acting; watch the board — what changed is ringed. Your next step comes when it is your turn." }));
  } else {
    const step = guide.steps[kind];
    if (step) {
      box.append(h("p", { class: "guide-do" }, h("b", { text: "Do: " }), step.do),
        h("p", { class: "guide-why" }, h("b", { text: "Why: " }), step.why));
    } else box.append(h("p", { class: "guide-do", text: "Choose one of the options below." }));
    box.append(h("p", { class: "hint guide-where", text: onBoard ? "Your choices pulse on the board; tap one (a long press explains it first)." : "Your choices are listed below." }));
  }
  box.append(h("button", { type: "button", class: "link-button", id: "guide-leave", onclick: onLeave, text: over ? "Close the guide" : "Leave the guide (keep playing)" }));
  return box;
}
