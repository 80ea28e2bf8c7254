"""The fault run at its quick scale: a real server SIGKILLed at 20 random moments of a load
run and restarted; afterwards every sitting's stored events are exactly the actions its
clients saw acknowledged (plus those whose answer the kill lost and the client found
applied): none lost, none doubled."""

from __future__ import annotations

import os

import pytest

from tests.service._bench import bench_service
from tests.skips import POSTGRES_SKIP, POSTGRES_VARIABLE


@pytest.mark.slow
def test_no_acknowledged_action_is_lost_or_doubled_by_sigkill_on_sqlite(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench_service().main(["faults", "--quick", "--db", "sqlite"]) == 0
    printed = capsys.readouterr().out
    assert "20 SIGKILLs" in printed
    assert "records wrong: 0" in printed


@pytest.mark.slow
def test_no_acknowledged_action_is_lost_or_doubled_by_sigkill_on_postgresql(
    capsys: pytest.CaptureFixture[str],
) -> None:
    if not os.environ.get(POSTGRES_VARIABLE):
        pytest.skip(POSTGRES_SKIP)
    assert bench_service().main(["faults", "--quick", "--db", "postgresql"]) == 0
    assert "records wrong: 0" in capsys.readouterr().out


def test_the_fault_check_finds_a_lost_and_a_doubled_action(tmp_path: object) -> None:
    """The record check can fail: an acknowledged action missing, or one stored unseen."""
    bench = bench_service()
    from pokerlaws.service.store import open_store

    url = f"sqlite:///{tmp_path}/check.db"
    store = open_store(url)
    store.create("s1", "h")
    store.append("s1", 0, '{"action": {"format": "pokerlaws/1", "type": "Pass", "seat": 1}}')
    store.append("s1", 1, '{"action": {"format": "pokerlaws/1", "type": "Pass", "seat": 2}}')
    store.close()
    first, second = {"type": "Pass", "seat": 1}, {"type": "Pass", "seat": 2}
    assert bench.check_records(url, [("s1", {0: first, 1: second})]) == []
    assert bench.check_records(url, [("s1", {0: first})]) != []  # one stored, never seen
    assert bench.check_records(url, [("s1", {0: first, 1: second, 2: second})]) != []  # lost
    assert bench.check_records(url, [("s1", {0: second, 1: second})]) != []  # another action
