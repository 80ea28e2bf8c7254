"""Strangers' bots: what the seat protocol costs, beside the same play in this process.

Run from the repository root::

    python benchmarks/bench_bots.py [--games N] [--repeat R] [--sittings N]
                                    [--sitting-games N] [--seed S]

**Decisions.** The views of the seat to act at every turn of ``--games`` games among four
``peel_bot`` players (seeded packs), answered three ways, taking turns ``--repeat`` times,
the fastest of each kept: ``peel_bot`` called in this process; ``process_bot`` running
``python -m pokerlaws.bots peel`` (the view written as JSON, read back by the bot with
``from_json``, its answer read and checked); and ``process_bot`` running a bot of a dozen
lines with the standard library only (the first legal action, as the view lists it), so
the protocol's own cost shows apart from the bot's. Each process is started and answers
once before the timing; the start-up (the first answer of a fresh process) is timed apart.

**A match.** ``simulate`` of ``--sittings`` sittings of up to ``--sitting-games`` games
among four ``peel_bot`` players in this process, and among four ``python -m pokerlaws.bots
peel`` processes (what ``pokerlaws match`` runs: each sitting starts its four processes);
the two results are checked equal (the stdio bot makes peel_bot's every choice).

Wall-clock time (``perf_counter``): the bots work in other processes, so the table's CPU
time would leave them out.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from importlib.metadata import version
from pathlib import Path

import pokerlaws as pl
from pokerlaws.bots import Policy, peel_bot, process_bot
from pokerlaws.seats import ProcessBot
from pokerlaws.simulation import simulate

RULES = pl.Rules(ante=1, limit=4)
PEEL = [sys.executable, "-m", "pokerlaws.bots", "peel"]
PLAIN_BOT = """\
import json, sys
for line in sys.stdin:
    document = json.loads(line)
    if document["type"] == "PlayerView":
        print(json.dumps(document["legal_actions"][0]), flush=True)
    elif document["type"] == "Bye":
        break
"""


def machine() -> str:
    """The interpreter, the system and the processor (as bench_game.py says them, without
    needing PokerKit)."""
    model = platform.processor() or platform.machine()
    with contextlib.suppress(OSError), open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
        for line in cpuinfo:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    python = f"{platform.python_implementation()} {platform.python_version()}"
    return f"{python}, {model}, {os.cpu_count()} CPUs"


def views(games: int, seed: int) -> list[pl.PlayerView]:
    """The view of the seat to act at each turn of ``games`` games among four peel_bots."""
    rng = random.Random(seed)
    found = []
    for k in range(games):
        state = pl.new_game(RULES, [100] * 4, dealer=k % 4, deck=pl.shuffled_deck(seed + k))
        while state.to_act is not None:
            seen = pl.view(state, state.to_act)
            found.append(seen)
            after = pl.apply(state, peel_bot(seen, rng))
            assert isinstance(after, pl.GameState)
            state = after
    return found


def answer_all(policy: Policy, seen: Sequence[pl.PlayerView]) -> float:
    rng = random.Random(0)
    start = time.perf_counter()
    for one in seen:
        policy(one, rng)
    return time.perf_counter() - start


def startup(command: list[str], first: pl.PlayerView, rounds: int = 3) -> float:
    """The fastest first answer of a fresh process, start included."""
    best = float("inf")
    for _ in range(rounds):
        with process_bot(command, timeout=30.0) as bot:
            start = time.perf_counter()
            bot(first, random.Random(0))
            best = min(best, time.perf_counter() - start)
    return best


def decisions(games: int, seed: int, repeat: int) -> None:
    seen = views(games, seed)
    with tempfile.TemporaryDirectory() as folder:
        plain = Path(folder) / "plain_bot.py"
        plain.write_text(PLAIN_BOT, "utf-8")
        commands = {"stdio peel": PEEL, "stdio plain": [sys.executable, str(plain)]}
        bots: dict[str, ProcessBot] = {
            name: process_bot(command, timeout=30.0) for name, command in commands.items()
        }
        policies: dict[str, Callable[..., object]] = {"peel_bot in process": peel_bot, **bots}
        for bot in bots.values():
            bot(seen[0], random.Random(0))  # started, and warm
        best = dict.fromkeys(policies, float("inf"))
        for _ in range(repeat):
            for name, policy in policies.items():
                best[name] = min(best[name], answer_all(policy, seen))  # type: ignore[arg-type]
        starts = {name: startup(command, seen[0]) for name, command in commands.items()}
        faults = {name: bot.faults for name, bot in bots.items()}
        for bot in bots.values():
            bot.close()
    n = len(seen)
    print(f"Decisions: {n} views of {games} games (4 seats), best of {repeat}")
    print(f"{'':<22}{'decisions/s':>12}{'µs each':>10}{'start-up':>10}{'faults':>8}")
    inside = best["peel_bot in process"]
    for name, seconds in best.items():
        start = f"{starts[name] * 1e3:.0f} ms" if name in starts else ""
        fault = str(faults[name]) if name in faults else ""
        print(f"{name:<22}{n / seconds:>12,.0f}{seconds / n * 1e6:>10.0f}{start:>10}{fault:>8}")
    for name in bots:
        print(f"ratio peel_bot in process / {name}: {best[name] / inside:,.0f}x")


def match(sittings: int, games: int, seed: int) -> None:
    inside: dict[str, Policy] = {f"peel {k}": peel_bot for k in range(4)}
    outside: dict[str, Policy] = {f"peel {k}": process_bot(PEEL, timeout=5.0) for k in range(4)}
    start = time.perf_counter()
    alone = simulate(inside, sittings=sittings, games=games, seed=seed)
    one = time.perf_counter() - start
    start = time.perf_counter()
    played = simulate(outside, sittings=sittings, games=games, seed=seed)
    stdio = time.perf_counter() - start
    if (played.results, played.per_sitting) != (alone.results, alone.per_sitting):
        raise RuntimeError("the stdio peel bots played another match than peel_bot")
    print(
        f"A match: {sittings} sittings of up to {games} games, {alone.games} games, "
        f"four peel bots; faults {sum(played.faults.values())}"
    )
    print(f"  simulate, peel_bot in process  {one:8.2f} s  {alone.games / one:10,.1f} games/s")
    print(
        f"  simulate, 4 stdio peel bots    {stdio:8.2f} s  {played.games / stdio:10,.1f} games/s"
    )
    print(f"  ratio in process / stdio: {stdio / one:,.0f}x")
    starts = 4 * sittings
    print(f"  {starts} bot processes started: {stdio / starts * 1e3:,.0f} ms of the match each")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200, help="games whose views (200)")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions, fastest kept (3)")
    parser.add_argument("--sittings", type=int, default=10, help="sittings of the match (10)")
    parser.add_argument("--sitting-games", type=int, default=10, help="games a sitting (10)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the packs (0)")
    args = parser.parse_args(argv)
    if min(args.games, args.repeat, args.sittings, args.sitting_games) < 1:
        parser.error("every count must be at least 1")
    print(f"machine: {machine()}; load average {os.getloadavg()[0]:.2f}")
    print(f"pokerlaws {version('pokerlaws')}, Python {sys.version.split()[0]}")
    print()
    decisions(args.games, args.seed, args.repeat)
    print()
    match(args.sittings, args.sitting_games, args.seed)


if __name__ == "__main__":
    main()
