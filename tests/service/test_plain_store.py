"""The service over a store with the protocol's methods only (docs/stores.md): no
``append_later``, ``load_after`` nor ``watch``, as a store of one's own may have. A game's
actions, sent by POST and by a socket, are answered, pushed and stored as over SQLite.

Mutant killed: ``anyio.to_thread.run_sync(self.store.append, sitting_id, seq, event)``
turned ``run_sync(None, sitting_id, seq, event)`` in ``Tables.act_async`` (the branch of a
store without ``append_later``)."""

from __future__ import annotations

import random

import pytest

from tests.skips import extra_reason

pytest.importorskip("starlette", reason=extra_reason("starlette", "service"))
pytest.importorskip("httpx", reason=extra_reason("httpx", "service"))

from starlette.testclient import TestClient

from pokerlaws.service import create_app
from pokerlaws.service.store import Store
from tests.service._memory_store import MemoryStore
from tests.service._sockets import receive_json
from tests.service.test_app import _auth
from tests.service.test_websocket import Table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_a_store_with_only_the_protocol_s_methods_plays_by_post_and_by_socket() -> None:
    store = MemoryStore()
    assert isinstance(store, Store)
    assert not any(hasattr(store, name) for name in ("append_later", "load_after", "watch"))
    with TestClient(create_app(store, poll=3600)) as client:
        table = Table(client)
        rng = random.Random(4)
        assert table.post_move(rng)[1]["seq"] == 1
        actor, _ = table.turn()
        message = table.move(rng)
        with table.socket(table.tokens[actor]) as socket:
            assert receive_json(socket)["seq"] == 1
            socket.send_json(message)
            pushed = receive_json(socket)
        assert pushed["seq"] == 2
        assert pushed == table.seen(actor)
        assert len(table.stored()) == 2
        # A stale seq is refused as over any store, the events unchanged.
        stale = client.post(
            f"/sittings/{table.id}/actions",
            json=message,
            headers=_auth(table.tokens[actor]),
        )
        assert stale.status_code == 409, stale.text
        assert len(table.stored()) == 2
