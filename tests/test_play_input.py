"""``pokerlaws play`` reads bytes it cannot decode as a refused line, not as the end of the
table: the line is refused in one line, the play goes on, and the results are printed."""

from __future__ import annotations

import os
import subprocess
import sys

RESULTS = "The sitting's results after"


def play(stdin: bytes, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "PYTHONUTF8")}
    env |= {"LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
    done = subprocess.run(
        [sys.executable, "-m", "pokerlaws", "play", "--seed", "7", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
        env=env,
    )
    return subprocess.CompletedProcess(
        done.args,
        done.returncode,
        done.stdout.decode("utf-8"),
        done.stderr.decode("utf-8"),
    )


def test_a_line_that_is_not_utf8_is_refused_and_the_play_goes_on() -> None:
    done = play(b"\xff\xfe call\nquit\n", "--games", "2")
    assert done.returncode == 0
    assert done.stderr == ""
    refusals = [line for line in done.stdout.splitlines() if "not UTF-8 text" in line]
    assert len(refusals) == 1
    assert "(byte 1 is 0xff): it is no move; type it again." in refusals[0]
    assert "You leave the table" in done.stdout  # the next line, quit, was read
    assert f"{RESULTS} 1 game:" in done.stdout


def test_bad_bytes_at_the_end_of_input_keep_the_results() -> None:
    done = play(b"stand\xe2\x80", "--games", "1")
    assert done.returncode == 0
    assert "internal error" not in done.stderr
    assert "(byte 6 is 0xe2)" in done.stdout
    assert f"{RESULTS} 1 game:" in done.stdout
