"""Moving chips from seats into the pool (Laws 52, 56, 61) and marking who is short (Law 60).

The vectorised form of :mod:`pokerlaws.laws.staking`: a stake leaves the seat's stack and
enters the pool at once (Law 52), counts as exactly what was put down (Law 56), is booked
forced or voluntary (Ambiguity 14); a player who stakes his last chip is all in (Law 61),
and short, demanding the show, once his whole stake is below the highest (Law 60).
"""

from __future__ import annotations

import numpy as np

from pokerlaws.batch._arrays import Array, Arrays, gather, next_pending, set_cells

__all__ = ["mark_shorts", "passing", "stake_chips"]


def stake_chips(
    a: Arrays,
    rows: Array,
    seats: Array,
    amounts: Array,
    *,
    forced: bool,
    in_stake: Array | bool = True,
) -> None:
    """Move ``amounts`` chips from ``seats`` of ``rows`` into their pools (one seat a row;
    the caller has checked that the stacks cover them). ``in_stake`` (a bool, or a bool a
    row) counts them in the seat's stake; a jack-pot ante of any seat but the ante seat is
    paid to the pool without being a stake (API.md)."""
    if len(rows) == 0:
        return
    # Each table stakes once here, so its cells are distinct and can be written flat.
    at = rows * a.seats + seats
    left = a.stacks.reshape(-1)[at] - amounts
    a.stacks.reshape(-1)[at] = left
    # Law 52: the chips go into the pool at once; Law 56: exactly what was put down.
    a.pool[rows] += amounts
    counted = amounts if in_stake is True else np.where(in_stake, amounts, 0)
    if in_stake is not False:
        a.stakes.reshape(-1)[at] += counted
        a.staked.reshape(-1)[at] += counted
    (a.forced if forced else a.voluntary).reshape(-1)[at] += amounts
    # Law 61: a player who stakes his last chip stays in, passed over in turns.
    broke = left == 0
    if broke.any():
        a.all_in.reshape(-1)[at[broke]] = True
    mark_shorts(a, rows)


def mark_shorts(a: Arrays, rows: Array) -> None:
    """Add to ``shorts`` the all-in players of ``rows`` whose whole stake is now below the
    highest and who were not short before, in seat order, each with the players still in
    now as his ``live`` seats (Law 60, Ambiguity 14)."""
    some = rows[gather(a.all_in, rows).any(axis=1)]
    if len(some) == 0:
        return
    staked = gather(a.staked, some)
    # Law 60: short once his whole stake is below the highest.
    new = (
        gather(a.all_in, some)
        & (staked < staked.max(axis=1, keepdims=True))
        & (gather(a.short_rank, some) < 0)
    )
    hit = new.any(axis=1)
    if not hit.any():
        return
    some, new = some[hit], new[hit]
    ranks = a.short_count[some][:, None] + np.cumsum(new, axis=1, dtype=np.int8) - 1
    a.short_rank[some] = np.where(new, ranks, a.short_rank[some])
    table, seat = np.nonzero(new)
    a.short_live[some[table], seat] = a.players[some[table]]
    a.short_count[some] += new.sum(axis=1, dtype=np.int8)


def passing(a: Arrays, rows: Array, seats: Array) -> None:
    """A pass at any turn (Laws 27, 54): the seat is out, his stake stays in the pool, and
    the turn goes on to the next pending player (-1 when none is left)."""
    set_cells(a.players, rows, seats, False)
    set_cells(a.pending, rows, seats, False)
    a.to_act[rows] = next_pending(a, rows, seats)
