"""``python -m pokerlaws.batch`` compiles every kernel now ("Compile once" in docs/batch.md):
it plays a few games through each entry point and says how long that took."""

from __future__ import annotations

import pytest

from tests.skips import extra_reason

pytest.importorskip("numpy", reason=extra_reason("numpy", "batch"))
pytest.importorskip("numba", reason=extra_reason("numba", "batch"))

from pokerlaws.batch.__main__ import main


def test_compiling_every_kernel_says_how_long_it_took(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("pokerlaws.batch: every kernel compiled and cached (")
    assert "s of CPU)" in out
    assert err == ""


def test_compiling_takes_no_argument(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--now"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "usage: python -m pokerlaws.batch (no arguments)\n"
