"""The Betting (Laws 52-61, 76): after the draw, standing, betting, calling, the show, the pool."""

from __future__ import annotations

import pokerlaws as pl
from tests.laws._tables import RULES, deck_for, pass_until_over, play, refused

# Four seats, dealer 0: ante seat 1, No. 1 seat 2, No. 2 seat 3. At the show seat 2's threes
# beat seat 0's aces, which beat seat 3's deuces, which beat seat 1's king high.
HANDS = {
    2: "7c 7d 7s Kd 3h",
    0: "Ac Ad 9s 5h 3c",
    1: "Kc Qh 8d 6s 4c",
    3: "2c 2d Js Th 5d",
}


def _betting(stacks: tuple[int, ...] = (100, 100, 100, 100)) -> pl.GameState:
    """Everyone plays 10 before the draw and stands pat: 40 in the pool, No. 1 to bet."""
    deck = deck_for(HANDS, n=4, dealer=0)
    return play(
        pl.new_game(RULES, stacks, dealer=0, deck=deck),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=3, amount=10),
        pl.Stake(seat=0, amount=10),
        pl.Stake(seat=1, amount=5),
        pl.Discard(seat=1, cards=()),
        pl.Discard(seat=2, cards=()),
        pl.Discard(seat=3, cards=()),
        pl.Discard(seat=0, cards=()),
    )


def test_law_52_every_bet_goes_into_the_pool() -> None:
    """Law 52: each bet is put in the pool and counts in the bettor's stake."""
    state = _betting()
    assert state.phase is pl.Phase.BETTING
    assert state.pool == 40
    assert state.stakes == (0, 0, 0, 0)
    state = play(state, pl.Stake(seat=2, amount=5))
    assert state.pool == 45
    assert state.stakes == (0, 0, 5, 0)
    assert state.stacks == (90, 90, 85, 90)
    state = play(state, pl.Stake(seat=3, amount=5))
    assert state.pool == 50
    assert state.stakes == (0, 0, 5, 5)


def test_law_53_the_first_bet_belongs_to_the_player_on_the_antes_left() -> None:
    """Law 53: after the draw, the player on the ante's left has the first bet."""
    state = _betting()
    assert state.to_act == 2
    assert state.highest_stake == 0


def test_law_53_the_first_bet_is_reckoned_from_the_ante_seat_even_if_both_passed() -> None:
    """Law 53: the first bettor is the first player still in on the ante's left, ante in or not."""
    deck = deck_for(HANDS, n=4, dealer=0)
    state = play(
        pl.new_game(RULES, (100,) * 4, dealer=0, deck=deck),
        pl.Pass(seat=2),
        pl.Stake(seat=3, amount=10),
        pl.Stake(seat=0, amount=10),
        pl.Pass(seat=1),
        pl.Discard(seat=3, cards=()),
        pl.Discard(seat=0, cards=()),
    )
    assert state.phase is pl.Phase.BETTING
    assert state.to_act == 3


def test_law_53_the_first_bettor_may_stand_once_and_nobody_else() -> None:
    """Law 53 (Ambiguity 6): only the first bettor may stand, and only once."""
    state = play(_betting(), pl.Stand(seat=2))
    assert state.to_act == 3
    assert state.stakes == (0, 0, 0, 0)
    refused(state, pl.Stand(seat=3), pl.CannotStand, law=53)
    state = play(
        state,
        pl.Stake(seat=3, amount=5),
        pl.Stake(seat=0, amount=5),
        pl.Stake(seat=1, amount=5),
    )
    assert state.to_act == 2
    refused(state, pl.Stand(seat=2), pl.CannotStand, law=53)
    state = play(state, pl.Stake(seat=2, amount=5))
    assert state.phase is pl.Phase.OVER
    assert state.winners == (2,)


def test_law_53_after_a_stand_the_next_player_bets_or_passes() -> None:
    """Law 53 (Ambiguity 6): after a stand the next player bets 1 to the limit, or passes."""
    state = play(_betting(), pl.Stand(seat=2))
    expected = {pl.Pass(seat=3)} | {pl.Stake(seat=3, amount=a) for a in range(1, 16)}
    assert set(pl.legal_actions(state)) == expected
    refused(state, pl.Stake(seat=3, amount=16), pl.StakeOverLimit)
    refused(state, pl.Stake(seat=3, amount=0), pl.AmountNotPositive, law=56)


def test_law_53_legal_actions_of_the_first_bettor() -> None:
    """Law 53: the first bettor may stand, pass, or bet any sum from 1 to the limit."""
    state = _betting()
    actions = pl.legal_actions(state)
    expected = {pl.Stand(seat=2), pl.Pass(seat=2)} | {
        pl.Stake(seat=2, amount=a) for a in range(1, 16)
    }
    assert len(actions) == len(set(actions)) == 17
    assert set(actions) == expected
    for action in actions:
        assert pl.is_legal(state, action)
        assert isinstance(pl.apply(state, action), pl.GameState)


def test_law_53_the_first_bet_is_at_most_the_limit() -> None:
    """Law 53: no bet may be more than the limit."""
    state = _betting()
    refused(state, pl.Stake(seat=2, amount=16), pl.StakeOverLimit)
    assert play(state, pl.Stake(seat=2, amount=15)).stakes[2] == 15


def test_law_53_a_raise_is_at_most_the_limit() -> None:
    """Law 53: a player may stake more than the highest by no more than the limit."""
    state = play(_betting(), pl.Stake(seat=2, amount=5))
    refused(state, pl.Stake(seat=3, amount=21), pl.StakeOverLimit, law=53)
    state = play(state, pl.Stake(seat=3, amount=20))
    assert state.stakes == (0, 0, 5, 20)
    assert state.highest_stake == 20


def test_law_53_each_player_stakes_at_least_as_much_as_the_highest() -> None:
    """Law 53: a player who plays stakes at least as much as the preceding stake."""
    state = play(_betting(), pl.Stake(seat=2, amount=5))
    refused(state, pl.Stake(seat=3, amount=4), pl.StakeTooSmall)
    expected = {pl.Pass(seat=3)} | {pl.Stake(seat=3, amount=a) for a in range(5, 21)}
    assert set(pl.legal_actions(state)) == expected


def test_law_53_raises_are_not_limited_in_number() -> None:
    """Law 53 (Ambiguity 4): the limit caps each raise, not how many there are."""
    state = play(
        _betting((500,) * 4),
        pl.Stake(seat=2, amount=15),
        pl.Stake(seat=3, amount=30),
        pl.Pass(seat=0),
        pl.Pass(seat=1),
    )
    for _ in range(4):
        state = play(state, pl.Stake(seat=2, amount=30), pl.Stake(seat=3, amount=30))
    assert state.stakes == (0, 0, 135, 150)
    assert state.phase is pl.Phase.BETTING
    state = play(state, pl.Stake(seat=2, amount=15))
    assert state.phase is pl.Phase.OVER
    assert state.winners == (2,)
    assert state.payouts == (0, 0, 340, 0)
    assert state.stacks == (490, 490, 680, 340)


def test_law_54_a_player_who_will_not_match_loses_his_stake() -> None:
    """Law 54: a player who will not stake as much as the highest retires and loses his stake."""
    state = play(
        _betting(),
        pl.Stake(seat=2, amount=5),
        pl.Stake(seat=3, amount=5),
        pl.Stake(seat=0, amount=20),
        pl.Pass(seat=1),
        pl.Pass(seat=2),
    )
    assert state.players == (0, 3)
    assert state.pool == 70
    state = play(state, pl.Stake(seat=3, amount=15))
    assert state.phase is pl.Phase.OVER
    assert state.winners == (0,)
    assert state.shown == frozenset({0, 3})
    assert state.payouts == (85, 0, 0, 0)
    assert state.stacks == (155, 90, 85, 70)
    assert state.pool == 0


def test_law_56_a_bet_of_nothing_is_no_bet() -> None:
    """Law 56: a bet is what is put down, so it must be at least one chip."""
    state = _betting()
    refused(state, pl.Stake(seat=2, amount=0), pl.AmountNotPositive, law=56)
    refused(state, pl.Stake(seat=2, amount=-1), pl.AmountNotPositive, law=56)


def test_law_56_nobody_bets_more_chips_than_he_has() -> None:
    """Law 56: a bet is money put on the table, which one must have."""
    state = _betting((100, 100, 13, 100))
    assert state.stacks[2] == 3
    refused(state, pl.Stake(seat=2, amount=4), pl.NotEnoughChips)
    stakes = {a.amount for a in pl.legal_actions(state) if isinstance(a, pl.Stake)}
    assert stakes == {1, 2, 3}


def test_law_53_betting_is_in_turn() -> None:
    """Law 53: the turn to bet passes to the left; nobody bets out of turn."""
    state = _betting()
    refused(state, pl.Stake(seat=3, amount=5), pl.NotYourTurn)
    refused(state, pl.Discard(seat=2, cards=()), pl.WrongPhase)


def test_law_58_an_uncalled_bet_takes_the_pool_unshown() -> None:
    """Law 58: a bettor whom nobody calls takes the pool and need not show."""
    state = play(
        _betting(),
        pl.Stake(seat=2, amount=5),
        pl.Pass(seat=3),
        pl.Pass(seat=0),
        pl.Pass(seat=1),
    )
    assert state.phase is pl.Phase.OVER
    assert state.winners == (2,)
    assert state.shown == frozenset()
    assert state.payouts == (0, 0, 45, 0)
    assert state.stacks == (90, 90, 130, 90)
    assert state.pool == 0


def test_law_58_an_uncalled_raise_takes_the_pool_unshown() -> None:
    """Law 58: a player whose raise nobody meets takes the pool without showing."""
    state = play(
        _betting(),
        pl.Stake(seat=2, amount=5),
        pl.Stake(seat=3, amount=5),
        pl.Stake(seat=0, amount=20),
        pl.Pass(seat=1),
        pl.Pass(seat=2),
        pl.Pass(seat=3),
    )
    assert state.winners == (0,)
    assert state.shown == frozenset()
    assert state.payouts == (70, 0, 0, 0)
    assert state.stacks == (140, 90, 85, 85)


def test_law_58_a_stander_left_alone_takes_the_pool() -> None:
    """Law 58: when all the others give up, the one left takes the pool."""
    state = play(
        _betting(),
        pl.Stand(seat=2),
        pl.Pass(seat=3),
        pl.Pass(seat=0),
        pl.Pass(seat=1),
    )
    assert state.winners == (2,)
    assert state.payouts == (0, 0, 40, 0)
    assert state.pool == 0


def test_law_59_equal_stakes_bring_the_show_and_the_best_hand_wins() -> None:
    """Law 59: when the stakes of all still in are equal, all show and the best hand wins."""
    state = play(
        _betting(),
        pl.Stake(seat=2, amount=5),
        pl.Stake(seat=3, amount=5),
        pl.Stake(seat=0, amount=5),
    )
    assert state.phase is pl.Phase.BETTING
    assert state.payouts == (0, 0, 0, 0)
    state = play(state, pl.Stake(seat=1, amount=5))
    assert state.phase is pl.Phase.OVER
    assert state.to_act is None
    assert state.shown == frozenset({0, 1, 2, 3})
    assert state.show_order == (2, 3, 0, 1)  # from the left of seat 1, the last to call
    assert state.winners == (2,)
    assert state.payouts == (0, 0, 60, 0)
    assert state.stacks == (85, 85, 145, 85)
    assert state.pool == 0
    assert pl.legal_actions(state) == ()


def test_law_59_the_round_goes_on_until_everyone_has_met_the_last_raise() -> None:
    """Law 59: there is no show while a player still in has not matched the highest stake."""
    state = play(
        _betting(),
        pl.Stake(seat=2, amount=5),
        pl.Stake(seat=3, amount=20),
        pl.Stake(seat=0, amount=20),
        pl.Stake(seat=1, amount=20),
    )
    assert state.phase is pl.Phase.BETTING
    assert state.to_act == 2
    refused(state, pl.Stake(seat=2, amount=14), pl.StakeTooSmall)
    state = play(state, pl.Stake(seat=2, amount=15))
    assert state.phase is pl.Phase.OVER
    assert state.winners == (2,)
    assert state.payouts == (0, 0, 120, 0)


def test_law_59_a_stand_followed_by_a_bet_and_calls_ends_in_the_show() -> None:
    """Law 59: after a stand, a bet called all round brings the show."""
    state = play(
        _betting(),
        pl.Stand(seat=2),
        pl.Stake(seat=3, amount=5),
        pl.Pass(seat=0),
        pl.Stake(seat=1, amount=5),
        pl.Stake(seat=2, amount=5),
    )
    assert state.phase is pl.Phase.OVER
    assert state.shown == frozenset({1, 2, 3})
    assert state.show_order == (3, 1, 2)  # from the left of seat 2, the last to call
    assert state.winners == (2,)
    assert state.payouts == (0, 0, 55, 0)


# Three seats, dealer 0: ante seat 1, No. 1 seat 2, who is short of chips.
SHORT_HANDS = {
    2: "7c 7d 7s Kd 3h",
    0: "Ac Ad 9s 5h 3c",
    1: "Kc Qh 8d 6s 4c",
}


def _short_betting(hands: dict[int, str] = SHORT_HANDS) -> pl.GameState:
    """Seat 2 (30 chips) opens 10, all play; after the draw seat 2 bets 10, seat 0 raises."""
    deck = deck_for(hands, n=3, dealer=0)
    state = play(
        pl.new_game(RULES, (200, 200, 30), dealer=0, deck=deck),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=0, amount=10),
        pl.Stake(seat=1, amount=5),
        pl.Discard(seat=1, cards=()),
        pl.Discard(seat=2, cards=()),
        pl.Discard(seat=0, cards=()),
    )
    assert state.to_act == 2
    state = play(state, pl.Stake(seat=2, amount=10), pl.Stake(seat=0, amount=25))
    assert state.stacks == (165, 190, 10)
    return state


def test_law_60_a_short_player_may_call_with_all_he_has() -> None:
    """Law 60: a raised player without the money to call may put in all he has."""
    state = play(_short_betting(), pl.Stake(seat=1, amount=25))
    assert state.to_act == 2
    refused(state, pl.Stake(seat=2, amount=15), pl.NotEnoughChips)
    assert set(pl.legal_actions(state)) == {pl.Stake(seat=2, amount=10), pl.Pass(seat=2)}


def test_law_60_a_short_player_with_the_best_hand_takes_his_share() -> None:
    """Law 60 (Ambiguity 14): the short winner takes the forced chips and his match from each."""
    state = play(_short_betting(), pl.Stake(seat=1, amount=25), pl.Stake(seat=2, amount=10))
    assert state.phase is pl.Phase.OVER
    assert state.all_in == frozenset({2})
    assert state.shown == frozenset({0, 1, 2})
    # Pool 100: ante 5 forced; voluntary 30 (seat 2), 35 (seat 0), 30 (seat 1).
    # Seat 2 takes 5 + min(30, 30) + min(30, 35) + min(30, 30) = 95; the best other hand 5.
    assert 2 in state.winners
    assert state.payouts == (5, 0, 95)
    assert state.stacks == (170, 165, 95)
    assert state.pool == 0


def test_law_60_a_short_player_without_the_best_hand_gets_nothing() -> None:
    """Law 60: if the short player's hand is not best, the best hand takes the whole pool."""
    hands = {**SHORT_HANDS, 1: "9c 9d 9h 4s 4d"}
    state = play(_short_betting(hands), pl.Stake(seat=1, amount=25), pl.Stake(seat=2, amount=10))
    assert state.phase is pl.Phase.OVER
    assert state.winners == (1,)
    assert state.payouts == (0, 100, 0)
    assert state.stacks == (165, 265, 0)


def test_law_61_the_others_bet_on_after_a_player_goes_short() -> None:
    """Law 61: a short player does not stop the game; he is passed over and shows at the end."""
    state = play(_short_betting(), pl.Stake(seat=1, amount=40))
    state = play(state, pl.Stake(seat=2, amount=10))
    assert state.all_in == frozenset({2})
    assert state.phase is pl.Phase.BETTING
    assert state.to_act == 0
    state = play(state, pl.Stake(seat=0, amount=30))
    assert state.stakes == (55, 40, 20)
    assert state.to_act == 1
    state = play(state, pl.Stake(seat=1, amount=15))
    assert state.phase is pl.Phase.OVER
    assert state.shown == frozenset({0, 1, 2})
    # Pool 160: seat 2 takes 5 + 30 + 30 + 30 = 95, seat 0's aces the other 65.
    assert state.payouts == (65, 0, 95)
    assert state.stacks == (200, 135, 95)


# Three seats, dealer 0: seats 2 and 0 hold hands of equal value (Laws 75, 76).
TIED_HANDS = {
    2: "As Kd 9c 6s 3d",
    0: "Ac Ks 9d 6c 3s",
    1: "Qc Jd 8s 5c 2d",
}


def _tie(rules: pl.Rules = RULES, ante_plays: bool = False) -> pl.GameState:
    deck = deck_for(TIED_HANDS, n=3, dealer=0)
    state = play(
        pl.new_game(rules, (100,) * 3, dealer=0, deck=deck),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=0, amount=10),
    )
    if ante_plays:
        state = play(state, pl.Stake(seat=1, amount=5), pl.Discard(seat=1, cards=()))
    else:
        state = play(state, pl.Pass(seat=1))
    state = play(state, pl.Discard(seat=2, cards=()), pl.Discard(seat=0, cards=()))
    assert state.to_act == 2
    state = play(state, pl.Stake(seat=2, amount=1), pl.Stake(seat=0, amount=1))
    if ante_plays:
        state = play(state, pl.Pass(seat=1))
    assert state.phase is pl.Phase.OVER
    return state


def test_law_76_equal_hands_share_the_pool() -> None:
    """Law 76: players whose hands are of exactly equal value share the pool equally."""
    state = _tie(ante_plays=True)
    assert sorted(state.winners) == [0, 2]
    assert state.shown == frozenset({0, 2})
    assert state.payouts == (16, 0, 16)
    assert state.stacks == (105, 90, 105)
    assert state.pool == 0


def test_law_76_an_odd_chip_stays_in_the_pool() -> None:
    """Law 76 (Ambiguity 16): a pool that will not divide leaves its odd chip for the next game."""
    state = _tie()
    assert sorted(state.winners) == [0, 2]
    assert state.payouts == (13, 0, 13)
    assert state.pool == 1
    assert state.stacks == (102, 95, 102)
    nxt = pl.next_game(state, deck=pl.shuffled_deck(5))
    assert nxt.openers_required is None
    assert nxt.pool == 1 + 5
    assert sum(nxt.stacks) + nxt.pool == 300


def test_law_76_odd_chips_may_go_out_from_the_dealers_left() -> None:
    """Law 76 (Ambiguity 16 off): odd chips go to the sharers from the dealer's left."""
    state = _tie(rules=pl.Rules(ante=5, limit=15, odd_chip_carries=False))
    assert state.payouts == (13, 0, 14)
    assert state.pool == 0
    assert state.stacks == (102, 95, 103)


def test_law_60_against_one_all_in_player_the_show_follows_the_draw() -> None:
    """Law 60: with one player all-in and one other left, there is no betting; they show."""
    deck = deck_for({2: "7c 7d 7s Kd 3h", 0: "Ac Ad 9s 5h 3c"}, n=3, dealer=0)
    state = play(
        pl.new_game(RULES, (100, 100, 20), dealer=0, deck=deck),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=0, amount=25),
        pl.Pass(seat=1),
        pl.Stake(seat=2, amount=10),
        pl.Discard(seat=2, cards=()),
        pl.Discard(seat=0, cards=()),
    )
    assert state.phase is pl.Phase.OVER
    assert state.shown == frozenset({0, 2})
    # Pool 50: seat 2 takes the ante 5 + min(20, 20) + min(20, 25) = 45; seat 0 the other 5.
    assert state.payouts == (5, 0, 45)
    assert state.stacks == (80, 95, 45)


def test_law_60_players_who_retired_before_the_short_call_pay_nothing_to_it() -> None:
    """Law 60: the short winner takes his match only from those in the game when he went short."""
    hands = {3: "7c 7d 7s Kd 3h", 0: "Ac Ad 9s 5h 3c", 2: "Kc Qh 8d 6s 4c"}
    state = play(
        pl.new_game(RULES, (100, 100, 100, 20), dealer=0, deck=deck_for(hands, n=4, dealer=0)),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=3, amount=10),
        pl.Stake(seat=0, amount=25),
        pl.Pass(seat=1),
        pl.Pass(seat=2),
        pl.Stake(seat=3, amount=10),
        pl.Discard(seat=3, cards=()),
        pl.Discard(seat=0, cards=()),
    )
    assert state.phase is pl.Phase.OVER
    assert state.shown == frozenset({0, 3})
    # Pool 60. Seat 2's 10 was given up before seat 3 went short, so it is not in his claim:
    # seat 3 takes 5 + min(20, 20) + min(20, 25) = 45 and seat 0 the other 15.
    assert state.payouts == (15, 0, 0, 45)
    assert state.stacks == (90, 95, 90, 45)
    assert state.pool == 0


# Four seats, dealer 0: seats 2, 0 and 1 hold hands of equal value; seat 3's is lower.
THREE_WAY = {
    2: "As Kd 9c 6s 3d",
    0: "Ac Ks 9d 6c 3s",
    1: "Ad Kc 9s 6d 3c",
    3: "Qh Jh 8h 5d 2c",
}


def _three_way_tie(rules: pl.Rules) -> pl.GameState:
    deck = deck_for(THREE_WAY, n=4, dealer=0)
    state = play(pl.new_game(rules, (100,) * 4, dealer=0, deck=deck), pl.Stake(seat=2, amount=10))
    state = play(state, pl.Stake(seat=3, amount=10), pl.Stake(seat=0, amount=10))
    state = play(state, pl.Stake(seat=1, amount=5))
    for seat in (1, 2, 3, 0):
        state = play(state, pl.Discard(seat=seat, cards=()))
    for seat in (2, 3, 0, 1):
        state = play(state, pl.Stake(seat=seat, amount=1))
    assert state.phase is pl.Phase.OVER
    return state


def test_law_76_three_equal_hands_share_and_the_odd_chips_stay() -> None:
    """Law 76 (Ambiguity 16): 44 among three is 14 each; the 2 left over stay in the pool."""
    state = _three_way_tie(RULES)
    assert sorted(state.winners) == [0, 1, 2]
    assert state.payouts == (14, 14, 14, 0)
    assert state.pool == 2


def test_law_76_odd_chips_go_one_each_from_the_dealers_left() -> None:
    """Law 76 (Ambiguity 16 off): odd chips go one each to the sharers from the dealer's left."""
    state = _three_way_tie(pl.Rules(ante=5, limit=15, odd_chip_carries=False))
    assert state.payouts == (14, 15, 15, 0)
    assert state.pool == 0
    assert state.stacks == (103, 104, 104, 89)


def test_law_55_a_bet_once_made_cannot_be_taken_back() -> None:
    """Law 55: a bet is final; no action returns chips, and passing leaves the stake behind."""
    state = play(_betting(), pl.Stake(seat=2, amount=5))
    for seat in range(4):
        refused(
            state,
            pl.Stake(seat=seat, amount=-5),
            pl.AmountNotPositive if seat == state.to_act else pl.NotYourTurn,
        )
    assert all(
        not isinstance(action, pl.Stake) or action.amount > 0 for action in pl.legal_actions(state)
    )
    state = play(state, pl.Pass(seat=3), pl.Pass(seat=0), pl.Pass(seat=1))
    # Seat 2's bet stayed in the pool until the pool, bet included, came back to him.
    assert state.phase is pl.Phase.OVER
    assert state.payouts == (0, 0, 45, 0)


# Ambiguity 14's worked checks, played out. Hands, best first: fours, full, flush, sequence,
# threes, two pairs; any other seat holds less.
FOURS, FULL, FLUSH = "As Ah Ad Ac 2c", "Ks Kh Kd 3c 3d", "2h 5h 8h Th Qh"
SEQUENCE, THREES, TWO_PAIRS = "4c 5d 6s 7c 8d", "Js Jh Jd 9c 4d", "Qs Qd 6h 6d 2s"


def test_law_60_a_player_all_in_level_becomes_short_when_raised() -> None:
    """Law 60 (Ambiguity 14, first check): seat 2 opens all in with 30, level; the dealer
    raises to 35, so seat 2 is short from then and claims 5 + 30 + min(30, 35) + min(30, 30)
    = 95 of the 100; the better of the others takes 5."""
    rules = pl.Rules(ante=5, limit=20)
    deck = deck_for({2: FOURS, 0: FULL, 1: FLUSH}, n=3, dealer=0)
    state = play(
        pl.new_game(rules, (100, 100, 30), dealer=0, deck=deck),
        pl.DeclineStraddle(seat=2),
        pl.Stake(seat=2, amount=30),
    )
    assert state.all_in == frozenset({2})
    assert state.shorts == (), "all in level with the highest is not short"
    state = play(state, pl.Stake(seat=0, amount=35))
    assert [short.seat for short in state.shorts] == [2]
    assert state.shorts[0].live == frozenset({0, 1, 2})
    state = play(state, pl.Stake(seat=1, amount=30))
    for seat in (1, 2, 0):
        state = play(state, pl.Discard(seat=seat, cards=()))
    # Betting: seat 2 is all in, so the first bet falls to seat 0, who stands; seat 1 retires
    # (after seat 2 demanded the show, so his stake still pays into the claim).
    state = play(state, pl.Stand(seat=0), pl.Pass(seat=1), pl.Stake(seat=0, amount=1))
    assert state.phase is pl.Phase.OVER
    # The bet of 1 after the draw goes above everything: whole stakes 36, 35, 30.
    assert state.payouts == (6, 0, 95)
    assert state.show_order == (2, 0)


def test_law_60_a_short_ante_man_counts_his_ante_in_his_stake() -> None:
    """Law 60 (Ambiguity 14, second check): B, the ante, is short with 12 (1 forced, 11
    voluntary); A and C put in 20 each; D retired earlier with 4. B takes 1 + 11 + 12 + 12 =
    36; D's 4 and the 8 + 8 that A and C put in above 12 go to the better of A and C."""
    rules = pl.Rules(ante=1, limit=8)
    # Seats: 0 is A (the dealer), 1 is B (the ante), 2 is C (No. 1), 3 is D.
    deck = deck_for({1: FOURS, 2: FULL, 0: FLUSH, 3: SEQUENCE}, n=4, dealer=0)
    state = play(
        pl.new_game(rules, (100, 12, 100, 100), dealer=0, deck=deck),
        pl.DeclineStraddle(seat=2),
        pl.Stake(seat=2, amount=2),
        pl.Stake(seat=3, amount=4),
        pl.Stake(seat=0, amount=4),
        pl.Stake(seat=1, amount=3),
        pl.Discard(seat=1, cards=()),
        pl.Stake(seat=2, amount=2),
        pl.Discard(seat=2, cards=()),
        pl.Discard(seat=3, cards=()),
        pl.Discard(seat=0, cards=()),
        pl.Stake(seat=2, amount=8),
        pl.Pass(seat=3),
        pl.Stake(seat=0, amount=16),
        pl.Stake(seat=1, amount=8),
    )
    assert [(short.seat, short.live) for short in state.shorts] == [(1, frozenset({0, 1, 2}))]
    state = play(state, pl.Stake(seat=2, amount=8))
    assert state.phase is pl.Phase.OVER
    assert state.staked == (20, 12, 20, 4)
    assert state.payouts == (0, 36, 20, 0)
    # Law 59: the show begins on the left of the last to stake (seat 2).
    assert state.show_order == (0, 1, 2)


def test_law_60_an_ante_man_who_calls_with_his_last_chip_is_not_short() -> None:
    """Law 60 (Ambiguity 14, third check): B, the ante, calls in full with his last chip and
    everyone is level: nobody is short, and the best hand takes the whole pool."""
    rules = pl.Rules(ante=1, limit=8)
    deck = deck_for({3: FOURS, 1: FULL, 2: FLUSH, 0: SEQUENCE}, n=4, dealer=0)
    state = play(
        pl.new_game(rules, (100, 10, 100, 100), dealer=0, deck=deck),
        pl.DeclineStraddle(seat=2),
        pl.Stake(seat=2, amount=2),
        pl.Stake(seat=3, amount=2),
        pl.Stake(seat=0, amount=2),
        pl.Stake(seat=1, amount=1),
        *(pl.Discard(seat=seat, cards=()) for seat in (1, 2, 3, 0)),
        pl.Stake(seat=2, amount=8),
        pl.Stake(seat=3, amount=8),
        pl.Stake(seat=0, amount=8),
        pl.Stake(seat=1, amount=8),
    )
    assert state.phase is pl.Phase.OVER
    assert state.all_in == frozenset({1})
    assert state.shorts == ()
    assert state.payouts == (0, 0, 0, 40)
    assert state.show_order == (2, 3, 0, 1)


def _two_short(hands: dict[int, str]) -> pl.GameState:
    """Ante 1, limit 10; B (seat 1, the ante) has 5 and D (seat 3) 9. C opens 2, D goes all
    in level at 9, the dealer A raises to 19 (D is short from then), B goes all in with 5; C
    makes good at the draw; after it C bets 1 and A calls. Whole stakes: A 20, B 5 (1 forced,
    4 voluntary), C 20, D 9; the pool is 54."""
    deck = deck_for(hands, n=4, dealer=0)
    state = play(
        pl.new_game(pl.Rules(ante=1, limit=10), (100, 5, 100, 9), dealer=0, deck=deck),
        pl.DeclineStraddle(seat=2),
        pl.Stake(seat=2, amount=2),
        pl.Stake(seat=3, amount=9),
        pl.Stake(seat=0, amount=19),
        pl.Stake(seat=1, amount=4),
        pl.Discard(seat=1, cards=()),
        pl.Stake(seat=2, amount=17),
        pl.Discard(seat=2, cards=()),
        pl.Discard(seat=3, cards=()),
        pl.Discard(seat=0, cards=()),
        pl.Stake(seat=2, amount=1),
        pl.Stake(seat=0, amount=1),
    )
    assert state.phase is pl.Phase.OVER
    assert state.staked == (20, 5, 20, 9)
    assert [short.seat for short in state.shorts] == [3, 1]
    return state


def test_law_60_two_short_players_are_settled_smallest_stake_first() -> None:
    """Law 60 (Ambiguity 14, several short players): B's level (whole stake 5) is the forced 1
    and 5 + 4 + 5 + 5 from the four; D's level (9) is 4 more from A, C and D; the rest, 22,
    goes to the better of A and C. Each level goes to the best hand among those who staked
    at least as much."""
    # B best, D second, C third: B 20, D 12, C 22.
    state = _two_short({1: FOURS, 3: FULL, 2: FLUSH, 0: SEQUENCE})
    assert state.payouts == (0, 20, 22, 12)
    # D best, B second: D takes both levels; the rest to the better of A and C (A).
    state = _two_short({3: FOURS, 1: FULL, 0: FLUSH, 2: SEQUENCE})
    assert state.payouts == (22, 0, 0, 32)
    # C best: nobody short holds the best hand, so C takes all 54.
    state = _two_short({2: FOURS, 3: FULL, 1: FLUSH, 0: SEQUENCE})
    assert state.payouts == (0, 0, 54, 0)
    # A best, B second: B's level and D's go to A, who beats every hand that contends.
    state = _two_short({0: FOURS, 1: FULL, 3: FLUSH, 2: SEQUENCE})
    assert state.payouts == (54, 0, 0, 0)


def _three_short(hands: dict[int, str]) -> pl.GameState:
    """Five seats, ante 1, limit 10: B (seat 1, the ante) has 5, D (seat 3) 9, E (seat 4) 14.
    C opens 2; D goes all in level at 9; E all in at 14 (D short); the dealer A raises to 24
    (E short); B all in with 5 (short). C makes good; after the draw C bets 1 and A calls.
    Whole stakes: A 25, B 5 (1 forced), C 25, D 9, E 14; the pool is 78."""
    deck = deck_for(hands, n=5, dealer=0)
    state = play(
        pl.new_game(pl.Rules(ante=1, limit=10), (100, 5, 100, 9, 14), dealer=0, deck=deck),
        pl.DeclineStraddle(seat=2),
        pl.Stake(seat=2, amount=2),
        pl.Stake(seat=3, amount=9),
        pl.Stake(seat=4, amount=14),
        pl.Stake(seat=0, amount=24),
        pl.Stake(seat=1, amount=4),
        pl.Discard(seat=1, cards=()),
        pl.Stake(seat=2, amount=22),
        *(pl.Discard(seat=seat, cards=()) for seat in (2, 3, 4, 0)),
        pl.Stake(seat=2, amount=1),
        pl.Stake(seat=0, amount=1),
    )
    assert state.phase is pl.Phase.OVER
    assert state.staked == (25, 5, 25, 9, 14)
    assert [short.seat for short in state.shorts] == [3, 4, 1]
    assert state.show_order == (1, 2, 3, 4, 0)
    return state


def test_law_60_three_short_players_make_three_levels() -> None:
    """Law 60 (Ambiguity 14): levels 5, 9 and 14 claim 1 + 24, then 16, then 15 of the 78;
    the remaining 22 goes to the better of the two who are not short."""
    # E best, B second, D third, C fourth: E takes 25 + 16 + 15, C the rest.
    state = _three_short({4: FOURS, 1: FULL, 3: FLUSH, 2: SEQUENCE, 0: THREES})
    assert state.payouts == (0, 0, 22, 0, 56)
    # B best, E second, C third: B 25, E 16 + 15, C 22.
    state = _three_short({1: FOURS, 4: FULL, 2: FLUSH, 3: SEQUENCE, 0: THREES})
    assert state.payouts == (0, 25, 22, 0, 31)
    # D best, A second: D 25 + 16; E's level and the rest to A.
    state = _three_short({3: FOURS, 0: FULL, 1: FLUSH, 4: SEQUENCE, 2: THREES})
    assert state.payouts == (37, 0, 0, 41, 0)
    # Two pairs for the highest short: the levels go down the hands, not the stakes.
    state = _three_short({2: FOURS, 4: FULL, 1: TWO_PAIRS, 3: FLUSH, 0: THREES})
    assert state.payouts == (0, 0, 78, 0, 0)


def test_law_60_short_players_at_one_stake_are_settled_from_the_earliest_demand() -> None:
    """Law 60 (Ambiguity 14): F and E end short at the same stake, 10. F demanded the show in
    the say, while C was still in; C retired at the draw before E went short making good. The
    level is settled from F's moment, so C's 2 is in it: 1 forced + 10 + 10 + 2 + 10 + 10 = 43
    of the 64; the better of the dealer and the ante takes the other 21."""
    # Seats: 0 the dealer, 1 the ante (B), 2 No. 1 (C), 3 (E), 4 (F).
    deck = deck_for({3: FOURS, 4: FULL, 0: FLUSH, 1: SEQUENCE, 2: THREES}, n=5, dealer=0)
    state = play(
        pl.new_game(pl.Rules(ante=1, limit=10), (100, 100, 100, 10, 10), dealer=0, deck=deck),
        pl.DeclineStraddle(seat=2),
        pl.Stake(seat=2, amount=2),
        pl.Stake(seat=3, amount=2),
        pl.Stake(seat=4, amount=10),
        pl.Stake(seat=0, amount=20),
        pl.Stake(seat=1, amount=19),
        pl.Discard(seat=1, cards=()),
        pl.Pass(seat=2),
        pl.Stake(seat=3, amount=8),
        pl.Discard(seat=3, cards=()),
        pl.Discard(seat=4, cards=()),
        pl.Discard(seat=0, cards=()),
    )
    assert [(s.seat, s.live) for s in state.shorts] == [
        (4, frozenset({0, 1, 2, 3, 4})),
        (3, frozenset({0, 1, 3, 4})),
    ]
    state = play(state, pl.Stand(seat=0), pl.Stake(seat=1, amount=1), pl.Stake(seat=0, amount=1))
    assert state.phase is pl.Phase.OVER
    assert state.staked == (21, 21, 2, 10, 10)
    assert state.show_order == (1, 3, 4, 0)
    # E's fours take the level; the dealer's flush beats the ante's sequence for the rest.
    assert state.payouts == (21, 0, 0, 43, 0)


def _jackpot_after(unopened: int, stacks: tuple[int, ...], hands: dict[int, str]) -> pl.GameState:
    """The jack-pot that follows ``unopened`` games nobody opened, the first dealt by seat 0
    at ``RULES``; it deals ``hands``."""
    n = len(stacks)
    state = pass_until_over(pl.new_game(RULES, stacks, dealer=0, deck=pl.shuffled_deck(60)))
    for k in range(1, unopened):
        state = pass_until_over(pl.next_game(state, deck=pl.shuffled_deck(60 + k)))
    return pl.next_game(state, deck=deck_for(hands, n=n, dealer=unopened % n))


def test_law_60_a_short_winner_of_a_jackpot_takes_the_chips_carried_into_it() -> None:
    """Law 60 (Ambiguity 14): chips carried from unopened games count as forced, so a short
    player whose hand is best takes them with the antes."""
    # Game 0, dealer 0: seat 1 antes 5 and nobody opens. The jack-pot, dealer 1: everyone
    # antes 5 (seat 2's is his stake, as the ante), on the 5 carried.
    state = _jackpot_after(1, (100, 100, 20), {2: FOURS, 0: FULL, 1: FLUSH})
    assert (state.dealer, state.ante_seat, state.openers_required) == (1, 2, pl.Rank.JACK)
    assert state.carried == 5
    assert state.pool == 20
    assert state.stacks == (95, 90, 15)
    # Seat 0 opens on kings full, seat 1 raises to 25, the ante goes all in at 20: short.
    state = play(
        state,
        pl.Stake(seat=0, amount=10),
        pl.Stake(seat=1, amount=25),
        pl.Stake(seat=2, amount=15),
    )
    assert [(short.seat, short.live) for short in state.shorts] == [(2, frozenset({0, 1, 2}))]
    state = play(
        state,
        pl.Discard(seat=2, cards=()),
        pl.Stake(seat=0, amount=15),
        pl.Discard(seat=0, cards=()),
        pl.Discard(seat=1, cards=()),
        pl.Stand(seat=0),
        pl.Stake(seat=1, amount=1),
        pl.Stake(seat=0, amount=1),
    )
    assert state.phase is pl.Phase.OVER
    assert state.staked == (26, 26, 20)
    # Pool 87. Seat 2's claim: the forced 20 (5 carried, three jack-pot antes of 5), his own
    # 15 and min(20, 26) from each of the others: 75. Seat 0's full beats the flush for 12.
    assert state.payouts == (12, 0, 75)
    assert state.stacks == (81, 64, 75)
    assert state.pool == 0


def test_law_60_chips_carried_into_a_jackpot_go_to_the_lowest_level_only() -> None:
    """Law 60 (Ambiguity 14): carried chips are forced chips, which the lowest level claims."""
    # Two unopened games carry 25 into the second jack-pot (queens), dealt by seat 2: ante
    # seat 3, No. 1 seat 0. Seat 1, with 12 after the antes, and seat 3 (the ante, 30) are
    # the short ones.
    hands = {1: FOURS, 3: FULL, 0: FLUSH, 2: SEQUENCE}
    state = _jackpot_after(2, (100, 27, 100, 40), hands)
    assert (state.dealer, state.ante_seat, state.openers_required) == (2, 3, pl.Rank.QUEEN)
    assert state.carried == 25
    assert state.pool == 45
    assert state.stacks == (90, 12, 90, 30)
    state = play(
        state,
        pl.Stake(seat=0, amount=10),
        pl.Stake(seat=1, amount=12),  # all in, level for now
        pl.Stake(seat=2, amount=25),  # seat 1 is short from here
        pl.Stake(seat=3, amount=30),  # the ante, all in at 35
        pl.Discard(seat=3, cards=()),
        pl.Stake(seat=0, amount=25),  # Law 36: made good to 35 before drawing
        pl.Discard(seat=0, cards=()),
        pl.Discard(seat=1, cards=()),
        pl.Stake(seat=2, amount=10),
        pl.Discard(seat=2, cards=()),
    )
    assert [short.seat for short in state.shorts] == [1]
    # After the draw seat 0 stands, seat 2 bets 1 and seat 0 calls: the ante is short too.
    state = play(state, pl.Stand(seat=0), pl.Stake(seat=2, amount=1), pl.Stake(seat=0, amount=1))
    assert state.phase is pl.Phase.OVER
    assert state.staked == (36, 12, 36, 35)
    assert [short.seat for short in state.shorts] == [1, 3]
    # Pool 159. Seat 1's level (12): the forced 45 (25 carried, four antes of 5) and 12 from
    # each of the four: 93, to his fours. Seat 3's level (35): 23 + 23 + 18 from seats 0, 2
    # and 3 above 12, nothing carried: 64, to his full. The 2 left: seat 0's flush.
    assert state.payouts == (2, 93, 0, 64)
    assert state.stacks == (56, 93, 54, 64)
