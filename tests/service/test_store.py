"""The store protocol held by both adapters: SQLite (memory and a file) always, PostgreSQL
when POKERLAWS_TEST_POSTGRES names a server (.ci/postgres starts one)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from pokerlaws.service.store import Store, StoredSitting, open_store
from tests.skips import POSTGRES_SKIP, extra_reason

POSTGRES = os.environ.get("POKERLAWS_TEST_POSTGRES")


def _postgres_url() -> Iterator[str]:
    """A schema of its own for one test, dropped afterwards (the tables are made in it)."""
    psycopg = pytest.importorskip("psycopg", reason=extra_reason("psycopg", "service"))
    if not POSTGRES:
        pytest.skip(POSTGRES_SKIP)
    schema = f"t_{uuid.uuid4().hex}"
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    separator = "&" if "?" in POSTGRES else "?"
    try:
        yield f"{POSTGRES}{separator}options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["memory", "file", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "memory":
        yield "sqlite://:memory:"
    elif request.param == "file":
        yield f"sqlite:///{tmp_path / 'sittings.db'}"
    else:
        yield from _postgres_url()


@pytest.fixture(params=["file", "postgresql"])
def shared_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A store that several store objects (or processes) can open at once."""
    if request.param == "file":
        yield f"sqlite:///{tmp_path / 'sittings.db'}"
    else:
        yield from _postgres_url()


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    opened = open_store(url)
    yield opened
    opened.close()


def test_a_new_sitting_loads_with_its_header_and_no_events(store: Store) -> None:
    assert isinstance(store, Store)
    assert store.load("s1") is None
    store.create("s1", '{"rules": {}}')
    assert store.load("s1") == StoredSitting("s1", '{"rules": {}}', ())


def test_create_refuses_an_id_that_exists_and_keeps_the_first(store: Store) -> None:
    store.create("s1", "first")
    with pytest.raises(ValueError, match="s1"):
        store.create("s1", "second")
    assert store.load("s1") == StoredSitting("s1", "first", ())


def test_append_takes_only_the_next_sequence_number(store: Store) -> None:
    store.create("s1", "h")
    assert store.append("s1", 0, "e0")
    assert not store.append("s1", 0, "doubled")  # taken already
    assert not store.append("s1", 2, "future")  # a gap
    assert not store.append("s1", -1, "negative")
    assert not store.append("s1", 2**70, "huge")
    assert store.append("s1", 1, "e1")
    assert not store.append("s1", 0, "stale")
    loaded = store.load("s1")
    assert loaded is not None
    assert loaded.events == ("e0", "e1")


def test_append_to_no_sitting_is_a_key_error(store: Store) -> None:
    with pytest.raises(KeyError):
        store.append("nobody", 0, "e")
    store.create("s1", "h")
    store.remove("s1")
    with pytest.raises(KeyError):
        store.append("s1", 0, "e")


def test_sittings_keep_their_own_events(store: Store) -> None:
    store.create("a", "ha")
    store.create("b", "hb")
    assert store.append("a", 0, "a0")
    assert store.append("b", 0, "b0")
    assert store.append("b", 1, "b1")
    assert store.load("a") == StoredSitting("a", "ha", ("a0",))
    assert store.load("b") == StoredSitting("b", "hb", ("b0", "b1"))


def test_list_is_oldest_first_and_remove_deletes_events(store: Store) -> None:
    for sitting_id in ("m", "c", "x"):
        store.create(sitting_id, "h")
    assert store.list() == ("m", "c", "x")
    store.append("c", 0, "e")
    store.remove("c")
    store.remove("never")  # nothing to remove: nothing happens
    assert store.list() == ("m", "x")
    assert store.load("c") is None
    store.create("c", "again")  # the id is free again, with no old events
    assert store.load("c") == StoredSitting("c", "again", ())


def test_text_is_kept_exactly(store: Store) -> None:
    header = '{"name": "Zoë \\u0000 ♠", "note": "' + "x" * 100_000 + '"}'
    store.create("s1", header)
    event = '{"type": "action", "text": "Ærø\\n\'quoted\'; DROP TABLE x;"}'
    assert store.append("s1", 0, event)
    assert store.load("s1") == StoredSitting("s1", header, (event,))


def test_wrong_types_are_type_errors(store: Store) -> None:
    store.create("s1", "h")
    with pytest.raises(TypeError, match="sequence number"):
        store.append("s1", True, "e")
    with pytest.raises(TypeError, match="sequence number"):
        store.append("s1", "0", "e")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="event"):
        store.append("s1", 0, b"e")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="header"):
        store.create("s2", None)  # type: ignore[arg-type]
    assert store.load("s1") == StoredSitting("s1", "h", ())
    assert store.load("s2") is None


def test_threads_racing_for_each_number_win_it_once(store: Store) -> None:
    store.create("s1", "h")
    rounds, threads = 40, 6
    won: list[list[int]] = [[] for _ in range(threads)]
    start = threading.Barrier(threads)

    def racer(me: int) -> None:
        start.wait()
        for seq in range(rounds):
            if store.append("s1", seq, f"{seq}:{me}"):
                won[me].append(seq)

    workers = [threading.Thread(target=racer, args=(me,)) for me in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    loaded = store.load("s1")
    assert loaded is not None
    # A racer that lost a number may try the next before the winner wrote it: a number can
    # stay unwon by this schedule, never won twice; what is stored is what the winners wrote.
    winners = {seq: me for me in range(threads) for seq in won[me]}
    assert sum(map(len, won)) == len(winners) == len(loaded.events)
    assert loaded.events == tuple(f"{seq}:{winners[seq]}" for seq in range(len(winners)))


def test_two_stores_on_one_database_never_both_win_a_number(shared_url: str) -> None:
    first, second = open_store(shared_url), open_store(shared_url)
    try:
        first.create("s1", "h")
        with pytest.raises(ValueError, match="s1"):
            second.create("s1", "h2")
        for seq in range(30):
            one = first.append("s1", seq, f"first {seq}")
            other = second.append("s1", seq, f"second {seq}")
            assert (one, other) == (True, False)
        assert second.append("s1", 30, "second 30")
        assert not first.append("s1", 30, "first 30")
        loaded = first.load("s1")
        assert loaded is not None
        assert loaded.events[-1] == "second 30"
        assert len(loaded.events) == 31
    finally:
        first.close()
        second.close()


def test_events_outlive_the_store_that_wrote_them(shared_url: str) -> None:
    store = open_store(shared_url)
    store.create("s1", "h")
    assert store.append("s1", 0, "e0")
    store.close()
    reopened = open_store(shared_url)
    try:
        assert reopened.load("s1") == StoredSitting("s1", "h", ("e0",))
        assert reopened.append("s1", 1, "e1")
    finally:
        reopened.close()


_WRITER = """
import sys
from pokerlaws.service.store import open_store
store = open_store(sys.argv[1])
store.create("s1", "h")
seq = 0
while True:
    assert store.append("s1", seq, f"event {seq}")
    print(seq, flush=True)
    seq += 1
"""


def test_an_acknowledged_append_survives_sigkill(shared_url: str) -> None:
    """A writer killed at once after an acknowledgement: every acknowledged event is there,
    and at most one more (committed, its acknowledgement lost to the kill). The writer runs
    ahead of this reader by what the pipe holds, so every line it printed before the kill
    counts as acknowledged, not only the one that triggered the kill (on a loaded machine it
    was thirty lines ahead)."""
    environment = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    writer = subprocess.Popen(
        [sys.executable, "-c", _WRITER, shared_url],
        stdout=subprocess.PIPE,
        text=True,
        env=environment,
    )
    assert writer.stdout is not None
    acknowledged = -1
    for line in writer.stdout:
        acknowledged = int(line)
        if acknowledged == 60:
            writer.send_signal(signal.SIGKILL)
            break
    writer.wait()
    assert acknowledged == 60, "the writer stopped before it was killed"
    for line in writer.stdout:
        acknowledged = int(line)
    store = open_store(shared_url)
    try:
        loaded = store.load("s1")
        assert loaded is not None
        assert len(loaded.events) in (acknowledged + 1, acknowledged + 2)
        assert loaded.events == tuple(f"event {seq}" for seq in range(len(loaded.events)))
    finally:
        store.close()


def test_a_closed_store_refuses_work(url: str) -> None:
    store = open_store(url)
    store.create("s1", "h")
    store.close()
    with pytest.raises(ValueError, match="closed"):
        store.load("s1")


@pytest.mark.parametrize(
    ("bad", "named"),
    [
        ("mysql://host/db", "'mysql'"),
        ("SQLITE", "scheme://"),
        ("sqlite://relative.db", "sqlite:///path.db"),
        ("sqlite:///", "sqlite:///path.db"),
    ],
)
def test_open_store_names_what_it_does_not_know(bad: str, named: str) -> None:
    with pytest.raises(ValueError, match=named) as raised:
        open_store(bad)
    assert "password" not in str(raised.value)


def test_open_store_does_not_echo_a_url_it_refuses() -> None:
    with pytest.raises(ValueError, match="'postgresq'") as raised:
        open_store("postgresq://user:secret@host/db")
    assert "secret" not in str(raised.value)
    with pytest.raises(TypeError, match="str"):
        open_store(b"sqlite://:memory:")  # type: ignore[arg-type]


@pytest.mark.parametrize("where", ["memory", "file"])
def test_sqlite_heads_count_the_events_of_every_sitting_named_in_one_look(
    where: str, tmp_path: Path
) -> None:
    """A server's poll for other processes' events asks the counts of all its sittings at
    once, some hundreds a statement: each named sitting with events, its count; one with
    none, or no such sitting, left out."""
    url = "sqlite://:memory:" if where == "memory" else f"sqlite:///{tmp_path / 'heads.db'}"
    store = open_store(url)
    try:
        names = [f"s{k}" for k in range(1100)]  # more than one statement's share
        for name in names:
            store.create(name, "{}")
        for seq in range(3):
            assert store.append("s1099", seq, "{}")
        assert store.append("s0", 0, "{}")
        heads = store.heads  # type: ignore[attr-defined]
        assert heads([*names, "nosuch"]) == {"s0": 1, "s1099": 3}
        assert heads(["s1", "s1099"]) == {"s1099": 3}
        assert heads([]) == {}
    finally:
        store.close()
