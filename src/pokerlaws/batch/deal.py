"""The deal, many tables at once: Laws 6, 7 and 17 (the vectorised :mod:`pokerlaws.laws.deal`).

Law 7: the cards come off the top one at a time, one to each seat dealt in a round, starting
on the dealer's left, for five rounds. Law 17: then the say begins. Laws 30-32: a jack-pot's
openers are judged on the hands as dealt, so they are judged here, once.
"""

from __future__ import annotations

import numpy as np

from pokerlaws.batch import jackpot, say
from pokerlaws.batch._arrays import NONE, Array, Arrays, cycle

__all__ = ["HAND_SIZE", "deal"]

HAND_SIZE = 5


def deal(a: Arrays, rows: Array) -> None:
    """Deal five cards to each seat dealt in at ``rows``, then begin the say."""
    if len(rows) == 0:
        return
    order = cycle(a.seats)[a.dealer[rows]]
    seated = np.take_along_axis(a.seated[rows], order, axis=1)
    count = seated.sum(axis=1)
    # Law 7: the seat at place p on the dealer's left takes cards p, p + count, ...
    place = np.empty_like(order)
    np.put_along_axis(place, order, np.cumsum(seated, axis=1) - 1, axis=1)
    took = place[:, :, None] + count[:, None, None] * np.arange(HAND_SIZE)[None, None, :]
    took = np.where(a.seated[rows][:, :, None], took, 0)
    cards = np.take_along_axis(a.deck[rows], took.reshape(len(rows), -1), axis=1)
    hands = np.where(a.seated[rows][:, :, None], cards.reshape(took.shape), NONE)
    a.hands[rows] = hands
    a.dealt[rows] = hands
    a.next_card[rows] = HAND_SIZE * count
    jackpots = rows[a.openers_required[rows] > 0]
    if len(jackpots):
        a.openers[jackpots] = jackpot.qualifies(a, jackpots)
    # Law 17: the deal over, the say begins.
    say.begin(a, rows)
