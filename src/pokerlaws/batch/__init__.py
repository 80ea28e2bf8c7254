"""Many games in lockstep, in numpy arrays (the ``batch`` extra): an edge of the package.

:class:`Tables` plays ``n`` games of one table size at once, advanced by the ids of
:class:`~pokerlaws.agents.ActionSpace`; :func:`evaluate` values many hands at once, ordering
them exactly as :func:`pokerlaws.evaluate` does. Each law's vectorised rule lives in the
module of its section (``ante``, ``deal``, ``say``, ``draw``, ``betting``, ``show``,
``jackpot``, ``staking``). The package may use the core's hand tables and the id layout of
:mod:`pokerlaws.agents`, never the engine's rules, which are its reference in the tests only
(``Tables.state`` replays a table's ids through the engine to give its ``GameState``).
Reports of irregularities stay the object engine's: a table's referee makes them, not a
learning agent.
"""

from __future__ import annotations

from pokerlaws._extras import needs_extra

# Every module of the package loads from here (a submodule imported by name runs this first),
# so a missing numpy says once which extra brings it.
with needs_extra("batch", "pokerlaws.batch"):
    from pokerlaws.batch.hands import evaluate
    from pokerlaws.batch.tables import Tables

__all__ = ["Tables", "evaluate"]
