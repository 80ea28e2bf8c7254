"use strict";
// The lobby: a form that makes a sitting with any rules (each field's default the library's),
// each seat's own link to hand out (the referee's apart), and the sittings in play and over.

const defaults = JSON.parse(document.getElementById("defaults").textContent);
let page = 0;

function el(tag, attrs, body) {
  const e = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) { e.setAttribute(name, value); }
  if (body !== undefined) { e.textContent = body; }
  return e;
}
function refused(answer) {
  const message = String(answer.message);
  const law = answer.law ? `Law ${answer.law}: ` : "";
  return message.startsWith(law) ? message : law + message;
}
function words(name) { return name.replace(/_/g, " "); }

// A checkbox for every switch of the library's rules and terms, checked as its default is.
function switches() {
  const box = document.getElementById("switches");
  const groups = [["rules", defaults.rules], ["hands", defaults.rules.hands],
    ["terms", defaults.terms]];
  for (const [group, values] of groups) {
    for (const [name, value] of Object.entries(values)) {
      if (typeof value !== "boolean") { continue; }
      const label = el("label", {class: "check"});
      const box2 = el("input", {type: "checkbox", "data-group": group, "data-name": name});
      box2.checked = value;
      label.append(box2, document.createTextNode(words(name)));
      box.append(label);
    }
  }
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch (error) {
    button.textContent = "Select and copy the link";
  }
  setTimeout(() => { button.textContent = "Copy"; }, 2000);
}

function linkRow(label, href) {
  const item = el("li");
  item.append(el("strong", {}, `${label}: `));
  const link = el("a", {class: "seat-link", href}, href);
  const button = el("button", {type: "button", class: "copy"}, "Copy");
  button.setAttribute("aria-label", `Copy ${label}'s link`);
  button.addEventListener("click", () => copy(link.href, button));
  item.append(link, button);
  return item;
}

function number(id) {
  const value = document.getElementById(id).value.trim();
  return value === "" ? null : Number(value);
}

async function create(event) {
  event.preventDefault();
  const names = document.getElementById("names").value.split(",").map((n) => n.trim())
    .filter((n) => n);
  const chips = number("chips");
  const rules = {ante: number("ante"), limit: number("limit"), hands: {}};
  const terms = {kitty_percent: number("kitty") ?? 0};
  for (const input of document.querySelectorAll("#switches input")) {
    const target = input.dataset.group === "hands" ? rules.hands
      : input.dataset.group === "terms" ? terms : rules;
    target[input.dataset.name] = input.checked;
  }
  const body = {rules, terms, players: names.map((name) => ({name, chips}))};
  const games = number("games");
  if (games !== null) { body.games = games; }
  body.pause = number("pause") ?? 0;
  const out = document.getElementById("created");
  out.replaceChildren();
  const answer = await fetch("/sittings", {method: "POST", body: JSON.stringify(body),
    headers: {"Content-Type": "application/json"}});
  const made = await answer.json();
  if (!answer.ok) {
    out.append(el("p", {class: "error", role: "alert"}, `The sitting was not made: ${refused(made)}`));
    return;
  }
  const base = `${location.origin}/sittings/${encodeURIComponent(made.id)}`;
  out.append(el("h2", {}, `Sitting ${made.id} is made`));
  out.append(el("p", {}, "Give each player his own link: it holds his secret token, and " +
    "whoever has it plays his seat."));
  const links = el("ul", {class: "links", id: "seat-links"});
  for (const seat of made.seats) { links.append(linkRow(seat.name, `${base}/play#token=${seat.token}`)); }
  out.append(links);
  const watch = el("ul", {class: "links"});
  watch.append(linkRow("Anyone watching", `${base}/watch`));
  out.append(el("p", {}, "Spectators see the table and no hidden card:"), watch);
  const referee = el("details", {id: "referee"});
  referee.append(el("summary", {}, "The referee's token (keep it apart: it reads every pack)"));
  const token = el("ul", {class: "links"});
  token.append(linkRow("Referee", made.referee));
  referee.append(token);
  out.append(referee);
  listSittings();
}

async function listSittings() {
  const answer = await fetch(`/sittings?page=${page}`);
  const playing = document.getElementById("playing");
  const over = document.getElementById("over");
  playing.replaceChildren();
  over.replaceChildren();
  if (!answer.ok) { return; }
  const listed = await answer.json();
  for (const s of listed.sittings) {
    const base = `/sittings/${encodeURIComponent(s.id)}`;
    const of = s.games === null ? "" : ` of ${s.games}`;
    const item = el("li", {"data-sitting": s.id},
      `${s.players.join(", ")}: ${s.games_played}${of} games played. `);
    if (s.over) {
      for (let game = 1; game <= s.games_played; game += 1) {
        item.append(el("a", {href: `${base}/games/${game}`}, `replay game ${game}`),
          document.createTextNode(" "));
      }
      item.append(el("a", {href: `${base}/record`}, "the record"));
      over.append(item);
    } else {
      item.append(el("a", {href: `${base}/watch`}, "watch"));
      playing.append(item);
    }
  }
  if (!playing.children.length) { playing.append(el("li", {}, "None on this page.")); }
  if (!over.children.length) { over.append(el("li", {}, "None on this page.")); }
  document.getElementById("newer").disabled = page === 0;
  document.getElementById("older").disabled = listed.sittings.length < listed.per_page;
  document.getElementById("page").textContent = `page ${page + 1}`;
}

document.getElementById("newer").addEventListener("click", () => { page = Math.max(0, page - 1); listSittings(); });
document.getElementById("older").addEventListener("click", () => { page += 1; listSittings(); });
document.getElementById("new").addEventListener("submit", create);
switches();
listSittings();
