"""The jack-pot: Laws 29-33, compiled scalar code for one table after
:mod:`pokerlaws.laws.jackpot`.

Law 29: a game nobody opens leaves its pool for the next, a jack-pot. Law 30: in a jack-pot
every seat antes (:mod:`.ante`), and only a player dealt a pair of knaves or better may open;
"better" is a higher pair or any hand of a higher kind than a pair, and the Joker pairs with
any card it joins (Ambiguity 12). Laws 31-32: each further unopened jack-pot in a row asks
for queens, then kings, then knaves again. Law 33: after a false opening the game counts as
never opened (Ambiguity 13), so the next is the next jack-pot in a row.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerlaws._hand_values import _CATEGORY_SHIFT, HandCategory
from pokerlaws.batch._arrays import Array
from pokerlaws.batch._jit import jit, kernel
from pokerlaws.batch.hands import JOKER_CODE, strength

__all__ = ["next_round", "openers_for", "openers_of", "qualifies"]

_PAIR = int(HandCategory.PAIR)


@jit
def openers_of(jackpot_round: int) -> int:
    """The rank of the least pair that opens a jack-pot of this round (Laws 30-32), 0 in an
    ordinary game (round 0), where anyone opens on anything."""
    if jackpot_round <= 0:
        return 0
    # Laws 30-32: knaves, queens, kings, then knaves again.
    return 11 + (jackpot_round - 1) % 3


@kernel
def _openers_each(rounds: Any, out: Any) -> None:
    for i in range(len(rounds)):
        out[i] = openers_of(rounds[i])


def openers_for(jackpot_round: Array) -> Array:
    """:func:`openers_of` for each of an array of jack-pot rounds."""
    rounds = np.ascontiguousarray(jackpot_round, np.int64)
    out = np.empty(rounds.shape, np.int8)
    _openers_each(rounds.reshape(-1), out.reshape(-1))
    return out


@jit
def next_round(s: Any, t: int) -> int:
    """The jack-pot round of the game after table ``t``'s: one more after a game nobody
    opened or whose opener proved false (Laws 29, 33), else 0."""
    # Law 33 (Ambiguity 13): a false opening counts as no opening.
    if s.opener[t] < 0 or s.false_opener[t] >= 0:
        return s.jackpot_round[t] + 1  # type: ignore[no-any-return]
    return 0


@jit
def qualifies(s: Any, t: int, seat: int) -> bool:
    """Whether ``seat``'s hand as dealt holds the openers of table ``t``'s jack-pot."""
    dealt = s.dealt[t, seat]
    required = s.openers_required[t]
    joker = False
    high = False
    for card in dealt:
        if card == JOKER_CODE:
            joker = True
        elif card // 4 + 2 >= required:
            high = True
            # Law 30: a pair of the required rank or higher.
            for other in dealt:
                if other != card and other // 4 == card // 4 and other != JOKER_CODE:
                    return True
    # The Joker pairs with any such card.
    if joker and high:
        return True
    # Or a hand of a higher kind than a pair, whatever its ranks.
    return strength(s, dealt) >> _CATEGORY_SHIFT > _PAIR
