"""The pieces pokerlaws JSON is built from: a codec writes one kind of value and reads it back,
naming the path of anything wrong; scalars, and combinators for arrays, objects and tagged
unions. Package-internal: :mod:`pokerlaws.records.jsonio` is the public face.

What a codec writes is made of the types :func:`json.loads` returns and nothing else (a fresh
``dict`` or ``list`` at every place, an exact ``int`` or ``str`` where a value holds an
``IntEnum`` or a ``str`` subclass), so ``to_data`` gives exactly what reading ``to_json``'s
text gives, without the text."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NoReturn

import attrs

from pokerlaws import _shapes
from pokerlaws.cards import Card, NotationError, Rank, parse_card
from pokerlaws.state import Phase

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


def _plain_int(value: int) -> int:
    # A field may hold an IntEnum (an int to every shape check); json.loads gives an int.
    # int.__int__ copies the number itself, whatever a subclass's own __int__ says.
    return value if type(value) is int else int.__int__(value)


def _plain_text(value: str) -> str:
    # str.__str__ copies a str subclass's characters, whatever its own __str__ says.
    return value if type(value) is str else str.__str__(value)


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

    return _Codec(_plain_int, decode)


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
STR = _Codec(_plain_text, _decode_text)
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

    return _Codec(lambda seats: [_plain_int(seat) for seat in sorted(seats)], decode)


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
