"""Bad input gets a clear answer and loses nothing (issue: "No bad input gets through").

A catalogue of wrong types and impossible values against every public entry point of the
engine: each case names the exact exception (``TypeError`` for a wrong type, ``ValueError``
for an impossible value, ``InvalidRules`` for a table the laws forbid) or the exact
``RuleViolation`` a well-typed but forbidden action gets, and checks that nothing changed.
Nothing else may escape: no ``AttributeError``, ``KeyError``, ``IndexError`` or
``AssertionError`` from deep inside.
"""

from __future__ import annotations

import copy
import math
import pickle
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

import pokerlaws as pl
from tests.laws._tables import snapshot

RULES = pl.Rules(ante=1, limit=4)
DECK = pl.shuffled_deck(2026)


def _say() -> pl.GameState:
    """Four seats, dealer 0, the straddle declined: seat 2 has the first say."""
    state = pl.new_game(RULES, [50, 50, 50, 50], dealer=0, deck=DECK)
    return pl.apply_or_raise(state, pl.DeclineStraddle(seat=2))


SAY = _say()
OVER = SAY
for _seat in (2, 3, 0):
    OVER = pl.apply_or_raise(OVER, pl.Pass(seat=_seat))


class _Impostor:
    """A foreign object that looks like an action."""

    seat = 2
    amount = 2


# Calls typed loosely on purpose: these are the wrong types a caller without mypy sends.
loose: Any = pl
loose_say: Any = SAY

WRONG_TYPES: list[tuple[str, Callable[[], object]]] = [
    ("Stake amount 2.5", lambda: loose.Stake(seat=2, amount=2.5)),
    ("Stake amount 2.0", lambda: loose.Stake(seat=2, amount=2.0)),
    ("Stake amount nan", lambda: loose.Stake(seat=2, amount=math.nan)),
    ("Stake amount Decimal", lambda: loose.Stake(seat=2, amount=Decimal("2"))),
    ("Stake amount Fraction", lambda: loose.Stake(seat=2, amount=Fraction(5, 2))),
    ("Stake amount True", lambda: loose.Stake(seat=2, amount=True)),
    ("Stake amount '2'", lambda: loose.Stake(seat=2, amount="2")),
    ("Pass seat True", lambda: loose.Pass(seat=True)),
    ("Lift seat '1'", lambda: loose.Lift(seat="1")),
    ("MissingCut during_deal 1", lambda: loose.MissingCut(seat=1, during_deal=1)),
    ("MissingCut during_deal 'yes'", lambda: loose.MissingCut(seat=1, during_deal="yes")),
    ("ExposedCard card 'Kh'", lambda: loose.ExposedCard(seat=1, card="Kh")),
    ("ExposedCard card None", lambda: loose.ExposedCard(seat=1, card=None)),
    ("WrongNumberAsked flag None", lambda: loose.WrongNumberAsked(seat=1, served_as_asked=None)),
    ("Deposit amount 2.5", lambda: loose.Deposit(seat=1, amount=2.5)),
    ("Dispute parties '12'", lambda: loose.Dispute(seat=1, parties="12")),
    ("Dispute parties {1, 2}", lambda: loose.Dispute(seat=1, parties={1, 2})),
    ("Dispute parties (1, True)", lambda: loose.Dispute(seat=1, parties=(1, True))),
    ("Redeal deck as text", lambda: loose.Redeal(seat=0, deck="2c 3c")),
    ("Redeal deck a set", lambda: loose.Redeal(seat=0, deck=set(pl.standard_deck()))),
    ("apply a GameRecord", lambda: loose.apply(SAY, pl.record(SAY))),
    ("reportable of a record", lambda: loose.reportable(pl.record(SAY))),
    ("Pass seat None", lambda: loose.Pass(seat=None)),
    ("Stand seat 1.0", lambda: loose.Stand(seat=1.0)),
    ("Straddle seat '2'", lambda: loose.Straddle(seat="2")),
    ("DeclineStraddle seat False", lambda: loose.DeclineStraddle(seat=False)),
    ("Discard of text", lambda: loose.Discard(seat=2, cards=("5h", "Jd"))),
    ("Discard of a string", lambda: loose.Discard(seat=2, cards="5h Jd")),
    ("Discard of None", lambda: loose.Discard(seat=2, cards=None)),
    ("Discard of ints", lambda: loose.Discard(seat=2, cards=(1, 2))),
    ("Shuffle of a set", lambda: loose.Shuffle(seat=0, order=set(DECK[:3]))),
    ("Shuffle of text", lambda: loose.Shuffle(seat=0, order="5h Jd")),
    ("apply None", lambda: loose.apply(SAY, None)),
    ("apply a foreign object", lambda: loose.apply(SAY, _Impostor())),
    ("apply to a non-state", lambda: loose.apply(None, loose.Pass(seat=2))),
    ("apply_or_raise None", lambda: loose.apply_or_raise(SAY, None)),
    ("is_legal a string", lambda: loose.is_legal(SAY, "pass")),
    ("legal_actions of None", lambda: loose.legal_actions(None)),
    ("stake_range of a dict", lambda: loose.stake_range({})),
    ("next_game of None", lambda: loose.next_game(None, deck=DECK)),
    ("next_game with a set deck", lambda: loose.next_game(OVER, deck=set(DECK))),
    ("new_game with a set deck", lambda: loose.new_game(RULES, [5, 5], dealer=0, deck=set(DECK))),
    (
        "new_game with a deck of text",
        lambda: loose.new_game(RULES, [5, 5], dealer=0, deck=[str(c) for c in DECK]),
    ),
    (
        "new_game with a generator deck",
        lambda: loose.new_game(RULES, [5, 5], dealer=0, deck=iter(DECK)),
    ),
    ("new_game with set stacks", lambda: loose.new_game(RULES, {50, 60}, dealer=0, deck=DECK)),
    (
        "new_game with dict stacks",
        lambda: loose.new_game(RULES, {0: 50, 1: 50}, dealer=0, deck=DECK),
    ),
    ("new_game with a float stack", lambda: loose.new_game(RULES, [50, 2.5], dealer=0, deck=DECK)),
    ("new_game with a bool stack", lambda: loose.new_game(RULES, [50, True], dealer=0, deck=DECK)),
    ("new_game with a str dealer", lambda: loose.new_game(RULES, [5, 5], dealer="0", deck=DECK)),
    ("new_game with a bool dealer", lambda: loose.new_game(RULES, [5, 5], dealer=True, deck=DECK)),
    ("new_game with no Rules", lambda: loose.new_game(None, [5, 5], dealer=0, deck=DECK)),
    (
        "new_game with float carried",
        lambda: loose.new_game(RULES, [5, 5], dealer=0, deck=DECK, carried=1.5),
    ),
    (
        "new_game with str jackpot_round",
        lambda: loose.new_game(RULES, [5, 5], dealer=0, deck=DECK, jackpot_round="1"),
    ),
    ("Rules with joker 'yes'", lambda: loose.Rules(ante=1, limit=4, joker="yes")),
    ("Rules with jackpot_straddles 1", lambda: loose.Rules(ante=1, limit=4, jackpot_straddles=1)),
    (
        "Rules with odd_chip_carries None",
        lambda: loose.Rules(ante=1, limit=4, odd_chip_carries=None),
    ),
    ("Rules with a float ante", lambda: loose.Rules(ante=1.0, limit=4)),
    ("Rules with a str limit", lambda: loose.Rules(ante=1, limit="4")),
    ("Rules with hands of a dict", lambda: loose.Rules(ante=1, limit=4, hands={})),
    ("parse_cards of a list", lambda: loose.parse_cards(["Ah"])),
    ("record of None", lambda: loose.record(None)),
    ("replay of a state", lambda: loose.replay(SAY)),
    ("evolve with a str pool", lambda: loose_say.evolve(pool="3")),
    ("evolve an unknown field", lambda: loose_say.evolve(colour="red")),
    ("evolve rules to None", lambda: loose_say.evolve(rules=None)),
]

WRONG_VALUES: list[tuple[str, Callable[[], object], type[Exception]]] = [
    ("one seat", lambda: pl.new_game(RULES, [50], dealer=0, deck=DECK), ValueError),
    ("eleven seats", lambda: pl.new_game(RULES, [50] * 11, dealer=0, deck=DECK), ValueError),
    ("a negative stack", lambda: pl.new_game(RULES, [50, -5], dealer=0, deck=DECK), ValueError),
    ("one seat with chips", lambda: pl.new_game(RULES, [50, 0], dealer=0, deck=DECK), ValueError),
    ("dealer 9", lambda: pl.new_game(RULES, [5, 5], dealer=9, deck=DECK), ValueError),
    ("a broke dealer", lambda: pl.new_game(RULES, [5, 0, 5], dealer=1, deck=DECK), ValueError),
    ("a short deck", lambda: pl.new_game(RULES, [5, 5], dealer=0, deck=DECK[1:]), ValueError),
    (
        "a repeated card",
        lambda: pl.new_game(RULES, [5, 5], dealer=0, deck=(DECK[0], *DECK[1:-1], DECK[0])),
        ValueError,
    ),
    (
        "the Joker unagreed",
        lambda: pl.new_game(RULES, [5, 5], dealer=0, deck=(*DECK, pl.JOKER)),
        ValueError,
    ),
    (
        "negative carried",
        lambda: pl.new_game(RULES, [5, 5], dealer=0, deck=DECK, carried=-1),
        ValueError,
    ),
    (
        "negative jackpot_round",
        lambda: pl.new_game(RULES, [5, 5], dealer=0, deck=DECK, jackpot_round=-1),
        ValueError,
    ),
    ("ante above half the limit", lambda: pl.Rules(ante=3, limit=4), pl.InvalidRules),
    ("no ante", lambda: pl.Rules(ante=0, limit=4), pl.InvalidRules),
    ("next_game before the end", lambda: pl.next_game(SAY, deck=DECK), ValueError),
    ("bad card text", lambda: pl.parse_cards("Ah 1x"), pl.NotationError),
    ("evolve a negative stack", lambda: SAY.evolve(stacks=(-1, 49, 50, 50)), ValueError),
    ("evolve to_act 9", lambda: SAY.evolve(to_act=9), ValueError),
    ("evolve three stacks at four seats", lambda: SAY.evolve(stacks=(50, 50, 50)), TypeError),
    ("evolve other rules", lambda: SAY.evolve(rules=pl.Rules(ante=1, limit=6)), ValueError),
    ("evolve a card twice", lambda: SAY.evolve(stock=(*SAY.stock[1:], SAY.stock[1])), ValueError),
]


@pytest.mark.parametrize(("case", "call"), WRONG_TYPES, ids=[case for case, _ in WRONG_TYPES])
def test_a_wrong_type_is_a_type_error_naming_it(case: str, call: Callable[[], object]) -> None:
    """A wrong type is refused with TypeError and a message, never deeper down."""
    before = snapshot(SAY)
    with pytest.raises(TypeError, match=r"\w") as raised:
        call()
    assert len(str(raised.value).split()) >= 4, f"{case}: a terse message: {raised.value}"
    assert snapshot(SAY) == before


@pytest.mark.parametrize(
    ("case", "call", "kind"), WRONG_VALUES, ids=[case for case, _, _ in WRONG_VALUES]
)
def test_an_impossible_value_is_refused_precisely(
    case: str, call: Callable[[], object], kind: type[Exception]
) -> None:
    """An impossible value is refused with its own exception (a ValueError, or TypeError for a
    shape), and nothing changes."""
    before = snapshot(SAY)
    with pytest.raises(kind, match=r"\w"):
        call()
    assert snapshot(SAY) == before


FORBIDDEN: list[tuple[pl.GameState, pl.Action, type[pl.RuleViolation], int]] = [
    (SAY, pl.Stake(seat=2, amount=0), pl.AmountNotPositive, 56),
    (SAY, pl.Stake(seat=2, amount=-3), pl.AmountNotPositive, 56),
    (SAY, pl.Stake(seat=2, amount=10**30), pl.NotEnoughChips, 56),
    (SAY, pl.Stake(seat=99, amount=2), pl.NoSuchSeat, 7),
    (SAY, pl.Pass(seat=-1), pl.NoSuchSeat, 7),
    (SAY, pl.Stake(seat=3, amount=2), pl.NotYourTurn, 25),
    (SAY, pl.Straddle(seat=2), pl.StraddleNotAllowed, 21),
    (SAY, pl.Discard(seat=2, cards=()), pl.WrongPhase, 34),
    (SAY, pl.Shuffle(seat=0), pl.ShuffleNotAllowed, 41),
    (SAY, pl.Stake(seat=2, amount=7), pl.StakeOverLimit, 25),
    (OVER, pl.Pass(seat=1), pl.GameIsOver, 29),
]


@pytest.mark.parametrize(("state", "action", "kind", "law"), FORBIDDEN)
def test_a_forbidden_action_is_a_violation_citing_its_law(
    state: pl.GameState, action: pl.Action, kind: type[pl.RuleViolation], law: int
) -> None:
    """A well-typed action the laws forbid is a RuleViolation of its kind, citing its law;
    apply never raises for it and the state is unchanged."""
    before = snapshot(state)
    result = pl.apply(state, action)
    assert type(result) is kind, result
    assert result.law == law
    assert snapshot(state) == before
    assert not pl.is_legal(state, action)


def test_law_22_a_straddle_where_none_is_possible_cites_law_22() -> None:
    """Law 22: at ante 2, limit 4 no straddle is possible (double the ante is above half the
    limit), and a Straddle says so."""
    state = pl.new_game(pl.Rules(ante=2, limit=4), [50, 50, 50], dealer=0, deck=DECK)
    assert state.phase is pl.Phase.SAY
    result = pl.apply(state, pl.Straddle(seat=state.to_act or 0))
    assert isinstance(result, pl.StraddleAboveHalfLimit)
    assert result.law == 22


def test_a_large_limit_keeps_menus_correct_and_stake_range_answers_at_once() -> None:
    """With a limit of a million, legal_actions still lists every stake, and stake_range gives
    the same amounts as a range."""
    rules = pl.Rules(ante=1, limit=10**6)
    state = pl.new_game(rules, [10**4] * 3, dealer=0, deck=DECK)
    state = pl.apply_or_raise(state, pl.DeclineStraddle(seat=state.to_act or 0))
    amounts = pl.stake_range(state)
    assert amounts == range(2, 10**4 + 1)
    stakes = [a.amount for a in pl.legal_actions(state) if isinstance(a, pl.Stake)]
    assert stakes == list(amounts)
    huge = pl.Rules(ante=1, limit=10**100)
    state = pl.new_game(huge, [10**100] * 2, dealer=0, deck=DECK)
    state = pl.apply_or_raise(state, pl.DeclineStraddle(seat=state.to_act or 0))
    assert pl.stake_range(state) == range(2, 10**100 + 1)


def test_stake_range_agrees_with_legal_actions_in_every_phase() -> None:
    """stake_range lists exactly the Stake amounts of legal_actions."""
    state = pl.new_game(RULES, [6, 50, 3, 50], dealer=0, deck=DECK)
    seen = 0
    while state.phase is not pl.Phase.OVER:
        listed = pl.legal_actions(state)
        stakes = [a.amount for a in listed if isinstance(a, pl.Stake)]
        assert stakes == list(pl.stake_range(state))
        state = pl.apply_or_raise(state, listed[-1])
        seen += 1
    assert seen > 3
    assert pl.stake_range(state) == range(0)


def _refuse_in_worker(seat: int) -> None:
    pl.apply_or_raise(SAY, pl.Stake(seat=seat, amount=2))


def _bad_rules_in_worker(ante: int) -> None:
    pl.Rules(ante=ante, limit=4)


_REFUSAL = pl.apply(SAY, pl.Pass(seat=0))
assert isinstance(_REFUSAL, pl.RuleViolation)

EXCEPTIONS: list[Exception] = [
    pl.IllegalActionError(_REFUSAL),
    pl.InvalidRules(19, "the ante (3) may not be more than half the limit (4)"),
    pl.TableOver((1,), 3),
    pl.IllegalRecord(4, _REFUSAL),
    pl.NotationError("'1x' is not a card"),
]


@pytest.mark.parametrize("error", EXCEPTIONS, ids=lambda e: type(e).__name__)
def test_every_exception_pickles_with_its_fields(error: Exception) -> None:
    """Every exception pokerlaws raises crosses a process: it pickles and comes back equal,
    with its fields."""
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error)
    assert again.args == error.args
    fields: dict[str, Any] = {k: v for k, v in vars(error).items() if not k.startswith("__")}
    assert {k: getattr(again, k) for k in fields} == fields
    assert copy.deepcopy(error).args == error.args


def test_refusals_raised_in_worker_processes_reach_the_caller() -> None:
    """A refusal raised in a ProcessPoolExecutor worker arrives whole, and the pool lives on."""
    with ProcessPoolExecutor(max_workers=1) as pool:
        with pytest.raises(pl.IllegalActionError) as raised:
            pool.submit(_refuse_in_worker, 3).result(timeout=60)
        assert raised.value.law == 25
        assert isinstance(raised.value.violation, pl.NotYourTurn)
        with pytest.raises(pl.InvalidRules) as bad:
            pool.submit(_bad_rules_in_worker, 3).result(timeout=60)
        assert bad.value.law == 19
        after = pool.submit(pl.apply, SAY, pl.Pass(seat=2)).result(timeout=60)
        assert isinstance(after, pl.GameState)
        assert after.to_act == 3


def test_law_34_a_subclass_of_an_action_in_the_wrong_phase_is_refused_with_its_law() -> None:
    """A caller's subclass of ``Discard`` offered in the say is refused as a ``Discard`` is
    (Law 34: the draw comes after the say), not a ``KeyError`` from the engine's table of
    where each action belongs, and the state is unchanged."""

    class MarkedDiscard(pl.Discard):
        pass

    state = pl.new_game(RULES, [20, 20, 20], dealer=0, deck=DECK)
    while state.phase is pl.Phase.STRADDLE:
        state = pl.apply_or_raise(state, pl.legal_actions(state)[-1])
    assert state.phase is pl.Phase.SAY
    before = snapshot(state)
    seat = state.to_act
    assert seat is not None
    refused = pl.apply(state, MarkedDiscard(seat=seat, cards=()))
    assert isinstance(refused, pl.WrongPhase), refused
    assert refused.law == 34
    plain = pl.apply(state, pl.Discard(seat=seat, cards=()))
    assert isinstance(plain, pl.WrongPhase)
    assert str(refused) == str(plain)
    assert snapshot(state) == before
