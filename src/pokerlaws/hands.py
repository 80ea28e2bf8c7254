"""The value of the hands (Laws 65-76 and the Modifications).

:func:`evaluate` turns five cards into a :class:`HandValue`. Values are totally ordered by one
integer, the *strength*, and two hands share the pool under Law 76 exactly when their values
are equal. :class:`HandRules` selects the agreed variants (Law 81); its defaults are Peel read
literally, with the readings of ``LAWS.md`` section 4.

How a strength is packed, most significant bits first::

    category (4 bits) | heart flush first (1) | five ranks, 4 bits each | heart tie (1) | Joker (1)

* *category* is the :class:`HandCategory` (Law 65, with the Blaze and the skip sequence).
* *heart flush first* is set on a heart flush when ``heart_flushes_first`` (Law 69), so any
  heart flush beats every other flush whatever its cards.
* the *ranks* are the cards that decide ties within the category, in the order the laws
  consult them (ace 14; a sequence's top card, the ace counting 1 in A-2-3-4-5); unused fields
  are 0. Cards the laws ignore (the fifth card of fours or two pairs, the pair of a full, the
  odd cards of threes) are left out, so hands differing only there are equal (Law 76).
* *heart tie* is set where hearts break an otherwise exact tie: a sequence flush in hearts
  (the description's general rule), a heart flush when ``heart_flushes_first`` is off, a plain
  sequence topped by a heart when ``heart_sequences_first`` (Ambiguity 9, reading (b)).
* *Joker* is set when the hand holds the Joker: it takes its best naming (Ambiguity 12), and
  "a Joker beats the natural card it names" becomes one more bit below everything else.

Speed: values come from tables built once per :class:`HandRules` (on first use, in
:mod:`pokerlaws._hand_tables`), keyed by the product of ``rank + 27`` over the five cards, a
number that differs for every multiset of five ranks. Card objects hash through a Python-level
method, so the fast path reads ``card.rank`` and compares suits by identity instead of looking
cards up in a dict.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from pokerlaws.cards import RANK_FACTOR_OFFSET, Card, Rank, Suit, standard_deck

if TYPE_CHECKING:
    from pokerlaws._hand_tables import HandTables

__all__ = ["PEEL_HANDS", "HandCategory", "HandRules", "HandValue", "evaluate"]


@attrs.frozen(kw_only=True)
class HandRules:
    """How hands rank; the defaults are Peel read literally.

    Attributes:
        blaze: admit the Blaze, five court cards, between two pairs and threes (Modifications).
        skip_sequence: admit the skip sequence, five cards at intervals of two, between threes
            and a sequence (glossary; Ambiguity 23).
        ace_high_sequences: let the ace also end a sequence, 10 to ace the highest (the
            American custom of Law 71's footnote).
        heart_flushes_first: a heart flush beats every other flush (Law 69 literally). With
            ``False`` hearts only break an exact tie between flushes (the description).
        heart_sequences_first: between plain sequences of equal value, the one whose top card
            is a heart wins (Law 70, reading (b) of Ambiguity 9). Off: equal sequences share.
    """

    blaze: bool = False
    skip_sequence: bool = False
    ace_high_sequences: bool = False
    heart_flushes_first: bool = True
    heart_sequences_first: bool = False


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


PEEL_HANDS = HandRules()
"""Peel's hands read literally: the default rules, and the ones the fast path serves."""
_PEEL = PEEL_HANDS
_TABLES: dict[HandRules, HandTables] = {}
# The fast path's tables for Peel's rules (see _tables_for), filled on first use.
_PEEL_PLAIN: dict[int, HandValue] = {}
_PEEL_FLUSH: dict[int, HandValue] = {}
_PEEL_HEART_FLUSH: dict[int, HandValue] = {}
_HEARTS = Suit.HEARTS
_PACK = standard_deck()


def _tables_for(rules: HandRules) -> HandTables:
    tables = _TABLES.get(rules)
    if tables is None:
        from pokerlaws import _hand_tables  # built on first use, not at import

        tables = _TABLES[rules] = _hand_tables.build(rules)
        if rules == _PEEL:
            _PEEL_PLAIN.update(tables.plain)
            _PEEL_FLUSH.update(tables.flush)
            _PEEL_HEART_FLUSH.update(tables.heart_flush)
    return tables


def evaluate(cards: Iterable[Card], rules: HandRules = _PEEL) -> HandValue:
    """Value a hand of five cards under Laws 65-76 and the agreed variants of ``rules``.

    A hand holding the Joker takes its best legal naming, a card not already in the hand, and
    beats the same hand made with the natural card (Law 81 variant; Ambiguity 12).

    Args:
        cards: five distinct :class:`~pokerlaws.cards.Card` objects, in any order.
        rules: the variants in use; the default is Peel read literally.

    Raises:
        ValueError: not five cards, an element that is not a Card, or a card repeated.
        TypeError: ``cards`` is text or not iterable, or ``rules`` is not a HandRules.
    """
    if rules is _PEEL and cards.__class__ is tuple:
        # The fast path: the product of the cards' factors names the five ranks (cards.py),
        # so one lookup values the hand, and a second one if it is a flush. Cards are one
        # object each, so a repeated card, possible only among repeated ranks, is found by
        # identity. A miss (not five, the Joker, a stranger, the tables not yet built) goes
        # on to the checked path, which also words the errors.
        try:
            a, b, c, d, e = cards
            key = a._factor * b._factor * c._factor * d._factor * e._factor
            value = _PEEL_PLAIN[key]
        except (ValueError, KeyError, TypeError, AttributeError):
            pass
        else:
            if not value.repeats:
                # Five ranks apart: no card can be repeated, but they may make a flush.
                suit = a.suit
                if suit is b.suit and suit is c.suit and suit is d.suit and suit is e.suit:
                    return (_PEEL_HEART_FLUSH if suit is _HEARTS else _PEEL_FLUSH)[key]
                return value
            # A rank repeats, so no flush; but one card may be there twice.
            if not (
                a is b
                or a is c
                or a is d
                or a is e
                or b is c
                or b is d
                or b is e
                or c is d
                or c is e
                or d is e
            ):
                return value
        return _evaluate_checked(cards, rules)
    if isinstance(cards, (str, bytes, tuple)):
        return _evaluate_checked(cards, rules)
    try:
        hand = tuple(cards)
    except TypeError:
        return _evaluate_checked(cards, rules)  # words the TypeError
    return evaluate(hand, rules)


def _evaluate_checked(cards: Iterable[Card], rules: HandRules) -> HandValue:
    if not isinstance(rules, HandRules):
        raise TypeError(f"rules must be a HandRules, not {type(rules).__name__}")
    hand = _checked_hand(cards)
    if rules is not _PEEL and rules == _PEEL:
        # Peel's rules built afresh: the fast path serves them all the same.
        return evaluate(hand, _PEEL)
    tables = _tables_for(rules)
    for card in hand:
        if card.rank is None:
            return _joker_value(hand, tables)
    return _natural_value(hand, tables)


def _show(hand: tuple[object, ...]) -> str:
    return " ".join(str(card) if isinstance(card, Card) else repr(card) for card in hand)


def _checked_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Return the cards as a tuple after checking the shape of a hand; say what is wrong."""
    if isinstance(cards, (str, bytes)):
        raise TypeError("evaluate takes Cards, not text: read the text with parse_cards first")
    try:
        hand: tuple[object, ...] = tuple(cards)
    except TypeError:
        raise TypeError(
            f"a hand is an iterable of five Cards, not {type(cards).__name__}"
        ) from None
    if len(hand) != 5:
        raise ValueError(f"a hand is five cards, not {len(hand)}: {_show(hand)}")
    # A card is known by its rank and the id of its suit: suits are singletons, and hashing
    # a Suit (or a Card) goes through a Python-level method.
    seen: set[tuple[Rank | None, int]] = set()
    for card in hand:
        if not isinstance(card, Card):
            raise ValueError(
                f"a hand holds only Cards, not {card!r} ({type(card).__name__}): {_show(hand)}"
            )
        face = (card.rank, id(card.suit))
        if face in seen:
            raise ValueError(f"the hand repeats {card}: {_show(hand)}")
        seen.add(face)
    return hand  # type: ignore[return-value]


def _natural_value(hand: tuple[Card, ...], tables: HandTables) -> HandValue:
    """Value five distinct cards without the Joker."""
    a, b, c, d, e = hand
    key = a._factor * b._factor * c._factor * d._factor * e._factor
    suit = a.suit
    if b.suit is suit and c.suit is suit and d.suit is suit and e.suit is suit:
        return (tables.heart_flush if suit is _HEARTS else tables.flush)[key]
    if tables.heart_topped:
        topped = tables.heart_topped.get(key)
        if topped is not None:
            top, value = topped
            for card in hand:
                if card.rank is top and card.suit is _HEARTS:
                    return value
    return tables.plain[key]


# The Joker cache holds at most this many hands per HandRules; it is emptied when full.
_JOKER_CACHE_SIZE = 1 << 16


def _joker_value(hand: tuple[Card, ...], tables: HandTables) -> HandValue:
    """Value a hand with the Joker: its best naming, plus the Joker's tie-break (Ambiguity 12)."""
    others = tuple(card for card in hand if card.rank is not None)
    held = frozenset(others)
    value = tables.joker.get(held)
    if value is None:
        # The Joker may name any card not already in the hand (no five of a kind).
        best = max(
            _natural_value((*others, name), tables).strength for name in _PACK if name not in held
        )
        value = tables.value(best | _JOKER_BIT)
        if len(tables.joker) >= _JOKER_CACHE_SIZE:
            tables.joker.clear()
        tables.joker[held] = value
    return value
