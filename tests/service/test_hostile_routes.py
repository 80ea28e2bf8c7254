"""Hostile input at every route of the table service (issue 28): never a 500, every refusal
a JSON document that says why, and a refused request changes nothing.

What a stranger may send is drawn from the project's own hostile strategies, imported: the
mutated documents of ``tests/test_hostile_input.py`` (``mutate_json``, its hostile
documents), the byte mutations of ``tests/test_cli_fuzz.py`` (``mutate``), the spoiling
values of ``tests/test_json.py`` put at any place of a valid message, the actions of
``pokerlaws.strategies`` (legal and not, of any seat, reports); besides them arbitrary JSON
values, deep nesting, huge numbers, unicode and lone surrogates, invalid UTF-8, bodies over
:data:`~pokerlaws.service.app.MAX_BODY` (declared or streamed), wrong content types, hostile
ids, tokens and ``Authorization`` headers, at the HTTP routes and the websocket.

HTTP requests go to the ASGI application itself (``asgi`` below) rather than through
httpx, which re-encodes header values: so a header reaches the service as the bytes drawn.
Each answer must be below 500; a 4xx a JSON object ``{"law", "message"}`` with a message,
and for a 422 at the actions (what the laws refuse) the law's number. A refused request
leaves the store's events, every seat's ``GET .../view`` and ``seq`` as they were; an
accepted one appends exactly one event.

The default suite runs the profile's examples (``tests/conftest.py``; the heavier tests the
``games`` profile); ``-m slow`` runs many more. What the fuzz found is kept at the end as
explicit regressions: a ``Content-Length`` of digits other than ASCII ones (a 500), and a
player named ``referee`` (who held the referee's powers).
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator, MutableMapping
from typing import Any
from unittest import mock
from urllib.parse import quote

import pytest

from tests.skips import extra_reason

pytest.importorskip("starlette", reason=extra_reason("starlette", "service"))
pytest.importorskip("httpx", reason=extra_reason("httpx", "service"))

import anyio
import attrs
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from starlette.applications import Starlette
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import pokerlaws as pl
import pokerlaws.strategies as ps
from pokerlaws.reports import REPORT_TYPES
from pokerlaws.service import create_app
from pokerlaws.service import sittings as service_sittings
from pokerlaws.service.app import MAX_BODY
from pokerlaws.service.store import Store
from tests.service._sockets import receive_json
from tests.test_cli_fuzz import _OPS, Op, mutate
from tests.test_hostile_input import DOCUMENTS, HOSTILE_DOCUMENTS, Drawn, mutate_json
from tests.test_json import SPOILERS, places

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

RULES = pl.to_data(pl.Rules(ante=1, limit=4))
PLAYERS = [{"name": "Ann", "chips": 20}, {"name": "Bob", "chips": 20}, {"name": "Cy", "chips": 20}]
CREATION = {"rules": RULES, "players": PLAYERS, "games": 10}

REPORTS = {kind.__name__ for kind in REPORT_TYPES}
GAMES = settings.get_profile("games")


def slow(examples: int) -> settings:
    """The settings of a ``-m slow`` run of ``examples`` examples (each test's number keeps
    the file's slow runs near three minutes on a loaded two-core machine)."""
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# --- Talking to the application ---------------------------------------------------------------


Answer = tuple[int, dict[bytes, bytes], bytes]


def asgi(
    app: Starlette,
    method: str,
    path: str,
    headers: list[tuple[bytes, bytes]],
    chunks: list[bytes] | None = None,
) -> Answer:
    """One HTTP request to ``app`` as a server would hand it over: the path as given, the
    headers as bytes, the body in ``chunks`` (several: a body streamed without a length)."""
    pending = list(chunks or [b""])
    started: list[Any] = []
    body: list[bytes] = []

    async def receive() -> MutableMapping[str, Any]:
        if pending:
            chunk = pending.pop(0)
            return {"type": "http.request", "body": chunk, "more_body": bool(pending)}
        return {"type": "http.disconnect"}

    async def send(message: MutableMapping[str, Any]) -> None:
        if message["type"] == "http.response.start":
            started.append(message)
        else:
            body.append(message.get("body", b""))

    scope: dict[str, Any] = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": quote(path, safe="/", errors="surrogatepass").encode("ascii"),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), *headers],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
        "state": {},
    }
    anyio.run(app, scope, receive, send)
    (start,) = started
    return start["status"], dict(start.get("headers", [])), b"".join(body)


def assert_answer(answer: Answer, *, acting: bool = False) -> None:
    """Below 500; a 4xx is ``{"law", "message"}`` as JSON with a message, and a 422 of an
    action names the law that refuses it."""
    status, headers, body = answer
    assert status < 500, (status, body[:500])
    if status < 400:
        return
    assert headers.get(b"content-type", b"").startswith(b"application/json"), headers
    document = json.loads(body)
    assert_refusal(document, status, acting=acting)


def assert_refusal(document: Any, status: int, *, acting: bool) -> None:
    assert 400 <= status < 500, (status, document)
    assert type(document) is dict, document
    assert set(document) - {"error"} == {"law", "message"}, document
    message = document["message"]
    assert type(message) is str, document
    assert message.strip(), document
    assert "Traceback" not in message, message
    law = document["law"]
    assert law is None or (type(law) is int and law > 0), document
    if acting and status == 422:
        assert type(law) is int, document


def auth(token: str | None) -> list[tuple[bytes, bytes]]:
    if token is None:
        return []
    return [(b"authorization", b"Bearer " + token.encode("utf-8", "surrogatepass"))]


class Sitting:
    """The sitting under attack: one app over SQLite in memory, and a sitting in it.

    What is drawn for an action depends on the state it is drawn for (its seats, cards,
    legal actions), and Hypothesis replays the draws of an example (to shrink it) expecting
    the same choices: so the state must follow from the example's draws alone. An example
    that acts (:meth:`reached`) deals a new sitting from packs shuffled by a seeded
    ``random.Random`` put in place of the service's secret one (its only source of chance),
    and plays drawn legal actions on it.
    """

    def __init__(self) -> None:
        self.app = create_app("sqlite://:memory:", poll=0.05)
        self.client = TestClient(self.app)
        self.client.__enter__()  # one event loop for every request and socket: no thread each
        self.store: Store = self.app.state.tables.store
        self.fresh()

    def fresh(self) -> None:
        answer = self.client.post("/sittings", json=CREATION)
        assert answer.status_code == 201, answer.text
        made = answer.json()
        self.id: str = made["id"]
        self.tokens: dict[str, str] = {seat["name"]: seat["token"] for seat in made["seats"]}
        self.referee: str = made["referee"]

    def open(self) -> Sitting:
        if self.client.get(f"/sittings/{self.id}").json()["over"]:
            self.fresh()
        return self

    @contextlib.contextmanager
    def reached(self, data: st.DataObject) -> Iterator[None]:
        """A new sitting dealt from a drawn seed, and up to 20 drawn legal actions played
        on it; every pack dealt while the ``with`` lasts follows the seed too."""
        seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
        with mock.patch.object(service_sittings, "_shuffler", random.Random(seed)):
            self.fresh()
            tables = self.app.state.tables
            for _ in range(data.draw(st.integers(0, 20), label="moves")):
                table = self.table()
                if table.over:
                    break
                if table.waiting:  # the show: every player says "next", and the next is dealt
                    for name in table.to_say_next():
                        seq = self.table().seq
                        tables.say_next(self.id, self.tokens[name], {"seq": seq})
                    continue
                action = data.draw(ps.legal_actions(table.sitting.game), label="move")
                token = self.token_of_seat(action.seat)
                with contextlib.suppress(service_sittings.Refusal):  # a Law 41 order of his own
                    tables.act(self.id, token, {"seq": table.seq, "action": pl.to_data(action)})
            yield

    def table(self) -> Any:
        return self.app.state.tables.table(self.id)

    def token_of_seat(self, seat: object) -> str | None:
        seating = self.table().sitting.game_seating
        if type(seat) is int and 0 <= seat < len(seating):
            return self.tokens[seating[seat]]
        return None

    def snapshot(self) -> tuple[object, ...]:
        """What a refusal must leave as it was: the store's ids and this sitting's header and
        events, and the answer of ``GET .../view`` to every token and to none."""
        stored = self.store.load(self.id)
        assert stored is not None
        holders = [*self.tokens.values(), self.referee, None]
        views = [
            self.client.get(
                f"/sittings/{self.id}/view",
                headers={} if token is None else {"Authorization": f"Bearer {token}"},
            ).json()
            for token in holders
        ]
        return self.store.list(), stored.header, stored.events, views


@pytest.fixture(scope="module")
def sitting() -> Iterator[Sitting]:
    made = Sitting()
    yield made
    made.client.__exit__(None, None, None)


# --- What strangers send ----------------------------------------------------------------------

_MARK = "\x00spoiled\x00"


def json_values() -> st.SearchStrategy[object]:
    """Any JSON value Python writes: wrong types, unicode (lone surrogates too), huge ints."""
    scalars = (
        st.none()
        | st.booleans()
        | st.integers()
        | st.integers(min_value=2**62 - 2, max_value=2**64 + 2)
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(max_size=20)
        | st.sampled_from(SPOILERS)
    )
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=12,
    )


def value_texts() -> st.SearchStrategy[str]:
    """A JSON value as text, or text that is not one: deep nesting, numbers past what Python
    reads, NaN, escapes of half a character, a bare fragment."""
    return st.one_of(
        json_values().map(json.dumps),
        st.integers(1, 60_000).map(lambda depth: "[" * depth + "]" * depth),
        st.integers(1, 20_000).map(lambda depth: '{"a":' * depth + "1" + "}" * depth),
        st.sampled_from(
            [
                "9" * 5000, "1e400", "-0", "-0.0", "NaN", "Infinity", "-Infinity", '"\\ud800"',
                '"\\udfff\\ud800"', '"\\u0000"', "[", "}", "", "tru", '"', '{"a": 1, "a": 2}',
            ]
        ),
    )  # fmt: skip


@st.composite
def spoiled(draw: st.DrawFn, document: object) -> bytes:
    """``document`` with the value at one of its places (or itself) put as a hostile text."""
    copy = json.loads(json.dumps(document))
    spots = list(places(copy))
    text = draw(value_texts())
    if not spots or draw(st.integers(0, 9)) == 0:
        return text.encode("utf-8", "surrogatepass")
    _, container, key = draw(st.sampled_from(spots))
    container[key] = _MARK
    written = json.dumps(copy).replace(json.dumps(_MARK), text, 1)
    return written.encode("utf-8", "surrogatepass")


@st.composite
def oversized(draw: st.DrawFn, document: object) -> bytes:
    """``document`` made longer than the bound: padded with spaces, or a long string in it."""
    over = MAX_BODY + draw(st.integers(1, 4096))
    text = json.dumps(document)
    if draw(st.booleans()):
        return (text + " " * (over - len(text))).encode("ascii")
    return json.dumps([document, "x" * over]).encode("ascii")


@st.composite
def hostile_bodies(draw: st.DrawFn, document: object) -> bytes:
    """A body meant to be ``document``, spoiled in one of the ways strangers spoil one."""
    text = json.dumps(document)
    kind = draw(st.integers(0, 7))
    if kind == 0:
        return mutate_json(Drawn(draw(st.data())), text).encode("utf-8", "surrogatepass")
    if kind == 1:
        ops: list[Op] = draw(_OPS)
        return mutate(text.encode("utf-8"), ops)
    if kind == 2:
        return draw(spoiled(document))
    if kind == 3:
        return json.dumps(draw(json_values())).encode("utf-8", "surrogatepass")
    if kind == 4:
        return draw(st.binary(max_size=300))
    if kind == 5:
        hostile = draw(st.sampled_from([*HOSTILE_DOCUMENTS, *DOCUMENTS]))
        return hostile.encode("utf-8", "surrogatepass")
    if kind == 6:
        return draw(oversized(document))
    return text.encode("utf-8")


CONTENT_TYPES = [
    None, b"application/json", b"text/plain", b"application/x-www-form-urlencoded",
    b"multipart/form-data; boundary=x", b"application/json; charset=latin-1", b"\xff\xfe",
]  # fmt: skip


@st.composite
def body_headers(draw: st.DrawFn, body: bytes) -> tuple[list[tuple[bytes, bytes]], list[bytes]]:
    """The content headers of ``body`` and its chunks: its true length, a false or hostile
    one, or none (the body streamed in pieces)."""
    headers = []
    kind = draw(st.sampled_from(CONTENT_TYPES))
    if kind is not None:
        headers.append((b"content-type", kind))
    length = draw(st.sampled_from(["true"] * 6 + ["none"] * 2 + ["hostile", "any"]))
    if length == "true":
        headers.append((b"content-length", str(len(body)).encode()))
    elif length == "hostile":
        hostile = [b"-1", b"1e3", b" 5", b"\xb2", b"\xd9\xa3", b"9" * 30, b""]
        headers.append((b"content-length", draw(st.sampled_from(hostile))))
    elif length == "any":
        headers.append((b"content-length", str(draw(st.integers(0, 2 * MAX_BODY))).encode()))
    cut = draw(st.integers(1, 8))
    size = max(1, len(body) // cut)
    chunks = [body[at : at + size] for at in range(0, len(body), size)] or [b""]
    return headers, chunks


HOSTILE_TOKENS = st.one_of(
    st.sampled_from(["", " ", "x", "null", "referee", "Bearer", "\udcff", "a" * 10_000]),
    st.text(max_size=40),
)


@st.composite
def authorizations(draw: st.DrawFn, sitting: Sitting) -> list[tuple[bytes, bytes]]:
    """An Authorization header (or none): a token of the sitting, of no sitting, hostile
    bytes, another scheme."""
    token = draw(st.sampled_from([*sitting.tokens.values(), sitting.referee]) | HOSTILE_TOKENS)
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return []
    if kind == 1:
        return [(b"authorization", draw(st.binary(max_size=80)))]
    encoded = token.encode("utf-8", "surrogatepass")
    scheme = draw(st.sampled_from([b"Bearer ", b"bearer ", b"BEARER  ", b"Basic ", b"Bearer"]))
    tail = draw(st.sampled_from([b"", b" ", b"\t", b"\xff", b" extra"]))
    return [(b"authorization", scheme + encoded + tail)]


@st.composite
def action_messages(draw: st.DrawFn, state: pl.GameState, seq: int) -> dict[str, Any]:
    """An action message ``{"seq", "action"}``: an action of ``pokerlaws.strategies`` (legal
    or not, any seat) or a report, with the current seq, a stale one or a wrong type."""
    kinds: list[st.SearchStrategy[Any]] = [ps.actions(state), ps.illegal_actions(state)]
    if pl.legal_actions(state):
        kinds += [ps.legal_actions(state)] * 2
    if pl.reportable(state):
        kinds.append(ps.reports(state))
    action = pl.to_data(draw(st.one_of(kinds)))
    wrong = [seq - 1, seq + 1, -1, 2**62 + 1, 2**63, True, False, None, float(seq), str(seq)]
    seq_value = draw(st.sampled_from([*[seq] * 8, *wrong, [seq], {"seq": seq}]))
    return {"seq": seq_value, "action": action}


# --- POST /sittings ---------------------------------------------------------------------------


def hostile_creation(sitting: Sitting, data: st.DataObject) -> None:
    body = data.draw(hostile_bodies(CREATION), label="body")
    headers, chunks = data.draw(body_headers(body), label="headers")
    before = sitting.store.list()
    answer = asgi(sitting.app, "POST", "/sittings", headers, chunks)
    event(f"status {answer[0]}")
    assert_answer(answer)
    if answer[0] == 201:
        made = json.loads(answer[2])
        assert sitting.store.list() == (*before, made["id"])
        assert len(made["seats"]) >= 2
    else:
        assert sitting.store.list() == before


@given(data=st.data())
def test_hostile_creations_are_refused_plainly_and_create_nothing(
    sitting: Sitting, data: st.DataObject
) -> None:
    hostile_creation(sitting, data)


@pytest.mark.slow
@slow(600)
@given(data=st.data())
def test_many_hostile_creations_are_refused_plainly_and_create_nothing(
    sitting: Sitting, data: st.DataObject
) -> None:
    hostile_creation(sitting, data)


# --- POST /sittings/{id}/actions --------------------------------------------------------------


def _actor(sitting: Sitting, data: st.DataObject, message: dict[str, Any]) -> str | None:
    """A token for an action message: its sender's (most often: the referee's for a report,
    the seat's of an action, the seat to act's if it names no seat), another seat's, the
    referee's, none or one of no sitting."""
    action = message["action"]
    seat = action.get("seat") if isinstance(action, dict) else None
    who = data.draw(
        st.sampled_from([*["actor"] * 6, "other", "referee", "none", "stranger"]),
        label="who",
    )
    if who == "actor":
        if isinstance(action, dict) and action.get("type") in REPORTS:
            return sitting.referee
        to_act = sitting.table().sitting.to_act
        return sitting.token_of_seat(seat) or sitting.token_of_seat(to_act and to_act.seat)
    if who == "other":
        return data.draw(st.sampled_from(list(sitting.tokens.values())), label="other")
    if who == "referee":
        return sitting.referee
    if who == "none":
        return None
    return data.draw(HOSTILE_TOKENS, label="stranger")


def assert_applied_once_or_not_at_all(
    sitting: Sitting, before: tuple[object, ...], status: int
) -> None:
    after = sitting.snapshot()
    if status == 200:
        old_events, new_events = before[2], after[2]
        assert isinstance(old_events, tuple)
        assert isinstance(new_events, tuple)
        assert new_events[:-1] == old_events, "an accepted action appended other than one"
        assert len(new_events) == len(old_events) + 1
    else:
        assert after == before, f"a refused request ({status}) changed the sitting"


def hostile_action(sitting: Sitting, data: st.DataObject) -> None:
    with sitting.reached(data):
        hostile_action_at(sitting, data)


def hostile_action_at(sitting: Sitting, data: st.DataObject) -> None:
    table = sitting.table()
    message = data.draw(action_messages(table.sitting.game, table.seq), label="message")
    token = _actor(sitting, data, message)
    if data.draw(st.integers(0, 2), label="spoil") == 0:
        body = data.draw(hostile_bodies(message), label="body")
    else:
        body = json.dumps(message).encode("utf-8", "surrogatepass")
    headers, chunks = data.draw(body_headers(body), label="headers")
    if data.draw(st.integers(0, 4), label="hostile auth") == 0:
        headers += data.draw(authorizations(sitting), label="authorization")
    else:
        headers += auth(token)
    before = sitting.snapshot()
    answer = asgi(sitting.app, "POST", f"/sittings/{sitting.id}/actions", headers, chunks)
    event(f"status {answer[0]}")
    assert_answer(answer, acting=True)
    assert_applied_once_or_not_at_all(sitting, before, answer[0])


@GAMES
@given(data=st.data())
def test_hostile_action_messages_are_refused_plainly_and_change_nothing(
    sitting: Sitting, data: st.DataObject
) -> None:
    hostile_action(sitting, data)


@pytest.mark.slow
@slow(250)
@given(data=st.data())
def test_many_hostile_action_messages_are_refused_plainly_and_change_nothing(
    sitting: Sitting, data: st.DataObject
) -> None:
    hostile_action(sitting, data)


@st.composite
def refused_actions(draw: st.DrawFn, state: pl.GameState) -> pl.Action:
    """An action the laws refuse in ``state``, of the seat to act (so that it is the laws,
    not the token, that refuse it): one of ``illegal_actions`` given his seat."""
    seat = state.to_act
    assume(seat is not None)
    assert seat is not None
    action = attrs.evolve(draw(ps.illegal_actions(state)), seat=seat)
    # (a Shuffle of his own order is the service's refusal, Law 41: test_app.py has it)
    assume(not isinstance(action, pl.Shuffle) and not pl.is_legal(state, action))
    return action


def refused_by_the_laws(sitting: Sitting, data: st.DataObject) -> None:
    with sitting.reached(data):
        table = sitting.table()
        state = table.sitting.game
        action = data.draw(refused_actions(state), label="action")
        violation = pl.apply(state, action)
        assert isinstance(violation, pl.RuleViolation)
        token = sitting.token_of_seat(action.seat)
        assert token is not None
        message = {"seq": table.seq, "action": pl.to_data(action)}
        before = sitting.snapshot()
        if data.draw(st.booleans(), label="over the socket"):
            path = f"/sittings/{sitting.id}/ws?token={token}"
            with sitting.client.websocket_connect(path) as socket:
                receive_json(socket)
                socket.send_json(message)
                answer = receive_json(socket)
            assert_refusal(answer, answer["error"], acting=True)
        else:
            body = json.dumps(message).encode()
            path = f"/sittings/{sitting.id}/actions"
            status, _, text = asgi(sitting.app, "POST", path, auth(token), [body])
            answer = {"error": status, **json.loads(text)}
        event(f"Law {violation.law}")
        assert answer == {"error": 422, "law": violation.law, "message": violation.message}
        assert sitting.snapshot() == before, "a refused action changed the sitting"


@GAMES
@given(data=st.data())
def test_what_the_laws_refuse_is_a_422_citing_the_law_and_changes_nothing(
    sitting: Sitting, data: st.DataObject
) -> None:
    """Any action ``illegal_actions`` draws, by the seat to act at the current seq, over HTTP
    or the socket: the library's own violation (its law and message), nothing applied."""
    refused_by_the_laws(sitting, data)


@pytest.mark.slow
@slow(200)
@given(data=st.data())
def test_many_refusals_of_the_laws_are_422s_citing_the_law_and_change_nothing(
    sitting: Sitting, data: st.DataObject
) -> None:
    refused_by_the_laws(sitting, data)


# --- The other routes: hostile ids, headers and methods -------------------------------------

ROUTES = ["", "/view", "/record", "/table.svg", "/play", "/actions", "/end", "/ws", "/nosuch"]
HOSTILE_IDS = st.one_of(
    st.text(max_size=70),
    st.sampled_from(["", ".", "..", "%2e%2e", "a/b", "0" * 65, "\x00", "\ud800", "é", " "]),
)

# The routes of no sitting: the lobby, the listing, the page's files.
ELSEWHERE = st.one_of(
    st.sampled_from(["/", "/sittings", "/sittings/", "/static/table.js", "/static/table.css"]),
    HOSTILE_IDS.map(lambda name: f"/static/{name}"),
    HOSTILE_IDS.map(lambda name: f"/{name}"),
)


def hostile_read(sitting: Sitting, data: st.DataObject) -> None:
    sitting.open()
    sitting_id = data.draw(st.just(sitting.id) | HOSTILE_IDS, label="id")
    route = data.draw(st.sampled_from(ROUTES), label="route")
    method = data.draw(
        st.sampled_from(["GET", "GET", "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"]),
        label="method",
    )
    headers = data.draw(authorizations(sitting), label="authorization")
    before = sitting.snapshot()
    over = sitting.client.get(f"/sittings/{sitting.id}").json()["over"]
    body = b"" if method in ("GET", "HEAD") else data.draw(hostile_bodies(CREATION))
    path = f"/sittings/{sitting_id}{route}"
    if data.draw(st.integers(0, 4), label="elsewhere") == 0:
        path, route = data.draw(ELSEWHERE, label="path"), "elsewhere"
    answer = asgi(sitting.app, method, path, headers, [body])
    event(f"{route or '/'} {answer[0]}")
    assert_answer(answer, acting=route == "/actions")
    if answer[0] == 200 and route == "/record" and not over:
        # The record holds every pack: before the end, only the referee's token reads it.
        assert headers, "the record was read with no token"
        assert sitting.referee.encode() in headers[0][1], headers
    if route not in ("/actions", "/end") or answer[0] != 200:
        assert sitting.snapshot() == before


@given(data=st.data())
def test_hostile_ids_methods_and_tokens_at_every_route_are_refused_plainly(
    sitting: Sitting, data: st.DataObject
) -> None:
    hostile_read(sitting, data)


@pytest.mark.slow
@slow(400)
@given(data=st.data())
def test_many_hostile_ids_methods_and_tokens_at_every_route_are_refused_plainly(
    sitting: Sitting, data: st.DataObject
) -> None:
    hostile_read(sitting, data)


# --- The websocket ----------------------------------------------------------------------------


def hostile_socket(sitting: Sitting, data: st.DataObject) -> None:
    with sitting.reached(data):
        hostile_socket_at(sitting, data)


def hostile_socket_at(sitting: Sitting, data: st.DataObject) -> None:
    table = sitting.table()
    holder = data.draw(st.sampled_from([*sitting.tokens.values(), sitting.referee]))
    # A message as an action message of any seat, spoiled or not, as text or bytes.
    message = data.draw(action_messages(table.sitting.game, table.seq), label="message")
    if data.draw(st.integers(0, 2), label="spoil") == 0:
        raw = data.draw(hostile_bodies(message), label="raw")
    else:
        raw = json.dumps(message).encode("utf-8", "surrogatepass")
    as_text = data.draw(st.booleans(), label="as text")
    before = sitting.snapshot()
    with sitting.client.websocket_connect(f"/sittings/{sitting.id}/ws?token={holder}") as socket:
        first = receive_json(socket)
        assert first["seq"] == table.seq
        if as_text:
            socket.send_text(raw.decode("utf-8", "surrogateescape"))
        else:
            socket.send_bytes(raw)
        answer = receive_json(socket)
    event(f"status {answer.get('error', 200)}")
    if "error" in answer:
        assert_refusal(answer, answer["error"], acting=True)
        assert sitting.snapshot() == before, "a refused message changed the sitting"
    else:
        assert answer["seq"] == table.seq + 1, answer
        assert_applied_once_or_not_at_all(sitting, before, 200)


@GAMES
@given(data=st.data())
def test_hostile_websocket_messages_are_refused_plainly_and_change_nothing(
    sitting: Sitting, data: st.DataObject
) -> None:
    hostile_socket(sitting, data)


@pytest.mark.slow
@slow(200)
@given(data=st.data())
def test_many_hostile_websocket_messages_are_refused_plainly_and_change_nothing(
    sitting: Sitting, data: st.DataObject
) -> None:
    hostile_socket(sitting, data)


def hostile_connection(sitting: Sitting, data: st.DataObject) -> None:
    sitting_id = data.draw(st.just(sitting.id) | HOSTILE_IDS, label="id")
    token = data.draw(
        st.sampled_from([*sitting.tokens.values(), sitting.referee]) | HOSTILE_TOKENS,
        label="token",
    )
    query = quote(token, safe="", errors="surrogatepass")
    path = f"/sittings/{quote(sitting_id, safe='', errors='surrogatepass')}/ws?token={query}"
    before = sitting.snapshot()
    valid = sitting_id == sitting.id and token in [*sitting.tokens.values(), sitting.referee]
    if valid:
        with sitting.client.websocket_connect(path) as socket:
            assert receive_json(socket)["seq"] == sitting.table().seq
    else:
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            sitting.client.websocket_connect(path) as socket,
        ):
            receive_json(socket)
        # An empty id, a dot segment (which the client's URL resolves) or a slash leaves no
        # /sittings/{id}/ws to route to: Starlette's router closes that socket (1000).
        if sitting_id not in ("", ".", "..") and "/" not in sitting_id:
            assert closed.value.code == 1008  # the route's refusal: a policy violation
    assert sitting.snapshot() == before


@given(data=st.data())
def test_a_websocket_of_a_hostile_id_or_token_is_closed_with_1008(
    sitting: Sitting, data: st.DataObject
) -> None:
    hostile_connection(sitting, data)


@pytest.mark.slow
@slow(150)
@given(data=st.data())
def test_many_websockets_of_hostile_ids_or_tokens_are_closed_with_1008(
    sitting: Sitting, data: st.DataObject
) -> None:
    hostile_connection(sitting, data)


# --- Regressions: what the fuzz found ---------------------------------------------------------


@pytest.mark.parametrize("length", [b"\xb2", b"\xd9\xa3", b"\xef\xbc\x95"])
def test_a_content_length_of_other_digits_than_ascii_ones_is_a_413_not_a_500(
    sitting: Sitting, length: bytes
) -> None:
    """``str.isdigit`` is true of '²' and other scripts' digits, which ``int`` then refused:
    a 500. Only ASCII digits are a length (RFC 9110, section 8.6)."""
    before = sitting.snapshot()
    headers = [(b"content-length", length), *auth(sitting.referee)]
    for path in ("/sittings", f"/sittings/{sitting.id}/actions"):
        answer = asgi(sitting.app, "POST", path, headers, [b"{}"])
        assert answer[0] == 413, answer
        assert_answer(answer)
    assert sitting.snapshot() == before


def test_a_player_may_not_be_named_as_the_referee_s_token_holder(sitting: Sitting) -> None:
    """A player named "referee" was taken for the referee: his seat's token read the record,
    every pack in it, before the sitting was over. The name is refused (422, as every value
    of a member the service cannot take)."""
    players = [{"name": "referee", "chips": 20}, {"name": "Ann", "chips": 20}]
    before = sitting.store.list()
    answer = sitting.client.post("/sittings", json={"rules": RULES, "players": players})
    assert answer.status_code == 422, answer.text
    assert "referee" in answer.json()["message"]
    assert sitting.store.list() == before
