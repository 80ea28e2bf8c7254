"""The JSON of one game's values: rules, actions, records, states, views and violations.
Package-internal: :mod:`pokerlaws.records.jsonio` is the public face."""

from __future__ import annotations

import json

import attrs

from pokerlaws import actions as _actions
from pokerlaws import reports as _reports
from pokerlaws import violations as _violations
from pokerlaws.hands import HandRules
from pokerlaws.records._codecs import (
    BOOL,
    CARD,
    COUNT,
    INT,
    PHASE,
    RANK,
    STR,
    Json,
    _array,
    _build,
    _Codec,
    _fail,
    _integer,
    _members,
    _object,
    _optional,
    _seat_set,
    _tagged,
    _wrong,
)
from pokerlaws.records.game import GameRecord, IllegalRecord, begin, record, replay
from pokerlaws.rules import Rules
from pokerlaws.state import GameState
from pokerlaws.views import HiddenDiscard, PlayerView, ShownHand

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
            "seat": INT.encode(menu.seat),
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

GAME_DOCUMENTS: dict[type, _Codec] = {
    HandRules: _object(HandRules, HAND_RULES_FIELDS, tag="HandRules"),
    Rules: _object(Rules, RULES_FIELDS, tag="Rules"),
    GameRecord: _beginnable(_object(GameRecord, RECORD_FIELDS, tag="GameRecord")),
    GameState: STATE,
    PlayerView: _object(PlayerView, VIEW_FIELDS, tag="PlayerView"),
    **{cls: _object(cls, f, tag=cls.__name__) for cls, f in _ACTION_FIELDS.items()},
    **{cls: _object(cls, VIOLATION_FIELDS, tag=cls.__name__) for cls in _VIOLATION_CLASSES},
}
