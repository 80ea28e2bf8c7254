"""The replay page's one script, and the hash by which the page's policy allows it.

The page carries each step's table as a compact list of the fields that changed since the
step before (:mod:`pokerlaws.render.html`); this script rebuilds the table of the step
shown and draws it, as SVG and as text, exactly as :func:`pokerlaws.render.svg.svg_element`
and :func:`pokerlaws.render.text.render_text` draw it (``.ci/browser`` holds the two to
the same output at every step, in Chromium, for the whole game and for a seat's view). A
page of a long game so holds a few hundred bytes a step, not a picture a step.

The script is a constant: everything that varies lives in the page's JSON data block, so
its hash is computed once and the page's Content-Security-Policy allows exactly it.
"""

from __future__ import annotations

import base64
import hashlib

__all__ = ["FIELDS", "SCRIPT", "SCRIPT_HASH", "SEAT_FIELDS", "TOP_FIELDS"]

TOP_FIELDS = (
    "pool",
    "phase",
    "to_act",
    "dealer",
    "ante",
    "winners",
    "show_order",
    "openers",
    "jackpot_round",
)
"""The fields of a table as the page's data lists them, before the seats' fields."""

SEAT_FIELDS = ("stack", "stake", "cards", "face_down", "playing", "exchanged", "payout", "value")
"""Each seat's fields, seat after seat."""

FIELDS = len(TOP_FIELDS), len(SEAT_FIELDS)

SCRIPT = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("tables").textContent);
  var steps = Array.prototype.slice.call(document.querySelectorAll("li.step"));
  var counter = document.getElementById("counter");
  var shared = document.getElementById("table");
  var picture = document.getElementById("picture");
  var astext = document.getElementById("astext");
  var summary = document.getElementById("summary");
  var index = document.getElementById("lines");
  var buttons = {
    first: document.getElementById("first"), back: document.getElementById("back"),
    forward: document.getElementById("forward"), last: document.getElementById("last")
  };
  var TOP = data.fields[0], SEAT = data.fields[1], KEY = 128;
  var keys = [], current = data.tables[0].slice();
  function patch(table, delta) {
    for (var j = 0; j < delta.length; j += 2) { table[delta[j]] = delta[j + 1]; }
  }
  data.tables.forEach(function (delta, k) {
    if (k > 0) { patch(current, delta); }
    if (k % KEY === 0) { keys.push(current.slice()); }
  });
  function fields(k) {
    var base = Math.floor(k / KEY), table = keys[base].slice();
    for (var j = base * KEY + 1; j <= k; j += 1) { patch(table, data.tables[j]); }
    var t = {
      pool: table[0], phase: table[1], toAct: table[2], dealer: table[3], ante: table[4],
      winners: table[5], show: table[6], openers: table[7], round: table[8], seats: []
    };
    for (var s = 0; s < data.seats; s += 1) {
      var f = TOP + SEAT * s;
      t.seats.push({
        seat: s, stack: table[f], stake: table[f + 1],
        cards: table[f + 2] ? table[f + 2].split(" ") : [], faceDown: table[f + 3],
        playing: table[f + 4] === 1, exchanged: table[f + 5], payout: table[f + 6],
        value: table[f + 7], toAct: s === t.toAct, dealer: s === t.dealer,
        ante: s === t.ante, winner: t.winners.indexOf(s) >= 0, shown: t.show.indexOf(s) >= 0
      });
    }
    return t;
  }
  function esc(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }
  function f1(n) { return n.toFixed(1); }
  function text(x, y, body, extra) {
    var out = '<text x="' + f1(x) + '" y="' + f1(y) + '"';
    for (var j = 0; j < extra.length; j += 2) {
      out += " " + extra[j] + '="' + extra[j + 1] + '"';
    }
    return out + ">" + esc(body) + "</text>";
  }
  var CX = 500, CY = 310, CW = 30, CH = 42, GAP = 33, BW = 176, BH = 96;
  var GLYPHS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
  function card(x, y, c) {
    var out = '<g class="card" data-card="' + esc(c) + '"><rect x="' + f1(x) + '" y="' + f1(y) +
      '" width="30" height="42" rx="4" fill="#fdfdf8" stroke="#333" stroke-width="1"/>';
    if (c === "Jk") {
      out += text(x + CW / 2, y + 26, "\u2605", ["text-anchor", "middle", "font-size", "20",
        "fill", "#7a2a8c"]);
      out += text(x + 3, y + 11, "Jk", ["font-size", "9", "fill", "#7a2a8c"]);
    } else {
      var suit = c.charAt(1), rank = c.charAt(0) === "T" ? "10" : c.charAt(0);
      var colour = suit === "d" || suit === "h" ? "#c0262d" : "#1b1b1b";
      out += text(x + 3, y + 13, rank, ["font-size", "12", "font-weight", "bold", "fill", colour]);
      out += text(x + CW / 2, y + 34, GLYPHS[suit], ["text-anchor", "middle", "font-size", "18",
        "fill", colour]);
    }
    return out + "</g>";
  }
  function back(x, y) {
    return '<g class="card back"><rect x="' + f1(x) + '" y="' + f1(y) + '" width="30" ' +
      'height="42" rx="4" fill="#23408e" stroke="#111" stroke-width="1"/><rect x="' +
      f1(x + 4) + '" y="' + f1(y + 4) + '" width="22" height="34" rx="2" fill="none" ' +
      'stroke="#9fb4e8" stroke-width="1"/></g>';
  }
  function seatNote(row) {
    if (row.winner) { return "wins " + row.payout + (row.value ? ": " + row.value : ""); }
    if (row.value) { return row.value; }
    if (row.toAct) { return "to act"; }
    if (row.exchanged !== null) { return row.exchanged === 0 ? "pat" : "drew " + row.exchanged; }
    return "";
  }
  function seatBox(row, count, first) {
    var angle = Math.PI / 2 + 2 * Math.PI * (((row.seat - first) % count + count) % count) / count;
    var cx = CX + 395 * Math.cos(angle), cy = CY + 222 * Math.sin(angle);
    var x = cx - BW / 2, y = cy - BH / 2;
    var fill = row.winner ? "#f3d36b" : row.playing ? "#fbf6e9" : "#cfc9bb";
    var roles = ["seat " + row.seat];
    if (row.dealer) { roles.push("dealer"); }
    if (row.ante) { roles.push("ante"); }
    if (row.seat === data.viewer) { roles.push("you"); }
    var out = '<g class="seat" data-seat="' + row.seat + '"><rect x="' + f1(x) + '" y="' +
      f1(y) + '" width="176" height="96" rx="8" fill="' + fill + '" stroke="' +
      (row.toAct ? "#e8a400" : "#5a4630") + '" stroke-width="' + (row.toAct ? "4" : "1.5") +
      '"/>';
    out += text(x + 8, y + 16, roles.join(" \u00b7 "), ["font-size", "13", "font-weight", "bold",
      "fill", "#222"]);
    out += text(x + 8, y + 31, "stack " + row.stack + "   stake " + row.stake,
      ["font-size", "12", "fill", "#222"]);
    var left = x + (BW - (4 * GAP + CW)) / 2, place = 0;
    for (; place < row.cards.length; place += 1) {
      out += card(left + place * GAP, y + 38, row.cards[place]);
    }
    for (; place < row.cards.length + row.faceDown; place += 1) {
      out += back(left + place * GAP, y + 38);
    }
    var note = seatNote(row);
    if (note) {
      out += text(cx, y + BH - 3, note, ["font-size", "10", "text-anchor", "middle",
        "fill", "#222"]);
    }
    return out + "</g>";
  }
  function terms() { return "ante " + data.ante + ", limit " + data.limit; }
  function centre(t) {
    var lines = ["pool " + t.pool, data.phases[t.phase]];
    lines.push(t.openers !== null ? "jack-pot: openers " + t.openers + "; " + terms() : terms());
    if (t.phase === data.over) {
      lines.push(t.winners.length ? "winner: " + t.winners.map(function (s) {
        return "seat " + s;
      }).join(", ") : "not opened: the pool waits for a jack-pot");
    } else if (t.toAct !== null) {
      lines.push("seat " + t.toAct + " to act");
    }
    var sizes = ["26", "15", "13", "15"];
    return lines.map(function (body, k) {
      return text(CX, CY - 30 + 26 * k, body, ["font-size", sizes[k], "text-anchor", "middle",
        "fill", "#f5f1e0", "font-weight", k === 0 || k === 3 ? "bold" : "normal"]);
    });
  }
  function svg(t) {
    var first = data.viewer === null ? 0 : data.viewer;
    var label = "the table" + (data.viewer === null ? "" : " as seat " + data.viewer + " sees it");
    var parts = [
      '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="640" ' +
        'viewBox="0 0 1000 640" role="img" font-family="sans-serif">',
      "<title>" + esc(label) + "</title>",
      '<rect width="1000" height="640" fill="#f7f4ec"/>',
      '<ellipse cx="500.0" cy="310.0" rx="400" ry="225" fill="#7a4a24"/>',
      '<ellipse cx="500.0" cy="310.0" rx="385" ry="211" fill="#2f6d44"/>'
    ].concat(centre(t), t.seats.map(function (row) {
      return seatBox(row, t.seats.length, first);
    }), ["</svg>"]);
    return parts.join("\n");
  }
  function ordinal(n) {
    var tens = n % 100, suffix = "th";
    if (tens < 10 || tens > 20) { suffix = { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th"; }
    return n + suffix;
  }
  function pad(value, width, right) {
    var s = String(value);
    while (s.length < width) { s = right ? " " + s : s + " "; }
    return s;
  }
  function note(row, t) {
    var notes = [];
    if (row.toAct) { notes.push("to act"); }
    if (row.shown) {
      notes.push("shown " + ordinal(t.show.indexOf(row.seat) + 1) +
        (row.value ? ": " + row.value : ""));
    }
    if (row.winner) { notes.push("wins " + row.payout); }
    else if (row.payout) { notes.push("receives " + row.payout); }
    if (!row.playing && t.phase !== data.straddle && !row.winner) { notes.push("out"); }
    return notes.join("; ");
  }
  function asText(t) {
    var lines = [t.openers !== null ? "jack-pot (" + ordinal(t.round) + " in a row), " +
      terms() + ": openers " + t.openers : "ordinary game, " + terms()];
    lines.push(data.phases[t.phase] + "   pool " + t.pool +
      (t.toAct === null ? "" : "   seat " + t.toAct + " to act"));
    if (data.viewer !== null) {
      lines.push("as seat " + data.viewer + " sees it: other hands lie face down (##)");
    }
    lines.push("  seat" + pad("", 11) + pad("stack", 7, true) + pad("stake", 7, true) +
      "  draw    cards");
    t.seats.forEach(function (row) {
      var role = [], cards = row.cards.join(" ");
      if (row.dealer) { role.push("dealer"); }
      if (row.ante) { role.push("ante"); }
      if (!cards) { cards = new Array(row.faceDown + 1).join("## ").trim(); }
      var drew = row.exchanged === null ? "" : row.exchanged === 0 ? "pat" : "drew " +
        row.exchanged;
      var line = ((row.toAct ? ">" : " ") + (row.seat === data.viewer ? "*" : " ") +
        pad(row.seat, 4) + pad(role.join(" "), 11) + pad(row.stack, 7, true) +
        pad(row.stake, 7, true) + "  " + pad(drew, 8) + pad(cards, 16) +
        note(row, t)).replace(/\s+$/, "");
      lines.push(line.length <= 100 ? line : line.slice(0, 97) + "...");
    });
    if (t.phase === data.over) {
      if (!t.winners.length) {
        lines.push("nobody took the pool: " + t.pool + " waits for the next game (Law 29)");
      } else {
        lines.push("winner: " + t.winners.map(function (s) {
          return "seat " + s + " takes " + t.seats[s].payout;
        }).join(", "));
        if (t.show.length) {
          lines.push("shown in order: " + t.show.map(function (s) {
            return "seat " + s;
          }).join(", "));
        }
        if (t.pool) { lines.push(t.pool + " stays in the pool for the next game"); }
      }
    }
    return lines.map(function (line) { return line.slice(0, 100); }).join("\n") + "\n";
  }
  function where(k) {
    if (k === 0) { return "the record's header: the rules, stacks, dealer and deck"; }
    if (k <= data.actions) {
      return "line " + (data.line + k - 1) + " of the record as format_record writes it";
    }
    return "the record's last line";
  }
  // The list of every step is laid out only once it is open: a long game's list of
  // buttons would otherwise be laid out again at every step shown.
  var every = document.getElementById("every"), lines = [];
  function list() {
    if (lines.length || !every.open) { return; }
    lines = steps.map(function (step, k) {
      var item = document.createElement("li"), button = document.createElement("button");
      button.type = "button";
      button.textContent = step.querySelector(".line").textContent;
      button.addEventListener("click", function () { show(k); });
      item.appendChild(button);
      index.appendChild(item);
      return item;
    });
    lines[at].className = "at";
  }
  every.addEventListener("toggle", list);
  var at = 0;
  function show(k) {
    // Only the step left and the step shown change: a long game's page stays quick.
    steps[at].hidden = true;
    if (lines.length) { lines[at].className = ""; }
    at = Math.max(0, Math.min(steps.length - 1, k));
    steps[at].hidden = false;
    if (lines.length) { lines[at].className = "at"; }
    var step = steps[at], t = fields(at);
    step.querySelector(".line").title = where(at);
    summary.textContent = document.getElementById("law-" + step.getAttribute("data-law"))
      .textContent;
    picture.innerHTML = svg(t);
    astext.textContent = asText(t);
    var cited = step.querySelector(".law");
    cited.parentNode.insertBefore(summary, cited.nextSibling);
    step.appendChild(shared);
    shared.hidden = false;
    counter.textContent = "step " + (at + 1) + " of " + steps.length;
    buttons.first.disabled = buttons.back.disabled = at === 0;
    buttons.last.disabled = buttons.forward.disabled = at === steps.length - 1;
    document.body.setAttribute("data-step", String(at));
  }
  buttons.first.addEventListener("click", function () { show(0); });
  buttons.back.addEventListener("click", function () { show(at - 1); });
  buttons.forward.addEventListener("click", function () { show(at + 1); });
  buttons.last.addEventListener("click", function () { show(steps.length - 1); });
  document.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight") { show(at + 1); }
    else if (event.key === "ArrowLeft") { show(at - 1); }
    else if (event.key === "Home") { show(0); }
    else if (event.key === "End") { show(steps.length - 1); }
  });
  show(0);
  list();
})();
"""

SCRIPT_HASH = "sha256-" + base64.b64encode(hashlib.sha256(SCRIPT.encode("utf-8")).digest()).decode(
    "ascii"
)
"""The CSP source that allows :data:`SCRIPT` and nothing else (``'sha256-...'``)."""
