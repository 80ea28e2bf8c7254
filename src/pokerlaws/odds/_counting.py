"""Counting the draws that finish in each kind of hand, without dealing each one out.

Drawing ``k`` cards to the kept ones, the kind of the final hand (Law 65 and the agreed
variants) depends only on the ranks of its natural cards, whether those are all of one suit,
and whether the Joker is among them. So the draws are counted by the ranks they bring: a draw
bringing ``m_r`` cards of rank ``r`` happens in ``prod C(n_r, m_r)`` ways, where ``n_r`` is how
many unseen cards of rank ``r`` there are. Three cards from 47 are 16,215 draws but at most
455 rank patterns. The draws that make a flush (every natural card of one suit) are then
found suit by suit and moved to the kind they make in one suit.

A multiset of ranks is named by the product of ``rank + RANK_FACTOR_OFFSET`` over it, as the
core's hand tables name it (a product differs for every multiset of up to five ranks), so a
kept part and a drawn part join by one multiplication. The kind of each multiset is looked up
in :class:`KindTables`, built once per value of the rules by valuing, with the core's
:func:`~pokerlaws.hands.evaluate`, one hand that has exactly those properties.

:func:`count_kinds` is held to a plain enumeration of every draw by the tests (``tests/odds``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from math import comb

import attrs

from pokerlaws.cards import JOKER, RANK_FACTOR_OFFSET, Card, Rank, Suit
from pokerlaws.hands import HandCategory, HandRules, evaluate

__all__ = ["Draws", "KindTables", "count_kinds", "draws_from", "kinds_of", "tables_for"]

_SUITS = tuple(Suit)
_RANKS = tuple(range(2, 15))


def _factor(rank: int) -> int:
    return rank + RANK_FACTOR_OFFSET


def kinds_of(rules: HandRules) -> tuple[HandCategory, ...]:
    """The kinds of hand ``rules`` admit, lowest first (Law 65; the Blaze and the skip sequence
    only where agreed)."""
    return tuple(
        kind
        for kind in HandCategory
        if (kind is not HandCategory.BLAZE or rules.blaze)
        and (kind is not HandCategory.SKIP_SEQUENCE or rules.skip_sequence)
    )


def _kind(ranks: tuple[int, ...], suited: bool, rules: HandRules) -> HandCategory:
    """The kind of five cards of these ranks, all of one suit or not, valued by the core on a
    hand that has exactly that."""
    cards: list[Card] = []
    if suited:
        cards = [Card(Rank(rank), Suit.SPADES) for rank in ranks]
    else:
        # Equal ranks take different suits; different ranks are kept from a flush by putting
        # the last in a second suit.
        used: dict[int, int] = {}
        for rank in ranks:
            cards.append(Card(Rank(rank), _SUITS[used.get(rank, 0)]))
            used[rank] = used.get(rank, 0) + 1
        if len(used) == len(ranks):
            cards[-1] = Card(Rank(ranks[-1]), _SUITS[1])
    return evaluate(tuple(cards), rules).category


@attrs.frozen
class KindTables:
    """The kind of every hand by the key of its natural ranks, for one value of the rules.

    Attributes:
        mixed: five natural cards not all of one suit.
        suited: five natural cards of one suit (five different ranks).
        joker_mixed: four natural cards not all of one suit, and the Joker.
        joker_suited: four natural cards of one suit, and the Joker.
    """

    mixed: dict[int, HandCategory]
    suited: dict[int, HandCategory]
    joker_mixed: dict[int, HandCategory]
    joker_suited: dict[int, HandCategory]


_TABLES: dict[HandRules, KindTables] = {}


def _fill(rules: HandRules, tables: KindTables) -> None:
    """Value every hand of five natural cards, with and without a flush."""
    for ranks in itertools.combinations_with_replacement(_RANKS, 5):
        if ranks[0] == ranks[-1]:
            continue  # five of one rank needs a repeated card
        key = _product(tuple(_factor(rank) for rank in ranks))
        tables.mixed[key] = _kind(ranks, False, rules)
        if len(set(ranks)) == 5:
            tables.suited[key] = _kind(ranks, True, rules)


def _fill_joker(tables: KindTables) -> None:
    """Value every hand of four natural cards and the Joker by its best naming (Ambiguity
    12): any card not in the hand, so any rank the four do not hold four times, and in one
    suit a rank they do not hold. The best naming's kind is the best kind among the namings,
    the kind being the first thing a value compares."""
    for ranks in itertools.combinations_with_replacement(_RANKS, 4):
        key = _product(tuple(_factor(rank) for rank in ranks))
        tables.joker_mixed[key] = max(
            tables.mixed[key * _factor(rank)] for rank in _RANKS if ranks.count(rank) < 4
        )
        if len(set(ranks)) == 4:
            tables.joker_suited[key] = max(
                tables.suited[key * _factor(rank)] for rank in _RANKS if rank not in ranks
            )


def tables_for(rules: HandRules, *, joker: bool) -> KindTables:
    """The kind tables of ``rules``, built on first use: the natural hands' (7,462 hands
    valued by the core), and with ``joker`` the Joker's, read from them."""
    tables = _TABLES.get(rules)
    if tables is None:
        tables = _TABLES[rules] = KindTables({}, {}, {}, {})
        _fill(rules, tables)
    if joker and not tables.joker_mixed:
        _fill_joker(tables)
    return tables


@attrs.frozen
class Draws:
    """The ways to draw from some unseen cards, by the ranks drawn.

    Attributes:
        by_ranks: for each number of natural cards drawn, the rank keys that can come and in
            how many ways each.
        by_suit: for each suit and number of cards, the rank key of every draw of that many
            unseen cards all of that suit.
        joker: whether the Joker is among the unseen cards.
        size: how many unseen cards there are.
    """

    by_ranks: tuple[dict[int, int], ...]
    by_suit: dict[Suit, tuple[tuple[int, ...], ...]]
    joker: bool
    size: int


def draws_from(unseen: Sequence[Card], most: int) -> Draws:
    """Tabulate the draws of up to ``most`` cards from ``unseen``."""
    available = dict.fromkeys(_RANKS, 0)
    in_suit: dict[Suit, list[int]] = {suit: [] for suit in _SUITS}
    for card in unseen:
        if card.rank is not None and card.suit is not None:
            available[card.rank] += 1
            in_suit[card.suit].append(_factor(card.rank))
    # Rank by rank, the draws of each size: a rank adds 0..n_r cards of itself. The sizes go
    # down, so each layer is read before this rank adds to it.
    layers: list[dict[int, int]] = [{1: 1}] + [{} for _ in range(most)]
    for rank, have in available.items():
        factor = _factor(rank)
        takes = [(take, factor**take, comb(have, take)) for take in range(1, have + 1)]
        for size in reversed(range(most)):
            for key, ways in layers[size].items():
                for take, power, choices in takes:
                    if size + take > most:
                        break
                    layer = layers[size + take]
                    product = key * power
                    layer[product] = layer.get(product, 0) + ways * choices
    by_suit = {
        suit: tuple(
            tuple(_product(ranks) for ranks in itertools.combinations(factors, size))
            for size in range(most + 1)
        )
        for suit, factors in in_suit.items()
    }
    return Draws(tuple(layers), by_suit, JOKER in unseen, len(unseen))


def _product(factors: tuple[int, ...]) -> int:
    key = 1
    for factor in factors:
        key *= factor
    return key


def _add(
    kept: Sequence[Card],
    draws: Draws,
    drawn: int,
    joker: bool,
    tables: KindTables,
    counts: dict[HandCategory, int],
) -> None:
    """Add to ``counts`` every draw of ``drawn`` natural cards to the natural cards ``kept``,
    the Joker in the final hand when ``joker``."""
    mixed, suited = (
        (tables.joker_mixed, tables.joker_suited)
        if joker
        else (
            tables.mixed,
            tables.suited,
        )
    )
    base = 1
    for card in kept:
        base *= card._factor
    for key, ways in draws.by_ranks[drawn].items():
        counts[mixed[base * key]] += ways
    # The draws in one suit when every kept card is of that suit: counted above as if mixed,
    # they are moved to the kind they make in one suit (a flush or better).
    kept_suits = {card.suit for card in kept}
    if len(kept_suits) > 1:
        return
    for suit in kept_suits or _SUITS:
        if suit is None:
            continue
        for key in draws.by_suit[suit][drawn]:
            hand = base * key
            was, now = mixed[hand], suited[hand]
            if was is not now:
                counts[was] -= 1
                counts[now] += 1


def count_kinds(
    kept: Sequence[Card], draws: Draws, rules: HandRules
) -> tuple[dict[HandCategory, int], int]:
    """Count, for each kind of hand, the draws of ``5 - len(kept)`` cards that finish in it;
    return the counts (every kind the rules admit, lowest first) and the number of draws.

    ``kept`` are cards that are not among the unseen ones of ``draws``, the Joker possibly
    among either.
    """
    tables = tables_for(rules, joker=draws.joker or JOKER in kept)
    counts = dict.fromkeys(kinds_of(rules), 0)
    size = 5 - len(kept)
    naturals = [card for card in kept if card.rank is not None]
    joker_kept = len(naturals) < len(kept)
    # The draws without the Joker, then (when it may come) those that bring it.
    _add(naturals, draws, size, joker_kept, tables, counts)
    if draws.joker and size:
        _add(naturals, draws, size - 1, True, tables, counts)
    return counts, comb(draws.size, size)
