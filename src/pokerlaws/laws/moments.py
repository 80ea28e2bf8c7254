"""When the cards arrived and whether they were lifted, read from the history (Ambiguity 20).

Several laws turn on a moment the engine never stops at: the deal in progress (Laws 8, 10,
11, 16), a hand still lying untouched (Laws 12-13, 42-43, 48), a draw just served (Law 40),
a player who has not yet lifted his new cards or bet (Laws 49-50). The engine deals and
serves inside one transition, so these moments are read off the history when a report asks,
and nothing is kept for them on the hot path of play:

- the deal in progress is the state just after the deal (or a redeal), before anyone acts:
  only reports have come since; a game that reports alone ended then (refunds that retired
  players) is over for actions, but its deal may still be called a misdeal (Ambiguity 17);
- a player's cards arrive at the deal, at his own discard, or, if the stock could not serve
  him (Law 41, or Law 40 on the stock's last card), at the dealer's shuffle;
- he lifts them by a :class:`~pokerlaws.Lift` report or by his first action after they
  arrive (Ambiguity 20).
"""

from __future__ import annotations

from heapq import merge

from pokerlaws.actions import ACTION_TYPES, DeclineStraddle, Discard, Redeal, Shuffle, Straddle
from pokerlaws.cards import Card
from pokerlaws.laws.deal import HAND_SIZE
from pokerlaws.reports import ExposedCard, Lift, WrongHandSize
from pokerlaws.state import GameState, Phase

__all__ = [
    "acted_since_drawing",
    "arrival",
    "deal_start",
    "drew",
    "ended_in_deal",
    "in_deal",
    "is_owed",
    "lifted",
    "served",
]

_ACTION_KINDS = tuple(ACTION_TYPES)
_BEFORE_THE_DEAL = (Straddle, DeclineStraddle, Redeal)
_LIFTING = (*ACTION_TYPES, Lift)
# Each question below asks the history's index (History.last and its kin) rather than
# reading the events in between: a record may hold thousands of reports between two actions,
# and each report asks one or two of these questions.


def deal_start(state: GameState) -> int:
    """The index in the history of the first event after the latest deal: the deal comes
    inside the last straddling action, or a redeal, or at once when the game begins."""
    last = state.history.last(_BEFORE_THE_DEAL)
    return 0 if last is None else last + 1


def in_deal(state: GameState) -> bool:
    """Whether the deal is still in progress: dealt, and nobody has acted since."""
    if state.phase is not Phase.SAY:
        return False
    return state.history.first(_ACTION_KINDS, start=deal_start(state)) is None


def ended_in_deal(state: GameState) -> bool:
    """Whether reports alone ended the game before anyone acted: over, with no action since
    the deal, and a hand found foul since (Ambiguity 17). A game the deal itself ended (the
    antes left nobody to open) ended by no report, and is over for reports too."""
    if state.phase is not Phase.OVER:
        return False
    history = state.history
    start = deal_start(state)
    return (
        history.first(_ACTION_KINDS, start=start) is None
        and history.first((WrongHandSize,), start=start) is not None
    )


def drew(state: GameState, seat: int) -> tuple[int, Discard] | None:
    """The index and record of ``seat``'s discard in the current deal, or None."""
    history = state.history
    index = history.last((Discard,), seat=seat, start=deal_start(state))
    if index is None:
        return None
    discard = history[index]
    assert isinstance(discard, Discard)
    return index, discard


def _owed_at_shuffle(state: GameState) -> tuple[frozenset[int], int | None]:
    """The seats the stock could not fully serve (Law 41), and the shuffle's index."""
    history = state.history
    start = deal_start(state)
    left = len(state.deck) - HAND_SIZE * len(state.seated)
    owed: set[int] = set()
    shuffle = history.last((Shuffle,), start=start)
    first_shuffle = history.first((Shuffle,), start=start)
    # Only the discards (one a player) and the cards exposed before the shuffle (each a
    # different card, Law 40) count here: whatever else the history holds is passed over.
    for index in merge(
        history.positions((Discard,), start=start),
        history.positions((ExposedCard,), start=start, stop=first_shuffle),
    ):
        event = history[index]
        if isinstance(event, Discard):
            wanted = len(event.cards)
            if wanted <= left and not owed:
                left -= wanted
            else:
                if wanted > left:
                    owed.add(event.seat)
                left = 0
        elif not left:
            # Law 40 on the stock's last card: he is owed one (Ambiguity 18). At the deal
            # the stock is never empty, so this is an exposure in serving the draw.
            owed.add(event.seat)
    return frozenset(owed), shuffle


def arrival(state: GameState, seat: int) -> int:
    """The index in the history just after ``seat``'s present cards arrived: a player who
    stood pat holds the cards dealt him."""
    discard = drew(state, seat)
    if discard is None or not discard[1].cards:
        return deal_start(state)
    owed, shuffle = _owed_at_shuffle(state)
    if seat in owed and shuffle is not None:
        return shuffle + 1
    return discard[0] + 1


def lifted(state: GameState, seat: int) -> bool:
    """Whether ``seat`` has lifted his present cards (Ambiguity 20)."""
    return state.history.first(_LIFTING, seat=seat, start=arrival(state, seat)) is not None


def acted_since_drawing(state: GameState, seat: int) -> bool:
    """Whether ``seat`` has lifted or acted since his draw (pat or not) was served: the
    moment Laws 49-50 close (Ambiguity 20: up to his first action after the draw)."""
    discard = drew(state, seat)
    assert discard is not None, "asked only of a player who has drawn"
    start = discard[0] + 1
    if discard[1].cards:
        start = arrival(state, seat)
    return state.history.first(_LIFTING, seat=seat, start=start) is not None


def served(state: GameState, seat: int) -> tuple[Card, ...]:
    """The cards served to ``seat`` at this draw, in his hand now (none before he drew)."""
    discard = drew(state, seat)
    if discard is None:
        return ()
    count = len(discard[1].cards)
    hand = state.hands[seat]
    return hand[len(hand) - count :] if count else ()


def is_owed(state: GameState, seat: int) -> bool:
    """Whether ``seat`` still waits for cards the stock could not give him (Law 41)."""
    return any(owed_seat == seat for owed_seat, _ in state.owed)
