"""No token in the logs of a ``pokerlaws serve --workers N`` worker (docs/service.md,
"Nobody in another's seat"), even at uvicorn's trace level, where uvicorn logs each ASGI
scope, query string included, through a logger of its own ("uvicorn.asgi") that only the
filter on uvicorn's handlers reaches.

The worker's application is loaded as uvicorn loads it in each worker process (the factory
``pokerlaws.service._worker:app``, after uvicorn has configured its logging), in this
process, so that a test run of mutmut sees it; and a websocket's opening is sent through it.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokerlaws.service import HiddenTokens
from pokerlaws.service._worker import STORE_VARIABLE
from tests.skips import extra_reason

pytest.importorskip("starlette", reason=extra_reason("starlette", "service"))
uvicorn = pytest.importorskip("uvicorn", reason=extra_reason("uvicorn", "service"))

_LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi")
SECRET = "Zq3secretTOKENvalue"


@pytest.fixture
def uvicorn_logging() -> Iterator[None]:
    """uvicorn's loggers put back as they were: the worker adds filters to them."""
    kept = {
        name: (logger.level, logger.propagate, list(logger.handlers), list(logger.filters))
        for name in _LOGGERS
        for logger in [logging.getLogger(name)]
    }
    try:
        yield
    finally:
        for name, (level, propagate, handlers, filters) in kept.items():
            logger = logging.getLogger(name)
            logger.setLevel(level)
            logger.propagate = propagate
            logger.handlers[:] = handlers
            logger.filters[:] = filters


def _open_socket(app: Any, path: str, query: bytes) -> list[Any]:
    """The messages ``app`` sends for one websocket opening (the peer then leaves)."""
    scope = {
        "type": "websocket",
        "asgi": {"version": "3.0"},
        "scheme": "ws",
        "http_version": "1.1",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query,
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1:8000")],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
        "subprotocols": [],
        "state": {},
    }
    incoming = [{"type": "websocket.connect"}, {"type": "websocket.disconnect", "code": 1000}]
    sent: list[Any] = []

    async def receive() -> Any:
        return incoming.pop(0) if incoming else {"type": "websocket.disconnect", "code": 1000}

    async def send(message: Any) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    return sent


@pytest.mark.usefixtures("uvicorn_logging")
def test_a_worker_logs_no_token_even_at_uvicorn_s_trace_level(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Mutant killed: ``for handler in logging.getLogger(name).handlers`` turned
    ``logging.getLogger(None).handlers`` in ``_worker.app`` (the filter then sits on the
    root logger's handlers, and uvicorn's own handler writes the trace lines' tokens)."""
    monkeypatch.setenv(STORE_VARIABLE, f"sqlite:///{tmp_path / 'sittings.db'}")
    config = uvicorn.Config(
        "pokerlaws.service._worker:app", factory=True, log_level="trace", access_log=False
    )
    config.load()
    written = io.StringIO()
    for name in _LOGGERS:
        for handler in logging.getLogger(name).handlers:
            assert isinstance(handler, logging.StreamHandler)
            handler.setStream(written)
    sent = _open_socket(config.loaded_app, "/sittings/nosuch/ws", f"token={SECRET}".encode())
    assert sent == [{"type": "websocket.close", "code": 1008, "reason": ""}]
    text = written.getvalue()
    assert "token=[hidden]" in text  # the trace line of the scope was written
    assert SECRET not in text


def test_hidden_tokens_hides_them_in_every_kind_of_argument() -> None:
    """What the filter leaves of a line: the same text, less each token's value."""
    hidden = HiddenTokens()
    cases: list[tuple[str, Any]] = [
        ('%s - "WebSocket %s" [accepted]', ("1.2.3.4:5", "/s/x/ws?token=abc&n=1")),
        ("scope=%s", ({"query_string": b"token=abc", "n": 3},)),
        ("%(path)s at %(n)d", {"path": "/ws?token=abc", "n": 4}),
        ("GET /ws?token=abc %d %s", (7, None)),
        ("%r and %s", (b"token=abc", ["token=abc"])),
    ]
    for message, args in cases:
        record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, message, args, None)
        plain = record.getMessage()
        assert hidden.filter(record)
        assert "abc" in plain
        assert record.getMessage() == plain.replace("abc", "[hidden]")
