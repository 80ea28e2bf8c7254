"""docs/batch.md's example runs as pasted (the batch extra: numpy)."""

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
