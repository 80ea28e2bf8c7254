"""Hand evaluation: ``pokerlaws.evaluate`` against treys (and PokerKit), on the same hands.

Run from the repository root, in an environment with the ``bench`` extra installed::

    python benchmarks/bench_hands.py [--hands N] [--seed S] [--repeat R]

What is measured:

- the same ``--hands`` random five-card hands (dealt with a seeded ``random.Random``) are
  converted, before any timing, to treys integers (lists, as treys wants them) and to
  pokerlaws Cards (tuples of the objects ``standard_deck()`` returns, and the same as lists);
- each pokerlaws case is timed against ``treys.Evaluator().evaluate(cards, [])`` on the same
  hands, the two taking turns chunk by chunk (20,000 hands a chunk), ``--repeat`` times; each
  side counts the fastest repetition of every chunk, so that a burst of load on a shared
  machine falls on neither side alone. Times are the process's CPU time, so time spent
  waiting for a CPU is left out. The ratio is treys' time over pokerlaws';
- the cases: Peel's rules as the default argument, a fresh ``HandRules()`` (equal, not the
  same object), each variant switched on alone (``heart_flushes_first`` switched off), all
  variants at once, the hands as lists, and hands with the Joker (the first card of the
  first 20,000 hands replaced by it; treys times the natural hands). Every HandRules is used
  once before timing, so its tables are built; Joker hands are timed once on first meeting
  (each looked up by its best naming and remembered) and then as met again;
- for reference, PokerKit's ``StandardHighHand`` on a tenth of the hands, and the cost of
  ``import pokerlaws`` in a fresh interpreter (``-X importtime`` and wall clock) and of the
  first ``evaluate`` call there, which builds the tables.
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
U = TypeVar("U")

CHUNK = 20_000


def timed(run: Callable[[], object]) -> float:
    """Time one run in CPU seconds of this process (time spent waiting for a CPU on a shared
    machine is not counted), collected first and the collector off."""
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        run()
        return time.process_time() - start
    finally:
        gc.enable()


def against_treys(
    ours: Callable[[], Callable[[int, int], object]],
    theirs: Callable[[int, int], object],
    count: int,
    repeat: int,
) -> tuple[float, float]:
    """Return (treys, pokerlaws) seconds over ``count`` hands: both sides take turns on each
    chunk, ``repeat`` times; each counts the best time of every chunk."""
    ours_run = ours()
    chunks = [(start, min(start + CHUNK, count)) for start in range(0, count, CHUNK)]
    treys_best = [float("inf")] * len(chunks)
    ours_best = [float("inf")] * len(chunks)
    for _ in range(repeat):
        for i, (start, stop) in enumerate(chunks):
            treys_best[i] = min(treys_best[i], timed(lambda a=start, b=stop: theirs(a, b)))
            ours_best[i] = min(ours_best[i], timed(lambda a=start, b=stop: ours_run(a, b)))
    return sum(treys_best), sum(ours_best)


def calls(
    function: Callable[[T, U], object], hands: Sequence[T], second: U
) -> Callable[[int, int], None]:
    """A run of ``function(hand, second)`` over ``hands[start:stop]``, called directly."""

    def run(start: int, stop: int) -> None:
        for hand in hands[start:stop]:
            function(hand, second)

    return run


def default_calls(hands: Sequence[Sequence[Card]]) -> Callable[[int, int], None]:
    """A run of ``evaluate(hand)``, the rules left to their default."""

    def run(start: int, stop: int) -> None:
        for hand in hands[start:stop]:
            evaluate(hand)

    return run


def report(name: str, seconds: float, count: int) -> float:
    ns = seconds / count * 1e9
    print(f"  {name:<44} {ns:8.0f} ns/call {count / seconds:12,.0f} hands/s")
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


VARIANTS = {
    "blaze=True": HandRules(blaze=True),
    "skip_sequence=True": HandRules(skip_sequence=True),
    "ace_high_sequences=True": HandRules(ace_high_sequences=True),
    "heart_flushes_first=False": HandRules(heart_flushes_first=False),
    "heart_sequences_first=True": HandRules(heart_sequences_first=True),
    "all five variants": HandRules(
        blaze=True,
        skip_sequence=True,
        ace_high_sequences=True,
        heart_flushes_first=False,
        heart_sequences_first=True,
    ),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1891)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    count, repeat = args.hands, args.repeat

    print(
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.machine()}, {os.cpu_count()} CPUs, load average "
        f"{os.getloadavg()[0]:.1f}; pokerlaws {pokerlaws.__version__}, "
        f"treys {version('treys')}, pokerkit {version('pokerkit')}"
    )
    rng = random.Random(args.seed)
    deck = standard_deck()
    indices = [rng.sample(range(52), 5) for _ in range(count)]
    ours = [tuple(deck[i] for i in hand) for hand in indices]
    ours_lists = [list(hand) for hand in ours]
    theirs = [[TreysCard.new(str(deck[i])) for i in hand] for hand in indices]
    jokers = [(JOKER, *hand[1:]) for hand in ours[: min(count, CHUNK)]]

    treys = calls(Evaluator().evaluate, theirs, [])
    fresh = HandRules()
    cases: list[tuple[str, Callable[[], Callable[[int, int], object]], int]] = [
        ("evaluate(h), Peel's rules by default", lambda: default_calls(ours), count),
        (
            "evaluate(h, HandRules()), a fresh equal object",
            lambda: calls(evaluate, ours, fresh),
            count,
        ),
        *(
            (f"evaluate(h, HandRules({name}))", lambda r=rules: calls(evaluate, ours, r), count)
            for name, rules in VARIANTS.items()
        ),
        ("evaluate(list_of_cards)", lambda: default_calls(ours_lists), count),
    ]
    for rules in (fresh, *VARIANTS.values()):
        evaluate(ours[0], rules)  # build the tables outside the timed region
    print(f"\n{count:,} random hands (seed {args.seed}), {repeat} turns a chunk, against treys:")
    ratios = {}
    treys_ns = 0.0
    for name, run, n in cases:
        treys_s, ours_s = against_treys(run, treys, n, repeat)
        ratios[name] = treys_s / ours_s
        treys_ns = treys_s / n * 1e9
        print(
            f"  {name:<52} {ours_s / n * 1e9:6.0f} ns  treys {treys_ns:4.0f} ns  "
            f"{ratios[name]:5.2f}x"
        )

    # Joker hands: the first pass meets each hand for the first time (its best naming is
    # searched and remembered); the turns that follow find it remembered.
    n = len(jokers)
    first = timed(lambda: default_calls(jokers)(0, n))
    treys_s, ours_s = against_treys(lambda: default_calls(jokers), treys, n, repeat)
    ratios["Joker hands"] = treys_s / ours_s
    print(
        f"  {'evaluate(h) with the Joker, met again':<52} {ours_s / n * 1e9:6.0f} ns  "
        f"treys {treys_s / n * 1e9:4.0f} ns  {ratios['Joker hands']:5.2f}x"
    )
    print(
        f"  {'evaluate(h) with the Joker, first meeting':<52} {first / n * 1e9:6.0f} ns  "
        f"(once for each set of four other cards)"
    )
    print("\n  ratios: " + ", ".join(f"{ratio:.2f}x" for ratio in ratios.values()))

    print("\nWhere the time goes (a stripped-down copy of the fast path, same hands):")
    _TABLE.update({_key(hand): evaluate(hand) for hand in ours})
    bare = min(timed(lambda: _bare_calls(ours)) for _ in range(repeat))
    report("rank-key lookup, nothing checked", bare, count)
    print("  (evaluate adds the flush check, or the repeated-card check, and its guards)")

    print("\nFor reference:")
    kit_hands = [[pokerkit.Card(*_kit(card)) for card in hand] for hand in ours[: count // 10]]
    kit = min(
        timed(lambda: [pokerkit.StandardHighHand.from_game(hand) for hand in kit_hands])
        for _ in range(min(repeat, 3))
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


def _bare_calls(hands: Sequence[tuple[Card, ...]]) -> None:
    for hand in hands:
        _bare_lookup(hand)


def _bare_lookup(cards: tuple[Card, ...]) -> object:
    # The lookup evaluate makes, with none of its checks: the floor of this design.
    a, b, c, d, e = cards
    return _TABLE[a._factor * b._factor * c._factor * d._factor * e._factor]


def _kit(card: Card) -> tuple[pokerkit.Rank, pokerkit.Suit]:
    text = str(card)
    return pokerkit.Rank(text[0]), pokerkit.Suit(text[1])


if __name__ == "__main__":
    main()
