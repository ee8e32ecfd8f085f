// A guided first game: each title's guide (GET /api/how-to-play/<game> "guide", written once in
// its ui/how_to_play.py) sets up a fixed game and then, at each decision, says what to do and
// why and points at the choices on the board. The player acts as usual and may leave the guide.
import { api, errorText, saveToken } from "./api.js";
import { h, toast } from "./dom.js";
import { t, nt, num } from "./i18n.js";

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
  if (r.status !== 201) { toast(errorText(r, t("The guided game could not be set up")), "error"); return; }
  const seat = r.data.seats.find((s) => s.token);
  saveToken(r.data.id, seat.seat, seat.token);
  const all = guided();
  all[r.data.id] = { game, intro: true };
  localStorage.setItem(KEY, JSON.stringify(all));
  location.href = `/game/${encodeURIComponent(r.data.id)}#token=${seat.token}`;
}

// The lobby's offer: every title with a guide; `first` when this browser has no game yet.
export function guideOffer(meta, first) {
  const box = h("section", { class: "panel learn" + (first ? " first" : ""), id: "learn", "aria-label": t("Learn to play") },
    h("h2", { text: first ? t("New here? Learn to play") : t("Learn to play") }),
    h("p", { text: t("A guided first game tells you at each step what to do and why, and points at the board. You can leave it at any time.") }));
  const row = h("div", { class: "learn-buttons" });
  box.append(row);
  (async () => {
    for (const ti of meta.titles) {
      const g = await loadGuide(ti.name);
      if (!g) continue;
      const who = g.game.players === 1 ? t("solo") : t("against the %(bot)s bot", { bot: g.game.seats.filter((s) => s !== "human").map((b) => t(b.charAt(0).toUpperCase() + b.slice(1))).join(", ") });
      row.append(h("button", { type: "button", class: first ? "primary learn-start" : "learn-start", "data-game": ti.name,
        onclick: (ev) => { const b = ev.currentTarget; b.disabled = true; startGuide(ti.name).finally(() => { b.disabled = false; }); },
        text: t("Guided first game: %(title)s (%(who)s)", { title: g.title, who }) }));
    }
  })();
  return box;
}

// The guide's box for the decision panel: the step for `kind` (null: not the learner's turn).
export function guideBox(guide, state, { kind, mine, over, onBoard, onLeave, onIntroSeen }) {
  const box = h("div", { class: "guide", id: "guide", role: "region", "aria-label": t("Guide") },
    h("h2", { class: "guide-head", text: t("Guide · %(title)s", { title: guide.title }) }));
  if (state.intro) {
    box.append(h("p", { text: guide.intro }),
      h("button", { type: "button", class: "primary", id: "guide-intro-ok", onclick: onIntroSeen, text: t("Start") }));
  } else if (over) {
    box.append(h("p", { class: "guide-do", text: guide.end }));
  } else if (!mine) {
    box.append(h("p", { class: "guide-do", text: t("The other side is acting; watch the board — what changed is ringed. Your next step comes when it is your turn.") }));
  } else {
    const step = guide.steps[kind];
    if (step) {
      box.append(h("p", { class: "guide-do" }, h("b", { text: t("Do:") + " " }), step.do),
        h("p", { class: "guide-why" }, h("b", { text: t("Why:") + " " }), step.why));
    } else box.append(h("p", { class: "guide-do", text: t("Choose one of the options below.") }));
    box.append(h("p", { class: "hint guide-where", text: onBoard ? t("Your choices pulse on the board; tap one (a long press explains it first).") : t("Your choices are listed below.") }));
  }
  box.append(h("button", { type: "button", class: "link-button", id: "guide-leave", onclick: onLeave, text: over ? t("Close the guide") : t("Leave the guide (keep playing)") }));
  return box;
}
