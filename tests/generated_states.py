"""Generated states for the JSON and view tests, drawn from ``pokerlaws.strategies``.

The strategies and the Law 41 draw are being reworked on main. Meanwhile two of their
symptoms are stepped round here, so these tests check JSON and views rather than them: a
first game drawn with a seat of no chips can give that seat the deal, which ``new_game``
refuses (so every seat starts with chips; seats with none are still reached through later
games), and a few Law 41 states offer no legal action (those draws are rejected).
"""

from __future__ import annotations

from hypothesis import reject
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

import pokerlaws as pl
import pokerlaws.strategies as ps


@st.composite
def game_states(draw: st.DrawFn, *, over: bool = False) -> pl.GameState:
    """A reachable state (a finished game with ``over``), from ``pokerlaws.strategies``."""
    stacks = st.integers(1, 60)
    try:
        state: pl.GameState = draw(
            ps.games(stacks=stacks) if over else ps.game_states(stacks=stacks)
        )
    except InvalidArgument:
        reject()
    return state


@st.composite
def states_and_seats(draw: st.DrawFn) -> tuple[pl.GameState, int]:
    """A reachable state and one seat at its table."""
    state = draw(game_states())
    return state, draw(st.integers(0, state.num_seats - 1))
