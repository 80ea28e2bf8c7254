"""docs/service.md's example runs as pasted (it needs the service extra)."""

from __future__ import annotations

import pytest

from tests.skips import extra_reason
from tests.test_doc_examples import needs_extra, run_page


def test_the_service_page_s_example_runs_as_pasted() -> None:
    pytest.importorskip("starlette", reason=extra_reason("starlette", "service"))
    pytest.importorskip("httpx", reason=extra_reason("httpx", "service"))
    namespace = run_page("service.md", lambda code: needs_extra(code) == "service")
    assert namespace["seen"]["view"]["seat"] == 0
