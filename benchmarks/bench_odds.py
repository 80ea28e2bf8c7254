"""The odds (issue 37): ``pokerlaws.odds`` against its speed targets, beside PokerKit's
``calculate_hand_strength`` on the comparable question.

Run from the repository root, with the ``bench`` extra (PokerKit) and the ``batch`` extra::

    python benchmarks/bench_odds.py [--rounds R] [--samples N]

What is measured, in CPU seconds of this process (time spent waiting for a CPU on a shared
machine is left out), every case once per round, the cases taking turns round by round, and
each case's median over the rounds reported:

- ``draw_chances`` for one discard of three cards (16,215 draws from 47), pure Python, for
  ten hands a round (a different hand each, dealt by a seeded ``random.Random``);
- ``best_discards``: all 32 discards of a hand, pure Python, ten hands a round;
- ``equity`` of a pat hand against one hidden hand, ``--samples`` deals, valued by the batch
  evaluator (numpy) and by the core's evaluator, beside PokerKit's
  ``calculate_hand_strength(2, [hand], [], 5, 0, ...)`` (a five-card hand against one hand
  of five uniformly dealt: the same question, PokerKit valuing by its standard high hands);
- ``equity`` of a pair of knaves drawing three against two hidden hands, beside PokerKit
  with the two knaves as the hole range and five hole cards dealt (three to them).

The figures are printed with the load average before and after, and the ratio PokerKit's
time over pokerlaws'.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import time
from collections.abc import Callable

from pokerkit import Card as KitCard
from pokerkit import Deck, StandardHighHand, calculate_hand_strength

import pokerlaws as pl
from pokerlaws.odds import best_discards, draw_chances
from pokerlaws.odds.showdown import _equity_of


def timed(run: Callable[[], object]) -> float:
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        run()
        return time.process_time() - start
    finally:
        gc.enable()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--samples", type=int, default=10_000)
    args = parser.parse_args()
    samples: int = args.samples
    rng = random.Random(37)
    pack = pl.standard_deck()
    hands = [tuple(rng.sample(pack, 5)) for _ in range(10 * args.rounds)]
    pat = pl.parse_cards("Jh Jd 8c 5s 2d")
    pat_unseen = tuple(card for card in pack if card not in pat)
    kit_pat = [list(KitCard.parse("JhJd8c5s2d"))]
    kit_pair = [list(KitCard.parse("JhJd"))]
    rules = pl.HandRules()

    def ours(kept: tuple[pl.Card, ...], hidden: int, batch: bool) -> Callable[[], object]:
        return lambda: _equity_of(
            kept, (), hidden, pat_unseen, rules, samples=samples, seed=1, batch=batch
        )

    def kit(hole: list[list[KitCard]], players: int) -> Callable[[], object]:
        return lambda: calculate_hand_strength(
            players, hole, [], 5, 0, Deck.STANDARD, (StandardHighHand,), sample_count=samples
        )

    # Warm every path first: the hand tables, the kind tables, numba's compiled kernels.
    draw_chances(pat, pat[2:])
    best_discards(pat)
    for batch in (True, False):
        ours(pat, 1, batch)()

    cases: dict[str, Callable[[], object]] = {
        "equity, pat vs 1, batch": ours(pat, 1, True),
        "equity, pat vs 1, plain": ours(pat, 1, False),
        "PokerKit, pat vs 1": kit(kit_pat, 2),
        "equity, three to JJ vs 2, batch": ours(pat[:2], 2, True),
        "equity, three to JJ vs 2, plain": ours(pat[:2], 2, False),
        "PokerKit, three to JJ vs 2": kit(kit_pair, 3),
    }
    times: dict[str, list[float]] = {name: [] for name in ("draw_chances", "best_discards")}
    times |= {name: [] for name in cases}
    values = {
        "ours, pat vs 1": ours(pat, 1, True)()[0],  # type: ignore[index]
        "PokerKit, pat vs 1": kit(kit_pat, 2)(),
        "ours, three to JJ vs 2": ours(pat[:2], 2, True)()[0],  # type: ignore[index]
        "PokerKit, three to JJ vs 2": kit(kit_pair, 3)(),
    }
    before = os.getloadavg()
    for round_ in range(args.rounds):
        chunk = hands[10 * round_ : 10 * round_ + 10]
        times["draw_chances"].append(
            timed(lambda: [draw_chances(hand, hand[2:]) for hand in chunk]) / 10  # noqa: B023
        )
        times["best_discards"].append(
            timed(lambda: [best_discards(hand) for hand in chunk]) / 10  # noqa: B023
        )
        for name, run in cases.items():
            times[name].append(timed(run))
    after = os.getloadavg()
    median = {name: statistics.median(runs) for name, runs in times.items()}
    print(f"load average before {before}, after {after}; {args.rounds} rounds, medians")
    for name, seconds in median.items():
        print(f"  {name:<34} {seconds * 1000:9.1f} ms")
    for ours_name, kit_name in (
        ("equity, pat vs 1, batch", "PokerKit, pat vs 1"),
        ("equity, pat vs 1, plain", "PokerKit, pat vs 1"),
        ("equity, three to JJ vs 2, batch", "PokerKit, three to JJ vs 2"),
        ("equity, three to JJ vs 2, plain", "PokerKit, three to JJ vs 2"),
    ):
        print(f"  PokerKit / {ours_name}: {median[kit_name] / median[ours_name]:.1f}x")
    print(
        f"  ({samples:,} samples each) the figures: "
        + ", ".join(f"{name} {value:.4f}" for name, value in values.items())
    )


if __name__ == "__main__":
    main()
