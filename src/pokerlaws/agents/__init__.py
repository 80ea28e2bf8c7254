"""Integer actions and observations for bots, search and learning agents.

Every action of a game has a small integer id, fixed for a table (:class:`ActionSpace`), and
every :class:`~pokerlaws.PlayerView` a fixed-length tuple of ints (:func:`observation`).
``docs/agents.md`` tabulates both. Nothing here changes a rule: each id names the action
:func:`pokerlaws.legal_actions` lists, and :meth:`ActionSpace.step` is :func:`pokerlaws.apply`.
"""

from __future__ import annotations

from pokerlaws.agents.information import (
    INFORMATION_FIELDS,
    STEP_KINDS,
    STEP_WIDTH,
    information_horizon,
    information_length,
    information_state,
    information_state_array,
)
from pokerlaws.agents.observation import (
    OBSERVATION_FIELDS,
    OBSERVATION_LENGTH,
    card_code,
    observation,
    observation_array,
)
from pokerlaws.agents.space import ActionSpace

__all__ = [
    "INFORMATION_FIELDS",
    "OBSERVATION_FIELDS",
    "OBSERVATION_LENGTH",
    "STEP_KINDS",
    "STEP_WIDTH",
    "ActionSpace",
    "card_code",
    "information_horizon",
    "information_length",
    "information_state",
    "information_state_array",
    "observation",
    "observation_array",
]
