"""The ante and the straddles: Laws 19-24.

Law 19 (the ante at most half the limit) is checked when :class:`~pokerlaws.Rules` is built.
Here: the ante is posted before the deal (Law 20), straddles go round from No. 1 to the
dealer (Law 21) without passing half the limit (Law 22), and the last straddler takes the
last say (Laws 23-24, in :mod:`.say`).
"""

from __future__ import annotations

import functools

from pokerlaws.actions import Action, DeclineStraddle, Straddle
from pokerlaws.laws import deal
from pokerlaws.laws.staking import stake_chips
from pokerlaws.state import Changes, GameState, Phase, seats_from
from pokerlaws.violations import RuleViolation

__all__ = ["apply_straddle", "begin", "legal", "post_antes"]


def post_antes(state: GameState) -> GameState:
    """Post the ante, and in a jack-pot every player's ante (Laws 20, 30).

    Law 20: the seat on the dealer's left stakes the ante before the deal. Law 30: in a
    jack-pot every player pays one ante; the ante seat's payment is his ante (Ambiguity 13),
    the others' go to the pool without being stakes. A seat short of the ante pays what it
    has and is all in.
    """
    ante = state.rules.ante
    ante_seat = state.ante_seat
    # enforces: Laws 20, 30
    payers = state.seated if state.is_jackpot else (ante_seat,)
    for seat in payers:
        paid = min(ante, state.stacks[seat])
        state = state.with_changes(
            stake_chips(state, seat, paid, {}, forced=True, in_stake=seat == ante_seat)
        )
    return state


def _number_one(state: GameState) -> int:
    """No. 1: the player on the ante's left (Law 21)."""
    # enforces: Law 21
    return seats_from(state.ante_seat + 1, state.seated, len(state.stacks))[0]


def begin(state: GameState) -> GameState:
    """Open straddling if No. 1 can straddle (Laws 21-22); otherwise deal at once."""
    rules = state.rules
    first = _number_one(state)
    can_straddle = (
        (not state.is_jackpot or rules.jackpot_straddles)
        and 2 * rules.ante <= rules.highest_straddle
        and state.stacks[first] >= 2 * rules.ante
    )
    if not can_straddle:
        return deal.deal(state)
    return state.with_changes({"phase": Phase.STRADDLE, "pending": (first,), "to_act": first})


def _chain_after(state: GameState, seat: int) -> tuple[int, ...]:
    """The seats after ``seat`` that may still raise the straddle: up to the dealer (Law 21)."""
    order = seats_from(seat + 1, state.seated, len(state.stacks))
    # enforces: Law 21
    return order[: order.index(state.ante_seat)]


def _next(state: GameState, pending: tuple[int, ...], changes: Changes) -> GameState:
    """Pass the straddle on, or deal when straddling is over (Laws 21-22); ``changes`` are
    completed and made in the same step."""
    level = state.straddle_level + state.rules.ante
    # enforces: Law 22
    if level > state.rules.highest_straddle:
        # Law 22: the straddle has reached half the limit; nobody may raise it further.
        pending = ()
    # A seat that cannot pay the next straddle is not asked.
    stacks = state.stacks
    pending = tuple(seat for seat in pending if stacks[seat] >= level)
    if not pending:
        return deal.deal(state, changes)
    changes["pending"] = pending
    changes["to_act"] = pending[0]
    return state.with_changes(changes)


def apply_straddle(state: GameState, action: Action) -> GameState | RuleViolation:
    """Apply a ``Straddle`` or ``DeclineStraddle`` by the seat to act (Laws 21-22)."""
    seat = action.seat
    history = state.history.with_event(action)
    if isinstance(action, DeclineStraddle):
        # enforces: Law 21
        if state.last_straddler is None:
            # Law 21: if No. 1 will not straddle, nobody may.
            return deal.deal(state, {"history": history})
        return _next(state, state.pending[1:], {"history": history})
    assert isinstance(action, Straddle)
    # Only a seat that can pay a straddle within half the limit is ever asked (see _next),
    # so the seat to act may always straddle; a straddle at any other moment is refused by
    # the engine before it comes here (StraddleNotAllowed, StraddleAboveHalfLimit).
    level = state.straddle_level + state.rules.ante
    changes: Changes = {"straddle_level": level, "last_straddler": seat, "history": history}
    state = state.with_changes(stake_chips(state, seat, level, changes, forced=True))
    pending = _chain_after(state, seat)
    return _next(state, pending, {})


def legal(state: GameState) -> tuple[Action, ...]:
    """The straddling choices of the seat to act."""
    seat = state.to_act
    assert seat is not None
    return _choices(seat)


# The same two records serve every state that asks (actions are frozen values).
@functools.lru_cache(maxsize=16)
def _choices(seat: int) -> tuple[Action, ...]:
    return (Straddle(seat=seat), DeclineStraddle(seat=seat))
