"""The Ante (Laws 19-24): the ante, the straddle chain, its ceiling and the order of the say."""

from __future__ import annotations

import pytest

import pokerlaws as pl
from tests.laws._tables import RULES, STRADDLE_RULES, pass_until_over, play, refused


def _straddle_table(n: int = 5, rules: pl.Rules = STRADDLE_RULES) -> pl.GameState:
    return pl.new_game(rules, (100,) * n, dealer=0, deck=pl.shuffled_deck(21))


def test_law_19_the_ante_may_not_exceed_half_the_limit() -> None:
    """Law 19: a table whose ante is more than half the limit is refused."""
    with pytest.raises(pl.InvalidRules) as info:
        pl.Rules(ante=3, limit=5)
    assert info.value.law == 19
    assert pl.Rules(ante=3, limit=6).ante == 3


def test_law_20_the_ante_seat_stakes_before_the_deal() -> None:
    """Law 20: the player on the dealer's left puts up the ante, and it is his stake."""
    state = pl.new_game(RULES, (100,) * 4, dealer=2, deck=pl.shuffled_deck(4))
    assert state.ante_seat == 3
    assert state.stakes == (0, 0, 0, 5)
    assert state.stacks == (100, 100, 100, 95)
    assert state.pool == 5
    assert state.highest_stake == 5


def test_law_20_the_ante_comes_before_straddles_and_the_deal() -> None:
    """Law 20: while straddles are offered the ante is staked and no card has been dealt."""
    state = _straddle_table()
    assert state.phase is pl.Phase.STRADDLE
    assert state.stakes == (0, 2, 0, 0, 0)
    assert state.pool == 2
    assert all(hand == () for hand in state.hands)


def test_law_20_an_ante_seat_short_of_the_ante_posts_all_and_is_all_in() -> None:
    """Law 20: a seat with fewer chips than the ante posts what it has and plays all-in."""
    state = pl.new_game(RULES, (100, 3, 100, 100), dealer=0, deck=pl.shuffled_deck(4))
    assert state.stakes == (0, 3, 0, 0)
    assert state.stacks == (100, 0, 100, 100)
    assert state.pool == 3
    assert state.all_in == frozenset({1})
    assert 1 in state.players


def test_law_21_no_1_is_offered_the_straddle_first() -> None:
    """Law 21: only the player on the ante's left may begin straddling."""
    state = _straddle_table()
    assert state.to_act == 2
    assert set(pl.legal_actions(state)) == {pl.Straddle(seat=2), pl.DeclineStraddle(seat=2)}
    refused(state, pl.Straddle(seat=3), pl.StraddleNotAllowed, law=21)
    refused(state, pl.Straddle(seat=0), pl.StraddleNotAllowed, law=21)


def test_law_21_when_no_1_declines_nobody_straddles_and_the_deal_follows() -> None:
    """Law 21: if No. 1 will not straddle nobody may, and the cards are dealt at once."""
    state = play(_straddle_table(), pl.DeclineStraddle(seat=2))
    assert state.phase is pl.Phase.SAY
    assert all(len(hand) == 5 for hand in state.hands)
    assert state.last_straddler is None
    assert state.stakes == (0, 2, 0, 0, 0)
    assert state.to_act == 2
    refused(state, pl.Straddle(seat=2), pl.StraddleNotAllowed, law=21)
    refused(state, pl.Straddle(seat=3), pl.StraddleNotAllowed, law=21)


def test_law_21_each_straddle_adds_one_ante() -> None:
    """Law 21: the first straddle doubles the ante and each later one adds one ante more."""
    state = _straddle_table(n=6)
    state = play(state, pl.Straddle(seat=2))
    assert state.stakes == (0, 2, 4, 0, 0, 0)
    assert state.stacks == (100, 98, 96, 100, 100, 100)
    assert state.to_act == 3
    state = play(state, pl.Straddle(seat=3))
    assert state.stakes == (0, 2, 4, 6, 0, 0)
    state = play(state, pl.Straddle(seat=4))
    assert state.stakes == (0, 2, 4, 6, 8, 0)
    assert state.pool == 20
    assert state.phase is pl.Phase.STRADDLE
    assert state.to_act == 5
    assert state.last_straddler == 4
    assert state.highest_stake == 8


def test_law_21_a_seat_that_declines_does_not_close_the_chain() -> None:
    """Law 21 (Ambiguity 3): after a straddle, a later seat may straddle though one declined."""
    state = play(
        _straddle_table(n=6),
        pl.Straddle(seat=2),
        pl.DeclineStraddle(seat=3),
        pl.Straddle(seat=4),
    )
    assert state.stakes == (0, 2, 4, 0, 6, 0)
    assert state.last_straddler == 4
    assert state.phase is pl.Phase.STRADDLE
    assert state.to_act == 5


def test_law_21_the_chain_ends_with_the_dealer() -> None:
    """Law 21: the dealer is the last who may straddle; the ante seat is never asked."""
    state = play(
        _straddle_table(),
        pl.Straddle(seat=2),
        pl.DeclineStraddle(seat=3),
        pl.DeclineStraddle(seat=4),
    )
    assert state.to_act == 0
    state = play(state, pl.Straddle(seat=0))
    assert state.stakes == (6, 2, 4, 0, 0)
    assert state.phase is pl.Phase.SAY
    assert all(len(hand) == 5 for hand in state.hands)
    assert state.last_straddler == 0
    # Law 24: the say begins on the last straddler's left, here with the ante seat.
    assert state.to_act == 1
    # Ambiguity 3: the ante himself can never straddle.
    refused(state, pl.Straddle(seat=1), pl.StraddleNotAllowed, law=21)


def test_law_21_a_straddle_out_of_turn_is_refused() -> None:
    """Law 21: the straddle passes round to the left one seat at a time."""
    state = play(_straddle_table(n=6), pl.Straddle(seat=2))
    refused(state, pl.Straddle(seat=4), pl.StraddleNotAllowed, law=21)


def test_law_22_straddling_stops_when_the_level_reaches_half_the_limit() -> None:
    """Law 22: no straddle may lift the level above half the limit; the chain ends there."""
    rules = pl.Rules(ante=2, limit=13)  # half the limit is 6: straddles of 4 and 6 only
    state = play(_straddle_table(n=6, rules=rules), pl.Straddle(seat=2), pl.Straddle(seat=3))
    assert state.stakes == (0, 2, 4, 6, 0, 0)
    assert state.phase is pl.Phase.SAY
    assert state.last_straddler == 3
    assert state.to_act == 4
    assert not any(isinstance(a, pl.Straddle) for a in pl.legal_actions(state))
    refused(state, pl.Straddle(seat=4), pl.StraddleAboveHalfLimit, law=22)


def test_law_22_no_straddle_when_double_the_ante_is_above_half_the_limit() -> None:
    """Law 22: when even the first straddle would pass half the limit, the deal is at once."""
    state = pl.new_game(pl.Rules(ante=2, limit=7), (100,) * 4, dealer=0, deck=pl.shuffled_deck(6))
    assert state.phase is pl.Phase.SAY
    assert state.to_act == 2
    assert all(len(hand) == 5 for hand in state.hands)


def test_law_22_a_straddle_at_exactly_half_the_limit_is_offered() -> None:
    """Law 22: a straddle that brings the level to exactly half the limit is allowed."""
    state = pl.new_game(pl.Rules(ante=2, limit=8), (100,) * 4, dealer=0, deck=pl.shuffled_deck(6))
    assert state.phase is pl.Phase.STRADDLE
    state = play(state, pl.Straddle(seat=2))
    assert state.stakes == (0, 2, 4, 0)
    assert state.phase is pl.Phase.SAY
    assert state.to_act == 3


def test_law_22_no_straddle_when_no_1_cannot_afford_it() -> None:
    """Law 22: No. 1 without double the ante in chips cannot straddle, so the deal follows."""
    state = pl.new_game(STRADDLE_RULES, (100, 100, 3, 100), dealer=0, deck=pl.shuffled_deck(6))
    assert state.phase is pl.Phase.SAY
    assert state.to_act == 2


def test_law_23_without_a_straddle_no_1_speaks_first_and_the_ante_last() -> None:
    """Law 23: with no straddle the say runs from No. 1 round to the left, ending with ante."""
    state = pl.new_game(RULES, (100,) * 5, dealer=3, deck=pl.shuffled_deck(8))
    # Dealer 3, ante 4, No. 1 is seat 0.
    assert state.to_act == 0
    speakers: list[int | None] = []
    state = play(state, pl.Stake(seat=0, amount=10))
    for seat, amount in ((1, 10), (2, 10), (3, 10), (4, 5)):
        speakers.append(state.to_act)
        state = play(state, pl.Stake(seat=seat, amount=amount))
    assert speakers == [1, 2, 3, 4]
    assert state.phase is pl.Phase.DRAW


def test_law_24_after_a_straddle_the_say_starts_left_of_the_last_straddler() -> None:
    """Law 24: the first say is on the last straddler's left, and he speaks last."""
    state = play(
        _straddle_table(),
        pl.Straddle(seat=2),
        pl.Straddle(seat=3),
        pl.DeclineStraddle(seat=4),
        pl.DeclineStraddle(seat=0),
    )
    assert state.phase is pl.Phase.SAY
    assert state.last_straddler == 3
    assert state.to_act == 4
    speakers: list[int | None] = []
    # Ambiguity 2: the opening is twice the straddle level (6), so 12 in all.
    for seat, amount in ((4, 12), (0, 12), (1, 10), (2, 8), (3, 6)):
        speakers.append(state.to_act)
        state = play(state, pl.Stake(seat=seat, amount=amount))
    assert speakers == [4, 0, 1, 2, 3]
    assert state.phase is pl.Phase.DRAW
    assert state.stakes == (12, 12, 12, 12, 12)
    assert state.pool == 60


def test_law_25_after_a_straddle_the_opening_is_twice_the_level() -> None:
    """Law 25 (Ambiguity 2): a straddled game opens at twice the straddle level or more."""
    state = play(
        _straddle_table(),
        pl.Straddle(seat=2),
        pl.Straddle(seat=3),
        pl.DeclineStraddle(seat=4),
        pl.DeclineStraddle(seat=0),
    )
    refused(state, pl.Stake(seat=4, amount=11), pl.StakeTooSmall, law=25)
    # Ambiguity 4: at most the minimum opening plus the limit.
    refused(state, pl.Stake(seat=4, amount=33), pl.StakeOverLimit, law=25)
    opened = play(state, pl.Stake(seat=4, amount=32))
    assert opened.stakes[4] == 32
    assert opened.opener == 4


def test_law_24_the_last_straddler_may_raise_at_his_say() -> None:
    """Law 24 (Ambiguity 5): the last straddler has the last say and may raise in it."""
    state = play(
        _straddle_table(),
        pl.Straddle(seat=2),
        pl.Straddle(seat=3),
        pl.DeclineStraddle(seat=4),
        pl.DeclineStraddle(seat=0),
        pl.Stake(seat=4, amount=12),
        pl.Pass(seat=0),
        pl.Pass(seat=1),
        pl.Pass(seat=2),
    )
    assert state.to_act == 3
    refused(state, pl.Stake(seat=3, amount=27), pl.StakeOverLimit, law=26)
    state = play(state, pl.Stake(seat=3, amount=26))
    assert state.stakes[3] == 32
    # One round of says only: the opener makes good at the draw.
    assert state.phase is pl.Phase.DRAW
    assert state.to_act == 3
    assert state.players == (3, 4)


def test_law_24_a_straddled_game_nobody_opens_ends_before_the_last_straddler() -> None:
    """Law 24 (Ambiguity 13): if all before the last straddler pass, the game is not opened."""
    state = play(
        _straddle_table(),
        pl.Straddle(seat=2),
        pl.Straddle(seat=3),
        pl.DeclineStraddle(seat=4),
        pl.DeclineStraddle(seat=0),
        pl.Pass(seat=4),
        pl.Pass(seat=0),
        pl.Pass(seat=1),
    )
    assert state.phase is not pl.Phase.OVER
    state = play(state, pl.Pass(seat=2))
    assert state.phase is pl.Phase.OVER
    assert state.winners == ()
    assert state.pool == 12
    assert state.stacks == (100, 98, 96, 94, 100)


def test_law_21_with_two_players_the_dealer_is_no_1() -> None:
    """Law 21: at two, No. 1 is the dealer; after his straddle the ante speaks first."""
    state = pl.new_game(STRADDLE_RULES, (100, 100), dealer=0, deck=pl.shuffled_deck(12))
    assert state.phase is pl.Phase.STRADDLE
    assert state.to_act == 0
    state = play(state, pl.Straddle(seat=0))
    assert state.phase is pl.Phase.SAY
    assert state.stakes == (4, 2)
    assert state.to_act == 1
    # Twice the level of 4 is 8: the ante seat adds 6 to his 2.
    refused(state, pl.Stake(seat=1, amount=5), pl.StakeTooSmall, law=25)
    state = play(state, pl.Stake(seat=1, amount=6), pl.Stake(seat=0, amount=4))
    assert state.phase is pl.Phase.DRAW
    assert state.stakes == (8, 8)
    assert state.to_act == 1


def test_law_23_with_two_players_the_dealer_speaks_first_and_can_leave_it_unopened() -> None:
    """Law 23: at two without a straddle the dealer (No. 1) speaks first; if he passes it ends."""
    state = pl.new_game(STRADDLE_RULES, (100, 100), dealer=0, deck=pl.shuffled_deck(12))
    state = play(state, pl.DeclineStraddle(seat=0))
    assert state.to_act == 0
    state = pass_until_over(state)
    assert state.history == (pl.DeclineStraddle(seat=0), pl.Pass(seat=0))
    assert state.winners == ()
    assert state.pool == 2
