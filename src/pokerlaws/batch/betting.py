"""Betting after the draw, many tables at once: Laws 52-58 (the vectorised
:mod:`pokerlaws.laws.betting`).

Law 53: the first bet belongs to the first player on the ante's left still able to act, and
the turn goes round to the left; each stakes at least the highest, raising by at most the
limit (all he has when that is less). The description lets only that first bettor stand,
once (Ambiguity 6): he goes to the end of the round. A bet or raise asks every other player
not all in to answer it. Law 54: a pass loses his stake. Law 58: a bet nobody calls takes the
pool unshown; when nobody is left to answer, the hands are shown (:mod:`.show`). Law 61: a
player all in is passed over.
"""

from __future__ import annotations

import numpy as np

from pokerlaws.agents.space import PASS, STAKE, STAND
from pokerlaws.batch import show
from pokerlaws.batch._arrays import BETTING, NONE, Array, Arrays, first_from, next_pending
from pokerlaws.batch.staking import passing, stake_chips

__all__ = ["apply", "begin", "stake_range"]


def begin(a: Arrays, rows: Array) -> None:
    """Begin the betting with the first active player on the ante's left (Law 53), or go to
    the show when nobody is left to bet against (Laws 60-61)."""
    if len(rows) == 0:
        return
    a.phase[rows] = BETTING
    a.stakes[rows] = 0
    # Law 61: the players who can still act are those in and not all in.
    active = a.players[rows] & ~a.all_in[rows]
    idle = active.sum(axis=1) <= 1
    show.showdown(a, rows[idle])
    rows, active = rows[~idle], active[~idle]
    a.pending[rows] = active
    first = first_from(active, a.ante_seat[rows].astype(np.intp) + 1, a.seats)
    a.to_act[rows] = first
    a.may_stand[rows] = first


def stake_range(a: Arrays, have: Array, stack: Array, highest: Array) -> tuple[Array, Array]:
    """The least amount a seat may stake and how many amounts from it are legal (Law 53),
    given his stake ``have``, his stack and the highest stake: from the highest to the
    limit above it, or all he has."""
    least = np.maximum(highest - have, 1)
    short = stack < least
    lo = np.where(short, stack, least)
    count = np.where(short, 1, np.minimum(highest + a.rules.limit - have, stack) - least + 1)
    return lo, count


def apply(a: Arrays, rows: Array, ids: Array, amounts: Array) -> None:
    """Apply the pass (0), stand (1) or stake (from 38, of ``amounts`` chips) of the seat
    to bet at each of ``rows``."""
    seat = a.to_act[rows].astype(np.intp)
    stand = ids == STAND
    if stand.any():
        # Ambiguity 6: the first bettor stands once, and speaks again at the round's end.
        up, by = rows[stand], seat[stand]
        a.may_stand[up] = NONE
        a.to_act[up] = next_pending(a, up, by)
    passes = ids == PASS
    if passes.any():
        up, by = rows[passes], seat[passes]
        # Law 54: he lays down his cards and loses his stake.
        passing(a, up, by)
        a.may_stand[up] = np.where(a.may_stand[up] == by, NONE, a.may_stand[up])
        _after(a, up)
    stakes = ids >= STAKE
    if stakes.any():
        up, by = rows[stakes], seat[stakes]
        amount = amounts[stakes]
        before = a.stakes[up]
        raised = before[np.arange(len(up)), by] + amount > before.max(axis=1)
        stake_chips(a, up, by, amount, forced=False)
        # A bet or a raise: every other player in and not all in must answer it.
        answer = a.players[up] & ~a.all_in[up]
        answer[np.arange(len(up)), by] = False
        a.pending[up] = np.where(raised[:, None], answer, a.pending[up])
        a.pending[up, by] = False
        a.last_staker[up] = by
        a.may_stand[up] = NONE
        a.to_act[up] = next_pending(a, up, by)
        _after(a, up)


def _after(a: Arrays, rows: Array) -> None:
    alone = a.players[rows].sum(axis=1) == 1
    # Law 58: the bet nobody calls takes the pool.
    show.uncontested(a, rows[alone])
    rows = rows[~alone]
    show.showdown(a, rows[~a.pending[rows].any(axis=1)])
