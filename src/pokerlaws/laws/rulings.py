"""What each transition ruled: the law behind every event and every automatic step.

:func:`game_rulings` plays a game again from its start through :func:`~pokerlaws.apply` and
asks, of each transition, :func:`transition_rulings`: the event's own ruling, read from what
the transition did (the phase it left and reached, the stakes, the seats it retired or left
owed cards), then each automatic step it set off, the deal, the start of the draw or the
betting, and the rulings the law modules noted as they took them (a Law 14 refund, the
settlement of the pool: Laws 29, 33, 58-60, 64 and 76). ``GameState.rulings`` is this, so
play that never asks for rulings pays nothing for them.
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
from pokerlaws.laws import moments
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
from pokerlaws.ruling import Ruling, RulingKind, Rulings, noted_count, notes
from pokerlaws.state import GameState, Phase, seats_from
from pokerlaws.violations import RuleViolation

__all__ = ["game_rulings", "jackpot_law", "start_rulings", "transition_rulings"]

# The reports that make a misdeal, and the law of each (Laws 8, 10, 12).
_MISDEAL_LAWS: dict[type, int] = {MissingCut: 8, FacedCard: 10, WrongHandSize: 12}
_MISDEALS = tuple(_MISDEAL_LAWS)


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
    found = _own(before, event, after)
    if isinstance(event, (Straddle, DeclineStraddle, Redeal)) and after.phase is not (
        Phase.STRADDLE
    ):
        found.append(_deal(after))
    elif isinstance(event, (Discard, ExposedCard)) and after.owed != before.owed:
        owed = dict(after.owed).get(event.seat, 0)
        if owed > dict(before.owed).get(event.seat, 0):
            # Law 41: the stock could not serve him all he asked for (or, Law 40 on its
            # last card, the card exposed in its place: Ambiguity 18).
            found.append(Ruling(41, "stock short", (event.seat,), owed))
    if before.phase is Phase.SAY and after.phase is Phase.DRAW:
        found.append(Ruling(34, "draw begins", after.pending))
    elif before.phase is Phase.DRAW and after.phase is Phase.BETTING:
        found.append(Ruling(53, "betting begins", after.pending))
    found.extend(_broke(before, event, after))
    found.extend(notes(after, noted_count(before)))
    return tuple(found)


def _own(before: GameState, event: Event, after: GameState) -> list[Ruling]:
    seat = event.seat
    if isinstance(event, Stake):
        return [_stake(before, event, after)]
    if isinstance(event, Pass):
        law = 54 if before.phase is Phase.BETTING else 27
        return [Ruling(law, "pass", (seat,))]
    if isinstance(event, Discard):
        if not event.cards:
            return [Ruling(36, "stand pat", (seat,))]
        return [Ruling(39, "discard", (seat,), len(event.cards))]
    if isinstance(event, Stand):
        return [Ruling(53, "stand", (seat,))]
    if isinstance(event, Straddle):
        return [Ruling(21, "straddle", (seat,), after.straddle_level)]
    if isinstance(event, DeclineStraddle):
        return [Ruling(21, "decline", (seat,))]
    if isinstance(event, Shuffle):
        served = tuple(owed for owed, _ in before.owed)
        return [Ruling(41, "shuffle", (seat, *served))]
    if isinstance(event, Redeal):
        last = before.history.last(_MISDEALS)
        law = 8 if last is None else _MISDEAL_LAWS[type(before.history[last])]
        return [Ruling(law, "redeal", (seat,))]
    return [_report(before, event, after)]


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


def _report(before: GameState, event: Event, after: GameState) -> Ruling:
    seat = event.seat
    mine = (seat,)
    if isinstance(event, Dispute):
        return Ruling(78 if before.dealer in event.parties else 77, "dispute", event.parties)
    if isinstance(event, Deposit):
        return Ruling(55, "deposit", mine, event.amount)
    if isinstance(event, AskDealerCount):
        return Ruling(49, "question", mine)
    if isinstance(event, Distraction):
        return Ruling(16, "distraction", mine)
    if after.phase is Phase.MISDEAL and before.phase is not Phase.MISDEAL:
        return Ruling(_MISDEAL_LAWS.get(type(event), 8), "misdeal", mine)
    if isinstance(event, MissingCut):
        return Ruling(9, "deal stands", mine)
    if isinstance(event, Lift):
        drew = moments.drew(before, seat)
        return Ruling(48 if drew is not None and drew[1].cards else 13, "lift", mine)
    if isinstance(event, ExposedCard):
        return Ruling(11 if moments.in_deal(before) else 40, "exposed card", mine)
    if isinstance(event, WrongNumberAsked):
        if not event.served_as_asked:
            return Ruling(44, "wrong number", mine)
        return Ruling(47 if seat == before.dealer else 45, "foul", mine)
    assert isinstance(event, WrongHandSize)
    if before.phase is Phase.OVER:
        return Ruling(64, "foul", mine)
    if seat not in after.foul:
        # Laws 42-43: noticed before he lifted them, the dealer puts the draw right.
        return Ruling(42, "hand corrected", mine)
    drew = moments.drew(before, seat)
    if drew is None or not drew[1].cards:
        return Ruling(13, "foul", mine)
    since = moments.arrival(before, seat)
    bet = before.history.first((Stake,), seat=seat, start=since) is not None
    return Ruling(63 if bet else 48, "foul", mine)


def _broke(before: GameState, event: Event, after: GameState) -> list[Ruling]:
    """A refund's payer left without chips (Ambiguity 17): he retires if he has made no
    stake of his own, and otherwise plays on all in."""
    if not isinstance(event, WrongHandSize) or not after.refunds:
        return []
    found: list[Ruling] = []
    for seat in before.players:
        if seat == event.seat or seat in after.foul:
            continue
        if seat not in after.players:
            found.append(Ruling(14, "retires broke", (seat,)))
        elif seat in after.all_in and seat not in before.all_in:
            found.append(Ruling(14, "all in broke", (seat,)))
    return found


ruling.RULE_GAME[:] = [game_rulings]
