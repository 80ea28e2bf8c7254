"""Shared test configuration: the Hypothesis profiles.

``dev`` (the default) is quick for the edit-test loop; ``ci`` extends Hypothesis' built-in CI
profile (derandomized, no database, no deadline) and is loaded when the ``CI`` variable is
set (CI services set it; run ``CI=true python -m pytest`` to try it).
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("dev", max_examples=25)
settings.register_profile("ci", parent=settings.get_profile("ci"), max_examples=100)
settings.load_profile("ci" if os.getenv("CI") else "dev")
