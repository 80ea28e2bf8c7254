"""Betting after the draw: Laws 52-58, compiled scalar code for one table after
:mod:`pokerlaws.laws.betting`.

Law 53: the first bet belongs to the first player on the ante's left still able to act, and
the turn goes round to the left; each stakes at least the highest, raising by at most the
limit (all he has when that is less). The description lets only that first bettor stand,
once (Ambiguity 6): he goes to the end of the round. A bet or raise asks every other player
not all in to answer it. Law 54: a pass loses his stake. Law 58: a bet nobody calls takes the
pool unshown; when nobody is left to answer, the hands are shown (:mod:`.show`). Law 61: a
player all in is passed over.
"""

from __future__ import annotations

from typing import Any

from pokerlaws.agents.space import PASS, STAND
from pokerlaws.batch._arrays import BETTING, NONE, next_pending
from pokerlaws.batch._jit import jit
from pokerlaws.batch.show import showdown, uncontested
from pokerlaws.batch.staking import passing, stake_chips

__all__ = ["apply", "begin", "stake_range"]


@jit
def begin(s: Any, t: int) -> None:
    """Begin the betting with the first active player on the ante's left (Law 53), or go to
    the show when nobody is left to bet against (Laws 60-61)."""
    seats = s.seats
    s.phase[t] = BETTING
    active = 0
    for seat in range(seats):
        s.stakes[t, seat] = 0
        # Law 61: the players who can still act are those in and not all in.
        s.pending[t, seat] = s.players[t, seat] and not s.all_in[t, seat]
        active += s.pending[t, seat]
    if active <= 1:
        showdown(s, t)
        return
    first = next_pending(s, t, s.ante_seat[t])
    s.to_act[t] = first
    s.may_stand[t] = first


@jit
def stake_range(s: Any, t: int, seat: int, highest: int) -> tuple[int, int]:
    """The least amount ``seat`` may stake and how many amounts from it are legal (Law 53),
    given the highest stake: from the highest to the limit above it, or all he has."""
    have = s.stakes[t, seat]
    stack = s.stacks[t, seat]
    least = max(highest - have, 1)
    if stack < least:
        return stack, 1
    return least, min(highest + s.limit - have, stack) - least + 1


@jit
def apply(s: Any, t: int, action: int, amount: int, highest: int) -> None:
    """Apply the pass (0), stand (1) or stake (from 38, of ``amount`` chips) of the seat to
    bet, the highest stake being ``highest``."""
    seat = s.to_act[t]
    if action == STAND:
        # Ambiguity 6: the first bettor stands once, and speaks again at the round's end.
        s.may_stand[t] = NONE
        s.to_act[t] = next_pending(s, t, seat)
        return
    if action == PASS:
        # Law 54: he lays down his cards and loses his stake.
        passing(s, t, seat)
        if s.may_stand[t] == seat:
            s.may_stand[t] = NONE
        _after(s, t)
        return
    raised = s.stakes[t, seat] + amount > highest
    stake_chips(s, t, seat, amount, False, True)
    if raised:
        # A bet or a raise: every other player in and not all in must answer it.
        for other in range(s.seats):
            s.pending[t, other] = s.players[t, other] and not s.all_in[t, other]
    s.pending[t, seat] = False
    s.last_staker[t] = seat
    s.may_stand[t] = NONE
    s.to_act[t] = next_pending(s, t, seat)
    _after(s, t)


@jit
def _after(s: Any, t: int) -> None:
    left = 0
    waiting = False
    for seat in range(s.seats):
        left += s.players[t, seat]
        waiting |= s.pending[t, seat]
    if left == 1:
        # Law 58: the bet nobody calls takes the pool.
        uncontested(s, t)
    elif not waiting:
        showdown(s, t)
