"""Each refused report of the draw and of the game's end says exactly why, with the law that
refuses it (Laws 6, 41, 44-47, 49; Ambiguities 18, 20): the words a table's user reads, held
here because a one-line change to one of them went unnoticed."""

from __future__ import annotations

import pokerlaws as pl
from tests.laws._tables import RULES, deck_for, play


def _refusal(state: pl.GameState, report: pl.Report) -> str:
    refused = pl.apply(state, report)
    assert isinstance(refused, pl.RuleViolation), report
    return refused.message


def _said() -> pl.GameState:
    """Four seats, dealer 0, everyone in for 10: the draw, seat 1 first."""
    state = pl.new_game(RULES, (100,) * 4, dealer=0, deck=deck_for({}, n=4, dealer=0))
    return play(
        state,
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=3, amount=10),
        pl.Stake(seat=0, amount=10),
        pl.Stake(seat=1, amount=5),
    )


def test_law_49_asking_the_dealer_s_draw_too_early_is_refused_saying_why() -> None:
    """Law 49 and Ambiguity 20: a player may ask how many the dealer drew only once both
    he and the dealer have drawn."""
    state = _said()
    assert _refusal(state, pl.AskDealerCount(seat=1)) == (
        "Law 49: seat 1 has not drawn, so may not ask yet (Law 49)"
    )
    drawn = play(state, pl.Discard(seat=1, cards=state.hands[1][:2]))
    assert _refusal(drawn, pl.AskDealerCount(seat=1)) == (
        "Law 49: seat 1 cannot ask how many the dealer drew: the dealer has not drawn yet "
        "(Ambiguity 20)"
    )


def test_law_45_a_second_report_of_the_same_draw_is_refused_saying_why() -> None:
    """Laws 44-45 and Ambiguity 18: once a draw was reported served as many as he
    discarded, a report that it was served as he asked contradicts it, and the first
    stands."""
    state = _said()
    drawn = play(state, pl.Discard(seat=1, cards=state.hands[1][:2]))
    reported = pl.apply_or_raise(drawn, pl.WrongNumberAsked(seat=1, served_as_asked=False))
    assert _refusal(reported, pl.WrongNumberAsked(seat=1, served_as_asked=True)) == (
        "Law 45: seat 1 was reported given as many cards as he discarded (Law 44) on this "
        "draw, which that report already settled"
    )


def test_law_47_the_dealer_s_wrong_number_is_refused_while_he_serves_himself() -> None:
    """Law 47: the dealer serves himself, so he cannot have been given other than he asked
    for; and owed cards by the Law 41 shortage, he has not been served his draw yet."""
    state = pl.new_game(RULES, (100,) * 10, dealer=0, deck=pl.shuffled_deck(77))
    state = play(state, pl.Stake(seat=2, amount=10))
    for seat in (*range(3, 10), 0, 1):
        state = play(state, pl.Stake(seat=seat, amount=5 if seat == 1 else 10))
    state = play(state, pl.Discard(seat=1, cards=state.hands[1][:3]))
    for seat in range(2, 10):
        state = play(state, pl.Discard(seat=seat, cards=()))
    state = play(state, pl.Discard(seat=0, cards=state.hands[0][:2]))
    assert state.owed == ((1, 1), (0, 2))
    assert _refusal(state, pl.WrongNumberAsked(seat=0, served_as_asked=False)) == (
        "Law 47: seat 0 is the dealer, who serves himself: what he asked for, he took"
    )
    assert _refusal(state, pl.WrongNumberAsked(seat=0, served_as_asked=True)) == (
        "Law 47: seat 0 has not been served his draw yet: the stock ran short, and the dealer "
        "still owes him cards from the shuffled discards (Law 41)"
    )


def test_law_6_a_report_after_an_unopened_game_is_refused_saying_the_game_is_over() -> None:
    """A game nobody opened is over: a report of a lifted hand comes too late."""
    state = pl.new_game(RULES, (100,) * 4, dealer=0, deck=deck_for({}, n=4, dealer=0))
    over = play(state, pl.Pass(seat=2), pl.Pass(seat=3), pl.Pass(seat=0))
    assert over.phase is pl.Phase.OVER
    assert _refusal(over, pl.Lift(seat=1)) == "Law 6: seat 1 cannot report it: the game is over"


def test_law_7_reports_refused_before_the_draw_say_exactly_why() -> None:
    """Laws 6, 7, 15-16 and 77: a report from no seat of the table, the dealer reported
    distracting himself, a second lift, a report about a hand already passed, a dispute
    raised by one who is no party to it: each refusal names its law and its reason."""
    state = pl.new_game(RULES, (100,) * 4, dealer=0, deck=deck_for({}, n=4, dealer=0))
    assert _refusal(state, pl.Lift(seat=7)) == (
        "Law 7: seat 7 is not at this table: its seats are 0 to 3"
    )
    assert _refusal(state, pl.Distraction(seat=0)) == (
        "Law 16: seat 0 is the dealer, who cannot distract himself (Law 15)"
    )
    assert _refusal(state, pl.Dispute(seat=1, parties=(2, 3))) == (
        "Law 77: seat 1 must be one of the parties to the dispute"
    )
    lifted = pl.apply_or_raise(state, pl.Lift(seat=1))
    assert _refusal(lifted, pl.Lift(seat=1)) == "Law 6: seat 1 has lifted his cards already"
    passed = play(state, pl.Pass(seat=2))
    assert _refusal(passed, pl.Lift(seat=2)) == (
        "Law 6: seat 2 has passed, so has no cards in play"
    )
    fouled = pl.apply_or_raise(lifted, pl.WrongHandSize(seat=1))
    assert _refusal(fouled, pl.Lift(seat=1)) == (
        "Law 6: seat 1 has retired with a foul hand, so has no cards in play"
    )


def test_law_41_a_hand_short_by_the_shortage_is_not_wrong() -> None:
    """Law 41: a hand short because the stock ran out is owed cards, not foul."""
    state = pl.new_game(RULES, (100,) * 10, dealer=0, deck=pl.shuffled_deck(77))
    state = play(state, pl.Stake(seat=2, amount=10))
    for seat in (*range(3, 10), 0, 1):
        state = play(state, pl.Stake(seat=seat, amount=5 if seat == 1 else 10))
    state = play(state, pl.Discard(seat=1, cards=state.hands[1][:3]))
    assert _refusal(state, pl.WrongHandSize(seat=1)) == (
        "Law 41: seat 1 holds fewer than five cards because the stock ran short: the dealer "
        "still owes him cards (Law 41), so his hand is not wrong"
    )
