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
import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from pokerlaws import _shapes
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
from pokerlaws.cards import Card, NotationError, format_cards, parse_card
from pokerlaws.engine import MAX_SEATS, MIN_SEATS
from pokerlaws.laws.deal import check_deck
from pokerlaws.records import GameRecord
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
from pokerlaws.rules import Rules

__all__ = [
    "FORMAT",
    "VERSION",
    "format_action",
    "format_record",
    "parse_record",
    "parse_record_lines",
    "record_problems",
]

FORMAT = "pokerlaws-record"
"""The first word of every record text."""
VERSION = 1
"""The format version this module writes and the newest it reads."""

_YES_NO = {True: "yes", False: "no"}
_BOOLS = {"yes": True, "no": False}
_NUMBER = re.compile(r"0|[1-9][0-9]*", re.ASCII)
# A stake or a deposit may be negative (replay refuses it, Law 56); -0 is no way to write 0.
_SIGNED = re.compile(r"0|-?[1-9][0-9]*", re.ASCII)
_LOOKS_NUMERIC = re.compile(r"[-+]?[0-9]", re.ASCII)
# Words are separated by spaces and tabs, and nothing else: str.split() and str.strip()
# would take a no-break space, a vertical tab, NEL or U+2028 for one too.
_BLANKS = " \t"
_GAP = re.compile(r"[ \t]+")
_SURROGATE = _shapes.SURROGATE


# --- The rule lines, read off the attrs classes ---------------------------------------------


@attrs.frozen
class _Switch:
    """One rule line: its dotted name, the attrs fields it goes through, and its kind."""

    name: str
    path: tuple[str, ...]
    kind: type
    required: bool


def _switches(cls: type, prefix: tuple[str, ...] = ()) -> Iterator[_Switch]:
    for field in attrs.fields(attrs.resolve_types(cls)):
        if not field.init:
            continue  # private bookkeeping (HandRules' tables), not a rule
        path = (*prefix, field.name)
        if isinstance(field.type, type) and attrs.has(field.type):
            yield from _switches(field.type, path)
        elif field.type in (bool, int):
            yield _Switch(".".join(path), path, field.type, field.default is attrs.NOTHING)
        else:
            # A developer adding a switch of another kind learns it at import, not in a file.
            raise TypeError(f"the notation writes bool and int rules, not {cls.__name__}.{path}")


_SWITCHES: dict[str, _Switch] = {switch.name: switch for switch in _switches(Rules)}


def _rule_value(rules: Rules, switch: _Switch) -> Any:
    value: Any = rules
    for name in switch.path:
        value = getattr(value, name)
    return value


def _build(cls: type, values: dict[tuple[str, ...], Any], prefix: tuple[str, ...] = ()) -> Any:
    """Build ``cls`` from the dotted values given; a nested class only if any of it is given."""
    kwargs: dict[str, Any] = {}
    for field in attrs.fields(cls):
        path = (*prefix, field.name)
        if path in values:
            kwargs[field.name] = values[path]
        elif (
            isinstance(field.type, type)
            and attrs.has(field.type)
            and any(given[: len(path)] == path for given in values)
        ):
            kwargs[field.name] = _build(field.type, values, path)
    return cls(**kwargs)


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


# --- Reading ---------------------------------------------------------------------------------


class _Bad(Exception):
    """A problem on the line being read (the parser adds the line)."""


def _stripped(line: str) -> str:
    """``line`` without the one ``\\r`` that may end it and the spaces and tabs around it."""
    return line.removesuffix("\r").strip(_BLANKS)


def _words(line: str, maxsplit: int = 0) -> list[str]:
    """The words of a stripped ``line``: the text between runs of spaces and tabs."""
    return _GAP.split(line, maxsplit) if line else []


def _lone_surrogate(text: str, what: str) -> None:
    """Refuse a lone surrogate in ``text``: half of a character, it cannot be UTF-8."""
    found = _SURROGATE.search(text)
    if found:
        raise _Bad(
            f"{what} holds {found.group()!r}, a lone surrogate: the text of a record is "
            "UTF-8, and that is half of a character, not one"
        )


def _number(token: str, what: str, pattern: re.Pattern[str] = _NUMBER) -> int:
    if not pattern.fullmatch(token):
        raise _Bad(f"{what} must be a whole number written in digits, not {token!r}")
    try:
        return int(token)
    except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits)
        raise _Bad(f"{what} has too many digits ({len(token)})") from None


def _cards(tokens: list[str], what: str) -> tuple[Card, ...]:
    try:
        return tuple(parse_card(token) for token in tokens)
    except NotationError as error:
        raise _Bad(f"{what}: {error.message}") from None


def _unquote(text: str, what: str) -> tuple[str, str]:
    """Read a bare word or a JSON string from the front of ``text``; return it and the rest."""
    if text.startswith('"'):
        try:
            value, end = json.JSONDecoder().raw_decode(text)
        except ValueError as error:
            raise _Bad(f"{what} is not a well-formed quoted string: {error}") from None
        _lone_surrogate(value, what)
        return str(value), text[end:]
    word = _words(text, 1)[0]
    return word, text[len(word) :]


@attrs.frozen
class _Parsed:
    record: GameRecord | None
    lines: tuple[int, ...]
    problems: tuple[NotationError, ...]


_HEADER = ("stacks", "dealer", "carried", "jackpot_round", "deck")
_NO_ARGUMENT: dict[str, Callable[[int], Event]] = {
    "straddle": lambda seat: Straddle(seat=seat),
    "decline": lambda seat: DeclineStraddle(seat=seat),
    "pass": lambda seat: Pass(seat=seat),
    "stand": lambda seat: Stand(seat=seat),
    "pat": lambda seat: Discard(seat=seat, cards=()),
    "lift": lambda seat: Lift(seat=seat),
    "faced": lambda seat: FacedCard(seat=seat),
    "distracts": lambda seat: Distraction(seat=seat),
    "wrong-size": lambda seat: WrongHandSize(seat=seat),
    "asks-dealer": lambda seat: AskDealerCount(seat=seat),
}
# Verbs taking one word of two: the word, and the value of the report's flag.
_CHOICE: dict[str, tuple[Callable[[int, bool], Event], dict[str, bool]]] = {
    "uncut": (
        lambda seat, flag: MissingCut(seat=seat, during_deal=flag),
        {"during": True, "after": False},
    ),
    "asked-wrong": (
        lambda seat, flag: WrongNumberAsked(seat=seat, served_as_asked=flag),
        {"served": True, "corrected": False},
    ),
}
_VERBS = (
    "straddle",
    "decline",
    "pass",
    "stake",
    "stand",
    "discard",
    "pat",
    "shuffle",
    "redeal",
    *(
        verb
        for verb in _NO_ARGUMENT
        if verb not in {"straddle", "decline", "pass", "stand", "pat"}
    ),
    *_CHOICE,
    "exposed",
    "deposit",
    "dispute",
)


class _Parser:
    """One reading of one text, collecting every problem with its line."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise TypeError(f"record text must be a str, not {type(text).__name__}")
        self.lines = text.removeprefix("\ufeff").split("\n")
        # Looked for line by line only when the text holds one: most texts hold none.
        self.surrogates = _SURROGATE.search(text) is not None
        self.problems: list[NotationError] = []
        self.rules: dict[str, tuple[int, Any]] = {}
        self.header: dict[str, tuple[int, Any]] = {}
        self.tags: list[tuple[str, str]] = []
        self.actions: list[Event] = []
        self.action_lines: list[int] = []
        self.header_closed = False
        self.ended: int | None = None
        self.seats: int | None = None
        self.built: dict[str, Any] = {}

    def problem(self, line: int, message: str) -> None:
        self.problems.append(NotationError(message, line=line))

    def run(self) -> _Parsed:
        start = self.version()
        if start is None:
            return _Parsed(None, (), tuple(self.problems))
        for number, raw in enumerate(self.lines[start:], start=start + 1):
            line = _stripped(raw)
            try:
                if self.surrogates:  # in a comment too: the text is not UTF-8
                    _lone_surrogate(line, "the line")
                if not line or line.startswith("#"):
                    continue
                self.read(number, line)
            except _Bad as bad:
                self.problem(number, str(bad))
        last = max(1, len(self.lines) - (len(self.lines) > 1 and not _stripped(self.lines[-1])))
        if self.ended is None:
            self.close(last)
            self.problem(last, "the record stops without its `end` line: is it cut short?")
        problems = tuple(sorted(self.problems, key=lambda error: error.line or 0))
        if problems:
            return _Parsed(None, tuple(self.action_lines), problems)
        record = GameRecord(
            rules=self.built["rules"],
            stacks=self.header["stacks"][1],
            dealer=self.header["dealer"][1],
            deck=self.header["deck"][1],
            carried=self.header["carried"][1],
            jackpot_round=self.header["jackpot_round"][1],
            actions=tuple(self.actions),
            tags=tuple(self.tags),
        )
        return _Parsed(record, tuple(self.action_lines), ())

    def version(self) -> int | None:
        """Read the first line; return the index of the line to read on from, or ``None``."""
        first = _words(_stripped(self.lines[0]))
        if len(first) == 2 and first[0] == FORMAT and _NUMBER.fullmatch(first[1]):
            if len(first[1]) > 4 or int(first[1]) > VERSION:
                self.problem(
                    1,
                    f"format version {first[1]} is newer than this pokerlaws reads "
                    f"({FORMAT} {VERSION}): upgrade pokerlaws to read it",
                )
                return None
            if int(first[1]) != VERSION:
                self.problem(1, f"there is no format version {first[1]}: write {FORMAT} {VERSION}")
            return 1
        if not any(_stripped(line) for line in self.lines):
            self.problem(1, f"the record is empty: it must begin with `{FORMAT} {VERSION}`")
            return None
        self.problem(
            1, f"the first line must be `{FORMAT} {VERSION}`, not {_stripped(self.lines[0])!r}"
        )
        # Read on from the first line, to report what else is wrong: it may be a header
        # line or an action of a record that lost its version line.
        return 0

    def read(self, number: int, line: str) -> None:
        if self.ended is not None:
            raise _Bad(f"text after the `end` line (line {self.ended}): {line!r}")
        tokens = _words(line)
        word = tokens[0]
        if word == "end":
            if len(tokens) > 1:
                raise _Bad(f"the `end` line takes nothing after it, not {' '.join(tokens[1:])!r}")
            self.close(number)
            self.ended = number
        elif _LOOKS_NUMERIC.match(word):
            self.close(number)
            self.action(number, tokens)
        elif word in ("rule", "tag", *_HEADER):
            if self.header_closed:
                raise _Bad(f"the header line {word!r} comes after the actions began")
            if word == "rule":
                self.rule(number, tokens)
            elif word == "tag":
                self.tag(line)
            else:
                self.fact(number, word, tokens[1:])
        else:
            raise _Bad(
                f"unknown line {word!r}: expected a header line (rule, stacks, dealer, "
                "carried, jackpot_round, deck, tag), an action `<seat> <verb> ...` or `end`"
            )

    # The header.

    def rule(self, number: int, tokens: list[str]) -> None:
        if len(tokens) != 3:
            raise _Bad("a rule line is `rule <name> <value>`, e.g. `rule ante 3`")
        _, name, text = tokens
        switch = _SWITCHES.get(name)
        if switch is None:
            raise _Bad(f"unknown rule {name!r}: the rules are {', '.join(_SWITCHES)}")
        if name in self.rules:
            raise _Bad(f"rule {name} is given twice (first on line {self.rules[name][0]})")
        self.rules[name] = (number, None)  # given, even if its value is bad
        if switch.kind is bool:
            if text not in _BOOLS:
                raise _Bad(f"rule {name} is yes or no, not {text!r}")
            value: Any = _BOOLS[text]
        else:
            value = _number(text, f"rule {name}")
        self.rules[name] = (number, value)

    def tag(self, line: str) -> None:
        rest = line[len("tag") :].strip(_BLANKS)
        if not rest:
            raise _Bad("a tag line is `tag <name> <value>`, e.g. `tag date 1891-06-01`")
        name, rest = _unquote(rest, "the tag's name")
        if not name:
            raise _Bad("the tag's name is empty")
        if rest and rest[0] not in _BLANKS:
            raise _Bad(f"tag {name}: the name must be followed by a space and the value")
        rest = rest.strip(_BLANKS)
        if not rest:
            raise _Bad(f'tag {name} has no value; write "" for an empty one')
        value = rest
        if rest.startswith('"'):
            value, after = _unquote(rest, f"tag {name}'s value")
            if after.strip(_BLANKS):
                raise _Bad(f"tag {name}: text after the quoted value: {after.strip(_BLANKS)!r}")
        self.tags.append((name, value))

    def fact(self, number: int, word: str, args: list[str]) -> None:
        if word in self.header:
            raise _Bad(f"the header gives {word} twice (first on line {self.header[word][0]})")
        self.header[word] = (number, None)  # given, even if its value is bad
        value: Any
        if word == "stacks":
            value = tuple(_number(token, "a stack") for token in args)
            if not MIN_SEATS <= len(value) <= MAX_SEATS:
                raise _Bad(
                    f"a table has {MIN_SEATS} to {MAX_SEATS} seats, so as many stacks, "
                    f"not {len(value)}"
                )
            if sum(1 for stack in value if stack) < MIN_SEATS:
                raise _Bad("at least two seats need chips to play")
        elif word == "deck":
            value = _cards(args, "the deck")
            repeated = {str(card) for card, count in Counter(value).items() if count > 1}
            if repeated:
                raise _Bad(f"the deck repeats {' '.join(sorted(repeated))}")
        else:
            if len(args) != 1:
                raise _Bad(f"the {word} line is `{word} <number>`")
            value = _number(args[0], f"the {word} line's value")
        self.header[word] = (number, value)

    def close(self, number: int) -> None:
        """The header ends before line ``number``: check that it makes a game that can begin."""
        if self.header_closed:
            return
        self.header_closed = True
        missing = [f"rule {name}" for name, s in _SWITCHES.items() if s.required]
        missing = [m for m in missing if m[len("rule ") :] not in self.rules]
        missing += [word for word in _HEADER if word not in self.header]
        if missing:
            self.problem(number, f"the header lacks {', '.join(f'`{m}`' for m in missing)}")
        stacks = self.header.get("stacks", (0, None))[1]
        if stacks is not None:
            self.seats = len(stacks)
        self.build_rules()
        self.check_dealer(stacks)
        line, deck = self.header.get("deck", (0, None))
        rules = self.built.get("rules")
        if deck is not None and rules is not None:
            try:
                check_deck(rules, deck)
            except ValueError as error:
                self.problem(line, f"the deck is not the pack: {error}")

    def build_rules(self) -> None:
        if any(s.required and s.name not in self.rules for s in _SWITCHES.values()):
            return
        if any(value is None for _, value in self.rules.values()):
            return
        values = {_SWITCHES[name].path: value for name, (_, value) in self.rules.items()}
        try:
            self.built["rules"] = _build(Rules, values)
        except (ValueError, TypeError) as error:
            line = self.rules.get("ante", min(self.rules.values()))[0]
            self.problem(line, f"impossible rules: {error}")

    def check_dealer(self, stacks: tuple[int, ...] | None) -> None:
        line, dealer = self.header.get("dealer", (0, None))
        if dealer is None or stacks is None:
            return
        if dealer >= len(stacks):
            self.problem(
                line, f"the dealer must be a seat from 0 to {len(stacks) - 1}, not {dealer}"
            )
        elif not stacks[dealer]:
            self.problem(line, f"seat {dealer} has no chips, so sits out and cannot deal (Law 18)")

    # The actions.

    def action(self, number: int, tokens: list[str]) -> None:
        seat = _number(tokens[0], "the seat", _SIGNED)
        if seat < 0 or (self.seats is not None and seat >= self.seats):
            at = f": its seats are 0 to {self.seats - 1}" if self.seats is not None else ""
            raise _Bad(f"seat {seat} is not at this table{at}")
        if len(tokens) < 2:
            raise _Bad(f"seat {seat} does what? an action is `<seat> <verb> ...`")
        verb, args = tokens[1], tokens[2:]
        action: Event
        if verb in _NO_ARGUMENT:
            if args:
                raise _Bad(f"`{verb}` takes nothing after it, not {' '.join(args)!r}")
            action = _NO_ARGUMENT[verb](seat)
        elif verb == "stake":
            if len(args) != 1:
                raise _Bad("a stake is `<seat> stake <chips>`, e.g. `2 stake 6`")
            action = Stake(seat=seat, amount=_number(args[0], "the stake", _SIGNED))
        elif verb == "discard":
            if not args:
                raise _Bad("a discard names its cards; write `<seat> pat` to discard none")
            action = Discard(seat=seat, cards=_cards(args, "the discard"))
        elif verb == "shuffle":
            if args == ["-"]:
                action = Shuffle(seat=seat, order=())
            else:
                order = _cards(args, "the shuffle") if args else None
                action = Shuffle(seat=seat, order=order)
        elif verb == "redeal":
            action = Redeal(seat=seat, deck=_cards(args, "the redeal") if args else None)
        elif verb in _CHOICE:
            build, words = _CHOICE[verb]
            if len(args) != 1 or args[0] not in words:
                raise _Bad(f"`{verb}` takes one of {' or '.join(words)}, not {' '.join(args)!r}")
            action = build(seat, words[args[0]])
        elif verb == "exposed":
            if len(args) != 1:
                raise _Bad("an exposed card is `<seat> exposed <card>`, e.g. `2 exposed Kh`")
            (card,) = _cards(args, "the exposed card")
            action = ExposedCard(seat=seat, card=card)
        elif verb == "deposit":
            if len(args) != 1:
                raise _Bad("a deposit out of turn is `<seat> deposit <chips>`, e.g. `2 deposit 6`")
            action = Deposit(seat=seat, amount=_number(args[0], "the deposit", _SIGNED))
        elif verb == "dispute":
            if not args:
                raise _Bad("a dispute names its parties: `<seat> dispute <seat> <seat> ...`")
            parties = tuple(_number(arg, "a party") for arg in args)
            action = Dispute(seat=seat, parties=parties)
        else:
            raise _Bad(f"unknown action {verb!r}: the actions are {', '.join(_VERBS)}")
        self.actions.append(action)
        self.action_lines.append(number)


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
