"""Each step of a game in words, with the law that governs it.

A step is one action (or report) and the state it led to; the last step of a finished game
is its end: the show, and who takes the pool and why. The replay page and the demo's
narration both read these, so the page and the terminal cite the same law for the same step.
Pure: nothing is printed.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from pokerlaws.actions import (
    DeclineStraddle,
    Discard,
    Pass,
    Redeal,
    Shuffle,
    Stake,
    Stand,
    Straddle,
)
from pokerlaws.engine import apply
from pokerlaws.hands import evaluate
from pokerlaws.lawbook import law
from pokerlaws.records.game import GameRecord, IllegalRecord, begin
from pokerlaws.records.notation import format_action
from pokerlaws.reports import (
    AskDealerCount,
    Deposit,
    Dispute,
    Distraction,
    Event,
    ExposedCard,
    FacedCard,
    Lift,
    MissingCut,
    WrongHandSize,
    WrongNumberAsked,
)
from pokerlaws.state import GameState, Phase
from pokerlaws.violations import RuleViolation

__all__ = ["Names", "Step", "end_step", "first_step", "game_steps", "step"]

_WORDS = ("none", "one", "two", "three", "four", "five")

# The laws that laws/irregular.py cites for each report it resolves.
_REPORT_LAWS: dict[type, tuple[int, str]] = {
    Lift: (6, "reports that the pack was lifted"),
    MissingCut: (8, "reports that the pack was not cut"),
    FacedCard: (10, "reports a card faced in the pack"),
    Distraction: (16, "distracted the dealer"),
    ExposedCard: (11, "reports an exposed card"),
    WrongHandSize: (12, "reports a hand of the wrong size"),
    WrongNumberAsked: (44, "reports that the wrong number of cards was asked"),
    Deposit: (55, "deposits chips"),
    AskDealerCount: (49, "asks the dealer how many cards he drew"),
    Dispute: (77, "disputes"),
}


@attrs.frozen(kw_only=True)
class Step:
    """One step of a game.

    Attributes:
        line: the step as its record-notation line (``"2 stake 6"``); ``"start"`` for the
            deal and ``"end"`` for the end of the game, as the notation begins and ends.
        law: the number of the law that governs the step.
        law_title: that law's short title, from the lawbook.
        says: the step in words: ``"seat 2 opens, staking 6"``.
        state: the state the step led to.
    """

    line: str
    law: int
    law_title: str
    says: str
    state: GameState


def _step(line: str, number: int, says: str, state: GameState) -> Step:
    return Step(line=line, law=number, law_title=law(number).title, says=says, state=state)


class Names(tuple[str, ...]):
    """Players' names by seat that are written alone (``C``), not after the seat
    (``seat 2 (C)``): the narration of a sitting, where the names are what a reader follows."""

    __slots__ = ()


def _seat_name(seat: int, names: Sequence[str]) -> str:
    if 0 <= seat < len(names) and names[seat]:
        return names[seat] if isinstance(names, Names) else f"seat {seat} ({names[seat]})"
    return f"seat {seat}"


def first_step(state: GameState, names: Sequence[str] = ()) -> Step:
    """The game's start: the ante posted (Law 20), and the deal (Law 7) unless No. 1 may
    straddle first (Law 21)."""
    ante = _seat_name(state.ante_seat, names)
    posted = state.stakes[state.ante_seat]
    if state.is_jackpot:
        says = (
            f"a jack-pot: every player pays {state.rules.ante} into the pool, which holds "
            f"{state.pool}; it opens on {_openers(state)} or better"
        )
        number = 30
    else:
        says = f"{ante} antes {posted}"
        number = 20
    if state.phase is Phase.STRADDLE:
        return _step("start", number, says + "; No. 1 may straddle before the deal", state)
    return _step(
        "start", number, says + "; the dealer deals five cards each, one at a time", state
    )


def _openers(state: GameState) -> str:
    names = {11: "knaves", 12: "queens", 13: "kings"}
    required = state.openers_required
    return names.get(int(required), required.name.lower()) if required is not None else ""


def _jackpot_law(state: GameState) -> int:
    """Laws 30-32: the first, second and third jack-pot in a row (then the series again)."""
    return 30 + (state.jackpot_round - 1) % 3


def _say(before: GameState, action: Pass | Stake, after: GameState, who: str) -> tuple[int, str]:
    if isinstance(action, Pass):
        return 27, f"{who} passes and throws in his cards"
    stake = after.stakes[action.seat]
    if before.opener is None:
        if before.is_jackpot:
            return _jackpot_law(before), (
                f"{who} opens the jack-pot ({_openers(before)} or better), staking {stake}"
            )
        return 25, f"{who} opens the game, staking {stake} (at least double the ante)"
    if stake > before.highest_stake:
        return 26, f"{who} plays and raises the stake to {stake}"
    return 26, f"{who} plays, making his stake good to {stake}"


def _draw(before: GameState, action: Event, after: GameState, who: str) -> tuple[int, str]:
    if isinstance(action, Stake):
        return 36, f"{who} makes his stake good to {after.stakes[action.seat]} before he draws"
    if isinstance(action, Pass):
        if before.stakes[action.seat] < before.highest_stake:
            return 27, f"{who} passes rather than make his stake good"
        return 27, f"{who} passes and throws in his cards"
    if isinstance(action, Discard):
        count = len(action.cards)
        if count == 0:
            return 36, f"{who} stands pat: he discards none and draws none"
        return 39, f"{who} takes {_WORDS[count]}"
    return 41, f"{who}, the dealer, shuffles the discards to serve those still owed cards"


def _betting(before: GameState, action: Event, after: GameState, who: str) -> tuple[int, str]:
    if isinstance(action, Stand):
        return 53, f"{who} stands: he declines to bet for the moment"
    if isinstance(action, Pass):
        return 54, f"{who} passes, forfeiting his stake"
    assert isinstance(action, Stake)
    stake = after.stakes[action.seat]
    if before.highest_stake == 0:
        return 53, f"{who} bets {stake}"
    if stake > before.highest_stake:
        return 53, f"{who} raises: his stake is now {stake}"
    return 53, f"{who} calls, making his stake {stake}"


def _explain(before: GameState, action: Event, after: GameState, who: str) -> tuple[int, str]:
    if type(action) in _REPORT_LAWS:
        number, verb = _REPORT_LAWS[type(action)]
        return number, f"{who} {verb}"
    if isinstance(action, Straddle):
        return 21, f"{who} straddles: the ante is now {after.straddle_level}"
    if isinstance(action, DeclineStraddle):
        return 21, f"{who} declines to straddle"
    if isinstance(action, Redeal):
        return 8, f"{who} deals again after the misdeal"
    if before.phase is Phase.SAY and isinstance(action, (Pass, Stake)):
        return _say(before, action, after, who)
    if before.phase is Phase.DRAW or isinstance(action, (Discard, Shuffle)):
        return _draw(before, action, after, who)
    return _betting(before, action, after, who)


def step(before: GameState, action: Event, after: GameState, names: Sequence[str] = ()) -> Step:
    """The step from ``before`` by ``action`` to ``after``, in words, with its law."""
    number, says = _explain(before, action, after, _seat_name(action.seat, names))
    if before.phase is not Phase.DRAW and after.phase is Phase.DRAW:
        says += "; the say is over and the draw begins (Law 34)"
    elif before.phase is Phase.DRAW and after.phase is Phase.BETTING:
        says += "; the draw is over and the betting begins (Law 53)"
    elif before.phase is Phase.STRADDLE and after.phase is Phase.SAY:
        says += "; the cards are dealt (Law 7)"
    return _step(format_action(action), number, says, after)


def _hand(state: GameState, seat: int) -> str:
    return str(evaluate(state.hands[seat], state.rules.hands))


def end_step(state: GameState, names: Sequence[str] = ()) -> Step:
    """The end of a finished game: the show in its order and who takes the pool and why
    (Laws 29, 33, 58, 59, 60, 76)."""
    if not state.winners:
        if state.false_opener is not None:
            who = _seat_name(state.false_opener, names)
            return _step(
                "end",
                33,
                f"{who} opened without the openers: he pays the penalty "
                f"and the pool of {state.pool} goes to the next jack-pot",
                state,
            )
        return _step(
            "end",
            29,
            f"nobody opened: the pool of {state.pool} stays for the next game, a jack-pot",
            state,
        )
    shown = "; ".join(f"{_seat_name(s, names)} shows {_hand(state, s)}" for s in state.show_order)
    takes = " and ".join(f"{_seat_name(s, names)} takes {state.payouts[s]}" for s in state.winners)
    carried = f"; {state.pool} stays in the pool" if state.pool else ""
    if len(state.players) == 1:
        (winner,) = state.players
        if state.is_jackpot and winner == state.opener:
            return _step(
                "end", 33, f"nobody called: {takes} after showing his openers{carried}", state
            )
        return _step("end", 58, f"nobody called: {takes} without showing his hand{carried}", state)
    why = "the best hand" if len(state.winners) == 1 else "equal hands, so they share (Law 76)"
    number = 60 if state.shorts else 59
    return _step("end", number, f"the show, in order: {shown}. {takes} with {why}{carried}", state)


def game_steps(game: GameRecord, names: Sequence[str] = ()) -> tuple[Step, ...]:
    """Every step of a recorded game: the start, each action, and the end if it is over.

    Raises:
        IllegalRecord: an action of the record is refused (as :func:`replay` raises it).
        ValueError: the game cannot begin.
    """
    state = begin(game)
    steps = [first_step(state, names)]
    for index, action in enumerate(game.actions):
        result = apply(state, action)
        if isinstance(result, RuleViolation):
            raise IllegalRecord(index, result)
        steps.append(step(state, action, result, names))
        state = result
    if state.phase is Phase.OVER:
        steps.append(end_step(state, names))
    return tuple(steps)
