"""pokerlaws.batch.evaluate: many hands valued at once, held to pokerlaws.evaluate (Laws 65-76,
the Modifications, the Joker of Law 81).

The batch values must be the core's strengths (so they order the hands exactly as the core
does, and tie exactly where Law 76 shares): on random hands under every combination of the
HandRules switches, with and without the Joker, on hands drawn to be flushes and sequences
(where suits count), on edge hands named by their law, and (with ``-m slow``) on every hand
of the pack and every hand of four cards and the Joker.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from tests.skips import extra_reason

np = pytest.importorskip("numpy", reason=extra_reason("numpy", "batch"))

import pokerlaws as pl  # noqa: E402
from pokerlaws import JOKER, HandCategory, HandRules  # noqa: E402
from pokerlaws.agents import card_code  # noqa: E402
from pokerlaws.batch import hands as batch_hands  # noqa: E402
from pokerlaws.batch.hands import evaluate  # noqa: E402

C = HandCategory
PEEL = HandRules()
_CARDS = {card_code(card): card for card in pl.standard_deck(joker=True)}
SWITCHES = ("blaze", "skip_sequence", "ace_high_sequences", "heart_flushes_first")
ALL_RULES = [
    HandRules(**dict(zip((*SWITCHES, "heart_sequences_first"), values, strict=True)))
    for values in itertools.product((False, True), repeat=5)
]
_CATEGORY_SHIFT = 23


def _id(rules: HandRules) -> str:
    on = [name for name in (*SWITCHES, "heart_sequences_first") if getattr(rules, name)]
    return "+".join(on) or "none"


def codes(text: str) -> list[int]:
    return [card_code(card) for card in pl.parse_cards(text)]


def array(*texts: str) -> Any:
    return np.array([codes(text) for text in texts], dtype=np.int64)


def core(hands: Any, rules: HandRules) -> Any:
    """The core's strengths of an array of hands, one by one."""
    return np.array(
        [pl.evaluate([_CARDS[int(c)] for c in row], rules).strength for row in hands],
        dtype=np.int64,
    )


def drawn(rng: Any, count: int, *, joker: bool) -> Any:
    """``count`` random hands of distinct cards: a third dealt at random, a third of one
    suit, a third of five or four ranks in a row or at intervals of two (with the ace either
    end), in random suits; with ``joker`` the first card of each is the Joker."""
    pack = 53 if joker else 52
    dealt = np.argsort(rng.random((count, pack)), axis=1)[:, :5]
    third = count // 3
    suits = rng.integers(0, 4, size=(third, 1))
    ranks = np.argsort(rng.random((third, 13)), axis=1)[:, :5]
    dealt[third : 2 * third] = 4 * ranks + suits
    step = rng.integers(1, 3, size=(third, 1))
    low = rng.integers(-1, 13, size=(third, 1))
    runs = (low + step * np.arange(5)) % 13  # -1 is the ace below the two
    keep = (low + step * 4 <= 12).ravel()
    run_suits = rng.integers(0, 4, size=(third, 5))
    dealt[2 * third : 3 * third][keep] = (4 * runs + run_suits)[keep]
    if joker:
        dealt[:, 0] = 52
        # A card met twice (a run's card drawn again) is put right by the random ones.
    good = np.array([len(set(row.tolist())) == 5 for row in dealt])
    return dealt[good]


# -- the codes ------------------------------------------------------------------------------


def test_codes_are_the_card_codes_of_agents() -> None:
    """Code i is the card card_code numbers i, the Joker 52 (so hands come straight from
    observations and packs)."""
    for code, card in enumerate(batch_hands._CARDS):
        assert card_code(card) == code
    assert card_code(JOKER) == batch_hands.JOKER_CODE


def test_rank_weights_tell_every_multiset_of_ranks_apart() -> None:
    """The rank key of five ranks (no rank five times), or of four and the Joker, differs for
    every multiset: the table has one entry per hand of different ranks."""
    weights = batch_hands._RANK_WEIGHTS
    five = [
        sum(weights[r] for r in ranks)
        for ranks in itertools.combinations_with_replacement(range(13), 5)
        if ranks[0] != ranks[4]
    ]
    four = [
        sum(weights[r] for r in ranks) + batch_hands._JOKER_WEIGHT
        for ranks in itertools.combinations_with_replacement(range(13), 4)
    ]
    keys = five + four
    assert len(set(keys)) == len(keys) == 6175 + 1820
    assert max(keys) < batch_hands._KEYS


# -- agreement with the core ------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL_RULES, ids=_id)
def test_batch_values_are_the_cores_under_every_switch(rules: HandRules) -> None:
    """Under each of the 32 combinations of switches, natural hands and hands with the Joker
    (random, flushes, sequences and skip sequences) get the core's strengths, and every pair
    of a sample is ordered as the core orders it."""
    rng = np.random.default_rng(sum(1 << i for i, r in enumerate(ALL_RULES) if r == rules))
    natural = drawn(rng, 1500, joker=False)
    joker = drawn(rng, 240, joker=True)
    for hands in (natural, joker):
        expected = core(hands, rules)
        got = evaluate(hands, rules)
        assert got.dtype == np.int64
        assert got.shape == (len(hands),)
        np.testing.assert_array_equal(got, expected)
    sample = np.concatenate([natural[:200], joker[:100]])
    got = evaluate(sample, rules)
    expected = core(sample, rules)
    np.testing.assert_array_equal(
        np.sign(got[:, None] - got[None, :]), np.sign(expected[:, None] - expected[None, :])
    )


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "int32", "uint64", "int64"])
def test_every_integer_dtype_and_layout_gives_the_same_values(dtype: str) -> None:
    """Codes of any integer type, in a strided or reversed view, value alike; more hands
    than one chunk holds are valued all (the chunks' seams)."""
    rng = np.random.default_rng(7)
    hands = drawn(rng, 3 * batch_hands._CHUNK, joker=False)
    hands = np.concatenate([hands, hands])[: 2 * batch_hands._CHUNK + 5]
    expected = evaluate(hands)
    np.testing.assert_array_equal(evaluate(hands.astype(dtype)), expected)
    np.testing.assert_array_equal(evaluate(np.asfortranarray(hands)), expected)
    np.testing.assert_array_equal(evaluate(hands[::-1, ::-1]), expected[::-1])
    np.testing.assert_array_equal(expected[:500], core(hands[:500], PEEL))


def test_no_hands_give_no_values() -> None:
    got = evaluate(np.zeros((0, 5), dtype=np.int64))
    assert got.shape == (0,)
    assert got.dtype == np.int64


# -- the laws, hand by hand -------------------------------------------------------------------


def ranked(rules: HandRules, *texts: str) -> list[int]:
    """The batch strengths of the hands, checked equal to the core's."""
    got = evaluate(array(*texts), rules)
    np.testing.assert_array_equal(got, core(array(*texts), rules))
    return [int(s) for s in got]


def test_law_65_every_kind_of_hand_ranks_in_order() -> None:
    """One hand of each kind, lowest first, under Peel's rules: strictly rising, each of its
    category."""
    hands = [
        ("As Kd 9h 6c 3s", C.NO_PAIR),
        ("2s 2d 9h 6c 3s", C.PAIR),
        ("2s 2d 3h 3c 4s", C.TWO_PAIRS),
        ("2s 2d 2h 6c 3s", C.TRIPLETS),
        ("As 2d 3h 4c 5s", C.SEQUENCE),
        ("2s 4s 6s 8s Ts", C.FLUSH),
        ("2s 2d 2h 3c 3s", C.FULL),
        ("2s 2d 2h 2c 3s", C.FOURS),
        ("As 2s 3s 4s 5s", C.SEQUENCE_FLUSH),
    ]
    values = ranked(PEEL, *(text for text, _ in hands))
    assert values == sorted(values)
    assert len(set(values)) == len(values)
    assert [v >> _CATEGORY_SHIFT for v in values] == [int(kind) for _, kind in hands]


def test_modifications_blaze_ranks_between_two_pairs_and_threes() -> None:
    """With the Blaze, five court cards (two pairs among them) beat any two pairs and lose to
    threes; without it they are two pairs."""
    blaze = HandRules(blaze=True)
    two_pairs, court, threes = ranked(blaze, "As Ad Kh Kc Qs", "Ks Kd Qh Qc Js", "2s 2d 2h 3c 4s")
    assert two_pairs < court < threes
    assert court >> _CATEGORY_SHIFT == C.BLAZE
    assert ranked(PEEL, "Ks Kd Qh Qc Js")[0] >> _CATEGORY_SHIFT == C.TWO_PAIRS


def test_ambiguity_23_skip_sequence_between_threes_and_a_sequence() -> None:
    """With the skip sequence, five cards at intervals of two beat threes, lose to a
    sequence, and rank by the top card; the ace counts low only."""
    skip = HandRules(skip_sequence=True)
    threes, low_skip, high_skip, sequence = ranked(
        skip, "As Ad Ah 3c 4s", "As 3d 5h 7c 9s", "5s 7d 9h Jc Ks", "2s 3d 4h 5c 6s"
    )
    assert threes < low_skip < high_skip < sequence
    assert low_skip >> _CATEGORY_SHIFT == C.SKIP_SEQUENCE
    assert ranked(skip, "6s 8d Th Qc As")[0] >> _CATEGORY_SHIFT == C.NO_PAIR
    assert ranked(PEEL, "As 3d 5h 7c 9s")[0] >> _CATEGORY_SHIFT == C.NO_PAIR


def test_law_71_the_ace_begins_a_sequence_and_may_not_end_one() -> None:
    """A-2-3-4-5 is the lowest sequence, 9 to king the highest; 10 to ace is no sequence, nor
    is K-A-2 round the corner; with the American custom 10 to ace is the highest."""
    wheel, six, king, ten_ace, corner = ranked(
        PEEL, "As 2d 3h 4c 5s", "2s 3d 4h 5c 6s", "9s Td Jh Qc Ks", "Ts Jd Qh Kc As",
        "Qs Kd Ah 2c 3s",
    )  # fmt: skip
    assert wheel < six < king
    assert ten_ace >> _CATEGORY_SHIFT == C.NO_PAIR
    assert corner >> _CATEGORY_SHIFT == C.NO_PAIR
    wheel, king, ten_ace = ranked(
        HandRules(ace_high_sequences=True), "As 2d 3h 4c 5s", "9s Td Jh Qc Ks", "Ts Jd Qh Kc As"
    )
    assert wheel < king < ten_ace


def test_law_66_hearts_break_an_exact_tie_between_sequence_flushes() -> None:
    spades, hearts, higher = ranked(PEEL, "5s 6s 7s 8s 9s", "5h 6h 7h 8h 9h", "6s 7s 8s 9s Ts")
    assert spades < hearts < higher


def test_law_69_a_heart_flush_beats_every_other_flush() -> None:
    """Peel literally: any heart flush beats every other flush; with the description's
    reading hearts only break an exact tie."""
    low_hearts, high_spades = ranked(PEEL, "2h 3h 4h 5h 7h", "As Ks Qs Js 9s")
    assert low_hearts > high_spades
    tie_rules = HandRules(heart_flushes_first=False)
    low_hearts, high_spades, spades, hearts = ranked(
        tie_rules, "2h 3h 4h 5h 7h", "As Ks Qs Js 9s", "Ac Kc Qc Jc 9c", "Ah Kh Qh Jh 9h"
    )
    assert low_hearts < high_spades == spades < hearts


def test_law_70_equal_sequences_share_unless_a_heart_top_card_wins() -> None:
    """Ambiguity 9: equal sequences share; with heart_sequences_first the one whose top card
    is a heart wins (a heart elsewhere counts for nothing), the ace low or high."""
    plain, heart_top, heart_low = ranked(
        PEEL, "5s 6d 7h 8c 9s", "5s 6d 7c 8c 9h", "5h 6d 7c 8c 9s"
    )
    assert plain == heart_top == heart_low
    rules = HandRules(heart_sequences_first=True, ace_high_sequences=True)
    plain, heart_top, heart_low, wheel, wheel_heart_ace, wheel_heart_five, broadway = ranked(
        rules, "5s 6d 7h 8c 9s", "5s 6d 7c 8c 9h", "5h 6d 7c 8c 9s", "As 2d 3c 4c 5s",
        "Ah 2d 3c 4c 5s", "As 2d 3c 4c 5h", "Th Jd Qc Kc Ah",
    )  # fmt: skip
    assert plain == heart_low < heart_top
    assert wheel == wheel_heart_ace < wheel_heart_five < plain < broadway


def test_law_76_cards_the_laws_ignore_leave_hands_equal() -> None:
    """The fifth card of fours and of two pairs, the pair of a full, the odd cards of threes
    are never consulted: hands differing only there have one strength."""
    pairs = [
        ("Ks Kd Kh Kc 2s", "Ks Kd Kh Kc As"),
        ("Ks Kd Qh Qc 2s", "Ks Kd Qh Qc As"),
        ("Ks Kd Kh 2c 2s", "Ks Kd Kh Qc Qs"),
        ("Ks Kd Kh 2c 3s", "Ks Kd Kh Ac Qs"),
        ("5s 6d 7h 8c 9s", "5d 6c 7d 8h 9c"),
    ]
    for one, other in pairs:
        a, b = ranked(PEEL, one, other)
        assert a == b, (one, other)
    side, higher_side = ranked(PEEL, "Ks Kd 9h 5c 2s", "Ks Kd 9h 5c 3s")
    assert side < higher_side  # Law 74: a pair's side cards count, down to the last


def test_ambiguity_12_the_joker_takes_its_best_naming_and_beats_the_natural_card() -> None:
    """The Joker names the best card not in the hand (no five of a kind), and beats the same
    hand made with the natural card."""
    natural, joker = ranked(PEEL, "Ks Kd Kh Kc As", "Ks Kd Kh Kc Jk")
    assert natural < joker  # four kings: the Joker cannot be a fifth
    assert joker >> _CATEGORY_SHIFT == C.FOURS
    flush, joker_flush = ranked(PEEL, "Ah 9h 7h 5h 3h", "Jk 9h 7h 5h 3h")
    assert flush < joker_flush  # the Joker names the ace of hearts
    sequence, joker_sequence = ranked(PEEL, "5s 6d 7h 8c 9s", "Jk 6d 7h 8c 9s")
    assert sequence < joker_sequence  # it names the ten (the king-high is out of reach)
    hearted, plain = ranked(
        HandRules(heart_sequences_first=True), "Jk Td Jh Qc Ks", "Jk Td Jc Qc Ks"
    )  # 9-K: its top card, a natural king, a heart or not
    assert hearted == plain
    top_heart, top_spade = ranked(
        HandRules(heart_sequences_first=True), "Jk Td Jh Qc Kh", "Jk Td Jh Qc Ks"
    )
    assert top_heart > top_spade


# -- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([[0, 1, 2, 3, 4]], "hands must be a numpy array of card codes, not list"),
        (np.zeros((1, 5), dtype=float), "hands must hold integer card codes, not float64"),
        (np.zeros((1, 5), dtype=bool), "hands must hold integer card codes, not bool"),
    ],
)
def test_not_an_array_of_integers_is_a_type_error(hands: Any, message: str) -> None:
    with pytest.raises(TypeError, match=rf"^{message}$"):
        evaluate(hands)


def test_rules_not_hand_rules_is_a_type_error() -> None:
    with pytest.raises(TypeError, match=r"^hand_rules must be a HandRules, not Rules$"):
        evaluate(array("As Kd 9h 6c 3s"), pl.Rules(ante=1, limit=4))  # type: ignore[arg-type]


@pytest.mark.parametrize("shape", [(5,), (2, 4), (2, 6), (1, 5, 1), ()])
def test_a_wrong_shape_is_a_value_error(shape: tuple[int, ...]) -> None:
    hands = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)
    with pytest.raises(ValueError, match=r"^hands must be of shape \(m, 5\), five cards a row"):
        evaluate(hands)


@pytest.mark.parametrize("bad", [-1, 53, 200])
def test_a_number_not_a_card_code_is_a_value_error(bad: int) -> None:
    hands = array("As Kd 9h 6c 3s", "2s 2d 9h 6c 3s")
    hands[1, 3] = bad
    with pytest.raises(ValueError, match=rf"^hands\[1, 3\] is {bad}, not a card code"):
        evaluate(hands)


def test_a_repeated_card_is_a_value_error_naming_the_hand() -> None:
    hands = np.tile(array("As Kd 9h 6c 3s"), (batch_hands._CHUNK + 3, 1))
    hands[-2] = codes("As Kd 9h 6c Jk")
    hands[-2, 3] = card_code(pl.parse_cards("Kd")[0])
    with pytest.raises(
        ValueError, match=rf"^hands\[{len(hands) - 2}\] repeats the card Kd: As Kd 9h Kd Jk$"
    ):
        evaluate(hands)
    hands[-2] = 52
    with pytest.raises(ValueError, match=r"repeats the card Jk: Jk Jk Jk Jk Jk$"):
        evaluate(hands)


# -- every hand (slow) ------------------------------------------------------------------------


def _every(count: int, pack: int) -> Iterator[int]:
    return itertools.chain.from_iterable(itertools.combinations(range(pack), count))


# Hands of each kind in the whole pack under Peel's rules (tests/laws/test_hands.py's
# golden counts, found again here from the batch values alone).
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


@pytest.mark.slow
def test_law_65_every_hand_of_the_pack_is_valued_as_the_core_values_it() -> None:
    """All 2,598,960 hands: the batch strengths are the core's, and the kinds of hand are as
    often as the laws imply (about 20 s)."""
    hands = np.fromiter(_every(5, 52), dtype=np.int8).reshape(-1, 5)
    assert len(hands) == 2_598_960
    got = evaluate(hands)
    kinds = Counter((got >> _CATEGORY_SHIFT).tolist())
    assert kinds == {int(kind): count for kind, count in HANDS_PER_CATEGORY.items()}
    pack = [_CARDS[code] for code in range(52)]  # in the order of the codes
    evaluate_one = pl.evaluate
    expected = np.fromiter(
        (evaluate_one(hand).strength for hand in itertools.combinations(pack, 5)),
        dtype=np.int64,
        count=len(hands),
    )
    np.testing.assert_array_equal(got, expected)


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [PEEL, HandRules(heart_sequences_first=True, ace_high_sequences=True, skip_sequence=True)],
    ids=_id,
)
def test_ambiguity_12_every_hand_of_four_cards_and_the_joker(rules: HandRules) -> None:
    """All 270,725 hands of four cards and the Joker get the core's strengths (about 20 s
    for each rules)."""
    others = np.fromiter(_every(4, 52), dtype=np.int8).reshape(-1, 4)
    hands = np.concatenate([others, np.full((len(others), 1), 52, dtype=np.int8)], axis=1)
    got = evaluate(hands, rules)
    np.testing.assert_array_equal(got, core(hands, rules))
