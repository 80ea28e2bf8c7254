"""The PostgreSQL store: the sittings of several server processes in one database
(psycopg 3, the ``service`` extra).

Each thread has its own connection, in autocommit mode: an append is one statement, so one
transaction, and it is committed (PostgreSQL's default ``synchronous_commit = on``: the WAL
is flushed to disk) before it returns True. Two processes' appends of one sequence number
are kept apart by the database itself: the primary key on ``(sitting, seq)`` lets one insert
in and turns the other into ``ON CONFLICT DO NOTHING``, so exactly one succeeds whatever the
timing. The tables are created if missing, under an advisory lock (two processes starting
at once would otherwise race in ``CREATE TABLE IF NOT EXISTS``); they go in the first schema
of the connection's ``search_path``.
"""

from __future__ import annotations

import threading
from typing import Any

from pokerlaws._extras import needs_extra
from pokerlaws.service._stored import StoredSitting, _check_append, _check_text, _read_sitting

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


class PostgresStore:
    """The sittings of one PostgreSQL database, shared by any number of server processes."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._local = threading.local()
        self._connections: list[psycopg.Connection[Any]] = []
        self._connections_lock = threading.Lock()
        self._closed = False
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

    def append(self, sitting_id: str, seq: int, event: str) -> bool:
        _check_append(sitting_id, seq, event)
        if not 0 <= seq < _INT32:
            if self._exists(sitting_id):
                return False
            raise KeyError(sitting_id)
        connection = self._connection()
        try:
            written = connection.execute(
                _APPEND, {"id": sitting_id, "seq": seq, "event": event}
            ).rowcount
        except psycopg.errors.ForeignKeyViolation:
            raise KeyError(sitting_id) from None  # removed meanwhile
        if written == 1:
            return True
        if not self._exists(sitting_id):
            raise KeyError(sitting_id)
        return False

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
        self._closed = True
        with self._connections_lock:
            connections, self._connections = self._connections, []
        for connection in connections:
            connection.close()

    def __repr__(self) -> str:
        # Not the URL: it may hold a password.
        return "PostgresStore(...)"
