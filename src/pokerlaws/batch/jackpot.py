"""The jack-pot, many tables at once: Laws 29-33 (the vectorised :mod:`pokerlaws.laws.jackpot`).

Law 29: a game nobody opens leaves its pool for the next, a jack-pot. Law 30: in a jack-pot
every seat antes (:mod:`.ante`), and only a player dealt a pair of knaves or better may open;
"better" is a higher pair or any hand of a higher kind than a pair, and the Joker pairs with
any card it joins (Ambiguity 12). Laws 31-32: each further unopened jack-pot in a row asks
for queens, then kings, then knaves again. Law 33: after a false opening the game counts as
never opened (Ambiguity 13), so the next is the next jack-pot in a row.
"""

from __future__ import annotations

import numpy as np

from pokerlaws._hand_values import _CATEGORY_SHIFT, HandCategory
from pokerlaws.batch._arrays import Array, Arrays
from pokerlaws.batch.hands import evaluate

__all__ = ["next_round", "openers_for", "qualifies"]

_OPENERS = np.array([11, 12, 13], np.int8)
"""Knaves, queens, kings: the openers of the first, second and third jack-pot in a row."""


def openers_for(jackpot_round: Array) -> Array:
    """The rank of the least pair that opens each jack-pot (Laws 30-32), 0 in an ordinary
    game (round 0), where anyone opens on anything."""
    rounds = np.asarray(jackpot_round, np.int64)
    # Laws 30-32: knaves, queens, kings, then knaves again.
    return np.where(rounds > 0, _OPENERS[(np.maximum(rounds, 1) - 1) % 3], 0).astype(np.int8)


def next_round(a: Arrays, rows: Array) -> Array:
    """The jack-pot round of the game after each of ``rows``: one more after a game nobody
    opened or whose opener proved false (Laws 29, 33), else 0."""
    # Law 33 (Ambiguity 13): a false opening counts as no opening.
    unopened = (a.opener[rows] < 0) | (a.false_opener[rows] >= 0)
    return np.where(unopened, a.jackpot_round[rows].astype(np.int64) + 1, 0)


def qualifies(a: Arrays, rows: Array) -> Array:
    """``(len(rows), seats)`` bools: each seat's hand as dealt holds the openers of its
    table's jack-pot (a seat dealt no cards holds none)."""
    dealt = a.dealt[rows].astype(np.int64)
    required = a.openers_required[rows].astype(np.int64)[:, None, None]
    held = dealt >= 0
    natural = held & (dealt < 52)
    rank = np.where(natural, dealt // 4 + 2, 0)
    joker = (held & (dealt == 52)).any(axis=2)
    high = natural & (rank >= required)
    # Law 30: a pair of the required rank or higher; the Joker pairs with any such card.
    same = (rank[:, :, :, None] == rank[:, :, None, :]) & natural[:, :, :, None]
    pairs = (same.sum(axis=3) >= 2) & high
    found = pairs.any(axis=2) | (joker & high.any(axis=2))
    # Or a hand of a higher kind than a pair, whatever its ranks.
    whole = held.all(axis=2)
    if whole.any():
        strengths = evaluate(dealt[whole], a.rules.hands)
        found[whole] |= (strengths >> _CATEGORY_SHIFT) > HandCategory.PAIR
    return found
