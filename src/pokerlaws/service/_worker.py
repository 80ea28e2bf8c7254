"""The application of each worker of ``pokerlaws serve --workers N``: uvicorn starts a worker
process by importing :func:`app` (a factory), so the store's URL comes in the environment."""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.applications import Starlette

STORE_VARIABLE = "POKERLAWS_SERVE_STORE"
"""The environment variable that hands the store's URL to the workers."""


def app() -> Starlette:
    """The service over the store the parent named, token-hiding filters on the logs."""
    from pokerlaws.service import HiddenTokens, create_app

    hidden = HiddenTokens()
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(hidden)
        for handler in logging.getLogger(name).handlers:
            handler.addFilter(hidden)
    return create_app(os.environ[STORE_VARIABLE])
