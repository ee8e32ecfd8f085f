// "Your turn": the tab title and favicon change, an optional sound, and an optional browser
// notification while the page is hidden.
import { prefs } from "./api.js";

const ICON = "/static/favicon.svg";
const TURN_ICON = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path d="M4 58 L26 14 L36 30 L44 20 L60 58 Z" fill="#5a4630"/>' +
  '<path d="M22 22 L26 14 L31 23 Z" fill="#fff"/><circle cx="48" cy="16" r="15" fill="#d0321d" stroke="#fff" stroke-width="3"/></svg>');

function iconLink() {
  let link = document.querySelector("link[rel~='icon']");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  return link;
}

function beep() {
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.connect(g);
    g.connect(ctx.destination);
    o.frequency.setValueAtTime(660, ctx.currentTime);
    o.frequency.setValueAtTime(880, ctx.currentTime + 0.12);
    g.gain.setValueAtTime(0.0001, ctx.currentTime);
    g.gain.exponentialRampToValueAtTime(0.2, ctx.currentTime + 0.02);
    g.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.3);
    o.start();
    o.stop(ctx.currentTime + 0.32);
  } catch { /* no audio */ }
}

export function turnSignals() {
  let was = false;
  return {
    update({ mine, over, title, status }) {
      document.title = mine ? `▶ Your turn · ${title}` : over ? `Game over · ${title}` : `${status ? status + " · " : ""}${title}`;
      iconLink().href = mine ? TURN_ICON : ICON;
      document.body.dataset.turnIcon = mine ? "yours" : "plain";
      if (mine && !was) {
        const p = prefs();
        if (p.sound) beep();
        if (p.notify && document.hidden && "Notification" in window && Notification.permission === "granted") {
          try { new Notification(`${title}: your turn`, { body: status, icon: ICON, tag: "snowdonia-turn" }); } catch { /* ignore */ }
        }
      }
      was = mine;
    },
  };
}
