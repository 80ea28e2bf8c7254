"""Versioned JSON: every value round-trips exactly, every output validates against the shipped
schema (checked with ``jsonschema``, never by hand), and malformed input is a NotationError
naming the JSON path, never a traceback from inside."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import pokerlaws as pl
import pokerlaws.strategies as ps
from tests.generated_states import game_states, states_and_seats

VALIDATOR = Draft202012Validator(pl.json_schema())
GAMES = settings.get_profile("games")
"""For tests drawing played states: each is replayed, then checked against the schema."""


def round_trip(value: object) -> None:
    text = pl.to_json(value)
    document = json.loads(text)
    VALIDATOR.validate(document)
    assert document["format"] == "pokerlaws/1"
    assert document["type"] == type(value).__name__
    assert pl.from_json(text) == value


def test_the_schema_is_a_draft_2020_12_schema() -> None:
    """The shipped schema is itself valid, and json_schema gives a fresh copy each time."""
    Draft202012Validator.check_schema(pl.json_schema())
    pl.json_schema()["title"] = "changed"
    assert pl.json_schema()["title"] == "pokerlaws/1"


def test_a_stake_is_written_as_the_contract_shows() -> None:
    """The shape of a document: format, type, then the fields; cards as their text."""
    assert json.loads(pl.to_json(pl.Stake(seat=2, amount=3))) == {
        "format": "pokerlaws/1",
        "type": "Stake",
        "seat": 2,
        "amount": 3,
    }
    discard = json.loads(pl.to_json(pl.Discard(seat=1, cards=pl.parse_cards("Jk Th"))))
    assert discard["cards"] == ["Th", "Jk"]


@GAMES
@given(game_states())
def test_states_round_trip(state: pl.GameState) -> None:
    """A state is its record replayed: equal in every field, internal bookkeeping too."""
    round_trip(state)


@GAMES
@given(game_states(over=True))
def test_records_of_whole_games_round_trip(state: pl.GameState) -> None:
    round_trip(pl.record(state, tags=(("Event", "Peel's club"), ("Date", "1891-01-01"))))
    round_trip(state)


@given(st.one_of(ps.rules(), ps.rules(joker=True)), ps.hand_rules())
def test_rules_round_trip(rules: pl.Rules, hands: pl.HandRules) -> None:
    round_trip(rules)
    round_trip(hands)


@GAMES
@given(st.data())
def test_actions_and_violations_round_trip(data: st.DataObject) -> None:
    """Every action, legal or not, and every violation apply returns for one."""
    state = data.draw(game_states())
    round_trip(data.draw(ps.actions(state)))
    if state.phase is not pl.Phase.OVER:
        round_trip(data.draw(ps.legal_actions(state)))
    refused = pl.apply(state, data.draw(ps.illegal_actions(state)))
    assert isinstance(refused, pl.RuleViolation)
    round_trip(refused)


@GAMES
@given(states_and_seats())
def test_views_round_trip(case: tuple[pl.GameState, int]) -> None:
    round_trip(pl.view(*case))


def test_every_violation_class_round_trips() -> None:
    """Each RuleViolation subclass has its own type in the format."""
    kinds = [
        value
        for name in pl.__all__
        if isinstance(value := getattr(pl, name), type) and issubclass(value, pl.RuleViolation)
    ]
    assert len(kinds) > 20
    for kind in kinds:
        round_trip(kind(law=36, seat=1, action=pl.Pass(seat=1), message="Law 36: seat 1 ..."))


# --- Malformed input --------------------------------------------------------------------


def places(document: Any, path: str = "$") -> Iterator[tuple[str, Any, Any]]:
    """Every (path, container, key) in ``document``, the root's members included."""
    if isinstance(document, dict):
        for key, value in document.items():
            yield f"{path}.{key}", document, key
            yield from places(value, f"{path}.{key}")
    elif isinstance(document, list):
        for index, value in enumerate(document):
            yield f"{path}[{index}]", document, index
            yield from places(value, f"{path}[{index}]")


def documents() -> st.SearchStrategy[object]:
    return st.one_of(
        game_states(),
        game_states().map(pl.record),
        states_and_seats().map(lambda case: pl.view(*case)),
        ps.rules(),
        st.builds(pl.Stake, seat=st.integers(-1, 9), amount=st.integers()),
    )


def refused_with(text: str) -> str:
    with pytest.raises(pl.NotationError) as error:
        pl.from_json(text)
    return str(error.value)


@GAMES
@given(documents(), st.data())
def test_a_wrong_shape_is_a_notation_error_naming_the_path(
    value: object, data: st.DataObject
) -> None:
    """Drop a member, add one, put a fraction anywhere, or spoil a card: the schema refuses
    the document, and from_json raises NotationError naming where."""
    document = json.loads(pl.to_json(value))
    spots = list(places(document))
    path, container, key = data.draw(st.sampled_from(spots))
    how = data.draw(st.sampled_from(["drop", "add", "fraction", "card"]))
    expect = path
    if how == "drop" and isinstance(container, dict):
        del container[key]
    elif how == "add" and isinstance(container[key], dict):
        container[key]["zzz"] = 1
    elif how == "card" and isinstance(container[key], str) and len(container[key]) == 2:
        container[key] = "Xx"
    else:
        container[key] = 0.5
    assert not VALIDATOR.is_valid(document)
    message = refused_with(json.dumps(document))
    assert message.startswith(expect), (message, expect)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
)


@GAMES
@given(documents(), st.data(), json_values)
def test_anything_the_schema_refuses_is_a_notation_error(
    value: object, data: st.DataObject, replacement: object
) -> None:
    """Put any JSON value anywhere: from_json returns a value or raises NotationError,
    never anything else; and whatever the schema refuses, from_json refuses too."""
    document = json.loads(pl.to_json(value))
    _, container, key = data.draw(st.sampled_from(list(places(document))))
    container[key] = replacement
    try:
        pl.from_json(json.dumps(document))
    except pl.NotationError:
        return
    assert VALIDATOR.is_valid(document)


def test_an_unknown_format_or_type_is_named() -> None:
    document = json.loads(pl.to_json(pl.Pass(seat=1)))
    assert "pokerlaws/2" in refused_with(json.dumps({**document, "format": "pokerlaws/2"}))
    assert "'Fold'" in refused_with(json.dumps({**document, "type": "Fold"}))
    assert refused_with(json.dumps({"type": "Pass", "seat": 1})).startswith("$.format")


@pytest.mark.parametrize(
    "text", ["", "{", "[]", "3", "null", '{"format": "pokerlaws/1", "format": "x"}', "\udcff"]
)
def test_text_that_is_no_document_is_a_notation_error(text: str) -> None:
    refused_with(text)


def test_to_json_and_from_json_refuse_other_types() -> None:
    with pytest.raises(TypeError):
        pl.to_json(object())
    with pytest.raises(TypeError):
        pl.from_json(3)  # type: ignore[arg-type]


def _finished_game() -> pl.GameState:
    state = pl.new_game(
        pl.Rules(ante=1, limit=4), [10, 10, 10], dealer=0, deck=pl.shuffled_deck(4)
    )
    while not state.is_over:
        state = pl.apply_or_raise(state, pl.legal_actions(state)[-1])
    return state


def test_a_state_whose_fields_disagree_with_its_record_is_refused() -> None:
    """A state is read by replaying its record; a public field that says otherwise is an
    error naming that field, and a refused action names its place in the record."""
    state = _finished_game()
    document = json.loads(pl.to_json(state))
    document["pool"] += 1
    assert refused_with(json.dumps(document)).startswith("$.pool: replaying the record gives")
    document = json.loads(pl.to_json(state))
    document["record"]["actions"][0]["seat"] = 7
    assert refused_with(json.dumps(document)).startswith("$.record.actions[0]: refused")
    document = json.loads(pl.to_json(state))
    document["record"]["deck"].pop()
    assert refused_with(json.dumps(document)).startswith("$.record: the game cannot begin")


def test_a_record_of_impossible_rules_is_refused_at_the_rules() -> None:
    document = json.loads(pl.to_json(pl.record(_finished_game())))
    document["rules"]["ante"] = 3
    assert refused_with(json.dumps(document)).startswith("$.rules: Law 19")


def test_a_record_whose_game_cannot_begin_is_refused_as_the_notation_refuses_it() -> None:
    """A record naming a dealer off the table, one seat with chips or a short deck is not a
    record of any game: a NotationError at the record, like the text notation's."""
    good = json.loads(pl.to_json(pl.record(_finished_game())))
    for member, value in (("dealer", -1), ("dealer", 9), ("stacks", [40, 0, 0])):
        document = {**good, member: value}
        assert refused_with(json.dumps(document)).startswith("$: the game cannot begin")
    document = {**good, "deck": good["deck"][1:]}
    assert refused_with(json.dumps(document)).startswith("$: the game cannot begin")


@GAMES
@given(st.data())
def test_every_report_and_its_refusal_round_trips(data: st.DataObject) -> None:
    """Every kind of report (Laws 8-16, 40, 44-55, 77), and the states and views of games
    carrying them, validate against the schema and read back equal."""
    kind = data.draw(st.sampled_from(pl.reports.REPORT_TYPES))
    report = data.draw(st.builds(kind, seat=st.integers(-1, 10)))
    round_trip(report)
    state = data.draw(game_states())
    result = pl.apply(state, report)
    round_trip(result)
    if isinstance(result, pl.GameState):
        round_trip(pl.view(result, data.draw(st.integers(0, result.num_seats - 1))))
