// The game explains itself: hovering (mouse) or tapping (touch) any part that carries
// data-info shows its rule in words, from /api/meta's components through the board module.
// A long press on a choice explains it instead of choosing it.
import { h } from "./dom.js";
import { t, nt, num } from "./i18n.js";

export function installExplainer(root, lookup) {
  const box = h("div", { id: "info", class: "info-pop", role: "dialog", "aria-label": t("Explanation"), hidden: true });
  document.body.append(box);
  let pinned = false;
  let hoverTimer = null;
  let pressTimer = null;
  let suppressUntil = 0;

  const keyOf = (el) => el.getAttribute("data-info") || el.getAttribute("data-info-key");

  function place(x, y) {
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const w = Math.min(380, vw - 16);
    box.style.width = `${w}px`;
    const bh = box.offsetHeight || 120;
    let left = Math.min(Math.max(8, x - w / 2), vw - w - 8);
    let top = y + 18;
    if (top + bh > vh - 8) top = Math.max(8, y - bh - 18);
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
  }

  function show(el, ev, refusal = null, pin = true) {
    const key = keyOf(el);
    const info = key ? lookup(key) : null;
    if (!info && !refusal) return false;
    const parts = [
      h("div", { class: "info-head" }, h("b", { id: "info-head", text: info ? info.head : t("Refused") }),
        h("button", { type: "button", class: "close", "aria-label": t("Close the explanation"), onclick: () => hide(), text: "×" })),
      refusal ? h("p", { class: "info-refusal", text: refusal }) : null,
      ...(info ? String(info.text || "").split("\n").filter(Boolean).map((line) => h("p", { text: line })) : []),
    ];
    box.replaceChildren(...parts.filter(Boolean));
    box.dataset.key = key || "";
    box.hidden = false;
    pinned = pin;
    const r = el.getBoundingClientRect();
    const x = ev && ev.clientX !== undefined && ev.clientX !== 0 ? ev.clientX : r.left + r.width / 2;
    const y = ev && ev.clientY !== undefined && ev.clientY !== 0 ? ev.clientY : r.top + r.height / 2;
    place(x, y);
    return true;
  }

  function hide() { box.hidden = true; pinned = false; }

  // Mouse: hover shows after a short pause, leaving hides (unless clicked to pin).
  const canHover = () => window.matchMedia("(hover: hover) and (pointer: fine)").matches;
  root.addEventListener("pointerover", (ev) => {
    // Only a real mouse hovers: touch screens (and their emulated mouse) explain on tap.
    if (ev.pointerType !== "mouse" || !canHover()) return;
    const el = ev.target.closest("[data-info],[data-info-key]");
    clearTimeout(hoverTimer);
    if (!el) { if (!pinned) hoverTimer = setTimeout(hide, 150); return; }
    hoverTimer = setTimeout(() => { if (!pinned) show(el, ev, null, false); }, 350);
  });
  root.addEventListener("pointerleave", () => { clearTimeout(hoverTimer); if (!pinned) hide(); });
  // Touch and pen: a long press explains even a choice.
  root.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType === "mouse") return;
    const el = ev.target.closest("[data-info],[data-info-key]");
    if (!el) return;
    clearTimeout(pressTimer);
    const x = ev.clientX;
    const y = ev.clientY;
    pressTimer = setTimeout(() => {
      // A push may have redrawn the board under the finger: then it was no long press.
      if (el.isConnected && show(el, { clientX: x, clientY: y })) suppressUntil = Date.now() + 800;
    }, 550);
  });
  const cancel = () => clearTimeout(pressTimer);
  // On window: a finger lifted over a part that a push has just replaced still ends the press.
  window.addEventListener("pointerup", cancel, true);
  window.addEventListener("pointercancel", cancel, true);
  root.addEventListener("pointermove", (ev) => { if (ev.pointerType !== "mouse" && (Math.abs(ev.movementX) + Math.abs(ev.movementY) > 6)) cancel(); });
  root.addEventListener("contextmenu", (ev) => { if (ev.target.closest("[data-info],[data-info-key]") && Date.now() < suppressUntil) ev.preventDefault(); });

  return {
    showFor: (el, ev, refusal = null) => show(el, ev, refusal, true),
    hide,
    suppressed: () => Date.now() < suppressUntil,
  };
}
