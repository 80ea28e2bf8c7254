"""Strategies for games and reachable game states, each built by replaying legal actions
(see :mod:`pokerlaws.strategies`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs
import hypothesis.strategies as st
from hypothesis import reject
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

import pokerlaws as pl
from pokerlaws.strategies._arguments import (
    _CARRIED,
    _GAMES,
    _ROUND,
    _STACK,
    MAX_SEATS,
    MIN_SEATS,
    _as_strategy,
    _check_phases,
    _check_seats,
    _defined,
    _is_int,
    _lazy,
)
from pokerlaws.strategies._base import _LATE, _ORDER, _SITS_OUT, _STEP_GUARD
from pokerlaws.strategies._moves import _draw_legal
from pokerlaws.strategies._values import _can_straddle, _decks_of, _rules_arg

# --- Game states ------------------------------------------------------------------------


@attrs.frozen
class _Table:
    """How ``new_games`` draws a table: its arguments, checked and made strategies."""

    rules: SearchStrategy[pl.Rules]
    min_players: int
    max_players: int
    stacks: SearchStrategy[int] | None
    """The user's stacks, or None for the default (chips for every seat, some sitting out)."""
    carried: SearchStrategy[int] | None
    jackpot_round: SearchStrategy[int] | None


def _table(
    rules: Any, min_players: Any, max_players: Any, stacks: Any, carried: Any, jackpot_round: Any
) -> _Table:
    _check_seats(min_players, max_players)
    if _is_int(stacks) and stacks == 0:
        raise InvalidArgument("stacks=0 gives no seat any chips: a game needs two players")
    return _Table(
        rules=_rules_arg(rules),
        min_players=min_players,
        max_players=max_players,
        stacks=None if stacks is None else _as_strategy("stacks", stacks, _STACK),
        carried=None if carried is None else _as_strategy("carried", carried, _CARRIED),
        jackpot_round=(
            None if jackpot_round is None else _as_strategy("jackpot_round", jackpot_round, _ROUND)
        ),
    )


def _default_round() -> SearchStrategy[int]:
    # Mostly ordinary games; the first jack-pots of a run (knaves, queens, kings) and one
    # more, where the openers cycle back to knaves (Laws 29-32).
    return st.sampled_from((0,) * 6 + (1, 2, 3, 4))


def _default_carried(table: pl.Rules, seats: int, jackpot_round: int) -> SearchStrategy[int]:
    if jackpot_round == 0:
        # An ordinary game carries at most the odd chips of a shared pool (Ambiguity 16).
        return st.one_of(st.just(0), st.just(0), st.just(0), st.integers(1, seats - 1))
    # A jack-pot carries the pool of the unopened game before: its antes and straddles.
    return st.integers(table.ante, (jackpot_round * seats + 1) * table.highest_straddle)


def _default_stacks(table: pl.Rules) -> SearchStrategy[int]:
    """1 to eight times the limit, shrinking towards four times it: deep enough for a game
    of several bets, so that a shrunk game is not all in at the ante (and a sitting of
    them not a run of tables that end at once)."""
    deepest = 8 * table.limit
    return st.integers(0, deepest - 1).map(lambda k: (k + 4 * table.limit - 1) % deepest + 1)


def _start(draw: st.DrawFn, table: _Table) -> pl.GameState:
    """Draw a game just begun at ``table``: the number of seats first, so that it shrinks to
    the fewest; by default each seat sits out with a separately drawn flag that shrinks to
    "no", so seats with no chips shrink away; the dealer is a seat with chips (Law 18)."""
    chosen = draw(table.rules)
    n = draw(st.integers(table.min_players, table.max_players))
    if table.stacks is None:
        chips: list[int] = []
        for _ in range(n):
            # Both are drawn for every seat, so that a seat sitting out makes the example
            # no shorter than one with chips: the shrinker then prefers the chips.
            sits_out = draw(_SITS_OUT)
            stack = draw(_default_stacks(chosen))
            chips.append(0 if sits_out and chips.count(0) < n - MIN_SEATS else stack)
    else:
        chips = [draw(table.stacks) for _ in range(n)]
    seated = [seat for seat, stack in enumerate(chips) if stack > 0]
    if len(seated) < MIN_SEATS:
        reject()
    dealer = draw(st.sampled_from(seated))
    jackpot_round = draw(_default_round() if table.jackpot_round is None else table.jackpot_round)
    carried = draw(
        _default_carried(chosen, n, jackpot_round) if table.carried is None else table.carried
    )
    return pl.new_game(
        chosen,
        chips,
        dealer=dealer,
        deck=draw(_decks_of(chosen.joker)),
        carried=carried,
        jackpot_round=jackpot_round,
    )


@_lazy
def new_games(
    *,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
    min_players: int = MIN_SEATS,
    max_players: int = MAX_SEATS,
    stacks: int | SearchStrategy[int] | None = None,
    carried: int | SearchStrategy[int] | None = None,
    jackpot_round: int | SearchStrategy[int] | None = None,
) -> SearchStrategy[pl.GameState]:
    """Games just begun with :func:`pokerlaws.new_game`: the ante posted, no action yet.

    Args:
        rules: the table's rules, a value or a strategy; default :func:`rules`.
        min_players: the fewest seats at the table (2-10).
        max_players: the most seats at the table (2-10).
        stacks: each seat's chips: an int for every seat, or a strategy drawn once per seat,
            whose 0 seats a player out (a draw leaving fewer than two with chips is
            rejected). Default: 1 to eight times the limit (shrinking towards four times
            it, deep enough for a game of several bets), and one seat in eight sits out,
            drawn apart so that such seats shrink away. Small stacks such as
            ``st.integers(1, 6)`` make all-ins common; with ``min_players=7`` they make
            the pack run short at the draw (Law 41) often.
        carried: chips already in the pool (Law 29). Default: in an ordinary game mostly
            none, else a few odd chips; in a jack-pot an ante or more.
        jackpot_round: 0 for an ordinary game, *k* for the *k*-th jack-pot in a row
            (Laws 29-32). Default: mostly 0, otherwise 1 to 4.

    The dealer is drawn among the seats with chips.
    """
    table = _table(rules, min_players, max_players, stacks, carried, jackpot_round)
    return _started(table)


@st.composite
def _started(draw: st.DrawFn, table: _Table) -> pl.GameState:
    # Defined once, not in new_games: Hypothesis reads the source of every function made a
    # composite, which cost more than the draws.
    return _start(draw, table)


def _next(draw: st.DrawFn, state: pl.GameState) -> pl.GameState | None:
    """The following game at the table on a fresh deck, or None if it cannot go on."""
    try:
        return pl.next_game(state, deck=draw(_decks_of(state.rules.joker)))
    except pl.TableOver:
        return None


def _play_out(draw: st.DrawFn, state: pl.GameState) -> pl.GameState:
    for _ in range(_STEP_GUARD):
        if state.phase is pl.Phase.OVER:
            return state
        state = pl.apply_or_raise(state, _draw_legal(draw, state))
    raise AssertionError(f"a game took more than {_STEP_GUARD} actions: {state.history}")


def _check_reachable(
    wanted: frozenset[pl.Phase], rules: Any, stacks: Any, jackpot_round: Any, max_games: int
) -> None:
    """Refuse phases no table with these arguments can reach: straddling needs a table
    where a straddle is possible (Law 22), No. 1 with the chips for it, and, in a run of
    jack-pots that cannot end, rules that let jack-pots be straddled."""
    if wanted != {pl.Phase.STRADDLE}:
        return
    fixed = rules if isinstance(rules, pl.Rules) else None
    if fixed is not None and not _can_straddle(fixed):
        raise InvalidArgument(
            f"phases={pl.Phase.STRADDLE} cannot be reached with rules={fixed!r}: twice the "
            "ante is above half the limit, so nobody may straddle (Law 22)"
        )
    least = 2 * (fixed.ante if fixed is not None else 1)
    if _is_int(stacks) and stacks < least:
        raise InvalidArgument(
            f"phases={pl.Phase.STRADDLE} cannot be reached with stacks={stacks}: a straddle "
            f"takes {least} chips (Laws 21-22)"
        )
    if (
        fixed is not None
        and not fixed.jackpot_straddles
        and _is_int(jackpot_round)
        and jackpot_round > 0
        and max_games == 1
    ):
        raise InvalidArgument(
            f"phases={pl.Phase.STRADDLE} cannot be reached with jackpot_round={jackpot_round}"
            " and max_games=1 at a table whose rules forbid straddling a jack-pot"
        )


@_lazy
def game_states(
    *,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
    min_players: int = MIN_SEATS,
    max_players: int = MAX_SEATS,
    phases: pl.Phase | Iterable[pl.Phase] | None = None,
    stacks: int | SearchStrategy[int] | None = None,
    carried: int | SearchStrategy[int] | None = None,
    jackpot_round: int | SearchStrategy[int] | None = None,
    max_games: int = 3,
) -> SearchStrategy[pl.GameState]:
    """Reachable game states: a new game, then legal actions replayed one by one.

    One of ``phases`` is drawn as the aim, then a number of legal actions is played (each
    drawn as :func:`legal_actions` draws them, the dealer's Law 41 shuffle included), and
    the first state after it in the aimed phase is returned. When a game ends it is
    followed by :func:`pokerlaws.next_game` on a fresh deck, up to ``max_games`` games, so
    jack-pots are reached too (and the table stops when it is over: ``TableOver``). If no
    state in the aimed phase comes after that many actions, the last one before is
    returned, or else the last state seen in any of ``phases``, preferring one still in
    play (a draw that saw none is rejected). Shrinks towards the first state of a short
    game. A phase that no table with these arguments can reach is an ``InvalidArgument``.

    Args:
        rules: the table's rules, as for :func:`new_games`.
        min_players: the fewest seats at the table, as for :func:`new_games`.
        max_players: the most seats at the table, as for :func:`new_games`.
        stacks: the first game's chips at each seat, as for :func:`new_games`.
        carried: chips already in the first game's pool, as for :func:`new_games`.
        jackpot_round: the first game's place in a run of jack-pots, as for
            :func:`new_games`.
        phases: a :class:`pokerlaws.Phase` or several; default every phase.
        max_games: the most games played at the table, the returned one included.
    """
    wanted = _check_phases(phases)
    aims = [phase for phase in pl.Phase if phase in wanted]
    _GAMES("max_games", max_games)
    _check_reachable(wanted, rules, stacks, jackpot_round, max_games)
    table = _table(rules, min_players, max_players, stacks, carried, jackpot_round)

    @st.composite
    def states(draw: st.DrawFn) -> pl.GameState:
        state = _start(draw, table)
        # Aim at one wanted phase, so that each is as likely as the laws let it be.
        aim = draw(st.sampled_from(aims))
        target = draw(st.integers(min_value=0, max_value=40))
        played, games, seen, seen_aim = 0, 1, None, None
        played_since_deal = False
        for _ in range(_STEP_GUARD * max_games):
            if state.phase is aim:
                if played >= target:
                    return state
                seen_aim = state
            if state.phase in wanted and (seen is None or state.phase is not pl.Phase.OVER):
                seen = state
            if state.phase is pl.Phase.OVER:
                following = None if games >= max_games else _next(draw, state)
                if following is None:
                    break
                state = following
                games += 1
                played_since_deal = False
                continue
            if aim is pl.Phase.MISDEAL and state.phase is pl.Phase.SAY and not played_since_deal:
                # A misdeal comes only from a report (Laws 8, 10, 12): the table reports
                # one while the deal is in progress.
                state = pl.apply_or_raise(
                    state, pl.MissingCut(seat=state.dealer, during_deal=True)
                )
                continue
            play_on = _ORDER[state.phase] <= _ORDER[aim] and aim in _LATE
            state = pl.apply_or_raise(state, _draw_legal(draw, state, play_on=play_on))
            played_since_deal = state.phase is not pl.Phase.SAY
            played += 1
        if seen_aim is not None:
            return seen_aim
        if seen is None:
            reject()
        return seen

    return states()


@_lazy
def games(
    *,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
    min_players: int = MIN_SEATS,
    max_players: int = MAX_SEATS,
    stacks: int | SearchStrategy[int] | None = None,
    carried: int | SearchStrategy[int] | None = None,
    jackpot_round: int | SearchStrategy[int] | None = None,
    max_games: int = 3,
) -> SearchStrategy[pl.GameState]:
    """Finished games: states in ``Phase.OVER`` whose ``history`` records every action.

    The game may follow earlier ones at the same table (up to ``max_games`` in all), so it
    may be a jack-pot. Arguments as for :func:`game_states`.
    """
    return _defined(
        game_states(
            rules=rules,
            min_players=min_players,
            max_players=max_players,
            stacks=stacks,
            carried=carried,
            jackpot_round=jackpot_round,
            phases=pl.Phase.OVER,
            max_games=max_games,
        )
    )
