"""The sittings of one server process: each held as of its last event, read from the store
only past the events it has not seen, and played with the commit of each action awaited.

The store is the truth (:mod:`pokerlaws.service.store`); this process's cache is checked
against it: a read loads only the events past those held (another process may have appended
them), and an append the store refuses (another process took that sequence number first)
reloads the sitting and answers 409. An event is acknowledged only once the store has
answered its append True: it is committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import anyio
import anyio.to_thread

from pokerlaws.actions import ACTION_TYPES
from pokerlaws.hands import evaluate
from pokerlaws.reports import REPORT_TYPES, Event
from pokerlaws.rules import InvalidRules, Rules
from pokerlaws.service.sittings import (
    _DEALER,
    _END_EVENT,
    REFEREE,
    CorruptSitting,
    Header,
    Refusal,
    Table,
    _advance,
    _deal_due,
    _event_text,
    _members,
    _next_text,
    _own_choice,
    _whole,
    fresh_pack,
    new_token,
    read_action,
    replay_events,
    token_hash,
)
from pokerlaws.sitting.model import SittingTerms
from pokerlaws.sitting.playing import play, start_sitting
from pokerlaws.violations import RuleViolation

if TYPE_CHECKING:
    from pokerlaws.service.store import Store

__all__ = ["Tables", "public_listing"]

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_STRIPES = 64
# An action holds its stripe's lock while its commit is awaited: many stripes, so that two
# sittings seldom wait for each other's commit.
_ASYNC_STRIPES = 1024
_CACHED = 4096


class Tables:
    """The sittings of a store, as one server process sees them.

    Each sitting loaded is cached as of its last event; the store is the truth, so the cache
    is checked against it: a read loads the events and replays only those it has not seen
    (another process may have appended them), and an append the store refuses (another
    process took that sequence number first) reloads the sitting and answers 409. An event
    is acknowledged only once ``store.append`` has returned True: it is committed.
    Thread-safe: requests on one sitting take turns (a lock per stripe of sittings).
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._cache: OrderedDict[str, Table] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._locks = tuple(threading.Lock() for _ in range(_STRIPES))
        # asyncio's own locks (the service runs on asyncio: act_async awaits asyncio futures):
        # taken free, one is acquired at once, where anyio's yields to the loop twice a time.
        self._async_locks = tuple(asyncio.Lock() for _ in range(_ASYNC_STRIPES))
        # The sittings with an append awaited on the event loop, committed or not yet: a
        # notice or a look at the store that finds one event more than held is then most
        # likely of that append, not of another process (see the service's _told).
        self.appending: dict[str, int] = {}
        self.settled: Callable[[str], None] | None = None  # told when one is settled

    def _lock(self, sitting_id: str) -> threading.Lock:
        return self._locks[hash(sitting_id) % _STRIPES]

    def _cached(self, sitting_id: str) -> Table | None:
        with self._cache_lock:
            return self._cache.get(sitting_id)

    def cached(self, sitting_id: str) -> Table | None:
        """The sitting as this process last held it, reading nothing (None: not held)."""
        return self._cached(sitting_id)

    def _keep(self, table: Table) -> Table:
        """Cache ``table``, unless a later state of the sitting is cached: then that one."""
        with self._cache_lock:
            cached = self._cache.get(table.id)
            if cached is not None and cached.seq > table.seq:
                table = cached
            self._cache[table.id] = table
            self._cache.move_to_end(table.id)
            while len(self._cache) > _CACHED:
                self._cache.popitem(last=False)
        return table

    def _forget(self, sitting_id: str) -> None:
        with self._cache_lock:
            self._cache.pop(sitting_id, None)

    def _refresh(self, sitting_id: str) -> Table:
        """The sitting as the store has it now (404 if there is none): a sitting held here
        is read only for the events it has not seen, where the store can (``load_after``)."""
        if not _ID.fullmatch(sitting_id):
            raise Refusal(404, "no such sitting")
        table = self._cached(sitting_id)
        after = getattr(self.store, "load_after", None)
        if table is not None and after is not None:
            events: Sequence[str] | None = after(sitting_id, table.seq)
            if events is None:
                self._forget(sitting_id)
                raise Refusal(404, f"no sitting {sitting_id}")
        else:
            stored = self.store.load(sitting_id)
            if stored is None:
                self._forget(sitting_id)
                raise Refusal(404, f"no sitting {sitting_id}")
            if table is None or table.seq > len(stored.events):
                table = replay_events(sitting_id, stored.header, ())
            events = stored.events[table.seq :]
        try:
            for text in events:
                table = _advance(table, text)
        except (KeyError, TypeError, ValueError, StopIteration) as error:
            raise CorruptSitting(f"sitting {sitting_id} does not replay: {error!r}") from None
        return self._keep(table)

    def table(self, sitting_id: str) -> Table:
        """The sitting ``sitting_id`` as of its last committed event."""
        with self._lock(sitting_id):
            return self._refresh(sitting_id)

    def ids(self) -> tuple[str, ...]:
        """The ids of the store's sittings, oldest first."""
        return self.store.list()

    def create(
        self,
        rules: Rules,
        players: tuple[tuple[str, int], ...],
        terms: SittingTerms,
        games: int | None,
        pause: int = 0,
    ) -> tuple[Table, tuple[str, ...], str]:
        """A new sitting, committed: its table, each player's token and the referee's."""
        tokens = tuple(new_token() for _ in players)
        referee = new_token()
        cut = fresh_pack()
        first = fresh_pack(joker=rules.joker)
        try:
            sitting = start_sitting(rules, players, cut=cut, deck=first, terms=terms)
        except InvalidRules as error:
            raise Refusal(422, str(error), law=error.law) from None
        except (TypeError, ValueError) as error:
            raise Refusal(422, str(error)) from None
        sitting, later = _deal_due(sitting, games, lambda: fresh_pack(joker=rules.joker), pause)
        # The hand tables of these rules are built on their first use (a tenth of a second
        # or more, once a process): here, in the creation's thread, rather than at the
        # sitting's first show, on the event loop, with every player of the process waiting.
        evaluate(first[:5], rules.hands)
        header = Header(
            rules=rules,
            players=players,
            terms=terms,
            games=games,
            seats=tuple(map(token_hash, tokens)),
            referee=token_hash(referee),
            cut=cut,
            packs=(first, *later),
            created=time.time(),
            pause=pause,
        )
        sitting_id = secrets.token_hex(8)
        self.store.create(sitting_id, header.text())
        return self._keep(Table(sitting_id, header, sitting, 0)), tokens, referee

    def act(self, sitting_id: str, token: str | None, body: object) -> tuple[Table, str]:
        """Play the action of ``body`` (``{"seq": n, "action": ...}``) for ``token``'s holder.

        Returns the sitting after it and who acted. Raises :class:`Refusal`: 403 for a token
        that is not this sitting's, another seat's action, a report from a player or an
        action from the referee; 409 for a ``seq`` that is not the current one, or a sitting
        that is over; 422 for what the laws refuse, with the law. Nothing is applied then.
        """
        seq, action = read_action(body)
        with self._lock(sitting_id):
            table = self._cached(sitting_id) or self._refresh(sitting_id)
            if seq != table.seq:
                table = self._refresh(sitting_id)
            table, who, event = self._play(table, token, seq, action)
            if not self.store.append(sitting_id, seq, event):
                raise _taken(seq, self._refresh(sitting_id))
            return self._keep(table), who

    async def act_async(
        self, sitting_id: str, token: str | None, body: object
    ) -> tuple[Table, str]:
        """:meth:`act` on the event loop: the rules' short work done here, with no hop to a
        thread, and the commit awaited (the store's writer answers a future) where the store
        can (``append_later``); the store read in a thread when the sitting is not held."""
        seq, action = read_action(body)
        async with self._async_locks[hash(sitting_id) % _ASYNC_STRIPES]:
            table = self._cached(sitting_id)
            if table is None or seq != table.seq:
                table = await anyio.to_thread.run_sync(self.table, sitting_id)
            table, who, event = self._play(table, token, seq, action)
            with self._in_flight(sitting_id):
                if not await self._appended(sitting_id, seq, event):
                    raise _taken(seq, await anyio.to_thread.run_sync(self.table, sitting_id))
                return self._keep(table), who

    def _play(
        self, table: Table, token: str | None, seq: int, action: Event
    ) -> tuple[Table, str, str]:
        """The table after ``action`` (not yet stored), who sent it, and its event's text."""
        who = table.holder(token)
        if who is None:
            raise Refusal(403, "this needs the token of a seat (or the referee) of the sitting")
        if seq != table.seq:
            raise Refusal(409, f"seq {seq} is not the current one, {table.seq}")
        self._authorize(table, who, action)
        if table.over:
            raise Refusal(409, "the sitting is over: it takes no more actions")
        refused = _own_choice(action)
        result = play(table.sitting, action) if refused is None else refused
        if isinstance(result, RuleViolation):
            raise Refusal(422, result.message, law=result.law)
        joker = table.sitting.rules.joker
        pause = table.header.pause
        sitting, packs = _deal_due(result, table.games, lambda: fresh_pack(joker=joker), pause)
        event = _event_text("referee" if who == REFEREE else "seat", action, packs)
        return Table(table.id, table.header, sitting, seq + 1, table.ended), who, event

    def end(self, sitting_id: str, token: str | None, body: object) -> Table:
        """The referee ends the sitting (``{"seq": n}``): the game in play is its last.
        Raises :class:`Refusal`: 403 for another token, 409 for a stale ``seq`` or an end."""
        members = _members("the body", body, {"seq"}, set())
        seq = _whole("seq", members["seq"], 0, 2**62)
        with self._lock(sitting_id):
            table = self._cached(sitting_id) or self._refresh(sitting_id)
            if table.holder(token) != REFEREE:
                raise Refusal(403, "the referee ends a sitting: it needs the referee's token")
            if seq != table.seq:
                table = self._refresh(sitting_id)
            if seq != table.seq:
                raise Refusal(409, f"seq {seq} is not the current one, {table.seq}")
            if table.over or table.ended is not None:
                raise Refusal(409, "the sitting is over, or ends with the game in play already")
            if not self.store.append(sitting_id, seq, _END_EVENT):
                raise _taken(seq, self._refresh(sitting_id))
            return self._keep(_advance(table, _END_EVENT))

    def say_next(self, sitting_id: str, token: str | None, body: object) -> Table:
        """A player says "next" (``{"seq": n}``) at a game's show: the next game is dealt
        when every player with chips has said it. The referee's "next" deals it at once.
        A ``seq`` of this show counts though others said "next" since; one of a show that
        has ended answers the table as it is. Raises :class:`Refusal`: 403 for a token not
        of the sitting, or of a player with no chips; 409 for a ``seq`` older than the show,
        or when no game waits for its deal."""
        seq = _next_seq(body)
        with self._lock(sitting_id):
            table = self._cached(sitting_id) or self._refresh(sitting_id)
            if seq != table.seq:
                table = self._refresh(sitting_id)
            after, event = self._next(table, token, seq)
            if event is None:
                return after
            if not self.store.append(sitting_id, table.seq, event):
                raise _taken(table.seq, self._refresh(sitting_id))
            return self._keep(after)

    async def say_next_async(self, sitting_id: str, token: str | None, body: object) -> Table:
        """:meth:`say_next` on the event loop, its commit awaited, as :meth:`act_async`."""
        seq = _next_seq(body)
        async with self._async_locks[hash(sitting_id) % _ASYNC_STRIPES]:
            table = self._cached(sitting_id)
            if table is None or seq != table.seq:
                table = await anyio.to_thread.run_sync(self.table, sitting_id)
            after, event = self._next(table, token, seq)
            if event is None:
                return after
            with self._in_flight(sitting_id):
                if not await self._appended(sitting_id, table.seq, event):
                    raise _taken(table.seq, await anyio.to_thread.run_sync(self.table, sitting_id))
                return self._keep(after)

    @contextlib.contextmanager
    def _in_flight(self, sitting_id: str) -> Iterator[None]:
        """An append of ``sitting_id`` awaited, until its table is kept (or refused)."""
        self.appending[sitting_id] = self.appending.get(sitting_id, 0) + 1
        try:
            yield
        finally:
            left = self.appending.pop(sitting_id) - 1
            if left:
                self.appending[sitting_id] = left
            if self.settled is not None:
                self.settled(sitting_id)

    async def _appended(self, sitting_id: str, seq: int, event: str) -> bool:
        """The store's append, its commit awaited as a future where the store can
        (``append_async``, a future of this loop; ``append_later``, a thread's), else in a
        thread."""
        soon = getattr(self.store, "append_async", None)
        if soon is not None:
            appended: bool = await soon(sitting_id, seq, event)
            return appended
        later = getattr(self.store, "append_later", None)
        if later is None:
            return await anyio.to_thread.run_sync(self.store.append, sitting_id, seq, event)
        return await asyncio.wrap_future(later(sitting_id, seq, event))

    def _next(self, table: Table, token: str | None, seq: int) -> tuple[Table, str | None]:
        """The table after ``token``'s "next" and its event's text (not yet stored); or
        the table as it is and None, when there is nothing to store."""
        who = table.holder(token)
        if who is None:
            raise Refusal(403, "this needs the token of a seat or the referee of the sitting")
        if seq > table.seq:
            raise Refusal(409, f"seq {seq} is not the current one, {table.seq}")
        if not table.waiting:
            if seq < table.seq:  # said at a show that has ended meanwhile: done
                return table, None
            raise Refusal(409, "no game waits for its deal: the next is said at a show")
        # Only "next"s have come since the show began: a seq among them is of this show
        # (two players saying it at once both count), an older one is not.
        if seq < table.seq - len(table.said):
            raise Refusal(409, f"seq {seq} is older than this show, {table.seq}")
        waiting = table.to_say_next()
        if who != REFEREE and who not in waiting:
            if who in table.said:
                return table, None  # said already: nothing to store
            raise Refusal(403, f"{who} has no chips: the next game is dealt without him")
        event = _next_event(table, REFEREE if who == REFEREE else who, waiting)
        return _advance(table, event), event

    def deal_after_pause(self, sitting_id: str, games_played: int) -> Table | None:
        """Deal the next game because the sitting's pause has passed since game
        ``games_played`` ended, if it still waits for its deal (else None)."""
        with self._lock(sitting_id):
            table = self._refresh(sitting_id)
            if not table.waiting or len(table.sitting.games) != games_played:
                return None
            return self._append_next(table, _DEALER, ())

    def _append_next(self, table: Table, by: str, waiting: tuple[str, ...]) -> Table:
        """Store ``by``'s "next" and keep the table after it."""
        event = _next_event(table, by, waiting)
        if not self.store.append(table.id, table.seq, event):
            raise _taken(table.seq, self._refresh(table.id))
        return self._keep(_advance(table, event))

    @staticmethod
    def _authorize(table: Table, who: str, action: Event) -> None:
        if who == REFEREE:
            if not isinstance(action, REPORT_TYPES):
                raise Refusal(403, "the referee reports irregularities; the players act")
            return
        if not isinstance(action, ACTION_TYPES):
            raise Refusal(403, "a report is the referee's: send it with the referee's token")
        seat = table.seat_of(who)
        if seat is None or action.seat != seat:
            where = "has no seat in this game" if seat is None else f"sits at seat {seat}"
            raise Refusal(403, f"an action of seat {action.seat}: {who} {where}")


def _next_seq(body: object) -> int:
    """The ``seq`` of a "next" message (``{"seq": n}``)."""
    members = _members("the body", body, {"seq"}, set())
    return _whole("seq", members["seq"], 0, 2**62)


def _next_event(table: Table, by: str, waiting: tuple[str, ...]) -> str:
    """The text of ``by``'s "next": the last of those ``waiting`` for it, the referee's or
    the pause's deals the next game, with a pack of the server's."""
    deals = by in (REFEREE, _DEALER) or set(waiting) <= {by}
    packs = [fresh_pack(joker=table.sitting.rules.joker)] if deals else []
    return _next_text(by, packs)


def _taken(seq: int, latest: Table) -> Refusal:
    """The 409 of an append the store refused: another request took ``seq`` first."""
    return Refusal(409, f"seq {seq} was taken meanwhile; the current one is {latest.seq}")


def public_listing(tables: Tables, limit: int = 100, skip: int = 0) -> list[dict[str, Any]]:
    """The latest sittings, newest first, as the lobby lists them: ``limit`` of them after
    the ``skip`` newest. A sitting held here is read only past its events held (one look at
    the store), its summary kept with it."""
    listed: list[dict[str, Any]] = []
    for sitting_id in tables.ids()[::-1][skip : skip + limit]:
        try:
            table = tables.table(sitting_id)
        except Refusal:
            continue
        listed.append(table.summary())
    return listed
