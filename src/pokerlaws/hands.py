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

Speed: values come from tables built once per value of :class:`HandRules` (on first use, in
:mod:`pokerlaws._hand_tables`), keyed by the product of ``rank + 27`` over the five cards, a
number that differs for every multiset of five ranks. Equal rules share one set of tables,
however they were built; each HandRules keeps a reference to its set, so the fast path finds
it with one attribute read. Cards are one object each, so the fast path reads each card's
factor and compares suits and cards by identity instead of hashing them. A hand with the
Joker is looked up by its other four cards in a bounded table filled as hands are met.
:func:`_evaluate_plain` values a hand without any of this; the tests hold the fast path to it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

import attrs

from pokerlaws._hand_values import (
    _CATEGORY_SHIFT,
    _JOKER_BIT,
    HandCategory,
    HandValue,
)
from pokerlaws.cards import Card, Suit, standard_deck

if TYPE_CHECKING:
    from pokerlaws._hand_tables import HandTables
else:
    # The tables' module is imported on first use, not here; this name lets
    # typing.get_type_hints (attrs.resolve_types, Hypothesis) read the annotations.
    HandTables = object

__all__ = ["PEEL_HANDS", "HandCategory", "HandRules", "HandValue", "evaluate"]


def _switch(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    """Refuse a switch that is not a bool: ``"no"`` or ``0`` is not taken for one."""
    if value.__class__ is not bool:
        raise TypeError(f"{attribute.name} must be a bool, not {value!r}")


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

    Raises:
        TypeError: a switch is not a bool.
    """

    blaze: bool = attrs.field(default=False, validator=_switch)
    skip_sequence: bool = attrs.field(default=False, validator=_switch)
    ace_high_sequences: bool = attrs.field(default=False, validator=_switch)
    heart_flushes_first: bool = attrs.field(default=True, validator=_switch)
    heart_sequences_first: bool = attrs.field(default=False, validator=_switch)
    _tables: HandTables = attrs.field(init=False, eq=False, order=False, repr=False)
    """The tables of these rules once built (a stand-in before), for the fast path. They are
    found by value: every HandRules equal to these gets the same tables (see _tables_for)."""
    _fast: dict[int, HandValue] = attrs.field(init=False, eq=False, order=False, repr=False)
    """``_tables.fast``, one attribute nearer."""

    def __attrs_post_init__(self) -> None:
        _attach(self, _TABLES.get(self, _UNBUILT))

    # Pickles and copies carry the switches, not the tables: they find them again by value.
    def __getstate__(self) -> dict[str, bool]:
        return {name: getattr(self, name) for name in _SWITCHES}

    def __setstate__(self, state: dict[str, bool]) -> None:
        for name in _SWITCHES:
            _switch(self, attrs.fields_dict(HandRules)[name], state[name])
            object.__setattr__(self, name, state[name])
        self.__attrs_post_init__()


_SWITCHES = tuple(field.name for field in attrs.fields(HandRules) if field.init)


class _Unbuilt:
    """Stands in for the tables of rules not used yet: every lookup misses."""

    fast: dict[int, HandValue] = {}  # noqa: RUF012 (never written)


_UNBUILT = cast("HandTables", _Unbuilt())


def _attach(rules: HandRules, tables: HandTables) -> None:
    object.__setattr__(rules, "_tables", tables)
    object.__setattr__(rules, "_fast", tables.fast)


_TABLES: dict[HandRules, HandTables] = {}
"""The tables of each HandRules used so far, by value (equal rules share them)."""


PEEL_HANDS = HandRules()
"""Peel's hands read literally: the default rules."""
_PEEL = PEEL_HANDS
_HEARTS = Suit.HEARTS
_PACK = standard_deck()

_JOKER_HAND = HandValue(HandCategory.PAIR << _CATEGORY_SHIFT)
"""What the fast table holds for four ranks, the key of a hand with the Joker (its factor is
1): never returned, it sends the hand to the Joker table (no hand has this strength, a pair
of rank 0)."""


def _tables_for(rules: HandRules) -> HandTables:
    """Return the tables for ``rules``, building them on first use (not at import)."""
    tables = _TABLES.get(rules)
    if tables is None:
        from pokerlaws import _hand_tables  # built on first use, not at import

        tables = _TABLES[rules] = _hand_tables.build(rules, joker_hand=_JOKER_HAND)
    _attach(rules, tables)  # these rules find them at once next time
    return tables


def evaluate(cards: Iterable[Card], rules: HandRules = _PEEL) -> HandValue:
    """Value a hand of five cards under Laws 65-76 and the agreed variants of ``rules``.

    A hand holding the Joker takes its best legal naming, a card not already in the hand, and
    beats the same hand made with the natural card (Law 81 variant; Ambiguity 12).

    Args:
        cards: five distinct :class:`~pokerlaws.cards.Card` objects, in any order.
        rules: the variants in use; the default is Peel read literally.

    Raises:
        ValueError: not five cards, or a card repeated.
        TypeError: ``cards`` is text or not iterable, an element is not a Card, or ``rules``
            is not a HandRules.
    """
    kind = cards.__class__
    if (kind is tuple or kind is list) and rules.__class__ is HandRules:
        # The fast path (the same values as _evaluate_plain, which the tests hold it to). The
        # product of the cards' factors names the five ranks (cards.py), so one lookup in the
        # tables of these rules values the hand, and a second one if it is a flush. Cards are
        # one object each, so a repeated card, possible only among repeated ranks, is found by
        # identity. A miss (not five cards, a stranger, two Jokers, the tables not yet built,
        # a sequence whose heart top card may count) goes to the plain path, which also words
        # the errors.
        try:
            a, b, c, d, e = cards
            key = a._factor * b._factor * c._factor * d._factor * e._factor
            value = rules._fast[key]
        except (ValueError, KeyError, TypeError, AttributeError):
            pass
        else:
            if not value.repeats:
                # Five ranks apart: no card can be repeated, but they may make a flush.
                suit = a.suit
                if suit is b.suit and suit is c.suit and suit is d.suit and suit is e.suit:
                    tables = rules._tables
                    return (tables.heart_flush if suit is _HEARTS else tables.flush)[key]
                return value
            if value is _JOKER_HAND:
                # Four ranks and the Joker: the five cards' bits name the hand. Only hands of
                # five different cards are put in the Joker table, so a repeated card misses.
                try:
                    return rules._tables.joker[a._bit | b._bit | c._bit | d._bit | e._bit]
                except KeyError:
                    return _remember_joker_hand(cards, rules)
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
        return _evaluate_plain(cards, rules)
    if isinstance(cards, (str, bytes)) or not isinstance(rules, HandRules):
        return _evaluate_plain(cards, rules)  # words the TypeError
    try:
        hand = tuple(cards)
    except TypeError:
        return _evaluate_plain(cards, rules)  # words the TypeError
    return evaluate(hand, rules)


def _evaluate_plain(cards: Iterable[Card], rules: HandRules) -> HandValue:
    """Check and value a hand the plain way: no fast table, no cache.

    The reference that :func:`evaluate`'s fast path must agree with, and the path that words
    every error.
    """
    if not isinstance(rules, HandRules):
        raise TypeError(f"rules must be a HandRules, not {type(rules).__name__} {rules!r}")
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
        raise TypeError(
            f"evaluate takes Cards, not text ({cards!r}): read the text with parse_cards first"
        )
    try:
        hand: tuple[object, ...] = tuple(cards)
    except TypeError:
        raise TypeError(
            f"a hand is an iterable of five Cards, not {type(cards).__name__}"
        ) from None
    for card in hand:
        if not isinstance(card, Card):
            raise TypeError(
                f"a hand holds only Cards, not {card!r} ({type(card).__name__}): {_show(hand)}"
            )
    if len(hand) != 5:
        raise ValueError(f"a hand is five cards, not {len(hand)}: {_show(hand)}")
    # Cards are one object each (cards.py), so a repeated card is the same object twice.
    seen: set[int] = set()
    for card in hand:
        if id(card) in seen:
            raise ValueError(f"the hand repeats {card}: {_show(hand)}")
        seen.add(id(card))
    return hand  # type: ignore[return-value]


def _natural_value(hand: tuple[Card, ...], tables: HandTables) -> HandValue:
    """Value five distinct cards without the Joker."""
    a, b, c, d, e = hand
    key = a._factor * b._factor * c._factor * d._factor * e._factor
    suit = a.suit
    if b.suit is suit and c.suit is suit and d.suit is suit and e.suit is suit:
        return (tables.heart_flush if suit is _HEARTS else tables.flush)[key]
    topped = tables.heart_topped.get(key)
    if topped is not None:
        top, value = topped
        for card in hand:
            if card.rank is top and card.suit is _HEARTS:
                return value
    return tables.plain[key]


def _joker_value(hand: tuple[Card, ...], tables: HandTables) -> HandValue:
    """Value a hand with the Joker: its best naming, plus the Joker's tie-break (Ambiguity 12)."""
    others = tuple(card for card in hand if card.rank is not None)
    # The Joker may name any card not already in the hand (no five of a kind).
    best = max(
        _natural_value((*others, name), tables).strength for name in _PACK if name not in others
    )
    return tables.value(best | _JOKER_BIT)


# The Joker table holds at most this many hands per HandRules (a few megabytes); it is
# emptied when full. The pack makes 270,725 sets of four cards.
_JOKER_TABLE_SIZE = 1 << 16


def _remember_joker_hand(cards: Iterable[Card], rules: HandRules) -> HandValue:
    """Value a hand with the Joker the plain way and keep it in the bounded Joker table of
    its rules, by its cards' bits (the fast path looks there first)."""
    value = _evaluate_plain(cards, rules)  # also refuses a repeated card
    joker = _tables_for(rules).joker
    if len(joker) >= _JOKER_TABLE_SIZE:
        joker.clear()
    key = 0
    for card in cards:
        key |= card._bit
    joker[key] = value
    return value
