"""The batch's array record and its staking (Laws 52, 56, 60, 61), on rows built by hand; the
compiled laws are called one table at a time, as the kernels call them."""

from __future__ import annotations

import pytest

from tests.skips import extra_reason

np = pytest.importorskip("numpy", reason=extra_reason("numpy", "batch"))

from pokerlaws.agents import card_code  # noqa: E402
from pokerlaws.batch._arrays import Arrays, cycle, deck_position, first_from, next_pending  # noqa: E402
from pokerlaws.batch.staking import passing, stake_chips  # noqa: E402
from pokerlaws.cards import standard_deck  # noqa: E402
from pokerlaws.rules import Rules  # noqa: E402


def table(n: int = 2, seats: int = 4, stack: int = 10) -> Arrays:
    a = Arrays(Rules(ante=1, limit=4), n, seats)
    a.stacks[:] = stack
    a.seated[:] = True
    a.players[:] = True
    return a


def test_cycle_lists_the_seats_on_the_left_ending_with_the_seat() -> None:
    assert cycle(4)[1].tolist() == [2, 3, 0, 1]
    assert cycle(3)[2].tolist() == [0, 1, 2]


def test_deck_position_is_the_place_in_standard_deck() -> None:
    codes = np.array([card_code(card) for card in standard_deck(joker=True)])
    assert deck_position(codes).tolist() == list(range(53))


def test_next_pending_is_the_first_pending_seat_on_the_left() -> None:
    a = table()
    a.pending[0] = [True, False, False, True]
    a.pending[1] = False
    s = a.state()
    assert [next_pending(s, 0, 0), next_pending(s, 1, 2)] == [3, -1]
    assert next_pending(s, 0, 3) == 0
    assert [first_from(a.pending[0], 1), first_from(a.pending[1], 0)] == [3, -1]


def test_law_52_a_stake_goes_from_the_stack_into_the_pool() -> None:
    a = table()
    stake_chips(a.state(), 1, 2, 3, False, True)
    assert a.stacks[1].tolist() == [10, 10, 7, 10]
    assert a.stakes[1, 2] == a.staked[1, 2] == a.voluntary[1, 2] == 3
    assert a.pool.tolist() == [0, 3]
    assert a.stacks[0].tolist() == [10] * 4
    assert not a.all_in.any()


def test_law_60_an_all_in_player_is_short_once_below_the_highest() -> None:
    a = table(n=1, stack=5)
    s = a.state()
    stake_chips(s, 0, 1, 5, False, True)
    assert a.all_in[0].tolist() == [False, True, False, False]  # Law 61
    assert a.short_count[0] == 0  # level with the highest: not short yet
    passing(s, 0, 3)
    stake_chips(s, 0, 2, 6 - 1, False, True)
    assert a.short_count[0] == 0  # 5 against 5
    a.stacks[0, 0] = 9
    stake_chips(s, 0, 0, 7, False, True)
    assert a.short_rank[0].tolist() == [-1, 0, 1, -1]
    assert a.short_live[0, 1].tolist() == [True, True, True, False]


def test_a_jackpot_ante_out_of_the_stake_counts_in_the_pool_only() -> None:
    a = table(n=1)
    stake_chips(a.state(), 0, 3, 1, True, False)
    assert a.pool[0] == 1
    assert a.forced[0, 3] == 1
    assert a.stakes[0, 3] == a.staked[0, 3] == 0
