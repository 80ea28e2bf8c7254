"""What a store keeps of a sitting, and the checks every adapter makes of its arguments:
apart from :mod:`pokerlaws.service.store`, so that the adapters, which it opens, import
them without importing it."""

from __future__ import annotations

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
