"""``python -m pokerlaws``: the ``pokerlaws`` command (:mod:`pokerlaws.cli`).

With no arguments it runs ``pokerlaws demo``: a seeded sitting among peel_bots, narrated
with the laws; ``python -m pokerlaws check RECORD`` and ``... replay RECORD`` referee a
record file.
"""

from __future__ import annotations

from pokerlaws.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
