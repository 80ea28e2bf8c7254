"""Hypothesis' registry of pokerlaws types: ``st.from_type`` and ``st.builds`` for the
public classes (see :mod:`pokerlaws.strategies`)."""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Annotated, Any

import attrs
import hypothesis.strategies as st
from hypothesis.strategies import SearchStrategy

import pokerlaws as pl
from pokerlaws.strategies._base import _MAX_ANTE
from pokerlaws.strategies._games import game_states
from pokerlaws.strategies._sittings import (
    _legal_menus,
    _runs_of_stakes,
    _sitting_terms,
    sitting_states,
)
from pokerlaws.strategies._values import cards, hand_rules, hand_values, rules

# --- Registration -----------------------------------------------------------------------


def _attrs_classes() -> list[type]:
    """The attrs classes of pokerlaws' public names, and every attrs class their fields
    name (``GameState.shorts`` holds ``Short``), each once."""
    found: list[type] = []
    todo = [getattr(pl, name) for name in pl.__all__]
    while todo:
        thing = todo.pop()
        if isinstance(thing, type) and attrs.has(thing) and thing not in found:
            found.append(thing)
            attrs.resolve_types(thing)
            todo.extend(field.type for field in attrs.fields(thing))
        elif typing.get_args(thing):
            todo.extend(typing.get_args(thing))
    return found


# What builds(Rules) draws for its two required fields: every pair valid (Law 19: the ante
# at most half the limit), straddles possible at some (Law 22). from_type(Rules) and
# rules() draw every valid table.
_RULES_FIELDS = {
    "ante": st.integers(1, _MAX_ANTE),
    "limit": st.integers(2 * _MAX_ANTE, 8 * _MAX_ANTE),
}


# What builds() draws for an int field of these names in any public class: values its shape
# check accepts (a seat is at a table of at most ten, a law is one of the 81, chips are never
# negative), so that builds(NotYourTurn) or builds(Stake) is rarely refused.
_INT_FIELDS = {
    "seat": st.integers(0, 9),
    "law": st.integers(1, 81),
    "amount": st.integers(0, 10**6),
    "chips": st.integers(0, 10**6),
}


def _register_types() -> None:
    # st.builds infers an attrs class's required fields from their types, which these
    # modules write as strings (from __future__ import annotations): resolve them once.
    for cls in _attrs_classes():
        for field in attrs.fields(cls):
            if field.name in _INT_FIELDS and field.type is int:
                object.__setattr__(field, "type", Annotated[int, _INT_FIELDS[field.name]])
    # Rules checks its fields together, which builds cannot know: annotate the resolved
    # int types with strategies whose every pair is valid (Annotated[int, ...] is still
    # int to typing.get_type_hints).
    for field in attrs.fields(pl.Rules):
        if field.name in _RULES_FIELDS and field.type is int:
            object.__setattr__(field, "type", Annotated[int, _RULES_FIELDS[field.name]])
    # LegalActions holds a long run of stakes, which from_type(range) does not draw.
    amounts = attrs.fields(pl.LegalActions).amounts
    if amounts.type is range:
        object.__setattr__(amounts, "type", Annotated[range, _runs_of_stakes()])
    registered: dict[type, Callable[[], SearchStrategy[Any]]] = {
        pl.Card: cards,
        pl.HandRules: hand_rules,
        pl.HandValue: hand_values,
        pl.LegalActions: _legal_menus,
        pl.Rules: rules,
        pl.GameState: game_states,
        pl.Sitting: sitting_states,
        pl.SittingTerms: _sitting_terms,
    }
    for cls, strategy in registered.items():
        st.register_type_strategy(cls, strategy())
