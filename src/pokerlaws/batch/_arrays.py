"""The array record of ``n`` games at one table size: every field of a game, one row a table.

:class:`Arrays` is what :class:`~pokerlaws.batch.Tables` advances. Each field is a numpy
array whose first axis is the table; per-seat fields have a second axis of ``seats``
places (seat numbers, not places relative to anyone), hands a third of five. The laws'
modules of this package (``ante``, ``deal``, ``say``, ``staking``, ``draw``, ``betting``,
``show``, ``jackpot``) are compiled (numba) scalar code for ONE table ``t``: each function
takes the :class:`State` ``s`` (every field, and the rules as numbers) and ``t``, and a
kernel of :mod:`._kernel` loops over the tables calling them. The laws read as the book says
them, one table at a time; the loop is the only thing that knows there are many.

Conventions, the same in every module:

- a seat field holds -1 for "none" (``opener`` None, ``to_act`` None when over);
- a card is its :func:`pokerlaws.agents.card_code` (0..51, the Joker 52), -1 for no card;
  a hand holds its cards in ``state.hands[seat]`` order in places 0..k-1 and -1 after;
- ``pending`` is a set of seats (a bool mask), not a sequence: in every phase the engine's
  ``pending`` tuple is those seats in turn order from the left of the seat that acted last
  (a stander goes to the end of the round, which is the same order), so the next to act is
  the first pending seat on the left of the last actor (:func:`next_pending`);
- chips are int64.

The fields mirror :class:`~pokerlaws.GameState` (its docstring gives their meaning); those
with no field there are marked "batch". A batch game meets no report of an irregularity
(a table's referee makes those, not a learning agent), so ``foul``, ``refunds`` and
``deposits`` are always empty and have no array, and a misdeal never happens.
"""

from __future__ import annotations

import collections
from typing import Any

import numpy as np

from pokerlaws.batch._jit import jit
from pokerlaws.batch.hands import _tables_for
from pokerlaws.rules import Rules

__all__ = [
    "BETTING",
    "DRAW",
    "MISDEAL",
    "NONE",
    "OVER",
    "SAY",
    "STRADDLE",
    "Arrays",
    "State",
    "cycle",
    "deck_position",
    "first_from",
    "next_pending",
]

# The phases, numbered as Phase lists them (and as observation() numbers them).
STRADDLE = 0
MISDEAL = 1
SAY = 2
DRAW = 3
BETTING = 4
OVER = 5
NONE = -1
"""No seat (None in a GameState), no card."""

Array = Any
"""A numpy array (typed Any, so that the package type-checks without numpy's stubs
mattering to its callers)."""


def deck_position(codes: Array) -> Array:
    """Each card code's place in ``standard_deck(joker=True)`` (suits clubs, diamonds,
    hearts, spades, each two to ace, then the Joker): the order of ``Discard.cards`` and so
    of ``thrown`` and ``discards``. -1 stays -1 (sorted last by callers that mask it)."""
    codes = np.asarray(codes)
    return np.where(codes >= 52, 52, (codes % 4) * 13 + codes // 4)


@jit
def card_place(code: int) -> int:
    """:func:`deck_position` of one card code, for the compiled laws."""
    return 52 if code >= 52 else (code % 4) * 13 + code // 4


_CYCLES: dict[int, Array] = {}


def cycle(seats: int) -> Array:
    """A ``(seats, seats)`` int array: row ``s`` is the seats in turn order on the left of
    ``s``, ``s`` itself last (``seats_from(s + 1, every seat, seats)``)."""
    found = _CYCLES.get(seats)
    if found is None:
        places = np.arange(seats)
        found = _CYCLES[seats] = (places[:, None] + places[None, :] + 1) % seats
        found.setflags(write=False)
    return found


@jit
def next_pending(s: Any, t: int, after: int) -> int:
    """The first pending seat of table ``t`` on the left of ``after`` (``after`` itself
    last), or -1 where none is pending: the engine's ``pending[0]``."""
    seats = s.seats
    for k in range(1, seats + 1):
        seat: int = (after + k) % seats
        if s.pending[t, seat]:
            return seat
    return NONE


@jit
def first_from(flags: Any, start: int) -> int:
    """The first seat set in ``flags`` (one table's row of a seat mask) at ``start`` or on
    its left (``seats_from(start, ...)[0]``), -1 where none is set."""
    seats = len(flags)
    for k in range(seats):
        seat = (start + k) % seats
        if flags[seat]:
            return seat
    return NONE


_FIELDS = [
    # per table
    *("phase", "to_act", "dealer", "ante_seat", "pool", "carried", "jackpot_round"),
    *("openers_required", "straddle_level", "last_straddler", "opener", "last_staker"),
    *("may_stand", "false_opener", "next_card", "discard_count", "shuffled", "shuffle_due"),
    *("short_count", "show_count", "log_len"),
    # per seat
    *("stacks", "stakes", "staked", "forced", "voluntary", "payouts", "starting_stacks"),
    *("seated", "players", "all_in", "pending", "exchanged", "owed", "openers", "short_rank"),
    *("show_order", "short_live"),
    # cards, the log
    *("hands", "dealt", "thrown", "deck", "discards", "log", "scratch"),
]
_RULES = ["seats", "pack", "ante", "limit", "highest_straddle", "jackpot_straddles"]
_RULES += ["openers_on_honour", "odd_chip_carries"]
_HANDS = ["words", "flush_rows", "values", "heart_top", "heart_tie"]

_tuple_of: Any = collections.namedtuple  # its fields are computed: the type checker's Any
State: Any = _tuple_of("State", [*_FIELDS, *_RULES, *_HANDS])
"""What the compiled laws read and write: every array of :class:`Arrays` by its name, the
rules as numbers (``seats``, ``pack``, ``ante``, ``limit``, ``highest_straddle`` and the
switches as bools), and the hand tables of :mod:`.hands` (``words``, ``flush_rows``,
``values``, ``heart_top``, ``heart_tie``: :func:`pokerlaws.batch.hands.strength`)."""


class Arrays:
    """Every field of ``n`` games of ``seats`` seats under ``rules``; ``pack`` is 52, or 53
    with the Joker.

    Scalars, shape ``(n,)``:
        phase (int8): the Phase's number (STRADDLE 0 ... OVER 5).
        to_act (int8): the seat to act, -1 when over.
        dealer, ante_seat (int8): as the state's.
        pool, carried (int64): as the state's.
        jackpot_round (int32), openers_required (int8: 0, or the rank 11, 12, 13).
        straddle_level (int64): the ante, or the last straddle (Laws 21-22).
        last_straddler, opener, last_staker, may_stand, false_opener (int8, -1 none).
        next_card (int16): batch: the stock is ``deck[row, next_card:]`` until the Law 41
            shuffle (every card dealt or served comes off its top, Laws 7, 39).
        discard_count (int16): batch: how many cards ``discards`` holds.
        shuffled (bool): batch: the dealer's Law 41 shuffle was taken in this game (the
            stock is then the pile left, which no law reads again in the game).
        shuffle_due (bool): batch: the draw is over with cards owed, and the dealer's
            shuffle waits for its order, worked out outside the compiled code (BLAKE2b).
        short_count (int8): batch: how many shorts there are.
        show_count (int8): batch: how many seats ``show_order`` holds.
        log_len (int32): batch: how many ids ``log`` holds.

    Per seat, shape ``(n, seats)``:
        stacks, stakes, staked, forced, voluntary, payouts, starting_stacks (int64).
        seated, players, all_in, pending (bool): sets of seats as masks.
        exchanged (int8): cards exchanged at the draw (0 pat), -1 before he drew
            (``observation``'s field; a pass at the draw leaves -1).
        owed (int8): cards the stock still owes him (Law 41); the engine's ``owed`` is the
            seats with a count, in draw order (from the dealer's left).
        openers (bool): batch: his hand as dealt holds a jack-pot's openers (Laws 30-32);
            set by the deal of a jack-pot, True in an ordinary game.
        short_rank (int8): batch: his place in ``shorts`` (the order they became short,
            Law 60), -1 if not short.
        show_order (int8): the seats in the order shown (Law 59), -1 after them.

    Per seat and seat, shape ``(n, seats, seats)``:
        short_live (bool): ``short_live[i, s]`` is ``Short(s, live).live`` as a mask.

    Cards, card codes:
        hands, dealt, thrown (int8, ``(n, seats, 5)``): hands in ``state.hands`` order;
            ``thrown`` a seat's discard in deck order (Discard's canonical order).
        deck (int8, ``(n, pack)``): the pack as the game began, top first.
        discards (int8, ``(n, pack)``): the cards thrown at the draw, in the order thrown
            (each discard's cards in deck order), ``discard_count`` of them.

    Room, ``(n, 2, seats)`` (int64): ``scratch``, where the show works out each seat's
    strength and what the levels of Law 60 took from him (compiled code allocates nothing).

    The id log, ``(n, capacity)`` (int16, or int32 when the ids pass 32767): table ``i``'s
    ids of this game in order, the first ``log_len[i]``; the Law 41 shuffle is never in it
    (``Tables.state`` applies it where it falls). :meth:`log_room` widens it.
    """

    def __init__(self, rules: Rules, n: int, seats: int) -> None:
        self.rules = rules
        """The table's rules (the laws read them from :meth:`state` as numbers)."""
        self.n = n
        self.seats = seats
        self.pack = pack = 53 if rules.joker else 52
        id_count = 38 + rules.limit + 1
        shape = (n, seats)
        self.phase = np.full(n, OVER, np.int8)
        self.to_act = np.full(n, NONE, np.int8)
        self.dealer = np.zeros(n, np.int8)
        self.ante_seat = np.zeros(n, np.int8)
        self.pool = np.zeros(n, np.int64)
        self.carried = np.zeros(n, np.int64)
        self.jackpot_round = np.zeros(n, np.int32)
        self.openers_required = np.zeros(n, np.int8)
        self.straddle_level = np.zeros(n, np.int64)
        self.last_straddler = np.full(n, NONE, np.int8)
        self.opener = np.full(n, NONE, np.int8)
        self.last_staker = np.full(n, NONE, np.int8)
        self.may_stand = np.full(n, NONE, np.int8)
        self.false_opener = np.full(n, NONE, np.int8)
        self.next_card = np.zeros(n, np.int16)
        self.discard_count = np.zeros(n, np.int16)
        self.shuffled = np.zeros(n, bool)
        self.shuffle_due = np.zeros(n, bool)
        self.short_count = np.zeros(n, np.int8)
        self.show_count = np.zeros(n, np.int8)
        self.log_len = np.zeros(n, np.int32)

        self.stacks = np.zeros(shape, np.int64)
        self.stakes = np.zeros(shape, np.int64)
        self.staked = np.zeros(shape, np.int64)
        self.forced = np.zeros(shape, np.int64)
        self.voluntary = np.zeros(shape, np.int64)
        self.payouts = np.zeros(shape, np.int64)
        self.starting_stacks = np.zeros(shape, np.int64)
        self.seated = np.zeros(shape, bool)
        self.players = np.zeros(shape, bool)
        self.all_in = np.zeros(shape, bool)
        self.pending = np.zeros(shape, bool)
        self.exchanged = np.full(shape, NONE, np.int8)
        self.owed = np.zeros(shape, np.int8)
        self.openers = np.ones(shape, bool)
        self.short_rank = np.full(shape, NONE, np.int8)
        self.show_order = np.full(shape, NONE, np.int8)
        self.short_live = np.zeros((n, seats, seats), bool)

        self.hands = np.full((n, seats, 5), NONE, np.int8)
        self.dealt = np.full((n, seats, 5), NONE, np.int8)
        self.thrown = np.full((n, seats, 5), NONE, np.int8)
        self.deck = np.zeros((n, pack), np.int8)
        self.discards = np.full((n, pack), NONE, np.int8)

        self.log = np.zeros((n, 32), np.int16 if id_count <= 32767 else np.int32)
        self.scratch = np.zeros((n, 2, seats), np.int64)
        self._state: Any = None

    def state(self) -> Any:
        """The :class:`State` of these arrays, as the compiled laws take it (made again only
        when :meth:`log_room` widens the log)."""
        if self._state is None or self._state.log is not self.log:
            rules = self.rules
            tables = _tables_for(rules.hands, joker=rules.joker)
            self._state = State(
                *(getattr(self, name) for name in _FIELDS),
                self.seats,
                self.pack,
                rules.ante,
                rules.limit,
                rules.highest_straddle,
                rules.jackpot_straddles,
                rules.openers_on_honour,
                rules.odd_chip_carries,
                *tables.compiled(),
            )
        return self._state

    def log_room(self, more: int = 1) -> None:
        """Widen ``log`` so that every table can take ``more`` ids (doubling, so that a long
        betting costs amortised constant time a step)."""
        need = int(self.log_len.max(initial=0)) + more
        width = self.log.shape[1]
        if need <= width:
            return
        while width < need:
            width *= 2
        wider = np.zeros((self.n, width), self.log.dtype)
        wider[:, : self.log.shape[1]] = self.log
        self.log = wider

    def nbytes(self) -> int:
        """The bytes the arrays hold (for the <= 2 KB a table target)."""
        return sum(v.nbytes for v in vars(self).values() if isinstance(v, np.ndarray))


@jit
def clear(s: Any, t: int) -> None:
    """Set table ``t`` to a fresh game's fields before its ante (``new_game``'s ``_FRESH``
    and zeros); the caller sets stacks, dealer, deck, pool, jack-pot round after."""
    s.last_straddler[t] = NONE
    s.opener[t] = NONE
    s.last_staker[t] = NONE
    s.may_stand[t] = NONE
    s.false_opener[t] = NONE
    s.to_act[t] = NONE
    s.next_card[t] = 0
    s.discard_count[t] = 0
    s.short_count[t] = 0
    s.show_count[t] = 0
    s.log_len[t] = 0
    s.shuffled[t] = False
    s.shuffle_due[t] = False
    for seat in range(s.seats):
        s.stakes[t, seat] = 0
        s.staked[t, seat] = 0
        s.forced[t, seat] = 0
        s.voluntary[t, seat] = 0
        s.payouts[t, seat] = 0
        s.owed[t, seat] = 0
        s.all_in[t, seat] = False
        s.pending[t, seat] = False
        s.openers[t, seat] = True
        s.exchanged[t, seat] = NONE
        s.short_rank[t, seat] = NONE
        s.show_order[t, seat] = NONE
        for other in range(s.seats):
            s.short_live[t, seat, other] = False
        for card in range(5):
            s.hands[t, seat, card] = NONE
            s.dealt[t, seat, card] = NONE
            s.thrown[t, seat, card] = NONE
    for card in range(s.pack):
        s.discards[t, card] = NONE
