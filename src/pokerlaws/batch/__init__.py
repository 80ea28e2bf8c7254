"""Many games in lockstep, in numpy arrays (the ``batch`` extra): an edge of the package.

It may use the core's hand tables and the id layout of :mod:`pokerlaws.agents`, never the
engine's rules, which are its reference in the tests only. Here so far: :func:`evaluate`,
the strength of many hands at once, ordering them exactly as :func:`pokerlaws.evaluate`
does; and :mod:`pokerlaws.batch.show`, the end of many games at once (Laws 29, 33, 58-60,
76) on the array record of :mod:`pokerlaws.batch._arrays`, held to the engine's own
endings by a differential test. ``Tables``, the games themselves, is not built yet.
Reports of irregularities stay the object engine's: a table's referee makes them, not a
learning agent.
"""

from __future__ import annotations

from pokerlaws.batch.hands import evaluate

__all__ = ["evaluate"]
