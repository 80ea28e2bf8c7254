"""Versioned JSON for pokerlaws' values: ``to_json``, ``from_json``, ``to_data``,
``from_data`` and ``json_schema``.

Every document is an object ``{"format": "pokerlaws/1", "type": "...", ...}`` whose other
members are the value's fields; cards are their two-character text (``"Th"``, ``"Jk"``).
Objects nested in a document (the rules inside a record, an action inside a violation)
carry no ``format``, and a ``type`` only where several kinds may stand (actions, the steps
of a view's history). A :class:`GameState` is written as its :class:`GameRecord` plus its
public fields for readers, and read back by replaying the record (:func:`replay`) and
checking that those fields agree, so ``from_json(to_json(state)) == state`` exactly, internal
bookkeeping included. The schema (JSON Schema draft 2020-12) ships in
``pokerlaws/records/schema/pokerlaws-1.json``.

A document nested in another is read as it stands: the readers take a document whose
``format`` is left out as a ``pokerlaws/1`` one, so an action copied from a view's legal
actions, a record's actions or a violation is a document ``from_json`` reads (as the seat
protocol lets a bot leave the member out of its answers). Writing ``format`` into every
nested action instead would repeat it hundreds of times in a record, and every reader of
``pokerlaws/1`` would have to take documents both with and without it; a reader of a later
format will still read a document without one as ``pokerlaws/1``. What stands nested with
no ``type`` (the rules in a record, the record in a state) is not a document of its own.

``to_data`` and ``from_data`` are the same documents as Python dicts and lists, for a
program that embeds them in messages of its own: ``to_data(x) == json.loads(to_json(x))``,
built of exactly the types ``json.loads`` returns. ``from_data`` is as strict as
``from_json``: it reads exactly what ``from_json`` reads once parsed, with the same errors,
and refuses as a ``TypeError`` any Python value that JSON text never parses to (a tuple, a
set, a float subclass, an ``IntEnum``, a member named by an int), rather than turn it into
the JSON it would be written as. It copies its input before reading it, so the value it
returns holds nothing of the caller's (which may change it afterwards).

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
import reprlib
from functools import cache
from itertools import accumulate, repeat
from typing import Any, cast

from pokerlaws.cards import NotationError
from pokerlaws.records._codecs import Json, _Codec, _fail, _tagged, _wrong
from pokerlaws.records._game_json import GAME_DOCUMENTS
from pokerlaws.records._sitting_json import SITTING_DOCUMENTS

__all__ = ["FORMAT", "from_data", "from_json", "json_schema", "to_data", "to_json"]

FORMAT = "pokerlaws/1"
"""The format version every document names in its ``format`` member."""

_SCHEMA_FILE = "pokerlaws-1.json"

_TOP_LEVEL: dict[type, _Codec] = {**GAME_DOCUMENTS, **SITTING_DOCUMENTS}
_DOCUMENT = _tagged(_TOP_LEVEL)

TYPES: tuple[str, ...] = tuple(cls.__name__ for cls in _TOP_LEVEL)
"""The ``type`` of every kind of document, as :func:`to_json` writes it."""


# --- The public functions -------------------------------------------------------------


def to_json(value: object, *, indent: int | None = None) -> str:
    """Write ``value`` as a ``pokerlaws/1`` JSON document.

    ``value`` is a :class:`Rules`, :class:`HandRules`, :class:`GameState`,
    :class:`GameRecord`, :class:`PlayerView`, an action, a report or a
    :class:`RuleViolation`, or a value of the sitting (``Sitting``, ``SittingRecord``,
    ``SittingView``, ``Settlement``, ``SittingTerms``, a table change, ``RulesFixed``).

    Raises:
        TypeError: ``value`` is none of these.
    """
    return json.dumps(_document(value, "to_json"), indent=indent, ensure_ascii=False)


def to_data(value: object) -> dict[str, Any]:
    """Return ``value``'s ``pokerlaws/1`` document as Python dicts and lists.

    It is exactly ``json.loads(to_json(value))``, built without the text: dicts, lists, str,
    int, bool and None alone, every dict and list a new one, shared with nothing. ``value``
    is any value :func:`to_json` writes.

    Raises:
        TypeError: ``value`` is none of these.
    """
    return _document(value, "to_data")


def _document(value: object, caller: str) -> dict[str, Any]:
    codec = _TOP_LEVEL.get(type(value))
    if codec is None:
        raise TypeError(f"{caller} cannot write a {type(value).__name__}")
    return {"format": FORMAT, **codec.encode(value)}


MAX_DEPTH = 32
"""How deep ``from_json`` and ``from_data`` read arrays and objects nested: far deeper than
any document ``to_json`` writes or the schema accepts (a sitting's, the deepest, nests 7),
and shallow enough that no document makes the reader recurse without bound."""

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

    A document whose ``format`` member is left out is read as ``pokerlaws/1``, so a document
    nested in another (an action of a view's legal actions, of a record, of a violation)
    is read as it stands.

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
    return _read(document)


def from_data(data: object) -> Any:
    """Read a document given as Python dicts and lists; ``from_data(to_data(x)) == x``.

    ``data`` is read as :func:`from_json` reads the text ``json.dumps(data)`` when it is made
    of what :func:`json.loads` returns (dict, list, str, int, float, bool, None): the same
    value or the same :class:`NotationError`. So a bool or a float where an integer stands
    is refused as in JSON text. What no JSON text parses to is refused, never converted:
    ``data`` is first copied, and the copy is what is read, so the value returned holds
    nothing of ``data``.

    Raises:
        NotationError: as :func:`from_json` raises it (an unknown format or type, a wrong
            shape named by its path, a record the laws refuse); also for arrays and objects
            nested more than 32 deep (or in a cycle).
        TypeError: a tuple, a set, a subclass of dict, list, str, int or float, or any other
            type is found in ``data`` (the message names its path), or a dict's member is
            named by something other than a str.
    """
    return _read(_copied(data, "$", 1))


_JSON_SCALARS = (str, int, float, bool, type(None))


def _copied(value: object, path: str, depth: int) -> Json:
    """A copy of ``value`` made of new dicts and lists, checking that it is made of what
    :func:`json.loads` returns. Exact types only: a subclass could change what it holds
    while it is read, and an IntEnum or a tuple is a value JSON text never gives."""
    kind = type(value)
    if kind in _JSON_SCALARS:
        return value
    if kind is not dict and kind is not list:
        raise TypeError(
            f"{path}: from_data reads what json.loads returns (dict, list, str, int, float, "
            f"bool, None), and {kind.__name__} is none of them"
        )
    if depth > MAX_DEPTH:
        raise NotationError(
            f"not a pokerlaws document: it nests arrays and objects more than {MAX_DEPTH} "
            f"deep (or in a cycle), and from_data reads {MAX_DEPTH} at most"
        )
    if kind is list:
        items = cast("list[Json]", value)
        return [_copied(item, f"{path}[{i}]", depth + 1) for i, item in enumerate(items)]
    copy: dict[str, Json] = {}
    for name, member in cast("dict[object, Json]", value).items():
        if type(name) is not str:
            raise TypeError(
                f"{path}: a member's name is a str in JSON, not the {type(name).__name__} "
                f"{reprlib.repr(name)}"
            )
        copy[name] = _copied(member, f"{path}.{name}", depth + 1)
    return copy


def _read(document: Json) -> Any:
    """The value of a parsed ``document`` (the reader's own: its ``format`` is taken out)."""
    if type(document) is not dict:
        _wrong("$", "an object", document)
    # A document that leaves out its format is read as pokerlaws/1: what stands nested in
    # another document carries none, and is read as it stands.
    version = document.pop("format", FORMAT)
    if version != FORMAT:
        _fail("$.format", f"unknown format {version!r} (this is {FORMAT})")
    return _DOCUMENT.decode(document, "$")


@cache
def _schema_text() -> str:
    # importlib.resources costs tens of milliseconds to import: only json_schema() pays it.
    from importlib import resources

    return resources.files("pokerlaws.records").joinpath("schema", _SCHEMA_FILE).read_text("utf-8")


def json_schema() -> dict[str, Any]:
    """Return the JSON Schema (draft 2020-12) every :func:`to_json` output validates against
    (a fresh copy each call)."""
    schema: dict[str, Any] = json.loads(_schema_text())
    return schema
