"""The laws the narration cites are the laws the engine applied (API.md, "Command line").

Each test replays a game from a fixed deck and reads the narration of ``demo``, ``play``
and the replay page (``pokerlaws.render.steps``): the law each step cites must be the one in
``state.rulings`` for it, and the words must tell what the engine did. Each was a wrong law
or a wrong word before the narration read the rulings.
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Mapping, Sequence

import pytest

import pokerlaws as pl
from pokerlaws import Discard, Pass, Stake, Stand
from pokerlaws.history import History
from pokerlaws.render.steps import Step, end_step, first_step, step
from pokerlaws.ruling import noted_count, notes
from pokerlaws.rulings import game_rulings
from tests.laws._tables import RULES, deck_for, play


def _told(start: pl.GameState, *events: pl.Event) -> tuple[pl.GameState, list[Step]]:
    """Apply ``events`` from ``start`` and narrate each step (and the end, if it comes)."""
    steps: list[Step] = []
    state = start
    for event in events:
        after = pl.apply_or_raise(state, event)
        steps.append(step(state, event, after))
        state = after
    if state.phase is pl.Phase.OVER:
        steps.append(end_step(state))
    return state, steps


def _then(state: pl.GameState, *events: pl.Event) -> pl.GameState:
    """``state`` after ``events``, reports among them."""
    for event in events:
        state = pl.apply_or_raise(state, event)
    return state


def _cited(told: Step) -> set[int]:
    """Every law a step cites: its own, and each "(Law N)" in its words."""
    return {told.law, *map(int, re.findall(r"\(Law (\d+)\)", told.says))}


def _ruled(told: Step) -> set[int]:
    return {ruling.law for ruling in told.rulings}


def _game(hands: Mapping[int, str], stacks: Sequence[int], *, draw: str = "") -> pl.GameState:
    """Dealer 0 at ``len(stacks)`` seats, ante 5, limit 15, dealing ``hands``."""
    deck = deck_for(hands, n=len(stacks), dealer=0, draw=draw)
    return pl.new_game(RULES, stacks, dealer=0, deck=deck)


# Three seats, dealer 0: seat 1 antes; the say goes 2, 0, 1. Seat 1 has 20 chips, so after
# the say and a call of 10 he holds 10: his stake after the draw is short of 15.
SHORT = {1: "As Ad Ac 2d 3h", 2: "Ks Kd 4c 5s 9h", 0: "Qs Qd 6c 7s 8h"}


def _short_all_in() -> tuple[pl.GameState, list[Step]]:
    state = play(
        _game(SHORT, (100, 20, 100)),
        Stake(seat=2, amount=10),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=5),
        *(Discard(seat=seat, cards=()) for seat in (1, 2, 0)),
    )
    return _told(
        state, Stake(seat=2, amount=15), Stake(seat=0, amount=15), Stake(seat=1, amount=10)
    )


def test_law_60_a_short_all_in_stake_is_told_as_going_all_in_short_not_as_a_call() -> None:
    _, (_, _, short, _) = _short_all_in()
    assert short.law == 60
    assert "all in short" in short.says
    assert "calls" not in short.says
    assert _cited(short) <= _ruled(short)


def test_law_60_a_short_players_level_is_told_as_law_60_not_as_a_share() -> None:
    """Three aces, short, take their level (60: all three stakes of 20); the kings take the
    10 above it. No hands are equal, so nothing is shared (Law 76)."""
    state, steps = _short_all_in()
    end = steps[-1]
    assert state.payouts == (0, 60, 10)
    assert end.law == 60
    assert "share" not in end.says
    assert "equal hands" not in end.says
    assert 76 not in _cited(end)
    assert "seat 1 takes 60, the level of his own stake" in end.says
    assert "seat 2 takes 10 with the best hand (Law 59)" in end.says
    assert pl.Ruling(60, "level", (1, 1), 60) in end.rulings
    assert _cited(end) <= _ruled(end)


# Four seats, dealer 0: seat 1 antes; the say goes 2, 3, 0, 1; the draw 1, 2, 3, 0.
FOUR = {1: "2c 3d 4h 8s 9c", 2: "Ks Kd 4c 5s 9h", 3: "Qs Qd 6c 7s 8h", 0: "Js Jd Tc 7d 6d"}


def _opened(draw: str = "") -> pl.GameState:
    """Seat 2 opens; everyone plays, so the draw begins with seat 1."""
    return play(
        _game(FOUR, (100,) * 4, draw=draw),
        Stake(seat=2, amount=10),
        Stake(seat=3, amount=10),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=5),
    )


def test_law_40_a_card_exposed_in_serving_the_draw_is_told_as_law_40_not_11() -> None:
    drawn = play(_opened(draw="Kh Qc Jc"), Discard(seat=1, cards=pl.parse_cards("2c 3d")))
    _, (exposed,) = _told(drawn, pl.ExposedCard(seat=1, card=pl.parse_cards("Kh")[0]))
    assert exposed.law == 40
    assert 11 not in _cited(exposed)
    assert _cited(exposed) <= _ruled(exposed)


def test_law_11_a_card_exposed_in_dealing_is_still_told_as_law_11() -> None:
    start = _game(FOUR, (100,) * 4)
    _, (exposed,) = _told(start, pl.ExposedCard(seat=3, card=start.hands[3][0]))
    assert exposed.law == 11


def test_law_13_a_lift_is_told_as_his_own_cards_lifted_not_the_pack() -> None:
    _, (lifted,) = _told(_game(FOUR, (100,) * 4), pl.Lift(seat=2))
    assert "pack" not in lifted.says
    assert "lifts his own cards" in lifted.says
    assert lifted.law == 13  # from now a wrong count is foul, not a misdeal (Laws 12-13)


def test_law_48_a_lift_of_his_draw_is_told_as_law_48() -> None:
    drawn = play(_opened(), Discard(seat=1, cards=pl.parse_cards("2c 3d")))
    _, (lifted,) = _told(drawn, pl.Lift(seat=1))
    assert lifted.law == 48


def test_law_45_a_wrong_number_served_as_asked_is_told_as_law_45_not_44() -> None:
    drawn = play(_opened(), Discard(seat=1, cards=pl.parse_cards("2c 3d")))
    _, (fouled,) = _told(drawn, pl.WrongNumberAsked(seat=1, served_as_asked=True))
    assert fouled.law == 45
    assert 44 not in _cited(fouled)
    assert "foul" in fouled.says


def test_law_44_a_wrong_number_served_as_discarded_is_still_law_44() -> None:
    drawn = play(_opened(), Discard(seat=1, cards=pl.parse_cards("2c 3d")))
    _, (stands,) = _told(drawn, pl.WrongNumberAsked(seat=1, served_as_asked=False))
    assert stands.law == 44


def test_law_10_a_redeal_after_a_faced_card_cites_law_10_not_8() -> None:
    start = _game(FOUR, (100,) * 4)
    _, (misdeal, redeal) = _told(start, pl.FacedCard(seat=2), pl.Redeal(seat=0))
    assert misdeal.law == 10
    assert redeal.law == 10
    assert 8 not in _cited(redeal)
    assert _cited(redeal) <= _ruled(redeal)


def test_law_12_a_redeal_after_a_hand_of_the_wrong_size_cites_law_12_not_8() -> None:
    start = _game(FOUR, (100,) * 4)
    _, (misdeal, redeal) = _told(start, pl.WrongHandSize(seat=2), pl.Redeal(seat=0))
    assert misdeal.law == 12
    assert redeal.law == 12


def test_law_8_a_redeal_after_an_uncut_pack_cites_law_8() -> None:
    start = _game(FOUR, (100,) * 4)
    _, (_, redeal) = _told(start, pl.MissingCut(seat=2, during_deal=True), pl.Redeal(seat=0))
    assert redeal.law == 8


def _called_two_hand_show() -> pl.GameState:
    """Two hands at the show, both pat and called: seat 1's three aces beat seat 2's kings."""
    hands = {1: "As Ad Ac 2d 3h", 2: "Ks Kd 4c 5s 9h", 3: "Qs Qd 6c 7s 8h", 0: "Js Jd Tc 8s 2c"}
    state = play(
        _game(hands, (100,) * 4),
        Stake(seat=2, amount=10),
        Pass(seat=3),
        Pass(seat=0),
        Stake(seat=1, amount=5),
        Discard(seat=1, cards=()),
        Discard(seat=2, cards=()),
        Stand(seat=2),
        Stake(seat=1, amount=5),
        Stake(seat=2, amount=5),
    )
    assert state.winners == (1,)
    assert state.show_order == (1, 2)
    return state


def test_law_64_a_hand_found_foul_at_the_show_is_told_as_law_64_with_its_refund() -> None:
    """The winner's pat hand is found foul (Law 64, not Law 12's misdeal); as a hand foul
    as dealt the dealer refunds his ante (Law 14, Ambiguity 17)."""
    after, (found, _) = _told(_called_two_hand_show(), pl.WrongHandSize(seat=1))
    assert after.winners == (2,)
    assert found.law == 64
    assert 12 not in _cited(found)
    assert "(Law 14)" in found.says
    assert pl.Ruling(14, "refund", (0, 1), 5) in found.rulings
    assert _cited(found) <= _ruled(found)


def test_law_64_after_a_foul_at_a_called_two_hand_show_the_end_is_no_uncalled_bet() -> None:
    """The pool goes to the other hand shown: the end says so, not that nobody called
    (Law 58)."""
    _, (_, end) = _told(_called_two_hand_show(), pl.WrongHandSize(seat=1))
    assert "nobody called" not in end.says
    assert 58 not in _cited(end)
    assert "seat 2 takes 30 with the best hand" in end.says
    assert "(Law 64)" in end.says
    assert _cited(end) <= _ruled(end)


def _jackpot(jackpot_round: int, hands: Mapping[int, str]) -> pl.GameState:
    deck = deck_for(hands, n=4, dealer=0)
    return pl.new_game(
        RULES, (100,) * 4, dealer=0, deck=deck, carried=20, jackpot_round=jackpot_round
    )


def test_law_31_the_second_jackpot_begins_and_opens_under_law_31() -> None:
    start = _jackpot(2, {2: "Qs Qd 4c 5s 9h"})
    assert first_step(start).law == 31
    _, (opening,) = _told(start, Stake(seat=2, amount=10))
    assert opening.law == 31


def test_law_32_the_third_jackpot_begins_and_opens_under_law_32() -> None:
    start = _jackpot(3, {2: "Ks Kd 4c 5s 9h"})
    assert first_step(start).law == 32
    _, (opening,) = _told(start, Stake(seat=2, amount=10))
    assert opening.law == 32


def test_law_32_the_fourth_jackpot_on_knaves_again_is_still_law_32_not_30() -> None:
    start = _jackpot(4, {2: "Js Jd 4c 5s 9h"})
    assert start.openers_required is pl.Rank.JACK
    assert first_step(start).law == 32
    _, (opening,) = _told(start, Stake(seat=2, amount=10))
    assert opening.law == 32


def test_law_30_the_first_jackpot_begins_and_opens_under_law_30() -> None:
    start = _jackpot(1, {2: "Js Jd 4c 5s 9h"})
    assert first_step(start).law == 30
    _, (opening,) = _told(start, Stake(seat=2, amount=10))
    assert opening.law == 30


def test_the_rulings_of_a_history_no_game_could_have_are_refused() -> None:
    """Rulings are made by playing the history again from the game's start (Law 53: no
    stand in the say), so a state built with an impossible history has none to give."""
    start = _game(FOUR, (100,) * 4)
    built = start.evolve(history=History([Stand(seat=2)]))
    with pytest.raises(ValueError, match="does not replay"):
        _ = built.rulings


def test_the_rulings_are_one_group_per_event_and_survive_a_pickle() -> None:
    state, _ = _short_all_in()
    assert len(state.rulings) == len(state.history)
    assert state.rulings.start[0] == pl.Ruling(20, "ante", (1,), 5)
    assert pickle.loads(pickle.dumps(state)).rulings == state.rulings


def test_law_14_a_payer_the_refund_retires_is_ruled_after_the_refund_that_broke_him() -> None:
    """The dealer, with 5 chips and nothing staked, refunds a lifted hand found foul as dealt
    its ante (Laws 13-14) and retires broke: the refund is ruled before what it caused, and
    the narration tells them in that order (Ambiguity 17)."""
    opened = play(_game(FOUR, (5, 100, 100, 100)), Stake(seat=2, amount=10))
    lifted = _then(opened, pl.Lift(seat=1))
    after, (fouled,) = _told(lifted, pl.WrongHandSize(seat=1))
    assert after.players == (2, 3)
    assert after.rulings[-1] == (
        pl.Ruling(13, "foul", (1,)),
        pl.Ruling(14, "refund", (0, 1), 5),
        pl.Ruling(14, "retires broke", (0,)),
    )
    assert fouled.says.index("refunds 5") < fouled.says.index("left without a chip")


def test_law_77_a_dispute_the_dealer_settles_is_ruled_law_77_and_78_one_he_is_party_to() -> None:
    start = _game(FOUR, (100,) * 4)
    _, (settled_by_dealer, by_his_left) = _told(
        start, pl.Dispute(seat=2, parties=(2, 3)), pl.Dispute(seat=2, parties=(2, 0))
    )
    assert settled_by_dealer.law == 77
    assert by_his_left.law == 78


# Each report's remedy as the law module that decides it notes it, before the steps the
# remedy sets off; the seats are those of FOUR's game, dealer 0.
_DEALT = _game(FOUR, (100,) * 4)
_DRAWN = play(_opened(), Discard(seat=1, cards=pl.parse_cards("2c 3d")))
_ASKED = pl.WrongNumberAsked
_NOTED: list[tuple[pl.GameState, pl.Report, pl.Ruling]] = [
    (_DEALT, pl.MissingCut(seat=2, during_deal=True), pl.Ruling(8, "misdeal", (2,))),
    (_opened(), pl.MissingCut(seat=2, during_deal=False), pl.Ruling(9, "deal stands", (2,))),
    (_DEALT, pl.FacedCard(seat=3), pl.Ruling(10, "misdeal", (3,))),
    (_DEALT, pl.ExposedCard(seat=3, card=_DEALT.hands[3][0]), pl.Ruling(11, "exposed card", (3,))),
    (_DEALT, pl.WrongHandSize(seat=2), pl.Ruling(12, "misdeal", (2,))),
    (_DEALT, pl.Lift(seat=2), pl.Ruling(13, "lift", (2,))),
    (_then(_DEALT, pl.Lift(seat=2)), pl.WrongHandSize(seat=2), pl.Ruling(13, "foul", (2,))),
    (_DEALT, pl.Distraction(seat=2), pl.Ruling(16, "distraction", (2,))),
    (_DRAWN, pl.WrongHandSize(seat=1), pl.Ruling(42, "hand corrected", (1,))),
    (_DRAWN, _ASKED(seat=1, served_as_asked=False), pl.Ruling(44, "wrong number", (1,))),
    (_DRAWN, _ASKED(seat=1, served_as_asked=True), pl.Ruling(45, "foul", (1,))),
    (_DRAWN, pl.Lift(seat=1), pl.Ruling(48, "lift", (1,))),
    (_then(_DRAWN, pl.Lift(seat=1)), pl.WrongHandSize(seat=1), pl.Ruling(48, "foul", (1,))),
    (_DEALT, pl.Dispute(seat=2, parties=(2, 3)), pl.Ruling(77, "dispute", (2, 3))),
    (_DEALT, pl.Dispute(seat=2, parties=(2, 0)), pl.Ruling(78, "dispute", (0, 2))),
]


@pytest.mark.parametrize(("before", "report", "ruling"), _NOTED)
def test_each_reports_remedy_is_noted_by_the_law_module_that_decides_it(
    before: pl.GameState, report: pl.Report, ruling: pl.Ruling
) -> None:
    after = pl.apply_or_raise(before, report)
    assert notes(after, noted_count(before))[0] == ruling
    assert after.rulings[-1][0] == ruling


def test_law_12_the_redeal_of_a_misdeal_called_after_refunds_ended_the_deal_is_law_12() -> None:
    """A jack-pot whose refunds ended it in the deal (the dealer retired broke) is misdealt
    by a hand of the wrong size never lifted: the misdeal and its redeal are Law 12's, noted
    where misdeal.py calls and deals them (Ambiguity 17)."""
    deck = deck_for({}, n=4, dealer=0)
    state = pl.new_game(RULES, (15, 100, 100, 100), dealer=0, deck=deck, jackpot_round=1)
    for seat in (1, 2):
        state = _then(state, pl.Lift(seat=seat), pl.WrongHandSize(seat=seat))
    assert state.phase is pl.Phase.OVER
    after, (misdeal, redeal) = _told(state, pl.WrongHandSize(seat=3), pl.Redeal(seat=0))
    assert misdeal.rulings[0] == pl.Ruling(12, "misdeal", (3,))
    assert redeal.rulings[0] == pl.Ruling(12, "redeal", (0,))
    assert after.rulings == game_rulings(after)
