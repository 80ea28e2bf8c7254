"""Irregularities reported by the table and the laws' remedies: Laws 7-16, 40, 42-51,
63-64 and 77-80 (Ambiguities 17, 18, 20).

Table: ``RULES`` (ante 5, limit 15, no straddle), four seats of 100, dealer 0; so seat 1 is
the ante, the say goes 2, 3, 0, 1, the draw 1, 2, 3, 0 and the betting 2, 3, 0, 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

import pokerlaws as pl
from pokerlaws import Discard, Lift, Pass, Stake, Stand
from tests.laws._tables import (
    RULES,
    STRADDLE_RULES,
    all_cards,
    chips,
    deck_for,
    play,
    refused,
    snapshot,
)

STACKS = (100,) * 4


def _game(
    hands: Mapping[int, str] | None = None,
    *,
    draw: str = "",
    stacks: Sequence[int] = STACKS,
    rules: pl.Rules = RULES,
) -> pl.GameState:
    deck = deck_for(hands or {}, n=4, dealer=0, draw=draw)
    return pl.new_game(rules, stacks, dealer=0, deck=deck)


def report(state: pl.GameState, *reports: pl.Report) -> pl.GameState:
    """Apply ``reports`` in order, each listed by ``reportable``, leaving its input alone
    and conserving the chips and the pack."""
    for event in reports:
        assert event in pl.reportable(state), f"{event} is not reportable now"
        before, total, cards = snapshot(state), chips(state), all_cards(state)
        after = pl.apply_or_raise(state, event)
        assert snapshot(state) == before
        assert chips(after) == total, f"{event} changed the chips at the table"
        assert all_cards(after) == cards, f"{event} changed the pack"
        assert after.history[-1] == event
        state = after
    return state


def refused_report(
    state: pl.GameState, event: pl.Report, kind: type[pl.RuleViolation], law: int
) -> pl.RuleViolation:
    assert event not in pl.reportable(state)
    return refused(state, event, kind, law)


def _opened(state: pl.GameState) -> pl.GameState:
    """Everyone stays in: seat 2 opens for 10, 3 and 0 call, the ante makes it good."""
    return play(
        state,
        Stake(seat=2, amount=10),
        Stake(seat=3, amount=10),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=5),
    )


def _drawn(state: pl.GameState, counts: Mapping[int, int]) -> pl.GameState:
    """Each player in draw order throws his first ``counts[seat]`` cards (0: pat)."""
    for seat in (1, 2, 3, 0):
        if state.phase is pl.Phase.DRAW and state.to_act == seat:
            thrown = state.hands[seat][: counts.get(seat, 0)]
            state = play(state, Discard(seat=seat, cards=thrown))
    return state


# --- The deal: Laws 7-11 ------------------------------------------------------------------


def test_law_7_the_deck_is_dealt_in_its_given_order_from_the_dealers_left() -> None:
    state = _game({1: "As Ks Qs Js Ts"})
    assert state.hands[1] == pl.parse_cards("As Ks Qs Js Ts")
    assert pl.record(state).deck[0] == pl.parse_cards("As")[0]


def test_law_8_an_uncut_pack_objected_to_during_the_deal_is_dealt_again() -> None:
    state = _game()
    misdealt = report(state, pl.MissingCut(seat=3, during_deal=True))
    assert misdealt.phase is pl.Phase.MISDEAL
    assert misdealt.to_act == 0
    assert pl.legal_actions(misdealt) == (pl.Redeal(seat=0),)
    # Ambiguity 17: the ante stands for the redeal; nobody stakes again.
    assert misdealt.pool == 5
    assert misdealt.stacks == (100, 95, 100, 100)
    fresh = pl.shuffled_deck(7)
    again = pl.apply_or_raise(misdealt, pl.Redeal(seat=0, deck=fresh))
    assert again.phase is pl.Phase.SAY
    assert again.to_act == 2
    assert again.hands[1] == fresh[0:20:4]  # Law 7 from the new deck, seat 1 first
    assert again.pool == 5
    assert again.stacks == (100, 95, 100, 100)
    assert pl.record(again).deck == state.deck  # the record keeps the game's first pack


def test_law_8_the_redeal_is_the_same_dealers_and_from_the_whole_pack() -> None:
    misdealt = report(_game(), pl.MissingCut(seat=3, during_deal=True))
    refused(misdealt, pl.Redeal(seat=1), pl.NotYourTurn, 8)
    refused(misdealt, pl.Redeal(seat=0, deck=pl.standard_deck()[:51]), pl.WrongDeck, 1)
    refused(misdealt, Stake(seat=2, amount=10), pl.WrongPhase, 25)
    # Left to the engine, the new order is recorded, and it is not the old one.
    again = play(misdealt, pl.Redeal(seat=0))
    used = again.history[-1]
    assert isinstance(used, pl.Redeal)
    assert used.deck is not None
    assert sorted(map(str, used.deck)) == sorted(map(str, misdealt.deck))
    assert used.deck != misdealt.deck
    assert pl.replay(pl.record(again)) == again


def test_law_8_a_misdeal_after_says_gives_back_what_was_staked_on_the_dealt_cards() -> None:
    said = play(_game(), Stake(seat=2, amount=10), Stake(seat=3, amount=12))
    # Seat 0 has not touched his cards: his wrong count is a misdeal (Law 12).
    misdealt = report(said, pl.WrongHandSize(seat=0))
    assert misdealt.phase is pl.Phase.MISDEAL
    assert misdealt.stacks == (100, 95, 100, 100)
    assert misdealt.pool == 5
    assert misdealt.opener is None
    again = pl.apply_or_raise(misdealt, pl.Redeal(seat=0, deck=pl.shuffled_deck(3)))
    assert again.players == (0, 1, 2, 3)
    assert again.to_act == 2


def test_law_9_an_uncut_pack_objected_to_after_the_deal_stands() -> None:
    said = play(_game(), Stake(seat=2, amount=10))
    refused_report(said, pl.MissingCut(seat=3, during_deal=True), pl.NotAtThisMoment, 9)
    late = report(said, pl.MissingCut(seat=3, during_deal=False))
    assert late.phase is pl.Phase.SAY
    assert late.hands == said.hands
    assert late.stacks == said.stacks
    assert late.to_act == said.to_act


def test_law_10_a_card_face_up_in_the_pack_during_the_deal_is_a_misdeal() -> None:
    assert report(_game(), pl.FacedCard(seat=2)).phase is pl.Phase.MISDEAL
    said = play(_game(), Pass(seat=2))
    refused_report(said, pl.FacedCard(seat=2), pl.NotAtThisMoment, 10)


def test_law_11_a_card_exposed_in_dealing_stays_and_everyone_sees_it() -> None:
    state = _game({3: "Kh Kd 4c 5s 9h"})
    king = pl.parse_cards("Kh")[0]
    exposed = report(state, pl.ExposedCard(seat=3, card=king))
    assert exposed.hands == state.hands
    assert exposed.phase is pl.Phase.SAY
    for seat in range(4):
        assert pl.ExposedCard(seat=3, card=king) in pl.view(exposed, seat).history
    refused_report(exposed, pl.ExposedCard(seat=3, card=king), pl.CardNotThere, 11)
    refused_report(state, pl.ExposedCard(seat=2, card=king), pl.CardNotThere, 11)  # not his card
    # He may throw it only at the draw (Law 11), as any card.
    drawn = _drawn(_opened(exposed), {3: 1})
    assert king not in drawn.hands[3]


# --- Wrong sizes dealt, refunds and distractions: Laws 12-16 -------------------------------


def test_law_12_a_wrong_size_reported_before_lifting_is_a_misdeal() -> None:
    assert report(_game(), pl.WrongHandSize(seat=3)).phase is pl.Phase.MISDEAL


def test_law_13_a_wrong_size_found_after_lifting_is_foul_and_loses_the_stake() -> None:
    said = play(_game(), Stake(seat=2, amount=10))
    # Seat 2 lifted his cards by acting: his hand is foul, his 10 stay in the pool.
    fouled = report(said, pl.WrongHandSize(seat=2))
    assert fouled.foul == frozenset({2})
    assert 2 not in fouled.players
    assert fouled.pool == said.pool
    assert fouled.to_act == 3
    assert fouled.stacks == said.stacks  # neither ante nor straddler: no refund (Law 14)
    assert 2 in pl.view(fouled, 0).foul


def test_law_13_a_foul_hand_at_his_turn_retires_as_a_pass_would() -> None:
    state = report(_game(), Lift(seat=2))
    fouled = report(state, pl.WrongHandSize(seat=2))
    assert fouled.to_act == 3
    assert fouled.players == (0, 1, 3)
    refused(fouled, Stake(seat=2, amount=10), pl.NotAPlayer, 27)


def test_law_14_the_dealer_refunds_the_ante_of_a_foul_hand_dealt() -> None:
    lifted = report(_game(), Lift(seat=1))
    fouled = report(lifted, pl.WrongHandSize(seat=1))
    assert fouled.foul == frozenset({1})
    assert fouled.stacks == (95, 100, 100, 100)  # the dealer pays the ante back
    assert fouled.pool == 5  # the stake itself stays in the pool


def test_law_14_a_straddler_is_refunded_his_straddle() -> None:
    deck = deck_for({}, n=4, dealer=0)
    state = pl.new_game(STRADDLE_RULES, STACKS, dealer=0, deck=deck)
    state = play(
        state, pl.Straddle(seat=2), pl.DeclineStraddle(seat=3), pl.DeclineStraddle(seat=0)
    )
    assert state.phase is pl.Phase.SAY
    fouled = report(state, Lift(seat=2), pl.WrongHandSize(seat=2))
    assert fouled.stacks == (96, 98, 100, 100)  # the dealer pays seat 2 his straddle of 4


def test_law_16_a_player_who_distracted_the_dealer_pays_the_refund() -> None:
    state = report(_game(), pl.Distraction(seat=3))
    fouled = report(state, Lift(seat=1), pl.WrongHandSize(seat=1))
    assert fouled.stacks == (100, 100, 100, 95)


def test_law_16_of_two_distracters_the_first_reported_pays() -> None:
    """Law 16 (Ambiguity 17): the first player reported distracting the dealer pays the refund."""
    state = report(_game(), pl.Distraction(seat=3), pl.Distraction(seat=2))
    fouled = report(state, Lift(seat=1), pl.WrongHandSize(seat=1))
    assert fouled.foul == frozenset({1})
    # Seat 3 pays the ante his 5; seat 2, who spoke second, and the dealer pay nothing.
    assert fouled.stacks == (100, 100, 100, 95)
    assert fouled.pool == 5


def test_law_16_the_first_distracter_pays_what_he_has_and_plays_on_all_in() -> None:
    """Law 16 (Ambiguity 17): the first distracter pays what he has, all of it if less."""
    # The second distracter pays nothing; the first, having staked, plays on all in and is
    # settled by Law 60 for what he staked.
    hands = {3: "As Ah Ad Ac 2c", 2: "Ks Kh Kd 3c 3d", 0: "2h 5h 8h Th Qh"}
    state = report(_game(hands, stacks=(100, 100, 100, 13)), pl.Distraction(seat=3))
    state = report(state, pl.Distraction(seat=2))
    said = play(
        state, Stake(seat=2, amount=10), Stake(seat=3, amount=10), Stake(seat=0, amount=10)
    )
    assert said.stacks == (90, 95, 90, 3)
    # The ante lifts his hand before his say and finds six cards: foul (Law 13). Seat 3
    # owes him his ante, 5, and has only 3.
    fouled = report(said, Lift(seat=1), pl.WrongHandSize(seat=1))
    assert fouled.stacks == (90, 98, 90, 0)
    assert fouled.all_in == frozenset({3})
    assert fouled.players == (0, 2, 3)
    assert fouled.phase is pl.Phase.DRAW
    state = _drawn(fouled, {})
    over = play(state, Stand(seat=2), Stake(seat=0, amount=5), Stake(seat=2, amount=5))
    assert over.phase is pl.Phase.OVER
    # Seat 3's fours, short at 10 of 15, take the ante's 5 and 10 from each of the three
    # (35); seat 2's full beats seat 0's flush for the other 10.
    assert over.payouts == (0, 0, 10, 35)
    assert over.stacks == (85, 98, 95, 35)


def test_law_16_a_distraction_counts_only_in_the_deal_it_interrupted() -> None:
    """Law 16: a distracter pays only for foul hands of the deal he disturbed."""
    state = report(_game(), pl.Distraction(seat=3), pl.FacedCard(seat=0))
    assert state.phase is pl.Phase.MISDEAL
    # The redeal is a new deal: its own first distracter pays, or else the dealer.
    redealt = pl.apply_or_raise(state, pl.Redeal(seat=0, deck=deck_for({}, n=4, dealer=0)))
    fouled = report(redealt, Lift(seat=1), pl.WrongHandSize(seat=1))
    assert fouled.stacks == (95, 100, 100, 100)  # the dealer pays: nobody distracted him
    again = report(redealt, pl.Distraction(seat=2), Lift(seat=1), pl.WrongHandSize(seat=1))
    assert again.stacks == (100, 100, 95, 100)  # seat 2, not seat 3 of the void deal


def test_law_15_a_distraction_is_recorded_only_during_the_deal_and_not_by_the_dealer() -> None:
    state = _game()
    refused_report(state, pl.Distraction(seat=0), pl.NotAtThisMoment, 16)
    said = play(state, Pass(seat=2))
    refused_report(said, pl.Distraction(seat=3), pl.NotAtThisMoment, 16)


# --- The draw: Laws 40, 42-48 --------------------------------------------------------------


def test_law_40_a_card_exposed_in_serving_goes_under_the_stock_and_the_next_is_served() -> None:
    state = _opened(_game({1: "2c 3d 4h 8s 9c"}, draw="Kh Qd Jc"))
    drawn = play(state, Discard(seat=1, cards=pl.parse_cards("2c 3d")))
    king, queen, knave = pl.parse_cards("Kh Qd Jc")
    assert drawn.hands[1][-2:] == (king, queen)
    exposed = report(drawn, pl.ExposedCard(seat=1, card=king))
    assert exposed.hands[1][-2:] == (knave, queen)
    assert exposed.stock[-1] == king  # Ambiguity 18: the bottom of the stock
    # Too late once the next player has drawn, or for a card not just served.
    refused_report(exposed, pl.ExposedCard(seat=1, card=king), pl.CardNotThere, 40)
    later = play(exposed, Discard(seat=2, cards=()))
    refused_report(later, pl.ExposedCard(seat=1, card=queen), pl.NotAtThisMoment, 40)


def test_law_42_a_wrong_size_noticed_before_lifting_the_draw_is_corrected() -> None:
    drawn = play(_opened(_game()), Discard(seat=1, cards=_game().hands[1][:2]))
    corrected = report(drawn, pl.WrongHandSize(seat=1))
    assert corrected.players == drawn.players
    assert corrected.hands == drawn.hands
    assert corrected.foul == frozenset()


def test_law_43_too_few_noticed_before_lifting_leaves_the_hand_made_up() -> None:
    drawn = play(_opened(_game()), Discard(seat=1, cards=_game().hands[1][:3]))
    assert report(drawn, pl.WrongHandSize(seat=1)).hands[1] == drawn.hands[1]


def test_law_48_a_wrong_size_found_after_lifting_the_draw_is_foul_without_refund() -> None:
    drawn = play(_opened(_game()), Discard(seat=1, cards=_game().hands[1][:2]))
    fouled = report(drawn, Lift(seat=1), pl.WrongHandSize(seat=1))
    assert fouled.foul == frozenset({1})
    assert fouled.stacks == drawn.stacks  # Ambiguity 17: no refund for a foul draw


def test_law_44_a_wrong_request_served_as_discarded_stands() -> None:
    drawn = play(_opened(_game()), Discard(seat=1, cards=_game().hands[1][:2]))
    stands = report(drawn, pl.WrongNumberAsked(seat=1, served_as_asked=False))
    assert stands.players == drawn.players
    assert stands.hands == drawn.hands
    refused_report(
        _opened(_game()),
        pl.WrongNumberAsked(seat=1, served_as_asked=False),
        pl.NotAtThisMoment,
        44,
    )


def test_law_45_a_wrong_request_served_as_asked_is_foul_lifted_or_not() -> None:
    drawn = play(_opened(_game()), Discard(seat=1, cards=_game().hands[1][:2]))
    fouled = report(drawn, pl.WrongNumberAsked(seat=1, served_as_asked=True))
    assert fouled.foul == frozenset({1})
    assert fouled.stacks == drawn.stacks


def _ten_seats() -> pl.GameState:
    """Ten seats of 100, dealer 0, so two cards are left in the stock after the deal: seat 2
    opens, seat 3 calls, the rest pass and the ante makes good; the draw goes 1, 2, 3."""
    state = pl.new_game(RULES, (100,) * 10, dealer=0, deck=pl.standard_deck())
    state = play(state, Stake(seat=2, amount=10), Stake(seat=3, amount=10))
    state = play(state, *(Pass(seat=seat) for seat in (4, 5, 6, 7, 8, 9, 0)))
    state = play(state, Stake(seat=1, amount=5))
    assert state.phase is pl.Phase.DRAW
    assert len(state.stock) == 2
    return state


def test_law_40_the_stocks_last_card_exposed_leaves_him_owed_a_card() -> None:
    """Law 40: the exposed card is not given him; when it was the stock's last he is owed a
    card, served after the dealer's Law 41 shuffle, passed over the exposed card there
    (Ambiguity 18)."""
    state = _ten_seats()
    thrown = state.hands[1][:2]
    drawn = play(state, Discard(seat=1, cards=thrown))
    assert drawn.stock == ()
    assert drawn.owed == ()
    last = drawn.hands[1][-1]
    exposed = report(drawn, pl.ExposedCard(seat=1, card=last))
    assert last not in exposed.hands[1]
    assert len(exposed.hands[1]) == 4
    assert exposed.owed == ((1, 1),)
    assert last in exposed.discards  # the dealer will gather it with the discards
    # Every later player is owed what he discards; then the dealer shuffles.
    later = play(exposed, Discard(seat=2, cards=exposed.hands[2][:1]), Discard(seat=3, cards=()))
    assert later.owed == ((1, 1), (2, 1))
    assert later.to_act == 0
    pile = (last, *thrown, later.discards[-1])
    served = pl.apply_or_raise(later, pl.Shuffle(seat=0, order=pile))
    # Seat 1 passes over the exposed card and his own discards, and takes seat 2's.
    assert served.hands[1][-1] == later.discards[-1]
    assert served.hands[2][-1] == last
    assert served.phase is pl.Phase.BETTING


def test_law_40_the_last_drawer_exposed_the_stocks_last_card_and_the_dealer_shuffles() -> None:
    """Law 40: the last to draw, his last card exposed with the stock empty, is owed a card:
    the betting waits for the dealer's Law 41 shuffle (Ambiguity 18)."""
    state = _ten_seats()
    state = play(state, Discard(seat=1, cards=()), Discard(seat=2, cards=()))
    drawn = play(state, Discard(seat=3, cards=state.hands[3][:2]))
    assert drawn.phase is pl.Phase.BETTING
    exposed = report(drawn, pl.ExposedCard(seat=3, card=drawn.hands[3][-1]))
    assert exposed.phase is pl.Phase.DRAW
    assert exposed.to_act == 0
    assert exposed.owed == ((3, 1),)
    assert exposed.stakes == drawn.staked
    assert pl.legal_actions(exposed) == (pl.Shuffle(seat=0),)
    served = play(exposed, pl.Shuffle(seat=0))
    assert served.phase is pl.Phase.BETTING
    assert len(served.hands[3]) == 5
    assert drawn.hands[3][-1] not in served.hands[3]


def test_law_40_after_the_shuffle_only_a_card_from_the_shuffled_pile_is_exposed() -> None:
    """Law 40: after the dealer's Law 41 shuffle, the cards a player had from the stock
    before it were served then and their moment has passed; a card served him from the
    shuffled pile can still be exposed, and is replaced from the pile (Ambiguity 18)."""
    state = _ten_seats()
    short = play(state, Discard(seat=1, cards=state.hands[1][:3]))
    from_stock = short.hands[1][2:]
    assert len(from_stock) == 2
    assert short.owed == ((1, 1),)
    waiting = play(short, Discard(seat=2, cards=short.hands[2][:1]), Discard(seat=3, cards=()))
    served = play(waiting, pl.Shuffle(seat=0))
    from_pile = served.hands[1][-1]
    assert from_pile not in from_stock
    shuffle = served.history[-1]
    assert isinstance(shuffle, pl.Shuffle)
    assert shuffle.order is not None
    assert from_pile in shuffle.order
    for card in from_stock:
        assert card in served.hands[1]
        violation = refused_report(served, pl.ExposedCard(seat=1, card=card), pl.CardNotThere, 40)
        assert "after the dealer's Law 41 shuffle" in violation.message
        # The refusal says nothing of where the card is: it reads as for a card he lacks.
        stranger = next(c for c in pl.standard_deck() if c not in served.hands[1])
        other = refused_report(served, pl.ExposedCard(seat=1, card=stranger), pl.CardNotThere, 40)
        assert other.message == violation.message.replace(str(card), str(stranger))
    exposed = report(served, pl.ExposedCard(seat=1, card=from_pile))
    assert from_pile not in exposed.hands[1]
    assert exposed.stock[-1] == from_pile
    assert exposed.hands[1][:4] == served.hands[1][:4]


def test_law_45_is_refused_for_a_player_still_owed_cards() -> None:
    """Law 45: only a player who was served can have been served as he asked; one still
    owed cards under Law 41 was not (Ambiguity 18)."""
    state = _ten_seats()
    owed = play(state, Discard(seat=1, cards=state.hands[1][:3]))
    assert owed.owed == ((1, 1),)
    refused_report(owed, pl.WrongNumberAsked(seat=1, served_as_asked=True), pl.NotAtThisMoment, 45)


def test_law_45_is_refused_after_a_law_44_report_on_the_same_draw() -> None:
    """Law 45: a draw reported served as discarded (Law 44) cannot also be reported served
    as asked; the first report stands (Ambiguity 18)."""
    drawn = play(_opened(_game()), Discard(seat=1, cards=_game().hands[1][:2]))
    stands = report(drawn, pl.WrongNumberAsked(seat=1, served_as_asked=False))
    refused_report(
        stands, pl.WrongNumberAsked(seat=1, served_as_asked=True), pl.NotAtThisMoment, 45
    )
    assert 1 in stands.players


def test_law_47_the_dealer_drawing_the_wrong_number_is_foul_and_still_serves() -> None:
    drawn = _drawn(_opened(_game()), {1: 1, 2: 1, 3: 1, 0: 2})
    assert drawn.phase is pl.Phase.BETTING
    refused_report(
        drawn, pl.WrongNumberAsked(seat=0, served_as_asked=False), pl.NotAtThisMoment, 47
    )
    fouled = report(drawn, pl.WrongNumberAsked(seat=0, served_as_asked=True))
    assert fouled.foul == frozenset({0})
    assert fouled.dealer == 0
    assert fouled.players == (1, 2, 3)


def test_law_63_a_player_found_betting_on_a_foul_hand_forfeits_his_stake() -> None:
    drawn = _drawn(_opened(_game()), {1: 1, 2: 1, 3: 1, 0: 1})
    bet = play(drawn, Stake(seat=2, amount=5))
    fouled = report(bet, pl.WrongHandSize(seat=2))
    assert fouled.foul == frozenset({2})
    assert fouled.pool == bet.pool
    assert fouled.stacks == bet.stacks
    # The game goes on without him: his bet need not be answered, and when the next two
    # pass the last player takes the pool, the foul hand's stake in it (Law 58).
    assert fouled.to_act == 3
    over = play(fouled, Pass(seat=3), Pass(seat=0))
    assert over.phase is pl.Phase.OVER
    assert over.winners == (1,)
    assert over.payouts[1] == bet.pool


# --- Law 64: the foul hand found at the end ----------------------------------------------


def _shown(hands: Mapping[int, str]) -> pl.GameState:
    return _show(_game(hands))


def _show(state: pl.GameState) -> pl.GameState:
    """Everyone plays 10 in the say and stands pat; then 5 each after the draw: the show."""
    state = _drawn(_opened(state), {})
    return play(
        state,
        Stand(seat=2),
        Stake(seat=3, amount=5),
        Stake(seat=0, amount=5),
        Stake(seat=1, amount=5),
        Stake(seat=2, amount=5),
    )


def test_law_64_a_foul_hand_found_at_the_show_loses_the_pool_to_the_next_best() -> None:
    hands = {1: "As Ad Ac 2d 3h", 2: "Ks Kd 4c 5s 9h", 3: "Qs Qd 6c 7s 8h", 0: "Js Jd Tc 8s 2c"}
    shown = _shown(hands)
    assert shown.winners == (1,)
    assert shown.payouts[1] == 60
    resettled = report(shown, pl.WrongHandSize(seat=1))
    assert resettled.winners == (2,)
    assert resettled.payouts == (0, 0, 60, 0)
    # The ante stood pat: his hand is the hand dealt, foul as dealt, so the dealer refunds
    # his ante of 5 after the pool is settled again (Law 14, Ambiguity 17).
    assert resettled.stacks == (80, 90, 145, 85)
    assert resettled.foul == frozenset({1})
    assert resettled.show_order == shown.show_order
    refused_report(resettled, pl.WrongHandSize(seat=1), pl.NotAPlayer, 64)


def test_law_64_with_one_other_player_left_at_the_show_he_takes_the_pool() -> None:
    """Two hands at the show: the winner's is found foul, so the one other player takes the
    whole pool, though his hand is worse."""
    hands = {3: "As Ad Ac 2d 3h", 2: "Ks Kd 4c 5s 9h", 0: "Qs Qd 6c 7s 8h", 1: "Js Jd Tc 8s 2c"}
    state = _drawn(_opened(_game(hands)), {})
    shown = play(state, Stand(seat=2), Stake(seat=3, amount=5), Pass(seat=0), Pass(seat=1))
    shown = play(shown, Stake(seat=2, amount=5))
    assert shown.show_order == (3, 2)
    assert shown.winners == (3,)
    assert shown.stacks == (90, 90, 85, 135)
    resettled = report(shown, pl.WrongHandSize(seat=3))
    assert resettled.winners == (2,)
    assert resettled.payouts == (0, 0, 50, 0)
    assert resettled.stacks == (90, 90, 135, 85)
    assert resettled.foul == frozenset({3})
    assert resettled.pool == 0


def test_no_hand_can_be_found_foul_at_the_end_after_an_uncalled_bet() -> None:
    state = _drawn(_opened(_game({3: "As Ad Ac 2d 3h"})), {})
    shown = play(
        state,
        Stand(seat=2),
        Pass(seat=3),
        Pass(seat=0),
        Pass(seat=1),
    )
    # Seat 2 alone: uncalled, nothing shown, and no foul hand can be found at a show.
    refused_report(shown, pl.WrongHandSize(seat=2), pl.NotAtThisMoment, 64)


def _jackpot(hands: Mapping[int, str], stacks: Sequence[int] = STACKS) -> pl.GameState:
    """The first jack-pot, dealt by seat 0 and dealing ``hands``: game 0, dealt by seat 3,
    nobody opened, so its ante of 5 (seat 0's) is carried."""
    first = pl.new_game(RULES, stacks, dealer=3, deck=pl.shuffled_deck(64))
    first = play(first, Pass(seat=1), Pass(seat=2), Pass(seat=3))
    assert first.phase is pl.Phase.OVER
    assert first.pool == 5
    return pl.next_game(first, deck=deck_for(hands, n=4, dealer=0))


def test_law_64_the_next_best_hand_takes_the_chips_carried_into_a_jackpot() -> None:
    """Law 64: the hand found foul at the end loses the whole pool, carried chips included."""
    hands = {1: "As Ad Ac 2d 3h", 2: "Ks Kd 4c 5s 9h", 3: "Qs Qd 6c 7s 8h", 0: "Js Jd Tc 8s 2c"}
    state = _jackpot(hands)
    assert (state.dealer, state.carried, state.pool) == (0, 5, 25)
    shown = _show(state)
    # The 5 carried, four jack-pot antes of 5, 15 a player: 80, to seat 1's threes.
    assert shown.payouts == (0, 80, 0, 0)
    resettled = report(shown, pl.WrongHandSize(seat=1))
    assert resettled.payouts == (0, 0, 80, 0)
    # Seat 1 stood pat, so his hand is the one dealt: the dealer refunds his jack-pot ante
    # of 5 after the settlement (Law 14, Ambiguity 17).
    assert resettled.stacks == (70, 90, 160, 80)
    assert resettled.pool == 0


def test_law_64_a_short_player_left_best_claims_the_carried_chips() -> None:
    """Law 64 (with Law 60): settled again without the foul hand, a short player left best
    takes his level, carried chips included as forced (Ambiguity 14)."""
    hands = {3: "As Ah Ad Ac 2c", 1: "Js Jh Jd 3c 3d", 2: "Ks Kd 4c 5s 9h", 0: "Qs Qd 6c 7s 8h"}
    state = _jackpot(hands, stacks=(100, 25, 100, 100))
    assert state.stacks == (90, 20, 95, 95)
    # Three play 10; the ante goes all in to 25 and the others make good as they draw.
    state = play(
        state,
        Stake(seat=2, amount=10),
        Stake(seat=3, amount=10),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=20),
        Discard(seat=1, cards=()),
        Stake(seat=2, amount=15),
        Discard(seat=2, cards=()),
        Stake(seat=3, amount=15),
        Discard(seat=3, cards=()),
        Stake(seat=0, amount=15),
        Discard(seat=0, cards=()),
        Stand(seat=2),
        Stake(seat=3, amount=5),  # the ante is short at 25 from here
        Stake(seat=0, amount=5),
        Stake(seat=2, amount=5),
    )
    assert state.phase is pl.Phase.OVER
    assert state.staked == (30, 25, 30, 30)
    assert state.payouts == (0, 0, 0, 135)  # seat 3's fours take every level
    resettled = report(state, pl.WrongHandSize(seat=3))
    # The ante's level: the forced 25 (5 carried, four antes) and 25 from each but him,
    # who put in 20 of his own: 120, to his full. Seat 2's kings beat queens for the 15 left.
    assert resettled.payouts == (0, 120, 15, 0)
    # Seat 3 stood pat: the dealer refunds his jack-pot ante of 5 (Law 14, Ambiguity 17).
    assert resettled.stacks == (55, 120, 80, 70)
    assert resettled.pool == 0


# --- The dealer's draw: Laws 49-51 --------------------------------------------------------


def test_law_49_a_player_who_has_drawn_may_ask_the_dealers_count_and_alone_hears_it() -> None:
    drawn = _drawn(_opened(_game()), {1: 1, 2: 3, 3: 0, 0: 2})
    asked = report(drawn, pl.AskDealerCount(seat=3))
    assert pl.view(asked, 3).told == 2
    assert pl.view(asked, 1).told is None
    assert pl.view(asked, 2).told is None
    refused_report(drawn, pl.AskDealerCount(seat=0), pl.DealerQueryRefused, 49)


def test_law_49_nobody_may_ask_before_the_dealer_has_drawn() -> None:
    state = _opened(_game())
    partly = play(state, Discard(seat=1, cards=state.hands[1][:1]), Discard(seat=2, cards=()))
    assert partly.to_act == 3
    refused_report(partly, pl.AskDealerCount(seat=1), pl.DealerQueryRefused, 49)


def test_law_50_the_question_is_lost_by_lifting_or_betting() -> None:
    drawn = _drawn(_opened(_game()), {1: 1, 2: 3, 3: 0, 0: 2})
    refused_report(
        report(drawn, Lift(seat=1)), pl.AskDealerCount(seat=1), pl.DealerQueryRefused, 50
    )
    bet = play(drawn, Stake(seat=2, amount=5))
    violation = refused_report(bet, pl.AskDealerCount(seat=2), pl.DealerQueryRefused, 50)
    assert "bet" in violation.message


def test_law_51_the_dealer_tells_only_his_own_count() -> None:
    drawn = _drawn(_opened(_game()), {1: 1, 2: 3, 3: 0, 0: 2})
    kinds = {type(event) for event in pl.reportable(drawn)}
    assert pl.AskDealerCount in kinds
    # The one question names no other player: its only field is the asker.
    assert list(pl.AskDealerCount.__attrs_attrs__) == [pl.AskDealerCount.__attrs_attrs__.seat]


# --- Lifting: Ambiguity 20 ----------------------------------------------------------------


def test_a_player_lifts_his_cards_once() -> None:
    """Ambiguity 20: a hand is lifted once, by a Lift or the first action after it arrives."""
    lifted = report(_game(), Lift(seat=3))
    refused_report(lifted, Lift(seat=3), pl.AlreadyLifted, 6)
    said = play(_game(), Stake(seat=2, amount=10))
    refused_report(said, Lift(seat=2), pl.AlreadyLifted, 6)  # his say lifted them


# --- Disputes: Laws 77-80 -----------------------------------------------------------------


def test_law_77_a_dispute_is_recorded_and_changes_nothing_else() -> None:
    state = _game()
    disputed = report(state, pl.Dispute(seat=2, parties=(2, 0)))
    assert disputed.history == (pl.Dispute(seat=2, parties=(0, 2)),)
    assert disputed.stacks == state.stacks
    assert disputed.to_act == state.to_act
    assert pl.arbiter(disputed, (0, 2)) == 1  # the dealer is a party: his left decides


def test_law_78_a_dispute_among_the_dealer_and_both_neighbours_has_no_arbiter() -> None:
    refused_report(_game(), pl.Dispute(seat=0, parties=(3, 0, 1)), pl.NoArbiter, 78)
    refused_report(_game(), pl.Dispute(seat=0, parties=(0,)), pl.NoArbiter, 77)


def test_law_79_a_dispute_stays_in_the_record() -> None:
    disputed = report(_game(), pl.Dispute(seat=2, parties=(2, 0)))
    again = pl.parse_record(pl.format_record(pl.record(disputed)))
    assert pl.replay(again) == disputed


def test_law_80_no_report_changes_the_rules_for_a_later_occasion() -> None:
    state = report(
        _game(), pl.Dispute(seat=2, parties=(2, 0)), pl.MissingCut(seat=1, during_deal=True)
    )
    state = pl.apply_or_raise(state, pl.Redeal(seat=0, deck=pl.shuffled_deck(1)))
    assert state.rules == RULES
    with pytest.raises(ValueError, match="Law 81"):
        state.evolve(rules=pl.Rules(ante=5, limit=20))


# --- Reports at the wrong moment ----------------------------------------------------------


def test_no_report_is_possible_before_the_deal_or_from_a_seat_not_at_the_table() -> None:
    deck = deck_for({}, n=4, dealer=0)
    straddling = pl.new_game(STRADDLE_RULES, STACKS, dealer=0, deck=deck)
    assert straddling.phase is pl.Phase.STRADDLE
    refused_report(straddling, Lift(seat=2), pl.NotAtThisMoment, 6)
    refused_report(straddling, pl.WrongHandSize(seat=2), pl.NotAtThisMoment, 12)
    refused_report(_game(), Lift(seat=7), pl.NoSuchSeat, 7)


def test_a_seat_sitting_out_reports_nothing_of_his_own() -> None:
    """Ambiguity 26: a seat with no chips is dealt no cards and has nothing to report; the
    refusal cites Law 18, whose reading that is."""
    deck = deck_for({}, n=4, dealer=0, sitting_out=(3,))
    out = pl.new_game(RULES, (100, 100, 100, 0), dealer=0, deck=deck)
    refused_report(out, Lift(seat=3), pl.NotAPlayer, 18)


# --- Law 55: deposits out of turn at a recording table ------------------------------------

RECORDING = pl.Rules(ante=5, limit=15, recording_table=True)


def test_law_55_strict_play_refuses_a_deposit_out_of_turn() -> None:
    state = _game()
    refused_report(state, pl.Deposit(seat=3, amount=10), pl.NotAtThisMoment, 55)
    refused(state, Stake(seat=3, amount=10), pl.NotYourTurn, 25)


def test_law_55_a_deposit_out_of_turn_stands_and_counts_at_his_turn() -> None:
    state = _game(rules=RECORDING)
    deposited = report(state, pl.Deposit(seat=3, amount=10))
    assert deposited.stacks == (100, 95, 100, 90)
    assert deposited.pool == 15
    assert deposited.stakes == state.stakes  # not yet his stake: his turn has not come
    assert deposited.to_act == 2
    said = play(deposited, Stake(seat=2, amount=12))
    # His turn: the deposit counts, so he stakes at least 10 (12 to call), or passes.
    assert pl.stake_range(said) == range(12, 28)
    assert Pass(seat=3) in pl.legal_actions(said)
    refused(said, Stake(seat=3, amount=8), pl.StakeTooSmall, 55)
    called = play(said, Stake(seat=3, amount=12))
    assert called.stacks == (100, 95, 88, 88)  # 2 more chips on top of the deposit
    assert called.stakes[3] == 12
    assert called.deposits == ()


def test_law_55_a_deposit_is_lost_by_passing() -> None:
    state = report(_game(rules=RECORDING), pl.Deposit(seat=3, amount=10))
    passed = play(state, Stake(seat=2, amount=10), Pass(seat=3))
    assert passed.stacks == (100, 95, 90, 90)
    assert passed.pool == 25
    # Lost with his hand, it stays in the pool and counts toward nothing (a misdeal would
    # give it back).
    assert passed.deposits == (0, 0, 0, 10)
    assert passed.staked[3] == 0


def test_law_55_a_deposit_is_bounded_by_what_his_turn_could_take() -> None:
    state = _game(rules=RECORDING)
    refused_report(state, pl.Deposit(seat=3, amount=26), pl.StakeOverLimit, 55)
    refused_report(state, pl.Deposit(seat=2, amount=10), pl.NotYourTurn, 55)  # he is to act
    refused_report(state, pl.Deposit(seat=3, amount=0), pl.AmountNotPositive, 56)
    # The ante's say comes last; but once seat 2 has spoken his turn in the say is over.
    said = play(state, Stake(seat=2, amount=10))
    refused_report(said, pl.Deposit(seat=2, amount=5), pl.NotYourTurn, 55)


def test_law_55_a_first_bettor_with_a_deposit_may_not_stand() -> None:
    drawn = _drawn(_opened(_game(rules=RECORDING)), {})
    assert drawn.phase is pl.Phase.BETTING
    assert drawn.to_act == 2
    deposited = report(drawn, pl.Deposit(seat=3, amount=5))
    # Seat 2 stands; seat 3 has bet 5 already, out of turn: his turn is to make it stand.
    bet = play(deposited, Stand(seat=2))
    assert Stand(seat=3) not in pl.legal_actions(bet)
    assert pl.stake_range(bet) == range(5, 16)
    refused(bet, Stand(seat=3), pl.CannotStand, 55)
    assert play(bet, Stake(seat=3, amount=5)).stakes[3] == 5


def test_law_55_a_misdeal_gives_back_a_deposit() -> None:
    state = report(_game(rules=RECORDING), pl.Deposit(seat=3, amount=10))
    misdealt = report(state, pl.FacedCard(seat=0))
    assert misdealt.stacks == (100, 95, 100, 100)
    assert misdealt.deposits == ()


def test_law_55_a_deposit_round_trips_through_the_record() -> None:
    state = play(report(_game(rules=RECORDING), pl.Deposit(seat=3, amount=10)), Pass(seat=2))
    text = pl.format_record(pl.record(state))
    assert "3 deposit 10" in text.splitlines()
    assert "rule recording_table yes" in text.splitlines()
    assert pl.replay(pl.parse_record(text)) == state
    assert pl.from_json(pl.to_json(state)) == state
