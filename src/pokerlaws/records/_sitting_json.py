"""The JSON of a sitting's values: terms, table changes, sitting records, sittings,
settlements and sitting views. Package-internal: :mod:`pokerlaws.records.jsonio` is the
public face."""

from __future__ import annotations

import json
from typing import Any

from pokerlaws import reports as _reports
from pokerlaws.records._codecs import (
    BOOL,
    INT,
    STR,
    Json,
    _array,
    _Codec,
    _fail,
    _members,
    _object,
    _optional,
    _tagged,
)
from pokerlaws.records._game_json import (
    _ACTION_FIELDS,
    CARDS,
    MENU,
    RECORD_FIELDS,
    RULES,
    SEATS,
    VIEW_FIELDS,
    VIOLATION_FIELDS,
    _beginnable,
)
from pokerlaws.records.game import GameRecord
from pokerlaws.sitting import model as _sitting
from pokerlaws.sitting import record as _sitting_record
from pokerlaws.sitting import table as _sitting_table
from pokerlaws.sitting import view as _sitting_view
from pokerlaws.views import PlayerView

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
SITTING_DOCUMENTS: dict[type, _Codec] = {
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
