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
import secrets
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, cast

import attrs

from pokerlaws.actions import Redeal, Shuffle
from pokerlaws.cards import Card, NotationError, format_cards, parse_cards, standard_deck
from pokerlaws.records.jsonio import from_data, to_data
from pokerlaws.reports import EVENT_TYPES, Event
from pokerlaws.rules import Rules
from pokerlaws.sitting.model import Sitting, SittingTerms
from pokerlaws.sitting.playing import deal_next, play, start_sitting
from pokerlaws.sitting.record import format_sitting_record, record_sitting
from pokerlaws.views import view
from pokerlaws.violations import RuleViolation, WrongDeck, WrongShuffle, refuse

__all__ = [
    "HEADER_FORMAT",
    "REFEREE",
    "Refusal",
    "Table",
    "fresh_pack",
    "new_token",
    "token_hash",
]

HEADER_FORMAT: Final = "pokerlaws-service/1"
"""The ``format`` member of every header and event the service writes."""

REFEREE: Final = "referee"
"""Who holds the referee's token (a player's name is never this value's holder)."""


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
    # Seconds after a game's end before the next is dealt unless every player has said
    # "next" first (0: wait for every "next"); None, a sitting stored before the show
    # existed: the next game dealt at once.
    pause: int | None = None

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
                **({} if self.pause is None else {"pause": self.pause}),
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
            pause=data.get("pause"),
        )


def _standard_json(document: Any) -> str:
    return json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _fast_json() -> Callable[[Any], str]:
    """orjson where it is installed (the service extra brings it): the same text as
    :func:`_standard_json` writes for the service's documents, in a tenth of the time."""
    try:
        import orjson
    except ImportError:
        return _standard_json

    def written(document: Any) -> str:
        return orjson.dumps(document).decode("utf-8")

    return written


json_text: Final = _fast_json()
"""A document as the service writes JSON: compact, UTF-8 as it is."""


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

_DEALER: Final = "the table"
"""Who deals the next game when the sitting's pause has passed (a ``next`` event's ``by``)."""


def _next_text(by: str, packs: Sequence[tuple[Card, ...]]) -> str:
    """The event of ``by`` saying "next" after a game's show (or, ``by`` :data:`_DEALER`,
    of the pause passing), with the pack of the game it dealt, if it did."""
    return json.dumps(
        {
            "format": HEADER_FORMAT,
            "type": "next",
            "by": by,
            "packs": [format_cards(pack) for pack in packs],
        },
        ensure_ascii=False,
    )


_Read = tuple[str, Event | str | None, tuple[tuple[Card, ...], ...]]


def _read_event(text: str) -> _Read:
    """An event's type (``action``, ``end`` or ``next``), its action (or who said "next"),
    and the packs it dealt."""
    data = json.loads(text)
    kind = data.get("type")
    if data.get("format") != HEADER_FORMAT or kind not in ("action", "end", "next"):
        raise CorruptSitting(f"an event of format {data.get('format')!r}")
    if kind == "end":
        return kind, None, ()
    packs = tuple(parse_cards(pack) for pack in data["packs"])
    if kind == "next":
        return kind, str(data["by"]), packs
    return kind, from_data(data["action"]), packs


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
    sitting: Sitting,
    games: int | None,
    packs: Callable[[], tuple[Card, ...]],
    pause: int | None = None,
) -> tuple[Sitting, list[tuple[Card, ...]]]:
    """Deal every game now due, each from ``packs()``; a game may end as it is dealt (the
    antes leave nobody able to open), so more than one may be. With a ``pause`` (not None)
    none is dealt here: the next waits for the players' "next" (or the pause)."""
    dealt: list[tuple[Card, ...]] = []
    while pause is None and _due(sitting, games):
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
    said: frozenset[str] = frozenset()  # who has said "next" since the last game ended
    # What has been worked out of this (immutable) table, once: the public document and each
    # seat's view, as a document and as JSON text, shared by every request and socket.
    _memo: dict[tuple[str, str | None], Any] = attrs.field(
        factory=dict, eq=False, repr=False, alias="_memo"
    )

    @property
    def games(self) -> int | None:
        """The most games it lasts (None: no bound): the header's, or the referee's end."""
        return min((n for n in (self.header.games, self.ended) if n is not None), default=None)

    @property
    def over(self) -> bool:
        """Whether the sitting has ended: its last game is over and no other is due."""
        return self.sitting.between_games and not _due(self.sitting, self.games)

    @property
    def waiting(self) -> bool:
        """Whether a game is over and the next is due but waits for the players' "next"
        (or the sitting's pause): the show, before the next deal."""
        return self.header.pause is not None and self.sitting.between_games and not self.over

    def to_say_next(self) -> tuple[str, ...]:
        """Who must still say "next" before the next deal (the players with chips)."""
        if not self.waiting:
            return ()
        sitting = self.sitting
        return tuple(
            name
            for name, chips in zip(sitting.seating, sitting.chips, strict=True)
            if chips and name not in self.said
        )

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
        found: dict[str, Any] | None = self._memo.get(("public", None))
        if found is None:
            found = self._memo[("public", None)] = self._public()
        return found

    def _public(self) -> dict[str, Any]:
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
            "playing": list(game.players),
            "stacks": list(game.stacks),
            "stakes": list(game.stakes),
            "pool": game.pool,
            "results": [{"name": name, "result": result} for name, result in sitting.results],
            "kitty": sitting.kitty,
            "pause": self.header.pause,
            "waiting": list(self.to_say_next()) if self.waiting else None,
        }

    def kept(self, key: str, make: Callable[[Table], Any]) -> Any:
        """``make(self)``, worked out once for this (immutable) table and kept with it."""
        found = self._memo.get((key, None))
        if found is None:
            found = self._memo[(key, None)] = make(self)
        return found

    def seen_by(self, who: str | None) -> dict[str, Any]:
        """The answer to a seat's ``GET .../view``: his PlayerView document and ``seq``.

        A spectator, the referee or a player with no seat in the current game has no
        PlayerView (the library gives one to a seat only): ``view`` is then null, and the
        public table is there for all.
        """
        found: dict[str, Any] | None = self._memo.get(("seen", who))
        if found is None:
            found = self._memo[("seen", who)] = self._seen_by(who)
        return found

    def summary(self) -> dict[str, Any]:
        """The sitting as the lobby lists it (worked out once a state, like the views)."""
        found: dict[str, Any] | None = self._memo.get(("summary", None))
        if found is None:
            found = self._memo[("summary", None)] = {
                "id": self.id,
                "players": [name for name, _ in self.header.players],
                "games": self.games,
                "games_played": len(self.sitting.games),
                "over": self.over,
                "seq": self.seq,
            }
        return found

    def seen_text(self, who: str | None) -> str:
        """:meth:`seen_by` as JSON text, written once for every answer and push of it."""
        found: str | None = self._memo.get(("text", who))
        if found is None:
            found = self._memo[("text", who)] = json_text(self.seen_by(who))
        return found

    def _seen_by(self, who: str | None) -> dict[str, Any]:
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
    sitting, dealt = _deal_due(sitting, header.games, lambda: next(rest), header.pause)
    if len(dealt) != len(later):
        raise CorruptSitting(f"sitting {sitting_id}: its header holds packs never dealt")
    return Table(sitting_id, header, sitting, 0)


def _advance(table: Table, text: str) -> Table:
    kind, action, packs = _read_event(text)
    if (
        kind == "end"
    ):  # the referee's end: the game in play (at its show, the one shown) is the last
        ended = len(table.sitting.games) + (0 if table.sitting.between_games else 1)
        return Table(table.id, table.header, table.sitting, table.seq + 1, ended, table.said)
    if kind == "next":
        assert isinstance(action, str)
        if not packs:
            said = table.said | {action}
            return Table(table.id, table.header, table.sitting, table.seq + 1, table.ended, said)
        return _dealt(table, table.sitting, packs)
    assert action is not None
    assert not isinstance(action, str)
    result = play(table.sitting, action)
    if isinstance(result, RuleViolation):
        raise CorruptSitting(f"sitting {table.id}, event {table.seq}: {result.message}")
    supply: Iterator[tuple[Card, ...]] = iter(packs)
    sitting, dealt = _deal_due(result, table.games, lambda: next(supply), table.header.pause)
    if len(dealt) != len(packs):
        raise CorruptSitting(f"sitting {table.id}, event {table.seq}: packs never dealt")
    return Table(table.id, table.header, sitting, table.seq + 1, table.ended)


def _dealt(table: Table, sitting: Sitting, packs: Sequence[tuple[Card, ...]]) -> Table:
    """The table after the next game is dealt from ``packs`` (one: the next is dealt only
    after its show) at the end of a game's show."""
    if not table.waiting or len(packs) != 1:
        raise CorruptSitting(f"sitting {table.id}, event {table.seq}: a deal not due")
    dealt = deal_next(sitting, deck=packs[0])
    return Table(table.id, table.header, dealt, table.seq + 1, table.ended)


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
