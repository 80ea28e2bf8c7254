"""Skips that say what they wait for (issue 33, item 2): an extra, and the command that
installs it, or the server, and how to start it.

A test that needs an extra's package imports it with
``pytest.importorskip(module, reason=extra_reason(module, extra))``, so that ``-ra``'s list
tells a reader which extra he lacks and how to get it (tests/test_extras.py holds every call
to that). pytest.importorskip itself stays at each place, for ruff lets imports follow it.
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path

from pokerlaws._extras import checkout_command

ROOT = Path(__file__).resolve().parents[1]

POSTGRES_VARIABLE = "POKERLAWS_TEST_POSTGRES"
# The reason of a skip for want of PostgreSQL. Each test skips by itself (pytest.skip at its
# own line), so that -ra's list points at the test and not at a helper here.
POSTGRES_SKIP = (
    f"{POSTGRES_VARIABLE} not set: PostgreSQL, started by .ci/postgres "
    '(eval "$(bash .ci/postgres start)")'
)


@functools.cache
def declared_extras() -> frozenset[str]:
    """The extras pyproject.toml declares."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    return frozenset(project["optional-dependencies"])


def extra_reason(module: str, extra: str) -> str:
    """The reason of a skip for want of ``module``, which ``extra`` brings.

    Raises:
        ValueError: pyproject.toml declares no extra ``extra``.
    """
    if extra not in declared_extras():
        raise ValueError(f"pyproject.toml declares no extra {extra!r}")
    return f"cannot import {module}: needs the {extra} extra ({checkout_command(extra)})"
