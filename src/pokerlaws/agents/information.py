"""One seat's information state: everything he has seen of a game, in order (perfect recall).

:func:`pokerlaws.agents.observation` is the table now: two games that reach the same chips
by different bets (``Stake 40`` then ``Stake 30`` against ``Stake 50`` then ``Stake 20``)
give the same observation. Algorithms of the CFR family need the seat's whole past, and
:func:`information_state` gives it: the observation, then what the view adds to it (the
hands laid face up at the show and the opener's proof of Law 33, the foul hands, the payouts,
the dealer's count told by Law 49), then every step of the view's history, one place of
:data:`STEP_WIDTH` ints a step, as the seat saw it (another's discard as a count, Law 39; a
shuffle without its order, Law 41).

The length is fixed for a table: :func:`information_length` of its seats and of the chips on
it (every seat's chips and the pool), because a game without reports has at most
:func:`information_horizon` steps (each stake puts at least one chip in the pool; each seat
straddles or declines, passes, stands and discards at most once; the dealer shuffles at most
once a seat). A view with more steps than that (a referee's reports) raises ``ValueError``:
a state is never cut short silently. ``docs/agents.md`` tabulates the places.
"""

from __future__ import annotations

import hashlib
from typing import Any

from pokerlaws._extras import needs_extra
from pokerlaws.actions import (
    DeclineStraddle,
    Discard,
    Pass,
    Redeal,
    Shuffle,
    Stake,
    Stand,
    Straddle,
)
from pokerlaws.agents.observation import OBSERVATION_FIELDS, card_code, observation
from pokerlaws.engine import MAX_SEATS
from pokerlaws.views import HiddenDiscard, PlayerView

__all__ = [
    "INFORMATION_FIELDS",
    "STEP_KINDS",
    "STEP_WIDTH",
    "information_horizon",
    "information_length",
    "information_state",
    "information_state_array",
]

_HAND = 5

STEP_KINDS: tuple[str, ...] = (
    "none",
    "pass",
    "stand",
    "straddle",
    "decline",
    "stake",
    "discard",
    "hidden_discard",
    "shuffle",
    "redeal",
    "report",
)
"""The kinds of a history step, by their code (0 marks a place past the history's end)."""

_KIND = {name: code for code, name in enumerate(STEP_KINDS)}
_ACTION_KINDS: dict[type, int] = {
    Pass: _KIND["pass"],
    Stand: _KIND["stand"],
    Straddle: _KIND["straddle"],
    DeclineStraddle: _KIND["decline"],
    Stake: _KIND["stake"],
    Discard: _KIND["discard"],
    HiddenDiscard: _KIND["hidden_discard"],
    Shuffle: _KIND["shuffle"],
    Redeal: _KIND["redeal"],
}

STEP_WIDTH = 3
"""Ints a history step takes: its kind (:data:`STEP_KINDS`), the place of its seat relative
to the observer, and its value (a stake's amount, a discard's count, a report's digest)."""

_SEATED = tuple(f"{field}_{place}" for field in ("foul", "payout") for place in range(MAX_SEATS))
_SHOWN = tuple(
    f"shown_{k}_{part}"
    for k in range(MAX_SEATS)
    for part in ("place", *(f"card_{i}" for i in range(_HAND)))
)
_OPENERS = ("openers_place", *(f"openers_card_{i}" for i in range(_HAND)))

INFORMATION_FIELDS: tuple[str, ...] = (
    *OBSERVATION_FIELDS,
    "told",
    *_SEATED,
    *_SHOWN,
    *_OPENERS,
    "steps",
)
"""The names of the places before the history; step ``k`` then takes the places
``step_k_kind``, ``step_k_place``, ``step_k_value``."""


def information_horizon(seats: int, chips: int) -> int:
    """The most steps a game without reports can have at a table of ``seats`` seats with
    ``chips`` chips on it (every stack and the pool): each stake moves at least a chip, and
    each seat straddles or declines, passes, stands, discards and is shuffled for at most
    once.

    Raises:
        TypeError: an argument is not an int.
        ValueError: ``seats`` is not 2..10 or ``chips`` is negative.
    """
    for name, value in (("seats", seats), ("chips", chips)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not 2 <= seats <= MAX_SEATS:
        raise ValueError(f"a table has 2 to {MAX_SEATS} seats, not {seats}")
    if chips < 0:
        raise ValueError(f"the chips on a table cannot be negative ({chips})")
    return chips + 6 * seats + 2


def information_length(seats: int, chips: int) -> int:
    """How many ints :func:`information_state` gives at such a table."""
    return len(INFORMATION_FIELDS) + STEP_WIDTH * information_horizon(seats, chips)


def _codes(cards: tuple[Any, ...]) -> list[int]:
    codes = [card_code(card) for card in cards[:_HAND]]
    return codes + [-1] * (_HAND - len(codes))


def _digest(event: object) -> int:
    """A report's fields as one int: its repr (an attrs value's, fixed by its fields) hashed,
    so that two different reports of one seat differ (with overwhelming probability)."""
    return int.from_bytes(hashlib.blake2b(repr(event).encode(), digest_size=4).digest()) >> 1


def information_state(view: PlayerView) -> tuple[int, ...]:
    """``view``'s information state: :data:`INFORMATION_FIELDS`, then
    :func:`information_horizon` steps of :data:`STEP_WIDTH` ints.

    Places of seats are relative to the observer, as in :func:`observation`; a place past
    the table's seats, a hand not shown and a step past the history hold -1 (0 for a step's
    kind).

    Raises:
        TypeError: ``view`` is not a PlayerView.
        ValueError: the view's history is longer than a game without reports can be.
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"information_state takes a PlayerView, not {type(view).__name__}")
    me = view.seat
    n = len(view.stacks)
    horizon = information_horizon(n, sum(view.stacks) + view.pool)
    history = view.history
    if len(history) > horizon:
        raise ValueError(
            f"seat {me}'s view has {len(history)} steps, more than the {horizon} a game "
            f"without reports can have at this table"
        )
    order = [(me + place) % n for place in range(n)]
    pad = [-1] * (MAX_SEATS - n)
    foul = set(view.foul)
    out = list(observation(view))
    out.append(-1 if view.told is None else view.told)
    out += [int(s in foul) for s in order] + pad
    out += [view.payouts[s] for s in order] + pad
    for shown in view.shown[:MAX_SEATS]:
        out += [(shown.seat - me) % n, *_codes(shown.cards)]
    out += [-1] * ((1 + _HAND) * (MAX_SEATS - min(len(view.shown), MAX_SEATS)))
    openers = view.openers
    if openers is None:
        out += [-1] * (1 + _HAND)
    else:
        out += [(openers.seat - me) % n, *_codes(openers.cards)]
    out.append(len(history))
    for step in history:
        kind = _ACTION_KINDS.get(type(step), _KIND["report"])
        seat = getattr(step, "seat", None)
        place = -1 if not isinstance(seat, int) else (seat - me) % n
        if isinstance(step, Stake):
            value = step.amount
        elif isinstance(step, Discard):
            value = len(step.cards)
        elif isinstance(step, HiddenDiscard):
            value = step.count
        elif kind == _KIND["report"]:
            value = _digest(step)
        else:
            value = 0
        out += (kind, place, value)
    out += [0, -1, -1] * (horizon - len(history))
    return tuple(out)


def information_state_array(view: PlayerView) -> Any:
    """:func:`information_state` as a one-dimensional numpy float32 array a network can
    take: every card place one-hot over 54 (no card, then codes 0..52), every step's kind
    one-hot over :data:`STEP_KINDS`, chips (stacks, stakes, the pool, payouts, the ante and
    the limit, stake amounts) divided by the chips on the table, places of seats by ten,
    counts of cards by five, the phase by five, the jack-pot round and the openers' rank by
    fourteen, the number of steps by the horizon, a report's digest by 2**31: every value
    in -1..1. The order: the places before the history that hold no card, the card places
    one-hot, then each step's kind one-hot, every step's place, every step's value. Typed
    ``Any`` so that the package type-checks where numpy is not installed.

    Raises:
        TypeError: ``view`` is not a PlayerView.
        ValueError: as :func:`information_state`.
        ImportError: numpy is not installed; the message names the ``batch`` extra, which
            brings it, and how to install it.
    """
    with needs_extra("batch", "information_state_array"):
        import numpy  # type: ignore[import-not-found, unused-ignore]
    ints = numpy.array(information_state(view), dtype=numpy.int64)
    total = max(1, sum(view.stacks) + view.pool)
    head = len(INFORMATION_FIELDS)
    parts: list[Any] = []
    scalars = ints[:head].astype(numpy.float32)
    scalars /= _DIVISORS
    scalars[_CHIP_PLACES] /= total
    scalars[-1] /= information_horizon(len(view.stacks), total)
    parts.append(numpy.delete(scalars, _CARD_PLACES))
    parts.append(numpy.eye(54, dtype=numpy.float32)[ints[:head][_CARD_PLACES] + 1].ravel())
    steps = ints[head:].reshape(-1, STEP_WIDTH)
    parts.append(numpy.eye(len(STEP_KINDS), dtype=numpy.float32)[steps[:, 0]].ravel())
    places = steps[:, 1].astype(numpy.float32) / MAX_SEATS
    values = steps[:, 2].astype(numpy.float32)
    stakes = steps[:, 0] == _KIND["stake"]
    values[stakes] /= total
    reports = steps[:, 0] == _KIND["report"]
    values[reports] /= float(1 << 31)
    values[~(stakes | reports)] /= 5.0
    parts.append(places)
    parts.append(values)
    return numpy.concatenate(parts)


_CHIP_PLACES = [
    i
    for i, name in enumerate(INFORMATION_FIELDS)
    if name.startswith(("pool", "stack_", "stake_", "payout_", "ante", "limit"))
]
_CARD_PLACES = [
    i
    for i, name in enumerate(INFORMATION_FIELDS)
    if name.startswith(("hand_", "discarded_")) or "_card_" in name
]
# Every other place before the history, divided by the most it can hold, so that each lies
# in -1..1: places of seats by the ten seats, counts of cards by five, the phase by its last.
_DIVISORS = [
    float(MAX_SEATS)
    if name in ("seat", "seats", "to_act", "dealer") or name.endswith("_place")
    else 5.0
    if name.startswith(("phase", "owed_to_me", "exchanged_", "told"))
    else 14.0
    if name in ("openers_required", "jackpot_round")
    else 1.0
    for name in INFORMATION_FIELDS
]
