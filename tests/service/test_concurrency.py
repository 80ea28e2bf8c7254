"""Two server processes on one PostgreSQL, the same sitting's action with the same seq sent
to both at once, round after round: exactly one is applied (200), the other refused (409)."""

from __future__ import annotations

import os

import pytest

from tests.service._bench import bench_service
from tests.skips import POSTGRES_SKIP, POSTGRES_VARIABLE


def test_two_servers_apply_exactly_one_action_per_sequence_number(
    capsys: pytest.CaptureFixture[str],
) -> None:
    if not os.environ.get(POSTGRES_VARIABLE):
        pytest.skip(POSTGRES_SKIP)
    assert bench_service().main(["concurrency", "--quick"]) == 0
    printed = capsys.readouterr().out
    assert "60 applied, 0 rounds not exactly one 200 and one 409" in printed
