"""The loops over the tables: each kernel here runs one table's scalar laws (the modules of
the sections, :mod:`.ante` to :mod:`.show`) for every table it is given, in compiled code.

A kernel takes the :class:`~pokerlaws.batch._arrays.State` ``s`` and works only on the
tables that are live (a game over is skipped at the cost of reading its phase), so the tail
of a run costs what its live tables cost. Nothing here states a law: the menu of a seat is
the say's, the draw's or the betting's ``stake_range``; a step is the section's ``apply``.
"""

from __future__ import annotations

from typing import Any

from pokerlaws.agents.space import (
    DECLINE,
    DISCARD,
    DISCARDS,
    PASS,
    STAKE,
    STAND,
    STRADDLE,
)
from pokerlaws.batch import ante, betting, draw, say
from pokerlaws.batch._arrays import (
    BETTING,
    DRAW,
    NONE,
    OVER,
    SAY,
    clear,
    first_from,
)
from pokerlaws.batch._arrays import STRADDLE as STRADDLING
from pokerlaws.batch._jit import jit, kernel
from pokerlaws.batch.jackpot import next_round, openers_of

__all__ = [
    "apply_ids",
    "fill_masks",
    "next_deals",
    "observe",
    "refusals",
    "serve",
    "start",
    "take",
]


@jit
def menu(s: Any, t: int) -> tuple[int, int, int]:
    """Table ``t``'s least legal stake (chips), its count of legal stake ids (0 where none:
    over, straddling, a discard due) and the highest stake (Laws 25, 26, 36, 53)."""
    phase = s.phase[t]
    seat = s.to_act[t]
    if phase in (OVER, STRADDLING):
        return 0, 0, 0
    highest = 0
    for other in range(s.seats):
        highest = max(highest, s.stakes[t, other])
    if phase == SAY:
        lo, count = say.stake_range(s, t, seat, highest)
    elif phase == BETTING:
        lo, count = betting.stake_range(s, t, seat, highest)
    else:
        # Law 36: a player short of the highest stake makes it good before he discards.
        short = draw.shortfall(s, t, seat, highest)
        lo, count = min(short, s.stacks[t, seat]), 1 if short > 0 else 0
    return lo, count, highest


@jit
def legal_id(phase: int, action: int, count: int, may_stand: bool) -> bool:
    """Whether id ``action`` is legal at a table (not over) in ``phase`` whose menu has
    ``count`` stake ids, the seat to act standing if ``may_stand`` (Ambiguity 6). Given
    numbers, not the state: a call given the ``State`` copies its arrays' structs."""
    if phase == STRADDLING:
        return action in (STRADDLE, DECLINE)
    if action == PASS or STAKE <= action < STAKE + count:
        return True
    if phase == DRAW:
        return count == 0 and DISCARD <= action < DISCARD + DISCARDS
    return phase == BETTING and action == STAND and may_stand


@jit
def legal(s: Any, t: int, action: int, count: int) -> bool:
    """Whether id ``action`` is legal at table ``t`` (not over), ``count`` its stake ids."""
    return legal_id(s.phase[t], action, count, s.may_stand[t] == s.to_act[t])


@jit
def legal_row(s: Any, t: int, row: Any) -> tuple[int, int, int]:
    """Write whether each id is legal at table ``t`` (not over) into ``row``; return its
    :func:`menu`."""
    lo, count, highest = menu(s, t)
    phase = s.phase[t]
    may_stand = s.may_stand[t] == s.to_act[t]
    for action in range(len(row)):
        row[action] = legal_id(phase, action, count, may_stand)
    return lo, count, highest


@kernel
def fill_masks(s: Any, out: Any, start: int = 0, stop: int = -1) -> None:
    """Write each live table's legal ids into its row of ``out`` (zeros elsewhere), at the
    tables from ``start`` to ``stop`` (all by default)."""
    for t in range(start, len(out) if stop < 0 else stop):
        if s.phase[t] != OVER:
            legal_row(s, t, out[t])


@kernel
def refusals(s: Any, ids: Any, where: Any) -> tuple[int, int]:
    """The first live table (of ``where``, or every one if it is empty) whose id is not
    legal, -1 if none, and how many there are."""
    first = NONE
    count = 0
    for t in range(len(ids)):
        if s.phase[t] == OVER or (len(where) and not where[t]):
            continue
        _, stakes, _ = menu(s, t)
        if not legal(s, t, ids[t], stakes):
            if first < 0:
                first = t
            count += 1
    return first, count


@jit
def take(s: Any, t: int, action: int, lo: int, highest: int) -> int:
    """Take the legal id ``action`` at live table ``t`` (whose menu gives the least stake
    ``lo`` and the highest stake), with every automatic step after it; 1 if the table now
    waits for the Law 41 shuffle."""
    phase = s.phase[t]
    s.log[t, s.log_len[t]] = action
    s.log_len[t] += 1
    # The chips of a stake id: the least legal stake and the id's distance from it.
    amount = lo + action - STAKE
    if phase == STRADDLING:
        ante.apply_straddle(s, t, action == STRADDLE)
    elif phase == SAY:
        say.apply(s, t, action, amount)
    elif phase == DRAW:
        draw.apply(s, t, action, amount)
    else:
        betting.apply(s, t, action, amount, highest)
    return 1 if s.shuffle_due[t] else 0


@kernel
def apply_ids(s: Any, ids: Any, where: Any, start: int = 0, stop: int = -1) -> int:
    """Take each live table's id (at the tables of ``where``, or every one if it is empty),
    every one legal, and every automatic step after it, at the tables from ``start`` to
    ``stop`` (all by default); return how many tables wait for the Law 41 shuffle
    (``shuffle_due``)."""
    due = 0
    for t in range(start, len(ids) if stop < 0 else stop):
        # Tested here, not in a function given the State: a call copies its arrays' structs,
        # and a table over or left out is only looked at.
        if s.phase[t] != OVER and (not len(where) or where[t]):
            lo, _, highest = menu(s, t)
            due += take(s, t, ids[t], lo, highest)
    return due


@kernel
def serve(s: Any, rows: Any, piles: Any) -> None:
    """The Law 41 shuffle at ``rows``, each pile's order worked out (``piles[i]`` the
    gathered discards of ``rows[i]`` in order, -1 after them)."""
    for i in range(len(rows)):
        draw.serve_owed(s, rows[i], piles[i])


@kernel
def start(
    s: Any, rows: Any, packs: Any, dealer: Any, stacks: Any, rounds: Any, carried: Any
) -> None:
    """Start a game at each of ``rows`` (checked by the caller), with a row of every other
    argument for each: the antes, then straddles or the deal (Law 20, Law 30 in a
    jack-pot)."""
    for i in range(len(rows)):
        t = rows[i]
        clear(s, t)
        for card in range(s.pack):
            s.deck[t, card] = packs[i, card]
        for seat in range(s.seats):
            s.stacks[t, seat] = stacks[i, seat]
            s.starting_stacks[t, seat] = stacks[i, seat]
            s.seated[t, seat] = stacks[i, seat] > 0
            s.players[t, seat] = stacks[i, seat] > 0
        s.dealer[t] = dealer[i]
        s.ante_seat[t] = first_from(s.seated[t], dealer[i] + 1)
        s.pool[t] = carried[i]
        s.carried[t] = carried[i]
        s.jackpot_round[t] = rounds[i]
        s.openers_required[t] = openers_of(rounds[i])
        s.straddle_level[t] = s.ante
        ante.post_antes(s, t)
        ante.begin(s, t)


@kernel
def next_deals(s: Any, rows: Any, dealer: Any, rounds: Any) -> None:
    """The dealer and jack-pot round of each of ``rows``' next game: the deal passes to the
    first seat on the left dealt into it, one with chips (Law 18), the round as
    :func:`next_round`."""
    for i in range(len(rows)):
        t = rows[i]
        dealer[i] = first_from(s.stacks[t], s.dealer[t] + 1)
        rounds[i] = next_round(s, t)


@kernel
def observe(s: Any, rows: Any, seats: Any, out: Any) -> None:
    """``out[t]`` the observation of ``seats[i]`` at table ``t = rows[i]`` (the fields of
    :data:`pokerlaws.agents.OBSERVATION_FIELDS`, seats counted from the viewer's)."""
    n = s.seats
    for i in range(len(rows)):
        t = rows[i]
        me = seats[i]
        o = out[t]
        to_act = s.to_act[t]
        o[0] = me
        o[1] = n
        o[2] = s.phase[t]
        o[3] = -1 if to_act < 0 else (to_act - me) % n
        o[4] = (s.dealer[t] - me) % n
        o[5] = s.pool[t]
        o[6] = s.jackpot_round[t]
        o[7] = s.openers_required[t]
        o[8] = s.ante
        o[9] = s.limit
        o[10] = s.owed[t, me]
        for card in range(5):
            o[11 + card] = s.hands[t, me, card]
            o[16 + card] = s.thrown[t, me, card]
        for place in range(10):
            if place < n:
                seat = (me + place) % n
                o[21 + place] = s.stacks[t, seat]
                o[31 + place] = s.stakes[t, seat]
                o[41 + place] = s.players[t, seat]
                o[51 + place] = s.exchanged[t, seat]
            else:
                o[21 + place] = o[31 + place] = o[41 + place] = o[51 + place] = -1
