"""What a question about the odds starts from: a hand, the rules its hands rank by, and the
cards the asker has not seen (Laws 6, 11, 33, 49-51, 59).

A :class:`~pokerlaws.views.PlayerView` knows its seat's hand and discards and every card laid
or exposed face up; every other card of the pack is *unseen*, and each is as likely as any
other to be the next one served. A bare hand knows only itself: the rest of the pack is
unseen (the Joker's 53 cards where the rules play with it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from pokerlaws.actions import Redeal
from pokerlaws.cards import JOKER, Card, standard_deck
from pokerlaws.hands import PEEL_HANDS, HandRules
from pokerlaws.reports import ExposedCard
from pokerlaws.rules import Rules
from pokerlaws.views import PlayerView

__all__ = ["Question", "checked_discard", "question_of", "seen_by"]


@attrs.frozen
class Question:
    """A hand to draw to, the rules its hands rank by, and the cards the asker has not seen.

    Attributes:
        hand: the five cards held, in the order held.
        rules: how hands rank.
        unseen: every card of the pack the asker has not seen, in the pack's order.
    """

    hand: tuple[Card, ...]
    rules: HandRules
    unseen: tuple[Card, ...]


def _cards_of(hand: object, what: str) -> tuple[Card, ...]:
    if isinstance(hand, (str, bytes)):
        raise TypeError(f"{what} takes Cards, not text ({hand!r}): read it with parse_cards")
    if not isinstance(hand, Iterable):
        raise TypeError(f"{what} must be Cards, not {type(hand).__name__}")
    cards = tuple(hand)
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"{what} holds only Cards, not {card!r} ({type(card).__name__})")
    if len(set(cards)) != len(cards):
        raise ValueError(f"{what} repeats a card: {' '.join(map(str, cards))}")
    return cards


def _five(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    if len(hand) != 5:
        shown = " ".join(map(str, hand)) or "no cards"
        raise ValueError(f"a hand to draw to is five cards, not {len(hand)}: {shown}")
    return hand


def seen_by(view: PlayerView) -> frozenset[Card]:
    """Every card ``view``'s seat has seen in this deal: its hand and its own discards (Law 6),
    the hands laid face up (Laws 33, 59), and any card the dealer exposed since the last deal
    (Laws 11, 40; a card exposed at the draw goes to the bottom of the stock, below any card
    still to be served)."""
    seen = set(view.hand) | set(view.discarded)
    for shown in view.shown:
        seen.update(shown.cards)
    if view.openers is not None:
        seen.update(view.openers.cards)
    # A misdeal gathers every card into a new pack (Laws 3-5): only exposures since count.
    start = 0
    for index, event in enumerate(view.history):
        if isinstance(event, Redeal):
            start = index + 1
    for event in view.history[start:]:
        if isinstance(event, ExposedCard):
            seen.add(event.card)
    return frozenset(seen)


def question_of(source: object, rules: object, what: str) -> Question:
    """Read ``source`` (a view, or five cards with ``rules``) as a :class:`Question`.

    Raises:
        TypeError: ``source`` is neither a view nor cards, ``rules`` is neither ``Rules``,
            ``HandRules`` nor None, or it is given beside a view (which has its own).
        ValueError: the hand is not five different cards.
    """
    if isinstance(source, PlayerView):
        if rules is not None:
            raise TypeError(f"{what} reads the rules from the view; pass no rules with it")
        hand = _five(source.hand)
        pack = standard_deck(joker=source.rules.joker)
        seen = seen_by(source)
        unseen = tuple(card for card in pack if card not in seen)
        return Question(hand, source.rules.hands, unseen)
    hand = _five(_cards_of(source, f"{what}'s hand"))
    if rules is None:
        hand_rules, joker = PEEL_HANDS, False
    elif isinstance(rules, Rules):
        hand_rules, joker = rules.hands, rules.joker
    elif isinstance(rules, HandRules):
        hand_rules, joker = rules, False
    else:
        raise TypeError(f"rules must be a Rules, a HandRules or None, not {type(rules).__name__}")
    # A bare hand holding the Joker is played with it, whatever the rules say.
    pack = standard_deck(joker=joker or JOKER in hand)
    held = set(hand)
    return Question(hand, hand_rules, tuple(card for card in pack if card not in held))


def checked_discard(hand: Sequence[Card], discard: object) -> tuple[Card, ...]:
    """Return ``discard`` as cards of ``hand`` in the hand's order.

    Raises:
        TypeError: ``discard`` is not cards.
        ValueError: a card is not in the hand, or is named twice.
    """
    cards = _cards_of(discard, "the discard")
    for card in cards:
        if card not in hand:
            raise ValueError(
                f"the discard names {card}, which is not in the hand {' '.join(map(str, hand))}"
            )
    return tuple(card for card in hand if card in cards)
