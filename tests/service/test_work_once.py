"""Work the service does once, not once a reader (issue 35): a sitting this process holds is
read from the store only past the events it has seen; each event's view of a seat is worked
out once for every answer and socket of that seat; and on PostgreSQL an event committed by
another server process reaches a socket here by the NOTIFY sent in its transaction, not by
the socket polling."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.skips import extra_reason

pytest.importorskip("starlette", reason=extra_reason("starlette", "service"))
pytest.importorskip("httpx", reason=extra_reason("httpx", "service"))

from starlette.testclient import TestClient

from pokerlaws.service import create_app, sittings
from tests.service._sockets import receive_json
from tests.service.test_app import _auth
from tests.service.test_store import _postgres_url
from tests.service.test_websocket import Table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class Counted:
    """A store that counts what it is asked to read, around the real one."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.loads = 0
        self.read_after: list[int] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    def load(self, sitting_id: str) -> Any:
        self.loads += 1
        return self.store.load(sitting_id)

    def load_after(self, sitting_id: str, seq: int) -> Any:
        self.read_after.append(seq)
        return self.store.load_after(sitting_id, seq)


def test_a_sitting_held_here_is_read_only_past_the_events_it_has_seen() -> None:
    from pokerlaws.service.store import open_store

    store = Counted(open_store("sqlite://:memory:"))
    with TestClient(create_app(store)) as client:
        table = Table(client)
        rng = random.Random(3)
        for seq in range(1, 6):
            assert table.post_move(rng)[1]["seq"] == seq
        assert store.loads == 0  # never the whole sitting: it was made here
        assert set(store.read_after) <= set(range(6))
        assert max(store.read_after) == 4  # the read before the last action


def test_each_event_s_view_of_a_seat_is_worked_out_once_for_all_its_readers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two sockets of one seat, his POST's answer and his GET: one view worked out an event,
    and written as JSON text once.

    Mutant killed: the text's key ``("text", who)`` written ``("TEXT", who)`` in
    ``Table.seen_text`` (the text then written again for every reader)."""
    worked: list[int] = []
    written: list[Any] = []
    real_view = sittings.view  # type: ignore[attr-defined]
    real_text = sittings.json_text

    def counted_view(game: Any, seat: int) -> Any:
        worked.append(seat)
        return real_view(game, seat)

    def counted_text(document: Any) -> str:
        written.append(document)
        return real_text(document)

    with TestClient(create_app("sqlite://:memory:")) as client:
        table = Table(client)
        actor, seat = table.turn()
        message = table.move(random.Random(5))
        token = table.tokens[actor]
        with table.socket(token) as one, table.socket(token) as other:
            assert receive_json(one)["seq"] == receive_json(other)["seq"] == 0
            monkeypatch.setattr(sittings, "view", counted_view)
            monkeypatch.setattr(sittings, "json_text", counted_text)
            answer = client.post(
                f"/sittings/{table.id}/actions", json=message, headers=_auth(token)
            )
            assert answer.status_code == 200, answer.text
            pushed = [receive_json(one), receive_json(other)]
            again = client.get(f"/sittings/{table.id}/view", headers=_auth(token)).json()
        assert pushed == [answer.json(), answer.json()] == [again, again]
        assert worked.count(seat) == 1
        assert written.count(answer.json()) == 1


def test_the_sockets_of_a_sitting_acted_on_here_are_pushed_without_reading_the_store() -> None:
    """An action by POST, then one by a socket, each player's socket open: every socket is
    pushed the table the action made here, the store not read between action and pushes.

    Mutant killed: ``self.hub.notify(table.id, table)`` turned ``self.hub.notify(table.id, )``
    in ``_Service._told_all`` (each socket woken then reads the sitting again)."""
    from pokerlaws.service.store import open_store

    store = Counted(open_store("sqlite://:memory:"))
    with TestClient(create_app(store, poll=3600)) as client, contextlib.ExitStack() as stack:
        table = Table(client)
        rng = random.Random(6)
        opened = {
            name: stack.enter_context(table.socket(token)) for name, token in table.tokens.items()
        }
        assert [receive_json(socket)["seq"] for socket in opened.values()] == [0, 0, 0]
        for seq, by_socket in ((1, False), (2, True)):
            actor, _ = table.turn()
            message = table.move(rng)
            store.loads, store.read_after = 0, []
            if by_socket:
                opened[actor].send_json(message)
            else:
                answer = client.post(
                    f"/sittings/{table.id}/actions",
                    json=message,
                    headers=_auth(table.tokens[actor]),
                )
                assert answer.status_code == 200, answer.text
            assert [receive_json(socket)["seq"] for socket in opened.values()] == [seq] * 3
            assert (store.loads, store.read_after) == (0, [])


@pytest.fixture
def postgres_url() -> Iterator[str]:
    yield from _postgres_url()


def test_an_event_of_another_server_on_postgresql_reaches_a_socket_by_notify(
    postgres_url: str,
) -> None:
    """Two apps over one PostgreSQL, as two server processes, their sockets polling only
    once an hour: an action acknowledged by one is pushed by the other, told by NOTIFY."""
    with (
        TestClient(create_app(postgres_url, poll=3600)) as here,
        TestClient(create_app(postgres_url, poll=3600)) as there,
    ):
        table = Table(here)
        elsewhere = table.on(there)
        rng = random.Random(9)
        with contextlib.ExitStack() as sockets:
            opened = {
                name: sockets.enter_context(table.socket(token))
                for name, token in table.tokens.items()
            }
            for socket in opened.values():
                assert receive_json(socket)["seq"] == 0
            for seq in range(1, 4):
                elsewhere.post_move(rng)
                for name, socket in opened.items():
                    pushed = receive_json(socket)
                    assert pushed["seq"] == seq
                    assert pushed == elsewhere.seen(name)


def test_the_fast_json_writer_writes_what_the_standard_one_does() -> None:
    """Each view is written once, by orjson where installed: the text is json.dumps's."""
    with TestClient(create_app("sqlite://:memory:")) as client:
        table = Table(client)
        rng = random.Random(8)
        held = client.app.state.tables  # type: ignore[attr-defined]
        for _ in range(12):
            if table.public()["to_act"] is None:
                break  # the sitting's one game is over
            table.post_move(rng)
            state = held.table(table.id)
            for who in [*table.tokens, None, sittings.REFEREE]:
                document = state.seen_by(who)
                assert sittings.json_text(document) == sittings._standard_json(document)
                assert state.seen_text(who) == sittings._standard_json(document)


def test_a_notice_come_while_an_append_here_is_awaited_waits_for_it_to_be_kept() -> None:
    """A store's notice of an event (PostgreSQL's NOTIFY) that comes while an append of this
    process to that sitting awaits its commit is most often that append's own, come before
    its table is kept: the sitting is not read for it then (under load, every action was
    read back and replayed so). Once the append is settled the notice is looked at: if the
    event is not held here after all, the sitting is read once, past what is held, and
    every socket pushed."""
    from pokerlaws.service.store import open_store
    from pokerlaws.service.tables import Tables

    store = Counted(open_store("sqlite://:memory:"))
    app = create_app(store, poll=3600)
    tables = app.state.tables
    service = tables.settled.__self__
    with TestClient(app) as client:
        table = Table(client)
        name, _ = table.turn()
        with table.socket(table.tokens[name]) as socket:
            assert receive_json(socket)["seq"] == 0
            # Committed, not kept here: the store holds event 0, this process's cache not.
            elsewhere = Tables(store.store)
            elsewhere.act(table.id, table.tokens[name], table.move(random.Random(4)))
            store.read_after = []

            def told_while_appending() -> None:
                tables.appending[table.id] = 1
                service._told(table.id, 0)

            def settled() -> None:
                del tables.appending[table.id]
                service._settled(table.id)

            portal = client.portal
            assert portal is not None
            portal.call(told_while_appending)
            assert (store.read_after, service.behind) == ([], {})
            assert service.deferred == {table.id: 0}
            portal.call(settled)
            assert receive_json(socket)["seq"] == 1
            assert store.read_after == [0]
            assert service.deferred == {}


def test_the_hand_tables_of_a_new_sitting_s_rules_are_built_when_it_is_made() -> None:
    """A process builds the hand tables of a set of rules on their first use, a tenth of
    a second or more: when the sitting is made (in a thread), not at its first show, on
    the event loop that serves every player of the process."""
    import pokerlaws as pl
    from pokerlaws import hands

    rules = pl.Rules(
        ante=1,
        limit=4,
        hands=pl.HandRules(blaze=True, skip_sequence=True, ace_high_sequences=True),
    )
    hands._TABLES.pop(rules.hands, None)
    with TestClient(create_app("sqlite://:memory:")) as client:
        players = [{"name": "Ann", "chips": 20}, {"name": "Bob", "chips": 20}]
        made = client.post("/sittings", json={"rules": pl.to_data(rules), "players": players})
        assert made.status_code == 201, made.text
    assert rules.hands in hands._TABLES


def test_an_event_told_while_its_sitting_is_being_read_is_read_after() -> None:
    """Another process's events reach this one's sockets by notices (PostgreSQL's NOTIFY),
    each starting one read of the sitting. A notice that came while the sitting was being
    read for an earlier one was dropped: if its event was committed after that read, the
    sockets here were not pushed it until the look every 30 s, and a player whose turn it
    brought waited that long (a turn's p99 of 13 s with two workers). It is read after."""
    import threading

    from pokerlaws.service.store import open_store
    from pokerlaws.service.tables import Tables

    class Gated(Counted):
        """Holds each read's answer until ``gate`` is open (the read itself done)."""

        gate = threading.Event()

        def load_after(self, sitting_id: str, seq: int) -> Any:
            found = super().load_after(sitting_id, seq)
            assert self.gate.wait(30)
            return found

    store = Gated(open_store("sqlite://:memory:"))
    store.gate.set()
    app = create_app(store, poll=3600)
    service = app.state.tables.settled.__self__
    with TestClient(app) as client:
        table = Table(client)
        portal = client.portal
        assert portal is not None
        elsewhere = Tables(store.store)
        rng = random.Random(5)
        with contextlib.ExitStack() as stack:
            opened = [stack.enter_context(table.socket(t)) for t in table.tokens.values()]
            assert [receive_json(socket)["seq"] for socket in opened] == [0] * len(opened)
            name, _ = table.turn()
            elsewhere.act(table.id, table.tokens[name], table.move(rng))
            store.read_after = []
            store.gate.clear()
            portal.call(service._told, table.id, 0)  # the read of event 0 starts
            while not store.read_after:
                time.sleep(0.01)
            # Event 1, committed after that read, told while it is held.
            following = elsewhere.cached(table.id)
            assert following is not None
            assert following.sitting.to_act is not None
            seat = following.sitting.to_act.name
            menu = following.seen_by(seat)["view"]["legal_actions"]
            action = menu[0] if isinstance(menu, list) else menu["others"][0]
            elsewhere.act(table.id, table.tokens[seat], {"seq": 1, "action": action})
            portal.call(service._told, table.id, 1)
            store.gate.set()
            assert [receive_json(socket)["seq"] for socket in opened] == [1] * len(opened)
            assert [receive_json(socket)["seq"] for socket in opened] == [2] * len(opened)
        assert store.read_after == [0, 1]


def test_a_push_runs_at_once_and_one_that_must_wait_waits_alone() -> None:
    """Each event's table is pushed to every socket by the hub at once, in the caller, not
    by waking a task a socket; a push that must wait (its socket's sending lock taken, or a
    peer too slow to read) goes on in a task of its own, so the sitting's other sockets are
    pushed meanwhile, and it is pushed when it can be."""
    from pokerlaws.service.listeners import Hub

    async def play() -> None:
        hub = Hub()
        pushed: list[tuple[str, int]] = []
        slow_lock = asyncio.Lock()

        def pusher(name: str, lock: asyncio.Lock) -> Any:
            async def push(table: Any) -> None:
                async with lock:
                    pushed.append((name, table.seq))

            return push

        for name, lock in (("slow", slow_lock), ("quick", asyncio.Lock())):
            hub.listen("s").push = pusher(name, lock)
        await slow_lock.acquire()  # the slow socket's lock is taken
        hub.notify("s", sittings.Table("s", None, None, 1))  # type: ignore[arg-type]
        assert pushed == [("quick", 1)]  # at once, no task run
        assert len(hub.finishing) == 1
        slow_lock.release()
        await asyncio.wait(hub.finishing)
        assert pushed == [("quick", 1), ("slow", 1)]

    asyncio.run(play())
