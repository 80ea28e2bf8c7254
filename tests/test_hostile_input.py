"""Hostile input (issue 16): record texts, sitting texts and JSON documents as strangers
send them, mutated at the level of the text.

Whatever the text, ``parse_record``, ``parse_sitting_record`` and ``from_json`` return a
value or raise ``NotationError``, and nothing else; ``replay`` and ``replay_sitting`` of what
was read raise ``IllegalRecord`` and ``IllegalSittingRecord`` and nothing else; what was
read re-formats and re-reads to the same value; and ``to_json`` of it validates against the
shipped schema, encodes as UTF-8 and reads back equal. A JSON document ``from_json`` reads
is one the schema accepts.

The slow runs (``-m slow``, as ``.ci/run`` runs them) mutate thousands of texts, games and
sittings drawn by ``pokerlaws.strategies`` among them; the quick ones below run a fixed set
in every suite. (The command line's own fuzz, through a subprocess, is in its tests.)
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import pokerlaws as pl
import pokerlaws.strategies as ps
from tests.generated_states import game_states
from tests.parts import run_part
from tests.test_values import VALUES

VALIDATOR = Draft202012Validator(pl.json_schema())
GOLDEN = Path(__file__).parent / "golden"
RECORDS = [path.read_text(encoding="utf-8") for path in sorted(GOLDEN.glob("*.record"))]
PAGE = (Path(__file__).parents[1] / "docs" / "notation.md").read_text(encoding="utf-8")
SITTINGS = [
    PAGE.split("## Sitting records", 1)[1].split("```text\n", 1)[1].split("```", 1)[0],
    *(pl.format_sitting_record(v) for v in VALUES if isinstance(v, pl.SittingRecord)),
]
DOCUMENTS = [pl.to_json(value) for value in VALUES]

# What Python's str methods take for spaces, digits or line ends, and the notation does not;
# halves of characters; quotes, escapes and comments.
CHARACTERS = [
    " ", "\t", "\r", "\n", "\u00a0", "\u2028", "\u2029", "\x1c", "\x1f", "\x85", "\x0b",
    "\x0c", "\ufeff", "\ud800", "\udfff", '"', "\\", "#", "-", "+", "0", "9", "\u0664", "\x00",
    "\x1b", "é", "\U0001f0cf",
]  # fmt: skip
WORDS = [
    "rule", "tag", "stacks", "dealer", "carried", "jackpot_round", "deck", "end", "pass",
    "stake", "deposit", "dispute", "discard", "pat", "shuffle", "redeal", "straddle", "lift",
    "-", "#", '"', '"\\ud800"', '"\\ud83c\\udccf"', '"a\\nb"', "Jk", "Ac", "Ac", "0", "-0",
    "-1", "007", "99999999999999999999", "9" * 5000, "yes", "no", "hands.blaze", "game",
    "player", '"Ann"', '""', "join", "leave", "buy", "report", "sitting", "term",
    "kitty_percent", "101", "pokerlaws-record", "pokerlaws-sitting", "1", "2",
]  # fmt: skip
FRAGMENTS = [
    '"\\ud800"', '"\\udfff\\ud800"', '"\\ud83c\\udccf"', "[" * 40, "{" * 40, "]", "}", "-0",
    "2.0", "1e2", "1E400", "-1", "101", "9" * 5000, "true", "null", '""', ",", ":", '"x"',
    '"seat": 1, ', '"name": "Ann", ', '"type": "Pass", ', '"Kh"', '"Jk"', "\\", '"\\u0000"',
]  # fmt: skip

# Text where text enters: a tag's name or value, a player's name, any JSON string.
TEXTS = [
    '"\\ud800"', '"\\udfff\\ud800"', "\udcff", '"a\\u001b[2J\\nlegal\\nphase over"', '""',
    '" Ann"', '"\\ud83c\\udccf"', '"a name"', "\u00a0x", '"x', "é", "x", '"Kh"', '"\\u0000"',
]  # fmt: skip
NUMBERS = ["2.0", "1e2", "-0", "-1", "0", "3", "101", "9" * 5000, "1E400", "true", "null", '"1"']
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"(?!\s*:)')
_CARD = re.compile(r'"([2-9TJQKA][cdhs]|Jk)"')
_NUMBER = re.compile(r"(?<![\w.])-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")

T = TypeVar("T")


class Chooser(Protocol):
    """Where the choices come from: Hypothesis (which shrinks them) or a seeded RNG."""

    def integer(self, low: int, high: int) -> int: ...

    def choice(self, items: Sequence[T]) -> T: ...


class Drawn:
    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def integer(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high))

    def choice(self, items: Sequence[T]) -> T:
        return self.data.draw(st.sampled_from(items))


class Seeded:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def choice(self, items: Sequence[T]) -> T:
        return self.rng.choice(items)


def mutate_lines(choose: Chooser, text: str) -> str:
    """Lines dropped, repeated, swapped or cut; words and characters changed or added; tags
    and names of hostile text put in."""
    lines = text.split("\n")
    for _ in range(choose.integer(1, 3)):
        i = choose.integer(0, len(lines) - 1)
        kind = choose.integer(0, 9)
        if kind == 8:
            # A tag in a game's header, just after its first line.
            starts = [at for at, line in enumerate(lines) if line.startswith("pokerlaws-record")]
            at = choose.choice(starts or [0]) + 1
            lines.insert(at, f"tag {choose.choice(TEXTS)} {choose.choice(TEXTS)}")
            continue
        if kind == 9:
            # A tag's value or a player's name changed.
            named = [at for at, line in enumerate(lines) if line.split(" ")[0] in NAMED]
            if named:
                at = choose.choice(named)
                word, _, rest = lines[at].partition(" ")
                if word == "tag":
                    lines[at] = f"tag {rest.split(' ')[0]} {choose.choice(TEXTS)}"
                else:
                    found = _STRING.search(rest)
                    end = found.end() if found else len(rest)
                    lines[at] = f"{word} {choose.choice(TEXTS)}{rest[end:]}"
            continue
        if kind == 0 and len(lines) > 1:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[choose.integer(0, len(lines) - 1)])
        elif kind == 2:
            j = choose.integer(0, len(lines) - 1)
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 3:
            lines[i] = lines[i][: choose.integer(0, len(lines[i]))]
        elif kind == 4:
            words = lines[i].split(" ")
            words[choose.integer(0, len(words) - 1)] = choose.choice(WORDS)
            lines[i] = " ".join(words)
        elif kind == 5:
            at = choose.integer(0, len(lines[i]))
            lines[i] = lines[i][:at] + choose.choice(CHARACTERS) + lines[i][at + 1 :]
        elif kind == 6:
            at = choose.integer(0, len(lines[i]))
            lines[i] = lines[i][:at] + choose.choice(CHARACTERS) + lines[i][at:]
        else:
            words = [choose.choice(WORDS) for _ in range(choose.integer(1, 4))]
            lines.insert(i, " ".join(words))
    return "\n".join(lines)


NAMED = ("tag", "player", "join", "leave", "buy")


def mutate_json(choose: Chooser, text: str) -> str:
    """Characters and JSON fragments put in, taken out or swapped in; a member repeated; a
    string or a number swapped for hostile text or another way of writing a number."""
    for _ in range(choose.integer(1, 3)):
        at = choose.integer(0, len(text))
        kind = choose.integer(0, 7)
        if kind in (6, 7):
            # Cards are most of a document's strings: text is looked for where it enters.
            spots = [
                (found.start(), found.end())
                for found in (_STRING if kind == 6 else _NUMBER).finditer(text)
                if not _CARD.fullmatch(found.group())
                and not text.endswith(('"type": ', '"format": '), 0, found.start())
            ]
            if spots:
                start, end = choose.choice(spots)
                piece = choose.choice(TEXTS if kind == 6 else NUMBERS)
                text = text[:start] + piece + text[end:]
            continue
        if kind == 0:
            text = text[:at] + choose.choice(FRAGMENTS) + text[at:]
        elif kind == 1:
            text = text[:at] + choose.choice(CHARACTERS) + text[at:]
        elif kind == 2:
            text = text[:at] + text[at + choose.integer(1, 8) :]
        elif kind == 3:
            # A value swapped for a fragment: the text from a member's colon to its comma.
            colon = text.find(": ", at)
            comma = text.find(",", colon)
            if 0 <= colon < comma:
                text = text[: colon + 2] + choose.choice(FRAGMENTS) + text[comma:]
        elif kind == 4:
            # A member repeated: '"name": value,' again after itself.
            start = text.find(', "', at)
            end = text.find(",", start + 3)
            if 0 <= start < end:
                text = text[:end] + text[start:end] + text[end:]
        else:
            text = text[:at] + choose.choice(CHARACTERS) + text[at + 1 :]
    return text


# --- What each reading must do ----------------------------------------------------------


def written_and_read_back(value: object) -> None:
    """to_json writes ``value`` as a valid UTF-8 document that reads back equal."""
    text = pl.to_json(value)
    text.encode("utf-8")
    VALIDATOR.validate(json.loads(text))
    assert pl.from_json(text) == value


def _written_or_refused(
    write: Callable[[Any], str], read: Callable[[str], Any], value: object
) -> None:
    """The text notation writes ``value`` (and reads it back equal) or says it cannot."""
    try:
        text = write(value)
    except ValueError as error:
        message = str(error)
    else:
        assert read(text) == value
        return
    assert "cannot be written" in message, message


def _read(read: Callable[[Any], T], text: str | bytes) -> T | pl.NotationError:
    """What ``read`` returns, or the NotationError it raises (anything else escapes)."""
    try:
        return read(text)
    except pl.NotationError as error:
        return error


def read_record_text(text: str) -> None:
    problems = pl.record_problems(text)
    game = _read(pl.parse_record, text)
    if isinstance(game, pl.NotationError):
        assert problems
        assert (game.line, game.message) == (problems[0].line, problems[0].message)
        return
    assert not problems
    assert pl.parse_record(pl.format_record(game)) == game
    written_and_read_back(game)
    with contextlib.suppress(pl.IllegalRecord):
        written_and_read_back(pl.replay(game))


def read_sitting_text(text: str) -> None:
    record = _read(pl.parse_sitting_record, text)
    if isinstance(record, pl.NotationError):
        assert record.line is not None
        return
    assert pl.parse_sitting_record(pl.format_sitting_record(record)) == record
    written_and_read_back(record)
    with contextlib.suppress(pl.IllegalSittingRecord):
        written_and_read_back(pl.replay_sitting(record))


def read_json_text(text: str | bytes) -> None:
    value = _read(pl.from_json, text)
    if isinstance(value, pl.NotationError):
        return
    VALIDATOR.validate(json.loads(text))
    written_and_read_back(value)
    if isinstance(value, pl.GameRecord):
        _written_or_refused(pl.format_record, pl.parse_record, value)
        with contextlib.suppress(pl.IllegalRecord):
            pl.replay(value)
    if isinstance(value, pl.SittingRecord):
        _written_or_refused(pl.format_sitting_record, pl.parse_sitting_record, value)
        with contextlib.suppress(pl.IllegalSittingRecord):
            pl.replay_sitting(value)


# --- Quick: a fixed set in every suite --------------------------------------------------

FIXED_SEEDS = range(40)


@pytest.mark.parametrize("seed", FIXED_SEEDS)
def test_mutated_record_texts_raise_only_notation_errors(seed: int) -> None:
    choose = Seeded(seed)
    read_record_text(mutate_lines(choose, choose.choice(RECORDS)))


@pytest.mark.parametrize("seed", FIXED_SEEDS)
def test_mutated_sitting_texts_raise_only_notation_errors(seed: int) -> None:
    choose = Seeded(seed)
    read_sitting_text(mutate_lines(choose, choose.choice(SITTINGS)))


@pytest.mark.parametrize("seed", FIXED_SEEDS)
def test_mutated_json_documents_raise_only_notation_errors(seed: int) -> None:
    choose = Seeded(seed)
    read_json_text(mutate_json(choose, choose.choice(DOCUMENTS)))


HOSTILE_RECORDS = [
    RECORDS[0].replace("\nend", '\ntag date "\\ud800"\nend'),
    RECORDS[0].replace("tag ", 'tag "\\ud800" ', 1),
    RECORDS[0].replace("tag ", "tag \udcff ", 1),
    RECORDS[0].replace("dealer 0", "dealer\u00a00"),
    RECORDS[0].replace("\nend", "\n-0 pass\nend"),
    RECORDS[0].replace("\nend", "\n0 dispute 1 -2\nend"),
    RECORDS[0].replace("\nend", "\n0\u2028pass\nend"),
    RECORDS[0].replace("\nend", "\n0\x85pass\nend"),
    RECORDS[0].replace("\nend", "\n0 pass\x1c\nend"),
    RECORDS[0].replace("\nend", "\n0 pass\x0b\nend"),
    RECORDS[0].replace("\nend", '\ntag note "\\u001b[2J\\nlegal\\nphase over"\nend'),
    RECORDS[0].replace("stacks ", "stacks " + "9" * 5000 + " "),
]
HOSTILE_DOCUMENTS = [
    "[" * 5000 + "]" * 5000,
    '{"format": "pokerlaws/1", "type": "Pass", "seat": 1, "x": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"a":' * 5000 + "1" + "}" * 5000,
    DOCUMENTS[0].replace('"1891"', '"\\ud800"'),
    DOCUMENTS[0].replace('"1891"', '"\\u001b[2J\\nlegal"'),
    DOCUMENTS[0].replace('"dealer": 0', '"dealer": 0.0'),
    DOCUMENTS[0].replace('"dealer": 0', '"dealer": -0'),
    DOCUMENTS[0].replace('"dealer": 0', '"dealer": 0, "dealer": 0'),
    DOCUMENTS[0].replace('"carried": 0', '"carried": 1e2'),
    DOCUMENTS[0].replace('"carried": 0', '"carried": ' + "9" * 5000),
]


@pytest.mark.parametrize("text", HOSTILE_RECORDS, ids=range(len(HOSTILE_RECORDS)))
def test_the_hostile_records_of_the_issue_are_read_or_refused_plainly(text: str) -> None:
    read_record_text(text)


@pytest.mark.parametrize("text", HOSTILE_DOCUMENTS, ids=range(len(HOSTILE_DOCUMENTS)))
def test_the_hostile_documents_of_the_issue_are_read_or_refused_plainly(text: str) -> None:
    read_json_text(text)
    read_json_text(text.encode("utf-8", "surrogatepass"))


# --- Slow: thousands, games and sittings drawn too --------------------------------------

SLOW = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _record_texts() -> st.SearchStrategy[str]:
    drawn = game_states().map(lambda state: pl.format_record(pl.record(state)))
    return st.sampled_from(RECORDS) | drawn


def _sitting_texts() -> st.SearchStrategy[str]:
    drawn = ps.sitting_states().map(lambda s: pl.format_sitting_record(pl.record_sitting(s)))
    return st.sampled_from(SITTINGS) | drawn


def _documents() -> st.SearchStrategy[str]:
    states = game_states()
    drawn = st.one_of(
        states,
        states.map(lambda state: pl.record(state, tags=(("date", "1891"), ("by", "A B")))),
        states.flatmap(lambda s: st.integers(0, s.num_seats - 1).map(lambda i: pl.view(s, i))),
        ps.sitting_states(),
        ps.sitting_states().map(pl.record_sitting),
    )
    return st.sampled_from(DOCUMENTS) | drawn.map(pl.to_json)


# 1,800 examples each, in parts of 300 (tests/parts.py): one test of 3,000 kept one worker
# busy for three minutes while the other waited at the end of the slow suite.
PARTS = range(6)
PART = 300


def _mutated_record_text(text: str, data: st.DataObject) -> None:
    read_record_text(mutate_lines(Drawn(data), text))


def _mutated_sitting_text(text: str, data: st.DataObject) -> None:
    read_sitting_text(mutate_lines(Drawn(data), text))


def _mutated_json_document(text: str, data: st.DataObject) -> None:
    read_json_text(mutate_json(Drawn(data), text))


@pytest.mark.slow
@pytest.mark.parametrize("part", PARTS)
def test_many_mutated_record_texts_raise_only_notation_errors(part: int) -> None:
    run_part(
        _mutated_record_text, (_record_texts(), st.data()), part=part, examples=PART, base=SLOW
    )


@pytest.mark.slow
@pytest.mark.parametrize("part", PARTS)
def test_many_mutated_sitting_texts_raise_only_notation_errors(part: int) -> None:
    run_part(
        _mutated_sitting_text, (_sitting_texts(), st.data()), part=part, examples=PART, base=SLOW
    )


@pytest.mark.slow
@pytest.mark.parametrize("part", PARTS)
def test_many_mutated_json_documents_raise_only_notation_errors(part: int) -> None:
    run_part(
        _mutated_json_document, (_documents(), st.data()), part=part, examples=PART, base=SLOW
    )
