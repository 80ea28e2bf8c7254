"""The routes of the table service (Starlette): sittings created, read and played over HTTP
and a websocket, every answer a library document or a refusal ``{"law": ..., "message": ...}``.

The routes hold no rule: a body is read by the library's readers (``from_data``), an action
goes through ``pokerlaws.play`` (in :mod:`pokerlaws.service.sittings`), and what a seat is
sent is its ``pokerlaws.view``. What a request may not do is answered with a status and a
JSON body, never a 500: 400 for a body that is not what the route reads, 403 for a token
that does not allow it, 404 for no such sitting, 409 for a stale ``seq`` or a sitting that
is over, 413 for a body over :data:`MAX_BODY` bytes, 422 for what the laws refuse (with the
law).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from pokerlaws._extras import needs_extra
from pokerlaws.render.svg import render_svg
from pokerlaws.service import pages
from pokerlaws.service.documents import read_new_sitting
from pokerlaws.service.hot import (
    ANSWER_HEADERS,
    MAX_BODY,
    HotRoutes,
    bearer_token,
    check_length,
    parse_body,
)
from pokerlaws.service.listeners import Hub, TokenSockets
from pokerlaws.service.shows import Pauses
from pokerlaws.service.sittings import (
    REFEREE,
    CorruptSitting,
    Refusal,
    Table,
)
from pokerlaws.service.tables import Tables, public_listing
from pokerlaws.views import view

with needs_extra("service", "pokerlaws.service"):
    import anyio
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.exceptions import HTTPException
    from starlette.requests import ClientDisconnect, Request
    from starlette.responses import JSONResponse, PlainTextResponse, Response
    from starlette.routing import Route, WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

__all__ = [
    "CLOSE_SUPERSEDED",
    "LOBBY_PAGE",
    "MAX_BODY",
    "POLL_SECONDS",
    "SOCKETS_PER_TOKEN",
    "SPECTATORS",
    "build_app",
]

POLL_SECONDS = 1.0
"""How often the process looks for events appended by another server process to the sittings
it has sockets of: one look for all of them, and only where the store does not tell of
every event (PostgreSQL's NOTIFY does; then it looks every 30 s, in case a notice was lost)."""

SOCKETS_PER_TOKEN = 4
"""The most websockets one token holds open at once in a server process: a player's
browser tabs and a program or two. One more closes the oldest (:data:`CLOSE_SUPERSEDED`),
so a reload never locks a player out, and a flood from one token costs at most this many
sockets."""

CLOSE_SUPERSEDED = 4000
"""The close code of a websocket closed because its token opened one more than
:data:`SOCKETS_PER_TOKEN` (a code of the application's own, RFC 6455 section 7.4.2)."""

SPECTATORS = 32
"""The most spectators' websockets of a sitting in a process; one more closes the oldest."""

LOBBY_PAGE = 20
"""The most sittings one ``GET /sittings`` lists (``?page=N`` for older ones): the lobby is
open to anyone, so what one request of it costs is bounded."""

_PAGE_DIGITS = 6

_log = logging.getLogger("pokerlaws.service")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


# --- Reading requests -------------------------------------------------------------------------


async def _read_body(request: Request) -> object:
    check_length(request.headers.get("content-length"))
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise Refusal(413, f"the body is over {MAX_BODY} bytes")
            chunks.append(chunk)
    except ClientDisconnect:
        # The connection closed before the body was whole (its deadline passed): the answer
        # goes nowhere, and it is no error of the server's.
        raise Refusal(400, "the connection closed before the body was whole") from None
    return parse_body(b"".join(chunks))


def bearer(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer`` header, or None."""
    return bearer_token(request.headers.get("authorization", ""))


def _refusal(refusal: Refusal) -> JSONResponse:
    return JSONResponse(refusal.document(), status_code=refusal.status)


_NO_STORE = {"Cache-Control": "no-store"}


def _answer(document: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(document, status_code=status, headers=_NO_STORE)


def _text_answer(text: str) -> Response:
    """A JSON document already written (once, for every answer and push of it)."""
    return Response(text.encode("utf-8"), media_type="application/json", headers=_NO_STORE)


# How often the process looks at the store for its sockets' sittings when the store tells of
# every event (a safety net for a notice lost with its connection), instead of ``poll``.
_WATCHED_POLL = 30.0


# --- The routes -------------------------------------------------------------------------------


class _Service:
    """The routes over one :class:`Tables`."""

    def __init__(self, tables: Tables, poll: float) -> None:
        self.tables = tables
        self.hub = Hub()
        self.sockets = TokenSockets()
        self.poll = poll
        self.watching = False
        # The sittings being read after another process's event, each with the highest
        # event told of meanwhile; and the tasks reading them.
        self.behind: dict[str, int] = {}
        self.reading: set[asyncio.Task[None]] = set()
        self.deferred: dict[str, int] = {}  # notices come while an append here was awaited
        tables.settled = self._settled
        self.poller: asyncio.Task[None] | None = None
        self.pauses = Pauses(tables, self._told_all)

    def _told_all(self, table: Table) -> None:
        """Wake the sitting's sockets with ``table``; if its show has a pause, time it."""
        self.hub.notify(table.id, table)
        self.pauses.time(table)

    def _poll(self) -> None:
        """Start the process's one look at the store for other processes' events, every
        ``poll`` seconds, for all the sittings that have a socket here (if not started on
        this event loop already)."""
        loop = asyncio.get_running_loop()
        if self.poller is not None and not self.poller.done():
            if self.poller.get_loop() is loop:
                return
            self.poller.cancel()
        self.poller = loop.create_task(self._polling())

    async def _polling(self) -> None:
        while True:
            await anyio.sleep(self.poll)
            watched = list(self.hub.listeners)
            if watched:
                for table in await run_in_threadpool(self._advanced, watched):
                    self.hub.notify(table.id, table)

    def _advanced(self, sitting_ids: list[str]) -> list[Table]:
        """The sittings among these that the store holds further than this process did
        (where the store counts them all at once, only those read)."""
        heads = getattr(self.tables.store, "heads", None)
        if heads is not None:
            counts = heads(sitting_ids)
            sitting_ids = [
                sitting_id
                for sitting_id in sitting_ids
                # One append of this process awaited: what the store holds past it is
                # most likely that append's, and any other is read at the next look.
                if sitting_id not in self.tables.appending
                and (
                    (held := self.tables.cached(sitting_id)) is None
                    or counts.get(sitting_id, 0) > held.seq
                )
            ]
        advanced = []
        for sitting_id in sitting_ids:
            held = self.tables.cached(sitting_id)
            try:
                table = self.tables.table(sitting_id)
            except (Refusal, CorruptSitting):
                continue
            if held is None or table.seq > held.seq:
                advanced.append(table)
        return advanced

    def _watch(self) -> None:
        """Have the store tell of every event committed, where it can (PostgreSQL)."""
        watch = getattr(self.tables.store, "watch", None)
        if self.watching or watch is None:
            return
        loop = asyncio.get_running_loop()

        def told(sitting_id: str, seq: int) -> None:  # in the store's thread
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody to tell
                loop.call_soon_threadsafe(self._told, sitting_id, seq)

        watch(told)
        self.watching = True
        self.poll = max(self.poll, _WATCHED_POLL)

    def _told(self, sitting_id: str, seq: int) -> None:
        """An event committed by some process: the sitting read once for every socket of
        it here, unless this process holds that event already (its own append)."""
        if sitting_id not in self.hub.listeners:
            return
        if sitting_id in self.behind:
            # Being read already, perhaps from before this event: looked at again after.
            self.behind[sitting_id] = max(seq, self.behind[sitting_id])
            return
        if sitting_id in self.tables.appending:
            # Most likely the notice of that append, committed and not yet kept here: looked
            # at again once it is (:meth:`_settled`), rather than the sitting read for it.
            self.deferred[sitting_id] = max(seq, self.deferred.get(sitting_id, -1))
            return
        held = self.tables.cached(sitting_id)
        if held is not None and held.seq > seq:
            return
        self.behind[sitting_id] = seq

        async def catch_up() -> None:
            try:
                table = await run_in_threadpool(self.tables.table, sitting_id)
            except (Refusal, CorruptSitting):
                table = None
            finally:
                latest = self.behind.pop(sitting_id)
            self.hub.notify(sitting_id, table)
            if latest > seq:  # told of a later event during the read, maybe after it
                self._told(sitting_id, latest)

        task = asyncio.get_running_loop().create_task(catch_up())
        self.reading.add(task)  # held until done: the loop keeps only a weak reference
        task.add_done_callback(self.reading.discard)

    def _settled(self, sitting_id: str) -> None:
        """An append of this process awaited on the loop is kept (or refused): a notice
        deferred meanwhile is looked at now."""
        if sitting_id not in self.tables.appending and sitting_id in self.deferred:
            self._told(sitting_id, self.deferred.pop(sitting_id))

    async def _table(self, request: Request) -> Table:
        return await run_in_threadpool(self.tables.table, request.path_params["id"])

    async def create(self, request: Request) -> Response:
        rules, players, terms, games, pause = read_new_sitting(await _read_body(request))
        table, tokens, referee = await run_in_threadpool(
            self.tables.create, rules, players, terms, games, pause
        )
        seats = [
            {"name": name, "token": token}
            for (name, _), token in zip(players, tokens, strict=True)
        ]
        document = {"id": table.id, "seats": seats, "referee": referee, "table": table.public()}
        return _answer(document, 201)

    async def listing(self, request: Request) -> Response:
        text = request.query_params.get("page", "0")
        if not (text.isascii() and text.isdigit() and len(text) <= _PAGE_DIGITS):
            raise Refusal(400, f"page must be a whole number of at most {_PAGE_DIGITS} digits")
        page = int(text)
        listed = await run_in_threadpool(
            public_listing, self.tables, LOBBY_PAGE, page * LOBBY_PAGE
        )
        return _answer({"sittings": listed, "page": page, "per_page": LOBBY_PAGE})

    async def public(self, request: Request) -> Response:
        return _answer((await self._table(request)).public())

    async def seen(self, request: Request) -> Response:
        table = await self._table(request)
        token = bearer(request)
        who = table.holder(token)
        if token is not None and who is None:
            raise Refusal(403, "this token is not one of this sitting's")
        return _text_answer(table.seen_text(who))

    async def picture(self, request: Request) -> Response:
        table = await self._table(request)
        who = table.holder(bearer(request))
        seat = None if who is None or who == REFEREE else table.seat_of(who)
        if seat is None:
            raise Refusal(403, "the picture is a seat's view: it needs that seat's token")
        svg = render_svg(view(table.sitting.game, seat))
        return Response(svg, media_type="image/svg+xml", headers=_NO_STORE)

    async def act(self, request: Request) -> Response:
        body = await _read_body(request)
        return _text_answer(await self.acted(request.path_params["id"], bearer(request), body))

    async def acted(self, sitting_id: str, token: str | None, body: object) -> str:
        """Play an action message for ``token``: the seat's view after it, as JSON text."""
        table, who = await self.tables.act_async(sitting_id, token, body)
        self._told_all(table)
        return table.seen_text(who)

    async def next_deal(self, request: Request) -> Response:
        body = await _read_body(request)
        return _text_answer(await self.said_next(request.path_params["id"], bearer(request), body))

    async def said_next(self, sitting_id: str, token: str | None, body: object) -> str:
        """A "next" for ``token``: the seat's view after it, as JSON text."""
        table = await self.tables.say_next_async(sitting_id, token, body)
        self._told_all(table)
        return table.seen_text(table.holder(token))

    async def end(self, request: Request) -> Response:
        body = await _read_body(request)
        sitting_id = request.path_params["id"]
        table = await run_in_threadpool(self.tables.end, sitting_id, bearer(request), body)
        self.hub.notify(sitting_id, table)
        return _answer(table.public())

    async def record(self, request: Request) -> Response:
        table = await self._table(request)
        if not table.over and table.holder(bearer(request)) != REFEREE:
            raise Refusal(
                403, "the record holds every pack: it is the referee's until the sitting is over"
            )
        text = await run_in_threadpool(table.record_text)
        return PlainTextResponse(text, headers=_NO_STORE)

    async def lobby(self, request: Request) -> Response:
        return pages.lobby_page()

    async def table_page(self, request: Request) -> Response:
        await self._table(request)  # a 404 for no such sitting
        return pages.table_page(request.path_params["id"])

    async def watch(self, websocket: WebSocket) -> None:
        """A spectator's websocket: the public table pushed after every event, no token."""
        await self.socket(websocket, spectator=True)

    async def socket(self, websocket: WebSocket, *, spectator: bool = False) -> None:
        sitting_id = websocket.path_params["id"]
        try:
            table = await run_in_threadpool(self.tables.table, sitting_id)
        except Refusal:
            await websocket.close(code=1008)
            return
        who = None if spectator else table.holder(websocket.query_params.get("token"))
        if who is None and not spectator:
            await websocket.close(code=1008)
            return
        await websocket.accept()
        self._watch()
        self._poll()
        self.pauses.time(table)
        listener = self.hub.listen(sitting_id)
        sending = asyncio.Lock()
        sent = [-1]

        async def push(current: Table) -> None:
            async with sending:
                if current.seq > sent[0]:
                    await websocket.send_text(current.seen_text(who))
                    sent[0] = current.seq

        listener.push = push  # each event's table pushed by the hub at once

        async def pusher() -> None:
            await push(table)
            while True:
                woken = await listener.wait()
                if woken is None:  # another process's event, told by the store
                    woken = await run_in_threadpool(self.tables.table, sitting_id)
                await push(woken)

        key, most = ("", SPECTATORS) if who is None else (who, SOCKETS_PER_TOKEN)
        held = self.sockets.opened(sitting_id, key, most)
        try:
            with held:
                async with anyio.create_task_group() as group:
                    group.start_soon(pusher)
                    try:
                        await self._receive(websocket, sitting_id, who, push, sending)
                    finally:
                        group.cancel_scope.cancel()
        except WebSocketDisconnect:
            pass
        finally:
            self.hub.forget(sitting_id, listener)
            self.sockets.closed(sitting_id, key, held)
        if held.cancel_called:
            reason = f"more than {most} websockets were opened with this one's token (or none)"
            # The peer may have gone meanwhile: then there is nobody to tell.
            with contextlib.suppress(OSError, RuntimeError, WebSocketDisconnect):
                await websocket.close(code=CLOSE_SUPERSEDED, reason=reason)

    async def _receive(
        self,
        websocket: WebSocket,
        sitting_id: str,
        who: str | None,
        push: Callable[[Table], Awaitable[None]],
        sending: asyncio.Lock,
    ) -> None:
        token = None if who is None else websocket.query_params.get("token")
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            raw = message.get("bytes") or (message.get("text") or "").encode("utf-8", "replace")
            try:
                body = parse_body(raw)
                if isinstance(body, dict) and body.pop("next", None) is True:  # {"seq", "next"}
                    table = await self.tables.say_next_async(sitting_id, token, body)
                else:
                    table, _ = await self.tables.act_async(sitting_id, token, body)
            except Refusal as refusal:
                async with sending:
                    await websocket.send_json({"error": refusal.status, **refusal.document()})
                continue
            self._told_all(table)
            await push(table)


def _guarded(
    handler: Callable[[Request], Awaitable[Response]],
) -> Callable[[Request], Awaitable[Response]]:
    async def route(request: Request) -> Response:
        try:
            return await handler(request)
        except Refusal as refusal:
            return _refusal(refusal)
        except CorruptSitting:
            _log.exception("a stored sitting does not replay")
            return JSONResponse(
                {"law": None, "message": "this sitting's store does not replay"}, 500
            )

    return route


def _with_headers(app: ASGIApp) -> ASGIApp:
    """Every answer with a strict Content-Security-Policy: the pages load nothing but the
    server's own script and style, and connect to nothing but the server."""
    extra = list(ANSWER_HEADERS)

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                held = list(message.get("headers", []))
                # A page with a policy of its own (a replay's inline script, by its hash)
                # keeps it: a second policy would forbid what the first allows.
                own = any(name.lower() == extra[0][0] for name, _ in held)
                message["headers"] = held + (extra[1:] if own else extra)
            await send(message)

        await app(scope, receive, sending)

    return wrapped


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    return JSONResponse({"law": None, "message": error.detail}, status_code=error.status_code)


async def _server_error(request: Request, error: Exception) -> Response:
    _log.error("an unexpected error: %s", type(error).__name__)
    return JSONResponse({"law": None, "message": "internal error"}, status_code=500)


def build_app(tables: Tables, *, poll: float = POLL_SECONDS) -> Starlette:
    """The Starlette application serving ``tables``."""
    service = _Service(tables, poll)
    routes = [
        Route("/", _guarded(service.lobby), methods=["GET"]),
        Route("/static/{name}", _guarded(pages.static), methods=["GET"]),
        Route("/sittings", _guarded(service.create), methods=["POST"]),
        Route("/sittings", _guarded(service.listing), methods=["GET"]),
        Route("/sittings/{id}", _guarded(service.public), methods=["GET"]),
        Route("/sittings/{id}/view", _guarded(service.seen), methods=["GET"]),
        Route("/sittings/{id}/table.svg", _guarded(service.picture), methods=["GET"]),
        Route("/sittings/{id}/actions", _guarded(service.act), methods=["POST"]),
        Route("/sittings/{id}/end", _guarded(service.end), methods=["POST"]),
        Route("/sittings/{id}/next", _guarded(service.next_deal), methods=["POST"]),
        Route("/sittings/{id}/record", _guarded(service.record), methods=["GET"]),
        Route("/sittings/{id}/story", _guarded(pages.told), methods=["GET"]),
        Route("/sittings/{id}/play", _guarded(service.table_page), methods=["GET"]),
        Route("/sittings/{id}/watch", _guarded(pages.watch_page), methods=["GET"]),
        Route("/sittings/{id}/games/{n}", _guarded(pages.replay_page), methods=["GET"]),
        WebSocketRoute("/sittings/{id}/ws", service.socket),
        WebSocketRoute("/sittings/{id}/watch", service.watch),
    ]
    app = _Application(
        routes=routes,
        exception_handlers={HTTPException: _http_error, Exception: _server_error},
    )
    app.hot = HotRoutes({"actions": service.acted, "next": service.said_next})
    app.add_middleware(_HeadersMiddleware)
    app.state.tables = tables
    return app


class _HeadersMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = _with_headers(app)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)


class _Application(Starlette):
    """Starlette, with the POSTs of actions and "next" answered first, outside its stack
    (:mod:`pokerlaws.service.hot`: the same reading, refusals and headers, less the cost)."""

    hot: HotRoutes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        matched = self.hot.match(scope)
        if matched is None:
            await super().__call__(scope, receive, send)
        else:
            await self.hot(matched, scope, receive, send)
