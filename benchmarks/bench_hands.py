"""Hand evaluation: ``pokerlaws.evaluate`` against treys (and PokerKit), on the same hands.

Run from the repository root, in an environment with the ``bench`` extra installed::

    python benchmarks/bench_hands.py [--hands N] [--seed S] [--repeat R]

What is measured:

- the same ``--hands`` random five-card hands (dealt with a seeded ``random.Random``) are
  converted, before any timing, to treys integers (lists, as treys wants them) and to
  pokerlaws Cards (tuples of the objects ``standard_deck()`` returns);
- ``treys.Evaluator().evaluate(cards, [])`` and ``pokerlaws.evaluate(cards)`` (Peel's rules)
  are each timed over all the hands, the two taking turns ``--repeat`` times; the fastest
  repetition of each is reported, as ns per call and hands per second, with the ratio;
- for reference, pokerlaws with a variant (the checked path), Joker hands, and PokerKit's
  ``StandardHighHand`` on a tenth of the hands;
- the cost of ``import pokerlaws`` in a fresh interpreter (``-X importtime`` and wall clock)
  and of the first ``evaluate`` call there, which builds the tables.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from importlib.metadata import version
from typing import TypeVar

import pokerkit
from treys import Card as TreysCard
from treys import Evaluator

import pokerlaws
from pokerlaws import JOKER, Card, HandRules, evaluate, standard_deck

T = TypeVar("T")


def best_time(run: Callable[[], object], repeat: int) -> float:
    """Return the fastest of ``repeat`` runs, in seconds, collected first and the collector
    off while timing."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            run()
            best = min(best, time.perf_counter() - start)
        finally:
            gc.enable()
    return best


def time_calls(function: Callable[[T], object], hands: Sequence[T]) -> Callable[[], None]:
    def run() -> None:
        for hand in hands:
            function(hand)

    return run


def report(name: str, seconds: float, count: int) -> float:
    ns = seconds / count * 1e9
    print(f"  {name:<34} {ns:8.0f} ns/call {count / seconds:12,.0f} hands/s")
    return ns


def fresh_python(code: str, repeat: int = 5) -> float:
    """Run ``code`` in new interpreters; return the least it printed (a number of seconds)."""
    results = []
    for _ in range(repeat):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout
        results.append(float(out))
    return min(results)


def import_time_us() -> int:
    """The cumulative ``-X importtime`` figure for ``pokerlaws`` (microseconds), best of 5."""
    best = None
    for _ in range(5):
        err = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", "import pokerlaws"],
            capture_output=True,
            text=True,
            check=True,
        ).stderr
        match = re.search(r"\|\s*(\d+)\s*\|\s*pokerlaws\s*$", err, re.MULTILINE)
        if match is None:
            raise RuntimeError("no importtime line for pokerlaws")
        cumulative = int(match.group(1))
        best = cumulative if best is None else min(best, cumulative)
    assert best is not None
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1891)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()

    print(
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.machine()}, {os.cpu_count()} CPUs; pokerlaws {pokerlaws.__version__}, "
        f"treys {version('treys')}, pokerkit {version('pokerkit')}"
    )
    rng = random.Random(args.seed)
    deck = standard_deck()
    indices = [rng.sample(range(52), 5) for _ in range(args.hands)]
    ours = [tuple(deck[i] for i in hand) for hand in indices]
    theirs = [[TreysCard.new(str(deck[i])) for i in hand] for hand in indices]
    evaluate(ours[0])  # build the tables outside the timed region

    treys_evaluate = Evaluator().evaluate
    board: list[int] = []

    def run_treys() -> None:
        for hand in theirs:
            treys_evaluate(hand, board)

    run_ours = time_calls(evaluate, ours)
    # Take turns so that both sides see the same machine noise.
    treys_best = ours_best = float("inf")
    for _ in range(args.repeat):
        treys_best = min(treys_best, best_time(run_treys, 1))
        ours_best = min(ours_best, best_time(run_ours, 1))

    print(f"\n{args.hands:,} random hands (seed {args.seed}), best of {args.repeat}:")
    treys_ns = report("treys Evaluator().evaluate(h, [])", treys_best, args.hands)
    ours_ns = report("pokerlaws evaluate(h)", ours_best, args.hands)
    print(f"  ratio: pokerlaws is {treys_ns / ours_ns:.2f}x the speed of treys")

    print("\nWhere the time goes (stripped-down copies of the fast path, same hands):")
    _TABLE.update({_key(hand): evaluate(hand) for hand in ours})
    bare = best_time(time_calls(_bare_lookup, ours), args.repeat)
    report("rank-key lookup, nothing checked", bare, args.hands)
    print("  (evaluate adds the flush check, or the repeated-card check, and its guards)")

    print("\nFor reference:")
    blaze = HandRules(blaze=True)
    variant = best_time(lambda: [evaluate(hand, blaze) for hand in ours[:20_000]], args.repeat)
    report("pokerlaws, blaze agreed (checked)", variant, 20_000)
    jokers = [(JOKER, *hand[1:]) for hand in ours[:2_000]]
    first = best_time(time_calls(evaluate, jokers), 1)
    report("pokerlaws, Joker hands, first time", first, len(jokers))
    cached = best_time(time_calls(evaluate, jokers), args.repeat)
    report("pokerlaws, Joker hands, cached", cached, len(jokers))
    kit_hands = [[pokerkit.Card(*_kit(card)) for card in hand] for hand in ours[:20_000]]
    kit = best_time(
        time_calls(pokerkit.StandardHighHand.from_game, kit_hands), min(args.repeat, 3)
    )
    report("pokerkit StandardHighHand.from_game", kit, len(kit_hands))

    print("\nStart-up, in fresh interpreters (best of 5):")
    print(f"  import pokerlaws (-X importtime)   {import_time_us() / 1000:8.1f} ms")
    wall = fresh_python(
        "import time; t = time.perf_counter(); import pokerlaws; print(time.perf_counter() - t)"
    )
    print(f"  import pokerlaws (wall clock)      {wall * 1000:8.1f} ms")
    build = fresh_python(
        "import time, pokerlaws as pl; h = pl.parse_cards('Jh Jd 4c 4s 9h'); "
        "t = time.perf_counter(); pl.evaluate(h); print(time.perf_counter() - t)"
    )
    print(f"  first evaluate (builds the tables) {build * 1000:8.1f} ms")


# The product-of-(rank + 27) keys of the benchmark's hands, each mapped to its value.
_TABLE: dict[int, object] = {}


def _key(hand: Sequence[Card]) -> int:
    key = 1
    for card in hand:
        assert card.rank is not None
        key *= card.rank + 27
    return key


def _bare_lookup(cards: tuple[Card, ...]) -> object:
    # The lookup evaluate makes, with none of its checks: the floor of this design.
    a, b, c, d, e = cards
    return _TABLE[a._factor * b._factor * c._factor * d._factor * e._factor]


def _kit(card: Card) -> tuple[pokerkit.Rank, pokerkit.Suit]:
    text = str(card)
    return pokerkit.Rank(text[0]), pokerkit.Suit(text[1])


if __name__ == "__main__":
    main()
