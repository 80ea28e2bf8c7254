"""The websocket of the table service (API.md, ``WS /sittings/{id}/ws?token=...``): it pushes
the seat's view after every event, wherever the event came from, and takes the action
messages of ``POST .../actions`` with the same refusals.

The refusals come as ``{"error": status, "law": ..., "message": ...}`` and the socket stays
open: 409 for a stale ``seq``, 422 with the law for what the laws refuse, 403 for another
seat's action or a seat's report. A socket without a token of the sitting is closed with
1008 (policy violation) before it is accepted: a spectator's socket is another route,
``/sittings/{id}/watch`` (test_table_pages.py); the referee's socket is pushed the public
table and no seat's view. A push is what that seat's ``GET .../view`` answers, and holds no card
hidden from him.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.skips import extra_reason

pytest.importorskip("starlette", reason=extra_reason("starlette", "service"))
pytest.importorskip("httpx", reason=extra_reason("httpx", "service"))

from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

import pokerlaws as pl
from pokerlaws.service import create_app
from tests.service._sockets import receive_json
from tests.service.test_app import PLAYERS, RULES, _auth, _choose, _hidden_cards_absent

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class Table:
    """A sitting of three players over one app, and what its seats and referee hold."""

    def __init__(self, client: TestClient, *, games: int = 1) -> None:
        self.client = client
        answer = client.post(
            "/sittings", json={"rules": RULES, "players": PLAYERS, "games": games}
        )
        assert answer.status_code == 201, answer.text
        made = answer.json()
        self.id: str = made["id"]
        self.tokens: dict[str, str] = {seat["name"]: seat["token"] for seat in made["seats"]}
        self.referee: str = made["referee"]

    def on(self, client: TestClient) -> Table:
        """This sitting as another app (another server process) serves it."""
        moved = copy.copy(self)
        moved.client = client
        return moved

    def public(self) -> Any:
        return self.client.get(f"/sittings/{self.id}").json()

    def seen(self, name: str) -> Any:
        answer = self.client.get(f"/sittings/{self.id}/view", headers=_auth(self.tokens[name]))
        assert answer.status_code == 200, answer.text
        return answer.json()

    def socket(self, token: str) -> contextlib.AbstractContextManager[WebSocketTestSession]:
        return self.client.websocket_connect(f"/sittings/{self.id}/ws?token={token}")

    def turn(self) -> tuple[str, int]:
        """The name and seat of the player to act."""
        to_act = self.public()["to_act"]
        return to_act["name"], to_act["seat"]

    def move(self, rng: random.Random) -> dict[str, Any]:
        """A legal action message of the player to act, from the menu of his view."""
        name, _ = self.turn()
        seen = self.seen(name)
        return {"seq": seen["seq"], "action": _choose(seen["view"]["legal_actions"], rng)}

    def post_move(self, rng: random.Random) -> tuple[str, Any]:
        """Post a legal action of the player to act over HTTP (answered 200, asserted): his
        name, and the answer's document (the new view and ``seq``)."""
        actor, _ = self.turn()
        answer = self.client.post(
            f"/sittings/{self.id}/actions",
            json=self.move(rng),
            headers=_auth(self.tokens[actor]),
        )
        assert answer.status_code == 200, answer.text
        return actor, answer.json()

    def stored(self) -> tuple[str, ...]:
        store = self.client.app.state.tables.store  # type: ignore[attr-defined]
        return tuple(store.load(self.id).events)


@pytest.fixture
def client() -> Iterator[TestClient]:
    # One event loop for the requests and the sockets, as one server process has.
    with TestClient(create_app("sqlite://:memory:", poll=0.05)) as entered:
        yield entered


def assert_push_is_the_view(table: Table, name: str, pushed: Any, seq: int) -> None:
    """The push is ``name``'s ``GET .../view`` as of ``seq``, with no card hidden from him."""
    assert pushed["seq"] == seq, (name, pushed["seq"], seq)
    assert pushed == table.seen(name)
    view = pushed["view"]
    _hidden_cards_absent(view, set(view["hand"]) | set(view["discarded"]), json.dumps(pushed))


def test_every_seat_is_pushed_his_view_after_every_action_sent_over_http(
    client: TestClient,
) -> None:
    """An action sent over HTTP by the seat to act reaches every seat's socket as a push of
    that seat's own view, for a whole game and into the next."""
    table = Table(client, games=2)
    rng = random.Random(11)
    with contextlib.ExitStack() as sockets:
        opened = {name: sockets.enter_context(table.socket(t)) for name, t in table.tokens.items()}
        for name, socket in opened.items():
            assert_push_is_the_view(table, name, receive_json(socket), 0)
        games_played = 0
        seq = 0
        while games_played < 1 and not table.public()["over"]:
            table.post_move(rng)
            seq += 1
            for name, socket in opened.items():
                assert_push_is_the_view(table, name, receive_json(socket), seq)
            games_played = table.public()["games_played"]
        assert seq > 3
        assert len(table.stored()) == seq


def test_an_action_sent_over_the_socket_is_applied_and_pushed_to_every_seat(
    client: TestClient,
) -> None:
    """The socket takes the action message of ``POST .../actions``: the sender is pushed his
    view after it (as the HTTP answer would be), and so is every other seat."""
    table = Table(client)
    rng = random.Random(3)
    with contextlib.ExitStack() as sockets:
        opened = {name: sockets.enter_context(table.socket(t)) for name, t in table.tokens.items()}
        for socket in opened.values():
            receive_json(socket)
        for seq in range(1, 6):
            actor, _ = table.turn()
            opened[actor].send_json(table.move(rng))
            for name, socket in opened.items():
                assert_push_is_the_view(table, name, receive_json(socket), seq)
        assert len(table.stored()) == 5


def _refused_over_the_socket(table: Table, token: str, message: object) -> Any:
    """The socket's answer to ``message``, which must change nothing; the socket stays open
    (a good action after it is applied)."""
    before = (table.stored(), [table.seen(name) for name in table.tokens])
    with table.socket(token) as socket:
        first = receive_json(socket)
        socket.send_text(json.dumps(message))
        answer = receive_json(socket)
        assert (table.stored(), [table.seen(name) for name in table.tokens]) == before
        assert set(answer) == {"error", "law", "message"}, answer
        actor, _ = table.turn()
        if table.tokens[actor] == token:
            socket.send_json(table.move(random.Random(0)))
            assert receive_json(socket)["seq"] == first["seq"] + 1
    return answer


def test_a_stale_or_future_seq_over_the_socket_is_a_409_and_applies_nothing(
    client: TestClient,
) -> None:
    """Two messages of one ``seq`` apply at most one: a ``seq`` not the current one is 409."""
    table = Table(client)
    rng = random.Random(5)
    actor, _ = table.turn()
    first = table.move(rng)
    answer = client.post(
        f"/sittings/{table.id}/actions", json=first, headers=_auth(table.tokens[actor])
    )
    assert answer.status_code == 200
    for change in (-1, 1):
        # (each refusal is followed by a good action on the socket: the turn moves on)
        actor, _ = table.turn()
        message = table.move(rng)
        seq = message["seq"] + change
        refused = _refused_over_the_socket(table, table.tokens[actor], {**message, "seq": seq})
        assert refused["error"] == 409, refused
        assert refused["law"] is None
        assert str(seq) in refused["message"]


def test_law_25_a_stake_sent_over_the_socket_in_the_straddle_is_a_422_citing_law_25(
    client: TestClient,
) -> None:
    """Law 25: no stake is made while the straddle is offered; the socket answers the
    library's own violation, its law and message, and nothing is applied."""
    table = Table(client)
    actor, seat = table.turn()
    assert table.public()["phase"] == "straddle"
    stake = pl.Stake(seat=seat, amount=2)
    state = client.app.state.tables.table(table.id).sitting.game  # type: ignore[attr-defined]
    violation = pl.apply(state, stake)
    assert isinstance(violation, pl.RuleViolation)
    message = {"seq": 0, "action": pl.to_data(stake)}
    refused = _refused_over_the_socket(table, table.tokens[actor], message)
    assert refused == {"error": 422, "law": 25, "message": violation.message}
    assert violation.law == 25


def test_another_seats_action_or_a_seats_report_over_the_socket_is_a_403(
    client: TestClient,
) -> None:
    """A seat acts for himself only, and reports are the referee's (API.md): 403."""
    table = Table(client)
    actor, _ = table.turn()
    message = table.move(random.Random(1))
    other = next(name for name in table.tokens if name != actor)
    refused = _refused_over_the_socket(table, table.tokens[other], message)
    assert refused["error"] == 403, refused
    state = client.app.state.tables.table(table.id).sitting.game  # type: ignore[attr-defined]
    reports = pl.reportable(state)
    if reports:
        report = {"seq": 0, "action": pl.to_data(reports[0])}
        refused = _refused_over_the_socket(table, table.tokens[actor], report)
        assert refused["error"] == 403, refused
        assert "referee" in refused["message"]


def test_the_referees_socket_is_pushed_the_public_table_and_no_seats_view(
    client: TestClient,
) -> None:
    """The referee is pushed every event too, with no seat's view (no hidden card at all),
    and a player's action from his socket is a 403."""
    table = Table(client)
    with table.socket(table.referee) as socket:
        first = receive_json(socket)
        assert first["view"] is None
        assert first["seat"] is None
        assert first["table"] == table.public()
        message = table.move(random.Random(2))
        socket.send_json(message)
        refused = receive_json(socket)
        assert refused["error"] == 403, refused
        actor, _ = table.turn()
        answer = client.post(
            f"/sittings/{table.id}/actions", json=message, headers=_auth(table.tokens[actor])
        )
        assert answer.status_code == 200
        pushed = receive_json(socket)
        assert pushed["seq"] == 1
        assert pushed["view"] is None
        assert pushed["table"] == table.public()
        assert not any(f'"{card}"' in json.dumps(pushed) for card in pl.standard_deck())


@pytest.mark.parametrize(
    "query", ["", "?token=", "?token=wrong", "?other=x", "?token=%00", "?token=%F0%9F%83%8F"]
)
def test_a_socket_with_a_bad_or_missing_token_is_closed_with_1008(
    client: TestClient, query: str
) -> None:
    """No token of the sitting, no socket: closed with 1008 before it is accepted (a
    spectator's socket is at /watch), and nothing is sent."""
    table = Table(client)
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/sittings/{table.id}/ws{query}"),
    ):
        pass
    assert closed.value.code == 1008


def test_a_socket_of_no_such_sitting_or_of_another_sittings_token_is_closed_with_1008(
    client: TestClient,
) -> None:
    table = Table(client)
    other = Table(client)
    token = table.tokens["Ann"]
    for path in (f"/sittings/nosuch/ws?token={token}", f"/sittings/{other.id}/ws?token={token}"):
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(path):
            pass
        assert closed.value.code == 1008


def test_events_appended_by_another_server_on_the_same_file_reach_the_socket(
    tmp_path: Path,
) -> None:
    """Two apps over one SQLite file, as two server processes: an action acknowledged by
    one reaches a socket of the other (which polls the store), as each seat's own view."""
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    with (
        TestClient(create_app(url, poll=0.05)) as here,
        TestClient(create_app(url, poll=0.05)) as there,
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
                    assert_push_is_the_view(table, name, pushed, seq)
                    assert pushed == elsewhere.seen(name)
