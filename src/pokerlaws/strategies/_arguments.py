"""How pokerlaws' strategies take their arguments, as Hypothesis takes its own: checked when
the strategy is validated or drawn from, never when the function is called, and refused with
:class:`~hypothesis.errors.InvalidArgument` naming the argument (:mod:`pokerlaws.strategies`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any, ParamSpec, TypeVar

import hypothesis.strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

import pokerlaws as pl

T = TypeVar("T")
P = ParamSpec("P")

MIN_SEATS = 2
MAX_SEATS = 10  # Ambiguity 24: the pack deals ten hands of five at most.

__all__ = [
    "MAX_SEATS",
    "MIN_SEATS",
    "_ANTE",
    "_CARRIED",
    "_GAMES",
    "_LIMIT",
    "_ROUND",
    "_STACK",
    "Check",
    "_as_strategy",
    "_check_bool",
    "_check_phases",
    "_check_seats",
    "_defined",
    "_instance",
    "_is_int",
    "_lazy",
    "_whole",
]


def _lazy(build: Callable[P, SearchStrategy[T]]) -> Callable[P, SearchStrategy[T]]:
    """Make ``build`` a strategy function whose arguments are checked when the strategy is
    first validated or drawn from, as Hypothesis checks its own (``st.integers(5, 3)``
    fails only the test that draws from it, not the import of the test module).

    The strategy's text, ``build(args...)``, is written when shown, not when the strategy
    is made (Hypothesis asks a definition that can print itself, through ``_repr_pretty_``):
    a game state's repr costs more than drawing an action from it, and a test that asks
    ``legal_actions(state)`` at every step never shows one."""

    @functools.wraps(build)
    def strategy(*args: P.args, **kwargs: P.kwargs) -> SearchStrategy[T]:
        def definition() -> SearchStrategy[T]:
            return build(*args, **kwargs)

        def shown(printer: Any, cycle: bool) -> None:
            told = [*map(repr, args), *(f"{k}={v!r}" for k, v in kwargs.items())]
            printer.text(f"{build.__name__}({', '.join(told)})")

        definition._repr_pretty_ = shown  # type: ignore[attr-defined]
        return st.deferred(definition)

    return strategy


def _defined(strategy: SearchStrategy[T]) -> SearchStrategy[T]:
    """Check a lazy strategy's arguments now: inside another strategy's definition, so that
    its bad arguments surface when the outer strategy is validated."""
    strategy.validate()
    return strategy


Check = Callable[[str, Any], T]
"""Return the argument ``name``'s value if it makes sense, else raise InvalidArgument."""


def _as_strategy(name: str, value: Any, check: Check[T]) -> SearchStrategy[T]:
    """Return argument ``name`` as a strategy: ``st.just`` of a plain value checked now, or
    the given strategy with each value it draws checked as it is drawn."""
    if not isinstance(value, SearchStrategy):
        return st.just(check(name, value))
    given: SearchStrategy[Any] = value

    def checked(drawn: Any) -> T:
        try:
            return check(name, drawn)
        except InvalidArgument as error:
            raise InvalidArgument(f"{error} (drawn from {name}={given!r})") from None

    return given.map(checked)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _whole(minimum: int, why: str = "") -> Check[int]:
    """A check for an int of at least ``minimum``."""

    def check(name: str, value: Any) -> int:
        if not _is_int(value) or value < minimum:
            raise InvalidArgument(f"{name}={value!r} must be an int of at least {minimum}{why}")
        result: int = value
        return result

    return check


def _check_bool(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise InvalidArgument(f"{name}={value!r} must be a bool")
    return value


def _instance(cls: type[T]) -> Check[T]:
    def check(name: str, value: Any) -> T:
        if not isinstance(value, cls):
            raise InvalidArgument(
                f"{name}={value!r} must be a pokerlaws.{cls.__name__} or a strategy of them"
            )
        return value

    return check


_ANTE = _whole(1, " (Law 19: the ante is one chip or more)")
_LIMIT = _whole(2, " (twice the least ante, Law 19)")
_STACK = _whole(0, " (a seat's chips; 0 sits the game out)")
_CARRIED = _whole(0, " (chips carried into the pool)")
_ROUND = _whole(0, " (0 for an ordinary game, k for the k-th jack-pot in a row)")
_GAMES = _whole(1)


def _check_seats(min_players: Any, max_players: Any) -> None:
    for name, value in (("min_players", min_players), ("max_players", max_players)):
        if not _is_int(value):
            raise InvalidArgument(f"{name}={value!r} must be an int")
        if not MIN_SEATS <= value <= MAX_SEATS:
            raise InvalidArgument(
                f"{name}={value} is outside {MIN_SEATS}..{MAX_SEATS}: a table has two to ten "
                "seats (the pack deals ten hands of five at most)"
            )
    if min_players > max_players:
        raise InvalidArgument(f"min_players={min_players} > max_players={max_players}")


def _check_phases(phases: Any) -> frozenset[pl.Phase]:
    if phases is None:
        return frozenset(pl.Phase)
    if isinstance(phases, pl.Phase):
        return frozenset([phases])
    if isinstance(phases, str) or not isinstance(phases, Iterable):
        raise InvalidArgument(f"phases={phases!r} must be a pokerlaws.Phase or several")
    wanted = frozenset(phases)
    for phase in wanted:
        if not isinstance(phase, pl.Phase):
            raise InvalidArgument(f"phases holds {phase!r}, which is not a pokerlaws.Phase")
    if not wanted:
        raise InvalidArgument("phases=[] is empty: no state could be drawn")
    return wanted
