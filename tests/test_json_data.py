"""The documents as Python data (``to_data``/``from_data``), and documents nested in others
read as they stand: a server embeds views in its own messages and reads back the actions its
clients copy from them, with the strictness of ``from_json`` and nothing shared with the
caller's objects."""

from __future__ import annotations

import collections
import enum
import json
import re
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pokerlaws as pl
import pokerlaws.strategies as ps
from pokerlaws.actions import LegalActions
from tests.generated_states import game_states, states_and_seats
from tests.test_json import GAMES, SPOILERS, VALIDATOR, _sitting_documents, documents, places

PLAIN = (dict, list, str, int, bool, type(None))


def containers(data: Any) -> Iterator[object]:
    """Every dict and list in ``data``, itself included."""
    if type(data) in (dict, list):
        yield data
        for item in data.values() if type(data) is dict else data:
            yield from containers(item)


def assert_plain(data: Any, path: str = "$") -> None:
    """``data`` is made of exactly the types json.loads returns (no float: none is written)."""
    assert type(data) in PLAIN, (path, type(data))
    if type(data) is dict:
        for name, item in data.items():
            assert type(name) is str, (path, name)
            assert_plain(item, f"{path}.{name}")
    elif type(data) is list:
        for index, item in enumerate(data):
            assert_plain(item, f"{path}[{index}]")


def all_documents() -> st.SearchStrategy[object]:
    return documents() | st.sampled_from(_sitting_documents())


@GAMES
@given(all_documents())
def test_to_data_is_the_json_text_read_back_and_from_data_reads_it(value: object) -> None:
    """``to_data(v) == json.loads(to_json(v))``, made of plain dicts, lists and scalars, every
    container its own; ``from_data`` reads it back to ``v``, as ``from_json`` reads the text."""
    data = pl.to_data(value)
    assert data == json.loads(pl.to_json(value))
    assert_plain(data)
    found = list(containers(data))
    assert len({id(container) for container in found}) == len(found)
    again = pl.to_data(value)
    assert not {id(c) for c in found} & {id(c) for c in containers(again)}
    VALIDATOR.validate(data)
    assert pl.from_data(data) == value
    assert data == again, "from_data changed the caller's document"


@GAMES
@given(all_documents(), st.data())
def test_from_data_reads_data_as_from_json_reads_its_text(
    value: object, data: st.DataObject
) -> None:
    """Put any JSON value anywhere in a document: ``from_data`` gives the same value, or the
    same NotationError, as ``from_json`` of the same document as text."""
    document = pl.to_data(value)
    _, container, key = data.draw(st.sampled_from(list(places(document))))
    container[key] = data.draw(st.sampled_from(SPOILERS) | st.integers(-2, 12))
    text = json.dumps(document)
    try:
        expected: object = pl.from_json(text)
    except pl.NotationError as error:
        expected = error.message
    try:
        read: object = pl.from_data(document)
    except pl.NotationError as error:
        read = error.message
    assert read == expected


class Seat(enum.IntEnum):
    ANN = 1


class Name(str):
    pass


class Chips(float):
    pass


class Shouting(str):
    def __str__(self) -> str:
        return self.upper()


class Rounded(int):
    def __int__(self) -> int:
        return 0


@pytest.mark.parametrize(
    ("spoil", "path", "kind"),
    [
        (lambda d: d.update(cards=tuple(d["cards"])), "$.cards", "tuple"),
        (lambda d: d.update(cards=set(d["cards"])), "$.cards", "set"),
        (lambda d: d.update(seat=Seat.ANN), "$.seat", "Seat"),
        (lambda d: d.update(cards=[Name(d["cards"][0])]), "$.cards[0]", "Name"),
        (lambda d: d.update(seat=Chips(1.0)), "$.seat", "Chips"),
        (lambda d: d.update(seat=b"1"), "$.seat", "bytes"),
    ],
    ids=["tuple", "set", "IntEnum", "str subclass", "float subclass", "bytes"],
)
def test_from_data_refuses_what_no_json_text_parses_to(spoil: Any, path: str, kind: str) -> None:
    """A tuple where a list stands, an IntEnum where an int stands, a subclass of str: no
    JSON text parses to them, and from_data converts none of them (``json.dumps`` would
    write each as something else); a TypeError names its place."""
    document = pl.to_data(pl.Discard(seat=1, cards=pl.parse_cards("Th Jk")))
    spoil(document)
    with pytest.raises(TypeError, match=rf"^{re.escape(path)}: .* and {kind} is none of them"):
        pl.from_data(document)


def test_from_data_refuses_a_dict_that_is_no_json_object() -> None:
    stake = pl.to_data(pl.Stake(seat=1, amount=2))
    with pytest.raises(TypeError, match=r"^\$: .* OrderedDict is none of them"):
        pl.from_data(collections.OrderedDict(stake))
    named_by_an_int: dict[object, object] = {7: 1}
    named_by_an_int.update(stake)
    with pytest.raises(TypeError, match=r"^\$: a member's name is a str in JSON, not the int 7"):
        pl.from_data(named_by_an_int)
    with pytest.raises(TypeError, match="none of them"):
        pl.from_data(pl.Stake(seat=1, amount=2))
    with pytest.raises(TypeError, match="to_data cannot write a dict"):
        pl.to_data(stake)


def test_from_data_refuses_a_bool_or_a_float_for_an_integer_as_from_json_does() -> None:
    """``True`` is no count of chips and ``2.0`` is a number written with a fraction: both
    are JSON values, refused as NotationErrors naming the member."""
    stake = pl.to_data(pl.Stake(seat=1, amount=2))
    with pytest.raises(pl.NotationError, match=r"^\$.amount: expected an integer, not a bool"):
        pl.from_data({**stake, "amount": True})
    with pytest.raises(pl.NotationError, match=r"^\$.amount: expected an integer written in"):
        pl.from_data({**stake, "amount": 2.0})


def test_from_data_refuses_a_cycle_and_deep_nesting_as_too_deep() -> None:
    game = pl.new_game(pl.Rules(ante=1, limit=4), [9, 9], dealer=0, deck=pl.shuffled_deck(1))
    record = pl.to_data(pl.record(game))
    cycle: list[object] = []
    cycle.append(cycle)
    deep: list[object] = []
    for _ in range(40):
        deep = [deep]
    for spoiled in (cycle, deep):
        with pytest.raises(pl.NotationError, match="nests arrays and objects more than 32 deep"):
            pl.from_data({**record, "tags": spoiled})


def test_from_data_keeps_nothing_of_the_callers_objects() -> None:
    """The value read holds no list or dict of the caller's, and the caller's document is
    left as it was (its ``format`` member too): changing it afterwards changes nothing read."""
    state = pl.new_game(pl.Rules(ante=1, limit=4), [9, 9, 9], dealer=0, deck=pl.shuffled_deck(3))
    game = pl.record(state, tags=(("date", "1891"),))
    document = pl.to_data(game)
    before = json.dumps(document)
    read = pl.from_data(document)
    assert json.dumps(document) == before
    for container in containers(document):
        container.clear()  # type: ignore[attr-defined]
    assert read == game
    assert pl.to_data(read) == json.loads(before)


def test_to_data_writes_plain_values_for_an_int_enum_seat_and_a_str_subclass_tag() -> None:
    """A seat may be an IntEnum and a tag a str subclass (both are what the shape checks
    ask); the document holds the int and the str that ``json.loads`` would give."""
    stake = pl.Stake(seat=Seat.ANN, amount=2)
    assert pl.to_data(stake) == json.loads(pl.to_json(stake))
    assert type(pl.to_data(stake)["seat"]) is int
    game = pl.record(
        pl.new_game(pl.Rules(ante=1, limit=4), [9, 9], dealer=0, deck=pl.shuffled_deck(1)),
        tags=((Name("date"), Name("1891")),),
    )
    tags = pl.to_data(game)["tags"]
    assert tags == [["date", "1891"]]
    assert {type(text) for pair in tags for text in pair} == {str}
    # What a subclass says of itself (its __str__, its __int__) is not what it holds, which
    # is what json.dumps writes.
    odd = attrs.evolve(game, tags=((Shouting("date"), "x"),))
    odd_stake = pl.Stake(seat=Rounded(1), amount=Rounded(2))
    for value in (odd, odd_stake):
        assert pl.to_data(value) == json.loads(pl.to_json(value))
    assert pl.to_data(odd_stake)["amount"] == 2


# --- Documents nested in others, read as they stand -----------------------------------------


def read_as_it_stands(nested: dict[str, Any]) -> object:
    """A nested document read alone, as text and as data, once the schema accepts it."""
    VALIDATOR.validate(nested)
    assert "format" not in nested
    value = pl.from_json(json.dumps(nested))
    assert pl.from_data(nested) == value
    return value


@GAMES
@given(states_and_seats())
def test_a_views_legal_actions_and_history_are_documents_read_as_they_stand(
    case: tuple[pl.GameState, int],
) -> None:
    """An action copied from a view's menu (or its history) is a document: a client sends it
    back as it found it, and the server reads the very action, which the laws allow."""
    state, seat = case
    seen = pl.view(state, seat)
    document = pl.to_data(seen)
    menu = seen.legal_actions
    listed = menu.others if isinstance(menu, LegalActions) else menu
    copied = document["legal_actions"]
    copied = copied["others"] if isinstance(copied, dict) else copied
    assert [read_as_it_stands(action) for action in copied] == list(listed)
    assert all(pl.is_legal(state, action) for action in listed)
    steps = [step for step in document["history"] if step["type"] != "HiddenDiscard"]
    public = [step for step in seen.history if not isinstance(step, pl.HiddenDiscard)]
    assert [read_as_it_stands(step) for step in steps] == public


@GAMES
@given(game_states(), st.data())
def test_a_records_actions_and_a_violations_action_are_documents_read_as_they_stand(
    state: pl.GameState, data: st.DataObject
) -> None:
    game = pl.record(state)
    for document in (pl.to_data(game), pl.to_data(state)["record"]):
        assert [read_as_it_stands(action) for action in document["actions"]] == list(game.actions)
    if not state.is_over:
        refused = pl.apply(state, data.draw(ps.illegal_actions(state)))
        assert isinstance(refused, pl.RuleViolation)
        assert read_as_it_stands(pl.to_data(refused)["action"]) == refused.action


def test_a_document_without_its_format_is_read_as_pokerlaws_1() -> None:
    """The format member may be left out (the seat protocol's bots leave it out); one that is
    given must be pokerlaws/1."""
    assert pl.from_json('{"type": "Stake", "seat": 2, "amount": 3}') == pl.Stake(seat=2, amount=3)
    assert pl.from_data({"type": "Pass", "seat": 1}) == pl.Pass(seat=1)
    with pytest.raises(pl.NotationError, match=r"^\$.format: unknown format 'pokerlaws/2'"):
        pl.from_data({"format": "pokerlaws/2", "type": "Pass", "seat": 1})
