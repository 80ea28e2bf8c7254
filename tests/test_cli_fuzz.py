"""Fuzz the command line itself (issue 16): valid records, sitting records and JSON documents,
mutated byte by byte, through ``pokerlaws check`` and ``pokerlaws replay`` in a subprocess.

Each mutant must keep the promise of ``tests/cli_contract.py``: exit 0, 1 or 2; one line on
standard error for an unreadable file, one line a problem for a malformed one, a refusal and
its one line of reason; no control character and no unpaired surrogate in anything printed;
never a traceback. Marked slow (about two subprocesses a mutant): ``python -m pytest -m
slow``. The quick variant, a handful of fixed hostile files, is in ``test_cli_hostile.py``.
"""

from __future__ import annotations

import functools
import re
import tempfile
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import pokerlaws as pl
from tests.cli_contract import check_contract, run_bytes
from tests.parts import run_part
from tests.test_sitting_cli import sitting

GOLDEN = Path(__file__).parent / "golden"


@functools.cache
def seeds() -> tuple[bytes, ...]:
    """Valid inputs: the golden records, their JSON, a state's JSON, a sitting (text and
    JSON)."""
    texts = [path.read_text(encoding="utf-8") for path in sorted(GOLDEN.glob("*.record"))]
    games = [pl.parse_record(text) for text in texts]
    # A quoted tag, so that a mutation inside quotes reaches what ``replay`` prints.
    tagged = attrs.evolve(games[0], tags=(*games[0].tags, ("note", "a quoted tag")))
    texts.append(pl.format_record(tagged))
    games.append(tagged)
    record = pl.record_sitting(sitting())
    documents = [
        *texts,
        *(pl.to_json(game) for game in games),
        pl.to_json(pl.replay(games[0])),
        pl.format_sitting_record(record),
        pl.to_json(record),
    ]
    return tuple(text.encode("utf-8") for text in documents)


_NOISE = [
    *(bytes([code]) for code in (*range(0x20), 0x7F)),
    *(char.encode("utf-8") for char in "\x85\u2028\u2029\u202e\u00a0\ufeff\u200b\U000e0001"),
    b"\xc2\x85",
    b"\xe2\x80\xa8",
    b"\xed\xa0\x80",  # a surrogate encoded as UTF-8: not UTF-8
    b"\xff",
    b"\\ud800",
    b"\\udfff",
    b"\\u001b[2J\\nlegal\\nphase over",
    b"\\u0000",
    b"\x1b[2J",
    b"\r",
    b"-0",
    b"-",
    b"9" * 5000,
    b"1e999",
    b"[" * 3000,
    b'"',
    b"{",
]
_LINES = [
    b'tag date "\\ud800"',
    b'tag "\\udfff"',
    b'tag note "\\u001b[2J\\nlegal\\nphase over"',
    b'tag "\\u001b]0;title\\u0007\\n" "x"',
    b'tag "\\u202e" "\\u2028\\u0085"',
    b"tag note \x1b[31mred",
    b'player "\\u001b[2J" 10',
    b'player "Zo\xc3\xab" 10',
    b"rule limit 1000000000",
    b"stacks " + b"9" * 5000,
    b"dealer -0",
]
_NUMBER = re.compile(rb"\d+")
_HUGE = [b"0", b"-1", b"-0", b"10000000000000000000000", b"9" * 5000, b"1.5", b"2.0", b"1e2"]

Op = tuple[str, float, int]


def _at(data: bytes, where: float) -> int:
    return min(len(data), int(where * (len(data) + 1)))


def mutate(data: bytes, ops: list[Op]) -> bytes:
    """``data`` with each operation applied: a kind, a place (0 to 1) and a choice."""
    for kind, where, pick in ops:
        at = _at(data, where)
        lines = data.split(b"\n")
        line = min(len(lines) - 1, int(where * len(lines)))
        if kind == "insert":
            data = data[:at] + _NOISE[pick % len(_NOISE)] + data[at:]
        elif kind == "line":  # a hostile line of the notation
            data = b"\n".join([*lines[:line], _LINES[pick % len(_LINES)], *lines[line:]])
        elif kind == "value":  # a JSON value: deep nesting, huge numbers, escapes
            colons = [m.end() for m in re.finditer(rb'": ', data)]
            if colons:
                at = colons[pick % len(colons)]
                data = data[:at] + _NOISE[pick % len(_NOISE)] + data[at:]
        elif kind == "quoted":  # into a quoted string: a tag, a name, a JSON member
            quotes = [m.end() for m in re.finditer(rb'"', data)]
            if quotes:
                at = quotes[pick % len(quotes)]
                data = data[:at] + _NOISE[pick % len(_NOISE)] + data[at:]
        elif kind == "truncate":
            data = data[:at]
        elif kind == "delete":
            data = data[:at] + data[at + 1 + pick % 8 :]
        elif kind == "duplicate":
            data = b"\n".join([*lines[: line + 1], *lines[line:]])
        elif kind == "drop":
            data = b"\n".join(lines[:line] + lines[line + 1 :])
        elif kind == "number":
            numbers = list(_NUMBER.finditer(data))
            if numbers:
                found = numbers[pick % len(numbers)]
                huge = _HUGE[pick % len(_HUGE)]
                data = data[: found.start()] + huge + data[found.end() :]
    return data


_OPS = st.lists(
    st.tuples(
        st.sampled_from(
            [
                *["insert", "quoted", "line", "value"] * 2,
                *["truncate", "delete", "duplicate", "drop", "number"],
            ]
        ),
        st.floats(min_value=0, max_value=1),
        st.integers(min_value=0, max_value=10_000),
    ),
    min_size=1,
    max_size=4,
)


_SLOW = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _keeps_the_contract(seed: int, ops: list[Op], as_json: bool, piped: bool) -> None:
    data = mutate(seeds()[seed % len(seeds())], ops)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutant.record"
        path.write_bytes(data)
        check = ["check", "-" if piped else str(path), *(["--json"] if as_json else [])]
        check_contract(run_bytes(*check, stdin=data))
        check_contract(run_bytes("replay", path))


@pytest.mark.slow
@pytest.mark.parametrize("part", range(5))
def test_mutated_inputs_keep_the_command_line_s_contract(part: int) -> None:
    """100 mutants in five parts of 20 (tests/parts.py), which pytest-xdist spreads."""
    run_part(
        _keeps_the_contract,
        (st.integers(min_value=0), _OPS, st.booleans(), st.booleans()),
        part=part,
        examples=20,
        base=_SLOW,
    )


def test_the_mutations_change_the_input() -> None:
    """The fuzz's mutations do what they say (a quick check of the harness, not slow)."""
    short = seeds()[0]
    assert mutate(short, [("truncate", 0.0, 0)]) == b""
    assert mutate(short, [("insert", 0.0, 0x1B)]) == b"\x1b" + short
    assert mutate(short, [("duplicate", 0.0, 0)]).count(b"pokerlaws-record 1") == 2
    assert b"9" * 5000 in mutate(short, [("number", 0.5, _HUGE.index(b"9" * 5000))])
    assert mutate(short, [("drop", 0.0, 0)]) == short.split(b"\n", 1)[1]
