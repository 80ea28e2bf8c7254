"""Random walks through sittings, drawing every choice from Hypothesis so failures shrink."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import attrs
import hypothesis.strategies as st
import pytest
from hypothesis import settings
from hypothesis.strategies import SearchStrategy

import pokerlaws as pl
import pokerlaws.strategies as ps
from tests.properties._checks import game_bound, has_next_game

__all__ = ["PER_VARIANT", "VARIANTS", "play_sitting", "steps_of", "table_with"]


def _switches(cls: type) -> list[str]:
    return [field.name for field in attrs.fields(cls) if isinstance(field.default, bool)]


VARIANTS = [
    pytest.param(owner, name, value, id=f"{name}={value}")
    for owner, cls in (("rules", pl.Rules), ("hands", pl.HandRules))
    for name in _switches(cls)
    for value in (False, True)
]
"""Every variant switch of ``Rules`` and ``HandRules``, each switched off and on."""

PER_VARIANT = settings(
    settings.get_profile("games"),
    max_examples=max(2, settings.get_profile("games").max_examples // 4),
)
"""Settings for a test run once per variant: a quarter of the ``games`` profile's examples
each (2 under ``dev``, 12 under ``ci``), so the whole parametrized test costs about four
ordinary ones (tests/conftest.py)."""


def table_with(owner: str, name: str, value: bool) -> SearchStrategy[pl.Rules]:
    """Table rules with one switch fixed and every other drawn."""
    fixed: dict[str, Any] = {name: value}
    if owner == "rules":
        return ps.rules(**fixed)
    return ps.rules(hands=ps.hand_rules(**fixed))


def steps_of(
    data: st.DataObject, start: pl.GameState
) -> Iterator[tuple[pl.GameState, pl.Action, pl.GameState]]:
    """Play ``start`` to its end with drawn legal actions, yielding each transition.

    Fails, instead of hanging, if the game outlasts :func:`game_bound`.
    """
    state = start
    for _ in range(game_bound(start) + 1):
        if state.phase is pl.Phase.OVER:
            return
        action = data.draw(ps.legal_actions(state))
        after = pl.apply_or_raise(state, action)
        yield state, action, after
        state = after
    raise AssertionError(
        f"the game did not end within {game_bound(start)} actions: {state.history}"
    )


def play_sitting(
    data: st.DataObject,
    start: pl.GameState,
    *,
    games: int,
    step: Callable[[pl.GameState, pl.Action, pl.GameState], None],
    begin: Callable[[pl.GameState, pl.GameState | None], None] = lambda state, last: None,
) -> pl.GameState:
    """Play up to ``games`` successive games from ``start`` and return the last state.

    ``begin(state, last)`` sees each game's first state and the finished game before it
    (``None`` for ``start``); ``step(before, action, after)`` sees every transition. The next
    game is begun with ``next_game`` on a drawn deck (Law 18) while two seats have chips.
    """
    state, last = start, None
    for played in range(games):
        begin(state, last)
        for before, action, after in steps_of(data, state):
            step(before, action, after)
            state = after
        if played == games - 1 or not has_next_game(state):
            break
        last = state
        state = pl.next_game(state, deck=data.draw(ps.decks(joker=state.rules.joker)))
    return state
