"""A small in-memory Store following the protocol of pokerlaws.service.store, for the app's
tests while the real adapters are built (and as a check that the app needs nothing more)."""

from __future__ import annotations

import threading

import attrs


@attrs.frozen
class MemoryStoredSitting:
    id: str
    header: str
    events: tuple[str, ...]


class MemoryStore:
    """Sittings in a dict, one lock for all: append is all-or-nothing like a transaction."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sittings: dict[str, tuple[str, list[str]]] = {}

    def create(self, sitting_id: str, header: str) -> None:
        with self._lock:
            if sitting_id in self._sittings:
                raise ValueError(f"a sitting {sitting_id!r} exists already")
            self._sittings[sitting_id] = (header, [])

    def load(self, sitting_id: str) -> MemoryStoredSitting | None:
        with self._lock:
            found = self._sittings.get(sitting_id)
            if found is None:
                return None
            return MemoryStoredSitting(sitting_id, found[0], tuple(found[1]))

    def append(self, sitting_id: str, seq: int, event: str) -> bool:
        with self._lock:
            events = self._sittings[sitting_id][1]
            if seq != len(events):
                return False
            events.append(event)
            return True

    def list(self) -> tuple[str, ...]:
        with self._lock:
            return tuple(self._sittings)

    def remove(self, sitting_id: str) -> None:
        with self._lock:
            self._sittings.pop(sitting_id, None)

    def close(self) -> None:
        pass
