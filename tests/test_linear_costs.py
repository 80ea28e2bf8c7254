"""Work that grows linearly with the input: records of many reports, JSON of many members.

A record is a file from a stranger (issue 16), and a report may be repeated as often as the
laws allow: a dispute at any moment, a cut objection or a distraction while the deal lies,
a question to the dealer after the draw. Replaying such a record once copied the whole
history at every event, and read it back to the deal at every report (32,000 disputes: 18 s);
``from_json`` looked for a repeated member by rebuilding the object once a member (32,000
members: 63 s). These tests time nothing absolutely: they compare 1,000 events (or members)
with 32,000 and require the work per event to stay within a few times the same, which a
quadratic cost breaks by a factor of hundreds. CPU time (``time.process_time``) is compared,
the best of a few runs, so other processes on the machine do not count; the slack (4x per
event) covers the caches of a larger input and the garbage collector. One test counts
function calls instead, exactly.

They are slow (a minute or two): run them with ``python -m pytest -m slow``.
"""

from __future__ import annotations

import gc
import json
import random
import sys
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest

import pokerlaws as pl

pytestmark = pytest.mark.slow

SMALL = 1_000
LARGE = 32_000
SLACK = 4
"""How many times more work per event the large input may take than the small one."""

RULES = pl.Rules(ante=2, limit=4)
DECK = pl.shuffled_deck(1)


def _go(state: pl.GameState, *events: pl.Event) -> pl.GameState:
    for event in events:
        state = pl.apply_or_raise(state, event)
    return state


def _repeat(state: pl.GameState, events: tuple[pl.Event, ...], count: int) -> pl.GameState:
    for i in range(count):
        state = pl.apply_or_raise(state, events[i % len(events)])
    return state


def game_of_reports(n: int) -> pl.GameState:
    """A three-seat game with ``n`` reports in it, a third of each kind: disputes at every
    moment; cut objections and distractions while the deal lies (each asks whether the
    deal is still in progress); after the draw, questions to the dealer, Law 44 wrong
    numbers and Laws 42-43 wrong sizes (each asks when the cards arrived, whether they were
    lifted, what was drawn)."""
    third = n // 3
    disputes = (pl.Dispute(seat=1, parties=(1, 2)), pl.Dispute(seat=2, parties=(0, 2)))
    state = pl.new_game(RULES, [40, 40, 40], dealer=0, deck=DECK)
    state = _repeat(state, disputes, third // 2)
    at_the_deal = (pl.Distraction(seat=1), pl.MissingCut(seat=2, during_deal=False))
    state = _repeat(state, at_the_deal, third)
    state = _go(state, pl.Stake(seat=2, amount=4), pl.Stake(seat=0, amount=4))
    state = _go(state, pl.Stake(seat=1, amount=2))
    for seat in (1, 2, 0):
        state = _go(state, pl.Discard(seat=seat, cards=state.hands[seat][: seat + 1]))
    after_the_draw = (
        pl.AskDealerCount(seat=2),
        pl.WrongNumberAsked(seat=1, served_as_asked=False),
        pl.WrongHandSize(seat=2),
    )
    state = _repeat(state, after_the_draw, n - 2 * third)
    state = _repeat(state, disputes, third - third // 2)
    while state.to_act is not None:
        state = _go(state, pl.Pass(seat=state.to_act))
    return state


def _after_a_short_draw() -> tuple[pl.GameState, int]:
    """Ten seats drawing all they can (deck and choices from seed 0), played to the first
    state after the dealer's Law 41 shuffle; and the seat served last."""
    rng = random.Random(0)
    state = pl.new_game(RULES, [50] * 10, dealer=0, deck=pl.shuffled_deck(0))
    while state.history.last((pl.Shuffle,)) is None:
        listed = pl.legal_actions(state)
        if state.phase is pl.Phase.DRAW:
            discards = [a for a in listed if isinstance(a, pl.Discard)]
            action = max(discards, key=lambda a: len(a.cards)) if discards else listed[-1]
        elif state.phase is pl.Phase.SAY:
            action = next((a for a in listed if isinstance(a, pl.Stake)), listed[0])
        else:
            action = rng.choice(listed)
        state = pl.apply_or_raise(state, action)
    exposed = [r for r in pl.reportable(state) if isinstance(r, pl.ExposedCard)]
    return state, exposed[-1].seat


def game_of_exposures(n: int) -> pl.GameState:
    """``n`` cards exposed in a row in serving one player after the Law 41 shuffle, with so
    few cards left that each exposure brings back one exposed before (Law 40, Ambiguity 18):
    each asks which cards were exposed in serving him."""
    state, seat = _after_a_short_draw()
    for _ in range(n):
        card = state.hands[seat][-1]
        state = pl.apply_or_raise(state, pl.ExposedCard(seat=seat, card=card))
    return state


def _cpu(work: Callable[[], object], runs: int) -> float:
    """The least CPU time of ``runs`` runs of ``work``."""
    best = float("inf")
    for _ in range(runs):
        gc.collect()
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def assert_linear(work: Callable[[int], object], what: str) -> None:
    """``work(LARGE)`` takes at most ``SLACK`` times the CPU per unit of ``work(SMALL)``."""
    work(SMALL)  # warm up: lazy imports, caches, the hand tables
    small = _cpu(lambda: work(SMALL), runs=5)
    large = _cpu(lambda: work(LARGE), runs=2)
    ratio = (large / LARGE) / (small / SMALL)
    assert ratio < SLACK, (
        f"{what}: {LARGE} took {large:.3f} s, {SMALL} took {small:.4f} s: "
        f"{ratio:.1f} times the work per unit (at most {SLACK})"
    )


_GAMES: dict[int, pl.GameState] = {}


def _game(n: int) -> pl.GameState:
    if n not in _GAMES:
        _GAMES[n] = game_of_reports(n)
    return _GAMES[n]


def test_applying_reports_takes_linear_work() -> None:
    """Building a game of n reports by ``apply``, report by report, is linear in n."""
    assert_linear(game_of_reports, "applying reports")


def test_replaying_a_record_of_reports_takes_linear_work() -> None:
    """``replay`` of a record of n reports is linear in n."""
    records = {n: pl.record(_game(n)) for n in (SMALL, LARGE)}
    assert pl.replay(records[SMALL]) == _game(SMALL)
    assert_linear(lambda n: pl.replay(records[n]), "replaying a record")


def test_replaying_cards_exposed_again_and_again_takes_linear_work() -> None:
    """``replay`` of a record of n cards exposed in serving one draw is linear in n."""
    records = {n: pl.record(game_of_exposures(n)) for n in (SMALL, LARGE)}
    assert_linear(lambda n: pl.replay(records[n]), "replaying exposures")


def test_checking_a_record_file_of_reports_takes_linear_work() -> None:
    """Reading the text of a record of n reports and replaying it (``pokerlaws check``)
    is linear in n."""
    texts = {n: pl.format_record(pl.record(_game(n))) for n in (SMALL, LARGE)}
    assert_linear(lambda n: pl.replay(pl.parse_record(texts[n])), "checking a record file")


def test_reading_a_state_of_many_reports_from_json_takes_linear_work() -> None:
    """``from_json`` of a ``GameState`` (its record replayed and compared) is linear."""
    documents = {n: pl.to_json(_game(n)) for n in (SMALL, LARGE)}
    assert pl.from_json(documents[SMALL]) == _game(SMALL)
    assert_linear(lambda n: pl.from_json(documents[n]), "reading a state from JSON")


def sitting_of_changes(n: int) -> pl.Sitting:
    """A sitting whose first game is followed by ``n`` purchases of chips."""
    players = [("Ann", 20), ("Bob", 20), ("Cy", 20)]
    sitting = pl.start_sitting(RULES, players, cut=pl.standard_deck(), deck=DECK)
    while not sitting.between_games:
        played = pl.play(sitting, pl.legal_actions(sitting.game)[0])
        assert isinstance(played, pl.Sitting)
        sitting = played
    for _ in range(n):
        sitting = pl.buy_chips(sitting, "Ann", 1)
    return sitting


def test_replaying_a_sitting_record_of_many_changes_takes_linear_work() -> None:
    """Reading and replaying a sitting record of n table changes (``pokerlaws check`` of a
    sitting) is linear in n: the sitting's history is shared as a game's is."""
    texts = {
        n: pl.format_sitting_record(pl.record_sitting(sitting_of_changes(n)))
        for n in (SMALL, LARGE)
    }
    assert_linear(
        lambda n: pl.replay_sitting(pl.parse_sitting_record(texts[n])), "replaying a sitting"
    )


def _object_of(n: int, *, repeated: bool) -> str:
    members = {"format": "pokerlaws/1", "type": "Pass", "seat": 0}
    members.update((f"m{i}", i) for i in range(n))
    text = json.dumps(members)
    # The last member again, as a repeated member comes in a hostile document.
    return text[:-1] + f', "m{n - 1}": 0}}' if repeated else text


@pytest.mark.parametrize("repeated", [True, False], ids=["repeated", "distinct"])
def test_reading_an_object_of_many_members_takes_linear_work(repeated: bool) -> None:
    """``from_json`` refuses an object of n members, one repeated or all distinct but
    unexpected, in linear work, naming the member."""
    texts = {n: _object_of(n, repeated=repeated) for n in (SMALL, LARGE)}
    for n, text in texts.items():
        with pytest.raises(pl.NotationError) as refused:
            pl.from_json(text)
        assert (f"'m{n - 1}'" if repeated else "'m0'") in str(refused.value)

    def read(n: int) -> None:
        with pytest.raises(pl.NotationError):
            pl.from_json(texts[n])

    assert_linear(read, "reading an object of many members")


def _calls(work: Callable[[], object]) -> int:
    """How many Python and built-in function calls ``work`` makes (generators resumed
    included): an exact count of the work, whatever the machine."""
    count = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(profile)
    try:
        work()
    finally:
        sys.setprofile(None)
    return count


def test_replaying_reports_makes_a_linear_number_of_calls() -> None:
    """Counted, not timed: replaying 32 times as many reports makes at most 1.25 times 32
    times as many calls (a scan of the history at each report makes hundreds of times)."""
    records = {n: pl.record(_game(n)) for n in (SMALL, LARGE)}
    pl.replay(records[SMALL])
    small = _calls(lambda: pl.replay(records[SMALL]))
    large = _calls(lambda: pl.replay(records[LARGE]))
    assert large < 1.25 * (LARGE / SMALL) * small, (large, small)
