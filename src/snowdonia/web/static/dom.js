import { t, nt, num } from "./i18n.js";
// Small DOM helpers shared by the pages (no framework, no build step).

// h("div", {class: "x", onclick: f, text: t("hi")}, child, [children], null) -> HTMLElement
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = String(v);
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (v === true) node.setAttribute(k, "");
    else node.setAttribute(k, String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c);
  }
  return node;
}

// "3 minutes ago" from an ISO date or epoch seconds.
export function ago(when) {
  if (when === null || when === undefined) return "";
  const ms = typeof when === "number" ? (when < 1e12 ? when * 1000 : when) : Date.parse(when);
  if (!Number.isFinite(ms)) return "";
  const s = Math.max(0, Math.round((Date.now() - ms) / 1000));
  if (s < 45) return t("just now");
  const m = Math.round(s / 60);
  if (m < 60) return t("%(n)s min ago", { n: num(m) });
  const hrs = Math.round(m / 60);
  if (hrs < 36) return t("%(n)s h ago", { n: num(hrs) });
  return nt("%(n)s day ago", "%(n)s days ago", Math.round(hrs / 24));
}

export function plural(n, word, many = word + "s") {
  return `${n} ${n === 1 ? word : many}`;
}

// Readable text colour (near-black or white) on a background colour "#rrggbb".
export function inkOn(hex) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex || "");
  if (!m) return "#111";
  const [r, g, b] = m.slice(1).map((x) => parseInt(x, 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.22 ? "#111" : "#fff";
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Fallback for pages without clipboard permission (http, old browsers).
    const ta = h("textarea", { style: "position:fixed;left:-9999px", "aria-hidden": "true" });
    ta.value = text;
    document.body.append(ta);
    ta.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch { ok = false; }
    ta.remove();
    return ok;
  }
}

// A short message that appears at the bottom of the screen and fades.
export function toast(text, kind = "info") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const t = h("div", { class: `toast toast-${kind}`, text });
  box.append(t);
  setTimeout(() => t.classList.add("gone"), 3200);
  setTimeout(() => t.remove(), 3800);
}
