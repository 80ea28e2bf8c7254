"""What the command line writes, and how it stops: files written whole or not at all,
standard output for a reader who may leave, and the exit statuses of the two signals.

A file the command line writes (``demo --record``, ``replay --html``) is written to a
temporary file in the same directory and renamed into place (``os.replace``), so a reader
of that path sees the old file or the whole new one, never a part, whatever interrupts the
writing (Ctrl-C, a full disk, a file-size limit). It is never written over one of the
command's own inputs (compared by device and inode: a hard link or a symbolic link to the
input is the input). A target that is a symbolic link is refused, not followed and not
replaced: a link planted where a page is to be written must not turn the command into a
writer of the file it points to, and replacing the link would silently undo the user's
own; the user names the file itself. A target that exists and is not a regular file (a
FIFO, a device, a directory, a socket) is refused before anything is written, so nothing
blocks on a FIFO that no one reads.

The statuses are the shell's for a process ended by the signal: 130 (128 + SIGINT) for
Ctrl-C, and 141 (128 + SIGPIPE) when the reader of standard output goes away (``pokerlaws
demo | head -1``), so a pipeline under ``set -o pipefail`` knows the output was cut short.
"""

from __future__ import annotations

import contextlib
import io
import os
import stat
import sys
from collections.abc import Sequence
from typing import TextIO

__all__ = [
    "BROKEN_PIPE",
    "INTERRUPTED",
    "OutputRefused",
    "Reader",
    "refusal",
    "write_whole",
]

INTERRUPTED = 128 + 2
"""The exit status after Ctrl-C (SIGINT is signal 2)."""

BROKEN_PIPE = 128 + 13
"""The exit status when the reader of standard output has gone (SIGPIPE is signal 13)."""

STDIN = "-"

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class OutputRefused(Exception):
    """The command will not write this file; the message says why, in one line."""


def _identity(path: str) -> tuple[int, int] | None:
    """The (device, inode) of the file ``path`` reads from (standard input for ``-``), or
    None if there is none to compare."""
    try:
        if path == STDIN:
            stdin = sys.stdin
            if stdin is None:
                return None
            found = os.fstat(stdin.fileno())
        else:
            found = os.stat(path)
    except (OSError, ValueError, io.UnsupportedOperation):
        return None
    return found.st_dev, found.st_ino


def refusal(path: str, inputs: Sequence[str] = ()) -> str | None:
    """Why the command line will not write ``path``, or None if it may.

    ``inputs`` are the files the command reads (``-`` for standard input)."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        folder = os.path.dirname(path) or "."
        if not os.path.isdir(folder):
            return f"there is no directory {folder}"
        return None
    except OSError as error:
        return error.strerror or str(error)
    if stat.S_ISLNK(found.st_mode):
        return "it is a symbolic link, which is not followed (name the file itself)"
    if not stat.S_ISREG(found.st_mode):
        kind = next((name for test, name in _KINDS if test(found.st_mode)), "not a file")
        return f"it is {kind}, not a regular file"
    target = (found.st_dev, found.st_ino)
    for given in inputs:
        if _identity(given) == target:
            name = "standard input" if given == STDIN else given
            return f"it is {name}, which this command reads"
    return None


def _mode(path: str) -> int:
    """The permissions the written file gets: an existing file's own, else what ``open``
    would give a new one (0o666 less the umask)."""
    with contextlib.suppress(OSError):
        return stat.S_IMODE(os.stat(path).st_mode)
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def write_whole(path: str, text: str, *, inputs: Sequence[str] = ()) -> None:
    """Write ``text`` (as UTF-8) to ``path`` whole or not at all: a temporary file in the
    same directory, then ``os.replace``. The temporary file is removed whatever stops the
    writing, Ctrl-C included.

    Raises:
        OutputRefused: :func:`refusal` gives a reason, before writing or just before the
            rename (the path may have changed meanwhile).
        OSError: the file cannot be written (a full disk, no permission).
    """
    why = refusal(path, inputs)
    if why is not None:
        raise OutputRefused(f"will not write {path}: {why}")
    folder = os.path.dirname(path) or "."
    # A short prefix: the temporary name must not pass the file system's name limit.
    prefix = f".{os.path.basename(path)[:64]}."
    import tempfile  # here: `check` and `replay` load this module and write nothing

    handle, temporary = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=".part")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(text.encode("utf-8"))
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, _mode(path))
        why = refusal(path, inputs)
        if why is not None:
            raise OutputRefused(f"will not write {path}: {why}")
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    # The rename is durable once the directory is: without this a crash may lose it.
    with contextlib.suppress(OSError):
        directory = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


class Reader(io.TextIOBase):
    """Standard output for a reader who may leave before the command is done.

    While the reader reads, lines go through; once he has gone (a broken pipe) they go
    nowhere and :attr:`gone` is set, so a command whose output is not its only promise (a
    demo writing a ``--record``) can keep that promise, then exit as :data:`BROKEN_PIPE`.
    """

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self._stream = stream
        self.gone = False

    def write(self, text: str, /) -> int:
        """Write ``text`` while the reader reads; count it written in any case."""
        if not self.gone:
            try:
                self._stream.write(text)
            except BrokenPipeError:
                self.gone = True
        return len(text)

    def flush(self) -> None:
        """Flush to the reader, unless he has gone (then :attr:`gone` is set)."""
        if not self.gone:
            try:
                self._stream.flush()
            except BrokenPipeError:
                self.gone = True

    def isatty(self) -> bool:
        """Whether the reader is a terminal (never once he has gone)."""
        return not self.gone and self._stream.isatty()

    def writable(self) -> bool:
        """Always: what is written after the reader has gone goes nowhere."""
        return True
