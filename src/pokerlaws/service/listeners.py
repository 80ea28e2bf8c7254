"""The websockets of one server process: each sitting's listeners, woken with the table
after each event (so that none of them reads the store), and each token's sockets, at most
:data:`~pokerlaws.service.app.SOCKETS_PER_TOKEN` of them open at once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from pokerlaws._extras import needs_extra
from pokerlaws.service.sittings import Table

with needs_extra("service", "pokerlaws.service"):
    import anyio

__all__ = ["Hub", "Listener", "TokenSockets"]


class Listener:
    """One websocket waiting for the events of a sitting: woken with the table after an
    event appended here, or with none when another process appended one."""

    def __init__(self) -> None:
        # asyncio's own Event and Lock (uvicorn runs asyncio): anyio's cost a checkpoint on
        # every use, a tenth of the server's time when every event is pushed to every seat.
        self.event = asyncio.Event()
        self.table: Table | None = None
        # The socket's push of a table, run at once by the hub (see Hub.notify), if set.
        self.push: Callable[[Table], Coroutine[Any, Any, None]] | None = None

    def wake(self, table: Table | None) -> None:
        if table is not None and (self.table is None or table.seq > self.table.seq):
            self.table = table
        self.event.set()

    async def wait(self) -> Table | None:
        """The table it was woken with (None: woken without one)."""
        await self.event.wait()
        self.event.clear()
        table, self.table = self.table, None
        return table


class TokenSockets:
    """The websockets open in this process of each token (a sitting's seat or referee),
    oldest first: each runs inside a cancel scope, cancelled when its token opens one more
    than :data:`SOCKETS_PER_TOKEN`."""

    def __init__(self) -> None:
        self.held: dict[tuple[str, str], list[anyio.CancelScope]] = {}

    def opened(self, sitting_id: str, who: str, most: int) -> anyio.CancelScope:
        scope = anyio.CancelScope()
        held = self.held.setdefault((sitting_id, who), [])
        held.append(scope)
        while len(held) > most:
            held.pop(0).cancel()
        return scope

    def closed(self, sitting_id: str, who: str, scope: anyio.CancelScope) -> None:
        held = self.held.get((sitting_id, who), [])
        if scope in held:
            held.remove(scope)
        if not held:
            self.held.pop((sitting_id, who), None)


class Hub:
    """The websockets of this process, by sitting: woken after each event appended here
    (with the table, so that none of them reads the store), and, where the store tells of
    other processes' events (PostgreSQL's ``NOTIFY``), after each of those."""

    def __init__(self) -> None:
        self.listeners: dict[str, set[Listener]] = {}
        self.finishing: set[asyncio.Task[None]] = set()  # pushes that had to wait

    def listen(self, sitting_id: str) -> Listener:
        listener = Listener()
        self.listeners.setdefault(sitting_id, set()).add(listener)
        return listener

    def forget(self, sitting_id: str, listener: Listener) -> None:
        group = self.listeners.get(sitting_id, set())
        group.discard(listener)
        if not group:
            self.listeners.pop(sitting_id, None)

    def notify(self, sitting_id: str, table: Table | None = None) -> None:
        """Push ``table`` to every socket of the sitting here (or, None, wake each to read
        the sitting). A push runs at once, in the caller, as far as it goes without waiting:
        a socket woken in a task of its own for each event cost a twentieth of the server.
        A push that must wait (its socket's sending lock taken, or its peer reading too
        slowly for its buffer) goes on in a task of its own, so that no other waits for it.
        """
        for listener in tuple(self.listeners.get(sitting_id, ())):
            if table is None or listener.push is None:
                listener.wake(table)
            else:
                self._run(listener.push(table))

    def _run(self, push: Coroutine[Any, Any, None]) -> None:
        try:
            waited = push.send(None)
        except StopIteration:
            return
        except Exception:  # the socket has gone: its own receive loop ends it
            push.close()
            return
        task = asyncio.get_running_loop().create_task(_finish(push, waited))
        self.finishing.add(task)  # held until done: the loop keeps only a weak reference
        task.add_done_callback(self.finishing.discard)


async def _finish(push: Coroutine[Any, Any, None], waited: Any) -> None:
    """Drive ``push`` on from where it waited for ``waited`` (what it yielded to the loop:
    a future, or None to let the loop run once), as a task would."""
    try:
        while True:
            if waited is None:
                await asyncio.sleep(0)
            else:
                await asyncio.wait((waited,))
            waited = push.send(None)
    except StopIteration:
        pass
    except Exception:  # the socket has gone: its own receive loop ends it
        pass
    finally:
        push.close()
