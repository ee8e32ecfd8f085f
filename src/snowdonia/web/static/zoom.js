// Board zoom and pan. The board is drawn 1:1 for the width it has (readable text at zoom 1);
// zooming enlarges the SVG inside a scrolling frame. Pinch with two fingers, ctrl + wheel, or
// the − / + buttons; one finger or the scroll bars pan.
import { h } from "./dom.js";
import { prefs, setPref } from "./api.js";
import { t, nt, num } from "./i18n.js";

const MIN = 0.6;
const MAX = 3;

export function installZoom(wrap, svg, bar, redraw) {
  let zoom = 1;
  let base = { width: 1000, height: 1000 };
  const label = h("span", { class: "zoom-label", "aria-live": "polite", text: "100%" });

  function apply(z, cx = null, cy = null) {
    const old = zoom;
    zoom = Math.min(MAX, Math.max(MIN, z));
    // Keep the point under the fingers (or the centre) where it was.
    const rect = wrap.getBoundingClientRect();
    const px = cx === null ? rect.width / 2 : cx - rect.left;
    const py = cy === null ? rect.height / 2 : cy - rect.top;
    const sx = (wrap.scrollLeft + px) / old;
    const sy = (wrap.scrollTop + py) / old;
    svg.style.width = `${base.width * zoom}px`;
    svg.style.height = `${base.height * zoom}px`;
    wrap.scrollLeft = sx * zoom - px;
    wrap.scrollTop = sy * zoom - py;
    label.textContent = `${Math.round(zoom * 100)}%`;
    svg.dataset.zoom = String(zoom);
    setPref("zoom", zoom);
  }

  bar.replaceChildren(
    h("button", { type: "button", id: "zoom-out", "aria-label": t("Zoom out"), onclick: () => apply(zoom / 1.25), text: "−" }),
    label,
    h("button", { type: "button", id: "zoom-in", "aria-label": t("Zoom in"), onclick: () => apply(zoom * 1.25), text: "+" }),
    h("button", { type: "button", id: "zoom-fit", onclick: () => apply(1), text: t("Fit width") }));

  wrap.addEventListener("wheel", (ev) => {
    if (!ev.ctrlKey) return;
    ev.preventDefault();
    apply(zoom * (ev.deltaY < 0 ? 1.1 : 1 / 1.1), ev.clientX, ev.clientY);
  }, { passive: false });

  // Two-finger pinch; one finger scrolls natively (touch-action: pan-x pan-y).
  let pinch = null;
  const dist = (t) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
  wrap.addEventListener("touchstart", (ev) => {
    if (ev.touches.length === 2) {
      pinch = { d: dist(ev.touches), z: zoom };
      ev.preventDefault();
    }
  }, { passive: false });
  wrap.addEventListener("touchmove", (ev) => {
    if (!pinch || ev.touches.length !== 2) return;
    ev.preventDefault();
    const cx = (ev.touches[0].clientX + ev.touches[1].clientX) / 2;
    const cy = (ev.touches[0].clientY + ev.touches[1].clientY) / 2;
    apply(pinch.z * dist(ev.touches) / pinch.d, cx, cy);
  }, { passive: false });
  wrap.addEventListener("touchend", () => { if (pinch) pinch = null; });

  zoom = Math.min(MAX, Math.max(MIN, +prefs().zoom || 1));
  return {
    // After each drawing: the board's own size (its viewBox), drawn at zoom × 1 px per unit.
    setBase(layout) {
      base = { width: layout.width, height: layout.height };
      svg.style.width = `${base.width * zoom}px`;
      svg.style.height = `${base.height * zoom}px`;
      label.textContent = `${Math.round(zoom * 100)}%`;
      svg.dataset.zoom = String(zoom);
      svg.dataset.minFont = String(layout.minFont || "");
    },
    get zoom() { return zoom; },
    set: apply,
    redraw,
  };
}
