"""What each transition ruled: the law behind every event and every automatic step.

:func:`game_rulings` plays a game again from its start through :func:`~pokerlaws.apply` and
asks, of each transition, :func:`transition_rulings`. The law modules note what they rule
where they decide it (:func:`pokerlaws.ruling.noted`): each report's remedy, by the law the
moment gives it (Laws 8-16, 40-49, 55, 63-64, 77-78), the redeal under the law of its
misdeal, Law 41's short stock and shuffle, a Law 14 refund and the payer it leaves without
chips, the settlement of the pool (Laws 29, 33, 58-60, 64 and 76). Here only what the state
alone says is read: which stake an action made (an opening, a raise, a call...), a pass, a
discard, and the automatic steps of a phase begun (the deal, the draw, the betting), so no
law is decided twice. ``GameState.rulings`` is this, so play that never asks for rulings
pays nothing for them.

It replays through the engine, so it stands above it, beside no law module: the engine
imports every module of :mod:`pokerlaws.laws`, and the core reads downwards. The state reaches
it through :data:`pokerlaws.ruling.RULE_GAME`, which this module fills when ``pokerlaws``
loads.
"""

from __future__ import annotations

from pokerlaws import ruling
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
from pokerlaws.engine import apply, new_game
from pokerlaws.reports import REPORT_TYPES, Event
from pokerlaws.ruling import Ruling, RulingKind, Rulings, noted_count, notes
from pokerlaws.state import GameState, Phase, seats_from
from pokerlaws.violations import RuleViolation

__all__ = ["game_rulings", "jackpot_law", "start_rulings", "transition_rulings"]


def jackpot_law(jackpot_round: int) -> int:
    """The law of the *k*-th jack-pot in a row: Law 30 the first, Law 31 the second, Law 32
    the third and every later one."""
    return 29 + min(jackpot_round, 3)


def game_rulings(state: GameState) -> Rulings:
    """The rulings of ``state``'s game, its start and each event of its history.

    Raises:
        ValueError: the history does not replay from the game's start.
    """
    before = new_game(
        state.rules,
        state.starting_stacks,
        dealer=state.dealer,
        deck=state.deck,
        carried=state.carried,
        jackpot_round=state.jackpot_round,
    )
    start = start_rulings(before)
    events: list[tuple[Ruling, ...]] = []
    for index, event in enumerate(state.history):
        after = apply(before, event)
        if isinstance(after, RuleViolation):
            raise ValueError(
                f"the history does not replay from the game's start: event {index} "
                f"({event}) is refused: {after.message}"
            )
        events.append(transition_rulings(before, event, after))
        before = after
    return Rulings(start=start, events=tuple(events))


def start_rulings(state: GameState) -> tuple[Ruling, ...]:
    """The rulings of a game's first state: the antes (Law 20, or every player's in the
    *k*-th jack-pot, Laws 30-32), then No. 1's chance to straddle (Law 21) or the deal (Law 7)."""
    rules = state.rules
    if state.is_jackpot:
        payers = tuple(seat for seat in state.seated if state.forced[seat])
        # Laws 30-32: each jack-pot in a row has every player ante again (its openers rise).
        found = [Ruling(jackpot_law(state.jackpot_round), "jack-pot ante", payers, rules.ante)]
    else:
        found = [Ruling(20, "ante", (state.ante_seat,), state.forced[state.ante_seat])]
    if state.phase is Phase.STRADDLE:
        assert state.to_act is not None
        found.append(Ruling(21, "straddle chance", (state.to_act,)))
    else:
        found.append(_deal(state))
    found.extend(notes(state))
    return tuple(found)


def _deal(state: GameState) -> Ruling:
    return Ruling(7, "deal", seats_from(state.dealer + 1, state.seated, state.num_seats))


def transition_rulings(before: GameState, event: Event, after: GameState) -> tuple[Ruling, ...]:
    """The rulings of the transition from ``before`` by ``event`` to ``after``: the event's
    own, then the automatic steps it set off, in order."""
    made = notes(after, noted_count(before))
    if isinstance(event, _NOTED_FIRST):
        # The law module that decided the remedy (or dealt again, or shuffled) noted its law
        # there, first, before the steps the remedy set off.
        assert made, f"{event} was applied without a ruling noted for it"
        found = [made[0]]
        made = made[1:]
    else:
        found = [_own(before, event, after)]
    if isinstance(event, (Straddle, DeclineStraddle, Redeal)) and after.phase is not (
        Phase.STRADDLE
    ):
        found.append(_deal(after))
    if before.phase is Phase.SAY and after.phase is Phase.DRAW:
        found.append(Ruling(34, "draw begins", after.pending))
    elif before.phase is Phase.DRAW and after.phase is Phase.BETTING:
        found.append(Ruling(53, "betting begins", after.pending))
    # The rest the law modules noted: Law 41's short stock, a Law 14 refund and a payer it
    # broke, the settlement of the pool.
    found.extend(made)
    return tuple(found)


# Events whose own ruling the law module noted: every report, whose remedy's law depends on
# the moment (irregular.py, misdeal.py, deposits.py), the redeal (the misdeal's law) and the
# Law 41 shuffle (draw.py).
_NOTED_FIRST = (*REPORT_TYPES, Redeal, Shuffle)


def _own(before: GameState, event: Event, after: GameState) -> Ruling:
    """An action's own ruling, as the state says it: which stake it was, a pass in the say
    or the betting, a discard or a pat hand."""
    seat = event.seat
    if isinstance(event, Stake):
        return _stake(before, event, after)
    if isinstance(event, Pass):
        law = 54 if before.phase is Phase.BETTING else 27
        return Ruling(law, "pass", (seat,))
    if isinstance(event, Discard):
        if not event.cards:
            return Ruling(36, "stand pat", (seat,))
        return Ruling(39, "discard", (seat,), len(event.cards))
    if isinstance(event, Stand):
        return Ruling(53, "stand", (seat,))
    if isinstance(event, Straddle):
        return Ruling(21, "straddle", (seat,), after.straddle_level)
    assert isinstance(event, DeclineStraddle), event
    return Ruling(21, "decline", (seat,))


def _stake(before: GameState, event: Stake, after: GameState) -> Ruling:
    seat = event.seat
    stake = after.stakes[seat]
    phase = before.phase
    if phase is Phase.SAY and before.opener is None:
        if before.is_jackpot:
            return Ruling(jackpot_law(before.jackpot_round), "jack-pot opening", (seat,), stake)
        return Ruling(25, "opening", (seat,), stake)
    if seat in after.all_in and stake < after.highest_stake:
        # Law 60: all he has, below the highest stake; he is shown for what he staked.
        return Ruling(60, "all in short", (seat,), stake)
    if phase is Phase.DRAW:
        return Ruling(36, "make good", (seat,), stake)
    if phase is Phase.SAY:
        kind: RulingKind = "raise" if stake > before.highest_stake else "play"
        return Ruling(26, kind, (seat,), stake)
    if before.highest_stake == 0:
        return Ruling(53, "bet", (seat,), stake)
    return Ruling(53, "raise" if stake > before.highest_stake else "call", (seat,), stake)


ruling.RULE_GAME[:] = [game_rulings]
