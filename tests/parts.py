"""Long Hypothesis runs cut into parts, so that pytest-xdist spreads them over the cores.

A slow property of 3,000 examples run as one test keeps one worker busy for minutes while
the others finish and wait; run as parts of 500, each with its own seed, the same number of
examples is spread over every worker, and a failure names its part (the seed replays it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given, seed, settings
from hypothesis.strategies import SearchStrategy


def run_part(
    body: Callable[..., None],
    strategies: tuple[SearchStrategy[Any], ...],
    *,
    part: int,
    examples: int,
    base: settings,
) -> None:
    """Run ``body`` as a Hypothesis test over ``strategies`` for ``examples`` examples, with
    seed ``part``: parts of one property draw different examples, whatever the profile
    (a seed overrides the ci profile's derandomize), and each part replays alike."""
    test = seed(part)(settings(base, max_examples=examples)(given(*strategies)(body)))
    test()
