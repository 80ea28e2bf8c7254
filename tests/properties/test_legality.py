"""``legal_actions`` agrees with ``apply``; a refusal changes nothing; ``apply`` is a pure,
deterministic function of hashable values."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import hypothesis.strategies as st
import pytest
from hypothesis import given, settings

import pokerlaws as pl
import pokerlaws.strategies as ps
from tests.properties._checks import check_recorded, check_shape

GAMES = settings.get_profile("games")
"""Every example here is a state reached by replaying a game (tests/conftest.py)."""

TRIES = 8
"""Generated actions tried against each drawn state."""


@GAMES
@given(state=ps.game_states())
def test_every_listed_action_is_accepted_and_recorded(state: pl.GameState) -> None:
    """Each action ``legal_actions`` lists is accepted, and appends exactly itself to history
    (the dealer's ``Shuffle`` that leaves the order to the engine is recorded with the order
    used, so that a record of the game replays it, Law 41)."""
    listed = pl.legal_actions(state)
    assert len(set(listed)) == len(listed), "legal_actions lists an action twice"
    assert (not listed) == (state.phase is pl.Phase.OVER)
    for action in listed:
        after = pl.apply(state, action)
        assert isinstance(after, pl.GameState), f"{action} is listed but refused: {after}"
        assert pl.is_legal(state, action)
        check_recorded(state, action, after)
        check_shape(after)


def _own_order(state: pl.GameState, action: pl.Action, listed: set[pl.Action]) -> bool:
    """Whether ``action`` is a listed dealer's shuffle (Law 41) or redeal (Law 8) given his
    own order: a permutation of the gathered discards, or of the whole pack."""
    if isinstance(action, pl.Shuffle) and action.order is not None:
        return pl.Shuffle(seat=action.seat) in listed and Counter(action.order) == Counter(
            state.discards
        )
    if isinstance(action, pl.Redeal) and action.deck is not None:
        return pl.Redeal(seat=action.seat) in listed and Counter(action.deck) == Counter(
            state.deck
        )
    return False


@GAMES
@given(data=st.data(), state=ps.game_states())
def test_every_unlisted_action_is_refused_with_its_law(
    state: pl.GameState, data: st.DataObject
) -> None:
    """An action ``legal_actions`` does not list is refused: a ``RuleViolation`` citing a law
    (1-81) and naming the seat and the action; ``is_legal`` and ``apply_or_raise`` agree."""
    listed = set(pl.legal_actions(state))
    for _ in range(TRIES):
        action = data.draw(ps.actions(state))
        result = pl.apply(state, action)
        if action in listed or _own_order(state, action, listed):
            assert isinstance(result, pl.GameState), f"{action} is listed but refused: {result}"
            assert pl.is_legal(state, action)
            continue
        assert isinstance(result, pl.RuleViolation), f"{action} is not listed but accepted"
        assert not pl.is_legal(state, action)
        assert 1 <= result.law <= 81
        assert result.action == action
        assert result.seat == action.seat
        assert f"seat {action.seat}" in result.message
        with pytest.raises(pl.IllegalActionError) as raised:
            pl.apply_or_raise(state, action)
        assert raised.value.violation == result


@GAMES
@given(data=st.data(), state=ps.game_states())
def test_a_refusal_changes_nothing(state: pl.GameState, data: st.DataObject) -> None:
    """A refused action leaves the state equal to a copy taken before, hash unchanged."""
    before = copy.deepcopy(state)
    fingerprint = hash(state)
    for _ in range(TRIES):
        action = data.draw(ps.illegal_actions(state))
        assert isinstance(pl.apply(state, action), pl.RuleViolation)
        assert state == before
        assert hash(state) == fingerprint == hash(before)


@GAMES
@given(data=st.data(), state=ps.game_states())
def test_apply_is_deterministic(state: pl.GameState, data: st.DataObject) -> None:
    """The same action on equal states gives equal results, accepted or refused."""
    twin = copy.deepcopy(state)
    for _ in range(TRIES):
        action = data.draw(ps.actions(state))
        first = pl.apply(state, action)
        assert pl.apply(state, action) == first
        assert pl.apply(twin, action) == first
        if isinstance(first, pl.GameState):
            assert hash(pl.apply(twin, action)) == hash(first)


@GAMES
@given(data=st.data(), start=ps.new_games())
def test_equal_states_hash_equal(start: pl.GameState, data: st.DataObject) -> None:
    """Replaying the same actions twice gives equal states with equal hashes at every step;
    copies and pickles of a state are equal to it and hash the same."""
    state, replay = start, copy.deepcopy(start)
    seen = {state}
    while state.phase is not pl.Phase.OVER and len(state.history) < 30:
        action = data.draw(ps.legal_actions(state))
        state = pl.apply_or_raise(state, action)
        replay = pl.apply_or_raise(replay, action)
        assert state is not replay
        assert state == replay
        assert hash(state) == hash(replay)
        assert state not in seen, "a transition returned a state seen before in this game"
        seen.add(state)
    for twin in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert twin == state
        assert hash(twin) == hash(state)
