"""Betting after the draw: Laws 52-58.

Law 53: the first bet belongs to the first player on the ante's left, whether the ante is
still in or not, and the turn goes round to the left; each player stakes at least as much as
the highest. The description lets only that first bettor stand, once (Ambiguity 6); the limit
caps every bet and raise, and nothing caps their number. Law 54: a player who will not match
passes and loses his stake. Laws 55-56: a stake is final, and is exactly what was put down.
Law 58: a bet nobody calls takes the pool unshown. When the stakes are equal the hands are
shown (:mod:`.show`).
"""

from __future__ import annotations

from pokerlaws.actions import Action, LegalActions, Pass, Stake, Stand
from pokerlaws.laws import show
from pokerlaws.laws.staking import (
    chips_refused,
    passing,
    stake_chips,
    stake_choices,
    stake_menu,
)
from pokerlaws.state import Changes, GameState, Phase, seats_from, seats_without
from pokerlaws.violations import (
    CannotStand,
    RuleViolation,
    StakeOverLimit,
    StakeTooSmall,
    refuse,
)

__all__ = [
    "apply_betting",
    "apply_betting_plain",
    "begin",
    "legal",
    "legal_plain",
    "stake_range",
]


def _active(state: GameState) -> frozenset[int] | tuple[int, ...]:
    """The players who can still act: in the game and not all in (Law 61)."""
    # enforces: Law 61
    return frozenset(state.players) - state.all_in if state.all_in else state.players


def begin(state: GameState, changes: Changes | None = None) -> GameState:
    """Begin the betting with the first active player on the ante's left (Law 53);
    ``changes`` (which this does not read) are completed and made in the same step."""
    n = len(state.stacks)
    if changes is None:
        changes = {}
    changes["phase"] = Phase.BETTING
    changes["stakes"] = (0,) * n
    active = _active(state)
    if len(active) <= 1:
        # Laws 60-61: nobody is left to bet against; the hands go to the show.
        return show.showdown(state.with_changes(changes))
    # enforces: Law 53
    order = seats_from(state.ante_seat + 1, active, n)
    changes["pending"] = order
    changes["to_act"] = changes["may_stand"] = order[0]
    return state.with_changes(changes)


def apply_betting(state: GameState, action: Action) -> GameState | RuleViolation:
    """Apply a ``Stand``, ``Pass`` or ``Stake`` by the seat to bet.

    The usual stake (nobody all in, within the limit, not the seat's last chip) is booked
    here in one step, as :func:`apply_betting_plain` books it through ``chips_refused`` and
    ``stake_chips``: the tests hold the two to the same results over random games and
    stakes, legal or not.
    """
    if action.__class__ is Stake and not state.all_in:
        seat, amount = action.seat, action.amount
        stakes = state.stakes
        have = stakes[seat]
        stack = state.stacks[seat]
        highest = max(stakes)
        total = have + amount
        if 0 < amount < stack and highest <= total <= highest + state.rules.limit:
            # enforces: Laws 52, 53, 56
            if total > highest:
                # A bet or a raise: every other player must answer it (none is all in).
                pending = seats_from(seat + 1, seats_without(state.players, seat), len(stakes))
            else:
                pending = state.pending[1:]
            stacks = list(state.stacks)
            stacks[seat] = stack - amount
            new_stakes = list(stakes)
            new_stakes[seat] = total
            staked = list(state.staked)
            staked[seat] += amount
            voluntary = list(state.voluntary)
            voluntary[seat] += amount
            return _after(
                state.with_changes(
                    {
                        "last_staker": seat,
                        "may_stand": None,
                        "pending": pending,
                        "to_act": pending[0] if pending else None,
                        "history": state.history.with_event(action),
                        "stacks": tuple(stacks),
                        "pool": state.pool + amount,
                        "stakes": tuple(new_stakes),
                        "staked": tuple(staked),
                        "voluntary": tuple(voluntary),
                    }
                )
            )
    return apply_betting_plain(state, action)


def apply_betting_plain(state: GameState, action: Action) -> GameState | RuleViolation:
    """Apply a ``Stand``, ``Pass`` or ``Stake`` by the seat to bet, every case the same
    way."""
    seat = action.seat
    if isinstance(action, Stand):
        if state.may_stand != seat:
            return refuse(
                CannotStand,
                53,
                action,
                "may not stand: only the first bettor after the draw may stand, and only once "
                "(the description; Law 53 has every other player stake or retire)",
            )
        pending = (*state.pending[1:], seat)
        return state.with_changes(
            {
                "pending": pending,
                "to_act": pending[0],
                "may_stand": None,
                "history": state.history.with_event(action),
            }
        )
    if isinstance(action, Pass):
        # enforces: Law 54
        # Law 54: he lays down his cards and loses his stake.
        passed = passing(state, action)
        if state.may_stand == seat:
            passed["may_stand"] = None
        return _after(state.with_changes(passed))
    assert isinstance(action, Stake)
    refused = chips_refused(state, action)
    if refused is not None:
        return refused
    amount, stack = action.amount, state.stacks[seat]
    highest, have, limit = max(state.stakes), state.stakes[seat], state.rules.limit
    total = have + amount
    if total < highest and amount < stack:
        return refuse(
            StakeTooSmall,
            53,
            action,
            f"must stake at least as much as the highest ({highest}): add at least "
            f"{highest - have}, not {amount}",
        )
    if total > highest + limit:
        return refuse(
            StakeOverLimit,
            53,
            action,
            f"may add at most {highest + limit - have}, not {amount}: no bet may rise by more "
            f"than the limit ({limit}; the limit is set in the book's description and "
            "serves Law 53)",
        )
    if total > highest:
        # A bet or a raise: every other active player must answer it.
        others: frozenset[int] | tuple[int, ...] = seats_without(state.players, seat)
        if state.all_in:
            others = frozenset(others) - state.all_in
        pending = seats_from(seat + 1, others, len(state.stacks))
    else:
        pending = state.pending[1:]
    changes: Changes = {
        "last_staker": seat,
        "may_stand": None,
        "pending": pending,
        "to_act": pending[0] if pending else None,
        "history": state.history.with_event(action),
    }
    return _after(state.with_changes(stake_chips(state, seat, amount, changes, forced=False)))


def _after(state: GameState) -> GameState:
    if len(state.players) == 1:
        # enforces: Law 58
        return show.uncontested(state)
    if not state.pending:
        return show.showdown(state)
    return state


def stake_range(state: GameState) -> range:
    """The amounts the seat to bet may stake: at least the highest stake, at most the limit
    above it (Law 53), or all he has when that is less."""
    seat = state.to_act
    assert seat is not None
    highest, have, stack = max(state.stakes), state.stakes[seat], state.stacks[seat]
    least = max(highest - have, 1)
    if stack < least:
        return range(stack, stack + 1)
    return range(least, min(highest + state.rules.limit - have, stack) + 1)


def legal(state: GameState) -> tuple[Action, ...] | LegalActions:
    """Every action the seat to bet may take.

    When the seat can pay the least stake (the usual case) the menu is worked out here in
    one step; :func:`legal_plain` works every case out through :func:`stake_range`, and the
    tests hold the two to the same menus.
    """
    seat = state.to_act
    assert seat is not None
    stakes = state.stakes
    highest, have, stack = max(stakes), stakes[seat], state.stacks[seat]
    least = highest - have
    if least < 1:
        least = 1
    if stack >= least:
        most = highest + state.rules.limit - have
        return stake_menu(seat, least, most if most < stack else stack, state.may_stand == seat)
    return legal_plain(state)


def legal_plain(state: GameState) -> tuple[Action, ...] | LegalActions:
    """Every action the seat to bet may take, every case the same way."""
    seat = state.to_act
    assert seat is not None
    return stake_choices(seat, stake_range(state), state.may_stand == seat)
