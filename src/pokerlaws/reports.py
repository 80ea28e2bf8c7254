"""Reports: irregularities the table reports, which the engine remedies as the laws say.

Many of Peel's laws do not forbid an act but say what follows when it happens at a real
table: a misdeal, a card exposed, a hand of the wrong size. The engine deals and serves
exactly, so these never arise in a game it runs alone; a referee recording a club game, or a
backend running a physical table, reports them. Each report is a frozen record, like an
action, that :func:`pokerlaws.apply` checks (is this possible now?) and resolves by the
law's remedy, returning the next state or a :class:`~pokerlaws.RuleViolation` citing the
law. Reports are recorded in the history, the record notation, the JSON and the views like
the actions.

Reports are not actions: ``legal_actions`` lists what the player to act may do, and
:func:`pokerlaws.reportable` lists every report the laws accept now.

``seat`` is the seat the report is about: the player who lifts, objects, distracts, asks or
disputes; or, for :class:`ExposedCard`, :class:`WrongHandSize` and :class:`WrongNumberAsked`,
the player whose cards they are. Who says so aloud does not matter to the laws: anyone may.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from pokerlaws.actions import ACTION_TYPES, Action, _whole_number
from pokerlaws.cards import Card

__all__ = [
    "EVENT_TYPES",
    "REPORT_TYPES",
    "AskDealerCount",
    "Deposit",
    "Dispute",
    "Distraction",
    "Event",
    "ExposedCard",
    "FacedCard",
    "Lift",
    "MissingCut",
    "Report",
    "WrongHandSize",
    "WrongNumberAsked",
]


def _flag(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:
        raise TypeError(
            f"{type(instance).__name__}.{attribute.name} must be a bool, "
            f"not {type(value).__name__} ({value!r})"
        )


def _card(instance: object, attribute: attrs.Attribute[Card], value: object) -> None:
    if type(value) is not Card:
        hint = ": read text with parse_cards" if isinstance(value, str) else ""
        raise TypeError(
            f"{type(instance).__name__}.{attribute.name} must be a Card, "
            f"not {type(value).__name__} ({value!r}){hint}"
        )


def _parties(parties: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    # The order of the parties is not significant, so equal disputes compare equal.
    if isinstance(parties, (str, bytes)) or not isinstance(parties, (tuple, list)):
        raise TypeError(
            f"Dispute.parties must be a tuple or list of seats, not {type(parties).__name__}"
        )
    for seat in parties:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"Dispute.parties must hold int seats, not {seat!r}")
    return tuple(sorted(parties))


@attrs.frozen(kw_only=True)
class Lift:
    """The player takes up his cards (Ambiguity 20): the dealt hand, or the cards just
    served him at the draw. His first action after they arrive lifts them too.

    Laws 12-13, 42-45, 48 and 49-50 turn on whether the cards still lie untouched.
    """

    seat: int = attrs.field(validator=_whole_number)

    def __str__(self) -> str:
        return f"seat {self.seat} lifts his cards"


@attrs.frozen(kw_only=True)
class MissingCut:
    """The player objects that the pack was dealt uncut (Laws 4, 8, 9).

    ``during_deal``: the objection came while the cards were still going round (Law 8: a
    misdeal, the same dealer deals again), or only once the deal was complete (Law 9: the
    deal stands). The engine deals at once, so the table says which.
    """

    seat: int = attrs.field(validator=_whole_number)
    during_deal: bool = attrs.field(validator=_flag)

    def __str__(self) -> str:
        when = "during the deal" if self.during_deal else "after the deal"
        return f"seat {self.seat} objects {when} that the pack was not cut"


@attrs.frozen(kw_only=True)
class FacedCard:
    """A card was found face up in the pack while dealing (Law 10): a misdeal."""

    seat: int = attrs.field(validator=_whole_number)

    def __str__(self) -> str:
        return f"seat {self.seat} finds a card face up in the pack"


@attrs.frozen(kw_only=True)
class Distraction:
    """The player spoke to the dealer, or distracted him, while he dealt (Laws 15-16): he,
    not the dealer, then refunds anyone dealt a foul hand in that deal (Law 14)."""

    seat: int = attrs.field(validator=_whole_number)

    def __str__(self) -> str:
        return f"seat {self.seat} distracts the dealer"


@attrs.frozen(kw_only=True)
class ExposedCard:
    """The dealer exposed ``card``, one of the player's (``seat``) cards.

    In dealing (Law 11) the player keeps it, and everyone knows it. In serving the draw
    (Law 40) it goes back to the bottom of the stock (Ambiguity 18) and he is served the
    next card in its place.
    """

    seat: int = attrs.field(validator=_whole_number)
    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"the dealer exposes {self.card}, a card of seat {self.seat}"


@attrs.frozen(kw_only=True)
class WrongHandSize:
    """The player's hand is found to hold other than five cards.

    What follows depends on the moment: before the dealt hand is lifted, a misdeal
    (Law 12); after, a foul hand, refunded its ante or straddle (Laws 13-14, 16); after the
    draw, before the drawn cards are lifted, the dealer corrects it (Laws 42-43); after,
    a foul hand (Laws 48, 63); at the show, a foul hand that loses the pool (Law 64).
    """

    seat: int = attrs.field(validator=_whole_number)

    def __str__(self) -> str:
        return f"seat {self.seat}'s hand holds other than five cards"


@attrs.frozen(kw_only=True)
class WrongNumberAsked:
    """The player asked for more or fewer cards than he discarded (Laws 44, 45, 47).

    ``served_as_asked``: the dealer gave him the number he asked for (Law 45: his hand is
    foul, lifted or not), or looked at the discard and gave that many instead (Law 44: the
    draw stands as made). For the dealer it is always as asked (Law 47: foul).
    """

    seat: int = attrs.field(validator=_whole_number)
    served_as_asked: bool = attrs.field(validator=_flag)

    def __str__(self) -> str:
        given = "and was served so" if self.served_as_asked else "but was served his discard"
        return f"seat {self.seat} asked for a wrong number of cards {given}"


@attrs.frozen(kw_only=True)
class Deposit:
    """The player put ``amount`` chips down out of turn, in the say or the betting
    (Law 55, Ambiguity 21). Only at a recording table (``Rules.recording_table``): the
    deposit stands, in the pool, and counts toward his stake when his turn comes; then he
    stakes at least as much (his ``Stake`` counts it) or passes and loses it.
    """

    seat: int = attrs.field(validator=_whole_number)
    amount: int = attrs.field(validator=_whole_number)

    def __str__(self) -> str:
        return f"seat {self.seat} deposits {self.amount} out of turn"


@attrs.frozen(kw_only=True)
class AskDealerCount:
    """Having drawn, the player asks how many cards the dealer took (Law 49). The dealer
    must say truly, and only his own count (Law 51); the answer is in the asker's view."""

    seat: int = attrs.field(validator=_whole_number)

    def __str__(self) -> str:
        return f"seat {self.seat} asks how many cards the dealer drew"


@attrs.frozen(kw_only=True)
class Dispute:
    """A dispute between ``parties`` (seats), raised by ``seat`` (Laws 77-79).

    The engine applies the laws itself, so a dispute changes nothing in the game; the
    record keeps it, and who settles it: the dealer, else the player on his left, else the
    player on his right (Laws 77-78), who may ask anyone for evidence (Law 79).
    """

    seat: int = attrs.field(validator=_whole_number)
    parties: tuple[int, ...] = attrs.field(converter=_parties)

    def __str__(self) -> str:
        return f"seat {self.seat} disputes with seats {', '.join(map(str, self.parties))}"


Report: TypeAlias = (
    Lift
    | MissingCut
    | FacedCard
    | Distraction
    | ExposedCard
    | WrongHandSize
    | WrongNumberAsked
    | Deposit
    | AskDealerCount
    | Dispute
)
"""Any one of the irregularities a table may report."""

REPORT_TYPES: tuple[type, ...] = (
    Lift,
    MissingCut,
    FacedCard,
    Distraction,
    ExposedCard,
    WrongHandSize,
    WrongNumberAsked,
    Deposit,
    AskDealerCount,
    Dispute,
)
"""The report classes, for the checks that an argument is a report."""

Event: TypeAlias = Action | Report
"""One entry of a game's history: an action or a report."""

EVENT_TYPES: tuple[type, ...] = (*ACTION_TYPES, *REPORT_TYPES)
"""The action and report classes."""
