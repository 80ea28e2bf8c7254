"""The sitting's values: its terms, the table changes between games, the accounts, and the
:class:`Sitting` itself (the rules of play are in :mod:`pokerlaws.sitting.playing`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import compress
from typing import TypeAlias

import attrs

from pokerlaws import _shapes
from pokerlaws.actions import Action
from pokerlaws.cards import Card
from pokerlaws.engine import MIN_SEATS, legal_actions
from pokerlaws.history import History
from pokerlaws.records.game import GameRecord
from pokerlaws.reports import EVENT_TYPES, REPORT_TYPES, Event, Report
from pokerlaws.rules import Rules
from pokerlaws.state import GameState, Phase, seats_from
from pokerlaws.violations import RuleViolation

__all__ = [
    "ENTRY_TYPES",
    "Account",
    "BuyChips",
    "ChangeRules",
    "CutDraw",
    "Entry",
    "Join",
    "LateReport",
    "Leave",
    "RulesFixed",
    "Sitting",
    "SittingTerms",
    "Turn",
]


def _count(what: str, value: object, *, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, not {type(value).__name__} ({value!r})")
    if value < least:
        raise ValueError(f"{what} must be {least} or more, not {value}")
    return value


def _name(value: object) -> str:
    _shapes.player_name("a player's name", value)
    assert isinstance(value, str)
    return value


# The shape of the sitting's values (STYLE.md: shape only, never legality).
_NAME = _shapes.field(_shapes.player_name)
_NAMES = _shapes.field(_shapes.tuple_of(_shapes.player_name))
_COUNT = _shapes.field(_shapes.count)
_INT = _shapes.field(_shapes.integer)
_RULES = _shapes.field(_shapes.instance_of(Rules, "a Rules"))


@attrs.frozen(kw_only=True)
class SittingTerms:
    """The sitting's own terms, agreed at the start and fixed for the whole sitting.

    They are no law of the game (so not ``Rules``): Law 81 does not end them when the
    players change.

    Attributes:
        kitty_percent: the share of each payout from a won pool that goes to the kitty,
            0 to 100 percent, rounded down (Ambiguity 25). 0, the default, is no kitty.
        kitty_chips: chips more taken into the kitty from each won pool, from the payout
            that was largest before the percentage first; never more than the pool paid.
        broke_players_leave: a player left with no chips when a game ends leaves the table
            (a change of players, Law 81); by default he sits out (Ambiguity 26).
    """

    kitty_percent: int = 0
    kitty_chips: int = 0
    broke_players_leave: bool = False

    def __attrs_post_init__(self) -> None:
        percent = _count("kitty_percent", self.kitty_percent)
        if percent > 100:
            raise ValueError(f"kitty_percent is a share of the pool, at most 100, not {percent}")
        _count("kitty_chips", self.kitty_chips)
        if not isinstance(self.broke_players_leave, bool):
            kind = type(self.broke_players_leave).__name__
            raise TypeError(f"broke_players_leave must be a bool, not {kind}")

    @property
    def kitty(self) -> bool:
        """Whether the sitting keeps a kitty."""
        return bool(self.kitty_percent or self.kitty_chips)

    def kitty_takes(self, payouts: Sequence[int], dealer: int) -> tuple[int, ...]:
        """What the kitty takes from each seat's payout of a pool (Ambiguities 25, 27).

        ``kitty_percent`` of each payout, rounded down, first; then ``kitty_chips`` from the
        payout that was largest as the laws paid it (before the percentage), a tie going to
        the seat nearer the left of ``dealer``, the dealer's seat; what that payout cannot
        give comes from the next largest, so never more than the pool paid.
        """
        takes = [paid * self.kitty_percent // 100 for paid in payouts]
        n = len(payouts)
        fixed = min(self.kitty_chips, sum(payouts) - sum(takes))
        # Ambiguity 27: the largest payout as paid, not what the percentage left of it.
        order = sorted(range(n), key=lambda s: (-payouts[s], (s - dealer - 1) % n))
        for seat in order:
            part = min(fixed, payouts[seat] - takes[seat])
            takes[seat] += part
            fixed -= part
        return tuple(takes)


_TERMS = _shapes.field(_shapes.instance_of(SittingTerms, "a SittingTerms"))

# --- Table changes: the sitting's own events between games --------------------------------


@attrs.frozen(kw_only=True)
class Join:
    """A player sits down between games with ``chips`` at ``seat`` (the seat he takes in the
    new seating: the players from there on move one to the left)."""

    name: str = attrs.field(validator=_NAME)
    chips: int = attrs.field(validator=_COUNT)
    seat: int = attrs.field(validator=_COUNT)


@attrs.frozen(kw_only=True)
class Leave:
    """A player leaves the table between games, taking his chips with him."""

    name: str = attrs.field(validator=_NAME)


@attrs.frozen(kw_only=True)
class BuyChips:
    """A seated player buys more chips between games (description 2.3: counters are sold)."""

    name: str = attrs.field(validator=_NAME)
    chips: int = attrs.field(validator=_COUNT)


@attrs.frozen(kw_only=True)
class ChangeRules:
    """A player asks for other rules mid-sitting: always refused, unless they are the rules
    in force (Law 81; the book: losers who ask to raise the limit are told no)."""

    name: str = attrs.field(validator=_NAME)
    rules: Rules = attrs.field(validator=_RULES)


@attrs.frozen(kw_only=True)
class LateReport:
    """A report on the last game made after the table changed (Law 64, Ambiguity 27).

    A report made before anything changed at the table is part of the game's own record;
    one made after a player came, left or bought chips stands here, in its place, so that a
    sitting record replays it as it happened. ``report.seat`` is the seat of the game.
    """

    report: Report = attrs.field(validator=attrs.validators.instance_of(REPORT_TYPES))


Entry: TypeAlias = GameRecord | Join | Leave | BuyChips | LateReport
"""One entry of a sitting's history: a finished game, a change of the table, or a report
on the last game made after the table changed."""

ENTRY_TYPES: tuple[type, ...] = (GameRecord, Join, Leave, BuyChips, LateReport)
"""The classes of the entries."""
_ENTRY = _shapes.instance_of(ENTRY_TYPES, "a game record or a table change")


def _check_entries(place: str, value: object) -> None:
    """A sitting's history (a History, from any iterable of entries) holds only entries."""
    assert isinstance(value, History), "the converter made it one"
    for index, entry in enumerate(value):
        _ENTRY(f"{place}[{index}]", entry)


_ENTRIES = _shapes.field(_check_entries)

CutDraw: TypeAlias = tuple[str, Card]
"""One card drawn in the cut for the deal, and who drew it."""


@attrs.frozen(kw_only=True)
class RulesFixed(RuleViolation):
    """The rules are fixed for the sitting (Law 81): the ante and the limit are never
    changed, and a variant is agreed only before play begins."""

    # A sitting refuses a table change, not a game action; the rest of the shape (law,
    # seat, message) is RuleViolation's, so a caller handles it like any other.
    action: Event | ChangeRules = attrs.field(  # type: ignore[assignment]
        validator=_shapes.field(
            _shapes.instance_of(
                (*EVENT_TYPES, ChangeRules), "an action, a report or a ChangeRules"
            )
        )
    )


@attrs.frozen(kw_only=True)
class Account:
    """What one player has brought to the table and taken away from it.

    Attributes:
        name: the player.
        brought: every chip he bought, at sitting down and since.
        taken: the chips he took away when he left (all his leavings together), corrected
            by a report on the game he had left after (Law 64, Ambiguity 27): what the
            correction takes from it he owes the table, and it may fall below ``brought``.
    """

    name: str = attrs.field(validator=_NAME)
    brought: int = attrs.field(validator=_COUNT)
    taken: int = attrs.field(default=0, validator=_INT)


@attrs.frozen(kw_only=True)
class Turn:
    """Whose turn it is: the player's name and his seat in the game."""

    name: str = attrs.field(validator=_NAME)
    seat: int = attrs.field(validator=_INT)


def _next_dealer(button: int, chips: Sequence[int]) -> int | None:
    """Law 18 (Ambiguity 26): the first seat on the left of ``button`` that has chips."""
    # enforces: Law 18
    with_chips = tuple(compress(range(len(chips)), chips))
    if len(with_chips) < MIN_SEATS:
        return None
    return seats_from(button + 1, with_chips, len(chips))[0]


def _entries(entries: Iterable[Entry]) -> History[Entry]:
    """A sitting's history: a tuple of entries (or any iterable) becomes a History."""
    if isinstance(entries, History):
        return entries
    return History(entries)


@attrs.frozen(kw_only=True)
class Sitting:
    """Named players at one table, game after game; build with :func:`start_sitting`.

    Attributes:
        agreed: the rules agreed at the start (Law 81).
        rules: the rules in force: ``agreed`` until the players change, then Peel's laws as
            written with the same ante and limit.
        terms: the sitting's terms (the kitty, broke players), fixed at the start.
        cut: the cut for the first deal (Law 2), round by round: each card drawn and who
            drew it.
        seating: the players at the table now, in seat order.
        chips: each seated player's chips not staked now (parallel to ``seating``).
        game: the current game, or the last one when it is over.
        game_seating: the players of ``game``, by its seats (``seating`` differs only when
            players came or went since it ended).
        button: the place in ``seating`` the deal passes from (Law 18): the dealer of
            ``game``, or the player on his right if he has left.
        accounts: what each player who ever sat down brought and took away, in the order
            they first sat down.
        kitty: the chips taken into the kitty so far (Ambiguity 25).
        history: the finished games and the table changes, in order: a
            :class:`~pokerlaws.history.History`, read as a tuple of them (and equal to it),
            shared with the sitting it grew from, so an entry copies nothing.
    """

    agreed: Rules = attrs.field(validator=_RULES)
    rules: Rules = attrs.field(validator=_RULES)
    terms: SittingTerms = attrs.field(validator=_TERMS)
    cut: tuple[tuple[CutDraw, ...], ...] = attrs.field(
        validator=_shapes.field(
            _shapes.tuple_of(
                _shapes.tuple_of(
                    _shapes.pair(_shapes.player_name, _shapes.instance_of(Card, "a Card"))
                )
            )
        )
    )
    seating: tuple[str, ...] = attrs.field(validator=_NAMES)
    chips: tuple[int, ...] = attrs.field(validator=_shapes.field(_shapes.tuple_of(_shapes.count)))
    game: GameState = attrs.field(
        validator=_shapes.field(_shapes.instance_of(GameState, "a GameState"))
    )
    game_seating: tuple[str, ...] = attrs.field(validator=_NAMES)
    button: int = attrs.field(validator=_INT)
    accounts: tuple[Account, ...] = attrs.field(
        validator=_shapes.field(_shapes.tuple_of(_shapes.instance_of(Account, "an Account")))
    )
    kitty: int = attrs.field(default=0, validator=_COUNT)
    history: History[Entry] = attrs.field(factory=History, converter=_entries, validator=_ENTRIES)

    def __attrs_post_init__(self) -> None:
        # Shape only, as for every value of pokerlaws: legality is the functions' business.
        # The sitting's own transitions build it by _shapes.evolved, unchecked: the history's
        # check would cost its length at every action.
        if len(self.chips) != len(self.seating) or len(set(self.seating)) != len(self.seating):
            raise ValueError("a sitting's seating must name each player once, with his chips")
        if len(self.game_seating) != self.game.num_seats:
            raise ValueError("a sitting's game_seating must name every seat of its game")
        # What its record is written from (record_sitting): the players at the start drew
        # the cut's first round, and played the first game, the history's first entry.
        if not self.cut or not self.cut[0]:
            raise ValueError("a sitting's cut must hold its first round, a card for each player")
        first = self.history[0] if self.history else None
        if first is not None and not isinstance(first, GameRecord):
            raise ValueError("a sitting's history must begin with its first game")
        if first is None and self.game.phase is Phase.OVER:
            raise ValueError("a sitting's history must hold its first game once it has ended")
        seats = self.game.num_seats if first is None else len(first.stacks)
        if seats != len(self.cut[0]):
            raise ValueError(
                "a sitting's cut must begin with a round drawn by each player of its first game"
            )

    # --- What a table UI asks -----------------------------------------------------------

    @property
    def games(self) -> tuple[GameRecord, ...]:
        """The finished games, in order, each as finally settled: with the reports made on
        it after the table changed (:class:`LateReport`) at the end of its actions."""
        games: list[GameRecord] = []
        for entry in self.history:
            if isinstance(entry, GameRecord):
                games.append(entry)
            elif isinstance(entry, LateReport):
                games[-1] = _shapes.evolved(games[-1], actions=(*games[-1].actions, entry.report))
        return tuple(games)

    @property
    def between_games(self) -> bool:
        """Whether the current game is over, so players may come and go."""
        return self.game.phase is Phase.OVER

    @property
    def dealer(self) -> str:
        """Who deals the current (or last) game."""
        return self.game_seating[self.game.dealer]

    @property
    def age(self) -> str:
        """The ante (the book's "age"): the first player on the dealer's left (Law 20)."""
        return self.game_seating[self.game.ante_seat]

    @property
    def number_one(self) -> str:
        """No. 1: the first player dealt in on the ante's left (Law 21)."""
        game = self.game
        return self.game_seating[seats_from(game.ante_seat + 1, game.seated, game.num_seats)[0]]

    @property
    def to_act(self) -> Turn | None:
        """Whose turn it is in the current game, or None when it is over."""
        seat = self.game.to_act
        return None if seat is None else Turn(name=self.game_seating[seat], seat=seat)

    @property
    def next_dealer(self) -> str | None:
        """Who deals the next game (Law 18), or None while a game is on or when fewer than
        two seated players have chips."""
        if not self.between_games:
            return None
        seat = _next_dealer(self.button, self.chips)
        return None if seat is None else self.seating[seat]

    def seat_of(self, name: str) -> int:
        """The seat of the player ``name`` in the current game."""
        if name in self.game_seating:
            return self.game_seating.index(name)
        raise ValueError(f"{name!r} has no seat in the current game: {_names(self.game_seating)}")

    def legal_actions(self, name: str) -> tuple[Action, ...]:
        """What the player ``name`` may do now: his legal actions when it is his turn, else
        nothing (``pokerlaws.legal_actions``)."""
        seat = self.seat_of(name)
        return legal_actions(self.game) if self.game.to_act == seat else ()

    def chips_of(self, name: str) -> int:
        """The chips the seated player ``name`` has, not staked."""
        return self.chips[self.place_of(name)]

    @property
    def results(self) -> tuple[tuple[str, int], ...]:
        """Each player's result so far: his chips not staked, plus what he took away, less
        what he brought. With the pool and the kitty they sum to zero."""
        now = dict(zip(self.seating, self.chips, strict=True))
        return tuple(
            (account.name, now.get(account.name, 0) + account.taken - account.brought)
            for account in self.accounts
        )

    def result(self, name: str) -> int:
        """The result so far of the player ``name`` (see :attr:`results`)."""
        for who, result in self.results:
            if who == name:
                return result
        raise ValueError(f"no player named {name!r} has sat at this sitting")

    def place_of(self, name: str) -> int:
        """The place of the seated player ``name`` in ``seating``."""
        if not isinstance(name, str):
            raise TypeError(f"a player's name must be a str, not {type(name).__name__}")
        if name not in self.seating:
            raise ValueError(
                f"no player named {name!r} sits at this table: {_names(self.seating)}"
            )
        return self.seating.index(name)


def _names(names: Sequence[str]) -> str:
    return "the players are " + ", ".join(map(repr, names)) if names else "nobody sits there"


def _check(sitting: object, caller: str) -> Sitting:
    if not isinstance(sitting, Sitting):
        raise TypeError(f"{caller} takes a Sitting, not {type(sitting).__name__}")
    return sitting


def _between_games(sitting: Sitting, what: str) -> None:
    if not sitting.between_games:
        raise ValueError(
            f"{what} only between games: the game in play is in the {sitting.game.phase.value}, "
            "and its cards and stakes are already on the table (Law 7)"
        )


# --- The cut for the deal (Law 2) ---------------------------------------------------------
