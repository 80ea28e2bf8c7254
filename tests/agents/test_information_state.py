"""information_state: one seat's whole past as a fixed-length tuple (perfect recall).

Views are built by replaying legal actions (random play and pokerlaws.strategies); the
property is the API's: two views of one seat whose seat saw different things never share an
information state, two that saw the same things do, and the length is the table's."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerlaws as pl
from pokerlaws.agents import (
    INFORMATION_FIELDS,
    STEP_WIDTH,
    ActionSpace,
    information_horizon,
    information_length,
    information_state,
    observation,
)
from tests.skips import extra_reason

RULES = pl.Rules(ante=1, limit=4)


def _stepped(space: ActionSpace, state: pl.GameState, i: int) -> pl.GameState:
    after = space.step(state, i)
    assert isinstance(after, pl.GameState), after
    return after


def _games(
    seats: int, games: int, seed: int, chips: int = 20, *, shuffled: bool = True
) -> list[pl.GameState]:
    """Every state of ``games`` random games at a table of ``seats`` seats (one pack for
    every game unless ``shuffled``, so that different bets meet the same cards)."""
    space = ActionSpace(RULES, seats)
    rng = random.Random(seed)
    states = []
    for _ in range(games):
        deck = list(pl.standard_deck())
        if shuffled:
            rng.shuffle(deck)
        state = pl.new_game(RULES, (chips,) * seats, dealer=0, deck=deck)
        states.append(state)
        while state.phase is not pl.Phase.OVER:
            state = _stepped(space, state, rng.choice(space.legal_ids(state)))
            states.append(state)
    return states


def _played(seats: int, choices: list[int]) -> pl.GameState:
    """The state that ``choices`` (each an index into the legal ids, modulo their number)
    reach from one start, stopping at the end of the game."""
    space = ActionSpace(RULES, seats)
    state = pl.new_game(RULES, (6,) * seats, dealer=0, deck=pl.standard_deck())
    for choice in choices:
        if state.phase is pl.Phase.OVER:
            break
        ids = space.legal_ids(state)
        state = _stepped(space, state, ids[choice % len(ids)])
    return state


@pytest.mark.parametrize("seats", [2, 3, 6, 10])
def test_one_length_for_every_view_at_a_table(seats: int) -> None:
    length = information_length(seats, 20 * seats)
    assert length == len(INFORMATION_FIELDS) + STEP_WIDTH * information_horizon(seats, 20 * seats)
    for state in _games(seats, 30, seed=seats):
        for seat in range(seats):
            assert len(information_state(pl.view(state, seat))) == length


@pytest.mark.parametrize(("seats", "chips"), [(2, 6), (3, 6), (3, 20)])
def test_different_pasts_never_share_an_information_state(seats: int, chips: int) -> None:
    """Over every view of many random games on one pack: equal information states only for
    equal views, though the observation, which forgets, merges views that differ (counted,
    so that the check has something to find: over a hundred such pairs at each table)."""
    by_state: dict[tuple[int, ...], pl.PlayerView] = {}
    by_observation: dict[tuple[int, ...], tuple[int, ...]] = {}
    merged = 0
    for state in _games(seats, 300, seed=100 + seats, chips=chips, shuffled=False):
        for seat in range(seats):
            seen = pl.view(state, seat)
            kept = information_state(seen)
            assert by_state.setdefault(kept, seen) == seen
            merged += by_observation.setdefault((seat, *observation(seen)), kept) != kept
    assert merged > 100


@settings(max_examples=150, deadline=None)
@given(
    st.integers(2, 4),
    st.lists(st.integers(0, 63), max_size=40),
    st.lists(st.integers(0, 63), max_size=40),
    st.data(),
)
def test_equal_information_states_are_equal_views(
    seats: int, one: list[int], other: list[int], data: st.DataObject
) -> None:
    """Two games replayed from one start by different choices: one seat's information
    states are equal exactly when his views are, and a view gives one state every time."""
    seat = data.draw(st.integers(0, seats - 1))
    a, b = pl.view(_played(seats, one), seat), pl.view(_played(seats, other), seat)
    assert information_state(a) == information_state(pl.view(_played(seats, one), seat))
    assert (information_state(a) == information_state(b)) == (a == b)


def test_a_view_longer_than_a_game_without_reports_is_refused() -> None:
    state = _games(2, 1, seed=3)[-1]
    seen = pl.view(state, 0)
    import attrs

    padded = attrs.evolve(seen, history=seen.history * 100)
    with pytest.raises(ValueError, match="more than the"):
        information_state(padded)
    with pytest.raises(TypeError, match="PlayerView"):
        information_state(state)  # type: ignore[arg-type]


def test_the_array_is_one_hot_and_scaled() -> None:
    numpy = pytest.importorskip("numpy", reason=extra_reason("numpy", "batch"))
    from pokerlaws.agents import information_state_array

    shapes = set()
    for state in _games(3, 5, seed=9):
        seen = pl.view(state, 1)
        array = information_state_array(seen)
        assert array.dtype == numpy.float32
        shapes.add(array.shape)
        assert numpy.all((array >= -1) & (array <= 1))
        # His five cards, one-hot: each place one 1 among 54 (the first 54 ones after the
        # scalars are the hand's places, in INFORMATION_FIELDS order).
        cards = array[len(INFORMATION_FIELDS) - 65 : len(INFORMATION_FIELDS) - 65 + 5 * 54]
        assert cards.reshape(5, 54).sum(axis=1).tolist() == [1.0] * 5
        assert numpy.array_equal(array, information_state_array(pl.view(state, 1)))
    assert len(shapes) == 1
