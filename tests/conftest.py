"""Shared test configuration: the Hypothesis profiles, and slow tests kept out by default.

``dev`` (the default) is quick for the edit-test loop; ``ci`` extends Hypothesis' built-in CI
profile (derandomized, no database, no deadline) and is loaded when the ``CI`` variable is
set (CI services set it; run ``CI=true python -m pytest`` to try it). Tests marked ``slow``
run only when asked for with ``-m slow``.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

# States are reached by replaying legal actions (never built by hand), so drawing one is
# slow by nature, more so on a loaded machine: that is not a health problem.
_SLOW_BY_DESIGN = [HealthCheck.too_slow]
# No deadline in either: a deadline is a benchmark's job (STYLE.md), and on two loaded cores
# a state that replays in 0.1 s may take 0.3 s.
settings.register_profile(
    "dev", max_examples=25, deadline=None, suppress_health_check=_SLOW_BY_DESIGN
)
settings.register_profile(
    "ci",
    parent=settings.get_profile("ci"),
    max_examples=100,
    suppress_health_check=_SLOW_BY_DESIGN,
)
settings.load_profile("ci" if os.getenv("CI") else "dev")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip tests marked ``slow`` unless a marker expression was given (``-m slow``)."""
    if config.getoption("markexpr"):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow")
    for item in items:
        if item.get_closest_marker("slow"):
            item.add_marker(skip)
