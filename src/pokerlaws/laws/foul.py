"""Foul hands: Laws 13-14, 16, 45, 47, 48, 63 and 64 (Ambiguity 17).

A hand found foul is laid face down and its holder retires, losing his stake, as a pass
would (Laws 13, 45, 47, 48, 63): the turn goes on, and if one player is left he takes the
pool (Law 58). A hand foul from the deal (Law 13) is refunded its ante or straddle by the
dealer, out of his own chips, or by the player who distracted the dealer during that deal
(Laws 14, 16), whenever it is found, a pat hand being the hand dealt; never a hand made foul
by the draw (Ambiguity 17). A foul hand found at the show (Law 64) loses: the pool is
settled again among the other hands shown. A payer whom the refund leaves without chips
retires if he has not yet staked, and plays on all in if he has.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import sub

from pokerlaws.actions import Action, Pass, Stake, Straddle
from pokerlaws.laws import betting, draw, moments, say, show
from pokerlaws.laws.staking import _newly_short
from pokerlaws.reports import Distraction, Report
from pokerlaws.ruling import noted
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
    first = state.history.first((Distraction,), start=start)
    if first is not None:
        # remedies: Law 16
        return state.history[first].seat
    return state.dealer


def refund(state: GameState, seat: int) -> int:
    """The amount of ``seat``'s ante or straddle in this game, and nothing else (Law 14).

    In an ordinary game that is his forced stake: the ante seat's ante, a straddler's
    straddle. A straddler in a jack-pot paid an ante too; the law names one payment, and
    he is refunded his straddle, the larger.
    """
    history = state.history
    straddled = history.first((Straddle,), seat=seat)
    if straddled is not None:
        # The straddles before his and his own, each an ante more than the last.
        return state.rules.ante * (1 + history.tally((Straddle,), stop=straddled + 1))
    return state.forced[seat]


def retire(state: GameState, report: Report, *, refunded_by: int | None = None) -> GameState:
    """Retire ``report.seat`` with a foul hand: out of the game, his stake lost (Law 13),
    the report recorded; ``refunded_by`` pays him his Law 14 refund first, as he retires,
    before anything the game's end may pay or charge."""
    seat = report.seat
    payer = None
    if refunded_by is not None and refunded_by != seat:
        state, paid = _refunded(state, seat, refunded_by)
        if paid and _broke(state, refunded_by):
            payer = refunded_by
    history = state.history.with_event(report)
    if state.pending and state.pending[0] == seat:
        # At his turn, retiring is passing: the phase moves on exactly as after a pass.
        handler = _PASS_HANDLERS[state.phase]
        after = handler(state, Pass(seat=seat))
        assert isinstance(after, GameState), "the player to act may always pass"
        changes: Changes = {"history": history}
    else:
        after = _carry_on(_leaves(state, seat).with_changes({"history": history}))
        changes = {}
    changes["foul"] = after.foul | {seat}
    after = after.with_changes(changes)
    if payer is not None and after.phase in _PASS_HANDLERS and payer in after.players:
        after = _payer_broke(after, payer)
    return after


def _leaves(state: GameState, seat: int) -> GameState:
    """``state`` with ``seat`` out of the game, though not at his turn: out of the players
    and of those still to act or owed cards."""
    changes: Changes = {
        "players": seats_without(state.players, seat),
        "pending": tuple(s for s in state.pending if s != seat),
        "owed": tuple(entry for entry in state.owed if entry[0] != seat),
    }
    if state.may_stand == seat:
        changes["may_stand"] = None
    if state.to_act == seat:
        changes["to_act"] = changes["pending"][0] if changes["pending"] else None
    return state.with_changes(changes)


def _refunded(state: GameState, seat: int, payer: int) -> tuple[GameState, int]:
    """``state`` after ``payer`` pays ``seat`` his Law 14 refund, out of what he has (all of
    it if less: Ambiguity 17), and the amount paid."""
    # remedies: Law 14
    amount = min(refund(state, seat), state.stacks[payer])
    if not amount:
        return state, 0
    stacks = list(state.stacks)
    stacks[payer] -= amount
    stacks[seat] += amount
    refunds = (*state.refunds, (payer, seat, amount))
    paid = state.with_changes({"stacks": tuple(stacks), "refunds": refunds})
    return noted(paid, ((14, "refund", (payer, seat), amount),)), amount


def _broke(state: GameState, payer: int) -> bool:
    """Whether the refund left ``payer``, a player not yet all in, with nothing to stake: no
    chips, and no Law 55 deposit still counting toward his stake."""
    return (
        state.stacks[payer] == 0
        and not (state.deposits and state.deposits[payer])
        and payer in state.players
        and payer not in state.all_in
    )


def _payer_broke(state: GameState, payer: int) -> GameState:
    """Go on after the refund took ``payer``'s last chip (Ambiguity 17).

    Before he has made a ``Stake`` of his own in this game (his ante or straddle is no such
    stake) he cannot come in, and retires as by a pass. After it, he plays on all in like any
    player whose chips are staked: he still draws, he is passed over in the say and the
    betting, and is shown for what he staked (Law 60), demanding the show now.
    """
    start = moments.deal_start(state)
    if state.history.first((Stake,), seat=payer, start=start) is None:
        state = noted(state, ((14, "retires broke", (payer,), 0),))
        if state.pending and state.pending[0] == payer:
            after = _PASS_HANDLERS[state.phase](state, Pass(seat=payer))
            assert isinstance(after, GameState), "the player to act may always pass"
            # He made no pass: the history keeps only what was done and reported.
            return after.with_changes({"history": state.history})
        return _carry_on(_leaves(state, payer))
    state = noted(state, ((14, "all in broke", (payer,), 0),))
    all_in = state.all_in | {payer}
    changes: Changes = {"all_in": all_in}
    shorts = _newly_short(state, state.staked, all_in)
    if shorts:
        changes["shorts"] = (*state.shorts, *shorts)
    if state.phase is Phase.DRAW or payer not in state.pending:
        return state.with_changes(changes)
    # Passed over in the say and the betting: nothing is left for him to decide.
    pending = tuple(s for s in state.pending if s != payer)
    changes["pending"] = pending
    changes["to_act"] = pending[0] if pending else None
    if state.may_stand == payer:
        # Nobody has bet yet: the first bet falls to the next player able to bet (Law 53).
        changes["may_stand"] = pending[0] if pending else None
    after = state.with_changes(changes)
    if after.phase is Phase.SAY:
        return say._after(after)
    active = [s for s in after.players if s not in all_in]
    if len(active) <= 1 and (not pending or after.stakes[pending[0]] >= after.highest_stake):
        # Laws 60-61: nobody is left to bet against; the hands go to the show.
        return show.showdown(after.with_changes({"pending": (), "to_act": None}))
    return betting._after(after)


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


def settle_without(
    state: GameState, report: Report, *, refunded_by: int | None = None
) -> GameState:
    """Settle a shown game again without ``report.seat``'s foul hand (Law 64): the pool goes
    to the best of the other hands shown, or to the one other player left; then
    ``refunded_by`` pays a hand foul as dealt its Law 14 refund, out of his chips as they
    then stand (Ambiguity 17)."""
    seat = report.seat
    pool = state.carried + sum(state.forced) + sum(state.voluntary) + sum(state.deposits)
    stacks = list(map(sub, state.stacks, state.payouts))
    # Refunds paid at the show came out of the last settlement; they are paid again after
    # this one, from the chips as they will then stand (a refund before the show stands).
    at_show = [entry for entry in state.refunds if entry[1] in state.shown]
    for payer, refunded, amount in at_show:
        stacks[payer] += amount
        stacks[refunded] -= amount
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
            "refunds": tuple(entry for entry in state.refunds if entry[1] not in state.shown),
            "foul": state.foul | {seat},
        }
    )
    # remedies: Law 64
    settled = show.showdown(before, shown=state.show_order)
    for payer, refunded, _ in at_show:
        settled, _ = _refunded(settled, refunded, payer)
    if refunded_by is not None and refunded_by != seat:
        settled, _ = _refunded(settled, seat, refunded_by)
    return settled.with_changes(
        {
            "history": state.history.with_event(report),
            "foul": state.foul | {seat},
        }
    )
