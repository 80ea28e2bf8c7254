"""The draw: Laws 34-41.

Laws 34-35: the draw begins on the dealer's left and goes round to the left. Law 36: a
player first makes his stake good to the highest (no raising: Ambiguity 5) or passes, then
throws out exactly as many cards as he takes. Law 37: discards never come back. Law 38: each
player draws once, at his turn. Law 39: replacements come from the top of the pack.

Law 41 (Ambiguity 19): the player whose request the stock cannot cover is served the stock's
last cards and owed the rest; each later player discards in his turn and is owed his cards;
then the dealer, even one who has passed (Law 18), gathers every discard of this draw and
shuffles them (:class:`~pokerlaws.Shuffle`, whose order the caller supplies), and the owed
players are served in draw order from the top of that pile, each passing over his own
discards (Law 37) unless too few other cards are left.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import chain, combinations, filterfalse, repeat
from operator import attrgetter, itemgetter
from typing import Any, cast

from pokerlaws.actions import (
    Action,
    Discard,
    LegalActions,
    Pass,
    Shuffle,
    Stake,
    canonical_discards,
    deck_position,
)
from pokerlaws.cards import Card, standard_deck
from pokerlaws.laws import betting, show
from pokerlaws.laws.staking import chips_refused, passing, stake_chips, stake_choices
from pokerlaws.reports import ExposedCard
from pokerlaws.ruling import noted
from pokerlaws.state import Changes, GameState, Phase, seats_from
from pokerlaws.violations import (
    CardNotHeld,
    CardRepeated,
    MustMakeGoodFirst,
    RuleViolation,
    ShuffleFirst,
    ShuffleNotAllowed,
    StakeNotExact,
    WrongShuffle,
    refuse,
)

__all__ = [
    "apply_draw",
    "begin",
    "default_order",
    "exposed_in_serving",
    "keyed_order",
    "legal",
    "refuse_shuffle",
    "shortfall",
    "stake_range",
]


def begin(state: GameState, changes: Changes | None = None) -> GameState:
    """Begin the draw with the first player on the dealer's left (Laws 34-35); ``changes``
    (which the draw does not read) are completed and made in the same step."""
    # enforces: Laws 34, 35
    order = seats_from(state.dealer + 1, state.players, len(state.stacks))
    if changes is None:
        changes = {}
    changes["phase"] = Phase.DRAW
    changes["pending"] = order
    changes["to_act"] = order[0]
    return state.with_changes(changes)


def shortfall(state: GameState, seat: int) -> int:
    """How much ``seat`` must add to make his stake good (Law 36); 0 when all in."""
    if seat in state.all_in:
        return 0
    stakes = state.stakes
    return max(stakes) - stakes[seat]


def apply_draw(state: GameState, action: Action) -> GameState | RuleViolation:
    """Apply a ``Stake`` (making good), ``Pass`` or ``Discard`` by the seat to draw, or the
    dealer's ``Shuffle`` once everyone has discarded and some are owed cards (Law 41)."""
    seat = action.seat
    if not state.pending:
        # Everyone has drawn and some are owed cards: the dealer's shuffle comes next.
        if isinstance(action, Shuffle):
            return _shuffle(state, action)
        return refuse(
            ShuffleFirst,
            41,
            action,
            f"must wait: the pack has run short, and the dealer (seat {state.dealer}) "
            "gathers and shuffles the discards to serve the players owed cards",
        )
    if isinstance(action, Shuffle):
        return refuse_shuffle(state, action)
    if isinstance(action, Pass):
        return _after(state.with_changes(passing(state, action)))
    short = shortfall(state, seat)
    if isinstance(action, Stake):
        return _make_good(state, action, short)
    assert isinstance(action, Discard)
    if short:
        return refuse(
            MustMakeGoodFirst,
            36,
            action,
            f"must make his stake good ({state.stakes[seat]} of {state.highest_stake}) "
            "before discarding",
        )
    hand = state.hands[seat]
    thrown = action.cards
    thrown_set = frozenset(thrown)
    if len(thrown_set) != len(thrown):
        twice = next(card for card in thrown if thrown.count(card) > 1)
        return refuse(CardRepeated, 36, action, f"cannot discard {twice} twice")
    if not thrown_set.issubset(hand):
        card = next(card for card in thrown if card not in hand)
        return refuse(CardNotHeld, 36, action, f"cannot discard {card}, which is not in his hand")
    return _serve(state, action, thrown_set)


def _make_good(state: GameState, action: Stake, short: int) -> GameState | RuleViolation:
    refused = chips_refused(state, action)
    if refused is not None:
        return refused
    seat, amount, stack = action.seat, action.amount, state.stacks[action.seat]
    if short == 0:
        return refuse(
            StakeNotExact,
            36,
            action,
            "has already made his stake good, and no one may raise at the draw",
        )
    if amount != short and not (amount == stack < short):
        return refuse(
            StakeNotExact,
            36,
            action,
            f"must make his stake good with exactly {short} (his {state.stakes[seat]} "
            f"up to {state.highest_stake}), not {amount}",
        )
    # He stays to act: making good comes before his discard (Law 36).
    changes: Changes = {"last_staker": seat, "history": state.history.with_event(action)}
    return state.with_changes(stake_chips(state, seat, amount, changes, forced=False))


def _serve(state: GameState, action: Discard, thrown_set: frozenset[Card]) -> GameState:
    """Replace the discarded cards from the top of the stock (Law 39), or, once the stock
    cannot cover a request, serve what it has and owe the rest (Law 41, Ambiguity 19)."""
    seat, thrown = action.seat, action.cards
    wanted = len(thrown)
    stock, owed = state.stock, state.owed
    hands = list(state.hands)
    # enforces: Law 37
    kept = tuple(filterfalse(thrown_set.__contains__, hands[seat]))
    changes: Changes = {
        "discards": (*state.discards, *thrown),
        "history": state.history.with_event(action),
    }
    if wanted <= len(stock) and not owed:
        # enforces: Law 39
        hands[seat] = (*kept, *stock[:wanted])
        changes["stock"] = stock[wanted:]
    else:
        # enforces: Law 41
        # Law 41: the stock's last cards now, the rest when the discards are shuffled.
        hands[seat] = (*kept, *stock)
        changes["stock"] = ()
        if wanted > len(stock):
            changes["owed"] = owed = (*owed, (seat, wanted - len(stock)))
            state = noted(state, ((41, "stock short", (seat,), wanted - len(stock)),))
    if wanted:
        thrown_by = list(state.thrown)
        thrown_by[seat] = thrown
        changes["thrown"] = tuple(thrown_by)
    changes["hands"] = tuple(hands)
    # enforces: Law 38
    pending = state.pending[1:]
    if not pending:
        if owed:
            return _await_shuffle(state, changes)
        # The last draw (two players at least are in: a pass that left one ended the game)
        # begins the betting in the same step.
        return betting.begin(state, changes)
    changes["pending"] = pending
    changes["to_act"] = pending[0]
    return state.with_changes(changes)


def _await_shuffle(state: GameState, changes: Changes) -> GameState:
    """Everyone has drawn and some are owed cards: the dealer is to shuffle (Laws 18, 41)."""
    changes["pending"] = ()
    changes["to_act"] = state.dealer
    return state.with_changes(changes)


def keyed_order(seed: str, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards`` ranked by a hash keyed with ``seed``: an order nobody can foresee who does
    not know the seed (the engine's own shuffle, when the caller gives none)."""
    # Imported here: hashlib loads OpenSSL's bindings, a cost every `import pokerlaws` (and
    # every `pokerlaws check`) paid for a shuffle that most games never ask the engine for.
    import hashlib

    key = hashlib.blake2b(seed.encode(), digest_size=32).digest()

    def rank(card: Card) -> bytes:
        return hashlib.blake2b(str(card).encode(), key=key, digest_size=16).digest()

    return tuple(sorted(cards, key=rank))


def default_order(deck: tuple[Card, ...], gathered: tuple[Card, ...]) -> tuple[Card, ...]:
    """The order the engine gives the gathered discards when the caller gives none (Law 41).

    Each card is ranked by a hash keyed with the game's whole original deck order, which no
    single player knows (each has seen only his own cards), so nobody can foresee the order;
    it is never taken from the discarded cards alone.
    """
    return keyed_order(" ".join(map(str, deck)), gathered)


def _shuffle(state: GameState, action: Shuffle) -> GameState | RuleViolation:
    """Serve the owed players from the shuffled discards, in draw order (Laws 37, 41)."""
    gathered = state.discards
    order = action.order
    if order is None:
        order = default_order(state.deck, gathered)
    elif len(order) != len(gathered) or frozenset(order) != frozenset(gathered):
        wanted = " ".join(map(str, sorted(gathered, key=deck_position)))
        return refuse(
            WrongShuffle,
            41,
            action,
            f"must shuffle exactly the {len(gathered)} discards of this draw, each once "
            f"({wanted}), not {' '.join(map(str, order)) or 'no cards'}",
        )
    # Law 41: the dealer serves the players owed cards, in draw order, from the pile.
    owed_seats = tuple(seat for seat, _ in state.owed)
    state = noted(state, ((41, "shuffle", (action.seat, *owed_seats), 0),))
    pile = list(order)
    hands = list(state.hands)
    for seat, count in state.owed:
        own = frozenset(state.thrown[seat])
        exposed = exposed_in_serving(state, seat)
        # Law 37: he passes over his own discards, which stay in place for the next player;
        # Law 41 gives him some of them only when too few other cards are left. A card
        # exposed in serving him (Law 40) he passes over too, taking it only when nothing
        # else is left (Ambiguity 18).
        # enforces: Laws 37, 41
        given = [card for card in pile if card not in own and card not in exposed][:count]
        if len(given) < count:
            given += [card for card in pile if card in own][: count - len(given)]
        if len(given) < count:
            given += [card for card in pile if card in exposed][: count - len(given)]
        served = frozenset(given)
        pile = [card for card in pile if card not in served]
        hands[seat] = (*hands[seat], *given)
    changes: Changes = {
        "hands": tuple(hands),
        "stock": tuple(pile),
        "discards": (),
        "owed": (),
        "history": state.history.with_event(Shuffle(seat=action.seat, order=order)),
    }
    return betting.begin(state, changes)


def exposed_in_serving(state: GameState, seat: int) -> frozenset[Card]:
    """The cards exposed in serving ``seat``'s draw (Law 40): none of them is his again
    while any other card can be given him (Ambiguity 18)."""
    history = state.history
    discard = history.last((Discard,), seat=seat)
    if discard is None:
        return frozenset()
    # A card may be exposed again and again once the stock is down to its last few (each
    # exposure puts it under the stock and the next comes up): distinct() reads each
    # exposure once, however often this is asked.
    return history.distinct(ExposedCard, _CARD_OF, seat=seat, start=discard + 1)


_CARD_OF: Callable[[ExposedCard], Card] = attrgetter("card")


def refuse_shuffle(state: GameState, action: Shuffle) -> RuleViolation:
    """Say why a ``Shuffle`` is refused: it is the dealer's, and only once the pack has run
    short and everyone has discarded (Law 41)."""
    if state.phase is Phase.DRAW and not state.pending:
        why = f"may not shuffle the discards: that is the dealer's (seat {state.dealer}) to do"
    elif state.phase is Phase.DRAW and state.owed:
        waiting = ", ".join(map(str, state.pending))
        why = (
            "may not shuffle the discards yet: the pack has run short, but seats "
            f"{waiting} are still to discard first"
        )
    else:
        why = (
            "may not shuffle the discards: that is done only at the draw, when the pack "
            "has run short and everyone has discarded"
        )
    return refuse(ShuffleNotAllowed, 41, action, why)


def _after(state: GameState) -> GameState:
    if len(state.players) == 1:
        # Law 58: nobody shuffles to serve a player who has already won.
        return show.uncontested(state)
    if not state.pending:
        if state.owed:
            return _await_shuffle(state, {})
        return betting.begin(state)
    return state


def legal(state: GameState) -> tuple[Action, ...] | LegalActions:
    """Every action the seat to draw may take: make good or pass; then discard or pass."""
    seat = state.to_act
    assert seat is not None
    if not state.pending:
        return (Shuffle(seat=seat),)
    stakes = state.stakes
    # shortfall(state, seat), written out: every draw asks it.
    if stakes[seat] < max(stakes) and seat not in state.all_in:
        return stake_choices(seat, stake_range(state))
    return (_pass(seat), *_discards(seat, state.hands[seat]))


def stake_range(state: GameState) -> range:
    """The one amount the seat to draw may stake: exactly his shortfall, or all he has when
    that is less (Law 36); none once his stake is good, or at the dealer's shuffle."""
    seat = state.to_act
    assert seat is not None
    short = shortfall(state, seat) if state.pending else 0
    if not short:
        return range(0)
    amount = min(short, state.stacks[seat])
    return range(amount, amount + 1)


# Actions are frozen values: one record per seat serves every draw.
@cache
def _pass(seat: int) -> Pass:
    return Pass(seat=seat)


def _discards(seat: int, hand: tuple[Card, ...]) -> Sequence[Discard]:
    """One ``Discard`` per subset of ``hand``, pat first, in the order of
    ``itertools.combinations(hand, size)`` for each size.

    A hand of five (every draw's) takes fewer C calls than :func:`_subsets_plain`: the
    cards' places read by one itemgetter, the subsets appended size by size; and the pat
    and the five single discards come from records kept per seat and card (530 at most),
    so that only the 26 larger discards are built. The tests hold both ways to the
    records built through ``Discard(...)``.
    """
    if len(hand) != 5:
        return canonical_discards(seat, _subsets_plain(hand))
    places = itemgetter(*hand)(_DECK_PLACES)
    ordering = tuple(sorted(_FIVE, key=places.__getitem__))
    in_deck_order = itemgetter(*ordering)(hand)
    kept = _kept_discards(seat)
    records: list[Discard] = [kept[()]]
    records += map(kept.__getitem__, in_deck_order)
    larger: _Subsets = []
    larger += combinations(in_deck_order, 2)
    larger += combinations(in_deck_order, 3)
    larger += combinations(in_deck_order, 4)
    larger.append(in_deck_order)
    records += canonical_discards(seat, larger)
    return _hand_order(ordering)(records)


_Subsets = list[tuple[Card, ...]]
_FIVE = range(5)
# Every card's deck_position, in a dict of draw's own for itemgetter to read in one call.
_DECK_PLACES = {card: deck_position(card) for card in standard_deck(joker=True)}


class _KeptDiscards(dict[object, Discard]):
    """One seat's pat (key ``()``) and single-card discards (key: the card), each built on
    first use and kept: frozen values, the same for every draw."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def __missing__(self, key: object) -> Discard:
        cards = () if key.__class__ is tuple else (cast("Card", key),)
        discard = self[key] = Discard(seat=self.seat, cards=cards)
        return discard


@cache
def _kept_discards(seat: int) -> _KeptDiscards:
    return _KeptDiscards(seat)


def _subsets_plain(hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """Every subset of ``hand``, each in deck order (Discard's canonical order), listed in
    the order of ``itertools.combinations(hand, size)`` for each size."""
    # Subsets of the hand sorted in deck order are already in Discard's canonical order, so
    # their records can skip the converter's sort (see canonical_discards); a table per
    # ordering of the hand puts them back in the order the hand itself gives.
    in_deck_order = sorted(hand, key=deck_position)
    ordering = tuple(map(hand.index, in_deck_order))
    subsets = list(
        chain.from_iterable(map(combinations, repeat(in_deck_order), range(len(hand) + 1)))
    )
    return _hand_order(ordering)(subsets)


@cache
def _hand_order(ordering: tuple[int, ...]) -> Callable[[list[Any]], tuple[Any, ...]]:
    """Return a getter that takes the subsets of a hand sorted by ``ordering`` (the hand's
    indices in deck order), listed as ``combinations`` lists them, and lists them as
    ``combinations`` lists the subsets of the hand itself. At most 120 orderings of 5."""
    count = len(ordering)
    place = [0] * count
    for sorted_index, hand_index in enumerate(ordering):
        place[hand_index] = sorted_index
    sorted_subsets = [s for size in range(count + 1) for s in combinations(range(count), size)]
    index = {subset: i for i, subset in enumerate(sorted_subsets)}
    indices = [
        index[tuple(sorted(place[i] for i in subset))]
        for size in range(count + 1)
        for subset in combinations(range(count), size)
    ]
    # A hand holds five cards at the draw, so there are always several indices and the
    # getter returns a tuple.
    getter: Callable[[list[Any]], tuple[Any, ...]] = itemgetter(*indices)
    return getter
