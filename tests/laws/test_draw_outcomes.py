"""What a user sees of the draw after the Law 41 shuffle: each test names one wrong outcome a
one-line change to the draw's laws once produced unnoticed (Laws 37, 40, 41; Ambiguity 18).

Table: ``RULES`` (ante 5, limit 15), ten seats, dealer 0; after the deal the stock holds two
cards, so the first drawer's request of three already runs it short.
"""

from __future__ import annotations

import pokerlaws as pl
from tests.laws._tables import RULES, all_cards, play


def _everyone_plays() -> pl.GameState:
    """Ten seats, dealer 0: No. 1 (seat 2) opens 10 and every other seat plays."""
    state = pl.new_game(RULES, (100,) * 10, dealer=0, deck=pl.shuffled_deck(77))
    state = play(state, pl.Stake(seat=2, amount=10))
    for seat in (*range(3, 10), 0, 1):
        state = play(state, pl.Stake(seat=seat, amount=5 if seat == 1 else 10))
    assert state.phase is pl.Phase.DRAW
    return state


def _discard(state: pl.GameState, seat: int, count: int) -> pl.GameState:
    assert state.to_act == seat, (state.to_act, seat)
    return play(state, pl.Discard(seat=seat, cards=state.hands[seat][:count]))


def test_law_37_after_the_law_41_shuffle_a_replacement_is_never_his_own_discard() -> None:
    """Laws 37, 40 and 41: seats 1 and 2 are owed cards and served from the shuffled
    discards, seat 1's own lying on top; seat 1 has his new card exposed in serving. He is
    served the next card in its place, passing over his own discard that lies first in the
    pile, and takes seat 2's (Ambiguity 18)."""
    state = _everyone_plays()
    one, two = state.hands[1][:3], state.hands[2][:2]
    state = _discard(_discard(state, 1, 3), 2, 2)
    for seat in (*range(3, 10), 0):
        state = _discard(state, seat, 0)
    shuffled = pl.apply_or_raise(state, pl.Shuffle(seat=0, order=(*one, *two)))
    # Seat 1 passes over his own three and takes seat 2's first; seat 2 takes two of seat
    # 1's; one of seat 1's and one of seat 2's are left.
    assert shuffled.hands[1][-1] == two[0]
    assert shuffled.stock == (one[2], two[1])
    cards = all_cards(shuffled)
    replaced = pl.apply_or_raise(shuffled, pl.ExposedCard(seat=1, card=two[0]))
    assert replaced.hands[1][-1] == two[1]
    assert one[2] not in replaced.hands[1]
    assert replaced.stock == (one[2], two[0])
    assert all_cards(replaced) == cards


def test_law_41_the_dealer_found_foul_as_he_is_to_shuffle_still_shuffles_and_serves() -> None:
    """Laws 13, 18 and 41: everyone has drawn, seat 1 is owed a card and the dealer is to
    shuffle the discards when his own pat hand is found foul. He retires from the game, yet
    the shuffle is still his, and seat 1 is served from it."""
    state = _discard(_everyone_plays(), 1, 3)
    for seat in (*range(2, 10), 0):
        state = _discard(state, seat, 0)
    assert (state.to_act, state.owed) == (0, ((1, 1),))
    cards = all_cards(state)
    fouled = pl.apply_or_raise(state, pl.WrongHandSize(seat=0))
    assert 0 not in fouled.players
    assert fouled.to_act == 0
    assert pl.legal_actions(fouled) == (pl.Shuffle(seat=0),)
    served = play(fouled, pl.Shuffle(seat=0))
    assert served.phase is pl.Phase.BETTING
    assert len(served.hands[1]) == 5
    assert all_cards(served) == cards


def test_law_41_a_hand_found_foul_as_the_dealer_is_to_shuffle_leaves_him_to_shuffle() -> None:
    """Laws 13 and 41: while the dealer is to shuffle for the owed, another player's pat
    hand is found foul; he retires, and the dealer is still the one to shuffle."""
    state = _discard(_everyone_plays(), 1, 3)
    for seat in (*range(2, 10), 0):
        state = _discard(state, seat, 0)
    fouled = pl.apply_or_raise(state, pl.WrongHandSize(seat=3))
    assert 3 not in fouled.players
    assert (fouled.to_act, fouled.pending) == (0, ())
    assert pl.legal_actions(fouled) == (pl.Shuffle(seat=0),)


def test_law_41_a_shuffle_out_of_its_time_is_refused_saying_why() -> None:
    """Law 41: the shuffle is the dealer's, once the pack has run short and everyone has
    discarded; each refusal names the reason, and who is still to discard."""
    state = _everyone_plays()
    early = pl.apply(state, pl.Shuffle(seat=0))
    assert isinstance(early, pl.ShuffleNotAllowed)
    assert early.message == (
        "Law 41: seat 0 may not shuffle the discards: that is done only at the draw, when "
        "the pack has run short and everyone has discarded"
    )
    short = _discard(state, 1, 3)
    waiting = pl.apply(short, pl.Shuffle(seat=0))
    assert isinstance(waiting, pl.RuleViolation)
    assert waiting.message == (
        "Law 41: seat 0 may not shuffle the discards yet: the pack has run short, but seats "
        "2, 3, 4, 5, 6, 7, 8, 9, 0 are still to discard first"
    )
    for seat in (*range(2, 10), 0):
        short = _discard(short, seat, 0)
    others = pl.apply(short, pl.Shuffle(seat=3))
    assert isinstance(others, pl.RuleViolation)
    assert others.message == (
        "Law 41: seat 3 may not shuffle the discards: that is the dealer's (seat 0) to do"
    )
    # At the shuffle nobody stakes (Law 36 is done with).
    assert pl.stake_range(short) == range(0)


def test_law_36_a_stake_made_good_leaves_nothing_to_stake_at_the_draw() -> None:
    """Law 36: a player whose stake is good has nothing to stake at the draw: stake_range is
    empty, and a stake is refused, saying nobody may raise at the draw."""
    state = _everyone_plays()
    assert pl.stake_range(state) == range(0)
    refused = pl.apply(state, pl.Stake(seat=1, amount=5))
    assert isinstance(refused, pl.RuleViolation)
    assert refused.message == (
        "Law 36: seat 1 has already made his stake good, and no one may raise at the draw"
    )
