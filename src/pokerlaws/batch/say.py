"""The say, many tables at once: Laws 23-28 and 30-32 (the vectorised :mod:`pokerlaws.laws.say`).

Laws 23-24: the say begins on the left of the ante, or of the last straddler, and ends with
him; each player speaks once. Law 25: whoever opens stakes at least double the ante or the
straddle (Ambiguity 2), and at most the limit above that (Ambiguity 4). Law 26: each later
player brings his stake at least to the highest, raising it by at most the limit; one short
of the highest may still put in all he has, but never open on it. Law 27: a pass is out of
the game and loses his stake. Ambiguity 13: once everyone before the last say has passed, the
game is over unopened (Law 29). Laws 30-32: a jack-pot opens only on the openers as dealt,
unless the table takes them on honour (Law 33, tried at the end in :mod:`.show`).
"""

from __future__ import annotations

import numpy as np

from pokerlaws.agents.space import STAKE
from pokerlaws.batch import draw, show
from pokerlaws.batch._arrays import SAY, Array, Arrays, next_pending
from pokerlaws.batch.staking import passing, stake_chips

__all__ = ["apply", "begin", "stake_range"]


def _last_to_say(a: Arrays, rows: Array) -> Array:
    # Laws 23-24: the last straddler, or else the ante.
    last = a.last_straddler[rows]
    return np.where(last >= 0, last, a.ante_seat[rows]).astype(np.intp)


def begin(a: Arrays, rows: Array) -> None:
    """Begin the say on the left of the last to say (Laws 23-24)."""
    if len(rows) == 0:
        return
    a.phase[rows] = SAY
    # A player all in from his ante or straddle has nothing more to say; he stays in.
    a.pending[rows] = a.players[rows] & ~a.all_in[rows]
    a.to_act[rows] = next_pending(a, rows, _last_to_say(a, rows))
    _after(a, rows)


def stake_range(
    a: Arrays, rows: Array, seat: Array, have: Array, stack: Array, highest: Array
) -> tuple[Array, Array]:
    """The least amount ``seat`` may stake in his say at each of ``rows``, and how many
    amounts from it are legal (0: none), given his stake ``have``, his stack and the
    highest stake (Laws 25, 26, 30)."""
    opening = a.opener[rows] < 0
    # Laws 25, 26: open at double the straddle level, else come up to the highest.
    least_total = np.where(opening, 2 * a.straddle_level[rows], highest)
    least = np.maximum(least_total - have, 0)
    most = least_total + a.rules.limit - have
    lo = np.maximum(least, 1)
    count = np.minimum(most, stack) - lo + 1
    # Short of the least: he may still play all he has, but not open on it.
    short = stack < least
    lo = np.where(short, stack, lo)
    count = np.where(short, ~opening & (stack > 0), count)
    # Laws 30-32: a jack-pot is opened only on openers in the hand as dealt.
    if not a.rules.openers_on_honour:
        barred = opening & (a.openers_required[rows] > 0) & ~a.openers[rows, seat]
        count = np.where(barred, 0, count)
    return lo, np.maximum(count, 0)


def apply(a: Arrays, rows: Array, ids: Array, amounts: Array) -> None:
    """Apply the pass (id 0) or stake (ids from 38, of ``amounts`` chips) of the seat to
    speak at each of ``rows``."""
    seat = a.to_act[rows].astype(np.intp)
    stakes = ids >= STAKE
    passed = rows[~stakes]
    passing(a, passed, seat[~stakes])
    _after(a, passed)
    rows, seat = rows[stakes], seat[stakes]
    if len(rows) == 0:
        return
    stake_chips(a, rows, seat, amounts[stakes], forced=False)
    a.last_staker[rows] = seat
    a.opener[rows] = np.where(a.opener[rows] < 0, seat, a.opener[rows])
    a.pending[rows, seat] = False
    after = next_pending(a, rows, seat)
    a.to_act[rows] = after
    # The last say, and the game open with two players at least: on to the draw.
    draw.begin(a, rows[after < 0])


def _after(a: Arrays, rows: Array) -> None:
    """Pass the say on, or end it: unopened, won outright, or on to the draw."""
    if len(rows) == 0:
        return
    pending = a.pending[rows]
    left = pending.sum(axis=1)
    alone = a.players[rows].sum(axis=1) == 1
    unopened = a.opener[rows] < 0
    last = _last_to_say(a, rows)
    only_last = (left == 1) & pending[np.arange(len(rows)), last]
    # Ambiguity 13: the last to say cannot open against nobody (Law 29).
    dead = unopened & ((left == 0) | only_last | alone)
    show.not_opened(a, rows[dead])
    won = ~unopened & alone
    show.uncontested(a, rows[won])
    draw.begin(a, rows[~dead & ~won & (left == 0)])
