"""The value of the hands (Laws 65-76 and the Modifications): a total preorder, blind to
suits except where hearts matter, and each variant only inserts its own category."""

from __future__ import annotations

import itertools

import attrs
import hypothesis.strategies as st
from hypothesis import given
from hypothesis.strategies import SearchStrategy

import pokerlaws as pl
import pokerlaws.hands as hands_module
import pokerlaws.strategies as ps
from tests.reference_hands import reference_key

Hand = tuple[pl.Card, ...]
C = pl.HandCategory

_COURTS = (pl.Rank.JACK, pl.Rank.QUEEN, pl.Rank.KING)
_LOW_TO_HIGH = (pl.Rank.ACE, *(rank for rank in pl.Rank if rank is not pl.Rank.ACE))
"""Ranks in sequence order with the ace low (Law 71), then ace high once more below."""


def _run(start: int, step: int) -> list[pl.Rank]:
    # Positions in a ladder that has the ace at both ends (0 and 13), so that an
    # ace-high sequence can be drawn too.
    ladder = (*_LOW_TO_HIGH, pl.Rank.ACE)
    return [ladder[start + step * i] for i in range(5)]


@st.composite
def interesting_hands(draw: st.DrawFn, *, joker: bool = False) -> Hand:
    """Hands of every category, often: random hands are nearly all no pair or a pair."""
    kind = draw(st.sampled_from(["any", "courts", "paired", "flush", "sequence", "skip"]))
    if kind == "any":
        hand = list(draw(ps.hands(joker=joker)))
    elif kind in ("courts", "paired"):
        ranks = (
            list(_COURTS)
            if kind == "courts"
            else draw(
                st.lists(st.sampled_from(list(pl.Rank)), min_size=2, max_size=3, unique=True)
            )
        )
        pool = [pl.Card(rank, suit) for rank in ranks for suit in pl.Suit]
        hand = draw(st.lists(st.sampled_from(pool), min_size=5, max_size=5, unique=True))
    elif kind == "flush":
        suit = draw(st.sampled_from(list(pl.Suit)))
        ranks = draw(st.lists(st.sampled_from(list(pl.Rank)), min_size=5, max_size=5, unique=True))
        hand = [pl.Card(rank, suit) for rank in ranks]
    else:
        step = 1 if kind == "sequence" else 2
        start = draw(st.integers(0, 13 - 4 * step))
        suits = draw(st.lists(st.sampled_from(list(pl.Suit)), min_size=5, max_size=5))
        hand = [pl.Card(rank, suit) for rank, suit in zip(_run(start, step), suits, strict=True)]
    if joker and pl.JOKER not in hand and draw(st.booleans()):
        hand[draw(st.integers(0, 4))] = pl.JOKER
    return tuple(hand)


LADDER: tuple[Hand, ...] = tuple(
    pl.parse_cards(text)
    for text in (
        "2c 3d 4h 5s 7c",
        "Ac Kd Qh Js 9c",
        "2c 2d 3h 4s 5c",
        "Ac Ad Kh Qs Jc",
        "2c 2d 3h 3s 4c",
        "Ac Ad Kh Ks Qc",
        "Kc Kd Qh Qs Jc",
        "Jc Jd Qh Qs Kc",
        "2c 2d 2h 3s 4c",
        "Ac Ad Ah Ks Qc",
        "Ac 3d 5h 7s 9c",
        "5c 7d 9h Js Kc",
        "Ac 2d 3h 4s 5c",
        "9c Td Jh Qs Kc",
        "Tc Jd Qh Ks Ac",
        "2c 4c 6c 8c Tc",
        "2h 4h 6h 8h Th",
        "2c 2d 2h 3s 3c",
        "Ac Ad Ah Ks Kc",
        "2c 2d 2h 2s 3c",
        "Ac 2c 3c 4c 5c",
        "9h Th Jh Qh Kh",
    )
)
"""Fixed hands of every category, low and high in each, the variants' hands among them:
every drawn hand is also compared with each of these."""


def _cmp(a: pl.HandValue, b: pl.HandValue) -> int:
    return (a > b) - (a < b)


def _with_suits(hand: Hand, mapping: dict[pl.Suit, pl.Suit]) -> Hand:
    return tuple(
        card if card.suit is None or card.rank is None else pl.Card(card.rank, mapping[card.suit])
        for card in hand
    )


def _suit_maps(*, fix_hearts: bool) -> SearchStrategy[dict[pl.Suit, pl.Suit]]:
    moved = [suit for suit in pl.Suit if not (fix_hearts and suit is pl.Suit.HEARTS)]
    fixed = {pl.Suit.HEARTS: pl.Suit.HEARTS} if fix_hearts else {}
    return st.permutations(moved).map(
        lambda image: {**fixed, **dict(zip(moved, image, strict=True))}
    )


@given(
    hands=st.lists(interesting_hands(joker=True), min_size=2, max_size=12),
    rules=ps.hand_rules(),
)
def test_law_65_hands_form_a_total_preorder(hands: list[Hand], rules: pl.HandRules) -> None:
    """Law 65: any two hands compare one way only; ties and order are transitive; equal
    values hash equal, and a higher category always wins."""
    values = [pl.evaluate(hand, rules) for hand in hands]
    for a, b in itertools.product(values, [*values, *(pl.evaluate(h, rules) for h in LADDER)]):
        assert [a < b, a == b, a > b].count(True) == 1, (a, b)
        assert (a <= b) == (a < b or a == b)
        if a == b:
            assert hash(a) == hash(b)
        if a.category < b.category:
            assert a < b, (a, b)
    for a, b, c in itertools.permutations(values, 3):
        if a <= b <= c:
            assert a <= c, (a, b, c)
        if a == b == c:
            assert a == c
    ordered = sorted(values)
    assert all(x <= y for x, y in itertools.pairwise(ordered))


@given(
    hand=interesting_hands(joker=True), rules=ps.hand_rules(), mapping=_suit_maps(fix_hearts=True)
)
def test_law_69_suits_other_than_hearts_never_matter(
    hand: Hand, rules: pl.HandRules, mapping: dict[pl.Suit, pl.Suit]
) -> None:
    """Laws 69-70: clubs, diamonds and spades are equal, so swapping them never changes a
    hand's value, under every combination of switches, Joker included."""
    assert pl.evaluate(_with_suits(hand, mapping), rules) == pl.evaluate(hand, rules)


def _ranks(hand: Hand) -> list[pl.Rank | None]:
    return sorted((card.rank for card in hand), key=lambda rank: -1 if rank is None else rank)


@st.composite
def _rivals(draw: st.DrawFn) -> tuple[Hand, Hand]:
    """Two hands; half the time the second is the first in other suits, an exact tie in
    everything but suits."""
    first = draw(interesting_hands())
    if draw(st.booleans()):
        return first, _with_suits(first, draw(_suit_maps(fix_hearts=False)))
    return first, draw(interesting_hands())


@given(
    rivals=_rivals(),
    rules=ps.hand_rules(heart_flushes_first=False, heart_sequences_first=False),
    mapping=_suit_maps(fix_hearts=False),
)
def test_law_69_with_the_heart_switches_off_hearts_break_only_exact_ties(
    rivals: tuple[Hand, Hand], rules: pl.HandRules, mapping: dict[pl.Suit, pl.Suit]
) -> None:
    """With ``heart_flushes_first=False`` and ``heart_sequences_first=False`` (and no Joker):

    - a hand that is neither a flush nor a sequence flush keeps its value under any
      permutation of the four suits, hearts included;
    - the order of two hands can change under such a permutation only when they are in the
      same category, FLUSH or SEQUENCE_FLUSH, with the same ranks: the one exact tie hearts
      still break (the description's "other things being equal"; Ambiguities 8 and 9);
    - and there it is broken so: a heart hand beats an equal one of another suit, and two
      such hands in suits other than hearts tie (Law 76).
    """
    first, second = rivals
    for other in (second, *LADDER):
        _check_hearts(first, other, rules, mapping)


def _check_hearts(
    first: Hand, second: Hand, rules: pl.HandRules, mapping: dict[pl.Suit, pl.Suit]
) -> None:
    a, b = pl.evaluate(first, rules), pl.evaluate(second, rules)
    a2 = pl.evaluate(_with_suits(first, mapping), rules)
    b2 = pl.evaluate(_with_suits(second, mapping), rules)
    suited = (C.FLUSH, C.SEQUENCE_FLUSH)
    if a.category not in suited:
        assert a2 == a
    exact_tie = (
        a.category == b.category and a.category in suited and _ranks(first) == _ranks(second)
    )
    if not exact_tie:
        assert _cmp(a2, b2) == _cmp(a, b), (first, second, mapping)
        return
    hearts = [hand[0].suit is pl.Suit.HEARTS for hand in (first, second)]
    if hearts == [True, False]:
        assert a > b, (first, second)
    elif hearts == [False, True]:
        assert a < b, (first, second)
    else:
        assert a == b, (first, second)


def _variant_pairs(switch: str) -> SearchStrategy[tuple[pl.HandRules, pl.HandRules]]:
    """The same hand rules with ``switch`` off, then on; every other switch drawn."""
    fixed: dict[str, bool] = {switch: False}
    return ps.hand_rules(**fixed).map(lambda off: (off, attrs.evolve(off, **{switch: True})))


def _check_insertion(
    hands: list[Hand],
    off: pl.HandRules,
    on: pl.HandRules,
    new: pl.HandCategory,
    below: pl.HandCategory,
    above: pl.HandCategory,
    was: pl.HandCategory,
) -> None:
    """Switching the variant on (``off`` -> ``on``) adds ``new`` between ``below`` and
    ``above`` and changes nothing else; a natural hand of the new kind was ``was`` before."""
    before = [pl.evaluate(hand, off) for hand in hands]
    after = [pl.evaluate(hand, on) for hand in hands]
    assert all(value.category != new for value in before), "the variant's hand arose while off"
    for i, j in itertools.combinations(range(len(hands)), 2):
        x, y = after[i], after[j]
        if x.category != new and y.category != new:
            assert _cmp(x, y) == _cmp(before[i], before[j]), (hands[i], hands[j])
        for inserted, other in ((x, y), (y, x)):
            if inserted.category == new and other.category != new:
                if other.category <= below:
                    assert inserted > other
                if other.category >= above:
                    assert inserted < other
    for hand, value in zip(hands, after, strict=True):
        if value.category == new and pl.JOKER not in hand:
            assert pl.evaluate(hand, off).category == was


@given(
    hands=st.lists(interesting_hands(joker=True), min_size=2, max_size=12),
    rules=_variant_pairs("blaze"),
)
def test_the_blaze_only_enters_between_two_pairs_and_triplets(
    hands: list[Hand], rules: tuple[pl.HandRules, pl.HandRules]
) -> None:
    """Modifications: the Blaze ranks above two pairs and below threes; switching it on
    changes the order of no two hands that are not blazes."""
    _check_insertion(
        [*hands, *LADDER],
        *rules,
        new=C.BLAZE,
        below=C.TWO_PAIRS,
        above=C.TRIPLETS,
        was=C.TWO_PAIRS,
    )


@given(
    hands=st.lists(interesting_hands(joker=True), min_size=2, max_size=12),
    rules=_variant_pairs("skip_sequence"),
)
def test_the_skip_sequence_only_enters_between_triplets_and_sequences(
    hands: list[Hand], rules: tuple[pl.HandRules, pl.HandRules]
) -> None:
    """Glossary (Ambiguity 23): the skip sequence ranks above threes and below a sequence;
    switching it on changes the order of no two hands that are not skip sequences."""
    _check_insertion(
        [*hands, *LADDER],
        *rules,
        new=C.SKIP_SEQUENCE,
        below=C.TRIPLETS,
        above=C.SEQUENCE,
        was=C.NO_PAIR,
    )


@given(
    hands=st.lists(interesting_hands(joker=True), min_size=1, max_size=8),
    rules=ps.hand_rules(),
    as_list=st.booleans(),
)
def test_evaluate_cache_the_fast_path_is_the_plain_path_and_orders_as_the_reference(
    hands: list[Hand], rules: pl.HandRules, as_list: bool
) -> None:
    """Under every combination of switches, for natural and Joker hands, as tuples or lists,
    met once or again, and with the rules built afresh: evaluate gives the plain path's value,
    and orders the hands as the independent reference does."""
    fresh = attrs.evolve(rules)
    values = []
    for hand in [*hands, *hands]:
        passed = list(hand) if as_list else hand
        value = pl.evaluate(passed, rules)
        assert value is hands_module._evaluate_plain(hand, rules), pl.format_cards(hand)
        assert pl.evaluate(passed, fresh) is value
        values.append(value)
    keys = [reference_key(hand, rules) for hand in [*hands, *hands]]
    for (a, key_a), (b, key_b) in itertools.product(zip(values, keys, strict=True), repeat=2):
        assert (a < b) == (key_a < key_b)
        assert (a == b) == (key_a == key_b)
