"""The jack-pot: Laws 29-33.

Law 29: a game nobody opens leaves its pool for the next, which is a jack-pot. Law 30: in a
jack-pot everyone antes, and only a player dealt a pair of knaves or better may open.
Laws 31-32: each further unopened jack-pot in a row asks for queens, then kings, then knaves
again. Law 33: the winner of a jack-pot he opened shows his hand, and at a table playing
``openers_on_honour`` one who lacked the openers is paid nothing and pays twice the ante
(:mod:`pokerlaws.laws.show`). The antes are posted by
:func:`pokerlaws.laws.ante.post_antes`; the engine's ``next_game`` chains the games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pokerlaws.cards import Card, Rank
from pokerlaws.hands import HandCategory, HandRules, evaluate

__all__ = ["openers_for", "opening_law", "qualifies"]

_CYCLE = (Rank.JACK, Rank.QUEEN, Rank.KING)


def openers_for(jackpot_round: int) -> Rank | None:
    """The least pair that opens the ``jackpot_round``-th jack-pot in a row (Laws 30-32).

    ``None`` for an ordinary game (round 0): anyone may open on anything.
    """
    if jackpot_round <= 0:
        return None
    # enforces: Laws 30-32
    return _CYCLE[(jackpot_round - 1) % len(_CYCLE)]


def opening_law(jackpot_round: int) -> int:
    """The law that sets this jack-pot's openers: 30, 31, then 32 for the third and later."""
    return 29 + min(jackpot_round, 3)


def qualifies(hand: Sequence[Card], required: Rank, rules: HandRules) -> bool:
    """Whether ``hand`` holds a pair of ``required`` rank or better (Law 30).

    "Better" is a higher pair, or any hand of a higher kind than a pair. The Joker, which
    may be named as anything, pairs with any card it joins (Ambiguity 12).
    """
    ranks = Counter(card.rank for card in hand if card.rank is not None)
    has_joker = any(card.is_joker for card in hand)
    # enforces: Law 30
    for rank, count in ranks.items():
        if rank >= required and (count >= 2 or has_joker):
            return True
    return bool(evaluate(hand, rules).category > HandCategory.PAIR)
