"""``python -m pokerlaws.batch``: compile every kernel of the batch now, into numba's cache.

numba compiles the batch's laws the first time a process uses them (a minute or two of CPU
on a new install) and keeps the machine code in its cache, where every later process finds
it ("Compile once" in docs/batch.md). This plays a few small games through each entry
point Python calls (``reset``, ``legal_mask``, ``step``, ``observation``, ``next_games``,
``play`` with each ready bot, the bots over masks, ``evaluate``, the Law 41 shuffle of ten
seats), on one thread and on two, so that the compiling is done at a moment of the user's
choosing: after an install, before a benchmark, beside other work in CI. It prints how long
it took.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

import numpy as np

from pokerlaws.batch.bots import peel_ids, random_ids
from pokerlaws.batch.hands import evaluate
from pokerlaws.batch.tables import Tables
from pokerlaws.rules import Rules

__all__ = ["compile_kernels", "main"]


def compile_kernels() -> None:
    """Use every kernel once, so that numba compiles (or loads) each and caches it."""
    rng = np.random.default_rng(0)
    for rules in (Rules(ante=1, limit=4), Rules(ante=1, limit=4, joker=True)):
        pack = 53 if rules.joker else 52
        for threads in (1, 2):
            tables = Tables(rules, 3, 4, threads=threads)
            tables.reset(np.array([rng.permutation(pack) for _ in range(4)]))
            while not tables.over.all():
                mask = tables.legal_mask()
                seen = tables.observation()
                live = ~tables.over
                ids = np.zeros(4, np.int64)
                ids[live] = random_ids(mask[live], rng)
                opened = tables.opened
                peel_ids(seen[live], mask[live], opened[live], rules, rng)
                tables.step(ids, where=live)
            tables.next_games(np.array([rng.permutation(pack) for _ in range(4)]))
            tables.play("peel", rng)
            tables.next_games(np.array([rng.permutation(pack) for _ in range(4)]))
            tables.play(["random", "peel", "random"], rng)
        evaluate(np.array([rng.permutation(pack)[:5] for _ in range(4)]), rules.hands)
        # Ten seats: a draw there runs the stock short, so the dealer's Law 41 shuffle (its
        # kernel) is compiled too.
        tables = Tables(rules, 10, 16)
        tables.reset(np.array([rng.permutation(pack) for _ in range(16)]))
        tables.play("random", rng)


def main(argv: Sequence[str] | None = None) -> int:
    """Compile every kernel; print the wall and CPU time it took."""
    args = sys.argv[1:] if argv is None else list(argv)
    if args:
        print("usage: python -m pokerlaws.batch (no arguments)", file=sys.stderr)
        return 2
    wall, cpu = time.perf_counter(), time.process_time()
    compile_kernels()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"pokerlaws.batch: every kernel compiled and cached ({wall:.1f} s, {cpu:.1f} s of CPU)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
