"""Observation fields at the moments where a one-line change to ``agents/observation.py``
once went unnoticed: the cards owed at the Law 41 shortage and the seats that have not
drawn yet. Each game is replayed to the moment it checks."""

from __future__ import annotations

import pokerlaws as pl
from pokerlaws.agents import OBSERVATION_FIELDS, observation
from tests.laws._tables import RULES, play


def _read(state: pl.GameState, seat: int) -> dict[str, int]:
    return dict(zip(OBSERVATION_FIELDS, observation(pl.view(state, seat)), strict=True))


def _mid_draw() -> pl.GameState:
    """Ten seats, dealer 0, everyone in: seat 1 asks three of a stock of two and is owed one
    (Law 41); seat 2 stands pat, seat 3 asks two and is owed two; seats 4 to 0 have not
    drawn yet."""
    state = pl.new_game(RULES, (100,) * 10, dealer=0, deck=pl.shuffled_deck(77))
    state = play(state, pl.Stake(seat=2, amount=10))
    for seat in (*range(3, 10), 0, 1):
        state = play(state, pl.Stake(seat=seat, amount=5 if seat == 1 else 10))
    return play(
        state,
        pl.Discard(seat=1, cards=state.hands[1][:3]),
        pl.Discard(seat=2, cards=()),
        pl.Discard(seat=3, cards=state.hands[3][:2]),
    )


def test_law_41_owed_to_me_is_the_observer_s_own_cards_still_owed() -> None:
    """Law 41: each observer reads how many cards the stock still owes him: seat 1 one,
    seat 3 two, seat 2 (served in full) none; the hand of an owed seat holds only what he
    was given, the rest of its places -1."""
    state = _mid_draw()
    assert state.owed == ((1, 1), (3, 2))
    assert _read(state, 1)["owed_to_me"] == 1
    assert _read(state, 3)["owed_to_me"] == 2
    assert _read(state, 2)["owed_to_me"] == 0
    three = _read(state, 3)
    assert [three[f"hand_{k}"] for k in range(3, 5)] == [-1, -1]


def test_law_38_exchanged_is_minus_one_for_a_seat_that_has_not_drawn_yet() -> None:
    """Law 38: in the draw, each seat's ``exchanged`` place holds the cards it exchanged (0
    for standing pat), and -1 for a seat whose turn to draw has not come; places are counted
    from the observer, his left-hand neighbour at place 1."""
    seen = _read(_mid_draw(), 2)
    # Places from seat 2: seat 2 at 0, seat 3 at 1, ... seat 0 at 8, seat 1 at 9.
    assert seen["exchanged_0"] == 0
    assert seen["exchanged_1"] == 2
    assert seen["exchanged_9"] == 3
    assert [seen[f"exchanged_{place}"] for place in range(2, 9)] == [-1] * 7
