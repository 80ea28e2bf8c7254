"""The state of one game: data and read-only queries, no rule logic.

A :class:`GameState` is a frozen value. The transition functions in :mod:`pokerlaws.engine`
and :mod:`pokerlaws.laws` return new states; an old state stays valid, so undo, replay and
search are free.
"""

from __future__ import annotations

import enum
import functools
import operator
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypedDict, cast

import attrs

from pokerlaws import _state_pickle
from pokerlaws.cards import Card, Rank, pack_set
from pokerlaws.hands import HandRules
from pokerlaws.history import History
from pokerlaws.reports import EVENT_TYPES, Event
from pokerlaws.rules import Rules
from pokerlaws.ruling import Rulings, rulings_of

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack takes a TypedDict from 3.12

__all__ = [
    "Changes",
    "GameState",
    "Phase",
    "Short",
    "check_state",
    "seats_from",
    "seats_without",
]


class Phase(enum.Enum):
    """The parts of a game, in the order they come."""

    STRADDLE = "straddle"
    """Before the deal: No. 1, then each seat up to the dealer, may straddle (Laws 21-22)."""
    MISDEAL = "misdeal"
    """A misdeal was reported (Laws 8, 10, 12): the same dealer is to deal again."""
    SAY = "say"
    """The single round of says before the draw (Laws 23-28)."""
    DRAW = "draw"
    """Each player makes his stake good and exchanges cards, once (Laws 34-41)."""
    BETTING = "betting"
    """Betting after the draw, until stakes are equal or one player is left (Laws 52-58)."""
    OVER = "over"
    """The game has ended: shown and paid (Laws 58-60, 76), or not opened (Law 29)."""

    # Enum's own __hash__ is written in Python (it hashes the name); apply and legal_actions
    # look the phase up in a table on every call, and members are singletons compared by
    # identity, so the interpreter's identity hash serves and costs a third as much.
    __hash__ = object.__hash__


@attrs.frozen
class Short:
    """A player short of the highest stake, and when he demanded the show (Law 60).

    Attributes:
        seat: the player, who has staked his last chip and is below the highest stake.
        live: the seats still in the game when he became short (Ambiguity 14): when he
            staked his last chip below the highest, or, all in level with it, when another
            player's stake first went above his. Only they pay into his claim beyond their
            forced chips.
    """

    seat: int
    live: frozenset[int]


# Every action asks for a turn order or two, from a few thousand possible questions at most
# (start, the seats, n <= 10); a cache answers in a fraction of the time a scan takes.
@functools.lru_cache(maxsize=4096)
def seats_from(start: int, seats: frozenset[int] | tuple[int, ...], n: int) -> tuple[int, ...]:
    """Return ``seats`` in turn order (to the left), beginning at ``start`` or the first of
    them after it."""
    return tuple(s % n for s in range(start, start + n) if s % n in seats)


def seats_without(seats: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """Return ``seats`` without ``seat``, which is among them."""
    at = seats.index(seat)
    return seats[:at] + seats[at + 1 :]


def _as_history(events: Iterable[Event]) -> History[Event]:
    """The history of a state built directly: a tuple of events (or any iterable) becomes a
    :class:`History`."""
    if isinstance(events, History):
        return events
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable):
        raise TypeError(f"GameState.history must be a tuple of events, not {events!r}")
    return History(events)


# A dict class, not slots: a new state is one copy of the old state's ``__dict__`` (see
# ``with_changes``), several times cheaper than setting 36 slots. (A sub-record of the fields
# fixed for a game, to share a key table, was measured and lost: fields are read far more.)
@attrs.frozen(kw_only=True, cache_hash=True, slots=False)
class GameState:
    """One moment of one game at one table (frozen, hashable; build with ``new_game``).

    Public attributes follow API.md: ``rules``, ``phase``, ``dealer``, ``to_act``,
    ``stacks`` (chips not staked), ``stakes`` (each seat's stake in the current betting:
    before the draw it includes ante and straddles; after the draw it counts bets made since
    the draw), ``pool`` (every chip staked in this game, carried chips included),
    ``players`` (seats still in the game), ``hands``, ``openers_required``, ``winners``,
    ``shown``, ``show_order`` (the seats shown, in the order shown: Law 59); and besides
    them:

    Attributes:
        stock: the undealt cards, top first.
        discards: the cards thrown out at the draw, in the order they were thrown.
        dealt: each seat's five cards as dealt (Law 30 judges openers on them).
        opener: the seat that opened the game, or None.
        jackpot_round: 0 in an ordinary game; 1, 2, 3 ... for the n-th jack-pot in a row.
        straddle_level: the ante, or the last straddler's straddle (Laws 21-22).
        last_straddler: the seat that straddled last, or None.
        payouts: what each seat received from the pool when the game ended.
        all_in: the players who have staked their last chip (Laws 60-61).
        deck: the pack as the game began, top card first.
        starting_stacks: each seat's chips as the game began, before the ante.
        false_opener: the seat that opened this jack-pot on honour without the openers and
            would have been paid (Law 33, ``Rules.openers_on_honour``); the game then ended
            with nobody paid, so the next is a jack-pot as though this one was never opened.
            None otherwise.
        foul: the seats whose hands were found foul (Laws 13, 45, 47, 48, 63, 64): each
            retired and lost his stake, and none can win.
        history: the actions applied in this game and the irregularities reported, in
            order: a :class:`~pokerlaws.history.History`, read as a tuple of them (and equal
            to it), which the states of a game share, so recording an event copies nothing.
    """

    rules: Rules
    phase: Phase
    dealer: int
    to_act: int | None
    stacks: tuple[int, ...]
    stakes: tuple[int, ...]
    pool: int
    players: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    openers_required: Rank | None
    winners: tuple[int, ...]
    shown: frozenset[int]
    show_order: tuple[int, ...]
    history: History[Event] = attrs.field(converter=_as_history)
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    dealt: tuple[tuple[Card, ...], ...]
    opener: int | None
    jackpot_round: int
    straddle_level: int
    last_straddler: int | None
    payouts: tuple[int, ...]
    all_in: frozenset[int]
    deck: tuple[Card, ...]
    starting_stacks: tuple[int, ...]
    false_opener: int | None
    foul: frozenset[int]
    # Internal bookkeeping, public to read but not part of API.md's contract.
    seated: tuple[int, ...]
    """Seats dealt into this game (those with chips when it began)."""
    ante_seat: int
    """The ante ("age"): the first seat dealt in to the dealer's left (Law 20). Fixed for the
    game and asked on most actions, so it is kept rather than worked out each time."""
    pending: tuple[int, ...]
    """Seats still to act in the current round, in turn order; ``to_act`` is the first."""
    forced: tuple[int, ...]
    """Each seat's forced contributions this game: ante, straddles, jack-pot antes."""
    voluntary: tuple[int, ...]
    """Each seat's voluntary contributions this game: everything else he staked."""
    carried: int
    """Chips carried into this game's pool from earlier games."""
    may_stand: int | None
    """The first bettor after the draw, while he may still stand (description 2.8)."""
    last_staker: int | None
    """The last seat to stake: the show begins on his left (Law 59, Ambiguity 7)."""
    staked: tuple[int, ...]
    """Each seat's whole stake in this game, before the draw and after (a jack-pot ante of
    any seat but the ante seat is not part of it): Law 60 compares these."""
    shorts: tuple[Short, ...]
    """The players short of the highest stake, in the order they became short (Law 60)."""
    thrown: tuple[tuple[Card, ...], ...]
    """Each seat's discards in this game (Law 37: none of them comes back to him)."""
    owed: tuple[tuple[int, int], ...]
    """The players the stock could not serve, in draw order, and how many cards each is
    still owed (Law 41, Ambiguity 19)."""
    refunds: tuple[tuple[int, int, int], ...]
    """The Law 14 refunds paid for foul hands of this deal, in order: (payer, foul hand's
    seat, chips paid). A misdeal gives them back; a hand found foul at the show (Law 64)
    is refunded after each settlement of the pool, so they are paid again after another."""
    deposits: tuple[int, ...]
    """At a recording table (``Rules.recording_table``), each seat's chips put into the pool
    out of turn, to count toward his stake when his turn comes (Law 55, Ambiguity 21);
    ``()`` while nobody has such a deposit."""

    def __attrs_post_init__(self) -> None:
        # Built directly (not by new_game and the transitions), a state must still be one
        # the laws could describe; the engine's own builds skip __init__ and this check.
        check_state(self)

    def evolve(self, **changes: Unpack[Changes]) -> GameState:
        """Return a copy with ``changes`` applied, like ``attrs.evolve``, checked as a state
        built directly is; unknown names are refused. The engine's own transitions use
        :meth:`with_changes`, which checks nothing.

        Raises:
            TypeError: an unknown field, or a value of the wrong type.
            ValueError: the rules changed (Law 81: they hold for the sitting), or the state
                would break an invariant (the message names it).
        """
        if not changes.keys() <= _FIELD_NAMES:
            raise TypeError(f"GameState has no field {sorted(changes.keys() - _FIELD_NAMES)}")
        # Law 80 rests on this: a waiver at the table cannot outlive its occasion, for
        # nothing in a game changes its rules (Law 81).
        # enforces: Laws 80, 81
        if isinstance(changes.get("rules"), Rules) and changes["rules"] != self.rules:
            raise ValueError(
                "Law 81: the rules are agreed before play and hold for the whole sitting, so "
                "a game cannot change them; start a game with new_game under other rules"
            )
        if "history" in changes:
            changes["history"] = _as_history(changes["history"])
        new = self.with_changes(changes)
        check_state(new)
        return new

    def with_changes(self, changes: Changes) -> GameState:
        """Return a copy with ``changes`` (a dict of field values) applied.

        States are built on every action (STYLE.md, principle 2), so this merges the
        instance dictionary with ``changes`` in one C-level operation instead of running
        attrs' ``__init__`` over every field: about 0.4 us instead of 2.8 us, and a dict
        literal spares the keyword-argument handling of :meth:`evolve` (about 50 ns a
        field). ``Changes`` lets mypy check the names and types; nothing is checked at run
        time, as attrs' ``__init__`` checked nothing either.
        """
        fields = self.__dict__ | changes
        # The copied hash belongs to the old state; attrs computes the new one when asked.
        fields[_CACHED_HASH] = None
        new = _new_object(GameState)
        _set_dict(new, fields)
        return new

    def __reduce__(
        self,
    ) -> tuple[Callable[[int, tuple[Any, ...]], GameState], tuple[int, tuple[object, ...]]]:
        # Compact: cards as bytes, seats as bits, the usual actions as ints (_state_pickle);
        # a pickle of the older layout loads through __setstate__ below.
        return (_restored, (_state_pickle.FORMAT, _packed(self)))

    def __setstate__(self, fields: dict[str, object]) -> None:
        # A state pickled before ``refunds`` was kept had paid none it could owe back, so it
        # loads with none; one pickled before its history was a History held a tuple.
        fields = {"refunds": (), **fields}
        fields["history"] = _as_history(fields.get("history", ()))  # type: ignore[arg-type]
        _set_attribute(self, "__dict__", fields)

    @classmethod
    def from_fields(cls, fields: Changes) -> GameState:
        """Build a state from every one of its fields (``new_game`` builds the first state of
        each game so, sparing attrs' ``__init__`` and its 31 keyword arguments)."""
        if fields.keys() != _FIELD_NAMES:
            raise TypeError(f"a GameState has the fields {sorted(_FIELD_NAMES)}")
        new = _new_object(cls)
        _set_attribute(new, "__dict__", {**fields, _CACHED_HASH: None})
        return new

    @property
    def num_seats(self) -> int:
        """How many seats the table has (2-10)."""
        return len(self.stacks)

    @property
    def highest_stake(self) -> int:
        """The highest stake in the current betting."""
        return max(self.stakes)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    @property
    def opened(self) -> bool:
        """Whether somebody has opened the game (Law 29: if nobody does, it is not opened)."""
        return self.opener is not None

    @property
    def is_jackpot(self) -> bool:
        """Whether this game is a jack-pot (Law 29)."""
        return self.jackpot_round > 0

    @property
    def rulings(self) -> Rulings:
        """The law behind each step of this game (:class:`~pokerlaws.Rulings`): the engine's."""
        return rulings_of(self)

    def _repr_svg_(self) -> str:
        """The table as SVG, so that a notebook draws a state (every hand shown)."""
        from pokerlaws.render.svg import render_svg  # an edge: loaded on first use only

        return render_svg(self)


def _fail(field: str, text: str) -> ValueError:
    return ValueError(f"GameState.{field} {text}")


def _chip_tuple(state: GameState, field: str, n: int) -> None:
    value = getattr(state, field)
    if not isinstance(value, tuple) or len(value) != n:
        raise TypeError(f"GameState.{field} must be a tuple of {n} ints, one a seat")
    for chips in value:
        if isinstance(chips, bool) or not isinstance(chips, int):
            raise TypeError(f"GameState.{field} must hold ints, not {chips!r}")
        if chips < 0:
            raise _fail(field, f"must hold no negative count, not {value}")


def _seat(state: GameState, field: str, n: int, *, optional: bool = False) -> None:
    value = getattr(state, field)
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"GameState.{field} must be an int seat, not {value!r}")
    if not 0 <= value < n:
        raise _fail(field, f"must be a seat from 0 to {n - 1}, not {value}")


_JACKPOT_OPENERS = (Rank.JACK, Rank.QUEEN, Rank.KING)


def check_state(state: GameState) -> None:
    """Check that ``state`` is one a game could be in: the shape of every field, the chip
    counts, the seats, the pack (each card once, Law 1) and the jack-pot's openers.

    Raises:
        TypeError: a field of the wrong type.
        ValueError: a field of an impossible value; the message names it.
    """
    if not isinstance(state.rules, Rules):
        raise TypeError(f"GameState.rules must be a Rules, not {type(state.rules).__name__}")
    if not isinstance(state.phase, Phase):
        raise TypeError(f"GameState.phase must be a Phase, not {state.phase!r}")
    if not isinstance(state.stacks, tuple):
        raise TypeError("GameState.stacks must be a tuple of ints")
    n = len(state.stacks)
    if not 2 <= n <= 10:
        raise _fail("stacks", f"must give 2 to 10 seats, not {n}")
    for field in ("stacks", "stakes", "payouts", "forced", "voluntary", "staked"):
        _chip_tuple(state, field, n)
    _chip_tuple(state, "starting_stacks", n)
    if state.deposits != ():
        _chip_tuple(state, "deposits", n)
        if not state.rules.recording_table:
            raise _fail("deposits", "must be () unless the table records deposits (Law 55)")
    for field in ("pool", "carried", "jackpot_round", "straddle_level"):
        value = getattr(state, field)
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"GameState.{field} must be an int, not {value!r}")
        if value < 0:
            raise _fail(field, f"must be 0 or more, not {value}")
    _seat(state, "dealer", n)
    _seat(state, "ante_seat", n)
    _seat(state, "to_act", n, optional=True)
    _seat(state, "opener", n, optional=True)
    _seat(state, "last_straddler", n, optional=True)
    _seat(state, "last_staker", n, optional=True)
    _seat(state, "may_stand", n, optional=True)
    _seat(state, "false_opener", n, optional=True)
    if state.false_opener is not None and (
        state.phase is not Phase.OVER
        or state.false_opener != state.opener
        or state.winners
        or not state.rules.openers_on_honour
    ):
        raise _fail(
            "false_opener",
            "must be the opener of a jack-pot played on honour that ended paying nobody (Law 33)",
        )
    seated = state.seated
    if not isinstance(seated, tuple) or list(seated) != sorted(set(seated)):
        raise _fail("seated", f"must be the seats dealt in, in order, not {seated!r}")
    if not set(seated) <= set(range(n)) or len(seated) < 2:
        raise _fail("seated", f"must be two or more seats of the table, not {seated}")
    for field in ("players", "pending", "show_order", "winners"):
        value = getattr(state, field)
        if not isinstance(value, tuple) or not all(type(seat) is int for seat in value):
            raise TypeError(f"GameState.{field} must be a tuple of int seats, not {value!r}")
        if len(set(value)) != len(value):
            raise _fail(field, f"must be a tuple of distinct seats, not {value!r}")
        if not set(value) <= set(seated):
            raise _fail(field, f"must hold only seats dealt into the game, not {value}")
    if not state.players:
        raise _fail("players", "must hold at least the one player left in the game")
    if state.shown != frozenset(state.show_order):
        raise _fail("shown", "must be the seats of show_order")
    if (state.phase is Phase.OVER) != (state.to_act is None):
        raise _fail("to_act", f"must be None exactly when the game is over, not {state.to_act}")
    expected = (
        None if state.jackpot_round == 0 else _JACKPOT_OPENERS[(state.jackpot_round - 1) % 3]
    )
    if state.openers_required is not expected:
        raise _fail(
            "openers_required",
            f"must be {expected!r} in jack-pot round {state.jackpot_round}, "
            f"not {state.openers_required!r}",
        )
    for field in ("hands", "dealt", "thrown"):
        value = getattr(state, field)
        if not isinstance(value, tuple) or len(value) != n:
            raise TypeError(f"GameState.{field} must be a tuple of {n} tuples of Cards")
    held: list[object] = [*state.stock, *state.discards]
    for hand in state.hands:
        held.extend(hand)
    pack = pack_set(joker=state.rules.joker)
    if not all(isinstance(card, Card) for card in held) or len(held) != len(pack):
        raise _fail("hands", "with the stock and the discards must be the pack, each card once")
    if frozenset(held) != pack or frozenset(state.deck) != pack or len(state.deck) != len(pack):
        raise _fail("deck", "and the cards held must each be the whole pack once (Law 1)")
    if not isinstance(state.history, History):
        raise TypeError("GameState.history must be a History (a tuple becomes one when given)")
    if not all(isinstance(event, EVENT_TYPES) for event in state.history):
        raise TypeError("GameState.history must hold only actions and reports")
    if not isinstance(state.foul, frozenset) or not state.foul <= set(seated):
        raise _fail("foul", f"must be a frozenset of seats dealt in, not {state.foul!r}")
    if state.foul & set(state.players):
        raise _fail("foul", "must hold only seats that have retired from the game")
    refunds = state.refunds
    if not isinstance(refunds, tuple) or not all(
        isinstance(entry, tuple)
        and len(entry) == 3
        and all(type(value) is int for value in entry)
        and entry[0] in seated
        and entry[1] in state.foul
        and entry[0] != entry[1]
        and entry[2] > 0
        for entry in refunds
    ):
        raise _fail(
            "refunds",
            "must be a tuple of (payer, foul seat, chips) refunds paid by a seat dealt in to "
            f"another found foul, not {refunds!r}",
        )


class Changes(TypedDict, total=False):
    """Some of :class:`GameState`'s fields, for :meth:`GameState.with_changes`."""

    rules: Rules
    phase: Phase
    dealer: int
    to_act: int | None
    stacks: tuple[int, ...]
    stakes: tuple[int, ...]
    pool: int
    players: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    openers_required: Rank | None
    winners: tuple[int, ...]
    shown: frozenset[int]
    show_order: tuple[int, ...]
    history: History[Event]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    dealt: tuple[tuple[Card, ...], ...]
    opener: int | None
    jackpot_round: int
    straddle_level: int
    last_straddler: int | None
    payouts: tuple[int, ...]
    all_in: frozenset[int]
    deck: tuple[Card, ...]
    starting_stacks: tuple[int, ...]
    false_opener: int | None
    foul: frozenset[int]
    seated: tuple[int, ...]
    ante_seat: int
    pending: tuple[int, ...]
    forced: tuple[int, ...]
    voluntary: tuple[int, ...]
    carried: int
    may_stand: int | None
    last_staker: int | None
    staked: tuple[int, ...]
    shorts: tuple[Short, ...]
    thrown: tuple[tuple[Card, ...], ...]
    owed: tuple[tuple[int, int], ...]
    refunds: tuple[tuple[int, int, int], ...]
    deposits: tuple[int, ...]


_FIELD_NAMES = frozenset(field.name for field in attrs.fields(GameState))
if Changes.__annotations__.keys() != _FIELD_NAMES:  # pragma: no cover - caught at import
    raise TypeError("Changes must name exactly GameState's fields")
# attrs keeps a dict class's cached hash in the instance dictionary under this name.
_CACHED_HASH = "_attrs_cached_hash"
_new_object = object.__new__
_set_attribute = object.__setattr__
# The instance dictionary's own setter: object.__setattr__ would look it up on every build.
_set_dict = GameState.__dict__["__dict__"].__set__


# --- The compact pickle ----------------------------------------------------------------------

_PHASES = tuple(Phase)
_PHASE_CODE = {phase: code for code, phase in enumerate(_PHASES)}
_RULES_FIELDS = tuple(field.name for field in attrs.fields(Rules))
_HAND_SWITCHES = tuple(field.name for field in attrs.fields(HandRules) if field.init)
# The fields _packed codes; every other field is pickled as it is, in this order.
_CARDS_FIELDS = ("stock", "discards", "deck")
_HANDS_FIELDS = ("hands", "dealt", "thrown")
# (Sets of seats go as they are: pickle writes and reads a frozenset in C.)
_CODED = frozenset(
    {"rules", "phase", "openers_required", "history", *_CARDS_FIELDS, *_HANDS_FIELDS}
)
_PLAIN_FIELDS = tuple(sorted(_FIELD_NAMES - _CODED))
_plain_fields = operator.itemgetter(*_PLAIN_FIELDS)


def _rules_code(rules: Rules) -> tuple[object, ...]:
    # By identity: hashing a Rules runs attrs' Python __hash__; the entry holds the rules,
    # so the id stays theirs while it is kept.
    known = _RULES_CODES.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    values = [getattr(rules, name) for name in _RULES_FIELDS]
    hands = rules.hands
    values[_RULES_FIELDS.index("hands")] = tuple(getattr(hands, name) for name in _HAND_SWITCHES)
    code = tuple(values)
    if len(_RULES_CODES) >= 256:
        _RULES_CODES.clear()
    _RULES_CODES[id(rules)] = (rules, code)
    return code


_RULES_CODES: dict[int, tuple[Rules, tuple[object, ...]]] = {}


@functools.lru_cache(maxsize=256)
def _rules_from(code: tuple[object, ...]) -> Rules:
    # Built and checked once per distinct value; states of one table share the one object.
    fields = dict(zip(_RULES_FIELDS, code, strict=True))
    switches = cast("tuple[bool, ...]", fields["hands"])
    fields["hands"] = HandRules(**dict(zip(_HAND_SWITCHES, switches, strict=True)))
    return Rules(**fields)  # type: ignore[arg-type]


def _packed(state: GameState) -> tuple[object, ...]:
    fields = state.__dict__
    sp = _state_pickle
    return (
        _rules_code(state.rules),
        _PHASE_CODE[state.phase],
        sp.rank_code(state.openers_required),
        sp.events_of(state.history),
        *sp.cards_of(
            (
                state.stock,
                state.discards,
                state.deck,
                *state.hands,
                *state.dealt,
                *state.thrown,
            )
        ),
        *_plain_fields(fields),
    )


def _restored(layout: int, packed: tuple[Any, ...]) -> GameState:
    """The state that ``GameState.__reduce__`` packed (layout ``_state_pickle.FORMAT``)."""
    if layout != _state_pickle.FORMAT:
        raise ValueError(f"a GameState pickled in layout {layout}, which this version cannot read")
    sp = _state_pickle
    rules, phase, openers, events, *rest = packed
    fields: dict[str, object] = dict(zip(_PLAIN_FIELDS, rest[2:], strict=True))
    fields["rules"] = _rules_from(rules)
    fields["phase"] = _PHASES[phase]
    fields["openers_required"] = sp.rank_from(openers)
    fields["history"] = History.adopt(sp.events_from(events))
    runs = sp.cards_from(rest[0], rest[1])
    n = (len(runs) - 3) // 3
    fields["stock"], fields["discards"], fields["deck"] = runs[:3]
    fields["hands"] = tuple(runs[3 : 3 + n])
    fields["dealt"] = tuple(runs[3 + n : 3 + 2 * n])
    fields["thrown"] = tuple(runs[3 + 2 * n :])
    fields[_CACHED_HASH] = None
    new = _new_object(GameState)
    _set_dict(new, fields)
    return new
