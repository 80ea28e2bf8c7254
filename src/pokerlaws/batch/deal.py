"""The deal: Laws 6, 7 and 17, compiled scalar code for one table after
:mod:`pokerlaws.laws.deal`.

Law 7: the cards come off the top one at a time, one to each seat dealt in a round, starting
on the dealer's left, for five rounds. Law 17: then the say begins. Laws 30-32: a jack-pot's
openers are judged on the hands as dealt, so they are judged here, once.
"""

from __future__ import annotations

from typing import Any

from pokerlaws.batch import jackpot, say
from pokerlaws.batch._jit import jit

__all__ = ["HAND_SIZE", "deal"]

HAND_SIZE = 5


@jit
def deal(s: Any, t: int) -> None:
    """Deal five cards to each seat dealt in, then begin the say."""
    seats = s.seats
    count = 0
    for seat in range(seats):
        count += s.seated[t, seat]
    # Law 7: the seat at place p on the dealer's left takes cards p, p + count, ...
    place = 0
    for k in range(1, seats + 1):
        seat = (s.dealer[t] + k) % seats
        if s.seated[t, seat]:
            for card in range(HAND_SIZE):
                code = s.deck[t, place + count * card]
                s.hands[t, seat, card] = code
                s.dealt[t, seat, card] = code
            place += 1
    s.next_card[t] = HAND_SIZE * count
    if s.openers_required[t] > 0:
        for seat in range(seats):
            s.openers[t, seat] = s.seated[t, seat] and jackpot.qualifies(s, t, seat)
    # Law 17: the deal over, the say begins.
    say.begin(s, t)
