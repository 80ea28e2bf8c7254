"""Deposits made out of turn at a recording table: Law 55 (Ambiguity 21).

Law 55: a bet once made stands, even one made out of turn. In strict play the engine refuses
every action out of turn, so the law has nothing to act on. At a recording table
(``Rules.recording_table``) the table reports a :class:`~pokerlaws.Deposit`: the chips go
into the pool at once and are kept apart (``GameState.deposits``) until the player's turn.
Then they count toward his stake: his ``Stake`` is the stake he makes at that turn, the
deposit included, so it is at least the deposit; or he passes and loses it (Law 54): it
stays in the pool, and in ``deposits``, counting toward nothing (a misdeal gives it back).

A deposit is accepted only from a player still to act in this round of the say or the
betting, no more than he could put down were it his turn now: the highest stake only rises
before his turn comes, so a deposit within that bound is never more than he may stake then.
"""

from __future__ import annotations

from pokerlaws.actions import Action, Pass, Stake, Stand
from pokerlaws.laws import say
from pokerlaws.reports import Deposit
from pokerlaws.ruling import noted
from pokerlaws.state import GameState, Phase
from pokerlaws.violations import (
    AmountNotPositive,
    CannotStand,
    NotAtThisMoment,
    NotEnoughChips,
    NotYourTurn,
    RuleViolation,
    StakeOverLimit,
    StakeTooSmall,
    refuse,
)

__all__ = ["credited", "deposit", "held", "most_now", "refuse_at_turn"]


def held(state: GameState, seat: int) -> int:
    """The chips ``seat`` has deposited out of turn and not yet staked."""
    deposits = state.deposits
    return deposits[seat] if deposits else 0


def most_now(state: GameState, seat: int) -> int:
    """The most ``seat`` could add to his stake were it his turn now (Laws 25, 26, 53)."""
    if state.phase is Phase.SAY:
        return say.stake_bounds(state, seat)[1]
    return max(state.stakes) + state.rules.limit - state.stakes[seat]


def _deposits_holding(state: GameState, seat: int, amount: int) -> tuple[int, ...]:
    deposits = list(state.deposits or (0,) * state.num_seats)
    deposits[seat] = amount
    return tuple(deposits) if any(deposits) else ()


def deposit(state: GameState, report: Deposit) -> GameState | RuleViolation:
    """Put ``report.amount`` into the pool for ``report.seat``, to count at his turn."""
    seat, amount = report.seat, report.amount
    if not state.rules.recording_table:
        return refuse(
            NotAtThisMoment,
            55,
            report,
            "cannot deposit out of turn: only a recording table (Rules.recording_table) "
            "takes a deposit out of turn; in strict play it is refused (Ambiguity 21)",
        )
    if state.phase not in (Phase.SAY, Phase.BETTING):
        return refuse(
            NotAtThisMoment,
            55,
            report,
            "cannot deposit now: a deposit out of turn counts toward a stake in the say or "
            "the betting, and neither is under way",
        )
    if seat == state.to_act:
        return refuse(
            NotYourTurn, 55, report, "is to act, so stakes at his turn: a deposit is out of turn"
        )
    if seat not in state.pending:
        return refuse(
            NotYourTurn,
            55,
            report,
            "has no turn still to come in this round, so a deposit would count toward nothing",
        )
    stack = state.stacks[seat]
    if amount <= 0:
        return refuse(
            AmountNotPositive, 56, report, f"must put down a positive deposit, not {amount}"
        )
    if amount > stack:
        return refuse(NotEnoughChips, 56, report, f"has only {stack} chips, not {amount}")
    already = held(state, seat)
    most = most_now(state, seat)
    if already + amount > most:
        return refuse(
            StakeOverLimit,
            55,
            report,
            f"may deposit at most {max(most - already, 0)} more: that is all he could stake "
            f"at his turn now (the limit is {state.rules.limit})",
        )
    stacks = list(state.stacks)
    # remedies: Law 55
    stacks[seat] -= amount
    deposited = state.with_changes(
        {
            "stacks": tuple(stacks),
            "pool": state.pool + amount,
            "deposits": _deposits_holding(state, seat, already + amount),
            "history": state.history.with_event(report),
        }
    )
    return noted(deposited, ((55, "deposit", (seat,), amount),))


def credited(state: GameState, seat: int) -> GameState:
    """``state`` with ``seat``'s deposit back in his stack, for his stake at his turn to
    take it again (the stake he makes counts the deposit)."""
    amount = held(state, seat)
    stacks = list(state.stacks)
    stacks[seat] += amount
    return state.with_changes(
        {
            "stacks": tuple(stacks),
            "pool": state.pool - amount,
            "deposits": _deposits_holding(state, seat, 0),
        }
    )


def refuse_at_turn(state: GameState, action: Action) -> RuleViolation | None:
    """Refuse what a player with a deposit may not do at his turn: stand, or stake less
    than his deposit (Law 55: it stands, and counts toward his stake)."""
    amount = held(state, action.seat)
    if isinstance(action, Stand):
        return refuse(
            CannotStand,
            55,
            action,
            f"may not stand: he deposited {amount} out of turn, which stands (Law 55); he "
            f"stakes at least {amount} or passes",
        )
    if isinstance(action, Stake) and action.amount < amount:
        return refuse(
            StakeTooSmall,
            55,
            action,
            f"deposited {amount} out of turn, which counts toward this stake: he stakes at "
            f"least {amount} (the deposit included), not {action.amount}",
        )
    assert isinstance(action, (Stake, Pass))
    return None
