"""``python -m pokerlaws``: the ``pokerlaws`` command (:mod:`pokerlaws.cli`).

With no arguments it runs ``pokerlaws demo``: a seeded sitting among peel_bots, narrated
with the laws; ``python -m pokerlaws check RECORD`` and ``... replay RECORD`` referee a
record file.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import sys

from pokerlaws.cli import main
from pokerlaws.cli.output import INTERRUPTED

__all__ = ["main"]


def _end_interrupted() -> None:
    """End the process with status 130 after the command has answered Ctrl-C.

    ``SystemExit(130)`` is not enough under ``-m``: CPython marks a KeyboardInterrupt as
    unhandled whenever one ends a string ``exec``/``eval`` (which ``dataclasses`` and
    ``namedtuple`` use to build methods, as modules load), even if a caller catches it, and
    ``Py_RunMain`` then ends a ``-m`` run by SIGINT instead of the status asked for. A
    Ctrl-C that landed while a module loaded gave -2 in place of 130. So the end a normal
    exit would make is made here (exit handlers run, both streams flushed), then the
    process leaves with the status directly."""
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        # A reader who has gone changes nothing now: the status is already decided.
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()
    os._exit(INTERRUPTED)


if __name__ == "__main__":
    status = main()
    if status == INTERRUPTED:
        _end_interrupted()
    raise SystemExit(status)
