"""Profile whole random games (``bench_game.py``'s games and policy) with cProfile.

Run from the repository root::

    python benchmarks/profile_game.py [--games N] [--seed S] > benchmarks/profile_game.txt

The games are played once untimed (the engine's caches filled, as in the benchmark's
warm-up), then once under the profiler; the report lists the functions by their own time,
then by their time with what they call. cProfile's own cost per call inflates the small
functions, so read it for where the time goes, not for the absolute figures
(``bench_game.py`` gives those).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_game import load, machine, plan, play_pokerlaws


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000, help="games (1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of every RNG (0)")
    parser.add_argument("--top", type=int, default=30, help="functions listed (30)")
    args = parser.parse_args(argv)
    games = plan(args.seed, args.games)
    rng = random.Random(args.seed)
    for game in games:
        play_pokerlaws(rng, game)
    profile = cProfile.Profile()
    rng = random.Random(args.seed)
    profile.enable()
    for game in games:
        play_pokerlaws(rng, game)
    profile.disable()
    print(f"cProfile of {args.games} whole random games (bench_game.py's), seed {args.seed}")
    print(f"machine: {machine()}, load average {load()}")
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        stats = pstats.Stats(profile, stream=out)
        stats.strip_dirs().sort_stats(order).print_stats(args.top)
        print(f"\n=== by {order} ===")
        print(out.getvalue().strip())


if __name__ == "__main__":
    main()
