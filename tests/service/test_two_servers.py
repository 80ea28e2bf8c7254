"""Two server processes over one store, as ``pokerlaws serve --workers 2`` runs them (two apps
over one SQLite file here, each its own Tables and cache): a race for one ``seq`` lost to
the other process is a 409 naming the current seq, and an event of the other process
reaches a socket here by the default poll, within its second (docs/service.md).

The mutants of issue 33's sample of service/ that these kill are named in each docstring."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.skips import extra_reason

pytest.importorskip("starlette", reason=extra_reason("starlette", "service"))
pytest.importorskip("httpx", reason=extra_reason("httpx", "service"))

from starlette.testclient import TestClient

from pokerlaws.service import create_app
from tests.service._sockets import receive_json
from tests.service.test_app import _auth
from tests.service.test_websocket import Table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'sittings.db'}"


@pytest.fixture
def two(url: str) -> Iterator[tuple[TestClient, TestClient]]:
    with TestClient(create_app(url)) as here, TestClient(create_app(url)) as there:
        yield here, there


def test_an_action_whose_seq_the_other_process_took_first_is_a_409_naming_the_current_one(
    two: tuple[TestClient, TestClient],
) -> None:
    """Both processes hold the sitting at seq 0; the player to act acts through one, then
    sends the same action through the other, which still holds seq 0 and plays it: the
    store refuses the append, and the answer is 409 (the seq was taken), not a new state.

    Mutant killed: ``Refusal(409, f"seq {seq} was taken meanwhile; ...")`` turned
    ``Refusal(410, ...)`` in ``tables._taken``."""
    here, there = two
    table = Table(here)
    elsewhere = table.on(there)
    assert elsewhere.public()["seq"] == 0  # the other process now holds seq 0
    actor, _ = table.turn()
    move = table.move(random.Random(5))
    first = here.post(
        f"/sittings/{table.id}/actions", json=move, headers=_auth(table.tokens[actor])
    )
    assert first.status_code == 200, first.text
    second = there.post(
        f"/sittings/{table.id}/actions", json=move, headers=_auth(table.tokens[actor])
    )
    assert second.status_code == 409, second.text
    assert second.json() == {
        "law": None,
        "message": "seq 0 was taken meanwhile; the current one is 1",
    }
    assert len(table.stored()) == 1
    assert elsewhere.public()["seq"] == 1


def test_an_event_of_the_other_process_reaches_a_socket_within_the_default_poll_second(
    two: tuple[TestClient, TestClient],
) -> None:
    """The apps' poll is the default (SQLite tells no one of an event): a socket opened on
    one process is pushed the other's action within a second or so of it, not two.

    Mutant killed: ``create_app(store, *, poll: float = 1.0)`` turned ``poll = 2.0``."""
    here, there = two
    table = Table(here)
    elsewhere = table.on(there)
    name, _ = table.turn()
    move = elsewhere.move(random.Random(8))
    # The poll starts when the socket opens: with a poll of 2 s no push can come before 2 s
    # from here, whatever the machine's load; with the default 1 s it comes at about 1 s.
    started = time.monotonic()
    with table.socket(table.tokens[name]) as socket:
        assert receive_json(socket)["seq"] == 0
        answer = there.post(
            f"/sittings/{table.id}/actions", json=move, headers=_auth(table.tokens[name])
        )
        assert answer.status_code == 200, answer.text
        pushed = receive_json(socket)
        waited = time.monotonic() - started
    assert pushed["seq"] == 1
    assert waited < 1.9, waited
