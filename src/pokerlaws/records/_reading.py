"""Reading a record's text, one reader for each part of a record: the version line and the
order of the lines (:class:`_Parser`), the header (:class:`_Header`: rules, tags, stacks,
dealer, carried, jack-pot round, deck) and the actions (:func:`read_action`). Package-internal:
:mod:`pokerlaws.records.notation` is the public face."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs

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
from pokerlaws.cards import NotationError
from pokerlaws.engine import MAX_SEATS, MIN_SEATS
from pokerlaws.laws.deal import check_deck
from pokerlaws.records._grammar import (
    _BLANKS,
    _BOOLS,
    _LOOKS_NUMERIC,
    _NUMBER,
    _SIGNED,
    _SURROGATE,
    _SWITCHES,
    FORMAT,
    VERSION,
    _Bad,
    _build,
    _cards,
    _lone_surrogate,
    _number,
    _stripped,
    _unquote,
    _words,
)
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
from pokerlaws.rules import Rules


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


class _Header:
    """The header of a record: its rule lines, tags and facts, read line by line, then
    checked as a whole when the first action (or the end) closes it."""

    def __init__(self, problems: list[NotationError]) -> None:
        self.problems = problems
        self.rules: dict[str, tuple[int, Any]] = {}
        self.header: dict[str, tuple[int, Any]] = {}
        self.tags: list[tuple[str, str]] = []
        self.header_closed = False
        self.seats: int | None = None
        self.built: dict[str, Any] = {}

    def problem(self, line: int, message: str) -> None:
        self.problems.append(NotationError(message, line=line))

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


def read_action(tokens: list[str], seats: int | None) -> Event:
    """Read one action line's words (``<seat> <verb> ...``) at a table of ``seats`` seats
    (``None``: not known yet)."""
    seat = _number(tokens[0], "the seat", _SIGNED)
    if seat < 0 or (seats is not None and seat >= seats):
        at = f": its seats are 0 to {seats - 1}" if seats is not None else ""
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
    return action


class _Parser:
    """One reading of one text: the version line, then each line in its place (the header,
    the actions, the end), collecting every problem with its line."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise TypeError(f"record text must be a str, not {type(text).__name__}")
        self.lines = text.removeprefix("\ufeff").split("\n")
        # Looked for line by line only when the text holds one: most texts hold none.
        self.surrogates = _SURROGATE.search(text) is not None
        self.problems: list[NotationError] = []
        self.head = _Header(self.problems)
        self.actions: list[Event] = []
        self.action_lines: list[int] = []
        self.ended: int | None = None

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
            self.head.close(last)
            self.problem(last, "the record stops without its `end` line: is it cut short?")
        problems = tuple(sorted(self.problems, key=lambda error: error.line or 0))
        if problems:
            return _Parsed(None, tuple(self.action_lines), problems)
        record = GameRecord(
            rules=self.head.built["rules"],
            stacks=self.head.header["stacks"][1],
            dealer=self.head.header["dealer"][1],
            deck=self.head.header["deck"][1],
            carried=self.head.header["carried"][1],
            jackpot_round=self.head.header["jackpot_round"][1],
            actions=tuple(self.actions),
            tags=tuple(self.head.tags),
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
            self.head.close(number)
            self.ended = number
        elif _LOOKS_NUMERIC.match(word):
            self.head.close(number)
            self.action(number, tokens)
        elif word in ("rule", "tag", *_HEADER):
            if self.head.header_closed:
                raise _Bad(f"the header line {word!r} comes after the actions began")
            if word == "rule":
                self.head.rule(number, tokens)
            elif word == "tag":
                self.head.tag(line)
            else:
                self.head.fact(number, word, tokens[1:])
        else:
            raise _Bad(
                f"unknown line {word!r}: expected a header line (rule, stacks, dealer, "
                "carried, jackpot_round, deck, tag), an action `<seat> <verb> ...` or `end`"
            )

    def action(self, number: int, tokens: list[str]) -> None:
        self.actions.append(read_action(tokens, self.head.seats))
        self.action_lines.append(number)
