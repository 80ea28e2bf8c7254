"""Sitting records: a whole sitting, replayable on its own, as a value and as text.

A :class:`SittingRecord` holds what no game record can: the players' names and the chips
they brought, the cards drawn in the cut for the deal (Law 2), the sitting's terms, and the
table changes between games; its games are ordinary :class:`~pokerlaws.GameRecord` values.
:func:`replay_sitting` rebuilds the :class:`~pokerlaws.sitting.Sitting` from it alone,
checking that each game begins as the sitting says it must (its dealer, stacks, carried
chips, jack-pot round and rules). A report on the last game made after the table changed
(Law 64, Ambiguity 27) is an entry of its own, :class:`~pokerlaws.sitting.LateReport`, in
its place. The text notation, ``pokerlaws-sitting 1``, frames each game's own record text
(``docs/notation.md``, "Sitting records").
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any, cast

import attrs

from pokerlaws import _shapes
from pokerlaws.cards import Card, NotationError, format_cards, parse_card
from pokerlaws.records._grammar import _BLANKS, _SURROGATE, _Bad, _stripped, _words
from pokerlaws.records._grammar import SITTING_FORMAT as FORMAT  # the first word
from pokerlaws.records._reading import read_action
from pokerlaws.records.game import GameRecord, record
from pokerlaws.records.notation import format_action, format_record, parse_record_lines
from pokerlaws.reports import REPORT_TYPES, Event, Report
from pokerlaws.sitting.model import (
    ENTRY_TYPES,
    BuyChips,
    Entry,
    Join,
    LateReport,
    Leave,
    Sitting,
    SittingTerms,
    _name,
)
from pokerlaws.sitting.playing import (
    _begin,
    _players,
    cut_for_deal,
    deal_next,
    play,
)
from pokerlaws.sitting.table import buy_chips, join, leave
from pokerlaws.violations import RuleViolation

__all__ = [
    "FORMAT",
    "VERSION",
    "IllegalSittingRecord",
    "SittingRecord",
    "format_sitting_record",
    "parse_sitting_record",
    "parse_sitting_record_lines",
    "record_sitting",
    "replay_sitting",
]

VERSION = 1


@attrs.frozen(kw_only=True)
class SittingRecord:
    """A whole sitting: how it began and everything that happened at the table.

    Attributes:
        terms: the sitting's terms (the kitty, broke players).
        players: ``(name, chips)`` of the players who sat down at the start, in seat order.
        cut: the cards drawn in the cut for the deal, in the order drawn (Law 2).
        entries: the games (the first one first, under the rules agreed for the sitting),
            the table changes between them and the reports on the last game made after
            the table changed (Law 64, Ambiguity 27), in order. The last game may be
            unfinished.

    Raises:
        TypeError: a field of the wrong type (tuples only: a record is hashable).
        ValueError: a name that is no player's name (printable text, not empty nor padded),
            negative chips. Whether the sitting can be played (distinct players, a cut the
            laws allow) is for :func:`replay_sitting` to say.
    """

    terms: SittingTerms = attrs.field(
        validator=_shapes.field(_shapes.instance_of(SittingTerms, "a SittingTerms"))
    )
    players: tuple[tuple[str, int], ...] = attrs.field(
        validator=_shapes.field(_shapes.tuple_of(_shapes.pair(_shapes.player_name, _shapes.count)))
    )
    cut: tuple[Card, ...] = attrs.field(validator=_shapes.field(_shapes.cards))
    entries: tuple[Entry, ...] = attrs.field(
        validator=_shapes.field(
            _shapes.tuple_of(_shapes.instance_of(ENTRY_TYPES, "a game record or a table change"))
        )
    )


class IllegalSittingRecord(ValueError):
    """Raised by :func:`replay_sitting` where the record is not a sitting the laws allow.

    Attributes:
        entry: the 0-based position in ``entries`` of the entry refused (-1: the start).
        index: the 0-based position of the refused action in that game's actions, or None
            when the entry itself is refused (a game that begins wrongly, a refused change
            or late report).
        violation: the :class:`RuleViolation` refusing the action or the late report, or
            None.
    """

    def __init__(
        self,
        entry: int,
        message: str,
        *,
        index: int | None = None,
        violation: RuleViolation | None = None,
    ) -> None:
        super().__init__(f"entry {entry}: {message}")
        self.entry = entry
        self.message = message
        self.index = index
        self.violation = violation

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _rebuild_illegal,
            (self.entry, self.message, self.index, self.violation),
        )


def _rebuild_illegal(
    entry: int, message: str, index: int | None, violation: RuleViolation | None
) -> IllegalSittingRecord:
    return IllegalSittingRecord(entry, message, index=index, violation=violation)


def record_sitting(sitting: Sitting) -> SittingRecord:
    """Return the :class:`SittingRecord` of the sitting so far (the game in play included)."""
    if not isinstance(sitting, Sitting):
        raise TypeError(f"record_sitting takes a Sitting, not {type(sitting).__name__}")
    entries = tuple(sitting.history)
    if not sitting.between_games:
        entries = (*entries, record(sitting.game))
    first = entries[0]
    assert isinstance(first, GameRecord)
    names = tuple(name for name, _ in sitting.cut[0])
    return SittingRecord(
        terms=sitting.terms,
        players=tuple(zip(names, first.stacks, strict=True)),
        cut=tuple(card for round_ in sitting.cut for _, card in round_),
        entries=entries,
    )


def _play_game(sitting: Sitting, game: GameRecord, entry: int) -> Sitting:
    """Check that ``game`` begins as the sitting's game does, then play its actions."""
    begun = record(sitting.game)
    if attrs.evolve(game, actions=()) != begun:
        differ = [
            f"{field.name} {getattr(game, field.name)!r} where the sitting gives "
            f"{getattr(begun, field.name)!r}"
            for field in attrs.fields(GameRecord)
            if field.name not in ("actions", "deck")
            and getattr(game, field.name) != getattr(begun, field.name)
        ]
        raise IllegalSittingRecord(
            entry, "the game does not begin as the sitting deals it: " + "; ".join(differ)
        )
    for index, action in enumerate(game.actions):
        result = play(sitting, action)
        if isinstance(result, RuleViolation):
            raise IllegalSittingRecord(
                entry,
                f"action {index} ({action}) is refused: {result.message}",
                index=index,
                violation=result,
            )
        sitting = result
    return sitting


def _late_report(sitting: Sitting, report: Event, entry: int) -> Sitting:
    """Play a report on the last game made after the table changed (Ambiguity 27)."""
    result = play(sitting, report)
    if isinstance(result, RuleViolation):
        raise IllegalSittingRecord(
            entry,
            f"the report ({format_action(report)}) is refused: {result.message}",
            violation=result,
        )
    return result


def replay_sitting(sitting_record: SittingRecord) -> Sitting:
    """Rebuild the sitting of ``sitting_record`` from it alone.

    Raises:
        IllegalSittingRecord: an action, a table change or a game's beginning is not what
            the laws and the sitting allow (``.entry``, ``.index`` and ``.violation`` say
            where and why).
        TypeError: ``sitting_record`` is not a SittingRecord.
    """
    if not isinstance(sitting_record, SittingRecord):
        raise TypeError(
            f"replay_sitting takes a SittingRecord, not {type(sitting_record).__name__}"
        )
    entries = sitting_record.entries
    if not entries or not isinstance(entries[0], GameRecord):
        raise IllegalSittingRecord(0, "a sitting record begins with its first game")
    first = entries[0]
    try:
        pairs = _players(sitting_record.players)
        names = tuple(name for name, _ in pairs)
        cards = sitting_record.cut
        if len(set(cards)) != len(cards) or any(card.rank is None for card in cards):
            raise ValueError("the cut's cards are not distinct cards of the ordinary pack")
        rounds, dealer = cut_for_deal(names, cards)
        drawn = sum(map(len, rounds))
        if drawn != len(cards):
            raise ValueError(f"the cut drew {drawn} cards, and the record gives {len(cards)}")
        sitting = _begin(first.rules, pairs, rounds, dealer, first.deck, sitting_record.terms)
    except (TypeError, ValueError) as error:
        raise IllegalSittingRecord(-1, f"the sitting cannot begin: {error}") from None
    sitting = _play_game(sitting, first, 0)
    for number, entry in enumerate(entries[1:], start=1):
        if not sitting.between_games:
            raise IllegalSittingRecord(
                number, "the game before this entry is unfinished, yet the record goes on"
            )
        try:
            match entry:
                case Join(name=name, chips=chips, seat=seat):
                    sitting = join(sitting, name, chips, seat=seat)
                case Leave(name=name):
                    sitting = leave(sitting, name)
                case BuyChips(name=name, chips=chips):
                    sitting = buy_chips(sitting, name, chips)
                case LateReport(report=report):
                    sitting = _late_report(sitting, report, number)
                case GameRecord():
                    sitting = deal_next(sitting, deck=entry.deck)
                case _:
                    raise TypeError(f"not a sitting entry: {type(entry).__name__}")
        except IllegalSittingRecord:
            raise
        except (TypeError, ValueError) as error:
            raise IllegalSittingRecord(number, str(error)) from None
        if isinstance(entry, GameRecord):
            sitting = _play_game(sitting, entry, number)
    return sitting


# --- The text notation --------------------------------------------------------------------

_YES_NO = {True: "yes", False: "no"}
_BOOLS = {"yes": True, "no": False}
_NUMBER = re.compile(r"0|[1-9][0-9]{0,17}", re.ASCII)
_TERMS = {field.name: field.type for field in attrs.fields(attrs.resolve_types(SittingTerms))}


def _name_text(name: str) -> str:
    # Always quoted: a name may hold spaces or look like a number.
    return json.dumps(name, ensure_ascii=True)


def format_sitting_record(sitting_record: SittingRecord) -> str:
    """Write ``sitting_record`` as text (``docs/notation.md``, "Sitting records").

    Raises:
        TypeError: it is not a SittingRecord.
        ValueError: a game in it cannot be written (``format_record`` says why).
    """
    if not isinstance(sitting_record, SittingRecord):
        raise TypeError(
            f"format_sitting_record takes a SittingRecord, not {type(sitting_record).__name__}"
        )
    lines = [f"{FORMAT} {VERSION}"]
    for name, kind in _TERMS.items():
        value = getattr(sitting_record.terms, name)
        lines.append(f"term {name} {_YES_NO[value] if kind is bool else value}")
    lines += [f"player {_name_text(name)} {chips}" for name, chips in sitting_record.players]
    lines.append(f"cut {format_cards(sitting_record.cut)}")
    games = 0
    for entry in sitting_record.entries:
        match entry:
            case GameRecord():
                games += 1
                lines.append(f"game {games}")
                lines += format_record(entry).rstrip("\n").split("\n")
            case Join(name=name, chips=chips, seat=seat):
                lines.append(f"join {_name_text(name)} {chips} seat {seat}")
            case Leave(name=name):
                lines.append(f"leave {_name_text(name)}")
            case BuyChips(name=name, chips=chips):
                lines.append(f"buy {_name_text(name)} {chips}")
            case LateReport(report=report):
                lines.append(f"report {format_action(report)}")
    lines.append("end sitting")
    return "\n".join(lines) + "\n"


class _Reader:
    """One reading of a sitting record text; raises the first NotationError found."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise TypeError(f"sitting record text must be a str, not {type(text).__name__}")
        self.lines = text.removeprefix("\ufeff").split("\n")
        self.at = 0  # the index of the next line to read
        found = _SURROGATE.search(text)
        if found:
            # Anywhere, a comment included: the text is not UTF-8.
            line = text.count("\n", 0, found.start()) + 1
            raise NotationError(
                f"the line holds {found.group()!r}, a lone surrogate: the text of a record is "
                "UTF-8, and that is half of a character, not one",
                line=line,
            )

    def bad(self, message: str, line: int | None = None) -> NotationError:
        return NotationError(message, line=self.at if line is None else line)

    def next_line(self) -> Iterator[tuple[int, str]]:
        while self.at < len(self.lines):
            line = _stripped(self.lines[self.at])
            self.at += 1
            if line and not line.startswith("#"):
                yield self.at, line

    def number(self, token: str, what: str) -> int:
        if not _NUMBER.fullmatch(token):
            raise self.bad(f"{what} must be a whole number written in digits, not {token!r}")
        return int(token)

    def name(self, rest: str) -> tuple[str, str]:
        if not rest.startswith('"'):
            raise self.bad(f'a player\'s name is written as a quoted string, e.g. "Ann": {rest!r}')
        try:
            value, end = json.JSONDecoder().raw_decode(rest)
        except ValueError as error:
            raise self.bad(f"the name is not a well-formed quoted string: {error}") from None
        if not isinstance(value, str):
            raise self.bad("the name is not a quoted string")
        try:
            _name(value)
        except ValueError as error:
            raise self.bad(str(error)) from None
        after = rest[end:]
        if after and after[0] not in _BLANKS:
            raise self.bad(f"the name {value!r} must be followed by a space, not {after!r}")
        return value, after.strip(_BLANKS)

    def run(self) -> tuple[SittingRecord, tuple[int, ...], tuple[tuple[int, ...], ...]]:
        first = _words(_stripped(self.lines[0]))
        self.at = 1
        if first != [FORMAT, str(VERSION)]:
            if len(first) == 2 and first[0] == FORMAT:
                raise self.bad(f"this pokerlaws reads {FORMAT} {VERSION}, not version {first[1]}")
            raise self.bad(f"the first line must be `{FORMAT} {VERSION}`")
        terms: dict[str, Any] = {}
        players: list[tuple[str, int]] = []
        cut: tuple[Card, ...] | None = None
        entries: list[Entry] = []
        starts: list[int] = []
        lines: list[tuple[int, ...]] = []
        for number, line in self.next_line():
            word, rest = (*_words(line, 1), "")[:2]
            if word == "term" and not entries:
                words = _words(rest)
                if len(words) != 2:
                    raise self.bad(
                        "a term line is `term <name> <value>`, e.g. `term kitty_chips 0`"
                    )
                name, value = words
                if name not in _TERMS:
                    raise self.bad(f"unknown term {name!r}: the terms are {', '.join(_TERMS)}")
                if name in terms:
                    raise self.bad(f"the term {name} is given twice")
                if _TERMS[name] is bool:
                    if value not in _BOOLS:
                        raise self.bad(f"the term {name} is yes or no, not {value!r}")
                    terms[name] = _BOOLS[value]
                else:
                    terms[name] = self.number(value, f"the term {name}")
            elif word == "player" and not entries:
                name, after = self.name(rest)
                players.append((name, self.number(after, f"{name}'s chips")))
            elif word == "cut" and not entries:
                if cut is not None:
                    raise self.bad("the cut is given twice")
                try:
                    cut = tuple(parse_card(token) for token in _words(rest))
                except NotationError as error:
                    raise self.bad(f"the cut: {error.message}") from None
            elif word == "game":
                if rest != str(sum(isinstance(e, GameRecord) for e in entries) + 1):
                    raise self.bad(f"games are numbered in order: this is not game {rest!r}")
                game, at = self.game(number)
                entries.append(game)
                starts.append(number)
                lines.append(at)
            elif word in ("join", "leave", "buy") and entries:
                entries.append(self.change(word, rest))
                starts.append(number)
                lines.append(())
            elif word == "report" and entries:
                entries.append(self.late_report(rest))
                starts.append(number)
                lines.append(())
            elif _words(line) == ["end", "sitting"]:
                rest_lines = list(self.next_line())
                if rest_lines:
                    raise self.bad(f"text after `end sitting`: {rest_lines[0][1]!r}")
                if cut is None or not entries:
                    raise self.bad("a sitting record gives its cut and at least one game", number)
                try:
                    built = SittingTerms(**terms)
                except (TypeError, ValueError) as error:
                    raise self.bad(f"impossible terms: {error}", 2) from None
                record_ = SittingRecord(
                    terms=built, players=tuple(players), cut=cut, entries=tuple(entries)
                )
                return record_, tuple(starts), tuple(lines)
            else:
                raise self.bad(
                    f"unexpected line {line!r}: a sitting record has its header (term, player, "
                    "cut), then games (`game N` and the game's record) and the changes between "
                    "them (join, leave, buy, and report for a report on the last game), then "
                    "`end sitting`"
                )
        raise self.bad("the sitting record stops without its `end sitting` line", len(self.lines))

    def game(self, number: int) -> tuple[GameRecord, tuple[int, ...]]:
        """Read the game record that follows line ``number``, up to its `end` line."""
        start = self.at
        while self.at < len(self.lines) and _stripped(self.lines[self.at]) != "end":
            self.at += 1
        if self.at >= len(self.lines):
            raise self.bad(f"game from line {number} has no `end` line", len(self.lines))
        self.at += 1
        text = "\n".join(self.lines[start : self.at]) + "\n"
        try:
            game, at = parse_record_lines(text)
        except NotationError as error:
            inner = error.line if error.line is not None else 1
            raise NotationError(error.message, line=start + inner) from None
        return game, tuple(start + line for line in at)

    def late_report(self, rest: str) -> LateReport:
        """Read ``report <seat> <report>``: the report as a game's record writes it."""
        tokens = _words(rest)
        if not tokens:
            raise self.bad("a late report is `report <seat> <report>`, e.g. `report 2 wrong-size`")
        # The game record's own reader reads the line, so the two never differ.
        try:
            event = read_action(tokens, None)
        except _Bad as bad:
            raise self.bad(f"the report: {bad}") from None
        if not isinstance(event, REPORT_TYPES):
            raise self.bad(
                f"the report: {rest!r} is an action, not a report; only a report is made on "
                "a game that has ended"
            )
        return LateReport(report=cast(Report, event))

    def change(self, word: str, rest: str) -> Entry:
        name, after = self.name(rest)
        if word == "leave":
            if after:
                raise self.bad(f"`leave` takes only the name, not {after!r}")
            return Leave(name=name)
        tokens = _words(after)
        if word == "buy":
            if len(tokens) != 1:
                raise self.bad('a purchase is `buy "<name>" <chips>`')
            return BuyChips(name=name, chips=self.number(tokens[0], "the chips bought"))
        if len(tokens) != 3 or tokens[1] != "seat":
            raise self.bad('a join is `join "<name>" <chips> seat <seat>`')
        chips = self.number(tokens[0], "the chips brought")
        return Join(name=name, chips=chips, seat=self.number(tokens[2], "the seat"))


def parse_sitting_record_lines(
    text: str,
) -> tuple[SittingRecord, tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Read sitting record ``text``; return it, the 1-based line each entry begins on, and
    for each entry the line of each of its actions (none for a table change).

    Raises:
        NotationError: the text is malformed (``.line`` is the 1-based line).
    """
    return _Reader(text).run()


def parse_sitting_record(text: str) -> SittingRecord:
    """Read a :class:`SittingRecord` from its text, the inverse of
    :func:`format_sitting_record`.

    Raises:
        NotationError: the text is malformed (``.line`` is the 1-based line).
    """
    return parse_sitting_record_lines(text)[0]
