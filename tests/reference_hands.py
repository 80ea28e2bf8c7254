"""A slow, plainly written reference for the value of a hand (Laws 65-76, Modifications).

It shares no code with :mod:`pokerlaws.hands`: it counts ranks, looks sequences up in an
explicit list, and returns a tuple that compares the way the laws compare hands. The tests
check that :func:`pokerlaws.evaluate` orders hands exactly as these tuples do.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence

from pokerlaws import JOKER, Card, HandRules, Suit, standard_deck

__all__ = ["CATEGORIES", "reference_key"]

CATEGORIES = (
    "NO_PAIR",
    "PAIR",
    "TWO_PAIRS",
    "BLAZE",
    "TRIPLETS",
    "SKIP_SEQUENCE",
    "SEQUENCE",
    "FLUSH",
    "FULL",
    "FOURS",
    "SEQUENCE_FLUSH",
)
"""Law 65's order, lowest first, with the two agreed extras where the Modifications put them."""

_RANK = {name: number for number, name in enumerate(CATEGORIES)}
_PACK = standard_deck()


@functools.cache
def _runs(step: int, ace_high: bool) -> dict[frozenset[int], int]:
    """Every run of five ranks ``step`` apart, mapped to its top card (the ace as 1 or 14).

    Made once for each pair of arguments: made for every hand, it was half of the slow
    test that values the whole pack."""
    runs = {}
    for low in range(1, 14 - 4 * step):
        ladder = [low + step * i for i in range(5)]
        runs[frozenset(14 if r == 1 else r for r in ladder)] = ladder[-1]
    if step == 1 and ace_high:
        runs[frozenset(range(10, 15))] = 14
    return runs


def _natural(cards: Sequence[Card], rules: HandRules) -> tuple[int, ...]:
    ranks = [int(card.rank) for card in cards if card.rank is not None]
    counts = Counter(ranks)
    # Ranks by how often they occur, then by height: the order the tie laws consult them.
    grouped = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    pattern = sorted(counts.values(), reverse=True)
    high_first = sorted(ranks, reverse=True)
    suits = {card.suit for card in cards}
    flush = len(suits) == 1
    in_hearts = int(flush and Suit.HEARTS in suits)
    sequence = (
        _runs(1, rules.ace_high_sequences).get(frozenset(ranks)) if len(counts) == 5 else None
    )
    skip = _runs(2, False).get(frozenset(ranks)) if len(counts) == 5 else None

    if sequence is not None and flush:
        return (_RANK["SEQUENCE_FLUSH"], sequence, in_hearts)
    if pattern == [4, 1]:
        return (_RANK["FOURS"], grouped[0])
    if pattern == [3, 2]:
        return (_RANK["FULL"], grouped[0])
    if flush:
        if rules.heart_flushes_first:
            return (_RANK["FLUSH"], in_hearts, *high_first)
        return (_RANK["FLUSH"], *high_first, in_hearts)
    if sequence is not None:
        top_in_hearts = any(c.rank == sequence and c.suit is Suit.HEARTS for c in cards)
        return (_RANK["SEQUENCE"], sequence, int(rules.heart_sequences_first and top_in_hearts))
    if skip is not None and rules.skip_sequence:
        return (_RANK["SKIP_SEQUENCE"], skip)
    if pattern == [3, 1, 1]:
        return (_RANK["TRIPLETS"], grouped[0])
    if pattern == [2, 2, 1]:
        if rules.blaze and all(rank in (11, 12, 13) for rank in ranks):
            return (_RANK["BLAZE"], *high_first)
        return (_RANK["TWO_PAIRS"], grouped[0], grouped[1])
    if pattern == [2, 1, 1, 1]:
        return (_RANK["PAIR"], *grouped)
    return (_RANK["NO_PAIR"], *high_first)


def reference_key(cards: Sequence[Card], rules: HandRules) -> tuple[int, ...]:
    """Return a tuple that orders hands as the laws do; equal tuples share the pool.

    The last element is 1 when the hand holds the Joker, which then takes its best naming
    among the cards not already held, and beats the natural hand it matches.
    """
    if JOKER in cards:
        others = [card for card in cards if card != JOKER]
        best = max(_natural([*others, name], rules) for name in _PACK if name not in others)
        return (*best, 1)
    return (*_natural(cards, rules), 0)
