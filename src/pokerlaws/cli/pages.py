"""``pokerlaws replay RECORD --html FILE``: write a recorded game as one web page.

The page is :func:`pokerlaws.render.render_html`'s; this module only checks the record and
writes the file (the render functions write nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from pokerlaws.cli.output import OutputRefused, write_whole
from pokerlaws.cli.text import say
from pokerlaws.records.game import GameRecord, IllegalRecord

__all__ = ["MAX_ACTIONS", "write_page"]

LEGAL, ILLEGAL, MALFORMED = 0, 1, 2

MAX_ACTIONS = 100_000
"""The most actions a record may hold for ``replay --html`` unless ``--max-actions`` says
more: a page grows by a few hundred bytes an action (about 26 MB at the bound), and a
browser holds every step of it."""


def write_page(
    game: GameRecord,
    path: str,
    out: TextIO,
    err: TextIO,
    inputs: Sequence[str] = (),
    *,
    max_actions: int = MAX_ACTIONS,
) -> int:
    """Write ``game``'s replay page to ``path``, whole or not at all and never over one of
    ``inputs`` (:func:`pokerlaws.cli.output.write_whole`); return the exit status as
    ``replay`` does: 0 written, 1 the record holds a refused action (nothing is written),
    2 the record holds more than ``max_actions`` actions, the game cannot begin or the
    file cannot be written."""
    if len(game.actions) > max_actions:
        say(
            err,
            f"pokerlaws: will not write {path}: the record holds {len(game.actions):,} "
            f"actions, more than {max_actions:,} (--max-actions N raises the bound)",
        )
        return MALFORMED
    # Here, not at the top: `replay` without --html (and `check`) load this module for its
    # bound, and the page's renderer is the heaviest import of the command line.
    from pokerlaws.render.html import render_html

    try:
        page = render_html(game)
    except IllegalRecord as error:
        violation = error.violation
        say(out, f"illegal at action {error.index + 1}: {violation.message}")
        return ILLEGAL
    except ValueError as error:
        say(out, f"malformed: the game cannot begin: {error}")
        return MALFORMED
    try:
        write_whole(path, page, inputs=inputs)
    except OutputRefused as refused:
        say(err, f"pokerlaws: {refused}")
        return MALFORMED
    except OSError as error:
        say(err, f"pokerlaws: cannot write {path}: {error.strerror or error}")
        return MALFORMED
    say(out, f"wrote {path}: {len(game.actions)} actions, one page")
    return LEGAL
