"""The narration cites the engine's rulings, and the rulings agree with what happened.

Random sittings at 2-10 seats under every variant, with random reports of irregularities
between the actions (and now and then a foul hand found at the show, Law 64): every law that
a step of the narration (``demo``, ``play``, the replay page) cites is a ruling the engine
made at that step, the rulings made step by step are those the engine makes by replaying the
game, and the rulings agree with independent expectations: a Law 14 ruling for every refund,
the law of each jack-pot's opening by its round (Laws 30-32), of each misdeal and redeal by its
report (Laws 8, 10, 12), of a card exposed by the moment (Laws 11, 40), of a short all-in
stake (Law 60), and a settlement whose parts add up to what was paid out.
"""

from __future__ import annotations

import re
from typing import get_args

import hypothesis.strategies as st
import pytest
from hypothesis import given

import pokerlaws as pl
import pokerlaws.strategies as ps
from pokerlaws.laws.rulings import game_rulings
from pokerlaws.render.steps import Step, end_step, first_step, step
from pokerlaws.ruling import RulingKind
from tests.properties._checks import game_bound, has_next_game, reports_to_try
from tests.properties._walk import PER_VARIANT, VARIANTS, table_with

GAMES = 3
"""Games in each sitting: enough for a jack-pot to follow an unopened game."""

_KINDS = frozenset(get_args(RulingKind))
_MISDEALS = {pl.MissingCut: 8, pl.FacedCard: 10, pl.WrongHandSize: 12}
_PAID = frozenset({"uncalled", "best hand", "level"})


def _cited(told: Step) -> set[int]:
    return {told.law, *map(int, re.findall(r"\(Law (\d+)\)", told.says))}


def _check_step(told: Step, group: tuple[pl.Ruling, ...]) -> None:
    """The step cites only laws of its rulings, and its rulings are the engine's."""
    assert told.rulings, told
    assert _cited(told) <= {ruling.law for ruling in told.rulings}, told
    assert set(told.rulings) <= set(group), (told.rulings, group)
    assert told.law == told.rulings[0].law


def _expected_law(before: pl.GameState, event: pl.Event, after: pl.GameState) -> int | None:
    """The law of an event's own ruling, worked out independently where that is cheap."""
    seat = event.seat
    if isinstance(event, pl.Stake) and before.phase is pl.Phase.SAY and before.opener is None:
        k = before.jackpot_round
        return 25 if k == 0 else 30 if k == 1 else 31 if k == 2 else 32
    if isinstance(event, pl.Stake) and seat in after.all_in:
        return 60 if after.stakes[seat] < max(after.stakes) else None
    if after.phase is pl.Phase.MISDEAL and before.phase is not pl.Phase.MISDEAL:
        return _MISDEALS[type(event)]
    if isinstance(event, pl.Redeal):
        misdeals = [e for e in before.history if type(e) in _MISDEALS]
        return _MISDEALS[type(misdeals[-1])]
    if isinstance(event, pl.ExposedCard):
        return 40 if before.phase in (pl.Phase.DRAW, pl.Phase.BETTING) else None
    if isinstance(event, pl.WrongHandSize) and before.phase is pl.Phase.OVER:
        return 64
    if isinstance(event, pl.WrongNumberAsked) and event.served_as_asked:
        return 47 if seat == before.dealer else 45
    return None


def _check_settlement(state: pl.GameState, end: Step) -> None:
    """The parts of the pool the end tells add up to what the game paid out."""
    if not state.winners:
        return
    parts = end.rulings
    paid = sum(r.chips for r in parts if r.kind in _PAID)
    paid += sum(
        r.chips
        for at, r in enumerate(parts)
        if r.kind == "share" and not (at and parts[at - 1].kind == "level")
    )
    odd = sum(r.chips for r in parts if r.kind == "odd chip")
    assert paid - odd == sum(state.payouts), parts


def _check_game(state: pl.GameState) -> None:
    """Checks of a whole game's rulings: made as the replay makes them, each a known kind
    citing a law, and a Law 14 ruling for every refund."""
    rulings = state.rulings
    assert rulings == game_rulings(state)  # step by step, as the replay makes them
    assert len(rulings) == len(state.history)
    every = [r for group in (rulings.start, *rulings) for r in group]
    assert all(1 <= r.law <= 81 and r.kind in _KINDS for r in every)
    for payer, foul, amount in state.refunds:
        assert pl.Ruling(14, "refund", (payer, foul), amount) in every


def _play_game(data: st.DataObject, start: pl.GameState) -> pl.GameState:
    """Play one game with random reports, narrating and checking every step."""
    told = first_step(start)
    _check_step(told, start.rulings.start)
    state, reported = start, 0
    bound = 3 * game_bound(start) + 40
    for _ in range(bound):
        if state.phase is pl.Phase.OVER:
            break
        reports = reports_to_try(state, reported)
        event: pl.Event
        if reports and data.draw(st.integers(0, 4), label="report?") == 0:
            event = data.draw(st.sampled_from(reports), label="report")
            reported += 1
        else:
            event = data.draw(ps.legal_actions(state), label="action")
        state = _narrated(state, event)
    else:
        raise AssertionError(f"the game did not end within {bound} events")
    late = [r for r in pl.reportable(state) if isinstance(r, pl.WrongHandSize)]
    found_foul: bool = bool(late) and data.draw(st.booleans(), label="foul at the show?")
    if found_foul:
        state = _narrated(state, data.draw(st.sampled_from(late), label="late report"))
    end = end_step(state)
    groups = (state.rulings.start, *state.rulings)
    _check_step(end, next(g for g in reversed(groups) if set(end.rulings) <= set(g)))
    _check_settlement(state, end)
    _check_game(state)
    return state


def _narrated(before: pl.GameState, event: pl.Event) -> pl.GameState:
    after = pl.apply_or_raise(before, event)
    told = step(before, event, after)
    group = after.rulings[-1]
    _check_step(told, group)
    expected = _expected_law(before, event, after)
    if expected is not None:
        assert group[0].law == expected, (event, group)
    return after


@pytest.mark.parametrize(("owner", "name", "value"), VARIANTS)
@PER_VARIANT
@given(data=st.data())
def test_each_law_the_narration_cites_is_the_engines_ruling_for_its_step(
    owner: str, name: str, value: bool, data: st.DataObject
) -> None:
    state = data.draw(ps.new_games(rules=table_with(owner, name, value)))
    for played in range(GAMES):
        state = _play_game(data, state)
        if played == GAMES - 1 or not has_next_game(state):
            break
        state = pl.next_game(state, deck=data.draw(ps.decks(joker=state.rules.joker)))
