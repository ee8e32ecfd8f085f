// The lobby: create a game (seats, settings, seed), hand out the seat links, list games.
import { api, saveToken } from "./api.js";

const h = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = String(v);
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
};

export async function lobbyPage(root, meta) {
  root.replaceChildren();
  const seatChoices = ["human", ...meta.bots];
  const players = h("select", { id: "players", name: "players" }, [1, 2, 3, 4, 5].map((n) => h("option", { value: n, selected: n === 2 ? "selected" : null, text: n })));
  const seatsBox = h("div", { id: "seats" });
  const edition = h("select", { id: "edition" }, meta.settings.edition.map((e) => h("option", { value: e, text: e })));
  const lightFog = h("input", { type: "checkbox", id: "light_fog" });
  const cpw = h("select", { id: "contracts_per_window" }, h("option", { value: 0, text: "unlimited (English rules)" }), h("option", { value: 1, text: "one (German rules)" }));
  const solo = h("select", { id: "solo_train" }, meta.settings.solo_train.map((t) => h("option", { value: t, text: `No. ${t} ${meta.trains[String(t)].name}` })));
  const deluxeTracks = h("input", { type: "checkbox", id: "deluxe_track_cards" });
  const seed = h("input", { type: "number", id: "seed", placeholder: "random" });
  const result = h("div", { id: "created" });

  const drawSeats = () => {
    const n = +players.value;
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, i) => h("label", { class: "seat" },
      h("span", { class: `dot c${i}` }), `Player ${i + 1} `,
      h("select", { id: `seat-${i}` }, seatChoices.map((c) => h("option", { value: c, selected: (old[i] || (i === 0 ? "human" : "greedy")) === c ? "selected" : null, text: c }))))));
    solo.disabled = n !== 1;
  };
  players.addEventListener("change", drawSeats);
  const syncDeluxe = () => { deluxeTracks.disabled = edition.value !== "deluxe"; if (deluxeTracks.disabled) deluxeTracks.checked = false; };
  edition.addEventListener("change", syncDeluxe);

  const create = async (ev) => {
    ev.preventDefault();
    const n = +players.value;
    const seats = Array.from({ length: n }, (_, i) => document.getElementById(`seat-${i}`).value);
    const settings = { edition: edition.value, light_fog: lightFog.checked, contracts_per_window: +cpw.value };
    if (n === 1) settings.solo_train = +solo.value;
    if (edition.value === "deluxe") settings.deluxe_track_cards = deluxeTracks.checked;
    const body = { players: n, seats, settings };
    if (seed.value !== "") body.seed = +seed.value;
    const r = await api("/api/games", { method: "POST", body });
    if (r.status !== 201) { result.replaceChildren(h("p", { class: "error", text: r.data ? r.data.error || JSON.stringify(r.data.detail) : "error" })); return; }
    const g = r.data;
    const humans = g.seats.filter((s) => s.token);
    const list = h("ul", { class: "links" }, g.seats.map((s) => h("li", {},
      h("b", { text: `Player ${s.seat + 1}: ` }),
      s.token ? [h("input", { readonly: "readonly", value: s.url, class: "link", id: `link-${s.seat}` }),
        h("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(s.url), text: "copy" }),
        h("a", { href: s.url, class: "open-seat", "data-seat": s.seat, text: "play this seat" })] : `bot ${s.kind}`)));
    const hot = h("button", { id: "hotseat", type: "button", onclick: () => {
      for (const s of humans) saveToken(g.id, s.seat, s.token);
      location.href = `/game/${g.id}`;
    }, text: humans.length > 1 ? "Play all human seats here (hot-seat)" : "Play here" });
    result.replaceChildren(h("div", { class: "panel" },
      h("h3", { text: `Game ${g.id} created` }),
      h("p", { text: "Send each friend their own link; it is their seat's key. Keep yours." }),
      list, humans.length ? hot : null,
      h("p", {}, h("a", { href: g.watch_url, id: "watch", text: "Watch as a spectator" }))));
  };

  const form = h("form", { id: "new-game", class: "panel", onsubmit: create },
    h("h2", { text: "New game" }),
    h("label", {}, "Players ", players), seatsBox,
    h("fieldset", {}, h("legend", { text: "Settings" }),
      h("label", {}, "Edition ", edition),
      h("label", {}, lightFog, " Light Fog (fog blocks only the last space of B and D)"),
      h("label", {}, "Contracts per window ", cpw),
      h("label", {}, "Solo train ", solo),
      h("label", {}, deluxeTracks, " Deluxe 0/6/7 track cards"),
      h("label", {}, "Seed ", seed)),
    h("button", { type: "submit", id: "create", text: "Create game" }));

  const games = h("div", { class: "panel", id: "games" }, h("h2", { text: "Games on this server" }));
  root.append(h("header", { class: "bar" }, h("a", { href: "/", class: "brand", text: "Snowdonia" }), h("span", { class: "status", text: "Build the railway up Mount Snowdon" })),
    h("main", { class: "lobby" }, h("div", {}, form, result), games));
  drawSeats();
  syncDeluxe();
  const r = await api("/api/games");
  if (r.ok) {
    games.append(r.data.length ? h("ul", {}, r.data.map((g) => h("li", {},
      h("a", { href: `/game/${g.id}`, text: g.id }),
      ` · ${g.players} players (${g.seats.map((s) => (s.kind === "bot" ? s.bot : "human")).join(", ")}) · move ${g.move}`,
      g.over ? ` · finished, scores ${g.result ? g.result.scores.join("/") : ""}` : ""))) : h("p", { text: "None yet." }));
  }
}
