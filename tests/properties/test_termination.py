"""Every game ends, within a bound derived from the laws, and each round is as long as the
laws allow and no longer."""

from __future__ import annotations

from collections import Counter

import hypothesis.strategies as st
from hypothesis import given, settings

import pokerlaws as pl
import pokerlaws.strategies as ps
from tests.properties._checks import game_bound
from tests.properties._walk import play_sitting

GAMES = settings.get_profile("games")
"""Every example here plays games to their end (tests/conftest.py)."""


@GAMES
@given(data=st.data(), start=ps.new_games())
def test_every_game_ends_within_the_derived_bound(
    start: pl.GameState, data: st.DataObject
) -> None:
    """A random legal game reaches ``Phase.OVER`` within ``S + 3p`` actions.

    ``S`` is the chips left in the stacks once the antes are posted, ``p`` the players dealt
    in. Derivation: every ``Straddle`` and every ``Stake`` moves at least one chip from a
    stack into the pool (``Stake(amount<=0)`` is refused, Law 56; a straddle is at least
    twice the ante), and no chip returns to a stack until the game is over, so there are at
    most ``S`` of them. Each other action is bounded by the seats: ``DeclineStraddle`` at most
    ``p - 1`` (the straddle passes once from No. 1 to the dealer, Law 21; the ante never
    straddles), ``Pass`` at most ``p - 1`` (each removes a player; the game ends with one
    left, or unopened before the last say, Ambiguity 13), ``Discard`` at most ``p`` (each
    player draws once, Law 38), ``Stand`` at most once (the first bettor, once: the
    description) and ``Shuffle`` at most once (the pack runs short once, at the draw,
    Law 41). So ``len(history) <= S + (p - 1) + (p - 1) + p + 1 + 1``. The walk is guarded:
    a game still going after that many actions fails instead of hanging. Jack-pots are
    reached by chaining ``next_game``; each game is held to the bound of its own start.
    """
    starts: list[pl.GameState] = []
    finished: list[pl.GameState] = []

    def begin(state: pl.GameState, last: pl.GameState | None) -> None:
        assert state.history == ()
        starts.append(state)
        if last is not None:
            finished.append(last)

    def step(before: pl.GameState, action: pl.Action, after: pl.GameState) -> None:
        assert len(after.history) <= game_bound(starts[-1])

    finished.append(play_sitting(data, start, games=3, step=step, begin=begin))
    for first, game in zip(starts, finished, strict=True):
        assert game.phase is pl.Phase.OVER
        # Each term of the derivation holds on its own, not only their sum.
        p = len(first.players)
        kinds = Counter(type(action) for action in game.history)
        assert kinds[pl.Stake] + kinds[pl.Straddle] <= sum(first.stacks), kinds
        assert kinds[pl.DeclineStraddle] <= p - 1, kinds
        assert kinds[pl.Pass] <= p - 1, kinds
        assert kinds[pl.Discard] <= p, kinds
        assert kinds[pl.Stand] <= 1, kinds
        assert kinds[pl.Shuffle] <= 1, kinds
        assert len(game.history) <= game_bound(first)


def _actions_by_phase(
    data: st.DataObject, start: pl.GameState
) -> list[tuple[pl.Phase, pl.Action]]:
    played: list[tuple[pl.Phase, pl.Action]] = []

    def step(before: pl.GameState, action: pl.Action, after: pl.GameState) -> None:
        played.append((before.phase, action))

    play_sitting(data, start, games=1, step=step)
    return played


@GAMES
@given(data=st.data(), start=ps.new_games(rules=ps.rules(ante=1, limit=st.integers(4, 12))))
def test_law_21_each_seat_is_asked_to_straddle_at_most_once(
    start: pl.GameState, data: st.DataObject
) -> None:
    """Law 21: the straddle goes from No. 1 towards the dealer, each seat once, never the ante."""
    played = _actions_by_phase(data, start)
    seats = Counter(action.seat for phase, action in played if phase is pl.Phase.STRADDLE)
    assert all(count == 1 for count in seats.values()), seats
    assert start.ante_seat not in seats
    assert len(seats) <= len(start.players) - 1


@GAMES
@given(data=st.data(), start=ps.new_games())
def test_law_25_the_say_is_a_single_round(start: pl.GameState, data: st.DataObject) -> None:
    """Laws 25-28: one round of says before the draw; no player says twice (Ambiguity 5)."""
    played = _actions_by_phase(data, start)
    seats = Counter(action.seat for phase, action in played if phase is pl.Phase.SAY)
    assert all(count == 1 for count in seats.values()), seats


@GAMES
@given(data=st.data(), start=ps.new_games())
def test_law_38_each_player_draws_once(start: pl.GameState, data: st.DataObject) -> None:
    """Laws 36, 38: at the draw a player makes good at most once, then discards once."""
    played = _actions_by_phase(data, start)
    at_draw = [action for phase, action in played if phase is pl.Phase.DRAW]
    for kind in (pl.Stake, pl.Discard, pl.Pass, pl.Shuffle):
        seats = Counter(action.seat for action in at_draw if isinstance(action, kind))
        assert all(count == 1 for count in seats.values()), (kind.__name__, seats)
    assert len(at_draw) <= 2 * len(start.players) + 1
