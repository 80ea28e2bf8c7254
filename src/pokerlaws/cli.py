"""The ``pokerlaws`` command: a referee for record files, and a sample of ranked hands.

``pokerlaws check RECORD [--json]`` replays a record file (the text notation of
``docs/notation.md``, or a ``GameRecord`` or ``GameState`` in pokerlaws JSON) and says
whether every action in it is legal; ``pokerlaws replay RECORD`` prints the game step by
step. Exit status: 0 legal, 1 an action the laws refuse, 2 a malformed or unreadable file
(and argparse's usage errors). With no command it prints the version and a sample of hands
ranked as Peel ranks them, as ``python -m pokerlaws`` always has.

This is an edge of the package: it reads files and prints. The rules engine does neither.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from pokerlaws import (
    Card,
    GameRecord,
    GameState,
    IllegalRecord,
    NotationError,
    Phase,
    RuleViolation,
    __version__,
    apply,
    evaluate,
    format_cards,
    from_json,
    parse_cards,
    record,
    replay,
    shuffled_deck,
)
from pokerlaws._sitting_cli import check_sitting, replay_sitting_steps, sitting_text
from pokerlaws.notation import format_action, parse_record_lines, record_problems
from pokerlaws.records import begin

__all__ = ["main"]

LEGAL, ILLEGAL, MALFORMED = 0, 1, 2
"""The exit statuses of ``check`` and ``replay``."""

SEATS = 8

NOTABLE = {
    "9h Th Jh Qh Kh": "the best hand (Laws 66, 71)",
    "Ah Kh Qh Jh Th": "only a flush: the ace cannot follow the king (Law 71)",
    "Ac 2d 3h 4s 5c": "the lowest sequence (Law 71)",
    "Kc Ad 2h 3s 4c": "no sequence round the corner (Law 71)",
    "2h 3h 4h 5h 7h": "a heart flush beats any other flush (Law 69)",
    "As Ks Qs Js 9s": "beaten by any heart flush (Law 69)",
    "Tc Td Th 4s 4c": "the threes decide, not the pair (Law 68)",
    "Kd Kc 5h 5s 2c": "the fifth card never counts (Law 73) ...",
    "Kh Ks 5c 5d Ac": "... so these two share (Law 76)",
    "Jk Ac Ad Ah As": "the Joker cannot make five aces (Law 81)",
}


def _sample(seed: int, out: TextIO) -> int:
    """Print the version and hands ranked best first: eight dealt from a seeded shuffle, one
    card at a time round the table (Law 7), and some the laws single out (Laws 65-76, 81)."""
    deck = shuffled_deck(seed)
    # Law 7: one card at a time, from the dealer's left, five times round.
    dealt = [(deck[seat::SEATS][:5], f"seat {seat}") for seat in range(SEATS)]
    notable = [(parse_cards(text), note) for text, note in NOTABLE.items()]
    ranked = sorted(
        ((evaluate(hand), hand, note) for hand, note in [*dealt, *notable]),
        key=lambda item: item[0],
        reverse=True,
    )
    print(f"pokerlaws {__version__}", file=out)
    print(f"Hands ranked best first (Peel's laws; {SEATS} dealt from seed {seed}):", file=out)
    place = 0
    previous = None
    for number, (value, hand, note) in enumerate(ranked, start=1):
        if value != previous:
            place = number
        previous = value
        print(f"{place:3}. {format_cards(hand):<15} {value!s:<52} {note}".rstrip(), file=out)
    return 0


# --- Reading a record file -------------------------------------------------------------------


class _Unreadable(Exception):
    """The file cannot be read as text."""


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", newline="") as file:
            return file.read()
    except (OSError, UnicodeDecodeError) as error:
        raise _Unreadable(f"cannot read {path}: {error}") from None


def _chips(values: Sequence[int]) -> str:
    return " ".join(map(str, values))


def _seats(values: Sequence[int]) -> str:
    return " ".join(map(str, values)) if values else "none"


def _outcome(state: GameState) -> dict[str, Any]:
    return {
        "phase": state.phase.value,
        "to_act": state.to_act,
        "stacks": list(state.stacks),
        "pool": state.pool,
        "payouts": list(state.payouts),
        "winners": list(state.winners),
        "shown": list(state.show_order),
    }


def _violation(error: IllegalRecord, lines: Sequence[int | None]) -> dict[str, Any]:
    violation: RuleViolation = error.violation
    return {
        "line": lines[error.index],
        "path": f"$.actions[{error.index}]",
        "index": error.index,
        "action": format_action(violation.action),
        "law": violation.law,
        "violation": type(violation).__name__,
        "seat": violation.seat,
        "message": violation.message,
    }


def _is_json(text: str) -> bool:
    return text.lstrip().startswith("{")


def _parse(text: str) -> tuple[GameRecord, tuple[int | None, ...]]:
    """The record in ``text`` and the line of each action (None for JSON, which has paths)."""
    if not _is_json(text):
        return parse_record_lines(text)
    value = from_json(text)
    if isinstance(value, GameState):
        value = record(value)
    if not isinstance(value, GameRecord):
        raise NotationError(f"$: a record file holds a GameRecord, not a {type(value).__name__}")
    return value, (None,) * len(value.actions)


def _problems(text: str, first: NotationError) -> list[dict[str, Any]]:
    found = (first,) if _is_json(text) else record_problems(text) or (first,)
    return [{"line": problem.line, "message": problem.message} for problem in found]


def _print_json(verdict: dict[str, Any], out: TextIO) -> None:
    print(json.dumps(verdict), file=out)


def _print_malformed(problems: list[dict[str, Any]], out: TextIO) -> None:
    count = len(problems)
    print(f"malformed: {count} problem{'s' if count != 1 else ''}", file=out)
    for problem in problems:
        where = f"line {problem['line']}: " if problem["line"] is not None else ""
        print(f"{where}{problem['message']}", file=out)


def _print_illegal(found: dict[str, Any], out: TextIO) -> None:
    where = f"line {found['line']}" if found["line"] is not None else found["path"]
    print(f"illegal at {where}: {found['action']}", file=out)
    print(found["message"], file=out)


def _load(
    path: str, as_json: bool, out: TextIO, err: TextIO
) -> tuple[GameRecord, tuple[int | None, ...]] | int:
    """Read and parse the file; print the verdict and return the exit status if that fails."""
    try:
        text = _read(path)
    except _Unreadable as error:
        if as_json:
            _print_json({"result": "unreadable", "message": str(error)}, out)
        else:
            print(f"pokerlaws: {error}", file=err)
        return MALFORMED
    try:
        return _parse(text)
    except NotationError as error:
        problems = _problems(text, error)
        if as_json:
            verdict = {"result": "malformed", **problems[0], "problems": problems}
            _print_json(verdict, out)
        else:
            _print_malformed(problems, out)
        return MALFORMED


def _check(path: str, as_json: bool, out: TextIO, err: TextIO) -> int:
    sitting = sitting_text(path)
    if sitting is not None:  # a whole sitting (docs/notation.md, "Sitting records")
        return check_sitting(sitting, as_json, out)
    loaded = _load(path, as_json, out, err)
    if isinstance(loaded, int):
        return loaded
    game, lines = loaded
    try:
        state = replay(game)
    except IllegalRecord as error:
        found = _violation(error, lines)
        if as_json:
            _print_json({"result": "illegal", **found}, out)
        else:
            _print_illegal(found, out)
        return ILLEGAL
    except ValueError as error:  # the game could not begin: the parser checks all it knows
        return _cannot_begin(error, as_json, out)
    outcome = _outcome(state)
    if as_json:
        _print_json({"result": "legal", "actions": len(game.actions), **outcome}, out)
        return LEGAL
    print("legal", file=out)
    _print_outcome(state, out)
    return LEGAL


def _cannot_begin(error: ValueError, as_json: bool, out: TextIO) -> int:
    problem = {"line": None, "message": f"the game cannot begin: {error}"}
    if as_json:
        _print_json({"result": "malformed", **problem, "problems": [problem]}, out)
    else:
        _print_malformed([problem], out)
    return MALFORMED


def _print_outcome(state: GameState, out: TextIO) -> None:
    print(f"phase {state.phase.value}", file=out)
    if state.to_act is not None:
        print(f"to act {state.to_act}", file=out)
    print(f"stacks {_chips(state.stacks)}", file=out)
    print(f"pool {state.pool}", file=out)
    print(f"payouts {_chips(state.payouts)}", file=out)
    print(f"winners {_seats(state.winners)}", file=out)


# --- Replaying step by step ------------------------------------------------------------------


_COLUMN = 32
"""Where the state after each step begins on its line."""


def _where(state: GameState) -> str:
    turn = f"seat {state.to_act} to act" if state.to_act is not None else "nobody to act"
    return f"{state.phase.value:<8} {turn:<16} pool {state.pool:<5} stacks {_chips(state.stacks)}"


def _hands(before: Sequence[Sequence[Card]], after: GameState, out: TextIO) -> None:
    """Print each hand that the step changed: the deal, a draw, the serving after a shuffle."""
    for seat, (old, new) in enumerate(zip(before, after.hands, strict=True)):
        if new and set(new) != set(old):
            verb = "is dealt" if not old else "holds"
            print(f"{'':<{_COLUMN}}seat {seat} {verb} {format_cards(new)}", file=out)


def _show(state: GameState, out: TextIO) -> None:
    for seat in state.show_order:
        hand = state.hands[seat]
        value = evaluate(hand, state.rules.hands)
        print(f"show     seat {seat}: {format_cards(hand)}  ({value})", file=out)
    if state.winners:
        print(f"winners  {_seats(state.winners)}", file=out)
    else:
        print(f"nobody opened: the pool of {state.pool} waits for the jack-pot", file=out)
    print(f"payouts  {_chips(state.payouts)}", file=out)
    print(f"stacks   {_chips(state.stacks)}", file=out)
    if state.winners and state.pool:
        print(f"carried  {state.pool} left in the pool for the next game", file=out)


def _replay(path: str, out: TextIO, err: TextIO) -> int:
    sitting = sitting_text(path)
    if sitting is not None:  # a whole sitting: its games one by one
        return replay_sitting_steps(sitting, out, _replay_game)
    loaded = _load(path, False, out, err)
    if isinstance(loaded, int):
        return loaded
    game, lines = loaded
    return _replay_game(game, lines, out)


def _replay_game(game: GameRecord, lines: Sequence[int | None], out: TextIO) -> int:
    """Print ``game`` step by step; return the exit status (0, or 1 at a refusal)."""
    rules = game.rules
    print(
        f"{len(game.stacks)} seats, ante {rules.ante}, limit {rules.limit}, dealer seat "
        f"{game.dealer}, {game.carried} carried, jack-pot round {game.jackpot_round}",
        file=out,
    )
    for name, value in game.tags:
        print(f"{name}: {value}", file=out)
    try:
        state = begin(game)
    except ValueError as error:
        return _cannot_begin(error, False, out)
    print(f"{'start':<{_COLUMN}}{_where(state)}", file=out)
    _hands([()] * state.num_seats, state, out)
    for index, (action, line) in enumerate(zip(game.actions, lines, strict=True)):
        result = apply(state, action)
        if isinstance(result, RuleViolation):
            _print_illegal(_violation(IllegalRecord(index, result), lines), out)
            return ILLEGAL
        label = line if line is not None else f"[{index}]"  # JSON has paths, not lines
        step = f"{label!s:>4}  {format_action(action)}"
        if len(step) >= _COLUMN:  # a shuffle's whole order: the state goes on the next line
            print(step, file=out)
            step = ""
        print(f"{step:<{_COLUMN}}{_where(result)}", file=out)
        _hands(state.hands, result, out)
        state = result
    if state.phase is Phase.OVER:
        _show(state, out)
    else:
        print(f"the record stops in the {state.phase.value}, seat {state.to_act} to act", file=out)
    return LEGAL


# --- The command line ------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pokerlaws",
        description="Five-card draw poker as W. H. Peel laid it down (1891). With no "
        "command: the version and a sample of hands ranked as the laws rank them.",
    )
    parser.add_argument("--version", action="version", version=f"pokerlaws {__version__}")
    parser.add_argument("--seed", type=int, default=1891, help="the sample's shuffle (1891)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    check = commands.add_parser(
        "check",
        help="replay a record file and say whether it is legal",
        description="Replay RECORD. Exit 0 and print `legal` with the outcome; exit 1 with "
        "the first action the laws refuse, its line, law and message; exit 2 if the file "
        "is malformed or unreadable.",
    )
    check.add_argument("record", metavar="RECORD", help="a record file (docs/notation.md)")
    check.add_argument("--json", action="store_true", help="print the verdict as JSON")
    show = commands.add_parser(
        "replay",
        help="print a record's game step by step",
        description="Print each action of RECORD and what followed it (phase, pool, stacks, "
        "hands), then the show and the payouts. Exits like `check`.",
    )
    show.add_argument("record", metavar="RECORD", help="a record file (docs/notation.md)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    args = _parser().parse_args(argv)
    out, err = sys.stdout, sys.stderr
    try:
        if args.command == "check":
            return _check(args.record, args.json, out, err)
        if args.command == "replay":
            return _replay(args.record, out, err)
        return _sample(args.seed, out)
    except BrokenPipeError:
        # The reader went away (``pokerlaws replay game.record | head``): stop quietly, and
        # point stdout at nothing so that the interpreter's final flush cannot fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
