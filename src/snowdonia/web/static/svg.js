// Tiny SVG builder: el("rect", {x: 1}, child, ...) with the SVG namespace.
const NS = "http://www.w3.org/2000/svg";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = String(v);
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c) node.appendChild(c);
  return node;
}

export function text(x, y, s, attrs = {}) {
  return el("text", { x, y, ...attrs, text: s });
}

// Lines of at most `width` characters, for card texts.
export function wrap(s, width) {
  const words = String(s).split(/\s+/);
  const lines = [];
  let cur = "";
  for (const w of words) {
    if ((cur + " " + w).trim().length > width) { if (cur) lines.push(cur); cur = w; }
    else cur = (cur + " " + w).trim();
  }
  if (cur) lines.push(cur);
  return lines;
}

export function multiline(x, y, lines, lineHeight, attrs = {}) {
  return el("text", { x, y, ...attrs },
    lines.map((ln, i) => el("tspan", { x, dy: i === 0 ? 0 : lineHeight, text: ln })));
}
