"""Records of games: the :class:`GameRecord`, its text notation and pokerlaws JSON.

Chess has PGN and FEN; these are pokerlaws' equivalents, an edge of the package that the
rules engine never uses:

- :mod:`pokerlaws.records.game`: :class:`GameRecord`, :func:`record` and :func:`replay`;
- :mod:`pokerlaws.records.notation`: the text notation of ``docs/notation.md``, written by
  :func:`format_record` and read by :func:`parse_record` (the reading itself in
  :mod:`pokerlaws.records.reading`, one reader for each part of a record);
- :mod:`pokerlaws.records.jsonio`: versioned JSON for every value (``to_json``,
  ``from_json``, ``json_schema``; ``to_data`` and ``from_data`` for the same documents as
  Python dicts and lists), built from the codecs of :mod:`pokerlaws.records.codecs`.

Each name loads its module on first use.
"""

from typing import TYPE_CHECKING

from pokerlaws._lazy import exports

_NAMES = {
    "GameRecord": "pokerlaws.records.game",
    "IllegalRecord": "pokerlaws.records.game",
    "record": "pokerlaws.records.game",
    "replay": "pokerlaws.records.game",
    "format_action": "pokerlaws.records.notation",
    "format_record": "pokerlaws.records.notation",
    "parse_record": "pokerlaws.records.notation",
    "record_problems": "pokerlaws.records.notation",
    "from_data": "pokerlaws.records.jsonio",
    "from_json": "pokerlaws.records.jsonio",
    "json_schema": "pokerlaws.records.jsonio",
    "to_data": "pokerlaws.records.jsonio",
    "to_json": "pokerlaws.records.jsonio",
}

if TYPE_CHECKING:
    from pokerlaws.records.game import GameRecord, IllegalRecord, record, replay
    from pokerlaws.records.jsonio import from_data, from_json, json_schema, to_data, to_json
    from pokerlaws.records.notation import (
        format_action,
        format_record,
        parse_record,
        record_problems,
    )
else:
    __getattr__, __dir__ = exports(__name__, _NAMES)

__all__ = [
    "GameRecord",
    "IllegalRecord",
    "format_action",
    "format_record",
    "from_data",
    "from_json",
    "json_schema",
    "parse_record",
    "record",
    "record_problems",
    "replay",
    "to_data",
    "to_json",
]
