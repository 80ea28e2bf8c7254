"""``pokerlaws match``: a tournament of bots, each stranger's bot in a process of its own.

``pokerlaws match --bot NAME=COMMAND ... [--peel NAME]... [--random NAME]... --sittings N
--games N [--seed N] [--timeout S] [--workers N] [--record DIR] [--bot-log DIR] [--json]``
seats the players in the order given: every ``--bot`` through
:func:`pokerlaws.bots.process_bot` (the seat protocol, :mod:`pokerlaws.seats`), beside the
ready ``peel_bot`` and ``random_bot``; ``--workers`` plays the sittings on a process pool.
It prints each player's net chips, games and faults (the defaults his seat took), then, for
a player with faults, how many of each kind and the first few with the decision they
happened at (:mod:`pokerlaws.faults`), or one JSON document; and exits 0, whatever the bots
did. A bot's standard error never reaches the table's output: ``--bot-log DIR`` keeps it, a
file a bot, for its author. The seed defaults to 128 secret bits (``secrets``), so no
entrant can know the packs; it is printed at the end, when knowing it helps no one.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import secrets
import shlex
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TextIO

from pokerlaws.bots import Policy, peel_bot, random_bot
from pokerlaws.cli.commands import add_match_command
from pokerlaws.cli.output import OutputRefused, write_whole
from pokerlaws.cli.text import printable, say
from pokerlaws.faults import FaultReport
from pokerlaws.rules import Rules
from pokerlaws.seats import process_bot
from pokerlaws.simulation import SimulationResult, simulate
from pokerlaws.sitting.record import format_sitting_record

__all__ = ["add_match_command", "run_match"]

OK, MALFORMED = 0, 2


def _log_files(names: Sequence[str], folder: Path) -> dict[str, Path]:
    """A file in ``folder`` for each bot's standard error: its name, kept to letters, digits,
    dots, dashes and underscores (a name is a stranger's text, never a path), and its place
    at the table where two names would share a file."""
    safe = [re.sub(r"[^A-Za-z0-9._-]", "_", name).lstrip(".") or "bot" for name in names]
    return {
        name: folder / (f"{plain}.log" if safe.count(plain) == 1 else f"{plain}-{k}.log")
        for k, (name, plain) in enumerate(zip(names, safe, strict=True))
    }


def _players(
    seats: Sequence[tuple[str, str]], timeout: float, startup: float, logs: Path | None = None
) -> dict[str, Policy] | str:
    """The players by name, in seating order, or what is wrong with the options."""
    players: dict[str, Policy] = {}
    named = [value.partition("=")[0] for kind, value in seats if kind == "bot"]
    files = {} if logs is None else _log_files(named, logs)
    for kind, value in seats:
        if kind == "bot":
            name, equals, command = value.partition("=")
            if not equals:
                return f"--bot {value!r}: write NAME=COMMAND"
            try:
                words = shlex.split(command)
            except ValueError as error:
                return f"--bot {name!r}: {error}"
            if not words:
                return f"--bot {name!r}: the command is empty"
            policy: Policy = process_bot(
                words, timeout=timeout, name=name, startup=startup, stderr=files.get(name)
            )
        else:
            name = value
            policy = peel_bot if kind == "peel" else random_bot
        if name in players:
            return f"two players are named {name!r}"
        players[name] = policy
    if not 2 <= len(players) <= 10:
        return f"a match seats 2 to 10 players (--bot, --peel, --random), not {len(players)}"
    return players


def _write_records(result: SimulationResult, folder: str) -> list[Path]:
    directory = Path(folder)
    directory.mkdir(parents=True, exist_ok=True)
    width = max(4, len(str(len(result.records))))
    written = []
    for index, sitting in enumerate(result.records):
        path = directory / f"sitting-{index:0{width}d}.txt"
        write_whole(str(path), format_sitting_record(sitting))
        written.append(path)
    return written


def _report(result: SimulationResult, kinds: dict[str, str], sittings: int, out: TextIO) -> None:
    names = list(result.results)
    width = max(6, *(len(printable(name)) for name in names))
    say(out, f"{sittings} sittings, {result.games} games, {result.jackpots} jack-pots")
    say(out, f"{'player':<{width}}  {'kind':<6}  {'net':>8}  {'games':>6}  {'faults':>6}")
    for name in names:
        say(
            out,
            f"{printable(name):<{width}}  {kinds[name]:<6}  {result.results[name]:>+8}  "
            f"{result.games:>6}  {result.faults[name]:>6}",
        )
    for name in names:
        faults = result.fault_report(name)
        if faults.total:
            counted = ", ".join(
                f"{count} {kind}" for kind, count in faults.by_kind().items() if count
            )
            say(out, f"faults of {name}: {counted}")
            for fault in faults.first:
                say(out, f"  {fault}")
    say(out, f"seed {result.seed}")


def _faults_data(faults: FaultReport) -> dict[str, Any]:
    """A player's faults in the JSON document: every kind's count, the first few in full."""
    return {
        "fault_kinds": faults.by_kind(),
        "first_faults": [fault.to_data() for fault in faults.first],
    }


def run_match(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Play the match the parsed ``args`` describe; return the exit status (0, or 2 for
    options that describe no match or a record that cannot be written)."""
    logs = None if args.bot_log is None else Path(args.bot_log)
    players = _players(args.seats or [], args.timeout, args.startup, logs)
    if isinstance(players, str):
        say(err, f"pokerlaws match: {players}")
        return MALFORMED
    if logs is not None:
        try:
            logs.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            say(err, f"pokerlaws match: cannot make the bots' log folder: {error}")
            return MALFORMED
    kinds = {
        name: "bot" if kind == "bot" else kind
        for (kind, _), name in zip(args.seats, players, strict=True)
    }
    seed = secrets.randbits(128) if args.seed is None else args.seed
    try:
        with contextlib.ExitStack() as stack:
            # process_bot pickles as its command: each worker starts its own bots.
            pool = None
            if args.workers > 1:
                pool = stack.enter_context(ProcessPoolExecutor(max_workers=args.workers))
            result = simulate(
                players,
                sittings=args.sittings,
                games=args.games,
                seed=seed,
                rules=Rules(ante=1, limit=4),
                chips=args.chips,
                executor=pool,
                chunk_size=1 if pool is not None else None,
                records=args.record is not None,
            )
    except ValueError as error:  # a name the sitting refuses (blank, padded, unprintable)
        say(err, f"pokerlaws match: {error}")
        return MALFORMED
    written: list[Path] = []
    if args.record is not None:
        try:
            written = _write_records(result, args.record)
        except (OSError, OutputRefused) as error:
            say(err, f"pokerlaws match: cannot write the records: {error}")
            return MALFORMED
    if args.json:
        document = {
            "sittings": args.sittings,
            "games": result.games,
            "jackpots": result.jackpots,
            "seed": result.seed,
            "players": [
                {
                    "name": name,
                    "kind": kinds[name],
                    "net": result.results[name],
                    "games": result.games,
                    "faults": result.faults[name],
                    **_faults_data(result.fault_report(name)),
                }
                for name in result.results
            ],
            "records": [str(path) for path in written],
        }
        out.write(json.dumps(document, ensure_ascii=True) + "\n")
        return OK
    _report(result, kinds, args.sittings, out)
    if written:
        say(out, f"wrote {len(written)} sitting records in {printable(args.record)}")
    return OK
