"""The ``pokerlaws`` command under hostile input (issue 16): each input read once, from a
path, a pipe or ``-``, within a size bound; exit 2 and one line for what cannot be read;
nothing printed that carries a control character or an unpaired surrogate."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import attrs
import pytest

import pokerlaws as pl
from tests.cli_contract import check_contract, lines_of, run_bytes
from tests.test_sitting_cli import sitting

GOLDEN = Path(__file__).parent / "golden"
SHORT = GOLDEN / "short.record"
SHORT_BYTES = SHORT.read_bytes()
LEGAL = ["legal", "phase over", "stacks 40 48 32", "pool 0", "payouts 0 16 0", "winners 1"]


def with_tags(tags: tuple[tuple[str, str], ...]) -> str:
    """The short game's record with ``tags`` for its own, as ``format_record`` would write
    them. A record refuses a lone surrogate or a malformed tag name when built, so hostile
    tags are written into the text itself, in the notation's quoted form."""
    game = pl.parse_record(SHORT_BYTES.decode("utf-8"))
    placeholders = tuple((f"t{i}", f"v{i}") for i in range(len(tags)))
    text = pl.format_record(attrs.evolve(game, tags=placeholders))
    for i, (name, value) in enumerate(tags):
        quoted = json.dumps(value, ensure_ascii=True)
        text = text.replace(f"tag t{i} v{i}", f"tag {name} {quoted}")
    return text


def write(tmp_path: Path, text: str | bytes, name: str = "game.record") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


# --- Read once: standard input, pipes, FIFOs ---------------------------------------------------


@pytest.mark.parametrize("command", ["check", "replay"])
def test_a_dash_reads_standard_input(command: str) -> None:
    done = run_bytes(command, "-", stdin=SHORT_BYTES)
    assert done.returncode == 0, done
    check_contract(done)
    if command == "check":
        assert lines_of(done.stdout) == LEGAL
    else:
        assert lines_of(done.stdout)[-1] == "stacks   40 48 32"


def test_dev_stdin_from_a_pipe_is_read_once() -> None:
    """``cat game.record | pokerlaws check /dev/stdin`` was 'the record is empty'."""
    done = run_bytes("check", "/dev/stdin", stdin=SHORT_BYTES)
    assert done.returncode == 0, done
    assert lines_of(done.stdout) == LEGAL


def test_a_sitting_on_standard_input() -> None:
    text = pl.format_sitting_record(pl.record_sitting(sitting()))
    done = run_bytes("check", "-", "--json", stdin=text.encode("utf-8"))
    assert done.returncode == 0, done
    assert json.loads(done.stdout)["result"] == "legal"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("command", ["check", "replay"])
def test_a_named_pipe_is_read_once(tmp_path: Path, command: str) -> None:
    """A FIFO can be read only once: the second open used to wait for ever."""
    fifo = tmp_path / "game.fifo"
    os.mkfifo(fifo)

    def feed() -> None:
        with fifo.open("wb") as pipe:  # waits for the reader
            pipe.write(SHORT_BYTES)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    try:
        done = run_bytes(command, fifo, timeout=30)
    finally:
        if writer.is_alive():  # the command never opened it: let the writer go
            fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
            os.close(fd)
        writer.join(timeout=10)
    assert done.returncode == 0, done
    check_contract(done)


# --- The size bound ----------------------------------------------------------------------------


def test_dev_zero_stops_at_the_bound() -> None:
    done = run_bytes("check", "/dev/zero", "--max-bytes", "1000")
    assert done.returncode == 2
    assert lines_of(done.stdout) == []
    assert lines_of(done.stderr) == [
        "pokerlaws: cannot read /dev/zero: it is larger than 1000 bytes "
        "(--max-bytes N raises the bound)"
    ]
    check_contract(done)
    done = run_bytes("replay", "/dev/zero", "--max-bytes", "10")
    assert done.returncode == 2
    assert len(lines_of(done.stderr)) == 1
    done = run_bytes("check", "--json", "--max-bytes", "10", "/dev/zero")
    assert json.loads(done.stdout)["result"] == "unreadable"


def test_the_bound_is_16_mib_and_the_flag_raises_or_lowers_it(tmp_path: Path) -> None:
    big = write(tmp_path, b" " * (16 * 1024 * 1024 + 1), "big.record")
    done = run_bytes("check", big)
    assert done.returncode == 2
    assert lines_of(done.stderr) == [
        f"pokerlaws: cannot read {big}: it is larger than 16777216 bytes "
        "(--max-bytes N raises the bound)"
    ]
    size = len(SHORT_BYTES)
    assert run_bytes("check", SHORT, "--max-bytes", str(size)).returncode == 0
    done = run_bytes("replay", SHORT, "--max-bytes", str(size - 1))
    assert done.returncode == 2
    assert f"larger than {size - 1} bytes" in lines_of(done.stderr)[0]
    done = run_bytes("check", SHORT, "--max-bytes", "-1")
    assert done.returncode == 2
    assert b"--max-bytes" in done.stderr


# --- Exit 2 and one line, never a traceback -------------------------------------------------


def test_unreadable_paths_say_so_in_one_line(tmp_path: Path) -> None:
    for path in (tmp_path, tmp_path / "missing.record"):
        for command in ("check", "replay"):
            done = run_bytes(command, path)
            assert done.returncode == 2
            [line] = lines_of(done.stderr)
            assert line.startswith(f"pokerlaws: cannot read {path}: ")
            check_contract(done)


def test_bad_utf_8_names_its_byte_offset(tmp_path: Path) -> None:
    path = write(tmp_path, b"pokerlaws-record 1\n\xff\n")
    done = run_bytes("check", path)
    assert done.returncode == 2
    assert lines_of(done.stderr) == [
        f"pokerlaws: cannot read {path}: it is not UTF-8 at byte 19 (invalid start byte)"
    ]
    # A surrogate encoded as UTF-8 is not UTF-8 either.
    done = run_bytes("replay", "-", stdin=b"pokerlaws-record 1\ntag a \xed\xa0\x80\n")
    assert lines_of(done.stderr) == [
        "pokerlaws: cannot read standard input: it is not UTF-8 at byte 25 (invalid continuation "
        "byte)"
    ]


@pytest.mark.parametrize("command", ["check", "replay"])
@pytest.mark.parametrize(
    "text",
    [
        '{"a": ' * 5000 + "1" + "}" * 5000,
        '{"type": "Sitting", "a": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"format": "pokerlaws/1", "type": "GameRecord", "tags": ' + "[" * 5000 + "]" * 5000 + "}",
    ],
    ids=["objects", "sitting", "record"],
)
def test_deep_json_is_malformed_not_a_traceback(tmp_path: Path, command: str, text: str) -> None:
    done = run_bytes(command, write(tmp_path, text, "deep.json"))
    assert done.returncode == 2, done
    check_contract(done)
    assert lines_of(done.stdout)[0] == "malformed: 1 problem"


# --- Nothing printed raw ----------------------------------------------------------------------


def test_a_lone_surrogate_in_a_tag_is_printed_escaped(tmp_path: Path) -> None:
    """``format_record`` writes ``tag date "\\ud800"``; ``replay`` crashed printing it."""
    path = write(tmp_path, with_tags((("date", "\ud800"),)))
    done = run_bytes("replay", path)
    check_contract(done)
    assert done.returncode in (0, 2)  # a parser may refuse a lone surrogate (issue 16)
    assert "\\ud800" in done.stdout.decode("utf-8")


@pytest.mark.parametrize("as_json", [False, True])
def test_a_malformed_tag_with_a_lone_surrogate_is_one_escaped_line(
    tmp_path: Path, as_json: bool
) -> None:
    text = SHORT_BYTES.decode("utf-8").replace("tag date 1891-06-01", 'tag "\\ud800"')
    done = run_bytes("check", write(tmp_path, text), *(["--json"] if as_json else []))
    assert done.returncode == 2
    check_contract(done)
    if not as_json:
        first, second = lines_of(done.stdout)
        assert first == "malformed: 1 problem"
        assert second.startswith("line 20: ")
        assert "\\ud800" in second


@pytest.mark.parametrize("document", [False, True], ids=["record text", "sitting record text"])
def test_check_json_escapes_a_malformed_tag_names_escape_codes_as_the_text_does(
    tmp_path: Path, document: bool
) -> None:
    """``check --json`` carried a malformed tag name's escape code and line break into its
    message, raw once the JSON was read: its messages now say what the text mode's lines
    say, escaped the same way (``\\x1b``, ``\\n``, ``\\u2028``)."""
    spoiled = 'tag "da\\u001b[2J\\n\\u2028te"x 1891'
    if document:
        text = pl.format_sitting_record(pl.record_sitting(sitting()))
        lines = text.splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith("deck ")) + 1
        text = "\n".join([*lines[:at], spoiled, *lines[at:]]) + "\n"
    else:
        text = SHORT_BYTES.decode("utf-8").replace("tag date 1891-06-01", spoiled)
    path = write(tmp_path, text)
    said = lines_of(run_bytes("check", path).stdout)[-1]
    done = run_bytes("check", "--json", path)
    assert done.returncode == 2
    check_contract(done)
    verdict = json.loads(done.stdout)
    assert said.endswith(verdict["message"]), (said, verdict["message"])
    assert "da\\x1b[2J\\n\\u2028te" in verdict["message"]
    for problem in verdict["problems"]:
        assert problem["message"].isprintable()


def test_escape_codes_in_a_tag_cannot_forge_a_verdict(tmp_path: Path) -> None:
    path = write(tmp_path, with_tags((("note", "\x1b[2J\nlegal\nphase over"),)))
    done = run_bytes("replay", path)
    check_contract(done)
    lines = lines_of(done.stdout)
    assert "note: \\x1b[2J\\nlegal\\nphase over" in lines
    assert "legal" not in lines
    assert "phase over" not in lines
    assert b"\x1b" not in done.stdout


def test_every_unprintable_character_is_escaped_as_repr_does(tmp_path: Path) -> None:
    value = "a\tb\rc\x7fd\x85e\u2028f\u202eg\ufeffh"
    path = write(tmp_path, with_tags((("note", value),)))
    done = run_bytes("replay", path)
    check_contract(done)
    assert "note: " + repr(value)[1:-1] in lines_of(done.stdout)
    # Printable text beyond ASCII is printed as it is.
    done = run_bytes("replay", write(tmp_path, with_tags((("place", "Zoë's café"),))))
    assert "place: Zoë's café" in lines_of(done.stdout)


def test_a_malformed_tag_name_is_still_one_line(tmp_path: Path) -> None:
    text = SHORT_BYTES.decode("utf-8").replace(
        "tag date 1891-06-01", 'tag "da\\u001bte\\nx "\\u001b[2J"'
    )
    done = run_bytes("check", write(tmp_path, text))
    assert done.returncode == 2
    check_contract(done)
    assert lines_of(done.stdout) == [
        "malformed: 1 problem",
        "line 20: tag da\\x1bte\\nx : the name must be followed by a space and the value",
    ]


def test_a_sitting_s_player_names_are_printed_escaped(tmp_path: Path) -> None:
    """A name that is not printable text is malformed (exit 2), and the line that says so
    quotes it escaped: ``replay`` once printed such a name raw."""
    text = pl.format_sitting_record(pl.record_sitting(sitting()))
    path = write(tmp_path, text.replace('"Ann"', '"A\\u001b[2J\\nnn"'), "sitting.record")
    done = run_bytes("replay", path)
    assert done.returncode == 2, done
    check_contract(done)
    assert "A\\x1b[2J\\nnn" in done.stdout.decode("utf-8")
    check_contract(run_bytes("check", path))
    path = write(tmp_path, text.replace('"Ann"', '"Zoë"'), "sitting.record")
    done = run_bytes("replay", path)
    assert done.returncode == 0, done
    assert lines_of(done.stdout)[0] == "sitting of 2: Zoë 10, Bob 10"


def test_a_path_is_printed_escaped(tmp_path: Path) -> None:
    path = tmp_path / "a\x1b[2Jb\nc.record"
    done = run_bytes("check", path)
    assert done.returncode == 2
    [line] = lines_of(done.stderr)
    assert line.startswith(f"pokerlaws: cannot read {tmp_path}/a\\x1b[2Jb\\nc.record: ")


def test_a_terminal_that_cannot_encode_the_text(tmp_path: Path) -> None:
    """Printable text a terminal's encoding lacks is written as a backslash escape."""
    path = write(tmp_path, with_tags((("place", "Zoë"),)))
    done = run_bytes("replay", path, env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0, done
    check_contract(done)
    assert "place: Zo\\xeb" in lines_of(done.stdout)


# --- A handful of hostile files, each through both commands ------------------------------------


def _hostile() -> list[bytes]:
    short = SHORT_BYTES
    game = pl.parse_record(short.decode("utf-8"))
    document = pl.to_json(game).encode("utf-8")
    return [
        b"",
        b"\x00" * 64,
        short[: len(short) // 2],
        short.replace(b"2 stake 4", b"2 stake " + b"9" * 5000, 1),
        short.replace(b"rule ante 2", b"rule ante \x1b[31m2", 1),
        short.replace(b"dealer 0", b"dealer \xc2\x85 0", 1),
        short.replace(b"\n", b"\r\n\x0b"),
        short + short,
        document[: len(document) // 2],
        document.replace(b'"seat": 2', b'"seat": 1e999', 1),
        document.replace(b'"tags": [', b'"tags": [["\\u001b]0;x\\u0007", "\\udfff"], ', 1),
        b'{"format": "pokerlaws/1", "type": "\\ud800\\n"}',
        b"pokerlaws-sitting 1\n" + b'player "\\u0007" 10\n' * 3,
        with_tags((("date", "\ud800"),)).encode("utf-8"),
        with_tags((("\x1b[2J\n", "\x9b\u2029"),)).encode("utf-8"),
        short.replace(b"tag date 1891-06-01", b'tag "\\udfff\\u001b"', 1),
        b'{"format": "pokerlaws/1", "type": "GameRecord", "tags": ' + b"[[" * 3000,
        b'{"type": "SittingRecord", "x": ' + b"[" * 4000,
    ]


@pytest.mark.parametrize("index", range(len(_hostile())))
def test_hostile_files_keep_the_contract(tmp_path: Path, index: int) -> None:
    data = _hostile()[index]
    path = write(tmp_path, data)
    for args in (["check", path], ["replay", path], ["check", "--json", "-"]):
        check_contract(run_bytes(*args, stdin=data))
