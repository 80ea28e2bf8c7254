"""The tables behind :func:`pokerlaws.hands.evaluate`, built once per HandRules (Laws 65-76).

Every multiset of five ranks that a pack can deal (6,175 of them, no rank five times) is
classified once; the 1,287 with five different ranks are also classified as a flush in hearts
and in another suit. Each value is a shared, pre-built :class:`~pokerlaws.hands.HandValue`, so
evaluating a hand is a table lookup. The tie rules are restated where they are applied.

A hand with a repeated rank reads one switch (the Blaze), a hand of five different ranks the
other four; each half is classified once per setting of the switches it reads and shared by
every HandRules that agrees on them, so the 32 HandRules cost two classifications of the
4,888 repeated multisets, not 32 (a table for new rules was half a second, on every process
that met them: a fuzz run or a property test meets them all).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from typing import NamedTuple, Protocol

import attrs

from pokerlaws._hand_values import _KEY_OFFSET, HandCategory, HandValue, _pack_strength
from pokerlaws.cards import Rank

__all__ = ["HandTables", "build"]


class _RepeatedSwitches(Protocol):
    """What a hand with a repeated rank reads."""

    @property
    def blaze(self) -> bool: ...


class _DifferentSwitches(Protocol):
    """What a hand of five different ranks reads."""

    @property
    def skip_sequence(self) -> bool: ...
    @property
    def ace_high_sequences(self) -> bool: ...
    @property
    def heart_flushes_first(self) -> bool: ...
    @property
    def heart_sequences_first(self) -> bool: ...


class HandRules(_RepeatedSwitches, _DifferentSwitches, Protocol):
    """The switches the tables read (:class:`pokerlaws.hands.HandRules` has them): named
    here, not imported, so that this module never imports the one that imports it."""


class _Blaze(NamedTuple):
    blaze: bool


class _Sequences(NamedTuple):
    skip_sequence: bool
    ace_high_sequences: bool
    heart_flushes_first: bool
    heart_sequences_first: bool


_ACE = 14
_COURTS = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING})
_SHARED: dict[int, HandValue] = {}
"""Every HandValue built so far, by strength: a value is immutable and compares by its
strength alone, so the tables of every HandRules hand out the same objects."""


@attrs.frozen
class HandTables:
    """Values for one HandRules, keyed by the product of ``rank + _KEY_OFFSET`` over a hand.

    Attributes:
        plain: the value of five cards not all of one suit.
        flush: the value of five cards of one suit other than hearts (five different ranks).
        heart_flush: the same in hearts.
        heart_topped: with ``heart_sequences_first``, for each plain sequence: its top rank
            and its value when that top card is a heart (Ambiguity 9 (b)). Empty otherwise.
        values: every value built, by strength, so equal values are one object.
        fast: what :func:`~pokerlaws.hands.evaluate`'s fast path looks up first: ``plain``
            without the sequences of ``heart_topped`` (those take the plain path), and for
            each multiset of four ranks, the key of a hand holding them and the Joker, the
            marker that sends it to ``joker``.
        joker: a bounded table of Joker hands met so far, by their cards (the Joker's and
            the four others' ``Card._bit`` together).
    """

    plain: dict[int, HandValue] = attrs.field(factory=dict)
    flush: dict[int, HandValue] = attrs.field(factory=dict)
    heart_flush: dict[int, HandValue] = attrs.field(factory=dict)
    heart_topped: dict[int, tuple[Rank, HandValue]] = attrs.field(factory=dict)
    values: dict[int, HandValue] = attrs.field(factory=dict)
    fast: dict[int, HandValue] = attrs.field(factory=dict)
    joker: dict[int, HandValue] = attrs.field(factory=dict)

    def value(self, strength: int) -> HandValue:
        """Return the one HandValue with this strength, building it the first time."""
        value = self.values.get(strength)
        if value is None:
            value = _SHARED.get(strength)
            if value is None:
                value = _SHARED[strength] = HandValue(strength)
            self.values[strength] = value
        return value


def sequence_top(ranks: tuple[int, ...], step: int, *, ace_high: bool) -> int | None:
    """Return the top card of five different ranks at intervals of ``step``, or None.

    Law 71: the ace counts 1 and may only begin a sequence (A-2-3-4-5 is the lowest, 9 to
    king the highest; it can neither follow the king nor turn the corner K-A-2). With
    ``ace_high`` it may also end one, which makes 10 to ace the highest (the footnote's American
    custom). A hand without an ace reads the same either way.
    """
    # enforces: Law 71
    readings = [sorted(1 if r == _ACE else r for r in ranks)]
    if ace_high:
        readings.append(sorted(ranks))
    for values in readings:
        if all(high - low == step for low, high in itertools.pairwise(values)):
            return values[-1]
    return None


def _repeated(ranks: tuple[int, ...], rules: _RepeatedSwitches) -> int:
    """Return the strength of five ranks with a repeat."""
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    first = groups[0][0]
    if shape == (4, 1):
        # Law 67: fours rank by the four; the fifth card counts for nothing.
        # enforces: Law 67
        return _pack_strength(HandCategory.FOURS, (first,))
    if shape == (3, 2):
        # Law 68: a full hand ranks by its three; the pair is ignored.
        # enforces: Law 68
        return _pack_strength(HandCategory.FULL, (first,))
    if shape == (3, 1, 1):
        # Law 72: threes rank by the three; the other two cards count for nothing.
        # enforces: Law 72
        return _pack_strength(HandCategory.TRIPLETS, (first,))
    if shape == (2, 2, 1):
        if rules.blaze and all(r in _COURTS for r in ranks):
            # Modifications: five court cards make a Blaze, above two pairs and below threes;
            # blazes compare card by card from the top (Ambiguity 11).
            return _pack_strength(HandCategory.BLAZE, sorted(ranks, reverse=True))
        # Law 73: the higher pair, then the lower; the fifth card is never consulted.
        # enforces: Law 73
        return _pack_strength(HandCategory.TWO_PAIRS, (first, groups[1][0]))
    # Law 74: the pair, then the three side cards from the highest down.
    # enforces: Law 74
    return _pack_strength(HandCategory.PAIR, [rank for rank, _ in groups])


def _different(
    ranks: tuple[int, ...], rules: _DifferentSwitches
) -> tuple[int, int, int, tuple[Rank, int] | None]:
    """Return the strengths of five different ranks: mixed suits, a flush outside hearts, a
    heart flush; and for a plain sequence when ``heart_sequences_first``, its top rank and
    its strength when that card is a heart (else None)."""
    descending = sorted(ranks, reverse=True)
    top = sequence_top(ranks, 1, ace_high=rules.ace_high_sequences)
    topped = None
    if top is not None:
        # Law 66: sequence flushes rank by the top card, the ace counting lowest; a heart one
        # wins an otherwise exact tie (the description's general rule; Ambiguity 8).
        # enforces: Law 66
        flush = _pack_strength(HandCategory.SEQUENCE_FLUSH, (top,))
        heart_flush = _pack_strength(HandCategory.SEQUENCE_FLUSH, (top,), heart_tie=True)
        # Law 70: sequences rank by the top card; equal ones share (Ambiguity 9 (a)) unless
        # the variant lets a heart top card win (reading (b)).
        # enforces: Law 70
        plain = _pack_strength(HandCategory.SEQUENCE, (top,))
        if rules.heart_sequences_first:
            topped = (
                Rank(_ACE if top == 1 else top),
                _pack_strength(HandCategory.SEQUENCE, (top,), heart_tie=True),
            )
        return plain, flush, heart_flush, topped
    # Law 69: flushes compare card by card from the top; a heart flush beats every other
    # flush, or with the description's reading only breaks an exact tie (Ambiguity 8).
    # enforces: Law 69
    flush = _pack_strength(HandCategory.FLUSH, descending)
    heart_flush = _pack_strength(
        HandCategory.FLUSH,
        descending,
        hearts_first=rules.heart_flushes_first,
        heart_tie=not rules.heart_flushes_first,
    )
    skip_top = sequence_top(ranks, 2, ace_high=False) if rules.skip_sequence else None
    if skip_top is not None:
        # Glossary and Ambiguity 23: a skip sequence (ace low only) beats threes and loses to a
        # sequence; ties go by the top card, then share. In one suit it is simply a flush.
        plain = _pack_strength(HandCategory.SKIP_SEQUENCE, (skip_top,))
    else:
        # Law 75: no pair compares card by card from the highest.
        # enforces: Law 75
        plain = _pack_strength(HandCategory.NO_PAIR, descending)
    return plain, flush, heart_flush, topped


_Different = tuple[int, int, int, tuple[Rank, int] | None]


@functools.cache
def _multisets() -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every five-rank multiset a pack can deal, with its key."""
    found = []
    for ranks in itertools.combinations_with_replacement(range(2, _ACE + 1), 5):
        if ranks[0] == ranks[4]:
            continue  # five of one rank needs a repeated card
        key = 1
        for rank in ranks:
            key *= rank + _KEY_OFFSET
        found.append((ranks, key))
    return tuple(found)


@functools.cache
def _repeated_strengths(switches: _Blaze) -> dict[int, int]:
    """The strength of every multiset with a repeated rank, by key."""
    return {key: _repeated(ranks, switches) for ranks, key in _multisets() if len(set(ranks)) < 5}


@functools.cache
def _different_strengths(switches: _Sequences) -> dict[int, _Different]:
    """:func:`_different` of every multiset of five different ranks, by key."""
    return {
        key: _different(ranks, switches) for ranks, key in _multisets() if len(set(ranks)) == 5
    }


def build(rules: HandRules, *, joker_hand: HandValue) -> HandTables:
    """Classify every five-rank multiset under ``rules``; mark each four-rank multiset (a
    hand with the Joker) with ``joker_hand`` in the fast table."""
    tables = HandTables()
    value = tables.value
    sequences = _Sequences(
        rules.skip_sequence,
        rules.ace_high_sequences,
        rules.heart_flushes_first,
        rules.heart_sequences_first,
    )
    for key, (plain, flush, heart_flush, topped) in _different_strengths(sequences).items():
        tables.flush[key] = value(flush)
        tables.heart_flush[key] = value(heart_flush)
        if topped is not None:
            tables.heart_topped[key] = (topped[0], value(topped[1]))
        tables.plain[key] = value(plain)
    for key, strength in _repeated_strengths(_Blaze(rules.blaze)).items():
        tables.plain[key] = value(strength)
    if len(tables.plain) != 6175:
        raise AssertionError("the rank key must tell every five-rank multiset apart")
    tables.fast.update(
        (key, value) for key, value in tables.plain.items() if key not in tables.heart_topped
    )
    for four in itertools.combinations_with_replacement(range(2, _ACE + 1), 4):
        # The Joker's factor is 1, so the key of four ranks and the Joker is theirs alone;
        # it is smaller than any product of five factors, so no five-card key is taken.
        key = 1
        for rank in four:
            key *= rank + _KEY_OFFSET
        tables.fast[key] = joker_hand
    if len(tables.fast) != 6175 - len(tables.heart_topped) + 1820:
        raise AssertionError("a four-rank key must differ from every other key")
    return tables
