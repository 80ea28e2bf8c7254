"""The chances of the draw (Laws 36-39 and 65-76): what each discard may finish in.

:func:`draw_chances` gives, for the cards a player throws out, the exact chance of each kind
of final hand over every draw of as many cards from the cards he has not seen; every unseen
card is as likely as any other to be served, wherever it lies (in the stock or in another
player's hand), since he knows nothing that tells them apart. :func:`best_discards` ranks
every discard of a hand.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from fractions import Fraction

import attrs

from pokerlaws.cards import Card
from pokerlaws.hands import HandCategory
from pokerlaws.odds._counting import Draws, count_kinds, draws_from
from pokerlaws.odds._source import Question, checked_discard, question_of

__all__ = ["Chances", "best_discards", "draw_chances"]


@attrs.frozen
class Chances(Mapping[HandCategory, Fraction]):
    """The kinds of hand a discard may finish in, each with its exact chance.

    A mapping ``HandCategory -> Fraction`` holding every kind the rules admit (a kind out of
    reach has chance 0), summing to 1.

    Attributes:
        kept: the cards kept, in the hand's order.
        discard: the cards thrown out, in the hand's order (empty: the hand played pat).
        draws: how many draws of ``len(discard)`` unseen cards there are, all equally likely.
        counts: for each kind, lowest first, how many of those draws finish in it.
    """

    kept: tuple[Card, ...]
    discard: tuple[Card, ...]
    draws: int
    counts: tuple[tuple[HandCategory, int], ...]

    def __getitem__(self, kind: HandCategory) -> Fraction:
        for category, count in self.counts:
            if category is kind:
                return Fraction(count, self.draws)
        raise KeyError(kind)

    def __iter__(self) -> Iterator[HandCategory]:
        return (category for category, _ in self.counts)

    def __len__(self) -> int:
        return len(self.counts)

    def as_floats(self) -> dict[HandCategory, float]:
        """The same chances as floats."""
        return {category: count / self.draws for category, count in self.counts}

    def at_least(self, kind: HandCategory) -> Fraction:
        """The chance to finish with ``kind`` or a better kind of hand."""
        if not isinstance(kind, HandCategory):
            raise TypeError(f"kind must be a HandCategory, not {type(kind).__name__}")
        return Fraction(sum(n for category, n in self.counts if category >= kind), self.draws)

    @property
    def expected_rank(self) -> Fraction:
        """The mean of the final kind's number (``HandCategory``'s value, no pair 0)."""
        return Fraction(sum(int(category) * n for category, n in self.counts), self.draws)


def _chances(question: Question, draws: Draws, discard: tuple[Card, ...]) -> Chances:
    kept = tuple(card for card in question.hand if card not in discard)
    counts, total = count_kinds(kept, draws, question.rules)
    return Chances(kept, discard, total, tuple(counts.items()))


def draw_chances(source: object, discard: object, rules: object = None) -> Chances:
    """Return the exact chance of each kind of final hand when ``discard`` is thrown out.

    Laws 36-39: the player throws out the cards of ``discard`` and is served as many; every
    draw of that many cards from those he has not seen is equally likely. With a view they
    are the cards the view does not show (its own hand and discards, hands laid face up,
    cards exposed); with a bare hand, the rest of the pack (53 cards with the Joker: when
    ``rules`` is a ``Rules`` with ``joker``, or the hand holds it).

    Args:
        source: a :class:`~pokerlaws.views.PlayerView` (its seat's hand), or five cards.
        discard: cards of that hand to throw out; empty plays the hand pat.
        rules: with bare cards, a ``Rules`` or ``HandRules`` (default: Peel's hands, no
            Joker); with a view, None (the view has its rules).

    Raises:
        TypeError: ``source``, ``discard`` or ``rules`` is of the wrong type.
        ValueError: the hand is not five different cards, or the discard names a card not in
            it or names one twice.
    """
    question = question_of(source, rules, "draw_chances")
    thrown = checked_discard(question.hand, discard)
    return _chances(question, draws_from(question.unseen, len(thrown)), thrown)


def best_discards(
    source: object, rules: object = None, *, at_least: HandCategory | None = None
) -> tuple[Chances, ...]:
    """Return the chances of every discard of the hand (32, pat included), best first.

    Best is the greatest chance to finish at or above ``at_least`` when it is given, else
    the greatest expected rank of the final kind (:attr:`Chances.expected_rank`). Ties go to
    the discard of fewer cards (a hand is not broken for nothing), then to the one whose
    thrown cards come first in the hand as held (positions compared in order).

    Args:
        source: as for :func:`draw_chances`.
        rules: as for :func:`draw_chances`.
        at_least: the kind of hand the player wants to reach, or None.

    Raises:
        TypeError: as for :func:`draw_chances`, or ``at_least`` is not a HandCategory.
        ValueError: as for :func:`draw_chances`.
    """
    if at_least is not None and not isinstance(at_least, HandCategory):
        raise TypeError(f"at_least must be a HandCategory or None, not {type(at_least).__name__}")
    question = question_of(source, rules, "best_discards")
    draws = draws_from(question.unseen, 5)
    ranked: list[tuple[tuple[Fraction, Fraction, int, tuple[int, ...]], Chances]] = []
    for size in range(6):
        for positions in itertools.combinations(range(5), size):
            chances = _chances(question, draws, tuple(question.hand[i] for i in positions))
            reach = Fraction(0) if at_least is None else chances.at_least(at_least)
            ranked.append(((-reach, -chances.expected_rank, size, positions), chances))
    ranked.sort(key=lambda item: item[0])
    return tuple(chances for _, chances in ranked)
