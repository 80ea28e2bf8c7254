"""A fixed integer id for every action of a table, relative to the state.

Learning agents and search programs (OpenSpiel, RLCard, PettingZoo) expect a fixed, small
action space and a mask of the legal ids. :class:`ActionSpace` gives one, the same size in
every state of a table; each id names the action relative to the state (the discard by
positions in the hand, the stake by its distance from the least legal amount), so the id
of "call" or "throw out the last two cards" does not depend on the chips or the cards.

The ids (``docs/agents.md`` tabulates them):

======================  ==========================================================
id                      action
======================  ==========================================================
0 ``PASS``              ``Pass`` (the say, the draw, the betting)
1 ``STAND``             ``Stand`` (the first bettor after the draw, description 2.8)
2 ``STRADDLE``          ``Straddle`` (Laws 21-22)
3 ``DECLINE``           ``DeclineStraddle`` (Law 21)
4 ``SHUFFLE``           the dealer's ``Shuffle`` of Law 41, the order left to the engine
5 ``REDEAL``            the dealer's ``Redeal`` after a misdeal (Laws 8, 10, 12), likewise
6 + m, m = 0..31        ``Discard`` of the cards at the positions whose bits are set in m
                        (bit k: ``state.hands[seat][k]``; m = 0 plays pat)
38 + k, k = 0..limit    ``Stake`` of ``stake_range(state).start + k`` chips
======================  ==========================================================

Every id is legal exactly when the action it names is in :func:`pokerlaws.legal_actions`;
the ids are read from the state's own queries (:func:`pokerlaws.stake_range`, the phase,
the seat to act), so neither :meth:`ActionSpace.legal_ids` nor :meth:`ActionSpace.step`
builds the list of legal actions.

An id is anything :func:`operator.index` takes (an int, a numpy integer such as
``np.argmax`` returns) except a bool; a float or text is a ``TypeError``. The legal stakes
are one run of up to ``limit + 1`` ids, so :meth:`ActionSpace.legal_ids` costs time and
memory in proportion to the limit (at limit 4,000,000, a tuple of four million ints);
:meth:`ActionSpace.legal_ranges` gives the same ids as at most two ranges, and
:meth:`ActionSpace.legal_mask` as one int, at any limit. A refused id's message gives the
legal ids as those ranges, never one by one.
"""

from __future__ import annotations

import functools
import operator
import reprlib
from collections.abc import Callable
from itertools import compress
from typing import SupportsIndex

import attrs

from pokerlaws.actions import (
    ACTION_TYPES,
    Action,
    DeclineStraddle,
    Discard,
    Pass,
    Redeal,
    Shuffle,
    Stake,
    Stand,
    Straddle,
    deck_position,
)
from pokerlaws.cards import Card
from pokerlaws.engine import MAX_SEATS, MIN_SEATS, apply, stake_range
from pokerlaws.laws import betting, draw, say
from pokerlaws.laws.draw import shortfall
from pokerlaws.rules import Rules
from pokerlaws.state import GameState, Phase
from pokerlaws.violations import RuleViolation

__all__ = [
    "DECLINE",
    "DISCARD",
    "DISCARDS",
    "PASS",
    "REDEAL",
    "SHUFFLE",
    "STAKE",
    "STAND",
    "STRADDLE",
    "ActionSpace",
]

PASS = 0
STAND = 1
STRADDLE = 2
DECLINE = 3
SHUFFLE = 4
REDEAL = 5
DISCARD = 6
"""The first discard id: ``DISCARD + m`` discards the positions of the bits of ``m``."""
DISCARDS = 32
"""Discard ids: every subset of the five positions of a hand, pat (no bit) included."""
STAKE = DISCARD + DISCARDS
"""The first stake id: ``STAKE + k`` stakes the least legal amount plus ``k``."""

_NAMES = ("pass", "stand", "straddle", "decline", "shuffle", "redeal")
_BETTING_TURNS = frozenset({Phase.SAY, Phase.BETTING})


def _seat_count(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"ActionSpace.seats must be an int, not {type(value).__name__}")
    if not MIN_SEATS <= value <= MAX_SEATS:
        raise ValueError(f"ActionSpace.seats must be {MIN_SEATS} to {MAX_SEATS}, not {value}")


def _rules_only(instance: object, attribute: attrs.Attribute[Rules], value: object) -> None:
    if not isinstance(value, Rules):
        raise TypeError(f"ActionSpace.rules must be a Rules, not {type(value).__name__}")


# Actions are frozen values, so one record serves every state that names it; the caches
# spare building a record (and its validators) at each step.
@functools.lru_cache(maxsize=4096)
def _stake(seat: int, amount: int) -> Stake:
    return Stake(seat=seat, amount=amount)


@functools.lru_cache(maxsize=64)
def _simple(kind: type[Action], seat: int) -> Action:
    return kind(seat=seat)  # type: ignore[call-arg]


_PASSES = tuple(Pass(seat=seat) for seat in range(MAX_SEATS))
_FLAGS = tuple(tuple(bool(bits >> k & 1) for k in range(5)) for bits in range(DISCARDS))
"""For each discard id's bits, whether each of the five positions of the hand goes."""


_new_discard = object.__new__
_set_seat = Discard.__dict__["seat"].__set__
_set_cards = Discard.__dict__["cards"].__set__


def _discard(seat: int, hand: tuple[Card, ...], bits: int) -> Discard:
    """The discard of the cards at the positions of ``bits``.

    The subset is put in deck order, the order Discard's converter would give it, and
    written straight into the record's slots, as ``canonical_discards`` writes the discards
    of ``legal_actions``: through ``__init__`` and its checks one record costs several
    times as much, and a step by a discard id builds one each time.
    """
    discard = _new_discard(Discard)
    _set_seat(discard, seat)
    _set_cards(discard, tuple(sorted(compress(hand, _FLAGS[bits]), key=deck_position)))
    return discard


_CACHED_STAKES = 256
"""The longest run of stakes whose menu is kept: a table of a large limit has a run of
another length at nearly every turn, and a thousand kept menus of millions of ids each
would hold gigabytes."""


def _build_menu(stand: bool, stakes: int) -> tuple[int, ...]:
    return (PASS, *((STAND,) if stand else ()), *range(STAKE, STAKE + stakes))


_cached_menu = functools.lru_cache(maxsize=1024)(_build_menu)


def _menu(stand: bool, stakes: int) -> tuple[int, ...]:
    """The ids of a pass, a stand if ``stand``, and ``stakes`` stakes."""
    if stakes <= _CACHED_STAKES:
        return _cached_menu(stand, stakes)
    return _build_menu(stand, stakes)


_DRAW_MENUS = tuple((PASS, *range(DISCARD, DISCARD + (1 << size))) for size in range(6))
"""The ids of a pass and every discard of a hand of 0 to 5 cards."""

_PHASE_STAKES: dict[Phase, Callable[[GameState], range]] = {
    Phase.SAY: say.stake_range,
    Phase.BETTING: betting.stake_range,
    Phase.DRAW: draw.stake_range,
}


def _amounts(state: GameState) -> range:
    """``stake_range(state)`` for a state in the say, the draw or the betting: the phase's
    own rule, or, while a deposit made out of turn may count (Law 55), the engine's."""
    if state.deposits:
        return stake_range(state)
    return _PHASE_STAKES[state.phase](state)


def _deposit_turn(state: GameState, seat: int) -> bool:
    """Whether ``seat`` acts now with a deposit made out of turn to count (Law 55): his menu
    is then a pass or a stake of at least the deposit, as ``legal_actions`` gives it."""
    return (
        bool(state.deposits)
        and bool(state.deposits[seat])
        and state.phase in _BETTING_TURNS
        and seat in state.pending
    )


def _may_stand(state: GameState, seat: int) -> bool:
    """Whether ``seat``, to act, may stand: the first bettor after the draw (description
    2.8), unless a deposit of his made out of turn counts now (then he has staked)."""
    return (
        state.phase is Phase.BETTING and state.may_stand == seat and not _deposit_turn(state, seat)
    )


def _as_id(i: object) -> int:
    """``i`` as an action id: an int as :func:`operator.index` gives it (an int, a numpy
    integer, a 0-d integer array), the number itself, never rounded or parsed.

    Raises:
        TypeError: ``i`` is a bool (``True`` is no id, though Python counts it as 1), a
            float, text or anything else ``operator.index`` refuses.
    """
    if type(i) is int:
        return i
    if not isinstance(i, bool):
        try:
            return operator.index(i)  # type: ignore[arg-type]
        except TypeError:
            pass
    # reprlib: the message quotes the value, and a stranger's value may be a megabyte.
    raise TypeError(
        f"an action id must be an int (a numpy integer will do), not {type(i).__name__} "
        f"({reprlib.repr(i)})"
    )


@attrs.frozen
class ActionSpace:
    """The integer ids of every action at a table of ``seats`` seats under ``rules``.

    ``size`` is ``38 + rules.limit + 1`` whatever the state (the module's docstring and
    ``docs/agents.md`` give the table). Hashable and frozen; equal spaces give equal ids.

    Raises:
        TypeError: ``rules`` is not a Rules or ``seats`` is not an int.
        ValueError: ``seats`` is not 2 to 10.
    """

    rules: Rules = attrs.field(validator=_rules_only)
    # The range also tells Hypothesis' builds() what to draw (it reads in_ validators).
    seats: int = attrs.field(
        validator=[_seat_count, attrs.validators.in_(range(MIN_SEATS, MAX_SEATS + 1))]
    )

    @property
    def size(self) -> int:
        """The number of ids: 6 kinds, 32 discards and a stake per amount 0..limit above
        the least."""
        return STAKE + self.rules.limit + 1

    # --- The ids legal now ---------------------------------------------------------------

    def _check(self, state: object) -> GameState:
        if type(state) is not GameState and not isinstance(state, GameState):
            raise TypeError(f"an ActionSpace takes a GameState, not {type(state).__name__}")
        table = state.rules
        if (table is not self.rules and table != self.rules) or len(state.stacks) != self.seats:
            raise ValueError(
                f"this state is of a table of {len(state.stacks)} seats under {table!r}, "
                f"not of this space's {self.seats} seats under {self.rules!r}"
            )
        return state

    def legal_ids(self, state: GameState) -> tuple[int, ...]:
        """The ids of exactly ``legal_actions(state)``, ascending (empty when it is over).

        Raises:
            TypeError: ``state`` is not a GameState.
            ValueError: ``state`` is of another table (other rules or seats).
        """
        if (
            type(state) is not GameState
            or state.rules is not self.rules
            or len(state.stacks) != self.seats
        ):
            self._check(state)
        phase = state.phase
        seat = state.to_act
        # The phases in the order of how often an agent meets them.
        if phase is Phase.SAY:
            amounts = stake_range(state) if state.deposits else say.stake_range(state)
            return _menu(False, len(amounts))
        if phase is Phase.BETTING:
            assert seat is not None
            amounts = stake_range(state) if state.deposits else betting.stake_range(state)
            stand = state.may_stand == seat and not (state.deposits and _deposit_turn(state, seat))
            return _menu(stand, len(amounts))
        if phase is Phase.DRAW:
            assert seat is not None
            if not state.pending:
                return (SHUFFLE,)
            if shortfall(state, seat):
                return _menu(False, len(draw.stake_range(state)))
            return _DRAW_MENUS[len(state.hands[seat])]
        if phase is Phase.STRADDLE:
            return (STRADDLE, DECLINE)
        if phase is Phase.MISDEAL:
            return (REDEAL,)
        return ()

    def legal_ranges(self, state: GameState) -> tuple[range, ...]:
        """``legal_ids(state)`` as ascending ranges, none empty: their ids in order are
        ``legal_ids(state)``. The stakes are one range however many there are, so this
        costs the same at any limit (``legal_ids`` lists each stake's id).

        Raises:
            TypeError: ``state`` is not a GameState.
            ValueError: ``state`` is of another table (other rules or seats).
        """
        state = self._check(state)
        phase = state.phase
        seat = state.to_act
        if seat is None:
            return ()
        if phase is Phase.STRADDLE:
            return (range(STRADDLE, DECLINE + 1),)
        if phase is Phase.MISDEAL:
            return (range(REDEAL, REDEAL + 1),)
        if phase is Phase.DRAW:
            if not state.pending:
                return (range(SHUFFLE, SHUFFLE + 1),)
            if not shortfall(state, seat):
                discards = range(DISCARD, DISCARD + (1 << len(state.hands[seat])))
                return (range(PASS, PASS + 1), discards)
        first = range(PASS, STAND + 1 if _may_stand(state, seat) else PASS + 1)
        amounts = stake_range(state)
        # Not len(): a range longer than sys.maxsize (a limit of 10**100) has none.
        stakes = range(STAKE, STAKE + max(0, amounts.stop - amounts.start))
        return (first, stakes) if stakes else (first,)

    def legal_mask(self, state: GameState) -> int:
        """``legal_ids(state)`` as an int: bit ``i`` is set when id ``i`` is legal."""
        state = self._check(state)
        phase = state.phase
        seat = state.to_act
        if seat is None:
            return 0
        if phase is Phase.STRADDLE:
            return 1 << STRADDLE | 1 << DECLINE
        if phase is Phase.MISDEAL:
            return 1 << REDEAL
        if phase is Phase.DRAW:
            if not state.pending:
                return 1 << SHUFFLE
            if not shortfall(state, seat):
                return 1 << PASS | ((1 << (1 << len(state.hands[seat]))) - 1) << DISCARD
        mask = 1 << PASS | ((1 << len(stake_range(state))) - 1) << STAKE
        if _may_stand(state, seat):
            mask |= 1 << STAND
        return mask

    # --- Ids and actions -----------------------------------------------------------------

    def describe(self, i: SupportsIndex) -> str:
        """Name id ``i`` in words, as the module's table does (``"stake 2"``, ``"discard
        positions 0, 3"``), for messages and menus."""
        i = self._id(i)
        if i < DISCARD:
            return _NAMES[i]
        if i < STAKE:
            bits = i - DISCARD
            if not bits:
                return "discard none (pat)"
            places = ", ".join(str(k) for k in range(5) if bits >> k & 1)
            return f"discard positions {places}"
        return f"stake {i - STAKE}"

    def _id(self, i: object) -> int:
        i = _as_id(i)
        if not 0 <= i < self.size:
            raise ValueError(
                f"action id {i} is out of range: this space's ids are 0 to {self.size - 1}"
            )
        return i

    def decode(self, state: GameState, i: SupportsIndex) -> Action:
        """The action id ``i`` names in ``state``.

        Raises:
            TypeError: ``i`` is not an int as :func:`operator.index` takes one (a numpy
                integer is; a bool, a float or text is not), or ``state`` not a state.
            ValueError: ``i`` is out of range, or names no legal action now (the message
                says what it names and why it is not legal), or ``state`` is of another
                table.
        """
        i = self._id(i)
        action = self._decoded(self._check(state), i)
        if action is None:
            raise ValueError(self._refusal(state, i))
        return action

    def _decoded(self, state: GameState, i: int) -> Action | None:
        """The action id ``i`` (in range) names now, or None if it names no legal one."""
        phase = state.phase
        seat = state.to_act
        if phase is Phase.SAY or phase is Phase.BETTING:
            assert seat is not None
            if i >= STAKE:
                amounts = _amounts(state)
                k = i - STAKE
                return (
                    _stake(seat, amounts.start + k) if k < amounts.stop - amounts.start else None
                )
            if i == PASS:
                return _PASSES[seat]
            if i == STAND and _may_stand(state, seat):
                return _simple(Stand, seat)
            return None
        if phase is Phase.DRAW:
            assert seat is not None
            if not state.pending:
                # Law 41: the dealer's shuffle is the one action now.
                return _simple(Shuffle, seat) if i == SHUFFLE else None
            if i == PASS:
                return _PASSES[seat]
            if shortfall(state, seat):
                # Law 36: make the stake good (or pass) before discarding.
                if i >= STAKE:
                    amounts = draw.stake_range(state)
                    k = i - STAKE
                    return (
                        _stake(seat, amounts.start + k)
                        if k < amounts.stop - amounts.start
                        else None
                    )
                return None
            hand = state.hands[seat]
            bits = i - DISCARD
            if 0 <= bits < DISCARDS and bits >> len(hand) == 0:
                return _discard(seat, hand, bits)
            return None
        if phase is Phase.STRADDLE:
            assert seat is not None
            if i == STRADDLE:
                return _simple(Straddle, seat)
            return _simple(DeclineStraddle, seat) if i == DECLINE else None
        if phase is Phase.MISDEAL:
            # Law 8: the same dealer deals again.
            return _simple(Redeal, state.dealer) if i == REDEAL else None
        return None

    def _refusal(self, state: GameState, i: int) -> str:
        if state.to_act is None:
            why = "the game is over"
        else:
            # By ranges: at a large limit the stakes alone are millions of ids.
            amounts = stake_range(state)
            names = ", ".join(self._words(ids, amounts) for ids in self.legal_ranges(state))
            why = f"seat {state.to_act} may now {names}"
        return f"action id {i} ({self.describe(i)}) is not legal now ({state.phase.value}): {why}"

    def _words(self, ids: range, amounts: range) -> str:
        """A range of legal ids in words: each of a few small ids by name, a run of
        discards or stakes as one (``amounts``: the legal stakes' chips)."""
        first, last = ids.start, ids.stop - 1
        if first >= STAKE:
            if first == last:
                return f"stake {amounts.start} (stake id {first})"
            chips = f"{amounts.start}..{amounts.stop - 1}"
            return f"stake {chips} (stake ids {first}..{last})"
        if first == last:
            return f"{self.describe(first)} (id {first})"
        if first >= DISCARD:
            positions = (last - first + 1).bit_length() - 1
            return (
                f"discard any of positions 0..{positions - 1} or none "
                f"(discard ids {first}..{last})"
            )
        return ", ".join(f"{self.describe(j)} (id {j})" for j in ids)

    def encode(self, state: GameState, action: Action) -> int:
        """The id of ``action`` in ``state``: ``decode(state, encode(state, a)) == a``.

        A ``Shuffle`` or ``Redeal`` has an id only with the order left to the engine (the
        one :func:`pokerlaws.legal_actions` lists).

        Raises:
            TypeError: ``action`` is not an action.
            ValueError: ``action`` is not one of ``legal_actions(state)``.
        """
        state = self._check(state)
        if not isinstance(action, ACTION_TYPES):
            raise TypeError(f"encode takes an action, not {type(action).__name__}")
        i = self._id_of(state, action)
        if i is None or self._decoded(state, i) != action:
            raise ValueError(f"{action!r} is not a legal action now, so it has no id")
        return i

    def _id_of(self, state: GameState, action: Action) -> int | None:
        kind = type(action)
        if kind is Pass:
            return PASS
        if kind is Stand:
            return STAND
        if kind is Straddle:
            return STRADDLE
        if kind is DeclineStraddle:
            return DECLINE
        if kind is Shuffle:
            return SHUFFLE
        if kind is Redeal:
            return REDEAL
        if kind is Discard:
            assert isinstance(action, Discard)
            if not 0 <= action.seat < len(state.hands):
                return None
            hand = state.hands[action.seat]
            if len(set(action.cards)) != len(action.cards) or not set(action.cards) <= set(hand):
                return None
            return DISCARD + sum(1 << hand.index(card) for card in action.cards)
        assert isinstance(action, Stake)
        if state.to_act is None:
            return None
        k = action.amount - stake_range(state).start
        return STAKE + k if 0 <= k <= self.rules.limit else None

    def step(self, state: GameState, i: SupportsIndex) -> GameState | RuleViolation:
        """``apply(state, decode(state, i))``, without listing the legal actions.

        For a legal id the result is always the next state (the property tests hold the
        ids to ``legal_actions``); the type is ``apply``'s.

        Raises:
            TypeError, ValueError: as :meth:`decode`, for an id that is no int, out of
                range or not legal now.
        """
        if type(i) is not int or not 0 <= i < STAKE + self.rules.limit + 1:
            i = self._id(i)
        if (
            type(state) is not GameState
            or state.rules is not self.rules
            or len(state.stacks) != self.seats
        ):
            self._check(state)
        action = self._decoded(state, i)
        if action is None:
            raise ValueError(self._refusal(state, i))
        return apply(state, action)
