"""The Law 14 refund at the edges: a payer it leaves broke, a misdeal after it (even once
the refunds ended the game in the deal), a pat hand found foul at the show (Laws 8, 10,
12-14, 16, 63-64; Ambiguity 17).

Table: ``RULES`` (ante 5, limit 15), four seats, dealer 0; so seat 1 is the ante, the say
goes 2, 3, 0, 1, the draw 1, 2, 3, 0 and the betting 2, 3, 0, 1. The dealer pays the
refunds, and his stack is chosen so that paying one takes his last chip.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pokerlaws as pl
from pokerlaws import Discard, Lift, Pass, Stake, Stand
from tests.laws._tables import (
    RULES,
    deck_for,
    offers_only_what_apply_accepts,
    play,
    refused,
    report_checked,
)
from tests.sitting_play import pack_starting

_HANDS = {1: "As Ad Ac 2d 3h", 2: "Ks Kd 4c 5s 9h", 3: "Qs Qd 6c 7s 8h", 0: "Js Jd Tc 8s 2c"}
"""The ante's threes beat the king pair, which beats the queens, which beat the knaves."""


def _game(stacks: Sequence[int], hands: Mapping[int, str] | None = None) -> pl.GameState:
    deck = deck_for(hands or {}, n=4, dealer=0)
    return pl.new_game(RULES, stacks, dealer=0, deck=deck)


def test_law_14_a_dealer_broke_by_the_refund_before_he_stakes_retires() -> None:
    """Law 14: the refund takes the dealer's last chip before he has staked, so he cannot
    come in and retires as by a pass (Ambiguity 17)."""
    state = play(_game((5, 100, 100, 100)), Stake(seat=2, amount=10))
    fouled = report_checked(state, Lift(seat=1), pl.WrongHandSize(seat=1))
    assert fouled.stacks == (0, 100, 90, 100)
    assert fouled.players == (2, 3)
    assert fouled.pool == 15  # the ante stays in the pool
    assert fouled.to_act == 3
    over = play(fouled, Stake(seat=3, amount=10))
    assert over.phase is pl.Phase.DRAW
    assert over.players == (2, 3)
    assert 0 not in over.pending


def test_law_14_a_dealer_broke_by_the_refund_at_his_own_say_retires() -> None:
    """Law 14: broke at his own turn in the say, with nothing staked, the dealer is passed
    as if he had passed, and the say goes on (Ambiguity 17)."""
    state = play(_game((5, 100, 100, 100)), Stake(seat=2, amount=10), Stake(seat=3, amount=10))
    assert state.to_act == 0
    fouled = report_checked(state, Lift(seat=1), pl.WrongHandSize(seat=1))
    # The ante leaves, the dealer cannot come in: the two who staked go to the draw.
    assert fouled.phase is pl.Phase.DRAW
    assert fouled.players == (2, 3)
    assert fouled.to_act == 2
    assert fouled.history[-1] == pl.WrongHandSize(seat=1)
    assert not any(isinstance(e, Pass) and e.seat == 0 for e in fouled.history)
    offers_only_what_apply_accepts(fouled)


def test_law_14_a_dealer_broke_before_he_says_can_win_nothing() -> None:
    """Law 14: a payer broke before his say is no player, so the show never pays him the
    ante, though his hand would be best (Ambiguity 17)."""
    hands = {0: "As Ad Ac 2d 3h", 1: "Ks Kd 4c 5s 9h", 2: "Qs Qd 6c 7s 8h", 3: "Js Jd Tc 8s 2c"}
    state = report_checked(
        _game((5, 100, 100, 100), hands), Lift(seat=1), pl.WrongHandSize(seat=1)
    )
    assert state.players == (2, 3)
    state = play(state, Stake(seat=2, amount=10), Stake(seat=3, amount=10))
    state = play(state, Discard(seat=2, cards=()), Discard(seat=3, cards=()))
    over = play(state, Stand(seat=2), Stake(seat=3, amount=5), Stake(seat=2, amount=5))
    assert over.phase is pl.Phase.OVER
    assert 0 not in over.show_order
    assert over.winners == (2,)
    assert over.payouts == (0, 0, 35, 0)
    assert over.stacks == (0, 100, 120, 85)


def test_law_14_a_dealer_broke_by_the_refund_at_his_bet_plays_on_all_in() -> None:
    """Law 14: broke at his own turn in the betting after staking in the say, the dealer
    plays on all in: passed over, shown for what he staked (Law 60, Ambiguity 17)."""
    hands = {0: "As Ad Ac 2d 3h", 1: "Ks Kd 4c 5s 9h", 2: "Qs Qd 6c 7s 8h", 3: "Js Jd Tc 8s 2c"}
    state = play(
        _game((15, 100, 100, 100), hands),
        Stake(seat=2, amount=10),
        Stake(seat=3, amount=10),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=5),
    )
    for seat in (1, 2, 3, 0):
        state = play(state, Discard(seat=seat, cards=()))
    state = play(state, Stake(seat=2, amount=5), Stake(seat=3, amount=5))
    assert state.to_act == 0
    assert state.stacks[0] == 5
    # The ante stood pat: his hand, foul as dealt, is refunded at a bet (Law 63).
    fouled = report_checked(state, pl.WrongHandSize(seat=1))
    assert fouled.phase is pl.Phase.OVER  # nobody left to answer: the show
    assert 0 in fouled.all_in
    assert fouled.show_order == (0, 2, 3)
    # Law 60: the dealer, short with 10, takes the ante, his 10 and 10 from each of the two
    # still in when he went short; seat 1's 5 and the 5 + 5 above 10 go to the queens.
    assert fouled.payouts == (35, 0, 15, 0)
    assert fouled.stacks == (35, 95, 100, 85)


def test_law_14_in_the_betting_legal_actions_never_offer_the_broke_payer_a_stake() -> None:
    """Law 14: the payer all in after the refund is passed over while the others bet on;
    every action offered is accepted (Ambiguity 17)."""
    state = play(
        _game((15, 100, 100, 100), _HANDS),
        Stake(seat=2, amount=10),
        Stake(seat=3, amount=10),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=5),
    )
    for seat in (1, 2, 3, 0):
        state = play(state, Discard(seat=seat, cards=()))
    state = play(state, Stake(seat=2, amount=5))
    fouled = report_checked(state, pl.WrongHandSize(seat=1))
    assert fouled.pending == (3,)
    assert 0 in fouled.all_in
    offers_only_what_apply_accepts(fouled)
    over = play(fouled, Stake(seat=3, amount=15), Stake(seat=2, amount=10))
    assert over.phase is pl.Phase.OVER
    assert over.show_order == (3, 0, 2)  # seat 2 called last (Law 59)


def test_law_14_a_misdeal_after_a_refund_gives_the_refund_back() -> None:
    """Law 14 and Law 12: a misdeal voids the deal, so the refund paid for a hand of it goes
    back to the dealer and the foul hand's holder is a player again (Ambiguity 17)."""
    state = report_checked(_game((100, 100, 100, 100)), Lift(seat=1), pl.WrongHandSize(seat=1))
    assert state.stacks == (95, 100, 100, 100)
    assert state.refunds == ((0, 1, 5),)
    misdealt = report_checked(state, pl.WrongHandSize(seat=3))  # not lifted: Law 12
    assert misdealt.phase is pl.Phase.MISDEAL
    assert misdealt.stacks == (100, 95, 100, 100)  # his ante stands, the refund is undone
    assert misdealt.players == (0, 1, 2, 3)
    assert misdealt.foul == frozenset()
    assert misdealt.refunds == ()
    redealt = play(misdealt, pl.Redeal(seat=0))
    assert redealt.phase is pl.Phase.SAY
    assert redealt.pool == 5


def test_law_14_a_misdeal_after_the_refund_broke_the_dealer_seats_him_again() -> None:
    """Law 14: the dealer who retired broke by a refund is a player again after the
    misdeal, with his chips back (Ambiguity 17)."""
    state = report_checked(_game((5, 100, 100, 100)), Lift(seat=1), pl.WrongHandSize(seat=1))
    assert state.players == (2, 3)
    misdealt = report_checked(state, pl.WrongHandSize(seat=3))
    assert misdealt.stacks == (5, 95, 100, 100)
    assert misdealt.players == (0, 1, 2, 3)


def _ended_by_refunds() -> pl.GameState:
    """A jack-pot at four seats, the dealer with 15: after the antes (5 each) two lifted
    hands are found foul, and the second refund takes the dealer's last chip before he has
    staked. He retires, seat 3 is left alone, and the game is over unopened (Law 29), though
    nobody has acted: reports alone ended it."""
    deck = deck_for({}, n=4, dealer=0)
    state = pl.new_game(RULES, (15, 100, 100, 100), dealer=0, deck=deck, jackpot_round=1)
    state = report_checked(state, Lift(seat=1), pl.WrongHandSize(seat=1))
    state = report_checked(state, Lift(seat=2), pl.WrongHandSize(seat=2))
    assert state.phase is pl.Phase.OVER
    assert state.stacks == (0, 100, 100, 95)
    assert state.refunds == ((0, 1, 5), (0, 2, 5))
    return state


def _voided(misdealt: pl.GameState) -> None:
    """The misdeal voided the deal: both refunds are back with the dealer, every seat is a
    player again, the jack-pot antes stand, and the dealer is to deal again."""
    assert misdealt.phase is pl.Phase.MISDEAL
    assert misdealt.stacks == (10, 95, 95, 95)
    assert misdealt.pool == 20
    assert misdealt.refunds == ()
    assert misdealt.foul == frozenset()
    assert misdealt.players == (0, 1, 2, 3)
    assert misdealt.to_act == 0
    assert pl.legal_actions(misdealt) == (pl.Redeal(seat=0),)
    redealt = play(misdealt, pl.Redeal(seat=0))
    assert redealt.phase is pl.Phase.SAY
    assert redealt.openers_required is pl.Rank.JACK


def test_law_12_a_misdeal_after_refunds_ended_the_game_in_the_deal_undoes_them() -> None:
    """Law 12: reports alone ended the game before anyone acted, so it is over for actions
    only; seat 3's hand, never lifted, is still reported as during the deal, and the misdeal
    gives the refunds back and seats the retired players again (Ambiguity 17)."""
    over = _ended_by_refunds()
    assert pl.legal_actions(over) == ()
    refused(over, Stake(seat=3, amount=10), pl.GameIsOver, 29)
    assert pl.WrongHandSize(seat=3) in pl.reportable(over)
    _voided(report_checked(over, pl.WrongHandSize(seat=3)))


def test_law_8_an_uncut_pack_objected_to_after_refunds_ended_the_deal_is_a_misdeal() -> None:
    """Law 8: the objection to an uncut pack is still made during the deal when reports
    alone ended the game in it, by any seat dealt in (Ambiguity 17)."""
    over = _ended_by_refunds()
    for seat in range(4):
        assert pl.MissingCut(seat=seat, during_deal=True) in pl.reportable(over)
    _voided(report_checked(over, pl.MissingCut(seat=1, during_deal=True)))


def test_law_10_a_faced_card_found_after_refunds_ended_the_deal_is_a_misdeal() -> None:
    """Law 10: a card found face up in the pack makes a misdeal when reports alone ended
    the game in the deal (Ambiguity 17)."""
    over = _ended_by_refunds()
    assert pl.FacedCard(seat=0) in pl.reportable(over)
    _voided(report_checked(over, pl.FacedCard(seat=0)))


def test_law_12_after_refunds_ended_the_deal_only_the_misdeals_are_reported() -> None:
    """Law 12: a hand of the game that reports ended is reported only if its holder is still
    a player and has not lifted it; Law 9, Law 11 and Law 16 are past (Ambiguity 17)."""
    over = _ended_by_refunds()
    listed = pl.reportable(over)
    assert {type(r) for r in listed} == {pl.Dispute, pl.MissingCut, pl.FacedCard, pl.WrongHandSize}
    assert pl.WrongHandSize(seat=3) in listed
    refused(over, pl.WrongHandSize(seat=1), pl.NotAPlayer, 12)  # retired, foul
    refused(over, pl.WrongHandSize(seat=0), pl.NotAPlayer, 12)  # the dealer, retired broke
    assert Lift(seat=3) not in listed  # nobody lifts in a game that is over
    refused(over, pl.MissingCut(seat=3, during_deal=False), pl.NotAtThisMoment, 8)
    refused(over, pl.ExposedCard(seat=3, card=over.hands[3][0]), pl.NotAtThisMoment, 11)
    refused(over, pl.Distraction(seat=3), pl.NotAtThisMoment, 16)


def test_law_12_a_game_the_antes_ended_at_the_deal_is_past_a_misdeal() -> None:
    """Law 12: a game the deal itself ended (No. 1, the dealer, all in from his jack-pot
    ante, so nobody can open) ended by no report, and is over for reports too (Ambiguity 17
    speaks of reports alone)."""
    deck = deck_for({}, n=2, dealer=0)
    over = pl.new_game(RULES, (5, 100), dealer=0, deck=deck, jackpot_round=1)
    assert over.phase is pl.Phase.OVER
    assert pl.WrongHandSize(seat=0) not in pl.reportable(over)
    refused(over, pl.WrongHandSize(seat=0), pl.NotAtThisMoment, 64)
    refused(over, pl.FacedCard(seat=0), pl.NotAtThisMoment, 10)


def test_law_12_a_sitting_takes_back_the_close_of_a_game_reports_ended_in_the_deal() -> None:
    """Law 12 in a sitting: the game that a refund ended in the deal was closed (the broke
    dealer left under the terms); the misdeal puts it in play again with him seated, and the
    sitting's record replays it. Once the table has changed, the deal is past calling a
    misdeal (Ambiguity 17)."""
    terms = pl.SittingTerms(broke_players_leave=True)
    players = [("Ann", 1), ("Bob", 20), ("Cy", 20)]
    rules = pl.Rules(ante=1, limit=4)
    sitting = pl.start_sitting(
        rules, players, cut=pack_starting("Ac 2h Kd"), deck=pl.shuffled_deck(11), terms=terms
    )
    assert sitting.dealer == "Ann"
    for event in (pl.DeclineStraddle(seat=2), Lift(seat=1), pl.WrongHandSize(seat=1)):
        after = pl.play(sitting, event)
        assert isinstance(after, pl.Sitting), after
        sitting = after
    assert sitting.between_games
    assert sitting.seating == ("Bob", "Cy")  # Ann left broke as the game closed
    misdealt = pl.play(sitting, pl.FacedCard(seat=2))
    assert isinstance(misdealt, pl.Sitting), misdealt
    assert misdealt.game.phase is pl.Phase.MISDEAL
    assert misdealt.seating == ("Ann", "Bob", "Cy")
    assert misdealt.chips == (1, 19, 20)
    assert misdealt.history == ()
    assert not misdealt.between_games
    dealt = pl.play(misdealt, pl.Redeal(seat=0))
    assert isinstance(dealt, pl.Sitting)
    assert pl.replay_sitting(pl.record_sitting(dealt)) == dealt
    bought = pl.buy_chips(sitting, "Bob", 5)
    refused_now = pl.play(bought, pl.FacedCard(seat=2))
    assert isinstance(refused_now, pl.NotAtThisMoment)
    assert refused_now.law == 10


def _shown(stacks: Sequence[int], hands: Mapping[int, str], drawn: int = 0) -> pl.GameState:
    """Everyone stays in to the show: the say at 10 each, the betting at 5 each; seat 1
    draws ``drawn`` cards, the others stand pat."""
    state = play(
        _game(stacks, hands),
        Stake(seat=2, amount=10),
        Stake(seat=3, amount=10),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=5),
    )
    state = play(state, Discard(seat=1, cards=state.hands[1][3:][:drawn]))
    for seat in (2, 3, 0):
        state = play(state, Discard(seat=seat, cards=()))
    return play(
        state,
        Stand(seat=2),
        Stake(seat=3, amount=5),
        Stake(seat=0, amount=5),
        Stake(seat=1, amount=5),
        Stake(seat=2, amount=5),
    )


def test_law_64_a_drawn_hand_found_foul_at_the_show_is_not_refunded() -> None:
    """Law 64: a hand made foul by the draw loses the pool with no refund (Ambiguity 17)."""
    shown = _shown((100,) * 4, _HANDS, drawn=2)
    resettled = report_checked(shown, pl.WrongHandSize(seat=1))
    assert resettled.refunds == ()
    assert resettled.stacks[0] == shown.stacks[0]
    assert resettled.stacks[1] == 85


def test_law_64_the_pat_refund_comes_from_the_dealers_winnings_as_they_then_stand() -> None:
    """Law 64 then Law 14: the pool is settled again first, then the dealer refunds the pat
    hand from his chips as they then stand, his winnings included (Ambiguity 17)."""
    hands = {1: "As Ad Ac 2d 3h", 0: "Ks Kd 4c 5s 9h", 3: "Qs Qd 6c 7s 8h", 2: "Js Jd Tc 8s 2c"}
    shown = _shown((15, 100, 100, 100), hands)
    assert shown.stacks[0] == 0
    assert shown.winners == (1,)
    once = report_checked(shown, pl.WrongHandSize(seat=1))
    assert once.payouts == (60, 0, 0, 0)
    assert once.stacks == (55, 90, 85, 85)  # 60 won, 5 refunded to the ante
    assert once.refunds == ((0, 1, 5),)
    # The dealer's own hand found foul too: the pool goes to the queens, and the refund is
    # paid again after that settlement, from the nothing he then has.
    twice = report_checked(once, pl.WrongHandSize(seat=0))
    assert twice.payouts == (0, 0, 0, 60)
    assert twice.stacks == (0, 85, 85, 145)
    assert twice.refunds == ()
    assert min(twice.stacks) >= 0
