"""What a stranger's bot did wrong, for its author (issue 33, item 6): each fault's kind, a
short excerpt of what it did, and where in the match it happened.

A process bot (:mod:`pokerlaws.seats`) judges each decision and, for a fault, keeps a
:class:`Fault` of one of :data:`FAULT_KINDS`; :func:`~pokerlaws.simulate` places it in its
sitting, game and decision, and sums the kinds over the sittings into each player's
:class:`FaultReport`, keeping the first :data:`KEPT_FAULTS` in full.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

__all__ = [
    "DEAD",
    "FAULT_KINDS",
    "ILLEGAL",
    "KEPT_FAULTS",
    "NOT_JSON",
    "NO_ACTION",
    "OTHER_SEAT",
    "REPORT",
    "STARTUP",
    "TIMEOUT",
    "TOO_LONG",
    "Fault",
    "FaultReport",
    "excerpt",
]

TIMEOUT = "timeout"  # no whole answer within the decision's time (or the view not taken)
DEAD = "dead process"  # it could not start, exited, or closed its output mid-line
NOT_JSON = "not JSON"  # a line that is not UTF-8 or not JSON
TOO_LONG = "too long"  # a line over the protocol's bound (seats.MAX_LINE)
NO_ACTION = "no action"  # JSON that is no action document (an unknown type, a member missing)
ILLEGAL = "illegal action"  # an action of the seat's own that the laws refuse now
OTHER_SEAT = "another seat's action"
REPORT = "report"  # reports are the table's or a referee's, never a player's

FAULT_KINDS: tuple[str, ...] = (
    TIMEOUT,
    DEAD,
    NOT_JSON,
    TOO_LONG,
    NO_ACTION,
    ILLEGAL,
    OTHER_SEAT,
    REPORT,
)
"""Every kind of fault, in the order reports list them."""

STARTUP = 5.0
"""The seconds a freshly started process has for its first answer, on top of the
decision's own time limit, before its silence is a :data:`TIMEOUT`: an interpreter and its
libraries take time to load. Here, not in :mod:`pokerlaws.seats`, so that ``pokerlaws
match``'s help can name it without loading the seat protocol."""

KEPT_FAULTS = 3
"""The faults of each player kept in full (with where they happened): the first ones, which
are the ones an author fixes first; the rest are counted by kind."""

_EXCERPT = 60


def excerpt(text: str | bytes) -> str:
    """At most 60 characters of what a bot wrote, as an ASCII literal (``repr``-like, so a
    control character or a byte that is no text shows as an escape, never reaches a
    terminal as is), with ``...`` where cut."""
    return ascii(text[:_EXCERPT]) + ("..." if len(text) > _EXCERPT else "")


@attrs.frozen
class Fault:
    """One fault: its kind (one of :data:`FAULT_KINDS`), a short detail for the bot's
    author, and where it happened (0 where not known: a bot used outside ``simulate``).

    Attributes:
        kind: one of :data:`FAULT_KINDS`.
        detail: what the bot did, in a few words (its answer's excerpt, the time limit...).
        sitting: the sitting's index (0 for the first).
        game: the game's number in the sitting (1 for the first).
        decision: the player's decision in that game (1 for his first).
        phase: the phase of the game then (``"say"``, ``"draw"``...).
    """

    kind: str
    detail: str
    sitting: int = 0
    game: int = 0
    decision: int = 0
    phase: str = ""

    def __str__(self) -> str:
        where = f"sitting {self.sitting}, game {self.game}, decision {self.decision}"
        if self.phase:
            where += f" ({self.phase})"
        return f"{where}: {self.kind}: {self.detail}"

    def to_data(self) -> dict[str, object]:
        """The fault as a JSON-ready mapping."""
        return {
            "sitting": self.sitting,
            "game": self.game,
            "decision": self.decision,
            "phase": self.phase,
            "kind": self.kind,
            "detail": self.detail,
        }


@attrs.frozen
class FaultReport:
    """One player's faults over a match: how many of each kind, and the first few in full.

    Attributes:
        counts: the count of each kind, in the order of :data:`FAULT_KINDS`.
        first: the first :data:`KEPT_FAULTS` faults, in the order they happened.
    """

    counts: tuple[int, ...] = (0,) * len(FAULT_KINDS)
    first: tuple[Fault, ...] = ()

    @property
    def total(self) -> int:
        """All the faults, whatever their kind."""
        return sum(self.counts)

    def by_kind(self) -> dict[str, int]:
        """Each kind's count, every kind listed (0 where none), in :data:`FAULT_KINDS`'s
        order."""
        return dict(zip(FAULT_KINDS, self.counts, strict=True))

    @classmethod
    def of(cls, faults: Iterable[Fault]) -> FaultReport:
        """The report of ``faults``, in the order they happened."""
        counts = [0] * len(FAULT_KINDS)
        first: list[Fault] = []
        for fault in faults:
            counts[FAULT_KINDS.index(fault.kind)] += 1
            if len(first) < KEPT_FAULTS:
                first.append(fault)
        return cls(tuple(counts), tuple(first))

    def __add__(self, later: FaultReport) -> FaultReport:
        """This report followed by ``later``'s (a later sitting's): counts summed, the first
        few kept."""
        counts = tuple(a + b for a, b in zip(self.counts, later.counts, strict=True))
        return FaultReport(counts, (*self.first, *later.first)[:KEPT_FAULTS])
