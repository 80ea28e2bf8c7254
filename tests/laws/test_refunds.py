"""The Law 14 refund at the edges: a payer it leaves broke, a misdeal after it, a pat hand
found foul at the show (Laws 12-14, 16, 63-64; Ambiguity 17).

Table: ``RULES`` (ante 5, limit 15), four seats, dealer 0; so seat 1 is the ante, the say
goes 2, 3, 0, 1, the draw 1, 2, 3, 0 and the betting 2, 3, 0, 1. The dealer pays the
refunds, and his stack is chosen so that paying one takes his last chip.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pokerlaws as pl
from pokerlaws import Discard, Lift, Pass, Stake, Stand
from tests.laws._tables import RULES, all_cards, chips, deck_for, play

_HANDS = {1: "As Ad Ac 2d 3h", 2: "Ks Kd 4c 5s 9h", 3: "Qs Qd 6c 7s 8h", 0: "Js Jd Tc 8s 2c"}
"""The ante's threes beat the king pair, which beats the queens, which beat the knaves."""


def _game(stacks: Sequence[int], hands: Mapping[int, str] | None = None) -> pl.GameState:
    deck = deck_for(hands or {}, n=4, dealer=0)
    return pl.new_game(RULES, stacks, dealer=0, deck=deck)


def _report(state: pl.GameState, *reports: pl.Report) -> pl.GameState:
    for event in reports:
        assert event in pl.reportable(state), f"{event} is not reportable now"
        total, cards = chips(state), all_cards(state)
        state = pl.apply_or_raise(state, event)
        assert chips(state) == total
        assert all_cards(state) == cards
    return state


def _agrees(state: pl.GameState) -> None:
    """``legal_actions`` offers only what ``apply`` accepts, and only to the seat to act."""
    for action in pl.legal_actions(state):
        assert action.seat == state.to_act
        assert isinstance(pl.apply(state, action), pl.GameState), action


def test_law_14_a_dealer_broke_by_the_refund_before_he_stakes_retires() -> None:
    """Law 14: the refund takes the dealer's last chip before he has staked, so he cannot
    come in and retires as by a pass (Ambiguity 17)."""
    state = play(_game((5, 100, 100, 100)), Stake(seat=2, amount=10))
    fouled = _report(state, Lift(seat=1), pl.WrongHandSize(seat=1))
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
    fouled = _report(state, Lift(seat=1), pl.WrongHandSize(seat=1))
    # The ante leaves, the dealer cannot come in: the two who staked go to the draw.
    assert fouled.phase is pl.Phase.DRAW
    assert fouled.players == (2, 3)
    assert fouled.to_act == 2
    assert fouled.history[-1] == pl.WrongHandSize(seat=1)
    assert not any(isinstance(e, Pass) and e.seat == 0 for e in fouled.history)
    _agrees(fouled)


def test_law_14_a_dealer_broke_before_he_says_can_win_nothing() -> None:
    """Law 14: a payer broke before his say is no player, so the show never pays him the
    ante, though his hand would be best (Ambiguity 17)."""
    hands = {0: "As Ad Ac 2d 3h", 1: "Ks Kd 4c 5s 9h", 2: "Qs Qd 6c 7s 8h", 3: "Js Jd Tc 8s 2c"}
    state = _report(_game((5, 100, 100, 100), hands), Lift(seat=1), pl.WrongHandSize(seat=1))
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
    fouled = _report(state, pl.WrongHandSize(seat=1))
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
    fouled = _report(state, pl.WrongHandSize(seat=1))
    assert fouled.pending == (3,)
    assert 0 in fouled.all_in
    _agrees(fouled)
    over = play(fouled, Stake(seat=3, amount=15), Stake(seat=2, amount=10))
    assert over.phase is pl.Phase.OVER
    assert over.show_order == (3, 0, 2)  # seat 2 called last (Law 59)


def test_law_14_a_misdeal_after_a_refund_gives_the_refund_back() -> None:
    """Law 14 and Law 12: a misdeal voids the deal, so the refund paid for a hand of it goes
    back to the dealer and the foul hand's holder is a player again (Ambiguity 17)."""
    state = _report(_game((100, 100, 100, 100)), Lift(seat=1), pl.WrongHandSize(seat=1))
    assert state.stacks == (95, 100, 100, 100)
    assert state.refunds == ((0, 1, 5),)
    misdealt = _report(state, pl.WrongHandSize(seat=3))  # not lifted: Law 12
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
    state = _report(_game((5, 100, 100, 100)), Lift(seat=1), pl.WrongHandSize(seat=1))
    assert state.players == (2, 3)
    misdealt = _report(state, pl.WrongHandSize(seat=3))
    assert misdealt.stacks == (5, 95, 100, 100)
    assert misdealt.players == (0, 1, 2, 3)


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
    resettled = _report(shown, pl.WrongHandSize(seat=1))
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
    once = _report(shown, pl.WrongHandSize(seat=1))
    assert once.payouts == (60, 0, 0, 0)
    assert once.stacks == (55, 90, 85, 85)  # 60 won, 5 refunded to the ante
    assert once.refunds == ((0, 1, 5),)
    # The dealer's own hand found foul too: the pool goes to the queens, and the refund is
    # paid again after that settlement, from the nothing he then has.
    twice = _report(once, pl.WrongHandSize(seat=0))
    assert twice.payouts == (0, 0, 0, 60)
    assert twice.stacks == (0, 85, 85, 145)
    assert twice.refunds == ()
    assert min(twice.stacks) >= 0
