"""The end of a game: the show and the sharing of the pool (Laws 29, 33, 58-61, 76), compiled
scalar code for one table after :mod:`pokerlaws.laws.show`.

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

Every function ends the game of table ``t``, writing what each seat is paid into
``payouts[t]`` and the show into ``show_order[t]`` as it goes. What stays in ``pool`` (an
unopened pool, odd chips, a false opener's pool and penalty) is what the next game carries
(``Tables.next_games``).
"""

from __future__ import annotations

from typing import Any

from pokerlaws.batch._arrays import NONE, OVER
from pokerlaws.batch._jit import jit
from pokerlaws.batch.hands import strength

__all__ = ["end_of_game", "not_opened", "showdown", "uncontested"]

_NOBODY = (1 << 63) - 1


@jit
def _begin_end(s: Any, t: int) -> None:
    """Nobody paid and nobody shown yet."""
    for seat in range(s.seats):
        s.payouts[t, seat] = 0
        s.show_order[t, seat] = NONE


@jit
def end_of_game(s: Any, t: int) -> None:
    """End table ``t``'s opened game whose say, draw or betting has just ended: the pool to
    the one player left (Law 58), or the show (Laws 59-61, 76)."""
    left = 0
    for seat in range(s.seats):
        left += s.players[t, seat]
    if left == 1:
        uncontested(s, t)
    else:
        showdown(s, t)


@jit
def not_opened(s: Any, t: int) -> None:
    """End a game nobody opened; its pool waits for the next game, a jack-pot (Law 29)."""
    _begin_end(s, t)
    # Law 29: the ante and any straddles stay in the pool.
    _end(s, t)


@jit
def uncontested(s: Any, t: int) -> None:
    """Give the pool to the one player left (Law 58): unshown, unless he opened a jack-pot
    (Law 33), who shows to prove his openers."""
    _begin_end(s, t)
    winner = 0
    while not s.players[t, winner]:
        winner += 1
    # Law 58: the uncalled bet takes the pool, and need not show.
    s.payouts[t, winner] = s.pool[t]
    # Law 33: a jack-pot's opener who wins shows his hand, even uncalled.
    if s.jackpot_round[t] > 0 and winner == s.opener[t]:
        s.show_order[t, 0] = winner
    _settle(s, t)


@jit
def showdown(s: Any, t: int) -> None:
    """Show every remaining hand in turn and pay the pool (Laws 59-61, 76; Ambiguity 14).

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
    seats = s.seats
    _begin_end(s, t)
    # Law 59 (Ambiguity 7): the show begins on the left of the last to stake; every player
    # still in shows (no mucking at the show).
    after = s.last_staker[t] if s.last_staker[t] >= 0 else s.dealer[t]
    shown = 0
    for k in range(1, seats + 1):
        seat = (after + k) % seats
        if s.players[t, seat]:
            s.show_order[t, shown] = seat
            shown += 1
    strengths = s.scratch[t, 0]
    top = 0
    for seat in range(seats):
        strengths[seat] = strength(s, s.hands[t, seat]) if s.players[t, seat] else -1
        top = max(top, s.staked[t, seat])
    # Law 60: the short players at the show are those all in below the highest stake (sets
    # of seats as bits, seat k the bit 1 << k).
    short = 0
    for seat in range(seats):
        if s.players[t, seat] and s.short_rank[t, seat] >= 0 and s.staked[t, seat] < top:
            short |= 1 << seat
    odd = 0
    claimed = 0
    if short:
        forced = s.carried[t]
        taken = s.scratch[t, 1]
        for seat in range(seats):
            forced += s.forced[t, seat]
            taken[seat] = 0
        whole = -1  # the level just settled (-1 before the first)
        # Law 60 (Ambiguity 14): nested levels, smallest whole stake first; short players of
        # one whole stake form one level, settled from the first of them to go short.
        while True:
            level_stake = _NOBODY
            for seat in range(seats):
                if short >> seat & 1 and whole < s.staked[t, seat] < level_stake:
                    level_stake = s.staked[t, seat]
            if level_stake == _NOBODY:
                break
            whole = level_stake
            earliest = NONE
            for seat in range(seats):
                at_level = short >> seat & 1 and s.staked[t, seat] == whole
                earlier = earliest < 0 or s.short_rank[t, seat] < s.short_rank[t, earliest]
                if at_level and earlier:
                    earliest = seat
            level = forced
            forced = 0
            for seat in range(seats):
                if s.short_live[t, earliest, seat]:
                    share = max(0, min(whole, s.voluntary[t, seat]) - taken[seat])
                    taken[seat] += share
                    level += share
            claimed += level
            among = 0
            for seat in range(seats):
                if s.players[t, seat] and s.staked[t, seat] >= whole:
                    among |= 1 << seat
            odd += _share(s, t, level, _best(strengths, among))
    # The rest to the best hand among those not short (all at the show if all are short).
    among = 0
    everyone = 0
    for seat in range(seats):
        if s.players[t, seat]:
            everyone |= 1 << seat
            if s.staked[t, seat] == top:
                among |= 1 << seat
    odd += _share(s, t, s.pool[t] - claimed, _best(strengths, among if among else everyone))
    _settle(s, t)


@jit
def _best(strengths: Any, among: int) -> int:
    """The seats of ``among`` (bits) holding its best hand: all of them where hands tie
    (Law 76)."""
    best = -1
    for seat in range(len(strengths)):
        if among >> seat & 1:
            best = max(best, strengths[seat])
    found = 0
    for seat in range(len(strengths)):
        if among >> seat & 1 and strengths[seat] == best:
            found |= 1 << seat
    return found


@jit
def _share(s: Any, t: int, amount: int, sharers: int) -> int:
    """Share ``amount`` equally among ``sharers`` (bits) (Law 76), into ``payouts[t]``; return
    the odd chips left over (nothing is shared without sharers).

    With ``odd_chip_carries`` the odd chips stay in the pool (Ambiguity 16); otherwise they
    go one each to the sharers, beginning on the dealer's left.
    """
    seats = s.seats
    count = 0
    for seat in range(seats):
        count += sharers >> seat & 1
    if count == 0:
        return 0
    each, odd = divmod(amount, count)
    for seat in range(seats):
        if sharers >> seat & 1:
            s.payouts[t, seat] += each
    if s.odd_chip_carries:
        return odd
    dealer = s.dealer[t]
    for k in range(1, seats + 1):
        seat = (dealer + k) % seats
        if odd > 0 and sharers >> seat & 1:
            s.payouts[t, seat] += 1
            odd -= 1
    return 0


@jit
def _settle(s: Any, t: int) -> None:
    """End the opened game with its ``payouts``, unless Law 33 voids them for a false
    opener.

    Only at a table playing ``openers_on_honour`` can a jack-pot be opened without the
    openers. If the opener would be paid anything, alone, sharing (Law 76) or a Law 60
    level, and his hand as dealt lacks the openers, the whole settlement is void: nobody is
    paid, the pool stays, he pays twice the ante into it (all he has if less) and his hand
    is laid face up (he is shown: paid, he was at the show or the one left).
    """
    opener = s.opener[t]
    # Law 33: a paid opener whose hand as dealt lacks the openers takes nothing.
    false = (
        opener >= 0
        and s.openers_required[t] > 0
        and s.payouts[t, opener] > 0
        and not s.openers[t, opener]
    )
    if false:
        for seat in range(s.seats):
            s.payouts[t, seat] = 0
    _end(s, t)
    if false:
        penalty = min(2 * s.ante, s.stacks[t, opener])
        s.stacks[t, opener] -= penalty
        s.pool[t] += penalty
        s.false_opener[t] = opener


@jit
def _end(s: Any, t: int) -> None:
    """Make the game over: pay ``payouts[t]`` out of the pool (what is not paid stays
    there), the show order as written."""
    s.phase[t] = OVER
    s.to_act[t] = NONE
    s.may_stand[t] = NONE
    shown = 0
    for seat in range(s.seats):
        s.pending[t, seat] = False
        s.stacks[t, seat] += s.payouts[t, seat]
        s.pool[t] -= s.payouts[t, seat]
        shown += s.show_order[t, seat] >= 0
    s.show_count[t] = shown
