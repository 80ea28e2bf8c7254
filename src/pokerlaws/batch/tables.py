"""``Tables``: ``n`` games of one table size played in lockstep, in numpy arrays.

A game here is the game the engine plays: each law's vectorised rule lives in the module of
its section (:mod:`.ante`, :mod:`.deal`, :mod:`.say`, :mod:`.draw`, :mod:`.betting`,
:mod:`.show`, :mod:`.jackpot`), and the tests hold every step of random games at 2 to 10
seats, under every switch, to the engine's own (``tests/batch/test_tables.py``). The ids are
:class:`~pokerlaws.agents.ActionSpace`'s; every automatic step (the deal, serving the draw,
the dealer's Law 41 shuffle in the engine's default order, the show, paying the pool)
happens inside :meth:`Tables.step`. A batch game meets no report of an irregularity: a
table's referee makes those, with the object engine, not a learning agent.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from pokerlaws.agents.observation import OBSERVATION_LENGTH
from pokerlaws.agents.space import (
    DECLINE,
    DISCARD,
    DISCARDS,
    PASS,
    SHUFFLE,
    STAKE,
    STAND,
    STRADDLE,
    ActionSpace,
)
from pokerlaws.batch import ante, betting, draw, jackpot, say, show
from pokerlaws.batch._arrays import (
    BETTING,
    DRAW,
    OVER,
    SAY,
    Array,
    Arrays,
    cycle,
    first_from,
)
from pokerlaws.rules import Rules

__all__ = ["Tables"]

_MAX_SEATS = 10
_MOST_LIMIT = 1 << 20
_MOST_CHIPS = 1 << 50
"""The most chips a table's stacks and pool may hold: the arrays are int64."""


def _int_array(name: str, value: object, shape: tuple[int, ...]) -> Array:
    """``value`` as an int64 array of ``shape``, or a TypeError/ValueError naming ``name``."""
    if not isinstance(value, np.ndarray):
        raise TypeError(f"{name} must be a numpy array of ints, not {type(value).__name__}")
    if value.dtype.kind not in "iu":
        raise TypeError(f"{name} must hold ints, not {value.dtype}")
    if value.shape != shape:
        raise ValueError(f"{name} must be of shape {shape}, not {value.shape}")
    return value.astype(np.int64)


class Tables:
    """``n`` games at tables of ``seats`` seats under ``rules``, advanced together.

    Args:
        rules: the tables' rules, every variant included (the Joker's pack is 53 cards).
        seats: 2 to 10.
        n: how many tables, at least 1.

    The games begin with :meth:`reset`; until then every table is over. ``space`` is
    ``ActionSpace(rules, seats)``, whose ids :meth:`step` takes.

    Raises:
        TypeError: ``rules`` is not a Rules, or ``seats`` or ``n`` not an int.
        ValueError: ``seats`` is not 2 to 10, or ``n`` is below 1.
    """

    def __init__(self, rules: Rules, seats: int, n: int) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        for name, value in (("seats", seats), ("n", n)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
        if n < 1:
            raise ValueError(f"n must be 1 table or more, not {n}")
        if rules.limit > _MOST_LIMIT:
            # Every table's mask has a place a stake amount: a larger limit cannot be held.
            raise ValueError(
                f"the batch plays limits up to {_MOST_LIMIT:,}, not {rules.limit:,} (the legal "
                "mask holds an id for every stake amount)"
            )
        self.space = ActionSpace(rules, seats)
        """The ids of every action at these tables."""
        self.rules = rules
        self.seats = seats
        self.n = n
        self._a = Arrays(rules, n, seats)
        self._tables = np.arange(n)
        self._menu_cache: tuple[Array, Array, Array, Array, Array, Array] | None = None

    def __repr__(self) -> str:
        return f"Tables({self.rules!r}, {self.seats}, {self.n})"

    # --- The public arrays ---------------------------------------------------------------

    @property
    def to_act(self) -> Array:
        """``(n,)``: the seat to act at each table, -1 where the game is over."""
        return self._a.to_act.astype(np.int64)

    @property
    def over(self) -> Array:
        """``(n,)`` bool: whether each table's game is over."""
        return self._a.phase == OVER

    @property
    def stacks(self) -> Array:
        """``(n, seats)``: each seat's chips, as the state's ``stacks``."""
        return self._a.stacks.copy()

    @property
    def stakes(self) -> Array:
        """``(n, seats)``: each seat's stake in the current round, as the state's."""
        return self._a.stakes.copy()

    @property
    def pool(self) -> Array:
        """``(n,)``: the chips in each pool."""
        return self._a.pool.copy()

    @property
    def payouts(self) -> Array:
        """``(n, seats)``: what each seat was paid at the end of its game (0 before)."""
        return self._a.payouts.copy()

    @property
    def jackpot_round(self) -> Array:
        """``(n,)``: 0 for an ordinary game, k for the k-th jack-pot in a row."""
        return self._a.jackpot_round.astype(np.int64)

    @property
    def dealer(self) -> Array:
        """``(n,)``: each game's dealer."""
        return self._a.dealer.astype(np.int64)

    @property
    def opened(self) -> Array:
        """``(n,)`` bool: whether somebody has opened each game (Law 29)."""
        return self._a.opener >= 0

    @property
    def phase(self) -> Array:
        """``(n,)``: each game's phase, numbered as ``observation`` numbers it (straddle 0,
        say 2, draw 3, betting 4, over 5)."""
        return self._a.phase.astype(np.int64)

    @property
    def hands(self) -> Array:
        """``(n, seats, 5)``: each seat's hand in ``state.hands`` order, -1 past its
        cards (every hand: what no seat's view may show another)."""
        return self._a.hands.astype(np.int64)

    def nbytes(self) -> int:
        """The bytes the tables' arrays hold (the id logs included)."""
        return int(self._a.nbytes())

    # --- Starting games ------------------------------------------------------------------

    def reset(
        self,
        packs: Any,
        dealers: Any = None,
        stacks: Any = 100,
        *,
        where: Any = None,
    ) -> None:
        """Start game 1 at each table (at the tables of ``where``, a bool ``(n,)`` array, if
        given; the others are left as they are).

        Args:
            packs: ``(n, 52)`` int card codes in dealing order (``(n, 53)`` with the Joker),
                each row the whole pack once; with ``where``, a row for each table or only
                for the tables of ``where``, in order.
            dealers: ``(n,)`` int seats (or one for each table of ``where``), each with
                chips; default 0 everywhere.
            stacks: one int for every seat, or ``(n, seats)`` ints (or a row for each table
                of ``where``), at least two seats of each table with chips.

        Raises:
            TypeError, ValueError: as ``new_game`` for its arguments; nothing changes.
        """
        rows = self._where(where)
        if isinstance(stacks, (int, np.integer)) and not isinstance(stacks, bool):
            if stacks < 0:
                raise ValueError(f"stacks must be 0 chips or more, not {stacks}")
            chips = np.full((len(rows), self.seats), int(stacks), np.int64)
        else:
            chips = self._rows_of("stacks", stacks, rows, (self.seats,))
            if (chips < 0).any():
                row, seat = (int(i) for i in np.argwhere(chips < 0)[0])
                raise ValueError(
                    f"table {int(rows[row])}'s seat {seat} has {chips[row, seat]} chips, below 0"
                )
        if dealers is None:
            dealer = np.zeros(len(rows), np.int64)
        else:
            dealer = self._rows_of("dealers", dealers, rows, ())
        self._start(rows, packs, dealer, chips, np.zeros(len(rows), np.int64), None)

    def next_games(self, packs: Any, *, where: Any = None) -> None:
        """Start each table's next game of its sitting (at the tables of ``where`` if
        given), as ``next_game`` makes it: the deal passes to the first seat with chips on
        the dealer's left (Law 18), an unopened pool (or a false opener's, Law 33) carries
        into the next jack-pot in a row, the openers escalating (Laws 29-32); after an
        opened game only an odd chip carries. ``packs`` as :meth:`reset` takes them.

        Raises:
            ValueError: a table's game is not over, or fewer than two of its seats have
                chips (the sitting is over there), or a pack is not the whole pack once;
                nothing changes.
        """
        rows = self._where(where)
        a = self._a
        playing = rows[a.phase[rows] != OVER]
        if len(playing):
            raise ValueError(f"table {int(playing[0])}'s game is not over: finish it first")
        with_chips = a.stacks[rows] > 0
        ended = rows[with_chips.sum(axis=1) < 2]
        if len(ended):
            raise ValueError(
                f"table {int(ended[0])} has fewer than two seats with chips: its sitting is "
                "over (next_game's TableOver)"
            )
        # Law 18: the deal passes to the first seat on the left dealt into the next game.
        dealer = first_from(with_chips, a.dealer[rows].astype(np.intp) + 1, self.seats)
        rounds = jackpot.next_round(a, rows)
        self._start(rows, packs, dealer, a.stacks[rows], rounds, a.pool[rows])

    def _where(self, where: Any) -> Array:
        if where is None:
            return self._tables
        if not isinstance(where, np.ndarray) or where.dtype != bool:
            raise TypeError(f"where must be a bool numpy array, not {type(where).__name__}")
        if where.shape != (self.n,):
            raise ValueError(f"where must be of shape ({self.n},), not {where.shape}")
        return np.flatnonzero(where)

    def _rows_of(self, name: str, value: Any, rows: Array, shape: tuple[int, ...]) -> Array:
        """``value``'s rows for the tables ``rows``: it has one row a table, or one for each
        of ``rows``."""
        if not isinstance(value, np.ndarray):
            raise TypeError(f"{name} must be a numpy array of ints, not {type(value).__name__}")
        if value.dtype.kind not in "iu":
            raise TypeError(f"{name} must hold ints, not {value.dtype}")
        if value.shape == (self.n, *shape):
            return value[rows] if len(rows) != self.n else value
        if value.shape == (len(rows), *shape):
            return value
        raise ValueError(
            f"{name} must be of shape {(self.n, *shape)} (or {(len(rows), *shape)}, one row "
            f"for each table of where), not {value.shape}"
        )

    def _start(
        self,
        rows: Array,
        packs: Any,
        dealer: Array,
        stacks: Array,
        rounds: Array,
        carried: Array | None,
    ) -> None:
        """Start games at ``rows``; every other argument has a row for each of them."""
        a = self._a
        pack = a.pack
        picked = self._rows_of("packs", packs, rows, (pack,))
        # Everything is checked before any table changes. A row of ``pack`` codes, each in
        # range, whose bits cover the pack is the whole pack once.
        inside = (picked >= 0) & (picked < pack)
        codes = np.where(inside, picked, 0).astype(np.int64)
        bits = np.bitwise_or.reduce(np.left_shift(np.int64(1), codes), axis=1)
        wrong = ~inside.all(axis=1) | (bits != (1 << pack) - 1)
        if wrong.any():
            at = int(np.flatnonzero(wrong)[0])
            raise ValueError(
                f"table {int(rows[at])}'s pack must be the whole pack of {pack} card codes "
                f"once (0 to {pack - 1}), not {picked[at].tolist()}"
            )
        total = stacks.sum(axis=1) + (0 if carried is None else carried)
        if (stacks > _MOST_CHIPS).any() or (total > _MOST_CHIPS).any():
            at = int(np.flatnonzero((stacks > _MOST_CHIPS).any(axis=1) | (total > _MOST_CHIPS))[0])
            raise ValueError(
                f"table {int(rows[at])} holds more than {_MOST_CHIPS:,} chips: the batch keeps "
                "chips in 64-bit ints (the object engine takes any number)"
            )
        seated = stacks > 0
        few = np.flatnonzero(seated.sum(axis=1) < 2)
        if len(few):
            raise ValueError(
                f"table {int(rows[few[0]])}: at least two seats need chips to pay the ante "
                "and play"
            )
        outside = np.flatnonzero((dealer < 0) | (dealer >= self.seats))
        if len(outside):
            raise ValueError(
                f"table {int(rows[outside[0]])}'s dealer must be a seat from 0 to "
                f"{self.seats - 1}, not {dealer[outside[0]]}"
            )
        chipless = np.flatnonzero(~seated[np.arange(len(rows)), dealer])
        if len(chipless):
            at = int(chipless[0])
            raise ValueError(
                f"table {int(rows[at])}'s dealer, seat {dealer[at]}, has no chips, so cannot "
                "deal (Law 18)"
            )
        if len(rows) == 0:
            return
        self._menu_cache = None
        a.clear(rows)
        a.deck[rows] = picked
        a.stacks[rows] = stacks
        a.starting_stacks[rows] = stacks
        a.seated[rows] = seated
        a.players[rows] = seated
        a.dealer[rows] = dealer
        a.ante_seat[rows] = first_from(seated, dealer + 1, self.seats)
        pool = 0 if carried is None else carried
        a.pool[rows] = pool
        a.carried[rows] = pool
        a.jackpot_round[rows] = rounds
        a.openers_required[rows] = jackpot.openers_for(rounds)
        a.straddle_level[rows] = self.rules.ante
        # Law 20 (Law 30 in a jack-pot): the antes, then straddles or the deal.
        show.deferred(a)
        ante.post_antes(a, rows)
        ante.begin(a, rows)
        show.flush(a)

    # --- The legal ids -------------------------------------------------------------------

    def _menus(self) -> tuple[Array, Array, Array, Array, Array, Array]:
        """Each table's phase, seat to act (0 where over), first legal stake (chips) and
        count of legal stake ids (0 where none: over, straddling, a discard due) (Laws 25,
        26, 36, 53), and the indices of the tables not over; worked out once a state, over
        whole arrays, as the mask, the check of the ids and the stakes read it."""
        menus = self._menu_cache
        if menus is not None:
            return menus
        a = self._a
        phase = a.phase
        seat = np.maximum(a.to_act, 0).astype(np.intp)
        every = self._tables
        stakes = a.stakes
        have = stakes[every, seat]
        stack = a.stacks[every, seat]
        highest = stakes.max(axis=1)
        say_lo, say_count = say.stake_range(a, every, seat, have, stack, highest)
        bet_lo, bet_count = betting.stake_range(a, have, stack, highest)
        short = draw.shortfall(a, every, seat, have, highest)
        betting_now = phase == BETTING
        saying = phase == SAY
        drawing = phase == DRAW
        lo = np.where(saying, say_lo, np.where(betting_now, bet_lo, np.minimum(short, stack)))
        count = np.where(
            saying, say_count, np.where(betting_now, bet_count, drawing & (short > 0))
        )
        menus = (phase, seat, lo, count, np.flatnonzero(phase != OVER), drawing)
        self._menu_cache = menus
        return menus

    def legal_mask(self) -> Array:
        """``(n, space.size)`` bool: row ``i`` is ``space.legal_mask(state(i))``."""
        a = self._a
        phase, _, _, count, _, drawing = self._menus()
        mask = np.empty((self.n, self.space.size), bool)
        straddling = phase == 0
        mask[:, STRADDLE] = straddling
        mask[:, DECLINE] = straddling
        mask[:, PASS] = (phase != 0) & (phase != OVER)
        mask[:, STAND] = (phase == BETTING) & (a.may_stand == a.to_act)
        mask[:, SHUFFLE : SHUFFLE + 2] = False
        # Law 36: a player short of the highest stake makes it good before he discards.
        mask[:, DISCARD : DISCARD + DISCARDS] = (drawing & (count == 0))[:, None]
        mask[:, STAKE:] = np.arange(self.rules.limit + 1)[None, :] < count[:, None]
        return mask

    def _refusals(self, ids: Array) -> Array:
        """The tables not over whose id is not legal now."""
        a = self._a
        phase, _, _, count, _, drawing = self._menus()
        straddling = phase == 0
        ok = np.where(
            straddling,
            (ids == STRADDLE) | (ids == DECLINE),
            (ids == PASS) | ((ids >= STAKE) & (ids - STAKE < count)),
        )
        ok |= drawing & (count == 0) & (ids >= DISCARD) & (ids < DISCARD + DISCARDS)
        ok |= (phase == BETTING) & (ids == STAND) & (a.may_stand == a.to_act)
        return np.flatnonzero(~ok & (phase != OVER))

    # --- Playing -------------------------------------------------------------------------

    def step(self, ids: Any, *, where: Any = None) -> None:
        """Take one id at each table not over (ignored where over), and every automatic step
        it leads to; with ``where`` (a bool ``(n,)`` array), at the tables of ``where`` only
        (the others' ids are ignored and they are left as they are: so a learning seat's
        tables wait while the other seats play at the rest).

        Raises:
            TypeError: ``ids`` is not an int numpy array, or ``where`` not a bool one.
            ValueError: ``ids`` is not of shape ``(n,)``, or an id is not legal at its
                table (the message names the first such table and what is legal there);
                no table changes.
        """
        ids = _int_array("ids", ids, (self.n,))
        taken = None
        if where is not None:
            self._where(where)  # checks its type and shape
            taken = where
        refused = self._refusals(ids)
        if taken is not None:
            refused = refused[taken[refused]]
        if len(refused):
            self._refuse(int(refused[0]), int(ids[refused[0]]), len(refused))
        a = self._a
        phases, _, lo, _, rows, _ = self._menus()
        if taken is not None:
            rows = rows[taken[rows]]
        if len(rows) == 0:
            return
        self._menu_cache = None
        chosen = ids[rows]
        phase = phases[rows]
        a.record(rows, chosen)
        # The chips of a stake id: the least legal stake and the id's distance from it.
        amounts = lo[rows] + chosen - STAKE
        show.deferred(a)
        at = phase == 0
        if at.any():
            ante.apply_straddle(a, rows[at], chosen[at] == STRADDLE)
        for kind, module in ((SAY, say), (DRAW, draw), (BETTING, betting)):
            at = phase == kind
            if at.any():
                module.apply(a, rows[at], chosen[at], amounts[at])
        show.flush(a)

    def _refuse(self, table: int, i: int, count: int) -> None:
        mask = self.legal_mask()[table]
        legal = np.flatnonzero(mask).tolist()
        names = ", ".join(f"{self.space.describe(j)} (id {j})" for j in legal[:8])
        more = f" and {len(legal) - 8} more" if len(legal) > 8 else ""
        others = f" ({count - 1} other tables refused too)" if count > 1 else ""
        described = self.space.describe(i) if 0 <= i < self.space.size else "out of range"
        raise ValueError(
            f"table {table}: action id {i} ({described}) is not legal now: seat "
            f"{int(self._a.to_act[table])} may {names}{more}{others}; no table changed"
        )

    # --- What a seat sees ----------------------------------------------------------------

    def observation(self, seats: Any = None) -> Array:
        """``(n, OBSERVATION_LENGTH)`` int64: row ``i`` is ``observation(view(state_i,
        s_i))`` for ``s_i`` the seat to act (zeros where the game is over), or for
        ``seats[i]`` if ``seats`` (an int ``(n,)`` array) is given (then over games too)."""
        a = self._a
        n, k = self.seats, self.n
        out = np.zeros((k, OBSERVATION_LENGTH), np.int64)
        if seats is None:
            rows = np.flatnonzero(a.phase != OVER)
            me = a.to_act[rows].astype(np.intp)
        else:
            chosen = _int_array("seats", seats, (self.n,))
            if ((chosen < 0) | (chosen >= n)).any():
                raise ValueError(f"seats must be seats 0 to {n - 1}")
            rows = self._tables
            me = chosen.astype(np.intp)
        if len(rows) == 0:
            return out
        o = out[rows]
        to_act = a.to_act[rows].astype(np.int64)
        o[:, 0] = me
        o[:, 1] = n
        o[:, 2] = a.phase[rows]
        o[:, 3] = np.where(to_act < 0, -1, (to_act - me) % n)
        o[:, 4] = (a.dealer[rows] - me) % n
        o[:, 5] = a.pool[rows]
        o[:, 6] = a.jackpot_round[rows]
        o[:, 7] = a.openers_required[rows]
        o[:, 8] = self.rules.ante
        o[:, 9] = self.rules.limit
        o[:, 10] = a.owed[rows, me]
        o[:, 11:16] = a.hands[rows, me]
        o[:, 16:21] = a.thrown[rows, me]
        order = cycle(n)[(me - 1) % n]
        seat_rows = rows[:, None]
        base = 21
        for field in (a.stacks, a.stakes, a.players, a.exchanged):
            o[:, base : base + n] = field[seat_rows, order]
            o[:, base + n : base + _MAX_SEATS] = -1
            base += _MAX_SEATS
        out[rows] = o
        return out

    # --- The games as the engine's values ------------------------------------------------

    def state(self, i: Any) -> Any:
        """Table ``i``'s game as a ``GameState``: its ids applied in order through
        ``space.step`` from ``new_game``, with the dealer's Law 41 ``Shuffle`` (id 4, the
        default order) applied where it falls (the batch takes it inside ``step``).

        Raises:
            TypeError: ``i`` is not an int.
            IndexError: there is no table ``i``.
        """
        from pokerlaws.batch.hands import _CARDS
        from pokerlaws.engine import new_game
        from pokerlaws.state import Phase

        if isinstance(i, bool):
            raise TypeError("a table's index must be an int, not bool")
        i = operator.index(i)
        if not 0 <= i < self.n:
            raise IndexError(f"there is no table {i}: the tables are 0 to {self.n - 1}")
        a = self._a
        state = new_game(
            self.rules,
            a.starting_stacks[i].tolist(),
            dealer=int(a.dealer[i]),
            deck=[_CARDS[code] for code in a.deck[i].tolist()],
            carried=int(a.carried[i]),
            jackpot_round=int(a.jackpot_round[i]),
        )
        space = self.space
        for j in a.log[i, : a.log_len[i]].tolist():
            state = _stepped(space.step(state, j), i)
            if state.phase is Phase.DRAW and not state.pending:
                state = _stepped(space.step(state, SHUFFLE), i)
        return state


def _stepped(after: object, table: int) -> Any:
    """A step of a table's replay, which is a state: a refusal would mean the batch and the
    engine disagree, a fault of this package, said as one."""
    from pokerlaws.state import GameState

    if not isinstance(after, GameState):
        raise AssertionError(f"table {table}'s ids are refused by the engine: {after!r}")
    return after
