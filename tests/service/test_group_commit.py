"""The store's one writer commits every append waiting at that moment in one transaction
(group commit), and answers each only after that commit: on SQLite and on PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

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
