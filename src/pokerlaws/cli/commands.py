"""The arguments of ``demo``, ``play``, ``match`` and ``serve``, apart from the code that runs
them.

Every run of ``pokerlaws`` builds the whole parser, ``pokerlaws check FILE`` too, and the
test suite runs ``check`` and ``replay`` in a few hundred subprocesses: so this module
imports argparse and one constant of :mod:`pokerlaws.faults`, and each command's module (the
demo's narrator, the match's seat protocol, the service) loads only when that command runs
(issue 33).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from pokerlaws.faults import STARTUP

__all__ = [
    "DEFAULT_DB",
    "add_demo_command",
    "add_match_command",
    "add_play_command",
    "add_serve_command",
    "add_table_arguments",
    "serve_arguments",
]

DEFAULT_DB = "sqlite:///pokerlaws.db"


# --- demo and play ---------------------------------------------------------------------------


def add_table_arguments(parser: argparse.ArgumentParser, *, games: int) -> None:
    """``--seed``, ``--players`` and ``--games``, shared by ``demo`` and ``play``."""
    parser.add_argument("--seed", type=int, default=1891, help="the packs' seed (1891)")
    parser.add_argument("--players", type=int, default=4, help="2 to 10 players (4)")
    parser.add_argument("--games", type=int, default=games, help=f"games to play ({games})")


def add_demo_command(
    commands: argparse._SubParsersAction[Any],
) -> argparse.ArgumentParser:
    """Add ``demo`` to the command line's subcommands."""
    demo: argparse.ArgumentParser = commands.add_parser(
        "demo",
        help="watch a seeded sitting among peel_bots, narrated with the laws",
        description="Play a seeded sitting among peel_bots and narrate it as the book's "
        "worked example does: the ante, straddles, each say, the draw, the betting, the "
        "show, who takes the pool and why, jack-pots and their openers, each step with the "
        "law that governs it. The same seed gives the same text.",
    )
    add_table_arguments(demo, games=6)
    demo.add_argument(
        "--variant",
        metavar="NAME",
        action="append",
        default=[],
        help="turn a Rules or HandRules switch on (blaze, joker, skip_sequence, ...) or off "
        "(no-NAME); repeat for more",
    )
    demo.add_argument(
        "--record", metavar="FILE", help="write the sitting record (pokerlaws check reads it)"
    )
    return demo


def add_play_command(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``play`` to the command line's subcommands."""
    play = commands.add_parser(
        "play",
        help="sit at a terminal table against peel_bots",
        description="Play at a table against peel_bots: your cards, the pool, each seat's "
        "stack and stake, whose turn, and your legal actions as a numbered menu, each stake "
        "labelled. Answer with a number or words (call, raise 4, fold, check, pat, discard "
        "2s 9h; pass, stand, stake 4); help or ? prints the menu again. After the last game, "
        "on quit or at the end of the input, it prints the sitting's results.",
    )
    add_table_arguments(play, games=3)


# --- match -----------------------------------------------------------------------------------

_MATCH_EPILOG = (
    "A bot is a program that reads JSON lines on its standard input and answers one line "
    "for each view of its seat (docs/bots.md); `python -m pokerlaws.bots peel` is a ready "
    "one. A bot that answers late, crashes, hangs or answers what is not a legal action "
    "of its seat takes the default action (pass, decline, stand, pat, the least stake) "
    "and a fault is counted, by its kind; it is started again at its next turn. What a bot "
    "writes on its standard error is thrown away, or kept by --bot-log."
)


class _Seat(argparse.Action):
    """Keep every player option in one list, in the order given: that is the seating."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        seats: list[tuple[str, str]] = list(getattr(namespace, self.dest) or [])
        seats.append((self.const, str(values)))
        setattr(namespace, self.dest, seats)


def _positive(kind: type, what: str) -> Any:
    def read(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            value = None
        if value is None or not value > 0 or value != value or value == float("inf"):
            raise argparse.ArgumentTypeError(f"{what}, above 0, not {text!r}")
        return value

    return read


def _seed(text: str) -> int:
    if not text.isdecimal() or not text.isascii():
        raise argparse.ArgumentTypeError(f"a seed is a whole number, 0 or more, not {text!r}")
    return int(text)


def add_match_command(commands: Any) -> None:
    """Add ``match`` to the command line's subcommands."""
    match = commands.add_parser(
        "match",
        help="a tournament of bots, each in a process of its own",
        description="Play SITTINGS sittings of up to GAMES games among the players, seated "
        "in the order given, and print each player's net chips, games and faults.",
        epilog=_MATCH_EPILOG,
    )
    seat = {"action": _Seat, "dest": "seats"}
    match.add_argument(
        "--bot",
        metavar="NAME=COMMAND",
        const="bot",
        help="a bot program (COMMAND split as a shell would, never run by one)",
        **seat,
    )
    match.add_argument("--peel", metavar="NAME", const="peel", help="a peel_bot", **seat)
    match.add_argument("--random", metavar="NAME", const="random", help="a random_bot", **seat)
    match.add_argument(
        "--sittings",
        metavar="N",
        type=_positive(int, "a number of sittings"),
        required=True,
        help="independent sittings, each begun afresh",
    )
    match.add_argument(
        "--games",
        metavar="N",
        type=_positive(int, "a number of games"),
        required=True,
        help="games a sitting, at most (fewer if a table is left with one player)",
    )
    match.add_argument(
        "--seed", metavar="N", type=_seed, help="the packs' seed (default: 128 secret bits)"
    )
    match.add_argument(
        "--timeout",
        metavar="S",
        type=_positive(float, "seconds"),
        default=1.0,
        help="the seconds a bot's decision may take (1.0)",
    )
    match.add_argument(
        "--startup",
        metavar="S",
        type=_positive(float, "seconds"),
        default=STARTUP,
        help=f"the seconds more a bot's process has to start ({STARTUP})",
    )
    match.add_argument(
        "--chips",
        metavar="N",
        type=_positive(int, "a number of chips"),
        default=100,
        help="each player's chips at the start of a sitting (100)",
    )
    match.add_argument(
        "--workers",
        metavar="N",
        type=_positive(int, "a number of worker processes"),
        default=1,
        help="play the sittings on N worker processes (1: in this one); the result is the same",
    )
    match.add_argument("--record", metavar="DIR", help="write each sitting's record into DIR")
    match.add_argument(
        "--bot-log",
        metavar="DIR",
        help="keep each bot's standard error in DIR, in a file a bot (NAME.log)",
    )
    match.add_argument("--json", action="store_true", help="print the results as JSON")


# --- serve -----------------------------------------------------------------------------------


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port, 0 to 65535, not {text!r}")
    return port


def _workers(text: str) -> int:
    try:
        workers = int(text)
    except ValueError:
        workers = 0
    if not 1 <= workers <= 64:
        raise argparse.ArgumentTypeError(f"a number of workers, 1 to 64, not {text!r}")
    return workers


def serve_arguments(parser: argparse.ArgumentParser) -> None:
    """``--db``, ``--host``, ``--port`` and ``--workers``: ``pokerlaws serve``'s and
    ``python -m pokerlaws.service``'s."""
    parser.add_argument(
        "--db",
        metavar="URL",
        default=DEFAULT_DB,
        help=f"the store: sqlite:///PATH (a file), postgresql://... (default {DEFAULT_DB})",
    )
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=_port, default=8000, help="the port (8000)")
    parser.add_argument(
        "--workers",
        type=_workers,
        default=1,
        metavar="N",
        help="server processes on the one port (1); more than one wants a store they can "
        "share, postgresql://...",
    )


def add_serve_command(commands: Any) -> None:
    """Add ``serve`` to the command line's subcommands."""
    serve = commands.add_parser(
        "serve",
        help="host sittings for browsers and programs (the service extra)",
        description="Start the table service: a lobby page at /, a table page for each "
        "seat, and the JSON routes of docs/service.md, over the store --db names.",
    )
    serve_arguments(serve)
