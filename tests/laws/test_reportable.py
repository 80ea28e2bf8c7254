"""``reportable`` lists every report the laws accept now (Laws 11 and 40 above all): held to
:func:`pokerlaws.apply` trying every card of the pack for every seat, at every moment of
random games with reports between the actions, at two, six and ten seats."""

from __future__ import annotations

import random

import pytest

import pokerlaws as pl
from pokerlaws.cards import standard_deck


def _moments(seats: int, seed: int, games: int) -> list[pl.GameState]:
    """Every state of a few random games, a report taken from ``reportable`` one step in
    three (so the deal and the draws are often caught with cards exposed, lifted, foul)."""
    rng = random.Random(seed)
    rules = pl.Rules(ante=1, limit=4)
    states = []
    for game in range(games):
        deck = pl.shuffled_deck(seed * 10 + game)
        state = pl.new_game(rules, [12] * seats, dealer=game % seats, deck=deck)
        while state.phase is not pl.Phase.OVER:
            states.append(state)
            options: tuple[pl.Event, ...] = pl.legal_actions(state)
            if rng.random() < 0.33:
                options = pl.reportable(state) or options
            result = pl.apply(state, rng.choice(options))
            assert isinstance(result, pl.GameState)
            state = result
        states.append(state)
    return states


@pytest.mark.parametrize(("seats", "seed", "games"), [(2, 1, 8), (6, 2, 3), (10, 3, 1)])
def test_law_11_40_every_exposed_card_the_laws_accept_is_listed(
    seats: int, seed: int, games: int
) -> None:
    pack = standard_deck()
    in_deal = in_draw = 0
    for state in _moments(seats, seed, games):
        listed = pl.reportable(state)
        for seat in range(seats):
            accepted = {
                card
                for card in pack
                if isinstance(pl.apply(state, pl.ExposedCard(seat=seat, card=card)), pl.GameState)
            }
            shown = {r.card for r in listed if isinstance(r, pl.ExposedCard) and r.seat == seat}
            assert shown == accepted, f"seat {seat} at {state.history[-3:]}"
            if accepted and state.phase is pl.Phase.SAY:
                in_deal += 1
            elif accepted:
                in_draw += 1
    # Both moments of the laws were met: the deal (Law 11) and a draw served (Law 40).
    assert min(in_deal, in_draw) >= 3, (in_deal, in_draw)
