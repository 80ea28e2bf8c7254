"""What one player at the table may know of the sitting (built on :func:`pokerlaws.view`).

The game part is exactly his :class:`~pokerlaws.PlayerView`; the rest (who sits where, who
deals, whose turn, the chips, everyone's result so far, the kitty) lies open on the table.
"""

from __future__ import annotations

import attrs

from pokerlaws.actions import Action, LegalActions
from pokerlaws.rules import Rules
from pokerlaws.sitting import Sitting, SittingTerms, Turn, _check
from pokerlaws.views import PlayerView, view

__all__ = ["SittingView", "sitting_view"]


@attrs.frozen(kw_only=True)
class SittingView:
    """What one player at the table may know of the sitting now (built on ``pokerlaws.view``).

    Attributes:
        name: whose view this is.
        seat: his seat in the current game, or None if he sat down since it ended.
        game: his view of the current game (``pokerlaws.view``), or None likewise.
        seating: the players at the table now, in seat order.
        game_seating: the players of the current game, by its seats.
        dealer: who deals (or dealt) the current game.
        age: the ante of the current game.
        number_one: No. 1 of the current game.
        to_act: whose turn it is, or None.
        legal_actions: his legal actions when it is his turn, else empty (as his game
            view's: a :class:`~pokerlaws.LegalActions` when a long run of stakes is legal).
        next_dealer: who deals next, between games (Law 18), else None.
        chips: every seated player's chips not staked, ``(name, chips)`` in seat order.
        results: every player's result so far.
        kitty: the kitty's chips so far.
        games_played: how many games have finished.
        rules: the rules in force; ``agreed``: those agreed at the start (Law 81).
        terms: the sitting's terms.
    """

    name: str
    seat: int | None
    game: PlayerView | None
    seating: tuple[str, ...]
    game_seating: tuple[str, ...]
    dealer: str
    age: str
    number_one: str
    to_act: Turn | None
    legal_actions: tuple[Action, ...] | LegalActions
    next_dealer: str | None
    chips: tuple[tuple[str, int], ...]
    results: tuple[tuple[str, int], ...]
    kitty: int
    games_played: int
    rules: Rules
    agreed: Rules
    terms: SittingTerms


def sitting_view(sitting: Sitting, name: str) -> SittingView:
    """What the player ``name``, seated at the table, may know of the sitting now.

    Raises:
        ValueError: nobody of that name sits at the table.
    """
    _check(sitting, "sitting_view")
    sitting.place_of(name)
    seat = sitting.game_seating.index(name) if name in sitting.game_seating else None
    game = None if seat is None else view(sitting.game, seat)
    return SittingView(
        name=name,
        seat=seat,
        game=game,
        seating=sitting.seating,
        game_seating=sitting.game_seating,
        dealer=sitting.dealer,
        age=sitting.age,
        number_one=sitting.number_one,
        to_act=sitting.to_act,
        # His game view's, listing no long run of stakes (a LegalActions, as there).
        legal_actions=() if game is None else game.legal_actions,
        next_dealer=sitting.next_dealer,
        chips=tuple(zip(sitting.seating, sitting.chips, strict=True)),
        results=sitting.results,
        kitty=sitting.kitty,
        games_played=len(sitting.games),
        rules=sitting.rules,
        agreed=sitting.agreed,
        terms=sitting.terms,
    )
