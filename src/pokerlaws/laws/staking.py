"""Moving chips from a seat into the pool (Laws 52, 56) and marking who is short (Law 60).

Every section stakes chips, so the arithmetic lives here once: a stake leaves the seat's
stack, enters the pool at once (Law 52), counts as exactly what was put down (Law 56), and is
booked as forced (ante, straddles, jack-pot antes) or voluntary, the split Law 60's limited
show needs (Ambiguity 14). A player who has staked his last chip is all in (Law 61); he is
short, and demands the show, only once his whole stake is below the highest (Law 60).
"""

from __future__ import annotations

import functools

from pokerlaws.actions import Action, LegalActions, Pass, Stake, Stand
from pokerlaws.state import Changes, GameState, Short, seats_without
from pokerlaws.violations import AmountNotPositive, NotEnoughChips, RuleViolation, refuse

__all__ = ["chips_refused", "passing", "stake_chips", "stake_choices", "stake_menu"]


def chips_refused(state: GameState, action: Stake) -> RuleViolation | None:
    """Refuse a stake that is no stake: Law 56 makes a bet the chips put down, so it is a
    positive number of them, and no more than the seat has (nothing is borrowed, Law 62)."""
    amount, stack = action.amount, state.stacks[action.seat]
    if amount <= 0:
        return refuse(
            AmountNotPositive, 56, action, f"must put down a positive stake, not {amount}"
        )
    if amount > stack:
        return refuse(NotEnoughChips, 56, action, f"has only {stack} chips, not {amount}")
    return None


def passing(state: GameState, action: Pass) -> Changes:
    """The changes a pass makes, at any turn (Laws 27, 54): the seat is out of the game, his
    stake stays in the pool, and the turn goes on to the next player."""
    pending = state.pending[1:]
    return {
        # enforces: Laws 27, 54
        "players": seats_without(state.players, action.seat),
        "pending": pending,
        "to_act": pending[0] if pending else None,
        "history": state.history.with_event(action),
    }


def stake_chips(
    state: GameState,
    seat: int,
    amount: int,
    changes: Changes,
    *,
    forced: bool,
    in_stake: bool = True,
) -> Changes:
    """Add to ``changes`` those that move ``amount`` chips from ``seat``'s stack into the
    pool, and return it.

    The caller builds the next state once from all the changes of the action
    (:meth:`GameState.with_changes`): states are built on every action, so each action
    builds as few as it can, and its changes are gathered in one dict.

    Args:
        state: the state before staking.
        seat: who stakes.
        amount: chips put down; the caller has checked that the stack covers it.
        changes: the action's other changes (not to ``players``, ``all_in`` or the chip
            counts, which this reads from ``state``).
        forced: book it as forced (ante, straddle, jack-pot ante) rather than voluntary.
        in_stake: count it in the seat's stake (a jack-pot ante of any seat but the ante
            seat is paid to the pool without being a stake: API.md).
    """
    # Each per-seat tuple is copied to a list, changed at the seat and frozen again.
    stacks = list(state.stacks)
    stacks[seat] -= amount
    changes["stacks"] = tuple(stacks)
    # enforces: Laws 52, 56
    changes["pool"] = state.pool + amount
    staked = state.staked
    if in_stake:
        stakes = list(state.stakes)
        stakes[seat] += amount
        changes["stakes"] = tuple(stakes)
        whole = list(staked)
        whole[seat] += amount
        changes["staked"] = staked = tuple(whole)
    booked = list(state.forced if forced else state.voluntary)
    booked[seat] += amount
    changes["forced" if forced else "voluntary"] = tuple(booked)
    all_in = state.all_in
    if stacks[seat] == 0 and seat not in all_in:
        # enforces: Law 61
        # Law 61: a player who stakes his last chip stays in, and is passed over in turns.
        changes["all_in"] = all_in = all_in | {seat}
    if all_in:
        shorts = _newly_short(state, staked, all_in)
        if shorts:
            changes["shorts"] = (*state.shorts, *shorts)
    return changes


def _newly_short(
    state: GameState, staked: tuple[int, ...], all_in: frozenset[int]
) -> tuple[Short, ...]:
    """The all-in players whose whole stake is now below the highest and who were not short
    before: they demand the show at this moment (Law 60, Ambiguity 14)."""
    top = max(staked)
    known = {short.seat for short in state.shorts}
    live = frozenset(state.players)
    # enforces: Law 60
    return tuple(
        Short(seat, live) for seat in sorted(all_in) if staked[seat] < top and seat not in known
    )


# legal_actions offers the same few menus over and over (a seat, a range of amounts); actions
# are frozen values, so one tuple can serve every state that asks, at a dictionary lookup's
# cost instead of building a dozen records. Only short menus are kept (2,048 menus of at most
# 34 records: a few MB whatever the limit); a longer one is built afresh each time.
_MENU_CACHED = 32


def _build_menu(seat: int, least: int, most: int, may_stand: bool = False) -> tuple[Action, ...]:
    actions: list[Action] = [Pass(seat=seat)]
    if may_stand:
        actions.append(Stand(seat=seat))
    actions.extend(Stake(seat=seat, amount=amount) for amount in range(least, most + 1))
    return tuple(actions)


_cached_menu = functools.lru_cache(maxsize=2048)(_build_menu)


def stake_choices(
    seat: int, amounts: range, may_stand: bool = False
) -> tuple[Action, ...] | LegalActions:
    """Return ``Pass``, then ``Stand`` if ``may_stand``, then a ``Stake`` of each of
    ``amounts`` (a step-1 range, perhaps empty), all by ``seat``: a tuple, or, for more
    than ``LegalActions.FEWEST`` amounts, a :class:`LegalActions` that lists none of them
    (``legal_actions`` makes it a tuple; a view keeps it so)."""
    least, stop = amounts.start, amounts.stop
    if stop - least <= _MENU_CACHED:
        return _cached_menu(seat, least, stop - 1, may_stand)
    if stop - least <= LegalActions.FEWEST:
        return _build_menu(seat, least, stop - 1, may_stand)
    return LegalActions(others=_build_menu(seat, 0, -1, may_stand), seat=seat, amounts=amounts)


def stake_menu(
    seat: int, least: int, most: int, may_stand: bool = False
) -> tuple[Action, ...] | LegalActions:
    """``stake_choices(seat, range(least, most + 1), may_stand)``, the usual short menu
    found without building the range (none when ``most`` < ``least``)."""
    if most - least < _MENU_CACHED:
        return _cached_menu(seat, least, most, may_stand)
    return stake_choices(seat, range(least, most + 1), may_stand)
