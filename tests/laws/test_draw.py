"""The Draw (Laws 34-41): order, making good, discarding, serving, and a short stock."""

from __future__ import annotations

from collections import Counter

import pokerlaws as pl
from tests.laws._tables import RULES, all_cards, deck_for, play, refused

# Four seats, dealer 0: ante seat 1, No. 1 seat 2, No. 2 seat 3.
HANDS = {
    1: "Kc Kd 8s 5c 2d",
    2: "Ac Ad 9h 6c 3s",
    3: "Qs Qh 7d 4s Jc",
    0: "Tc Td 9c 6h 2h",
}
DRAW = "4h 6d 9s Ah 7c 8d"


def _cards(text: str) -> tuple[pl.Card, ...]:
    return pl.parse_cards(text)


def _say(stacks: tuple[int, ...] = (100, 100, 100, 100)) -> pl.GameState:
    """No. 1 opens 10, No. 2 raises to 25, the dealer and the ante play 25: the draw begins."""
    deck = deck_for(HANDS, n=4, dealer=0, draw=DRAW)
    return play(
        pl.new_game(RULES, stacks, dealer=0, deck=deck),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=3, amount=25),
        pl.Stake(seat=0, amount=25),
        pl.Stake(seat=1, amount=20),
    )


def test_law_34_the_draw_begins_on_the_dealers_left() -> None:
    """Law 34: the first player on the dealer's left draws first."""
    state = _say()
    assert state.phase is pl.Phase.DRAW
    assert state.stakes == (25, 25, 10, 25)
    assert state.pool == 85
    assert state.to_act == 1


def test_law_34_if_the_ante_passed_the_next_player_draws_first() -> None:
    """Law 34: the draw begins with the first player still in on the dealer's left."""
    deck = deck_for(HANDS, n=4, dealer=0, draw=DRAW)
    state = play(
        pl.new_game(RULES, (100,) * 4, dealer=0, deck=deck),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=3, amount=10),
        pl.Stake(seat=0, amount=10),
        pl.Pass(seat=1),
    )
    assert state.phase is pl.Phase.DRAW
    assert state.to_act == 2


def test_law_35_the_draw_goes_round_to_the_left_and_the_dealer_draws_last() -> None:
    """Law 35: the turn to draw passes to the left, ending with the dealer."""
    state = _say()
    order = []
    state = play(state, pl.Discard(seat=1, cards=()))
    order.append(state.to_act)
    state = play(state, pl.Stake(seat=2, amount=15), pl.Discard(seat=2, cards=()))
    order.append(state.to_act)
    state = play(state, pl.Discard(seat=3, cards=()))
    order.append(state.to_act)
    assert order == [2, 3, 0]
    state = play(state, pl.Discard(seat=0, cards=()))
    assert state.phase is pl.Phase.BETTING


def test_law_36_a_short_player_makes_good_before_he_discards() -> None:
    """Law 36: a player short of the highest stake must make it good before he draws."""
    state = play(_say(), pl.Discard(seat=1, cards=()))
    assert state.to_act == 2
    refused(state, pl.Discard(seat=2, cards=()), pl.MustMakeGoodFirst, law=36)
    refused(state, pl.Discard(seat=2, cards=_cards("9h 6c 3s")), pl.MustMakeGoodFirst, law=36)
    assert set(pl.legal_actions(state)) == {pl.Stake(seat=2, amount=15), pl.Pass(seat=2)}
    state = play(state, pl.Stake(seat=2, amount=15))
    assert state.phase is pl.Phase.DRAW
    assert state.to_act == 2
    assert state.stakes == (25, 25, 25, 25)
    assert state.stacks == (75, 75, 75, 75)
    assert state.pool == 100
    state = play(state, pl.Discard(seat=2, cards=_cards("9h 6c 3s")))
    assert state.to_act == 3


def test_law_36_making_good_is_exactly_the_shortfall() -> None:
    """Law 36: the stake is made equal to the highest, neither less nor more."""
    state = play(_say(), pl.Discard(seat=1, cards=()))
    refused(state, pl.Stake(seat=2, amount=14), pl.StakeNotExact, law=36)
    refused(state, pl.Stake(seat=2, amount=16), pl.StakeNotExact, law=36)
    refused(state, pl.Stake(seat=2, amount=30), pl.StakeNotExact, law=36)


def test_law_36_a_level_player_may_not_raise_at_the_draw() -> None:
    """Law 36 (Ambiguity 5): at the draw stakes are only made good, never raised."""
    state = _say()
    refused(state, pl.Stake(seat=1, amount=5), pl.StakeNotExact, law=36)
    state = play(state, pl.Discard(seat=1, cards=()), pl.Stake(seat=2, amount=15))
    refused(state, pl.Stake(seat=2, amount=1), pl.StakeNotExact, law=36)


def test_law_36_a_player_short_of_chips_makes_good_with_all_he_has() -> None:
    """Law 36 (with Law 60): a player without the whole shortfall may stake all his chips."""
    state = play(_say((100, 100, 18, 100)), pl.Discard(seat=1, cards=()))
    assert state.stacks[2] == 8
    refused(state, pl.Stake(seat=2, amount=7), pl.StakeNotExact, law=36)
    assert set(pl.legal_actions(state)) == {pl.Stake(seat=2, amount=8), pl.Pass(seat=2)}
    state = play(state, pl.Stake(seat=2, amount=8))
    assert state.stakes[2] == 18
    assert state.stacks[2] == 0
    assert state.all_in == frozenset({2})
    state = play(state, pl.Discard(seat=2, cards=()))
    assert state.to_act == 3


def test_law_36_a_player_who_will_not_make_good_passes_and_loses_his_stake() -> None:
    """Law 36: unwilling to make good, a player retires and leaves his stake in the pool."""
    state = play(_say(), pl.Discard(seat=1, cards=()), pl.Pass(seat=2))
    assert state.players == (0, 1, 3)
    assert state.pool == 85
    assert state.stacks[2] == 90
    assert state.to_act == 3


def test_law_58_the_last_opponent_passing_at_the_draw_ends_the_game() -> None:
    """Law 58: a player who passes at the draw rather than make good (Law 36) leaves one
    player in, who takes the pool unshown."""
    deck = deck_for(HANDS, n=4, dealer=0, draw=DRAW)
    state = play(
        pl.new_game(RULES, (100,) * 4, dealer=0, deck=deck),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=3, amount=25),
        pl.Pass(seat=0),
        pl.Pass(seat=1),
    )
    assert state.phase is pl.Phase.DRAW
    assert state.to_act == 2
    state = play(state, pl.Pass(seat=2))
    assert state.phase is pl.Phase.OVER
    assert state.winners == (3,)
    assert state.shown == frozenset()
    assert state.payouts == (0, 0, 0, 40)
    assert state.stacks == (100, 95, 90, 115)
    assert state.pool == 0


def test_law_36_only_cards_held_may_be_discarded() -> None:
    """Law 36: a player throws out cards of his own hand and nothing else."""
    state = _say()
    refused(state, pl.Discard(seat=1, cards=_cards("Ah")), pl.CardNotHeld, law=36)
    refused(state, pl.Discard(seat=1, cards=_cards("Kc Ah")), pl.CardNotHeld, law=36)
    refused(state, pl.Discard(seat=1, cards=_cards("Ac")), pl.CardNotHeld, law=36)


def test_law_36_a_card_may_not_be_discarded_twice() -> None:
    """Law 36: the discard is the exact cards to replace, each once."""
    state = _say()
    refused(state, pl.Discard(seat=1, cards=_cards("Kc Kc")), pl.CardRepeated, law=36)
    refused(state, pl.Discard(seat=1, cards=_cards("2d 5c 2d")), pl.CardRepeated, law=36)


def test_law_39_replacements_come_from_the_top_of_the_stock() -> None:
    """Law 39: a player receives as many cards as he threw out, from the top of the pack."""
    state = _say()
    stock = state.stock
    assert stock[:6] == _cards(DRAW)
    state = play(state, pl.Discard(seat=1, cards=_cards("8s 5c 2d")))
    assert set(state.hands[1]) == set(_cards("Kc Kd 4h 6d 9s"))
    assert state.stock == stock[3:]
    assert Counter(state.discards) == Counter(_cards("8s 5c 2d"))
    state = play(
        state,
        pl.Stake(seat=2, amount=15),
        pl.Discard(seat=2, cards=_cards("9h 6c 3s")),
    )
    assert set(state.hands[2]) == set(_cards("Ac Ad Ah 7c 8d"))
    assert state.stock == stock[6:]


def test_law_37_discards_are_out_of_the_hand_for_good() -> None:
    """Law 37: discarded cards lie apart and never come back to the hand."""
    state = play(_say(), pl.Discard(seat=1, cards=_cards("Kc Kd 8s 5c 2d")))
    assert not set(state.hands[1]) & set(_cards("Kc Kd 8s 5c 2d"))
    assert len(state.hands[1]) == 5
    assert set(_cards("Kc Kd 8s 5c 2d")) <= set(state.discards)


def test_law_38_a_player_draws_once_only() -> None:
    """Law 38: the exchange is made at one's turn, once; it cannot be done again later."""
    state = play(_say(), pl.Discard(seat=1, cards=()))
    assert set(state.hands[1]) == set(_cards(HANDS[1]))
    refused(state, pl.Discard(seat=1, cards=_cards("2d")), pl.NotYourTurn)


def test_law_38_playing_pat_takes_no_card() -> None:
    """Law 38: a player who discards nothing keeps his hand and takes no card."""
    state = _say()
    stock = state.stock
    state = play(state, pl.Discard(seat=1, cards=()))
    assert state.stock == stock
    assert state.discards == ()


def test_law_36_legal_actions_at_the_draw() -> None:
    """Law 36: a level player may discard any of the 32 subsets of his hand, or pass."""
    state = _say()
    actions = pl.legal_actions(state)
    discards = [a for a in actions if isinstance(a, pl.Discard)]
    assert len(discards) == len(set(discards)) == 32
    assert set(actions) == {*discards, pl.Pass(seat=1)}
    assert all(set(a.cards) <= set(state.hands[1]) for a in discards)
    for action in actions:
        assert pl.is_legal(state, action)
        assert isinstance(pl.apply(state, action), pl.GameState)


def test_law_36_after_the_draw_the_stakes_are_level_and_all_in_the_pool() -> None:
    """Law 36 (2.7): when the draw is over every stake is equal and all of it is in the pool."""
    state = play(
        _say(),
        pl.Discard(seat=1, cards=_cards("8s 5c 2d")),
        pl.Stake(seat=2, amount=15),
        pl.Discard(seat=2, cards=_cards("9h 6c 3s")),
        pl.Discard(seat=3, cards=()),
        pl.Discard(seat=0, cards=()),
    )
    assert state.phase is pl.Phase.BETTING
    assert state.stakes == (0, 0, 0, 0)
    assert state.pool == 100
    assert state.players == (0, 1, 2, 3)
    # Law 53: the betting begins on the ante's left.
    assert state.to_act == 2


def test_law_36_cards_are_conserved_through_the_draw() -> None:
    """Laws 36-39: hands, stock and discards always hold the whole pack exactly once."""
    deck = deck_for(HANDS, n=4, dealer=0, draw=DRAW)
    state = play(
        pl.new_game(RULES, (100,) * 4, dealer=0, deck=deck),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=3, amount=25),
        pl.Stake(seat=0, amount=25),
        pl.Stake(seat=1, amount=20),
    )
    pack = Counter(pl.standard_deck())
    for action in (
        pl.Discard(seat=1, cards=_cards("8s 5c 2d")),
        pl.Pass(seat=2),
        pl.Discard(seat=3, cards=_cards("Qs Qh 7d 4s Jc")),
        pl.Discard(seat=0, cards=_cards("2h")),
    ):
        state = play(state, action)
        assert all_cards(state) == pack
        assert all(len(state.hands[s]) == 5 for s in state.players)


def _everyone_plays(n: int, passing: tuple[int, ...] = ()) -> pl.GameState:
    """n seats, dealer 0: No. 1 (seat 2) opens 10 and every other seat but ``passing`` plays."""
    state = pl.new_game(RULES, (100,) * n, dealer=0, deck=pl.shuffled_deck(77))
    state = play(state, pl.Stake(seat=2, amount=10))
    for seat in (*range(3, n), 0, 1):
        if seat in passing:
            state = play(state, pl.Pass(seat=seat))
        else:
            state = play(state, pl.Stake(seat=seat, amount=5 if seat == 1 else 10))
    assert state.phase is pl.Phase.DRAW
    return state


def _discard(state: pl.GameState, seat: int, count: int) -> pl.GameState:
    """Let ``seat`` (who is to act) throw out the first ``count`` cards of his hand."""
    assert state.to_act == seat, (state.to_act, seat)
    return play(state, pl.Discard(seat=seat, cards=state.hands[seat][:count]))


def _thrown(state: pl.GameState, seat: int) -> tuple[pl.Card, ...]:
    """The cards ``seat`` threw out at this draw, as his Discard listed them."""
    (cards,) = [a.cards for a in state.history if isinstance(a, pl.Discard) and a.seat == seat]
    return cards


def _shuffle(state: pl.GameState, order: tuple[pl.Card, ...]) -> pl.GameState:
    """The dealer shuffles the gathered discards to ``order`` (the caller's own order)."""
    action = pl.Shuffle(seat=state.dealer, order=order)
    assert pl.is_legal(state, action)
    after = pl.apply_or_raise(state, action)
    assert after.history[-1] == action
    return after


def _no_one_holds_his_own_discards(state: pl.GameState) -> None:
    for seat in state.players:
        thrown = [a.cards for a in state.history if isinstance(a, pl.Discard) and a.seat == seat]
        assert not set(state.hands[seat]) & set(*thrown or [()]), seat


def test_law_41_ten_seats_each_discarding_three_are_served_from_the_shuffled_discards() -> None:
    """Law 41: the first drawer gets the stock's last two cards and is owed one; everyone after
    discards and is owed; the dealer shuffles all thirty discards; the owed are served in draw
    order from the top, each passing over his own (Law 37)."""
    state = _everyone_plays(10)
    stock = state.stock
    assert len(stock) == 2
    pack = Counter(pl.standard_deck())
    kept = {seat: state.hands[seat][3:] for seat in range(10)}
    state = _discard(state, 1, 3)
    # Ambiguity 19: the stock's last cards first; his hand holds only what he could be given.
    assert state.hands[1] == (*kept[1], *stock)
    assert state.owed == ((1, 1),)
    for seat in (2, 3, 4, 5, 6, 7, 8, 9, 0):
        state = _discard(state, seat, 3)
        assert state.hands[seat] == kept[seat], "a later player is owed, not served"
        assert all_cards(state) == pack
    assert state.phase is pl.Phase.DRAW
    assert state.to_act == 0
    assert pl.legal_actions(state) == (pl.Shuffle(seat=0),)
    thrown = {seat: _thrown(state, seat) for seat in range(10)}
    # The caller's order: the discards as they were thrown, seat 1's first.
    order = tuple(card for seat in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0) for card in thrown[seat])
    assert Counter(order) == Counter(state.discards)
    state = _shuffle(state, order)
    # Seat 1 passes over his own three and takes seat 2's first; seat 2 passes over his
    # remaining two and takes seat 1's three; seat 3 takes seat 2's last two and then,
    # passing over his own, seat 4's first; seat 4 takes seat 3's three.
    assert state.hands[1] == (*kept[1], *stock, thrown[2][0])
    assert state.hands[2] == (*kept[2], *thrown[1])
    assert state.hands[3] == (*kept[3], *thrown[2][1:], thrown[4][0])
    assert state.hands[4] == (*kept[4], *thrown[3])
    assert state.phase is pl.Phase.BETTING
    assert state.owed == ()
    assert len(state.stock) == 30 - 28
    assert all(len(state.hands[seat]) == 5 for seat in range(10))
    assert all_cards(state) == pack
    _no_one_holds_his_own_discards(state)


def test_law_41_nine_seats_the_shortage_falls_mid_round() -> None:
    """Law 41: at nine seats the stock of seven runs out at the third drawer; he is owed two,
    the fourth stands pat, the fifth passes, and the rest discard and are owed."""
    state = _everyone_plays(9)
    stock = state.stock
    assert len(stock) == 7
    state = _discard(state, 1, 3)
    state = _discard(state, 2, 3)
    assert state.owed == ()
    state = _discard(state, 3, 3)
    assert state.hands[3][2:] == stock[6:]
    assert state.owed == ((3, 2),)
    state = _discard(state, 4, 0)
    state = play(state, pl.Pass(seat=5))
    for seat, count in ((6, 2), (7, 2), (8, 1), (0, 4)):
        state = _discard(state, seat, count)
    assert state.owed == ((3, 2), (6, 2), (7, 2), (8, 1), (0, 4))
    assert state.to_act == 0
    # Every discard of this draw is gathered, those of players already served included; the
    # hand seat 5 threw in is not (Ambiguity 19).
    assert len(state.discards) == 3 + 3 + 3 + 2 + 2 + 1 + 4
    assert not set(state.discards) & set(state.dealt[5])
    state = pl.apply_or_raise(state, pl.Shuffle(seat=0))
    used = state.history[-1]
    assert isinstance(used, pl.Shuffle)
    assert used.order is not None
    assert len(used.order) == 18
    assert state.phase is pl.Phase.BETTING
    assert all(len(state.hands[seat]) == 5 for seat in state.players)
    _no_one_holds_his_own_discards(state)
    assert all_cards(state) == Counter(pl.standard_deck())


def test_law_41_the_shortage_may_fall_on_the_dealer() -> None:
    """Law 41: when the dealer's own request is the one the stock cannot cover, he is owed,
    and shuffles to serve himself from the others' discards."""
    state = _everyone_plays(10)
    state = _discard(state, 1, 2)  # the stock's two cards, exactly
    for seat in range(2, 10):
        state = _discard(state, seat, 0)
    assert state.owed == ()
    state = _discard(state, 0, 2)
    assert state.owed == ((0, 2),)
    assert state.to_act == 0
    order = (*_thrown(state, 0), *_thrown(state, 1))
    state = _shuffle(state, order)
    assert set(state.hands[0][3:]) == set(_thrown(state, 1))
    assert state.stock == _thrown(state, 0)


def test_law_41_a_dealer_who_has_passed_still_shuffles_and_serves() -> None:
    """Laws 18, 41: the dealer passed in the say, yet when the pack runs short he gathers and
    shuffles the discards, and nobody else may."""
    state = _everyone_plays(10, passing=(0,))
    assert 0 not in state.players
    assert len(state.stock) == 2
    state = _discard(state, 1, 1)
    state = _discard(state, 2, 2)
    state = _discard(state, 3, 3)
    state = _discard(state, 4, 2)
    assert state.owed == ((2, 1), (3, 3), (4, 2))
    for seat in range(5, 10):
        state = _discard(state, seat, 0)
    assert state.to_act == 0
    assert pl.legal_actions(state) == (pl.Shuffle(seat=0),)
    violation = refused(state, pl.Shuffle(seat=1), pl.ShuffleNotAllowed, law=41)
    assert "dealer" in violation.message
    refused(state, pl.Pass(seat=4), pl.ShuffleFirst, law=41)
    t1, t2, t3, t4 = (_thrown(state, seat) for seat in (1, 2, 3, 4))
    state = _shuffle(state, (*t2, *t1, *t3, *t4))
    assert state.hands[2][4:] == t1
    assert state.hands[3][2:] == (*t2, t4[0])
    assert state.hands[4][3:] == t3[:2]
    assert state.stock == (t3[2], t4[1])
    assert state.phase is pl.Phase.BETTING


def test_law_41_everyone_after_the_short_player_stands_pat() -> None:
    """Law 41 over Law 37: with only his own discards gathered, the short player takes the
    top ones of his own, since no other card is left (the documented edge case)."""
    state = _everyone_plays(10)
    stock = state.stock
    state = _discard(state, 1, 4)
    assert state.owed == ((1, 2),)
    for seat in (*range(2, 10), 0):
        state = _discard(state, seat, 0)
    own = _thrown(state, 1)
    order = (own[3], own[1], own[0], own[2])
    state = _shuffle(state, order)
    assert state.hands[1] == (state.dealt[1][4], *stock, own[3], own[1])
    assert state.stock == (own[0], own[2])


def test_law_41_a_players_own_discards_stay_in_place_for_the_next() -> None:
    """Law 37: a card passed over stays where it is in the pile and goes to the next player."""
    state = _everyone_plays(10)
    state = _discard(state, 1, 3)
    state = _discard(state, 2, 2)
    for seat in (*range(3, 10), 0):
        state = _discard(state, seat, 0)
    one, two = _thrown(state, 1), _thrown(state, 2)
    # Seat 1 is owed one and seat 2 two; seat 1's own cards lie on top.
    state = _shuffle(state, (*one, *two))
    assert state.hands[1][4:] == two[:1]
    assert state.hands[2][3:] == one[:2]
    assert state.stock == (one[2], two[1])


def test_law_41_a_shuffle_of_the_wrong_cards_is_refused() -> None:
    """Law 41: the shuffle orders exactly the gathered discards, each once."""
    state = _everyone_plays(10)
    state = _discard(state, 1, 3)
    for seat in (*range(2, 10), 0):
        state = _discard(state, seat, 1)
    gathered = state.discards
    stranger = next(card for card in state.hands[5] if card not in gathered)
    for order in (
        gathered[1:],
        (*gathered, stranger),
        (gathered[0], *gathered[:-1]),  # the right length, one card twice
        (stranger, *gathered[1:]),
        (),
    ):
        refused(state, pl.Shuffle(seat=0, order=order), pl.WrongShuffle, law=41)


def test_law_41_there_is_no_shuffle_before_the_pack_runs_short_or_all_have_discarded() -> None:
    """Law 41: the dealer shuffles only once the pack has run short and all have discarded."""
    state = _everyone_plays(10)
    refused(state, pl.Shuffle(seat=0), pl.ShuffleNotAllowed, law=41)
    refused(state, pl.Shuffle(seat=1), pl.ShuffleNotAllowed, law=41)
    state = _discard(state, 1, 3)
    violation = refused(state, pl.Shuffle(seat=0), pl.ShuffleNotAllowed, law=41)
    assert "still to discard" in violation.message
    say = pl.new_game(RULES, (100,) * 4, dealer=0, deck=pl.shuffled_deck(3))
    refused(say, pl.Shuffle(seat=0), pl.ShuffleNotAllowed, law=41)


def test_law_58_nobody_shuffles_for_a_player_who_has_already_won() -> None:
    """Law 58 (Ambiguity 19): if all the others pass while a player is owed cards, he takes
    the pool at once and the discards are not shuffled."""
    state = _everyone_plays(10)
    pool = state.pool
    state = _discard(state, 1, 3)
    for seat in (*range(2, 10), 0):
        state = play(state, pl.Pass(seat=seat))
    assert state.phase is pl.Phase.OVER
    assert state.winners == (1,)
    assert state.payouts[1] == pool
    assert not any(isinstance(action, pl.Shuffle) for action in state.history)


def test_law_36_a_player_all_in_from_the_say_draws_without_making_good() -> None:
    """Law 36 (with Law 60): a player who has staked his last chip has nothing to make good."""
    state = play(
        pl.new_game(RULES, (100, 100, 100, 7), dealer=0, deck=pl.shuffled_deck(31)),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=3, amount=7),
        pl.Stake(seat=0, amount=25),
        pl.Stake(seat=1, amount=20),
        pl.Discard(seat=1, cards=()),
        pl.Stake(seat=2, amount=15),
        pl.Discard(seat=2, cards=()),
    )
    assert state.all_in == frozenset({3})
    assert state.to_act == 3
    assert not any(isinstance(a, pl.Stake) for a in pl.legal_actions(state))
    state = play(state, pl.Discard(seat=3, cards=state.hands[3][:2]))
    assert state.to_act == 0
    assert state.stakes == (25, 25, 25, 7)


def test_law_53_a_first_bettor_who_is_all_in_is_passed_over() -> None:
    """Law 53 (with Law 61): the first bet falls to the first player still in who can bet."""
    state = play(
        pl.new_game(RULES, (100, 100, 10, 100), dealer=0, deck=pl.shuffled_deck(31)),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=3, amount=10),
        pl.Stake(seat=0, amount=10),
        pl.Stake(seat=1, amount=5),
        pl.Discard(seat=1, cards=()),
        pl.Discard(seat=2, cards=()),
        pl.Discard(seat=3, cards=()),
        pl.Discard(seat=0, cards=()),
    )
    assert state.phase is pl.Phase.BETTING
    assert state.all_in == frozenset({2})
    assert state.to_act == 3
    assert pl.Stand(seat=3) in pl.legal_actions(state)
