"""Versioned JSON: every value round-trips exactly, every output validates against the shipped
schema (checked with ``jsonschema``, never by hand), and malformed input is a NotationError
naming the JSON path, never a traceback from inside."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import pokerlaws as pl
import pokerlaws.strategies as ps
from tests.generated_states import game_states, states_and_seats
from tests.parts import run_part

VALIDATOR = Draft202012Validator(pl.json_schema())
GAMES = settings.get_profile("games")
"""For tests drawing played states: each is replayed, then checked against the schema."""


def round_trip(value: object) -> None:
    """The value's document validates, reads back equal, and is its ``to_data`` (which
    ``from_data`` reads back equal too)."""
    text = pl.to_json(value)
    document = json.loads(text)
    VALIDATOR.validate(document)
    assert document["format"] == "pokerlaws/1"
    assert document["type"] == type(value).__name__
    assert pl.from_json(text) == value
    assert pl.to_data(value) == document
    assert pl.from_data(document) == value


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


def refused_with(text: str | bytes) -> str:
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
    if path == "$.format" and how == "drop":
        how = "fraction"  # a document may leave out its format (tests/test_json_data.py)
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
    assert refused_with(json.dumps({**document, "format": None})).startswith("$.format")


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
    for member, value in (("dealer", 9), ("stacks", [40, 0, 0])):
        document = {**good, member: value}
        assert refused_with(json.dumps(document)).startswith("$: the game cannot begin")
    # A negative seat is no seat at all, whatever the table: the record's own shape check.
    document = {**good, "dealer": -1}
    assert refused_with(json.dumps(document)).startswith("$.dealer: GameRecord.dealer must be 0")
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


# --- Hostile documents (issue 16) -------------------------------------------------------


def _nesting(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_nesting, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_nesting, value), default=0)
    return 0


def _schema_nesting(node: Any, defs: dict[str, Any], seen: tuple[str, ...] = ()) -> int:
    """The deepest nesting a document the schema accepts can have (counted generously)."""
    if not isinstance(node, dict):
        return 0
    deepest = 0
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[1]
        assert name not in seen, "the schema is not recursive"
        deepest = _schema_nesting(defs[name], defs, (*seen, name))
    for key in ("oneOf", "anyOf", "allOf", "prefixItems"):
        for inner in node.get(key, []):
            deepest = max(deepest, _schema_nesting(inner, defs, seen))
    deepest = max(deepest, _schema_nesting(node.get("then"), defs, seen))
    members = [*node.get("properties", {}).values(), *node.get("prefixItems", [])]
    members += [node["items"]] if isinstance(node.get("items"), dict) else []
    if members:
        deepest = max(deepest, 1 + max(_schema_nesting(m, defs, seen) for m in members))
    return deepest


def test_a_document_nested_deeper_than_32_is_refused_before_it_is_parsed() -> None:
    """A 10 KB document nested 5,000 deep is a NotationError saying so, whatever the
    interpreter's recursion limit: the nesting is measured before the text is parsed (the
    reader recursed until then, and a raised limit would have let it exhaust the stack)."""
    pass_ = json.dumps({"format": "pokerlaws/1", "type": "Pass", "seat": 1})
    texts = {
        5000: "[" * 5000 + "]" * 5000,
        5001: pass_[:-1] + ', "x": ' + '{"a": ' * 5000 + "1" + "}" * 5000 + "}",
    }
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(30_000)
    try:
        for depth, text in texts.items():
            assert len(text) >= 10_000
            for form in (text, text.encode("utf-8"), text.encode("utf-16")):
                with pytest.raises(pl.NotationError, match=f"nests arrays and objects {depth} "):
                    pl.from_json(form)
    finally:
        sys.setrecursionlimit(limit)


def test_brackets_in_strings_are_no_nesting_and_no_document_nests_deeper_than_7() -> None:
    """The nesting counts arrays and objects, not the text of strings; every document
    to_json writes nests 7 deep at most, and none the schema accepts nests deeper than 32."""
    text = '[[[{{{]]]}}}\\"[' * 20
    game = pl.record(_finished_game(), tags=((text, text),))
    assert pl.from_json(pl.to_json(game)) == game
    from tests.test_values import VALUES

    assert max(_nesting(json.loads(pl.to_json(value))) for value in VALUES) == 7
    schema = pl.json_schema()
    assert 7 <= _schema_nesting(schema, schema["$defs"]) <= 32


@pytest.mark.parametrize(
    ("value", "spoil", "path"),
    [
        (pl.record(_finished_game(), tags=(("date", "x"),)), ('"x"', '"\\ud800"'), "$.tags[0][1]"),
        (
            pl.record(_finished_game(), tags=(("date", "x"),)),
            ('"date"', '"\\udfff"'),
            "$.tags[0][0]",
        ),
        (pl.Leave(name="Ann"), ('"Ann"', '"Ann\\udc80"'), "$.name"),
        (
            pl.NotYourTurn(law=36, seat=1, action=pl.Pass(seat=1), message="m"),
            ('"m"', '"\\ude00\\ud83d"'),
            "$.message",
        ),
    ],
    ids=["tag value", "tag name", "name", "message"],
)
def test_a_lone_surrogate_in_a_document_is_refused_at_its_place(
    value: object, spoil: tuple[str, str], path: str
) -> None:
    """JSON lets "\\ud800" stand alone, but no UTF-8 text holds it: from_json refuses it
    where it stands, escaped or raw (bytes in UTF-8 with surrogates passed), and never
    returns a value that to_json could not encode."""
    text = pl.to_json(value).replace(*spoil)
    assert VALIDATOR.is_valid(json.loads(text))  # the schema cannot say it
    raw = json.loads(text)
    for form in (text, json.dumps(raw, ensure_ascii=False).encode("utf-8", "surrogatepass")):
        message = refused_with(form)
        assert message.startswith(f"{path}: holds "), message
        assert "a lone surrogate" in message


def test_an_escaped_pair_of_surrogates_is_the_character_it_spells() -> None:
    text = pl.to_json(pl.Leave(name="Ann")).replace('"Ann"', '"Ann \\ud83c\\udccf"')
    assert pl.from_json(text) == pl.Leave(name="Ann \U0001f0cf")


@pytest.mark.parametrize("written", ["3.0", "3e0", "0.3E1", "30e-1", "3.000"])
def test_an_integer_is_written_in_digits_alone_which_the_schema_cannot_say(written: str) -> None:
    """JSON Schema's integer is any whole number however written; from_json reads one as
    typed readers do, in digits alone (docs/notation.md lists the difference)."""
    text = pl.to_json(pl.Stake(seat=2, amount=3)).replace('"amount": 3', f'"amount": {written}')
    assert VALIDATOR.is_valid(json.loads(text))
    message = refused_with(text)
    assert message == "$.amount: expected an integer written in digits alone, not the number 3.0"


def test_minus_zero_is_json_s_way_of_writing_the_integer_0() -> None:
    text = pl.to_json(pl.Stake(seat=0, amount=3)).replace('"seat": 0', '"seat": -0')
    assert pl.from_json(text) == pl.Stake(seat=0, amount=3)


def test_a_repeated_member_is_refused_which_the_schema_cannot_see() -> None:
    text = '{"format": "pokerlaws/1", "type": "Pass", "seat": 1, "seat": 2}'
    assert VALIDATOR.is_valid(json.loads(text))
    assert "'seat' is given twice" in refused_with(text)


NOTATION_PAGE = (Path(__file__).parents[1] / "docs" / "notation.md").read_text("utf-8")
# What from_json refuses that the schema accepts, as the messages say it, each listed in
# docs/notation.md ("JSON and its schema") under the words given.
DIFFERENCES = {
    "written in digits alone": "digits alone",
    "is given twice": "No member is repeated",
    "a lone surrogate": "No lone surrogate",
    "must be printable text": "A player's name is printable text",
    "Law 19": "Law 19",
    "the game cannot begin": "a game that can begin",
    "refused: ": "A replay",
    "replaying the record gives": "A replay",
    "expected seats in ascending order": "`shown`",
}


def test_every_difference_between_the_schema_and_from_json_is_listed() -> None:
    section = NOTATION_PAGE.split("## JSON and its schema", 1)[1].split("\n## ", 1)[0]
    for listed in DIFFERENCES.values():
        assert listed in section, listed
    assert "more than 32 deep" in section


def _sitting_documents() -> list[object]:
    from tests.test_values import VALUES

    return VALUES


SPOILERS: list[object] = [
    -1, 0, 1, 2, 81, 82, 101, 10**20, 2.0, 1e2, 2.5, "", "x", " Ann", "Ann\x1b[2J", "\ud800",
    "Kh", True, False, None, [], [0], {}, {"type": "Pass", "seat": 0},
]  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_the_schema_and_from_json_agree_but_for_what_a_schema_cannot_say(
    data: st.DataObject,
) -> None:
    """Put a value anywhere in any kind of document: from_json reads it only if the schema
    accepts it, and refuses what the schema accepts only for a difference listed in
    docs/notation.md."""
    schema_and_from_json_agree(data)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(5))
def test_many_documents_agree_with_the_schema_but_for_what_it_cannot_say(part: int) -> None:
    """3,000 documents, in five parts (tests/parts.py) that pytest-xdist spreads."""
    run_part(
        schema_and_from_json_agree,
        (st.data(),),
        part=part,
        examples=600,
        base=settings(deadline=None),
    )


def schema_and_from_json_agree(data: st.DataObject) -> None:
    value = data.draw(documents() | st.sampled_from(_sitting_documents()))
    document = json.loads(pl.to_json(value))
    _, container, key = data.draw(st.sampled_from(list(places(document))))
    container[key] = data.draw(st.sampled_from(SPOILERS) | st.integers(-2, 12))
    valid = VALIDATOR.is_valid(document)
    try:
        pl.from_json(json.dumps(document))
    except pl.NotationError as error:
        message = error.message
    else:
        assert valid, "from_json read what the schema refuses"
        return
    if valid:
        assert any(said in message for said in DIFFERENCES), message
