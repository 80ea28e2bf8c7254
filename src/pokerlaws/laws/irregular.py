"""Reported irregularities and their remedies: Laws 8-16, 40, 42-51, 63-64 and 77-79.

:func:`apply_report` checks that the irregularity a table reports could have happened now,
and applies the law's remedy, citing the law when it could not; :func:`reportable` lists
every report the laws accept now. The moments they turn on (the deal in progress, cards
untouched, a draw just served) are read by :mod:`.moments`.
"""

from __future__ import annotations

from collections.abc import Callable

from pokerlaws import disputes
from pokerlaws.actions import ACTION_TYPES, Shuffle, Stake
from pokerlaws.cards import Card
from pokerlaws.laws import deposits, draw, foul, misdeal, moments
from pokerlaws.reports import (
    AskDealerCount,
    Deposit,
    Dispute,
    Distraction,
    ExposedCard,
    FacedCard,
    Lift,
    MissingCut,
    Report,
    WrongHandSize,
    WrongNumberAsked,
)
from pokerlaws.ruling import RulingKind, noted
from pokerlaws.state import Changes, GameState, Phase
from pokerlaws.violations import (
    AlreadyLifted,
    CardNotThere,
    DealerQueryRefused,
    NoArbiter,
    NoSuchSeat,
    NotAPlayer,
    NotAtThisMoment,
    RuleViolation,
    refuse,
)

__all__ = ["apply_report", "reportable"]

_PLAY = (Phase.SAY, Phase.DRAW, Phase.BETTING)
_ACTION_KINDS = tuple(ACTION_TYPES)

Remedy = Callable[[], GameState]
"""The remedy the laws give a report, decided and not yet taken: taking it cannot fail."""


def apply_report(state: GameState, report: Report) -> GameState | RuleViolation:
    """Apply the remedy the laws give ``report``, or say why it cannot be so now.

    No report touches the rules, so no concession made at the table outlives its occasion
    (Law 80).
    """
    remedy = _remedy(state, report)
    return remedy if isinstance(remedy, RuleViolation) else remedy()


def _remedy(state: GameState, report: Report) -> Remedy | RuleViolation:
    """The remedy of ``report``, or why there is none now: every law's test of the moment is
    here, and only the taking of the remedy is put off (:func:`reportable` never takes it)."""
    seat = report.seat
    if not 0 <= seat < state.num_seats:
        # cites: Law 7
        return refuse(
            NoSuchSeat,
            7,
            report,
            f"is not at this table: its seats are 0 to {state.num_seats - 1}",
        )
    if isinstance(report, Dispute):
        return _dispute(state, report)
    if seat not in state.seated:
        # A seat with no chips is dealt no cards (Ambiguity 26).
        # cites: Law 18
        return refuse(NotAPlayer, 18, report, "sits this game out, so has no part in it")
    misdeals = isinstance(report, (FacedCard, WrongHandSize)) or (
        isinstance(report, MissingCut) and report.during_deal
    )
    if misdeals and state.phase is Phase.OVER and moments.ended_in_deal(state):
        # Over for actions only: the deal may still be called a misdeal (Ambiguity 17).
        assert isinstance(report, (MissingCut, FacedCard, WrongHandSize))
        return _misdeal_after_the_game(state, report)
    if isinstance(report, WrongHandSize) and state.phase is Phase.OVER:
        return _foul_at_the_show(state, report)
    if state.phase not in _PLAY:
        return refuse(NotAtThisMoment, _LAW_OF[type(report)], report, _not_now(state))
    if isinstance(report, (MissingCut, FacedCard, Distraction)):
        return _deal_report(state, report)
    if seat not in state.players:
        why = "has passed" if seat not in state.foul else "has retired with a foul hand"
        return refuse(NotAPlayer, _LAW_OF[type(report)], report, f"{why}, so has no cards in play")
    if isinstance(report, Deposit):
        # The deposit's own law tests and takes it at once (a recording table's, and rare).
        deposited = deposits.deposit(state, report)
        return deposited if isinstance(deposited, RuleViolation) else lambda: deposited
    if isinstance(report, Lift):
        return _lift(state, report)
    if isinstance(report, ExposedCard):
        return _exposed(state, report)
    if isinstance(report, WrongHandSize):
        return _wrong_size(state, report)
    if isinstance(report, WrongNumberAsked):
        return _wrong_number(state, report)
    assert isinstance(report, AskDealerCount)
    return _ask_dealer(state, report)


_LAW_OF: dict[type, int] = {
    Lift: 6,
    MissingCut: 8,
    FacedCard: 10,
    Distraction: 16,
    ExposedCard: 11,
    WrongHandSize: 12,
    WrongNumberAsked: 44,
    Deposit: 55,
    AskDealerCount: 49,
    Dispute: 77,
}


def _not_now(state: GameState) -> str:
    if state.phase is Phase.STRADDLE:
        return "cannot report it yet: no card has been dealt (straddling comes first)"
    if state.phase is Phase.MISDEAL:
        return "cannot report it now: the deal was a misdeal, and the dealer is to deal again"
    return "cannot report it: the game is over"


def _record(state: GameState, report: Report) -> GameState:
    return state.with_changes({"history": state.history.with_event(report)})


def _ruled(state: GameState, law: int, kind: RulingKind, report: Report) -> GameState:
    """``state`` with the law of ``report``'s remedy noted where the remedy is decided, and
    before it is taken, so that its own steps (a refund, a settlement) come after it."""
    return noted(state, ((law, kind, (report.seat,), 0),))


# --- The deal: Laws 8-16 --------------------------------------------------------------


def _deal_report(
    state: GameState, report: MissingCut | FacedCard | Distraction
) -> Remedy | RuleViolation:
    dealing = moments.in_deal(state)
    if isinstance(report, MissingCut):
        if not report.during_deal:
            # remedies: Law 9
            # Law 9: noticed only once the deal was complete, the deal stands.
            return lambda: _record(_ruled(state, 9, "deal stands", report), report)
        if not dealing:
            return refuse(
                NotAtThisMoment,
                9,
                report,
                "cannot object during the deal: the deal is complete and play has begun, "
                "so it stands (report the objection with during_deal=False)",
            )
        # remedies: Law 8
        return lambda: misdeal.misdeal(state, report)  # Law 8
    if not dealing:
        law = 10 if isinstance(report, FacedCard) else 16
        return refuse(
            NotAtThisMoment,
            law,
            report,
            "cannot report it: that happens only during the deal, and play has begun",
        )
    if isinstance(report, FacedCard):
        # remedies: Law 10
        return lambda: misdeal.misdeal(state, report)  # Law 10
    if report.seat == state.dealer:
        return refuse(
            NotAtThisMoment, 16, report, "is the dealer, who cannot distract himself (Law 15)"
        )
    # remedies: Law 16
    # Laws 15-16: he will pay the Law 14 refunds.
    return lambda: _record(_ruled(state, 16, "distraction", report), report)


def _misdeal_after_the_game(
    state: GameState, report: MissingCut | FacedCard | WrongHandSize
) -> Remedy | RuleViolation:
    """Laws 8, 10 and 12 in a game that reports alone ended before anyone acted: reported
    as during the deal, and the misdeal voids the refunds that ended it (Ambiguity 17)."""
    if isinstance(report, WrongHandSize):
        seat = report.seat
        if seat not in state.players:
            why = "has passed" if seat not in state.foul else "has retired with a foul hand"
            # cites: Law 12
            return refuse(NotAPlayer, 12, report, f"{why}, so has no cards in play")
        if moments.lifted(state, seat):
            # Too late for Law 12, and the game is over for Law 13.
            return _foul_at_the_show(state, report)
    # remedies: Laws 8, 10, 12
    return lambda: misdeal.misdeal(state, report)


def _exposed(state: GameState, report: ExposedCard) -> Remedy | RuleViolation:
    seat, card = report.seat, report.card
    if moments.in_deal(state):
        # remedies: Law 11
        # Law 11: he keeps the card, which everyone now knows.
        exposed = state.history.events_of(ExposedCard, start=moments.deal_start(state))
        if any(event.seat == seat and event.card == card for event in exposed):
            return refuse(CardNotThere, 11, report, f"had {card} exposed already in this deal")
        if card not in state.hands[seat]:
            return _false_exposure(report, 11, "the deal", "a card of his own hand as it is dealt")
        return lambda: _record(_ruled(state, 11, "exposed card", report), report)
    served = _just_served(state, seat)
    if served is None:
        return refuse(
            NotAtThisMoment,
            40,
            report,
            "cannot have a card exposed now: that happens while the dealer deals (Law 11) or "
            "serves his draw (Law 40), and neither is under way",
        )
    if card not in served:
        # Whether he holds the card from the stock before the shuffle, or not at all, is
        # his secret: one refusal for both, naming only what the table saw (the shuffle).
        shuffled = isinstance(state.history[moments.arrival(state, seat) - 1], Shuffle)
        after = (
            "; after the dealer's Law 41 shuffle, only a card served from the shuffled "
            "discards (Ambiguity 18)"
            if shuffled
            else ""
        )
        return _false_exposure(
            report, 40, "serving his draw", f"a card just served him in his draw{after}"
        )
    return lambda: _replace_exposed(state, report)


def _false_exposure(report: ExposedCard, law: int, moment: str, taken: str) -> RuleViolation:
    """The refusal of a report of an exposed card that the cards contradict. It repeats the
    claim and the law, and says nothing of where the card is (a report is refused the same
    way whichever hidden cards the seats hold, so refusals tell nobody about them)."""
    return refuse(
        CardNotThere,
        law,
        report,
        f"is reported to have had {report.card} exposed in {moment}: the report cannot be "
        f"accepted now, for the law takes only {taken}",
    )


def _just_served(state: GameState, seat: int) -> tuple[Card, ...] | None:
    """The cards the dealer is serving ``seat`` now: served by the last action, not lifted;
    after the dealer's Law 41 shuffle, only those served from the shuffled pile."""
    if state.phase not in (Phase.DRAW, Phase.BETTING) or moments.is_owed(state, seat):
        return None
    start = moments.arrival(state, seat)
    if moments.drew(state, seat) is None or start != _last_action(state) + 1:
        return None
    if moments.lifted(state, seat):
        return None
    served = moments.served(state, seat)
    # He drew cards (a pat hand arrived at the deal, before his last action), so his
    # cards arrived by an action: his discard, or the dealer's shuffle.
    shuffle = state.history[start - 1]
    if isinstance(shuffle, Shuffle):
        # Ambiguity 18: the cards the stock gave him before the shuffle were served then.
        assert shuffle.order is not None, "the engine records the order it shuffled"
        pile = frozenset(shuffle.order)
        served = tuple(card for card in served if card in pile)
    return served or None


def _last_action(state: GameState) -> int:
    last = state.history.last(_ACTION_KINDS)
    return -1 if last is None else last


def _replace_exposed(state: GameState, report: ExposedCard) -> GameState:
    """Law 40: the exposed card goes back to the bottom of the stock (Ambiguity 18) and he is
    served the next card in its place, never one he threw out himself (Law 37) nor one
    exposed in serving him.

    With no such card left before the dealer's Law 41 shuffle (the exposed card was the
    stock's last) he is owed a card instead: the exposed card joins the discards the dealer
    will shuffle, and he is passed over it there (Ambiguity 18). After the shuffle, with
    no other card left, Law 41 gives him one of his own discards, else a card exposed
    before; with no card left at all he keeps this one, the only card there is.
    """
    seat, card = report.seat, report.card
    own = frozenset(state.thrown[seat])
    exposed = draw.exposed_in_serving(state, seat) | {card}
    stock = state.stock
    # remedies: Law 40
    state = _ruled(state, 40, "exposed card", report)
    replacement = next((c for c in stock if c not in own and c not in exposed), None)
    history = state.history.with_event(report)
    if replacement is None:
        if state.history.last((Shuffle,), start=moments.deal_start(state)) is None:
            return _owed_for_exposed(state, report)
        # Law 41 takes precedence: too few other cards are left.
        mine = [c for c in stock if c in own] or list(stock)
        if not mine:
            return state.with_changes({"history": history})
        replacement = mine[0]
    rest = list(stock)
    rest.remove(replacement)
    hands = list(state.hands)
    hands[seat] = tuple(replacement if c == card else c for c in hands[seat])
    return state.with_changes({"hands": tuple(hands), "stock": (*rest, card), "history": history})


def _owed_for_exposed(state: GameState, report: ExposedCard) -> GameState:
    """Law 40 on the stock's last card (Ambiguity 18): the card leaves his hand for the
    discards, and Law 41 owes him one, served after the dealer's shuffle."""
    seat, card = report.seat, report.card
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    changes: Changes = {
        "hands": tuple(hands),
        "discards": (*state.discards, card),
        "owed": (*state.owed, (seat, 1)),
        "history": state.history.with_event(report),
    }
    # Law 41 owes him the card in its place: the stock ran short.
    state = noted(state, ((41, "stock short", (seat,), 1),))
    if state.phase is Phase.BETTING:
        # He drew last, and the betting had begun with no bet made: it waits for the
        # dealer's shuffle, the stakes as they stood at the draw.
        changes.update(
            {
                "phase": Phase.DRAW,
                "stakes": state.staked,
                "pending": (),
                "to_act": state.dealer,
                "may_stand": None,
            }
        )
    return state.with_changes(changes)


# --- Lifting, wrong sizes and wrong numbers: Laws 12-14, 42-48, 63-64 --------------------


def _lift(state: GameState, report: Lift) -> Remedy | RuleViolation:
    if moments.is_owed(state, report.seat):
        return refuse(
            NotAtThisMoment,
            41,
            report,
            "cannot lift his draw yet: the stock ran short, and the dealer is still to serve "
            "him from the shuffled discards",
        )
    if moments.lifted(state, report.seat):
        # Lifting is Ambiguity 20's: Law 6 only lays the cards before him.
        # cites: Law 6
        return refuse(AlreadyLifted, 6, report, "has lifted his cards already")
    # From now a wrong count makes the hand foul: as dealt (Law 13), or his draw (Law 48).
    discard = moments.drew(state, report.seat)
    law = 48 if discard is not None and discard[1].cards else 13
    return lambda: _record(_ruled(state, law, "lift", report), report)


def _wrong_size(state: GameState, report: WrongHandSize) -> Remedy | RuleViolation:
    seat = report.seat
    discard = moments.drew(state, seat)
    if moments.is_owed(state, seat):
        return refuse(
            NotAtThisMoment,
            41,
            report,
            "holds fewer than five cards because the stock ran short: the dealer still owes "
            "him cards (Law 41), so his hand is not wrong",
        )
    if discard is None or not discard[1].cards:
        # His hand is as dealt (a pat player drew nothing).
        if not moments.lifted(state, seat):
            # remedies: Law 12
            return lambda: misdeal.misdeal(state, report)  # Law 12
        # remedies: Laws 13, 14
        return lambda: foul.retire(
            _ruled(state, 13, "foul", report),
            report,
            refunded_by=foul.refund_payer(state, moments.deal_start(state)),
        )
    if not moments.lifted(state, seat):
        # remedies: Laws 42, 43
        # Laws 42-43: noticed before the drawn cards are lifted, the dealer takes back the
        # extra cards or makes up the shortfall, which leaves the hand the engine holds.
        return lambda: _record(_ruled(state, 42, "hand corrected", report), report)
    # remedies: Laws 48, 63
    bet = state.history.first((Stake,), seat=seat, start=moments.arrival(state, seat))
    return lambda: foul.retire(_ruled(state, 48 if bet is None else 63, "foul", report), report)


def _foul_at_the_show(state: GameState, report: WrongHandSize) -> Remedy | RuleViolation:
    if len(state.show_order) < 2 or report.seat not in state.show_order:
        return refuse(
            NotAtThisMoment,
            64,
            report,
            "cannot be found foul at the end: only a hand shown against another at the show "
            "can be (the game ended without a show, or his hand was not in it)",
        )
    if report.seat in state.foul or report.seat not in state.players:
        return refuse(NotAPlayer, 64, report, "was found foul already")
    if len(state.players) < 2:
        return refuse(
            NotAtThisMoment,
            64,
            report,
            "cannot be found foul too: the pool went to his hand as the one left of the "
            "show, and Law 64 has no other hand to give it to",
        )
    # remedies: Law 64
    return lambda: _found_foul_at_the_show(_ruled(state, 64, "foul", report), report)


def _found_foul_at_the_show(state: GameState, report: WrongHandSize) -> GameState:
    discard = moments.drew(state, report.seat)
    if discard is None or not discard[1].cards:
        # A pat hand is the hand dealt: foul as dealt, it is refunded (Ambiguity 17).
        payer = foul.refund_payer(state, moments.deal_start(state))
        return foul.settle_without(state, report, refunded_by=payer)
    return foul.settle_without(state, report)


def _wrong_number(state: GameState, report: WrongNumberAsked) -> Remedy | RuleViolation:
    seat = report.seat
    discard = moments.drew(state, seat)
    if discard is None:
        return refuse(NotAtThisMoment, 44, report, "has not drawn, so cannot have asked for cards")
    if report.served_as_asked:
        law = 47 if seat == state.dealer else 45
        if moments.is_owed(state, seat):
            # Ambiguity 18: he was never served what he asked for; Law 41 still owes it.
            return refuse(
                NotAtThisMoment,
                law,
                report,
                "has not been served his draw yet: the stock ran short, and the dealer still "
                "owes him cards from the shuffled discards (Law 41)",
            )
        if state.history.first((WrongNumberAsked,), seat=seat, start=discard[0] + 1) is not None:
            # Ambiguity 18: the two reports contradict each other, and the first stands.
            return refuse(
                NotAtThisMoment,
                law,
                report,
                "was reported given as many cards as he discarded (Law 44) on this draw, "
                "which that report already settled",
            )
    if seat == state.dealer:
        if not report.served_as_asked:
            return refuse(
                NotAtThisMoment,
                47,
                report,
                "is the dealer, who serves himself: what he asked for, he took",
            )
        # remedies: Law 47
        return lambda: foul.retire(_ruled(state, 47, "foul", report), report)
    if not report.served_as_asked:
        # remedies: Law 44
        # He was given as many as he discarded: the draw stands.
        return lambda: _record(_ruled(state, 44, "wrong number", report), report)
    # remedies: Law 45
    return lambda: foul.retire(_ruled(state, 45, "foul", report), report)


# --- The dealer's draw: Laws 49-51 -----------------------------------------------------------


def _ask_dealer(state: GameState, report: AskDealerCount) -> Remedy | RuleViolation:
    seat = report.seat
    if seat == state.dealer:
        return refuse(DealerQueryRefused, 49, report, "is the dealer, and knows how many he drew")
    if moments.drew(state, seat) is None:
        return refuse(DealerQueryRefused, 49, report, "has not drawn, so may not ask yet (Law 49)")
    if moments.drew(state, state.dealer) is None:
        done = "passed without drawing" if state.dealer not in state.players else "not drawn yet"
        return refuse(
            DealerQueryRefused,
            49,
            report,
            f"cannot ask how many the dealer drew: the dealer has {done} (Ambiguity 20)",
        )
    if moments.acted_since_drawing(state, seat):
        since = moments.arrival(state, seat)
        bet = state.history.first((Stake,), seat=seat, start=since) is not None
        return refuse(
            DealerQueryRefused,
            50,
            report,
            f"may no longer ask: he has {'bet' if bet else 'lifted his cards'} since drawing",
        )
    return lambda: _record(_ruled(state, 49, "question", report), report)


# --- Disputes: Laws 77-79 -----------------------------------------------------------------


def _dispute(state: GameState, report: Dispute) -> Remedy | RuleViolation:
    parties = report.parties
    if len(set(parties)) != len(parties) or len(parties) < 2:
        return refuse(
            NoArbiter,
            77,
            report,
            f"must name two parties or more, each once, not {list(parties)}",
        )
    strangers = [s for s in parties if not 0 <= s < state.num_seats]
    if strangers:
        return refuse(NoSuchSeat, 77, report, f"names seats not at this table: {strangers}")
    if report.seat not in parties:
        return refuse(NoArbiter, 77, report, "must be one of the parties to the dispute")
    try:
        arbiter = disputes.arbiter(state, parties)
    except ValueError:
        return refuse(
            NoArbiter,
            78,
            report,
            "raises a dispute whose parties include the dealer and both his neighbours, so "
            "the laws name no one to settle it",
        )
    # The dealer settles it (Law 77), unless he is a party: then a neighbour (Law 78).
    law = 77 if arbiter == state.dealer else 78
    return lambda: _record(noted(state, ((law, "dispute", parties, 0),)), report)


# --- What may be reported now ------------------------------------------------------------


def _deposits(state: GameState, seat: int) -> list[Report]:
    """The deposits ``seat`` might make out of turn now (Law 55): each amount, or, when
    more than 32 are possible, the least and the most (every amount between is accepted)."""
    if (
        not state.rules.recording_table
        or state.phase not in (Phase.SAY, Phase.BETTING)
        or seat == state.to_act
        or seat not in state.pending
    ):
        return []
    most = min(state.stacks[seat], deposits.most_now(state, seat) - deposits.held(state, seat))
    amounts = range(1, most + 1) if most <= 32 else (1, most)
    return [Deposit(seat=seat, amount=amount) for amount in amounts]


def reportable(state: GameState) -> tuple[Report, ...]:
    """Every report :func:`apply_report` accepts now, in seat order (each tested as
    :func:`apply_report` tests it, its remedy not taken).

    Of the disputes it lists those between each seat and the dealer, raised by the seat;
    a dispute among any other parties, two or more, with someone the laws name to settle
    it (Laws 77-78), is accepted too.
    """
    found: list[Report] = []
    candidates: list[Report] = [
        Dispute(seat=seat, parties=(seat, state.dealer))
        for seat in range(state.num_seats)
        if seat != state.dealer
    ]
    if state.phase in _PLAY or state.phase is Phase.OVER:
        for seat in state.seated:
            candidates.extend(
                (
                    Lift(seat=seat),
                    MissingCut(seat=seat, during_deal=True),
                    MissingCut(seat=seat, during_deal=False),
                    FacedCard(seat=seat),
                    Distraction(seat=seat),
                    WrongHandSize(seat=seat),
                    WrongNumberAsked(seat=seat, served_as_asked=True),
                    WrongNumberAsked(seat=seat, served_as_asked=False),
                    AskDealerCount(seat=seat),
                )
            )
            candidates.extend(ExposedCard(seat=seat, card=card) for card in state.hands[seat])
            candidates.extend(_deposits(state, seat))
    # A seat's exposed card refused for the moment (no deal or draw being served) or for the
    # seat (no cards in play) is refused whatever card it names: his other cards are not
    # tried (a quarter of the time this took, where each card was applied).
    closed: set[int] = set()
    for report in candidates:
        if isinstance(report, ExposedCard) and report.seat in closed:
            continue
        result = _remedy(state, report)
        if not isinstance(result, RuleViolation):
            found.append(report)
        elif isinstance(report, ExposedCard) and isinstance(result, (NotAtThisMoment, NotAPlayer)):
            closed.add(report.seat)
    return tuple(found)
