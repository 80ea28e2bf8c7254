"""States: the memory a retained state holds, and a final state's pickle round trip.

Run from the repository root::

    python benchmarks/bench_state.py [--games N] [--seed S] [--repeat R]

- **Memory**: ``--games`` random games (4 to 6 seats, the games and the random policy of
  ``bench_game.py``) played with every state kept; ``tracemalloc`` counts the bytes still
  allocated once they are all built, over the number of states. What states share (the
  rules, the deck, the cards, cached action records) is counted once, where it was made.
- **Pickle round trip**: ``pickle.loads(pickle.dumps(state))`` of each game's final state,
  against the time to play a game: the same games played with the policy, and replayed from
  their recorded decisions (the engine alone). The three take turns in each of
  ``--repeat`` rounds, in CPU time; the fastest round of each counts.
"""

from __future__ import annotations

import argparse
import gc
import pickle
import random
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_game import (
    RULES,
    STACK,
    Game,
    choose,
    load,
    machine,
    plan,
    play_pokerlaws,
    record_pokerlaws,
    replay_pokerlaws,
)

from pokerlaws import GameState, Phase, apply, legal_actions, new_game, shuffled_deck

MEMORY_TARGET = 1024
"""Issue 18: at most a kilobyte a retained state."""
PICKLE_TARGET = 0.25
"""Issue 18: a final state's round trip at most a quarter of the time to play a game."""


def every_state(games: list[Game], seed: int) -> list[GameState]:
    """Play ``games`` with the random policy and return every state of each, in order."""
    rng = random.Random(seed)
    states: list[GameState] = []
    for seats, deck_seed in games:
        state = new_game(
            RULES, (STACK,) * seats, dealer=rng.randrange(seats), deck=shuffled_deck(deck_seed)
        )
        states.append(state)
        while state.phase is not Phase.OVER:
            result = apply(state, choose(rng, state, legal_actions(state)))
            assert isinstance(result, GameState)
            state = result
            states.append(state)
    return states


def bytes_per_state(games: list[Game], seed: int) -> tuple[float, int]:
    """The bytes allocated and still held once every state of ``games`` is kept, over the
    number of states; and that number. Played once untimed first, so that the engine's
    caches (menus, turn orders, tables) are filled before counting."""
    every_state(games, seed)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        states = every_state(games, seed)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    return held / len(states), len(states)


def timed(run: Callable[[], object]) -> float:
    """The CPU seconds of one call of ``run``."""
    gc.collect()
    start = time.process_time()
    run()
    return time.process_time() - start


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=300, help="games (300)")
    parser.add_argument("--seed", type=int, default=0, help="seed of every RNG (0)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds, fastest kept (5)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")
    games = plan(args.seed, args.games)

    per_state, count = bytes_per_state(games, args.seed)

    states = every_state(games, args.seed)
    finals = [state for state in states if state.phase is Phase.OVER]
    rng = random.Random(args.seed)
    recorded = [record_pokerlaws(rng, game) for game in games]
    sizes = [len(pickle.dumps(state, pickle.HIGHEST_PROTOCOL)) for state in finals]

    def round_trips() -> None:
        for state in finals:
            pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))

    def play() -> None:
        rng = random.Random(args.seed)
        for game in games:
            play_pokerlaws(rng, game)

    def replay() -> None:
        for game, (dealer, decisions) in zip(games, recorded, strict=True):
            replay_pokerlaws(game, dealer, decisions)

    round_trips()  # warm-up
    runs = {"round trip": round_trips, "play": play, "replay": replay}
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(args.repeat):
        for name, run in runs.items():
            best[name] = min(best[name], timed(run))
    trip, game, engine = (best[name] / len(finals) for name in runs)

    print(f"States: {args.games} random games, 4-6 seats, seed {args.seed}")
    print(f"machine: {machine()}, load average {load()}")
    print(f"pokerlaws {version('pokerlaws')}, best of {args.repeat} rounds (CPU time)")
    print()
    verdict = "met" if per_state <= MEMORY_TARGET else "NOT met"
    print(
        f"memory: {per_state:,.0f} bytes a retained state over {count:,} states "
        f"(target <= {MEMORY_TARGET}: {verdict})"
    )
    print(
        f"pickle of a final state: {sum(sizes) / len(sizes):,.0f} bytes on average "
        f"({min(sizes)}-{max(sizes)})"
    )
    print(f"round trip (dumps + loads) of a final state: {trip * 1e6:7.1f} µs")
    print(f"a whole game with the random policy:           {game * 1e6:7.1f} µs")
    print(f"a whole game replayed (the engine alone):      {engine * 1e6:7.1f} µs")
    for name, cost in (("with the policy", game), ("replayed", engine)):
        ratio = trip / cost
        verdict = "met" if ratio <= PICKLE_TARGET else "NOT met"
        print(f"round trip / game {name}: {ratio:.2f} (target <= {PICKLE_TARGET}: {verdict})")


if __name__ == "__main__":
    main()
