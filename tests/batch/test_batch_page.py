"""docs/batch.md's examples run as pasted (the batch extra: numpy and numba)."""

from __future__ import annotations

import pytest

from tests.skips import extra_reason
from tests.test_doc_examples import run_page


def test_the_batch_pages_example_runs_as_pasted() -> None:
    pytest.importorskip("numpy", reason=extra_reason("numpy", "batch"))
    namespace = run_page("batch.md")
    tables = namespace["tables"]
    assert tables.n == 1000
    # After next_games every table is at its next game (or its sitting could not go on).
    assert not tables.over.all()
    # play: every game of the last deal played to its end by the bots named.
    matches = namespace["matches"]
    assert matches.over.all()
    assert matches.n == 300
    assert isinstance(namespace["edge"], float)
