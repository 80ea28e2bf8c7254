"""Foul hands: Laws 13-14, 16, 45, 47, 48, 63 and 64 (Ambiguity 17).

A hand found foul is laid face down and its holder retires, losing his stake, as a pass
would (Laws 13, 45, 47, 48, 63): the turn goes on, and if one player is left he takes the
pool (Law 58). A hand foul from the deal (Law 13) is refunded its ante or straddle by the
dealer, out of his own chips, or by the player who distracted the dealer during that deal
(Laws 14, 16); never a foul hand of the draw or the betting (Ambiguity 17). A foul hand
found at the show (Law 64) loses: the pool is settled again among the other hands shown.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import sub

from pokerlaws.actions import Action, Pass, Straddle
from pokerlaws.laws import betting, draw, say, show
from pokerlaws.laws.staking import _newly_short
from pokerlaws.reports import Distraction, Report
from pokerlaws.state import Changes, GameState, Phase, seats_without

__all__ = ["refund", "refund_payer", "retire", "settle_without"]

_PASS_HANDLERS: dict[Phase, Callable[[GameState, Action], object]] = {
    Phase.SAY: say.apply_say,
    Phase.DRAW: draw.apply_draw,
    Phase.BETTING: betting.apply_betting,
}


def refund_payer(state: GameState, start: int) -> int:
    """Who pays a Law 14 refund: the first player reported distracting the dealer in this
    deal (Law 16), else the dealer."""
    for event in state.history[start:]:
        if isinstance(event, Distraction):
            # remedies: Law 16
            return event.seat
    return state.dealer


def refund(state: GameState, seat: int) -> int:
    """The amount of ``seat``'s ante or straddle in this game, and nothing else (Law 14).

    In an ordinary game that is his forced stake: the ante seat's ante, a straddler's
    straddle. A straddler in a jack-pot paid an ante too; the law names one payment, and
    he is refunded his straddle, the larger.
    """
    level = state.rules.ante
    for event in state.history:
        if isinstance(event, Straddle):
            level += state.rules.ante
            if event.seat == seat:
                return level
    return state.forced[seat]


def retire(state: GameState, report: Report, *, refunded_by: int | None = None) -> GameState:
    """Retire ``report.seat`` with a foul hand: out of the game, his stake lost (Law 13),
    the report recorded; ``refunded_by`` pays him his Law 14 refund first, as he retires,
    before anything the game's end may pay or charge."""
    seat = report.seat
    if refunded_by is not None and refunded_by != seat:
        state = _refunded(state, seat, refunded_by)
    history = (*state.history, report)
    if state.pending and state.pending[0] == seat:
        # At his turn, retiring is passing: the phase moves on exactly as after a pass.
        handler = _PASS_HANDLERS[state.phase]
        after = handler(state, Pass(seat=seat))
        assert isinstance(after, GameState), "the player to act may always pass"
        changes: Changes = {"history": history}
    else:
        changes = {
            "players": seats_without(state.players, seat),
            "pending": tuple(s for s in state.pending if s != seat),
            "owed": tuple(entry for entry in state.owed if entry[0] != seat),
            "history": history,
        }
        if state.may_stand == seat:
            changes["may_stand"] = None
        after = _carry_on(state.with_changes(changes))
        changes = {}
    changes["foul"] = after.foul | {seat}
    return after.with_changes(changes)


def _refunded(state: GameState, seat: int, payer: int) -> GameState:
    """``state`` after ``payer`` pays ``seat`` his Law 14 refund, out of what he has."""
    # remedies: Law 14
    amount = min(refund(state, seat), state.stacks[payer])
    stacks = list(state.stacks)
    stacks[payer] -= amount
    stacks[seat] += amount
    changes: Changes = {"stacks": tuple(stacks)}
    broke = stacks[payer] == 0 and not (state.deposits and state.deposits[payer])
    if amount and broke and payer in state.players and payer not in state.all_in:
        # His last chip went in the refund: he plays on all in, short if below (Law 60).
        all_in = state.all_in | {payer}
        changes["all_in"] = all_in
        # He demands the show as the foul hand leaves, so that player is no longer in it.
        leaving = state.with_changes({"players": seats_without(state.players, seat)})
        shorts = _newly_short(leaving, state.staked, all_in)
        if shorts:
            changes["shorts"] = (*state.shorts, *shorts)
        if state.phase is Phase.SAY and payer in state.pending and payer != state.pending[0]:
            # All in, he has nothing more to say (as a player all in from his ante).
            changes["pending"] = tuple(s for s in state.pending if s != payer)
    return state.with_changes(changes)


def _carry_on(state: GameState) -> GameState:
    """Go on after a player out of turn has left: end the game if one is left (Law 58) or
    nobody can open any more (Law 29), and otherwise as the phase goes on after a pass."""
    if len(state.players) == 1:
        return show.uncontested(state) if state.opened else show.not_opened(state)
    if state.phase is Phase.SAY:
        return say._after(state)
    if state.phase is Phase.DRAW:
        return draw._after(state)
    return betting._after(state)


def settle_without(state: GameState, report: Report) -> GameState:
    """Settle a shown game again without ``report.seat``'s foul hand (Law 64): the pool goes
    to the best of the other hands shown, or to the one other player left."""
    seat = report.seat
    pool = state.carried + sum(state.forced) + sum(state.voluntary) + sum(state.deposits)
    stacks = list(map(sub, state.stacks, state.payouts))
    if state.false_opener is not None:
        # Undo the Law 33 penalty too: the settlement it punished is being made again.
        stacks[state.false_opener] += state.pool - pool
    before = state.with_changes(
        {
            "stacks": tuple(stacks),
            "pool": pool,
            "payouts": (0,) * state.num_seats,
            "false_opener": None,
            "players": seats_without(state.players, seat),
        }
    )
    # remedies: Law 64
    settled = show.showdown(before, shown=state.show_order)
    return settled.with_changes(
        {
            "history": (*state.history, report),
            "foul": state.foul | {seat},
        }
    )
