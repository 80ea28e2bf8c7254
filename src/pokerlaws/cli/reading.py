"""Where ``check`` and ``replay`` get a record's text: a file, standard input, or one of the
records shipped in the package (``--example NAME``, :mod:`pokerlaws.examples`); and whether
the text is a game's record or a sitting's (:func:`is_sitting`), told before either reader
loads."""

from __future__ import annotations

import json
import os
import select
import stat
import sys
from typing import BinaryIO

from pokerlaws.records._grammar import SITTING_FORMAT

__all__ = ["MAX_BYTES", "STDIN", "Unreadable", "is_sitting", "read_example", "read_record"]

MAX_BYTES = 16 * 1024 * 1024
"""The largest record file read unless ``--max-bytes`` says otherwise (16 MiB): a record
of a long sitting is a few hundred kilobytes, and ``/dev/zero`` must not fill the memory."""

STDIN = "-"
"""The ``RECORD`` that names standard input."""

_CHUNK = 64 * 1024
_WAKE = 0.2
"""How long a read of a pipe or FIFO waits at most before Python looks for a Ctrl-C."""


class Unreadable(Exception):
    """The file cannot be read as text."""


def read_record(path: str, max_bytes: int) -> str:
    """The text of the file at ``path`` (``-``: standard input), read once, in binary, and
    decoded as strict UTF-8 (no newline translation: the notation ignores a ``\\r``).

    Reading once is what lets a pipe, a FIFO or ``/dev/stdin`` be read at all; the bound
    stops ``/dev/zero`` after ``max_bytes + 1`` bytes.

    Raises:
        Unreadable: the file cannot be opened or read, holds more than ``max_bytes``
            bytes, or is not UTF-8 (the message names the first bad byte's offset).
    """
    name = "standard input" if path == STDIN else path
    try:
        if path == STDIN:
            stdin = sys.stdin
            if stdin is None:
                raise Unreadable(f"cannot read {name}: there is none")
            data = _read_bounded(stdin.buffer, max_bytes)
        else:
            with open(path, "rb") as file:
                data = _read_bounded(file, max_bytes)
    except OSError as error:
        raise Unreadable(f"cannot read {name}: {error.strerror or error}") from None
    if len(data) > max_bytes:
        raise Unreadable(
            f"cannot read {name}: it is larger than {max_bytes} bytes "
            "(--max-bytes N raises the bound)"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Unreadable(
            f"cannot read {name}: it is not UTF-8 at byte {error.start} ({error.reason})"
        ) from None


def _read_bounded(file: BinaryIO, max_bytes: int) -> bytes:
    """At most ``max_bytes + 1`` bytes of ``file``, read in chunks (so that a large bound
    costs memory only as the file fills it)."""
    chunks: list[bytes] = []
    size = 0
    fd = _waiting_fd(file)
    while size <= max_bytes:
        wanted = min(_CHUNK, max_bytes + 1 - size)
        chunk = file.read(wanted) if fd is None else _read_when_ready(fd, wanted)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _waiting_fd(file: BinaryIO) -> int | None:
    """The descriptor of ``file`` if a read of it may wait as long as a writer pleases (a
    pipe, a FIFO, a terminal), else None.

    A Ctrl-C that comes the instant before such a read begins is taken by Python's signal
    handler but acted on only between instructions, and the read would then wait on, the
    interrupt unheard, until input came (seen on a FIFO whose writer sends nothing): such a
    file is read only once ``select`` says it has input, a fifth of a second at a time."""
    if os.name != "posix":
        return None
    try:
        fd = file.fileno()
        return None if stat.S_ISREG(os.fstat(fd).st_mode) else fd
    except (OSError, ValueError, AttributeError):
        return None


def _read_when_ready(fd: int, wanted: int) -> bytes:
    """Up to ``wanted`` bytes of ``fd`` (none at its end), read once it has input; between
    the waits the interpreter runs any signal handler due."""
    while not select.select([fd], [], [], _WAKE)[0]:
        pass
    return os.read(fd, wanted)


def read_example(name: str) -> str:
    """The text of the record shipped as the example ``name``.

    Raises:
        Unreadable: there is no example of that name (the message lists those there are).
    """
    from pokerlaws import examples  # importlib.resources: paid only by --example

    try:
        return examples.text(name)
    except ValueError as error:
        raise Unreadable(str(error)) from None


_SITTING_TYPES = ("SittingRecord", "Sitting")


def is_sitting(text: str) -> bool:
    """Whether ``text`` (a record file, read once by the caller) holds a sitting record: its
    first word, or in JSON its type (``SittingRecord``, or a ``Sitting`` taken as its record);
    JSON that cannot be read is left to the game record's reader to report."""
    body = text.removeprefix("\ufeff").lstrip()
    if body.startswith(SITTING_FORMAT):
        return True
    if body.startswith("{"):
        try:
            document = json.loads(body)
        except (ValueError, RecursionError):  # not JSON, or nested too deep for json
            return False
        return isinstance(document, dict) and document.get("type") in _SITTING_TYPES
    return False
