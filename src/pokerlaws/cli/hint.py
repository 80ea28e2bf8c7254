"""``hint`` at ``pokerlaws play``: the odds from your view, and nothing your view does not hold.

At your draw: the three best discards (:func:`pokerlaws.odds.best_discards`, by the expected
kind of the final hand) with the chance of each kind they may finish in. At any other turn:
your equity, your expected share of the pool at the show (:func:`pokerlaws.odds.equity`).
Both read only your :class:`~pokerlaws.views.PlayerView`.
"""

from __future__ import annotations

from pokerlaws.cards import format_cards
from pokerlaws.hands import HandCategory
from pokerlaws.odds import Chances, best_discards, equity
from pokerlaws.state import Phase
from pokerlaws.views import PlayerView

__all__ = ["HINT", "hint_lines"]

HINT = frozenset({"hint", "odds"})
"""The words that ask for a hint."""

_KIND_WORDS = {
    HandCategory.NO_PAIR: "no pair",
    HandCategory.PAIR: "a pair",
    HandCategory.TWO_PAIRS: "two pairs",
    HandCategory.BLAZE: "a Blaze",
    HandCategory.TRIPLETS: "triplets",
    HandCategory.SKIP_SEQUENCE: "a skip sequence",
    HandCategory.SEQUENCE: "a sequence",
    HandCategory.FLUSH: "a flush",
    HandCategory.FULL: "a full",
    HandCategory.FOURS: "fours",
    HandCategory.SEQUENCE_FLUSH: "a sequence flush",
}


def _chances_line(rank: int, chances: Chances) -> str:
    thrown = format_cards(chances.discard)
    what = f"throw {thrown}" if thrown else "stand pat"
    kinds = ", ".join(
        f"{_KIND_WORDS[kind]} {float(chance):.1%}"
        for kind, chance in reversed(list(chances.items()))
        if chance * 1000 >= 1
    )
    return f"  {rank}. {what}: {kinds}"


def hint_lines(view: PlayerView) -> list[str]:
    """The hint for ``view``'s seat now, as lines of text (the caller wraps them)."""
    seat = view.seat
    if seat not in view.players or len(view.hand) != 5:
        return ["No hint now: you hold no hand of five cards in this game."]
    if view.phase is Phase.DRAW and view.exchanged[seat] is None:
        lines = ["The three best discards (by the expected hand; unseen cards only):"]
        lines += [
            _chances_line(rank, chances)
            for rank, chances in enumerate(best_discards(view)[:3], start=1)
        ]
        return lines
    try:
        share = equity(view)
    except ValueError as crowded:
        return [f"No equity now: {crowded}."]
    others = len(view.players) - 1
    how = (
        "every deal counted"
        if share.exact
        else f"within {share.error:.1%}, {share.deals:,} deals sampled"
    )
    return [
        f"Your equity against {others} other player{'s' if others != 1 else ''}: "
        f"{share.value:.1%} of the pool at the show ({how}; each other hand taken as "
        "any five cards you have not seen)."
    ]
