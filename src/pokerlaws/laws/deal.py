"""The deal: Laws 6, 7 and 17.

Law 7: cards come off the top one at a time, one to each player a round, starting on the
dealer's left, for five rounds. Law 17: the deal is over when everyone has five cards, and
the say begins. Law 6 (face down) is a matter of views: a hand belongs to its holder.
The shuffle and cut (Laws 3-5) are not modelled: the deck arrives in its final order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pokerlaws.cards import Card, pack_set
from pokerlaws.laws import say
from pokerlaws.rules import Rules
from pokerlaws.state import Changes, GameState, seats_from

__all__ = ["HAND_SIZE", "check_deck", "deal"]

HAND_SIZE = 5


def check_deck(rules: Rules, deck: Sequence[Card]) -> tuple[Card, ...]:
    """Check that ``deck`` is the whole pack once (Law 1; Law 81 for the Joker).

    Raises:
        TypeError: the deck is not a sequence (a set has no order to deal from), or holds
            something that is not a Card.
        ValueError: the deck is short, long, repeats a card or holds a stranger.
    """
    kind = type(deck)
    if (
        kind is not tuple
        and kind is not list
        and (not isinstance(deck, Sequence) or isinstance(deck, (str, bytes)))
    ):
        raise TypeError(
            f"the deck must be a sequence of Cards, top first, not {type(deck).__name__}"
        )
    cards = tuple(deck)  # the same object when it is a tuple already
    # Every game checks its deck: one set comparison settles the usual case, and the slower
    # diagnosis below runs only to word the error.
    pack = pack_set(joker=rules.joker)
    try:
        # enforces: Law 1
        if len(cards) == len(pack) and frozenset(cards) == pack:
            return cards
    except TypeError:  # an unhashable stranger: the diagnosis names it
        pass
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"the deck holds {card!r}, which is not a Card")
    if len(cards) != len(pack) or set(cards) != pack:
        repeated = sorted(str(card) for card, count in Counter(cards).items() if count > 1)
        missing = sorted(str(c) for c in pack - set(cards))
        strangers = sorted(str(c) for c in set(cards) - pack)
        details = "; ".join(
            part
            for part in (
                f"repeats {' '.join(repeated)}" if repeated else "",
                f"lacks {' '.join(missing)}" if missing else "",
                f"holds {' '.join(strangers)}, not in this pack" if strangers else "",
            )
            if part
        )
        raise ValueError(
            f"the deck must be the whole pack of {len(pack)} cards once, "
            f"got {len(cards)} cards: {details}"
        )
    return cards


def deal(state: GameState, changes: Changes | None = None) -> GameState:
    """Deal five cards to each player from the top of the stock, then begin the say;
    ``changes`` (which the say does not read) are completed and made in the same step."""
    # enforces: Laws 6, 7
    # Law 7: one card a round to each seat dealt in, from the dealer's left.
    order = seats_from(state.dealer + 1, state.seated, len(state.stacks))
    count = len(order)
    stock = state.stock
    hands: list[tuple[Card, ...]] = [()] * len(state.stacks)
    for position, seat in enumerate(order):
        hands[seat] = stock[position : count * HAND_SIZE : count]
    dealt = tuple(hands)
    if changes is None:
        changes = {}
    changes["hands"] = changes["dealt"] = dealt
    changes["stock"] = stock[count * HAND_SIZE :]
    # enforces: Law 17
    return say.begin(state, changes)
