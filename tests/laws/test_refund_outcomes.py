"""What a user sees after the Law 14 refund at its edges: each test names one wrong outcome a
one-line change to ``laws/foul.py`` once produced unnoticed (Laws 14, 16, 55, 63-64;
Ambiguity 17).

Table: ``RULES`` (ante 5, limit 15), four seats, dealer 0; so seat 1 is the ante, the say
goes 2, 3, 0, 1, the draw 1, 2, 3, 0 and the betting 2, 3, 0, 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pokerlaws as pl
from pokerlaws import Discard, Lift, Stake, Stand
from tests.laws._tables import (
    RULES,
    STRADDLE_RULES,
    deck_for,
    offers_only_what_apply_accepts,
    play,
    report_checked,
)

_HANDS = {1: "As Ad Ac 2d 3h", 2: "Ks Kd 4c 5s 9h", 3: "Qs Qd 6c 7s 8h", 0: "Js Jd Tc 8s 2c"}
"""The ante's threes beat the king pair, which beats the queens, which beat the knaves."""


def _game(stacks: Sequence[int], hands: Mapping[int, str] | None = None) -> pl.GameState:
    deck = deck_for(hands or _HANDS, n=4, dealer=0)
    return pl.new_game(RULES, stacks, dealer=0, deck=deck)


def _said(state: pl.GameState) -> pl.GameState:
    """Everyone stays in the say at 10 and stands pat."""
    state = play(
        state,
        Stake(seat=2, amount=10),
        Stake(seat=3, amount=10),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=5),
    )
    for seat in (1, 2, 3, 0):
        state = play(state, Discard(seat=seat, cards=()))
    return state


def _shown(stacks: Sequence[int]) -> pl.GameState:
    """Everyone stays in to the show, standing pat: 10 each in the say, 5 each after."""
    return play(
        _said(_game(stacks)),
        Stand(seat=2),
        Stake(seat=3, amount=5),
        Stake(seat=0, amount=5),
        Stake(seat=1, amount=5),
        Stake(seat=2, amount=5),
    )


def test_law_64_a_second_foul_hand_at_the_show_keeps_the_first_refunds_direction() -> None:
    """Law 64 twice: the ante's pat hand, foul as dealt, is refunded by the dealer; when a
    second hand is then found foul, the pool is settled again and that refund is paid again
    by the dealer to the ante, never the other way round (Law 14, Ambiguity 17)."""
    shown = _shown((100,) * 4)
    assert shown.winners == (1,)
    once = report_checked(shown, pl.WrongHandSize(seat=1))
    assert once.winners == (2,)
    assert once.refunds == ((0, 1, 5),)
    twice = report_checked(once, pl.WrongHandSize(seat=2))
    assert twice.winners == (3,)
    # Seat 2 paid no ante or straddle: nothing is refunded him.
    assert twice.refunds == ((0, 1, 5),)
    # Each put in 15: the queens take the 60, the dealer pays the ante his 5 again.
    assert twice.stacks == (80, 90, 85, 145)


def test_law_16_a_distracter_broke_by_the_refund_at_the_first_bet_hands_it_on() -> None:
    """Laws 16 and 63: the player reported distracting the dealer is first to bet, with 5
    left; the ante's pat hand is then found foul as dealt and its refund takes those 5. He
    plays on all in, and the first bet, with the right to stand (Law 53), falls to the next
    player, who may then bet into the others (Ambiguity 17)."""
    state = report_checked(_game((100, 100, 15, 100)), pl.Distraction(seat=2))
    state = _said(state)
    assert (state.phase, state.to_act, state.stacks[2]) == (pl.Phase.BETTING, 2, 5)
    fouled = report_checked(state, pl.WrongHandSize(seat=1))
    assert fouled.refunds == ((2, 1, 5),)
    assert 2 in fouled.all_in
    assert fouled.to_act == 3
    assert Stand(seat=3) in pl.legal_actions(fouled)
    offers_only_what_apply_accepts(fouled)
    over = play(fouled, Stand(seat=3), Stake(seat=0, amount=5), Stake(seat=3, amount=5))
    assert over.phase is pl.Phase.OVER
    assert over.show_order == (0, 2, 3)


def test_law_14_a_dealer_broke_by_a_refund_in_the_draw_still_draws() -> None:
    """Laws 14 and 45: in the draw the ante stands pat and his hand is then found foul as
    dealt; the refund takes the dealer's last chips after he staked, so he plays on all in,
    and all in he still draws at his turn (Ambiguity 17)."""
    state = play(
        _game((15, 100, 100, 100)),
        Stake(seat=2, amount=10),
        Stake(seat=3, amount=10),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=5),
        Discard(seat=1, cards=()),
        Discard(seat=2, cards=()),
    )
    fouled = report_checked(state, pl.WrongHandSize(seat=1))
    assert fouled.refunds == ((0, 1, 5),)
    assert fouled.stacks[0] == 0
    assert 0 in fouled.all_in
    assert fouled.pending == (3, 0)
    drawn = play(fouled, Discard(seat=3, cards=()))
    assert drawn.to_act == 0
    discards = [action for action in pl.legal_actions(drawn) if isinstance(action, Discard)]
    assert len(discards) == 32
    after = play(drawn, Discard(seat=0, cards=drawn.hands[0][:3]))
    assert len(after.hands[0]) == 5
    assert after.phase is pl.Phase.BETTING


RECORDING = pl.Rules(ante=5, limit=15, recording_table=True)
"""The table that reports deposits out of turn (Law 55, Ambiguity 21)."""


def test_law_55_a_deposit_of_a_voided_deal_goes_back_and_counts_for_nothing() -> None:
    """Laws 12 and 55: a player deposits 10 out of turn during the deal, which is then a
    misdeal. The deposit goes back to him with the voided deal; in the new deal he has put
    nothing of his own in, and must stake his own chips at his turn."""
    state = pl.new_game(RECORDING, (100,) * 4, dealer=0, deck=deck_for(_HANDS, n=4, dealer=0))
    deposited = report_checked(state, pl.Deposit(seat=3, amount=10))
    assert deposited.stacks[3] == 90
    misdealt = report_checked(deposited, pl.WrongHandSize(seat=2))
    assert misdealt.phase is pl.Phase.MISDEAL
    redealt = play(misdealt, pl.Redeal(seat=0))
    assert redealt.stacks == (100, 95, 100, 100)
    assert redealt.pool == 5
    assert not any(redealt.deposits)
    said = play(redealt, Stake(seat=2, amount=10), Stake(seat=3, amount=10))
    assert said.stacks == (100, 95, 90, 90)
    assert said.pool == 25


def test_law_55_a_payer_left_no_chips_but_a_deposit_is_not_broke() -> None:
    """Laws 14 and 55: the dealer deposits 10 of his 15 out of turn; a refund then takes his
    other 5. His deposit still counts toward his stake, so he is not broke: he stays a player
    and, at his turn, stakes the deposit (Ambiguity 17)."""
    state = pl.new_game(
        RECORDING, (15, 100, 100, 100), dealer=0, deck=deck_for(_HANDS, n=4, dealer=0)
    )
    state = play(state, Stake(seat=2, amount=10))
    deposited = report_checked(state, pl.Deposit(seat=0, amount=10))
    fouled = report_checked(deposited, Lift(seat=1), pl.WrongHandSize(seat=1))
    assert fouled.refunds == ((0, 1, 5),)
    assert fouled.stacks[0] == 0
    assert 0 in fouled.players
    assert 0 not in fouled.all_in
    called = play(fouled, Stake(seat=3, amount=10))
    assert called.to_act == 0
    assert Stake(seat=0, amount=10) in pl.legal_actions(called)
    staked = play(called, Stake(seat=0, amount=10))
    assert staked.phase is pl.Phase.DRAW
    assert staked.players == (0, 2, 3)


def test_law_16_a_distraction_in_a_voided_deal_does_not_make_him_pay_in_the_new_one() -> None:
    """Laws 12 and 16: seat 3 was reported distracting the dealer in a deal then found a
    misdeal. The new deal is another deal: a hand found foul in it is refunded by the dealer
    (Law 14), not by the distracter of the voided one."""
    distracted = report_checked(_game((100,) * 4), pl.Distraction(seat=3))
    misdealt = report_checked(distracted, pl.WrongHandSize(seat=2))
    assert misdealt.phase is pl.Phase.MISDEAL
    redealt = play(misdealt, pl.Redeal(seat=0))
    fouled = report_checked(redealt, Lift(seat=1), pl.WrongHandSize(seat=1))
    assert fouled.refunds == ((0, 1, 5),)
    assert fouled.stacks == (95, 100, 100, 100)


def test_law_60_a_dealer_broke_at_his_bet_leaves_nobody_to_bet_against_and_goes_to_show() -> None:
    """Laws 14 and 60: three play after the draw; seat 2 bets 5 and the dealer, with 5 left,
    is to answer when the ante's pat hand is found foul as dealt. The refund takes the
    dealer's 5: he is all in, and seat 2, the one player left able to bet, has nobody to bet
    against, so the hands go to the show at once (Ambiguity 17)."""
    state = play(
        _game((15, 100, 100, 100)),
        Stake(seat=2, amount=10),
        pl.Pass(seat=3),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=5),
    )
    for seat in (1, 2, 0):
        state = play(state, Discard(seat=seat, cards=()))
    state = play(state, Stake(seat=2, amount=5))
    assert (state.to_act, state.stacks[0]) == (0, 5)
    fouled = report_checked(state, pl.WrongHandSize(seat=1))
    assert fouled.phase is pl.Phase.OVER
    assert (fouled.to_act, fouled.pending) == (None, ())
    assert fouled.all_in == frozenset({0})
    assert fouled.show_order == (0, 2)
    # The kings beat the knaves: 10 from each of the three, and seat 2's bet of 5.
    assert fouled.winners == (2,)
    assert fouled.payouts == (0, 0, 35, 0)
    assert fouled.stacks == (0, 95, 120, 100)


def test_law_60_a_first_bettor_broke_by_the_refund_leaves_the_other_nobody_to_bet_into() -> None:
    """Laws 16 and 60: three play after the draw; the player reported distracting the dealer
    is first to bet, with 5 left, when the ante's pat hand is found foul as dealt. The
    refund takes his 5 and he is all in; the dealer, the one player left able to bet, would
    bet into nobody, so the hands go to the show at once (Ambiguity 17)."""
    state = report_checked(_game((100, 100, 15, 100)), pl.Distraction(seat=2))
    state = play(
        state,
        Stake(seat=2, amount=10),
        pl.Pass(seat=3),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=5),
    )
    for seat in (1, 2, 0):
        state = play(state, Discard(seat=seat, cards=()))
    assert (state.phase, state.to_act, state.stacks[2]) == (pl.Phase.BETTING, 2, 5)
    fouled = report_checked(state, pl.WrongHandSize(seat=1))
    assert fouled.phase is pl.Phase.OVER
    assert fouled.show_order == (2, 0)
    assert fouled.winners == (2,)
    assert fouled.payouts == (0, 0, 30, 0)


def test_law_64_a_deposit_lost_by_passing_stays_in_the_pool_settled_again() -> None:
    """Laws 54, 55 and 64: seat 3 deposits 10 out of turn, then passes and loses it (it stays
    in the pool). When the winning hand is found foul at the show, the pool settled again
    still holds his 10: the kings take it with the rest, and no chip is lost."""
    state = pl.new_game(RECORDING, (100,) * 4, dealer=0, deck=deck_for(_HANDS, n=4, dealer=0))
    state = report_checked(state, pl.Deposit(seat=3, amount=10))
    state = play(
        state,
        Stake(seat=2, amount=10),
        pl.Pass(seat=3),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=5),
    )
    for seat in (1, 2, 0):
        state = play(state, Discard(seat=seat, cards=()))
    shown = play(
        state,
        Stand(seat=2),
        Stake(seat=0, amount=5),
        Stake(seat=1, amount=5),
        Stake(seat=2, amount=5),
    )
    assert shown.winners == (1,)
    assert sum(shown.payouts) == 55
    resettled = report_checked(shown, pl.WrongHandSize(seat=1))
    assert resettled.winners == (2,)
    assert resettled.payouts == (0, 0, 55, 0)
    # The dealer refunds the ante his 5 (Law 14).
    assert resettled.stacks == (80, 90, 140, 90)


_HONOUR = pl.Rules(ante=5, limit=15, openers_on_honour=True)
_FALSE_OPENING = {
    2: "Ts Td 4c 5s 9h",
    3: "8s 8d 6c 7s Kh",
    0: "2c 3c 5d 7d 9c",
    1: "4h 4d Qc Js 2s",
}
"""Seat 2 opens a jack-pot on his honour holding tens, and they are the best hand."""


def _falsely_opened() -> pl.GameState:
    """A jack-pot (20 carried) on honour, everyone in and pat to the show, where seat 2's
    tens win: a false opening (Law 33), so nobody is paid and he pays 10 into the pool."""
    deck = deck_for(_FALSE_OPENING, n=4, dealer=0)
    state = pl.new_game(_HONOUR, (100,) * 4, dealer=0, deck=deck, carried=20, jackpot_round=1)
    state = play(
        state,
        Stake(seat=2, amount=10),
        Stake(seat=3, amount=10),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=5),
    )
    for seat in (1, 2, 3, 0):
        state = play(state, Discard(seat=seat, cards=()))
    return play(
        state,
        Stand(seat=2),
        Stake(seat=3, amount=5),
        Stake(seat=0, amount=5),
        Stake(seat=1, amount=5),
        Stake(seat=2, amount=5),
    )


def test_law_64_the_false_opener_found_foul_has_his_law_33_penalty_undone() -> None:
    """Laws 33 and 64: the false opener's hand is then found foul at the show. The pool is
    settled again without it: the penalty he paid for the settlement now void is given back,
    the eights take the pool, and the dealer refunds his pat hand's ante (Law 14)."""
    shown = _falsely_opened()
    assert shown.false_opener == 2
    assert shown.stacks == (80, 85, 70, 80)
    assert shown.pool == 105
    resettled = report_checked(shown, pl.WrongHandSize(seat=2))
    assert resettled.false_opener is None
    assert resettled.winners == (3,)
    assert resettled.payouts == (0, 0, 0, 95)
    assert resettled.refunds == ((0, 2, 5),)
    assert resettled.stacks == (75, 85, 85, 175)


def test_law_64_another_hand_found_foul_after_a_false_opening_charges_him_once() -> None:
    """Laws 33 and 64: another shown hand is found foul after the false opening; settled
    again, the tens still win, so the opening is still false: he pays the penalty once, not
    twice, and the pool stays for the next jack-pot."""
    resettled = report_checked(_falsely_opened(), pl.WrongHandSize(seat=1))
    assert resettled.false_opener == 2
    assert resettled.pool == 105
    assert resettled.stacks == (75, 90, 70, 80)


def test_law_29_a_foul_hand_that_leaves_one_player_before_any_opening_leaves_the_pool() -> None:
    """Laws 13, 14 and 29: at two seats, before anybody has opened, the ante's hand is found
    foul as dealt, out of his turn. The dealer is left alone in a game nobody opened: he
    does not take the pool (Law 58 is for an opened game); it stays for the next game, and
    the dealer refunds the ante his 5."""
    state = pl.new_game(RULES, (100, 100), dealer=0, deck=deck_for({}, n=2, dealer=0))
    assert state.to_act == 0
    fouled = report_checked(state, Lift(seat=1), pl.WrongHandSize(seat=1))
    assert fouled.phase is pl.Phase.OVER
    assert not fouled.opened
    assert fouled.winners == ()
    assert fouled.pool == 5
    assert fouled.stacks == (95, 100)


def test_law_58_a_foul_hand_that_leaves_one_player_in_an_opened_game_gives_him_the_pool() -> None:
    """Laws 13 and 58: at two seats the dealer opens for 10; before the ante answers, the
    dealer's own hand is found foul as dealt. The ante is the one player left in an opened
    game: he takes the pool, the dealer's 10 with his own ante."""
    state = pl.new_game(RULES, (100, 100), dealer=0, deck=deck_for({}, n=2, dealer=0))
    state = play(state, Stake(seat=0, amount=10))
    assert state.to_act == 1
    fouled = report_checked(state, pl.WrongHandSize(seat=0))
    assert fouled.phase is pl.Phase.OVER
    assert fouled.winners == (1,)
    assert fouled.payouts == (0, 15)
    assert fouled.stacks == (90, 110)


def test_law_14_a_straddler_in_a_jackpot_is_refunded_his_straddle_alone() -> None:
    """Law 14: in a jack-pot (ante 2, everyone antes) seat 2 straddles 4 and seat 3 straddles
    6. A straddler's hand found foul as dealt is refunded his straddle by the dealer: 4 to
    seat 2, 6 to seat 3; never the jack-pot ante on top, nor a later straddle."""
    state = pl.new_game(
        STRADDLE_RULES,
        (100,) * 4,
        dealer=0,
        deck=deck_for({}, n=4, dealer=0),
        carried=8,
        jackpot_round=1,
    )
    state = play(state, pl.Straddle(seat=2), pl.Straddle(seat=3), pl.DeclineStraddle(seat=0))
    assert state.forced == (2, 2, 6, 8)
    first = report_checked(state, Lift(seat=2), pl.WrongHandSize(seat=2))
    assert first.refunds == ((0, 2, 4),)
    second = report_checked(state, Lift(seat=3), pl.WrongHandSize(seat=3))
    assert second.refunds == ((0, 3, 6),)
