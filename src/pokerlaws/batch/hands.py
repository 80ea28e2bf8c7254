"""The value of many hands at once (Laws 65-76 and the Modifications), as numpy arrays.

:func:`evaluate` takes an ``(m, 5)`` array of card codes (:func:`pokerlaws.agents.card_code`:
``4 * (rank - 2) + suit``, suits clubs, diamonds, hearts, spades; 52 the Joker) and returns
each hand's :attr:`~pokerlaws.hands.HandValue.strength` under :func:`pokerlaws.evaluate`, so
the strengths order the hands exactly as the core orders them and are equal exactly where
Law 76 shares the pool.

How it is fast. Each card code stands for one int64, and a hand for the sum of its five:

    heart ranks (13 bits) | suit counts (4 x 3 bits) | rank key (19 bits)

* the *rank key* is the sum of one weight per rank, chosen (greedily, smallest first) so that
  every multiset of five ranks a pack can deal has its own sum; the Joker has a weight of its
  own, so four ranks and the Joker have their own sums too;
* the *suit counts* say whether the five cards are of one suit (or four and the Joker), and
  whether that suit is hearts: one small table turns them into the row of a flush;
* the *heart ranks* are the ranks held in hearts, read only with ``heart_sequences_first``,
  where a plain sequence whose top card is a heart wins an otherwise exact tie (Law 70,
  Ambiguity 9 (b)).

So a hand is valued by one sum of five lookups, two lookups more and (with that variant) one
mask, on chunks of hands small enough to stay in the processor's cache. The tables are built
once per value of :class:`~pokerlaws.hands.HandRules` (about 0.1 s), and every entry for a
natural hand is the core's own value of a hand that stands for it: the ranking of the hands
lives in :mod:`pokerlaws.hands` alone, and this module only learns where each hand falls. The
hands with the Joker are entered the first time one is met: the Joker's best naming
(Ambiguity 12) is restated here, every naming of every stand-in valued at once by the natural
tables (another 0.1 s); the tests hold it to the core on all 270,725 of them.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerlaws._hand_values import _JOKER_BIT
from pokerlaws.batch._jit import jit
from pokerlaws.cards import JOKER, Card, Rank, Suit
from pokerlaws.hands import PEEL_HANDS, HandRules
from pokerlaws.hands import evaluate as _evaluate_one

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["evaluate", "strength"]

JOKER_CODE = 52
"""The Joker's card code (``card_code(JOKER)``)."""

_SUITS = tuple(Suit)  # code % 4 names the suit in this order (card_code)
_CLUBS, _DIAMONDS, _HEARTS, _SPADES = range(4)
_CARDS = (*(Card(Rank(code // 4 + 2), _SUITS[code % 4]) for code in range(52)), JOKER)
"""The card of each code."""


# The weights of the ranks, two first: the smallest found greedily (each the least that keeps
# the sums of five ranks, no rank five times, apart for every multiset of ranks), and the
# Joker's, the least that keeps four ranks and the Joker apart from them. Building a table
# checks that no two hands of different ranks meet in one entry.
_RANK_WEIGHTS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
_JOKER_WEIGHT = 130285
_RANK_BITS = 19
_KEYS = 1 << _RANK_BITS
"""Every rank key is below this (the largest, four aces and the Joker's weight, 447,945)."""
_SUIT_SHIFT = _RANK_BITS
_SUIT_BITS = 3  # a count of 0 to 5 cards of one suit
_HEART_SHIFT = _SUIT_SHIFT + 4 * _SUIT_BITS
_MIXED, _FLUSH, _HEART_FLUSH = 0, 1, 2  # the rows of the value table


def _card_words() -> npt.NDArray[np.int64]:
    words = np.zeros(53, dtype=np.int64)
    for code in range(52):
        rank, suit = divmod(code, 4)
        word = _RANK_WEIGHTS[rank] + (1 << (_SUIT_SHIFT + _SUIT_BITS * suit))
        if suit == _HEARTS:
            word += 1 << (_HEART_SHIFT + rank)
        words[code] = word
    words[JOKER_CODE] = _JOKER_WEIGHT
    return words


_WORDS = _card_words()
"""The int64 that stands for each card code; a hand stands for the sum of its five."""


def _flush_rows() -> npt.NDArray[np.int64]:
    """The offset into the value table for each value of the suit counts: a hand of one suit
    (five cards, or four and the Joker, who takes their suit) reads the flush rows."""
    rows = np.zeros(1 << (4 * _SUIT_BITS), dtype=np.int64)
    for suit in range(4):
        row = _HEART_FLUSH if suit == _HEARTS else _FLUSH
        for count in (4, 5):
            rows[count << (_SUIT_BITS * suit)] = row * _KEYS
    return rows


_FLUSH_ROWS = _flush_rows()


class _Tables:
    """The value table of one HandRules: ``values[row * _KEYS + key]`` is the strength of the
    hands of rank key ``key`` in that row (mixed suits, a flush outside hearts, in hearts);
    with ``heart_sequences_first``, ``heart_top`` at the same place is the heart-rank bit of
    the card whose being a heart adds ``heart_tie`` to a mixed hand (a plain sequence's top
    card), else 0."""

    def __init__(self, rules: HandRules) -> None:
        self.rules = rules
        self.values = np.full(3 * _KEYS, -1, dtype=np.int64)
        self.heart_top = np.zeros(3 * _KEYS, dtype=np.int64)
        self.heart_tie = 0
        self.joker = False
        # Every natural hand is valued by the core, through one that stands for it.
        for ranks in itertools.combinations_with_replacement(range(13), 5):
            if ranks[0] == ranks[4]:
                continue  # five of one rank needs a repeated card
            key = _key(ranks)
            for row, codes, hearted in _stand_ins(ranks, hearts=self.rules.heart_sequences_first):
                strength = _evaluate_one([_CARDS[code] for code in codes], rules).strength
                self._enter(row, key, strength, hearted)

    def with_joker(self) -> _Tables:
        """Fill the rows of the hands with the Joker (once)."""
        if self.joker:
            return self
        rows, keys, others, hearted = [], [], [], []
        for ranks in itertools.combinations_with_replacement(range(13), 4):
            for row, codes, heart in _stand_ins(ranks, hearts=self.rules.heart_sequences_first):
                rows.append(row)
                keys.append(_key(ranks) + _JOKER_WEIGHT)
                others.append(codes)
                hearted.append(heart)
        # Ambiguity 12: the Joker is named as the best card not already in the hand, and
        # beats the natural hand it makes. Every naming of every stand-in is valued at once.
        held = np.array(others, dtype=np.int64)
        names = np.broadcast_to(np.arange(52), (len(held), 52))
        free = (held[:, :, None] != np.arange(52)).all(axis=1)
        hands = np.concatenate([np.repeat(held, 52, axis=0), names.reshape(-1, 1)], axis=1)[
            free.reshape(-1)
        ]
        namings = np.full(free.shape, -1, dtype=np.int64)
        namings[free] = _strengths(np.ascontiguousarray(hands.T), self)
        best = namings.max(axis=1) | _JOKER_BIT
        for row, key, strength, heart in zip(rows, keys, best.tolist(), hearted, strict=True):
            self._enter(row, key, strength, heart)
        self.joker = True
        return self

    def compiled(self) -> tuple[Any, Any, Any, Any, int]:
        """What :func:`strength` reads, in ``State``'s order: the card words, the flush
        rows, the values, the heart tops and the heart tie."""
        return _WORDS, _FLUSH_ROWS, self.values, self.heart_top, self.heart_tie

    def _enter(self, row: int, key: int, strength: int, hearted: int | None) -> None:
        """Enter the strength of a stand-in: mixed, one suit, or mixed with the card of rank
        ``hearted`` a heart (which counts only if its strength differs from the mixed one)."""
        at = row * _KEYS + key
        if hearted is None:
            if self.values[at] != -1:
                raise AssertionError(f"two multisets of ranks share the key {key}")
            self.values[at] = strength
            return
        tie = strength - int(self.values[at])
        if tie:
            # One card's suit at most may count, and always by the same bit.
            if self.heart_top[at] or (self.heart_tie and tie != self.heart_tie):
                raise AssertionError(f"hearts count other than by one card at key {key}")
            self.heart_tie = tie
            self.heart_top[at] = 1 << (_HEART_SHIFT + hearted)


def _key(ranks: tuple[int, ...]) -> int:
    return sum(_RANK_WEIGHTS[rank] for rank in ranks)


def _stand_ins(ranks: tuple[int, ...], *, hearts: bool) -> list[tuple[int, list[int], int | None]]:
    """The hands that stand for all hands of these ranks (four or five), as (row, codes,
    the rank made a heart or None): in mixed suits without hearts where the ranks allow, in
    clubs and in hearts, and (with ``hearts``) with each card in turn a heart, where its suit
    may count."""
    if len(set(ranks)) < len(ranks):
        # A rank repeats: no flush and no sequence, so suits never count. One suit per card
        # of a rank, hearts only in fours.
        codes: list[int] = []
        for rank, group in itertools.groupby(ranks):
            codes.extend(4 * rank + suit for suit, _ in zip(range(4), group, strict=False))
        return [(_MIXED, codes, None)]
    mixed = [4 * rank + (_CLUBS, _DIAMONDS)[i % 2] for i, rank in enumerate(ranks)]
    stand_ins: list[tuple[int, list[int], int | None]] = [
        (_MIXED, mixed, None),
        (_FLUSH, [4 * rank + _CLUBS for rank in ranks], None),
        (_HEART_FLUSH, [4 * rank + _HEARTS for rank in ranks], None),
    ]
    for i, rank in enumerate(ranks if hearts else ()):
        hearted = [*mixed[:i], 4 * rank + _HEARTS, *mixed[i + 1 :]]
        stand_ins.append((_MIXED, hearted, rank))
    return stand_ins


def _strengths(cards: npt.NDArray[Any], tables: _Tables) -> npt.NDArray[np.int64]:
    """The strengths of valid hands given column by column (``(5, c)`` card codes)."""
    # The sum of the five cards' words: rank key, suit counts, heart ranks.
    word = _WORDS[cards[0]]
    for column in cards[1:]:
        word += _WORDS[column]
    index = word & (_KEYS - 1)
    index += _FLUSH_ROWS[(word >> _SUIT_SHIFT) & ((1 << (4 * _SUIT_BITS)) - 1)]
    strengths: npt.NDArray[np.int64] = tables.values[index]
    if tables.rules.heart_sequences_first:
        # Law 70 (Ambiguity 9 (b)): a plain sequence whose top card is a heart wins an
        # otherwise exact tie; the table knows which card is the top one.
        strengths += ((word & tables.heart_top[index]) != 0) * tables.heart_tie
    return strengths


@jit
def strength(s: Any, cards: Any) -> int:
    """:func:`_strengths` of one hand of five card codes (``cards``), for the compiled laws:
    ``s`` holds the tables (``words``, ``flush_rows``, ``values``, ``heart_top``,
    ``heart_tie``; see ``State``)."""
    word = 0
    for card in cards:
        word += s.words[card]
    index = (word & (_KEYS - 1)) + s.flush_rows[(word >> _SUIT_SHIFT) & _SUIT_MASK]
    value: int = s.values[index]
    if s.heart_tie and word & s.heart_top[index]:
        # Law 70 (Ambiguity 9 (b)): as _strengths.
        value += s.heart_tie
    return value


_SUIT_MASK = (1 << (4 * _SUIT_BITS)) - 1
_TABLES: dict[HandRules, _Tables] = {}


def _tables_for(rules: HandRules, *, joker: bool) -> _Tables:
    tables = _TABLES.get(rules)
    if tables is None:
        tables = _TABLES[rules] = _Tables(rules)
    return tables.with_joker() if joker else tables


_CHUNK = 8192
"""Hands valued at a time: the work arrays of a chunk stay in the processor's cache."""


def evaluate(hands: Any, hand_rules: HandRules = PEEL_HANDS) -> npt.NDArray[np.int64]:
    """Value an array of hands under Laws 65-76 and the variants of ``hand_rules``.

    Args:
        hands: an integer numpy array of shape ``(m, 5)``, each row five different card
            codes (:func:`pokerlaws.agents.card_code`, 52 the Joker), in any order.
        hand_rules: the variants in use; the default is Peel read literally.

    Returns:
        ``(m,)`` int64: row ``i`` is ``pokerlaws.evaluate(hand_i, hand_rules).strength``, so
        higher is better and equal strengths share the pool (Law 76).

    Raises:
        TypeError: ``hands`` is not a numpy array of integers, or ``hand_rules`` is not a
            HandRules.
        ValueError: ``hands`` is not of shape ``(m, 5)``, holds a number that is not a card
            code, or a hand repeats a card.
    """
    if not isinstance(hands, np.ndarray):
        raise TypeError(f"hands must be a numpy array of card codes, not {type(hands).__name__}")
    if hands.dtype.kind not in "iu":
        raise TypeError(f"hands must hold integer card codes, not {hands.dtype}")
    if not isinstance(hand_rules, HandRules):
        raise TypeError(f"hand_rules must be a HandRules, not {type(hand_rules).__name__}")
    if hands.ndim != 2 or hands.shape[1] != 5:
        raise ValueError(f"hands must be of shape (m, 5), five cards a row, not {hands.shape}")
    count = hands.shape[0]
    strengths = np.empty(count, dtype=np.int64)
    if count == 0:
        return strengths
    _check_codes(hands)
    tables = _tables_for(hand_rules, joker=bool((hands == JOKER_CODE).any()))
    for start in range(0, count, _CHUNK):
        # Column by column (the hand's cards as five rows), so every step runs on contiguous
        # arrays.
        cards = np.ascontiguousarray(hands[start : start + _CHUNK].T)
        _check_repeats(cards, start)
        strengths[start : start + _CHUNK] = _strengths(cards, tables)
    return strengths


def _check_codes(hands: npt.NDArray[Any]) -> None:
    """Refuse a number that is not a card code, naming the first one."""
    low, high = hands.min(), hands.max()
    if low < 0 or high > JOKER_CODE:
        row, column = (int(i) for i in np.argwhere((hands < 0) | (hands > JOKER_CODE))[0])
        raise ValueError(
            f"hands[{row}, {column}] is {hands[row, column]}, not a card code "
            f"(0 to 51, 4 * (rank - 2) + suit, and {JOKER_CODE} the Joker)"
        )


def _check_repeats(cards: npt.NDArray[Any], start: int) -> None:
    """Refuse a hand that holds one card twice, naming the first (``cards`` is a chunk's
    hands column by column, the chunk beginning at row ``start``)."""
    repeated = cards[0] == cards[1]
    for i, j in itertools.combinations(range(5), 2):
        if (i, j) != (0, 1):
            repeated |= cards[i] == cards[j]
    if repeated.any():
        row = int(np.flatnonzero(repeated)[0])
        hand = [int(code) for code in cards[:, row]]
        twice = next(code for code in hand if hand.count(code) > 1)
        raise ValueError(
            f"hands[{start + row}] repeats the card {_CARDS[twice]}: "
            + " ".join(str(_CARDS[code]) for code in hand)
        )
