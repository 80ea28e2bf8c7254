"""The Hands (Laws 65-76) and the agreed Modifications (Law 81): the value of a hand.

Examples restate each law; the reference evaluator in ``tests/reference_hands.py``, written
apart from ``pokerlaws.hands``, checks the whole order on every rank pattern, on a large
random sample and (with ``-m slow``) on every one of the 2,598,960 hands.
"""

from __future__ import annotations

import copy
import functools
import itertools
import pickle
import random
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

import attrs
import hypothesis.strategies as st
import pytest
from hypothesis import given

import pokerlaws as pl
import pokerlaws.hands as hands_module
from pokerlaws import JOKER, Card, HandCategory, HandRules, HandValue, Rank, Suit, evaluate
from tests.reference_hands import CATEGORIES, reference_key

C = HandCategory
PEEL = HandRules()
PACK = pl.standard_deck()

VARIANTS = {
    "peel": PEEL,
    "blaze": HandRules(blaze=True),
    "skip": HandRules(skip_sequence=True),
    "ace_high": HandRules(ace_high_sequences=True),
    "hearts_break_ties": HandRules(heart_flushes_first=False),
    "heart_top_card": HandRules(heart_sequences_first=True),
    "all": HandRules(
        blaze=True,
        skip_sequence=True,
        ace_high_sequences=True,
        heart_flushes_first=False,
        heart_sequences_first=True,
    ),
}


def v(text: str, rules: HandRules = PEEL) -> HandValue:
    return evaluate(pl.parse_cards(text), rules)


# -- the reference comparison -------------------------------------------------------------


def assert_matches_reference(hands: Iterable[Sequence[Card]], rules: HandRules) -> int:
    """Check that evaluate orders the hands exactly as the reference; return how many keys.

    Equal reference keys must give one strength, and strengths must rise strictly with the
    keys: then ``evaluate(a) < evaluate(b)`` iff ``ref(a) < ref(b)``, and equality agrees.
    """
    strength_of: dict[tuple[int, ...], int] = {}
    for hand in hands:
        key = _reference_key(tuple(hand), rules) if JOKER in hand else reference_key(hand, rules)
        value = evaluate(hand, rules)
        assert value.category.name == CATEGORIES[key[0]], pl.format_cards(hand)
        known = strength_of.setdefault(key, value.strength)
        assert known == value.strength, f"{pl.format_cards(hand)} should equal a hand of {key}"
    keys = sorted(strength_of)
    for low, high in itertools.pairwise(keys):
        assert strength_of[low] < strength_of[high], f"{low} should lose to {high}"
    return len(keys)


@functools.lru_cache(maxsize=20_000)
def _reference_key(hand: tuple[Card, ...], rules: HandRules) -> tuple[int, ...]:
    """The reference key of a Joker hand (52 namings tried), kept: the Joker tests below
    meet the same hands again, in lists and under the same rules."""
    return reference_key(hand, rules)


def every_rank_pattern(rng: random.Random) -> Iterator[tuple[Card, ...]]:
    """Hands covering every value under any HandRules: each multiset of five ranks with
    random suits, and each five different ranks as a flush in every suit and with each card
    in turn the only heart (so whichever card tops a sequence, it is once a heart)."""
    for ranks in itertools.combinations_with_replacement(list(Rank), 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        hand = [
            Card(rank, suit) for rank, n in counts.items() for suit in rng.sample(list(Suit), n)
        ]
        rng.shuffle(hand)
        yield tuple(hand)
        if len(counts) == 5:
            for suit in Suit:
                yield tuple(Card(rank, suit) for rank in ranks)
            others = [Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES]
            for heart in range(5):
                yield tuple(
                    Card(rank, Suit.HEARTS if i == heart else others[i % 3])
                    for i, rank in enumerate(ranks)
                )


def joker_hands(rng: random.Random, count: int) -> list[tuple[Card, ...]]:
    """Hands with the Joker: every four-rank pattern once, then four-card flushes, shuffled."""
    hands = []
    for ranks in itertools.combinations_with_replacement(list(Rank), 4):
        counts = Counter(ranks)
        hands.append(
            (JOKER, *(Card(r, s) for r, n in counts.items() for s in rng.sample(list(Suit), n)))
        )
        if len(counts) == 4:
            suit = rng.choice(list(Suit))
            hands.append((JOKER, *(Card(r, suit) for r in ranks)))
    rng.shuffle(hands)
    return hands[:count]


@functools.cache
def rank_patterns(seed: int, step: int = 1) -> tuple[tuple[Card, ...], ...]:
    """Every ``step``-th hand of ``every_rank_pattern(random.Random(seed))``, made once and
    shared by the tests (and the variants) that check the same hands."""
    return tuple(itertools.islice(every_rank_pattern(random.Random(seed)), 0, None, step))


# How many different values the whole pack holds under each rules: Peel's 6,838 (see
# VALUES_PER_CATEGORY below); the Blaze adds KKQQJ, KKQJJ and KQQJJ; the skip sequence and
# ace-high sequences only move rank sets between categories; hearts breaking flush ties keeps
# two values per rank set; a heart top card splits each of the nine sequences.
DISTINCT_VALUES = {
    "peel": 6838,
    "blaze": 6841,
    "skip": 6838,
    "ace_high": 6838,
    "hearts_break_ties": 6838,
    "heart_top_card": 6847,
    "all": 6851,
}


# The reference is slow (pure Python, a Joker tried as each card): Peel's rules and all the
# switches on are compared by default, each switch alone with ``-m slow``.
BY_REFERENCE = [
    name if name in ("peel", "all") else pytest.param(name, marks=pytest.mark.slow)
    for name in VARIANTS
]


@pytest.mark.parametrize("name", BY_REFERENCE)
def test_evaluate_matches_the_reference_on_every_rank_pattern(name: str) -> None:
    """Equal hands share and better hands win exactly as the laws say, under each variant,
    on hands that reach every value the pack can make."""
    hands = rank_patterns(65)
    assert assert_matches_reference(hands, VARIANTS[name]) == DISTINCT_VALUES[name]


def test_evaluate_matches_the_reference_on_random_hands() -> None:
    """On 25,000 random hands the order is the reference order (Peel's rules); every hand of
    the pack is compared with ``-m slow``."""
    rng = random.Random(76)
    hands = [tuple(rng.sample(PACK, 5)) for _ in range(25_000)]
    assert assert_matches_reference(hands, PEEL) > 4000


def test_evaluate_cache_every_way_of_passing_a_hand_gives_one_value() -> None:
    """Every way of passing a hand gives the same value (tuple, list, iterator, equal rules)."""
    rng = random.Random(7)
    for hand in itertools.islice(every_rank_pattern(rng), 0, None, 7):
        value = evaluate(hand)
        assert evaluate(list(hand)) is value
        assert evaluate(iter(hand)) is value
        assert evaluate(hand, HandRules()) is value


@pytest.mark.parametrize("name", BY_REFERENCE)
def test_law_81_joker_values_match_the_reference(name: str) -> None:
    """With the Joker a hand takes its best naming and beats the natural hand it matches,
    under each variant; the second time a Joker hand is met (from its table) as the first."""
    rules = VARIANTS[name]
    hands = joker_hands(random.Random(81), 600 if name in ("peel", "all") else 200)
    naturals = rank_patterns(1, 5)
    assert assert_matches_reference([*hands, *naturals], rules) > 1000
    assert assert_matches_reference([*hands, *(list(hand) for hand in hands)], rules) > 100


EVERY_RULES = [
    HandRules(**dict(zip(hands_module._SWITCHES, switches, strict=True)))
    for switches in itertools.product([False, True], repeat=len(hands_module._SWITCHES))
]
# Each rules builds its own fast tables (a fraction of a second): the default suite checks
# the rules of VARIANTS, each switch alone and all together; ``-m slow`` all 32.
QUICK_RULES = set(VARIANTS.values())


@functools.cache
def _fast_path_hands(seed: int) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Natural hands reaching every value and Joker hands, drawn from one seed (rules whose
    reprs are as long share them)."""
    rng = random.Random(seed)
    naturals = tuple(itertools.islice(every_rank_pattern(rng), 0, None, 3))
    return naturals, tuple(joker_hands(rng, 150))


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(rules, marks=() if rules in QUICK_RULES else pytest.mark.slow)
        for rules in EVERY_RULES
    ],
    ids=repr,
)
def test_evaluate_cache_fast_path_equals_the_plain_path_under_every_rules(
    rules: HandRules,
) -> None:
    """Under each of the 32 combinations of switches, evaluate gives the value the plain
    path (no fast table, no Joker table) gives: tuples, lists and other iterables, natural
    hands reaching every value and Joker hands met once and again, and the rules passed as
    built here or as a fresh equal object."""
    naturals, jokers = _fast_path_hands(len(repr(rules)))
    fresh = attrs.evolve(rules)
    for hand in [*naturals, *jokers, *jokers]:
        expected = hands_module._evaluate_plain(hand, rules)
        assert evaluate(hand, rules) is expected, pl.format_cards(hand)
        assert evaluate(list(hand), fresh) is expected, pl.format_cards(hand)
        assert evaluate(iter(hand), rules) is expected, pl.format_cards(hand)


def test_evaluate_cache_equal_rules_share_one_set_of_tables() -> None:
    """The tables are found by value: rules built afresh, evolved, copied or unpickled
    value hands from the same tables as the first equal rules did."""
    hand = pl.parse_cards("Kh Kd Qc Qs Jh")
    first = evaluate(hand, HandRules(blaze=True))
    for rules in (
        HandRules(blaze=True),
        attrs.evolve(HandRules(), blaze=True),
        copy.deepcopy(HandRules(blaze=True)),
        pickle.loads(pickle.dumps(HandRules(blaze=True))),
    ):
        assert rules == HandRules(blaze=True)
        assert evaluate(hand, rules) is first
    assert first.category is C.BLAZE


def test_evaluate_cache_the_joker_table_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table of Joker hands met holds a bounded number of hands per rules; emptied when
    full, it still gives the right values."""
    monkeypatch.setattr(hands_module, "_JOKER_TABLE_SIZE", 8)
    rules = HandRules(skip_sequence=True, ace_high_sequences=True)
    hands = joker_hands(random.Random(8), 40)
    for hand in [*hands, *hands]:
        assert evaluate(hand, rules) is hands_module._evaluate_plain(hand, rules)
        assert len(hands_module._tables_for(rules).joker) <= 8


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rules", "values"), [(PEEL, 6838), (VARIANTS["all"], 6851)], ids=["peel", "all"]
)
def test_evaluate_matches_the_reference_on_every_hand(rules: HandRules, values: int) -> None:
    """All 2,598,960 hands of the pack rank exactly as the reference ranks them (about 30 s
    for each rules)."""
    assert assert_matches_reference(itertools.combinations(PACK, 5), rules) == values


# Golden counts over the whole pack under Peel's rules: hands of each kind, and distinct
# values of each kind (hands with equal values share the pool, Law 76). With the ace low
# only there are nine sequences (A-5 to 9-K); 10-J-Q-K-A is merely a flush or no pair.
HANDS_PER_CATEGORY = {
    C.SEQUENCE_FLUSH: 36,
    C.FOURS: 624,
    C.FULL: 3744,
    C.FLUSH: 5112,
    C.SEQUENCE: 9180,
    C.TRIPLETS: 54912,
    C.TWO_PAIRS: 123552,
    C.PAIR: 1098240,
    C.NO_PAIR: 1303560,
}
VALUES_PER_CATEGORY = {
    C.SEQUENCE_FLUSH: 18,  # nine top cards, in hearts or not
    C.FOURS: 13,
    C.FULL: 13,  # the pair is ignored
    C.FLUSH: 2556,  # 1,278 rank sets, in hearts or not
    C.SEQUENCE: 9,  # equal sequences share
    C.TRIPLETS: 13,
    C.TWO_PAIRS: 78,  # the fifth card is never consulted
    C.PAIR: 2860,  # the side cards count
    C.NO_PAIR: 1278,
}


def test_law_65_counts_of_every_hand_in_the_pack() -> None:
    """Over the whole pack, each kind of hand and each distinct value occur as often as the
    laws imply (golden counts, Peel's rules)."""
    hands: Counter[HandCategory] = Counter()
    values: set[HandValue] = set()
    for hand in itertools.combinations(PACK, 5):
        value = evaluate(hand)
        hands[value.category] += 1
        values.add(value)
    assert hands == HANDS_PER_CATEGORY
    assert Counter(value.category for value in values) == VALUES_PER_CATEGORY
    assert max(values) == v("9h Th Jh Qh Kh")  # Law 71: nine to king in hearts is the best


# -- Law 65: the order of hands -------------------------------------------------------------

ONE_OF_EACH = [
    ("Ks Tc 8h 5d 3c", C.NO_PAIR),
    ("4h 4d Kc 9s 2c", C.PAIR),
    ("Ah Ad 2c 2s 3h", C.TWO_PAIRS),
    ("2h 2d 2c 9s 4c", C.TRIPLETS),
    ("Ah 2d 3c 4s 5c", C.SEQUENCE),
    ("2c 3c 4c 5c 7c", C.FLUSH),
    ("2h 2d 2c 3s 3c", C.FULL),
    ("2h 2d 2c 2s 3c", C.FOURS),
    ("As 2s 3s 4s 5s", C.SEQUENCE_FLUSH),
]


def test_law_65_hands_rank_in_order() -> None:
    """A sequence flush beats fours, fours a full, a full a flush, a flush a sequence, a
    sequence threes, threes two pairs, two pairs a pair, and a pair no pair."""
    values = [v(text) for text, _ in ONE_OF_EACH]
    assert [value.category for value in values] == [category for _, category in ONE_OF_EACH]
    assert values == sorted(values)
    assert len(set(values)) == len(values)


def test_law_65_agreed_extras_slot_between_two_pairs_and_a_sequence() -> None:
    """With the extras agreed: two pairs < blaze < threes < skip sequence < sequence."""
    rules = HandRules(blaze=True, skip_sequence=True)
    ladder = [
        "Ah Ad Kc Ks Qh",
        "Kh Kd Qc Qs Jh",
        "2h 2d 2c 3s 4c",
        "2c 4d 6h 8s Tc",
        "Ah 2d 3c 4s 5c",
    ]
    values = [v(text, rules) for text in ladder]
    assert [value.category for value in values] == [
        C.TWO_PAIRS,
        C.BLAZE,
        C.TRIPLETS,
        C.SKIP_SEQUENCE,
        C.SEQUENCE,
    ]
    assert values == sorted(values)


# -- Law 66: sequence flushes ---------------------------------------------------------------


def test_law_66_higher_top_card_wins_between_sequence_flushes() -> None:
    """Between sequence flushes the one with the highest card wins."""
    assert v("8c 9c Tc Jc Qc") > v("7d 8d 9d Td Jd")
    assert v("9s Ts Js Qs Ks").describe() == "sequence flush, nine to king"


def test_law_66_ace_counts_lowest_in_a_sequence_flush() -> None:
    """In a sequence flush the ace counts lowest: ace to five loses to two to six."""
    assert v("As 2s 3s 4s 5s") < v("2d 3d 4d 5d 6d")
    assert v("As 2s 3s 4s 5s").describe() == "sequence flush, ace to five"


def test_law_66_hearts_break_an_exact_tie_between_sequence_flushes() -> None:
    """Between otherwise equal sequence flushes the heart one wins (hearts, other things
    being equal); the other suits share."""
    assert v("9h Th Jh Qh Kh") > v("9s Ts Js Qs Ks") == v("9c Tc Jc Qc Kc")
    assert v("9h Th Jh Qh Kh").describe() == "sequence flush in hearts, nine to king"
    assert v("8h 9h Th Jh Qh") < v("9s Ts Js Qs Ks")


# -- Law 67: fours ---------------------------------------------------------------------------


def test_law_67_higher_fours_win() -> None:
    """Between fours the highest four wins, aces best."""
    assert v("Ac Ad Ah As 2c") > v("Kc Kd Kh Ks Qc") > v("2c 2d 2h 2s Ac")


def test_law_67_odd_card_counts_for_nothing() -> None:
    """The fifth card of fours is ignored (compared across packs)."""
    assert v("Kc Kd Kh Ks 2c") == v("Kc Kd Kh Ks Ac")
    assert v("Kc Kd Kh Ks 2c").describe() == "four kings"


# -- Law 68: full hands ----------------------------------------------------------------------


def test_law_68_full_hands_compare_by_their_threes() -> None:
    """Between fulls the highest three wins: three tens and two fours beat three nines and
    two kings."""
    assert v("Tc Td Th 4s 4c") > v("9c 9d 9h Ks Kc")


def test_law_68_pair_of_a_full_is_ignored() -> None:
    """The pair of a full hand is never consulted (compared across packs)."""
    assert v("9c 9d 9h Ks Kc") == v("9c 9d 9h 2s 2c")


# -- Law 69: flushes -------------------------------------------------------------------------


def test_law_69_heart_flush_beats_any_other_flush() -> None:
    """A flush in hearts is the best flush, whatever the cards of the others."""
    assert v("2h 3h 4h 5h 7h") > v("As Ks Qs Js 9s")
    assert v("2h 3h 4h 5h 7h").describe() == "a flush in hearts, seven, five, four, three, two"


def test_law_69_heart_flushes_compare_card_by_card() -> None:
    """Between two heart flushes the highest card not matched in the other wins."""
    assert v("Ah Kh 9h 5h 3h") > v("Ah Kh 9h 5h 2h") > v("Ah Qh Jh 9h 8h")


def test_law_69_other_flushes_compare_from_the_highest_card() -> None:
    """Between flushes not in hearts, the highest card not matched in the other wins, and
    clubs, diamonds and spades are equal."""
    assert v("Ac Qc 9c 6c 3c") > v("Ad Qd 9d 6d 2d") > v("Ks Qs Js 9s 8s")
    assert v("Ac Qc 9c 6c 3c") == v("Ad Qd 9d 6d 3d") == v("As Qs 9s 6s 3s")


def test_law_69_description_reading_lets_hearts_break_exact_ties_only() -> None:
    """With the description's reading (Ambiguity 8), flushes compare by their cards and a
    heart flush wins only an otherwise exact tie."""
    rules = HandRules(heart_flushes_first=False)
    assert v("2h 3h 4h 5h 7h", rules) < v("As Ks Qs Js 9s", rules)
    assert v("Ah Qh 9h 6h 3h", rules) > v("As Qs 9s 6s 3s", rules) == v("Ac Qc 9c 6c 3c", rules)
    assert v("Ah Qh 9h 6h 3h", rules) < v("As Ks 9s 6s 3s", rules)


# -- Law 70: sequences -----------------------------------------------------------------------


def test_law_70_higher_sequence_wins() -> None:
    """Between sequences the one with the highest card wins."""
    assert v("9c Td Jh Qs Kc") > v("8c 9d Th Js Qc") > v("Ac 2d 3h 4s 5c")


def test_law_70_equal_sequences_share() -> None:
    """Sequences of equal value share the pool: a plain sequence is not 'in hearts'
    (Ambiguity 9, reading (a))."""
    assert v("9c Td Jh Qs Kh") == v("9h Td Jc Qs Kc")


def test_law_70_heart_top_card_wins_when_agreed() -> None:
    """With reading (b) agreed, the sequence whose top card is a heart wins an exact tie."""
    rules = HandRules(heart_sequences_first=True)
    assert v("9c Td Jc Qs Kh", rules) > v("9h Th Jh Qh Kc", rules)
    assert v("Ac 2d 3c 4s 5h", rules) > v("Ah 2h 3c 4s 5d", rules)  # the five tops A-5
    assert v("8c 9d Tc Js Qh", rules) < v("9c Td Jc Qs Kd", rules)
    assert str(v("9c Td Jc Qs Kh", rules)) == "a sequence, nine to king, the top card a heart"


# -- Law 71: the ace in sequences ------------------------------------------------------------


def test_law_71_ace_may_begin_a_sequence() -> None:
    """The ace may begin a sequence, ace to five, the lowest sequence."""
    low = v("Ac 2d 3h 4s 5c")
    assert low.category is C.SEQUENCE
    assert low < v("2c 3d 4h 5s 6c")
    assert low.describe() == "a sequence, ace to five"


def test_law_71_ace_cannot_end_a_sequence() -> None:
    """The ace may not follow the king: ten to ace is no sequence (a flush if suited)."""
    assert v("Tc Jd Qh Ks Ac").category is C.NO_PAIR
    assert v("Ah Kh Qh Jh Th").category is C.FLUSH


def test_law_71_no_sequence_turns_the_corner() -> None:
    """King, ace, two, three, four is no sequence."""
    assert v("Kc Ad 2h 3s 4c").category is C.NO_PAIR
    assert v("Qc Kd Ah 2s 3c").category is C.NO_PAIR


def test_law_71_nine_to_king_is_the_highest_sequence() -> None:
    """Nine to king is the highest sequence; ten to ace is not one at all."""
    sequences = [v(f"{a}c {b}d {c}h {d}s {e}c") for a, b, c, d, e in _RUNS]
    assert max(sequences) == v("9c Td Jh Qs Kc")
    assert min(sequences) == v("Ac 2d 3h 4s 5c")
    assert len(set(sequences)) == 9


_RUNS = [tuple("A23456789TJQK"[low + i] for i in range(5)) for low in range(9)]


def test_law_71_ace_high_variant_makes_ten_to_ace_the_top() -> None:
    """With the American custom agreed, ten to ace is the top sequence, ace to five is still
    the lowest, and king, ace, two, three, four is still nothing."""
    rules = HandRules(ace_high_sequences=True)
    top = v("Tc Jd Qh Ks Ac", rules)
    assert top.category is C.SEQUENCE
    assert top > v("9c Td Jh Qs Kc", rules) > v("Ac 2d 3h 4s 5c", rules)
    assert v("Ac 2d 3h 4s 5c", rules).category is C.SEQUENCE
    assert v("Kc Ad 2h 3s 4c", rules).category is C.NO_PAIR
    assert v("Ts Js Qs Ks As", rules).describe() == "sequence flush, ten to ace"


# -- Law 72: threes --------------------------------------------------------------------------


def test_law_72_higher_threes_win() -> None:
    """Between threes the highest three wins, aces highest."""
    assert v("Ac Ad Ah 2s 3c") > v("Kc Kd Kh Qs Jc") > v("2c 2d 2h As Kc")


def test_law_72_odd_cards_count_for_nothing_with_threes() -> None:
    """The two odd cards beside threes are ignored (compared across packs)."""
    assert v("7c 7d 7h As Kc") == v("7c 7d 7h 2s 3c")
    assert v("7c 7d 7h As Kc").describe() == "three sevens"


# -- Law 73: two pairs -----------------------------------------------------------------------


def test_law_73_highest_pair_decides_first() -> None:
    """Between two pairs the hand with the highest pair wins."""
    assert v("Kc Kd 2h 2s 3c") > v("Qc Qd Jh Js Ac")


def test_law_73_other_pair_decides_next() -> None:
    """If the highest pairs are equal the other pair decides."""
    assert v("Kc Kd 5h 5s 2c") > v("Kh Ks 4h 4s Ac")


def test_law_73_fifth_card_never_consulted() -> None:
    """Two pairs equal in both pairs tie, whatever the fifth card."""
    assert v("Kc Kd 5h 5s 2c") == v("Kh Ks 5c 5d Ac")
    assert v("Kc Kd 5h 5s 2c").describe() == "two pairs, kings and fives"


# -- Law 74: pairs ---------------------------------------------------------------------------


def test_law_74_higher_pair_wins() -> None:
    """Between pairs the higher pair wins."""
    assert v("Ac Ad 2h 3s 4c") > v("Kc Kd Qh Js 9c")


def test_law_74_side_cards_decide_equal_pairs() -> None:
    """If the pairs are equal the highest card not matched in the other hand wins."""
    assert v("Jc Jd Ah 9s 4c") > v("Jh Js Kh Qs Tc")
    assert v("Jc Jd Ah 9s 4c") > v("Jh Js Ad 8s 7c")
    assert v("Jc Jd Ah 9s 4c") > v("Jh Js Ad 9c 3c")
    assert v("Jc Jd Ah 9s 4c") == v("Jh Js Ad 9c 4d")
    assert v("Jc Jd Ah 9s 4c").describe() == "a pair of knaves, ace, nine, four"


# -- Law 75: no pair -------------------------------------------------------------------------


def test_law_75_no_pair_compared_card_by_card() -> None:
    """With no pair, the highest card not matched in the other hand wins."""
    assert v("Ac 9d 7h 4s 3c") > v("Kc Qd Jh 9s 7c")
    assert v("Ac 9d 7h 4s 3c") > v("Ad 9c 7s 4h 2c")
    assert v("Ac 9d 7h 4s 3c") == v("Ad 9c 7s 4h 3d")
    assert v("Ac 9d 7h 4s 3c").describe() == "no pair, ace, nine, seven, four, three"


# -- Law 76: equal hands share ---------------------------------------------------------------


def test_law_76_equal_hands_share() -> None:
    """Hands of identical value are equal values: equal, hashed alike, described alike."""
    a, b = v("Jc Jd Ah 9s 4c"), v("Jh Js Ad 9c 4d")
    assert a == b
    assert not a < b
    assert not b < a
    assert a <= b
    assert a >= b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1
    assert str(a) == str(b)


def test_law_76_no_suit_breaks_ties_outside_flushes_and_sequences() -> None:
    """No law lets hearts decide between fours, fulls, threes, pairs or no-pair hands."""
    assert v("Kc Kh Ah 9h 4h") == v("Kc Kd As 9c 4d")
    assert v("Ah Kh Qh Jh 9c") == v("As Ks Qs Js 9d")
    assert v("7h 7d 7c 2h 2s") == v("7h 7d 7s 2c 2d")


def test_hand_value_orders_by_strength_alone() -> None:
    """A value is ordered and hashed by its strength; the category is read from it."""
    value = v("4h 4d Kc 9s 2c")
    same = HandValue(value.strength)
    assert same == value
    assert same.category is C.PAIR
    assert hash(same) == hash(value)
    assert sorted([v("As 2s 3s 4s 5s"), value, v("Ks Tc 8h 5d 3c")]) == [
        v("Ks Tc 8h 5d 3c"),
        value,
        v("As 2s 3s 4s 5s"),
    ]
    assert (
        repr(value) == f"HandValue('a pair of fours, king, nine, two', strength={value.strength})"
    )
    with pytest.raises(ValueError, match="HandCategory"):
        HandValue(99 << 23)


def test_evaluate_equal_rules_give_equal_values() -> None:
    """A fresh HandRules() is Peel's rules: the same values as the default."""
    assert evaluate(pl.parse_cards("Jh Jd 4c 4s 9h"), HandRules()) == v("Jh Jd 4c 4s 9h")


# -- Law 81: the Blaze -----------------------------------------------------------------------

BLAZE = HandRules(blaze=True)


def test_law_81_blaze_beats_two_pairs_and_loses_to_threes() -> None:
    """By agreement five court cards make a Blaze, above two pairs and below threes."""
    blaze = v("Kh Kd Qc Qs Jh", BLAZE)
    assert blaze.category is C.BLAZE
    assert v("Ah Ad Kc Ks Qh", BLAZE) < blaze < v("2h 2d 2c 3s 4c", BLAZE)
    assert blaze.describe() == "a blaze, king, king, queen, queen, knave"


def test_law_81_blaze_is_off_unless_agreed() -> None:
    """Without the agreement five court cards are only two pairs (Law 81)."""
    assert v("Kh Kd Qc Qs Jh").category is C.TWO_PAIRS


def test_law_81_blaze_that_is_also_threes_counts_higher() -> None:
    """Court cards that make threes, a full or fours take that higher hand."""
    assert v("Kh Kd Kc Qs Jh", BLAZE).category is C.TRIPLETS
    assert v("Kh Kd Kc Qs Qh", BLAZE).category is C.FULL
    assert v("Kh Kd Kc Ks Qh", BLAZE).category is C.FOURS


def test_law_81_blazes_compare_card_by_card() -> None:
    """Between blazes the highest card not matched decides (Ambiguity 11)."""
    assert v("Kh Kd Qc Qs Jh", BLAZE) > v("Kc Ks Qh Jd Js", BLAZE) > v("Kd Qc Qh Jc Js", BLAZE)
    assert v("Kh Kd Qc Qs Jh", BLAZE) == v("Kc Ks Qh Qd Jc", BLAZE)


# -- Law 81: the skip sequence ---------------------------------------------------------------

SKIP = HandRules(skip_sequence=True)


def test_law_81_skip_sequence_beats_threes_and_loses_to_a_sequence() -> None:
    """By agreement five cards at intervals of two beat threes and lose to a sequence."""
    skip = v("2c 4d 6h 8s Tc", SKIP)
    assert skip.category is C.SKIP_SEQUENCE
    assert v("Ac Ad Ah Ks Qc", SKIP) < skip < v("Ac 2d 3h 4s 5c", SKIP)
    assert skip.describe() == "a skip sequence, two to ten"
    assert v("2c 4d 6h 8s Tc").category is C.NO_PAIR


def test_law_81_skip_sequence_takes_the_ace_low_only() -> None:
    """The ace may begin a skip sequence (A-3-5-7-9) but never end one, even when ace-high
    sequences are agreed (Ambiguity 23)."""
    assert v("Ac 3d 5h 7s 9c", SKIP).category is C.SKIP_SEQUENCE
    assert v("Ac 3d 5h 7s 9c", SKIP) < v("2c 4d 6h 8s Tc", SKIP)
    assert v("6c 8d Th Qs Ac", SKIP).category is C.NO_PAIR
    both = HandRules(skip_sequence=True, ace_high_sequences=True)
    assert v("6c 8d Th Qs Ac", both).category is C.NO_PAIR


def test_law_81_skip_sequence_in_one_suit_is_a_flush() -> None:
    """There is no skip-sequence flush: five suited cards at intervals of two are a flush."""
    assert v("2h 4h 6h 8h Th", SKIP) == v("2h 4h 6h 8h Th")
    assert v("2h 4h 6h 8h Th", SKIP).category is C.FLUSH


def test_law_81_skip_sequences_compare_by_top_card_then_share() -> None:
    """Skip sequences rank by their top card; equal ones share, hearts or not."""
    assert v("5c 7d 9h Js Kc", SKIP) > v("4c 6d 8h Ts Qc", SKIP)
    assert v("5h 7d 9h Js Kh", SKIP) == v("5c 7s 9d Jc Ks", SKIP)


# -- Law 81: the Joker -----------------------------------------------------------------------


def test_law_81_joker_takes_the_best_naming() -> None:
    """The Joker is whatever card its holder names: here the nine of hearts, for the best
    sequence flush, since ace-high sequences do not exist (Ambiguity 12)."""
    value = v("Jk Kh Qh Jh Th")
    assert value.category is C.SEQUENCE_FLUSH
    assert value > v("9h Th Jh Qh Kh")
    assert value.joker
    assert value.describe() == "sequence flush in hearts, nine to king, with the Joker"


def test_law_81_joker_cannot_make_five_of_a_kind() -> None:
    """The Joker may not name a card already held: four aces and the Joker are fours."""
    value = v("Ac Ad Ah As Jk")
    assert value.category is C.FOURS
    assert value > v("Ac Ad Ah As Kc")


def test_law_81_joker_beats_the_natural_card_it_names() -> None:
    """The Joker named the king of spades beats the real king of spades."""
    assert v("Jk Qd 9h 5c 3c") > v("Ks Qc 9d 5h 3d")
    assert v("Jk Qd 9h 5c 3c").category is C.PAIR  # it names a queen, not the king
    assert v("Jk 2d 2h 2c 2s") > v("2d 2h 2c 2s Ac")


def test_law_81_equal_joker_hands_share() -> None:
    """Two hands that both need the Joker for the same value tie."""
    assert v("Jk Qd 9h 5c 3c") == v("Jk Qs 9d 5h 3s")
    assert v("Jk Qd 9h 5c 3c") != v("Qs Qd 9h 5c 3c")


# -- Validation (Laws 1 and 7) -----------------------------------------------------------------


def test_evaluate_takes_five_cards() -> None:
    """A hand is five cards; any other number is refused, saying how many."""
    with pytest.raises(ValueError, match=r"^a hand is five cards, not 4: Jh Jd 4c 4s$"):
        v("Jh Jd 4c 4s")
    with pytest.raises(ValueError, match=r"^a hand is five cards, not 6: "):
        v("Jh Jd 4c 4s 9h 9d")
    with pytest.raises(ValueError, match=r"not 0"):
        evaluate([])
    with pytest.raises(ValueError, match=r"not 4"):
        evaluate(iter(pl.parse_cards("Jh Jd 4c 4s")))


@pytest.mark.parametrize(
    "text",
    [
        "Jh Jd 4c 4s 9h",
        "Jh Jd 4c 4s 4h",
        "Jh Jd Jc 4s 9h",
        "Jh 2d 4c 7s 9h",
        "Jh Jd Jc Js 9h",
        "Jh Jd 4c 9s Kh",
        "Jh Jd Jc 4s 4h",
    ],
)
def test_law_1_a_hand_cannot_repeat_a_card(text: str) -> None:
    """One pack holds each card once, so no hand repeats a card, at any two places."""
    cards = list(pl.parse_cards(text))
    for i, j in itertools.combinations(range(5), 2):
        for twin in (cards[i], PACK[PACK.index(cards[i])], Card(cards[i].rank, cards[i].suit)):
            hand = cards.copy()
            hand[j] = twin
            with pytest.raises(ValueError, match=rf"^the hand repeats {cards[i]}: "):
                evaluate(tuple(hand))
            with pytest.raises(ValueError, match=rf"^the hand repeats {cards[i]}: "):
                evaluate(hand, VARIANTS["all"])


def test_law_1_a_hand_cannot_hold_two_jokers() -> None:
    """There is one Joker in the pack."""
    with pytest.raises(ValueError, match=r"^the hand repeats Jk: "):
        v("Jk Jk 2c 3c 4c")


class _LookAlike:
    """Has a card's attributes, but is not a Card."""

    def __init__(self, rank: Rank, suit: Suit) -> None:
        self.rank = rank
        self.suit = suit


@pytest.mark.parametrize("odd", [None, "Ah", 14, _LookAlike(Rank.ACE, Suit.HEARTS)])
def test_evaluate_takes_only_cards(odd: object) -> None:
    """Only the pack's cards make a hand; nothing else is taken for one (a TypeError, naming
    the stranger), whatever the rules and however the hand is passed."""
    hand = [*pl.parse_cards("Kh Qh Jh Th"), odd]
    message = rf"^a hand holds only Cards, not {re.escape(repr(odd))} "
    for rules in VARIANTS.values():
        for passed in (tuple(hand), hand, iter(hand)):
            with pytest.raises(TypeError, match=message):
                evaluate(passed, rules)  # type: ignore[arg-type]


def test_evaluate_refuses_text_and_other_arguments() -> None:
    """Card text must be parsed first, a hand must be iterable, and the rules a HandRules."""
    for rules in VARIANTS.values():
        for text in ("Jh Jd 4c 4s 9h", b"Jh Jd 4c 4s 9h", "JhJd4c"):
            with pytest.raises(TypeError, match=r"^evaluate takes Cards, not text .*parse_cards"):
                evaluate(text, rules)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="iterable of five Cards, not int"):
            evaluate(5, rules)  # type: ignore[arg-type]
    hand = pl.parse_cards("Jh Jd 4c 4s 9h")
    for odd in ({"blaze": True}, None, "blaze", pl.Rules(ante=1, limit=2)):
        for passed in (hand, list(hand), iter(hand)):
            with pytest.raises(TypeError, match=r"^rules must be a HandRules, not "):
                evaluate(passed, odd)  # type: ignore[arg-type]


@pytest.mark.parametrize("switch", hands_module._SWITCHES)
@pytest.mark.parametrize("odd", ["no", "False", 0, 1, None, 1.0])
def test_hand_rules_switches_are_bools(switch: str, odd: object) -> None:
    """An agreed variant is on or off: a switch that is not a bool (``"no"``, 0) is refused,
    naming the switch and the value, and never read as on or off."""
    message = rf"^{switch} must be a bool, not {re.escape(repr(odd))}$"
    with pytest.raises(TypeError, match=message):
        HandRules(**{switch: odd})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=message):
        attrs.evolve(HandRules(), **{switch: odd})  # type: ignore[arg-type]


# -- Properties ------------------------------------------------------------------------------

RULES = st.builds(
    HandRules,
    blaze=st.booleans(),
    skip_sequence=st.booleans(),
    ace_high_sequences=st.booleans(),
    heart_flushes_first=st.booleans(),
    heart_sequences_first=st.booleans(),
)
HANDS = st.lists(
    st.sampled_from(pl.standard_deck(joker=True)), min_size=5, max_size=5, unique=True
)


@given(rules=RULES, a=HANDS, b=HANDS)
def test_evaluate_any_two_hands_compare_as_the_reference(
    rules: HandRules, a: list[Card], b: list[Card]
) -> None:
    """For any two hands, the better one, or a tie, is the one the laws pick."""
    ref_a, ref_b = reference_key(a, rules), reference_key(b, rules)
    value_a, value_b = evaluate(a, rules), evaluate(b, rules)
    assert (value_a < value_b) == (ref_a < ref_b)
    assert (value_a == value_b) == (ref_a == ref_b)


@given(
    rules=RULES,
    hand=HANDS,
    order=st.permutations(range(5)),
    suits=st.permutations([Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES]),
)
def test_evaluate_only_hearts_among_suits_and_no_order_matters(
    rules: HandRules, hand: list[Card], order: list[int], suits: list[Suit]
) -> None:
    """Clubs, diamonds and spades are interchangeable, and a hand's order is immaterial."""
    swap = dict(zip([Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES], suits, strict=True))
    swapped = [
        card if card.suit in (None, Suit.HEARTS) else Card(card.rank, swap[card.suit])
        for card in hand
    ]
    assert evaluate([swapped[i] for i in order], rules) == evaluate(hand, rules)


def test_the_demo_ranks_its_hands_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m pokerlaws hands`` prints the version, then hands from best to worst."""
    from pokerlaws.__main__ import main

    assert main(["hands", "--seed", "7"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"pokerlaws {pl.__version__}"
    values = [v(line[5:19]) for line in lines[2:]]
    assert len(values) == 18
    assert values == sorted(values, reverse=True)
    assert lines[2].startswith("  1. 9h Th Jh Qh Kh  sequence flush in hearts, nine to king")
