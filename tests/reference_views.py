"""A reference for what a seat may see, written apart from ``src`` (STYLE.md: outcomes
against a reference).

From what a record holds (the pack, each seat's chips as the game began, the dealer, the
actions), it works out with plain lists every seat's cards: the five dealt to it (Law 7: one
at a time from the dealer's left, five rounds, to the seats with chips), the ones it drew
(Law 39: from the top of the stock, in the order the players discard; Law 41, Ambiguity 19:
once the stock runs short, the rest from the dealer's shuffled pile, each passing over his own
discards unless too few others are left), and which hands were laid face up at the end (Law
59: every player still in when more than one is left; Law 58: none for an uncalled winner,
but Law 33: a jack-pot's opener shows). A seat knows the cards it held and the shown ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pokerlaws as pl
from tests.reference_game import over_before


@dataclass
class Table:
    """Every seat's cards as the reference follows them through the game."""

    dealt: dict[int, list[pl.Card]] = field(default_factory=dict)
    hands: dict[int, list[pl.Card]] = field(default_factory=dict)
    drawn: dict[int, list[pl.Card]] = field(default_factory=dict)
    exchanged: dict[int, int] = field(default_factory=dict)
    shown: list[int] = field(default_factory=list)
    held: dict[int, set[pl.Card]] = field(default_factory=dict)
    """Every card a seat has held in this game, in every deal (a misdeal's included)."""
    exposed: set[pl.Card] = field(default_factory=set)
    """Cards the dealer exposed (Laws 11, 40): everyone saw them."""
    opener: int | None = None


_ACTIONS = (
    pl.Straddle,
    pl.DeclineStraddle,
    pl.Pass,
    pl.Stake,
    pl.Stand,
    pl.Discard,
    pl.Shuffle,
    pl.Redeal,
)


def follow(state: pl.GameState) -> Table:
    """Work out every seat's cards in ``state`` from its record alone (and whether the deal
    has happened and the game is over, both public facts)."""
    game = pl.record(state)
    n = len(game.stacks)
    table = Table()
    seated = [(game.dealer + k) % n for k in range(1, n + 1) if game.stacks[(game.dealer + k) % n]]
    if state.phase is pl.Phase.STRADDLE:
        return table
    stock: list[pl.Card] = []
    thrown: dict[int, list[pl.Card]] = {}
    owed: list[tuple[int, int]] = []
    still_in: list[int] = []
    lifted: dict[int, bool] = {}
    drew: dict[int, int] = {}
    acted_since_deal = False

    def deal(deck: tuple[pl.Card, ...]) -> None:
        nonlocal acted_since_deal, owed
        stock[:] = list(deck)
        table.dealt = {seat: [] for seat in seated}
        for _ in range(5):
            for seat in seated:
                table.dealt[seat].append(stock.pop(0))
        table.hands = {seat: list(cards) for seat, cards in table.dealt.items()}
        table.drawn = {seat: [] for seat in seated}
        for seat, cards in table.dealt.items():
            table.held.setdefault(seat, set()).update(cards)
        table.exchanged.clear()
        thrown.clear()
        drew.clear()
        owed = []
        still_in[:] = seated
        table.opener = None
        lifted.update(dict.fromkeys(seated, False))
        acted_since_deal = False

    def retire(seat: int) -> None:
        # A foul hand is out of the game, and no longer owed cards (Law 41).
        nonlocal owed
        still_in.remove(seat)
        owed = [(s, count) for s, count in owed if s != seat]

    def serve(seat: int, cards: list[pl.Card]) -> None:
        table.hands[seat] += cards
        table.drawn[seat] += cards
        table.held[seat].update(cards)

    deal(game.deck)
    for index, event in enumerate(game.actions):
        if isinstance(event, _ACTIONS) and not isinstance(event, pl.Redeal | pl.Shuffle):
            lifted[event.seat] = True
        if isinstance(event, _ACTIONS) and not isinstance(event, pl.Straddle | pl.DeclineStraddle):
            acted_since_deal = True
        if isinstance(event, pl.Redeal):
            assert event.deck is not None, "a history records the deck used"
            deal(event.deck)
        elif isinstance(event, pl.Pass):
            still_in.remove(event.seat)
        elif isinstance(event, pl.Stake) and table.opener is None:
            table.opener = event.seat
        elif isinstance(event, pl.Discard):
            seat = event.seat
            table.exchanged[seat] = len(event.cards)
            thrown[seat] = list(event.cards)
            drew[seat] = len(event.cards)
            for card in event.cards:
                table.hands[seat].remove(card)
            given = stock[: len(event.cards)] if not owed else []
            del stock[: len(given)]
            serve(seat, given)
            if len(given) < len(event.cards):
                owed.append((seat, len(event.cards) - len(given)))
                stock.clear()
            if event.cards:
                lifted[seat] = False  # new cards lie untouched; a pat hand is the one dealt
        elif isinstance(event, pl.Shuffle):
            assert event.order is not None, "a history records the order used"
            pile = list(event.order)
            for seat, count in owed:
                others = [card for card in pile if card not in thrown[seat]]
                own = [card for card in pile if card in thrown[seat]]
                given = (others + own)[:count]
                for card in given:
                    pile.remove(card)
                serve(seat, given)
                lifted[seat] = False
            stock[:] = pile
            owed = []
        elif isinstance(event, pl.Lift):
            lifted[event.seat] = True
        elif isinstance(event, pl.ExposedCard):
            table.exposed.add(event.card)
            if acted_since_deal:
                # Law 40: back under the stock; the next card not his own discard instead.
                seat = event.seat
                replacement = next(c for c in stock if c not in thrown.get(seat, []))
                stock.remove(replacement)
                stock.append(event.card)
                hand = table.hands[seat]
                hand[hand.index(event.card)] = replacement
                table.drawn[seat].remove(event.card)
                table.drawn[seat].append(replacement)
                table.held[seat].add(replacement)
        elif isinstance(event, pl.WrongHandSize | pl.WrongNumberAsked):
            seat = event.seat
            if over_before(game, index):
                continue  # Law 64: the hand was shown, and stays shown
            if isinstance(event, pl.WrongNumberAsked):
                if event.served_as_asked:
                    retire(seat)  # Laws 45, 47
            elif drew.get(seat, 0) == 0:
                if lifted[seat]:
                    retire(seat)  # Law 13 (else Law 12: a redeal follows)
            elif lifted[seat]:
                retire(seat)  # Laws 48, 63 (else Laws 42-43: corrected)
    if state.phase is pl.Phase.OVER and table.opener is not None:
        proves = game.jackpot_round > 0 and still_in == [table.opener]
        if len(still_in) > 1 or proves:
            table.shown = still_in
    return table


def seen_by(state: pl.GameState, seat: int) -> frozenset[pl.Card]:
    """Every card ``seat`` could have seen by ``state``: those dealt to him in any deal,
    those he drew, the cards the dealer exposed, and the hands laid face up."""
    table = follow(state)
    cards = set(table.held.get(seat, ())) | table.exposed
    for shown in table.shown:
        cards |= set(table.hands[shown])
    # Law 33: a jack-pot's opener who is paid, or found false, proves his openers on the hand
    # as dealt, so it is laid face up, his discards with it.
    opener = table.opener
    if (
        state.phase is pl.Phase.OVER
        and state.jackpot_round > 0
        and opener is not None
        and (state.payouts[opener] > 0 or state.false_opener == opener)
    ):
        cards |= set(table.dealt[opener])
    return frozenset(cards)
