"""What every strategy module shares: type variables, bounds and the kinds of action."""

from __future__ import annotations

from typing import ParamSpec, TypeVar

import hypothesis.strategies as st

import pokerlaws as pl

T = TypeVar("T")
P = ParamSpec("P")

_MAX_ANTE = 5
_STEP_GUARD = 2_000
"""No game drawn here takes this many actions: a larger count means the engine loops."""

_HUGE = (2**63, -(2**63), 10**30, -(10**30))
"""Numbers far outside any table, drawn as seats and amounts (integers() favours small ones)."""

# The kinds of action, in the order a drawn choice shrinks towards: Pass first, because
# passing ends a game soonest, so a failing example shrinks to a short game.
_KINDS: tuple[type, ...] = (
    pl.Pass,
    pl.DeclineStraddle,
    pl.Stand,
    pl.Discard,
    pl.Stake,
    pl.Straddle,
    pl.Shuffle,
    pl.Redeal,
)

_ORDER = {phase: i for i, phase in enumerate(pl.Phase)}
_LATE = frozenset({pl.Phase.DRAW, pl.Phase.BETTING})
"""The phases a game reaches only if players stay in, which game_states plays on to reach."""

_SITS_OUT = st.sampled_from((False,) * 7 + (True,))
"""Whether a seat of a default table sits the game out: one in eight, shrinking to no."""
