"""The Deal (Laws 6, 7, 17, 18) and the tables ``new_game`` accepts."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

import pokerlaws as pl
from tests.laws._tables import RULES, all_cards, deck_for, pass_until_over, play


def test_law_7_one_card_at_a_time_from_the_dealers_left() -> None:
    """Law 7: cards come off the top one a round to each seat, from the dealer's left."""
    deck = pl.shuffled_deck(7)
    state = pl.new_game(RULES, (100,) * 5, dealer=2, deck=deck)
    for position, seat in enumerate((3, 4, 0, 1, 2)):
        expected = deck[position:25:5]
        assert len(state.hands[seat]) == 5
        assert set(state.hands[seat]) == set(expected), seat


def test_law_7_the_stock_is_the_rest_of_the_pack_in_order() -> None:
    """Law 7: after five rounds the undealt cards form the stock, top card first."""
    deck = pl.shuffled_deck(11)
    state = pl.new_game(RULES, (100,) * 4, dealer=0, deck=deck)
    assert state.stock == deck[20:]
    assert state.discards == ()


def test_law_7_the_dealer_deals_himself_last() -> None:
    """Law 7: the dealer is served last in each round and has five cards like everyone."""
    deck = deck_for({0: "Ah Kh Qh Jh Th"}, n=3, dealer=0)
    state = pl.new_game(RULES, (100,) * 3, dealer=0, deck=deck)
    assert set(state.hands[0]) == set(pl.parse_cards("Ah Kh Qh Jh Th"))
    assert deck[2] == pl.parse_cards("Ah")[0]


def test_law_6_each_card_goes_to_one_seat_only() -> None:
    """Law 6: each dealt card lies before the one player it is meant for, and nowhere else."""
    deck = pl.shuffled_deck(3)
    state = pl.new_game(RULES, (100,) * 6, dealer=4, deck=deck)
    dealt = [card for hand in state.hands for card in hand]
    assert len(dealt) == 30
    assert len(set(dealt)) == 30
    assert all_cards(state) == Counter(deck)


def test_law_17_the_deal_ends_with_five_cards_each_and_the_say_begins() -> None:
    """Law 17: the deal is complete when every player holds five cards; the say follows."""
    state = pl.new_game(RULES, (100,) * 5, dealer=0, deck=pl.shuffled_deck(1))
    assert state.phase is pl.Phase.SAY
    assert all(len(hand) == 5 for hand in state.hands)
    assert state.dealt == state.hands
    assert state.players == (0, 1, 2, 3, 4)
    assert state.to_act == 2


def test_the_dealt_hands_are_recorded_and_kept() -> None:
    """The hand as dealt is recorded (Law 30 needs it) and the draw does not change it."""
    deck = deck_for({1: "2c 3c 4c 5d 7h"}, n=3, dealer=0)
    state = pl.new_game(RULES, (100,) * 3, dealer=0, deck=deck)
    dealt = state.dealt
    state = play(
        state,
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=0, amount=10),
        pl.Stake(seat=1, amount=5),
        pl.Discard(seat=1, cards=pl.parse_cards("2c 3c 4c 5d 7h")),
    )
    assert state.dealt == dealt
    assert set(state.dealt[1]) == set(pl.parse_cards("2c 3c 4c 5d 7h"))
    assert not set(state.hands[1]) & set(state.dealt[1])


def test_law_18_the_deal_passes_left_after_an_unopened_game() -> None:
    """Law 18: the next dealer is the last dealer's left-hand neighbour."""
    state = pass_until_over(pl.new_game(RULES, (100,) * 4, dealer=1, deck=pl.shuffled_deck(2)))
    nxt = pl.next_game(state, deck=pl.shuffled_deck(3))
    assert nxt.dealer == 2
    assert nxt.ante_seat == 3


def test_law_18_the_deal_passes_left_after_an_opened_game() -> None:
    """Law 18: the deal moves one seat to the left whoever won, wrapping round the table."""
    state = pl.new_game(RULES, (100,) * 3, dealer=2, deck=pl.shuffled_deck(2))
    # Ante seat 0, No. 1 is seat 1: he opens and the others give up.
    state = pass_until_over(play(state, pl.Stake(seat=1, amount=10)))
    assert state.winners == (1,)
    nxt = pl.next_game(state, deck=pl.shuffled_deck(3))
    assert nxt.dealer == 0
    assert nxt.openers_required is None
    assert nxt.jackpot_round == 0


def test_law_18_a_seat_without_chips_is_passed_over_for_the_deal() -> None:
    """Law 18 (Ambiguity 26): the deal goes to the first seat on the left dealt into the next
    game, so a seat without chips neither deals nor makes one player ante twice running."""
    state = pass_until_over(
        pl.new_game(RULES, (100, 0, 100, 100), dealer=0, deck=pl.shuffled_deck(2))
    )
    assert state.ante_seat == 2
    nxt = pl.next_game(state, deck=pl.shuffled_deck(3))
    assert nxt.dealer == 2
    assert nxt.ante_seat == 3
    assert 1 not in nxt.players
    # Round the corner: seat 0 deals after seat 3, then seat 2 again (seat 1 still has none).
    seq = [nxt.dealer]
    for seed in range(4, 7):
        nxt = pl.next_game(pass_until_over(nxt), deck=pl.shuffled_deck(seed))
        seq.append(nxt.dealer)
    assert seq == [2, 3, 0, 2]


FOURS, FULL, FLUSH = "As Ah Ad Ac 2c", "Ks Kh Kd 3c 3d", "2h 5h 8h Th Qh"


def test_law_18_a_seat_that_went_broke_in_the_game_is_passed_over_for_the_deal() -> None:
    """Law 18 (Ambiguity 26): the deal passes to the first seat on the left that has chips."""
    deck = deck_for({2: FOURS, 0: FULL, 1: FLUSH}, n=3, dealer=0)
    # Seat 1 antes his last 5 and stays in all in; seat 2 opens, the dealer calls, all pat.
    state = play(
        pl.new_game(RULES, (100, 5, 100), dealer=0, deck=deck),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=0, amount=10),
        *(pl.Discard(seat=seat, cards=()) for seat in (1, 2, 0)),
        pl.Stand(seat=2),
        pl.Stake(seat=0, amount=1),
        pl.Stake(seat=2, amount=1),
    )
    assert state.phase is pl.Phase.OVER
    assert state.payouts == (0, 0, 27)
    assert state.stacks == (89, 0, 116)
    # Seat 1, on the dealer's left, has nothing: seat 2 deals and seat 0 antes.
    nxt = pl.next_game(state, deck=pl.shuffled_deck(3))
    assert nxt.dealer == 2
    assert nxt.ante_seat == 0
    assert nxt.players == (0, 2)
    assert nxt.stacks == (84, 0, 116)


def test_law_18_at_ten_seats_the_deal_passes_over_every_seat_that_went_broke() -> None:
    """Law 18 (Ambiguity 26): the deal skips every seat left without chips, round the table."""
    deck = deck_for({9: FOURS, 0: FULL}, n=10, dealer=0)
    # Seats 1 to 8 have 10 each: the ante and No. 1 to No. 7 put in all they have.
    stacks = (100, *(10,) * 8, 100)
    state = play(
        pl.new_game(RULES, stacks, dealer=0, deck=deck),
        *(pl.Stake(seat=seat, amount=10) for seat in (2, 3, 4, 5, 6, 7, 8, 9, 0)),
        pl.Stake(seat=1, amount=5),
        *(pl.Discard(seat=seat, cards=()) for seat in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)),
        pl.Stand(seat=9),
        pl.Stake(seat=0, amount=1),
        pl.Stake(seat=9, amount=1),
    )
    assert state.phase is pl.Phase.OVER
    assert state.winners == (9,)
    assert state.payouts == (0, *(0,) * 8, 102)
    assert state.stacks == (89, *(0,) * 8, 191)
    # Seats 1 to 8 are broke: seat 9 deals, seat 0 antes; then the two deal in turn.
    dealers = []
    for seed in range(3, 6):
        state = pl.next_game(state, deck=pl.shuffled_deck(seed))
        assert state.players == (0, 9)
        assert state.ante_seat == {9: 0, 0: 9}[state.dealer]
        dealers.append(state.dealer)
        state = pass_until_over(state)
    assert dealers == [9, 0, 9]


def test_law_18_a_seat_without_chips_cannot_be_made_dealer() -> None:
    """Law 18 (Ambiguity 26): a game cannot begin with a dealer who sits it out."""
    with pytest.raises(ValueError, match="seat 1 has no chips"):
        pl.new_game(RULES, (100, 0, 100), dealer=1, deck=pl.shuffled_deck(2))


def test_the_table_is_over_when_one_seat_has_every_chip() -> None:
    """Ambiguity 26: with fewer than two seats holding chips nobody can deal the next game;
    next_game says so with TableOver, a ValueError of its own."""
    deck = deck_for({0: "As Ah Ad Ac 2c", 1: "3c 5d 7h 9s Jc"}, n=2, dealer=0)
    # Heads up: seat 1 antes all he has; the dealer, No. 1, opens; both stand pat.
    state = play(
        pl.new_game(RULES, (100, 5), dealer=0, deck=deck),
        pl.Stake(seat=0, amount=10),
        pl.Discard(seat=1, cards=()),
        pl.Discard(seat=0, cards=()),
    )
    assert state.phase is pl.Phase.OVER
    assert state.stacks == (105, 0)
    with pytest.raises(pl.TableOver, match="only seat 0 has chips") as caught:
        pl.next_game(state, deck=pl.shuffled_deck(3))
    assert isinstance(caught.value, ValueError)
    assert caught.value.with_chips == (0,)
    assert caught.value.pool == 0
    again = pickle.loads(pickle.dumps(caught.value))
    assert (type(again), again.args, again.with_chips) == (pl.TableOver, caught.value.args, (0,))


def test_law_18_a_dealer_who_passes_still_serves_the_draw() -> None:
    """Law 18: a dealer who has dropped out still deals the draw to the players left."""
    deck = deck_for({1: "2c 3c 4c 5d 7h"}, n=3, dealer=0, draw="Ah Ad As")
    state = pl.new_game(RULES, (100,) * 3, dealer=0, deck=deck)
    state = play(
        state,
        pl.Stake(seat=2, amount=10),
        pl.Pass(seat=0),
        pl.Stake(seat=1, amount=5),
        pl.Discard(seat=1, cards=pl.parse_cards("2c 3c 4c")),
    )
    assert set(pl.parse_cards("Ah Ad As")) <= set(state.hands[1])
    assert 0 not in state.players


def test_next_game_refuses_a_game_that_is_not_over() -> None:
    """Law 18: only a finished game has a next deal."""
    state = pl.new_game(RULES, (100,) * 3, dealer=0, deck=pl.shuffled_deck(2))
    with pytest.raises(ValueError):  # noqa: PT011 - the contract names only ValueError
        pl.next_game(state, deck=pl.shuffled_deck(3))


def test_a_seat_without_chips_sits_out_and_gets_no_cards() -> None:
    """Law 7: only seats that play are dealt to; a seat without chips sits the game out."""
    deck = pl.shuffled_deck(5)
    state = pl.new_game(RULES, (100, 0, 100, 100), dealer=0, deck=deck)
    assert state.hands[1] == ()
    assert state.players == (0, 2, 3)
    # The ante seat is the first seat dealt in on the dealer's left.
    assert state.ante_seat == 2
    assert state.stakes == (0, 0, 5, 0)
    assert state.to_act == 3
    for position, seat in enumerate((2, 3, 0)):
        assert set(state.hands[seat]) == set(deck[position:15:3])
    assert state.stock == deck[15:]


def test_a_seat_without_chips_is_not_a_player() -> None:
    """Ambiguity 26: a seat that sits the game out may not act in it; the refusal cites Law
    18, whose reading it is (the deal passes over him), as a report from him does."""
    state = pl.new_game(RULES, (100, 0, 100, 100), dealer=0, deck=pl.shuffled_deck(5))
    result = pl.apply(state, pl.Pass(seat=1))
    assert isinstance(result, pl.NotAPlayer)
    assert result.law == 18
    assert "sits this game out" in result.message
    assert "seat 1" in result.message


def test_the_joker_pack_deals_fifty_three_cards() -> None:
    """Law 81: with the agreed Joker the pack is 53 cards and all of them are in play."""
    rules = pl.Rules(ante=5, limit=15, joker=True)
    deck = pl.shuffled_deck(9, joker=True)
    state = pl.new_game(rules, (100,) * 4, dealer=0, deck=deck)
    assert state.stock == deck[20:]
    assert all_cards(state) == Counter(deck)


_FULL = pl.standard_deck()


@pytest.mark.parametrize(
    ("stacks", "dealer", "deck", "rules"),
    [
        pytest.param((100,) * 4, 0, _FULL[:51], RULES, id="51-cards"),
        pytest.param((100,) * 4, 0, (*_FULL[:51], _FULL[0]), RULES, id="a-card-twice"),
        pytest.param((100,) * 4, 0, (*_FULL, _FULL[0]), RULES, id="53-cards"),
        pytest.param((100,) * 4, 0, pl.standard_deck(joker=True), RULES, id="joker-not-agreed"),
        pytest.param(
            (100,) * 4, 0, _FULL, pl.Rules(ante=5, limit=15, joker=True), id="joker-missing"
        ),
        pytest.param((100,), 0, _FULL, RULES, id="one-seat"),
        pytest.param((100,) * 11, 0, _FULL, RULES, id="eleven-seats"),
        pytest.param((100, 0, 0), 0, _FULL, RULES, id="one-seat-with-chips"),
        pytest.param((100, -1, 100), 0, _FULL, RULES, id="negative-stack"),
        pytest.param((100,) * 4, 4, _FULL, RULES, id="dealer-too-high"),
        pytest.param((100,) * 4, -1, _FULL, RULES, id="dealer-negative"),
    ],
)
def test_new_game_refuses_an_impossible_table(
    stacks: tuple[int, ...], dealer: int, deck: tuple[pl.Card, ...], rules: pl.Rules
) -> None:
    """Laws 1, 7: a game needs the whole pack once, 2 to 10 seats, two with chips, a dealer."""
    with pytest.raises(ValueError, match=r"\w"):
        pl.new_game(rules, stacks, dealer=dealer, deck=deck)


def test_new_game_accepts_ten_seats_and_two() -> None:
    """Ambiguity 24: two to ten players may sit down."""
    ten = pl.new_game(RULES, (100,) * 10, dealer=9, deck=_FULL)
    assert len(ten.stock) == 2
    two = pl.new_game(RULES, (100, 100), dealer=0, deck=_FULL)
    assert len(two.stock) == 42
