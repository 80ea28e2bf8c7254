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

from pokerlaws.cards import Card, Rank, Suit, standard_deck

if TYPE_CHECKING:
    from pokerlaws._hand_tables import HandTables

__all__ = ["HandCategory", "HandRules", "HandValue", "evaluate"]


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

# The table key of a hand is the product of (rank + _KEY_OFFSET) over its cards. With 27 the
# product differs for each of the 6,175 multisets of five ranks that a pack can deal (the
# table builder checks it), and it stays below 2**30, a one-digit Python int.
_KEY_OFFSET = 27


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


_PEEL = HandRules()
_TABLES: dict[HandRules, HandTables] = {}
# The fast path's table for Peel's rules, filled on first use (see _tables_for). An entry is
# (value with mixed suits, repeat): repeat is None when the five ranks differ (a flush is
# possible), the rank of the pair when one rank repeats once (its two suits must differ), or
# 0 when ranks repeat more (two pairs, threes, a full, fours).
_PEEL_FAST: dict[int, tuple[HandValue, int | None]] = {}
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
            _PEEL_FLUSH.update(tables.flush)
            _PEEL_HEART_FLUSH.update(tables.heart_flush)
            _PEEL_FAST.update(tables.fast)
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
    # The fast path takes Peel's rules and a tuple or list of five plain Cards: the table
    # lookup, then the suit checks the rank key cannot see (a flush; a repeated card can only
    # hide behind a repeated rank). Anything else, the Joker included (its rank None fails
    # the sum), goes to the checked path, which also words the errors.
    if rules is _PEEL and (cards.__class__ is tuple or cards.__class__ is list):
        try:
            a, b, c, d, e = cards
            if (
                a.__class__ is Card
                and b.__class__ is Card
                and c.__class__ is Card
                and d.__class__ is Card
                and e.__class__ is Card
            ):
                # _KEY_OFFSET, inlined.
                key = (a.rank + 27) * (b.rank + 27) * (c.rank + 27) * (d.rank + 27) * (e.rank + 27)  # type: ignore[operator]
                value, repeat = _PEEL_FAST[key]
                if repeat is None:
                    sa = a.suit
                    if sa is b.suit is c.suit is d.suit is e.suit:
                        return (_PEEL_HEART_FLUSH if sa is _HEARTS else _PEEL_FLUSH)[key]
                    return value
                if repeat:
                    # One pair: its two cards must differ in suit.
                    if a.rank is repeat:
                        sa = a.suit
                        same = (
                            sa is b.suit
                            if b.rank is repeat
                            else sa is c.suit
                            if c.rank is repeat
                            else sa is d.suit
                            if d.rank is repeat
                            else sa is e.suit
                        )
                    elif b.rank is repeat:
                        sb = b.suit
                        same = (
                            sb is c.suit
                            if c.rank is repeat
                            else sb is d.suit
                            if d.rank is repeat
                            else sb is e.suit
                        )
                    elif c.rank is repeat:
                        same = c.suit is d.suit if d.rank is repeat else c.suit is e.suit
                    else:
                        same = d.suit is e.suit
                    if not same:
                        return value
                else:
                    # No two cards of one rank may share a suit.
                    ra, rb, rc, rd, re = a.rank, b.rank, c.rank, d.rank, e.rank
                    sa, sb, sc, sd, se = a.suit, b.suit, c.suit, d.suit, e.suit
                    if not (
                        (ra is rb and sa is sb)
                        or (ra is rc and sa is sc)
                        or (ra is rd and sa is sd)
                        or (ra is re and sa is se)
                        or (rb is rc and sb is sc)
                        or (rb is rd and sb is sd)
                        or (rb is re and sb is se)
                        or (rc is rd and sc is sd)
                        or (rc is re and sc is se)
                        or (rd is re and sd is se)
                    ):
                        return value
        except (KeyError, TypeError, ValueError):
            pass
    return _evaluate_checked(cards, rules)


def _evaluate_checked(cards: Iterable[Card], rules: HandRules) -> HandValue:
    if not isinstance(rules, HandRules):
        raise TypeError(f"rules must be a HandRules, not {type(rules).__name__}")
    hand = _checked_hand(cards)
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
    key = (
        (a.rank + _KEY_OFFSET)  # type: ignore[operator]
        * (b.rank + _KEY_OFFSET)  # type: ignore[operator]
        * (c.rank + _KEY_OFFSET)  # type: ignore[operator]
        * (d.rank + _KEY_OFFSET)  # type: ignore[operator]
        * (e.rank + _KEY_OFFSET)  # type: ignore[operator]
    )
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
