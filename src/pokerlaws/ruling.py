"""Rulings: the law that governed each step of a game, as the engine applied it.

A :class:`Ruling` names one step in the book's vocabulary (the ante, the deal, serving the
draw, the Law 41 shuffle, the show, a Law 60 level, a Law 76 share, a Law 14 refund, a
misdeal, the opening of the *k*-th jack-pot...), the law that governed it, and what it
concerned: the seats, and an amount of chips where there is one. ``state.rulings`` gives
them for the game's start and for each event of ``state.history``; the narrators (``demo``,
``play``, ``render_html``) cite these laws and keep no table of their own.

Rulings are a function of the history: the engine works them out when they are first asked
for, by playing the game again from its start, so play that never asks pays nothing for them
and a state's equality, hash, pickle, JSON and record stay what they were.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Literal, cast, overload

import attrs

from pokerlaws.history import History

if TYPE_CHECKING:
    from pokerlaws.state import GameState

__all__ = [
    "Note",
    "Ruling",
    "RulingKind",
    "Rulings",
    "keep_rulings",
    "noted",
    "noted_count",
    "notes",
    "rulings_of",
]

RulingKind = Literal[
    # The start of a game, and straddling (Laws 7, 20-22, 30).
    "ante",
    "jack-pot ante",
    "straddle chance",
    "straddle",
    "decline",
    "deal",
    # The say (Laws 25-27, 30-32).
    "opening",
    "jack-pot opening",
    "raise",
    "play",
    "pass",
    "all in short",
    # The draw (Laws 34-41).
    "draw begins",
    "make good",
    "stand pat",
    "discard",
    "stock short",
    "shuffle",
    # The betting (Laws 53-55).
    "betting begins",
    "bet",
    "call",
    "stand",
    "deposit",
    # Reports and their remedies (Laws 8-16, 40-50, 63-64, 77-78).
    "misdeal",
    "redeal",
    "deal stands",
    "distraction",
    "exposed card",
    "lift",
    "hand corrected",
    "foul",
    "wrong number",
    "question",
    "dispute",
    "refund",
    "retires broke",
    "all in broke",
    # The end (Laws 29, 33, 58-60, 64, 76).
    "unopened",
    "uncalled",
    "openers shown",
    "false opener",
    "show",
    "best hand",
    "level",
    "share",
    "odd chip",
]
"""The kinds of step a ruling names."""


@attrs.frozen
class Ruling:
    """One step of a game and the law that governed it.

    Attributes:
        law: the number of the law (1-81).
        kind: the step, in the book's vocabulary (:data:`RulingKind`).
        seats: the seats it concerned, in an order the kind gives: a refund's payer then
            the foul hand's seat; a Law 60 level's short player, then its takers; a
            share's takers; the show's order.
        chips: the amount it moved or set (an ante, a stake, a refund, a level, a share),
            0 where there is none.
    """

    law: int
    kind: RulingKind
    seats: tuple[int, ...] = ()
    chips: int = 0


@attrs.frozen
class Rulings(Sequence[tuple[Ruling, ...]]):
    """A game's rulings: ``start``, those of its beginning (the ante, the chance to
    straddle or the deal), and, read as a sequence, for each event of the state's history
    the rulings its transition made, in the order it made them (``rulings[i]`` for
    ``history[i]``: the event's own first, then each automatic step it set off)."""

    start: tuple[Ruling, ...]
    events: tuple[tuple[Ruling, ...], ...]

    def __len__(self) -> int:
        return len(self.events)

    @overload
    def __getitem__(self, index: int) -> tuple[Ruling, ...]: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[tuple[Ruling, ...], ...]: ...

    def __getitem__(
        self, index: int | slice
    ) -> tuple[Ruling, ...] | tuple[tuple[Ruling, ...], ...]:
        return self.events[index]

    def __iter__(self) -> Iterator[tuple[Ruling, ...]]:
        return iter(self.events)


# --- Kept beside a state's fields ---------------------------------------------------------
# In a state's dictionary but no field of it, so equality, hashing and pickles pass them by:
# the rulings the law modules noted inside transitions (a settlement of the pool, a Law 14
# refund), gathered over the game, and the game's rulings once asked for.
_NOTES = "_rulings_noted"
_KEPT = "_rulings_kept"
RULE_GAME: list[Callable[[GameState], Rulings]] = []
"""The engine's replay that makes a game's rulings: :mod:`pokerlaws.rulings` registers it when
``pokerlaws`` loads. It plays the game again through the engine, so it lives above the engine,
and this module, which the law modules use, may not import it."""


def rulings_of(state: GameState) -> Rulings:
    """``state.rulings``: kept with the state once made (its history never changes).

    Raises:
        ValueError: the history does not replay from the game's start (a state built
            directly with a history no game could have).
    """
    kept = state.__dict__.get(_KEPT)
    if kept is not None and kept[0] is state.history:
        return cast("Rulings", kept[1])
    made = RULE_GAME[0](state)
    keep_rulings(state, made)
    return made


def keep_rulings(state: GameState, rulings: Rulings) -> None:
    """Keep ``rulings`` as ``state.rulings`` (a narrator that made them from the state
    before, step by step, spares the replay)."""
    state.__dict__[_KEPT] = (state.history, rulings)


Note = tuple[int, RulingKind, tuple[int, ...], int]
"""A ruling as a law module notes it: a :class:`Ruling`'s fields as a plain tuple, which
costs a tenth of the record (the show notes its settlement in every game played)."""


def noted(state: GameState, rulings: Iterable[Note]) -> GameState:
    """A copy of ``state`` with ``rulings`` noted after those noted before in its game: a law
    module records so what an automatic step it took ruled (Laws 14, 29, 33, 58-60, 76)."""
    fields = state.__dict__
    # A History appends in constant time: a game of 32,000 reports notes 32,000 rulings, and
    # a tuple copied at each would make it quadratic.
    kept: History[Note] = fields.get(_NOTES) or History.empty()
    for note in rulings:
        kept = kept.with_event(note)
    new = object.__new__(type(state))
    # The fields are unchanged, so the copy keeps any hash cached with them.
    object.__setattr__(new, "__dict__", fields | {_NOTES: kept})
    return new


def notes(state: GameState, start: int = 0) -> tuple[Ruling, ...]:
    """The rulings noted in ``state``'s game by :func:`noted`, in order, from the
    ``start``-th (states the engine made have them: a replay reads them)."""
    noted = cast("Sequence[Note]", state.__dict__.get(_NOTES, ()))
    return tuple(Ruling(*note) for note in noted[start:])


def noted_count(state: GameState) -> int:
    """How many rulings :func:`noted` has noted in ``state``'s game so far."""
    return len(state.__dict__.get(_NOTES, ()))
