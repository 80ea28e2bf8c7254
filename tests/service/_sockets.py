"""Reading a test websocket without hanging the suite: a push that never comes fails the
test after a generous wait instead of blocking it for ever (no time is asserted)."""

from __future__ import annotations

import queue
import threading
from typing import Any

from starlette.testclient import WebSocketTestSession

PATIENCE = 30.0
"""Seconds to wait for a message before the test fails: far more than any push takes."""


def receive_json(socket: WebSocketTestSession, seconds: float = PATIENCE) -> Any:
    """``socket.receive_json()``, or an AssertionError if nothing comes in ``seconds``; a
    close (``WebSocketDisconnect``) is raised as it is."""
    box: queue.Queue[tuple[bool, Any]] = queue.Queue()

    def wait() -> None:
        try:
            box.put((True, socket.receive_json()))
        except BaseException as error:  # handed to the test's thread, which raises it
            box.put((False, error))

    threading.Thread(target=wait, daemon=True).start()
    try:
        received, value = box.get(timeout=seconds)
    except queue.Empty:
        raise AssertionError(f"nothing came over the websocket in {seconds} s") from None
    if not received:
        raise value
    return value
