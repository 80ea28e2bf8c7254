"""The table service: sittings hosted for players who connect from browsers or programs
(the ``service`` extra: Starlette, uvicorn, psycopg).

``create_app(store_or_url)`` is the Starlette application over a store
(:mod:`pokerlaws.service.store`: SQLite in a file, or PostgreSQL shared by several server
processes); ``pokerlaws serve`` runs it with uvicorn. The service holds no rule of its own:
every action goes through ``pokerlaws.play``, every answer is a library document or a
refusal ``{"law": ..., "message": ...}`` (``docs/service.md``). The modules:
:mod:`~pokerlaws.service.sittings` (events, replay, tokens), :mod:`~pokerlaws.service.app`
(the routes), :mod:`~pokerlaws.service.pages` (the lobby and the table pages).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.applications import Starlette

    from pokerlaws.service.store import Store

__all__ = ["HiddenTokens", "create_app"]


def create_app(store: Store | str, *, poll: float = 1.0) -> Starlette:
    """The table service's Starlette application over ``store``.

    Args:
        store: a :class:`~pokerlaws.service.store.Store`, or a store URL for
            :func:`~pokerlaws.service.store.open_store` (``sqlite:///path.db``,
            ``sqlite://:memory:``, ``postgresql://...``).
        poll: how often (seconds) the process looks for events another server process
            appended to the sittings it has websockets of (one look for all of them; a
            PostgreSQL store tells of each event at once, and then it looks every 30 s).

    Raises:
        ValueError: a URL of an unknown scheme (``open_store`` names it).
    """
    from pokerlaws.service.app import build_app
    from pokerlaws.service.tables import Tables

    if isinstance(store, str):
        from pokerlaws.service.store import open_store

        store = open_store(store)
    return build_app(Tables(store), poll=poll)


_TOKEN = re.compile(r"(token=)[^&\s\"']*")


class _Shown:
    """An argument of a log line shown as its text and repr less their tokens: ``%s`` and
    ``%r`` of it write what they would have written of the argument, less the tokens."""

    __slots__ = ("_repr", "_text")

    def __init__(self, text: str, shown: str) -> None:
        self._text, self._repr = text, shown

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return self._repr


def _hidden(value: object) -> object:
    """``value`` with any ``token=...`` in its text hidden: a str rewritten; a number or
    None as it is; anything else (uvicorn's trace lines log the ASGI scope, a dict whose
    query string is bytes) shown less its tokens if its text or repr holds one."""
    if isinstance(value, str):
        return _TOKEN.sub(r"\1[hidden]", value)
    if value is None or isinstance(value, int | float):
        return value
    try:
        text, shown = str(value), repr(value)
    except Exception:  # logging reports it when it formats the line; a filter must not raise
        return value
    if not (_TOKEN.search(text) or _TOKEN.search(shown)):
        return value
    return _Shown(_TOKEN.sub(r"\1[hidden]", text), _TOKEN.sub(r"\1[hidden]", shown))


class HiddenTokens(logging.Filter):
    """A logging filter that writes ``token=...`` in any logged text as ``token=[hidden]``.

    A browser gives a websocket no headers, so its token travels in the query
    (``/sittings/ID/ws?token=...``), and uvicorn logs the path of every websocket it
    accepts (and, at its trace level, each ASGI scope with its query string); ``pokerlaws
    serve`` puts this filter on uvicorn's loggers and their handlers (and turns the access
    log off), so that no log holds a token.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, Mapping):  # "%(name)s" placeholders
            record.args = {key: _hidden(value) for key, value in record.args.items()}
        elif record.args:
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            record.args = tuple(_hidden(arg) for arg in args)
        if isinstance(record.msg, str):
            record.msg = _TOKEN.sub(r"\1[hidden]", record.msg)
        return True
