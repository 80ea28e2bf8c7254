"""Where the table service keeps its sittings: a store of headers and numbered events.

A sitting is its record: the store keeps, for each sitting id, one header document and the
events in order, ``events[k]`` with sequence number ``k``. Both are JSON text written by the
app (:mod:`pokerlaws.service.sittings`) and opaque here; loading a sitting replays its events
through the library, so no state is ever serialised a second way.

The one promise that matters is :meth:`Store.append`'s: it returns True only once the event
is committed, and of two appends with the same sequence number at most one succeeds, even
from two server processes on one database (the database enforces it with a primary key on
``(sitting, seq)``, not the process with a lock). The service acknowledges an action only
after that True, so a server killed at any moment restarts with every acknowledged action
and no other. ``docs/stores.md`` says how to write an adapter for another database.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from pokerlaws.service._stored import StoredSitting

__all__ = ["Store", "StoredSitting", "open_store"]


@runtime_checkable
class Store(Protocol):
    """What the table service needs of a database: sittings as a header and numbered events.

    Implementations are safe to call from many threads at once (Starlette runs the service's
    synchronous code in a thread pool), and every write is committed before it returns.
    """

    def create(self, sitting_id: str, header: str) -> None:
        """Store a new sitting with no events, committed before it returns.

        Raises:
            ValueError: a sitting ``sitting_id`` exists already.
        """
        ...

    def load(self, sitting_id: str) -> StoredSitting | None:
        """The sitting ``sitting_id`` with all its committed events, or None if there is none."""
        ...

    def append(self, sitting_id: str, seq: int, event: str) -> bool:
        """Store ``event`` as event number ``seq`` of the sitting, in one committed transaction.

        Returns True once it is committed; False, with nothing written, if the sitting has an
        event ``seq`` already or ``seq`` is not the number of its events (a stale or a future
        sequence number). Of two appends with the same ``seq``, from any threads or processes
        sharing the database, at most one returns True.

        Raises:
            KeyError: there is no sitting ``sitting_id``.
        """
        ...

    def list(self) -> tuple[str, ...]:
        """The ids of the stored sittings, oldest first."""
        ...

    def remove(self, sitting_id: str) -> None:
        """Delete the sitting and its events (nothing happens if there is none)."""
        ...

    def close(self) -> None:
        """Close the store's connections; the store is not used afterwards."""
        ...


def open_store(url: str) -> Store:
    """The store at ``url``.

    * ``sqlite:///path/to.db``: an SQLite file (created if missing) in WAL mode, each event
      its own transaction, ``synchronous=FULL`` (docs/stores.md says why);
      ``sqlite:////abs/path.db`` for an absolute path.
    * ``sqlite://:memory:``: a private in-memory database, for tests (lost on close).
    * ``postgresql://...`` (or ``postgres://``): PostgreSQL through psycopg 3, the tables
      created if missing; several server processes may share one database.

    Raises:
        TypeError: ``url`` is not a str.
        ValueError: a scheme other than these (named in the message), or an SQLite URL
            without a path.
    """
    if not isinstance(url, str):
        raise TypeError(f"a store URL is a str, not {type(url).__name__}")
    scheme, separator, rest = url.partition("://")
    if not separator:
        # The URL is not echoed: it may hold a password.
        raise ValueError(
            "a store URL is scheme://...: sqlite:///path.db, sqlite://:memory: or postgresql://..."
        )
    scheme = scheme.lower()
    if scheme == "sqlite":
        from pokerlaws.service._sqlite import SQLiteStore

        if rest == ":memory:":
            return SQLiteStore(":memory:")
        if not rest.startswith("/") or rest == "/":
            raise ValueError(
                f"an SQLite store URL is sqlite:///path.db or sqlite://:memory:, not {url!r}"
            )
        return SQLiteStore(rest[1:])
    if scheme in ("postgresql", "postgres"):
        from pokerlaws.service._postgres import PostgresStore

        return PostgresStore(url)
    raise ValueError(
        f"no store for the scheme {scheme!r}: sqlite:///path.db, sqlite://:memory: "
        "or postgresql://..."
    )
