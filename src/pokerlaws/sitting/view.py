"""What one player at the table may know of the sitting (built on :func:`pokerlaws.view`).

The game part is exactly his :class:`~pokerlaws.PlayerView`; the rest (who sits where, who
deals, whose turn, the chips, everyone's result so far, the kitty) lies open on the table.
"""

from __future__ import annotations

import attrs

from pokerlaws import _shapes
from pokerlaws.actions import Action, LegalActions
from pokerlaws.rules import Rules
from pokerlaws.sitting.model import (
    Sitting,
    SittingTerms,
    Turn,
    _check,
)
from pokerlaws.views import PlayerView, _legal_menu, view

__all__ = ["SittingView", "sitting_view"]

# The shape of each field (STYLE.md: shape only), so that to_json can write any view.
_NAME = _shapes.field(_shapes.player_name)
_NAMES = _shapes.field(_shapes.tuple_of(_shapes.player_name))
_NAMED = _shapes.field(_shapes.tuple_of(_shapes.pair(_shapes.player_name, _shapes.integer)))
_INT = _shapes.field(_shapes.integer)
_RULES = _shapes.field(_shapes.instance_of(Rules, "a Rules"))


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

    name: str = attrs.field(validator=_NAME)
    seat: int | None = attrs.field(validator=_shapes.field(_shapes.optional(_shapes.integer)))
    game: PlayerView | None = attrs.field(
        validator=_shapes.field(_shapes.optional(_shapes.instance_of(PlayerView, "a PlayerView")))
    )
    seating: tuple[str, ...] = attrs.field(validator=_NAMES)
    game_seating: tuple[str, ...] = attrs.field(validator=_NAMES)
    dealer: str = attrs.field(validator=_NAME)
    age: str = attrs.field(validator=_NAME)
    number_one: str = attrs.field(validator=_NAME)
    to_act: Turn | None = attrs.field(
        validator=_shapes.field(_shapes.optional(_shapes.instance_of(Turn, "a Turn")))
    )
    legal_actions: tuple[Action, ...] | LegalActions = attrs.field(
        validator=_shapes.field(_legal_menu)
    )
    next_dealer: str | None = attrs.field(
        validator=_shapes.field(_shapes.optional(_shapes.player_name))
    )
    chips: tuple[tuple[str, int], ...] = attrs.field(validator=_NAMED)
    results: tuple[tuple[str, int], ...] = attrs.field(validator=_NAMED)
    kitty: int = attrs.field(validator=_INT)
    games_played: int = attrs.field(validator=_INT)
    rules: Rules = attrs.field(validator=_RULES)
    agreed: Rules = attrs.field(validator=_RULES)
    terms: SittingTerms = attrs.field(
        validator=_shapes.field(_shapes.instance_of(SittingTerms, "a SittingTerms"))
    )


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
