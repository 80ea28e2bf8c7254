"""Strategies for actions and reports, legal and illegal, at a given state (see
:mod:`pokerlaws.strategies`)."""

from __future__ import annotations

from typing import Any

import hypothesis.strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

import pokerlaws as pl
from pokerlaws.strategies._arguments import (
    _defined,
    _lazy,
)
from pokerlaws.strategies._base import _HUGE, _KINDS
from pokerlaws.strategies._values import _pack

# --- Legal and illegal actions ----------------------------------------------------------


def _by_kind(choices: tuple[pl.Action, ...]) -> list[list[pl.Action]]:
    groups: dict[type, list[pl.Action]] = {}
    for action in choices:
        groups.setdefault(type(action), []).append(action)
    return [groups[kind] for kind in _KINDS if kind in groups]


def _draw_legal(draw: st.DrawFn, state: pl.GameState, *, play_on: bool = False) -> pl.Action:
    """Draw a legal action: a kind first, then one of that kind.

    Choosing the kind first keeps passing as likely as staking, however many amounts are
    legal, so unopened games and jack-pots come up often; Pass shrinks first. With
    ``play_on`` every other kind is three times as likely as passing, so that games reach
    the draw and the betting more often. The dealer's shuffle of Law 41 is the listed
    ``Shuffle(seat=dealer)`` (the engine orders the discards) or, as often, the caller's
    own order: a permutation of the discards of this draw.
    """
    groups = _by_kind(pl.legal_actions(state))
    if not groups:
        raise InvalidArgument(f"the game is over: no action is legal (phase {state.phase})")
    if play_on and len(groups) > 1:
        groups = [groups[0], *(group for group in groups[1:] for _ in range(3))]
    group = groups[0] if len(groups) == 1 else draw(st.sampled_from(groups))
    action = group[0] if len(group) == 1 else draw(st.sampled_from(group))
    if isinstance(action, pl.Shuffle) and draw(st.booleans()):
        order = draw(st.permutations(state.discards))
        return pl.Shuffle(seat=action.seat, order=tuple(order))
    if isinstance(action, pl.Redeal) and draw(st.booleans()):
        return pl.Redeal(seat=action.seat, deck=tuple(draw(st.permutations(state.deck))))
    return action


def _check_state(name: str, state: Any) -> pl.GameState:
    if not isinstance(state, pl.GameState):
        raise InvalidArgument(f"{name}={state!r} must be a pokerlaws.GameState")
    return state


@_lazy
def reports(state: pl.GameState) -> SearchStrategy[pl.Report]:
    """The reports of irregularities :func:`pokerlaws.reportable` lists in ``state``
    (misdeals, foul hands, cards exposed, deposits out of turn...), each equally likely;
    shrinks towards the first listed. A state where nothing may be reported is an
    ``InvalidArgument``.
    """
    _check_state("state", state)
    listed = pl.reportable(state)
    if not listed:
        raise InvalidArgument("nothing may be reported in this state: reportable is empty")
    return st.sampled_from(listed)


@_lazy
def legal_actions(state: pl.GameState) -> SearchStrategy[pl.Action]:
    """The actions :func:`pokerlaws.apply` accepts in ``state``.

    Each kind of action (pass, stake, discard...) is equally likely, then each action of that
    kind; shrinks towards passing. At Law 41's shuffle, either the listed
    ``Shuffle(seat=dealer)`` or one with an explicit order of the discards. A finished game
    (no action legal) is an ``InvalidArgument``.
    """
    _check_state("state", state)
    if not pl.legal_actions(state):
        raise InvalidArgument("state is a finished game: no action is legal; use next_game")
    return _legal(state)


@st.composite
def _legal(draw: st.DrawFn, state: pl.GameState) -> pl.Action:
    # Defined once, not in legal_actions: Hypothesis reads the source of every function
    # made a composite, which cost more than the draws of a test stepping through a game.
    return _draw_legal(draw, state)


def _illegal_candidates(state: pl.GameState) -> SearchStrategy[pl.Action]:
    """Actions of any kind by any seat, mostly illegal: out-of-range seats, bad amounts,
    discards of cards not held or named twice, shuffles by the wrong seat, of the wrong
    cards or at the wrong moment."""
    n = state.num_seats
    actor = state.to_act if state.to_act is not None else state.dealer
    seats = st.one_of(
        st.sampled_from(sorted({actor, state.dealer, -1, n, *range(n)})),
        st.integers(min_value=-(2**63), max_value=2**63),
        st.sampled_from(_HUGE),
    )
    highest = max(state.stakes)
    stack = state.stacks[actor]
    limit = state.rules.limit
    edges = {
        0,
        1,
        -1,
        stack,
        stack + 1,
        stack - 1,
        highest - state.stakes[actor],
        highest - state.stakes[actor] + 1,
        highest - state.stakes[actor] - 1,
        highest + limit - state.stakes[actor],
        highest + limit - state.stakes[actor] + 1,
        2 * state.straddle_level,
        2 * state.straddle_level - 1,
    }
    amounts = st.one_of(
        st.sampled_from(sorted(edges)),
        st.integers(min_value=-limit, max_value=stack + 2 * limit),
        st.integers(min_value=-(10**30), max_value=10**30),
        st.sampled_from(_HUGE),
    )
    hand = state.hands[actor]
    card_pool: SearchStrategy[pl.Card] = st.sampled_from(_pack(True))
    if hand:
        card_pool = st.one_of(st.sampled_from(hand), card_pool)
    thrown = st.lists(card_pool, max_size=7).map(tuple)
    # Law 41: the order must hold exactly this draw's discards, each once.
    gathered = state.discards
    stranger = next(card for card in _pack(True) if card not in gathered)
    wrong_orders: list[tuple[pl.Card, ...]] = [(), (stranger,), (*gathered, stranger)]
    if gathered:
        wrong_orders += [gathered[1:], (*gathered, gathered[0]), (stranger, *gathered[1:])]
    orders = st.one_of(
        st.none(),
        st.sampled_from(wrong_orders),
        st.lists(card_pool, max_size=12).map(tuple),
    )
    return st.one_of(
        st.builds(pl.Pass, seat=seats),
        st.builds(pl.Stake, seat=seats, amount=amounts),
        st.builds(pl.Discard, seat=seats, cards=thrown),
        st.builds(pl.Stand, seat=seats),
        st.builds(pl.Straddle, seat=seats),
        st.builds(pl.DeclineStraddle, seat=seats),
        st.builds(pl.Shuffle, seat=seats, order=orders),
    )


@_lazy
def illegal_actions(state: pl.GameState) -> SearchStrategy[pl.Action]:
    """Actions :func:`pokerlaws.apply` refuses in ``state``, of every kind (see :func:`actions`).

    Useful to check that a refusal changes nothing and cites a law.
    """
    _check_state("state", state)
    return _illegal_candidates(state).filter(lambda action: not pl.is_legal(state, action))


@_lazy
def actions(state: pl.GameState) -> SearchStrategy[pl.Action]:
    """Legal and illegal actions for ``state``, for robustness tests (about half legal).

    The illegal ones cover every kind of action in every phase, any seat (out-of-range ones
    such as -1 and ``num_seats`` included), amounts of zero, negative, huge and one past each
    bound, discards of cards not held, named twice, or more than five, and shuffles by
    the wrong seat, at the wrong moment, or of the wrong cards (Law 41).
    """
    _check_state("state", state)
    candidates = _illegal_candidates(state)
    if not pl.legal_actions(state):
        return candidates
    return st.one_of(_defined(legal_actions(state)), candidates)
