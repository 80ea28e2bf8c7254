"""What a store keeps of a sitting, and the checks every adapter makes of its arguments:
apart from :mod:`pokerlaws.service.store`, so that the adapters, which it opens, import
them without importing it."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import attrs


@attrs.frozen
class StoredSitting:
    """One sitting as the store holds it.

    Attributes:
        id: the sitting's id.
        header: the JSON document written when the sitting was created (rules, players,
            terms, token hashes...), opaque to the store.
        events: the sitting's events as JSON documents, ``events[k]`` the one of sequence
            number ``k``.
    """

    id: str
    header: str
    events: tuple[str, ...]


def _check_append(sitting_id: str, seq: int, event: str) -> None:
    """The types append takes, checked alike by every adapter (a bool is not a number)."""
    if not isinstance(sitting_id, str):
        raise TypeError(f"a sitting id is a str, not {type(sitting_id).__name__}")
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise TypeError(f"a sequence number is an int, not {type(seq).__name__}")
    if not isinstance(event, str):
        raise TypeError(f"an event is a str (a JSON document), not {type(event).__name__}")


def _check_text(name: str, value: object) -> None:
    if not isinstance(value, str):
        raise TypeError(f"{name} is a str, not {type(value).__name__}")


def _read_sitting(connection: Any, sitting_id: str, mark: str) -> StoredSitting | None:
    """The sitting ``sitting_id`` read through ``connection`` (sqlite3's or psycopg's, each
    inside the read transaction its adapter opened), ``mark`` its driver's parameter mark
    (``?`` or ``%s``): the header, then the events in order of their numbers."""
    row = connection.execute(
        f"SELECT header FROM pokerlaws_sittings WHERE id = {mark}", (sitting_id,)
    ).fetchone()
    if row is None:
        return None
    events = connection.execute(
        f"SELECT event FROM pokerlaws_events WHERE sitting = {mark} ORDER BY seq",
        (sitting_id,),
    ).fetchall()
    return StoredSitting(sitting_id, row[0], tuple(event for (event,) in events))


@attrs.define(eq=False)
class Pending:
    """One append waiting for the writer: what to write, and the future that answers it: a
    thread's (``answer``) or an event loop's (``waiter``)."""

    sitting_id: str
    seq: int
    event: str
    answer: Future[bool] | None = None
    waiter: asyncio.Future[bool] | None = None


def _answer_waiters(answered: list[tuple[asyncio.Future[bool], bool | BaseException]]) -> None:
    """On their event loop: answer the waiters of one commit (one call for all of them)."""
    for waiter, answer in answered:
        if waiter.cancelled():
            continue  # its request has gone; the commit stands, the store is the truth
        if isinstance(answer, BaseException):
            waiter.set_exception(answer)
        else:
            waiter.set_result(answer)


class GroupWriter:
    """The one writer of a store: it takes every append waiting at that moment and commits
    them in one transaction (``commit``, the adapter's, which answers each append: True,
    False or the exception it raises, and commits before it returns), so that one flush to
    disk serves many sittings' actions; each append's future is answered only after that
    commit.

    An append that comes while a commit is on its way waits for the next one: under load
    the batches grow by themselves, and a lone append is committed at once (no timer). The
    thread starts with the first append and stops at :meth:`close`.
    """

    def __init__(
        self, commit: Callable[[list[Pending]], list[bool | Exception]], name: str
    ) -> None:
        self._commit = commit
        self._name = name
        self._waiting: list[Pending] = []
        self._ready = threading.Condition()
        self._closed = False
        self._thread: threading.Thread | None = None

    def submit(self, sitting_id: str, seq: int, event: str) -> Future[bool]:
        """Queue an append; its future is True once committed (see ``Store.append``)."""
        answer: Future[bool] = Future()
        self._queue(Pending(sitting_id, seq, event, answer=answer))
        return answer

    def submit_async(self, sitting_id: str, seq: int, event: str) -> asyncio.Future[bool]:
        """:meth:`submit` from a running event loop: the future is that loop's, answered
        on it with every other of the same commit in one call (no thread's future, no
        wake of the loop an append: under load these were a twentieth of the server)."""
        waiter: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._queue(Pending(sitting_id, seq, event, waiter=waiter))
        return waiter

    def _queue(self, pending: Pending) -> None:
        with self._ready:
            if self._closed:
                raise ValueError("the store is closed")
            self._waiting.append(pending)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            self._ready.notify()

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._waiting and not self._closed:
                    self._ready.wait()
                batch, self._waiting = self._waiting, []
                if not batch:
                    return  # closed, nothing left
            answers: list[bool | BaseException]
            try:
                answers = list(self._commit(batch))
            except BaseException as error:  # the transaction is lost: so is every append
                answers = [error] * len(batch)
            by_loop: dict[asyncio.AbstractEventLoop, list[Any]] = {}
            for pending, answer in zip(batch, answers, strict=True):
                if pending.waiter is not None:
                    by_loop.setdefault(pending.waiter.get_loop(), []).append(
                        (pending.waiter, answer)
                    )
                elif pending.answer is None:
                    continue
                elif isinstance(answer, BaseException):
                    pending.answer.set_exception(answer)
                else:
                    pending.answer.set_result(answer)
            for loop, answered in by_loop.items():
                with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
                    loop.call_soon_threadsafe(_answer_waiters, answered)

    def close(self) -> None:
        """Commit what is waiting, then stop the thread."""
        with self._ready:
            self._closed = True
            self._ready.notify()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join()
