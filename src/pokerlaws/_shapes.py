"""Shape checks for the values' fields, run as attrs validators when a value is built.

STYLE.md: a validator checks shape only, never legality. A field of the wrong type is a
``TypeError``; a value that no game, record or view can hold is a ``ValueError``: a negative
count of chips where the notation writes digits, a card twice in one pack, a player's name
that is no name, text that is not Unicode (a lone surrogate, which no UTF-8 text holds). So
``to_json`` and ``format_record`` meet only values they can write. Whether a value is legal
(a dealer who holds chips, a deck that is the pack) is for the laws and ``replay`` to say.

Each check takes the place it checks (``"GameRecord.stacks[2]"``) for its message and the
value; :func:`field` makes one an attrs validator.
"""

from __future__ import annotations

import re
import reprlib
from collections import Counter
from collections.abc import Callable
from itertools import repeat
from typing import Any, TypeVar, cast

import attrs

from pokerlaws.cards import Card

__all__ = [
    "SURROGATE",
    "Check",
    "cards",
    "count",
    "distinct_cards",
    "evolved",
    "field",
    "instance_of",
    "integer",
    "lone_surrogate",
    "name",
    "optional",
    "pair",
    "player_name",
    "text",
    "trusted",
    "tuple_of",
]

Check = Callable[[str, object], None]
"""A check of one value: ``check(place, value)`` raises TypeError or ValueError."""

SURROGATE = re.compile("[\ud800-\udfff]")
"""Half of a UTF-16 pair: a Python str may hold one, UTF-8 text cannot."""


def lone_surrogate(value: str) -> str | None:
    """The first lone surrogate in ``value``, or None."""
    found = SURROGATE.search(value)
    return None if found is None else found.group()


def _kind(value: object) -> str:
    # reprlib: a message names a wrong value, it does not print a whole history.
    return f"{type(value).__name__} ({reprlib.repr(value)})"


def integer(place: str, value: object) -> None:
    """An int; a bool is not a number."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{place} must be an int, not {_kind(value)}")


def count(place: str, value: object) -> None:
    """An int of 0 or more: chips, a seat, a round, where the notation writes digits."""
    integer(place, value)
    assert isinstance(value, int)
    if value < 0:
        raise ValueError(f"{place} must be 0 or more, not {value}")


def instance_of(kinds: type | tuple[type, ...], what: str) -> Check:
    """An instance of ``kinds``, described as ``what`` in the message."""

    def check(place: str, value: object) -> None:
        if not isinstance(value, kinds):
            hint = (
                ": read text with parse_cards"
                if isinstance(value, str) and what == "a Card"
                else ""
            )
            raise TypeError(f"{place} must be {what}, not {_kind(value)}{hint}")

    _ALL_AT_ONCE[check] = lambda items: all(map(isinstance, items, repeat(kinds)))
    return check


def optional(inner: Check) -> Check:
    """None, or what ``inner`` accepts."""

    def check(place: str, value: object) -> None:
        if value is not None:
            inner(place, value)

    return check


def text(place: str, value: object) -> None:
    """A str of Unicode characters: no lone surrogate, so it encodes as UTF-8."""
    if not isinstance(value, str):
        raise TypeError(f"{place} must be a str, not {_kind(value)}")
    found = lone_surrogate(value)
    if found is not None:
        raise ValueError(
            f"{place} holds {found!r}, a lone surrogate: text is Unicode characters, written "
            "as UTF-8, and that is half of one"
        )


def name(place: str, value: object) -> None:
    """Text that is not empty (a tag's name)."""
    text(place, value)
    if not value:
        raise ValueError(f"{place} must not be empty")


def player_name(place: str, value: object) -> None:
    """A player's name: printable text, not empty nor padded with spaces."""
    text(place, value)
    assert isinstance(value, str)
    if not value or value != value.strip() or not value.isprintable():
        raise ValueError(
            f"{place} must be printable text, not empty nor padded with spaces: {value!r}"
        )


def _ints(items: tuple[object, ...]) -> bool:
    return set(map(type, items)) <= {int}


# The checks a whole tuple can be put through at once, in C loops (a deck is checked card by
# card at each record read): each check's test of all the items, which is True only when
# the check would pass on each. Where it is False, the items are checked one by one, so
# the one that is wrong is named.
_ALL_AT_ONCE: dict[Check, Callable[[tuple[object, ...]], bool]] = {
    integer: _ints,
    count: lambda items: _ints(items) and min(cast(tuple[int, ...], items), default=0) >= 0,
}


def tuple_of(item: Check) -> Check:
    """A tuple (values are frozen and hashable: never a list) of what ``item`` accepts."""
    at_once = _ALL_AT_ONCE.get(item)

    def check(place: str, value: object) -> None:
        if not isinstance(value, tuple):
            raise TypeError(f"{place} must be a tuple, not {_kind(value)}")
        if at_once is not None and at_once(value):
            return
        try:
            for each in value:
                item("", each)
        except (TypeError, ValueError):
            # Named only once one is wrong: a place for every item would cost more than the
            # checks themselves.
            for index, each in enumerate(value):
                item(f"{place}[{index}]", each)
            raise

    return check


def pair(first: Check, second: Check) -> Check:
    """A tuple of two: what ``first`` accepts, then what ``second`` accepts."""

    def check(place: str, value: object) -> None:
        if not isinstance(value, tuple) or len(value) != 2:
            raise TypeError(f"{place} must be a pair (a tuple of two), not {_kind(value)}")
        first(f"{place}[0]", value[0])
        second(f"{place}[1]", value[1])

    return check


cards = tuple_of(instance_of(Card, "a Card"))


def distinct_cards(place: str, value: object) -> None:
    """A tuple of Cards, each once (no pack holds a card twice)."""
    cards(place, value)
    assert isinstance(value, tuple)
    if len(set(value)) != len(value):
        twice = sorted(str(card) for card, times in Counter(value).items() if times > 1)
        raise ValueError(f"{place} holds {' '.join(twice)} twice")


def field(check: Check) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """``check`` as an attrs validator, naming the class and the field."""

    def validate(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        try:
            check("", value)
        except (TypeError, ValueError):
            # Checked again to be named: a place made at every check would cost more than
            # most checks.
            check(f"{type(instance).__name__}.{attribute.name.lstrip('_')}", value)
            raise

    return validate


T = TypeVar("T")
_new_object = object.__new__
_set_attribute = object.__setattr__


_NAMES: dict[type, tuple[str, ...]] = {}


def _names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(field.name for field in attrs.fields(cast(Any, cls)))
    return names


def trusted(cls: type[T], **fields: object) -> T:
    """A ``cls`` of ``fields`` (every one of its fields) built without their checks.

    Only for fields already checked, copied from values that were checked when built (a
    state's, by ``check_state``; a sitting's): a view or a record is made of them at every
    call, and its checks would cost as much again as making it, or the length of a history.
    """
    names = _names(cls)
    assert len(fields) == len(names), sorted(fields.keys() ^ set(names))
    value: T = _new_object(cls)
    for name in names:
        _set_attribute(value, name, fields[name])
    return value


def evolved(value: T, **changes: object) -> T:
    """``attrs.evolve(value, **changes)`` without the checks, for the same use as
    :func:`trusted`: a transition whose new fields are made from checked ones."""
    names = _names(type(value))
    assert changes.keys() <= set(names), sorted(changes.keys() - set(names))
    new: T = _new_object(type(value))
    for name in names:
        _set_attribute(new, name, changes[name] if name in changes else getattr(value, name))
    return new
