"""The sitting: named players at one table, game after game (Laws 2, 18, 64, 81; Ambiguities
25-27).

A :class:`Sitting` is built on the engine, never beside it: each game is a
:class:`~pokerlaws.GameState` begun by :func:`pokerlaws.next_game` (or, when the table has
changed, :func:`pokerlaws.new_game` with the chips carried and the jack-pot round), and every
action goes through :func:`pokerlaws.apply`. Everything here is pure: the packs are inputs,
and a refused change returns or raises without changing anything.

- **The cut for the deal** (Law 2): :func:`start_sitting` takes the pack, and each player in
  seat order draws one card from the top; the lowest deals, the ace lowest; suits do not
  count, so players tied for lowest (and only they) draw again, in seat order, from the
  following cards. The cut is made with the ordinary pack of 52 (Laws 1-2): the Joker has no
  rank to cut with, so a table playing with it takes it out for the cut.
- **The deal passes left** (Law 18): :func:`deal_next` gives it to the first seat on the last
  dealer's left that has chips (Ambiguity 26). If the last dealer has left the table, it
  passes from the player who sat on his right, so it still goes to the player who sat on the
  dealer's left.
- **Variants** (Law 81): the ``Rules`` agreed at the start hold for the sitting, and only
  while the same players remain. A change of players (anyone joining or leaving, or a broke
  player removed under ``SittingTerms(broke_players_leave=True)``) ends them: from the next
  game the table plays Peel's laws as written, ``Rules(ante=..., limit=...)``, keeping the
  ante and the limit, which are fixed before play and never changed (description 2.3). No
  new variant may be agreed once play has begun: :func:`change_rules` refuses any change
  with a :class:`RulesFixed` violation (Law 81).
- **Players coming and going**: only between games (a game in play has no cards for a new
  player, Law 7, and a player who leaves mid-game would take staked chips from the pool). A
  jack-pot in progress stays with the table: its pool and its round carry into the next game
  whoever comes or goes; a player who leaves forfeits what he put into it, and a newcomer
  antes into it like every player (Law 30). A player may leave and come back: his account
  continues, and his coming back is a change of players like any other.
- **A player who cannot pay an ante** (Ambiguity 26): by default he keeps his seat and sits
  out, passed over for the deal and the ante, until he buys chips (:func:`buy_chips`, between
  games; counters are sold to the players, description 2.3) or leaves. With
  ``SittingTerms(broke_players_leave=True)`` a player left with no chips when a game ends
  leaves the table at once, which is a change of players (Law 81).
- **The kitty** (Ambiguity 25): off by default. ``SittingTerms(kitty_percent=p,
  kitty_chips=c)`` takes, from each pool won, ``p`` percent of each payout (rounded down) and
  then ``c`` chips more from the payout that was largest as the laws paid it, before the
  percentage (a tie going to the seat nearer the dealer's left; Ambiguity 27), then from the
  next largest, never more than was paid. It is taken as each game ends, so the winners
  play on without it. The terms are fixed at the start and are no law of the game, so Law
  81 does not end them when the players change.
- **A foul hand found after the game** (Law 64, Ambiguity 27): a report on the last game is
  taken by :func:`play` until the next game is dealt, whatever changed at the table since
  (a player left, was removed for want of chips, joined or bought chips). The game is
  settled again, the kitty takes its share again from the new payouts, and the difference
  is made on the accounts of the players of that game: on the chips of one who has stayed
  at the table, on what he took away for one who has left (even if he came back since), so
  an account may fall below what he brought. Nobody is seated or removed by it; a player it
  leaves without chips sits out the next deal as usual. Made before any change it is part
  of the game's record; after one, it is a :class:`LateReport` entry in its place.
- **Settling** (:func:`settle`, only between games): each player's net result is the chips
  he ends with, plus what he took away on leaving, less everything he brought. A pool left
  unwon at the end (an unopened jack-pot, an odd chip of a shared pool) is divided equally
  among the players dealt into the last game who still sit at the table (in a jack-pot they
  all paid into it alike, Law 30; a player who left forfeited his part, as he would have in
  play); odd chips go one each from the last dealer's left. If none of them remains, it goes
  to the kitty, as the table's. The results and the kitty sum to zero.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import compress
from typing import TypeAlias, cast

import attrs

from pokerlaws import _shapes
from pokerlaws.actions import Action
from pokerlaws.cards import Card, Rank, standard_deck
from pokerlaws.engine import MAX_SEATS, MIN_SEATS, apply, legal_actions, new_game, next_game
from pokerlaws.history import History
from pokerlaws.records import GameRecord, record
from pokerlaws.reports import EVENT_TYPES, REPORT_TYPES, Event, Report
from pokerlaws.rules import Rules
from pokerlaws.state import GameState, Phase, seats_from
from pokerlaws.violations import RuleViolation, TableOver

__all__ = [
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
    "cut_for_deal",
    "deal_next",
    "play",
    "start_sitting",
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

_CUT_PACK = Counter(standard_deck())


def _cut_value(card: Card) -> int:
    # Law 2: the ace counts lowest in the cut; suits do not count.
    assert card.rank is not None
    # enforces: Law 2
    return 1 if card.rank is Rank.ACE else int(card.rank)


def cut_for_deal(
    names: Sequence[str], cards: Sequence[Card]
) -> tuple[tuple[tuple[CutDraw, ...], ...], int]:
    """Cut for the first deal (Law 2) with ``cards`` drawn from the top, in seat order.

    Returns the rounds of the cut (each card drawn and by whom) and the seat of the dealer.
    Players tied for the lowest card draw again, only they, from the following cards.

    Raises:
        TypeError: ``names`` or ``cards`` is not a sequence of names or of cards.
        ValueError: nobody cuts, a card is the Joker (it has no rank to cut with), or the
            cards run out before one player is lowest.
    """
    for what, values, kind in (("names", names, str), ("cards", cards, Card)):
        if not isinstance(values, Sequence) or isinstance(values, (str, bytes)):
            raise TypeError(f"the cut takes its {what} as a sequence, not {type(values).__name__}")
        for value in values:
            if not isinstance(value, kind):
                raise TypeError(f"the cut's {what} hold {kind.__name__}s, not {value!r}")
    if not names:
        raise ValueError("nobody is there to cut for the deal")
    if any(card.rank is None for card in cards):
        raise ValueError("the Joker has no rank to cut with (Law 2): take it out for the cut")
    drawing = list(range(len(names)))
    rounds: list[tuple[CutDraw, ...]] = []
    position = 0
    while True:
        if position + len(drawing) > len(cards):
            tied = ", ".join(repr(names[seat]) for seat in drawing)
            raise ValueError(
                f"the pack ran out in the cut for the deal (Law 2): {len(cards)} cards, and "
                f"{tied} still tie for lowest"
            )
        drawn = [(seat, cards[position + i]) for i, seat in enumerate(drawing)]
        position += len(drawing)
        rounds.append(tuple((names[seat], card) for seat, card in drawn))
        lowest = min(_cut_value(card) for _, card in drawn)
        # enforces: Law 2
        drawing = [seat for seat, card in drawn if _cut_value(card) == lowest]
        if len(drawing) == 1:
            return tuple(rounds), drawing[0]


def _cut_pack(pack: object) -> tuple[Card, ...]:
    if not isinstance(pack, Sequence) or isinstance(pack, (str, bytes)):
        raise TypeError(
            f"the cut takes the pack as a sequence of cards, not {type(pack).__name__}"
        )
    cards = tuple(pack)
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"the cut's pack holds cards, not {type(card).__name__} ({card!r})")
    if Counter(cards) != _CUT_PACK:
        held = Counter(cards)
        wrong = [str(c) for c in held if c not in _CUT_PACK]
        twice = [str(c) for c, k in held.items() if k > 1]
        missing = [str(c) for c in _CUT_PACK if c not in held]
        how = "; ".join(
            part
            for part in (
                f"not of the pack: {' '.join(wrong)}" if wrong else "",
                f"repeated: {' '.join(twice)}" if twice else "",
                f"missing: {' '.join(missing)}" if missing else "",
            )
            if part
        )
        raise ValueError(
            "the cut for the deal is made with the ordinary pack of 52 cards, each once "
            f"(Laws 1-2; the Joker has no rank to cut with): {how}"
        )
    return cards


# --- Starting, playing, the next game -----------------------------------------------------


def _players(players: object) -> tuple[tuple[str, int], ...]:
    if not isinstance(players, Sequence) or isinstance(players, (str, bytes)):
        raise TypeError(
            "players must be a sequence of (name, chips) pairs in seat order, not "
            f"{type(players).__name__}"
        )
    pairs: list[tuple[str, int]] = []
    for pair in players:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"each player is a (name, chips) pair, not {pair!r}")
        name = _name(pair[0])
        pairs.append((name, _count(f"{name}'s chips", pair[1], least=1)))
    names = [name for name, _ in pairs]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(f"two players may not share a name: {', '.join(map(repr, twice))}")
    if not MIN_SEATS <= len(pairs) <= MAX_SEATS:
        raise ValueError(
            f"a sitting has {MIN_SEATS} to {MAX_SEATS} players (the pack deals ten hands of "
            f"five at most), not {len(pairs)}"
        )
    return tuple(pairs)


def start_sitting(
    rules: Rules,
    players: Sequence[tuple[str, int]],
    *,
    cut: Sequence[Card],
    deck: Sequence[Card],
    terms: SittingTerms | None = None,
) -> Sitting:
    """Sit the players down, cut for the deal (Law 2) and begin the first game.

    Args:
        rules: the rules agreed before play, variants included (Law 81).
        players: ``(name, chips)`` in seat order, 2 to 10 players, each with 1 chip or more.
        cut: the pack the players cut from: the ordinary 52 cards, top first.
        deck: the pack the first game is dealt from (``pokerlaws.new_game``).
        terms: the kitty and what becomes of broke players (default: neither).

    Raises:
        TypeError: an argument is of the wrong type.
        ValueError: a name is repeated, the cut's pack is not the pack or runs out, or the
            game cannot begin (the message says why).
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    terms = SittingTerms() if terms is None else terms
    if not isinstance(terms, SittingTerms):
        raise TypeError(f"terms must be a SittingTerms, not {type(terms).__name__}")
    pairs = _players(players)
    names = tuple(name for name, _ in pairs)
    rounds, dealer = cut_for_deal(names, _cut_pack(cut))
    return _begin(rules, pairs, rounds, dealer, deck, terms)


def _begin(
    rules: Rules,
    pairs: tuple[tuple[str, int], ...],
    rounds: tuple[tuple[CutDraw, ...], ...],
    dealer: int,
    deck: Sequence[Card],
    terms: SittingTerms,
) -> Sitting:
    names = tuple(name for name, _ in pairs)
    stacks = tuple(chips for _, chips in pairs)
    game = new_game(rules, stacks, dealer=dealer, deck=deck)
    sitting = Sitting(
        agreed=rules,
        rules=rules,
        terms=terms,
        cut=rounds,
        seating=names,
        chips=game.stacks,
        game=game,
        game_seating=names,
        button=dealer,
        accounts=tuple(Account(name=name, brought=chips) for name, chips in pairs),
    )
    return _close(sitting, game) if game.phase is Phase.OVER else sitting


def play(sitting: Sitting, action: Event) -> Sitting | RuleViolation:
    """Apply ``action`` to the current game (``pokerlaws.apply``).

    Returns the sitting after it, or the :class:`RuleViolation` refusing it, the sitting
    unchanged. When the action ends the game, the kitty takes its share of the pool won and,
    under ``broke_players_leave``, players left without chips leave. Between games a report
    goes to the last game (Law 64, Ambiguity 27), whatever changed at the table since: it
    is settled again and the difference made on the accounts, never an error.

    Raises:
        TypeError: ``sitting`` is not a Sitting, or ``action`` no action (``apply`` says so).
    """
    _check(sitting, "play")
    result = apply(sitting.game, action)
    if isinstance(result, RuleViolation):
        return result
    if sitting.game.phase is Phase.OVER:
        # A report after the end (Law 64: a foul hand found at the show) settles the game
        # again, whatever changed at the table since it ended (Ambiguity 27).
        return _close_again(sitting, result, action)
    if result.phase is Phase.OVER:
        return _close(sitting, result)
    return _shapes.evolved(sitting, game=result, chips=result.stacks)


def _close(sitting: Sitting, game: GameState) -> Sitting:
    """The game has ended: the kitty takes its share, broke players may leave."""
    takes = sitting.terms.kitty_takes(game.payouts, game.dealer)
    chips = tuple(stack - take for stack, take in zip(game.stacks, takes, strict=True))
    closed = _shapes.evolved(
        sitting,
        game=game,
        chips=chips,
        kitty=sitting.kitty + sum(takes),
        history=sitting.history.with_event(record(game)),
    )
    if sitting.terms.broke_players_leave:
        for name, left in zip(sitting.game_seating, chips, strict=True):
            if not left:
                closed = _without(closed, name)
    return closed


def _close_again(sitting: Sitting, game: GameState, report: Event) -> Sitting:
    """Settle the last game again after ``report`` (Law 64, Ambiguity 27).

    The kitty gives back its take from the old payouts and takes its share of the new, and
    each player of the game is given the difference on his account: on his chips if he has
    stayed at the table since, on what he took away if he has left (even to come back), which
    may leave him owing the table. Nobody is seated or removed by it: a player it leaves
    without chips sits out the next deal as usual. The game's seats are mapped to the
    players who played it (``game_seating``), so a newcomer has no part in it.
    """
    ended = sitting.game
    terms = sitting.terms
    before = terms.kitty_takes(ended.payouts, ended.dealer)
    after = terms.kitty_takes(game.payouts, game.dealer)
    entries = sitting.history
    # The last game's place: the index finds it, however many late reports followed it.
    last = entries.last((GameRecord,))
    assert last is not None, "a report after the end comes after a finished game"
    since = len(entries) > last + 1
    # A player of the game who joined since had left since (a broke player may have left
    # as the game ended, under the terms, which leaves no entry of its own).
    gone = {name for name in sitting.game_seating if name not in sitting.seating}
    gone |= {entry.name for entry in entries.events_of(Join, start=last + 1)}
    chips = list(sitting.chips)
    owed: dict[str, int] = {}
    for seat, name in enumerate(sitting.game_seating):
        change = (game.stacks[seat] - after[seat]) - (ended.stacks[seat] - before[seat])
        if name in gone:
            owed[name] = change
        else:
            chips[sitting.seating.index(name)] += change
    accounts = tuple(
        attrs.evolve(account, taken=account.taken + owed[account.name])
        if owed.get(account.name)
        else account
        for account in sitting.accounts
    )
    if since:
        # apply refuses every action once the game is over (GameIsOver): this is a report.
        history = entries.with_event(LateReport(report=cast(Report, report)))
    else:
        # Nothing changed at the table since: the report is part of the game's own record.
        history = History(entries[:last]).with_event(record(game))
    return _shapes.evolved(
        sitting,
        game=game,
        chips=tuple(chips),
        accounts=accounts,
        kitty=sitting.kitty - sum(before) + sum(after),
        history=history,
    )


def _next_dealer(button: int, chips: Sequence[int]) -> int | None:
    """Law 18 (Ambiguity 26): the first seat on the left of ``button`` that has chips."""
    # enforces: Law 18
    with_chips = tuple(compress(range(len(chips)), chips))
    if len(with_chips) < MIN_SEATS:
        return None
    return seats_from(button + 1, with_chips, len(chips))[0]


def _round_after(game: GameState) -> int:
    """The jack-pot round of the game after ``game``, as ``next_game`` gives it: the next
    in a row after an unopened game (Law 29) or a false opening (Law 33), else 0."""
    unopened = not game.opened or game.false_opener is not None
    return game.jackpot_round + 1 if unopened else 0


def deal_next(sitting: Sitting, *, deck: Sequence[Card]) -> Sitting:
    """Begin the next game from ``deck``: the deal passes left (Law 18) and a jack-pot's pool
    and round carry (Laws 29-32).

    With the same players, chips and rules this is exactly ``pokerlaws.next_game``; after a
    change (players came or went, the kitty took chips, the variants ended) it is
    ``pokerlaws.new_game`` with the pool carried and the round that ``next_game`` would give.

    Raises:
        TableOver: fewer than two seated players have chips (``.pool`` is what is left).
        ValueError: a game is in play, or the deck is not the pack.
    """
    _check(sitting, "deal_next")
    _between_games(sitting, "the next game is dealt")
    last = sitting.game
    dealer = _next_dealer(sitting.button, sitting.chips)
    if dealer is None:
        raise TableOver(tuple(compress(range(len(sitting.chips)), sitting.chips)), last.pool)
    unchanged = (
        sitting.seating == sitting.game_seating
        and sitting.chips == last.stacks
        and sitting.rules == last.rules
    )
    if unchanged:
        following = next_game(last, deck=deck)
    else:
        following = new_game(
            sitting.rules,
            sitting.chips,
            dealer=dealer,
            deck=deck,
            carried=last.pool,
            jackpot_round=_round_after(last),
        )
    dealt = _shapes.evolved(
        sitting,
        game=following,
        chips=following.stacks,
        game_seating=sitting.seating,
        button=following.dealer,
    )
    # A game can end as it begins (the antes leave nobody able to open): it is finished all
    # the same, so the kitty and the broke players are seen to at once.
    return _close(dealt, following) if following.phase is Phase.OVER else dealt


# --- A player leaves (here, for a broke player leaves as a game ends) ---------------------


def _peel(sitting: Sitting) -> Rules:
    """Law 81: a change of players ends the agreed variants; the ante and limit stay."""
    # enforces: Law 81
    return Rules(ante=sitting.agreed.ante, limit=sitting.agreed.limit)


def _without(sitting: Sitting, name: str) -> Sitting:
    place = sitting.seating.index(name)
    n = len(sitting.seating) - 1
    button = sitting.button
    if place <= button:
        # The deal passes from the player on his right when the dealer himself leaves.
        button = (button - 1) % n if n else 0
    accounts = tuple(
        attrs.evolve(account, taken=account.taken + sitting.chips[place])
        if account.name == name
        else account
        for account in sitting.accounts
    )
    return _shapes.evolved(
        sitting,
        rules=_peel(sitting),
        seating=sitting.seating[:place] + sitting.seating[place + 1 :],
        chips=sitting.chips[:place] + sitting.chips[place + 1 :],
        button=button,
        accounts=accounts,
    )
