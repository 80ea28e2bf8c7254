"""The odds at Peel's table (issue 37): the chances of each discard, and a seat's equity.

An edge above the core: it reads a seat's :class:`~pokerlaws.views.PlayerView` (or bare
cards) and the :class:`~pokerlaws.hands.HandRules`, values hands with the core's evaluator
(the batch evaluator for many at once, when numpy is there), and never looks at what a view
hides. ``docs/odds.md`` gives the classic chances it reproduces.
"""

from __future__ import annotations

from pokerlaws.odds.draws import Chances, best_discards, draw_chances
from pokerlaws.odds.showdown import Equity, equity

__all__ = ["Chances", "Equity", "best_discards", "draw_chances", "equity"]
