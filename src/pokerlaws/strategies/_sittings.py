"""Strategies for sittings and the values they hold (see :mod:`pokerlaws.strategies`)."""

from __future__ import annotations

import hypothesis.strategies as st
from hypothesis import reject
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

import pokerlaws as pl
from pokerlaws.strategies._arguments import (
    _GAMES,
    MAX_SEATS,
    MIN_SEATS,
    _lazy,
)
from pokerlaws.strategies._base import _STEP_GUARD
from pokerlaws.strategies._games import _next, _play_out, _start, _table
from pokerlaws.strategies._moves import _draw_legal
from pokerlaws.strategies._values import _decks_of


@_lazy
def sittings(
    *,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
    min_players: int = MIN_SEATS,
    max_players: int = MAX_SEATS,
    stacks: int | SearchStrategy[int] | None = None,
    carried: int | SearchStrategy[int] | None = None,
    jackpot_round: int | SearchStrategy[int] | None = None,
    min_games: int = 1,
    max_games: int = 5,
) -> SearchStrategy[tuple[pl.GameState, ...]]:
    """Successive finished games at one table, each begun by :func:`pokerlaws.next_game`
    from the one before on a fresh deck (Law 18: the deal passes left).

    ``min_games`` to ``max_games`` games; a sitting ends sooner only when the table is over
    (:class:`pokerlaws.TableOver`: fewer than two seats have chips left), and such a draw is
    rejected if it is shorter than ``min_games``. Other arguments as for :func:`new_games`;
    they set the first game.
    """
    _GAMES("min_games", min_games)
    _GAMES("max_games", max_games)
    if min_games > max_games:
        raise InvalidArgument(f"min_games={min_games} > max_games={max_games}")
    table = _table(rules, min_players, max_players, stacks, carried, jackpot_round)

    @st.composite
    def played(draw: st.DrawFn) -> tuple[pl.GameState, ...]:
        count = draw(st.integers(min_games, max_games))
        finished = [_play_out(draw, _start(draw, table))]
        while len(finished) < count:
            following = _next(draw, finished[-1])
            if following is None:
                break
            finished.append(_play_out(draw, following))
        if len(finished) < min_games:
            reject()
        return tuple(finished)

    return played()


def _runs_of_stakes() -> SearchStrategy[range]:
    """More than ``LegalActions.FEWEST`` amounts in a row, up to 10**12 of them."""
    return st.builds(
        lambda least, count: range(least, least + count),
        st.integers(1, 10**6),
        st.integers(pl.LegalActions.FEWEST + 1, 10**12),
    )


def _legal_menus() -> SearchStrategy[pl.LegalActions]:
    """A long menu of stakes as a view holds it (``LegalActions``): a pass, a stand or
    neither, then a run of more than ``LegalActions.FEWEST`` stakes, up to a limit of
    10**12."""

    def menu(seat: int, amounts: range, stand: bool) -> pl.LegalActions:
        others: tuple[pl.Action, ...] = (pl.Pass(seat=seat), *((pl.Stand(seat=seat),) * stand))
        return pl.LegalActions(others=others, seat=seat, amounts=amounts)

    return st.builds(menu, st.integers(0, 9), _runs_of_stakes(), st.booleans())


def _sitting_terms() -> SearchStrategy[pl.SittingTerms]:
    """A sitting's terms: the kitty on as often as not (a share of the pool is 0 to 100
    percent), broke players sitting out or leaving."""
    return st.builds(
        pl.SittingTerms,
        kitty_percent=st.sampled_from((0, 0, 5, 10, 100)),
        kitty_chips=st.sampled_from((0, 0, 1, 3)),
        broke_players_leave=st.booleans(),
    )


@_lazy
def sitting_states(
    *,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
    min_players: int = MIN_SEATS,
    max_players: int = MAX_SEATS,
    max_games: int = 3,
) -> SearchStrategy[pl.Sitting]:
    """Sittings reached by play (:func:`pokerlaws.start_sitting` and what follows it).

    Named players with small stacks (all-ins and broke seats are common) cut for the deal
    from a drawn pack (Law 2); then up to ``max_games`` games are played with drawn legal
    actions, players joining, leaving or buying chips between them, and the last game may
    stop at any point. The kitty is on as often as not.

    Args:
        rules: the rules agreed for the sitting, a value or a strategy; default
            :func:`rules`.
        min_players: the fewest players at the start (2-10).
        max_players: the most players at the start (2-10).
        max_games: the most games begun (1 or more).
    """
    table = _table(rules, min_players, max_players, None, None, None)
    _GAMES("max_games", max_games)
    terms = _sitting_terms()

    @st.composite
    def seated(draw: st.DrawFn) -> pl.Sitting:
        chosen = draw(table.rules)
        n = draw(st.integers(table.min_players, table.max_players))
        stacks = st.integers(1, 4 * chosen.limit)
        players = [(f"P{seat}", draw(stacks)) for seat in range(n)]
        sitting = pl.start_sitting(
            chosen,
            players,
            cut=draw(st.permutations(pl.standard_deck())),
            deck=draw(_decks_of(chosen.joker)),
            terms=draw(terms),
        )
        newcomers = n
        for game in range(draw(st.integers(1, max_games))):
            if game:
                while draw(st.booleans()):
                    seating = sitting.seating
                    if len(seating) < MAX_SEATS and draw(st.booleans()):
                        seat = draw(st.integers(0, len(seating)))
                        chips = draw(stacks)
                        sitting = pl.join(sitting, f"P{newcomers}", chips, seat=seat)
                        newcomers += 1
                    elif bool(seating) and draw(st.booleans()):
                        sitting = pl.leave(sitting, draw(st.sampled_from(seating)))
                    elif seating:
                        name = draw(st.sampled_from(seating))
                        sitting = pl.buy_chips(sitting, name, draw(stacks))
                if sitting.next_dealer is None:
                    break
                sitting = pl.deal_next(sitting, deck=draw(_decks_of(sitting.rules.joker)))
            for _ in range(_STEP_GUARD):
                if sitting.between_games or not draw(st.integers(0, 19)):
                    break
                played = pl.play(sitting, _draw_legal(draw, sitting.game))
                assert isinstance(played, pl.Sitting), played
                sitting = played
            if not sitting.between_games:
                break
        return sitting

    return seated()
