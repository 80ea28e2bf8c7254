"""Rule violations: what :func:`pokerlaws.apply` returns instead of a state when the laws forbid
an action.

Each kind is its own frozen class carrying the law it enforces (``.law``), the offending seat
and action, and one sentence naming all three. ``apply`` returns these; only
:func:`pokerlaws.apply_or_raise` raises, wrapping one in :class:`IllegalActionError`.
"""

from __future__ import annotations

import attrs

from pokerlaws import _shapes
from pokerlaws.reports import EVENT_TYPES, Event

__all__ = [
    "AlreadyLifted",
    "AmountNotPositive",
    "CannotStand",
    "CardNotHeld",
    "CardNotThere",
    "CardRepeated",
    "DealerQueryRefused",
    "GameIsOver",
    "IllegalActionError",
    "MustMakeGoodFirst",
    "NoArbiter",
    "NoSuchSeat",
    "NotAPlayer",
    "NotAtThisMoment",
    "NotEnoughChips",
    "NotYourTurn",
    "OpenersRequired",
    "RuleViolation",
    "ShuffleFirst",
    "ShuffleNotAllowed",
    "StakeNotExact",
    "StakeOverLimit",
    "StakeTooSmall",
    "StraddleAboveHalfLimit",
    "StraddleNotAllowed",
    "TableOver",
    "WrongDeck",
    "WrongPhase",
    "WrongShuffle",
    "refuse",
]


def _law(place: str, value: object) -> None:
    _shapes.integer(place, value)
    assert isinstance(value, int)
    if not 1 <= value <= 81:
        raise ValueError(f"{place} must be the number of one of the 81 laws, not {value}")


@attrs.frozen(kw_only=True)
class RuleViolation:
    """Base of the violations: an action the laws forbid, and the law that forbids it.

    Attributes:
        law: the number (1-81) of the law enforced. Where no numbered law states the rule
            (the limit is set in the book's description), the nearest law the rule serves,
            and the message says so.
        seat: the seat that tried the action.
        action: the refused action.
        message: one sentence naming the seat, the action and the context.

    Raises:
        TypeError: a field of the wrong type.
        ValueError: ``law`` is not 1-81, or ``message`` holds a lone surrogate.
    """

    law: int = attrs.field(validator=_shapes.field(_law))
    seat: int = attrs.field(validator=_shapes.field(_shapes.integer))
    action: Event = attrs.field(
        validator=_shapes.field(_shapes.instance_of(EVENT_TYPES, "an action or a report"))
    )
    message: str = attrs.field(validator=_shapes.field(_shapes.text))

    def __str__(self) -> str:
        return self.message


# The kinds of violation add no field: each is a plain subclass of the attrs class, with no
# slots of its own (so frozen like it), inheriting its generated methods. attrs would
# generate and compile them again for each kind, the largest cost of `import pokerlaws`.


class GameIsOver(RuleViolation):
    """The game has ended, shown and paid or not opened (Laws 29, 58, 59); start the next one."""

    __slots__ = ()


class NoSuchSeat(RuleViolation):
    """The action names a seat that is not at this table, so was dealt no cards (Law 7)."""

    __slots__ = ()


class NotAPlayer(RuleViolation):
    """The seat has passed or sits this game out, so it is no longer a player (Law 27)."""

    __slots__ = ()


class NotYourTurn(RuleViolation):
    """The seat acted out of turn; the turn passes to the left (Laws 21, 25, 35, 53)."""

    __slots__ = ()


class WrongPhase(RuleViolation):
    """The action belongs to another part of the game (Laws 21, 27, 34, 53 set each part)."""

    __slots__ = ()


class AmountNotPositive(RuleViolation):
    """A stake of zero or fewer chips puts nothing down, so it is no stake (Law 56)."""

    __slots__ = ()


class NotEnoughChips(RuleViolation):
    """The seat tried to put down more chips than it has (Law 56: a bet is money put down)."""

    __slots__ = ()


class StakeTooSmall(RuleViolation):
    """The stake is short of the least the laws require (Laws 25, 26, 53)."""

    __slots__ = ()


class StakeOverLimit(RuleViolation):
    """The stake raises by more than the limit (the description's limit, serving Laws 26, 53)."""

    __slots__ = ()


class StakeNotExact(RuleViolation):
    """At the draw a stake must make good exactly, with no raise (Law 36)."""

    __slots__ = ()


class MustMakeGoodFirst(RuleViolation):
    """The seat must make his stake good, or pass, before he discards (Law 36)."""

    __slots__ = ()


class CardNotHeld(RuleViolation):
    """The discard names a card that is not in the seat's hand (Law 36)."""

    __slots__ = ()


class CardRepeated(RuleViolation):
    """The discard names the same card more than once (Law 36)."""

    __slots__ = ()


class CannotStand(RuleViolation):
    """Only the first bettor after the draw may stand, and only once (Law 53, description)."""

    __slots__ = ()


class StraddleNotAllowed(RuleViolation):
    """Straddling is closed: No. 1 alone begins it, and it ends with the dealer (Law 21)."""

    __slots__ = ()


class StraddleAboveHalfLimit(RuleViolation):
    """The straddle would lift the ante above half the limit (Law 22)."""

    __slots__ = ()


class OpenersRequired(RuleViolation):
    """A jack-pot is opened only on the required pair or better as dealt (Laws 30-32)."""

    __slots__ = ()


class ShuffleNotAllowed(RuleViolation):
    """Only the dealer gathers and shuffles the discards, and only when the pack has run
    short and everyone still drawing has discarded (Law 41)."""

    __slots__ = ()


class WrongShuffle(RuleViolation):
    """A shuffle must order exactly the discards of this draw, each once (Law 41)."""

    __slots__ = ()


class ShuffleFirst(RuleViolation):
    """The pack has run short: the dealer's shuffle comes before anything else (Law 41)."""

    __slots__ = ()


class WrongDeck(RuleViolation):
    """A redeal must be from the whole pack, each card once (Laws 1, 8)."""

    __slots__ = ()


class NotAtThisMoment(RuleViolation):
    """The irregularity reported cannot have happened at this moment of the game: a deal
    report after the deal (Laws 8, 10, 11, 16), a draw report before the draw (Laws 40,
    44-45), a report once the game is over (Laws 58-59)."""

    __slots__ = ()


class CardNotThere(RuleViolation):
    """The exposed card reported is not among the cards the report speaks of (Laws 11, 40).

    Its message repeats the claim and the law, never where the card is: the same words
    whichever hidden cards the seats hold (docs/irregularities.md, "Who may report")."""

    __slots__ = ()


class AlreadyLifted(RuleViolation):
    """The player's cards were already lifted (Ambiguity 20: explicitly, or by his first
    action), so what turns on untouched cards is past (Laws 42-43, 49-50)."""

    __slots__ = ()


class DealerQueryRefused(RuleViolation):
    """The dealer's draw may be asked only by a player who has drawn, after the dealer has
    drawn and before the asker lifts or bets (Laws 49-51, Ambiguity 20)."""

    __slots__ = ()


class NoArbiter(RuleViolation):
    """The dealer, his left and his right are all parties, so the laws name no one to
    settle the dispute (Laws 77-78)."""

    __slots__ = ()


def refuse(kind: type[RuleViolation], law: int, action: Event, text: str) -> RuleViolation:
    """Build a ``kind`` of violation whose message reads ``"Law N: seat S <text>"``.

    The engine's own refusals are built without the shape checks, as its states are: the
    action was checked when built, the law is the engine's, and the text its own words
    about them. (``is_legal`` builds one at every refusal.)
    """
    return _shapes.trusted(
        kind,
        law=law,
        seat=action.seat,
        action=action,
        message=f"Law {law}: seat {action.seat} {text}",
    )


class IllegalActionError(ValueError):
    """Raised by :func:`pokerlaws.apply_or_raise` for a refused action; holds the violation."""

    def __init__(self, violation: RuleViolation) -> None:
        super().__init__(violation.message)
        self.violation = violation

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[RuleViolation]]:
        # Rebuilt from the violation, so a refusal raised in a worker process reaches the
        # caller intact instead of breaking the pool.
        return (IllegalActionError, (self.violation,))

    @property
    def law(self) -> int:
        """The law the refused action offends."""
        return self.violation.law


class TableOver(ValueError):
    """Raised by :func:`pokerlaws.next_game` when fewer than two seats have chips: the table
    cannot go on (Ambiguity 26). It is not bad input, so a caller can tell it apart.

    Attributes:
        with_chips: the seats that still have chips (one or none).
        pool: the chips left in the pool, which belong to nobody until a sitting says where
            they go.
    """

    def __init__(self, with_chips: tuple[int, ...], pool: int) -> None:
        who = f"only seat {with_chips[0]} has" if with_chips else "no seat has"
        super().__init__(
            f"the table cannot go on: {who} chips, and a game needs two players"
            + (f" ({pool} chips are left in the pool)" if pool else "")
        )
        self.with_chips = with_chips
        self.pool = pool

    def __reduce__(self) -> tuple[type[TableOver], tuple[tuple[int, ...], int]]:
        return (TableOver, (self.with_chips, self.pool))
