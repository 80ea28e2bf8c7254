"""A recorded game as one self-contained web page that steps through it, forward and back.

The page holds everything it shows: its style and script are inline, each step's table is
an inline SVG drawn by :mod:`pokerlaws.render.svg`, and its Content-Security-Policy lets it
fetch nothing at all. Each step shows its record-notation line, the law that governs it
(from the lawbook) and the table after it; the last step of a finished game is its end, the
show and the winner.

A record's tags are a stranger's text: every string that reaches the page is HTML-escaped,
so no tag can add markup or script. Pure: it returns the page and writes no file.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from pokerlaws.lawbook import law
from pokerlaws.records.game import GameRecord
from pokerlaws.records.notation import format_record
from pokerlaws.render.steps import Step, game_steps
from pokerlaws.render.svg import svg_element
from pokerlaws.render.text import render_text

__all__ = ["player_names", "render_html"]

_POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"

_STYLE = """
body { font-family: Georgia, serif; background: #f7f4ec; color: #222; margin: 0 auto;
       max-width: 1040px; padding: 0 1em 2em; }
h1 { font-size: 1.5em; margin: .6em 0 .2em; }
dl.tags { display: grid; grid-template-columns: max-content 1fr; gap: .1em 1em;
          margin: .3em 0 .8em; font-size: .9em; }
dl.tags dt { font-weight: bold; } dl.tags dd { margin: 0; overflow-wrap: anywhere; }
nav { display: flex; gap: .5em; align-items: center; position: sticky; top: 0;
      background: #f7f4ec; padding: .5em 0; }
nav button { font: inherit; padding: .3em .9em; border: 1px solid #5a4630;
             background: #fbf6e9; border-radius: 4px; cursor: pointer; }
nav button:disabled { opacity: .4; cursor: default; }
#counter { margin-left: .5em; font-variant-numeric: tabular-nums; }
.step { margin: 0; padding: 0; list-style: none; }
.line { font-family: monospace; font-size: 1.15em; background: #2f6d44; color: #f5f1e0;
        padding: .35em .6em; border-radius: 4px; display: inline-block; margin: .3em 0; }
.law { margin: .3em 0; } .law b { color: #7a2a0c; }
.says { font-size: 1.1em; margin: .3em 0 .6em; }
.winner { font-size: 1.3em; font-weight: bold; background: #f3d36b; padding: .4em .6em;
          border-radius: 4px; }
.picture svg { max-width: 100%; height: auto; }
pre.text { font-size: .85em; overflow-x: auto; }
ol.lines { columns: 3; font-family: monospace; font-size: .85em; padding-left: 2.5em; }
ol.lines button { font: inherit; border: none; background: none; padding: 0; cursor: pointer;
                  text-align: left; color: #23408e; }
ol.lines li.at button { font-weight: bold; color: #7a2a0c; }
"""

_SCRIPT = """
(function () {
  "use strict";
  var steps = Array.prototype.slice.call(document.querySelectorAll("li.step"));
  var lines = Array.prototype.slice.call(document.querySelectorAll("ol.lines li"));
  var counter = document.getElementById("counter");
  var buttons = {
    first: document.getElementById("first"), back: document.getElementById("back"),
    forward: document.getElementById("forward"), last: document.getElementById("last")
  };
  var at = 0;
  function show(index) {
    at = Math.max(0, Math.min(steps.length - 1, index));
    steps.forEach(function (step, k) { step.hidden = k !== at; });
    lines.forEach(function (line, k) { line.className = k === at ? "at" : ""; });
    counter.textContent = "step " + (at + 1) + " of " + steps.length;
    buttons.first.disabled = buttons.back.disabled = at === 0;
    buttons.last.disabled = buttons.forward.disabled = at === steps.length - 1;
    document.body.setAttribute("data-step", String(at));
  }
  buttons.first.addEventListener("click", function () { show(0); });
  buttons.back.addEventListener("click", function () { show(at - 1); });
  buttons.forward.addEventListener("click", function () { show(at + 1); });
  buttons.last.addEventListener("click", function () { show(steps.length - 1); });
  lines.forEach(function (line, k) {
    line.querySelector("button").addEventListener("click", function () { show(k); });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight") { show(at + 1); }
    else if (event.key === "ArrowLeft") { show(at - 1); }
    else if (event.key === "Home") { show(0); }
    else if (event.key === "End") { show(steps.length - 1); }
  });
  show(0);
})();
"""


def player_names(game: GameRecord) -> tuple[str, ...]:
    """The players' names from the record's ``players`` tag, one a seat, or none when the
    tag is missing or does not name every seat."""
    for name, value in game.tags:
        if name == "players":
            names = tuple(value.split())
            if len(names) == len(game.stacks):
                return names
    return ()


def _action_lines(game: GameRecord) -> tuple[int, ...]:
    """The line of the record text on which each action stands (as ``check`` cites them)."""
    text = format_record(game).split("\n")
    first = text.index("") + 2  # the blank line after the header, then 1-based
    return tuple(range(first, first + len(game.actions)))


def _banner(step: Step, names: Sequence[str]) -> str:
    """The end's headline: who takes the pool, or that it waits for a jack-pot."""
    state = step.state
    if not state.winners:
        return f"nobody takes the pool: {state.pool} waits for the next game, a jack-pot"
    who = [f"seat {s}" + (f" ({names[s]})" if names else "") for s in state.winners]
    takes = " and ".join(
        f"{name} takes {state.payouts[s]}" for name, s in zip(who, state.winners, strict=True)
    )
    return f"winner: {takes}"


def _step_item(index: int, step: Step, where: str, last: bool, names: Sequence[str]) -> str:
    entry = law(step.law)
    hidden = "" if index == 0 else " hidden"
    winner = ""
    if last and step.line == "end":
        winner = f'<p class="winner" id="winner">{escape(_banner(step, names))}</p>'
    return (
        f'<li class="step" id="step-{index}" data-law="{step.law}"{hidden}>'
        f'<div class="line" title="{escape(where)}">{escape(step.line)}</div>'
        f'<p class="law"><b>Law {step.law}</b>: {escape(entry.title)}. '
        f"{escape(entry.summary)}</p>"
        f'<p class="says">{escape(step.says)}</p>{winner}'
        f'<div class="picture">{svg_element(step.state)}</div>'
        f'<details><summary>the table as text</summary><pre class="text">'
        f"{escape(render_text(step.state))}</pre></details></li>"
    )


def _tags(game: GameRecord) -> str:
    if not game.tags:
        return ""
    rows = "".join(f"<dt>{escape(name)}</dt><dd>{escape(value)}</dd>" for name, value in game.tags)
    return f'<dl class="tags">{rows}</dl>'


def _where(index: int, steps: Sequence[Step], lines: Sequence[int]) -> str:
    if index == 0:
        return "the record's header: the rules, stacks, dealer and deck"
    if index <= len(lines):
        return f"line {lines[index - 1]} of the record as format_record writes it"
    return "the record's last line"


def render_html(game: GameRecord) -> str:
    """Return ``game`` as one self-contained HTML page that steps through it.

    The page has buttons (and the arrow keys) to go forward and back. Each step shows its
    record-notation line (``2 stake 6``), the law that governs it with the lawbook's
    summary, what happened in words, and the table after it drawn as SVG (every hand shown:
    a record is the whole game). The first step is the ante and the deal; the last step of a
    finished game is its end, with the show and the winner. Nothing is fetched.

    Raises:
        TypeError: ``game`` is not a :class:`GameRecord`.
        IllegalRecord: an action of the record is refused.
        ValueError: the game cannot begin.
    """
    if not isinstance(game, GameRecord):
        raise TypeError(f"render_html takes a GameRecord, not {type(game).__name__}")
    names = player_names(game)
    steps = game_steps(game, names)
    lines = _action_lines(game)
    items = "".join(
        _step_item(k, s, _where(k, steps, lines), k == len(steps) - 1, names)
        for k, s in enumerate(steps)
    )
    index = "".join(f'<li><button type="button">{escape(s.line)}</button></li>' for s in steps)
    rules = game.rules
    title = (
        f"{len(game.stacks)} seats, ante {rules.ante}, limit {rules.limit}, "
        f"dealer seat {game.dealer}"
    )
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{_POLICY}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>pokerlaws replay: {escape(title)}</title>"
        f"<style>{_STYLE}</style>"
        "<noscript><style>li.step[hidden] { display: block; }</style></noscript>"
        "</head><body>"
        f"<h1>A game of draw poker under Peel's laws</h1><p>{escape(title)}</p>{_tags(game)}"
        '<nav><button type="button" id="first">&#xAB; first</button>'
        '<button type="button" id="back">&#x25C0; back</button>'
        '<button type="button" id="forward">forward &#x25B6;</button>'
        '<button type="button" id="last">last &#xBB;</button>'
        f'<span id="counter">step 1 of {len(steps)}</span></nav>'
        f'<ol class="steps" id="steps">{items}</ol>'
        f'<h2>Every step</h2><ol class="lines" start="0">{index}</ol>'
        f"<script>{_SCRIPT}</script>"
        "</body></html>\n"
    )
