"""One seat's view of a game as a fixed-length tuple of ints, for learning agents.

The tuple has :data:`OBSERVATION_LENGTH` ints, whatever the table: seat-by-seat fields
have ten places (the most seats, Ambiguity 24), given in turn order from the observer (place
0 is himself, place 1 his left-hand neighbour, who acts after him), so that an agent sees
every seat as the same relative position. Places past the table's seats hold -1.
:data:`OBSERVATION_FIELDS` names each place; ``docs/agents.md`` tabulates them.

It holds only what the :class:`~pokerlaws.PlayerView` holds (Law 6: his own cards, never
another's unshown hand), and the hand in ``state.hands[seat]`` order, the order the discard
ids of :class:`~pokerlaws.agents.ActionSpace` count positions in.
"""

from __future__ import annotations

from typing import Any

from pokerlaws._extras import needs_extra
from pokerlaws.cards import Card, Suit
from pokerlaws.engine import MAX_SEATS
from pokerlaws.state import Phase
from pokerlaws.views import PlayerView

__all__ = [
    "OBSERVATION_FIELDS",
    "OBSERVATION_LENGTH",
    "card_code",
    "observation",
    "observation_array",
]

_HAND = 5
_PHASES = {phase: i for i, phase in enumerate(Phase)}
_SUITS = {suit: i for i, suit in enumerate(Suit)}
_SCALARS = (
    "seat",
    "seats",
    "phase",
    "to_act",
    "dealer",
    "pool",
    "jackpot_round",
    "openers_required",
    "ante",
    "limit",
    "owed_to_me",
)
_PER_SEAT = ("stack", "stake", "in_game", "exchanged")

OBSERVATION_FIELDS: tuple[str, ...] = (
    *_SCALARS,
    *(f"hand_{k}" for k in range(_HAND)),
    *(f"discarded_{k}" for k in range(_HAND)),
    *(f"{name}_{place}" for name in _PER_SEAT for place in range(MAX_SEATS)),
)
"""The name of each place of an observation, in order."""
OBSERVATION_LENGTH = len(OBSERVATION_FIELDS)
"""How many ints an observation holds (61)."""


def card_code(card: Card) -> int:
    """A card as an int: ``4 * (rank - 2) + suit`` (suits in ``Suit`` order: clubs 0,
    diamonds 1, hearts 2, spades 3), so 0 is the two of clubs and 51 the ace of spades;
    the Joker is 52."""
    if card.rank is None or card.suit is None:
        return 52
    return 4 * (card.rank - 2) + _SUITS[card.suit]


def _cards(cards: tuple[Card, ...]) -> list[int]:
    codes = [card_code(card) for card in cards[:_HAND]]
    return codes + [-1] * (_HAND - len(codes))


def observation(view: PlayerView) -> tuple[int, ...]:
    """``view`` as :data:`OBSERVATION_LENGTH` ints, field by field as
    :data:`OBSERVATION_FIELDS` names them (``docs/agents.md``).

    Seats are relative to the observer: a seat ``s`` is at place ``(s - view.seat) % n``;
    ``to_act`` and ``dealer`` are such places, ``to_act`` -1 when the game is over.
    ``phase`` counts ``Phase`` in order (straddle 0, misdeal 1, say 2, draw 3, betting 4,
    over 5); ``openers_required`` is the rank of a jack-pot's openers (11, 12, 13) or 0.
    ``exchanged`` is how many cards a seat exchanged at the draw, -1 before it drew.

    Raises:
        TypeError: ``view`` is not a PlayerView.
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"observation takes a PlayerView, not {type(view).__name__}")
    me = view.seat
    n = len(view.stacks)
    order = [(me + place) % n for place in range(n)]
    pad = [-1] * (MAX_SEATS - n)
    players = set(view.players)
    owed = dict(view.owed)
    rules = view.rules
    out = [
        me,
        n,
        _PHASES[view.phase],
        -1 if view.to_act is None else (view.to_act - me) % n,
        (view.dealer - me) % n,
        view.pool,
        view.jackpot_round,
        0 if view.openers_required is None else int(view.openers_required),
        rules.ante,
        rules.limit,
        owed.get(me, 0),
        *_cards(view.hand),
        *_cards(view.discarded),
    ]
    out += [view.stacks[s] for s in order] + pad
    out += [view.stakes[s] for s in order] + pad
    out += [int(s in players) for s in order] + pad
    exchanged = view.exchanged
    out += [-1 if (count := exchanged[s]) is None else count for s in order] + pad
    return tuple(out)


def observation_array(view: PlayerView) -> Any:
    """:func:`observation` as a one-dimensional numpy array of int64 (typed ``Any``, so
    that the package type-checks where numpy is not installed).

    Raises:
        ImportError: numpy is not installed; the message names the ``pettingzoo`` extra,
            which brings it, and how to install it.
    """
    with needs_extra("pettingzoo", "observation_array"):
        import numpy  # type: ignore[import-not-found, unused-ignore]
    return numpy.array(observation(view), dtype=numpy.int64)
