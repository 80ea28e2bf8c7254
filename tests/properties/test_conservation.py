"""Chips and cards are conserved: nothing is made or lost, by any transition or next_game."""

from __future__ import annotations

import hypothesis.strategies as st
import pytest
from hypothesis import given, settings

import pokerlaws as pl
import pokerlaws.strategies as ps
from tests.properties._checks import check_cards, check_chips, chips
from tests.properties._walk import PER_VARIANT, VARIANTS, play_sitting, table_with

GAMES = 4
"""Games played in each sitting: enough for jack-pots to escalate (Laws 29-32)."""


@pytest.mark.parametrize(("owner", "name", "value"), VARIANTS)
@PER_VARIANT
@given(data=st.data())
def test_chips_are_conserved_by_every_transition_and_next_game(
    owner: str, name: str, value: bool, data: st.DataObject
) -> None:
    """``sum(stacks) + pool`` never changes in a sitting, with each variant off and on."""
    start = data.draw(ps.new_games(rules=table_with(owner, name, value)))
    total = chips(start)

    def begin(state: pl.GameState, last: pl.GameState | None) -> None:
        check_chips(state, total)

    def step(before: pl.GameState, action: pl.Action, after: pl.GameState) -> None:
        check_chips(after, total)

    end = play_sitting(data, start, games=GAMES, step=step, begin=begin)
    check_chips(end, total)


@pytest.mark.parametrize(("owner", "name", "value"), VARIANTS)
@PER_VARIANT
@given(data=st.data())
def test_cards_are_the_pack_once_at_every_step(
    owner: str, name: str, value: bool, data: st.DataObject
) -> None:
    """Hands (passed players' dead hands too), stock and discards are the pack exactly once."""
    start = data.draw(ps.new_games(rules=table_with(owner, name, value)))

    def begin(state: pl.GameState, last: pl.GameState | None) -> None:
        check_cards(state)

    def step(before: pl.GameState, action: pl.Action, after: pl.GameState) -> None:
        check_cards(after)

    play_sitting(data, start, games=GAMES, step=step, begin=begin)


@settings(settings.get_profile("games"))
@given(state=ps.game_states())
def test_generated_states_hold_the_pack_and_nothing_else(state: pl.GameState) -> None:
    """Every state the strategies reach holds the pack once: the generator replays, never
    assembles."""
    check_cards(state)
