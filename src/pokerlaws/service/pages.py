"""The service's two pages, served by the app itself: the lobby (create a sitting, list the
sittings) and the table (a seat's SVG table from ``pokerlaws.render_svg``, a menu of his legal
actions, the law of each refusal).

No page loads anything from elsewhere: the scripts and the style are served here, under a
Content-Security-Policy that allows only the server's own (``script-src 'self'``, no
``'unsafe-inline'``), and every text from a sitting is put in the page as text
(``textContent``), never as markup. A seat's token travels in the page's fragment
(``/sittings/ID/play#token=...``), which the browser never sends to a server, so no log
holds it; the script sends it in the ``Authorization`` header, and to the websocket (whose
handshake a browser cannot give headers) in its query, which the server's log hides.
"""

from __future__ import annotations

import json
from html import escape

from pokerlaws._extras import needs_extra
from pokerlaws.records.jsonio import to_data
from pokerlaws.rules import Rules
from pokerlaws.service.sittings import Refusal

with needs_extra("service", "pokerlaws.service"):
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, Response

__all__ = ["STATIC", "lobby_page", "static", "table_page"]

_STYLE = """\
body { font-family: sans-serif; margin: 1.5em; background: #f7f4ec; color: #222; }
h1 { font-size: 1.4em; }
fieldset { margin-bottom: 1em; }
label { display: block; margin: .3em 0; }
#table svg { max-width: 100%; height: auto; }
#menu button, #create { margin: .2em; padding: .4em .8em; font-size: 1em; }
#refusal { color: #a00; min-height: 1.2em; }
#status { font-weight: bold; }
.seat-link { font-family: monospace; word-break: break-all; }
"""

# The start of both scripts. A library refusal's message already begins "Law N: ..."
# (pokerlaws.violations.refuse): the law is put before a message only when it does not.
_PRELUDE = """\
"use strict";
function text(tag, body) { const e = document.createElement(tag); e.textContent = body; return e; }
function refused(answer) {
  const message = String(answer.message);
  const law = answer.law ? `Law ${answer.law}: ` : "";
  return message.startsWith(law) ? message : law + message;
}
"""

_LOBBY_SCRIPT = (
    _PRELUDE
    + """\
const defaults = JSON.parse(document.getElementById("defaults").textContent);
async function listSittings() {
  const answer = await fetch("/sittings");
  const list = document.getElementById("sittings");
  list.replaceChildren();
  if (!answer.ok) { return; }
  for (const s of (await answer.json()).sittings) {
    const item = text("li", `${s.id}: ${s.players.join(", ")}, ` +
      `${s.games_played} of ${s.games} games${s.over ? " (over)" : ""} `);
    const watch = document.createElement("a");
    watch.href = `/sittings/${encodeURIComponent(s.id)}/play`;
    watch.textContent = "watch";
    item.append(watch);
    list.append(item);
  }
}
async function create(event) {
  event.preventDefault();
  const names = document.getElementById("names").value.split(",").map((n) => n.trim())
    .filter((n) => n);
  const chips = Number(document.getElementById("chips").value);
  const rules = Object.assign({}, defaults, {
    ante: Number(document.getElementById("ante").value),
    limit: Number(document.getElementById("limit").value),
  });
  const body = {rules, players: names.map((name) => ({name, chips})),
    games: Number(document.getElementById("games").value)};
  const answer = await fetch("/sittings", {method: "POST", body: JSON.stringify(body),
    headers: {"Content-Type": "application/json"}});
  const made = await answer.json();
  const out = document.getElementById("created");
  out.replaceChildren();
  if (!answer.ok) {
    out.append(text("p", refused(made)));
    return;
  }
  out.append(text("p", `Sitting ${made.id}: give each player his own link (it holds his ` +
    "secret token); the referee's token is below."));
  const links = document.createElement("ul");
  for (const seat of made.seats) {
    const item = text("li", `${seat.name}: `);
    const link = document.createElement("a");
    link.className = "seat-link";
    link.href = `/sittings/${encodeURIComponent(made.id)}/play#token=${seat.token}`;
    link.textContent = link.href;
    item.append(link);
    links.append(item);
  }
  out.append(links, text("p", `Referee's token: ${made.referee}`));
  listSittings();
}
document.getElementById("new").addEventListener("submit", create);
listSittings();
"""
)

_TABLE_SCRIPT = (
    _PRELUDE
    + """\
const sitting = document.body.dataset.sitting;
const token = new URLSearchParams(location.hash.slice(1)).get("token");
const auth = token ? {Authorization: `Bearer ${token}`} : {};
let seq = null;
let socket = null;
function label(action) {
  switch (action.type) {
    case "Stake": return `stake ${action.amount}`;
    case "Discard": return action.cards.length ? `discard ${action.cards.join(" ")}` : "pat";
    case "DeclineStraddle": return "decline the straddle";
    default: return action.type.toLowerCase();
  }
}
function send(action) {
  document.getElementById("refusal").textContent = "";
  const message = JSON.stringify({seq, action});
  if (socket && socket.readyState === WebSocket.OPEN) { socket.send(message); return; }
  fetch(`/sittings/${sitting}/actions`, {method: "POST", body: message,
    headers: Object.assign({"Content-Type": "application/json"}, auth)})
    .then((r) => r.json()).then(show);
}
function button(action) {
  const b = text("button", label(action));
  b.className = "action";
  b.type = "button";
  b.dataset.action = JSON.stringify(action);
  b.addEventListener("click", () => send(action));
  return b;
}
function menu(legal) {
  const box = document.getElementById("menu");
  box.replaceChildren();
  if (Array.isArray(legal)) { legal.forEach((a) => box.append(button(a))); return; }
  legal.others.forEach((a) => box.append(button(a)));
  const amount = document.createElement("input");
  amount.type = "number"; amount.min = legal.least; amount.max = legal.most;
  amount.value = legal.least; amount.id = "amount";
  const stake = text("button", `stake (${legal.least} to ${legal.most})`);
  stake.className = "action"; stake.type = "button";
  stake.dataset.action = JSON.stringify({type: "Stake", seat: legal.seat, amount: legal.least});
  stake.addEventListener("click", () =>
    send({type: "Stake", seat: legal.seat, amount: Number(amount.value)}));
  box.append(amount, stake);
}
async function picture() {
  if (!token) { return; }
  const answer = await fetch(`/sittings/${sitting}/table.svg`, {headers: auth});
  if (!answer.ok) { return; }
  const parsed = new DOMParser().parseFromString(await answer.text(), "image/svg+xml");
  const drawn = document.importNode(parsed.documentElement, true);
  document.getElementById("table").replaceChildren(drawn);
}
function show(answer) {
  if (answer.error !== undefined || answer.message !== undefined) {
    document.getElementById("refusal").textContent = refused(answer);
    return;
  }
  if (answer.seq === undefined || (seq !== null && answer.seq < seq)) { return; }
  seq = answer.seq;
  const t = answer.table;
  document.body.dataset.seq = String(seq);
  const who = answer.name ? `${answer.name}, seat ${answer.seat}` : "a spectator";
  document.getElementById("who").textContent = who;
  const turn = t.to_act ? `${t.to_act.name} to act` : "nobody to act";
  const status = document.getElementById("status");
  if (t.over) {
    status.textContent = "The sitting is over. " +
      t.results.map((r) => `${r.name} ${r.result >= 0 ? "+" : ""}${r.result}`).join(", ");
    document.body.dataset.over = "true";
  } else {
    status.textContent = `Game ${t.games_played + 1} of ${t.games}: ${t.phase}, ` +
      `pool ${t.pool}, ${turn}.`;
  }
  menu(answer.view ? answer.view.legal_actions : []);
  picture();
}
async function start() {
  const first = await fetch(`/sittings/${sitting}/view`, {headers: auth});
  show(await first.json());
  if (!token) { return; }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/sittings/${sitting}/ws?token=` +
    encodeURIComponent(token));
  socket.addEventListener("message", (event) => show(JSON.parse(event.data)));
}
start();
"""
)

# The pages' icon: without one a browser asks for /favicon.ico, whose 404 it logs as an
# error in the page's console; a data: URL would break the page's policy (img-src 'self').
_ICON = """\
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">\
<rect width="16" height="16" rx="3" fill="#2f6d44"/>\
<path d="M8 2 L13 8 L8 14 L3 8 Z" fill="#c8102e"/></svg>
"""

STATIC: dict[str, tuple[str, str]] = {
    "style.css": (_STYLE, "text/css"),
    "icon.svg": (_ICON, "image/svg+xml"),
    "lobby.js": (_LOBBY_SCRIPT, "text/javascript"),
    "table.js": (_TABLE_SCRIPT, "text/javascript"),
}
"""The files under ``/static/``: text and media type."""


def _page(title: str, body: str, *, data: str = "") -> HTMLResponse:
    html = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title>"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<link rel="icon" href="/static/icon.svg" type="image/svg+xml">'
        '<link rel="stylesheet" href="/static/style.css"></head>'
        f"<body{data}>{body}</body></html>\n"
    )
    return HTMLResponse(html, headers={"Cache-Control": "no-store"})


def lobby_page() -> HTMLResponse:
    """The lobby: a form that creates a sitting, and the list of sittings."""
    # Data for the script, not a script: the browser runs no code from it, and </ is
    # escaped so it cannot end the element.
    defaults = json.dumps(to_data(Rules(ante=1, limit=4))).replace("</", "<\\/")
    body = (
        "<h1>pokerlaws: a table of Peel's draw poker</h1>"
        '<form id="new"><fieldset><legend>A new sitting</legend>'
        '<label>Players (names, comma-separated) <input id="names" value="Ann, Bob"></label>'
        '<label>Chips each <input id="chips" type="number" min="1" value="20"></label>'
        '<label>Ante <input id="ante" type="number" min="1" value="1"></label>'
        '<label>Limit <input id="limit" type="number" min="1" value="4"></label>'
        '<label>Games <input id="games" type="number" min="1" value="1"></label>'
        '<button id="create" type="submit">Create the sitting</button>'
        '</fieldset></form><div id="created"></div>'
        '<h2>Sittings</h2><ul id="sittings"></ul>'
        f'<script id="defaults" type="application/json">{defaults}</script>'
        '<script src="/static/lobby.js"></script>'
    )
    return _page("pokerlaws: the lobby", body)


def table_page(sitting_id: str) -> HTMLResponse:
    """The table of sitting ``sitting_id`` for the seat whose token is in the fragment."""
    body = (
        f"<h1>Sitting {escape(sitting_id)}</h1>"
        '<p>You are <span id="who"></span>. <span id="status"></span></p>'
        '<div id="table"></div><div id="menu"></div><p id="refusal" role="alert"></p>'
        '<p><a href="/">The lobby</a></p>'
        '<script src="/static/table.js"></script>'
    )
    return _page(
        f"pokerlaws: sitting {sitting_id}", body, data=f' data-sitting="{escape(sitting_id)}"'
    )


async def static(request: Request) -> Response:
    """A file of :data:`STATIC`, or 404."""
    found = STATIC.get(request.path_params["name"])
    if found is None:
        raise Refusal(404, "no such file")
    body, media = found
    return Response(body, media_type=media, headers={"Cache-Control": "no-cache"})
