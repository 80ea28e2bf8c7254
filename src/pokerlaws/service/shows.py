"""The show's pause: after a game's end the next is dealt when every player has said
"next", or when the pause the sitting's creator set has passed (``Tables.deal_after_pause``).

The pause is timed by each server process that sees the game end (the one that stored the
last action, or one with a socket of the sitting); two processes timing it deal once, for
the store takes one event per sequence number. A process started again times it afresh
from when it first sees the sitting (its socket's opening).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from pokerlaws._extras import needs_extra
from pokerlaws.service.sittings import CorruptSitting, Refusal, Table
from pokerlaws.service.tables import Tables

with needs_extra("service", "pokerlaws.service"):
    import anyio
    from starlette.concurrency import run_in_threadpool

__all__ = ["Pauses"]


class Pauses:
    """The shows being timed in this process, each (sitting, games played) once."""

    def __init__(self, tables: Tables, dealt: Callable[[Table], None]) -> None:
        self.tables = tables
        self.dealt = dealt  # told of the table after a deal the pause made
        self.timed: set[tuple[str, int]] = set()
        self.tasks: set[asyncio.Task[None]] = set()  # held so that none is collected early

    def time(self, table: Table) -> None:
        """If ``table`` is at a show with a pause, deal the next game when it has passed."""
        pause = table.header.pause
        if not (pause and table.waiting):
            return
        key = (table.id, len(table.sitting.games))
        if key in self.timed:
            return
        self.timed.add(key)

        async def deal() -> None:
            try:
                await anyio.sleep(pause)
                with contextlib.suppress(Refusal, CorruptSitting):
                    after = await run_in_threadpool(self.tables.deal_after_pause, *key)
                    if after is not None:
                        self.dealt(after)
            finally:
                self.timed.discard(key)

        task = asyncio.get_running_loop().create_task(deal())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
