"""Tables for the law tests: decks that deal chosen hands, and replay helpers.

Every state a test looks at is reached by replaying actions from a fixed deck through
``apply_or_raise``; nothing here builds a ``GameState`` by hand, so no fixture can be a state
the laws could not reach.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

import pokerlaws as pl
from pokerlaws import Card

__all__ = [
    "RULES",
    "STRADDLE_RULES",
    "all_cards",
    "chips",
    "dealing_order",
    "deck_for",
    "pass_until_over",
    "play",
    "refused",
    "snapshot",
]

RULES = pl.Rules(ante=5, limit=15)
"""Ante 5, limit 15: no straddle is possible (2 x 5 is above 15 // 2), so the deal is at once."""

STRADDLE_RULES = pl.Rules(ante=2, limit=20)
"""Ante 2, limit 20: straddles of 4, 6, 8 and 10 are possible (Law 22: at most 20 // 2)."""

V = TypeVar("V", bound=pl.RuleViolation)

_PUBLIC = (
    "rules",
    "phase",
    "dealer",
    "to_act",
    "stacks",
    "stakes",
    "pool",
    "players",
    "hands",
    "openers_required",
    "winners",
    "shown",
    "show_order",
    "history",
    "stock",
    "discards",
    "dealt",
    "opener",
    "jackpot_round",
    "payouts",
    "all_in",
    "last_straddler",
)


def dealing_order(n: int, dealer: int, sitting_out: Iterable[int] = ()) -> tuple[int, ...]:
    """Return the seats in the order Law 7 deals to them: from the dealer's left round to him."""
    out = set(sitting_out)
    return tuple(s for s in ((dealer + 1 + i) % n for i in range(n)) if s not in out)


def deck_for(
    hands: Mapping[int, str],
    *,
    n: int,
    dealer: int,
    draw: str = "",
    sitting_out: Iterable[int] = (),
    joker: bool = False,
) -> tuple[Card, ...]:
    """Return a whole pack, top card first, that deals ``hands`` and then serves ``draw``.

    ``hands`` maps a seat to its five cards as text; seats not named get the remaining cards
    in standard order, as do the places in the stock after ``draw``.
    """
    order = dealing_order(n, dealer, sitting_out)
    wanted: dict[int, Card] = {}
    for seat, text in hands.items():
        cards = pl.parse_cards(text)
        if seat not in order:
            raise ValueError(f"seat {seat} is not dealt in")
        if len(cards) != 5:
            raise ValueError(f"seat {seat} wants {len(cards)} cards, not 5")
        position = order.index(seat)
        for round_, card in enumerate(cards):
            wanted[round_ * len(order) + position] = card
    for i, card in enumerate(pl.parse_cards(draw)):
        wanted[5 * len(order) + i] = card
    used = list(wanted.values())
    if len(set(used)) != len(used):
        raise ValueError("a card is wanted twice")
    pack = pl.standard_deck(joker=joker)
    taken = set(used)
    rest = iter([card for card in pack if card not in taken])
    return tuple(wanted[i] if i in wanted else next(rest) for i in range(len(pack)))


def snapshot(state: pl.GameState) -> tuple[Any, ...]:
    """Return every public attribute of ``state``, to show that nothing changed it."""
    return tuple(getattr(state, name) for name in _PUBLIC)


def chips(state: pl.GameState) -> int:
    """Return the chips at the table: every stack plus the pool."""
    return sum(state.stacks) + state.pool


def all_cards(state: pl.GameState) -> Counter[Card]:
    """Return every card in the hands, the stock and the discards, counted."""
    counted: Counter[Card] = Counter(state.stock)
    counted.update(state.discards)
    for hand in state.hands:
        counted.update(hand)
    return counted


def report_checked(state: pl.GameState, *reports: pl.Report) -> pl.GameState:
    """Apply ``reports`` in turn, each one listed by ``reportable`` first; chips and cards
    are conserved by each."""
    for event in reports:
        assert event in pl.reportable(state), f"{event} is not reportable now"
        total, cards = chips(state), all_cards(state)
        state = pl.apply_or_raise(state, event)
        assert chips(state) == total
        assert all_cards(state) == cards
    return state


def offers_only_what_apply_accepts(state: pl.GameState) -> None:
    """``legal_actions`` offers only what ``apply`` accepts, and only to the seat to act."""
    for action in pl.legal_actions(state):
        assert action.seat == state.to_act
        assert isinstance(pl.apply(state, action), pl.GameState), action


def play(state: pl.GameState, *actions: pl.Action) -> pl.GameState:
    """Apply ``actions`` in order through ``apply_or_raise`` and return the last state.

    Each step also checks that ``legal_actions`` lists the action, that the input state was
    left unchanged, and that no chip was made or lost (sum of stacks plus pool).
    """
    for action in actions:
        assert action in pl.legal_actions(state), f"{action} is not in legal_actions"
        before = snapshot(state)
        total = chips(state)
        after = pl.apply_or_raise(state, action)
        assert snapshot(state) == before, f"apply changed its input on {action}"
        assert chips(after) == total, f"{action} changed the chips at the table"
        state = after
    return state


def pass_until_over(state: pl.GameState) -> pl.GameState:
    """Let whoever is to act decline to straddle, or pass, until the game is over."""
    while state.phase is not pl.Phase.OVER:
        seat = state.to_act
        assert seat is not None
        if state.phase is pl.Phase.STRADDLE:
            state = play(state, pl.DeclineStraddle(seat=seat))
        else:
            state = play(state, pl.Pass(seat=seat))
    return state


def refused(state: pl.GameState, action: pl.Event, kind: type[V], law: int | None = None) -> V:
    """Apply an action the laws forbid and return the violation, checking what every refusal
    must do: be of ``kind``, cite ``law`` (or some law), name the seat, and change nothing."""
    before = snapshot(state)
    before_hash = hash(state)
    result = pl.apply(state, action)
    assert isinstance(result, kind), f"{action}: expected {kind.__name__}, got {result!r}"
    if law is None:
        assert 1 <= result.law <= 81
    else:
        assert result.law == law, f"{action}: cites law {result.law}, expected {law}"
    assert result.seat == action.seat
    assert result.action == action
    assert f"seat {action.seat}" in result.message, result.message
    assert snapshot(state) == before
    assert hash(state) == before_hash
    assert not pl.is_legal(state, action)
    assert action not in pl.legal_actions(state)
    return result
