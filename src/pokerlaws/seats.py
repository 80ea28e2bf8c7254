"""The seat protocol: a stranger's bot in a process of its own, speaking JSON lines.

A bot in any language is a program that reads JSON documents on its standard input and
writes its answers on its standard output, one document a line (UTF-8, at most
:data:`MAX_LINE` bytes a line). The table writes, in order:

- ``Hello``, once, at the bot's first turn after its process starts: ``{"format":
  "pokerlaws/1", "type": "Hello", "name": ..., "seat": ..., "seats": ..., "rules": {...},
  "seed": ...}`` (``seed`` a 64-bit int drawn from the player's own generator, for a bot
  that wants its chances reproducible);
- for each of its turns a ``PlayerView`` document (``to_json(view)``: exactly what that seat
  may know, Law 6), to which the bot answers one line: an action document (``to_json``'s;
  its ``"format"`` member may be left out) or ``{"id": N}``, an id of
  :class:`~pokerlaws.agents.ActionSpace` for the table;
- after each game ``{"format": "pokerlaws/1", "type": "GameOver", "view": {...}}``, the
  seat's view at the end (the hands shown, the winners, the payouts);
- at the end of the sitting ``{"format": "pokerlaws/1", "type": "Bye", "results": {...}}``
  (each player's net chips), after which the bot should exit.

The bot is an adversary, and nothing it does reaches the table but one legal action of its
own seat: an answer past the time limit, a dead process, a line that is not JSON, too long,
cut short or not UTF-8, a report, another seat's action or an action the laws refuse is a
*fault*: the seat takes its default (:func:`default_action`) and the fault is counted, by
its kind (:mod:`pokerlaws.faults`). The process is killed (its whole process group) when it
falls out of step (a timeout, a line over the bound) and started again at its next turn.
What it writes on its standard error goes nowhere (``/dev/null``), or to the file its author
asked for (``stderr=``), never into the table's output.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import random
import select
import signal
import subprocess
import sys
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any

from pokerlaws.actions import Action
from pokerlaws.answers import default_action, judge_answer, read_answer
from pokerlaws.faults import DEAD, STARTUP, TIMEOUT, TOO_LONG, Fault, FaultReport, excerpt
from pokerlaws.records.jsonio import FORMAT, from_json, to_json
from pokerlaws.views import PlayerView

__all__ = [
    "MAX_LINE",
    "ProcessBot",
    "default_action",
    "judge_answer",
    "process_bot",
    "read_answer",
]

MAX_LINE = 1 << 20
"""The longest line either side writes, newline included (1 MiB): a view of the largest
table is a few kilobytes, and a bot must not fill the table's memory."""

_DRAIN = 4 * MAX_LINE
"""The most unasked-for output read and thrown away before a view is sent."""


def _line(document: Mapping[str, Any]) -> bytes:
    return (json.dumps(document, ensure_ascii=False) + "\n").encode("utf-8")


def _ready(fd: int, event: int, seconds: float) -> bool:
    """Whether ``fd`` is ready for ``event`` (or closed at the other end) within
    ``seconds``. ``poll``, not ``select``: a process holding many files may number its
    pipes past ``select``'s limit."""
    poller = select.poll()
    poller.register(fd, event)
    return bool(poller.poll(max(0, math.ceil(seconds * 1000))))


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Kill the bot and every process it started (its own session), and reap it."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            process.kill()
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            stream.close()
    process.wait()


class ProcessBot:
    """A :data:`~pokerlaws.bots.Policy` played by a program in a process of its own, over
    the seat protocol (the module's docstring). Build it with :func:`process_bot`.

    The process starts at the first decision (or at :meth:`launch`) and again at the next
    decision after it dies or is killed; each process is greeted with ``Hello`` at its
    first turn. A decision past ``timeout`` seconds (a fresh process has ``startup`` more,
    until the bot first runs out of time), a dead process or an answer that names no legal
    action of the seat is a fault: the seat takes :func:`default_action` and
    :attr:`faults` counts it. It never raises for what the bot does.

    It pickles as its command, timeout and name (no process, no count), so
    :func:`~pokerlaws.simulate` sends it to any executor; there, each sitting plays a fresh
    copy, whose process is told the end of each game and of the sitting and then closed.

    Attributes:
        command: the program and its arguments.
        timeout: the seconds a decision may take.
        name: the name it gives in ``Hello`` (``simulate`` gives the player's).
        stderr: the file its standard error is appended to (None: thrown away).
        faults: the defaults taken so far.
        fault_report: the faults so far by kind, and the first few (``decision`` counts
            this copy's decisions; ``simulate`` places each in its sitting and game).
        last_fault: the latest fault, or None.
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        timeout: float = 1.0,
        name: str | None = None,
        startup: float = STARTUP,
        stderr: str | os.PathLike[str] | None = None,
    ) -> None:
        if isinstance(command, str | bytes) or not isinstance(command, Sequence):
            raise TypeError(
                "command must be a list of program arguments (shlex.split a command line), "
                f"not {type(command).__name__}"
            )
        if not command or not all(isinstance(part, str) for part in command):
            raise ValueError("command must name a program: a non-empty list of str")
        for what, value, least in (("timeout", timeout, "above 0"), ("startup", startup, "0")):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TypeError(f"{what} must be a number of seconds, not {type(value).__name__}")
            if not math.isfinite(value) or value < 0 or (what == "timeout" and value == 0):
                raise ValueError(f"{what} must be a finite number of seconds, {least} or more")
        if name is not None and not isinstance(name, str):
            raise TypeError(f"name must be a str or None, not {type(name).__name__}")
        if stderr is not None and not isinstance(stderr, str | os.PathLike):
            raise TypeError(f"stderr must be a path or None, not {type(stderr).__name__}")
        self.command: tuple[str, ...] = tuple(command)
        self.timeout = float(timeout)
        self.startup = float(startup)
        self.name = name
        self.stderr = None if stderr is None else os.fspath(stderr)
        self.faults = 0
        self.fault_report = FaultReport()
        self.last_fault: Fault | None = None
        self._decisions = 0
        self._why = (DEAD, "")  # what the last failed send, read or start was
        self._process: subprocess.Popen[bytes] | None = None
        self._pending = bytearray()
        self._late = False
        self._greeted = False
        self._launched = 0.0
        self._leaving: float | None = None
        self._finalizer: weakref.finalize[Any, ProcessBot] | None = None

    def __repr__(self) -> str:
        return f"process_bot({list(self.command)!r}, timeout={self.timeout!r}, name={self.name!r})"

    def __reduce__(self) -> tuple[Callable[..., ProcessBot], tuple[Any, ...]]:
        return (_rebuilt, (self.command, self.timeout, self.name, self.startup, self.stderr))

    def fresh(self, *, name: str | None = None) -> ProcessBot:
        """A copy with no process and no faults (under ``name``, if given)."""
        return ProcessBot(
            self.command,
            timeout=self.timeout,
            name=self.name if name is None else name,
            startup=self.startup,
            stderr=self.stderr,
        )

    # --- A decision ----------------------------------------------------------------------

    def __call__(self, view: PlayerView, rng: random.Random) -> Action:
        """The bot's answer to ``view`` if it names a legal action, else the default.

        Raises:
            TypeError: ``view`` is not a PlayerView.
            ValueError: it is not this seat's turn (the view lists no legal action).
        """
        if not isinstance(view, PlayerView):
            raise TypeError(f"a policy takes a PlayerView, not {type(view).__name__}")
        fallback = default_action(view.legal_actions)
        self._decisions += 1
        deadline = time.monotonic() + self.timeout
        if self._process is not None and self._process.poll() is not None:
            self.close()  # it died since its last answer: start it again
        if self._process is None and not self.launch():
            return self._fault(fallback)
        if not self._greeted:
            # A bot that once let its time run out gets no more grace to start: a hang
            # costs the table one time limit a decision, not the start-up allowance.
            if not self._late:
                deadline = max(deadline, self._launched + self.startup + self.timeout)
            if not self._greet(view, rng, deadline):
                return self._fault(fallback)
        else:
            self._drain()
        if not self._send(to_json(view).encode("utf-8") + b"\n", deadline):
            return self._fault(fallback)
        line = self._read_line(deadline)
        if line is None:
            return self._fault(fallback)
        judged = judge_answer(line, view)
        if isinstance(judged, tuple):
            # A wrong answer keeps the process: it answered one line, so it is still in step.
            self._why = judged
            return self._fault(fallback, kill=False)
        return judged

    def _fault(self, fallback: Action, *, kill: bool = True) -> Action:
        self.faults += 1
        kind, detail = self._why
        self.last_fault = Fault(kind, detail, decision=self._decisions)
        self.fault_report += FaultReport.of([self.last_fault])
        if kill:
            self.close()
        return fallback

    def _lost(self, kind: str, detail: str) -> None:
        """Say why the pipe failed: ``kind`` and ``detail``, or the process's exit if it
        has exited."""
        process = self._process
        code = None
        if process is not None and kind != TIMEOUT:
            # A pipe closed is most often a process exiting: a moment to learn its status.
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = process.wait(0.05)
        if code is not None:
            detail = f"exited with status {code}"
        self._why = (kind, detail)

    # --- The table's other documents -------------------------------------------------------

    def game_over(self, view: PlayerView) -> None:
        """Send ``GameOver`` with the seat's view at the end of a game (if running)."""
        if self._process is not None and self._greeted:
            document = {"format": FORMAT, "type": "GameOver", "view": json.loads(to_json(view))}
            if not self._send(_line(document), time.monotonic() + self.timeout):
                self.close()

    def bye(self, results: Mapping[str, int]) -> None:
        """Send ``Bye`` with each player's net chips and close the bot's input: it has
        ``timeout`` seconds to exit before :meth:`close` kills it (so a table that says
        goodbye to each bot, then closes each, waits for them side by side)."""
        process = self._process
        if process is None or not self._greeted:
            return
        document = {"format": FORMAT, "type": "Bye", "results": dict(results)}
        if self._send(_line(document), time.monotonic() + self.timeout):
            assert process.stdin is not None
            process.stdin.close()
            self._leaving = time.monotonic() + self.timeout

    def close(self) -> None:
        """End the process if it runs: at once, or, after :meth:`bye`, when it exits or
        its time to do so is up. The next decision starts another."""
        process, self._process = self._process, None
        leaving, self._leaving = self._leaving, None
        self._greeted = False
        self._pending.clear()
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        if process is None:
            return
        if leaving is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(max(0.0, leaving - time.monotonic()))
        _kill(process)

    def __enter__(self) -> ProcessBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- The process and its pipes ---------------------------------------------------------

    def launch(self) -> bool:
        """Start the process now, ahead of its first turn, if it is not running; False if
        it cannot be started. :func:`~pokerlaws.simulate` launches every bot of a sitting
        at its start, so that their interpreters load side by side; ``Hello`` still waits
        for the first turn."""
        if self._process is not None:
            return True
        try:
            with contextlib.ExitStack() as files:
                errors: IO[bytes] | int = subprocess.DEVNULL
                if self.stderr is not None:
                    errors = files.enter_context(open(self.stderr, "ab"))
                process = subprocess.Popen(
                    self.command,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=errors,
                    bufsize=0,
                    # Its own session: killing the group kills whatever it started too.
                    start_new_session=True,
                )
        except (OSError, ValueError) as error:  # no such program, not executable, a NUL
            self._why = (DEAD, f"cannot start: {excerpt(str(error))}")
            return False
        assert process.stdin is not None
        assert process.stdout is not None
        os.set_blocking(process.stdin.fileno(), False)
        os.set_blocking(process.stdout.fileno(), False)
        self._process = process
        self._launched = time.monotonic()
        self._finalizer = weakref.finalize(self, _kill, process)
        return True

    def _greet(self, view: PlayerView, rng: random.Random, deadline: float) -> bool:
        self._greeted = True
        hello = {
            "format": FORMAT,
            "type": "Hello",
            "name": self.name if self.name is not None else "bot",
            "seat": view.seat,
            "seats": len(view.stacks),
            "rules": json.loads(to_json(view.rules)),
            "seed": rng.getrandbits(64),
        }
        return self._send(_line(hello), deadline)

    def _send(self, data: bytes, deadline: float) -> bool:
        """Write ``data`` whole before ``deadline`` (a bot that reads nothing cannot block
        the table), or False."""
        process = self._process
        if process is None or process.stdin is None:
            return False
        fd = process.stdin.fileno()
        view = memoryview(data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0:
                self._late = True
                self._lost(TIMEOUT, "its input not read in time")
                return False
            try:
                if _ready(fd, select.POLLOUT, left):
                    view = view[os.write(fd, view) :]
            except BlockingIOError:
                continue
            except OSError:  # a broken pipe: the process is gone
                self._lost(DEAD, "its input closed")
                return False
        return True

    def _read_line(self, deadline: float) -> bytes | None:
        """The next line the bot writes before ``deadline``, or None (it exited, went
        silent, or wrote more than :data:`MAX_LINE` bytes without a newline)."""
        process = self._process
        if process is None or process.stdout is None:
            return None
        fd = process.stdout.fileno()
        pending = self._pending
        while True:
            end = pending.find(b"\n")
            if end >= 0:
                line = bytes(pending[: end + 1])
                del pending[: end + 1]
                if len(line) <= MAX_LINE:
                    return line
            if end >= 0 or len(pending) >= MAX_LINE:
                self._why = (TOO_LONG, f"a line over {MAX_LINE} bytes")
                return None
            left = deadline - time.monotonic()
            if left <= 0:
                self._late = True
                self._lost(TIMEOUT, f"no answer within {self.timeout:g} s")
                return None
            try:
                if not _ready(fd, select.POLLIN, left):
                    continue
                chunk = os.read(fd, MAX_LINE + 1 - len(pending))
            except BlockingIOError:
                continue
            except OSError:
                chunk = b""
            if not chunk:
                # End of file: a partial line is no answer.
                self._lost(DEAD, "its output ended mid-line" if pending else "its output closed")
                return None
            pending += chunk

    def _drain(self) -> None:
        """Throw away what the bot wrote unasked (answers come after the view only)."""
        process = self._process
        if process is None or process.stdout is None:
            return
        self._pending.clear()
        fd = process.stdout.fileno()
        thrown = 0
        while thrown < _DRAIN:
            try:
                chunk = os.read(fd, MAX_LINE) if _ready(fd, select.POLLIN, 0) else b""
            except OSError:
                chunk = b""
            if not chunk:
                return
            thrown += len(chunk)
        self._why = (TOO_LONG, f"over {_DRAIN} bytes written unasked")
        self.close()  # a flood: start afresh rather than read it all


def _rebuilt(
    command: tuple[str, ...],
    timeout: float,
    name: str | None,
    startup: float,
    stderr: str | None = None,
) -> ProcessBot:
    return ProcessBot(command, timeout=timeout, name=name, startup=startup, stderr=stderr)


def process_bot(
    command: Sequence[str],
    *,
    timeout: float = 1.0,
    name: str | None = None,
    startup: float = STARTUP,
    stderr: str | os.PathLike[str] | None = None,
) -> ProcessBot:
    """A policy that runs ``command`` (a list of program arguments) in a process of its own
    and plays what it answers over the seat protocol (:mod:`pokerlaws.seats`).

    Args:
        command: the program and its arguments, e.g. ``["python", "-m", "pokerlaws.bots",
            "peel"]`` or ``shlex.split("./mybot --fast")``.
        timeout: the seconds each decision may take (the answer after the view is sent).
        name: the name given in ``Hello``; :func:`~pokerlaws.simulate` gives the player's.
        startup: the seconds a freshly started process has on top of ``timeout`` for its
            first answer.
        stderr: a file the bot's standard error is appended to, for its author (None:
            thrown away; never the table's own output).

    Raises:
        TypeError: ``command`` is not a list of str, or another argument of the wrong type.
        ValueError: an empty command, a time limit that is not a positive finite number.
    """
    return ProcessBot(command, timeout=timeout, name=name, startup=startup, stderr=stderr)


# --- The bot's side: a ready stdio bot --------------------------------------------------


def serve(
    policy: Callable[[PlayerView, random.Random], Action],
    *,
    stdin: IO[bytes] | None = None,
    stdout: IO[bytes] | None = None,
) -> int:
    """Play ``policy`` over the seat protocol on standard input and output, until ``Bye``
    or the end of input; return the exit status (0).

    This is the bot's side of the protocol, the example for a bot in another language:
    read a line; on ``Hello`` seed the generator; on a ``PlayerView`` answer one action
    document line (and flush); on ``GameOver`` nothing; on ``Bye`` stop.
    """
    source = sys.stdin.buffer if stdin is None else stdin
    sink = sys.stdout.buffer if stdout is None else stdout
    rng = random.Random(0)
    for line in source:
        document = json.loads(line)
        kind = document.get("type")
        if kind == "Hello":
            rng = random.Random(document.get("seed", 0))
        elif kind == "PlayerView":
            action = policy(from_json(line), rng)
            sink.write(to_json(action).encode("utf-8") + b"\n")
            sink.flush()
        elif kind == "Bye":
            break
    return 0


def main(
    argv: Sequence[str], bots: Mapping[str, Callable[[PlayerView, random.Random], Action]]
) -> int:
    """``python -m pokerlaws.bots NAME``: play the ready bot ``NAME`` over the protocol."""
    if len(argv) != 1 or argv[0] not in bots:
        names = " | ".join(bots)
        print(f"usage: python -m pokerlaws.bots {{{names}}}", file=sys.stderr)
        return 2
    return serve(bots[argv[0]])
