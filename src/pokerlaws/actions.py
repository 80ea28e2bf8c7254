"""The actions a player can take; every action names its actor (``seat``).

Actions are plain frozen records. Whether one is legal is for :func:`pokerlaws.apply` to say,
citing the law; the records themselves check nothing beyond their shape, and refuse a wrong
shape with ``TypeError`` when built (a seat or amount that is not an int, a bool included;
cards that are not Cards), so that no ill-typed action reaches the laws.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import repeat
from operator import index as _as_index
from typing import ClassVar, TypeAlias, overload

import attrs

from pokerlaws.cards import Card, standard_deck

__all__ = [
    "ACTION_TYPES",
    "Action",
    "DeclineStraddle",
    "Discard",
    "LegalActions",
    "Pass",
    "Redeal",
    "Shuffle",
    "Stake",
    "Stand",
    "Straddle",
    "canonical_discards",
    "deck_position",
]

_DECK_ORDER: dict[Card, int] = {card: i for i, card in enumerate(standard_deck(joker=True))}
deck_position = _DECK_ORDER.__getitem__
"""A card's place in :func:`standard_deck` (the Joker last): the order of ``Discard.cards``."""


def _whole_number(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    """Shape only: a seat or an amount is an int (a bool is not a number of chips); whether
    its value is possible is for the laws to say."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(
            f"{type(instance).__name__}.{attribute.name} must be an int, "
            f"not {type(value).__name__} ({value!r})"
        )


def _cards_of(owner: str, cards: object) -> tuple[Card, ...]:
    """The cards of ``cards``, each a :class:`Card` (text must go through parse_cards)."""
    if isinstance(cards, (str, bytes)):
        raise TypeError(
            f"{owner} must be Cards, not text ({cards!r}): read it with parse_cards first"
        )
    if not isinstance(cards, Iterable):
        raise TypeError(f"{owner} must be an iterable of Cards, not {type(cards).__name__}")
    items = tuple(cards)
    for card in items:
        if type(card) is not Card:
            raise TypeError(
                f"{owner} must hold only Cards, not {type(card).__name__} ({card!r})"
                + (": read text with parse_cards" if isinstance(card, str) else "")
            )
    return items


def _canonical_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    # Order is not significant in a discard, so equal discards compare and hash equal.
    # Repeats are kept: discarding one card twice must reach apply() and be refused (Law 36).
    return tuple(sorted(_cards_of("Discard.cards", cards), key=deck_position))


@attrs.frozen(kw_only=True)
class Straddle:
    """Raise the ante by one ante before the deal (Laws 21-22); the first makes it double."""

    seat: int = attrs.field(validator=_whole_number)

    def __str__(self) -> str:
        return f"seat {self.seat} straddles"


@attrs.frozen(kw_only=True)
class DeclineStraddle:
    """Decline to straddle; when No. 1 declines, nobody else may straddle (Law 21)."""

    seat: int = attrs.field(validator=_whole_number)

    def __str__(self) -> str:
        return f"seat {self.seat} declines to straddle"


@attrs.frozen(kw_only=True)
class Pass:
    """Give up the hand and all one has staked (Laws 27, 54): the book's pass, a modern fold."""

    seat: int = attrs.field(validator=_whole_number)

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


@attrs.frozen(kw_only=True)
class Stake:
    """Put ``amount`` chips into one's stake now (Law 56: the bet is what is put down).

    The situation makes it an opening, a making good, a call, a raise or a bet.
    """

    seat: int = attrs.field(validator=_whole_number)
    amount: int = attrs.field(validator=_whole_number)

    def __str__(self) -> str:
        return f"seat {self.seat} stakes {self.amount}"


@attrs.frozen(kw_only=True)
class Stand:
    """After the draw, the first bettor declines to bet for the moment (description 2.8)."""

    seat: int = attrs.field(validator=_whole_number)

    def __str__(self) -> str:
        return f"seat {self.seat} stands"


@attrs.frozen(kw_only=True)
class Discard:
    """Lay ``cards`` face down and receive as many from the pack (Laws 36-39).

    ``cards=()`` plays pat. The order of ``cards`` is not significant.
    """

    seat: int = attrs.field(validator=_whole_number)
    cards: tuple[Card, ...] = attrs.field(converter=_canonical_cards)

    def __str__(self) -> str:
        if not self.cards:
            return f"seat {self.seat} plays pat"
        return f"seat {self.seat} discards {' '.join(str(card) for card in self.cards)}"


def _in_order(owner: str, cards: Sequence[Card] | None) -> tuple[Card, ...] | None:
    """``cards`` as ``owner``, a pile or a pack in order, top first, or None."""
    # The order is the point of a shuffle or a deal, so it is kept exactly as given, and
    # only an ordered sequence can give one (a set has no order of its own).
    if cards is None:
        return None
    if not isinstance(cards, Sequence) or isinstance(cards, (str, bytes)):
        raise TypeError(
            f"{owner} must be a sequence of Cards, top first, or None, not {type(cards).__name__}"
        )
    return _cards_of(owner, cards)


def _shuffle_order(cards: Sequence[Card] | None) -> tuple[Card, ...] | None:
    return _in_order("Shuffle.order", cards)


@attrs.frozen(kw_only=True)
class Shuffle:
    """The dealer gathers the discards of this draw and shuffles them (Law 41).

    ``order`` is those cards, top first, each once: the caller's own random order, or the
    order a recorded table used. ``None`` leaves it to the engine, which takes it from
    information no single player holds (the game's whole original deck order), never from
    the cards themselves; the history records the order used.
    """

    seat: int = attrs.field(validator=_whole_number)
    order: tuple[Card, ...] | None = attrs.field(default=None, converter=_shuffle_order)

    def __str__(self) -> str:
        if self.order is None:
            return f"seat {self.seat} shuffles the discards"
        return f"seat {self.seat} shuffles the discards to {' '.join(map(str, self.order))}"


def _redeal_deck(cards: Sequence[Card] | None) -> tuple[Card, ...] | None:
    return _in_order("Redeal.deck", cards)


@attrs.frozen(kw_only=True)
class Redeal:
    """After a misdeal the same dealer deals again (Laws 8, 10, 12) from ``deck``, the whole
    pack shuffled and cut anew, top first.

    ``None`` leaves the order to the engine, which takes it from information no single
    player holds (the game's original deck order and the number of misdeals), never from
    the cards alone; the history records the deck used.
    """

    seat: int = attrs.field(validator=_whole_number)
    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=_redeal_deck)

    def __str__(self) -> str:
        if self.deck is None:
            return f"seat {self.seat} deals again"
        return f"seat {self.seat} deals again from {' '.join(map(str, self.deck))}"


# The slots of Discard, written past attrs' __init__ by canonical_discards.
_new_object = object.__new__
_set_seat = Discard.__dict__["seat"].__set__
_set_cards = Discard.__dict__["cards"].__set__


def canonical_discards(seat: int, subsets: Sequence[tuple[Card, ...]]) -> list[Discard]:
    """Return ``Discard(seat=seat, cards=cards)`` for each of ``subsets``, built without the
    converter: each subset must already be in deck order (:func:`deck_position`), as the
    converter would leave it.

    ``legal_actions`` offers 32 discards at every draw; built through ``__init__`` and its
    sort they cost about 19 us, written straight into their slots (three C-level loops)
    about 4 us.
    """
    discards = list(map(_new_object, repeat(Discard, len(subsets))))
    # Each setter returns None, so any() runs the map to its end.
    any(map(_set_seat, discards, repeat(seat)))
    any(map(_set_cards, discards, subsets))
    return discards


Action: TypeAlias = Straddle | DeclineStraddle | Pass | Stake | Stand | Discard | Shuffle | Redeal
"""Any one of the player actions."""

ACTION_TYPES: tuple[type, ...] = (
    Straddle,
    DeclineStraddle,
    Pass,
    Stake,
    Stand,
    Discard,
    Shuffle,
    Redeal,
)
"""The action classes, for the checks that an argument is an action."""


def _actions_only(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    if not isinstance(actions, tuple) or not all(isinstance(a, ACTION_TYPES) for a in actions):
        raise TypeError(f"LegalActions.others must be a tuple of actions, not {actions!r}")
    return actions


def _amounts(instance: object, attribute: attrs.Attribute[range], value: object) -> None:
    if type(value) is not range or value.step != 1 or not value:
        raise TypeError(f"LegalActions.amounts must be a non-empty range of step 1, not {value!r}")


@attrs.frozen(kw_only=True)
class LegalActions(Sequence[Action]):
    """A seat's legal actions when a long run of stakes is legal: ``others``, then a
    ``Stake(seat=seat, amount=a)`` for each ``a`` in ``amounts``, in that order.

    A table with a large limit and deep stacks allows a stake of every amount up to it: a
    billion at a limit of 10**9, which no one could list. This sequence holds the amounts
    as a ``range`` (as :func:`pokerlaws.stake_range` gives them) and makes each ``Stake``
    only when asked for it, so its length, ``in``, ``index`` and ``count`` answer at once;
    iterating it or ``tuple(menu)`` make one record per amount. A :class:`PlayerView`
    holds one instead of a tuple when more than ``LegalActions.FEWEST`` stakes are legal;
    ``tuple(menu) == legal_actions(state)``. Like ``range``, it equals only another
    ``LegalActions`` of the same actions, never a tuple: comparing or hashing it costs
    nothing, whatever the number of stakes.
    """

    FEWEST: ClassVar[int] = 1024
    """A menu of more stakes than this is held as a :class:`LegalActions`, a shorter one as
    a tuple (every table with a limit up to about a thousand)."""

    others: tuple[Action, ...] = attrs.field(converter=_actions_only)
    seat: int = attrs.field(validator=_whole_number)
    amounts: range = attrs.field(validator=_amounts)

    def __len__(self) -> int:
        return len(self.others) + len(self.amounts)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(index, slice):
            return tuple(map(self.__getitem__, range(*index.indices(len(self)))))
        position = _as_index(index)
        if position < 0:
            position += len(self)
        if not 0 <= position < len(self):
            raise IndexError("LegalActions index out of range")
        before = len(self.others)
        if position < before:
            return self.others[position]
        return Stake(seat=self.seat, amount=self.amounts[position - before])

    def __iter__(self) -> Iterator[Action]:
        yield from self.others
        seat = self.seat
        for amount in self.amounts:
            yield Stake(seat=seat, amount=amount)

    def __reversed__(self) -> Iterator[Action]:
        seat = self.seat
        for amount in reversed(self.amounts):
            yield Stake(seat=seat, amount=amount)
        yield from reversed(self.others)

    def _stake_at(self, action: object) -> int | None:
        """The position of ``action`` among the stakes, or None."""
        if type(action) is Stake and action.seat == self.seat and action.amount in self.amounts:
            return len(self.others) + action.amount - self.amounts.start
        return None

    def __contains__(self, action: object) -> bool:
        return self._stake_at(action) is not None or action in self.others

    def index(self, action: object, start: int = 0, stop: int | None = None) -> int:
        """The position of ``action``, as ``tuple.index`` gives it (at once)."""
        n = len(self)
        low, high, _ = slice(start, stop).indices(n)
        for position, other in enumerate(self.others):
            if low <= position < high and (other is action or other == action):
                return position
        at = self._stake_at(action)
        if at is not None and low <= at < high:
            return at
        raise ValueError(f"{action!r} is not in the legal actions")

    def count(self, action: object) -> int:
        """How many times ``action`` is listed (at once)."""
        return self.others.count(action) + (self._stake_at(action) is not None)
