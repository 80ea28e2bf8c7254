"""What one seat may know of a game at one moment (Laws 6, 28, 33, 39, 49-51, 58, 59).

A :class:`PlayerView` is the table as a player at it sees it, with a perfect memory: the
chips (stacks, stakes and the pool lie on the table), who is still in, whose turn it is,
every action taken aloud, how many cards each player asked for at the draw (Law 39), and the
hands laid face up at the show (Law 59). Of the cards themselves he knows only his own, dealt
face down to him (Law 6), and the shown ones: never another player's unshown hand, a passed
hand (Law 28), an uncalled winner's hand (Law 58), another player's discards, the stock, the
deck or the order the dealer gave the gathered discards (Law 41). ``docs/views.md`` lists
each hidden thing with the law that hides it.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from pokerlaws import _shapes
from pokerlaws.actions import Action, Discard, LegalActions, Redeal, Shuffle
from pokerlaws.cards import Card, Rank
from pokerlaws.engine import legal_menu
from pokerlaws.laws import moments
from pokerlaws.reports import EVENT_TYPES, AskDealerCount, Event
from pokerlaws.rules import Rules
from pokerlaws.state import GameState, Phase

__all__ = ["HiddenDiscard", "PlayerView", "PublicAction", "ShownHand", "view"]

# The shape of each field (STYLE.md: shape only): views reach to_json, which must never meet
# a value it cannot write.
_INT = _shapes.field(_shapes.integer)
_SEAT = _INT
_SEATS = _shapes.field(_shapes.tuple_of(_shapes.integer))
_CARDS = _shapes.field(_shapes.cards)
_OPTIONAL_SEAT = _shapes.field(_shapes.optional(_shapes.integer))
_OPTIONAL_COUNT = _shapes.field(_shapes.optional(_shapes.count))
_EVENT = _shapes.instance_of(EVENT_TYPES, "an action or a report")
_EVENTS = _shapes.tuple_of(_EVENT)


def _legal_menu(place: str, value: object) -> None:
    """A view's legal actions: a tuple of actions, or a :class:`LegalActions` (which checks
    its own fields) for a long run of stakes."""
    if not isinstance(value, LegalActions):
        _EVENTS(place, value)


@attrs.frozen(kw_only=True)
class HiddenDiscard:
    """Another player's discard as the table sees it: how many cards, never which (Law 6).

    Law 39: a player asks aloud for as many cards as he throws out, so the count is public;
    the cards go face down.
    """

    seat: int = attrs.field(validator=_SEAT)
    count: int = attrs.field(validator=_shapes.field(_shapes.count))

    def __str__(self) -> str:
        return f"seat {self.seat} discards {self.count}"


@attrs.frozen(kw_only=True)
class ShownHand:
    """A hand laid face up at the end of the game (Law 59, or Law 33's proof of openers)."""

    seat: int = attrs.field(validator=_SEAT)
    cards: tuple[Card, ...] = attrs.field(validator=_CARDS)


_STEP = _shapes.instance_of(
    (*EVENT_TYPES, HiddenDiscard), "an action, a report or a HiddenDiscard"
)
_SHOWN = _shapes.instance_of(ShownHand, "a ShownHand")

PublicAction: TypeAlias = Event | HiddenDiscard
"""One step of a game as a given seat saw it: an action or a report, or another player's
discard as a count. A ``Shuffle`` in a view always has ``order=None`` and a ``Redeal``
``deck=None``: nobody saw the order."""


@attrs.frozen(kw_only=True)
class PlayerView:
    """What ``seat`` may know now, and nothing more (build with :func:`view`).

    Attributes:
        seat: whose view this is.
        rules: the table's rules, agreed before play (Law 81).
        phase: the part of the game now.
        dealer: the dealing seat.
        to_act: whose turn it is, or None (at the Law 41 shuffle, the dealer, even one who
            has passed).
        hand: his own cards now. A player the stock could not serve holds fewer than five
            until the dealer's shuffle (Law 41); a seat sitting the game out holds none.
        discarded: the cards he threw out himself at the draw.
        stacks: every seat's chips not staked.
        stakes: every seat's stake in the current betting (as ``GameState.stakes``).
        pool: every chip staked in this game, carried chips included.
        players: the seats still in the game.
        openers_required: the pair a jack-pot is opened on, or None (Laws 30-32).
        jackpot_round: 0 in an ordinary game, *k* in the *k*-th jack-pot in a row.
        exchanged: for each seat, how many cards it exchanged at the draw (0 for pat), or
            None if it has not drawn.
        owed: the players the stock could not serve and how many cards each is still owed
            (Law 41), in draw order.
        history: every action so far as he saw it: another player's ``Discard`` is a
            :class:`HiddenDiscard`, every ``Shuffle`` has no order.
        legal_actions: his legal actions when it is his turn, else empty: the tuple of
            ``legal_actions(state)``, or, when more than ``LegalActions.FEWEST`` stakes
            are legal (a table with a large limit), a :class:`LegalActions` holding their
            amounts as a range, so that no view lists a billion stakes
            (``tuple(view.legal_actions) == legal_actions(state)`` either way).
        shown: the hands laid face up, in the order shown (Law 59).
        openers: the hand as dealt of a jack-pot's opener who had to prove his openers
            (Law 33: he won the pool, or was found without them), else None.
        winners: the seats paid from the pool when the game ended.
        payouts: what each seat received from the pool when the game ended.
        foul: the seats whose hands were found foul (they retired, Laws 13, 45-48, 63-64).
        told: the number of cards the dealer drew, as he told this player, who asked
            (Law 49); None if he has not asked. The dealer tells nobody else's count
            (Law 51).
    """

    seat: int = attrs.field(validator=_SEAT)
    rules: Rules = attrs.field(validator=_shapes.field(_shapes.instance_of(Rules, "a Rules")))
    phase: Phase = attrs.field(validator=_shapes.field(_shapes.instance_of(Phase, "a Phase")))
    dealer: int = attrs.field(validator=_SEAT)
    to_act: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    hand: tuple[Card, ...] = attrs.field(validator=_CARDS)
    discarded: tuple[Card, ...] = attrs.field(validator=_CARDS)
    stacks: tuple[int, ...] = attrs.field(validator=_SEATS)
    stakes: tuple[int, ...] = attrs.field(validator=_SEATS)
    pool: int = attrs.field(validator=_INT)
    players: tuple[int, ...] = attrs.field(validator=_SEATS)
    openers_required: Rank | None = attrs.field(
        validator=_shapes.field(_shapes.optional(_shapes.instance_of(Rank, "a Rank")))
    )
    jackpot_round: int = attrs.field(validator=_INT)
    exchanged: tuple[int | None, ...] = attrs.field(
        validator=_shapes.field(_shapes.tuple_of(_shapes.optional(_shapes.count)))
    )
    owed: tuple[tuple[int, int], ...] = attrs.field(
        validator=_shapes.field(_shapes.tuple_of(_shapes.pair(_shapes.integer, _shapes.integer)))
    )
    history: tuple[PublicAction, ...] = attrs.field(
        validator=_shapes.field(_shapes.tuple_of(_STEP))
    )
    legal_actions: tuple[Action, ...] | LegalActions = attrs.field(
        validator=_shapes.field(_legal_menu)
    )
    shown: tuple[ShownHand, ...] = attrs.field(validator=_shapes.field(_shapes.tuple_of(_SHOWN)))
    openers: ShownHand | None = attrs.field(validator=_shapes.field(_shapes.optional(_SHOWN)))
    winners: tuple[int, ...] = attrs.field(validator=_SEATS)
    payouts: tuple[int, ...] = attrs.field(validator=_SEATS)
    foul: tuple[int, ...] = attrs.field(default=(), validator=_SEATS)
    told: int | None = attrs.field(default=None, validator=_OPTIONAL_COUNT)

    def __str__(self) -> str:
        """The table as this seat sees it, as text (:func:`pokerlaws.render.render_text`)."""
        from pokerlaws.render.text import render_text  # an edge: loaded on first use only

        return render_text(self)

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, as SVG, so that a notebook draws a view."""
        from pokerlaws.render.svg import render_svg

        return render_svg(self)


def _as_seen_by(seat: int, action: Event) -> PublicAction:
    """Return ``action`` as ``seat`` saw it happen."""
    if isinstance(action, Discard) and action.seat != seat:
        # Law 6: the cards go face down; Law 39: the number is asked aloud.
        # enforces: Law 6
        return _shapes.trusted(HiddenDiscard, seat=action.seat, count=len(action.cards))
    if isinstance(action, Shuffle):
        # Law 41: the discards are shuffled face down; not even the dealer sees the order.
        return Shuffle(seat=action.seat)
    if isinstance(action, Redeal):
        # Laws 3-5: the pack is shuffled and dealt face down; nobody saw its order.
        return Redeal(seat=action.seat)
    return action


def _told(state: GameState, seat: int) -> int | None:
    """The dealer's answer to ``seat``'s Law 49 question: the count of his discard."""
    if state.history.last((AskDealerCount,), seat=seat) is None:
        return None
    # enforces: Laws 49, 51
    discard = moments.drew(state, state.dealer)
    return None if discard is None else len(discard[1].cards)


def _openers_proved(state: GameState) -> ShownHand | None:
    """The hand as dealt of a jack-pot's opener whom Law 33 makes prove his openers: he won
    the pool, or, opening on honour, was found without them. Openers are judged on the hand
    as dealt (Ambiguity 13), so he shows it (his discards included) to all."""
    opener = state.opener
    if (
        state.phase is not Phase.OVER
        or not state.is_jackpot
        or opener is None
        or not (state.payouts[opener] or state.false_opener == opener)
    ):
        return None
    return _shapes.trusted(ShownHand, seat=opener, cards=state.dealt[opener])


def view(state: GameState, seat: int) -> PlayerView:
    """Return what ``seat`` may know of ``state`` (Laws 6, 28, 58: nobody else's cards unless
    laid face up).

    Raises:
        TypeError: ``state`` is not a :class:`GameState` or ``seat`` is not an int (a bool
            is not a seat).
        ValueError: ``seat`` is not at the table.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"view takes a GameState, not {type(state).__name__}")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"the seat must be an int, not {type(seat).__name__}")
    if not 0 <= seat < state.num_seats:
        raise ValueError(f"seat {seat} is not at this table of {state.num_seats} seats")
    # enforces: Law 6
    return _seen(state, seat, tuple(_as_seen_by(seat, action) for action in state.history))


def _seen(state: GameState, seat: int, history: tuple[PublicAction, ...]) -> PlayerView:
    """The view of ``seat`` with ``history`` for its history: :func:`view`'s, or, for a
    picture of every step of a long game (``render_html``), none, so that a page of *n*
    steps builds *n* views, not *n* copies of the history."""
    exchanged: list[int | None] = [None] * state.num_seats
    for discard in state.history.events_of(Discard):
        exchanged[discard.seat] = len(discard.cards)
    # Every field comes from the state, checked when it was built (check_state): checked
    # again, they would cost as much as building the view.
    return _shapes.trusted(
        PlayerView,
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        dealer=state.dealer,
        to_act=state.to_act,
        # enforces: Law 6
        hand=state.hands[seat],
        discarded=state.thrown[seat],
        stacks=state.stacks,
        stakes=state.stakes,
        pool=state.pool,
        players=state.players,
        openers_required=state.openers_required,
        jackpot_round=state.jackpot_round,
        exchanged=tuple(exchanged),
        owed=state.owed,
        history=history,
        legal_actions=legal_menu(state) if state.to_act == seat else (),
        # Law 59: the hands at the show, face up in turn; Law 58 leaves an uncalled winner's
        # hand out of show_order (unless Law 33 makes a jack-pot's opener prove his openers).
        shown=tuple(
            _shapes.trusted(ShownHand, seat=s, cards=state.hands[s]) for s in state.show_order
        ),
        openers=_openers_proved(state),
        winners=state.winners,
        payouts=state.payouts,
        foul=tuple(sorted(state.foul)),
        told=_told(state, seat),
    )
