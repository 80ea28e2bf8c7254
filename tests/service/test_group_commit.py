"""The store's one writer commits every append waiting at that moment in one transaction
(group commit), and answers each only after that commit: on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from pokerlaws.service._stored import _answer_waiters
from pokerlaws.service.store import open_store
from tests.service.test_store import _postgres_url


@pytest.fixture(params=["file", "postgresql"])
def shared_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "file":
        yield f"sqlite:///{tmp_path / 'sittings.db'}"
    else:
        yield from _postgres_url()


def test_appends_waiting_together_are_committed_in_one_transaction(shared_url: str) -> None:
    """While the writer commits one append, nine more come (three sittings); they go in the
    next transaction, all nine, and each is answered only once it is committed, which
    another connection to the database sees."""
    store: Any = open_store(shared_url)
    onlooker = open_store(shared_url)
    committing = threading.Event()
    release = threading.Event()
    batches: list[int] = []
    wrong: list[str] = []
    original = store._writer._commit

    def commit(batch: list[Any]) -> list[bool | Exception]:
        batches.append(len(batch))
        if len(batches) == 1:
            committing.set()
            release.wait(30)
        if any(pending.answer.done() for pending in batch):
            wrong.append("an append was answered before its commit")
        answers: list[bool | Exception] = original(batch)
        for pending, answer in zip(batch, answers, strict=True):
            stored = onlooker.load(pending.sitting_id)
            if answer is True and (stored is None or pending.event not in stored.events):
                wrong.append(f"{pending.event} not committed when answered")
        return answers

    store._writer._commit = commit
    try:
        for sitting in ("a", "b", "c"):
            store.create(sitting, "h")
        first = store.append_later("a", 0, "a0")
        assert committing.wait(30)
        later: list[Future[bool]] = [
            store.append_later(sitting, seq, f"{sitting}{seq}")
            for seq in range(3)
            for sitting in ("a", "b", "c")
            if (sitting, seq) != ("a", 0)
        ]
        later.append(store.append_later("a", 0, "a0 again"))  # the number is taken
        release.set()
        assert first.result(30) is True
        assert [future.result(30) for future in later] == [True] * 8 + [False]
        assert batches == [1, 9]
        assert wrong == []
        for sitting in ("a", "b", "c"):
            assert onlooker.load(sitting).events == tuple(f"{sitting}{k}" for k in range(3))  # type: ignore[union-attr]
    finally:
        release.set()
        store.close()
        onlooker.close()


def test_a_failed_group_commit_acknowledges_none_of_its_appends(shared_url: str) -> None:
    """A transaction that fails answers every append in it with the error, none True."""
    store: Any = open_store(shared_url)
    try:
        store.create("a", "h")

        def broken(batch: list[Any]) -> list[bool | Exception]:
            raise OSError("the disk is full")

        store._writer._commit = broken
        futures = [store.append_later("a", 0, "a0"), store.append_later("a", 1, "a1")]
        for future in futures:
            with pytest.raises(OSError, match="disk"):
                future.result(30)
    finally:
        store.close()
    reopened = open_store(shared_url)
    try:
        assert reopened.load("a").events == ()  # type: ignore[union-attr]
    finally:
        reopened.close()


def test_appends_awaited_on_an_event_loop_are_answered_after_their_commit_in_one_call(
    shared_url: str,
) -> None:
    """The service awaits its appends on its event loop (``append_async``): nine coming
    while a commit is on its way go in the next transaction, and are answered after it,
    all nine in one call on the loop, not one wake of the loop each."""
    store: Any = open_store(shared_url)
    committing = threading.Event()
    release = threading.Event()
    batches: list[int] = []
    early: list[str] = []
    original = store._writer._commit

    def commit(batch: list[Any]) -> list[bool | Exception]:
        batches.append(len(batch))
        if len(batches) == 1:
            committing.set()
            release.wait(30)
        early.extend(p.event for p in batch if p.waiter is not None and p.waiter.done())
        answers: list[bool | Exception] = original(batch)
        return answers

    async def play() -> tuple[list[bool], list[Any]]:
        loop = asyncio.get_running_loop()
        calls: list[Any] = []
        threadsafe = loop.call_soon_threadsafe

        def counted(callback: Any, *args: Any, **keywords: Any) -> Any:
            calls.append(callback)
            return threadsafe(callback, *args, **keywords)

        loop.call_soon_threadsafe = counted  # type: ignore[method-assign,assignment]
        first = store.append_later("a", 0, "a0")
        assert await asyncio.to_thread(committing.wait, 30)
        waiters = [
            store.append_async(sitting, seq, f"{sitting}{seq}")
            for seq in range(3)
            for sitting in ("a", "b", "c")
            if (sitting, seq) != ("a", 0)
        ]
        waiters.append(store.append_async("a", 0, "a0 again"))  # the number is taken
        release.set()
        assert await asyncio.wrap_future(first) is True
        return list(await asyncio.gather(*waiters)), calls

    store._writer._commit = commit
    try:
        for sitting in ("a", "b", "c"):
            store.create(sitting, "h")
        answers, calls = asyncio.run(play())
        assert answers == [True] * 8 + [False]
        assert batches == [1, 9]
        assert early == []
        assert sum(call is _answer_waiters for call in calls) == 1
    finally:
        release.set()
        store.close()


def test_a_failed_group_commit_raises_in_every_append_awaited_on_a_loop(shared_url: str) -> None:
    """A transaction that fails raises its error in every awaited append, none True."""
    store: Any = open_store(shared_url)
    try:
        store.create("a", "h")

        def broken(batch: list[Any]) -> list[bool | Exception]:
            raise OSError("the disk is full")

        store._writer._commit = broken

        async def play() -> list[Any]:
            waiters = [store.append_async("a", 0, "a0"), store.append_async("a", 1, "a1")]
            return list(await asyncio.gather(*waiters, return_exceptions=True))

        answers = asyncio.run(play())
        assert [type(answer) for answer in answers] == [OSError, OSError]
    finally:
        store.close()
