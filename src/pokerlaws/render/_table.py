"""The table as a picture sees it: one snapshot read from a state or from a seat's view.

A :class:`GameState` knows every card, so a picture of it shows every hand; a
:class:`PlayerView` knows only its own hand and the hands laid face up (Laws 6, 28, 58, 59),
so a picture of it shows only those and draws every other hand face down. Both pictures read
this snapshot, so what a view hides is decided once, here, and never again by a picture.
"""

from __future__ import annotations

import attrs

from pokerlaws.actions import Discard
from pokerlaws.cards import Card, Rank
from pokerlaws.hands import evaluate
from pokerlaws.rules import Rules
from pokerlaws.state import GameState, Phase
from pokerlaws.views import HiddenDiscard, PlayerView

__all__ = ["SeatRow", "Table", "snapshot", "view_snapshot"]

_OPENERS = {Rank.JACK: "knaves", Rank.QUEEN: "queens", Rank.KING: "kings"}


@attrs.frozen(kw_only=True)
class SeatRow:
    """One seat as the picture shows it.

    Attributes:
        seat: the seat's number.
        stack: chips not staked.
        stake: the seat's stake in the current betting.
        cards: the cards the picture may show, face up; empty when none may be shown.
        face_down: how many of the seat's cards lie face down (hidden from this viewer).
        dealer, ante, to_act, playing, shown, winner: what the seat is now.
        exchanged: how many cards it drew (0 for pat), None before it drew.
        payout: what it received from the pool at the end.
        value: the shown hand's value in words, when its cards are face up at the end.
    """

    seat: int
    stack: int
    stake: int
    cards: tuple[Card, ...]
    face_down: int
    dealer: bool
    ante: bool
    to_act: bool
    playing: bool
    shown: bool
    winner: bool
    exchanged: int | None
    payout: int
    value: str | None


@attrs.frozen(kw_only=True)
class Table:
    """The whole table as a picture shows it.

    Attributes:
        rules: the table's rules.
        phase: the part of the game now.
        pool: every chip staked in the game, carried chips included.
        seats: each seat's row, in seat order.
        viewer: whose view this is, or None for the whole state (every card shown).
        openers_required: the pair a jack-pot is opened on, or None.
        jackpot_round: 0 in an ordinary game.
        to_act: whose turn it is, or None.
        show_order: the seats shown at the end, in the order shown (Law 59).
        winners: the seats paid from the pool.
    """

    rules: Rules
    phase: Phase
    pool: int
    seats: tuple[SeatRow, ...]
    viewer: int | None
    openers_required: Rank | None
    jackpot_round: int
    to_act: int | None
    show_order: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def openers_text(self) -> str | None:
        """The jack-pot's openers in the book's words ("knaves or better"), or None."""
        if self.openers_required is None:
            return None
        return f"{_OPENERS.get(self.openers_required, self.openers_required.name)} or better"


def _value(cards: tuple[Card, ...], rules: Rules) -> str | None:
    return str(evaluate(cards, rules.hands)) if len(cards) == 5 else None


def _from_state(state: GameState) -> Table:
    exchanged: list[int | None] = [None] * state.num_seats
    for discard in state.history.events_of(Discard):
        exchanged[discard.seat] = len(discard.cards)
    shown = set(state.show_order)
    over = state.phase is Phase.OVER
    rows = tuple(
        SeatRow(
            seat=seat,
            stack=state.stacks[seat],
            stake=state.stakes[seat],
            cards=state.hands[seat],
            face_down=0,
            dealer=seat == state.dealer,
            ante=seat == state.ante_seat,
            to_act=seat == state.to_act,
            playing=seat in state.players,
            shown=seat in shown,
            winner=seat in state.winners,
            exchanged=exchanged[seat],
            payout=state.payouts[seat],
            value=_value(state.hands[seat], state.rules) if over and seat in shown else None,
        )
        for seat in range(state.num_seats)
    )
    return _table(state, rows, viewer=None)


def _ante_seat(seen: PlayerView) -> int:
    """The ante's seat as the table sees it: the first seat on the dealer's left dealt into
    the game (a seat with no chips and no stake sits it out, Ambiguity 26)."""
    n = len(seen.stacks)
    dealt_in = set(seen.players) | {
        step.seat for step in seen.history if not isinstance(step, HiddenDiscard)
    }
    dealt_in |= {s for s in range(n) if seen.stakes[s] or seen.exchanged[s] is not None}
    for step in range(1, n + 1):
        seat = (seen.dealer + step) % n
        if seat in dealt_in or seen.stacks[seat]:
            return seat
    return (seen.dealer + 1) % n


def _from_view(seen: PlayerView, ante: int | None = None) -> Table:
    # Laws 6, 28, 58, 59: his own hand, and the hands laid face up; nothing else.
    faces = {hand.seat: hand.cards for hand in seen.shown}
    faces[seen.seat] = seen.hand
    owed = dict(seen.owed)
    dealt = seen.phase not in (Phase.STRADDLE, Phase.MISDEAL)
    over = seen.phase is Phase.OVER
    shown = {hand.seat for hand in seen.shown}
    if ante is None:
        ante = _ante_seat(seen)
    rows = []
    for seat in range(len(seen.stacks)):
        cards = faces.get(seat, ())
        hidden = seat not in faces and seat in seen.players and dealt
        rows.append(
            SeatRow(
                seat=seat,
                stack=seen.stacks[seat],
                stake=seen.stakes[seat],
                cards=cards,
                face_down=5 - owed.get(seat, 0) if hidden else 0,
                dealer=seat == seen.dealer,
                ante=seat == ante,
                to_act=seat == seen.to_act,
                playing=seat in seen.players,
                shown=seat in shown,
                winner=seat in seen.winners,
                exchanged=seen.exchanged[seat],
                payout=seen.payouts[seat],
                value=_value(cards, seen.rules) if over and seat in shown else None,
            )
        )
    return _table(seen, tuple(rows), viewer=seen.seat)


def _table(source: GameState | PlayerView, rows: tuple[SeatRow, ...], viewer: int | None) -> Table:
    show_order = (
        source.show_order
        if isinstance(source, GameState)
        else tuple(hand.seat for hand in source.shown)
    )
    return Table(
        rules=source.rules,
        phase=source.phase,
        pool=source.pool,
        seats=rows,
        viewer=viewer,
        openers_required=source.openers_required,
        jackpot_round=source.jackpot_round,
        to_act=source.to_act,
        show_order=show_order,
        winners=source.winners,
    )


def snapshot(state_or_view: GameState | PlayerView) -> Table:
    """Return the table as a picture of ``state_or_view`` may show it.

    Raises:
        TypeError: ``state_or_view`` is neither a :class:`GameState` nor a
            :class:`PlayerView`.
    """
    if isinstance(state_or_view, GameState):
        return _from_state(state_or_view)
    if isinstance(state_or_view, PlayerView):
        return _from_view(state_or_view)
    raise TypeError(
        f"a picture is of a GameState or a PlayerView, not {type(state_or_view).__name__}"
    )


def view_snapshot(seen: PlayerView, *, ante: int) -> Table:
    """The table as ``seen`` shows it, the ante's seat given (it is public: the table saw
    who anted) rather than read from the view's history, which a view made for one step of
    a long game's page does not carry."""
    return _from_view(seen, ante)
