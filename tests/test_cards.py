"""The pack and its notation (Laws 1 and 81): cards, the Joker, decks, parse and format."""

from __future__ import annotations

import copy
import pickle
import random
import re

import pytest
from hypothesis.vendor.pretty import pretty

import pokerlaws as pl
from pokerlaws.cards import parse_card


def test_law_1_the_pack_is_fifty_two_cards_once() -> None:
    """Law 1: play uses the ordinary pack of 52 cards, each once."""
    deck = pl.standard_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert pl.JOKER not in deck


def test_law_81_the_joker_is_the_fifty_third_card_by_agreement() -> None:
    """Law 81: the Joker comes in only by agreement; it is the 53rd card, written Jk."""
    deck = pl.standard_deck(joker=True)
    assert len(deck) == 53
    assert deck[-1] is pl.JOKER
    assert str(pl.JOKER) == "Jk"
    assert pl.JOKER.is_joker
    assert pl.JOKER.rank is None
    assert pl.JOKER.suit is None


def test_standard_deck_order_is_clubs_diamonds_hearts_spades_two_to_ace() -> None:
    """The documented fixed order: suits c d h s, each from the two to the ace."""
    text = pl.format_cards(pl.standard_deck())
    assert text.startswith("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d")
    assert text.endswith("Qs Ks As")


def test_card_text_is_rank_then_suit() -> None:
    """str(card) is two characters: rank 23456789TJQKA, then suit cdhs."""
    assert str(pl.Card(pl.Rank.TEN, pl.Suit.HEARTS)) == "Th"
    assert str(pl.Card(pl.Rank.KING, pl.Suit.SPADES)) == "Ks"
    assert repr(pl.Card(pl.Rank.TWO, pl.Suit.CLUBS)) == "Card('2c')"


def test_parse_and_format_are_inverse() -> None:
    """Every card, and the Joker, round-trips through its notation."""
    deck = pl.standard_deck(joker=True)
    text = pl.format_cards(deck)
    assert pl.parse_cards(text) == deck
    assert pl.parse_cards("  Jh\tJd\n4c  ") == pl.parse_cards("Jh Jd 4c")
    assert pl.parse_cards("") == ()


@pytest.mark.parametrize("token", ["1h", "Tx", "th", "J", "Jkr", "10h", "♥A", "JK"])
def test_malformed_card_text_names_the_bad_token(token: str) -> None:
    """Malformed text raises NotationError (a ValueError) naming the bad token."""
    with pytest.raises(pl.NotationError, match=repr(token)):
        pl.parse_cards(f"Ah {token} Kd")
    assert issubclass(pl.NotationError, ValueError)


def test_parse_cards_takes_text_only() -> None:
    """Nothing is silently coerced: parse_cards wants a str."""
    with pytest.raises(TypeError, match="str"):
        pl.parse_cards(["Ah"])  # type: ignore[arg-type]


def test_a_card_is_either_rank_and_suit_or_neither() -> None:
    """Only the Joker lacks a rank and a suit; half a card is refused."""
    with pytest.raises(ValueError, match="both a rank and a suit"):
        pl.Card(pl.Rank.ACE, None)
    with pytest.raises(TypeError):
        pl.Card("A", "h")  # type: ignore[call-overload]


def test_each_card_is_one_object() -> None:
    """A card built, parsed, dealt, copied or unpickled is the same object, so equal cards
    are identical and hash alike."""
    built = pl.Card(pl.Rank.TEN, pl.Suit.HEARTS)
    (parsed,) = pl.parse_cards("Th")
    dealt = next(card for card in pl.standard_deck() if str(card) == "Th")
    assert built is parsed is dealt
    assert copy.copy(built) is built
    assert copy.deepcopy(built) is built
    assert pickle.loads(pickle.dumps(built)) is built
    assert pickle.loads(pickle.dumps(pl.JOKER)) is pl.JOKER
    assert pl.Card(None, None) is pl.JOKER
    assert {built: 1}[parsed] == 1
    assert built != pl.Card(pl.Rank.TEN, pl.Suit.SPADES)


def _every_card() -> list[tuple[pl.Card, object, object, str]]:
    return [(card, card.rank, card.suit, str(card)) for card in pl.standard_deck(joker=True)]


@pytest.mark.parametrize(
    ("rank", "suit", "error"),
    [
        (12, pl.Suit.DIAMONDS, TypeError),
        (14.0, pl.Suit.SPADES, TypeError),
        (True, pl.Suit.CLUBS, TypeError),
        (pl.Rank.QUEEN, "d", TypeError),
        (pl.Rank.QUEEN, pl.Suit.DIAMONDS.value, TypeError),
        (pl.Rank.QUEEN, None, ValueError),
        (None, pl.Suit.DIAMONDS, ValueError),
    ],
)
def test_a_refused_card_leaves_every_card_as_it_was(
    rank: object, suit: object, error: type[Exception]
) -> None:
    """A construction that is refused changes no card: ``Card(12, Suit.DIAMONDS)`` names the
    queen's number but is not the queen of diamonds, and the shared queen stays whole, so
    pickling and copying it still work."""
    before = _every_card()
    with pytest.raises(error):
        pl.Card(rank, suit)  # type: ignore[call-overload]
    assert _every_card() == before
    queen = parse_card("Qd")
    assert queen.rank is pl.Rank.QUEEN
    assert queen.suit is pl.Suit.DIAMONDS
    assert pickle.loads(pickle.dumps((queen, pl.standard_deck()))) == (queen, pl.standard_deck())
    assert copy.deepcopy([queen])[0] is queen


def test_a_refused_card_names_the_bad_value() -> None:
    """The message says what was wrong."""
    with pytest.raises(TypeError, match=r"^a card's rank must be a Rank or None, not 12$"):
        pl.Card(12, pl.Suit.DIAMONDS)  # type: ignore[call-overload]
    with pytest.raises(TypeError, match=r"^a card's suit must be a Suit or None, not 'd'$"):
        pl.Card(pl.Rank.QUEEN, "d")  # type: ignore[call-overload]


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_and_copies_give_back_the_one_object(protocol: int) -> None:
    """Every card, the Joker included, comes back from pickle, copy and deepcopy as the same
    object, alone or inside other values."""
    deck = pl.standard_deck(joker=True)
    assert all(pickle.loads(pickle.dumps(card, protocol)) is card for card in deck)
    assert all(copy.copy(card) is card for card in deck)
    assert all(copy.deepcopy(card) is card for card in deck)
    restored = pickle.loads(pickle.dumps({"hand": list(deck)}, protocol))["hand"]
    assert all(a is b for a, b in zip(restored, deck, strict=True))
    assert all(a is b for a, b in zip(copy.deepcopy([deck])[0], deck, strict=True))


def test_a_card_pickles_as_its_text() -> None:
    """A pickled card is its two-character text, read back through the table of cards, so
    unpickling validates nothing again."""
    card = parse_card("Th")
    assert card.__reduce__() == (parse_card, ("Th",))
    assert pl.JOKER.__reduce__() == (parse_card, ("Jk",))


def test_cards_pretty_print_as_their_repr() -> None:
    """Hypothesis' pretty printer (which prints falsifying examples) shows ``Card('4c')``,
    not the attrs fields."""
    four = parse_card("4c")
    assert pretty(four) == "Card('4c')" == repr(four)
    assert pretty([four, pl.JOKER]) == "[Card('4c'), Card('Jk')]"


@pytest.mark.parametrize("joker", ["no", 0, 1, None, "False"])
def test_deck_switches_are_bools(joker: object) -> None:
    """``joker`` must be a bool: ``"no"`` is not taken for False, nor 1 for True."""
    message = rf"^joker must be a bool, not {re.escape(repr(joker))}$"
    with pytest.raises(TypeError, match=message):
        pl.standard_deck(joker=joker)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=message):
        pl.shuffled_deck(1, joker=joker)  # type: ignore[arg-type]


def test_cards_are_frozen() -> None:
    """A card is a value: its rank and suit cannot be changed."""
    card = pl.Card(pl.Rank.ACE, pl.Suit.SPADES)
    with pytest.raises(AttributeError):
        card.rank = pl.Rank.TWO  # type: ignore[misc]


def test_shuffled_deck_is_a_deterministic_permutation() -> None:
    """The same seed gives the same order; it is the whole pack; the global generator is
    left alone."""
    random.seed(1234)
    before = random.getstate()
    first = pl.shuffled_deck(42)
    assert random.getstate() == before
    assert first == pl.shuffled_deck(42)
    assert first != pl.shuffled_deck(43)
    assert sorted(map(str, first)) == sorted(map(str, pl.standard_deck()))
    with_joker = pl.shuffled_deck(42, joker=True)
    assert set(with_joker) == set(pl.standard_deck(joker=True))


@pytest.mark.parametrize("seed", [1.0, "1", True, None])
def test_shuffled_deck_wants_an_int_seed(seed: object) -> None:
    """A seed other than an int is refused rather than coerced."""
    with pytest.raises(TypeError, match="seed must be an int"):
        pl.shuffled_deck(seed)  # type: ignore[arg-type]


def test_law_1_pack_set_is_the_standard_deck_as_a_set() -> None:
    """Law 1 (Law 81 for the Joker): the pack as a set, for checking a deck is whole."""
    from pokerlaws.cards import pack_set

    assert pack_set() == frozenset(pl.standard_deck())
    assert pack_set(joker=True) == frozenset(pl.standard_deck(joker=True))
    with pytest.raises(TypeError, match="joker must be a bool"):
        pack_set(joker="no")  # type: ignore[arg-type]


def test_a_cards_repr_evaluates_back_to_the_card() -> None:
    """``repr(card)`` is ``Card('Jh')``, which builds that very card again (the Joker too)."""
    from pokerlaws import Card

    for card in pl.standard_deck(joker=True):
        assert eval(repr(card)) is card
    assert Card("Jk") is pl.JOKER


def test_a_card_from_bad_notation_is_refused() -> None:
    """``Card(text)`` reads the notation strictly; anything else alone is a TypeError."""
    with pytest.raises(pl.NotationError, match="'jh' is not a card"):
        pl.Card("jh")
    with pytest.raises(TypeError, match="notation as one str"):
        pl.Card(12)  # type: ignore[call-overload]
