"""Write ``docs/odds.md``, the classic chances of the draw, from :mod:`pokerlaws.odds.classic`.

Run it from anywhere after changing the odds::

    python docs/gen_odds.py

Importing this file writes nothing; ``tests/odds/test_classic.py`` checks that the committed
page matches :func:`pokerlaws.odds.classic.render`.
"""

from __future__ import annotations

from pathlib import Path

from pokerlaws.odds.classic import render

PAGE = Path(__file__).resolve().parent / "odds.md"

if __name__ == "__main__":
    PAGE.write_text(render(), encoding="utf-8")
