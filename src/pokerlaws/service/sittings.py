"""The service's sittings: each one a header and a log of events in the store, replayed
through the library (``start_sitting``, ``play``, ``deal_next``) whenever it is loaded.

The service holds no rule of its own. A sitting is its events: the header (the rules, the
players, the terms, the number of games, the hashes of the tokens, and the packs the first
game was cut and dealt from), then one event per action or report acknowledged, which holds
the action as the library writes it (``to_data``) and, when it ended a game, the packs of
the games dealt after it. Loading a sitting replays them; nothing else about a state is ever
written, so a stored sitting cannot disagree with what the laws make of its actions.

The packs are drawn here, from the operating system's secret randomness
(``secrets.SystemRandom``), never from a seed; they are in the store and nowhere else until
the sitting's record is released, when it is over. Tokens are 128-bit secrets
(``secrets.token_urlsafe(16)``), given once to their holders; the store keeps only their
SHA-256 hashes, and a presented token is compared with each of them in constant time
(``hmac.compare_digest``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from pokerlaws.actions import ACTION_TYPES, Redeal, Shuffle
from pokerlaws.cards import Card, NotationError, format_cards, parse_cards, standard_deck
from pokerlaws.records.jsonio import from_data, to_data
from pokerlaws.reports import EVENT_TYPES, REPORT_TYPES, Event
from pokerlaws.rules import InvalidRules, Rules
from pokerlaws.sitting.model import Sitting, SittingTerms
from pokerlaws.sitting.playing import deal_next, play, start_sitting
from pokerlaws.sitting.record import format_sitting_record, record_sitting
from pokerlaws.views import view
from pokerlaws.violations import RuleViolation, WrongDeck, WrongShuffle, refuse

if TYPE_CHECKING:
    from pokerlaws.service.store import Store

__all__ = [
    "HEADER_FORMAT",
    "REFEREE",
    "Refusal",
    "Table",
    "Tables",
    "fresh_pack",
    "new_token",
    "token_hash",
]

HEADER_FORMAT: Final = "pokerlaws-service/1"
"""The ``format`` member of every header and event the service writes."""

REFEREE: Final = "referee"
"""Who holds the referee's token (a player's name is never this value's holder)."""

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_STRIPES = 64
_CACHED = 4096

_shuffler = secrets.SystemRandom()


def fresh_pack(*, joker: bool = False) -> tuple[Card, ...]:
    """A pack in an order drawn from the operating system's secret randomness."""
    pack = list(standard_deck(joker=joker))
    _shuffler.shuffle(pack)
    return tuple(pack)


def new_token() -> str:
    """A new bearer token: 128 bits from ``secrets``, URL-safe text."""
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    """The SHA-256 of ``token`` in hex: what the store keeps instead of the token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Refusal(Exception):
    """A request the service refuses: the HTTP status, the law (or None) and a message."""

    def __init__(self, status: int, message: str, *, law: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.law = law

    def document(self) -> dict[str, Any]:
        """The JSON body of the refusal."""
        return {"law": self.law, "message": self.message}


class CorruptSitting(RuntimeError):
    """A stored sitting the library does not replay: the store was changed by hand."""


# --- The header and the events --------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Header:
    """What the store keeps of a sitting besides its events (written once, at creation)."""

    rules: Rules
    players: tuple[tuple[str, int], ...]
    terms: SittingTerms
    games: int | None  # None: until the sitting is over
    seats: tuple[str, ...]  # the SHA-256 of each player's token, in seat order
    referee: str  # the SHA-256 of the referee's token
    cut: tuple[Card, ...]
    packs: tuple[tuple[Card, ...], ...]  # the first game's pack, and any dealt after it
    created: float

    def text(self) -> str:
        return json.dumps(
            {
                "format": HEADER_FORMAT,
                "rules": to_data(self.rules),
                "players": [{"name": name, "chips": chips} for name, chips in self.players],
                "terms": to_data(self.terms),
                "games": self.games,
                "seats": list(self.seats),
                "referee": self.referee,
                "cut": format_cards(self.cut),
                "packs": [format_cards(pack) for pack in self.packs],
                "created": self.created,
            },
            ensure_ascii=False,
        )

    @classmethod
    def read(cls, text: str) -> Header:
        data = json.loads(text)
        if data.get("format") != HEADER_FORMAT:
            raise CorruptSitting(f"a header of format {data.get('format')!r}")
        return cls(
            rules=from_data(data["rules"]),
            players=tuple((p["name"], p["chips"]) for p in data["players"]),
            terms=from_data(data["terms"]),
            games=data["games"],
            seats=tuple(data["seats"]),
            referee=data["referee"],
            cut=parse_cards(data["cut"]),
            packs=tuple(parse_cards(pack) for pack in data["packs"]),
            created=data["created"],
        )


def _event_text(by: str, action: Event, packs: Sequence[tuple[Card, ...]]) -> str:
    return json.dumps(
        {
            "format": HEADER_FORMAT,
            "type": "action",
            "by": by,
            "action": to_data(action),
            "packs": [format_cards(pack) for pack in packs],
        },
        ensure_ascii=False,
    )


# The event of the referee's ending the sitting: the game in play is its last.
_END_EVENT: Final = json.dumps({"format": HEADER_FORMAT, "type": "end", "by": REFEREE})


def _read_event(text: str) -> tuple[Event, tuple[tuple[Card, ...], ...]] | None:
    """The action of an event and the packs it dealt, or None for the referee's end."""
    data = json.loads(text)
    if data.get("format") != HEADER_FORMAT or data.get("type") not in ("action", "end"):
        raise CorruptSitting(f"an event of format {data.get('format')!r}")
    if data["type"] == "end":
        return None
    action = from_data(data["action"])
    return action, tuple(parse_cards(pack) for pack in data["packs"])


# --- One sitting, as loaded -------------------------------------------------------------------


def _due(sitting: Sitting, games: int | None) -> bool:
    """Whether the next game is to be dealt now: the last one is over, fewer than ``games``
    have been played (None: no bound) and two seated players still have chips (Law 18,
    Ambiguity 26)."""
    return (
        sitting.between_games
        and (games is None or len(sitting.games) < games)
        and sitting.next_dealer is not None
    )


def _deal_due(
    sitting: Sitting, games: int | None, packs: Callable[[], tuple[Card, ...]]
) -> tuple[Sitting, list[tuple[Card, ...]]]:
    """Deal every game now due, each from ``packs()``; a game may end as it is dealt (the
    antes leave nobody able to open), so more than one may be."""
    dealt: list[tuple[Card, ...]] = []
    while _due(sitting, games):
        pack = packs()
        sitting = deal_next(sitting, deck=pack)
        dealt.append(pack)
    return sitting, dealt


@attrs.frozen
class Table:
    """A sitting of the service as of ``seq`` events: its header and the library's Sitting."""

    id: str
    header: Header
    sitting: Sitting
    seq: int
    ended: int | None = None  # the games the sitting lasts since the referee ended it

    @property
    def games(self) -> int | None:
        """The most games it lasts (None: no bound): the header's, or the referee's end."""
        return min((n for n in (self.header.games, self.ended) if n is not None), default=None)

    @property
    def over(self) -> bool:
        """Whether the sitting has ended: its last game is over and no other is due."""
        return self.sitting.between_games and not _due(self.sitting, self.games)

    def holder(self, token: str | None) -> str | None:
        """The player's name (or :data:`REFEREE`) whose token this is, or None."""
        if not token:
            return None
        presented = token_hash(token)
        found = None
        # Every hash is compared, in constant time each: the time taken tells nothing.
        for (name, _), kept in zip(self.header.players, self.header.seats, strict=True):
            if hmac.compare_digest(presented, kept):
                found = name
        if hmac.compare_digest(presented, self.header.referee):
            found = REFEREE
        return found

    def seat_of(self, name: str) -> int | None:
        """The seat of ``name`` in the current game, or None (he has left, or sat out)."""
        seating = self.sitting.game_seating
        return seating.index(name) if name in seating else None

    def public(self) -> dict[str, Any]:
        """What lies open on the table for anyone: players, chips, dealer, turn, pool."""
        sitting, game = self.sitting, self.sitting.game
        turn = sitting.to_act
        return {
            "id": self.id,
            "seq": self.seq,
            "over": self.over,
            "games": self.games,
            "games_played": len(sitting.games),
            "players": [
                {"name": name, "chips": chips}
                for name, chips in zip(sitting.seating, sitting.chips, strict=True)
            ],
            "game_seating": list(sitting.game_seating),
            "dealer": sitting.dealer,
            "phase": game.phase.value,
            "to_act": None if turn is None else {"name": turn.name, "seat": turn.seat},
            "stacks": list(game.stacks),
            "stakes": list(game.stakes),
            "pool": game.pool,
            "results": [{"name": name, "result": result} for name, result in sitting.results],
            "kitty": sitting.kitty,
        }

    def seen_by(self, who: str | None) -> dict[str, Any]:
        """The answer to a seat's ``GET .../view``: his PlayerView document and ``seq``.

        A spectator, the referee or a player with no seat in the current game has no
        PlayerView (the library gives one to a seat only): ``view`` is then null, and the
        public table is there for all.
        """
        seat = None if who is None or who == REFEREE else self.seat_of(who)
        seen = None if seat is None else to_data(view(self.sitting.game, seat))
        return {
            "view": seen,
            "seq": self.seq,
            "name": None if who == REFEREE else who,
            "seat": seat,
            "table": self.public(),
        }

    def record_text(self) -> str:
        """The sitting record (``pokerlaws-sitting 1``): every pack and every action."""
        return format_sitting_record(record_sitting(self.sitting))


def _begin(sitting_id: str, header: Header) -> Table:
    first, *later = header.packs
    sitting = start_sitting(
        header.rules, header.players, cut=header.cut, deck=first, terms=header.terms
    )
    rest = iter(later)
    sitting, dealt = _deal_due(sitting, header.games, lambda: next(rest))
    if len(dealt) != len(later):
        raise CorruptSitting(f"sitting {sitting_id}: its header holds packs never dealt")
    return Table(sitting_id, header, sitting, 0)


def _advance(table: Table, text: str) -> Table:
    event = _read_event(text)
    if event is None:  # the referee's end: the game in play is the last
        return attrs.evolve(table, seq=table.seq + 1, ended=len(table.sitting.games) + 1)
    action, packs = event
    result = play(table.sitting, action)
    if isinstance(result, RuleViolation):
        raise CorruptSitting(f"sitting {table.id}, event {table.seq}: {result.message}")
    supply: Iterator[tuple[Card, ...]] = iter(packs)
    sitting, dealt = _deal_due(result, table.games, lambda: next(supply))
    if len(dealt) != len(packs):
        raise CorruptSitting(f"sitting {table.id}, event {table.seq}: packs never dealt")
    return Table(table.id, table.header, sitting, table.seq + 1, table.ended)


def replay_events(sitting_id: str, header_text: str, events: Sequence[str]) -> Table:
    """The sitting of a stored header and events, replayed through the library."""
    try:
        table = _begin(sitting_id, Header.read(header_text))
        for text in events:
            table = _advance(table, text)
    except (KeyError, TypeError, ValueError, StopIteration) as error:
        raise CorruptSitting(f"sitting {sitting_id} does not replay: {error!r}") from None
    return table


# --- What a request brings ----------------------------------------------------------------


def _whole(what: str, value: object, least: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refusal(400, f"{what} must be an integer, not {type(value).__name__}")
    if not least <= value <= most:
        raise Refusal(400, f"{what} must be {least} to {most}, not {value}")
    return value


def _members(what: str, body: object, required: set[str], optional: set[str]) -> dict[str, Any]:
    if type(body) is not dict:
        raise Refusal(400, f"{what} must be a JSON object, not {type(body).__name__}")
    missing = required - body.keys()
    extra = body.keys() - required - optional
    if missing or extra:
        parts = [f"missing {sorted(missing)}"] if missing else []
        parts += [f"unknown members {sorted(extra)}"] if extra else []
        raise Refusal(400, f"{what}: " + "; ".join(parts))
    return body


def _document(what: str, data: object, kind: type) -> Any:
    try:
        value = from_data(data)
    except (NotationError, TypeError) as error:
        raise Refusal(400, f"{what}: {error}") from None
    if not isinstance(value, kind):
        raise Refusal(
            400, f"{what} must be a {kind.__name__} document, not {type(value).__name__}"
        )
    return value


def read_action(body: object) -> tuple[int, Event]:
    """The ``seq`` and the action (or report) of an action message."""
    members = _members("the body", body, {"seq", "action"}, set())
    seq = _whole("seq", members["seq"], 0, 2**62)
    action = _document("action", members["action"], object)
    if not isinstance(action, EVENT_TYPES):
        raise Refusal(400, f"action must be an action or a report, not a {type(action).__name__}")
    return seq, cast(Event, action)


def _own_choice(action: Event) -> RuleViolation | None:
    """A shuffle or a redeal in an order of the sender's choosing: no player may stack the
    pack, so the table orders the cards (Laws 3, 41), from what only the server knows."""
    if isinstance(action, Shuffle) and action.order is not None:
        # enforces: Law 41
        return refuse(
            WrongShuffle,
            41,
            action,
            "may not choose the order of the gathered cards: send the Shuffle with no order, "
            "and the table shuffles them",
        )
    if isinstance(action, Redeal) and action.deck is not None:
        # cites: Law 8
        return refuse(
            WrongDeck,
            8,
            action,
            "may not choose the pack of the new deal: send the Redeal with no deck, and the "
            "table shuffles the pack",
        )
    return None


# --- The sittings of one process ----------------------------------------------------------


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

    def _lock(self, sitting_id: str) -> threading.Lock:
        return self._locks[hash(sitting_id) % _STRIPES]

    def _cached(self, sitting_id: str) -> Table | None:
        with self._cache_lock:
            return self._cache.get(sitting_id)

    def _keep(self, table: Table) -> Table:
        with self._cache_lock:
            self._cache[table.id] = table
            self._cache.move_to_end(table.id)
            while len(self._cache) > _CACHED:
                self._cache.popitem(last=False)
        return table

    def _refresh(self, sitting_id: str) -> Table:
        """The sitting as the store has it now (404 if there is none)."""
        if not _ID.fullmatch(sitting_id):
            raise Refusal(404, "no such sitting")
        stored = self.store.load(sitting_id)
        if stored is None:
            with self._cache_lock:
                self._cache.pop(sitting_id, None)
            raise Refusal(404, f"no sitting {sitting_id}")
        table = self._cached(sitting_id)
        if table is None or table.seq > len(stored.events):
            table = replay_events(sitting_id, stored.header, ())
        try:
            for text in stored.events[table.seq :]:
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
        sitting, later = _deal_due(sitting, games, lambda: fresh_pack(joker=rules.joker))
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
            who = table.holder(token)
            if who is None:
                raise Refusal(
                    403, "this needs the token of a seat (or the referee) of the sitting"
                )
            if seq != table.seq:
                table = self._refresh(sitting_id)
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
            sitting, packs = _deal_due(result, table.games, lambda: fresh_pack(joker=joker))
            event = _event_text("referee" if who == REFEREE else "seat", action, packs)
            if not self.store.append(sitting_id, seq, event):
                latest = self._refresh(sitting_id)
                raise Refusal(
                    409, f"seq {seq} was taken meanwhile; the current one is {latest.seq}"
                )
            return self._keep(Table(sitting_id, table.header, sitting, seq + 1, table.ended)), who

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
                latest = self._refresh(sitting_id)
                raise Refusal(
                    409, f"seq {seq} was taken meanwhile; the current one is {latest.seq}"
                )
            return self._keep(_advance(table, _END_EVENT))

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


def public_listing(tables: Tables, limit: int = 100, skip: int = 0) -> list[dict[str, Any]]:
    """The latest sittings, newest first, as the lobby lists them: ``limit`` of them after
    the ``skip`` newest."""
    listed: list[dict[str, Any]] = []
    for sitting_id in tables.ids()[::-1][skip : skip + limit]:
        try:
            table = tables.table(sitting_id)
        except Refusal:
            continue
        listed.append(
            {
                "id": sitting_id,
                "players": [name for name, _ in table.header.players],
                "games": table.header.games,
                "games_played": len(table.sitting.games),
                "over": table.over,
                "seq": table.seq,
            }
        )
    return listed
