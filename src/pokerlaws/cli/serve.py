"""``pokerlaws serve [--db URL] [--host 127.0.0.1] [--port 8000] [--workers N]``: the
table service.

Runs :func:`pokerlaws.service.create_app` with uvicorn over the store ``--db`` names
(default ``sqlite:///pokerlaws.db``, a file in the working directory). It needs the
``service`` extra (Starlette, uvicorn, psycopg); without it, one line names the extra and
how to install it, and the exit status is 2. The access log is off and every uvicorn log
line has its ``token=`` hidden (:class:`pokerlaws.service.HiddenTokens`), so that no log
holds a token. ``--workers N`` runs N server processes on the one port (uvicorn's), each
importing :mod:`pokerlaws.service._worker`; they share the store, which is why N > 1 wants
PostgreSQL (any worker may serve any sitting: the store's key decides a race).
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from typing import Any

from pokerlaws._extras import MissingExtra, needs_extra
from pokerlaws.cli.commands import DEFAULT_DB, add_serve_command, serve_arguments
from pokerlaws.cli.text import say

__all__ = ["DEFAULT_DB", "add_serve_command", "run_serve", "serve_main"]

MISSING = 2


def run_serve(args: argparse.Namespace, err: Any = None) -> int:
    """Run the service until interrupted; return the exit status."""
    err = sys.stderr if err is None else err
    try:
        # create_app imports Starlette (and psycopg for a PostgreSQL store) when called.
        with needs_extra("service", "pokerlaws serve"):
            import uvicorn

            from pokerlaws.service import HiddenTokens, create_app
            from pokerlaws.service.bounds import server_settings

            app = create_app(args.db)
    except MissingExtra as missing:
        say(err, str(missing))
        return MISSING
    except ValueError as error:
        say(err, f"pokerlaws serve: {error}")
        return MISSING
    if args.workers > 1:
        return _run_workers(args, app)
    hidden = HiddenTokens()
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(hidden)
    # The bounds of docs/service.md: a request's deadline, the head and message sizes.
    config = uvicorn.Config(
        app, host=args.host, port=args.port, access_log=False, **server_settings()
    )
    # uvicorn configures its loggers when it starts: the filter is put on its handlers too.
    server = uvicorn.Server(config)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        for handler in logging.getLogger(name).handlers:
            handler.addFilter(hidden)
    server.run()
    return 0


def _run_workers(args: argparse.Namespace, app: Any) -> int:
    """``--workers N``: N processes on one port, each its own service over the one store
    (the parent opened it once, to refuse a bad URL here rather than in every worker)."""
    import os

    import uvicorn

    from pokerlaws.service._worker import STORE_VARIABLE
    from pokerlaws.service.bounds import server_settings

    app.state.tables.store.close()
    os.environ[STORE_VARIABLE] = args.db
    uvicorn.run(
        "pokerlaws.service._worker:app",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        access_log=False,
        **server_settings(),
    )
    return 0


def serve_main(argv: Sequence[str] | None = None) -> int:
    """``python -m pokerlaws.service [--db URL] [--host H] [--port N]``."""
    parser = argparse.ArgumentParser(
        prog="python -m pokerlaws.service", description="Start the table service."
    )
    serve_arguments(parser)
    return run_serve(parser.parse_args(argv))
