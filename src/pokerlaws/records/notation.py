"""The text notation of game records: one fact or one action per line (``docs/notation.md``).

:func:`format_record` writes a :class:`GameRecord` as text a person can read and diff, and
:func:`parse_record` reads it back: ``parse_record(format_record(r)) == r``. The parser is
strict: malformed text raises :class:`NotationError` carrying the 1-based ``.line``, and
:func:`record_problems` lists every problem of a text at once. Text that is well formed but
whose actions the laws refuse is not malformed: :func:`pokerlaws.replay` says so.

The rule lines are read off the attrs fields of :class:`Rules` (and, with a dotted name, of
:class:`HandRules` in ``Rules.hands``), so a new bool or int switch needs no change here.
"""

from __future__ import annotations

import json

from pokerlaws.actions import (
    DeclineStraddle,
    Discard,
    Pass,
    Redeal,
    Shuffle,
    Stake,
    Stand,
    Straddle,
)
from pokerlaws.cards import NotationError, format_cards
from pokerlaws.records._grammar import _SWITCHES, _YES_NO, FORMAT, VERSION, _rule_value
from pokerlaws.records._reading import _Parser
from pokerlaws.records.game import GameRecord
from pokerlaws.reports import (
    AskDealerCount,
    Deposit,
    Dispute,
    Distraction,
    Event,
    ExposedCard,
    FacedCard,
    Lift,
    MissingCut,
    WrongHandSize,
    WrongNumberAsked,
)

__all__ = [
    "FORMAT",
    "VERSION",
    "format_action",
    "format_record",
    "parse_record",
    "parse_record_lines",
    "record_problems",
]

# --- Writing ---------------------------------------------------------------------------------


def _plain(text: str, *, spaces: bool) -> bool:
    """Whether ``text`` can be written bare: printable, not padded, not looking quoted."""
    return (
        bool(text)
        and text.isprintable()
        and text == text.strip()
        and not text.startswith('"')
        and (spaces or " " not in text)
    )


def _quote(text: str, *, spaces: bool) -> str:
    # ensure_ascii: an escaped string holds no character that splits a line anywhere.
    return text if _plain(text, spaces=spaces) else json.dumps(text, ensure_ascii=True)


def format_action(action: Event) -> str:
    """Write one action or report as its record line, without the line's number:
    ``"2 stake 6"``."""
    match action:
        case Straddle(seat=seat):
            return f"{seat} straddle"
        case DeclineStraddle(seat=seat):
            return f"{seat} decline"
        case Pass(seat=seat):
            return f"{seat} pass"
        case Stand(seat=seat):
            return f"{seat} stand"
        case Stake(seat=seat, amount=amount):
            return f"{seat} stake {amount}"
        case Discard(seat=seat, cards=()):
            return f"{seat} pat"
        case Discard(seat=seat, cards=cards):
            return f"{seat} discard {format_cards(cards)}"
        case Shuffle(seat=seat, order=order):
            if order is None:
                return f"{seat} shuffle"
            return f"{seat} shuffle {format_cards(order) or '-'}"
        case Redeal(seat=seat, deck=deck):
            return f"{seat} redeal" if deck is None else f"{seat} redeal {format_cards(deck)}"
        case Lift(seat=seat):
            return f"{seat} lift"
        case MissingCut(seat=seat, during_deal=during):
            return f"{seat} uncut {'during' if during else 'after'}"
        case FacedCard(seat=seat):
            return f"{seat} faced"
        case Distraction(seat=seat):
            return f"{seat} distracts"
        case ExposedCard(seat=seat, card=card):
            return f"{seat} exposed {card}"
        case WrongHandSize(seat=seat):
            return f"{seat} wrong-size"
        case WrongNumberAsked(seat=seat, served_as_asked=as_asked):
            return f"{seat} asked-wrong {'served' if as_asked else 'corrected'}"
        case AskDealerCount(seat=seat):
            return f"{seat} asks-dealer"
        case Deposit(seat=seat, amount=amount):
            return f"{seat} deposit {amount}"
        case Dispute(seat=seat, parties=parties):
            return f"{seat} dispute {' '.join(map(str, parties))}"
    raise TypeError(f"not an action or a report: {action!r}")


def format_record(game: GameRecord) -> str:
    """Write ``game`` as record text, the one canonical text for it (``docs/notation.md``).

    Raises:
        TypeError: ``game`` is not a :class:`GameRecord`.
        ValueError: the record cannot be written, for the notation holds only games that can
            begin, with actions by seats at the table (the message says what is wrong).
    """
    if not isinstance(game, GameRecord):
        raise TypeError(f"format_record takes a GameRecord, not {type(game).__name__}")
    lines = [f"{FORMAT} {VERSION}"]
    for switch in _SWITCHES.values():
        value = _rule_value(game.rules, switch)
        text = _YES_NO[value] if switch.kind is bool else str(value)
        lines.append(f"rule {switch.name} {text}")
    lines += [
        f"stacks {' '.join(map(str, game.stacks))}",
        f"dealer {game.dealer}",
        f"carried {game.carried}",
        f"jackpot_round {game.jackpot_round}",
        f"deck {format_cards(game.deck)}",
    ]
    for name, value in game.tags:
        lines.append(f"tag {_quote(name, spaces=False)} {_quote(value, spaces=True)}")
    lines.append("")
    lines += map(format_action, game.actions)
    lines.append("end")
    text = "\n".join(lines) + "\n"
    # The parser's checks are the definition of what the notation holds: a record they refuse
    # is refused here, so that every text written reads back.
    parsed = _Parser(text).run()
    if parsed.problems:
        raise ValueError(f"this record cannot be written: {parsed.problems[0].message}")
    if parsed.record != game:
        raise ValueError("this record cannot be written: it does not read back the same")
    return text


def record_problems(text: str) -> tuple[NotationError, ...]:
    """Return every problem of record ``text``, in line order; empty when it is well formed.

    A future format version is one problem: the rest is not read.
    """
    return _Parser(text).run().problems


def parse_record_lines(text: str) -> tuple[GameRecord, tuple[int, ...]]:
    """Read record ``text``; return the record and the 1-based line of each of its actions.

    Raises:
        NotationError: the first problem of the text, with its ``.line``.
    """
    parsed = _Parser(text).run()
    if parsed.problems:
        raise parsed.problems[0]
    assert parsed.record is not None
    return parsed.record, parsed.lines


def parse_record(text: str) -> GameRecord:
    """Read a :class:`GameRecord` from its text, the inverse of :func:`format_record`.

    Raises:
        NotationError: the text is malformed; ``.line`` is the 1-based line of the first
            problem and the message says what is wrong there (:func:`record_problems` lists
            them all).
    """
    return parse_record_lines(text)[0]
