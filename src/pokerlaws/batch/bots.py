"""The ready bots of :mod:`pokerlaws.bots` for many decisions at once, as numpy arrays.

:func:`random_ids` is :func:`~pokerlaws.random_bot` and :func:`peel_ids` is
:func:`~pokerlaws.peel_bot`, each taking the decisions of many tables in one call: a row per
decision, read from what a batch of tables gives an agent (the observation of
:func:`pokerlaws.agents.observation`, the mask of :class:`~pokerlaws.agents.ActionSpace` ids)
and answering with ids of that space. Neither knows the engine or
:class:`~pokerlaws.batch.Tables`; ``VectorSeatEnv`` plays its other seats with them.

Side by side with the bots they restate:

* :func:`random_ids` chooses a kind of action (pass, stand, straddle, decline, shuffle,
  redeal, discard, stake) uniformly among the kinds legal in its row, then one id of that
  kind uniformly, as :func:`~pokerlaws.random_bot` does. It draws from a numpy
  ``Generator``, so it plays the same distribution as ``random_bot`` but not the same
  choices from the same seed.
* :func:`peel_ids` returns, row by row, exactly the id of the action
  :func:`~pokerlaws.peel_bot` returns in that seat's view. ``peel_bot`` consults its
  generator in one place only: in the draw, if the discard it wants were not among the
  legal ones it would choose a legal discard at random. Every subset of the hand is a legal
  discard at every draw (the pack running short is the dealer's Law 41 shuffle, not a
  smaller menu), so that never happens in a game the laws play; :func:`peel_ids` keeps the
  same fall-back (a legal discard drawn uniformly from ``rng``) for a mask that lacks the
  wanted one. Everything else is decided by the hand and the stakes.

What ``peel_bot`` reads from the view and :func:`peel_ids` reads from the observation:

* the hand and its category: the five cards in hand order (``hand_0`` .. ``hand_4``), valued
  by :func:`pokerlaws.batch.evaluate` (a hand of fewer cards by its repeated ranks, as
  ``peel_bot`` does);
* whether the game is opened (``peel_bot`` looks for a ``Stake`` in the view's history):
  the caller's ``opened`` array, since an observation does not hold the history;
* the least legal stake in chips (``peel_bot`` reads it from the legal actions; an id
  counts stakes from it): worked out from the stakes, the stack, the ante and the phase
  as the laws of the say (Laws 25-26), the draw (Law 36) and the betting (Law 53) set it,
  with Law 60's all he has when that is less. A deposit made out of turn (Law 55, a
  recording table's report) changes the least stake, and is not in an observation: such a
  decision is the object engine's;
* a jack-pot's openers (Law 30, as :func:`pokerlaws.laws.jackpot.qualifies` judges them):
  a pair of the rank required or better, the Joker pairing any card, or any hand above a
  pair.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from pokerlaws._hand_values import _CATEGORY_SHIFT, HandCategory
from pokerlaws.agents.observation import OBSERVATION_FIELDS, OBSERVATION_LENGTH
from pokerlaws.agents.space import DECLINE, DISCARD, DISCARDS, PASS, STAKE, STAND
from pokerlaws.batch.hands import JOKER_CODE
from pokerlaws.batch.hands import evaluate as _evaluate
from pokerlaws.rules import Rules

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["peel_ids", "random_ids"]

_PHASE = OBSERVATION_FIELDS.index("phase")
_HAND = OBSERVATION_FIELDS.index("hand_0")
_STACK = OBSERVATION_FIELDS.index("stack_0")
_STAKE = OBSERVATION_FIELDS.index("stake_0")
_STAKES = slice(_STAKE, OBSERVATION_FIELDS.index("stake_9") + 1)
_OPENERS = OBSERVATION_FIELDS.index("openers_required")
# Phase in order, as observation counts it.
_STRADDLE_PHASE, _SAY_PHASE, _DRAW_PHASE, _BETTING_PHASE = 0, 2, 3, 4
_KINDS = 8
"""The kinds of action among the ids: the six single ids, the discards, the stakes."""
_DISCARD_KIND, _STAKE_KIND = 6, 7

_NO_PAIR = int(HandCategory.NO_PAIR)
_PAIR = int(HandCategory.PAIR)
_TWO_PAIRS = int(HandCategory.TWO_PAIRS)
_BLAZE = int(HandCategory.BLAZE)
_TRIPLETS = int(HandCategory.TRIPLETS)
_SKIP_SEQUENCE = int(HandCategory.SKIP_SEQUENCE)
_SEQUENCE = int(HandCategory.SEQUENCE)
_FOURS = int(HandCategory.FOURS)
_JACK, _SEVEN, _ACE = 11, 7, 14
_CAPS = np.array([0, 0, 1, 3, 8], dtype=np.int64)
"""The limits above two antes a strength stakes up to (``peel_bot``'s ``cap``), by strength."""


def _mask_of(masks: Any, name: str = "masks") -> npt.NDArray[np.bool_]:
    if not isinstance(masks, np.ndarray):
        raise TypeError(f"{name} must be a numpy array of bools, not {type(masks).__name__}")
    if masks.dtype != np.bool_:
        raise TypeError(f"{name} must hold bools (a legal_mask), not {masks.dtype}")
    if masks.ndim != 2 or masks.shape[1] <= STAKE:
        raise ValueError(
            f"{name} must be of shape (m, space.size), a row of ids per decision, "
            f"not {masks.shape}"
        )
    return masks


def _generator(rng: object) -> np.random.Generator:
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, not {type(rng).__name__}")
    return rng


def _nth_true(mask: npt.NDArray[np.bool_], n: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The column of the ``n``-th (from 0) set place of each row of ``mask``."""
    found: npt.NDArray[np.int64] = np.argmax(np.cumsum(mask, axis=1) > n[:, None], axis=1)
    return found


def random_ids(masks: Any, rng: Any) -> npt.NDArray[np.int64]:
    """:func:`~pokerlaws.random_bot` for many decisions: in each row of ``masks``, a kind of
    legal action chosen uniformly (pass, stand, straddle, decline, shuffle, redeal, a
    discard, a stake), then one legal id of that kind uniformly, so passing is as likely
    as staking however many amounts are legal.

    Args:
        masks: ``(m, space.size)`` bools, each row the legal ids of one decision
            (:meth:`pokerlaws.agents.ActionSpace.legal_mask`, ``Tables.legal_mask``).
        rng: the ``numpy.random.Generator`` every choice is drawn from.

    Returns:
        ``(m,)`` int64 ids, each legal in its row.

    Raises:
        TypeError: ``masks`` is not a numpy array of bools, or ``rng`` not a Generator.
        ValueError: ``masks`` is not of shape ``(m, size)`` with a size of a space, or a
            row holds no legal id (no seat has a choice there: a game over).
    """
    masks = _mask_of(masks)
    rng = _generator(rng)
    m = masks.shape[0]
    kinds = np.empty((m, _KINDS), dtype=np.bool_)
    kinds[:, :DISCARD] = masks[:, :DISCARD]
    discards = masks[:, DISCARD:STAKE]
    stakes = masks[:, STAKE:]
    kinds[:, _DISCARD_KIND] = discards.any(axis=1)
    kinds[:, _STAKE_KIND] = stakes.any(axis=1)
    count = kinds.sum(axis=1)
    if m and not count.all():
        row = int(np.flatnonzero(count == 0)[0])
        raise ValueError(f"masks[{row}] holds no legal id: there is no choice to make there")
    kind = _nth_true(kinds, rng.integers(0, np.maximum(count, 1)))
    ids = kind.copy()
    for first, group, of_kind in (
        (DISCARD, discards, _DISCARD_KIND),
        (STAKE, stakes, _STAKE_KIND),
    ):
        rows = np.flatnonzero(kind == of_kind)
        if rows.size:
            within = group[rows]
            ids[rows] = first + _nth_true(within, rng.integers(0, within.sum(axis=1)))
    return ids


# --- peel_ids --------------------------------------------------------------------------


class _Hands:
    """What ``peel_bot`` reads from the hands of many rows: ranks, counts, the category,
    the pair's rank, the four-card flush and sequence draws and their odd cards."""

    def __init__(self, codes: npt.NDArray[np.int64], rules: Rules) -> None:
        m = codes.shape[0]
        present = codes >= 0
        joker = codes == JOKER_CODE
        natural = present & ~joker
        self.natural = natural
        rank = np.where(natural, codes // 4 + 2, 0)
        suit = np.where(natural, codes % 4, -1)
        self.cards = present.sum(axis=1)
        five = self.cards == 5
        self.jokers = joker.sum(axis=1)
        has_joker = self.jokers > 0
        self.has_joker = has_joker
        self.rank = rank
        # How many of each rank the naturals hold (rank 0 collects the other places).
        # One bincount over the rows' places (row * 15 + rank): numpy's fastest tally.
        places = np.arange(m)[:, None] * 15
        counts = np.bincount((places + rank)[natural], minlength=m * 15).reshape(m, 15)
        self.counts = counts
        self.rank_count = counts[np.arange(m)[:, None], rank] * natural
        # The category: a hand of five as the laws value it, a shorter one by repeated ranks
        # as peel_bot's _category counts them (the Joker left out).
        category = np.full(m, _NO_PAIR, dtype=np.int64)
        if five.any():
            category[five] = _evaluate(codes[five], rules.hands) >> _CATEGORY_SHIFT
        short = ~five
        if short.any():
            ordered = -np.sort(-counts[short], axis=1)
            top, second = ordered[:, 0], ordered[:, 1]
            category[short] = np.select(
                [top >= 3, (top == 2) & (second == 2), top == 2],
                [_TRIPLETS, _TWO_PAIRS, _PAIR],
                _NO_PAIR,
            )
        self.category = category
        # _pair_rank: the highest rank held twice, else the highest card with the Joker.
        ranks = np.arange(15)
        repeated = np.where(counts >= 2, ranks, 0).max(axis=1)
        highest = np.where(counts >= 1, ranks, 0).max(axis=1)
        self.pair_rank = np.where(repeated > 0, repeated, np.where(has_joker, highest, 0))
        # _flush_draw: four naturals of one suit and a fifth natural card, the odd one out.
        suits = np.bincount((places // 15 * 4 + suit)[natural], minlength=m * 4).reshape(m, 4)
        flush_suit = suits.argmax(axis=1)
        self.flush_draw = five & (suits.max(axis=1) == 4) & ~has_joker
        self.flush_odd = natural & (suit != flush_suit[:, None])
        # _sequence_draw: the lowest run of four ranks in a row (the ace high, or low as 1)
        # that the naturals fill; the odd card is the one not kept (the first card of each
        # rank in the run is kept).
        held = counts[:, 1:] > 0  # ranks 1..14, column r - 1
        held[:, 0] = counts[:, _ACE] > 0
        # Four ranks in a row from each low rank 1..11: a window of four held ranks.
        total = np.zeros((m, 15), dtype=np.int64)
        np.cumsum(held, axis=1, out=total[:, 1:])
        runs = (total[:, 4:] - total[:, :-4]) == 4
        self.sequence_draw = five & runs.any(axis=1)
        low = runs.argmax(axis=1) + 1
        in_run = natural & (
            ((rank >= low[:, None]) & (rank <= low[:, None] + 3))
            | ((rank == _ACE) & (low[:, None] == 1))
        )
        earlier = np.tril(np.ones((5, 5), dtype=np.bool_), -1)  # [k, j]: j before k
        repeats = ((rank[:, :, None] == rank[:, None, :]) & natural[:, None, :] & earlier).any(
            axis=2
        )
        self.sequence_odd = present & ~(in_run & ~repeats)

    def strength(self, before_draw: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        """peel_bot's ``_strength``: 0 (nothing) to 4 (raise to the cap)."""
        category = self.category
        pair = np.where(
            self.pair_rank >= _JACK, 2, np.where(before_draw & (self.pair_rank >= _SEVEN), 1, 0)
        )
        drawing = before_draw & (self.flush_draw | self.sequence_draw)
        # Nested wheres, not np.select: a few rows at a time, its overhead would dominate.
        strength: npt.NDArray[np.int64] = np.where(
            category >= _TRIPLETS,
            np.where((category >= _SEQUENCE) | ~before_draw, 4, 3),
            np.where(
                category == _TWO_PAIRS,
                np.where(before_draw, 3, 2),
                np.where(category == _PAIR, pair, drawing),
            ),
        )
        return strength

    def discard_bits(self) -> npt.NDArray[np.int64]:
        """peel_bot's ``_discard_for`` as the bits of the positions to throw out: nothing
        from a made hand of five (a sequence and up, the Blaze, the skip sequence); the cards
        beside pairs, triplets or fours; the odd card of a four-card flush or sequence; else
        all but the two highest cards (fewer with the Joker, which is kept)."""
        category = self.category
        natural = self.natural
        beside = natural & (self.rank_count == 1)
        # All but the highest cards: each natural's place among the naturals by rank (the
        # earlier of equal ranks first, as a stable sort puts it).
        key = self.rank * 8 + np.arange(5)
        place = ((key[:, None, :] < key[:, :, None]) & natural[:, None, :]).sum(axis=2)
        thrown = np.maximum(0, natural.sum(axis=1) - np.maximum(0, 2 - self.jokers))
        lowest = natural & (place < thrown[:, None])
        made = ((category >= _SEQUENCE) & (category != _FOURS)) | (
            (category == _BLAZE) | (category == _SKIP_SEQUENCE)
        )
        drawn = np.where(
            self.flush_draw[:, None],
            self.flush_odd,
            np.where(self.sequence_draw[:, None], self.sequence_odd, lowest),
        )
        positions = ~made[:, None] & np.where((category >= _PAIR)[:, None], beside, drawn)
        bits: npt.NDArray[np.int64] = positions @ (1 << np.arange(5, dtype=np.int64))
        return bits

    def openers(self, required: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        """Law 30 (as jackpot.qualifies): a pair of ``required`` rank or better, the Joker
        pairing any card, or a hand above a pair."""
        pairs = (
            self.natural
            & (self.rank >= required[:, None])
            & ((self.rank_count >= 2) | self.has_joker[:, None])
        )
        held: npt.NDArray[np.bool_] = pairs.any(axis=1) | (self.category > _PAIR)
        return held


def _observations_of(observations: Any, m: int) -> npt.NDArray[np.int64]:
    if not isinstance(observations, np.ndarray):
        raise TypeError(
            f"observations must be a numpy array of ints, not {type(observations).__name__}"
        )
    if observations.dtype.kind not in "iu":
        raise TypeError(f"observations must hold ints, not {observations.dtype}")
    if observations.shape != (m, OBSERVATION_LENGTH):
        raise ValueError(
            f"observations must be of shape ({m}, {OBSERVATION_LENGTH}), one observation per "
            f"row of masks, not {observations.shape}"
        )
    return observations.astype(np.int64, copy=False)


def _least_stakes(
    obs: npt.NDArray[np.int64], opened: npt.NDArray[np.bool_], rules: Rules
) -> npt.NDArray[np.int64]:
    """The least amount the seat to act may stake now, in chips (where any is legal): the
    amount stake id 38 names."""
    phase = obs[:, _PHASE]
    have = obs[:, _STAKE]
    stack = obs[:, _STACK]
    highest = obs[:, _STAKES].max(axis=1)
    # Laws 25-26: the say calls the highest stake once opened; before, the opening is at
    # least twice the straddle (the ante, or the last straddler's stake).
    say_total = np.where(opened, highest, 2 * np.maximum(highest, rules.ante))
    say = np.maximum(say_total - have, 0)
    say = np.where(stack < say, stack, np.maximum(say, 1))
    # Law 36: the draw's one stake makes the stake good. Law 53: a bet at least equals the
    # highest stake. Law 60: all he has when that is less.
    draw = np.minimum(highest - have, stack)
    bet = np.maximum(highest - have, 1)
    bet = np.where(stack < bet, stack, bet)
    least: npt.NDArray[np.int64] = np.where(
        phase == _SAY_PHASE, say, np.where(phase == _DRAW_PHASE, draw, bet)
    )
    return least


def _choose_stakes(
    obs: npt.NDArray[np.int64],
    masks: npt.NDArray[np.bool_],
    opened: npt.NDArray[np.bool_],
    strength: npt.NDArray[np.int64],
    rules: Rules,
) -> npt.NDArray[np.int64]:
    """peel_bot's ``_choose_stake`` for many rows: pass, stand, call or raise as the
    strength says."""
    stakes = masks[:, STAKE:].sum(axis=1)
    passing = np.where(masks[:, STAND], STAND, PASS)
    least = _least_stakes(obs, opened, rules)
    most = least + stakes - 1
    have = obs[:, _STAKE]
    ante, limit = rules.ante, rules.limit
    # A pair below knaves or a four-card draw: call one small bet, no more.
    small = least <= ante * 2 + np.where(opened, limit, 0) // 2
    weak = np.where(small, STAKE, passing)
    cap = _CAPS[np.minimum(strength, 4)] * limit + 2 * ante
    raise_by = np.where(strength >= 3, limit, max(1, limit // 2))
    amount = np.minimum(np.minimum(most, least + raise_by), np.maximum(least, cap - have))
    calls = (have + least >= cap) | (most == least)
    strong = np.where(calls, STAKE, STAKE + amount - least)
    ids: npt.NDArray[np.int64] = np.where(
        stakes == 0,
        PASS,
        np.where(strength == 0, passing, np.where(strength == 1, weak, strong)),
    )
    return ids


def peel_ids(
    observations: Any, masks: Any, opened: Any, rules: Rules, rng: Any
) -> npt.NDArray[np.int64]:
    """:func:`~pokerlaws.peel_bot` for many decisions: row ``i`` is the id of what
    ``peel_bot`` returns in the view whose observation is ``observations[i]``.

    Args:
        observations: ``(m, 61)`` ints, each row ``observation(view)`` of the seat to act
            (``Tables.observation``).
        masks: ``(m, space.size)`` bools, that seat's legal ids.
        opened: ``(m,)`` bools, whether the game has been opened (a ``Stake`` is in its
            history: the opener of ``Tables``, where one is set).
        rules: the table's rules (the ante, the limit, the hands' rules).
        rng: the ``numpy.random.Generator`` of the one chance ``peel_bot`` can take (a
            discard it wants missing from the mask, which the laws never make: see the
            module's notes).

    Returns:
        ``(m,)`` int64 ids, each legal in its row.

    Raises:
        TypeError: an argument is not of its type (numpy arrays of ints and bools, a
            Rules, a Generator).
        ValueError: the shapes do not agree (``masks`` of ``rules``' space size, one
            observation and one ``opened`` per row), or a row has no legal id.
    """
    masks = _mask_of(masks)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    rng = _generator(rng)
    m, size = masks.shape
    if size != STAKE + rules.limit + 1:
        raise ValueError(
            f"masks has {size} ids a row, not the {STAKE + rules.limit + 1} of a space at "
            f"limit {rules.limit}"
        )
    obs = _observations_of(observations, m)
    if not isinstance(opened, np.ndarray) or opened.dtype != np.bool_:
        raise TypeError("opened must be a numpy array of bools")
    if opened.shape != (m,):
        raise ValueError(f"opened must be of shape ({m},), one per row, not {opened.shape}")
    count = masks.sum(axis=1)
    if m and not count.all():
        row = int(np.flatnonzero(count == 0)[0])
        raise ValueError(f"masks[{row}] holds no legal id: there is no choice to make there")
    phase = obs[:, _PHASE]
    ids = np.where(phase == _STRADDLE_PHASE, DECLINE, masks.argmax(axis=1))
    # A single legal action is taken whatever the phase; the hands are read only where
    # there is a choice of stakes or discards.
    rows = np.flatnonzero((count > 1) & (phase >= _SAY_PHASE) & (phase <= _BETTING_PHASE))
    if rows.size:
        ids[rows] = _choose(obs[rows], masks[rows], opened[rows], rules, rng)
    result: npt.NDArray[np.int64] = np.where(count == 1, masks.argmax(axis=1), ids)
    return result


def _choose(
    obs: npt.NDArray[np.int64],
    masks: npt.NDArray[np.bool_],
    opened: npt.NDArray[np.bool_],
    rules: Rules,
    rng: np.random.Generator,
) -> npt.NDArray[np.int64]:
    """peel_bot's choice in the say, the draw and the betting, where there is one."""
    m = masks.shape[0]
    phase = obs[:, _PHASE]
    hands = _Hands(obs[:, _HAND : _HAND + 5], rules)
    discards = masks[:, DISCARD : DISCARD + DISCARDS]
    drawing = (phase == _DRAW_PHASE) & discards.any(axis=1)
    # The stakes: the say, the betting, and Law 36's making good in the draw (a pair of
    # knaves at most: strength 2).
    before = phase == _SAY_PHASE
    strength = hands.strength(before | (phase == _DRAW_PHASE))
    strength = np.where(phase == _DRAW_PHASE, np.minimum(strength, 2), strength)
    # Laws 30-32: an unopened jack-pot opens only on the openers in the hand as dealt (in
    # the say it is still that hand), judged by the bot itself, on honour (Law 33) too.
    required = obs[:, _OPENERS]
    proving = before & (required > 0) & ~opened
    holds = hands.openers(required) & masks[:, STAKE:].any(axis=1)
    strength = np.where(proving, np.where(holds, np.maximum(strength, 2), 0), strength)
    ids = _choose_stakes(obs, masks, opened, strength, rules)
    # The draw: the discard a sound player makes; a legal one at random were it refused.
    wanted = DISCARD + hands.discard_bits()
    refused = drawing & ~masks[np.arange(m), wanted]
    if refused.any():
        rows = np.flatnonzero(refused)
        within = discards[rows]
        wanted[rows] = DISCARD + _nth_true(within, rng.integers(0, within.sum(axis=1)))
    chosen: npt.NDArray[np.int64] = np.where(drawing, wanted, ids)
    return chosen
