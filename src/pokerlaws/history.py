"""A game's history: the events in order, shared between the states that follow each other.

Every transition records one event, and a state holds the whole history of its game. Were
the history a tuple, each transition would copy it, and a game of *n* events would cost
*n*\\ :sup:`2`/2 copies: nothing in a game played by the laws, but a record of 32,000 reports
(a referee's file, or a stranger's) took seconds to replay. A :class:`History` is an
immutable sequence like a tuple, equal to the tuple of its events and hashed like it, that
appends in constant time: the states of one game share one growing list, each seeing its
own first ``len(history)`` events of it, so an old state stays valid and unchanged.

The laws often ask where the last event of some kind came (the deal, a seat's discard, his
last action); :meth:`History.last` and its companions answer from an index by kind and by
seat, built on the first question and kept up as the game goes on, so a report costs the
same at the 30,000th event as at the first. Play that asks nothing builds no index.
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence
from heapq import merge
from itertools import islice
from operator import index as _as_index
from typing import Any, Generic, TypeVar, cast, overload

__all__ = ["History"]

_T = TypeVar("_T")
_E = TypeVar("_E")
_V = TypeVar("_V")


class _Log(Generic[_T]):
    """The list the states of one game share, and its index (kept up lazily).

    ``events`` only ever grows: once an event stands at a position it stays there, so a
    :class:`History` of ``n`` events, ``events[:n]``, never changes, whatever is appended
    after it. ``by_kind`` maps each class to the positions of its events (an event counts
    for its class and every class it derives from), ``by_seat`` maps (class, seat) the
    same way (an event without a ``seat``, such as a sitting's ``Leave``, under seat
    None); both cover ``events[:indexed]``.
    """

    __slots__ = ("answers", "by_kind", "by_seat", "distinct", "events", "indexed")

    by_kind: dict[type, list[int]]
    by_seat: dict[tuple[type, int | None], list[int]]
    distinct: dict[tuple[object, ...], tuple[int, frozenset[object]]]
    """What :meth:`History.distinct` has gathered: for each question, how far along its
    positions it has read, and the values found."""
    answers: dict[tuple[object, ...], int | None]
    """The answers of :meth:`History.last` and :meth:`History.first`, by question and length:
    listing the reports open at one moment asks the same few questions a hundred times."""

    def __init__(self, events: list[_T]) -> None:
        # The dictionaries wait for the first question (index_to): most games ask none.
        self.events = events
        self.indexed = 0

    def index_to(self, length: int) -> None:
        """Extend the index over ``events[:length]``."""
        with _INDEXING:
            if not self.indexed:
                self.by_kind, self.by_seat, self.distinct, self.answers = {}, {}, {}, {}
            events, by_kind, by_seat = self.events, self.by_kind, self.by_seat
            for position in range(self.indexed, length):
                event = events[position]
                seat = getattr(event, "seat", None)
                for kind in _kinds_of(type(event)):
                    by_kind.setdefault(kind, []).append(position)
                    by_seat.setdefault((kind, seat), []).append(position)
            self.indexed = max(self.indexed, length)


# Indexing is rare (only questions the laws ask of reports) and short, so one lock serves
# every game; appending takes none (see History.with_event).
_INDEXING = threading.Lock()
_KINDS: dict[type, tuple[type, ...]] = {}


_ANSWERS_KEPT = 1024


def _remember(log: _Log[Any], key: tuple[object, ...], answer: int | None) -> int | None:
    """Keep ``answer`` for ``key`` (after _runs, which made the index); a game's questions
    at its latest moments are the ones asked again, so a full memory starts afresh."""
    if not log.indexed:
        return answer  # an empty range was asked of an empty history: no index, no memory
    answers = log.answers
    if len(answers) >= _ANSWERS_KEPT:
        answers.clear()
    answers[key] = answer
    return answer


def _kinds_of(cls: type) -> tuple[type, ...]:
    kinds = _KINDS.get(cls)
    if kinds is None:
        kinds = _KINDS[cls] = cls.__mro__[:-1]  # every class but object
    return kinds


class History(Sequence[_T]):
    """The events of one game in order: an immutable sequence that appends in O(1).

    It reads as a tuple (indexing, slicing to a tuple, ``len``, iteration, ``in``), equals
    the tuple of the same events (``state.history == (Pass(seat=2),)``) and hashes like it,
    and pickles as it. :meth:`with_event` returns a new history one event longer, leaving
    this one as it was. A game's is a ``History[Event]``; a sitting keeps its entries in
    one too (``Sitting.history``).
    """

    __slots__ = ("_length", "_log")

    _log: _Log[_T]
    _length: int

    def __init__(self, events: Iterable[_T] = ()) -> None:
        items = list(events)
        self._log = _Log(items)
        self._length = len(items)

    @classmethod
    def empty(cls) -> History[_T]:
        """A new history of no events (every game begins with one of its own)."""
        return _history(_Log([]), 0)

    @classmethod
    def adopt(cls, events: list[_T]) -> History[_T]:
        """A history of ``events``, holding that very list (no copy): the caller hands it
        over and keeps no reference (an unpickled state builds its history so)."""
        return _history(_Log(events), len(events))

    # --- Growing -----------------------------------------------------------------------

    def with_event(self, event: _T) -> History[_T]:
        """Return this history with ``event`` after its last, in constant time.

        The first history to grow from a given one shares its list; another grown from the
        same one (a search trying two actions from one state) copies its events once,
        unless the event it adds is the same as the one already there.
        """
        log = self._log
        n = self._length
        events = log.events
        if len(events) == n:
            events.append(event)
            # Two threads may have appended at once; the one whose event is not at
            # position n takes the copy below.
            if events[n] is event:
                # _history(log, n + 1), written out: this runs on every action.
                new: History[_T] = _new_history(History)
                new._log = log
                new._length = n + 1
                return new
        else:
            there = events[n]
            if there is event or there == event:
                return _history(log, n + 1)
        copy = list(islice(events, n))
        copy.append(event)
        return _history(_Log(copy), n + 1)

    # --- Questions the laws ask -------------------------------------------------------

    def _runs(
        self, kinds: tuple[type, ...], seat: int | None, start: int, stop: int | None
    ) -> Iterator[tuple[list[int], int, int]]:
        """For each of ``kinds``, its positions and the bounds of those in [start, stop)."""
        length = self._length
        end = length if stop is None else max(0, min(stop, length))
        if start >= end:
            return  # nothing in the range (an empty history among them: no index yet)
        log = self._log
        if log.indexed < length:
            log.index_to(length)
        for kind in kinds:
            positions = log.by_kind.get(kind) if seat is None else log.by_seat.get((kind, seat))
            if positions:
                low = bisect_left(positions, start) if start > 0 else 0
                high = bisect_left(positions, end, low)
                if low < high:
                    yield positions, low, high

    def last(
        self,
        kinds: tuple[type, ...],
        *,
        seat: int | None = None,
        start: int = 0,
        stop: int | None = None,
    ) -> int | None:
        """The position of the last event in ``[start, stop)`` of one of ``kinds`` (an
        instance, as ``isinstance`` says), by ``seat`` if given; None if there is none."""
        return self._end(True, kinds, seat, start, stop)

    def first(
        self,
        kinds: tuple[type, ...],
        *,
        seat: int | None = None,
        start: int = 0,
        stop: int | None = None,
    ) -> int | None:
        """The position of the first event in ``[start, stop)`` of one of ``kinds``, by
        ``seat`` if given; None if there is none."""
        return self._end(False, kinds, seat, start, stop)

    def _end(
        self, last: bool, kinds: tuple[type, ...], seat: int | None, start: int, stop: int | None
    ) -> int | None:
        """:meth:`last` (or :meth:`first`), answered from the log's memory when asked before
        at this length."""
        key = (last, kinds, seat, start, stop, self._length)
        log = self._log
        if log.indexed:
            try:
                return log.answers[key]
            except KeyError:
                pass
        runs = self._runs(kinds, seat, start, stop)
        if last:
            found = [positions[high - 1] for positions, _, high in runs]
            return _remember(log, key, max(found) if found else None)
        found = [positions[low] for positions, low, _ in runs]
        return _remember(log, key, min(found) if found else None)

    def positions(
        self,
        kinds: tuple[type, ...],
        *,
        seat: int | None = None,
        start: int = 0,
        stop: int | None = None,
    ) -> list[int]:
        """The positions, in order, of the events in ``[start, stop)`` of one of ``kinds``,
        by ``seat`` if given."""
        runs = [
            positions[low:high] for positions, low, high in self._runs(kinds, seat, start, stop)
        ]
        if len(runs) == 1:
            return runs[0]
        return list(merge(*runs))

    def events_of(
        self,
        kind: type[_E],
        *,
        seat: int | None = None,
        start: int = 0,
        stop: int | None = None,
    ) -> list[_E]:
        """The events in ``[start, stop)`` of ``kind``, in order, by ``seat`` if given."""
        events = self._log.events
        found = [
            events[position]
            for position in self.positions((kind,), seat=seat, start=start, stop=stop)
        ]
        return cast("list[_E]", found)

    def distinct(
        self,
        kind: type[_E],
        value: Callable[[_E], _V],
        *,
        seat: int | None = None,
        start: int = 0,
    ) -> frozenset[_V]:
        """The distinct ``value(event)`` of the events of ``kind`` from ``start`` to the end,
        by ``seat`` if given.

        The same question asked again as the history grows reads only the events added
        since (``value`` must be the same object each time, a module constant), so a
        report repeated thousands of times costs no more each time than the first.
        """
        length = self._length
        if start >= length:
            return frozenset()
        log = self._log
        if log.indexed < length:
            log.index_to(length)
        positions = log.by_kind.get(kind) if seat is None else log.by_seat.get((kind, seat))
        if not positions:
            return frozenset()
        low = bisect_left(positions, start)
        high = bisect_left(positions, length, low)
        key = (kind, value, seat, low)
        done, found = log.distinct.get(key, (low, frozenset()))
        if done > high:  # gathered for a longer history sharing this list: start over
            done, found = low, frozenset()
        if done < high:
            events = log.events
            found = found.union(value(events[p]) for p in positions[done:high])  # type: ignore[arg-type]
            log.distinct[key] = (high, found)
        return cast("frozenset[_V]", found)

    def tally(
        self,
        kinds: tuple[type, ...],
        *,
        seat: int | None = None,
        start: int = 0,
        stop: int | None = None,
    ) -> int:
        """How many events in ``[start, stop)`` are of one of ``kinds``, by ``seat`` if
        given."""
        return sum(high - low for _, low, high in self._runs(kinds, seat, start, stop))

    # --- A sequence, read as a tuple ------------------------------------------------------

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> _T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[_T, ...]: ...

    def __getitem__(self, index: int | slice) -> _T | tuple[_T, ...]:
        events = self._log.events
        if isinstance(index, slice):
            start, stop, step = index.indices(self._length)
            if step == 1:
                return tuple(events[start:stop])
            return tuple(map(events.__getitem__, range(start, stop, step)))
        position = _as_index(index)
        if position < 0:
            position += self._length
        if not 0 <= position < self._length:
            raise IndexError("history index out of range")
        return events[position]

    def __iter__(self) -> Iterator[_T]:
        return islice(self._log.events, self._length)

    def __reversed__(self) -> Iterator[_T]:
        return map(self._log.events.__getitem__, range(self._length - 1, -1, -1))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            if self._length != other._length:
                return False
            return self._log is other._log or all(map(_same, self, other))
        if isinstance(other, tuple):
            return len(other) == self._length and all(map(_same, self, other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: object) -> tuple[_T, ...]:
        if isinstance(other, History | tuple):
            return (*self, *other)
        return NotImplemented

    def __radd__(self, other: object) -> tuple[object, ...]:
        if isinstance(other, tuple):
            return (*other, *self)
        return NotImplemented

    def __repr__(self) -> str:
        return f"History({tuple(self)!r})"

    def __reduce__(self) -> tuple[type[History[_T]], tuple[tuple[_T, ...]]]:
        return (History, (tuple(self),))

    def __copy__(self) -> History[_T]:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> History[_T]:
        return self  # its events are frozen values, and it never changes


def _same(a: object, b: object) -> bool:
    return a is b or a == b


_new_history = object.__new__


def _history(log: _Log[_T], length: int) -> History[_T]:
    new: History[_T] = _new_history(History)
    new._log = log
    new._length = length
    return new
