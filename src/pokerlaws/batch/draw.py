"""The draw: Laws 34-41, compiled scalar code for one table after :mod:`pokerlaws.laws.draw`.

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
of its name). BLAKE2b is not compiled code: a draw that ends with cards owed marks its
table ``shuffle_due`` and stops there; ``Tables.step`` works out the order of those tables'
piles in Python (:func:`shuffle_order`, a few dozen hashes a table) and hands them back to
:func:`serve_owed`, which serves them and goes on to the betting. At six seats the stock
(22 cards) seldom runs short, at ten (2 cards) nearly always.
"""

from __future__ import annotations

import hashlib
from typing import Any

from pokerlaws.agents.space import DISCARD, PASS, STAKE
from pokerlaws.batch import betting
from pokerlaws.batch._arrays import DRAW, NONE, Array, card_place, first_from, next_pending
from pokerlaws.batch._jit import jit
from pokerlaws.batch.hands import _CARDS
from pokerlaws.batch.show import uncontested
from pokerlaws.batch.staking import passing, stake_chips

__all__ = ["apply", "begin", "serve_owed", "shortfall", "shuffle_order"]

_NAMES = tuple(str(card) for card in _CARDS)
"""Each card code's name, as the engine's default shuffle hashes it."""


@jit
def begin(s: Any, t: int) -> None:
    """Begin the draw with the first player on the dealer's left (Laws 34-35)."""
    s.phase[t] = DRAW
    for seat in range(s.seats):
        s.pending[t, seat] = s.players[t, seat]
    s.to_act[t] = first_from(s.players[t], s.dealer[t] + 1)


@jit
def shortfall(s: Any, t: int, seat: int, highest: int) -> int:
    """How much ``seat`` must add to make his stake good to the ``highest`` (Law 36); 0
    when all in."""
    return 0 if s.all_in[t, seat] else highest - s.stakes[t, seat]


@jit
def apply(s: Any, t: int, action: int, amount: int) -> None:
    """Apply the pass (id 0), the making good (id 38, of ``amount`` chips: the shortfall,
    or all he has when less) or the discard (ids 6-37) of the seat to draw."""
    seat = s.to_act[t]
    if action == PASS:
        passing(s, t, seat)
        _after(s, t)
    elif action >= STAKE:
        # Law 36: exactly his shortfall, or all he has when less; he stays to discard.
        stake_chips(s, t, seat, amount, False, True)
        s.last_staker[t] = seat
    else:
        _discard(s, t, seat, action - DISCARD)


@jit
def _discard(s: Any, t: int, seat: int, bits: int) -> None:
    """Throw out the positions of ``bits`` and serve their places from the stock (Laws 36-39),
    or serve what the stock has and owe the rest (Law 41)."""
    hand = s.hands[t, seat]
    # A hand at the draw holds five cards (the deal's), so every bit names a card.
    kept = 0
    wanted = 0
    thrown = s.thrown[t, seat]
    for place in range(5):
        card = hand[place]
        if bits >> place & 1:
            # Law 37: the thrown ones in deck order (an insertion into the sorted ones).
            at = wanted
            while at > 0 and card_place(thrown[at - 1]) > card_place(card):
                thrown[at] = thrown[at - 1]
                at -= 1
            thrown[at] = card
            wanted += 1
        else:
            # The kept cards stay in their order.
            hand[kept] = card
            kept += 1
    # Law 39: the new cards off the top of the stock; Law 41: what it has, the rest owed.
    taken = min(wanted, s.pack - s.next_card[t])
    for place in range(kept, 5):
        served = place - kept
        hand[place] = s.deck[t, s.next_card[t] + served] if served < taken else NONE
    s.next_card[t] += taken
    s.owed[t, seat] = wanted - taken
    # The discards of this draw, in the order thrown (Law 41 gathers them).
    for k in range(wanted):
        s.discards[t, s.discard_count[t] + k] = thrown[k]
    s.discard_count[t] += wanted
    s.exchanged[t, seat] = wanted
    # Law 38: each draws once.
    s.pending[t, seat] = False
    after = next_pending(s, t, seat)
    s.to_act[t] = after
    if after < 0:
        _end_of_draw(s, t)


@jit
def _after(s: Any, t: int) -> None:
    """After a pass: the one player left wins (Law 58), or the draw goes on or ends."""
    left = 0
    waiting = False
    for seat in range(s.seats):
        left += s.players[t, seat]
        waiting |= s.pending[t, seat]
    if left == 1:
        # Law 58: nobody shuffles to serve a player who has already won.
        uncontested(s, t)
    elif not waiting:
        _end_of_draw(s, t)


@jit
def _end_of_draw(s: Any, t: int) -> None:
    """Everyone has drawn: the dealer's shuffle where cards are owed (Law 41: its order is
    worked out outside, see the module's notes), then the betting."""
    for seat in range(s.seats):
        if s.owed[t, seat]:
            s.shuffle_due[t] = True
            return
    betting.begin(s, t)


def shuffle_order(deck: Array, gathered: Array) -> list[int]:
    """The card codes of ``gathered`` in the engine's default Law 41 order for a game dealt
    from ``deck`` (card codes, top first): each ranked by its name's BLAKE2b digest keyed
    with the pack's names."""
    seed = " ".join(_NAMES[code] for code in deck.tolist())
    key = hashlib.blake2b(seed.encode(), digest_size=32).digest()

    def rank(code: int) -> bytes:
        return hashlib.blake2b(_NAMES[code].encode(), key=key, digest_size=16).digest()

    return sorted(gathered.tolist(), key=rank)


@jit
def serve_owed(s: Any, t: int, pile: Any) -> None:
    """The dealer's Law 41 shuffle at table ``t``, ``pile`` the gathered discards in its
    order: the owed players served from it in draw order, each passing over his own discards
    while other cards are left (Law 37); then the betting."""
    seats = s.seats
    used = 0  # the places of the pile given, as bits
    for k in range(1, seats + 1):
        seat = (s.dealer[t] + k) % seats
        count = s.owed[t, seat]
        if not count:
            continue
        held = 0
        while held < 5 and s.hands[t, seat, held] >= 0:
            held += 1
        # His own discards last: the other cards of the pile first, in its order.
        for own_last in (False, True):
            for place in range(len(pile)):
                if count and pile[place] >= 0 and not used >> place & 1:
                    card = pile[place]
                    own = False
                    for mine in s.thrown[t, seat]:
                        own |= mine == card
                    if own == own_last:
                        s.hands[t, seat, held] = card
                        held += 1
                        count -= 1
                        used |= 1 << place
        s.owed[t, seat] = 0
    s.shuffled[t] = True
    s.shuffle_due[t] = False
    betting.begin(s, t)
