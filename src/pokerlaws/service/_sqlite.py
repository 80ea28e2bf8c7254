"""The SQLite store: sittings in one file, an event a transaction (the standard library's
sqlite3, nothing to install).

Durability. The file is in WAL mode with ``synchronous=FULL``: a commit returns only after
its WAL frames are written and fsynced, so an event that :meth:`SQLiteStore.append`
acknowledged survives a killed process (which ``synchronous=NORMAL`` would also guarantee,
for the kernel keeps what was written) and a crash of the machine or a power loss too (which
NORMAL does not: its WAL is fsynced only at checkpoints, so the last commits may be lost,
though the file stays consistent). The service promises that an acknowledged action is
durable, so it pays an fsync a commit, shared by the appends of that commit; docs/stores.md
has the cost of it.

Group commit. One writer thread (:class:`~pokerlaws.service._stored.GroupWriter`) makes
every append: it takes all the appends waiting at that moment and writes them in one
``BEGIN IMMEDIATE`` transaction, so one fsync serves many sittings' actions, and answers each
only after the COMMIT returned. The threads of this process never meet in SQLite's busy
handler (which sleeps and backs off rather than queue); only another process writing the
same file can make the writer wait there.

Concurrency. Each thread has its own connection for reading (WAL lets readers go on while
the writer commits); the check of the sequence number and the insert are in the writer's
transaction, so they see the same events. The primary key on ``(sitting, seq)``
makes a doubled event impossible whatever the callers do, and it holds for several processes
on one file as well. ``:memory:`` is one connection behind a lock (an in-memory database is
private to its connection).
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import Future
from contextlib import contextmanager

from pokerlaws.service._stored import (
    GroupWriter,
    Pending,
    StoredSitting,
    _check_append,
    _check_text,
    _read_sitting,
)

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS pokerlaws_sittings (
        n INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        header TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS pokerlaws_events (
        sitting TEXT NOT NULL REFERENCES pokerlaws_sittings (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL CHECK (seq >= 0),
        event TEXT NOT NULL,
        PRIMARY KEY (sitting, seq)
    ) WITHOUT ROWID""",
)

# The event goes in only if the sitting exists and seq is the next number; the primary key
# refuses a second event of one number (ON CONFLICT: refused quietly, the caller is told).
_APPEND = """INSERT INTO pokerlaws_events (sitting, seq, event)
    SELECT :id, :seq, :event
    WHERE EXISTS (SELECT 1 FROM pokerlaws_sittings WHERE id = :id)
    AND (SELECT COALESCE(MAX(seq) + 1, 0) FROM pokerlaws_events WHERE sitting = :id) = :seq
    ON CONFLICT (sitting, seq) DO NOTHING"""

# A sitting's events from a number on; one row of NULL if it has none, no row if there is
# no such sitting (one statement, so one look, for a server that holds the rest).
_AFTER = """SELECT e.event FROM pokerlaws_sittings AS s
    LEFT JOIN pokerlaws_events AS e ON e.sitting = s.id AND e.seq >= ?
    WHERE s.id = ? ORDER BY e.seq"""

# How many events each sitting has (the highest number and one), for the sittings named.
_HEADS = "SELECT sitting, MAX(seq) + 1 FROM pokerlaws_events WHERE sitting IN"
# Within the oldest SQLite's bound on a statement's parameters (999).
_HEADS_AT_ONCE = 500

# How long a writer waits for another (of this or another process) to commit.
_BUSY_SECONDS = 30.0

_INT64 = 2**63


def _insert(connection: sqlite3.Connection, pending: Pending) -> bool | Exception:
    """One append inside the writer's transaction: True, False, or KeyError (no sitting)."""
    seq = pending.seq if 0 <= pending.seq < _INT64 else -1  # never the next (nor overflowing)
    arguments = {"id": pending.sitting_id, "seq": seq, "event": pending.event}
    if connection.execute(_APPEND, arguments).rowcount == 1:
        return True
    exists = connection.execute(
        "SELECT 1 FROM pokerlaws_sittings WHERE id = ?", (pending.sitting_id,)
    ).fetchone()
    return False if exists else KeyError(pending.sitting_id)


class SQLiteStore:
    """The sittings of one SQLite file (or of a private in-memory database)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._memory = path == ":memory:"
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._connections_lock = threading.Lock()
        self._memory_lock = threading.Lock()
        self._closed = False
        self._writer = GroupWriter(self._commit, "pokerlaws-sqlite-writer")
        first = self._connect()
        first.execute("PRAGMA journal_mode = WAL")
        for statement in _SCHEMA:
            first.execute(statement)
        if self._memory:
            self._shared = first
        else:
            self._local.connection = first

    def _connect(self) -> sqlite3.Connection:
        # isolation_level=None: no implicit transactions; each method opens its own.
        # check_same_thread=False only so that close() may close every thread's connection.
        connection = sqlite3.connect(
            self.path, timeout=_BUSY_SECONDS, isolation_level=None, check_same_thread=False
        )
        connection.execute("PRAGMA synchronous = FULL")
        connection.execute("PRAGMA foreign_keys = ON")
        with self._connections_lock:
            self._connections.append(connection)
        return connection

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        if self._closed:
            raise ValueError("the store is closed")
        if self._memory:
            with self._memory_lock:
                yield self._shared
            return
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is None:
            connection = self._connect()
            self._local.connection = connection
        yield connection

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[sqlite3.Connection]:
        with self._connection() as connection:
            connection.execute(begin)
            try:
                yield connection
                connection.execute("COMMIT")
            except BaseException:
                # A failed statement or a failed COMMIT: nothing of it stays.
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise

    def create(self, sitting_id: str, header: str) -> None:
        _check_text("a sitting id", sitting_id)
        _check_text("a header", header)
        try:
            with self._transaction("BEGIN IMMEDIATE") as connection:
                connection.execute(
                    "INSERT INTO pokerlaws_sittings (id, header) VALUES (?, ?)",
                    (sitting_id, header),
                )
        except sqlite3.IntegrityError:
            raise ValueError(f"a sitting {sitting_id!r} exists already") from None

    def load(self, sitting_id: str) -> StoredSitting | None:
        _check_text("a sitting id", sitting_id)
        # One read transaction: the header and the events of one snapshot.
        with self._transaction("BEGIN") as connection:
            return _read_sitting(connection, sitting_id, "?")

    def load_after(self, sitting_id: str, seq: int) -> tuple[str, ...] | None:
        """The sitting's events numbered ``seq`` and after, in order (None: no sitting)."""
        _check_text("a sitting id", sitting_id)
        # One statement: one snapshot, so no BEGIN and COMMIT around it.
        with self._connection() as connection:
            rows = connection.execute(_AFTER, (seq, sitting_id)).fetchall()
        if not rows:
            return None
        return tuple(event for (event,) in rows if event is not None)

    def heads(self, sitting_ids: Sequence[str]) -> dict[str, int]:
        """The number of events of each of these sittings that has any, in one statement a
        few hundred of them: a server's look for other processes' events, once a second."""
        counts: dict[str, int] = {}
        with self._connection() as connection:
            for start in range(0, len(sitting_ids), _HEADS_AT_ONCE):
                chunk = sitting_ids[start : start + _HEADS_AT_ONCE]
                marks = ", ".join("?" * len(chunk))
                query = f"{_HEADS} ({marks}) GROUP BY sitting"
                counts.update(connection.execute(query, tuple(chunk)).fetchall())
        return counts

    def append(self, sitting_id: str, seq: int, event: str) -> bool:
        return self.append_later(sitting_id, seq, event).result()

    def append_later(self, sitting_id: str, seq: int, event: str) -> Future[bool]:
        """:meth:`append` without waiting: its answer, a future, comes after the commit."""
        _check_append(sitting_id, seq, event)
        return self._writer.submit(sitting_id, seq, event)

    def append_async(self, sitting_id: str, seq: int, event: str) -> asyncio.Future[bool]:
        """:meth:`append_later` from a running event loop: a future of that loop."""
        _check_append(sitting_id, seq, event)
        return self._writer.submit_async(sitting_id, seq, event)

    def _commit(self, batch: list[Pending]) -> list[bool | Exception]:
        """The writer's transaction: every append waiting, one commit (so one fsync)."""
        # IMMEDIATE: the write lock from the start, so that the check of seq and the insert
        # are one step (a deferred read that turns into a write fails under WAL instead).
        with self._transaction("BEGIN IMMEDIATE") as connection:
            return [_insert(connection, pending) for pending in batch]

    def list(self) -> tuple[str, ...]:
        with self._connection() as connection:
            rows = connection.execute("SELECT id FROM pokerlaws_sittings ORDER BY n").fetchall()
        return tuple(sitting_id for (sitting_id,) in rows)

    def remove(self, sitting_id: str) -> None:
        _check_text("a sitting id", sitting_id)
        with self._transaction("BEGIN IMMEDIATE") as connection:
            connection.execute("DELETE FROM pokerlaws_sittings WHERE id = ?", (sitting_id,))

    def close(self) -> None:
        self._writer.close()
        self._closed = True
        with self._connections_lock:
            connections, self._connections = self._connections, []
        for connection in connections:
            connection.close()

    def __repr__(self) -> str:
        return f"SQLiteStore({self.path!r})"
