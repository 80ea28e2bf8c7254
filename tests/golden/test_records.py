"""The golden record files (tests/golden/*.record): each reads, replays to its known outcome,
and is the canonical text of its record (docs/notation.md), comments aside."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import pokerlaws as pl
from tests.golden.test_peel_example import test_peel_worked_example

GOLDEN = Path(__file__).parent

# Each file: its final phase, stacks, payouts, winners and the pool left.
OUTCOMES = {
    "short.record": ((40, 48, 32), (0, 16, 0), (1,), 0),
    "peel.record": ((176, 152, 278, 200, 194), (0, 0, 126, 0, 0), (2,), 0),
    "unopened-1.record": ((19, 20, 20, 20), (0, 0, 0, 0), (), 1),
    "unopened-2.record": ((18, 19, 19, 19), (0, 0, 0, 0), (), 5),
    "queens-jackpot.record": ((14, 18, 18, 30), (0, 0, 0, 15), (3,), 0),
    "ten-seats-shuffle.record": ((18, 18, 39, 17) + (18,) * 6, (0, 0, 22) + (0,) * 7, (2,), 0),
}


def load(name: str) -> tuple[str, pl.GameRecord]:
    text = (GOLDEN / name).read_text(encoding="utf-8")
    return text, pl.parse_record(text)


def test_every_record_file_has_an_outcome() -> None:
    assert sorted(path.name for path in GOLDEN.glob("*.record")) == sorted(OUTCOMES)


@pytest.mark.parametrize("name", sorted(OUTCOMES))
def test_a_golden_record_replays_to_its_outcome(name: str) -> None:
    """Laws 58-60: each recorded game ends as it ended at the table, paid as it was paid."""
    text, game = load(name)
    state = pl.replay(game)
    assert state.phase is pl.Phase.OVER
    assert (state.stacks, state.payouts, state.winners, state.pool) == OUTCOMES[name]
    assert pl.record(state, tags=game.tags) == game
    without_comments = "".join(
        line for line in text.splitlines(keepends=True) if not line.startswith("#")
    )
    assert pl.format_record(game) == without_comments


def test_peel_record_is_peels_worked_example() -> None:
    """The record file is the game tests/golden/test_peel_example.py plays action by action."""
    test_peel_worked_example()
    _, game = load("peel.record")
    assert game.rules == pl.Rules(ante=3, limit=12)
    assert game.stacks == (200,) * 5
    assert game.actions[0] == pl.DeclineStraddle(seat=2)
    assert pl.replay(game).shown == frozenset({1, 2})


def test_law_31_the_queens_jackpot_follows_two_unopened_games() -> None:
    """Laws 29-31: two games nobody opens, then the queens jack-pot, started on its own with
    new_game(carried=..., jackpot_round=2), is the game next_game would begin."""
    _, first = load("unopened-1.record")
    _, second = load("unopened-2.record")
    _, queens = load("queens-jackpot.record")
    assert (first.jackpot_round, second.jackpot_round, queens.jackpot_round) == (0, 1, 2)
    after_first = pl.replay(first)
    assert not after_first.winners
    assert pl.next_game(after_first, deck=second.deck) == pl.replay(
        attrs.evolve(second, actions=())
    )
    after_second = pl.replay(second)
    started = pl.replay(attrs.evolve(queens, actions=()))
    assert pl.next_game(after_second, deck=queens.deck) == started
    assert started.openers_required is pl.Rank.QUEEN
    assert queens.carried == after_second.pool


def test_law_41_ten_seats_drawing_three_each_need_the_dealers_shuffle() -> None:
    """Law 41: ten hands dealt leave two cards; the dealer shuffles the discards to serve."""
    _, game = load("ten-seats-shuffle.record")
    assert len(game.stacks) == 10
    discards = [a for a in game.actions if isinstance(a, pl.Discard)]
    assert len(discards) == 10
    assert all(len(a.cards) >= 3 for a in discards)
    shuffles = [a for a in game.actions if isinstance(a, pl.Shuffle)]
    assert len(shuffles) == 1
    assert shuffles[0].seat == game.dealer
    assert shuffles[0].order is not None
    assert sorted(map(str, shuffles[0].order)) == sorted(str(c) for a in discards for c in a.cards)
