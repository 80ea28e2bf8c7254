"""Versioned JSON for pokerlaws' values: ``to_json``, ``from_json`` and ``json_schema``.

Every document is an object ``{"format": "pokerlaws/1", "type": "...", ...}`` whose other
members are the value's fields; cards are their two-character text (``"Th"``, ``"Jk"``).
Objects nested in a document (the rules inside a record, an action inside a violation)
carry no ``format``, and a ``type`` only where several kinds may stand (actions, the steps
of a view's history). A :class:`GameState` is written as its :class:`GameRecord` plus its
public fields for readers, and read back by replaying the record (:func:`replay`) and
checking that those fields agree, so ``from_json(to_json(state)) == state`` exactly, internal
bookkeeping included. The schema (JSON Schema draft 2020-12) ships in
``pokerlaws/schema/pokerlaws-1.json``.

Why the standard library and not cattrs: cattrs would derive the attrs-to-dict plumbing, but
each thing this format needs is beside it. cattrs structures an ``int`` field by calling
``int()``, so ``true``, ``"3"`` and ``2.7`` all silently become numbers (strict hooks for
``int``, ``bool`` and ``str`` would be needed); it lets fields with defaults be left out,
while this format requires every field (as the schema does); a ``GameState`` is not its
fields but a replayed record; and its errors come as exception groups to be flattened into
one :class:`NotationError`. What is left for it is a loop over fields, and a format version
is a contract better spelled out field by field (a new attrs field must not change
``pokerlaws/1`` silently). So the codecs below are a small table, and the runtime
dependency stays ``attrs`` alone.

Malformed input raises :class:`NotationError` and nothing else: an unknown format or type
names it; a wrong shape (a missing, extra or ill-typed field, a bad card) names the JSON path
(``$.actions[3].amount``) and what is wrong. ``from_json`` reads exactly the documents the
schema accepts, but for what a schema cannot say, listed in ``docs/notation.md`` ("JSON"):
an integer is written in digits alone (``2``, not ``2.0`` or ``2e0``), no member is repeated,
text holds no lone surrogate, a player's name is printable, Law 19, the pack, and what a
replay must give.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from itertools import accumulate, repeat
from typing import Any, NoReturn

import attrs

from pokerlaws import _shapes
from pokerlaws import actions as _actions
from pokerlaws import reports as _reports
from pokerlaws import sitting as _sitting
from pokerlaws import sitting_record as _sitting_record
from pokerlaws import sitting_table as _sitting_table
from pokerlaws import sitting_view as _sitting_view
from pokerlaws import violations as _violations
from pokerlaws.cards import Card, NotationError, Rank, parse_card
from pokerlaws.hands import HandRules
from pokerlaws.records import GameRecord, IllegalRecord, begin, record, replay
from pokerlaws.rules import Rules
from pokerlaws.state import GameState, Phase
from pokerlaws.views import HiddenDiscard, PlayerView, ShownHand

__all__ = ["FORMAT", "from_json", "json_schema", "to_json"]

FORMAT = "pokerlaws/1"
"""The format version every document names in its ``format`` member."""

_SCHEMA_FILE = "pokerlaws-1.json"

Json = Any
"""A value as :func:`json.loads` returns it."""


@attrs.frozen
class _Codec:
    """How one kind of value is written (``encode``) and read back (``decode(json, path)``)."""

    encode: Callable[[Any], Json]
    decode: Callable[[Json, str], Any]


def _fail(path: str, what: str) -> NoReturn:
    raise NotationError(f"{path}: {what}")


_KINDS: dict[type, str] = {
    type(None): "null",
    bool: "a boolean",
    int: "an integer",
    float: "a number",
    str: "a string",
    list: "an array",
    dict: "an object",
}


def _wrong(path: str, expected: str, value: Json) -> NoReturn:
    _fail(path, f"expected {expected}, not {_KINDS.get(type(value), type(value).__name__)}")


def _same(value: Any) -> Json:
    return value


# --- Scalars --------------------------------------------------------------------------


def _integer(minimum: int | None = None, maximum: int | None = None) -> _Codec:
    def decode(value: Json, path: str) -> int:
        # JSON's true is no number, and 2.0 is no count of chips: an integer is written in
        # digits alone, as typed readers (Go's encoding/json, Rust's serde_json) read one.
        # A schema cannot say so (JSON Schema's integer is any number with no fraction).
        if type(value) is float:
            _fail(path, f"expected an integer written in digits alone, not the number {value!r}")
        if type(value) is not int:
            _wrong(path, "an integer", value)
        if minimum is not None and value < minimum:
            _fail(path, f"expected at least {minimum}, not {value}")
        if maximum is not None and value > maximum:
            _fail(path, f"expected at most {maximum}, not {value}")
        return value

    return _Codec(_same, decode)


def _scalar(kind: type, name: str) -> _Codec:
    def decode(value: Json, path: str) -> Any:
        if type(value) is not kind:
            _wrong(path, name, value)
        return value

    return _Codec(_same, decode)


def _decode_text(value: Json, path: str) -> str:
    if type(value) is not str:
        _wrong(path, "a string", value)
    found = _shapes.lone_surrogate(value)
    if found is not None:
        # JSON lets "\\ud800" stand alone; no UTF-8 text can hold it (RFC 8259, section 8.2).
        _fail(path, f"holds {found!r}, a lone surrogate: text is Unicode characters, not halves")
    return value


def _decode_card(value: Json, path: str) -> Card:
    if type(value) is not str:
        _wrong(path, "a card (a string such as 'Th')", value)
    try:
        return parse_card(value)
    except NotationError as error:
        _fail(path, str(error))


_RANKS = {rank.letter: rank for rank in Rank}


def _decode_rank(value: Json, path: str) -> Rank:
    if type(value) is not str or value not in _RANKS:
        _fail(path, f"expected a rank letter (23456789TJQKA), not {value!r}")
    return _RANKS[value]


_PHASES = {phase.value: phase for phase in Phase}


def _decode_phase(value: Json, path: str) -> Phase:
    if type(value) is not str or value not in _PHASES:
        _fail(path, f"expected a phase ({', '.join(_PHASES)}), not {value!r}")
    return _PHASES[value]


INT = _integer()
COUNT = _integer(minimum=0)
BOOL = _scalar(bool, "a boolean")
STR = _Codec(_same, _decode_text)
CARD = _Codec(str, _decode_card)
RANK = _Codec(lambda rank: rank.letter, _decode_rank)
PHASE = _Codec(lambda phase: phase.value, _decode_phase)


# --- Combinators ----------------------------------------------------------------------


def _optional(inner: _Codec) -> _Codec:
    def encode(value: Any) -> Json:
        return None if value is None else inner.encode(value)

    def decode(value: Json, path: str) -> Any:
        return None if value is None else inner.decode(value, path)

    return _Codec(encode, decode)


def _array(inner: _Codec, *, length: int | None = None) -> _Codec:
    """A tuple of ``inner`` values as an array (of exactly ``length`` items if given)."""

    def encode(values: Any) -> Json:
        return [inner.encode(value) for value in values]

    def decode(value: Json, path: str) -> tuple[Any, ...]:
        if type(value) is not list:
            _wrong(path, "an array", value)
        if length is not None and len(value) != length:
            _fail(path, f"expected {length} items, not {len(value)}")
        return tuple(inner.decode(item, f"{path}[{i}]") for i, item in enumerate(value))

    return _Codec(encode, decode)


def _seat_set() -> _Codec:
    """A frozenset of seats as an array in ascending order, each seat once."""
    items = _array(INT)

    def decode(value: Json, path: str) -> frozenset[int]:
        seats = items.decode(value, path)
        if list(seats) != sorted(set(seats)):
            _fail(path, "expected seats in ascending order, each once")
        return frozenset(seats)

    return _Codec(lambda seats: sorted(seats), decode)


def _members(value: Json, path: str, names: tuple[str, ...]) -> Mapping[str, Json]:
    """Check that ``value`` is an object with exactly the members ``names``."""
    if type(value) is not dict:
        _wrong(path, "an object", value)
    for name in names:
        if name not in value:
            _fail(f"{path}.{name}", "missing")
    for name in value:
        if name not in names:
            _fail(path, f"unexpected member {name!r}")
    return value


def _build(cls: type, fields: dict[str, Any], path: str) -> Any:
    try:
        return cls(**fields)
    except (TypeError, ValueError) as error:  # e.g. InvalidRules, a value's shape check
        message = str(error)
        # A shape check names its place, "GameRecord.stacks[2] ...": the member is named too.
        field = message.removeprefix(f"{cls.__name__}.").partition(" ")[0].partition("[")[0]
        if message.startswith(f"{cls.__name__}.") and field in fields:
            _fail(f"{path}.{field}", message)
        _fail(path, message)


def _object(cls: type, fields: dict[str, _Codec], *, tag: str | None = None) -> _Codec:
    """An attrs class as an object of its ``fields``, led by ``"type": tag`` if given."""
    names = (*(("type",) if tag else ()), *fields)

    def encode(value: Any) -> Json:
        members: dict[str, Json] = {"type": tag} if tag else {}
        for name, codec in fields.items():
            members[name] = codec.encode(getattr(value, name))
        return members

    def decode(value: Json, path: str) -> Any:
        members = _members(value, path, names)
        decoded = {
            name: codec.decode(members[name], f"{path}.{name}") for name, codec in fields.items()
        }
        return _build(cls, decoded, path)

    return _Codec(encode, decode)


def _tagged(variants: dict[type, _Codec]) -> _Codec:
    """One of several classes, told apart by the ``type`` member (the class's name)."""
    by_name = {cls.__name__: codec for cls, codec in variants.items()}

    def encode(value: Any) -> Json:
        return variants[type(value)].encode(value)

    def decode(value: Json, path: str) -> Any:
        if type(value) is not dict:
            _wrong(path, "an object", value)
        if "type" not in value:
            _fail(f"{path}.type", "missing")
        name = value["type"]
        if type(name) is not str or name not in by_name:
            _fail(f"{path}.type", f"unknown type {name!r} (expected one of {', '.join(by_name)})")
        return by_name[name].decode(value, path)

    return _Codec(encode, decode)


# --- The table of types ---------------------------------------------------------------

CARDS = _array(CARD)
SEATS = _array(INT)

_ACTION_FIELDS: dict[type, dict[str, _Codec]] = {
    _actions.Straddle: {"seat": INT},
    _actions.DeclineStraddle: {"seat": INT},
    _actions.Pass: {"seat": INT},
    _actions.Stake: {"seat": INT, "amount": INT},
    _actions.Stand: {"seat": INT},
    _actions.Discard: {"seat": INT, "cards": CARDS},
    _actions.Shuffle: {"seat": INT, "order": _optional(CARDS)},
    _actions.Redeal: {"seat": INT, "deck": _optional(CARDS)},
    _reports.Lift: {"seat": INT},
    _reports.MissingCut: {"seat": INT, "during_deal": BOOL},
    _reports.FacedCard: {"seat": INT},
    _reports.Distraction: {"seat": INT},
    _reports.ExposedCard: {"seat": INT, "card": CARD},
    _reports.WrongHandSize: {"seat": INT},
    _reports.WrongNumberAsked: {"seat": INT, "served_as_asked": BOOL},
    _reports.Deposit: {"seat": INT, "amount": INT},
    _reports.AskDealerCount: {"seat": INT},
    _reports.Dispute: {"seat": INT, "parties": SEATS},
}
"""The fields of every action and report (a report stands wherever an action may)."""
ACTION = _tagged({cls: _object(cls, f, tag=cls.__name__) for cls, f in _ACTION_FIELDS.items()})

HAND_RULES_FIELDS = {field.name: BOOL for field in attrs.fields(HandRules) if field.init}
HAND_RULES = _object(HandRules, HAND_RULES_FIELDS)
RULES_FIELDS = {
    "ante": INT,
    "limit": INT,
    "hands": HAND_RULES,
    "joker": BOOL,
    "jackpot_straddles": BOOL,
    "odd_chip_carries": BOOL,
    "openers_on_honour": BOOL,
    "recording_table": BOOL,
}
RULES = _object(Rules, RULES_FIELDS)

RECORD_FIELDS = {
    "rules": RULES,
    "stacks": SEATS,
    "dealer": INT,
    "deck": CARDS,
    "carried": INT,
    "jackpot_round": INT,
    "actions": _array(ACTION),
    "tags": _array(_array(STR, length=2)),
}


def _beginnable(codec: _Codec) -> _Codec:
    """``codec`` for a record, refusing one whose game cannot even begin (a dealer who is not
    at the table, a deck that is not the pack...), as the text notation does."""

    def decode(value: Json, path: str) -> GameRecord:
        game: GameRecord = codec.decode(value, path)
        try:
            begin(game)
        except (TypeError, ValueError) as error:
            _fail(path, f"the game cannot begin: {error}")
        return game

    return _Codec(codec.encode, decode)


RECORD = _beginnable(_object(GameRecord, RECORD_FIELDS))

_VIOLATION_CLASSES: tuple[type[_violations.RuleViolation], ...] = (
    _violations.RuleViolation,
    *(
        cls
        for name in _violations.__all__
        if isinstance(cls := getattr(_violations, name), type)
        and issubclass(cls, _violations.RuleViolation)
        and cls is not _violations.RuleViolation
    ),
)
VIOLATION_FIELDS = {"law": _integer(1, 81), "seat": INT, "action": ACTION, "message": STR}

# The public fields of a state, written for readers and checked against the replayed game.
STATE_FIELDS: dict[str, _Codec] = {
    "phase": PHASE,
    "dealer": INT,
    "to_act": _optional(INT),
    "stacks": SEATS,
    "stakes": SEATS,
    "pool": INT,
    "players": SEATS,
    "hands": _array(CARDS),
    "openers_required": _optional(RANK),
    "winners": SEATS,
    "shown": _seat_set(),
    "show_order": SEATS,
    "payouts": SEATS,
}


def _encode_state(state: GameState) -> Json:
    members: dict[str, Json] = {"type": "GameState", "record": RECORD.encode(record(state))}
    for name, codec in STATE_FIELDS.items():
        members[name] = codec.encode(getattr(state, name))
    return members


def _decode_state(value: Json, path: str) -> GameState:
    members = _members(value, path, ("type", "record", *STATE_FIELDS))
    game = RECORD.decode(members["record"], f"{path}.record")
    said = {
        name: codec.decode(members[name], f"{path}.{name}") for name, codec in STATE_FIELDS.items()
    }
    try:
        state = replay(game)
    except IllegalRecord as refused:
        _fail(f"{path}.record.actions[{refused.index}]", f"refused: {refused.violation.message}")
    except (TypeError, ValueError) as error:
        _fail(f"{path}.record", f"the game cannot begin: {error}")
    for name, claimed in said.items():
        actual = getattr(state, name)
        if claimed != actual:
            shown = STATE_FIELDS[name].encode(actual)
            _fail(f"{path}.{name}", f"replaying the record gives {json.dumps(shown)}")
    return state


STATE = _Codec(_encode_state, _decode_state)

SHOWN_HAND = _object(ShownHand, {"seat": INT, "cards": CARDS})
_ACTIONS = _array(ACTION)
_MENU_MEMBERS = ("type", "others", "seat", "least", "most")


def _encode_menu(menu: tuple[_actions.Action, ...] | _actions.LegalActions) -> Json:
    if isinstance(menu, _actions.LegalActions):
        # The run of stakes as its bounds, however long: a view's document stays small.
        return {
            "type": "LegalActions",
            "others": _ACTIONS.encode(menu.others),
            "seat": menu.seat,
            "least": menu.amounts[0],
            "most": menu.amounts[-1],
        }
    return _ACTIONS.encode(menu)


def _decode_menu(value: Json, path: str) -> tuple[_actions.Action, ...] | _actions.LegalActions:
    if type(value) is list:
        menu: tuple[_actions.Action, ...] = _ACTIONS.decode(value, path)
        return menu
    if type(value) is not dict:
        _wrong(path, "an array or an object", value)
    members = _members(value, path, _MENU_MEMBERS)
    if members["type"] != "LegalActions":
        _fail(f"{path}.type", f"expected 'LegalActions', not {members['type']!r}")
    least = INT.decode(members["least"], f"{path}.least")
    most = INT.decode(members["most"], f"{path}.most")
    if most < least:
        _fail(f"{path}.most", f"expected at least the least ({least}), not {most}")
    fields = {
        "others": _ACTIONS.decode(members["others"], f"{path}.others"),
        "seat": INT.decode(members["seat"], f"{path}.seat"),
        "amounts": range(least, most + 1),
    }
    menu_: _actions.LegalActions = _build(_actions.LegalActions, fields, path)
    return menu_


MENU = _Codec(_encode_menu, _decode_menu)
"""A seat's legal actions: an array, or a :class:`LegalActions` as one object."""
PUBLIC_ACTION = _tagged(
    {
        **{cls: _object(cls, f, tag=cls.__name__) for cls, f in _ACTION_FIELDS.items()},
        HiddenDiscard: _object(HiddenDiscard, {"seat": INT, "count": COUNT}, tag="HiddenDiscard"),
    }
)
VIEW_FIELDS = {
    "seat": INT,
    "rules": RULES,
    "phase": PHASE,
    "dealer": INT,
    "to_act": _optional(INT),
    "hand": CARDS,
    "discarded": CARDS,
    "stacks": SEATS,
    "stakes": SEATS,
    "pool": INT,
    "players": SEATS,
    "openers_required": _optional(RANK),
    "jackpot_round": INT,
    "exchanged": _array(_optional(COUNT)),
    "owed": _array(_array(INT, length=2)),
    "history": _array(PUBLIC_ACTION),
    "legal_actions": MENU,
    "shown": _array(SHOWN_HAND),
    "openers": _optional(SHOWN_HAND),
    "winners": SEATS,
    "payouts": SEATS,
    "foul": SEATS,
    "told": _optional(COUNT),
}

_TOP_LEVEL: dict[type, _Codec] = {
    HandRules: _object(HandRules, HAND_RULES_FIELDS, tag="HandRules"),
    Rules: _object(Rules, RULES_FIELDS, tag="Rules"),
    GameRecord: _beginnable(_object(GameRecord, RECORD_FIELDS, tag="GameRecord")),
    GameState: STATE,
    PlayerView: _object(PlayerView, VIEW_FIELDS, tag="PlayerView"),
    **{cls: _object(cls, f, tag=cls.__name__) for cls, f in _ACTION_FIELDS.items()},
    **{cls: _object(cls, VIOLATION_FIELDS, tag=cls.__name__) for cls in _VIOLATION_CLASSES},
}


# --- The sitting: its terms, table changes, records, settlement and views -----------------
# A Sitting is written as its SittingRecord plus public fields for readers, and read back by
# replaying the record (replay_sitting) and checking those fields, as a GameState is.


def _named(member: str, inner: _Codec) -> _Codec:
    """A ``(name, value)`` pair as ``{"name": ..., member: ...}``."""

    def encode(pair: Any) -> Json:
        return {"name": pair[0], member: inner.encode(pair[1])}

    def decode(value: Json, path: str) -> tuple[str, Any]:
        members = _members(value, path, ("name", member))
        return (
            STR.decode(members["name"], f"{path}.name"),
            inner.decode(members[member], f"{path}.{member}"),
        )

    return _Codec(encode, decode)


NAMES = _array(STR)
NAMED_CHIPS = _array(_named("chips", INT))
NAMED_RESULTS = _array(_named("result", INT))
TERMS_FIELDS = {"kitty_percent": INT, "kitty_chips": INT, "broke_players_leave": BOOL}
REPORT = _tagged(
    {
        cls: _object(cls, f, tag=cls.__name__)
        for cls, f in _ACTION_FIELDS.items()
        if cls in _reports.REPORT_TYPES
    }
)
_CHANGE_FIELDS: dict[type, dict[str, _Codec]] = {
    _sitting.Join: {"name": STR, "chips": INT, "seat": INT},
    _sitting.Leave: {"name": STR},
    _sitting.BuyChips: {"name": STR, "chips": INT},
    _sitting.LateReport: {"report": REPORT},
    _sitting.ChangeRules: {"name": STR, "rules": RULES},
}
_CHANGES = {cls: _object(cls, f, tag=cls.__name__) for cls, f in _CHANGE_FIELDS.items()}
ENTRY = _tagged(
    {
        GameRecord: _beginnable(_object(GameRecord, RECORD_FIELDS, tag="GameRecord")),
        **{
            cls: _CHANGES[cls]
            for cls in (_sitting.Join, _sitting.Leave, _sitting.BuyChips, _sitting.LateReport)
        },
    }
)
SITTING_RECORD_FIELDS = {
    "terms": _object(_sitting.SittingTerms, TERMS_FIELDS),
    "players": NAMED_CHIPS,
    "cut": CARDS,
    "entries": _array(ENTRY),
}
SITTING_RECORD = _object(_sitting_record.SittingRecord, SITTING_RECORD_FIELDS)
SITTING_FIELDS: dict[str, _Codec] = {
    "seating": NAMES,
    "chips": SEATS,
    "results": NAMED_RESULTS,
    "kitty": INT,
}


def _encode_sitting(value: _sitting.Sitting) -> Json:
    record_ = _sitting_record.record_sitting(value)
    members: dict[str, Json] = {"type": "Sitting", "record": SITTING_RECORD.encode(record_)}
    for name, codec in SITTING_FIELDS.items():
        members[name] = codec.encode(getattr(value, name))
    return members


def _decode_sitting(value: Json, path: str) -> _sitting.Sitting:
    members = _members(value, path, ("type", "record", *SITTING_FIELDS))
    record_ = SITTING_RECORD.decode(members["record"], f"{path}.record")
    said = {
        name: codec.decode(members[name], f"{path}.{name}")
        for name, codec in SITTING_FIELDS.items()
    }
    try:
        replayed = _sitting_record.replay_sitting(record_)
    except _sitting_record.IllegalSittingRecord as refused:
        _fail(f"{path}.record.entries[{refused.entry}]", f"refused: {refused.message}")
    for name, claimed in said.items():
        actual = getattr(replayed, name)
        if claimed != actual:
            shown = SITTING_FIELDS[name].encode(actual)
            _fail(f"{path}.{name}", f"replaying the record gives {json.dumps(shown)}")
    return replayed


TURN = _object(_sitting.Turn, {"name": STR, "seat": INT})
SITTING_VIEW_FIELDS = {
    "name": STR,
    "seat": _optional(INT),
    "game": _optional(_object(PlayerView, VIEW_FIELDS)),
    "seating": NAMES,
    "game_seating": NAMES,
    "dealer": STR,
    "age": STR,
    "number_one": STR,
    "to_act": _optional(TURN),
    "legal_actions": MENU,
    "next_dealer": _optional(STR),
    "chips": NAMED_CHIPS,
    "results": NAMED_RESULTS,
    "kitty": INT,
    "games_played": INT,
    "rules": RULES,
    "agreed": RULES,
    "terms": _object(_sitting.SittingTerms, TERMS_FIELDS),
}
_RULES_FIXED_FIELDS = {
    **VIOLATION_FIELDS,
    "action": _tagged(
        {
            **{cls: _object(cls, f, tag=cls.__name__) for cls, f in _ACTION_FIELDS.items()},
            _sitting.ChangeRules: _CHANGES[_sitting.ChangeRules],
        }
    ),
}
_TOP_LEVEL |= {
    _sitting.SittingTerms: _object(_sitting.SittingTerms, TERMS_FIELDS, tag="SittingTerms"),
    **_CHANGES,
    _sitting_record.SittingRecord: _object(
        _sitting_record.SittingRecord, SITTING_RECORD_FIELDS, tag="SittingRecord"
    ),
    _sitting.Sitting: _Codec(_encode_sitting, _decode_sitting),
    _sitting_table.Settlement: _object(
        _sitting_table.Settlement,
        {"results": NAMED_RESULTS, "pool": INT, "shares": NAMED_CHIPS, "kitty": INT},
        tag="Settlement",
    ),
    _sitting_view.SittingView: _object(
        _sitting_view.SittingView, SITTING_VIEW_FIELDS, tag="SittingView"
    ),
    _sitting.RulesFixed: _object(_sitting.RulesFixed, _RULES_FIXED_FIELDS, tag="RulesFixed"),
}

_DOCUMENT = _tagged(_TOP_LEVEL)

TYPES: tuple[str, ...] = tuple(cls.__name__ for cls in _TOP_LEVEL)
"""The ``type`` of every kind of document, as :func:`to_json` writes it."""


# --- The public functions -------------------------------------------------------------


def to_json(value: object, *, indent: int | None = None) -> str:
    """Write ``value`` as a ``pokerlaws/1`` JSON document.

    ``value`` is a :class:`Rules`, :class:`HandRules`, :class:`GameState`,
    :class:`GameRecord`, :class:`PlayerView`, an action or a :class:`RuleViolation`.

    Raises:
        TypeError: ``value`` is none of these.
    """
    codec = _TOP_LEVEL.get(type(value))
    if codec is None:
        raise TypeError(f"to_json cannot write a {type(value).__name__}")
    document = {"format": FORMAT, **codec.encode(value)}
    return json.dumps(document, indent=indent, ensure_ascii=False)


MAX_DEPTH = 32
"""How deep ``from_json`` reads arrays and objects nested: far deeper than any document
``to_json`` writes or the schema accepts (a sitting's, the deepest, nests 7), and shallow
enough that no document makes the reader recurse without bound."""

_NOT_BRACKETS = {code: None for code in range(128) if chr(code) not in "[]{}"}
_DEPTH_STEPS = {"[": 1, "{": 1, "]": -1, "}": -1}


def _depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON ``text``, its strings left out.

    Without its escaped backslashes and quotes, the text between a string's quotes is every
    other piece of ``text.split('"')``: the string operations run in C, and the pieces
    outside strings are short. Where the quotes of a malformed text do not pair, the parser
    stops at the first of them, never deeper than the brackets counted before it.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return 0  # cannot be deeper: most small documents
    unescaped = text.replace("\\\\", "").replace('\\"', "")
    # Outside strings a JSON text is ASCII: whatever else is left is malformed, and steps 0.
    brackets = "".join(unescaped.split('"')[::2]).translate(_NOT_BRACKETS)
    return max(accumulate(map(_DEPTH_STEPS.get, brackets, repeat(0))), default=0)


def _no_repeats(pairs: list[tuple[str, Json]]) -> dict[str, Json]:
    """The object of ``pairs`` (``json.loads``' ``object_pairs_hook``), refusing a member
    given twice; one pass over the members, however many (a document from a stranger may
    hold thousands)."""
    members = dict(pairs)
    if len(members) != len(pairs):
        seen: set[str] = set()
        for name, _ in pairs:
            if name in seen:
                raise NotationError(f"the member {name!r} is given twice in one object")
            seen.add(name)
    return members


def from_json(text: str | bytes) -> Any:
    """Read a value written by :func:`to_json`; ``from_json(to_json(x)) == x``.

    Raises:
        NotationError: the text is not JSON, names an unknown format or type, or has the
            wrong shape (the message gives the JSON path, e.g. ``$.actions[3].amount``);
            a ``GameState`` whose record is refused or whose fields disagree with it.
        TypeError: ``text`` is not a str or bytes.
    """
    if not isinstance(text, str | bytes | bytearray):
        raise TypeError(f"from_json takes a str, not {type(text).__name__}")
    try:
        if not isinstance(text, str):  # as json.loads reads bytes: UTF-8, -16 or -32
            text = bytes(text).decode(json.detect_encoding(text), "surrogatepass")
        depth = _depth(text)
        if depth > MAX_DEPTH:
            raise NotationError(
                f"not a pokerlaws document: it nests arrays and objects {depth} deep, and "
                f"from_json reads {MAX_DEPTH} at most"
            )
        document = json.loads(text, object_pairs_hook=_no_repeats)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, bad UTF-8, deep nesting
        if isinstance(error, NotationError):
            raise
        raise NotationError(f"not JSON: {error}") from None
    if type(document) is not dict:
        _wrong("$", "an object", document)
    if "format" not in document:
        _fail("$.format", "missing: a pokerlaws document names its format")
    version = document.pop("format")
    if version != FORMAT:
        _fail("$.format", f"unknown format {version!r} (this is {FORMAT})")
    return _DOCUMENT.decode(document, "$")


@cache
def _schema_text() -> str:
    return resources.files("pokerlaws").joinpath("schema", _SCHEMA_FILE).read_text("utf-8")


def json_schema() -> dict[str, Any]:
    """Return the JSON Schema (draft 2020-12) every :func:`to_json` output validates against
    (a fresh copy each call)."""
    schema: dict[str, Any] = json.loads(_schema_text())
    return schema
