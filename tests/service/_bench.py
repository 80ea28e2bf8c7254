"""benchmarks/bench_service.py loaded for the tests that run its quick checks."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.skips import extra_reason


def bench_service() -> ModuleType:
    """The harness, once the service extra and the app are importable (skipped otherwise)."""
    pytest.importorskip("httpx", reason=extra_reason("httpx", "service"))
    pytest.importorskip("uvicorn", reason=extra_reason("uvicorn", "service"))
    pytest.importorskip(
        "pokerlaws.service.app", reason=extra_reason("pokerlaws.service.app", "service")
    )
    path = Path(__file__).parents[2] / "benchmarks" / "bench_service.py"
    spec = importlib.util.spec_from_file_location("bench_service", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_service", module)
    spec.loader.exec_module(module)
    return module
