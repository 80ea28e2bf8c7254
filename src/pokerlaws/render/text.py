"""The table as text, as a person at it reads it (at most 100 columns).

Pure: it returns a string and prints nothing. Cards are written as the notation writes them
(``Th``, ``As``); a card face down is ``##``.
"""

from __future__ import annotations

from pokerlaws.cards import format_cards
from pokerlaws.render._table import SeatRow, Table, snapshot
from pokerlaws.state import GameState, Phase
from pokerlaws.views import PlayerView

__all__ = ["PHASE_NAMES", "WIDTH", "render_text"]

WIDTH = 100
"""The widest line :func:`render_text` writes."""

PHASE_NAMES = {
    Phase.STRADDLE: "straddling, before the deal",
    Phase.MISDEAL: "a misdeal: the same dealer deals again",
    Phase.SAY: "the say",
    Phase.DRAW: "the draw",
    Phase.BETTING: "the betting after the draw",
    Phase.OVER: "the game is over",
}
"""Each phase in the book's words."""

FACE_DOWN = "##"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _game_line(table: Table) -> str:
    rules = table.rules
    terms = f"ante {rules.ante}, limit {rules.limit}"
    if table.openers_required is not None:
        return f"jack-pot ({_ordinal(table.jackpot_round)} in a row), {terms}: openers " + (
            table.openers_text or ""
        )
    return f"ordinary game, {terms}"


def _turn_line(table: Table) -> str:
    turn = "" if table.to_act is None else f"   seat {table.to_act} to act"
    return f"{PHASE_NAMES[table.phase]}   pool {table.pool}{turn}"


def _role(row: SeatRow) -> str:
    return " ".join(name for name, yes in (("dealer", row.dealer), ("ante", row.ante)) if yes)


def _cards(row: SeatRow) -> str:
    if row.cards:
        return format_cards(row.cards)
    return " ".join([FACE_DOWN] * row.face_down)


def _note(row: SeatRow, table: Table) -> str:
    notes = []
    if row.to_act:
        notes.append("to act")
    if row.shown and row.seat in table.show_order:
        place = _ordinal(table.show_order.index(row.seat) + 1)
        notes.append(f"shown {place}" + (f": {row.value}" if row.value else ""))
    if row.winner:
        notes.append(f"wins {row.payout}")
    elif row.payout:
        notes.append(f"receives {row.payout}")
    if not row.playing and table.phase is not Phase.STRADDLE and not row.winner:
        notes.append("out")
    return "; ".join(notes)


def _drew(row: SeatRow) -> str:
    if row.exchanged is None:
        return ""
    return "pat" if row.exchanged == 0 else f"drew {row.exchanged}"


_HEAD = f"  {'seat':<4}{'':<11}{'stack':>7}{'stake':>7}  {'draw':<8}{'cards':<16}"


def _row(row: SeatRow, table: Table) -> str:
    pointer = ">" if row.to_act else " "
    you = "*" if row.seat == table.viewer else " "
    line = (
        f"{pointer}{you}{row.seat:<4}{_role(row):<11}{row.stack:>7}{row.stake:>7}  "
        f"{_drew(row):<8}{_cards(row):<16}{_note(row, table)}"
    ).rstrip()
    return line if len(line) <= WIDTH else line[: WIDTH - 3] + "..."


def _outcome(table: Table) -> list[str]:
    if table.phase is not Phase.OVER:
        return []
    if not table.winners:
        return [f"nobody took the pool: {table.pool} waits for the next game (Law 29)"]
    takes = ", ".join(f"seat {s} takes {table.seats[s].payout}" for s in table.winners)
    lines = [f"winner: {takes}"]
    if table.show_order:
        lines.append("shown in order: " + ", ".join(f"seat {s}" for s in table.show_order))
    if table.pool:
        lines.append(f"{table.pool} stays in the pool for the next game")
    return lines


def render_text(state_or_view: GameState | PlayerView) -> str:
    """Return the table as text: the game and its phase, the pool and whose turn it is, and
    a row a seat (stack, stake, draw, cards), at most 100 columns wide.

    A :class:`GameState` shows every hand; a :class:`PlayerView` shows only what that seat
    may see (Laws 6, 28, 58, 59: his own hand and the hands laid face up), every other hand
    in play face down as ``##``. The viewer's row is marked ``*``, the seat to act ``>``.

    Raises:
        TypeError: ``state_or_view`` is neither a state nor a view.
    """
    table = snapshot(state_or_view)
    lines = [_game_line(table), _turn_line(table)]
    if table.viewer is not None:
        lines.append(f"as seat {table.viewer} sees it: other hands lie face down ({FACE_DOWN})")
    lines.append(_HEAD.rstrip())
    lines += [_row(row, table) for row in table.seats]
    lines += _outcome(table)
    return "\n".join(line[:WIDTH] for line in lines) + "\n"
