"""The PostgreSQL store: the sittings of several server processes in one database
(psycopg 3, the ``service`` extra).

Each thread has its own connection, in autocommit mode, for reading. One writer thread makes
every append (:class:`~pokerlaws.service._stored.GroupWriter`): the appends waiting at that
moment go in one transaction, committed (PostgreSQL's default ``synchronous_commit = on``:
the WAL is flushed to disk) before any of them returns True; the same transaction sends a
``NOTIFY`` naming each event written, so that every server process on the database (see
:meth:`PostgresStore.watch`) learns of it when, and only if, it is committed. Two
processes' appends of one sequence number are kept apart by the database itself: the primary
key on ``(sitting, seq)`` lets one insert in and turns the other into ``ON CONFLICT DO
NOTHING``, so exactly one succeeds whatever the timing. The tables are created if missing,
under an advisory lock (two processes starting at once would otherwise race in ``CREATE
TABLE IF NOT EXISTS``); they go in the first schema of the connection's ``search_path``.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from typing import Any

from pokerlaws._extras import needs_extra
from pokerlaws.service._stored import (
    GroupWriter,
    Pending,
    StoredSitting,
    _check_append,
    _check_text,
    _read_sitting,
)

with needs_extra("service", "pokerlaws.service's PostgreSQL store"):
    import psycopg

# Any fixed number: the key of the advisory lock taken while the tables are created.
_SCHEMA_LOCK = 0x706F6B65726C6177

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS pokerlaws_sittings (
        n BIGSERIAL NOT NULL,
        id TEXT PRIMARY KEY,
        header TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS pokerlaws_events (
        sitting TEXT NOT NULL REFERENCES pokerlaws_sittings (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL CHECK (seq >= 0),
        event TEXT NOT NULL,
        PRIMARY KEY (sitting, seq)
    )""",
)

# As the SQLite store's: in only if the sitting exists and seq is the next number. Under
# READ COMMITTED two processes may both find seq free; the primary key then keeps one.
_APPEND = """INSERT INTO pokerlaws_events (sitting, seq, event)
    SELECT s.id, %(seq)s, %(event)s FROM pokerlaws_sittings AS s
    WHERE s.id = %(id)s
    AND (SELECT COALESCE(MAX(e.seq) + 1, 0) FROM pokerlaws_events AS e
         WHERE e.sitting = %(id)s) = %(seq)s
    ON CONFLICT (sitting, seq) DO NOTHING"""

_INT32 = 2**31

# A sitting's events from a number on; one row of NULL if it has none, no row if there is
# no such sitting (one statement, so one round trip, for a server that holds the rest).
_AFTER = """SELECT e.event FROM pokerlaws_sittings AS s
    LEFT JOIN pokerlaws_events AS e ON e.sitting = s.id AND e.seq >= %s
    WHERE s.id = %s ORDER BY e.seq"""

CHANNEL = "pokerlaws_events"
"""The channel of the notices sent in each append's transaction: ``"<sitting id> <seq>"``
lines, one an event committed."""

_NOTICE_BYTES = 7000  # PostgreSQL takes a payload under 8000 bytes


def _notices(lines: list[str]) -> Iterator[str]:
    """The lines joined into payloads each within PostgreSQL's bound."""
    chunk: list[str] = []
    size = 0
    for line in lines:
        if chunk and size + len(line) + 1 > _NOTICE_BYTES:
            yield "\n".join(chunk)
            chunk, size = [], 0
        chunk.append(line)
        size += len(line) + 1
    if chunk:
        yield "\n".join(chunk)


class PostgresStore:
    """The sittings of one PostgreSQL database, shared by any number of server processes."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._local = threading.local()
        self._connections: list[psycopg.Connection[Any]] = []
        self._connections_lock = threading.Lock()
        self._closed = False
        self._writer = GroupWriter(self._commit, "pokerlaws-postgres-writer")
        connection = self._connection()
        with connection.transaction():
            connection.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            for statement in _SCHEMA:
                connection.execute(statement)

    def _connection(self) -> psycopg.Connection[Any]:
        if self._closed:
            raise ValueError("the store is closed")
        connection: psycopg.Connection[Any] | None = getattr(self._local, "connection", None)
        if connection is None or connection.closed or connection.broken:
            # A connection lost (the server restarted) is replaced at the next call; the
            # call that found it lost has raised, for its write may or may not have
            # committed, and only the caller can find out (by reading the sitting).
            connection = psycopg.connect(self._url, autocommit=True)
            self._local.connection = connection
            with self._connections_lock:
                self._connections.append(connection)
        return connection

    def create(self, sitting_id: str, header: str) -> None:
        _check_text("a sitting id", sitting_id)
        _check_text("a header", header)
        try:
            self._connection().execute(
                "INSERT INTO pokerlaws_sittings (id, header) VALUES (%s, %s)",
                (sitting_id, header),
            )
        except psycopg.errors.UniqueViolation:
            raise ValueError(f"a sitting {sitting_id!r} exists already") from None

    def load(self, sitting_id: str) -> StoredSitting | None:
        _check_text("a sitting id", sitting_id)
        connection = self._connection()
        # REPEATABLE READ: the header and the events from one snapshot.
        with connection.transaction():
            connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            return _read_sitting(connection, sitting_id, "%s")

    def load_after(self, sitting_id: str, seq: int) -> tuple[str, ...] | None:
        """The sitting's events numbered ``seq`` and after, in order (None: no sitting)."""
        _check_text("a sitting id", sitting_id)
        rows = self._connection().execute(_AFTER, (seq, sitting_id)).fetchall()
        if not rows:
            return None
        return tuple(event for (event,) in rows if event is not None)

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
        """The writer's transaction: every append waiting, and the notice of those written
        (delivered to listeners when, and only if, it commits), one commit."""
        connection = self._connection()
        try:
            with connection.transaction():
                # One round trip for all the inserts (a pipeline), not one an insert; each
                # cursor's rowcount is there once the pipeline has synced, at its end.
                with connection.pipeline():
                    cursors = [
                        connection.execute(
                            _APPEND, {"id": p.sitting_id, "seq": p.seq, "event": p.event}
                        )
                        if 0 <= p.seq < _INT32
                        else None
                        for p in batch
                    ]
                answers = [
                    self._answer(p, None if cursor is None else cursor.rowcount)
                    for p, cursor in zip(batch, cursors, strict=True)
                ]
                written = [
                    f"{p.sitting_id} {p.seq}"
                    for p, a in zip(batch, answers, strict=True)
                    if a is True
                ]
                for notice in _notices(written):
                    connection.execute("SELECT pg_notify(%s, %s)", (CHANNEL, notice))
        except psycopg.errors.ForeignKeyViolation:
            # A sitting removed meanwhile spoilt the transaction: each append alone, then.
            if len(batch) == 1:
                return [KeyError(batch[0].sitting_id)]
            return [self._commit([pending])[0] for pending in batch]
        return answers

    def _answer(self, pending: Pending, rows: int | None) -> bool | Exception:
        if rows == 1:
            return True
        return False if self._exists(pending.sitting_id) else KeyError(pending.sitting_id)

    def watch(self, callback: Callable[[str, int], None]) -> None:
        """Call ``callback(sitting_id, seq)`` (from a thread of the store's) for every event
        committed by any process on this database, this one included, until :meth:`close`.
        """
        if self._closed:
            raise ValueError("the store is closed")
        thread = threading.Thread(
            target=self._listen, args=(callback,), name="pokerlaws-postgres-listen", daemon=True
        )
        thread.start()

    def _listen(self, callback: Callable[[str, int], None]) -> None:
        while not self._closed:
            try:
                with psycopg.connect(self._url, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    while not self._closed:
                        for notice in connection.notifies(timeout=1.0):
                            for line in notice.payload.splitlines():
                                sitting_id, _, seq = line.partition(" ")
                                callback(sitting_id, int(seq))
            except psycopg.OperationalError:
                # The database went away: listen again once it is back (the service's
                # websockets poll meanwhile, slowly, so no event is missed for good).
                time.sleep(1.0)

    def _exists(self, sitting_id: str) -> bool:
        row = (
            self._connection()
            .execute("SELECT 1 FROM pokerlaws_sittings WHERE id = %s", (sitting_id,))
            .fetchone()
        )
        return row is not None

    def list(self) -> tuple[str, ...]:
        rows = (
            self._connection().execute("SELECT id FROM pokerlaws_sittings ORDER BY n").fetchall()
        )
        return tuple(sitting_id for (sitting_id,) in rows)

    def remove(self, sitting_id: str) -> None:
        _check_text("a sitting id", sitting_id)
        self._connection().execute("DELETE FROM pokerlaws_sittings WHERE id = %s", (sitting_id,))

    def close(self) -> None:
        self._writer.close()
        self._closed = True
        with self._connections_lock:
            connections, self._connections = self._connections, []
        for connection in connections:
            connection.close()

    def __repr__(self) -> str:
        # Not the URL: it may hold a password.
        return "PostgresStore(...)"
