"""The refusal of a report says no more than the report claimed (Laws 11, 40 and every
report's law): whoever may report learns from a refusal's words nothing about the hidden
cards, as two games that differ only in them refuse a false report in the same words.

Whether a report is accepted turns on the cards (a card exposed must be the seat's): that
is why reports are the table's or a referee's input (docs/irregularities.md), never a
player's to forward unchecked. What these tests hold is the words of a refusal.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pokerlaws as pl
from pokerlaws.records.game import begin

GOLDEN = Path(__file__).parent.parent / "golden"


def _named(game: pl.GameRecord) -> set[pl.Card]:
    """The cards that some action of the record names (a discard, a shuffle, an exposed
    card): a game that moved them would not replay."""
    named: set[pl.Card] = set()
    for action in game.actions:
        if isinstance(action, pl.Discard):
            named |= set(action.cards)
        elif isinstance(action, pl.Shuffle) and action.order is not None:
            named |= set(action.order)
        elif isinstance(action, pl.Redeal) and action.deck is not None:
            named |= set(action.deck)
        elif isinstance(action, pl.ExposedCard):
            named.add(action.card)
    return named


def _twin(game: pl.GameRecord, a: int, b: int) -> pl.GameRecord | None:
    """``game`` with the deck's cards at ``a`` and ``b`` swapped, if it replays the same."""
    deck = list(game.deck)
    deck[a], deck[b] = deck[b], deck[a]
    twin = pl.GameRecord(
        rules=game.rules,
        stacks=game.stacks,
        dealer=game.dealer,
        deck=tuple(deck),
        actions=game.actions,
        carried=game.carried,
        jackpot_round=game.jackpot_round,
    )
    try:
        pl.replay(twin)
    except (pl.IllegalRecord, ValueError):
        return None
    return twin


def _reports(state: pl.GameState) -> Iterator[pl.Report]:
    """Every report of every kind about every seat, each exposed card of the pack."""
    for seat in range(state.num_seats):
        yield from (pl.ExposedCard(seat=seat, card=card) for card in pl.standard_deck())
        yield pl.WrongHandSize(seat=seat)
        yield pl.WrongNumberAsked(seat=seat, served_as_asked=True)
        yield pl.WrongNumberAsked(seat=seat, served_as_asked=False)
        yield pl.FacedCard(seat=seat)
        yield pl.MissingCut(seat=seat, during_deal=True)
        yield pl.Distraction(seat=seat)
        yield pl.Lift(seat=seat)
        yield pl.AskDealerCount(seat=seat)
        yield pl.Deposit(seat=seat, amount=1)


def _states(game: pl.GameRecord) -> Iterator[pl.GameState]:
    state = begin(game)
    yield state
    for action in game.actions:
        state = pl.apply_or_raise(state, action)
        yield state


def _refusals(state: pl.GameState) -> dict[pl.Report, str]:
    refused = {}
    for event in _reports(state):
        result = pl.apply(state, event)
        if isinstance(result, pl.RuleViolation):
            refused[event] = result.message
    return refused


def test_every_report_is_refused_in_the_same_words_whichever_hidden_cards_lie_where() -> None:
    """For each golden game and twins of it with two hidden cards swapped (one in a hand,
    one in the stock or another hand, neither named by any action), at every step, every
    report that both games refuse is refused in the same words."""
    compared = 0
    for path in sorted(GOLDEN.glob("*.record")):
        game = pl.parse_record(path.read_text(encoding="utf-8"))
        named = _named(game)
        free = [k for k, card in enumerate(game.deck) if card not in named]
        pairs = [(free[0], free[-1]), (free[1], free[len(free) // 2])] if len(free) > 3 else []
        for a, b in pairs:
            twin = _twin(game, a, b)
            if twin is None:
                continue
            for one, other in zip(_states(game), _states(twin), strict=True):
                first, second = _refusals(one), _refusals(other)
                for event in first.keys() & second.keys():
                    assert first[event] == second[event], (path.name, event)
                    compared += 1
    assert compared > 10_000


def test_law_11_a_false_exposure_repeats_the_claim_and_not_where_the_card_is() -> None:
    """Law 11: a card reported exposed in the deal that the seat was not dealt is refused
    with the claim and the law, whether the card lies in another hand or in the stock."""
    game = pl.parse_record((GOLDEN / "peel.record").read_text(encoding="utf-8"))
    state = pl.apply_or_raise(begin(game), game.actions[0])  # No. 1 declines; the deal
    in_a_hand, in_the_stock = state.hands[1][0], state.stock[0]
    messages = []
    for card in (in_a_hand, in_the_stock):
        result = pl.apply(state, pl.ExposedCard(seat=3, card=card))
        assert isinstance(result, pl.CardNotThere)
        assert result.law == 11
        messages.append(result.message.replace(str(card), "<card>"))
    assert messages[0] == messages[1]
    assert messages[0] == (
        "Law 11: seat 3 is reported to have had <card> exposed in the deal: the report "
        "cannot be accepted now, for the law takes only a card of his own hand as it is dealt"
    )
