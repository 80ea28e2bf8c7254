"""``reportable`` lists every report the laws accept now: held to :func:`pokerlaws.apply`
trying every kind of report for every seat (every card of the pack exposed), at every moment
of random games with reports between the actions, at two, six and ten seats."""

from __future__ import annotations

import random

import pytest

import pokerlaws as pl
from pokerlaws.cards import standard_deck


def _moments(seats: int, seed: int, games: int, *, recording: bool) -> list[pl.GameState]:
    """Every state of a few random games, a report taken from ``reportable`` one step in
    three (so the deal and the draws are often caught with cards exposed, lifted, foul)."""
    rng = random.Random(seed)
    rules = pl.Rules(ante=1, limit=4, recording_table=recording)
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


def _every_report(state: pl.GameState, seat: int) -> list[pl.Report]:
    """Every report ``seat`` could be imagined to make, whatever the moment: each kind of
    the laws, every card of the pack exposed, a dispute with the dealer, deposits of every
    size a stack of 12 allows."""
    reports: list[pl.Report] = [
        pl.Lift(seat=seat),
        pl.MissingCut(seat=seat, during_deal=True),
        pl.MissingCut(seat=seat, during_deal=False),
        pl.FacedCard(seat=seat),
        pl.Distraction(seat=seat),
        pl.WrongHandSize(seat=seat),
        pl.WrongNumberAsked(seat=seat, served_as_asked=True),
        pl.WrongNumberAsked(seat=seat, served_as_asked=False),
        pl.AskDealerCount(seat=seat),
        *(pl.ExposedCard(seat=seat, card=card) for card in standard_deck()),
        *(pl.Deposit(seat=seat, amount=amount) for amount in range(1, 13)),
    ]
    if seat != state.dealer:
        reports.append(pl.Dispute(seat=seat, parties=(seat, state.dealer)))
    return reports


@pytest.mark.parametrize(
    ("seats", "seed", "games", "recording", "every"),
    [(2, 1, 8, False, 1), (6, 2, 2, True, 1), (10, 4, 3, False, 2)],
)
def test_laws_6_to_55_every_report_the_laws_accept_is_listed(
    seats: int, seed: int, games: int, recording: bool, every: int
) -> None:
    """``reportable`` is exactly the reports ``apply`` accepts, tried one by one (Laws 6,
    8-16, 40, 44-51, 55, 77-78); every card of the pack is tried exposed (Laws 11 and 40)."""
    exposed_in_deal = exposed_in_draw = 0
    kinds: set[type] = set()
    # At ten seats one moment in two is tried (each moment tries 760 reports).
    for state in _moments(seats, seed, games, recording=recording)[::every]:
        listed = pl.reportable(state)
        assert len(set(listed)) == len(listed), "a report listed twice"
        accepted = {
            report
            for seat in range(seats)
            for report in _every_report(state, seat)
            if isinstance(pl.apply(state, report), pl.GameState)
        }
        assert set(listed) == accepted, f"at {state.history[-3:]}"
        kinds.update(map(type, accepted))
        exposures = sum(isinstance(report, pl.ExposedCard) for report in accepted)
        if state.phase is pl.Phase.SAY:
            exposed_in_deal += exposures
        else:
            exposed_in_draw += exposures
    # Both moments of exposure were met, the deal (Law 11) and a draw served (Law 40), and
    # most kinds of report were accepted somewhere.
    assert min(exposed_in_deal, exposed_in_draw) >= 3, (exposed_in_deal, exposed_in_draw)
    assert len(kinds) >= 8, kinds
