"""Strategies for cards, hands, decks and rules (see :mod:`pokerlaws.strategies`)."""

from __future__ import annotations

import functools
from typing import Any

import attrs
import hypothesis.strategies as st
from hypothesis import reject
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

import pokerlaws as pl
from pokerlaws.strategies._arguments import (
    _ANTE,
    _LIMIT,
    _as_strategy,
    _check_bool,
    _defined,
    _instance,
    _lazy,
)
from pokerlaws.strategies._base import _MAX_ANTE

# --- Arguments -----------------------------------------


def _rules_arg(value: Any) -> SearchStrategy[pl.Rules]:
    if value is None:
        return _defined(rules())
    return _as_strategy("rules", value, _instance(pl.Rules))


def _can_straddle(table: pl.Rules) -> bool:
    """Law 22: a straddle is possible only if twice the ante is at most half the limit."""
    return 2 * table.ante <= table.highest_straddle


# --- Cards and hands --------------------------------------------------------------------


@functools.cache
def _pack(joker: bool) -> tuple[pl.Card, ...]:
    return pl.standard_deck(joker=joker)


@functools.cache
def _hands_of(joker: bool) -> SearchStrategy[tuple[pl.Card, ...]]:
    return st.lists(st.sampled_from(_pack(joker)), min_size=5, max_size=5, unique=True).map(tuple)


@functools.cache
def _decks_of(joker: bool) -> SearchStrategy[tuple[pl.Card, ...]]:
    return st.permutations(_pack(joker)).map(tuple)


@_lazy
def cards(*, joker: bool = False) -> SearchStrategy[pl.Card]:
    """Cards of the pack; with ``joker=True`` the Joker too (Law 81).

    Shrinks towards the two of clubs, the first card of :func:`pokerlaws.standard_deck`.
    """
    return st.sampled_from(_pack(_check_bool("joker", joker)))


def _hand_pack(joker: Any, table: Any) -> SearchStrategy[tuple[pl.Card, ...]]:
    """The hands of ``hands()`` and ``hand_values()``: of the pack ``joker`` or ``rules``
    names (a Rules value or strategy), with the table when there is one."""
    if joker is not None and table is not None:
        raise InvalidArgument("give rules or joker, not both: the rules set the pack")
    if table is None:
        return _hands_of(_check_bool("joker", False if joker is None else joker))
    return _rules_arg(table).flatmap(lambda chosen: _hands_of(chosen.joker))


@_lazy
def hands(
    *,
    joker: bool | None = None,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
) -> SearchStrategy[tuple[pl.Card, ...]]:
    """Five distinct cards from one pack, in no particular order.

    Args:
        joker: draw from the pack with the Joker (Law 81). Default ``False``.
        rules: draw from the pack these table rules use (``rules.joker``); a ``Rules`` value
            or a strategy of them. Give ``rules`` or ``joker``, not both.
    """
    return _hand_pack(joker, rules)


@_lazy
def hand_values(
    *,
    joker: bool | None = None,
    rules: pl.Rules | SearchStrategy[pl.Rules] | None = None,
) -> SearchStrategy[pl.HandValue]:
    """The values (:func:`pokerlaws.evaluate`) of hands drawn as :func:`hands` draws them.

    Without ``rules`` the hands are valued as Peel ranks them (``HandRules()``); with
    ``rules`` (a value or a strategy) under ``rules.hands``, from the rules' pack. Values
    from different ``HandRules`` do not compare meaningfully, so fix ``rules`` to compare
    values with each other. ``st.from_type(pokerlaws.HandValue)`` is ``hand_values()``.
    """
    if rules is None:
        return _hand_pack(joker, None).map(pl.evaluate)
    if joker is not None:
        raise InvalidArgument("give rules or joker, not both: the rules set the pack")
    return _rules_arg(rules).flatmap(
        lambda table: _hands_of(table.joker).map(lambda hand: pl.evaluate(hand, table.hands))
    )


@_lazy
def decks(*, joker: bool = False) -> SearchStrategy[tuple[pl.Card, ...]]:
    """Whole packs in any order, ``deck[0]`` the top card; with ``joker=True``, 53 cards.

    Shrinks towards :func:`pokerlaws.standard_deck`'s order.
    """
    return _decks_of(_check_bool("joker", joker))


# --- Rules ------------------------------------------------------------------------------


def _switches(cls: type) -> tuple[str, ...]:
    """The names of ``cls``'s boolean switches: its attrs fields with a bool default."""
    return tuple(field.name for field in attrs.fields(cls) if isinstance(field.default, bool))


def _switch_strategies(cls: type, given: dict[str, Any]) -> dict[str, SearchStrategy[bool]]:
    names = _switches(cls)
    for name in given:
        if name not in names:
            raise InvalidArgument(
                f"{cls.__name__} has no switch {name!r}; its switches are {', '.join(names)}"
            )
    return {
        name: st.booleans()
        if given.get(name) is None
        else _as_strategy(name, given[name], _check_bool)
        for name in names
    }


@_lazy
def hand_rules(**switches: bool | SearchStrategy[bool] | None) -> SearchStrategy[pl.HandRules]:
    """:class:`pokerlaws.HandRules` with every switch drawn, unless fixed by a keyword.

    ``hand_rules(blaze=True)`` fixes one switch; each keyword takes a bool or a strategy of
    bools. Every boolean field of ``HandRules`` is drawn, including ones added later.
    """
    return st.fixed_dictionaries(_switch_strategies(pl.HandRules, switches)).map(
        lambda chosen: pl.HandRules(**chosen)
    )


@_lazy
def rules(
    *,
    ante: int | SearchStrategy[int] | None = None,
    limit: int | SearchStrategy[int] | None = None,
    hands: pl.HandRules | SearchStrategy[pl.HandRules] | None = None,
    joker: bool | SearchStrategy[bool] | None = None,
    jackpot_straddles: bool | SearchStrategy[bool] | None = None,
    odd_chip_carries: bool | SearchStrategy[bool] | None = None,
    openers_on_honour: bool | SearchStrategy[bool] | None = None,
    recording_table: bool | SearchStrategy[bool] | None = None,
) -> SearchStrategy[pl.Rules]:
    """Valid table rules: ante at least 1, at most half the limit (Law 19), every variant drawn.

    Each keyword takes a value or a strategy. By default the ante is 1 to 5 and the limit
    from twice the ante (no straddle possible) to six times it (straddles possible, Law 22).
    An ante below 1 or a limit below 2, given or drawn, is an ``InvalidArgument``; so is a
    given pair the laws forbid (``2 * ante > limit``), while such a pair drawn from two
    strategies is rejected. Every other boolean switch of ``Rules`` is drawn too.
    """
    antes = None if ante is None else _as_strategy("ante", ante, _ANTE)
    limits = None if limit is None else _as_strategy("limit", limit, _LIMIT)
    if (
        not isinstance(ante, SearchStrategy)
        and not isinstance(limit, SearchStrategy)
        and ante is not None
        and limit is not None
        and 2 * ante > limit
    ):
        raise InvalidArgument(f"ante={ante} is more than half limit={limit} (Law 19)")
    hand_strategy = (
        _defined(hand_rules())
        if hands is None
        else _as_strategy("hands", hands, _instance(pl.HandRules))
    )
    flags = _switch_strategies(
        pl.Rules,
        {
            "joker": joker,
            "jackpot_straddles": jackpot_straddles,
            "odd_chip_carries": odd_chip_carries,
            "openers_on_honour": openers_on_honour,
            "recording_table": recording_table,
        },
    )
    return _tables(antes, limits, hand_strategy, flags)


@st.composite
def _tables(
    draw: st.DrawFn,
    antes: SearchStrategy[int] | None,
    limits: SearchStrategy[int] | None,
    hand_strategy: SearchStrategy[pl.HandRules],
    flags: dict[str, SearchStrategy[bool]],
) -> pl.Rules:
    # Defined once, not in rules: Hypothesis reads the source of every function made a
    # composite, which cost more than the draws.
    if limits is None:
        chosen_ante = draw(st.integers(1, _MAX_ANTE) if antes is None else antes)
        chosen_limit = 2 * chosen_ante + draw(st.integers(0, 4 * chosen_ante))
    elif antes is None:
        chosen_limit = draw(limits)
        chosen_ante = draw(st.integers(1, min(chosen_limit // 2, _MAX_ANTE)))
    else:
        chosen_ante, chosen_limit = draw(antes), draw(limits)
        if 2 * chosen_ante > chosen_limit:
            reject()
    return pl.Rules(
        ante=chosen_ante,
        limit=chosen_limit,
        hands=draw(hand_strategy),
        **{name: draw(flag) for name, flag in flags.items()},
    )
