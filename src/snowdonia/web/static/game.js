// The game page: the board, the pending decision's controls, the players, the log, and at
// the end the score sheet and a move-by-move replay.
import { api, watch, loadTokens, saveToken } from "./api.js";
import { renderBoard, COLOURS, CUBE, bonusText } from "/boards/snowdonia.js";

const KIND_LABEL = {
  place: "Place a labourer: click a free space in the action areas",
  hire: "Hire the Pub labourer for this round?",
  contract_window: "Contract window",
  stock_yard: "Stock Yard: take cubes",
  take_cubes: "Take cubes from the Stock Yard",
  works: "Works: choose your conversions",
  convert: "Convert",
  build: "Build: click a building site on the route, or buy a train in the Engine Shed",
  extra_build: "Extra Build action: build, buy, or pass",
  site_office: "Site Office: take a contract",
  maintenance: "Train maintenance",
  weather_swap: "Choose the next weather disc",
  keep_contract: "Keep one of these contracts",
  move_labourer: "Move one of your placed labourers",
  clear_space: "Clear the next space holding rubble (#3)?",
};

const h = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = String(v);
    else if (k === "html") node.innerHTML = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
};

const cubeSpan = (kind, n) => h("span", { class: "res" }, h("i", { class: "cube", style: `background:${CUBE[kind]}` }), ` ${n} ${kind}`);

function seatName(view, seat) {
  const s = view.seats[seat];
  const who = s.kind === "bot" ? `bot ${s.bot}` : "human";
  return `${s.name} (${s.colour}, ${who})`;
}

function cardEl(meta, n, extra = {}) {
  const c = meta.contracts[String(n)];
  return h("div", { class: "contract", ...extra },
    h("div", { class: "contract-head" }, h("b", { text: `#${n}` }), h("span", { text: `area ${c.area}` })),
    h("div", { class: "contract-text", text: c.text }),
    h("div", { class: "contract-bonus", text: bonusText(c.bonus) }));
}

function actionLabel(a, meta) {
  const [x, y, z, w] = a.args;
  switch (a.kind) {
    case "pass": return "Pass";
    case "hire": return "Hire (pay coal)";
    case "clear": return "Clear it";
    case "place": return x === "G" ? "G (surveyor)" : `${x}${y}`;
    case "take": return h("span", {}, cubeSpan("iron", x), cubeSpan("stone", y), cubeSpan("coal", z));
    case "convert": return x + y === 0 ? "Convert nothing" : h("span", {}, "make ", cubeSpan("steel", x), cubeSpan("stone", y));
    case "build": {
      const pay = [];
      if (z) pay.push(`${z} steel as iron`);
      if (w) pay.push(`${w} stone as rubble`);
      return `Build ${x} site ${y}${pay.length ? " (" + pay.join(", ") + ")" : ""}`;
    }
    case "buy": return `Buy No. ${x} ${meta.trains[String(x)].name}${y ? ` (${y} steel as iron)` : ""}`;
    case "maintain": return x === "steel" ? "Pay 1 steel" : x === "return" ? "Return the train" : `Discard #${x}`;
    case "weather": return `${x}`;
    case "move": return a.text.replace(/^move /, "").replace(" ", " → ");
    default: return a.text;
  }
}

export async function gamePage(root, gameId, meta) {
  const st = { view: null, token: null, feed: null, hotseat: false, replay: null, error: "", conn: "" };
  const hashToken = new URLSearchParams(location.hash.slice(1)).get("token");
  const tokens = loadTokens(gameId);
  st.token = hashToken || null;
  if (!st.token) {
    const seats = Object.keys(tokens);
    st.hotseat = seats.length > 1;
    if (seats.length) st.token = tokens[seats[0]];
  }

  root.replaceChildren();
  const header = h("header", { class: "bar" });
  const boardWrap = h("div", { class: "board-wrap" });
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("id", "board");
  boardWrap.append(svg);
  const decision = h("section", { id: "decision", class: "panel" });
  const players = h("section", { id: "players" });
  const logBox = h("section", { id: "log", class: "panel" });
  const endBox = h("section", { id: "end" });
  root.append(header, h("main", { class: "game" }, h("div", { class: "left" }, boardWrap, endBox), h("aside", {}, decision, players, logBox)));

  const connect = () => {
    if (st.feed) st.feed.close();
    st.feed = watch(gameId, st.token, (v) => show(v), (s) => { st.conn = s; drawHeader(); });
  };

  async function refresh() {
    const used = st.token;
    const r = await api(`/api/games/${gameId}`, { token: used });
    if (r.status === 404) { root.replaceChildren(h("p", { class: "panel", text: "No such game." })); return false; }
    if (r.status === 403 && st.token) { st.error = "This link's token is not valid for this game; watching instead."; st.token = null; return refresh(); }
    // Remember which seat this token is (a link's token is kept for the next visit).
    if (r.ok && used && r.data.seat !== null) saveToken(gameId, r.data.seat, used);
    if (r.ok && used === st.token) show(r.data, true);
    return r.ok;
  }

  // Pushes arrive in order and always describe the present; an HTTP answer can arrive after
  // pushes of later moves (bots answer fast), so an older one is dropped unless it is an undo.
  function show(v, fromHttp = false) {
    if (fromHttp && st.view && v.seat === st.view.seat && v.move < st.view.move) return;
    st.view = v;
    const cur = v.observation.current_player;
    const local = loadTokens(gameId);
    if (st.hotseat && cur !== null && cur !== v.seat && local[cur]) {
      st.token = local[cur];
      if (st.feed) st.feed.setToken(st.token);
      refresh();
      return;
    }
    draw();
  }

  async function send(text) {
    const v = st.view;
    if (!v || st.replay) return;
    st.error = "";
    const r = await api(`/api/games/${gameId}/actions`, { method: "POST", token: st.token, body: { action: text, move: v.move } });
    if (r.ok) show(r.data, true);
    else { st.error = r.data && r.data.error ? r.data.error : `error ${r.status}`; await refresh(); draw(); }
  }

  async function undo() {
    const r = await api(`/api/games/${gameId}/undo`, { method: "POST", token: st.token, body: { move: st.view.move } });
    if (r.ok) show(r.data);
    else { st.error = r.data ? r.data.error : `error ${r.status}`; draw(); }
  }

  // One click handler for the whole page: anything carrying data-action is a move.
  root.addEventListener("click", (ev) => {
    const t = ev.target.closest("[data-action]");
    if (t && root.contains(t) && !t.hasAttribute("disabled")) { ev.preventDefault(); send(t.getAttribute("data-action")); return; }
    const c = ev.target.closest("[data-choose]");
    if (c) { st.focus = c.getAttribute("data-choose"); drawDecision(); }
  });

  function drawHeader() {
    const v = st.view;
    header.replaceChildren();
    header.append(h("a", { href: "/", class: "brand", text: "Snowdonia" }));
    if (!v) return;
    const obs = v.observation;
    const me = v.seat === null ? "spectator" : seatName(v, v.seat);
    let status;
    if (v.over) status = "Game over";
    else {
      const d = obs.decision;
      status = `Round ${obs.round} · ${d.player === v.seat ? "your decision" : seatName(v, d.player)}: ${d.kind.replaceAll("_", " ")}`;
    }
    header.append(h("span", { class: "status", id: "status", text: status }));
    const local = loadTokens(gameId);
    const seats = Object.keys(local);
    if (seats.length > 1) {
      const sel = h("select", { id: "seat-select", onchange: (e) => { st.token = local[e.target.value]; st.hotseat = false; st.feed.setToken(st.token); refresh(); } },
        seats.map((s) => h("option", { value: s, selected: String(v.seat) === s ? "selected" : null, text: `Player ${+s + 1}` })));
      header.append(h("label", { class: "hot" }, "Seat ", sel));
      header.append(h("label", { class: "hot" }, h("input", { type: "checkbox", checked: st.hotseat ? "checked" : null, onchange: (e) => { st.hotseat = e.target.checked; if (st.hotseat) show(st.view); } }), " hot-seat"));
    }
    header.append(h("span", { class: "who", text: `You: ${me}` }));
    header.append(h("span", { class: "conn", text: st.conn }));
    header.append(h("a", { href: `/game/${gameId}`, target: "_blank", text: "spectator link" }));
  }

  function drawDecision() {
    const v = st.view;
    decision.replaceChildren();
    if (!v) return;
    if (st.error) decision.append(h("div", { class: "error", text: st.error }));
    const recent = (st.replay ? st.replay.view : v).log.slice(-2);
    if (recent.length) decision.append(h("div", { class: "recent" }, recent.map((line) => h("div", { text: line.text }))));
    if (st.replay) { decision.append(h("h3", { text: `Replay: move ${st.replay.move} of ${st.replay.total}` })); return; }
    if (v.over) { decision.append(h("h3", { text: "The game is over — see the score sheet." })); return; }
    const d = v.observation.decision;
    if (d.player !== v.seat) {
      decision.append(h("h3", { text: `Waiting for ${seatName(v, d.player)}` }), h("p", { text: KIND_LABEL[d.kind] || d.kind }));
      if (v.can_undo) decision.append(h("button", { class: "undo", id: "undo", onclick: undo, text: "Undo my last decision" }));
      return;
    }
    let title = KIND_LABEL[d.kind] || d.kind;
    if (d.kind === "contract_window") title = `Contract window for area ${d.area}: play a contract or pass`;
    decision.append(h("h3", { class: "yours", text: title }));
    const legal = v.legal;
    const byKind = (k) => legal.filter((a) => a.kind === k);
    const btn = (a, extra = {}) => h("button", { "data-action": a.text, class: `act act-${a.kind}`, ...extra }, actionLabel(a, meta));
    // The focused multi-choice (payment mix of one site or train) from a board click.
    if (st.focus) {
      const [kind, key] = st.focus.split(":");
      const opts = legal.filter((a) => (kind === "build" ? a.kind === "build" && `${a.args[0]}.${a.args[1]}` === key : a.kind === "buy" && String(a.args[0]) === key));
      if (opts.length) decision.append(h("div", { class: "focus" }, h("p", { text: "How do you pay?" }), opts.map((a) => btn(a))));
      st.focus = null;
    }
    const cardKinds = { play: "Play", pick: "Take", keep: "Keep" };
    const cards = legal.filter((a) => cardKinds[a.kind]);
    if (d.kind === "keep_contract" && Array.isArray(d.cards)) decision.append(h("p", { text: `Drawn: ${d.cards.map((c) => "#" + c).join(", ")}` }));
    if (cards.length) {
      decision.append(h("div", { class: "cards" }, cards.map((a) => h("div", { class: "card-choice" },
        cardEl(meta, a.args[0]), h("button", { "data-action": a.text, class: `act act-${a.kind}` }, `${cardKinds[a.kind]} #${a.args[0]}`)))));
    }
    const rest = legal.filter((a) => !cardKinds[a.kind]);
    if (d.kind === "place") {
      decision.append(h("p", { class: "hint", text: "Or pick a space here:" }), h("div", { class: "grid" }, byKind("place").map((a) => btn(a))));
    } else if (d.kind === "weather_swap") {
      decision.append(h("div", { class: "grid" }, rest.map((a) => btn(a, { class: `act disc-btn disc-${a.args[0]}` }))));
    } else if (rest.length) {
      decision.append(h("div", { class: "grid" }, rest.map((a) => btn(a))));
    }
    if (v.can_undo) decision.append(h("button", { class: "undo", id: "undo", onclick: undo, text: "Undo my last decision" }));
  }

  function drawPlayers(v) {
    players.replaceChildren();
    const obs = v.observation;
    obs.players.forEach((p) => {
      const colour = COLOURS[v.seats[p.seat].colour];
      const deciding = obs.decision && obs.decision.player === p.seat && !v.over;
      const tr = p.train ? meta.trains[String(p.train)] : null;
      const box = h("div", { class: "player panel" + (deciding ? " deciding" : "") + (p.seat === v.seat ? " me" : ""), style: `border-color:${colour}` },
        h("div", { class: "player-head", style: `background:${colour}` },
          h("b", { text: seatName(v, p.seat) }), obs.start_player === p.seat ? h("span", { class: "sp", text: "Start Player" }) : null),
        h("div", { class: "supply" }, cubeSpan("iron", p.iron), cubeSpan("stone", p.stone), cubeSpan("coal", p.coal), cubeSpan("rubble", p.rubble), cubeSpan("steel", p.steel)),
        h("div", { class: "meta" },
          `markers left ${p.markers_left} · surveyor at ${obs.route.find((r) => r.key === p.surveyor)?.name || p.surveyor} · labourers ${p.labourers}`,
          p.labourers_to_place ? ` (${p.labourers_to_place} to place)` : ""),
        h("div", { class: "meta" }, tr ? `Train No. ${p.train} ${tr.name}` : "No train"),
        p.contracts.length ? h("div", { class: "hand" }, h("small", { text: "Contracts held:" }), p.contracts.map((c) => cardEl(meta, c))) : null,
        p.played.length ? h("div", { class: "hand played" }, h("small", { text: "Played:" }), p.played.map((c) => cardEl(meta, c, { class: "contract sideways" }))) : null);
      players.append(box);
    });
  }

  function drawLog(v) {
    logBox.replaceChildren(h("h3", { text: "Game log" }));
    const ol = h("ol", { class: "log" }, v.log.map((line) => h("li", { text: line.text })));
    logBox.append(ol);
    ol.scrollTop = ol.scrollHeight;
  }

  function drawEnd(v) {
    endBox.replaceChildren();
    if (!v.over || !v.result) return;
    const res = v.result;
    const lines = ["stations", "track", "surveyor", "train", "contracts"];
    const table = h("table", { class: "scores", id: "score-sheet" },
      h("tr", {}, h("th", { text: "" }), res.breakdown.map((b) => h("th", { style: `background:${COLOURS[v.seats[b.seat].colour]}`, text: `Player ${b.seat + 1}` }))),
      lines.map((ln) => h("tr", {}, h("td", { text: ln }), res.breakdown.map((b) => h("td", { text: b.lines[ln] })))),
      h("tr", { class: "total" }, h("td", { text: "total" }), res.breakdown.map((b) => h("td", { text: b.total }))));
    const details = h("div", { class: "contract-scores" }, res.breakdown.map((b) => h("div", {},
      h("b", { text: `Player ${b.seat + 1} contracts: ` }),
      b.contracts.length ? b.contracts.map((c) => h("span", { class: c.met ? "met" : "unmet", text: `#${c.contract} ${c.vp} VP (${c.why}) ` })) : "none")));
    const winners = res.winners.map((w) => `Player ${w + 1}`).join(" and ");
    endBox.append(h("div", { class: "panel score-panel" },
      h("h2", { id: "winners", text: `Winner${res.winners.length > 1 ? "s" : ""}: ${winners}` }),
      h("p", { text: `${res.rounds} rounds · ${res.end_reason}` }), table, details, replayControls(v)));
  }

  function replayControls(v) {
    const total = v.move;
    const go = async (n) => {
      n = Math.max(0, Math.min(total, n));
      const r = await api(`/api/games/${gameId}/replay/${n}`);
      if (r.ok) { st.replay = { move: n, total, view: r.data }; draw(); }
    };
    const cur = st.replay ? st.replay.move : total;
    return h("div", { class: "replay", id: "replay" },
      h("b", { text: "Replay " }),
      h("button", { id: "replay-start", onclick: () => go(0), text: "« first" }),
      h("button", { id: "replay-back", onclick: () => go(cur - 1), text: "‹ back" }),
      h("span", { id: "replay-pos", text: ` move ${cur} / ${total} ` }),
      h("button", { id: "replay-forward", onclick: () => go(cur + 1), text: "next ›" }),
      h("button", { id: "replay-end", onclick: () => { st.replay = null; draw(); }, text: "last »" }),
      h("input", { type: "range", min: 0, max: total, value: cur, onchange: (e) => go(+e.target.value) }));
  }

  function draw() {
    const v = st.view;
    if (!v) return;
    const shown = st.replay ? st.replay.view : v;
    // Markers for scripts and tests: which position and seat this page shows.
    document.body.dataset.move = String(v.move);
    document.body.dataset.seat = v.seat === null ? "spectator" : String(v.seat);
    document.body.dataset.over = String(v.over);
    drawHeader();
    renderBoard(svg, shown, meta, st.replay ? [] : v.legal);
    drawDecision();
    drawPlayers(shown);
    drawLog(shown);
    drawEnd(v);
  }

  if (await refresh()) connect();
}
