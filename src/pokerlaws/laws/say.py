"""The say, the one round of decisions before the draw: Laws 23-28 (and 30-33 for openers).

Laws 23-24: the say begins on the left of the ante, or of the last straddler, and ends with
him. Law 25: whoever opens stakes at least double the ante, or double the straddle
(Ambiguity 2), and at most the limit above that (Ambiguity 4). Law 26: each later player
brings his stake at least to the highest, raising it by at most the limit. Law 27: a
player who passes is out and loses his stake. Ambiguity 13: once everyone before the last
say has passed, the game is over unopened (Law 29). Laws 30-32: a jack-pot is opened only on
the openers as dealt, unless the table plays ``openers_on_honour``, when any player may open
and Law 33 tries his openers at the end (:mod:`pokerlaws.laws.show`).
"""

from __future__ import annotations

from pokerlaws.actions import Action, LegalActions, Pass, Stake
from pokerlaws.laws import draw, jackpot, show
from pokerlaws.laws.staking import (
    chips_refused,
    passing,
    stake_chips,
    stake_choices,
    stake_menu,
)
from pokerlaws.state import Changes, GameState, Phase, seats_from
from pokerlaws.violations import (
    OpenersRequired,
    RuleViolation,
    StakeOverLimit,
    StakeTooSmall,
    refuse,
)

__all__ = [
    "apply_say",
    "apply_say_plain",
    "begin",
    "last_to_say",
    "legal",
    "legal_plain",
    "stake_bounds",
    "stake_range",
]


def last_to_say(state: GameState) -> int:
    """The seat with the last say: the last straddler, or else the ante (Laws 23-24)."""
    # enforces: Laws 23, 24
    return state.ante_seat if state.last_straddler is None else state.last_straddler


def begin(state: GameState, changes: Changes) -> GameState:
    """Begin the say on the left of the last to say (Laws 23-24); ``changes`` (which the say
    does not read) are completed and made in the same step."""
    last = last_to_say(state)
    # A player all in from his ante has nothing more to say; he stays in the game.
    speakers = frozenset(state.players) - state.all_in if state.all_in else state.players
    # enforces: Laws 23, 24
    order = seats_from(last + 1, speakers, len(state.stacks))
    changes["phase"] = Phase.SAY
    changes["pending"] = order
    changes["to_act"] = order[0] if order else None
    return _after(state.with_changes(changes))


def stake_bounds(state: GameState, seat: int) -> tuple[int, int]:
    """The least and most ``seat`` may add now, before his stack is considered.

    Law 25 with Ambiguities 2 and 4 for the opening; Law 26 and the limit afterwards.
    """
    have = state.stakes[seat]
    # enforces: Laws 25, 26
    least_total = 2 * state.straddle_level if state.opener is None else max(state.stakes)
    most_total = least_total + state.rules.limit
    return max(least_total - have, 0), most_total - have


def apply_say(state: GameState, action: Action) -> GameState | RuleViolation:
    """Apply a ``Pass`` or ``Stake`` by the seat whose say it is.

    The usual stake (nobody all in, no jack-pot openers to prove, within the bounds, not the
    seat's last chip) is booked here in one step, as :func:`apply_say_plain` books it
    through ``chips_refused``, ``stake_bounds`` and ``stake_chips``: the tests hold the
    two to the same results over random games and stakes, legal or not.
    """
    if action.__class__ is Stake and not state.all_in:
        seat, amount = action.seat, action.amount
        opener = state.opener
        stakes = state.stakes
        have = stakes[seat]
        stack = state.stacks[seat]
        least_total = 2 * state.straddle_level if opener is None else max(stakes)
        if (
            (opener is not None or state.openers_required is None)
            and 0 < amount < stack
            and least_total - have <= amount <= least_total + state.rules.limit - have
        ):
            # enforces: Laws 25, 26, 52, 56
            stacks = list(state.stacks)
            stacks[seat] = stack - amount
            new_stakes = list(stakes)
            new_stakes[seat] = have + amount
            staked = list(state.staked)
            staked[seat] += amount
            voluntary = list(state.voluntary)
            voluntary[seat] += amount
            changes: Changes = {
                "history": state.history.with_event(action),
                "last_staker": seat,
                "opener": seat if opener is None else opener,
                "stacks": tuple(stacks),
                "pool": state.pool + amount,
                "stakes": tuple(new_stakes),
                "staked": tuple(staked),
                "voluntary": tuple(voluntary),
            }
            pending = state.pending[1:]
            if not pending:
                return draw.begin(state, changes)
            changes["pending"] = pending
            changes["to_act"] = pending[0]
            return state.with_changes(changes)
    return apply_say_plain(state, action)


def apply_say_plain(state: GameState, action: Action) -> GameState | RuleViolation:
    """Apply a ``Pass`` or ``Stake`` by the seat whose say it is, every case the same way."""
    seat = action.seat
    if isinstance(action, Pass):
        # Law 27: his cards are dead and his stake stays in the pool.
        return _after(state.with_changes(passing(state, action)))
    assert isinstance(action, Stake)
    refused = chips_refused(state, action)
    if refused is not None:
        return refused
    amount, stack = action.amount, state.stacks[seat]
    least, most = stake_bounds(state, seat)
    opening = state.opener is None
    if opening and state.openers_required is not None and not state.rules.openers_on_honour:
        # On honour (Law 33), the openers are proved only if he wins: see show.py.
        required = state.openers_required
        # enforces: Laws 30-32
        if not jackpot.qualifies(state.dealt[seat], required, state.rules.hands):
            law = jackpot.opening_law(state.jackpot_round)
            return refuse(
                OpenersRequired,
                law,
                action,
                f"may not open this jack-pot without a pair of {required.name.lower()}s "
                "or better in the hand as dealt",
            )
    if amount < least and not (amount == stack and not opening):
        if opening:
            return refuse(
                StakeTooSmall,
                25,
                action,
                f"must open with a stake of at least {2 * state.straddle_level} "
                f"(double the {'straddle' if state.last_straddler is not None else 'ante'}), "
                f"so must add at least {least}, not {amount}",
            )
        return refuse(
            StakeTooSmall,
            26,
            action,
            f"must bring his stake ({state.stakes[seat]}) up to at least "
            f"{state.highest_stake}: add at least {least}, not {amount}",
        )
    if amount > most:
        law = 25 if opening else 26
        return refuse(
            StakeOverLimit,
            law,
            action,
            f"may add at most {most}, not {amount}: no stake may rise by more than the limit "
            f"({state.rules.limit}; the limit is set in the book's description and serves "
            f"Law {law})",
        )
    changes: Changes = {
        "history": state.history.with_event(action),
        "last_staker": seat,
        "opener": seat if opening else state.opener,
    }
    stake_chips(state, seat, amount, changes, forced=False)
    pending = state.pending[1:]
    if not pending:
        # The last say, and the game is open with two players at least: the draw begins
        # in the same step (what _after would do after a second build).
        return draw.begin(state, changes)
    changes["pending"] = pending
    changes["to_act"] = pending[0]
    return state.with_changes(changes)


def _after(state: GameState) -> GameState:
    """Pass the say on, or end it: unopened, won outright, or on to the draw."""
    pending = state.pending
    if state.opener is None:
        if not pending or pending == (last_to_say(state),) or len(state.players) == 1:
            # Ambiguity 13: the last to say cannot open against nobody (Law 29); nor can
            # anyone left alone when the last to say retired with a foul hand (Law 13).
            # enforces: Law 29
            return show.not_opened(state)
    elif len(state.players) == 1:
        return show.uncontested(state)
    if not pending:
        return draw.begin(state)
    return state


def stake_range(state: GameState) -> range:
    """The amounts the seat to act may stake in his say (Laws 25-26, 30)."""
    seat = state.to_act
    assert seat is not None
    if (
        state.opener is None
        and state.openers_required is not None
        and not state.rules.openers_on_honour
        and not jackpot.qualifies(state.dealt[seat], state.openers_required, state.rules.hands)
    ):
        return range(0)
    least, most = stake_bounds(state, seat)
    stack = state.stacks[seat]
    if stack < least:
        # Short of the least: he may still play all he has, but not open on it.
        return range(stack, stack + 1) if state.opener is not None and stack > 0 else range(0)
    return range(max(least, 1), min(most, stack) + 1)


def legal(state: GameState) -> tuple[Action, ...] | LegalActions:
    """Every ``Pass`` and ``Stake`` the seat to act may make in his say.

    The usual say (no jack-pot openers to prove, the seat able to pay the least stake) is
    worked out here in one step; :func:`legal_plain` works every say out through
    :func:`stake_range`, and the tests hold the two to the same menus.
    """
    seat = state.to_act
    assert seat is not None
    opener = state.opener
    if opener is not None or state.openers_required is None:
        stakes = state.stakes
        have = stakes[seat]
        least_total = 2 * state.straddle_level if opener is None else max(stakes)
        least = least_total - have
        stack = state.stacks[seat]
        if stack >= least:
            most = least_total + state.rules.limit - have
            return stake_menu(seat, least if least > 1 else 1, most if most < stack else stack)
    return legal_plain(state)


def legal_plain(state: GameState) -> tuple[Action, ...] | LegalActions:
    """Every ``Pass`` and ``Stake`` the seat to act may make in his say, every case the
    same way."""
    seat = state.to_act
    assert seat is not None
    return stake_choices(seat, stake_range(state))
