"""Many games of one table size in numpy arrays (issue 26; the ``batch`` extra).

So far this package holds the array record of ``n`` games (:mod:`._arrays`), the
vectorised staking of Laws 52, 56, 60 and 61 (:mod:`.staking`), the hand values
(:mod:`.hands`) and the end of a game (:mod:`.show`); ``Tables``, which advances them by
``ActionSpace`` ids, is still to come (API.md, "Batch: many games in lockstep"). Nothing
here imports the engine's rule code: the engine is the reference in the tests only.
"""

from __future__ import annotations

__all__: list[str] = []
