"""Disputes at a real table: who rules on one, and whose word settles a disputed count
(Laws 46, 77, 78).

Inside the engine these questions never arise: it rules on every action itself (Law 77, read
literally) and every ``Discard`` records its own cards, so nobody can dispute how many were
asked for. A referee recording a club game, or a backend running a physical table, meets them
all the same; these pure functions give the laws' answers. They read the seating only (who
deals, who sits where), so they serve any moment of a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pokerlaws.state import GameState

__all__ = ["arbiter", "count_witnesses", "settled_count"]


def _seat(state: GameState, name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int seat, not {type(value).__name__} ({value!r})")
    if not 0 <= value < state.num_seats:
        raise ValueError(f"{name} must be a seat from 0 to {state.num_seats - 1}, not {value}")
    return value


def _state(caller: str, state: object) -> GameState:
    if not isinstance(state, GameState):
        raise TypeError(f"{caller} takes a GameState, not {type(state).__name__}")
    return state


def arbiter(state: GameState, parties: Iterable[int]) -> int:
    """Return the seat that rules on a dispute among ``parties`` (Laws 77-78).

    Law 77: the dealer decides, unless he is a party. Law 78: then the player on his left
    decides, and if he too is a party, the player on the dealer's right.

    Raises:
        TypeError: ``state`` is not a GameState, or a party is not an int seat.
        ValueError: a party is not at the table, there are no parties, or the dealer and
            both his neighbours are parties, for whom the laws name no arbiter.
    """
    state = _state("arbiter", state)
    if isinstance(parties, (str, bytes)) or not isinstance(parties, Iterable):
        raise TypeError(f"parties must be an iterable of seats, not {type(parties).__name__}")
    involved = {_seat(state, "a party", party) for party in parties}
    if not involved:
        raise ValueError("a dispute has parties: name at least one seat")
    n = state.num_seats
    dealer = state.dealer
    # enforces: Laws 77, 78
    for seat in (dealer, (dealer + 1) % n, (dealer - 1) % n):
        if seat not in involved:
            return seat
    raise ValueError(
        f"the dealer (seat {dealer}) and both his neighbours are parties: Laws 77-78 name "
        "no one else to rule"
    )


def count_witnesses(state: GameState, disputing: int) -> tuple[int, ...]:
    """Return, in order, whose word is taken when ``disputing`` and the dealer differ on how
    many cards he asked for (Law 46).

    First the person on the dealer's left, whether or not he is still playing, unless he is
    the disputing player; then the person on the dealer's right, whose word is final; then
    everyone else, counting leftward from the disputing player's left. The dealer and the
    disputing player, the two parties, give no evidence.

    Raises:
        TypeError: ``state`` is not a GameState, or ``disputing`` is not an int seat.
        ValueError: ``disputing`` is not at the table, or is the dealer (the dispute is
            between a player and the dealer).
    """
    state = _state("count_witnesses", state)
    disputing = _seat(state, "the disputing player", disputing)
    n, dealer = state.num_seats, state.dealer
    if disputing == dealer:
        raise ValueError(
            f"seat {disputing} deals: Law 46 settles a player's dispute with the dealer, and "
            "the dealer's own count is Law 47's"
        )
    order: list[int] = []
    # enforces: Law 46
    for seat in ((dealer + 1) % n, (dealer - 1) % n):
        if seat not in (dealer, disputing) and seat not in order:
            order.append(seat)
    for step in range(1, n):
        seat = (disputing + step) % n
        if seat not in (dealer, disputing) and seat not in order:
            order.append(seat)
    return tuple(order)


def settled_count(
    state: GameState, disputing: int, testimony: Mapping[int, int | None], *, discarded: int
) -> int:
    """Return how many cards ``disputing`` is taken to have asked for (Law 46).

    The first witness in :func:`count_witnesses` order who can say settles it; a seat missing
    from ``testimony``, or given as ``None``, cannot say. If nobody can, the player is taken
    to have asked for the correct number: as many as he ``discarded``.

    Raises:
        TypeError: a wrong type among the arguments.
        ValueError: an impossible seat or count (a count is 0 to 5, Law 36).
    """
    order = count_witnesses(state, disputing)
    _count("discarded", discarded)
    if not isinstance(testimony, Mapping):
        raise TypeError(f"testimony must map seats to counts, not {type(testimony).__name__}")
    for seat, said in testimony.items():
        _seat(state, "a witness", seat)
        if said is not None:
            _count(f"seat {seat}'s word", said)
    for seat in order:
        said = testimony.get(seat)
        if said is not None:
            return said
    # enforces: Law 46
    return discarded


def _count(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int count of cards, not {value!r}")
    if not 0 <= value <= 5:
        raise ValueError(f"{name} must be 0 to 5 cards (Law 36), not {value}")
