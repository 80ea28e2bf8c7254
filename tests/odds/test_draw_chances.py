"""``pokerlaws.odds.draw_chances`` and ``best_discards`` (issue 37), held to a brute-force
enumeration of every completion valued by ``tests/reference_hands.py``."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerlaws as pl
from pokerlaws import odds
from tests.odds.reference_draws import every_completion

Kind = pl.HandCategory
PEEL = pl.HandRules()

hand_rules = st.builds(
    pl.HandRules,
    blaze=st.booleans(),
    skip_sequence=st.booleans(),
    ace_high_sequences=st.booleans(),
    heart_flushes_first=st.booleans(),
    heart_sequences_first=st.booleans(),
)


def cards(text: str) -> tuple[pl.Card, ...]:
    return pl.parse_cards(text)


def rest_of_pack(hand: tuple[pl.Card, ...], *, joker: bool = False) -> list[pl.Card]:
    return [card for card in pl.standard_deck(joker=joker) if card not in hand]


def named(chances: odds.Chances) -> dict[str, Fraction]:
    return {kind.name: chance for kind, chance in chances.items() if chance}


@st.composite
def questions(
    draw: st.DrawFn, *, most: int, joker_most: int = 5
) -> tuple[tuple[pl.Card, ...], tuple[pl.Card, ...], pl.Rules]:
    """A hand, a discard of at most ``most`` of its cards (``joker_most`` with the Joker in
    the pack, whose hands the reference values by trying every naming), and rules with every
    switch."""
    joker = draw(st.booleans())
    most = min(most, joker_most) if joker else most
    pack = pl.standard_deck(joker=joker)
    hand = tuple(draw(st.lists(st.sampled_from(pack), min_size=5, max_size=5, unique=True)))
    thrown = draw(st.lists(st.sampled_from(hand), max_size=most, unique=True))
    rules = pl.Rules(ante=1, limit=4, hands=draw(hand_rules), joker=joker)
    return hand, tuple(thrown), rules


def check_against_reference(
    hand: tuple[pl.Card, ...], thrown: tuple[pl.Card, ...], rules: pl.Rules
) -> None:
    chances = odds.draw_chances(hand, thrown, rules)
    unseen = rest_of_pack(hand, joker=rules.joker)
    assert named(chances) == every_completion(hand, thrown, unseen, rules.hands)
    assert sum(chances.values()) == 1
    # Every kind the rules admit is there, the agreed ones only when agreed (Law 81).
    assert (Kind.BLAZE in chances) is rules.hands.blaze
    assert (Kind.SKIP_SEQUENCE in chances) is rules.hands.skip_sequence


@given(questions(most=2, joker_most=1))
def test_law_65_draw_chances_equal_every_completion_counted_by_the_reference(
    question: tuple[tuple[pl.Card, ...], tuple[pl.Card, ...], pl.Rules],
) -> None:
    """Law 65 and the Modifications: each kind's chance is the share of the completions that
    the reference classifier puts in that kind, exactly, under every HandRules switch."""
    check_against_reference(*question)


@pytest.mark.slow
@settings(max_examples=80)
@given(questions(most=3, joker_most=2))
def test_law_65_draw_chances_equal_the_reference_for_three_cards(
    question: tuple[tuple[pl.Card, ...], tuple[pl.Card, ...], pl.Rules],
) -> None:
    """Law 65: the same, drawing up to three cards (16,215 completions from 47 cards)."""
    check_against_reference(*question)


@pytest.mark.parametrize(
    ("hand", "thrown", "rules"),
    [
        ("Jk Ah Kh Qh Jh", "", pl.Rules(ante=1, limit=4, joker=True)),
        ("Jk 9s 8s 7s 6s", "Jk", pl.Rules(ante=1, limit=4, joker=True)),
        ("Kh Qd Jc Ks 2c", "2c", pl.Rules(ante=1, limit=4, hands=pl.HandRules(blaze=True))),
        (
            "3h 5h 7h 9c 2d",
            "2d",
            pl.Rules(ante=1, limit=4, hands=pl.HandRules(skip_sequence=True)),
        ),
        ("Th Jh Qh Kh 2c", "2c", pl.Rules(ante=1, limit=4)),
        (
            "Th Jh Qh Kh 2c",
            "2c",
            pl.Rules(ante=1, limit=4, hands=pl.HandRules(ace_high_sequences=True)),
        ),
        ("2c 3c 4c 5c 6c", "5c 6c", pl.Rules(ante=1, limit=4, joker=True)),
    ],
)
def test_law_65_draw_chances_at_the_edges_equal_the_reference(
    hand: str, thrown: str, rules: pl.Rules
) -> None:
    """Law 65 and the Modifications: the Joker kept or thrown, the Blaze, the skip sequence,
    sequence flushes with the ace low or high, and a discard of five."""
    check_against_reference(cards(hand), cards(thrown), rules)


def test_law_68_one_card_to_two_pairs_fills_four_times_in_forty_seven() -> None:
    """Law 68 (a full hand): drawing one to two pairs, four of the 47 unseen cards fill."""
    chances = odds.draw_chances(cards("Kh Kd 7c 7s 2d"), cards("2d"))
    assert chances[Kind.FULL] == Fraction(4, 47)
    assert chances[Kind.TWO_PAIRS] == Fraction(43, 47)
    assert chances.draws == 47


def test_law_71_ten_to_king_is_open_at_one_end_only_unless_the_ace_may_end_it() -> None:
    """Law 71: the ace may not follow the king, so ten to king fills only with a nine (4 in
    47); with the footnote's ace-high custom an ace fills it too (8 in 47)."""
    hand, thrown = cards("Th Jd Qc Ks 3d"), cards("3d")
    assert odds.draw_chances(hand, thrown)[Kind.SEQUENCE] == Fraction(4, 47)
    american = pl.HandRules(ace_high_sequences=True)
    assert odds.draw_chances(hand, thrown, american)[Kind.SEQUENCE] == Fraction(8, 47)


def test_draw_chances_three_to_a_pair_are_the_classic_figures() -> None:
    """Three cards to a pair of knaves: the classic counts over the 16,215 draws."""
    chances = odds.draw_chances(cards("Jh Jd 8c 5s 2d"), cards("8c 5s 2d"))
    assert chances.draws == 16215
    assert {kind: chance * 16215 for kind, chance in chances.items() if chance} == {
        Kind.PAIR: 11559,
        Kind.TWO_PAIRS: 2592,
        Kind.TRIPLETS: 1854,
        Kind.FULL: 165,
        Kind.FOURS: 45,
    }


@given(questions(most=0))
def test_a_pat_hand_is_a_point_mass_on_its_own_kind(
    question: tuple[tuple[pl.Card, ...], tuple[pl.Card, ...], pl.Rules],
) -> None:
    hand, _, rules = question
    chances = odds.draw_chances(hand, (), rules)
    kind = pl.evaluate(hand, rules.hands).category
    assert chances[kind] == 1
    assert chances.draws == 1
    assert chances.expected_rank == int(kind)


@given(questions(most=5))
def test_the_chances_of_every_discard_sum_to_one(
    question: tuple[tuple[pl.Card, ...], tuple[pl.Card, ...], pl.Rules],
) -> None:
    hand, thrown, rules = question
    chances = odds.draw_chances(hand, thrown, rules)
    assert sum(chances.values()) == 1
    assert sum(chances.as_floats().values()) == pytest.approx(1)
    assert chances.discard == tuple(card for card in hand if card in thrown)
    assert set(chances.kept) | set(chances.discard) == set(hand)


def test_best_discards_ranks_every_discard_in_the_stated_order() -> None:
    """32 discards, pat included, each once; by expected rank, ties to fewer cards thrown."""
    hand = cards("Jh Jd 8c 5s 2d")
    ranked = odds.best_discards(hand)
    assert len(ranked) == 32
    assert len({frozenset(chances.discard) for chances in ranked}) == 32
    keys = [(-c.expected_rank, len(c.discard)) for c in ranked]
    assert keys == sorted(keys)
    assert ranked[0].discard == cards("8c 5s 2d")


def test_best_discards_at_least_ranks_by_the_chance_to_reach_the_kind() -> None:
    """A four-flush with a pair: to reach a flush, throw the odd card; else keep the pair."""
    hand = cards("Ah 9h 5h 3h 9c")
    assert odds.best_discards(hand, at_least=Kind.FLUSH)[0].discard == cards("9c")
    reach = [c.at_least(Kind.FLUSH) for c in odds.best_discards(hand, at_least=Kind.FLUSH)]
    assert reach == sorted(reach, reverse=True)


def test_best_discards_breaks_ties_by_fewer_cards_then_the_hands_order() -> None:
    """Two pat hands' worth: a sequence flush cannot improve; pat comes first, then the
    discards of one card in the order the hand holds them."""
    hand = cards("9s Ts Js Qs Ks")
    ranked = odds.best_discards(hand)
    assert ranked[0].discard == ()
    assert ranked[0][Kind.SEQUENCE_FLUSH] == 1


def test_a_card_not_in_the_hand_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not in the hand"):
        odds.draw_chances(cards("Jh Jd 8c 5s 2d"), cards("3c"))


def test_a_hand_not_of_five_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="five cards, not 4"):
        odds.draw_chances(cards("Jh Jd 8c 5s"), ())
    with pytest.raises(ValueError, match="five cards, not 6"):
        odds.best_discards(cards("Jh Jd 8c 5s 2d 3d"))
    with pytest.raises(ValueError, match="repeats"):
        odds.draw_chances((*cards("Jh Jd 8c 5s"), cards("Jh")[0]), ())


@pytest.mark.parametrize(
    ("source", "thrown", "rules"),
    [
        ("Jh Jd 8c 5s 2d", (), None),
        (cards("Jh Jd 8c 5s 2d"), "8c", None),
        (cards("Jh Jd 8c 5s 2d"), (), "peel"),
        ((1, 2, 3, 4, 5), (), None),
        (5, (), None),
    ],
)
def test_wrong_types_are_type_errors(source: object, thrown: object, rules: object) -> None:
    with pytest.raises(TypeError):
        odds.draw_chances(source, thrown, rules)


def test_at_least_must_be_a_kind() -> None:
    with pytest.raises(TypeError, match="HandCategory"):
        odds.best_discards(cards("Jh Jd 8c 5s 2d"), at_least=2)  # type: ignore[arg-type]
