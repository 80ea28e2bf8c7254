"""The ante and the straddles, many tables at once: Laws 20-22 and 30 (the vectorised
:mod:`pokerlaws.laws.ante`).

Law 20: the seat on the dealer's left antes before the deal. Law 30: in a jack-pot every seat
dealt in antes, only the ante seat's payment counting as his stake. Law 21: No. 1, on the
ante's left, may straddle, then each seat after him up to the dealer; if No. 1 declines,
nobody may. Law 22: no straddle passes half the limit, and a seat that cannot pay the next
straddle is not asked.
"""

from __future__ import annotations

import numpy as np

from pokerlaws.batch import deal
from pokerlaws.batch._arrays import STRADDLE, Array, Arrays, first_from, next_pending
from pokerlaws.batch.staking import stake_chips

__all__ = ["apply_straddle", "begin", "post_antes"]


def post_antes(a: Arrays, rows: Array) -> None:
    """Post the ante of ``rows``, and in a jack-pot every seat's (Laws 20, 30); a seat short
    of the ante pays what it has and is all in."""
    ante = a.rules.ante
    jackpot = a.jackpot_round[rows] > 0
    # Law 20: the ante seat's ante, a stake.
    plain = rows[~jackpot]
    seat = a.ante_seat[plain].astype(np.intp)
    stake_chips(a, plain, seat, np.minimum(ante, a.stacks[plain, seat]), forced=True)
    # Law 30: every seat dealt in antes, in seat order (the engine's order of payments,
    # which decides the order in which any of them becomes short).
    pots = rows[jackpot]
    for seat_number in range(a.seats):
        payers = pots[a.seated[pots, seat_number]]
        if len(payers) == 0:
            continue
        paid = np.minimum(ante, a.stacks[payers, seat_number])
        stake_chips(
            a,
            payers,
            np.full(len(payers), seat_number, np.intp),
            paid,
            forced=True,
            in_stake=a.ante_seat[payers] == seat_number,
        )


def begin(a: Arrays, rows: Array) -> None:
    """Open straddling where No. 1 can straddle (Laws 21-22); deal at once elsewhere."""
    if len(rows) == 0:
        return
    rules = a.rules
    # Law 21: No. 1 is the first seat dealt in on the ante's left.
    first = first_from(a.seated[rows], a.ante_seat[rows].astype(np.intp) + 1, a.seats)
    allowed = rules.jackpot_straddles | (a.jackpot_round[rows] == 0)
    # Law 22: the first straddle, double the ante, must be within half the limit.
    can = (
        allowed
        & (2 * rules.ante <= rules.highest_straddle)
        & (a.stacks[rows, first] >= 2 * rules.ante)
    )
    asked = rows[can]
    a.phase[asked] = STRADDLE
    a.pending[asked] = False
    a.pending[asked, first[can]] = True
    a.to_act[asked] = first[can]
    deal.deal(a, rows[~can])


def apply_straddle(a: Arrays, rows: Array, straddles: Array) -> None:
    """Apply a ``Straddle`` (where ``straddles``) or a ``DeclineStraddle`` by the seat to act
    at each of ``rows`` (Laws 21-22)."""
    n = a.seats
    seat = a.to_act[rows].astype(np.intp)
    declined = ~straddles
    # Law 21: if No. 1 will not straddle, nobody may, and the cards are dealt.
    nobody = declined & (a.last_straddler[rows] < 0)
    passed_on = declined & ~nobody
    a.pending[rows[passed_on], seat[passed_on]] = False
    # A straddle: the next level, a forced stake; the chance passes to each seat after him
    # up to the dealer (Law 21).
    up = rows[straddles]
    by = seat[straddles]
    level = a.straddle_level[up] + a.rules.ante
    stake_chips(a, up, by, level, forced=True)
    a.straddle_level[up] = level
    a.last_straddler[up] = by
    places = np.arange(n)[None, :]
    after = (places - by[:, None]) % n
    before_ante = (a.ante_seat[up].astype(np.intp)[:, None] - by[:, None]) % n
    a.pending[up] = a.seated[up] & (after > 0) & (after < before_ante)
    moved = passed_on | straddles
    _next(a, rows[moved], seat[moved])
    deal.deal(a, rows[nobody])


def _next(a: Arrays, rows: Array, after: Array) -> None:
    """Pass the straddle on from ``after``, or deal where straddling is over (Laws 21-22)."""
    if len(rows) == 0:
        return
    level = a.straddle_level[rows] + a.rules.ante
    # Law 22: the straddle has reached half the limit; nobody may raise it further.
    a.pending[rows[level > a.rules.highest_straddle]] = False
    # A seat that cannot pay the next straddle is not asked.
    a.pending[rows] &= a.stacks[rows] >= level[:, None]
    seat = next_pending(a, rows, after)
    done = seat < 0
    a.to_act[rows[~done]] = seat[~done]
    deal.deal(a, rows[done])
