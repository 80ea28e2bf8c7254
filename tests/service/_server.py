"""A real uvicorn server on 127.0.0.1 for the tests of what only a server bounds (a
request's deadline, a head's size, a websocket frame's), run in a thread of the test's
process, with the bounds of :func:`pokerlaws.service.bounds.server_settings` and a shorter
deadline where a test asks for one."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.skips import extra_reason

uvicorn = pytest.importorskip("uvicorn", reason=extra_reason("uvicorn", "service"))

from pokerlaws.service.bounds import BoundedH11, BoundedHttpTools, server_settings  # noqa: E402

PROTOCOLS = [
    pytest.param(BoundedH11, id="h11"),
    *([] if BoundedHttpTools is None else [pytest.param(BoundedHttpTools, id="httptools")]),
]
"""uvicorn's HTTP protocols as the bounds wrap them: h11 always, httptools where it is
installed (the service extra's server; no skip, for .ci/agents counts a skip a failure)."""

STARTUP = 30.0


@contextlib.contextmanager
def serving(
    app: Any, *, protocol: Any = None, request_seconds: float | None = None
) -> Iterator[int]:
    """Serve ``app`` on a free port of 127.0.0.1 while the ``with`` lasts; yield the port."""
    settings = server_settings()
    base = settings["http"] if protocol is None else protocol
    if request_seconds is not None:
        base = type(f"Quick{base.__name__}", (base,), {"request_seconds": request_seconds})
    settings["http"] = base
    config = uvicorn.Config(
        app, host="127.0.0.1", port=0, access_log=False, log_level="warning", **settings
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    waited = time.monotonic() + STARTUP
    while not server.started:
        assert thread.is_alive(), "the server did not start"
        assert time.monotonic() < waited, "the server did not start"
        time.sleep(0.02)
    port: int = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(STARTUP)
