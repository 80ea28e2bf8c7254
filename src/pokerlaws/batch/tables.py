"""``Tables``: ``n`` games of one table size played in lockstep, in numpy arrays advanced by
compiled loops over the tables (:mod:`._kernel`).

A game here is the game the engine plays: each law's rule lives, as compiled scalar code for
one table, in the module of its section (:mod:`.ante`, :mod:`.deal`, :mod:`.say`,
:mod:`.draw`, :mod:`.betting`, :mod:`.show`, :mod:`.jackpot`), and the tests hold every step
of random games at 2 to 10
seats, under every switch, to the engine's own (``tests/batch/test_tables.py``). The ids are
:class:`~pokerlaws.agents.ActionSpace`'s; every automatic step (the deal, serving the draw,
the dealer's Law 41 shuffle in the engine's default order, the show, paying the pool)
happens inside :meth:`Tables.step`. A batch game meets no report of an irregularity: a
table's referee makes those, with the object engine, not a learning agent.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from pokerlaws.agents.observation import OBSERVATION_LENGTH
from pokerlaws.agents.space import SHUFFLE, ActionSpace
from pokerlaws.batch import _kernel, _play
from pokerlaws.batch._arrays import OVER, Array, Arrays
from pokerlaws.batch.choices import BOTS
from pokerlaws.batch.draw import shuffle_order
from pokerlaws.rules import Rules

__all__ = ["Tables"]

_MAX_SEATS = 10
_MOST_LIMIT = 1 << 20
_MOST_CHIPS = 1 << 50
"""The most chips a table's stacks and pool may hold: the arrays are int64."""
PART = 512
"""``play`` plays the tables in parts of this many, each part drawing on a generator of its
own (small enough that a part's arrays stay in a core's cache)."""


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
        threads: how many threads advance the tables (each runs the compiled loop over a
            part of them, the GIL released); every result is the same as with one.

    The games begin with :meth:`reset`; until then every table is over. ``space`` is
    ``ActionSpace(rules, seats)``, whose ids :meth:`step` takes.

    Raises:
        TypeError: ``rules`` is not a Rules, or ``seats``, ``n`` or ``threads`` not an int.
        ValueError: ``seats`` is not 2 to 10, or ``n`` or ``threads`` is below 1.
    """

    def __init__(self, rules: Rules, seats: int, n: int, *, threads: int = 1) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        for name, value in (("seats", seats), ("n", n), ("threads", threads)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
        if n < 1:
            raise ValueError(f"n must be 1 table or more, not {n}")
        if threads < 1:
            raise ValueError(f"threads must be 1 or more, not {threads}")
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
        self._every = np.zeros(0, bool)  # where= left out: every table
        self.threads = threads
        self._pool: ThreadPoolExecutor | None = None  # made at the first use of threads

    def __repr__(self) -> str:
        more = f", threads={self.threads}" if self.threads > 1 else ""
        return f"Tables({self.rules!r}, {self.seats}, {self.n}{more})"

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
        # Law 18 and Laws 29-33: the next dealer and jack-pot round, as the laws give them.
        dealer = np.empty(len(rows), np.int64)
        rounds = np.empty(len(rows), np.int64)
        _kernel.next_deals(a.state(), rows, dealer, rounds)
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
        _kernel.start(
            a.state(),
            rows.astype(np.int64),
            picked.astype(np.int8),
            dealer.astype(np.int64),
            stacks.astype(np.int64),
            rounds.astype(np.int64),
            np.zeros(len(rows), np.int64) if carried is None else carried.astype(np.int64),
        )

    # --- The legal ids -------------------------------------------------------------------

    def legal_mask(self) -> Array:
        """``(n, space.size)`` bool: row ``i`` is ``space.legal_mask(state(i))``."""
        mask = np.zeros((self.n, self.space.size), bool)
        if self.threads > 1:
            self._in_parts(_kernel.fill_masks, self._a.state(), mask)
        else:
            _kernel.fill_masks(self._a.state(), mask)
        return mask

    def _in_parts(self, loop: Callable[..., Any], *args: Any) -> int:
        """``loop(*args, start, stop)`` over ``threads`` runs of the tables at once (each
        table's step touches its own rows only), the first run on this thread; the sum of
        what the calls return (a ``None`` counting 0)."""
        n, parts = self.n, self.threads
        if self._pool is None:
            self._pool = ThreadPoolExecutor(parts - 1, thread_name_prefix="pokerlaws-tables")
        pool = self._pool
        others = [
            pool.submit(loop, *args, part * n // parts, (part + 1) * n // parts)
            for part in range(1, parts)
        ]
        total = loop(*args, 0, n // parts) or 0
        return int(total) + sum(int(other.result() or 0) for other in others)

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
        if where is None:
            where = self._every
        else:
            self._where(where)  # checks its type and shape
        a = self._a
        a.log_room()
        s = a.state()
        refused, count = _kernel.refusals(s, ids, where)
        if refused >= 0:
            self._refuse(refused, int(ids[refused]), count)
        if self.threads > 1:
            due = self._in_parts(_kernel.apply_ids, s, ids, where)
        else:
            due = _kernel.apply_ids(s, ids, where)
        if due:
            self._shuffle()

    def play(self, policies: Any, rng: Any, *, stop_at: int | None = None) -> None:
        """Play every live table's game to its end, each seat by a ready bot, without
        leaving compiled code between steps (only to order a Law 41 shuffle's pile, and to
        widen the id logs).

        The games are those of ``legal_mask()`` -> the bot's id at every table ->
        ``step(ids)``, round after round: ``random_bot``'s choice of a kind then an id
        (:func:`pokerlaws.batch.bots.random_ids`) or exactly ``peel_bot``'s
        (:func:`~pokerlaws.batch.bots.peel_ids`). The tables are played in parts of
        :data:`PART` (0 to 511, 512 to 1023...), part ``k`` drawing on the ``k``-th
        generator of ``rng.spawn(parts)``, so that ``threads`` never changes a result.

        Args:
            policies: ``"random"`` or ``"peel"`` for every seat, or a sequence of one such
                name a seat.
            rng: the numpy ``Generator`` the bots' chances come from.
            stop_at: a seat: a table stops too where that seat is to act (a learner's turn:
                ``VectorSeatEnv`` plays the other seats so), its policy never asked.

        Raises:
            TypeError: ``policies`` is neither a name nor a sequence of names, ``rng`` not
                a Generator, or ``stop_at`` not an int.
            ValueError: a name is not a ready bot's, the sequence has not one a seat, or
                ``stop_at`` is not a seat; nothing changes.
        """
        bots = self._bots_of(policies)
        if not isinstance(rng, np.random.Generator):
            raise TypeError(f"rng must be a numpy.random.Generator, not {type(rng).__name__}")
        halt = -1
        if stop_at is not None:
            if isinstance(stop_at, bool) or not isinstance(stop_at, int):
                raise TypeError(f"stop_at must be a seat (an int), not {type(stop_at).__name__}")
            if not 0 <= stop_at < self.seats:
                raise ValueError(
                    f"stop_at must be a seat from 0 to {self.seats - 1}, not {stop_at}"
                )
            halt = stop_at
        self._play(bots, rng, halt)

    def _bots_of(self, policies: Any) -> Array:
        """The bots' numbers (``bots.BOTS``) of ``policies``, one a seat."""
        if isinstance(policies, str):
            names: list[Any] = [policies] * self.seats
        elif isinstance(policies, Sequence):
            names = list(policies)
            if len(names) != self.seats:
                raise ValueError(
                    f"policies must name one bot a seat, {self.seats} at these tables, "
                    f"not {len(names)}"
                )
        else:
            raise TypeError(
                "policies must be a ready bot's name ('random' or 'peel') or a sequence of "
                f"one a seat, not {type(policies).__name__}"
            )
        for seat, name in enumerate(names):
            if not isinstance(name, str):
                raise TypeError(
                    f"seat {seat}'s policy must be a ready bot's name, not {type(name).__name__}"
                )
            if name not in BOTS:
                raise ValueError(
                    f"seat {seat}'s policy {name!r} is not a ready bot: 'random' or 'peel'"
                )
        return np.array([BOTS[name] for name in names], np.int8)

    def _play(self, bots: Array, rng: np.random.Generator, halt: int) -> None:
        """Play the live tables, seat ``k`` by ``bots[k]``, until each is over or its seat
        to act is ``halt`` (-1: to the end)."""
        a = self._a
        parts = -(-self.n // PART)
        gens = rng.spawn(parts)
        rows = np.zeros((parts, self.space.size), bool)
        waiting = list(range(parts))

        def run(part: int) -> int:
            start = part * PART
            stop = min(start + PART, self.n)
            return int(_play.play_part(state, bots, gens[part], rows[part], start, stop, halt))

        while waiting:
            state = a.state()  # made again where the log was widened
            if self.threads > 1 and len(waiting) > 1:
                with ThreadPoolExecutor(min(self.threads, len(waiting))) as pool:
                    ends = list(pool.map(run, waiting))
            else:
                ends = [run(part) for part in waiting]
            if _play.ROOM in ends:
                a.log_room()
            if _play.DUE in ends:
                self._shuffle()
            waiting = [part for part, end in zip(waiting, ends, strict=True) if end != _play.DONE]

    def _shuffle(self) -> None:
        """The dealer's Law 41 shuffle at the tables whose draw ended with cards owed: each
        pile's order (BLAKE2b, in Python), then the serving and the betting, compiled."""
        a = self._a
        rows = np.flatnonzero(a.shuffle_due)
        piles = np.full((len(rows), a.pack), -1, np.int8)
        for i, row in enumerate(rows.tolist()):
            pile = shuffle_order(a.deck[row], a.discards[row, : a.discard_count[row]])
            piles[i, : len(pile)] = pile
        _kernel.serve(a.state(), rows.astype(np.int64), piles)

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
        out = np.zeros((self.n, OBSERVATION_LENGTH), np.int64)
        if seats is None:
            rows = np.flatnonzero(a.phase != OVER)
            me = a.to_act[rows].astype(np.int64)
        else:
            me = _int_array("seats", seats, (self.n,))
            if ((me < 0) | (me >= self.seats)).any():
                raise ValueError(f"seats must be seats 0 to {self.seats - 1}")
            rows = self._tables
        _kernel.observe(a.state(), rows.astype(np.int64), me, out)
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
