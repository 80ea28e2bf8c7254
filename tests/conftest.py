"""Shared test configuration: the Hypothesis profiles, and slow tests kept out by default.

``dev`` (the default) is quick, for the edit-test loop and for any machine, a loaded one
included: 10 examples a test (the README's command must pass in three minutes on a loaded
two-core machine; the ``ci`` profile and the slow suite are where properties run long).
``ci`` extends Hypothesis' built-in CI profile (derandomized, no database) to 50 examples
a test (five times ``dev``; derandomized, so every CI run draws the same ones: the long,
seeded runs that explore are the slow suite's, and at 100 this step alone was 10 of CI's 35
minutes); it is loaded when the ``CI`` variable is set (CI
services set it, and so does ``.ci/run``; run ``CI=true python -m pytest`` to try it).

``games`` is the loaded profile with fewer examples, for the tests whose every example plays
games action by action (tens of milliseconds an example, several times that on a loaded
machine): 4 under ``dev``, 25 under ``ci``. Such a test is decorated with
``settings.get_profile("games")``, and budgets derived from it scale with it.

No profile has a deadline: how long an example takes is a benchmark's business
(``benchmarks/``), not a test's, and a deadline fails on a slow or loaded machine what passes
on a fast one. For the same reason the one timing health check, ``too_slow``, is suppressed:
states are reached by replaying legal actions (never built by hand), so drawing one is slow
by nature. The other health checks stand.

Tests marked ``slow`` (the reference over every hand, the million-action fuzz runs, the
larger shrinks, the reference checks of each variant alone) run only when asked for with
``-m slow``: ``python -m pytest -m slow``, as ``.ci/run`` does after the default suite.
README.md ("Run the tests") gives the times measured; ``.ci/run`` prints each step's.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

_SLOW_BY_DESIGN = [HealthCheck.too_slow]
settings.register_profile(
    "dev", max_examples=10, deadline=None, suppress_health_check=_SLOW_BY_DESIGN
)
settings.register_profile(
    "ci",
    parent=settings.get_profile("ci"),
    max_examples=50,
    deadline=None,
    suppress_health_check=_SLOW_BY_DESIGN,
)
_PROFILE = "ci" if os.getenv("CI") else "dev"
settings.load_profile(_PROFILE)
settings.register_profile(
    "games", parent=settings.get_profile(_PROFILE), max_examples=25 if _PROFILE == "ci" else 4
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip tests marked ``slow`` unless a marker expression was given (``-m slow``)."""
    if config.getoption("markexpr"):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow")
    for item in items:
        if item.get_closest_marker("slow"):
            item.add_marker(skip)
