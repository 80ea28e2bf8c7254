"""The draw, many tables at once: Laws 34-41 (the vectorised :mod:`pokerlaws.laws.draw`).

Laws 34-35: the draw begins on the dealer's left and goes round to the left, every player
still in drawing (one all in too). Law 36: a player first makes his stake good to the highest
(exactly, no raising: Ambiguity 5) or passes, then throws out as many cards as he takes.
Law 37: discards never come back to him. Law 38: each draws once, at his turn. Law 39: the
new cards come off the top of the stock, after the cards he kept.

Law 41 (Ambiguity 19): a player whose request the stock cannot cover is served the stock's
last cards and owed the rest; each later player discards in his turn and is owed all he
asks; then the dealer gathers every discard of this draw and shuffles them, and the owed
players are served in draw order from the top of that pile, each passing over his own
discards unless too few other cards are left. The batch takes the dealer's shuffle inside
``step``, in the engine's own order when the caller gives none: the gathered cards ranked by
a BLAKE2b hash keyed with the game's whole pack as dealt (the key a 32-byte digest of the
pack's cards named one by one, space-separated; each card's rank its 16-byte keyed digest
of its name). That is a loop over the tables that shuffle, each a few dozen hashes: at six
seats the stock (22 cards) seldom runs short, at ten (2 cards) nearly always.
"""

from __future__ import annotations

import hashlib

import numpy as np

from pokerlaws.agents.space import DISCARD, STAKE
from pokerlaws.batch import betting, show
from pokerlaws.batch._arrays import (
    DRAW,
    NONE,
    Array,
    Arrays,
    cycle,
    deck_position,
    first_from,
    next_pending,
)
from pokerlaws.batch.hands import _CARDS
from pokerlaws.batch.staking import passing, stake_chips

__all__ = ["apply", "begin", "shortfall", "shuffle_order"]

_NAMES = tuple(str(card) for card in _CARDS)
"""Each card code's name, as the engine's default shuffle hashes it."""
_BITS = ((np.arange(32)[:, None] >> np.arange(5)[None, :]) & 1).astype(bool)
"""For each discard id's bits, whether each of the five positions of the hand goes."""
_KEPT_FIRST = np.argsort(_BITS, axis=1, kind="stable")
"""For each discard id's bits, the positions kept in hand order, then the thrown ones."""


def begin(a: Arrays, rows: Array) -> None:
    """Begin the draw with the first player on the dealer's left (Laws 34-35)."""
    if len(rows) == 0:
        return
    a.phase[rows] = DRAW
    a.pending[rows] = a.players[rows]
    a.to_act[rows] = first_from(a.players[rows], a.dealer[rows].astype(np.intp) + 1, a.seats)


def shortfall(a: Arrays, rows: Array, seat: Array, have: Array, highest: Array) -> Array:
    """How much ``seat`` must add to make his stake ``have`` good to the ``highest`` at each
    of ``rows`` (Law 36); 0 when all in."""
    return np.where(a.all_in[rows, seat], 0, highest - have)


def apply(a: Arrays, rows: Array, ids: Array, amounts: Array) -> None:
    """Apply the pass (id 0), the making good (id 38, of ``amounts`` chips: the shortfall,
    or all he has when less) or the discard (ids 6-37) of the seat to draw at each of
    ``rows``."""
    seat = a.to_act[rows].astype(np.intp)
    passes = ids == 0
    passing(a, rows[passes], seat[passes])
    _after(a, rows[passes])
    good = ids >= STAKE
    if good.any():
        up, by = rows[good], seat[good]
        # Law 36: exactly his shortfall, or all he has when less; he stays to discard.
        stake_chips(a, up, by, amounts[good], forced=False)
        a.last_staker[up] = by
    thrown = ~passes & ~good
    if thrown.any():
        _discard(a, rows[thrown], seat[thrown], ids[thrown] - DISCARD)


def _discard(a: Arrays, rows: Array, seat: Array, bits: Array) -> None:
    """Throw out the positions of ``bits`` and serve their places from the stock (Laws 36-39),
    or serve what the stock has and owe the rest (Law 41)."""
    hand = a.hands[rows, seat].astype(np.int64)
    # A hand at the draw holds five cards (the deal's), so every bit names a card.
    flags = _BITS[bits]
    wanted = flags.sum(axis=1)
    # Law 37: the kept cards stay in their order; the thrown ones go in deck order.
    kept = np.take_along_axis(hand, _KEPT_FIRST[bits], axis=1)
    keep = 5 - wanted
    position = np.arange(5)[None, :]
    thrown = np.where(flags, hand, -1)
    by_deck = np.argsort(np.where(flags, deck_position(hand), 99), axis=1, kind="stable")
    thrown = np.take_along_axis(thrown, by_deck, axis=1)
    # Law 39: the new cards off the top of the stock; Law 41: what it has, the rest owed.
    remaining = a.pack - a.next_card[rows].astype(np.int64)
    taken = np.minimum(wanted, remaining)
    served = position - keep[:, None]
    card_at = np.minimum(a.next_card[rows, None] + served, a.pack - 1)
    stock_card = a.deck[rows[:, None], np.maximum(card_at, 0)]
    new = np.where(served < 0, kept, np.where(served < taken[:, None], stock_card, NONE))
    a.hands[rows, seat] = new
    a.next_card[rows] += taken.astype(np.int16)
    a.owed[rows, seat] = (wanted - taken).astype(np.int8)
    some = wanted > 0
    a.thrown[rows[some], seat[some]] = thrown[some]
    # The discards of this draw, in the order thrown (Law 41 gathers them).
    at = a.discard_count[rows, None].astype(np.int64) + position
    into = position < wanted[:, None]
    a.discards[np.broadcast_to(rows[:, None], at.shape)[into], at[into]] = thrown[into]
    a.discard_count[rows] += wanted.astype(np.int16)
    a.exchanged[rows, seat] = wanted.astype(np.int8)
    # Law 38: each draws once.
    a.pending[rows, seat] = False
    after = next_pending(a, rows, seat)
    a.to_act[rows] = after
    _end_of_draw(a, rows[after < 0])


def _after(a: Arrays, rows: Array) -> None:
    """After a pass: the one player left wins (Law 58), or the draw goes on or ends."""
    if len(rows) == 0:
        return
    alone = a.players[rows].sum(axis=1) == 1
    # Law 58: nobody shuffles to serve a player who has already won.
    show.uncontested(a, rows[alone])
    rows = rows[~alone]
    _end_of_draw(a, rows[~a.pending[rows].any(axis=1)])


def _end_of_draw(a: Arrays, rows: Array) -> None:
    """Everyone has drawn: the dealer's shuffle where cards are owed (Law 41), then the
    betting."""
    if len(rows) == 0:
        return
    owing = rows[a.owed[rows].any(axis=1)]
    for row in owing.tolist():
        _serve_owed(a, row)
    betting.begin(a, rows)


def shuffle_order(deck: Array, gathered: Array) -> list[int]:
    """The card codes of ``gathered`` in the engine's default Law 41 order for a game dealt
    from ``deck`` (card codes, top first): each ranked by its name's BLAKE2b digest keyed
    with the pack's names."""
    seed = " ".join(_NAMES[code] for code in deck.tolist())
    key = hashlib.blake2b(seed.encode(), digest_size=32).digest()

    def rank(code: int) -> bytes:
        return hashlib.blake2b(_NAMES[code].encode(), key=key, digest_size=16).digest()

    return sorted(gathered.tolist(), key=rank)


def _serve_owed(a: Arrays, row: int) -> None:
    """The dealer's Law 41 shuffle at one table, and the owed players served from it in draw
    order, each passing over his own discards while other cards are left (Law 37)."""
    pile = shuffle_order(a.deck[row], a.discards[row, : a.discard_count[row]])
    for seat in cycle(a.seats)[a.dealer[row]].tolist():
        count = int(a.owed[row, seat])
        if not count:
            continue
        own = set(a.thrown[row, seat].tolist())
        given = [code for code in pile if code not in own][:count]
        if len(given) < count:
            given += [code for code in pile if code in own][: count - len(given)]
        for code in given:
            pile.remove(code)
        held = int((a.hands[row, seat] >= 0).sum())
        a.hands[row, seat, held : held + count] = given
        a.owed[row, seat] = 0
    a.shuffled[row] = True
