"""The compact pickle of a :class:`~pokerlaws.GameState`: its fields as small ints and bytes.

Pickled field by field as attrs objects, a final state took 2.1 KB and as long to load as a
whole game takes to play: every card went as its text and was parsed again, every action
was rebuilt through attrs, each enum member looked up by value. Here a card is one byte (its
place in the pack, the Joker last), a phase or a rank one small int, and the usual actions
of a history an int, a pair or a few bytes; everything else (sets of seats, reports, a
shuffle, the short players) goes as itself. The pickle module then reads and writes plain
tuples, ints, bytes and frozensets at C speed.

This module knows the codes and nothing of :class:`GameState`; ``state.py`` pairs them with
its fields (so neither imports the other's users). A pickle written before this module is
read by ``GameState.__setstate__`` as before.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain, compress, count, repeat
from operator import is_, itemgetter
from typing import Any

from pokerlaws.actions import DeclineStraddle, Discard, Pass, Stake, Stand, Straddle
from pokerlaws.cards import Card, Rank, standard_deck

__all__ = [
    "FORMAT",
    "cards_from",
    "cards_of",
    "events_from",
    "events_of",
]

FORMAT = 1
"""The layout's version, pickled first, so a later layout can still read this one."""

_PACK = standard_deck(joker=True)
_PLACE: dict[Card, int] = {card: place for place, card in enumerate(_PACK)}
_card_at = _PACK.__getitem__
_place_of = _PLACE.__getitem__


def cards_of(groups: Iterable[tuple[Card, ...]]) -> tuple[bytes, bytes]:
    """Runs of cards as two bytes: each run's length, then all their cards, one byte a card
    (its place in the pack with the Joker); one C-level pass whatever the number of runs."""
    runs = tuple(groups)
    cards = tuple(chain.from_iterable(runs))
    # itemgetter looks every card up in one C call (a map calls the lookup once a card, and
    # costs about twice as much); with fewer than two keys it would not return a tuple.
    places = itemgetter(*cards)(_PLACE) if len(cards) > 1 else tuple(map(_place_of, cards))
    return bytes(map(len, runs)), bytes(places)


def cards_from(lengths: bytes, data: bytes) -> list[tuple[Card, ...]]:
    """The runs of cards that :func:`cards_of` wrote."""
    cards = itemgetter(*data)(_PACK) if len(data) > 1 else tuple(map(_card_at, data))
    runs: list[tuple[Card, ...]] = []
    append = runs.append
    at = 0
    for length in lengths:
        end = at + length
        append(cards[at:end])
        at = end
    return runs


# A history's usual events: a Pass, Stand, Straddle or DeclineStraddle is one int, the kind
# times 16 plus the seat (a table has at most ten); a Stake a pair (seat, amount); a Discard
# bytes, the seat then the cards. Anything else is pickled as itself.
_SEAT_KINDS: tuple[type, ...] = (Pass, Stand, Straddle, DeclineStraddle)
_SEAT_CODE = {kind: 16 * code for code, kind in enumerate(_SEAT_KINDS)}
_new = object.__new__
_SET_SEAT = {kind: kind.__dict__["seat"].__set__ for kind in (*_SEAT_KINDS, Stake, Discard)}
_set_amount = Stake.__dict__["amount"].__set__
_set_cards = Discard.__dict__["cards"].__set__


def events_of(events: Iterable[object]) -> tuple[object, ...]:
    """A history's events, the usual ones coded (see above)."""
    coded: list[object] = []
    append = coded.append
    event: Any
    for event in events:
        kind = event.__class__
        code = _SEAT_CODE.get(kind)
        if code is not None and 0 <= event.seat < 16:
            append(code + event.seat)
        elif kind is Stake:
            append((event.seat, event.amount))
        elif kind is Discard and 0 <= event.seat < 256:
            append(bytes((event.seat, *map(_place_of, event.cards))))
        else:
            append(event)
    return tuple(coded)


def _seat_action(kind: type, seat: int) -> Any:
    action: Any = _new(kind)
    _SET_SEAT[kind](action, seat)
    return action


# Actions are frozen values: one record serves every history that holds it.
_SEAT_EVENTS: dict[object, Any] = {
    code + seat: _seat_action(kind, seat)
    for kind, code in _SEAT_CODE.items()
    for seat in range(16)
}
# Each code and each (seat, amount) pair met so far, and its one record (the pairs kept up
# to a bound: a few thousand, whatever the stakes).
_KNOWN: dict[object, Any] = dict(_SEAT_EVENTS)
_KNOWN_KEPT = 4096


def events_from(coded: tuple[object, ...]) -> list[object]:
    """The events that :func:`events_of` wrote. The records are written straight into their
    slots: they were valid when pickled (each came from a state's history), and a Discard's
    cards keep the canonical order they had."""
    try:
        # The seat actions and the stakes met before, in one C-level pass.
        events: list[Any] = list(map(_KNOWN.get, coded))
    except TypeError:  # an unhashable event: nothing the engine records
        events = [None] * len(coded)
    for at in compress(count(), map(is_, events, repeat(None))):
        events[at] = _decoded(coded[at])
    return events


def _decoded(item: Any) -> object:
    kind = item.__class__
    if kind is tuple:
        seat, amount = item
        stake: Stake = _seat_action(Stake, seat)
        _set_amount(stake, amount)
        if len(_KNOWN) >= _KNOWN_KEPT:
            _forget_stakes()
        _KNOWN[item] = stake
        return stake
    if kind is bytes:
        discard = _seat_action(Discard, item[0])
        _set_cards(discard, tuple(map(_card_at, item[1:])))
        return discard
    return item


def _forget_stakes() -> None:
    _KNOWN.clear()
    _KNOWN.update(_SEAT_EVENTS)


_RANKS: tuple[Rank | None, ...] = (None, *Rank)
_RANK_CODE: dict[Rank | None, int] = {rank: code for code, rank in enumerate(_RANKS)}


def rank_code(rank: Rank | None) -> int:
    """A rank (or None) as a small int."""
    return _RANK_CODE[rank]


def rank_from(code: int) -> Rank | None:
    """The rank that :func:`rank_code` wrote."""
    return _RANKS[code]
