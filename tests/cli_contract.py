"""The command line's promise under any input, checked on a finished ``pokerlaws`` process.

Whatever the file holds, ``pokerlaws check`` and ``pokerlaws replay`` exit 0 (legal), 1 (an
action the laws refuse) or 2 (malformed or unreadable); never a traceback; every line they
print is printable text (no control character, no unpaired surrogate: input is escaped as
``repr`` escapes it), in valid UTF-8; and the verdict has its documented shape: one line on
standard error for an unreadable file, ``malformed: N problems`` and exactly N lines (one a
problem) for a malformed one, ``illegal at ...`` and one line of reason for a refusal, one
JSON object with ``--json``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

__all__ = ["check_contract", "lines_of", "run_bytes"]

_MALFORMED = re.compile(r"malformed: (\d+) problems?")
_RESULTS = {0: {"legal"}, 1: {"illegal"}, 2: {"malformed", "unreadable"}}


def run_bytes(
    *args: str | Path,
    stdin: bytes | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float = 60,
) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m pokerlaws ARGS`` with ``stdin`` as its standard input (or none)."""
    return subprocess.run(
        [sys.executable, "-m", "pokerlaws", *map(str, args)],
        input=stdin if stdin is not None else b"",
        capture_output=True,
        timeout=timeout,
        check=False,
        env={**os.environ, **env} if env is not None else None,
    )


def lines_of(output: bytes) -> list[str]:
    """The lines of an output, each checked printable; the output ends with a newline."""
    text = output.decode("utf-8")  # strict: what is printed is valid UTF-8
    if not text:
        return []
    assert text.endswith("\n"), text
    lines = text[:-1].split("\n")
    for line in lines:
        assert line.isprintable(), f"unescaped character in {line!r}"
    return lines


def check_contract(
    done: subprocess.CompletedProcess[bytes], args: Sequence[str | Path] | None = None
) -> None:
    """Assert the command line's promise on a finished ``check`` or ``replay``."""
    args = [str(arg) for arg in (done.args[3:] if args is None else args)]
    command, as_json = args[0], "--json" in args
    where = f"{args}: exit {done.returncode}\nstdout {done.stdout[-2000:]!r}\n"
    where += f"stderr {done.stderr[-2000:]!r}"
    assert done.returncode in (0, 1, 2), where
    out, err = lines_of(done.stdout), lines_of(done.stderr)
    assert not any("Traceback" in line or "internal error" in line for line in err), where
    if as_json and (out or not err):
        assert err == [], where
        assert len(out) == 1, where
        assert json.loads(out[0])["result"] in _RESULTS[done.returncode], where
        return
    if done.returncode == 0:
        assert err == [], where
        if command == "check":
            assert out[0] == "legal", where
        return
    if done.returncode == 1:
        assert err == [], where
        found = [k for k, line in enumerate(out) if line.startswith("illegal at ")]
        assert len(found) == 1, where
        assert found[0] == len(out) - 2, where  # the refusal, then its reason, then nothing
        if command == "check":
            assert len(out) == 2, where
        return
    if err:  # unreadable: one line on standard error, nothing on standard output
        assert out == [], where
        assert len(err) == 1, where
        assert err[0].startswith("pokerlaws: "), where
        return
    heads = [k for k, line in enumerate(out) if _MALFORMED.fullmatch(line)]
    assert heads, where
    head = heads[-1]
    if command == "check":
        assert head == 0, where
    match = _MALFORMED.fullmatch(out[head])
    assert match is not None
    assert len(out) - head - 1 == int(match.group(1)), where  # one line a problem
