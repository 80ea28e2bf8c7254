"""The ids at the turns where a one-line change to ``agents/space.py`` once went unnoticed:
each test replays a game to one such turn and checks the ids against ``legal_actions``."""

from __future__ import annotations

import pokerlaws as pl
from pokerlaws.agents import ActionSpace
from pokerlaws.agents.space import STAND
from tests.agents.test_space import check_space
from tests.laws._tables import deck_for, play

RECORDING = pl.Rules(ante=5, limit=15, recording_table=True)
"""Deposits made out of turn are reported and count at the depositor's turn (Law 55)."""


def test_law_55_no_stand_id_at_a_turn_where_a_deposit_counts() -> None:
    """Laws 16 and 55: seat 2, reported distracting the dealer, is first to bet after the
    draw; seat 3 deposits 5 out of turn. The ante's pat hand is then found foul as dealt and
    its refund breaks seat 2, so the first bet, with the right to stand, falls to seat 3
    (Ambiguity 17); but his deposit counts as his stake: ``legal_actions`` offers no Stand,
    and neither does ``legal_ids``."""
    state = pl.new_game(RECORDING, (100, 100, 15, 100), dealer=0, deck=deck_for({}, n=4, dealer=0))
    state = pl.apply_or_raise(state, pl.Distraction(seat=2))
    state = play(
        state,
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=3, amount=10),
        pl.Stake(seat=0, amount=10),
        pl.Stake(seat=1, amount=5),
    )
    for seat in (1, 2, 3, 0):
        state = play(state, pl.Discard(seat=seat, cards=()))
    deposited = pl.apply_or_raise(state, pl.Deposit(seat=3, amount=5))
    fouled = pl.apply_or_raise(deposited, pl.WrongHandSize(seat=1))
    assert (fouled.phase, fouled.to_act, fouled.may_stand) == (pl.Phase.BETTING, 3, 3)
    assert not any(isinstance(action, pl.Stand) for action in pl.legal_actions(fouled))
    space = ActionSpace(RECORDING, 4)
    assert STAND not in space.legal_ids(fouled)
    check_space(space, fouled)
