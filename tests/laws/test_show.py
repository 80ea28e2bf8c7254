"""The order of the show (Law 59, Ambiguity 7).

When the stakes are level every player still in shows, in turn, beginning with the first
player still in on the left of the one who made the last stake (the caller who levelled the
bets) and going round to the left. Each test plays a game from a fixed deck and checks
``show_order`` against the exact sequence.

Five seats unless said otherwise, dealer 0: seat 1 is the ante, the say goes 2, 3, 4, 0, 1,
the draw 1, 2, 3, 4, 0 and the betting 2, 3, 4, 0, 1. Table: ``RULES`` (ante 5, limit 15).
"""

from __future__ import annotations

from collections.abc import Sequence

import pokerlaws as pl
from pokerlaws import Discard, Pass, Stake, Stand
from tests.laws._tables import RULES, deck_for, play

# Every hand different, so the show has one winner: seat 4 best, then 3, 2, 0, 1.
HANDS = {
    4: "As Ad Ac 2d 3h",
    3: "Ks Kd Kc 4s 9h",
    2: "Qs Qd 6c 7s 8h",
    0: "Js Jd Tc 8s 2c",
    1: "9s 9d 5c 4h 2h",
}


def _game(n: int = 5, stacks: Sequence[int] | None = None) -> pl.GameState:
    hands = {seat: cards for seat, cards in HANDS.items() if seat < n}
    deck = deck_for(hands, n=n, dealer=0)
    return pl.new_game(RULES, stacks or (100,) * n, dealer=0, deck=deck)


def _pat(state: pl.GameState) -> pl.GameState:
    """Every player still in stands pat, in draw order."""
    while state.phase is pl.Phase.DRAW:
        assert state.to_act is not None
        state = play(state, Discard(seat=state.to_act, cards=()))
    return state


def _everyone_in() -> pl.GameState:
    """All five play 10 in the say and stand pat: 50 in the pool, seat 2 to bet."""
    state = play(
        _game(),
        Stake(seat=2, amount=10),
        Stake(seat=3, amount=10),
        Stake(seat=4, amount=10),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=5),
    )
    state = _pat(state)
    assert state.phase is pl.Phase.BETTING
    assert state.to_act == 2
    return state


def test_law_59_the_show_begins_left_of_the_caller_and_goes_round_to_the_left() -> None:
    """Seat 4 raises and seat 3 makes the last call: the show begins with seat 4, on the
    caller's left, and goes round through the dealer to the caller, who shows last. It
    begins neither with the first bettor (2), nor on the dealer's left (1), nor with the
    caller."""
    state = play(
        _everyone_in(),
        Stake(seat=2, amount=5),
        Stake(seat=3, amount=5),
        Stake(seat=4, amount=10),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=10),
        Stake(seat=2, amount=5),
        Stake(seat=3, amount=5),
    )
    assert state.phase is pl.Phase.OVER
    assert state.last_staker == 3
    assert state.show_order == (4, 0, 1, 2, 3)
    assert state.shown == frozenset(range(5)), "everyone remaining shows"
    assert state.winners == (4,)
    # Every seat sees the hands laid down in that order.
    for seat in range(5):
        assert tuple(hand.seat for hand in pl.view(state, seat).shown) == (4, 0, 1, 2, 3)


def test_law_59_players_who_passed_in_the_betting_are_passed_over() -> None:
    """Seat 3 raises, seats 4 and 1 pass, seat 2 makes the last call: the show begins with
    seat 3 on his left, passes over seat 4 to the dealer, then passes over seat 1 to the
    caller."""
    state = play(
        _everyone_in(),
        Stake(seat=2, amount=5),
        Stake(seat=3, amount=10),
        Pass(seat=4),
        Stake(seat=0, amount=10),
        Pass(seat=1),
        Stake(seat=2, amount=5),
    )
    assert state.phase is pl.Phase.OVER
    assert state.last_staker == 2
    assert state.players == (0, 2, 3)
    assert state.show_order == (3, 0, 2)
    assert state.shown == frozenset({0, 2, 3})
    assert state.winners == (3,)


def test_law_59_the_first_to_show_need_not_sit_next_to_the_caller() -> None:
    """Seats 2 and 4 pass in the say; after the draw seat 3 bets, the dealer raises, the ante
    calls and seat 3 makes the last call. Seat 4, on the caller's left, has passed, so the
    show begins two seats on, with the dealer."""
    state = play(
        _game(),
        Pass(seat=2),
        Stake(seat=3, amount=10),
        Pass(seat=4),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=5),
    )
    state = _pat(state)
    assert state.to_act == 3
    state = play(
        state,
        Stake(seat=3, amount=5),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=10),
        Stake(seat=3, amount=5),
    )
    assert state.phase is pl.Phase.OVER
    assert state.last_staker == 3
    assert state.show_order == (0, 1, 3)
    assert state.shown == frozenset({0, 1, 3})
    assert state.winners == (3,)


def test_law_59_three_players_the_first_bettor_who_stood_shows_last() -> None:
    """Three seats (the ante 1, the say 2, 0, 1, the betting 2, 0, 1): seat 2 stands, the
    dealer bets, the ante calls and seat 2 makes the last call. The show begins on his left
    with the dealer, who bet, and ends with seat 2."""
    state = play(
        _game(n=3),
        Stake(seat=2, amount=10),
        Stake(seat=0, amount=10),
        Stake(seat=1, amount=5),
    )
    state = _pat(state)
    state = play(
        state,
        Stand(seat=2),
        Stake(seat=0, amount=5),
        Stake(seat=1, amount=5),
        Stake(seat=2, amount=5),
    )
    assert state.phase is pl.Phase.OVER
    assert state.last_staker == 2
    assert state.show_order == (0, 1, 2)
    assert state.winners == (2,)


def test_law_59_the_last_stake_may_come_before_the_draw() -> None:
    """Three seats, two of them short: seat 2 opens with all he has, the dealer calls and
    the ante calls with his last chips. Nobody is left to bet against the dealer, so the
    show follows the draw, beginning on the left of the ante, the last to stake."""
    state = play(
        _game(n=3, stacks=(100, 15, 15)),
        Stake(seat=2, amount=15),
        Stake(seat=0, amount=15),
        Stake(seat=1, amount=10),
    )
    assert state.all_in == frozenset({1, 2})
    state = _pat(state)
    assert state.phase is pl.Phase.OVER
    assert isinstance(state.history[-1], Discard), "no betting after the draw"
    assert state.last_staker == 1
    assert state.show_order == (2, 0, 1)
    assert state.shown == frozenset({0, 1, 2})
    assert state.winners == (2,)
