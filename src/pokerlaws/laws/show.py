"""The end of a game: the show and the sharing of the pool (Laws 29, 33, 58-61, 76).

Law 58: a bet nobody calls takes the pool unshown. Law 59: when the stakes are equal every
player still in shows, beginning on the left of the last to stake (Ambiguity 7), and the best
hand takes the pool. Laws 60-61: a player who staked his last chip stays in, and one left
short of the highest stake is shown for what he staked (the arithmetic of Ambiguity 14).
Law 76: equal hands share; an odd chip stays in the pool unless the table agreed otherwise
(Ambiguity 16). Law 29: an unopened game keeps its pool for the next. Law 33: a jack-pot's
opener shows his hand when he wins it; at a table playing ``openers_on_honour``, an opener
whose hand as dealt lacks the openers and who would be paid anything is paid nothing: the
pool stays, he pays twice the ante into it, and the next game is the next jack-pot.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress
from operator import add

from pokerlaws.hands import evaluate
from pokerlaws.laws import jackpot
from pokerlaws.ruling import Note, noted
from pokerlaws.state import GameState, Phase, seats_from

__all__ = ["not_opened", "showdown", "uncontested"]


def _end(state: GameState, payouts: list[int], show_order: tuple[int, ...] = ()) -> GameState:
    paid = sum(payouts)
    stacks = tuple(map(add, state.stacks, payouts))
    winners = tuple(compress(range(len(payouts)), payouts))  # the seats paid anything
    return state.with_changes(
        {
            "phase": Phase.OVER,
            "to_act": None,
            "pending": (),
            "stacks": stacks,
            "pool": state.pool - paid,
            "payouts": tuple(payouts),
            "winners": winners,
            "shown": frozenset(show_order),
            "show_order": show_order,
            "may_stand": None,
        }
    )


def _settle(
    state: GameState, payouts: list[int], show_order: tuple[int, ...], parts: list[Note]
) -> GameState:
    """End an opened game with ``payouts``, unless Law 33 voids them for a false opener;
    ``parts`` are the rulings that made the payouts, noted for the game's rulings.

    Only at a table playing ``openers_on_honour`` can a jack-pot be opened without the
    openers (Laws 30-32 refuse it otherwise). If the opener would be paid anything, alone,
    sharing (Law 76) or a Law 60 level, and his hand as dealt lacks the openers, the whole
    settlement is void (the reading documented on ``Rules``): nobody is paid, the pool stays,
    he pays twice the ante into it (all he has if less) and his hand is laid face up. An
    opener who is paid nothing incurs nothing (Ambiguity 13).
    """
    opener = state.opener
    required = state.openers_required
    if (
        opener is None
        or required is None
        or not payouts[opener]
        or jackpot.qualifies(state.dealt[opener], required, state.rules.hands)
    ):
        return noted(_end(state, payouts, show_order), parts)
    # enforces: Law 33
    penalty = min(2 * state.rules.ante, state.stacks[opener])
    stacks = list(state.stacks)
    stacks[opener] -= penalty
    # He is paid, so he is at the show, or the one left, whom Law 33 makes show.
    assert opener in show_order, "a paid opener's hand is laid face up"
    ended = _end(state, [0] * state.num_seats, show_order)
    voided = ended.with_changes(
        {"stacks": tuple(stacks), "pool": state.pool + penalty, "false_opener": opener}
    )
    return noted(voided, ((33, "false opener", (opener,), penalty),))


def not_opened(state: GameState) -> GameState:
    """End a game nobody opened; its pool waits for the next game, a jack-pot (Law 29)."""
    # enforces: Law 29
    return noted(_end(state, [0] * state.num_seats), ((29, "unopened", (), state.pool),))


def uncontested(state: GameState) -> GameState:
    """Give the pool to the one player left (Law 58): unshown, unless he opened a jack-pot
    (Law 33), who shows to prove his openers."""
    (winner,) = state.players
    payouts = [0] * state.num_seats
    # enforces: Law 58
    payouts[winner] = state.pool
    # enforces: Law 33
    proves = state.is_jackpot and winner == state.opener
    parts: list[Note] = [(58, "uncalled", (winner,), state.pool)]
    if proves:
        parts.append((33, "openers shown", (winner,), 0))
    return _settle(state, payouts, (winner,) if proves else (), parts)


def _best(strengths: dict[int, int], seats: Iterable[int]) -> list[int]:
    among = list(seats)
    top = max(strengths[seat] for seat in among)
    # enforces: Law 76
    return [seat for seat in among if strengths[seat] == top]


def _taken(takers: list[int], amount: int, short: int | None = None) -> list[Note]:
    """The rulings of one part of the pool taken at the show: the Law 60 level of
    ``short``'s whole stake (its seats: him, then its takers), or the rest to the best hand
    (Law 59); and the Law 76 share when equal hands take it together."""
    seats = tuple(takers)
    found: list[Note] = []
    if short is not None:
        found.append((60, "level", (short, *seats), amount))
    elif len(seats) == 1:
        found.append((59, "best hand", seats, amount))
    if len(seats) > 1:
        found.append((76, "share", seats, amount))
    return found


def _share(state: GameState, amount: int, sharers: list[int], payouts: list[int]) -> int:
    """Share ``amount`` equally among ``sharers`` (Law 76); return the odd chips left over.

    With ``odd_chip_carries`` the odd chips stay in the pool (Ambiguity 16); otherwise they
    go one each to the sharers, beginning on the dealer's left.
    """
    # enforces: Law 76
    each, odd = divmod(amount, len(sharers))
    order = seats_from(state.dealer + 1, frozenset(sharers), state.num_seats)
    for seat in order:
        payouts[seat] += each
    if not state.rules.odd_chip_carries:
        for seat in order[:odd]:
            payouts[seat] += 1
        return 0
    return odd


def showdown(state: GameState, shown: tuple[int, ...] | None = None) -> GameState:
    """Show every remaining hand in turn and pay the pool (Laws 59-61, 76; Ambiguity 14).

    Law 59: the show begins on the left of the last player to stake (Ambiguity 7). When no
    player at the show is short, the best hand takes the whole pool. Each short player
    (whose whole stake ended below the highest, Law 60) claims a level of the pool, smallest
    whole stake first: all forced chips (antes, straddles, jack-pot antes, carried chips)
    go to the first level; and from each player still in when the level's short player
    demanded the show, the smaller of that player's voluntary stake and the short player's
    whole stake, less what lower levels took from him. The best hand among the level's short
    players and every player at the show with a larger whole stake takes the level; the best
    hand among the players who are not short takes what is left.

    ``shown`` is the show order when it was made before (Law 64 settles a shown game again
    without a foul hand, which was shown but is no longer among the players).
    """
    players = state.players
    n = state.num_seats
    after = state.last_staker if state.last_staker is not None else state.dealer
    # enforces: Law 59
    show_order = seats_from(after + 1, players, n) if shown is None else shown
    # Hands compare by their strength alone (HandValue orders on it); comparing the integers
    # spares attrs' ordering methods, which cost about 1 us a comparison.
    values = {seat: evaluate(state.hands[seat], state.rules.hands).strength for seat in players}
    payouts = [0] * n
    staked = state.staked
    top = max(staked)
    odd = 0
    claimed = 0
    shorts = [short for short in state.shorts if short.seat in values and staked[short.seat] < top]
    parts: list[Note] = [(59, "show", show_order, 0)]
    if shorts:
        forced = sum(state.forced) + state.carried
        voluntary = state.voluntary
        taken = [0] * n
        # Levels, smallest whole stake first; a level is settled from the moment its first
        # short player demanded the show (state.shorts is in that order).
        # enforces: Law 60
        for whole in sorted({staked[short.seat] for short in shorts}):
            first = next(short for short in shorts if staked[short.seat] == whole)
            level, forced = forced, 0
            for seat in first.live:
                share = max(0, min(whole, voluntary[seat]) - taken[seat])
                taken[seat] += share
                level += share
            claimed += level
            contenders = [seat for seat in show_order if staked[seat] >= whole and seat in values]
            takers = _best(values, contenders)
            parts += _taken(takers, level, first.seat)
            odd += _share(state, level, takers, payouts)
    rest = state.pool - claimed
    if rest:
        in_play = [seat for seat in show_order if seat in values]
        not_short = [seat for seat in in_play if staked[seat] == top] or in_play
        takers = _best(values, not_short)
        parts += _taken(takers, rest)
        odd += _share(state, rest, takers, payouts)
    assert sum(payouts) + odd == state.pool, "the pool must be paid out exactly"
    if odd:
        parts.append((76, "odd chip", (), odd))
    return _settle(state, payouts, show_order, parts)
