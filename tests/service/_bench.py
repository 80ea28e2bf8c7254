"""benchmarks/bench_service.py loaded for the tests that run its quick checks."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest


def bench_service() -> ModuleType:
    """The harness, once the service extra and the app are importable (skipped otherwise)."""
    pytest.importorskip("httpx")
    pytest.importorskip("uvicorn")
    pytest.importorskip("pokerlaws.service.app")
    path = Path(__file__).parents[2] / "benchmarks" / "bench_service.py"
    spec = importlib.util.spec_from_file_location("bench_service", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_service", module)
    spec.loader.exec_module(module)
    return module
