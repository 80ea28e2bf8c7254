"""What a ``POST /sittings`` brings: the rules, the players, the terms and the number of
games, read as a program in any language writes them.

The library's documents (``to_data``) hold every member, led by ``format`` and ``type``;
a program that is not Python has no ``to_data`` to call, and should not have to copy the
library's defaults to send them back. So here ``rules`` and ``terms`` may hold any subset of
their members (``hands`` inside ``rules`` too), ``format`` and ``type`` included, and every
member left out takes the library's own default (``Rules``, ``HandRules``,
``SittingTerms``): ``{"rules": {"ante": 1, "limit": 4}}`` is a table of Peel's laws read
literally. Only the ante and the limit have no default: the players agree them (Law 19).

What is refused is refused with a sentence a person reads, naming the member and what it
must be (``rules.ante must be a whole number of chips, not the text '1'``), never a JSON
path with an internal word; a member no document has is named too, so a misspelt switch is
never silently dropped. A body that is not a JSON object of the route's members is a 400;
a member whose value is wrong, or a table the laws make impossible, a 422 (with the law
where one forbids it).
"""

from __future__ import annotations

import reprlib
from typing import Any, Final

import attrs

from pokerlaws.hands import HandRules
from pokerlaws.records.jsonio import FORMAT
from pokerlaws.rules import InvalidRules, Rules
from pokerlaws.service.sittings import REFEREE, Refusal
from pokerlaws.sitting.model import SittingTerms

__all__ = ["MAX_CHIPS", "MAX_GAMES", "MAX_PAUSE", "NAME_LENGTH", "read_new_sitting"]

NAME_LENGTH: Final = 40
"""The most characters in a player's name: a name is for a seat on a page, and a stranger's
30 KB name would be copied into every view, listing and record of the sitting."""

MAX_CHIPS: Final = 10**12
"""The most chips a player may bring."""

MAX_GAMES: Final = 10_000
"""The most games a sitting may be asked to last (a sitting may also be asked for none: it
then goes on until it is over)."""

_MOST_PLAYERS: Final = 10  # the pack deals ten hands of five at most (Ambiguity 24)

_quoted = reprlib.Repr()
_quoted.maxstring = 40
_quoted.maxother = 40


def _seen(value: object) -> str:
    """What a value is, in words, for a refusal: ``the text 'x'``, ``the number 2.5``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {_quoted.repr(value)}"
    if isinstance(value, str):
        return f"the text {_quoted.repr(value)}"
    if isinstance(value, list):
        return "an array"
    return "an object"


def _refuse(message: str, law: int | None = None) -> Refusal:
    return Refusal(422, message, law=law)


# --- Members: each kind of value and the sentence that refuses it -------------------------------


def _whole(where: str, value: object, unit: str, least: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _refuse(f"{where} must be a whole number of {unit}, not {_seen(value)}")
    if not least <= value <= most:
        raise _refuse(f"{where} must be {least} to {most} {unit}, not {value}")
    return value


def _switch(where: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise _refuse(f"{where} must be true or false, not {_seen(value)}")
    return value


def _object(where: str, value: object, what: str) -> dict[str, Any]:
    if type(value) is not dict:
        raise _refuse(f"{where} must be an object of {what}, not {_seen(value)}")
    return value


def _members(where: str, given: dict[str, Any], kind: type, known: tuple[str, ...]) -> None:
    """Refuse a ``format`` or ``type`` that names another document, and any member the
    document does not have (named, with the ones it has)."""
    if given.get("format", FORMAT) != FORMAT:
        raise _refuse(
            f"{where}.format must be {FORMAT!r} or left out, not {_seen(given['format'])}"
        )
    if given.get("type", kind.__name__) != kind.__name__:
        raise _refuse(
            f"{where}.type must be {kind.__name__!r} or left out, not {_seen(given['type'])}"
        )
    unknown = sorted(set(given) - set(known) - {"format", "type"})
    if unknown:
        names = ", ".join(_quoted.repr(name) for name in unknown[:5])
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        word = "member" if len(unknown) == 1 else "members"
        raise _refuse(f"{where} has no {word} {names}{more}: its members are {', '.join(known)}")


def _fields(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in attrs.fields(cls) if field.init)


_HAND_SWITCHES: Final = _fields(HandRules)
_RULES_MEMBERS: Final = _fields(Rules)
_TERMS_MEMBERS: Final = _fields(SittingTerms)
_RULE_SWITCHES: Final = tuple(
    name for name in _RULES_MEMBERS if name not in ("ante", "limit", "hands")
)
"""Every other member of the rules is a variant's switch, true or false (Law 81)."""


def _hands(value: object) -> HandRules:
    given = _object(
        "rules.hands", value, "the hands' switches (" + ", ".join(_HAND_SWITCHES) + ")"
    )
    _members("rules.hands", given, HandRules, _HAND_SWITCHES)
    switches = {
        name: _switch(f"rules.hands.{name}", given[name])
        for name in _HAND_SWITCHES
        if name in given
    }
    return HandRules(**switches)


def read_rules(value: object) -> Rules:
    """The :class:`Rules` of a short ``rules`` document: any subset of its members, the
    ante and the limit given (Law 19 leaves them to the players), the rest the defaults."""
    given = _object("rules", value, "the table's rules (" + ", ".join(_RULES_MEMBERS) + ")")
    _members("rules", given, Rules, _RULES_MEMBERS)
    for name in ("ante", "limit"):
        if name not in given:
            raise _refuse(
                f"rules.{name} is missing: the ante and the limit have no default, the players "
                "agree them (Law 19)",
                19,
            )
    fields: dict[str, Any] = {
        "ante": _whole("rules.ante", given["ante"], "chips", 1, MAX_CHIPS),
        "limit": _whole("rules.limit", given["limit"], "chips", 1, MAX_CHIPS),
    }
    if "hands" in given:
        fields["hands"] = _hands(given["hands"])
    for name in _RULE_SWITCHES:
        if name in given:
            fields[name] = _switch(f"rules.{name}", given[name])
    try:
        return Rules(**fields)
    except InvalidRules as error:
        raise _refuse(f"rules: {error}", error.law) from None


def read_terms(value: object) -> SittingTerms:
    """The :class:`SittingTerms` of a short ``terms`` document (null or ``{}``: the
    defaults, no kitty)."""
    if value is None:
        return SittingTerms()
    given = _object("terms", value, "the sitting's terms (" + ", ".join(_TERMS_MEMBERS) + ")")
    _members("terms", given, SittingTerms, _TERMS_MEMBERS)
    fields: dict[str, Any] = {}
    if "kitty_percent" in given:
        fields["kitty_percent"] = _whole(
            "terms.kitty_percent", given["kitty_percent"], "percent", 0, 100
        )
    if "kitty_chips" in given:
        fields["kitty_chips"] = _whole(
            "terms.kitty_chips", given["kitty_chips"], "chips", 0, MAX_CHIPS
        )
    if "broke_players_leave" in given:
        fields["broke_players_leave"] = _switch(
            "terms.broke_players_leave", given["broke_players_leave"]
        )
    return SittingTerms(**fields)


def read_games(value: object) -> int | None:
    """How many games the sitting lasts: None (left out, or null) for a sitting that goes on
    until it is over, as the book's does."""
    if value is None:
        return None
    return _whole("games", value, "games (or left out: until the sitting is over)", 1, MAX_GAMES)


MAX_PAUSE: Final = 3600
"""The longest pause (seconds) a sitting's creator may set between a game's end and the
next deal."""


def read_pause(value: object) -> int:
    """Seconds the show lasts before the next deal, unless every player says "next" first:
    0 (or left out) waits for every player's "next"."""
    if value is None:
        return 0
    return _whole(
        "pause", value, "seconds (0, or left out: wait for every player's next)", 0, MAX_PAUSE
    )


def read_players(value: object) -> tuple[tuple[str, int], ...]:
    """Each player's name and chips, in seat order."""
    if type(value) is not list or not 2 <= len(value) <= _MOST_PLAYERS:
        shown = f"{len(value)} items" if type(value) is list else _seen(value)
        raise _refuse(
            f"players must be an array of 2 to {_MOST_PLAYERS} objects "
            f'{{"name": ..., "chips": ...}}, not {shown}'
        )
    players = []
    for index, player in enumerate(value):
        where = f"players[{index}]"
        given = _object(where, player, '"name" and "chips"')
        unknown = sorted(set(given) - {"name", "chips"})
        missing = [name for name in ("name", "chips") if name not in given]
        if unknown or missing:
            raise _refuse(
                f'{where} must hold "name" and "chips" alone'
                + (f"; {', '.join(missing)} missing" if missing else "")
                + (f"; {', '.join(map(_quoted.repr, unknown))} unknown" if unknown else "")
            )
        name = given["name"]
        if not isinstance(name, str):
            raise _refuse(f"{where}.name must be text, not {_seen(name)}")
        if not 1 <= len(name) <= NAME_LENGTH:
            raise _refuse(f"{where}.name must be 1 to {NAME_LENGTH} characters, not {len(name)}")
        if name == REFEREE:
            # Table.holder answers this name for the referee's token: a player of this name
            # would hold the referee's powers (the record, every pack in it).
            raise _refuse(
                f"{where}.name may not be {REFEREE!r}: that is who holds the referee's token"
            )
        chips = _whole(f"{where}.chips", given["chips"], "chips", 1, MAX_CHIPS)
        players.append((name, chips))
    return tuple(players)


def read_new_sitting(
    body: object,
) -> tuple[Rules, tuple[tuple[str, int], ...], SittingTerms, int | None, int]:
    """The rules, players, terms, games (None: until the sitting is over) and pause of a
    ``POST /sittings`` body."""
    if type(body) is not dict:
        raise Refusal(400, f"the body must be a JSON object, not {_seen(body)}")
    known = ("rules", "players", "terms", "games", "pause")
    unknown = sorted(set(body) - set(known))
    missing = [name for name in ("rules", "players") if name not in body]
    if unknown or missing:
        parts = [f"{', '.join(missing)} missing"] if missing else []
        if unknown:
            parts.append(f"no member {', '.join(map(_quoted.repr, unknown[:5]))}")
        raise Refusal(400, f"the body holds {', '.join(known)}: " + "; ".join(parts))
    return (
        read_rules(body["rules"]),
        read_players(body["players"]),
        read_terms(body.get("terms")),
        read_games(body.get("games")),
        read_pause(body.get("pause")),
    )
