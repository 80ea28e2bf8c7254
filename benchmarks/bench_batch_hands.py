"""Hands valued in batch: ``pokerlaws.batch.evaluate`` beside ``pokerlaws.evaluate`` and treys.

Run from the repository root, with the ``batch`` and ``bench`` extras installed::

    python benchmarks/bench_batch_hands.py [--hands N] [--loop-hands N] [--seed S] [--repeat R]

What is measured, in CPU seconds of this process (``time.process_time``, so time spent
waiting for a CPU on a shared machine is left out), the best of ``--repeat`` runs:

- ``batch.evaluate`` on ``--hands`` random hands of five different cards (a seeded numpy
  generator), int8 codes and int64 codes, under Peel's rules, each variant alone, all five,
  and hands with the Joker (dealt from the 53-card pack with the Joker in every hand); each
  HandRules is used once before timing, and the time that first use takes (building its
  tables) is printed beside;
- ``pokerlaws.evaluate`` one hand at a time and treys' ``Evaluator().evaluate(cards, [])`` on
  the first ``--loop-hands`` of the same hands, converted before any timing (tuples of the
  core's Cards, lists of treys ints);
- the ratios: batch hands/s over the core's, and over treys'. The load average is printed
  before and after, as the machine may be shared.
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import platform
import time
from collections.abc import Callable
from importlib.metadata import version
from typing import Any

import numpy as np
from treys import Card as TreysCard
from treys import Evaluator

import pokerlaws
from pokerlaws import HandRules
from pokerlaws.agents import card_code
from pokerlaws.batch import hands as batch_hands

VARIANTS = {
    "Peel's rules": HandRules(),
    "blaze": HandRules(blaze=True),
    "skip_sequence": HandRules(skip_sequence=True),
    "ace_high_sequences": HandRules(ace_high_sequences=True),
    "heart_flushes_first=False": HandRules(heart_flushes_first=False),
    "heart_sequences_first": HandRules(heart_sequences_first=True),
    "all five variants": HandRules(
        blaze=True,
        skip_sequence=True,
        ace_high_sequences=True,
        heart_flushes_first=False,
        heart_sequences_first=True,
    ),
}


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """The least CPU time of ``repeat`` runs, collected first and the collector off."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            start = time.process_time()
            run()
            best = min(best, time.process_time() - start)
        finally:
            gc.enable()
    return best


def dealt(rng: np.random.Generator, count: int, *, joker: bool) -> Any:
    """``count`` hands of five different cards, codes as int8; with ``joker`` each holds
    the Joker."""
    hands = np.empty((count, 5), dtype=np.int8)
    for start in range(0, count, 100_000):
        stop = min(start + 100_000, count)
        pack = 53 if joker else 52
        order = np.argsort(rng.random((stop - start, pack)), axis=1)
        if joker:
            order = order[order != 52].reshape(stop - start, 52)[:, :4]
            hands[start:stop, 0] = 52
            hands[start:stop, 1:] = order
        else:
            hands[start:stop] = order[:, :5]
    return hands


def line(name: str, count: int, seconds: float) -> float:
    rate = count / seconds
    print(f"  {name:<46} {rate / 1e6:8.2f} M hands/s {seconds / count * 1e9:9.1f} ns/hand")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000_000)
    parser.add_argument("--loop-hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1891)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    count, repeat = args.hands, args.repeat
    print(
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.machine()}, {os.cpu_count()} CPUs; numpy {np.__version__}, "
        f"pokerlaws {pokerlaws.__version__}, treys {version('treys')}; load average "
        + " ".join(f"{load:.2f}" for load in os.getloadavg())
    )
    rng = np.random.default_rng(args.seed)
    hands = dealt(rng, count, joker=False)
    wide = hands.astype(np.int64)
    jokers = dealt(rng, count, joker=True)

    print(f"batch.evaluate, {count:,} hands (first use of each HandRules builds its tables):")
    rates: dict[str, float] = {}
    for name, rules in VARIANTS.items():
        start = time.process_time()
        batch_hands.evaluate(hands[:1], rules)
        built = time.process_time() - start
        seconds = best_of(repeat, functools.partial(batch_hands.evaluate, hands, rules))
        rates[name] = line(f"{name} (tables {built:.2f} s)", count, seconds)
    peel = HandRules()
    line("Peel's rules, int64 codes", count, best_of(repeat, lambda: batch_hands.evaluate(wide)))
    start = time.process_time()
    batch_hands.evaluate(jokers[:1], peel)
    built = time.process_time() - start
    seconds = best_of(repeat, lambda: batch_hands.evaluate(jokers, peel))
    line(f"every hand with the Joker (its rows {built:.2f} s)", count, seconds)

    loop = min(args.loop_hands, count)
    cards = {card_code(card): card for card in pokerlaws.standard_deck()}
    ours = [tuple(cards[code] for code in row) for row in hands[:loop].tolist()]
    theirs = [[TreysCard.new(str(card)) for card in hand] for hand in ours]
    evaluator = Evaluator()
    evaluate = pokerlaws.evaluate

    def core() -> None:
        for hand in ours:
            evaluate(hand)

    def treys() -> None:
        for hand in theirs:
            evaluator.evaluate(hand, [])

    print(f"one hand at a time, the first {loop:,} of the same hands:")
    core_rate = line("pokerlaws.evaluate(hand)", loop, best_of(repeat, core))
    treys_rate = line("treys Evaluator().evaluate(hand, [])", loop, best_of(repeat, treys))
    batch_rate = rates["Peel's rules"]
    print(
        f"ratios (Peel's rules): batch/pokerlaws.evaluate {batch_rate / core_rate:.1f}x, "
        f"batch/treys {batch_rate / treys_rate:.1f}x"
    )
    print("load average after: " + " ".join(f"{load:.2f}" for load in os.getloadavg()))


if __name__ == "__main__":
    main()
