"""``Tables.play``'s loop: the ready bots at every seat, whole games in compiled code.

A part of the tables (``start`` to ``stop``) is played in rounds, as ``step`` plays them: in
each round every live table of the part, in order, has its seat's legal ids written into a
row (:func:`pokerlaws.batch._kernel.legal_row`), its bot's choice made from that row
(:func:`pokerlaws.batch.choices.random_choice` or
:func:`~pokerlaws.batch.choices.peel_choice`, the one writing of each bot in the batch) and
applied with every automatic step after it (:func:`pokerlaws.batch._kernel.take`). So a
part's games are exactly those of ``legal_mask()`` -> the bot -> ``step(ids, where=part)``,
round after round, with the same generator.

The loop comes back to Python in two cases only, at the end of a round: a table of the part
waits for the dealer's Law 41 shuffle (its order is BLAKE2b, computed in Python by
``Tables``, which then serves it and calls the loop again), or a table's id log is full
(``Tables`` widens it). A table is live while its game is not over and (for an
environment's other seats) its seat to act is not ``halt``.
"""

from __future__ import annotations

from typing import Any

from pokerlaws.batch._arrays import OVER
from pokerlaws.batch._jit import counted_kernel, jit
from pokerlaws.batch._kernel import legal_row, take
from pokerlaws.batch.choices import PEEL, HandTables, peel_choice, random_choice

__all__ = ["DONE", "DUE", "ROOM", "play_part"]

DONE, DUE, ROOM = 0, 1, 2
"""How a part's loop ends: every table over (or halted), a table waiting for the Law 41
shuffle, a table whose log has no room for one more id."""


@jit
def _rounds(s: Any, bots: Any, gen: Any, row: Any, start: int, stop: int, halt: int) -> int:
    h = HandTables(s.words, s.flush_rows, s.values, s.heart_top, s.heart_tie)
    width = s.log.shape[1]
    # Written flat: each call of a function given the State copies its arrays' structs.
    while True:
        live = 0
        for t in range(start, stop):
            if s.phase[t] != OVER and not s.shuffle_due[t] and s.to_act[t] != halt:
                if s.log_len[t] >= width:
                    return ROOM
                live += 1
        if live == 0:
            return DONE
        due = 0
        for t in range(start, stop):
            seat = s.to_act[t]
            if s.phase[t] == OVER or s.shuffle_due[t] or seat == halt:
                continue
            lo, _, highest = legal_row(s, t, row)
            if bots[seat] == PEEL:
                action = peel_choice(
                    h,
                    row,
                    s.hands[t, seat],
                    int(s.phase[t]),
                    int(s.openers_required[t]),
                    s.opener[t] >= 0,
                    lo,
                    s.stakes[t, seat],
                    s.ante,
                    s.limit,
                    gen,
                )
            else:
                action = random_choice(row, gen)
            due += take(s, t, action, lo, highest)
        if due:
            return DUE


@counted_kernel
def play_part(s: Any, bots: Any, gen: Any, row: Any, start: int, stop: int, halt: int) -> int:
    """Play rounds at tables ``start`` to ``stop``, seat ``k``'s bot ``bots[k]`` (its number
    in :data:`pokerlaws.batch.choices.BOTS`), drawing on ``gen``, ``row`` a bool row of the
    space's size to write each decision's legal ids in; return :data:`DONE`, :data:`DUE`
    or :data:`ROOM`."""
    return _rounds(s, bots, gen, row, start, stop, halt)
