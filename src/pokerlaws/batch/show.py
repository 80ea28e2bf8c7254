"""The end of a game, many tables at once: the show and the sharing of the pool (Laws 29, 33,
58-61, 76), the vectorised form of :mod:`pokerlaws.laws.show`.

Law 58: a bet nobody calls takes the pool unshown. Law 59: when the stakes are equal every
player still in shows, beginning on the left of the last to stake (Ambiguity 7), and the best
hand takes the pool. Laws 60-61: a player who staked his last chip stays in, and one left
short of the highest stake is shown for what he staked, level by level (the arithmetic of
Ambiguity 14). Law 76: equal hands share; an odd chip stays in the pool unless the table
agreed otherwise (Ambiguity 16). Law 29: an unopened game keeps its pool for the next. Law 33:
a jack-pot's opener shows his hand when he wins it; at a table playing ``openers_on_honour``,
an opener whose hand as dealt lacks the openers and who would be paid anything is paid
nothing: the pool stays, he pays twice the ante into it, and the next game is the next
jack-pot (``false_opener``).

Every function takes the :class:`~pokerlaws.batch._arrays.Arrays` and ``rows``, an int array
of tables (each at most once) whose game ends now, and ends them all together: a loop runs
over the levels of Law 60 (fewer than the seats), never over tables. What stays in ``pool``
(an unopened pool, odd chips, a false opener's pool and penalty) is what the next game
carries (``Tables.next_games``).
"""

from __future__ import annotations

import numpy as np

from pokerlaws.batch._arrays import NONE, OVER, Array, Arrays, cycle
from pokerlaws.batch.hands import evaluate

__all__ = ["end_of_game", "not_opened", "showdown", "uncontested"]


_KINDS = ("not_opened", "uncontested", "showdown")


def deferred(a: Arrays) -> None:
    """From now on, keep the games of ``rows`` that the laws end (here) to end them all at
    once at :func:`flush`: ending a game costs about the same for one table as for
    thousands, and within one step the ends of its actions are independent, each table
    ending at most once."""
    a.ending = {kind: [] for kind in _KINDS}


def flush(a: Arrays) -> None:
    """End every game kept since :func:`deferred`, each way of ending at once, and stop
    keeping them."""
    ending = a.ending
    a.ending = None
    if ending is None:
        return
    for kind in _KINDS:
        parts = ending[kind]
        if parts:
            _ENDS[kind](a, np.concatenate(parts) if len(parts) > 1 else parts[0])


def _kept(a: Arrays, kind: str, rows: Array) -> bool:
    """Keep ``rows`` for :func:`flush` if games are being kept (True), else False."""
    if a.ending is None:
        return False
    if len(rows):
        a.ending[kind].append(rows)
    return True


def end_of_game(a: Arrays, rows: Array) -> None:
    """End the opened games of ``rows`` whose say, draw or betting has just ended: the pool
    to the one player left (Law 58), or the show (Laws 59-61, 76)."""
    rows = np.asarray(rows, dtype=np.intp)
    alone = a.players[rows].sum(axis=1) == 1
    uncontested(a, rows[alone])
    showdown(a, rows[~alone])


def not_opened(a: Arrays, rows: Array) -> None:
    """End games nobody opened; each pool waits for the next game, a jack-pot (Law 29)."""
    rows = np.asarray(rows, dtype=np.intp)
    if _kept(a, "not_opened", rows):
        return
    # Law 29: the ante and any straddles stay in the pool.
    _end(a, rows, np.zeros((len(rows), a.seats), np.int64), np.full((len(rows), a.seats), NONE))


def uncontested(a: Arrays, rows: Array) -> None:
    """Give each pool to the one player left (Law 58): unshown, unless he opened a jack-pot
    (Law 33), who shows to prove his openers."""
    rows = np.asarray(rows, dtype=np.intp)
    if len(rows) == 0 or _kept(a, "uncontested", rows):
        return
    winner = a.players[rows].argmax(axis=1)
    places = np.arange(len(rows))
    payouts = np.zeros((len(rows), a.seats), np.int64)
    # Law 58: the uncalled bet takes the pool, and need not show.
    payouts[places, winner] = a.pool[rows]
    # Law 33: a jack-pot's opener who wins shows his hand, even uncalled.
    proves = (a.jackpot_round[rows] > 0) & (winner == a.opener[rows])
    order = np.full((len(rows), a.seats), NONE, np.int8)
    order[proves, 0] = winner[proves]
    _settle(a, rows, payouts, order)


def showdown(a: Arrays, rows: Array) -> None:
    """Show every remaining hand in turn and pay each pool (Laws 59-61, 76; Ambiguity 14).

    Law 59: the show begins on the left of the last player to stake (the dealer's left if
    nobody staked). With nobody at the show short, the best hand takes the whole pool. Each
    short player (whose whole stake ended below the highest, Law 60) claims a level of the
    pool, smallest whole stake first: all forced chips (antes, straddles, jack-pot antes,
    carried chips) go to the first level; and from each player still in when the level's
    first short player demanded the show, the smaller of that player's voluntary stake and
    the short player's whole stake, less what lower levels took from him. The best hand among
    the level's short players and every player at the show with a larger whole stake takes
    the level; the best hand among the players who are not short takes what is left.
    """
    rows = np.asarray(rows, dtype=np.intp)
    k, seats = len(rows), a.seats
    if k == 0 or _kept(a, "showdown", rows):
        return
    places = np.arange(k)
    players = a.players[rows]
    # Law 59 (Ambiguity 7): the show begins on the left of the last to stake; every player
    # still in shows (no mucking at the show).
    after = np.where(a.last_staker[rows] >= 0, a.last_staker[rows], a.dealer[rows])
    turn = cycle(seats)[after]
    showing = np.take_along_axis(players, turn, axis=1)
    first = np.argsort(~showing, axis=1, kind="stable")  # the shown seats first, in turn
    order = np.where(
        np.take_along_axis(showing, first, axis=1), np.take_along_axis(turn, first, axis=1), NONE
    ).astype(np.int8)
    strengths = np.full((k, seats), -1, np.int64)
    strengths[players] = evaluate(a.hands[rows][players], a.rules.hands)

    payouts = np.zeros((k, seats), np.int64)
    odd = np.zeros(k, np.int64)
    claimed = np.zeros(k, np.int64)
    staked = a.staked[rows]
    top = staked.max(axis=1, keepdims=True)
    dealer = a.dealer[rows]
    # Law 60: the short players at the show are those all in below the highest stake.
    short = players & (a.short_rank[rows] >= 0) & (staked < top)
    if short.any():
        forced = a.forced[rows].sum(axis=1) + a.carried[rows]
        voluntary = a.voluntary[rows]
        ranks = a.short_rank[rows]
        live = a.short_live[rows]
        taken = np.zeros((k, seats), np.int64)
        whole = np.full(k, -1, np.int64)  # the level just settled (-1 before the first)
        big = np.iinfo(np.int64).max
        # Law 60 (Ambiguity 14): nested levels, smallest whole stake first; short players of
        # one whole stake form one level, settled from the first of them to go short.
        while True:
            above = short & (staked > whole[:, None])
            level_rows = above.any(axis=1)
            if not level_rows.any():
                break
            whole = np.where(
                level_rows, np.where(above, staked, big).min(axis=1), whole
            )  # this level's whole stake, where a row has one
            at_level = above & (staked == whole[:, None])
            earliest = np.where(at_level, ranks, np.iinfo(np.int8).max).argmin(axis=1)
            paying = live[places, earliest] & level_rows[:, None]
            share = np.maximum(0, np.minimum(whole[:, None], voluntary) - taken) * paying
            taken += share
            level = np.where(level_rows, share.sum(axis=1) + forced, 0)
            forced = np.where(level_rows, 0, forced)
            claimed += level
            contenders = players & (staked >= whole[:, None]) & level_rows[:, None]
            odd += _share(a, payouts, level, _best(strengths, contenders), dealer)
    rest = a.pool[rows] - claimed
    # The rest to the best hand among those not short (all at the show if all are short).
    not_short = players & (staked == top)
    not_short = np.where(not_short.any(axis=1, keepdims=True), not_short, players)
    odd += _share(a, payouts, rest, _best(strengths, not_short), dealer)
    assert (payouts.sum(axis=1) + odd == a.pool[rows]).all(), "the pool is paid out exactly"
    _settle(a, rows, payouts, order)


def _best(strengths: Array, among: Array) -> Array:
    """The seats of ``among`` (a bool ``(k, seats)`` mask) holding its best hand: all of
    them where hands tie (Law 76)."""
    held = np.where(among, strengths, -1)
    return among & (held == held.max(axis=1, keepdims=True))


def _share(a: Arrays, payouts: Array, amounts: Array, sharers: Array, dealer: Array) -> Array:
    """Share each row's ``amounts`` equally among its ``sharers`` (Law 76), into
    ``payouts``; return the odd chips left over (rows without sharers share nothing).

    With ``odd_chip_carries`` the odd chips stay in the pool (Ambiguity 16); otherwise they
    go one each to the sharers, beginning on the dealer's left.
    """
    count = sharers.sum(axis=1)
    each, odd = np.divmod(amounts, np.maximum(count, 1))
    payouts += each[:, None] * sharers
    if a.rules.odd_chip_carries:
        return np.where(count > 0, odd, 0)
    # Each sharer's place among the sharers, counted from the dealer's left.
    turn = cycle(a.seats)[dealer]
    in_turn = np.take_along_axis(sharers, turn, axis=1)
    place = np.cumsum(in_turn, axis=1) - 1
    extra = in_turn & (place < odd[:, None])
    rows = np.nonzero(extra)
    payouts[rows[0], turn[rows]] += 1
    return np.zeros(len(amounts), np.int64)


def _settle(a: Arrays, rows: Array, payouts: Array, order: Array) -> None:
    """End opened games with ``payouts``, unless Law 33 voids them for a false opener.

    Only at a table playing ``openers_on_honour`` can a jack-pot be opened without the
    openers. If the opener would be paid anything, alone, sharing (Law 76) or a Law 60
    level, and his hand as dealt lacks the openers, the whole settlement is void: nobody is
    paid, the pool stays, he pays twice the ante into it (all he has if less) and his hand
    is laid face up (he is shown: paid, he was at the show or the one left).
    """
    opener = a.opener[rows]
    places = np.arange(len(rows))
    seat = np.maximum(opener, 0)
    # Law 33: a paid opener whose hand as dealt lacks the openers takes nothing.
    false = (
        (opener >= 0)
        & (a.openers_required[rows] > 0)
        & (payouts[places, seat] > 0)
        & ~a.openers[rows, seat]
    )
    if false.any():
        payouts = np.where(false[:, None], 0, payouts)
    _end(a, rows, payouts, order)
    if false.any():
        voided, by = rows[false], seat[false]
        penalty = np.minimum(2 * a.rules.ante, a.stacks[voided, by])
        a.stacks[voided, by] -= penalty
        a.pool[voided] += penalty
        a.false_opener[voided] = by


def _end(a: Arrays, rows: Array, payouts: Array, order: Array) -> None:
    """Make the games of ``rows`` over: pay ``payouts`` out of the pool (what is not paid
    stays there), and record the show order."""
    a.phase[rows] = OVER
    a.to_act[rows] = NONE
    a.pending[rows] = False
    a.may_stand[rows] = NONE
    a.stacks[rows] += payouts
    a.pool[rows] -= payouts.sum(axis=1)
    a.payouts[rows] = payouts
    a.show_order[rows] = order
    a.show_count[rows] = (order >= 0).sum(axis=1)


_ENDS = {"not_opened": not_opened, "uncontested": uncontested, "showdown": showdown}
