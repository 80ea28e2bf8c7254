"""The service's hot routes, ``POST /sittings/{id}/actions`` and ``.../next``, answered as
plain ASGI; and what every route shares: a body read within its bound, the headers every
answer carries.

Each action is one such POST (and at each game's show, each player's "next" another), so
what Starlette's stack spends around it is spent on every action: its middleware layers
(three, each wrapping ``send``), the routing (a regular expression for each route in turn),
the ``Request`` object. Measured under load (``benchmarks/bench_service_load.py``), that
stack was a tenth of the server's time. These routes are therefore matched here first and
answered directly, with the same reading of the body, the same refusals and the same
headers as a route of the application; every other request goes through Starlette as
before.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, Final

from pokerlaws.service.sittings import CorruptSitting, Refusal

__all__ = ["ANSWER_HEADERS", "MAX_BODY", "HotRoutes", "json_bytes", "parse_body"]

MAX_BODY: Final = 64 * 1024
"""The largest request body (or websocket message) read, in bytes: a sitting's creation
or an action is a few hundred bytes, a Law 41 shuffle's order a few more."""

PAGE_POLICY: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""The Content-Security-Policy of every answer: the pages load nothing but the server's own
script and style, and connect to nothing but the server."""

ANSWER_HEADERS: Final = (
    (b"content-security-policy", PAGE_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)
"""The headers added to every HTTP answer (the policy first: a page with its own keeps it)."""

_log = logging.getLogger("pokerlaws.service")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    members = dict(pairs)
    if len(members) != len(pairs):
        raise ValueError("a member is given twice in one object")
    return members


def parse_body(raw: bytes) -> object:
    """The JSON value of a body: UTF-8, no repeated member, no NaN, nested within reason."""
    if len(raw) > MAX_BODY:
        raise Refusal(413, f"the body is over {MAX_BODY} bytes")
    try:
        text = raw.decode("utf-8")
        return json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as error:
        raise Refusal(400, f"the body is not JSON: {error}") from None


def check_length(declared: str | None) -> None:
    """Refuse (413) a declared ``Content-Length`` over :data:`MAX_BODY`, or not a length."""
    # ASCII digits only: str.isdigit() is true of '²' and of other scripts' digits, which
    # int() then refuses (RFC 9110 8.6: a length is 1*DIGIT).
    if declared is not None and (
        not (declared.isascii() and declared.isdigit()) or int(declared) > MAX_BODY
    ):
        raise Refusal(413, f"the body is over {MAX_BODY} bytes")


def bearer_token(header: str) -> str | None:
    """The token of an ``Authorization`` header's value ``Bearer <token>``, or None."""
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def json_bytes(document: Any) -> bytes:
    """A document as Starlette's ``JSONResponse`` writes it."""
    return json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode(
        "utf-8"
    )


_PREFIX = "/sittings/"
_JSON = (b"content-type", b"application/json")
_NO_STORE = (b"cache-control", b"no-store")

Act = Callable[[str, str | None, object], Awaitable[str]]


class HotRoutes:
    """``POST /sittings/{id}/<name>`` as plain ASGI for each ``name`` of ``routes``: its
    ``act(id, token, body)`` gives the answer's JSON text (the seat's view after it), or
    raises :class:`Refusal`."""

    def __init__(self, routes: dict[str, Act]) -> None:
        self.routes = {f"/{name}": act for name, act in routes.items()}

    def match(self, scope: Scope) -> tuple[str, Act] | None:
        """The sitting's id and the route's ``act`` if ``scope`` is a POST of one of them
        (as Starlette's route ``/sittings/{id}/<name>`` matches it: an id of one or more
        characters, no ``/``)."""
        if scope["type"] != "http" or scope["method"] != "POST" or scope.get("root_path"):
            return None
        path: str = scope["path"]
        if not path.startswith(_PREFIX):
            return None
        rest, slash, name = path[len(_PREFIX) :].rpartition("/")
        act = self.routes.get(slash + name)
        if act is None or not rest or "/" in rest:
            return None
        return rest, act

    async def __call__(
        self, matched: tuple[str, Act], scope: Scope, receive: Receive, send: Send
    ) -> None:
        sitting_id, act = matched
        declared = token = None
        for name, value in scope["headers"]:
            # The first of each, as Starlette's Headers.get reads it.
            if name == b"content-length" and declared is None:
                declared = value.decode("latin-1")
            elif name == b"authorization" and token is None:
                token = value.decode("latin-1")
        try:
            check_length(declared)
            body = parse_body(await _read(receive))
            text = await act(sitting_id, None if token is None else bearer_token(token), body)
        except Refusal as refusal:
            await _send(send, refusal.status, json_bytes(refusal.document()), no_store=False)
            return
        except CorruptSitting:
            _log.exception("a stored sitting does not replay")
            document = {"law": None, "message": "this sitting's store does not replay"}
            await _send(send, 500, json_bytes(document), no_store=False)
            return
        except Exception as error:
            # As Starlette's last handler: the error's kind logged, a plain 500, and the error
            # raised on to the server, which logs it (its loggers hide tokens).
            _log.error("an unexpected error: %s", type(error).__name__)
            document = {"law": None, "message": "internal error"}
            await _send(send, 500, json_bytes(document), no_store=False)
            raise
        await _send(send, 200, text.encode("utf-8"), no_store=True)


async def _read(receive: Receive) -> bytes:
    """The request's body, refused (413) as soon as it grows past :data:`MAX_BODY`."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            # The connection closed before the body was whole (its deadline passed): the
            # answer goes nowhere, and it is no error of the server's.
            raise Refusal(400, "the connection closed before the body was whole")
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY:
            raise Refusal(413, f"the body is over {MAX_BODY} bytes")
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


async def _send(send: Send, status: int, body: bytes, *, no_store: bool) -> None:
    headers = [(b"content-length", str(len(body)).encode()), _JSON]
    if no_store:
        headers.append(_NO_STORE)
    headers.extend(ANSWER_HEADERS)
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
