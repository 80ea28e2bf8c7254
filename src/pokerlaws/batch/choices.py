"""The ready bots' choice at one decision, compiled: one writing of each in the batch.

:func:`random_choice` is :func:`~pokerlaws.random_bot` and :func:`peel_choice` is
:func:`~pokerlaws.peel_bot`, each choosing one id of :class:`~pokerlaws.agents.ActionSpace`
from a row of legal ids. :func:`pokerlaws.batch.bots.random_ids` and
:func:`~pokerlaws.batch.bots.peel_ids` call them row by row for many decisions, and
``Tables.play`` inside its loop over the tables.

Side by side with the bots they restate:

* :func:`random_choice` chooses a kind of action (pass, stand, straddle, decline, shuffle,
  redeal, discard, stake) uniformly among the kinds legal in its row, then one id of that
  kind uniformly, as :func:`~pokerlaws.random_bot` does. It draws from a numpy
  ``Generator`` (one ``random()`` a choice, none where there is only one), so it plays the
  same distribution as ``random_bot`` but not the same choices from the same seed.
* :func:`peel_choice` returns exactly the id of the action :func:`~pokerlaws.peel_bot`
  returns in that seat's view. ``peel_bot`` consults its generator in one place only: in
  the draw, if the discard it wants were not among the legal ones it would choose a legal
  discard at random. Every subset of the hand is a legal discard at every draw (the pack
  running short is the dealer's Law 41 shuffle, not a smaller menu), so that never happens
  in a game the laws play; :func:`peel_choice` keeps the same fall-back (a legal discard
  drawn uniformly from the generator) for a mask that lacks the wanted one. Everything else
  is decided by the hand and the stakes.

What ``peel_bot`` reads from the view, :func:`peel_choice` is given: the hand, valued by
:func:`pokerlaws.batch.hands.strength` (a hand of fewer cards by its repeated ranks, as
``peel_bot`` does); whether the game is opened (``peel_bot`` looks for a ``Stake`` in the
view's history); the least legal stake in chips (``peel_bot`` reads it from the legal
actions; an id counts stakes from it); and it judges a jack-pot's openers itself (Law 30, as
:func:`pokerlaws.laws.jackpot.qualifies` does: a pair of the rank required or better, the
Joker pairing any card, or any hand above a pair).
"""

from __future__ import annotations

import collections
from typing import Any

from pokerlaws._hand_values import _CATEGORY_SHIFT, HandCategory
from pokerlaws.agents.space import DECLINE, DISCARD, PASS, STAKE, STAND
from pokerlaws.batch._jit import jit
from pokerlaws.batch.hands import JOKER_CODE, strength

__all__ = ["BOTS", "PEEL", "RANDOM", "HandTables", "peel_choice", "random_choice"]

BOTS = {"random": 0, "peel": 1}
"""The ready bots by name, and the number a compiled loop knows each by."""
RANDOM, PEEL = BOTS["random"], BOTS["peel"]

_tuple_of: Any = collections.namedtuple  # its fields are computed: the type checker's Any
HandTables: Any = _tuple_of(
    "HandTables", ["words", "flush_rows", "values", "heart_top", "heart_tie"]
)
"""What :func:`pokerlaws.batch.hands.strength` reads, and no more: ``peel_choice`` is given
this, at a table and from observations alike, so that it is compiled once."""

# Phase in order, as observation counts it.
_STRADDLE_PHASE, _SAY_PHASE, _DRAW_PHASE, _BETTING_PHASE = 0, 2, 3, 4

_PAIR = int(HandCategory.PAIR)
_TWO_PAIRS = int(HandCategory.TWO_PAIRS)
_BLAZE = int(HandCategory.BLAZE)
_TRIPLETS = int(HandCategory.TRIPLETS)
_SKIP_SEQUENCE = int(HandCategory.SKIP_SEQUENCE)
_SEQUENCE = int(HandCategory.SEQUENCE)
_FOURS = int(HandCategory.FOURS)
_NO_PAIR = int(HandCategory.NO_PAIR)
_JACK, _SEVEN, _ACE = 11, 7, 14


# --- random_bot ------------------------------------------------------------------------


@jit
def _pick(gen: Any, count: int) -> int:
    """A place below ``count``, uniformly from ``gen``; no draw where there is one place."""
    if count <= 1:
        return 0
    # random() is below 1, but its product with count may round up to count.
    return min(int(gen.random() * count), count - 1)


@jit
def _nth(row: Any, start: int, n: int) -> int:
    """The ``n``-th (from 0) legal id of ``row`` from ``start``, -1 if none."""
    for i in range(start, len(row)):
        if row[i]:
            if n == 0:
                return i
            n -= 1
    return -1


@jit
def random_choice(row: Any, gen: Any) -> int:
    """random_bot's choice among the legal ids of ``row`` (one decision's mask): a kind of
    action uniformly, then an id of that kind uniformly; -1 where no id is legal."""
    kinds = 0
    for i in range(DISCARD):
        kinds += row[i]
    discards = 0
    for i in range(DISCARD, STAKE):
        discards += row[i]
    stakes = 0
    for i in range(STAKE, len(row)):
        stakes += row[i]
    kinds += (discards > 0) + (stakes > 0)
    if kinds == 0:
        return -1
    k = _pick(gen, kinds)
    for i in range(DISCARD):
        if row[i]:
            if k == 0:
                return i
            k -= 1
    if discards:
        if k == 0:
            return _nth(row, DISCARD, _pick(gen, discards))
        k -= 1
    return _nth(row, STAKE, _pick(gen, stakes))


# --- peel_bot: what it reads in a hand (five card codes, -1 past its cards) ------------


@jit
def _rank(card: int) -> int:
    """A natural card's rank (2 to 14), 0 for the Joker or no card."""
    return card // 4 + 2 if 0 <= card < JOKER_CODE else 0


@jit
def _count(hand: Any, rank: int) -> int:
    """How many naturals of ``rank`` the hand holds."""
    n = 0
    for card in hand:
        if _rank(card) == rank:
            n += 1
    return n


@jit
def _repeats_earlier(hand: Any, i: int) -> bool:
    """Whether a card before place ``i`` has the rank of the natural at ``i``."""
    found = False
    for j in range(i):
        found |= _rank(hand[j]) == _rank(hand[i])
    return found


@jit
def _category(h: Any, hand: Any) -> int:
    """peel_bot's ``_category``: a hand of five as the laws value it, a shorter one by its
    repeated ranks (the Joker left out)."""
    cards = 0
    for card in hand:
        cards += card >= 0
    if cards == 5:
        return strength(h, hand) >> _CATEGORY_SHIFT
    top = second = 0
    for i in range(5):
        rank = _rank(hand[i])
        if rank == 0 or _repeats_earlier(hand, i):
            continue
        count = _count(hand, rank)
        if count > top:
            top, second = count, top
        elif count > second:
            second = count
    if top >= 3:
        return _TRIPLETS
    if top == 2:
        return _TWO_PAIRS if second == 2 else _PAIR
    return _NO_PAIR


@jit
def _pair_rank(hand: Any) -> int:
    """The highest rank held twice or more (the Joker pairing the highest card), or 0."""
    best = highest = 0
    joker = False
    for card in hand:
        joker |= card == JOKER_CODE
        rank = _rank(card)
        if rank:
            highest = max(highest, rank)
            if _count(hand, rank) >= 2:
                best = max(best, rank)
    if best:
        return best
    return highest if joker else 0


@jit
def _flush_odd(hand: Any) -> int:
    """The place of the odd card of a four-card flush (five naturals), -1 if none."""
    for card in hand:
        if card < 0 or card == JOKER_CODE:
            return -1
    for suit in range(4):
        count = 0
        odd = -1
        for i in range(5):
            if hand[i] % 4 == suit:
                count += 1
            else:
                odd = i
        if count == 4:
            return odd
    return -1


@jit
def _in_run(card: int, low: int) -> int:
    """The card's rank in the run of four from ``low`` (an ace low as 1), 0 outside it."""
    rank = _rank(card)
    if low <= rank <= low + 3:
        return rank
    return 1 if rank == _ACE and low == 1 else 0


@jit
def _sequence_odd(hand: Any) -> int:
    """The place of the odd card of a four-card sequence (the lowest run of four ranks in a
    row, the ace high or low; the first card of each rank in it kept), -1 if none."""
    held = 0  # the ranks held, as bits (an ace both 14 and 1)
    for card in hand:
        if card < 0:
            return -1
        rank = _rank(card)
        if rank:
            held |= 1 << rank
            if rank == _ACE:
                held |= 2
    for low in range(1, 12):
        if held >> low & 15 == 15:
            for i in range(5):
                rank = _in_run(hand[i], low)
                if rank == 0:
                    return i
                for j in range(i):
                    if _in_run(hand[j], low) == rank:
                        return i
    return -1


@jit
def _strength(hand: Any, category: int, before_draw: bool) -> int:
    """peel_bot's ``_strength``: 0 (nothing) to 4 (raise to the cap)."""
    if category >= _TRIPLETS:
        return 4 if category >= _SEQUENCE or not before_draw else 3
    if category == _TWO_PAIRS:
        return 3 if before_draw else 2
    if category == _PAIR:
        rank = _pair_rank(hand)
        if rank >= _JACK:
            return 2
        return 1 if before_draw and rank >= _SEVEN else 0
    drawing = _flush_odd(hand) >= 0 or _sequence_odd(hand) >= 0
    return 1 if before_draw and drawing else 0


@jit
def _discard_bits(hand: Any, category: int) -> int:
    """peel_bot's ``_discard_for`` as the bits of the places thrown out: nothing from a made
    hand of five (a sequence and up, the Blaze, the skip sequence); the cards beside pairs,
    triplets or fours; the odd card of a four-card flush or sequence; else all but the two
    highest cards (fewer with the Joker, which is kept)."""
    if category >= _SEQUENCE and category != _FOURS:
        return 0
    if category in (_BLAZE, _SKIP_SEQUENCE):
        return 0
    bits = 0
    if category >= _PAIR:
        for i in range(5):
            rank = _rank(hand[i])
            if rank and _count(hand, rank) == 1:
                bits |= 1 << i
        return bits
    odd = _flush_odd(hand)
    if odd < 0:
        odd = _sequence_odd(hand)
    if odd >= 0:
        return 1 << odd
    naturals = jokers = 0
    for card in hand:
        naturals += _rank(card) > 0
        jokers += card == JOKER_CODE
    thrown = max(0, naturals - max(0, 2 - jokers))
    for i in range(5):
        rank = _rank(hand[i])
        if not rank:
            continue
        # Its place among the naturals by rank, the earlier of equal ranks first.
        place = 0
        for j in range(5):
            other = _rank(hand[j])
            if other and other * 8 + j < rank * 8 + i:
                place += 1
        if place < thrown:
            bits |= 1 << i
    return bits


@jit
def _holds_openers(hand: Any, required: int, category: int) -> bool:
    """Law 30 (as jackpot.qualifies): a pair of ``required`` rank or better, the Joker
    pairing any card, or a hand above a pair."""
    joker = False
    for card in hand:
        joker |= card == JOKER_CODE
    for card in hand:
        rank = _rank(card)
        if rank and rank >= required and (joker or _count(hand, rank) >= 2):
            return True
    return category > _PAIR


@jit
def _choose_stake(
    row: Any, least: int, have: int, opened: bool, strength: int, ante: int, limit: int
) -> int:
    """peel_bot's ``_choose_stake``: pass, stand, call or raise as the strength says, the
    least legal stake being ``least`` chips and the seat's stake ``have``."""
    stakes = 0
    for i in range(STAKE, len(row)):
        stakes += row[i]
    if stakes == 0:
        return PASS
    passing = STAND if row[STAND] else PASS
    if strength == 0:
        return passing
    if strength == 1:
        # A pair below knaves or a four-card draw: call one small bet, no more.
        small = ante * 2 + (limit if opened else 0) // 2
        return STAKE if least <= small else passing
    cap = (1 if strength == 2 else 3 if strength == 3 else 8) * limit + 2 * ante
    most = least + stakes - 1
    if have + least >= cap or most == least:
        return STAKE
    raise_by = limit if strength >= 3 else max(1, limit // 2)
    amount = min(most, least + raise_by, max(least, cap - have))
    return STAKE + amount - least


@jit
def peel_choice(
    h: Any,
    row: Any,
    hand: Any,
    phase: int,
    required: int,
    opened: bool,
    least: int,
    have: int,
    ante: int,
    limit: int,
    gen: Any,
) -> int:
    """The id of what peel_bot plays: ``row`` the seat's legal ids, ``hand`` his five card
    codes (-1 past his cards), ``phase`` as observation numbers it, ``required`` the
    jack-pot's openers (0 none), ``least`` the least legal stake in chips and ``have`` his
    stake; ``h`` the hand tables (:class:`HandTables`). -1 where no id is legal."""
    legal = 0
    for i in range(len(row)):
        legal += row[i]
    if legal == 0:
        return -1
    first = _nth(row, 0, 0)
    if legal == 1:
        return first
    if phase == _STRADDLE_PHASE:
        return DECLINE
    if phase < _SAY_PHASE or phase > _BETTING_PHASE:
        return first
    category = _category(h, hand)
    if phase == _DRAW_PHASE:
        discards = 0
        for i in range(DISCARD, STAKE):
            discards += row[i]
        if discards:
            wanted = DISCARD + _discard_bits(hand, category)
            if row[wanted]:
                return wanted
            return _nth(row, DISCARD, _pick(gen, discards))
        # Law 36: make the stake good before drawing (a pair of knaves at most), or pass.
        strong = min(_strength(hand, category, True), 2)
        return _choose_stake(row, least, have, opened, strong, ante, limit)
    before = phase == _SAY_PHASE
    strong = _strength(hand, category, before)
    if before and required > 0 and not opened:
        # Laws 30-32: an unopened jack-pot opens only on the openers in the hand as dealt
        # (in the say it is still that hand), judged by the bot itself, on honour (Law 33)
        # too.
        stakes = 0
        for i in range(STAKE, len(row)):
            stakes += row[i]
        holds = stakes > 0 and _holds_openers(hand, required, category)
        strong = max(strong, 2) if holds else 0
    return _choose_stake(row, least, have, opened, strong, ante, limit)
