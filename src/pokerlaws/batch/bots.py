"""The ready bots of :mod:`pokerlaws.bots` for many decisions at once, compiled.

:func:`random_ids` is :func:`~pokerlaws.random_bot` and :func:`peel_ids` is
:func:`~pokerlaws.peel_bot`, each taking the decisions of many tables in one call: a row per
decision, read from what a batch of tables gives an agent (the observation of
:func:`pokerlaws.agents.observation`, the mask of :class:`~pokerlaws.agents.ActionSpace` ids)
and answering with ids of that space. Each row's choice is
:func:`pokerlaws.batch.choices.random_choice` or :func:`~pokerlaws.batch.choices.peel_choice`
(see that module for how each restates its bot), the functions ``Tables.play`` calls inside
its loop over the tables; the rows are taken in order, drawing on the caller's ``Generator``.

What :func:`peel_ids` reads from the observation for ``peel_choice``:

* the hand: the five cards in hand order (``hand_0`` .. ``hand_4``);
* whether the game is opened: the caller's ``opened`` array (``Tables.opened``), since an
  observation does not hold the history;
* the least legal stake in chips: worked out from the stakes, the stack, the ante and the
  phase as the laws of the say (Laws 25-26), the draw (Law 36) and the betting (Law 53) set
  it, with Law 60's all he has when that is less (at a table, ``Tables.play`` takes it from
  the laws' own menu). A deposit made out of turn (Law 55, a recording table's report)
  changes the least stake, and is not in an observation: such a decision is the object
  engine's;
* a jack-pot's openers: ``openers_required``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerlaws.agents.observation import OBSERVATION_FIELDS, OBSERVATION_LENGTH
from pokerlaws.agents.space import STAKE
from pokerlaws.batch._jit import counted_kernel, jit
from pokerlaws.batch.choices import HandTables, peel_choice, random_choice
from pokerlaws.batch.hands import JOKER_CODE, _tables_for
from pokerlaws.rules import Rules

__all__ = ["peel_ids", "random_ids"]

_PHASE = OBSERVATION_FIELDS.index("phase")
_HAND = OBSERVATION_FIELDS.index("hand_0")
_STACK = OBSERVATION_FIELDS.index("stack_0")
_STAKE = OBSERVATION_FIELDS.index("stake_0")
_STAKES_END = OBSERVATION_FIELDS.index("stake_9") + 1
_OPENERS = OBSERVATION_FIELDS.index("openers_required")
_SAY_PHASE, _DRAW_PHASE = 2, 3


# --- The public forms: many rows at once -----------------------------------------------


def _mask_of(masks: Any, name: str = "masks") -> Any:
    if not isinstance(masks, np.ndarray):
        raise TypeError(f"{name} must be a numpy array of bools, not {type(masks).__name__}")
    if masks.dtype != np.bool_:
        raise TypeError(f"{name} must hold bools (a legal_mask), not {masks.dtype}")
    if masks.ndim != 2 or masks.shape[1] <= STAKE:
        raise ValueError(
            f"{name} must be of shape (m, space.size), a row of ids per decision, "
            f"not {masks.shape}"
        )
    empty = ~masks.any(axis=1)
    if empty.any():
        row = int(np.flatnonzero(empty)[0])
        raise ValueError(f"masks[{row}] holds no legal id: there is no choice to make there")
    return np.ascontiguousarray(masks)


def _generator(rng: object) -> np.random.Generator:
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, not {type(rng).__name__}")
    return rng


@jit
def _random_each(masks: Any, gen: Any, out: Any) -> None:
    for i in range(len(out)):
        out[i] = random_choice(masks[i], gen)


@counted_kernel
def _random_rows(masks: Any, gen: Any, out: Any) -> None:
    _random_each(masks, gen, out)


def random_ids(masks: Any, rng: Any) -> Any:
    """:func:`~pokerlaws.random_bot` for many decisions: in each row of ``masks``, a kind of
    legal action chosen uniformly (pass, stand, straddle, decline, shuffle, redeal, a
    discard, a stake), then one legal id of that kind uniformly, so passing is as likely
    as staking however many amounts are legal.

    Args:
        masks: ``(m, space.size)`` bools, each row the legal ids of one decision
            (:meth:`pokerlaws.agents.ActionSpace.legal_mask`, ``Tables.legal_mask``).
        rng: the ``numpy.random.Generator`` every choice is drawn from, row by row (one
            ``random()`` a choice made, none where a row leaves no choice).

    Returns:
        ``(m,)`` int64 ids, each legal in its row.

    Raises:
        TypeError: ``masks`` is not a numpy array of bools, or ``rng`` not a Generator.
        ValueError: ``masks`` is not of shape ``(m, size)`` with a size of a space, or a
            row holds no legal id (no seat has a choice there: a game over).
    """
    masks = _mask_of(masks)
    rng = _generator(rng)
    out = np.empty(masks.shape[0], np.int64)
    _random_rows(masks, rng, out)
    return out


@jit
def _least_seen(seen: Any, opened: bool, ante: int) -> int:
    """The least amount the seat of observation ``seen`` may stake now, in chips (where any
    is legal): the amount stake id 38 names."""
    phase = seen[_PHASE]
    have = seen[_STAKE]
    stack = seen[_STACK]
    highest = seen[_STAKE]
    for place in range(_STAKE, _STAKES_END):
        highest = max(highest, seen[place])
    if phase == _SAY_PHASE:
        # Laws 25-26: the say calls the highest stake once opened; before, the opening is
        # at least twice the straddle (the ante, or the last straddler's stake).
        total = highest if opened else 2 * max(highest, ante)
        least = max(total - have, 0)
        return stack if stack < least else max(least, 1)  # type: ignore[no-any-return]
    if phase == _DRAW_PHASE:
        # Law 36: the draw's one stake makes the stake good, all he has when that is less.
        return min(highest - have, stack)  # type: ignore[no-any-return]
    # Law 53: a bet at least equals the highest stake; Law 60: all he has when less.
    bet = max(highest - have, 1)
    return stack if stack < bet else bet  # type: ignore[no-any-return]


@jit
def _peel_each(
    h: Any,
    hands: Any,
    seen: Any,
    masks: Any,
    opened: Any,
    ante: int,
    limit: int,
    gen: Any,
    out: Any,
) -> None:
    for i in range(len(out)):
        row = seen[i]
        least = _least_seen(row, opened[i], ante)
        phase = row[_PHASE]
        required = row[_OPENERS]
        have = row[_STAKE]
        out[i] = peel_choice(
            h, masks[i], hands[i], phase, required, opened[i], least, have, ante, limit, gen
        )


@counted_kernel
def _peel_rows(
    h: Any,
    hands: Any,
    seen: Any,
    masks: Any,
    opened: Any,
    ante: int,
    limit: int,
    gen: Any,
    out: Any,
) -> None:
    _peel_each(h, hands, seen, masks, opened, ante, limit, gen, out)


def hand_tables(rules: Rules, *, joker: bool) -> Any:
    """The :class:`HandTables` of ``rules``' hands (those with the Joker if ``joker``)."""
    return HandTables(*_tables_for(rules.hands, joker=joker).compiled())


def peel_ids(observations: Any, masks: Any, opened: Any, rules: Rules, rng: Any) -> Any:
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
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    masks = _mask_of(masks)
    rng = _generator(rng)
    m, size = masks.shape
    if size != STAKE + rules.limit + 1:
        raise ValueError(
            f"masks has {size} ids a row, not the {STAKE + rules.limit + 1} of a space at "
            f"limit {rules.limit}"
        )
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
    if not isinstance(opened, np.ndarray) or opened.dtype != np.bool_:
        raise TypeError("opened must be a numpy array of bools")
    if opened.shape != (m,):
        raise ValueError(f"opened must be of shape ({m},), one per row, not {opened.shape}")
    seen = np.ascontiguousarray(observations, np.int64)
    # The hands as a table holds them (int8 codes), so that one compiled peel_choice serves
    # the tables and the observations.
    hands = np.ascontiguousarray(seen[:, _HAND : _HAND + 5], np.int8)
    joker = rules.joker or bool((hands == JOKER_CODE).any())
    out = np.empty(m, np.int64)
    _peel_rows(
        hand_tables(rules, joker=joker),
        hands,
        seen,
        masks,
        np.ascontiguousarray(opened),
        rules.ante,
        rules.limit,
        rng,
        out,
    )
    return out
