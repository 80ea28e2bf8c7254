"""What a stranger can make the table service spend: each bound a named number here,
documented in docs/service.md ("Bounds") and tested.

uvicorn closes a connection that stays idle after an answer (``timeout_keep_alive``), but
nothing times the request itself: its keep-alive timer is disarmed by the first byte that
arrives and armed again only after an answer, so a connection that sends half a request line,
or a header a byte a minute, or nothing at all, is held for ever; and its httptools parser
takes a request head of any size. An ASGI middleware cannot help, for the application is
called only once the head is whole. So the HTTP protocol is wrapped
(:class:`BoundedHttpTools`, :class:`BoundedH11`, the parser's own class beneath): a
connection must bring a whole request, its head and its body, within
:data:`REQUEST_SECONDS` of opening or of its last answer, and a head of at most
:data:`HEAD_BYTES`; else it is closed without an answer. The time the application takes to
answer is not counted: that is the server's, not the stranger's.

The websocket's message limit is uvicorn's ``ws_max_size``: the frame's declared length is
read before its payload, so a message over :data:`MESSAGE_BYTES` is refused (close code 1009)
before it is buffered.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, ClassVar, Final

from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = [
    "HEAD_BYTES",
    "KEEP_ALIVE_SECONDS",
    "MESSAGE_BYTES",
    "REQUEST_SECONDS",
    "BoundedH11",
    "BoundedHttpTools",
    "server_settings",
]

REQUEST_SECONDS: Final = 10.0
"""Seconds a connection has to bring a whole request (head and body) after it opens or after
its last answer: a request of this service is at most 64 KiB, sent in milliseconds; a
connection still sending after this is closed (a slow-header or slow-body attack)."""

KEEP_ALIVE_SECONDS: Final = 5
"""Seconds an idle connection is kept open after an answer, waiting for the next request
(uvicorn's ``timeout_keep_alive``)."""

HEAD_BYTES: Final = 16 * 1024
"""The largest request head (request line and headers) read, in bytes: this service's
requests carry a path, a token and a few standard headers."""

MESSAGE_BYTES: Final = 64 * 1024
"""The largest websocket message, in bytes, as the largest HTTP body
(:data:`pokerlaws.service.app.MAX_BODY`): refused from the frame's header, before it is
buffered (uvicorn's ``ws_max_size``)."""

PING_SECONDS: Final = 20.0
"""How often the server pings a websocket, and how long it waits for the pong before it
closes a dead one (uvicorn's ``ws_ping_interval`` and ``ws_ping_timeout``)."""


if TYPE_CHECKING:
    _Base = H11Protocol
else:
    _Base = object


class _RequestDeadline(_Base):
    """The deadline of a request, over either of uvicorn's HTTP protocols (a mixin put
    before the protocol's class: ``self.cycle`` is the request being read or answered)."""

    request_seconds: ClassVar[float] = REQUEST_SECONDS
    head_bytes: ClassVar[int] = HEAD_BYTES
    _deadline: asyncio.TimerHandle | None = None
    _head = 0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if not self._awaiting_head():
            self._head = 0
            return
        # Counted after the parser has the bytes: a head and its body may come in one read.
        # Only what is read while no head is whole counts, so at most one read more.
        self._head += len(data)
        if self._head > self.head_bytes and not self.transport.is_closing():
            self.transport.close()

    def _awaiting_head(self) -> bool:
        cycle = self.cycle
        return cycle is None or bool(cycle.response_complete)

    def _arm(self) -> None:
        self._disarm()
        self._head = 0
        if not self.transport.is_closing():
            self._deadline = self.loop.call_later(self.request_seconds, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        transport = self.transport
        if transport.is_closing() or transport.get_protocol() is not self:
            return  # closed already, or upgraded to a websocket (its pings time it)
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete and not cycle.more_body:
            return  # the request is whole and being answered: the server's time
        transport.close()


class BoundedH11(_RequestDeadline, H11Protocol):
    """uvicorn's h11 protocol with the request deadline and head bound."""


try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # httptools is not installed: h11 (pure Python) serves
    BoundedHttpTools: type[asyncio.Protocol] | None = None
else:

    class _BoundedHttpTools(_RequestDeadline, HttpToolsProtocol):  # type: ignore[misc]
        """uvicorn's httptools protocol with the request deadline and head bound."""

    BoundedHttpTools = _BoundedHttpTools


def server_settings() -> dict[str, Any]:
    """The keyword arguments of ``uvicorn.Config`` that put these bounds on a server: the
    bounded HTTP protocol (httptools where it is installed, else h11), the keep-alive, the
    head and websocket message sizes, the pings; websocket compression off (each
    compressed socket holds zlib buffers of its own, and a view is a few hundred bytes)."""
    return {
        "http": BoundedH11 if BoundedHttpTools is None else BoundedHttpTools,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "h11_max_incomplete_event_size": HEAD_BYTES,
        "ws_max_size": MESSAGE_BYTES,
        "ws_ping_interval": PING_SECONDS,
        "ws_ping_timeout": PING_SECONDS,
        "ws_per_message_deflate": False,
    }
