"""A recorded game as one self-contained web page that steps through it, forward and back.

The page holds everything it shows and fetches nothing (its Content-Security-Policy allows
no source at all, and its one script only by the script's hash, not ``'unsafe-inline'``).
Each step shows its record-notation line, the law that governs it (from the lawbook) and the
table after it; the last step of a finished game is its end, the show and the winner.

A long record must not make a huge page: a step is a few hundred bytes, never a picture.
Each step's words are HTML; each law's summary is written once, for every step that cites
it; each step's table is a list of the fields that changed since the step before, in one
JSON data block, from which the page's script draws the step shown, as SVG and as text
(:mod:`pokerlaws.render._page_script`, drawn as :mod:`pokerlaws.render.svg` and
:mod:`pokerlaws.render.text` draw it). With ``seat`` the page is that seat's replay: each
table is what his view (:func:`pokerlaws.view`) of that step shows, and another player's
discard is written by its count.

A record's text (its tags, the players' names, the winner's banner) is a stranger's: every
string that reaches the page is HTML-escaped, so no tag can add markup or script; each is
set apart in a ``<bdi>``, so a right-to-left name cannot turn the line around it; and no
bidi control character (U+202A-202E, U+2066-2069) reaches the page raw: each is replaced
by a visible mark, ``[U+202E]``. Pure: it returns the page and writes no file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from html import escape

from pokerlaws.lawbook import law
from pokerlaws.records.game import GameRecord, record
from pokerlaws.records.notation import format_action, format_record
from pokerlaws.render._page_script import FIELDS, SCRIPT, SCRIPT_HASH
from pokerlaws.render._table import Table, snapshot, view_snapshot
from pokerlaws.render.steps import Step, each_step
from pokerlaws.render.text import PHASE_NAMES
from pokerlaws.reports import Event
from pokerlaws.state import GameState, Phase
from pokerlaws.views import HiddenDiscard, _as_seen_by, _seen

__all__ = ["player_names", "render_html"]

_POLICY = f"default-src 'none'; style-src 'unsafe-inline'; script-src '{SCRIPT_HASH}'"

_PHASES = tuple(PHASE_NAMES)

_LISTED = 2_000
"""The most steps whose list the page shows open: a longer one is opened by the reader."""

# The controls that embed, override or isolate a direction (the Unicode bidi algorithm's
# explicit formatting characters): raw in a page, one in a tag could reverse what follows.
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")

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
.law { margin: .3em 0 0; } .law b { color: #7a2a0c; }
.says { font-size: 1.1em; margin: .3em 0 .6em; }
.winner { font-size: 1.3em; font-weight: bold; background: #f3d36b; padding: .4em .6em;
          border-radius: 4px; }
.picture svg { max-width: 100%; height: auto; }
pre.text { font-size: .85em; overflow-x: auto; }
#every summary { font-size: 1.3em; font-weight: bold; margin: .8em 0 .3em; cursor: pointer; }
ol.lines { columns: 3; font-family: monospace; font-size: .85em; padding-left: 2.5em; }
ol.lines button { font: inherit; border: none; background: none; padding: 0; cursor: pointer;
                  text-align: left; color: #23408e; }
ol.lines li.at button { font-weight: bold; color: #7a2a0c; }
.summary { margin: .1em 0 .3em; }
dl.laws dt { font-weight: bold; } dl.laws dd { margin: 0 0 .4em 1em; }
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


def _unbidi(text: str) -> str:
    """``text`` with each bidi control replaced by a visible mark naming it."""
    return _BIDI.sub(lambda found: f"[U+{ord(found.group()):04X}]", text)


def _isolated(text: str) -> str:
    """A stranger's text as the page writes it: marked, escaped and isolated."""
    return f"<bdi>{escape(_unbidi(text))}</bdi>"


def _with_names(text: str, names: Sequence[str]) -> str:
    """``text`` (the narrator's words, which name the players as ``seat 2 (C)``) escaped,
    each player's name isolated in a ``<bdi>``. ``names`` are already marked (`_unbidi`);
    an escaped name holds no ``<``, so no match can reach across an inserted tag."""
    page = escape(text)
    for seat, name in enumerate(names):
        if name:
            named = f"seat {seat} ({escape(name)})"
            page = page.replace(named, f"seat {seat} (<bdi>{escape(name)}</bdi>)")
    return page


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


def _line(step: Step, action: Event | None, seat: int | None) -> str:
    """The step's record line; in a seat's replay another player's discard is written by
    its count, face down (Laws 6, 39: the number is asked aloud, the cards are not seen)."""
    if seat is None or action is None:
        return step.line
    seen = _as_seen_by(seat, action)
    if isinstance(seen, HiddenDiscard):
        if not seen.count:
            return f"{seen.seat} pat"
        return f"{seen.seat} discard " + " ".join(["##"] * seen.count)
    return format_action(seen)


def _table(state: GameState, seat: int | None) -> Table:
    if seat is None:
        return snapshot(state)
    # Only what the seat may know at this step (Laws 6, 28, 58, 59): his view, without the
    # history a picture does not draw (a view copies it: n views of n steps, n * n).
    return view_snapshot(_seen(state, seat, ()), ante=state.ante_seat)


def _fields(table: Table) -> list[object]:
    """The table as the page's data lists it (``_page_script.TOP_FIELDS``, then each seat's
    ``SEAT_FIELDS``)."""
    rows = table.seats
    fields: list[object] = [
        table.pool,
        _PHASES.index(table.phase),
        table.to_act,
        next((row.seat for row in rows if row.dealer), None),
        next((row.seat for row in rows if row.ante), None),
        list(table.winners),
        list(table.show_order),
        table.openers_text,
        table.jackpot_round,
    ]
    for row in rows:
        fields += [
            row.stack,
            row.stake,
            " ".join(map(str, row.cards)),
            row.face_down,
            int(row.playing),
            row.exchanged,
            row.payout,
            row.value,
        ]
    return fields


def _changes(before: list[object] | None, after: list[object]) -> list[object]:
    """``after`` as the fields that differ from ``before``: index, value, index, value."""
    if before is None:
        return after
    delta: list[object] = []
    for at, (old, new) in enumerate(zip(before, after, strict=True)):
        if old != new:
            delta += [at, new]
    return delta


def _step_item(index: int, step: Step, line: str, names: Sequence[str]) -> str:
    hidden = "" if index == 0 else " hidden"
    winner = ""
    if step.line == "end":  # the last step of a finished game
        winner = f'<p class="winner" id="winner">{_with_names(_banner(step, names), names)}</p>'
    return (
        f'<li class="step" id="step-{index}" data-law="{step.law}"{hidden}>'
        f'<div class="line">{escape(line)}</div>'
        f'<p class="law"><b>Law {step.law}</b>: {escape(step.law_title)}.</p>'
        f'<p class="says">{_with_names(step.says, names)}</p>{winner}</li>'
    )


def _tags(game: GameRecord) -> str:
    if not game.tags:
        return ""
    rows = "".join(
        f"<dt>{_isolated(name)}</dt><dd>{_isolated(value)}</dd>" for name, value in game.tags
    )
    return f'<dl class="tags">{rows}</dl>'


def _json(value: object) -> str:
    """``value`` as JSON that cannot end the data block it stands in (no ``<``, ``>`` or
    ``&``) and holds no raw control: every character outside ASCII is escaped."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _steps(
    game: GameRecord, seat: int | None, names: Sequence[str]
) -> tuple[list[str], list[list[object]], list[int]]:
    """Each step's item, the changes of its table and its law. One state at a time is
    held, and one table's fields: the page's size and the work grow with the steps."""
    items: list[str] = []
    tables: list[list[object]] = []
    laws: list[int] = []
    before: list[object] | None = None
    actions = game.actions
    for index, shown in enumerate(each_step(game, names)):
        action = actions[index - 1] if 0 < index <= len(actions) else None
        items.append(_step_item(index, shown, _line(shown, action, seat), names))
        fields = _fields(_table(shown.state, seat))
        tables.append(_changes(before, fields))
        before = fields
        laws.append(shown.law)
    return items, tables, laws


def _cited(laws: Sequence[int]) -> str:
    """Each law the steps cite, once, with the lawbook's summary (the script shows it at
    every step that cites it)."""
    rows = []
    for number in sorted(set(laws)):
        entry = law(number)
        rows.append(
            f"<dt>Law {number}: {escape(entry.title)}</dt>"
            f'<dd id="law-{number}">{escape(entry.summary)}</dd>'
        )
    return f'<h2>The laws cited</h2><dl class="laws">{"".join(rows)}</dl>'


def _game(game_or_state: GameRecord | GameState) -> GameRecord:
    if isinstance(game_or_state, GameState):
        return record(game_or_state)
    if isinstance(game_or_state, GameRecord):
        return game_or_state
    raise TypeError(
        f"render_html takes a GameRecord or a GameState, not {type(game_or_state).__name__}"
    )


def _viewer(seat: object, game: GameRecord) -> int | None:
    if seat is None:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"the seat must be an int or None, not {type(seat).__name__}")
    if not 0 <= seat < len(game.stacks):
        raise ValueError(f"seat {seat} is not at this table of {len(game.stacks)} seats")
    return seat


def render_html(game: GameRecord | GameState, seat: int | None = None) -> str:
    """Return ``game`` as one self-contained HTML page that steps through it.

    The page has buttons (and the arrow keys) to go forward and back. Each step shows its
    record-notation line (``2 stake 6``), the law that governs it with the lawbook's
    summary, what happened in words, and the table after it drawn as SVG and as text. The
    first step is the ante and the deal; the last step of a finished game is its end, with
    the show and the winner. Nothing is fetched. A :class:`GameState` is taken as its record
    (:func:`pokerlaws.record`).

    With ``seat`` None every hand is shown (a record is the whole game). With a ``seat``,
    the page is the replay to send that player: at each step only what he could know then
    (his :func:`pokerlaws.view`): his own cards and the hands laid face up, another
    player's discard by its count, a shuffle or a redeal without its order.

    The page grows with the record by a few hundred bytes a step (``benchmarks/README.md``).

    Raises:
        TypeError: ``game`` is neither a :class:`GameRecord` nor a :class:`GameState`, or
            ``seat`` is not an int.
        ValueError: ``seat`` is not at the table, or the game cannot begin.
        IllegalRecord: an action of the record is refused.
    """
    game = _game(game)
    viewer = _viewer(seat, game)
    names = tuple(_unbidi(name) for name in player_names(game))
    items, tables, laws = _steps(game, viewer, names)
    lines = _action_lines(game)
    data = {
        "fields": FIELDS,
        "seats": len(game.stacks),
        "viewer": viewer,
        "ante": game.rules.ante,
        "limit": game.rules.limit,
        "phases": [PHASE_NAMES[phase] for phase in _PHASES],
        "over": _PHASES.index(Phase.OVER),
        "straddle": _PHASES.index(Phase.STRADDLE),
        "actions": len(game.actions),
        "line": lines[0] if lines else 0,
        "tables": tables,
    }
    rules = game.rules
    title = (
        f"{len(game.stacks)} seats, ante {rules.ante}, limit {rules.limit}, "
        f"dealer seat {game.dealer}"
    )
    whose = "" if viewer is None else f" as seat {viewer} saw it"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{_POLICY}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>pokerlaws replay: {escape(title)}{whose}</title>"
        f"<style>{_STYLE}</style>"
        "<noscript><style>li.step[hidden] { display: block; }</style></noscript>"
        "</head><body>"
        f"<h1>A game of draw poker under Peel's laws{whose}</h1>"
        f"<p>{escape(title)}</p>{_tags(game)}"
        '<nav><button type="button" id="first">&#xAB; first</button>'
        '<button type="button" id="back">&#x25C0; back</button>'
        '<button type="button" id="forward">forward &#x25B6;</button>'
        '<button type="button" id="last">last &#xBB;</button>'
        f'<span id="counter">step 1 of {len(items)}</span></nav>'
        f'<ol class="steps" id="steps">{"".join(items)}</ol>'
        '<p class="summary" id="summary"></p><div id="table" hidden>'
        '<div class="picture" id="picture"></div>'
        '<details><summary>the table as text</summary><pre class="text" id="astext"></pre>'
        "</details></div>"
        "<noscript><p>The tables are drawn by the page's script.</p></noscript>"
        f'<details id="every"{" open" if len(items) <= _LISTED else ""}>'
        '<summary>Every step</summary><ol class="lines" id="lines" start="0"></ol></details>'
        f"{_cited(laws)}"
        f'<script type="application/json" id="tables">{_json(data)}</script>'
        f"<script>{SCRIPT}</script>"
        "</body></html>\n"
    )
