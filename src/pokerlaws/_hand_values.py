"""The values of hands: categories, the packed strength and :class:`HandValue` (Law 65).

Shared by :mod:`pokerlaws.hands` (which evaluates) and :mod:`pokerlaws._hand_tables` (which
builds the tables): both import from here and neither imports the other, so there is no
import circle. The public classes say they belong to :mod:`pokerlaws.hands`, where they are
imported from and documented, so pickles and reprs name them there as before.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from pokerlaws.cards import RANK_FACTOR_OFFSET

__all__ = ["HandCategory", "HandValue"]


# enforces: Law 65
class HandCategory(enum.IntEnum):
    """The kinds of hand, lowest first (Law 65; BLAZE and SKIP_SEQUENCE only when enabled)."""

    NO_PAIR = 0
    PAIR = 1
    TWO_PAIRS = 2
    BLAZE = 3
    TRIPLETS = 4
    SKIP_SEQUENCE = 5
    SEQUENCE = 6
    FLUSH = 7
    FULL = 8
    FOURS = 9
    SEQUENCE_FLUSH = 10


# The strength layout described in the module docstring.
_JOKER_BIT = 1
_HEART_TIE_BIT = 1 << 1
_RANK_SHIFTS = (18, 14, 10, 6, 2)
_HEARTS_FIRST_BIT = 1 << 22
_CATEGORY_SHIFT = 23

# The table key of a hand is the product of its cards' factors, rank + _KEY_OFFSET (cards.py):
# it differs for each of the 6,175 multisets of five ranks that a pack can deal (the table
# builder checks it) and stays below 2**30, a one-digit Python int.
_KEY_OFFSET = RANK_FACTOR_OFFSET


def _pack_strength(
    category: HandCategory,
    ranks: Iterable[int],
    *,
    hearts_first: bool = False,
    heart_tie: bool = False,
) -> int:
    """Pack a category and its deciding ranks (at most five, each 1..14) into a strength;
    the Joker's bit is added by the caller that values Joker hands."""
    strength = category << _CATEGORY_SHIFT
    for shift, rank in zip(_RANK_SHIFTS, ranks, strict=False):
        strength |= rank << shift
    if hearts_first:
        strength |= _HEARTS_FIRST_BIT
    if heart_tie:
        strength |= _HEART_TIE_BIT
    return strength


_NAMES = {
    1: ("ace", "aces"),
    2: ("two", "twos"),
    3: ("three", "threes"),
    4: ("four", "fours"),
    5: ("five", "fives"),
    6: ("six", "sixes"),
    7: ("seven", "sevens"),
    8: ("eight", "eights"),
    9: ("nine", "nines"),
    10: ("ten", "tens"),
    11: ("knave", "knaves"),
    12: ("queen", "queens"),
    13: ("king", "kings"),
    14: ("ace", "aces"),
}


def _category_of(value: HandValue) -> HandCategory:
    return HandCategory(value.strength >> _CATEGORY_SHIFT)


_REPEATING = frozenset(
    {
        HandCategory.PAIR,
        HandCategory.TWO_PAIRS,
        HandCategory.BLAZE,
        HandCategory.TRIPLETS,
        HandCategory.FULL,
        HandCategory.FOURS,
    }
)


def _repeats(value: HandValue) -> bool:
    return value.category in _REPEATING


@attrs.frozen(order=True, repr=False)
class HandValue:
    """The value of a hand: ordered, hashable and equal exactly when Law 76 shares the pool.

    Build values with :func:`evaluate`; comparisons use :attr:`strength` alone (its layout is
    in the module docstring). Values from different :class:`HandRules` do not compare
    meaningfully.

    Attributes:
        strength: the packed integer that orders hands; higher is better.
        category: the kind of hand (Law 65), read from the strength.
    """

    strength: int = attrs.field(validator=attrs.validators.instance_of(int))
    category: HandCategory = attrs.field(
        init=False, eq=False, order=False, default=attrs.Factory(_category_of, takes_self=True)
    )
    repeats: bool = attrs.field(
        init=False,
        eq=False,
        order=False,
        repr=False,
        default=attrs.Factory(_repeats, takes_self=True),
    )
    """Whether the hand's kind repeats a rank (a pair and up, save sequences and flushes)."""

    @property
    def joker(self) -> bool:
        """Whether the hand holds the Joker, which beats the card it names (Ambiguity 12)."""
        return bool(self.strength & _JOKER_BIT)

    def describe(self) -> str:
        """Name the hand in the book's words, e.g. ``"a pair of knaves, ace, nine, four"``."""
        strength = self.strength
        ranks = [r for r in ((strength >> s) & 15 for s in _RANK_SHIFTS) if r]
        hearts = bool(strength & (_HEARTS_FIRST_BIT | _HEART_TIE_BIT))
        in_hearts = " in hearts" if hearts else ""
        one = [_NAMES[r][0] for r in ranks]
        top = ranks[0]
        category = self.category
        if category is HandCategory.SEQUENCE_FLUSH:
            text = f"sequence flush{in_hearts}, {_NAMES[top - 4][0]} to {one[0]}"
        elif category is HandCategory.FOURS:
            text = f"four {_NAMES[top][1]}"
        elif category is HandCategory.FULL:
            text = f"a full hand, three {_NAMES[top][1]} and a pair"
        elif category is HandCategory.FLUSH:
            text = f"a flush{in_hearts}, {', '.join(one)}"
        elif category is HandCategory.SEQUENCE:
            text = f"a sequence, {_NAMES[top - 4][0]} to {one[0]}"
            if hearts:
                text += ", the top card a heart"
        elif category is HandCategory.SKIP_SEQUENCE:
            text = f"a skip sequence, {_NAMES[top - 8][0]} to {one[0]}"
        elif category is HandCategory.TRIPLETS:
            text = f"three {_NAMES[top][1]}"
        elif category is HandCategory.BLAZE:
            text = f"a blaze, {', '.join(one)}"
        elif category is HandCategory.TWO_PAIRS:
            text = f"two pairs, {_NAMES[top][1]} and {_NAMES[ranks[1]][1]}"
        elif category is HandCategory.PAIR:
            text = f"a pair of {_NAMES[top][1]}, {', '.join(one[1:])}"
        else:
            text = f"no pair, {', '.join(one)}"
        if self.joker:
            text += ", with the Joker"
        return text

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        return f"HandValue({self.describe()!r}, strength={self.strength})"


# Named where they have always been imported from (pickles written before this module
# existed name them there, and so do new ones).
HandCategory.__module__ = "pokerlaws.hands"
HandValue.__module__ = "pokerlaws.hands"
