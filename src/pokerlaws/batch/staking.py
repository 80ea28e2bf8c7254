"""Moving chips from seats into the pool (Laws 52, 56, 61) and marking who is short (Law 60).

Compiled scalar code for one table (:mod:`._arrays` gives the conventions), after
:mod:`pokerlaws.laws.staking`: a stake leaves the seat's stack and enters the pool at once
(Law 52), counts as exactly what was put down (Law 56), is booked forced or voluntary
(Ambiguity 14); a player who stakes his last chip is all in (Law 61), and short, demanding
the show, once his whole stake is below the highest (Law 60).
"""

from __future__ import annotations

from typing import Any

from pokerlaws.batch._arrays import next_pending
from pokerlaws.batch._jit import jit

__all__ = ["mark_shorts", "passing", "stake_chips"]


@jit
def stake_chips(s: Any, t: int, seat: int, amount: int, forced: bool, in_stake: bool) -> None:
    """Move ``amount`` chips from ``seat`` of table ``t`` into its pool (the caller has
    checked that the stack covers them). ``in_stake`` counts them in the seat's stake; a
    jack-pot ante of any seat but the ante seat is paid to the pool without being a stake
    (API.md)."""
    left = s.stacks[t, seat] - amount
    s.stacks[t, seat] = left
    # Law 52: the chips go into the pool at once; Law 56: exactly what was put down.
    s.pool[t] += amount
    if in_stake:
        s.stakes[t, seat] += amount
        s.staked[t, seat] += amount
    if forced:
        s.forced[t, seat] += amount
    else:
        s.voluntary[t, seat] += amount
    # Law 61: a player who stakes his last chip stays in, passed over in turns.
    if left == 0:
        s.all_in[t, seat] = True
    mark_shorts(s, t)


@jit
def mark_shorts(s: Any, t: int) -> None:
    """Add to ``shorts`` the all-in players of table ``t`` whose whole stake is now below
    the highest and who were not short before, in seat order, each with the players still
    in now as his ``live`` seats (Law 60, Ambiguity 14)."""
    seats = s.seats
    top = 0
    some = False
    for seat in range(seats):
        top = max(top, s.staked[t, seat])
        some |= s.all_in[t, seat]
    if not some:
        return
    for seat in range(seats):
        # Law 60: short once his whole stake is below the highest.
        if s.all_in[t, seat] and s.staked[t, seat] < top and s.short_rank[t, seat] < 0:
            s.short_rank[t, seat] = s.short_count[t]
            s.short_count[t] += 1
            for other in range(seats):
                s.short_live[t, seat, other] = s.players[t, other]


@jit
def passing(s: Any, t: int, seat: int) -> None:
    """A pass at any turn (Laws 27, 54): the seat is out, his stake stays in the pool, and
    the turn goes on to the next pending player (-1 when none is left)."""
    s.players[t, seat] = False
    s.pending[t, seat] = False
    s.to_act[t] = next_pending(s, t, seat)
