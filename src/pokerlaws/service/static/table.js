"use strict";
// The table page of a seat (its token in the fragment) or of a spectator (/watch): the table
// drawn from what the server pushes (the seat's view, or the public table), the log of the
// game as GET .../story tells it, the seat's hand and moves, and the show between games.
// Every text from the server is put in as text (textContent), never as markup.

const sitting = document.body.dataset.sitting;
const watching = document.body.dataset.role === "watch";
const token = watching ? null : new URLSearchParams(location.hash.slice(1)).get("token");
const auth = token ? {Authorization: `Bearer ${token}`} : {};
const SVG = "http://www.w3.org/2000/svg";
const SUITS = {c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660"};
const PHASES = {straddle: "the straddle", say: "the say", draw: "the draw",
  betting: "the betting", over: "the show"};

let seq = null;
let socket = null;
let latest = null;
let story = null;
let asked = -1;
const marked = new Set();
const refusals = [];  // {game, after, text}: the refusals of this page's own moves

function el(tag, attrs, body) {
  const e = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) { e.setAttribute(name, value); }
  if (body !== undefined) { e.textContent = body; }
  return e;
}
function svg(tag, attrs, body) {
  const e = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs || {})) { e.setAttribute(name, String(value)); }
  if (body !== undefined) { e.textContent = body; }
  return e;
}
function refused(answer) {
  const message = String(answer.message);
  const law = answer.law ? `Law ${answer.law}: ` : "";
  return message.startsWith(law) ? message : law + message;
}
function rank(code) { return code[0] === "T" ? "10" : code[0]; }
function cardText(code) {
  if (code.length !== 2 || !SUITS[code[1]]) { return code; }
  return rank(code) + SUITS[code[1]];
}
function red(code) { return code[1] === "d" || code[1] === "h"; }
function cardLabel(code) {
  const names = {c: "clubs", d: "diamonds", h: "hearts", s: "spades"};
  const ranks = {A: "ace", K: "king", Q: "queen", J: "jack", T: "ten"};
  return `${ranks[code[0]] || code[0]} of ${names[code[1]] || code[1]}`;
}
function and(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
}
function gameNumber(t) { return t.games_played + (t.phase === "over" ? 0 : 1); }

// --- Sending --------------------------------------------------------------------------------

function send(message) {
  document.getElementById("refusal").textContent = "";
  const text = JSON.stringify(message);
  if (socket && socket.readyState === WebSocket.OPEN) { socket.send(text); return; }
  const path = message.next ? "next" : "actions";
  const body = message.next ? JSON.stringify({seq: message.seq}) : text;
  fetch(`/sittings/${sitting}/${path}`, {method: "POST", body,
    headers: Object.assign({"Content-Type": "application/json"}, auth)})
    .then((r) => r.json()).then(show);
}
function act(action) { send({seq, action}); }

// --- The picture ----------------------------------------------------------------------------

function seatsOf(answer) {
  const t = answer.table;
  const v = answer.view;
  const playing = v ? v.players : t.playing;
  const shown = new Map();
  if (v) { v.shown.forEach((h) => shown.set(h.seat, h.cards)); }
  if (story && story.seq === seq) { story.shown.forEach((h) => shown.set(h.seat, h.cards)); }
  const winners = v ? v.winners : (story && story.seq === seq ? t.game_seating
    .map((name, s) => (story.winners.includes(name) ? s : -1)).filter((s) => s >= 0) : []);
  return t.game_seating.map((name, s) => ({
    seat: s, name, stack: t.stacks[s], stake: t.stakes[s],
    dealer: t.dealer === name && t.game_seating.indexOf(t.dealer) === s,
    toAct: t.to_act !== null && t.to_act.seat === s,
    playing: playing.includes(s),
    cards: v && v.seat === s ? v.hand : shown.get(s) || null,
    you: v !== null && v.seat === s,
    winner: winners.includes(s),
    payout: v && v.payouts.length ? v.payouts[s]
      : (!v && story && story.seq === seq && story.payouts.length ? story.payouts[s] : null),
    drew: v && v.exchanged ? v.exchanged[s] : null,
  }));
}

function drawCard(group, x, y, w, h, code) {
  const face = code !== null;
  const attrs = {x, y, width: w, height: h, rx: 3,
    fill: face ? "#ffffff" : "#23408e", stroke: "#222", "stroke-width": 1};
  if (face) { attrs["data-card"] = code; } else { attrs.class = "back"; }
  group.append(svg("rect", attrs));
  if (face) {
    group.append(svg("text", {x: x + w / 2, y: y + h / 2 + 5, "text-anchor": "middle",
      "font-size": 13, "font-weight": "bold", fill: red(code) ? "#b00020" : "#111"},
    cardText(code)));
  }
}

function picture(answer) {
  const box = document.getElementById("picture");
  const width = Math.max(300, Math.round(box.clientWidth || 600));
  const narrow = width < 640;
  const seats = seatsOf(answer);
  const n = seats.length;
  const height = Math.round(narrow ? width * (n <= 3 ? 0.95 : 1.25) : width * 0.58);
  const boxW = Math.min(200, Math.max(118, width / (narrow ? (n <= 4 ? 2.5 : 3.1) : (n <= 4 ? 4 : 5))));
  const boxH = 92;
  const rx = width / 2 - boxW / 2 - 4;
  const ry = height / 2 - boxH / 2 - 4;
  const cx = width / 2;
  const cy = height / 2;
  const viewer = answer.seat === null || answer.seat === undefined ? 0 : answer.seat;
  const drawn = svg("svg", {xmlns: SVG, viewBox: `0 0 ${width} ${height}`, width, height,
    role: "img", "font-family": "system-ui, sans-serif"});
  drawn.append(svg("title", {}, "The table"));
  drawn.append(svg("ellipse", {cx, cy, rx: rx + 8, ry: ry + 8, fill: "#6b3f1f"}));
  drawn.append(svg("ellipse", {cx, cy, rx, ry, fill: "#245a38"}));
  const t = answer.table;
  const centre = [`pool ${t.pool}`, PHASES[t.phase] || t.phase,
    t.to_act ? `${t.to_act.name} to act` : (t.over ? "the sitting is over" : "")];
  centre.forEach((line, i) => drawn.append(svg("text", {x: cx, y: cy - 14 + 22 * i,
    "text-anchor": "middle", "font-size": i === 0 ? 20 : 15, "font-weight": i === 0 ? "bold" : "normal",
    fill: "#ffffff", class: `centre-${i}`}, line)));
  for (const s of seats) {
    const angle = Math.PI / 2 + 2 * Math.PI * ((s.seat - viewer + n) % n) / n;
    const x = cx + rx * Math.cos(angle) - boxW / 2;
    const y = cy + ry * Math.sin(angle) - boxH / 2;
    const g = svg("g", {class: "seat", "data-seat": s.seat, "data-name": s.name});
    g.append(svg("rect", {x, y, width: boxW, height: boxH, rx: 8,
      fill: s.winner ? "#ffe08a" : s.playing ? "#fffdf6" : "#d8d2c4",
      stroke: s.toAct ? "#e8a400" : "#5a4630", "stroke-width": s.toAct ? 4 : 1.5}));
    const marks = [s.dealer ? "D" : "", s.you ? "you" : ""].filter((m) => m).join(" \u00b7 ");
    g.append(svg("text", {x: x + 8, y: y + 17, "font-size": 14, "font-weight": "bold",
      fill: "#111", class: "seat-name"}, s.name + (marks ? ` (${marks})` : "")));
    g.append(svg("text", {x: x + 8, y: y + 34, "font-size": 13, fill: "#222"},
      `stack ${s.stack} \u00b7 stake ${s.stake}`));
    const cw = Math.min(30, (boxW - 16) / 5 - 2);
    const ch = 30;
    const dealt = t.phase !== "straddle" && t.phase !== "over";
    const cards = s.cards || (s.playing && dealt ? [null, null, null, null, null] : []);
    cards.forEach((code, i) => drawCard(g, x + 8 + i * (cw + 2), y + 40, cw, ch, code));
    let note = "";
    if (s.winner) { note = s.payout !== null ? `wins ${s.payout}` : "wins"; }
    else if (s.toAct) { note = "to act"; }
    else if (!s.playing) { note = "out of this game"; }
    else if (s.drew !== null && s.drew !== undefined && t.phase !== "straddle" && t.phase !== "say") {
      note = s.drew === 0 ? "stood pat" : `drew ${s.drew}`;
    }
    if (note) {
      g.append(svg("text", {x: x + 8, y: y + boxH - 7, "font-size": 12, fill: "#222"}, note));
    }
    drawn.append(g);
  }
  box.replaceChildren(drawn);
}

// --- The hand and the moves -----------------------------------------------------------------

function menuOf(view) {
  const legal = view ? view.legal_actions : [];
  if (Array.isArray(legal)) {
    const stakes = legal.filter((a) => a.type === "Stake").map((a) => a.amount);
    const others = legal.filter((a) => a.type !== "Stake");
    const least = stakes.length ? Math.min(...stakes) : null;
    const most = stakes.length ? Math.max(...stakes) : null;
    return {others, least, most, count: legal.length};
  }
  return {others: legal.others, least: legal.least, most: legal.most,
    count: legal.others.length + legal.most - legal.least + 1};
}

function unopened(view) {
  if (view.phase === "say") { return !view.history.some((a) => a.type === "Stake"); }
  return view.phase === "betting" && Math.max(...view.stakes) === 0;
}

// What a stake is, in the words of the terminal's menu (pokerlaws play).
function stakeLabel(view, amount) {
  const s = view.seat;
  const highest = Math.max(...view.stakes);
  const total = view.stakes[s] + amount;
  let label;
  if (view.phase === "draw") { label = "make good"; }
  else if (unopened(view)) { label = "open"; }
  else if (total > highest) { label = `raise by ${total - highest}`; }
  else { label = "call"; }
  if (total < highest) { return `short ${label}, all in`; }
  if (amount === view.stacks[s]) { label += ", all in"; }
  return label;
}
function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

function actionButton(text, action, extra) {
  const b = el("button", {type: "button", class: "action", "data-action": JSON.stringify(action)},
    text);
  if (extra) { b.classList.add(extra); }
  b.addEventListener("click", () => act(action));
  return b;
}

const WORDS = {Pass: "Pass (throw in your cards)", Stand: "Check (stand)", Straddle: "Straddle",
  DeclineStraddle: "Decline the straddle", Shuffle: "Shuffle the discards"};

function hand(answer) {
  const box = document.getElementById("hand");
  const heading = document.getElementById("hand-heading");
  box.replaceChildren();
  const v = answer.view;
  if (!v || !v.hand.length) { heading.hidden = true; return; }
  heading.hidden = false;
  const discards = Array.isArray(v.legal_actions)
    && v.legal_actions.some((a) => a.type === "Discard");
  for (const code of v.hand) {
    const b = el("button", {type: "button", class: red(code) ? "card red" : "card",
      "data-card": code, "aria-label": cardLabel(code)}, cardText(code));
    if (discards) {
      b.setAttribute("aria-pressed", marked.has(code) ? "true" : "false");
      b.addEventListener("click", () => {
        if (marked.has(code)) { marked.delete(code); } else { marked.add(code); }
        hand(latest);
        menu(latest);
        const again = document.querySelector(`#hand [data-card="${code}"]`);
        if (again) { again.focus(); }
      });
    } else {
      b.disabled = true;
    }
    box.append(b);
  }
  if (v.discarded.length) {
    box.append(el("p", {class: "note"}, `You threw ${v.discarded.map(cardText).join(" ")}.`));
  }
}

function stakeControl(v, least, most) {
  const wrap = el("div", {class: "stake", role: "group", "aria-label": "your stake"});
  const quick = el("div", {class: "choice"});
  const amounts = [least];
  const highest = Math.max(...v.stakes);
  const call = highest - v.stakes[v.seat];
  if (call > least && call <= most) { amounts.push(call); }
  if (!unopened(v) && v.phase !== "draw" && call + 1 <= most && call + 1 > least) {
    amounts.push(call + 1);
  }
  if (most > least) { amounts.push(most); }
  for (const amount of [...new Set(amounts)]) {
    quick.append(actionButton(`${capital(stakeLabel(v, amount))} \u00b7 stake ${amount}`,
      {type: "Stake", seat: v.seat, amount}, "primary"));
  }
  wrap.append(quick);
  if (most > least) {
    const range = el("input", {type: "range", id: "amount", min: least, max: most, step: 1,
      value: least, "aria-label": "chips to stake"});
    const number = el("input", {type: "number", id: "amount-number", min: least, max: most,
      step: 1, value: least, "aria-label": "chips to stake, typed"});
    const go = el("button", {type: "button", id: "stake", class: "action"});
    const total = el("span", {id: "stake-total"});
    const update = (value) => {
      const amount = Math.min(most, Math.max(least, Math.round(Number(value)) || least));
      range.value = String(amount);
      number.value = String(amount);
      go.textContent = `Stake ${amount}: ${stakeLabel(v, amount)}`;
      go.dataset.action = JSON.stringify({type: "Stake", seat: v.seat, amount});
      total.textContent = `your stake becomes ${v.stakes[v.seat] + amount} in all`;
    };
    range.addEventListener("input", () => update(range.value));
    number.addEventListener("change", () => update(number.value));
    go.addEventListener("click", () => act(JSON.parse(go.dataset.action)));
    const marks = el("div", {class: "marks"});
    marks.append(el("span", {}, `least ${least} (${stakeLabel(v, least)})`),
      el("span", {}, `most ${most} (${stakeLabel(v, most)})`));
    const row = el("div", {class: "choice"});
    row.append(number, go, total);
    wrap.append(range, marks, row);
    update(least);
  }
  wrap.append(el("p", {class: "note"},
    "A stake's number is the chips you add now; the table shows each seat's stake in all."));
  return wrap;
}

function menu(answer) {
  const box = document.getElementById("menu");
  const focused = document.activeElement && box.contains(document.activeElement)
    ? document.activeElement.id || document.activeElement.textContent : null;
  box.replaceChildren();
  const v = answer.view;
  const t = answer.table;
  if (!v) { return; }
  if (v.to_act !== v.seat) {
    const turn = t.to_act ? `${t.to_act.name} is to act.` : "";
    if (t.phase !== "over") { box.append(el("p", {class: "note"}, `Not your turn. ${turn}`)); }
    return;
  }
  const m = menuOf(v);
  if (m.count === 1) { box.append(el("p", {class: "note"}, "Your only choice:")); }
  const only = m.count === 1 ? "only" : "";
  const discards = m.others.filter((a) => a.type === "Discard");
  if (discards.length) {
    const want = [...marked].sort().join(" ");
    const found = discards.find((a) => [...a.cards].sort().join(" ") === want);
    const text = marked.size ? `Discard ${marked.size}` : "Stand pat";
    const b = found ? actionButton(text, found, "primary") : el("button", {type: "button"}, text);
    if (!found) {
      b.disabled = true;
      box.append(el("p", {class: "note"}, `You may not throw ${marked.size} cards.`));
    } else {
      box.append(el("p", {class: "note"},
        "Click the cards to throw, then discard them (none: stand pat)."));
    }
    if (only) { b.classList.add(only); }
    box.append(b);
  }
  for (const action of m.others.filter((a) => a.type !== "Discard")) {
    box.append(actionButton(WORDS[action.type] || action.type, action, only));
  }
  if (m.least !== null) { box.append(stakeControl(v, m.least, m.most)); }
  if (focused) {
    const again = [...box.querySelectorAll("button, input")].find((e) =>
      e.id === focused || e.textContent === focused);
    if (again) { again.focus(); }
  }
}

// --- The show and the log -------------------------------------------------------------------

function showPanel(answer) {
  const t = answer.table;
  const panel = document.getElementById("show");
  const between = t.waiting !== null || t.over;
  const body = document.getElementById("show-body");
  const focused = document.activeElement && document.activeElement.id === "next";
  body.replaceChildren();  // the last show's hands leave the page with it
  panel.hidden = !between;
  if (!between) { return; }
  const told = story && story.seq === seq && story.over ? story : null;
  body.append(el("h2", {}, `Game ${t.games_played}: the show`));
  if (told) {
    const list = el("ul", {class: "shown"});
    for (const h of told.shown) {
      const item = el("li", {"data-name": h.name});
      item.append(el("strong", {}, `${h.name}: `));
      const cards = el("span", {class: "shown-cards"});
      h.cards.forEach((c) => cards.append(el("span", {class: red(c) ? "card red" : "card",
        "data-card": c, "aria-label": cardLabel(c)}, cardText(c))));
      item.append(cards, el("span", {}, ` ${h.hand}`));
      list.append(item);
    }
    if (!told.shown.length) { body.append(el("p", {}, "No hand is shown.")); }
    body.append(list);
    const last = told.steps[told.steps.length - 1];
    if (last) {
      const p = el("p", {class: "outcome"}, capital(last.says) + " ");
      p.append(el("span", {class: "law"}, `Law ${last.law}: ${last.title}`));
      body.append(p);
    }
  }
  if (t.over) {
    body.append(el("h2", {}, "The sitting is over: the settlement"));
    const table = el("table", {id: "settlement"});
    const head = el("tr");
    head.append(el("th", {}, "player"), el("th", {}, "chips"), el("th", {}, "result"));
    table.append(head);
    const chips = new Map(t.players.map((p) => [p.name, p.chips]));
    for (const r of t.results) {
      const row = el("tr");
      row.append(el("td", {}, r.name), el("td", {}, String(chips.get(r.name) ?? "")),
        el("td", {}, `${r.result >= 0 ? "+" : ""}${r.result}`));
      table.append(row);
    }
    body.append(table);
    if (t.kitty) { body.append(el("p", {}, `The kitty holds ${t.kitty}.`)); }
    return;
  }
  const waiting = t.waiting || [];
  if (answer.name && waiting.includes(answer.name)) {
    const b = el("button", {type: "button", id: "next", class: "primary only"}, "Next game");
    b.addEventListener("click", () => send({seq, next: true}));
    body.append(b);
    if (focused) { b.focus(); }
  }
  const others = waiting.filter((name) => name !== answer.name);
  const pause = t.pause ? ` (or ${t.pause} s after the end)` : "";
  body.append(el("p", {id: "waiting"}, others.length
    ? `The next game is dealt when ${and(others)} ${others.length > 1 ? "say" : "says"} next${pause}.`
    : (waiting.length ? `The next game is dealt when you say next${pause}.` : "")));
}

function log() {
  const box = document.getElementById("steps");
  const keep = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
  box.replaceChildren();
  const games = new Map(JSON.parse(sessionStorage.getItem(`story-${sitting}`) || "[]"));
  for (const [game, steps] of [...games.entries()].sort((a, b) => a[0] - b[0])) {
    box.append(el("h3", {class: "game"}, `Game ${game}`));
    const list = el("ol", {"data-game": game});
    steps.forEach((step, i) => {
      const item = el("li", {class: "step"}, `${capital(step.says)} `);
      item.append(el("span", {class: "law"}, `Law ${step.law}: ${step.title}`));
      list.append(item);
      refusals.filter((r) => r.game === game && r.after === i).forEach((r) =>
        list.append(el("li", {class: "refused"}, r.text)));
    });
    box.append(list);
  }
  if (keep) { box.scrollTop = box.scrollHeight; }
}

function remember(told) {
  const key = `story-${sitting}`;
  const games = new Map(JSON.parse(sessionStorage.getItem(key) || "[]"));
  const steps = told.steps.slice();
  const v = latest && latest.view;
  if (v && told.seq === seq) {
    // Law 51: your own draw as your view shows it (the others' by their count alone).
    v.history.forEach((a, i) => {
      if (a.type === "Discard" && a.seat === v.seat && steps[i + 1] && a.cards.length) {
        steps[i + 1] = Object.assign({}, steps[i + 1],
          {says: `${steps[i + 1].says} (you threw ${a.cards.map(cardText).join(" ")})`});
      }
    });
  }
  games.set(told.game, steps);
  sessionStorage.setItem(key, JSON.stringify([...games.entries()]));
}

async function tell() {
  if (asked === seq) { return; }
  asked = seq;
  const answer = await fetch(`/sittings/${sitting}/story`);
  if (!answer.ok) { return; }
  const told = await answer.json();
  if (told.seq < (story ? story.seq : -1)) { return; }
  story = told;
  remember(told);
  log();
  if (latest && told.seq === seq) { showPanel(latest); picture(latest); }
  document.body.dataset.story = String(told.seq);
}

// --- Each push ------------------------------------------------------------------------------

function show(answer) {
  if (answer.error !== undefined || answer.message !== undefined) {
    // A stale seq (409): the move came after the table had moved on, and was not played.
    const text = answer.error === 409 || answer.status === 409
      ? `Too late, not played: ${refused(answer)}` : refused(answer);
    document.getElementById("refusal").textContent = text;
    const game = latest ? gameNumber(latest.table) : 0;
    const after = story ? story.steps.length - 1 : 0;
    refusals.push({game, after, text: `Refused: ${text}`});
    log();
    return;
  }
  if (answer.seq === undefined || (seq !== null && answer.seq < seq)) { return; }
  if (latest && (answer.view ? answer.view.phase : "") !== (latest.view ? latest.view.phase : "")) {
    marked.clear();
  }
  latest = answer;
  seq = answer.seq;
  const t = answer.table;
  document.body.dataset.seq = String(seq);
  document.body.dataset.over = String(t.over);
  document.getElementById("who").textContent = answer.name
    ? `You are ${answer.name}${answer.seat !== null ? `, seat ${answer.seat}` : ""}.`
    : "You are watching: no hidden card is shown.";
  const games = t.games === null ? "" : ` of ${t.games}`;
  let status;
  if (t.over) { status = "The sitting is over."; }
  else if (t.waiting !== null) { status = `Game ${t.games_played}${games} is over: the show.`; }
  else {
    const turn = t.to_act ? `${t.to_act.name} to act` : "";
    status = `Game ${t.games_played + 1}${games}: ${PHASES[t.phase] || t.phase}, pool ${t.pool}. ${turn}`;
  }
  document.getElementById("status").textContent = status;
  if (answer.view && answer.view.to_act === answer.view.seat) {
    document.title = `Your turn \u00b7 sitting ${sitting}`;
  } else {
    document.title = `Sitting ${sitting}`;
  }
  picture(answer);
  hand(answer);
  menu(answer);
  showPanel(answer);
  tell();
}

async function start() {
  if (watching) { document.getElementById("moves").hidden = true; }
  const first = await fetch(`/sittings/${sitting}/view`, {headers: auth});
  show(await first.json());
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const path = watching ? "watch" : `ws?token=${encodeURIComponent(token || "")}`;
  if (!watching && !token) { return; }
  socket = new WebSocket(`${scheme}://${location.host}/sittings/${sitting}/${path}`);
  socket.addEventListener("message", (event) => show(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    document.getElementById("status").textContent += " (disconnected: reload the page)";
  });
}
window.addEventListener("resize", () => { if (latest) { picture(latest); } });
start();
