"""The pack: ranks, suits, cards, the Joker, and their two-character notation (Laws 1, 81).

Card text is two characters, rank then suit: ``"Th"`` is the ten of hearts, ``"Ks"`` the
king of spades; ``"Jk"`` is the Joker, the 53rd card allowed by agreement (Law 81).
"""

from __future__ import annotations

import enum
from _random import Random as _Generator
from collections.abc import Callable, Iterable
from typing import Protocol, overload

import attrs

__all__ = [
    "JOKER",
    "Card",
    "NotationError",
    "Rank",
    "Suit",
    "format_cards",
    "pack_set",
    "parse_card",
    "parse_cards",
    "shuffled_deck",
    "standard_deck",
]


class NotationError(ValueError):
    """Raise for malformed card or record text; the message names the bad token.

    Attributes:
        message: what is wrong, without the line.
        line: the 1-based line of the record text where it is, or ``None`` where the text
            has no lines (a card, a JSON value). ``str()`` puts it first: ``"line 7: ..."``.
    """

    def __init__(self, message: str, *, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line

    def __str__(self) -> str:
        return self.message if self.line is None else f"line {self.line}: {self.message}"

    def __repr__(self) -> str:
        line = "" if self.line is None else f", line={self.line}"
        return f"{type(self).__name__}({self.message!r}{line})"

    def __reduce__(self) -> tuple[type[NotationError], tuple[str], dict[str, object]]:
        # The line is keyword-only, so it travels as state, which unpickling sets back.
        return (type(self), (self.message,), {"line": self.line})


class Rank(enum.IntEnum):
    """The thirteen ranks, ace high (the ace is low only inside a sequence, Law 71)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The rank's one-character notation: ``23456789TJQKA``."""
        return _RANK_LETTERS[self]


class Suit(enum.Enum):
    """The four suits; hearts take precedence where the laws say so (Laws 69, 70)."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def letter(self) -> str:
        """The suit's one-character notation: ``c d h s``."""
        return self.value


_RANK_LETTERS: dict[Rank, str] = {rank: "23456789TJQKA"[rank - 2] for rank in Rank}
_SUIT_ORDER: dict[Suit, int] = {suit: position for position, suit in enumerate(Suit)}

# The evaluator (pokerlaws.hands) keys a hand by the product of its cards' factors. A rank's
# factor is rank + 27: products of five of them differ for every multiset of five ranks and
# stay below 2**30, so they are one-digit integers, the fastest kind Python has. The Joker's
# factor is 1, so a hand holding it keys four ranks, which no table holds.
RANK_FACTOR_OFFSET = 27


_INTERNED: dict[tuple[Rank | None, Suit | None], Card] = {}


class _NoSuit(enum.Enum):
    """The suit left out of ``Card('Jh')``: a marker, so that ``Card(None, None)`` stays the
    Joker."""

    NO_SUIT = enum.auto()


_NO_SUIT = _NoSuit.NO_SUIT


class _Printer(Protocol):
    """The part of IPython's and Hypothesis' pretty printers that a card uses."""

    def text(self, obj: str) -> None: ...


@attrs.frozen(init=False, eq=False, order=False)
class Card:
    """One playing card, or the Joker when ``rank`` and ``suit`` are both ``None``.

    Build ordinary cards as ``Card(Rank.TEN, Suit.HEARTS)`` or from their notation,
    ``Card("Th")`` (what ``repr`` shows, so a repr evaluates back to its card); use the
    constant :data:`JOKER` (``Card("Jk")``) for the Joker. ``str(card)`` is the
    two-character notation.

    There is one object for each card: ``Card(Rank.TEN, Suit.HEARTS)`` returns the same
    object every time (as do :func:`parse_cards`, the decks, copying and unpickling), so cards
    compare and hash by identity, at the speed of the interpreter's own objects.
    """

    rank: Rank | None
    suit: Suit | None
    _factor: int = attrs.field(repr=False)
    """``rank + RANK_FACTOR_OFFSET``, or 1 for the Joker: the evaluator's rank key."""
    _bit: int = attrs.field(repr=False)
    """A bit of its own for each of the 53 cards: the evaluator's key for a Joker hand is
    the five cards' bits together."""
    _text: str = attrs.field(repr=False)

    @overload
    def __new__(cls, rank: str) -> Card: ...

    @overload
    def __new__(cls, rank: Rank | None, suit: Suit | None) -> Card: ...

    def __new__(cls, rank: Rank | str | None, suit: Suit | _NoSuit | None = _NO_SUIT) -> Card:
        if suit is _NO_SUIT:
            # Card('Jh'): the notation its repr shows, so the repr evaluates back to it.
            if not isinstance(rank, str):
                raise TypeError(
                    "a card takes a rank and a suit, or its notation as one str, "
                    f"not {rank!r} alone"
                )
            return parse_card(rank)
        # Check the shape before looking the card up: 12 == Rank.QUEEN, so an unchecked
        # lookup would hand back (and let a constructor overwrite) the shared queen.
        if rank is not None and rank.__class__ is not Rank:
            raise TypeError(f"a card's rank must be a Rank or None, not {rank!r}")
        if suit is not None and suit.__class__ is not Suit:
            raise TypeError(f"a card's suit must be a Suit or None, not {suit!r}")
        card = _INTERNED.get((rank, suit))
        if card is None:
            card = _make_card(cls, rank, suit)
        return card

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        # Pickled as its text and read back through the table of cards, so an unpickled card
        # is the one object for its card and nothing is validated again.
        return parse_card, (self._text,)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @property
    def is_joker(self) -> bool:
        """Whether this is the Joker (Law 81 variant)."""
        return self.rank is None

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def _repr_pretty_(self, p: _Printer, cycle: bool) -> None:
        # Hypothesis and IPython print through this; without it they list the attrs fields.
        p.text(repr(self))


def _make_card(cls: type[Card], rank: Rank | None, suit: Suit | None) -> Card:
    """Build and intern the one object for a card not made before (shape already checked)."""
    # Shape only: a card is either both rank and suit, or neither (the Joker).
    if rank is None or suit is None:
        if rank is not None or suit is not None:
            raise ValueError("a card has both a rank and a suit, or neither (the Joker)")
        factor, bit, text = 1, 1 << 52, "Jk"
    else:
        factor = int(rank) + RANK_FACTOR_OFFSET
        bit = 1 << (13 * _SUIT_ORDER[suit] + rank - 2)
        text = _RANK_LETTERS[rank] + suit.value
    card = object.__new__(cls)
    object.__setattr__(card, "rank", rank)
    object.__setattr__(card, "suit", suit)
    object.__setattr__(card, "_factor", factor)
    object.__setattr__(card, "_bit", bit)
    object.__setattr__(card, "_text", text)
    _INTERNED[rank, suit] = card
    return card


JOKER = Card(None, None)
"""The 53rd card, named by its holder as any card he likes (Law 81 variant; Ambiguity 12)."""

_CARDS_BY_TEXT: dict[str, Card] = {"Jk": JOKER}
for _suit in Suit:
    for _rank in Rank:
        _CARDS_BY_TEXT[_RANK_LETTERS[_rank] + _suit.value] = Card(_rank, _suit)


def parse_card(token: str) -> Card:
    """Read one card from its two-character notation (``"Th"``, ``"Jk"``).

    Raises:
        NotationError: the token is not a card.
    """
    card = _CARDS_BY_TEXT.get(token)
    if card is None:
        raise NotationError(
            f"{token!r} is not a card: write rank (23456789TJQKA) then suit (cdhs), "
            "or Jk for the Joker"
        )
    return card


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards from space-separated notation: ``"Jh Jd 4c 4s 9h"``.

    Repeated cards are kept as written; whether they make sense is the caller's question.

    Raises:
        NotationError: a token is not a card; the message names it.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_cards takes a str, not {type(text).__name__}")
    return tuple(parse_card(token) for token in text.split())


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards as space-separated notation, the inverse of :func:`parse_cards`."""
    return " ".join(str(card) for card in cards)


# The same objects as parse_cards returns, so that comparisons mostly succeed on identity.
_STANDARD = tuple(_CARDS_BY_TEXT[rank.letter + suit.letter] for suit in Suit for rank in Rank)


def standard_deck(*, joker: bool = False) -> tuple[Card, ...]:
    """Return the pack in its fixed order: clubs, diamonds, hearts, spades, each two to ace.

    With ``joker=True`` the Joker comes last, as the 53rd card (Law 81).

    Raises:
        TypeError: ``joker`` is not a bool.
    """
    if joker.__class__ is not bool:
        raise TypeError(f"joker must be a bool, not {joker!r}")
    return (*_STANDARD, JOKER) if joker else _STANDARD


_PACK_SETS = {joker: frozenset(standard_deck(joker=joker)) for joker in (False, True)}


def pack_set(*, joker: bool = False) -> frozenset[Card]:
    """Return the cards of :func:`standard_deck` as a set, for checking that some cards are
    the whole pack (Law 1; Law 81 for the Joker)."""
    standard_deck(joker=joker)  # checks the switch
    return _PACK_SETS[joker]


def shuffled_deck(seed: int, *, joker: bool = False) -> tuple[Card, ...]:
    """Return a deterministic shuffle of :func:`standard_deck` for an integer ``seed``.

    The same seed always gives the same order; the global random generator is not touched.

    Raises:
        TypeError: ``seed`` is not an int (a bool is refused too), or ``joker`` not a bool.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"the seed must be an int, not {seed!r} ({type(seed).__name__})")
    deck = list(standard_deck(joker=joker))
    # random.Random(seed).shuffle(deck), written out: the same Fisher-Yates swaps drawing the
    # same bits (an index below n is getrandbits(n.bit_length()), redrawn while too large),
    # without two Python calls a card. A deck is shuffled for every game; this takes the
    # shuffle from about 10 us to 6.7 (seeding the generator is 3.6 of them).
    # The C generator under random.Random, seeded by the same int the same way (the
    # Python class adds only argument handling, a third of the seeding's cost).
    getrandbits = _Generator(seed).getrandbits
    for i, n, bits in _SWAPS[len(deck)]:
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


# For each deck size, each swap of the shuffle: the position, how many cards it draws from,
# and the bits an index among them takes.
_SWAPS = {
    size: tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    for size in (len(_STANDARD), len(_STANDARD) + 1)
}
