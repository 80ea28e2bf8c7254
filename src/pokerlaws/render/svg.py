"""The table as an SVG picture, its cards drawn by this module (no image, font or DTD is
fetched: the only URI in the document is SVG's namespace).

Pure: it returns a string. Every piece of text is XML-escaped, so the picture is well-formed
whatever a state holds.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape, quoteattr

from pokerlaws.cards import JOKER, Card, Suit
from pokerlaws.render._table import SeatRow, Table, snapshot
from pokerlaws.render.text import PHASE_NAMES
from pokerlaws.state import GameState, Phase
from pokerlaws.views import PlayerView

__all__ = ["render_svg", "svg_element"]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"

_WIDTH, _HEIGHT = 1000, 640
_CX, _CY = _WIDTH / 2, _HEIGHT / 2 - 10
_CARD_W, _CARD_H, _CARD_GAP = 30, 42, 33
_BOX_W, _BOX_H = 176, 96
_GLYPHS = {
    Suit.CLUBS: "\u2663",
    Suit.DIAMONDS: "\u2666",
    Suit.HEARTS: "\u2665",
    Suit.SPADES: "\u2660",
}
_RED = frozenset({Suit.DIAMONDS, Suit.HEARTS})
_FONT = 'font-family="sans-serif"'


def _text(x: float, y: float, body: str, **attributes: str) -> str:
    extra = "".join(
        f" {name.replace('_', '-')}={quoteattr(value)}" for name, value in attributes.items()
    )
    return f'<text x="{x:.1f}" y="{y:.1f}"{extra}>{escape(body)}</text>'


def _rank_text(card: Card) -> str:
    rank = str(card)[0]
    return "10" if rank == "T" else rank


def _card(x: float, y: float, card: Card) -> str:
    """One card face up: a white card, its rank in the corner and its suit in the middle."""
    parts = [
        f'<g class="card" data-card={quoteattr(str(card))}>',
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{_CARD_W}" height="{_CARD_H}" rx="4" '
        'fill="#fdfdf8" stroke="#333" stroke-width="1"/>',
    ]
    if card == JOKER or card.suit is None:
        parts.append(
            _text(
                x + _CARD_W / 2,
                y + 26,
                "\u2605",
                text_anchor="middle",
                font_size="20",
                fill="#7a2a8c",
            )
        )
        parts.append(_text(x + 3, y + 11, "Jk", font_size="9", fill="#7a2a8c"))
    else:
        colour = "#c0262d" if card.suit in _RED else "#1b1b1b"
        parts.append(
            _text(x + 3, y + 13, _rank_text(card), font_size="12", font_weight="bold", fill=colour)
        )
        parts.append(
            _text(
                x + _CARD_W / 2,
                y + 34,
                _GLYPHS[card.suit],
                text_anchor="middle",
                font_size="18",
                fill=colour,
            )
        )
    parts.append("</g>")
    return "".join(parts)


def _back(x: float, y: float) -> str:
    """One card face down: a back with a border, and nothing of the card."""
    return (
        '<g class="card back">'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{_CARD_W}" height="{_CARD_H}" rx="4" '
        'fill="#23408e" stroke="#111" stroke-width="1"/>'
        f'<rect x="{x + 4:.1f}" y="{y + 4:.1f}" width="{_CARD_W - 8}" height="{_CARD_H - 8}" '
        'rx="2" fill="none" stroke="#9fb4e8" stroke-width="1"/>'
        "</g>"
    )


def _where(seat: int, count: int, first: int) -> tuple[float, float]:
    """The centre of a seat's box: round an ellipse, clockwise, ``first`` at the bottom."""
    angle = math.pi / 2 + 2 * math.pi * ((seat - first) % count) / count
    return _CX + 395 * math.cos(angle), _CY + 222 * math.sin(angle)


def _seat(row: SeatRow, table: Table, first: int) -> str:
    cx, cy = _where(row.seat, len(table.seats), first)
    x, y = cx - _BOX_W / 2, cy - _BOX_H / 2
    fill = "#f3d36b" if row.winner else "#fbf6e9" if row.playing else "#cfc9bb"
    stroke = "#e8a400" if row.to_act else "#5a4630"
    width = "4" if row.to_act else "1.5"
    roles = [name for name, yes in (("dealer", row.dealer), ("ante", row.ante)) if yes]
    if row.seat == table.viewer:
        roles.append("you")
    title = " \u00b7 ".join([f"seat {row.seat}", *roles])
    status = f"stack {row.stack}   stake {row.stake}"
    parts = [
        f'<g class="seat" data-seat="{row.seat}">',
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{_BOX_W}" height="{_BOX_H}" rx="8" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>',
        _text(x + 8, y + 16, title, font_size="13", font_weight="bold", fill="#222"),
        _text(x + 8, y + 31, status, font_size="12", fill="#222"),
    ]
    cards_x = x + (_BOX_W - (4 * _CARD_GAP + _CARD_W)) / 2
    for place, card in enumerate(row.cards):
        parts.append(_card(cards_x + place * _CARD_GAP, y + 38, card))
    for place in range(len(row.cards), len(row.cards) + row.face_down):
        parts.append(_back(cards_x + place * _CARD_GAP, y + 38))
    note = _seat_note(row)
    if note:
        parts.append(
            _text(cx, y + _BOX_H - 3, note, font_size="10", text_anchor="middle", fill="#222")
        )
    parts.append("</g>")
    return "".join(parts)


def _seat_note(row: SeatRow) -> str:
    if row.winner:
        return f"wins {row.payout}" + (f": {row.value}" if row.value else "")
    if row.value:
        return row.value
    if row.to_act:
        return "to act"
    if row.exchanged is not None:
        return "pat" if row.exchanged == 0 else f"drew {row.exchanged}"
    return ""


def _centre(table: Table) -> list[str]:
    lines = [f"pool {table.pool}", PHASE_NAMES[table.phase]]
    rules = table.rules
    terms = f"ante {rules.ante}, limit {rules.limit}"
    if table.openers_text is not None:
        lines.append(f"jack-pot: openers {table.openers_text}; {terms}")
    else:
        lines.append(terms)
    if table.phase is Phase.OVER:
        if table.winners:
            lines.append("winner: " + ", ".join(f"seat {s}" for s in table.winners))
        else:
            lines.append("not opened: the pool waits for a jack-pot")
    elif table.to_act is not None:
        lines.append(f"seat {table.to_act} to act")
    sizes = ("26", "15", "13", "15")
    return [
        _text(
            _CX,
            _CY - 30 + 26 * line,
            body,
            font_size=sizes[line],
            text_anchor="middle",
            fill="#f5f1e0",
            font_weight="bold" if line in (0, 3) else "normal",
        )
        for line, body in enumerate(lines)
    ]


def svg_element(state_or_view: GameState | PlayerView) -> str:
    """The ``<svg>`` element alone (no XML declaration), for embedding in a web page."""
    table = snapshot(state_or_view)
    first = table.viewer if table.viewer is not None else 0
    label = "the table" + (f" as seat {table.viewer} sees it" if table.viewer is not None else "")
    parts = [
        f'<svg xmlns="{SVG_NAMESPACE}" width="{_WIDTH}" height="{_HEIGHT}" '
        f'viewBox="0 0 {_WIDTH} {_HEIGHT}" role="img" {_FONT}>',
        f"<title>{escape(label)}</title>",
        f'<rect width="{_WIDTH}" height="{_HEIGHT}" fill="#f7f4ec"/>',
        f'<ellipse cx="{_CX}" cy="{_CY}" rx="400" ry="225" fill="#7a4a24"/>',
        f'<ellipse cx="{_CX}" cy="{_CY}" rx="385" ry="211" fill="#2f6d44"/>',
        *_centre(table),
        *(_seat(row, table, first) for row in table.seats),
        "</svg>",
    ]
    return "\n".join(parts)


def render_svg(state_or_view: GameState | PlayerView) -> str:
    """Return the table as an SVG document: felt, each seat's box with its stack and stake,
    and the cards the picture may show drawn face up (every other hand in play face down).

    A :class:`GameState` shows every hand; a :class:`PlayerView` only what that seat may see
    (Laws 6, 28, 58, 59), with the viewer at the bottom. Nothing is fetched to draw it.

    Raises:
        TypeError: ``state_or_view`` is neither a state nor a view.
    """
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + svg_element(state_or_view) + "\n"
