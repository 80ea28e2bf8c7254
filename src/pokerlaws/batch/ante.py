"""The ante and the straddles: Laws 20-22 and 30, compiled scalar code for one table after
:mod:`pokerlaws.laws.ante`.

Law 20: the seat on the dealer's left antes before the deal. Law 30: in a jack-pot every seat
dealt in antes, only the ante seat's payment counting as his stake. Law 21: No. 1, on the
ante's left, may straddle, then each seat after him up to the dealer; if No. 1 declines,
nobody may. Law 22: no straddle passes half the limit, and a seat that cannot pay the next
straddle is not asked.
"""

from __future__ import annotations

from typing import Any

from pokerlaws.batch import deal
from pokerlaws.batch._arrays import STRADDLE, first_from, next_pending
from pokerlaws.batch._jit import jit
from pokerlaws.batch.staking import stake_chips

__all__ = ["apply_straddle", "begin", "post_antes"]


@jit
def post_antes(s: Any, t: int) -> None:
    """Post the ante, and in a jack-pot every seat's (Laws 20, 30); a seat short of the ante
    pays what it has and is all in."""
    ante_seat = s.ante_seat[t]
    if s.jackpot_round[t] == 0:
        # Law 20: the ante seat's ante, a stake.
        stake_chips(s, t, ante_seat, min(s.ante, s.stacks[t, ante_seat]), True, True)
        return
    # Law 30: every seat dealt in antes, in seat order (the engine's order of payments,
    # which decides the order in which any of them becomes short).
    for seat in range(s.seats):
        if s.seated[t, seat]:
            paid = min(s.ante, s.stacks[t, seat])
            stake_chips(s, t, seat, paid, True, seat == ante_seat)


@jit
def begin(s: Any, t: int) -> None:
    """Open straddling where No. 1 can straddle (Laws 21-22); deal at once otherwise."""
    # Law 21: No. 1 is the first seat dealt in on the ante's left.
    first = first_from(s.seated[t], s.ante_seat[t] + 1)
    allowed = s.jackpot_straddles or s.jackpot_round[t] == 0
    # Law 22: the first straddle, double the ante, must be within half the limit.
    if allowed and 2 * s.ante <= s.highest_straddle and s.stacks[t, first] >= 2 * s.ante:
        s.phase[t] = STRADDLE
        for seat in range(s.seats):
            s.pending[t, seat] = seat == first
        s.to_act[t] = first
    else:
        deal.deal(s, t)


@jit
def apply_straddle(s: Any, t: int, straddles: bool) -> None:
    """Apply a ``Straddle`` (if ``straddles``) or a ``DeclineStraddle`` by the seat to act
    (Laws 21-22)."""
    seats = s.seats
    seat = s.to_act[t]
    if not straddles:
        if s.last_straddler[t] < 0:
            # Law 21: if No. 1 will not straddle, nobody may, and the cards are dealt.
            deal.deal(s, t)
            return
        s.pending[t, seat] = False
    else:
        # A straddle: the next level, a forced stake; the chance passes to each seat after
        # him up to the dealer (Law 21).
        level = s.straddle_level[t] + s.ante
        stake_chips(s, t, seat, level, True, True)
        s.straddle_level[t] = level
        s.last_straddler[t] = seat
        before_ante = (s.ante_seat[t] - seat) % seats
        for other in range(seats):
            after = (other - seat) % seats
            s.pending[t, other] = s.seated[t, other] and 0 < after < before_ante
    _next(s, t, seat)


@jit
def _next(s: Any, t: int, after: int) -> None:
    """Pass the straddle on from ``after``, or deal where straddling is over (Laws 21-22)."""
    level = s.straddle_level[t] + s.ante
    # Law 22: the straddle has reached half the limit; nobody may raise it further. A seat
    # that cannot pay the next straddle is not asked.
    closed = level > s.highest_straddle
    for seat in range(s.seats):
        if closed or s.stacks[t, seat] < level:
            s.pending[t, seat] = False
    seat = next_pending(s, t, after)
    if seat < 0:
        deal.deal(s, t)
    else:
        s.to_act[t] = seat
