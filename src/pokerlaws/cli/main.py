"""The ``pokerlaws`` command: a referee for record files, a narrated demo and a table to play.

``pokerlaws check RECORD [--json]`` replays a record file (the text notation of
``docs/notation.md``, or a ``GameRecord`` or ``GameState`` in pokerlaws JSON) and says
whether every action in it is legal; ``pokerlaws replay RECORD`` prints the game step by
step. ``RECORD`` is a path or ``-`` for standard input, read once (so pipes, FIFOs and
``/dev/stdin`` work) and at most ``--max-bytes`` bytes of it (16 MiB unless raised);
``--example NAME`` reads one of the records shipped in the package instead
(:mod:`pokerlaws.cli.reading`, :mod:`pokerlaws.examples`). Exit
status: 0 legal, 1 an action the laws refuse, 2 a malformed or unreadable file (and
argparse's usage errors), 130 after Ctrl-C (one line), 141 when the reader of the output
has gone, never a traceback. Every line printed is escaped
(``pokerlaws.cli.text``): nothing from the file reaches the terminal as a control character.
``pokerlaws replay RECORD --html FILE`` writes the game as one web page
(:mod:`pokerlaws.cli.pages`); ``pokerlaws demo`` narrates a seeded sitting among peel_bots
(:mod:`pokerlaws.cli.demo`), and runs when no command is given; ``pokerlaws play`` seats
you against them (:mod:`pokerlaws.cli.play`); ``pokerlaws hands`` prints a sample of hands
ranked as Peel ranks them.

This is an edge of the package: it reads files and prints. The rules engine does neither.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

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
    parse_cards,
    record,
    replay,
    shuffled_deck,
)
from pokerlaws.cli.commands import (
    add_demo_command,
    add_match_command,
    add_play_command,
    add_serve_command,
)
from pokerlaws.cli.output import BROKEN_PIPE, INTERRUPTED, refusal
from pokerlaws.cli.pages import MAX_ACTIONS, write_page
from pokerlaws.cli.reading import MAX_BYTES, Unreadable, is_sitting, read_example, read_record
from pokerlaws.cli.text import json_line, printable, say
from pokerlaws.records.game import begin
from pokerlaws.records.notation import format_action, parse_record_lines, record_problems

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
    say(out, f"pokerlaws {__version__}")
    say(out, f"Hands ranked best first (Peel's laws; {SEATS} dealt from seed {seed}):")
    place = 0
    previous = None
    for number, (value, hand, note) in enumerate(ranked, start=1):
        if value != previous:
            place = number
        previous = value
        say(out, f"{place:3}. {format_cards(hand):<15} {value!s:<52} {note}".rstrip())
    return 0


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
    # Here, not at the top: JSON's codecs are every value's (a sitting's too), and most
    # records checked are text.
    from pokerlaws.records.jsonio import from_json

    try:
        value = from_json(text)
    except RecursionError:  # from_json refuses deep nesting; this is the last defence
        raise NotationError("not JSON: it nests too deeply") from None
    if isinstance(value, GameState):
        value = record(value)
    if not isinstance(value, GameRecord):
        raise NotationError(f"$: a record file holds a GameRecord, not a {type(value).__name__}")
    return value, (None,) * len(value.actions)


def _problems(text: str, first: NotationError) -> list[dict[str, Any]]:
    found = (first,) if _is_json(text) else record_problems(text) or (first,)
    return [{"line": problem.line, "message": problem.message} for problem in found]


def _print_json(verdict: dict[str, Any], out: TextIO) -> None:
    say(out, json_line(verdict))


def _print_malformed(problems: list[dict[str, Any]], out: TextIO) -> None:
    count = len(problems)
    say(out, f"malformed: {count} problem{'s' if count != 1 else ''}")
    for problem in problems:
        where = f"line {problem['line']}: " if problem["line"] is not None else ""
        say(out, f"{where}{problem['message']}")


def _print_illegal(found: dict[str, Any], out: TextIO) -> None:
    where = f"line {found['line']}" if found["line"] is not None else found["path"]
    say(out, f"illegal at {where}: {found['action']}")
    say(out, found["message"])


def _input(
    path: str | None, example: str | None, max_bytes: int, as_json: bool, out: TextIO, err: TextIO
) -> str | int:
    """The text of the file, or of the example (argparse lets exactly one of them through);
    if it cannot be read, print why and return the exit status."""
    try:
        if example is not None:
            return read_example(example)
        assert path is not None  # argparse requires RECORD when --example is not given
        return read_record(path, max_bytes)
    except Unreadable as error:
        if as_json:
            _print_json({"result": "unreadable", "message": str(error)}, out)
        else:
            say(err, f"pokerlaws: {error}")
        return MALFORMED


def _load(
    text: str, as_json: bool, out: TextIO
) -> tuple[GameRecord, tuple[int | None, ...]] | int:
    """Parse the game record; print the verdict and return the exit status if that fails."""
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


def _check(
    path: str | None, example: str | None, max_bytes: int, as_json: bool, out: TextIO, err: TextIO
) -> int:
    text = _input(path, example, max_bytes, as_json, out, err)
    if isinstance(text, int):
        return text
    if is_sitting(text):  # a whole sitting (docs/notation.md, "Sitting records")
        from pokerlaws.cli.sitting import check_sitting  # the sitting's reader, when needed

        return check_sitting(text, as_json, out)
    loaded = _load(text, as_json, out)
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
    say(out, "legal")
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
    say(out, f"phase {state.phase.value}")
    if state.to_act is not None:
        say(out, f"to act {state.to_act}")
    say(out, f"stacks {_chips(state.stacks)}")
    say(out, f"pool {state.pool}")
    say(out, f"payouts {_chips(state.payouts)}")
    say(out, f"winners {_seats(state.winners)}")


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
            say(out, f"{'':<{_COLUMN}}seat {seat} {verb} {format_cards(new)}")


def _show(state: GameState, out: TextIO) -> None:
    for seat in state.show_order:
        hand = state.hands[seat]
        value = evaluate(hand, state.rules.hands)
        say(out, f"show     seat {seat}: {format_cards(hand)}  ({value})")
    if state.winners:
        say(out, f"winners  {_seats(state.winners)}")
    else:
        say(out, f"nobody opened: the pool of {state.pool} waits for the jack-pot")
    say(out, f"payouts  {_chips(state.payouts)}")
    say(out, f"stacks   {_chips(state.stacks)}")
    if state.winners and state.pool:
        say(out, f"carried  {state.pool} left in the pool for the next game")


def _replay(
    path: str | None,
    example: str | None,
    max_bytes: int,
    out: TextIO,
    err: TextIO,
    html: str | None = None,
    max_actions: int = MAX_ACTIONS,
) -> int:
    if html is not None:  # before reading: never over the input, never into a FIFO
        why = refusal(html, () if path is None else (path,))
        if why is not None:
            say(err, f"pokerlaws: will not write {html}: {why}")
            return MALFORMED
    text = _input(path, example, max_bytes, False, out, err)
    if isinstance(text, int):
        return text
    if is_sitting(text):  # a whole sitting: its games one by one
        if html is not None:
            _print_malformed(
                [{"line": 1, "message": "--html takes one game's record, not a sitting's"}], out
            )
            return MALFORMED
        from pokerlaws.cli.sitting import replay_sitting_steps

        return replay_sitting_steps(text, out, _replay_game)
    loaded = _load(text, False, out)
    if isinstance(loaded, int):
        return loaded
    game, lines = loaded
    if html is not None:
        inputs = () if path is None else (path,)
        return write_page(game, html, out, err, inputs, max_actions=max_actions)
    return _replay_game(game, lines, out)


def _replay_game(game: GameRecord, lines: Sequence[int | None], out: TextIO) -> int:
    """Print ``game`` step by step; return the exit status (0, or 1 at a refusal)."""
    rules = game.rules
    say(
        out,
        f"{len(game.stacks)} seats, ante {rules.ante}, limit {rules.limit}, dealer seat "
        f"{game.dealer}, {game.carried} carried, jack-pot round {game.jackpot_round}",
    )
    for name, value in game.tags:
        say(out, f"{name}: {value}")  # escaped: a tag cannot print a line of its own
    try:
        state = begin(game)
    except ValueError as error:
        return _cannot_begin(error, False, out)
    say(out, f"{'start':<{_COLUMN}}{_where(state)}")
    _hands([()] * state.num_seats, state, out)
    for index, (action, line) in enumerate(zip(game.actions, lines, strict=True)):
        result = apply(state, action)
        if isinstance(result, RuleViolation):
            _print_illegal(_violation(IllegalRecord(index, result), lines), out)
            return ILLEGAL
        label = line if line is not None else f"[{index}]"  # JSON has paths, not lines
        step = f"{label!s:>4}  {format_action(action)}"
        if len(step) >= _COLUMN:  # a shuffle's whole order: the state goes on the next line
            say(out, step)
            step = ""
        say(out, f"{step:<{_COLUMN}}{_where(result)}")
        _hands(state.hands, result, out)
        state = result
    if state.phase is Phase.OVER:
        _show(state, out)
    else:
        say(out, f"the record stops in the {state.phase.value}, seat {state.to_act} to act")
    return LEGAL


# --- The command line ------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """argparse's parser, with its error line escaped (it quotes the arguments, and a file
    name may hold anything)."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(MALFORMED, f"{self.prog}: error: {printable(message)}\n")


def _byte_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        count = -1
    if count < 0:
        raise argparse.ArgumentTypeError(f"a number of bytes, 0 or more, not {text!r}")
    return count


def _action_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        count = -1
    if count < 0:
        raise argparse.ArgumentTypeError(f"a number of actions, 0 or more, not {text!r}")
    return count


_RECORD_HELP = "a record file (docs/notation.md), or - for standard input"
_MAX_BYTES_HELP = (
    f"read at most N bytes of RECORD; a larger one is unreadable (default {MAX_BYTES}, 16 MiB)"
)
_EXITS = (
    "RECORD is read once, so a pipe, a FIFO or /dev/stdin will do. Exit status: 0 legal; "
    "1 an action the laws refuse; 2 a malformed record (`malformed: N problems`, then one "
    "line each) or an unreadable one (one line on standard error: missing, a directory, not "
    "UTF-8, larger than --max-bytes). Whatever the file holds, what is printed from it is "
    "escaped: no control character reaches the terminal."
)


def _add_record(command: argparse.ArgumentParser) -> None:
    """RECORD, or ``--example NAME`` for a record shipped in the package."""
    source = command.add_mutually_exclusive_group(required=True)
    source.add_argument("record", metavar="RECORD", nargs="?", help=_RECORD_HELP)
    source.add_argument(
        "--example",
        metavar="NAME",
        help="instead of RECORD, a record shipped in the package (pokerlaws.examples): "
        "peel is the book's worked example; an unknown NAME lists them all",
    )


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="pokerlaws",
        description="Five-card draw poker as W. H. Peel laid it down (1891). With no "
        "command: the demo, a sitting among peel_bots narrated with the laws.",
    )
    parser.add_argument("--version", action="version", version=f"pokerlaws {__version__}")
    parser.add_argument(
        "--seed", type=int, default=1891, help="the demo's seed with no command (1891)"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_demo_command(commands)
    add_match_command(commands)
    add_serve_command(commands)
    add_play_command(commands)
    hands = commands.add_parser(
        "hands",
        help="rank a sample of hands as Peel ranks them",
        description="Print the version and hands ranked best first: eight dealt from a "
        "seeded shuffle and some the laws single out (Laws 65-76, 81).",
    )
    hands.add_argument("--seed", type=int, default=1891, help="the sample's shuffle (1891)")
    check = commands.add_parser(
        "check",
        help="replay a record file and say whether it is legal",
        description="Replay RECORD. Exit 0 and print `legal` with the outcome; exit 1 with "
        "the first action the laws refuse, its line, law and message; exit 2 if the file "
        "is malformed or unreadable.",
        epilog=_EXITS,
    )
    _add_record(check)
    check.add_argument("--json", action="store_true", help="print the verdict as JSON")
    check.add_argument(
        "--max-bytes", metavar="N", type=_byte_count, default=MAX_BYTES, help=_MAX_BYTES_HELP
    )
    show = commands.add_parser(
        "replay",
        help="print a record's game step by step",
        description="Print each action of RECORD and what followed it (phase, pool, stacks, "
        "hands), then the show and the payouts. Exits like `check`.",
        epilog=_EXITS,
    )
    _add_record(show)
    show.add_argument(
        "--html",
        metavar="FILE",
        help="write the game as one self-contained web page to FILE instead, stepping "
        "forward and back with the law at each step",
    )
    show.add_argument(
        "--max-bytes", metavar="N", type=_byte_count, default=MAX_BYTES, help=_MAX_BYTES_HELP
    )
    show.add_argument(
        "--max-actions",
        metavar="N",
        type=_action_count,
        default=MAX_ACTIONS,
        help=f"with --html, refuse a record of more than N actions (default {MAX_ACTIONS:,})",
    )
    return parser


def _tolerant(stream: TextIO) -> None:
    """Let ``stream`` write what its encoding lacks as a backslash escape (``Zo\\xeb`` on an
    ASCII terminal) rather than fail: what is printed is printable, not always encodable."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status.

    Ctrl-C ends any command with one line and status 130; a reader of standard output who
    goes away, with status 141 and nothing more (:mod:`pokerlaws.cli.output`)."""
    try:
        status = _main(argv)
        # Flushed here, not at the interpreter's exit, so a reader gone is seen here too.
        sys.stdout.flush()
    except KeyboardInterrupt:
        say(sys.stderr, "pokerlaws: interrupted")
        return INTERRUPTED
    except BrokenPipeError:
        return _reader_gone()
    return status


def _reader_gone() -> int:
    """The reader went away (``pokerlaws replay game.record | head``): stop quietly, and
    point stdout at nothing so that the interpreter's final flush cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return BROKEN_PIPE


def _main(argv: Sequence[str] | None) -> int:
    out, err = sys.stdout, sys.stderr
    _tolerant(out)
    _tolerant(err)
    args = _parser().parse_args(argv)
    try:
        if args.command == "check":
            return _check(args.record, args.example, args.max_bytes, args.json, out, err)
        if args.command == "replay":
            return _replay(
                args.record, args.example, args.max_bytes, out, err, args.html, args.max_actions
            )
        if args.command == "hands":
            return _sample(args.seed, out)
        # Each of the other commands imports its code when it runs (issue 33): `check`
        # and `replay`, run far more often, never load the demo, the match or the service.
        if args.command == "play":
            from pokerlaws.cli.play import run_play

            return run_play(
                seed=args.seed,
                players=args.players,
                games=args.games,
                inp=sys.stdin,
                out=out,
                err=err,
            )
        if args.command == "match":
            from pokerlaws.cli.match import run_match

            return run_match(args, out, err)
        if args.command == "serve":
            from pokerlaws.cli.serve import run_serve

            return run_serve(args, err)
        from pokerlaws.cli.demo import run_demo

        if args.command == "demo":
            return run_demo(
                seed=args.seed,
                players=args.players,
                games=args.games,
                variants=args.variant,
                record_path=args.record,
                out=out,
                err=err,
            )
        # No command: the demo, so that the first command a reader types shows a game.
        return run_demo(
            seed=args.seed, players=4, games=6, variants=(), record_path=None, out=out, err=err
        )
    except BrokenPipeError:
        return _reader_gone()
    except (RecursionError, MemoryError) as error:  # the last defence: still one line
        say(err, f"pokerlaws: the record is too deep or too large to referee ({error!r})")
        return MALFORMED
    except Exception as error:  # a bug, not the file's fault: one line, never a traceback
        say(err, f"pokerlaws: internal error, please report it: {error!r}")
        return MALFORMED
