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


@dataclass
class Table:
    """Every seat's cards as the reference follows them through the game."""

    dealt: dict[int, list[pl.Card]] = field(default_factory=dict)
    hands: dict[int, list[pl.Card]] = field(default_factory=dict)
    drawn: dict[int, list[pl.Card]] = field(default_factory=dict)
    exchanged: dict[int, int] = field(default_factory=dict)
    shown: list[int] = field(default_factory=list)


def follow(state: pl.GameState) -> Table:
    """Work out every seat's cards in ``state`` from its record alone (and whether the deal
    has happened and the game is over, both public facts)."""
    game = pl.record(state)
    n = len(game.stacks)
    table = Table()
    seated = [(game.dealer + k) % n for k in range(1, n + 1) if game.stacks[(game.dealer + k) % n]]
    if state.phase is pl.Phase.STRADDLE:
        return table
    stock = list(game.deck)
    for seat in seated:
        table.dealt[seat] = []
    for _ in range(5):
        for seat in seated:
            table.dealt[seat].append(stock.pop(0))
    table.hands = {seat: list(cards) for seat, cards in table.dealt.items()}
    table.drawn = {seat: [] for seat in seated}
    thrown: dict[int, list[pl.Card]] = {}
    owed: list[tuple[int, int]] = []
    still_in = list(seated)
    opener = None
    for action in game.actions:
        if isinstance(action, pl.Pass):
            still_in.remove(action.seat)
        elif isinstance(action, pl.Stake) and opener is None:
            opener = action.seat
        elif isinstance(action, pl.Discard):
            seat = action.seat
            table.exchanged[seat] = len(action.cards)
            thrown[seat] = list(action.cards)
            for card in action.cards:
                table.hands[seat].remove(card)
            given = stock[: len(action.cards)]
            del stock[: len(given)]
            table.hands[seat] += given
            table.drawn[seat] += given
            if len(given) < len(action.cards):
                owed.append((seat, len(action.cards) - len(given)))
        elif isinstance(action, pl.Shuffle):
            assert action.order is not None, "a history records the order used"
            pile = list(action.order)
            for seat, count in owed:
                others = [card for card in pile if card not in thrown[seat]]
                own = [card for card in pile if card in thrown[seat]]
                given = (others + own)[:count]
                for card in given:
                    pile.remove(card)
                table.hands[seat] += given
                table.drawn[seat] += given
            owed = []
    if state.phase is pl.Phase.OVER and opener is not None:
        proves = game.jackpot_round > 0 and still_in == [opener]
        if len(still_in) > 1 or proves:
            table.shown = still_in
    return table


def seen_by(state: pl.GameState, seat: int) -> frozenset[pl.Card]:
    """Every card ``seat`` could have seen by ``state``: those dealt to him, those he drew,
    and the hands laid face up."""
    table = follow(state)
    cards = set(table.dealt.get(seat, ())) | set(table.drawn.get(seat, ()))
    for shown in table.shown:
        cards |= set(table.hands[shown])
    # Law 33: a jack-pot's opener who is paid, or found false, proves his openers on the hand
    # as dealt, so it is laid face up, his discards with it.
    opener = next((a.seat for a in state.history if isinstance(a, pl.Stake)), None)
    if (
        state.phase is pl.Phase.OVER
        and state.jackpot_round > 0
        and opener is not None
        and (state.payouts[opener] > 0 or state.false_opener == opener)
    ):
        cards |= set(table.dealt[opener])
    return frozenset(cards)
