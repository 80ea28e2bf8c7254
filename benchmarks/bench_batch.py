"""Many games in lockstep: ``pokerlaws.batch.Tables`` beside the object engine and OpenSpiel.

Run from the repository root, with the ``batch`` and ``bench`` extras and ``open_spiel``
installed (``gymnasium`` too for the ``VectorSeatEnv`` row)::

    python benchmarks/bench_batch.py [--tables 1000 10000 100000] [--seats 6] [--seconds S]

Every row plays random legal actions at tables of ``--seats`` seats, 100 chips a seat, ante
1, limit 4, one game a deal, and counts finished games in CPU seconds of this process
(``time.process_time``: time spent waiting for a CPU on a shared machine is left out):

- ``Tables`` at each ``--tables`` size: each step draws one id a table from
  ``legal_mask()`` in numpy (uniform over the legal ids: a uniform number a legal id, the
  largest kept), steps, and restarts the finished tables with new packs
  (``reset(..., where=over)``, the packs drawn by ``Generator.permuted``); all of it inside
  the timing. Memory a table is ``Tables.nbytes() / n`` (every array, the id logs included).
- ``Tables`` at 10,000 tables with ``threads=1`` and ``threads=2``, in wall-clock time.
- ``Tables`` to the end, at each size up to 10,000: ``n`` games from one ``reset`` until
  every table is over (the tail, when few tables are live, included).
- ``Tables.play`` at 10,000 tables, ``"random"`` and ``"peel"`` at every seat: the tables
  dealt anew (``reset``, the packs drawn in numpy) and played to their end, over and over,
  all of it inside the timing.
- the object engine: ``new_game`` and ``ActionSpace.step`` with an id drawn uniformly from
  ``legal_ids`` (numpy's generator), the deck shuffled by ``random.Random``.
- OpenSpiel's ``universal_poker``: six-handed no-limit hold'em (the ACPC game string is
  printed) under the ``fcpa`` betting abstraction (fold, call, pot, all-in), driven from a
  Python loop: chance outcomes and legal actions drawn uniformly.
- ``VectorSeatEnv`` against ``"peel"`` at 1,000 environments, random legal learner ids from
  the mask, where it is installed: steps a second (learner steps).

The load average is printed before and after; the ratios are batch games/s at 10,000 tables
over the object engine's and over OpenSpiel's.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from collections.abc import Callable

import numpy as np

import pokerlaws as pl
from pokerlaws.agents import ActionSpace
from pokerlaws.batch import Tables

RULES = pl.Rules(ante=1, limit=4)
CHIPS = 100
HOLDEM = (
    "universal_poker(betting=nolimit,numPlayers=6,numRounds=4,blind=50 100 0 0 0 0,"
    "firstPlayer=3 1 1 1,numSuits=4,numRanks=13,numHoleCards=2,numBoardCards=0 3 1 1,"
    "stack=20000 20000 20000 20000 20000 20000,bettingAbstraction=fcpa)"
)


def timed(
    seconds: float, run: Callable[[], int], clock: Callable[[], float] = time.process_time
) -> tuple[float, int]:
    """Call ``run`` (which returns games finished) until ``seconds`` of ``clock`` (CPU time
    unless told) have passed; the games a second, and the games."""
    games = 0
    start = clock()
    while (spent := clock() - start) < seconds:
        games += run()
    return games / spent, games


def random_ids(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One legal id a row of ``mask``, uniformly: the largest of a uniform number a legal
    id (illegal ids get 0)."""
    return np.asarray((rng.random(mask.shape) * mask).argmax(axis=1))


def batch_rate(
    n: int,
    seats: int,
    seconds: float,
    seed: int,
    threads: int = 1,
    clock: Callable[[], float] = time.process_time,
) -> tuple[float, float, float]:
    """Games a second, actions a game and bytes a table of ``n`` tables in lockstep."""
    rng = np.random.default_rng(seed)
    tables = Tables(RULES, seats, n, threads=threads)
    ordered = np.arange(52, dtype=np.int8)
    tables.reset(rng.permuted(np.tile(ordered, (n, 1)), axis=1), stacks=CHIPS)
    steps = 0

    def run() -> int:
        nonlocal steps
        tables.step(random_ids(tables.legal_mask(), rng))
        steps += 1
        over = tables.over
        done = int(over.sum())
        if done:
            packs = rng.permuted(np.tile(ordered, (done, 1)), axis=1)
            tables.reset(packs, stacks=CHIPS, where=over)
        return done

    for _ in range(30):  # the hand tables built, the arrays warmed
        run()
    steps = 0
    rate, games = timed(seconds, run, clock)
    return rate, steps * n / max(games, 1), tables.nbytes() / n


def to_the_end_rate(n: int, seats: int, seed: int) -> float:
    """Games a second of ``n`` games played to their end (no table dealt anew: the run's
    tail, when few tables are live, included)."""
    rng = np.random.default_rng(seed)
    tables = Tables(RULES, seats, n)
    ordered = np.arange(52, dtype=np.int8)
    tables.reset(rng.permuted(np.tile(ordered, (n, 1)), axis=1), stacks=CHIPS)
    start = time.process_time()
    while not tables.over.all():
        tables.step(random_ids(tables.legal_mask(), rng))
    return n / (time.process_time() - start)


def play_rate(n: int, seats: int, policy: str, seconds: float, seed: int) -> tuple[float, float]:
    """Games a second, and ids a game, of ``n`` tables dealt and played to their end by
    ``Tables.play(policy, rng)``, again and again."""
    rng = np.random.default_rng(seed)
    tables = Tables(RULES, seats, n)
    ordered = np.arange(52, dtype=np.int8)
    ids = 0

    def run() -> int:
        nonlocal ids
        tables.reset(rng.permuted(np.tile(ordered, (n, 1)), axis=1), stacks=CHIPS)
        tables.play(policy, rng)
        ids += int(tables._a.log_len.sum())
        return n

    run()  # compiled or loaded from the cache, the hand tables built
    ids = 0
    rate, games = timed(seconds, run)
    return rate, ids / games


def engine_rate(seats: int, seconds: float, seed: int) -> float:
    space = ActionSpace(RULES, seats)
    rng = np.random.default_rng(seed)
    shuffler = random.Random(seed)
    deck = list(pl.standard_deck())

    def run() -> int:
        shuffler.shuffle(deck)
        state = pl.new_game(RULES, (CHIPS,) * seats, dealer=0, deck=deck)
        while state.phase is not pl.Phase.OVER:
            ids = space.legal_ids(state)
            after = space.step(state, ids[int(rng.integers(len(ids)))])
            assert isinstance(after, pl.GameState)
            state = after
        return 1

    return timed(seconds, run)[0]


def openspiel_rate(seconds: float, seed: int) -> float | None:
    try:
        import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game(HOLDEM)
    print(f"OpenSpiel {HOLDEM}")
    print(f"  as loaded: {game}")
    rng = random.Random(seed)

    def run() -> int:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        return 1

    return timed(seconds, run)[0]


def vector_env_rate(seats: int, seconds: float, seed: int) -> float | None:
    try:
        from pokerlaws.gymnasium import VectorSeatEnv  # type: ignore[attr-defined, unused-ignore]
    except ImportError:
        return None
    envs = VectorSeatEnv(RULES, seats, 1000, opponents="peel", chips=CHIPS)
    rng = np.random.default_rng(seed)
    _, info = envs.reset(seed=seed)

    def run() -> int:
        nonlocal info
        _, _, _, _, info = envs.step(random_ids(info["action_mask"], rng))
        return 1000

    return timed(seconds, run)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1000, 10_000, 100_000])
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1891)
    args = parser.parse_args()
    print(
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.machine()}, {os.cpu_count()} CPUs; numpy {np.__version__}, "
        f"pokerlaws {pl.__version__}; load average "
        + " ".join(f"{load:.2f}" for load in os.getloadavg())
    )
    print(f"{args.seats} seats, {CHIPS} chips, ante 1, limit 4, random legal actions")
    rates: dict[int, float] = {}
    for n in args.tables:
        rate, actions, size = batch_rate(n, args.seats, args.seconds, args.seed)
        rates[n] = rate
        print(
            f"Tables, {n:>7,} tables: {rate:>10,.0f} games/s "
            f"({actions:.1f} actions a game, {size:,.0f} bytes a table)"
        )
    for threads in (1, 2):
        # Wall-clock time: the CPU time of two threads would count both.
        rate, _, _ = batch_rate(
            10_000, args.seats, args.seconds, args.seed, threads, time.perf_counter
        )
        print(f"Tables, 10,000 tables, threads={threads}: {rate:>10,.0f} games/s (wall clock)")
    for n in args.tables:
        if n <= 10_000:
            rate = to_the_end_rate(n, args.seats, args.seed)
            print(f"Tables, {n:>7,} games to their end: {rate:>10,.0f} games/s")
    for policy in ("random", "peel"):
        rate, ids = play_rate(10_000, args.seats, policy, args.seconds, args.seed)
        print(
            f"Tables.play, 10,000 tables, {policy!r} at every seat: {rate:>10,.0f} games/s "
            f"({ids:.1f} ids a game)"
        )
    engine = engine_rate(args.seats, args.seconds, args.seed)
    print(f"object engine (ActionSpace.step): {engine:>10,.0f} games/s")
    spiel = openspiel_rate(args.seconds, args.seed)
    if spiel is None:
        print("OpenSpiel: not installed")
    else:
        print(f"OpenSpiel universal_poker, six-handed hold'em: {spiel:>10,.0f} games/s")
    vector = vector_env_rate(args.seats, args.seconds, args.seed)
    if vector is None:
        print("VectorSeatEnv: not available")
    else:
        print(f"VectorSeatEnv, 1,000 envs against peel: {vector:>10,.0f} learner steps/s")
    base = rates.get(10_000, next(iter(rates.values())))
    print(f"ratios: batch at 10,000 tables / object engine {base / engine:.1f}x", end="")
    print(f", / OpenSpiel {base / spiel:.1f}x" if spiel else "")
    print("load average " + " ".join(f"{load:.2f}" for load in os.getloadavg()))


if __name__ == "__main__":
    main()
