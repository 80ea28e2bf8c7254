"""Values are refused when built (issue 16): every public value that ``to_json``,
``format_record`` or ``format_sitting_record`` writes checks its fields' shape, so writing
never fails on a value that exists, and what is written validates against the schema and
encodes as UTF-8.

A wrong type is a ``TypeError``; a value nothing can hold (a negative count of chips where
the notation writes digits, a card twice in one pack, an empty tag name, a lone surrogate)
a ``ValueError``; ``attrs.evolve`` runs the same checks. Legality stays with the laws: a
record whose game cannot begin is still a record, which ``format_record`` and ``replay``
refuse with a ``ValueError`` saying why.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from jsonschema import Draft202012Validator

import pokerlaws as pl
from pokerlaws.views import HiddenDiscard, ShownHand
from tests.sitting_play import play_games

VALIDATOR = Draft202012Validator(pl.json_schema())
PEEL = pl.parse_record((Path(__file__).parent / "golden" / "peel.record").read_text("utf-8"))
loose: Any = attrs  # evolve with values of the wrong type, as a caller without mypy does


def _sitting() -> pl.Sitting:
    """A sitting with games, a newcomer and a game in play."""
    sitting = pl.start_sitting(
        pl.Rules(ante=1, limit=4),
        [("Ann", 20), ("Bob", 20), ("Cy", 20)],
        cut=pl.shuffled_deck(1),
        deck=pl.shuffled_deck(2),
    )
    sitting = play_games(sitting, random.Random(1), 2)
    sitting = pl.join(sitting, "Dee", 10, seat=1)
    sitting = pl.deal_next(sitting, deck=pl.shuffled_deck(5))
    played = pl.play(sitting, pl.legal_actions(sitting.game)[0])
    assert isinstance(played, pl.Sitting)
    return played


SITTING = _sitting()
FINISHED = SITTING
while not FINISHED.between_games:
    _next = pl.play(FINISHED, pl.legal_actions(FINISHED.game)[0])
    assert isinstance(_next, pl.Sitting)
    FINISHED = _next
GAME = SITTING.game
VIEW = pl.view(GAME, GAME.to_act or 0)
SITTING_VIEW = pl.sitting_view(SITTING, "Bob")

# Every public value to_json writes, or format_record and format_sitting_record write, as
# the library builds it.
VALUES: list[object] = [
    attrs.evolve(PEEL, tags=(("date", "1891"),)),
    GAME,
    VIEW,
    pl.record_sitting(SITTING),
    SITTING,
    SITTING_VIEW,
    pl.settle(FINISHED),
    pl.Join(name="Eve", chips=3, seat=1),
    pl.Leave(name="Eve"),
    pl.BuyChips(name="Eve", chips=2),
    pl.LateReport(report=pl.Lift(seat=0)),
    pl.ChangeRules(name="Eve", rules=pl.Rules(ante=1, limit=2)),
    pl.SittingTerms(kitty_percent=5),
    pl.change_rules(SITTING, pl.Rules(ante=1, limit=2), name="Ann"),
    pl.Rules(ante=1, limit=2),
    pl.HandRules(),
    pl.NotYourTurn(law=36, seat=1, action=pl.Pass(seat=1), message="Law 36: seat 1 ..."),
    pl.Stake(seat=1, amount=2),
    pl.Dispute(seat=1, parties=(0, 2)),
]


# Values written only inside others: each is put back where it stands to be written.
def _in_view_shown(value: ShownHand) -> object:
    return attrs.evolve(VIEW, shown=(value,))


def _in_view_history(value: HiddenDiscard) -> object:
    return attrs.evolve(VIEW, history=(value,))


def _in_sitting_view(value: pl.Turn) -> object:
    return attrs.evolve(SITTING_VIEW, to_act=value)


def _in_sitting(value: pl.Account) -> object:
    return attrs.evolve(SITTING, accounts=(value, *SITTING.accounts[1:]))


INNER: list[tuple[object, Callable[[Any], object]]] = [
    (ShownHand(seat=1, cards=pl.parse_cards("2c 3c")), _in_view_shown),
    (HiddenDiscard(seat=1, count=2), _in_view_history),
    (pl.Turn(name="Bob", seat=1), _in_sitting_view),
    (SITTING.accounts[0], _in_sitting),
]

JUNK: list[object] = [
    object(),
    "x",
    "",
    1.5,
    -1,
    None,
    True,
    [],
    (),
    ("x",),
    (1.5,),
    (-1,),
    (None,),
    (("\ud800", "a"),),
    ("\ud800",),
    "\ud800",
    "Ann\x1b[2J",
]


def writes_or_refuses_plainly(value: object) -> None:
    """``to_json`` writes ``value`` as a valid UTF-8 document; the text notations write it
    or refuse it with a ValueError saying why it cannot be written."""
    text = pl.to_json(value)
    text.encode("utf-8")
    VALIDATOR.validate(json.loads(text))
    if isinstance(value, pl.GameRecord):
        _written_or_refused(pl.format_record, value)
    if isinstance(value, pl.SittingRecord):
        _written_or_refused(pl.format_sitting_record, value)


def _written_or_refused(write: Callable[[Any], str], value: object) -> None:
    try:
        write(value)
    except ValueError as error:
        message = str(error)
    else:
        return
    assert "cannot be written" in message, message


def _cases() -> list[Any]:
    cases = []
    for value, wrap in [*((v, None) for v in VALUES), *INNER]:
        kind: Any = type(value)
        for field in attrs.fields(kind):
            if field.init:
                name = field.name.lstrip("_")
                cases.append(pytest.param(value, wrap, name, id=f"{type(value).__name__}.{name}"))
    return cases


_WRITTEN: set[tuple[int, object]] = set()


@pytest.mark.parametrize(("value", "wrap", "name"), _cases())
def test_no_value_that_exists_fails_to_be_written(
    value: object, wrap: Callable[[Any], object] | None, name: str
) -> None:
    """Put a wrong value in any field of any value written: building it is a TypeError or
    a ValueError, or the value is written, validates and encodes."""
    # The value as built is checked once a worker, not once for each of its fields (a
    # sitting's document took 0.4 s of CPU to write and validate, ten times over).
    if (id(value), wrap) not in _WRITTEN:
        writes_or_refuses_plainly(value if wrap is None else wrap(value))
        _WRITTEN.add((id(value), wrap))
    for junk in JUNK:
        try:
            changed = loose.evolve(value, **{name: junk})
            built = changed if wrap is None else wrap(changed)
        except (TypeError, ValueError):
            continue
        writes_or_refuses_plainly(built)


# --- GameRecord: the findings, one by one --------------------------------------------------

FINDINGS: list[tuple[str, object, type[Exception], str]] = [
    ("rules", "x", TypeError, r"GameRecord\.rules must be a Rules, not str \('x'\)"),
    ("tags", ((1, 2),), TypeError, r"GameRecord\.tags\[0\]\[0\] must be a str, not int"),
    ("tags", (("a", 1),), TypeError, r"GameRecord\.tags\[0\]\[1\] must be a str, not int"),
    ("tags", [("a", "b")], TypeError, r"GameRecord\.tags must be a tuple, not list"),
    ("tags", (("a",),), TypeError, r"GameRecord\.tags\[0\] must be a pair"),
    ("tags", (("", "b"),), ValueError, r"GameRecord\.tags\[0\]\[0\] must not be empty"),
    ("tags", (("a", "\ud800"),), ValueError, r"GameRecord\.tags\[0\]\[1\] holds '\\ud800'"),
    ("actions", ("x",), TypeError, r"GameRecord\.actions\[0\] must be an action or a report"),
    ("stacks", (1.5, 200, 200), TypeError, r"GameRecord\.stacks\[0\] must be an int"),
    ("stacks", (-1, 200, 200), ValueError, r"GameRecord\.stacks\[0\] must be 0 or more"),
    ("stacks", (True, 200), TypeError, r"GameRecord\.stacks\[0\] must be an int"),
    ("dealer", "0", TypeError, r"GameRecord\.dealer must be an int, not str \('0'\)"),
    ("dealer", -1, ValueError, r"GameRecord\.dealer must be 0 or more, not -1"),
    ("carried", -2, ValueError, r"GameRecord\.carried must be 0 or more, not -2"),
    ("jackpot_round", 1.0, TypeError, r"GameRecord\.jackpot_round must be an int"),
    ("deck", ("Kc",), TypeError, r"GameRecord\.deck\[0\] must be a Card, not str"),
    ("deck", pl.parse_cards("Kc Kc"), ValueError, r"GameRecord\.deck holds Kc twice"),
]


@pytest.mark.parametrize(("field", "value", "kind", "message"), FINDINGS)
def test_a_game_record_refuses_a_wrong_value_when_built(
    field: str, value: object, kind: type[Exception], message: str
) -> None:
    """The values the issue measured (accepted, then format_record and to_json failed with
    AttributeError or KeyError, or wrote a document the schema refuses) are refused by
    ``attrs.evolve`` and by the constructor, naming the field."""
    with pytest.raises(kind, match=message):
        loose.evolve(PEEL, **{field: value})
    fields = {f.name: getattr(PEEL, f.name) for f in attrs.fields(pl.GameRecord)}
    with pytest.raises(kind, match=message):
        pl.GameRecord(**{**fields, field: value})


def test_record_checks_its_tags() -> None:
    state = pl.replay(PEEL)
    tags: Any = (("a", 1),)
    with pytest.raises(TypeError, match=r"GameRecord\.tags\[0\]\[1\] must be a str"):
        pl.record(state, tags=tags)
    with pytest.raises(ValueError, match="lone surrogate"):
        pl.record(state, tags=(("date", "\udfff"),))
    assert pl.record(state, tags=[("a", "b")]).tags == (("a", "b"),)


def test_a_record_whose_game_cannot_begin_is_a_value_format_record_refuses() -> None:
    """Shape is not legality: a dealer off the table is a record, which cannot be written."""
    game = attrs.evolve(PEEL, dealer=7)
    with pytest.raises(ValueError, match="cannot be written"):
        pl.format_record(game)
    VALIDATOR.validate(json.loads(pl.to_json(game)))
