"""What the stores tell a caller beyond the protocol's happy path (issue 33, the mutation
sample of service/): a sitting id of another type named in every adapter's TypeError, and
PostgreSQL's notices of a batch of appends, each event told once to a watcher.

The PostgreSQL tests run when POKERLAWS_TEST_POSTGRES names a server (.ci/postgres starts
one) and skip saying so otherwise."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pokerlaws.service.store import Store, open_store
from tests.service.test_store import _postgres_url


@pytest.fixture(params=["memory", "postgresql"])
def store(request: pytest.FixtureRequest) -> Iterator[Store]:
    if request.param == "memory":
        opened = open_store("sqlite://:memory:")
        yield opened
        opened.close()
    else:
        for url in _postgres_url():
            opened = open_store(url)
            try:
                yield opened
            finally:
                opened.close()


@pytest.mark.parametrize(
    "call",
    [
        lambda store: store.load(7),
        lambda store: store.remove(7),
        lambda store: store.create(7, "h"),
        lambda store: store.append(7, 0, "e"),
    ],
    ids=["load", "remove", "create", "append"],
)
def test_a_sitting_id_not_a_str_is_a_type_error_that_names_it(
    store: Store, call: Callable[[Any], object]
) -> None:
    """Mutant killed: ``_check_text("a sitting id", sitting_id)`` turned
    ``_check_text("A SITTING ID", sitting_id)`` in PostgresStore.load (and the like)."""
    store.create("s1", "h")
    with pytest.raises(TypeError, match=r"^a sitting id is a str, not int$"):
        call(store)
    assert store.list() == ("s1",)


def _until(done: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_a_watcher_on_postgresql_is_told_every_event_of_a_batch_once() -> None:
    """Sixty appends submitted at once go in few transactions (the writer takes all that
    wait), whose notices' ``"<id> <seq>"`` lines (ids of 200 characters here) pass the
    7,000 bytes a payload may take: each transaction sends several NOTIFYs of several lines
    each. The watcher is told each event written, once, and none that was not.

    Mutant killed: ``yield "\\n".join(chunk)`` turned ``yield "XX\\nXX".join(chunk)`` in
    ``_postgres._notices`` (the listener then reads a seq ``"0XX"``, and its thread dies)."""
    url_source = _postgres_url()
    url = next(url_source)
    from pokerlaws.service._postgres import PostgresStore

    store = PostgresStore(url)
    told: list[tuple[str, int]] = []
    lock = threading.Lock()

    def callback(sitting_id: str, seq: int) -> None:
        with lock:
            told.append((sitting_id, seq))

    def heard(entry: tuple[str, int]) -> Callable[[], bool]:
        def check() -> bool:
            with lock:
                return entry in told

        return check

    try:
        store.watch(callback)
        # LISTEN starts in the store's own thread: a probe appended until it is heard.
        store.create("probe", "h")
        for seq in range(50):
            assert store.append("probe", seq, "e")
            if _until(heard(("probe", seq)), 0.2):
                break
        else:
            pytest.fail("the watcher never heard the probe")
        with lock:
            told.clear()
        ids = [f"s{k:02d}" + "x" * 200 for k in range(60)]
        for sitting_id in ids:
            store.create(sitting_id, "h")
        futures = [store.append_later(sitting_id, 0, "e") for sitting_id in ids]
        futures.append(store.append_later(ids[0], 5, "not the next number"))
        assert [future.result(timeout=30) for future in futures] == [True] * 60 + [False]
        wanted = sorted((sitting_id, 0) for sitting_id in ids)

        def all_told() -> bool:
            with lock:
                return len(told) >= len(wanted)

        _until(all_told, 10.0)
        time.sleep(0.1)  # a notice told twice would come now
        with lock:
            assert sorted(told) == wanted
    finally:
        store.close()
        for _ in url_source:
            pass
