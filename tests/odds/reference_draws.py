"""A brute-force reference for the odds, written apart from ``src`` (STYLE.md: outcomes
against a reference).

It deals out every completion of a hand, one by one, and names each final hand with
``tests/reference_hands.py``'s classifier (which shares no code with ``pokerlaws.hands``);
for the showdown it deals out every hand of every other player and shares the pool by
comparing the reference's keys (Law 76: equal keys share). Slow and plain on purpose.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import pokerlaws as pl
from tests.reference_hands import CATEGORIES, reference_key

__all__ = ["every_completion", "exact_share"]


def every_completion(
    hand: Sequence[pl.Card],
    discard: Sequence[pl.Card],
    unseen: Sequence[pl.Card],
    rules: pl.HandRules,
) -> dict[str, Fraction]:
    """The chance of each kind of final hand (by name), over every draw from ``unseen``."""
    kept = [card for card in hand if card not in discard]
    kinds: Counter[str] = Counter()
    for drawn in itertools.combinations(unseen, len(discard)):
        kinds[CATEGORIES[reference_key([*kept, *drawn], rules)[0]]] += 1
    total = sum(kinds.values())
    return {name: Fraction(count, total) for name, count in kinds.items()}


def exact_share(
    hand: Sequence[pl.Card],
    opponents: int,
    unseen: Sequence[pl.Card],
    rules: pl.HandRules,
) -> Fraction:
    """The expected share of the pool of ``hand`` against ``opponents`` hands of five cards
    dealt from ``unseen`` in every possible way."""
    mine = reference_key(hand, rules)
    total = Fraction(0)
    count = 0
    for deal in _deals(list(unseen), opponents):
        keys = [reference_key(other, rules) for other in deal]
        best = max([mine, *keys])
        if mine == best:
            total += Fraction(1, 1 + keys.count(mine))
        count += 1
    return total / count


def _deals(cards: list[pl.Card], hands: int) -> list[list[tuple[pl.Card, ...]]]:
    if hands == 0:
        return [[]]
    found: list[list[tuple[pl.Card, ...]]] = []
    for first in itertools.combinations(cards, 5):
        rest = [card for card in cards if card not in first]
        found.extend([first, *others] for others in _deals(rest, hands - 1))
    return found
