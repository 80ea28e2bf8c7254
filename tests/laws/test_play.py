"""The Play (Laws 25-28): opening, keeping up, passing; and the refusals every phase shares."""

from __future__ import annotations

import pytest

import pokerlaws as pl
from tests.laws._tables import RULES, pass_until_over, play, refused, snapshot

# Four seats, dealer 0: the ante is seat 1, No. 1 is seat 2, No. 2 is seat 3.


def _table(stacks: tuple[int, ...] = (100, 100, 100, 100)) -> pl.GameState:
    return pl.new_game(RULES, stacks, dealer=0, deck=pl.shuffled_deck(31))


def test_law_25_the_opener_stakes_at_least_twice_the_ante() -> None:
    """Law 25: the first to play must stake at least double the ante."""
    state = _table()
    refused(state, pl.Stake(seat=2, amount=9), pl.StakeTooSmall, law=25)
    state = play(state, pl.Stake(seat=2, amount=10))
    assert state.stakes == (0, 5, 10, 0)
    assert state.stacks == (100, 95, 90, 100)
    assert state.pool == 15
    assert state.opener == 2
    assert state.to_act == 3


def test_law_25_the_opener_may_add_at_most_the_limit_to_the_minimum() -> None:
    """Law 25 (Ambiguity 4): an opening may go above double the ante by the limit, no more."""
    state = _table()
    refused(state, pl.Stake(seat=2, amount=26), pl.StakeOverLimit, law=25)
    state = play(state, pl.Stake(seat=2, amount=25))
    assert state.stakes[2] == 25
    assert state.highest_stake == 25


def test_law_25_the_minimum_binds_whoever_opens_first() -> None:
    """Law 25 (Ambiguity 22): after No. 1 passes, the next to open still stakes double the ante."""
    state = play(_table(), pl.Pass(seat=2))
    assert state.opener is None
    refused(state, pl.Stake(seat=3, amount=9), pl.StakeTooSmall, law=25)
    state = play(state, pl.Stake(seat=3, amount=10))
    assert state.opener == 3


def test_law_25_the_say_moves_to_the_left() -> None:
    """Law 25: the turn to say passes from each player to his left-hand neighbour."""
    state = _table()
    order = []
    for _ in range(3):
        assert state.to_act is not None
        order.append(state.to_act)
        state = play(state, pl.Pass(seat=state.to_act))
    assert order == [2, 3, 0]


def test_law_26_a_later_player_brings_his_stake_up_to_the_highest() -> None:
    """Law 26: after the opening, to play one must stake at least as much as the highest."""
    state = play(_table(), pl.Stake(seat=2, amount=10))
    refused(state, pl.Stake(seat=3, amount=9), pl.StakeTooSmall, law=26)
    state = play(state, pl.Stake(seat=3, amount=10))
    assert state.stakes == (0, 5, 10, 10)


def test_law_26_a_raise_in_the_say_is_at_most_the_limit() -> None:
    """Law 26: a later player may go beyond the highest stake by the limit and no more."""
    state = play(_table(), pl.Stake(seat=2, amount=10))
    refused(state, pl.Stake(seat=3, amount=26), pl.StakeOverLimit, law=26)
    state = play(state, pl.Stake(seat=3, amount=25))
    assert state.stakes == (0, 5, 10, 25)
    assert state.highest_stake == 25


def test_law_26_the_stake_to_keep_up_with_is_the_highest_not_the_neighbours() -> None:
    """Law 26 (Ambiguity 5): "the preceding player" is the highest stake so far."""
    state = play(
        _table(),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=3, amount=25),
        pl.Pass(seat=0),
    )
    # The ante's right-hand neighbour passed; he must still reach 25.
    refused(state, pl.Stake(seat=1, amount=19), pl.StakeTooSmall, law=26)
    state = play(state, pl.Stake(seat=1, amount=20))
    assert state.stakes == (0, 25, 10, 25)
    assert state.phase is pl.Phase.DRAW


def test_law_26_the_ante_may_raise_at_his_last_say() -> None:
    """Law 26 (Ambiguity 5): the ante speaks last and may raise; the say is not repeated."""
    state = play(
        _table(),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=3, amount=10),
        pl.Stake(seat=0, amount=10),
    )
    refused(state, pl.Stake(seat=1, amount=21), pl.StakeOverLimit, law=26)
    state = play(state, pl.Stake(seat=1, amount=20))
    assert state.stakes == (10, 25, 10, 10)
    assert state.pool == 55
    assert state.phase is pl.Phase.DRAW
    # Law 34: the draw begins on the dealer's left, with the ante.
    assert state.to_act == 1


def test_law_26_a_player_short_of_the_call_may_stake_all_he_has() -> None:
    """Law 26 (with Law 60): a player who cannot reach the highest stake may put in all he has."""
    state = play(_table((100, 100, 100, 7)), pl.Stake(seat=2, amount=10))
    state = play(state, pl.Stake(seat=3, amount=7))
    assert state.stakes == (0, 5, 10, 7)
    assert state.stacks[3] == 0
    assert state.all_in == frozenset({3})
    assert 3 in state.players


def test_law_27_a_player_who_passes_is_out_and_his_stake_stays() -> None:
    """Law 27: passing gives up the hand and, without condition, what one has staked."""
    state = play(
        _table(),
        pl.Stake(seat=2, amount=10),
        pl.Stake(seat=3, amount=10),
        pl.Stake(seat=0, amount=10),
    )
    pool = state.pool
    state = play(state, pl.Pass(seat=1))
    assert state.players == (0, 2, 3)
    assert state.pool == pool == 35
    assert state.stacks[1] == 95
    assert state.phase is pl.Phase.DRAW


def test_law_27_a_player_who_passed_may_not_act_again() -> None:
    """Law 27: once passed, a player has lost his right to take part in the game."""
    state = play(_table(), pl.Stake(seat=2, amount=10), pl.Pass(seat=3))
    refused(state, pl.Stake(seat=3, amount=10), pl.NotAPlayer, law=27)
    refused(state, pl.Pass(seat=3), pl.NotAPlayer, law=27)
    state = play(state, pl.Stake(seat=0, amount=10), pl.Stake(seat=1, amount=5))
    assert state.phase is pl.Phase.DRAW
    refused(state, pl.Discard(seat=3, cards=()), pl.NotAPlayer, law=27)


def test_law_29_a_game_nobody_opens_ends_without_asking_the_ante() -> None:
    """Law 29 (Ambiguity 13): when all before the ante have passed, the game is not opened,
    and the ante stays in the pool."""
    state = play(_table(), pl.Pass(seat=2), pl.Pass(seat=3))
    assert state.phase is pl.Phase.SAY
    state = play(state, pl.Pass(seat=0))
    assert state.phase is pl.Phase.OVER
    assert state.to_act is None
    assert state.winners == ()
    assert state.pool == 5
    assert state.stacks == (100, 95, 100, 100)
    assert state.payouts == (0, 0, 0, 0)
    assert state.shown == frozenset()
    assert state.opener is None
    assert state.history == (pl.Pass(seat=2), pl.Pass(seat=3), pl.Pass(seat=0))


def test_law_58_an_opener_whom_everyone_leaves_takes_the_pool_unshown() -> None:
    """Law 58: if all others pass after the opening, the opener takes the pool unshown."""
    state = play(_table(), pl.Stake(seat=2, amount=10))
    state = pass_until_over(state)
    assert state.winners == (2,)
    assert state.shown == frozenset()
    assert state.pool == 0
    assert state.payouts == (0, 0, 15, 0)
    assert state.stacks == (100, 95, 105, 100)
    assert pl.legal_actions(state) == ()


def test_law_25_legal_actions_at_the_opening_say() -> None:
    """Law 25: No. 1 may pass, or open with double the ante up to that plus the limit."""
    state = _table()
    expected = {pl.Pass(seat=2)} | {pl.Stake(seat=2, amount=a) for a in range(10, 26)}
    actions = pl.legal_actions(state)
    assert len(actions) == len(set(actions)) == 17
    assert set(actions) == expected
    for action in actions:
        assert pl.is_legal(state, action)
        assert isinstance(pl.apply(state, action), pl.GameState)


def test_law_25_legal_actions_stop_at_the_players_chips() -> None:
    """Law 25 (Law 56): nobody may stake chips he does not have."""
    state = _table((100, 100, 14, 100))
    stakes = {a.amount for a in pl.legal_actions(state) if isinstance(a, pl.Stake)}
    assert stakes == {10, 11, 12, 13, 14}
    refused(state, pl.Stake(seat=2, amount=15), pl.NotEnoughChips)


def test_law_26_legal_actions_after_the_opening() -> None:
    """Law 26: after an opening of 10, No. 2 may pass, call 10 or raise up to 25."""
    state = play(_table(), pl.Stake(seat=2, amount=10))
    expected = {pl.Pass(seat=3)} | {pl.Stake(seat=3, amount=a) for a in range(10, 26)}
    assert set(pl.legal_actions(state)) == expected
    for action in pl.legal_actions(state):
        assert isinstance(pl.apply(state, action), pl.GameState)


def test_law_56_a_stake_must_put_down_at_least_one_chip() -> None:
    """Law 56: a bet is the money put down, so a stake of nothing or less is no stake."""
    state = _table()
    refused(state, pl.Stake(seat=2, amount=0), pl.AmountNotPositive, law=56)
    refused(state, pl.Stake(seat=2, amount=-10), pl.AmountNotPositive, law=56)


def test_law_25_only_the_player_whose_say_it_is_may_speak() -> None:
    """Law 25: the say goes round in order; another seat may not speak out of turn."""
    state = _table()
    refused(state, pl.Stake(seat=0, amount=10), pl.NotYourTurn)
    refused(state, pl.Pass(seat=3), pl.NotYourTurn)
    refused(state, pl.Pass(seat=1), pl.NotYourTurn)


def test_a_seat_that_is_not_at_the_table_is_refused() -> None:
    """Law 7: only the seats at the table take part."""
    state = _table()
    refused(state, pl.Pass(seat=4), pl.NoSuchSeat)
    refused(state, pl.Stake(seat=-1, amount=10), pl.NoSuchSeat)


@pytest.mark.parametrize(
    "action",
    [
        pl.Discard(seat=2, cards=()),
        pl.Stand(seat=2),
    ],
    ids=["pat", "stand"],
)
def test_an_action_of_another_phase_is_refused_in_the_say(action: pl.Action) -> None:
    """Laws 25, 36, 53: discarding and standing belong to the draw and the betting."""
    refused(_table(), action, pl.WrongPhase)


def test_nothing_may_be_done_once_the_game_is_over() -> None:
    """Law 27: a finished game takes no more actions; the next deal starts a new one."""
    state = pass_until_over(_table())
    assert pl.legal_actions(state) == ()
    refused(state, pl.Stake(seat=1, amount=10), pl.GameIsOver)
    refused(state, pl.Pass(seat=2), pl.GameIsOver)


def test_apply_never_changes_its_input() -> None:
    """Law 56: an action counts once made, but only in the state it produces."""
    state = _table()
    before = snapshot(state)
    after = pl.apply(state, pl.Stake(seat=2, amount=10))
    assert isinstance(after, pl.GameState)
    assert snapshot(state) == before
    assert after != state
    assert pl.apply(state, pl.Stake(seat=2, amount=10)) == after


def test_apply_or_raise_raises_the_violation() -> None:
    """Law 25: the raising wrapper reports the same law as the refusal."""
    state = _table()
    with pytest.raises(pl.IllegalActionError) as info:
        pl.apply_or_raise(state, pl.Stake(seat=2, amount=9))
    assert info.value.law == 25
    assert isinstance(info.value.violation, pl.StakeTooSmall)


def test_history_records_the_actions_in_order() -> None:
    """Law 56: every action accepted is on the record, in the order it was made."""
    actions = (pl.Stake(seat=2, amount=10), pl.Pass(seat=3), pl.Stake(seat=0, amount=12))
    state = play(_table(), *actions)
    assert state.history == actions
