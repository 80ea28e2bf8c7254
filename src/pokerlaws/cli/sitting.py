"""``pokerlaws check`` for a sitting record: an edge of the package, which reads and prints.

A sitting record is told apart from a game record by its first line (``pokerlaws-sitting``)
or, in JSON, by its type (``SittingRecord``, or a ``Sitting`` taken as its record), which
:func:`pokerlaws.cli.reading.is_sitting` reads before this module loads. The
verdicts and exit statuses are those of a game record (``docs/notation.md``); every line is
printed escaped (``pokerlaws.cli.text``), players' names and tags as all the rest.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from pokerlaws.cards import NotationError
from pokerlaws.cli.text import json_line, say
from pokerlaws.records.game import GameRecord
from pokerlaws.records.jsonio import from_json
from pokerlaws.records.notation import format_action
from pokerlaws.sitting.model import (
    BuyChips,
    Join,
    LateReport,
    Leave,
    Sitting,
)
from pokerlaws.sitting.record import (
    IllegalSittingRecord,
    SittingRecord,
    format_sitting_record,
    parse_sitting_record_lines,
    record_sitting,
    replay_sitting,
)

__all__ = ["check_sitting", "print_refusal", "replay_sitting_steps"]


def _read(text: str) -> tuple[SittingRecord, tuple[int | None, ...], tuple[tuple[int, ...], ...]]:
    if not text.removeprefix("\ufeff").lstrip().startswith("{"):
        return parse_sitting_record_lines(text)
    try:
        value = from_json(text)
    except RecursionError:  # from_json refuses deep nesting; this is the last defence
        raise NotationError("not JSON: it nests too deeply") from None
    if isinstance(value, Sitting):
        value = record_sitting(value)
    if not isinstance(value, SittingRecord):
        raise NotationError(f"$: expected a SittingRecord, not a {type(value).__name__}")
    return value, (None,) * len(value.entries), ((),) * len(value.entries)


def _entry_text(record: SittingRecord, entry: int) -> str:
    """The line of a table change or a late report as the notation writes it."""
    lines = format_sitting_record(
        SittingRecord(terms=record.terms, players=(), cut=(), entries=(record.entries[entry],))
    ).split("\n")
    words = ("join", "leave", "buy", "report")
    return next(line for line in lines if line.split(" ", 1)[0] in words)


def print_refusal(
    record: SittingRecord,
    refused: IllegalSittingRecord,
    starts: tuple[int | None, ...],
    lines: tuple[tuple[int, ...], ...],
    as_json: bool,
    out: TextIO,
) -> None:
    """Print where and why the record is refused: its line in a text, its path in JSON."""
    entry, index = refused.entry, refused.index
    text = bool(starts) and starts[0] is not None
    found: dict[str, Any] = {
        "entry": entry,
        "index": index,
        # The start (entry -1) is the header, which begins on line 1 of a text.
        "line": (starts[entry] if entry >= 0 else 1) if text else None,
        "path": "$" if entry < 0 else f"$.entries[{entry}]",
        "message": refused.message,
    }
    if refused.violation is not None and index is not None:
        found["path"] += f".actions[{index}]"
        found["line"] = lines[entry][index] if text else None
        found["action"] = format_action(refused.violation.action)
        found["law"] = refused.violation.law
        found["violation"] = type(refused.violation).__name__
        found["message"] = refused.violation.message
    elif entry >= 0 and isinstance(record.entries[entry], Join | Leave | BuyChips | LateReport):
        found["action"] = _entry_text(record, entry)
        if refused.violation is not None:  # a late report the laws refuse (Ambiguity 27)
            found["law"] = refused.violation.law
            found["violation"] = type(refused.violation).__name__
            found["message"] = refused.violation.message
    if as_json:
        say(out, json_line({"result": "illegal", **found}))
        return
    where = f"line {found['line']}" if found["line"] is not None else found["path"]
    what = f": {found['action']}" if "action" in found else ""
    say(out, f"illegal at {where}{what}")
    say(out, found["message"])


def _malformed(error: NotationError, as_json: bool, out: TextIO) -> int:
    problem = {"line": error.line, "message": error.message}
    if as_json:
        say(out, json_line({"result": "malformed", **problem, "problems": [problem]}))
    else:
        where = f"line {error.line}: " if error.line is not None else ""
        say(out, "malformed: 1 problem")
        say(out, f"{where}{error.message}")
    return 2


GameSteps = Callable[[GameRecord, Sequence[int | None], TextIO], int]
"""The game record's step-by-step printer of ``pokerlaws replay`` (in ``cli``)."""


def replay_sitting_steps(text: str, out: TextIO, game_steps: GameSteps) -> int:
    """``pokerlaws replay`` for a sitting: the players and the cut, then each game step by
    step (as for a game record) and each table change, then the results; at the first
    refusal, where and why, as ``check`` says it. Returns the exit status (0, 1 or 2)."""
    try:
        record, starts, lines = _read(text)
    except NotationError as error:
        return _malformed(error, False, out)
    try:
        sitting = replay_sitting(record)
    except IllegalSittingRecord as refused:
        sitting = None
        stop = refused
    players = ", ".join(f"{name} {chips}" for name, chips in record.players)
    say(out, f"sitting of {len(record.players)}: {players}")
    say(out, f"cut {' '.join(map(str, record.cut))}")
    for entry, item in enumerate(record.entries):
        if sitting is None and entry > stop.entry:
            break
        if isinstance(item, GameRecord):
            number = sum(isinstance(e, GameRecord) for e in record.entries[:entry]) + 1
            say(out, f"game {number}")
            status = game_steps(item, lines[entry] or (None,) * len(item.actions), out)
            if status:
                return status
        else:
            say(out, _entry_text(record, entry))
    if sitting is None:
        print_refusal(record, stop, starts, lines, False, out)
        return 1
    for name, result in sitting.results:
        say(out, f"result {json.dumps(name)} {result:+d}")
    say(out, f"pool {sitting.game.pool}")
    say(out, f"kitty {sitting.kitty}")
    return 0


def check_sitting(text: str, as_json: bool, out: TextIO) -> int:
    """Replay a sitting record and print the verdict; return the exit status (0, 1 or 2)."""
    try:
        record, starts, lines = _read(text)
    except NotationError as error:
        return _malformed(error, as_json, out)
    try:
        sitting = replay_sitting(record)
    except IllegalSittingRecord as refused:
        print_refusal(record, refused, starts, lines, as_json, out)
        return 1
    outcome: dict[str, Any] = {
        "games": len(sitting.games) + (not sitting.between_games),
        "phase": sitting.game.phase.value,
        "to_act": None if sitting.to_act is None else sitting.to_act.name,
        "results": dict(sitting.results),
        "pool": sitting.game.pool,
        "kitty": sitting.kitty,
    }
    if as_json:
        say(out, json_line({"result": "legal", **outcome}))
        return 0
    say(out, "legal")
    say(out, f"games {outcome['games']}")
    say(out, f"phase {outcome['phase']}")
    if sitting.to_act is not None:
        say(out, f"to act {json.dumps(sitting.to_act.name)} (seat {sitting.to_act.seat})")
    for name, result in sitting.results:
        say(out, f"result {json.dumps(name)} {result:+d}")
    say(out, f"pool {outcome['pool']}")
    say(out, f"kitty {outcome['kitty']}")
    return 0
