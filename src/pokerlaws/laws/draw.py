"""The draw: Laws 34-41.

Laws 34-35: the draw begins on the dealer's left and goes round to the left. Law 36: a
player first makes his stake good to the highest (no raising: Ambiguity 5) or passes, then
throws out exactly as many cards as he takes. Law 37: discards never come back. Law 38: each
player draws once, at his turn. Law 39: replacements come from the top of the pack. Law 41:
when the pack runs short, its last cards are served and then the discards are gathered,
shuffled and cut to serve the rest (Ambiguity 19).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from itertools import chain, combinations, filterfalse, repeat
from operator import itemgetter

from pokerlaws.actions import Action, Discard, Pass, Stake, canonical_discards, deck_position
from pokerlaws.cards import Card
from pokerlaws.laws import betting, show
from pokerlaws.laws.staking import chips_refused, passing, stake_chips, stake_choices
from pokerlaws.state import Changes, GameState, Phase, seats_from
from pokerlaws.violations import (
    CardNotHeld,
    CardRepeated,
    MustMakeGoodFirst,
    RuleViolation,
    StakeNotExact,
    refuse,
)

__all__ = ["apply_draw", "begin", "legal", "shortfall"]


def begin(state: GameState, changes: Changes | None = None) -> GameState:
    """Begin the draw with the first player on the dealer's left (Laws 34-35); ``changes``
    (which the draw does not read) are completed and made in the same step."""
    order = seats_from(state.dealer + 1, state.players, len(state.stacks))
    if changes is None:
        changes = {}
    changes["phase"] = Phase.DRAW
    changes["pending"] = order
    changes["to_act"] = order[0]
    return state.with_changes(changes)


def shortfall(state: GameState, seat: int) -> int:
    """How much ``seat`` must add to make his stake good (Law 36); 0 when all in."""
    if seat in state.all_in:
        return 0
    stakes = state.stakes
    return max(stakes) - stakes[seat]


def apply_draw(state: GameState, action: Action) -> GameState | RuleViolation:
    """Apply a ``Stake`` (making good), ``Pass`` or ``Discard`` by the seat to draw."""
    seat = action.seat
    if isinstance(action, Pass):
        return _after(state.with_changes(passing(state, action)))
    short = shortfall(state, seat)
    if isinstance(action, Stake):
        return _make_good(state, action, short)
    assert isinstance(action, Discard)
    if short:
        return refuse(
            MustMakeGoodFirst,
            36,
            action,
            f"must make his stake good ({state.stakes[seat]} of {state.highest_stake}) "
            "before discarding",
        )
    hand = state.hands[seat]
    thrown = action.cards
    thrown_set = frozenset(thrown)
    if len(thrown_set) != len(thrown):
        twice = next(card for card in thrown if thrown.count(card) > 1)
        return refuse(CardRepeated, 36, action, f"cannot discard {twice} twice")
    if not thrown_set.issubset(hand):
        card = next(card for card in thrown if card not in hand)
        return refuse(CardNotHeld, 36, action, f"cannot discard {card}, which is not in his hand")
    return _serve(state, action, thrown_set)


def _make_good(state: GameState, action: Stake, short: int) -> GameState | RuleViolation:
    refused = chips_refused(state, action)
    if refused is not None:
        return refused
    seat, amount, stack = action.seat, action.amount, state.stacks[action.seat]
    if short == 0:
        return refuse(
            StakeNotExact,
            36,
            action,
            "has already made his stake good, and no one may raise at the draw",
        )
    if amount != short and not (amount == stack < short):
        return refuse(
            StakeNotExact,
            36,
            action,
            f"must make his stake good with exactly {short} (his {state.stakes[seat]} "
            f"up to {state.highest_stake}), not {amount}",
        )
    # He stays to act: making good comes before his discard (Law 36).
    changes: Changes = {"last_staker": seat, "history": (*state.history, action)}
    return state.with_changes(stake_chips(state, seat, amount, changes, forced=False))


def _serve(state: GameState, action: Discard, thrown_set: frozenset[Card]) -> GameState:
    """Replace the discarded cards from the top of the stock (Law 39), gathering the
    discards when the stock runs short (Law 41)."""
    seat, thrown = action.seat, action.cards
    wanted = len(thrown)
    stock, discards = state.stock, state.discards
    if wanted > len(stock):
        # Law 41 and Ambiguity 19: the last cards of the stock first, then the discards
        # gathered and shuffled. The shuffle is seeded from the cards themselves, so the
        # game stays deterministic. His own discards go under the others so that he gets
        # them back only when nothing else is left (Law 37).
        gathered = list(discards)
        random.Random(" ".join(map(str, gathered))).shuffle(gathered)
        stock, discards = (*stock, *gathered, *thrown), ()
    else:
        discards = (*discards, *thrown)
    hands = list(state.hands)
    hands[seat] = (*filterfalse(thrown_set.__contains__, hands[seat]), *stock[:wanted])
    pending = state.pending[1:]
    changes: Changes = {
        "hands": tuple(hands),
        "stock": stock[wanted:],
        "discards": discards,
        "history": (*state.history, action),
    }
    if not pending:
        # The last draw (two players at least are in: a pass that left one ended the game)
        # begins the betting in the same step.
        return betting.begin(state, changes)
    changes["pending"] = pending
    changes["to_act"] = pending[0]
    return state.with_changes(changes)


def _after(state: GameState) -> GameState:
    if len(state.players) == 1:
        return show.uncontested(state)
    if not state.pending:
        return betting.begin(state)
    return state


def legal(state: GameState) -> tuple[Action, ...]:
    """Every action the seat to draw may take: make good or pass; then discard or pass."""
    seat = state.to_act
    assert seat is not None
    short = shortfall(state, seat)
    if short:
        amount = min(short, state.stacks[seat])
        return stake_choices(seat, amount, amount)
    return (_pass(seat), *_discards(seat, state.hands[seat]))


# Actions are frozen values: one record per seat serves every draw.
@cache
def _pass(seat: int) -> Pass:
    return Pass(seat=seat)


def _discards(seat: int, hand: tuple[Card, ...]) -> list[Discard]:
    """One ``Discard`` per subset of ``hand``, pat first, in the order of
    ``itertools.combinations(hand, size)`` for each size."""
    # Subsets of the hand sorted in deck order are already in Discard's canonical order, so
    # their records can skip the converter's sort (see canonical_discards); a table per
    # ordering of the hand puts them back in the order the hand itself gives.
    in_deck_order = sorted(hand, key=deck_position)
    ordering = tuple(map(hand.index, in_deck_order))
    subsets = list(
        chain.from_iterable(map(combinations, repeat(in_deck_order), range(len(hand) + 1)))
    )
    return canonical_discards(seat, _hand_order(ordering)(subsets))


_Subsets = list[tuple[Card, ...]]


@cache
def _hand_order(ordering: tuple[int, ...]) -> Callable[[_Subsets], tuple[tuple[Card, ...], ...]]:
    """Return a getter that takes the subsets of a hand sorted by ``ordering`` (the hand's
    indices in deck order), listed as ``combinations`` lists them, and lists them as
    ``combinations`` lists the subsets of the hand itself. At most 120 orderings of 5."""
    count = len(ordering)
    place = [0] * count
    for sorted_index, hand_index in enumerate(ordering):
        place[hand_index] = sorted_index
    sorted_subsets = [s for size in range(count + 1) for s in combinations(range(count), size)]
    index = {subset: i for i, subset in enumerate(sorted_subsets)}
    indices = [
        index[tuple(sorted(place[i] for i in subset))]
        for size in range(count + 1)
        for subset in combinations(range(count), size)
    ]
    # A hand holds five cards at the draw, so there are always several indices and the
    # getter returns a tuple.
    getter: Callable[[_Subsets], tuple[tuple[Card, ...], ...]] = itemgetter(*indices)
    return getter
