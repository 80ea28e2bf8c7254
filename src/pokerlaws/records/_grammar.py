"""The words of the record notation, shared by its writer and its readers: the format line,
the rule lines read off the attrs classes, and the reading of one token (a number, cards,
a quoted string). Package-internal: :mod:`pokerlaws.records.notation` is the public face."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import attrs

from pokerlaws import _shapes
from pokerlaws.cards import Card, NotationError, parse_card
from pokerlaws.rules import Rules

FORMAT = "pokerlaws-record"
"""The first word of every record text."""
SITTING_FORMAT = "pokerlaws-sitting"
"""The first word of every sitting record text (:mod:`pokerlaws.sitting.record`'s
``FORMAT``): here, beside the game record's, so that ``pokerlaws check`` tells the two apart
without loading the sitting."""
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


# --- Tokens ------------------------------------------------------------------------------------


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
