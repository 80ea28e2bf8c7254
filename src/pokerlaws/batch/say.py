"""The say: Laws 23-28 and 30-32, compiled scalar code for one table after
:mod:`pokerlaws.laws.say`.

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

from typing import Any

from pokerlaws.agents.space import STAKE
from pokerlaws.batch import draw
from pokerlaws.batch._arrays import SAY, next_pending
from pokerlaws.batch._jit import jit
from pokerlaws.batch.show import not_opened, uncontested
from pokerlaws.batch.staking import passing, stake_chips

__all__ = ["apply", "begin", "stake_range"]


@jit
def _last_to_say(s: Any, t: int) -> int:
    # Laws 23-24: the last straddler, or else the ante.
    last: int = s.last_straddler[t]
    return last if last >= 0 else s.ante_seat[t]


@jit
def begin(s: Any, t: int) -> None:
    """Begin the say on the left of the last to say (Laws 23-24)."""
    s.phase[t] = SAY
    for seat in range(s.seats):
        # A player all in from his ante or straddle has nothing more to say; he stays in.
        s.pending[t, seat] = s.players[t, seat] and not s.all_in[t, seat]
    s.to_act[t] = next_pending(s, t, _last_to_say(s, t))
    _after(s, t)


@jit
def stake_range(s: Any, t: int, seat: int, highest: int) -> tuple[int, int]:
    """The least amount ``seat`` may stake in his say, and how many amounts from it are
    legal (0: none), given the highest stake (Laws 25, 26, 30)."""
    have = s.stakes[t, seat]
    stack = s.stacks[t, seat]
    opening = s.opener[t] < 0
    # Laws 25, 26: open at double the straddle level, else come up to the highest.
    least_total = 2 * s.straddle_level[t] if opening else highest
    least = max(least_total - have, 0)
    if stack < least:
        # Short of the least: he may still play all he has, but not open on it.
        return stack, 1 if not opening and stack > 0 else 0
    # Laws 30-32: a jack-pot is opened only on openers in the hand as dealt.
    barred = opening and s.openers_required[t] > 0 and not s.openers_on_honour
    if barred and not s.openers[t, seat]:
        return max(least, 1), 0
    lo = max(least, 1)
    return lo, max(min(least_total + s.limit - have, stack) - lo + 1, 0)


@jit
def apply(s: Any, t: int, action: int, amount: int) -> None:
    """Apply the pass (id 0) or stake (ids from 38, of ``amount`` chips) of the seat to
    speak."""
    seat = s.to_act[t]
    if action < STAKE:
        passing(s, t, seat)
        _after(s, t)
        return
    stake_chips(s, t, seat, amount, False, True)
    s.last_staker[t] = seat
    if s.opener[t] < 0:
        s.opener[t] = seat
    s.pending[t, seat] = False
    after = next_pending(s, t, seat)
    s.to_act[t] = after
    if after < 0:
        # The last say, and the game open with two players at least: on to the draw.
        draw.begin(s, t)


@jit
def _after(s: Any, t: int) -> None:
    """Pass the say on, or end it: unopened, won outright, or on to the draw."""
    left = 0
    players = 0
    for seat in range(s.seats):
        left += s.pending[t, seat]
        players += s.players[t, seat]
    unopened = s.opener[t] < 0
    only_last = left == 1 and s.pending[t, _last_to_say(s, t)]
    if unopened and (left == 0 or only_last or players == 1):
        # Ambiguity 13: the last to say cannot open against nobody (Law 29).
        not_opened(s, t)
    elif not unopened and players == 1:
        uncontested(s, t)
    elif left == 0:
        draw.begin(s, t)
